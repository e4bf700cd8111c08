// Copy buttons (data-copy="<input id>"): hidden in the HTML, so that without JavaScript the page
// shows only the read-only field, whose text is selected and copied by hand.
(function () {
  "use strict";

  function say(button, text) {
    var status = button.closest("p, div").querySelector(".copy-status");
    if (status) {
      status.textContent = text;
    }
  }

  function copy(button) {
    var field = document.getElementById(button.getAttribute("data-copy"));
    if (!field) {
      return;
    }
    field.select();
    var done = function () { say(button, button.getAttribute("data-copied")); };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value).then(done, function () {
        // Refused (permissions): the text stays selected for Ctrl+C.
        document.execCommand("copy") && done();
      });
    } else if (document.execCommand("copy")) {
      done();
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("button[data-copy]").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () { copy(button); });
    });
  });
})();
