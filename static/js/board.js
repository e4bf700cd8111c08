// The board is updated two ways: answers to this page's own requests (a move, a selection) and
// websocket messages (any move). They can cross; this keeps the page on the newest board:
// - an older board (lower data-ply) never replaces a newer one;
// - a websocket message that brings nothing new (same ply and game state, e.g. the echo of the
//   move this page just made) is ignored, so it does not wipe the notice or the selection;
// - a websocket message that comes while this page waits for its own answer waits too: swapping
//   it in would detach the form that asked, and htmx would drop the answer (and its notice).
(function () {
  "use strict";

  var waiting = null;

  function shown(name) {
    var board = document.getElementById("board");
    return board ? board.getAttribute(name) : null;
  }

  function found(html, name) {
    var match = new RegExp(name + '="([^"]*)"').exec(html || "");
    return match ? match[1] : null;
  }

  function isOlder(html) {
    var ply = found(html, "data-ply");
    return ply !== null && Number(ply) < Number(shown("data-ply"));
  }

  function isSame(html) {
    return found(html, "data-ply") === shown("data-ply") &&
      found(html, "data-state") === shown("data-state");
  }

  function requestUnderWay() {
    return document.querySelector("#board ." + htmx.config.requestClass) !== null;
  }

  function swapWaiting() {
    if (waiting === null) {
      return;
    }
    if (requestUnderWay()) {
      setTimeout(swapWaiting, 100);
      return;
    }
    var html = waiting;
    waiting = null;
    if (!isOlder(html) && !isSame(html)) {
      htmx.swap("#board", html, { swapStyle: "none" }); // the board swaps in out of band
    }
  }

  // The whole board (#board) or its island and move panel (#move-form, when selecting a piece).
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (target && (target.id === "board" || target.id === "move-form") &&
        isOlder(event.detail.serverResponse)) {
      event.detail.shouldSwap = false;
    }
  });

  // A board that arrived by websocket (another player's move) is announced to screen readers:
  // the whole board is swapped, so a live region inside it would not be.
  document.addEventListener("htmx:wsAfterMessage", function () {
    var announcer = document.getElementById("board-announcer");
    var status = document.getElementById("board-status");
    if (announcer && status) {
      announcer.textContent = status.textContent;
    }
  });

  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    var html = event.detail.message;
    if (isOlder(html) || isSame(html)) {
      event.preventDefault();
    } else if (requestUnderWay()) {
      event.preventDefault();
      waiting = html; // messages come in order: the last one is the newest
      setTimeout(swapWaiting, 100);
    }
  });
})();
