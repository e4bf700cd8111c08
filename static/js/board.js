// An HTTP answer and a websocket message can cross on the way: never let an older board
// (lower data-ply) replace the newer one on the page.
(function () {
  "use strict";

  function shownPly() {
    var board = document.getElementById("board");
    return board ? Number(board.getAttribute("data-ply")) : -1;
  }

  function plyOf(html) {
    var match = /data-ply="(\d+)"/.exec(html || "");
    return match ? Number(match[1]) : null;
  }

  function isOlder(html) {
    var ply = plyOf(html);
    return ply !== null && ply < shownPly();
  }

  // The whole board (#board) or its island and move panel (#move-form, when selecting a piece).
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (target && (target.id === "board" || target.id === "move-form") &&
        isOlder(event.detail.serverResponse)) {
      event.detail.shouldSwap = false;
    }
  });

  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    if (isOlder(event.detail.message)) {
      event.preventDefault();
    }
  });
})();
