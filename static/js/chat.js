// The panels beside the board (games/_chat.html): messages and the rematch offer arrive on the
// game's websocket wrapped in <template data-page-push>; they are placed here by their id, not
// by htmx, so that board.js (which holds back board updates while a move is under way) never
// sees them, and so that a message already shown (the answer to one's own post) is not doubled.
(function () {
  "use strict";

  function scrollDown() {
    var list = document.getElementById("chat-messages");
    if (list) {
      list.scrollTop = list.scrollHeight;
    }
  }

  function place(element) {
    var shown = element.id ? document.getElementById(element.id) : null;
    if (element.hasAttribute("data-removed")) {
      if (shown) {
        shown.remove();
      }
    } else if (shown) {
      shown.replaceWith(element);
      htmx.process(element);
    } else if (element.tagName === "LI") {
      var list = document.getElementById("chat-messages");
      if (list) {
        var atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
        list.appendChild(element);
        htmx.process(element);
        if (atBottom) {
          scrollDown();
        }
      }
    }
  }

  function onMessage(event) {
    var text = event.detail.message || "";
    if (text.trim().indexOf("<template data-page-push") !== 0) {
      return; // a board or a table: board.js and htmx handle it
    }
    event.preventDefault();
    event.stopPropagation();
    var holder = document.createElement("div");
    holder.innerHTML = text;
    var template = holder.querySelector("template");
    Array.prototype.slice.call(template.content.children).forEach(place);
  }

  // Enter sends, Shift+Enter starts a new line.
  document.addEventListener("keydown", function (event) {
    if (event.target.id === "chat-text" && event.key === "Enter" && !event.shiftKey &&
        !event.isComposing) {
      event.preventDefault();
      if (event.target.value.trim()) {
        htmx.trigger(event.target.form, "submit");
      }
    }
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "chat") {
      scrollDown();
      var field = document.getElementById("chat-text");
      if (field && !field.value) {
        field.focus();
      }
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    // On the element that holds the websocket: before board.js's listener on the document.
    var socket = document.querySelector("[ws-connect]");
    if (socket) {
      socket.addEventListener("htmx:wsBeforeMessage", onMessage);
    }
    scrollDown();
  });
})();
