// The table form: the "Players" choices follow the rules chosen, in that game's words (two Jackal
// players command two crews each, two Archipelago players one crew each; five and six players
// are Jamaica's), and the series option shows for Archipelago only. Without this script the page
// still works: the server words the choices for the rules it was opened with.
(function () {
  "use strict";

  function setUp() {
    var data = document.getElementById("setup-words");
    var rules = document.getElementById("id_ruleset");
    var setup = document.getElementById("id_setup");
    if (!data || !rules || !setup) {
      return;
    }
    var words = JSON.parse(data.textContent);
    var series = document.getElementById("id_series");
    var seriesField = series && series.closest(".field");

    function follow() {
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
      if (seriesField) {
        seriesField.hidden = rules.value !== "archipelago";
        if (seriesField.hidden) {
          series.checked = false;
        }
      }
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
