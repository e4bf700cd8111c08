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

  // What a swap must not take from the player: the move half typed in the notation box (its text,
  // focus and selection) and how far the island is scrolled (on a phone it is wider than the
  // screen). Taken just before a swap, given back to the new elements just after.
  var kept = null;

  function keep() {
    var box = document.getElementById("notation");
    var scroller = document.querySelector("#board .board-scroll");
    kept = {
      box: box ? {
        value: box.value,
        focused: document.activeElement === box,
        start: box.selectionStart,
        end: box.selectionEnd
      } : null,
      scroll: scroller ? [scroller.scrollLeft, scroller.scrollTop] : null
    };
  }

  function giveBack(withBox) {
    if (kept === null) {
      return;
    }
    var box = document.getElementById("notation");
    var scroller = document.querySelector("#board .board-scroll");
    if (withBox && box && kept.box) {
      box.value = kept.box.value;
      if (kept.box.focused) {
        box.focus();
        box.setSelectionRange(kept.box.start, kept.box.end);
      }
    }
    if (scroller && kept.scroll) {
      scroller.scrollLeft = kept.scroll[0];
      scroller.scrollTop = kept.scroll[1];
    }
    kept = null;
  }

  function fromNotationForm(event) {
    var config = event.detail.requestConfig;
    var elt = config && config.elt;
    return elt !== null && elt !== undefined && elt.closest &&
      elt.closest(".notation-form") !== null;
  }

  // The whole board (#board) or its island and move panel (#move-form, when selecting a piece).
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (target && (target.id === "board" || target.id === "move-form")) {
      if (isOlder(event.detail.serverResponse)) {
        event.detail.shouldSwap = false;
      } else {
        keep();
        // The notation form's own answer says what the box holds: empty once the move is
        // played, the text again when it is refused. Any other answer keeps what is typed.
        kept.keepBox = !fromNotationForm(event);
      }
    }
  });

  document.addEventListener("htmx:afterSwap", function () {
    giveBack(kept !== null && kept.keepBox);
  });

  // Live updates (websocket messages, and one that waited for this page's request) swap #board
  // out of band.
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var target = event.detail.target;
    if (target && target.id === "board") {
      keep();
    }
  });

  document.addEventListener("htmx:oobAfterSwap", function () {
    giveBack(true);
  });

  // On a phone the island is wider than the screen: start with its middle in view.
  function centreIsland() {
    var scroller = document.querySelector("#board .board-scroll");
    if (scroller && scroller.scrollWidth > scroller.clientWidth) {
      scroller.scrollLeft = (scroller.scrollWidth - scroller.clientWidth) / 2;
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", centreIsland);
  } else {
    centreIsland();
  }

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
