// The replay viewer's keyboard and slider. Without this file every control still works: the
// buttons and move list are links (?ply=N) and the slider is a GET form with a Go button.
// ← → step one move, Home / End go to the start / the end; the links they follow carry htmx
// attributes, so a click swaps only the #replay partial.
(function () {
  "use strict";

  var KEYS = { ArrowLeft: "replay-prev", ArrowRight: "replay-next", Home: "replay-first", End: "replay-last" };

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var target = event.target;
    // Keys typed into a field belong to that field (the slider moves itself with arrows).
    if (target && target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
    var id = KEYS[event.key];
    if (!id) return;
    var link = document.getElementById(id);
    event.preventDefault();
    if (!link) return;
    // htmx takes over swapped-in links only when the swap settles (~20 ms later). A held key
    // repeats faster than that, and a click on a link htmx has not taken over yet is a full page
    // load: hand the link to htmx first (doing it twice is harmless).
    if (window.htmx) window.htmx.process(link);
    link.click();
  });

  document.addEventListener("input", function (event) {
    if (event.target.id !== "replay-ply") return;
    var output = event.target.form.querySelector("output");
    if (output) output.textContent = event.target.value;
  });

  document.addEventListener("change", function (event) {
    if (event.target.id !== "replay-ply") return;
    var form = event.target.form;
    if (form.requestSubmit) form.requestSubmit(); else form.submit();
  });

  // Keep the current move in sight in the move list after each swap.
  function showCurrent() {
    var current = document.querySelector(".replay-moves .current");
    if (current && current.scrollIntoView) current.scrollIntoView({ block: "nearest" });
  }
  document.addEventListener("htmx:afterSwap", showCurrent);
  document.addEventListener("DOMContentLoaded", showCurrent);
})();
