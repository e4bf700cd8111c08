// The waiting table follows its websocket: seats swap in as they are taken (htmx, out of band);
// when the game starts the swapped part carries data-go, the board's address, and we go there.
(function () {
  "use strict";

  document.addEventListener("htmx:wsAfterMessage", function () {
    var seats = document.getElementById("table-seats");
    var go = seats && seats.getAttribute("data-go");
    if (go) {
      window.location.assign(go);
    }
  });
})();
