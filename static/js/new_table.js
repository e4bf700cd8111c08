// The table form follows the rules chosen:
// - the "Players" choices, in that game's words (two Jackal players command two crews each, two
//   Archipelago players one crew each; five and six players are Jamaica's);
// - the series option, shown for Archipelago only;
// - the answers to a timeout: the select carries, for each ruleset, the answers its game can
//   honour (data-offered, from games.views.lobby.NewTableForm); the others are hidden and disabled.
// Without this script the page still works: the server words the choices for the rules it was
// opened with, and refuses an answer the rules cannot honour with an error beside the field.
(function () {
  "use strict";

  function setUp() {
    var rules = document.getElementById("id_ruleset");
    if (!rules) {
      return;
    }
    var data = document.getElementById("setup-words");
    var setup = document.getElementById("id_setup");
    var words = data ? JSON.parse(data.textContent) : null;
    var series = document.getElementById("id_series");
    var seriesField = series && series.closest(".field");
    var policy = document.getElementById("id_timeout_policy");
    var offered = policy ? JSON.parse(policy.getAttribute("data-offered") || "{}") : {};

    function followSetup() {
      if (!words || !setup) {
        return;
      }
      var choices = words[rules.value] || [];
      var kept = setup.value;
      setup.textContent = "";
      choices.forEach(function (choice) {
        var option = document.createElement("option");
        option.value = choice[0];
        option.textContent = choice[1];
        setup.appendChild(option);
      });
      if (choices.some(function (choice) { return choice[0] === kept; })) {
        setup.value = kept;
      }
    }

    function followSeries() {
      if (seriesField) {
        seriesField.hidden = rules.value !== "archipelago";
        if (seriesField.hidden) {
          series.checked = false;
        }
      }
    }

    function followPolicy() {
      if (!policy) {
        return;
      }
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

    function follow() {
      followSetup();
      followSeries();
      followPolicy();
    }

    rules.addEventListener("change", follow);
    follow();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setUp);
  } else {
    setUp();
  }
})();
