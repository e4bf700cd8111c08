// Counts down the running clocks (<span class="clock" data-running="1" data-seconds="...">). The
// server wrote the time left in words; this only keeps it moving between page loads, with the
// words the server gave (data-words), so it says the same thing in the same language.
(function () {
  "use strict";

  var started = Date.now();

  function fill(template, values) {
    return template.replace(/%\((\w+)\)d/g, function (_all, name) { return String(values[name]); });
  }

  // The form of "%(n)d days" for n in the page's language (the server gave one per category).
  function dayWords(n, words) {
    var category = "other";
    if (window.Intl && Intl.PluralRules) {
      category = new Intl.PluralRules(document.documentElement.lang || "en").select(n);
    } else if (n === 1) {
      category = "one";
    }
    return words.days[category] || words.days.other;
  }

  function inWords(seconds, words) {
    if (seconds <= 0) {
      return words.up;
    }
    var minutes = Math.floor(seconds / 60);
    var days = Math.floor(minutes / 1440);
    var hours = Math.floor((minutes % 1440) / 60);
    minutes = minutes % 60;
    if (days) {
      var text = fill(dayWords(days, words), { n: days });
      return hours ? text + " " + fill(words.h, { n: hours }) : text;
    }
    if (hours) {
      return fill(words.hm, { h: hours, m: minutes });
    }
    return fill(words.min, { n: Math.max(minutes, 1) });
  }

  function tick() {
    var elapsed = Math.floor((Date.now() - started) / 1000);
    document.querySelectorAll('.clock[data-running="1"]').forEach(function (clock) {
      var words;
      try {
        words = JSON.parse(clock.getAttribute("data-words"));
      } catch (error) {
        return;
      }
      if (!clock.hasAttribute("data-start")) {
        // A clock swapped in later (htmx, a live update) counts from when it arrived.
        clock.setAttribute("data-start", String(elapsed));
      }
      var left = Number(clock.getAttribute("data-seconds")) -
        (elapsed - Number(clock.getAttribute("data-start")));
      clock.textContent = inWords(left, words);
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    tick();
    window.setInterval(tick, 15000);
  });
})();
