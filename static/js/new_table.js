// The answers to a timeout follow the rules chosen: the select carries, for each ruleset, the
// answers its game can honour (data-offered, from games.views.lobby.NewTableForm), and the others
// are hidden and disabled. Without this script every answer shows, and the form refuses the ones
// the rules cannot honour with an error beside the field.
(function () {
  "use strict";

  var policy = document.getElementById("id_timeout_policy");
  var rules = document.getElementById("id_ruleset");
  if (!policy || !rules) {
    return;
  }
  var offered = JSON.parse(policy.getAttribute("data-offered") || "{}");

  function follow() {
    var allowed = offered[rules.value];
    Array.prototype.forEach.call(policy.options, function (option) {
      var ok = !option.value || !allowed || allowed.indexOf(option.value) >= 0;
      option.disabled = !ok;
      option.hidden = !ok;
      if (!ok && option.selected) {
        policy.value = "";
      }
    });
  }

  rules.addEventListener("change", follow);
  follow();
})();
