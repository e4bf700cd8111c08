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

  // The zoom (issue 43). The whole board fits the screen, where a phone's squares are ~24 px: too
  // small for a finger. A tap (or click) on a spot smaller than FINGER does not play: it zooms in
  // around the tap, just enough for the spots to be FINGER wide, and the next tap plays. The
  // buttons under the board set the zoom too. Zoomed, the picture grows inside the board's box
  // (board.css), which pans; the zoom and the view stay through every swap of the board.
  var FINGER = 44;
  var ZOOMS = [1, 2, 3, 4];
  var zoom = 1;

  function boardBox() {
    return document.querySelector("#board .board-scroll");
  }

  function showZoom() {
    var box = boardBox();
    var buttons = document.querySelector("#board .board-zoom");
    if (!box) {
      return;
    }
    box.style.setProperty("--zoom", String(zoom));
    box.setAttribute("data-zoom", String(zoom));
    if (buttons) {
      buttons.hidden = false;
      buttons.querySelectorAll("button[data-zoom]").forEach(function (button) {
        button.setAttribute("aria-pressed", String(Number(button.dataset.zoom) === zoom));
      });
    }
  }

  // Zoom to `level`, keeping the point of the picture at (x, y) on the screen where it is.
  function zoomAround(level, x, y) {
    var box = boardBox();
    var picture = box.firstElementChild.getBoundingClientRect();
    var frame = box.getBoundingClientRect();
    var across = (x - picture.left) / picture.width;
    var down = (y - picture.top) / picture.height;
    zoom = level;
    showZoom();
    var grown = box.firstElementChild.getBoundingClientRect();
    box.scrollLeft = across * grown.width - (x - frame.left);
    box.scrollTop = down * grown.height - (y - frame.top);
  }

  function centreOf(element) {
    var rect = element.getBoundingClientRect();
    return [rect.left + rect.width / 2, rect.top + rect.height / 2];
  }

  // The selected piece (else the first target) in view: a selection never leaves the player
  // looking at another part of the island.
  function keepSelectionInView() {
    var box = boardBox();
    var spot = box && (box.querySelector(".spot.piece.selected") || box.querySelector(".spot.target"));
    if (!spot || zoom === 1) {
      return;
    }
    var frame = box.getBoundingClientRect();
    var rect = spot.getBoundingClientRect();
    if (rect.left < frame.left || rect.right > frame.right) {
      box.scrollLeft += rect.left + rect.width / 2 - (frame.left + frame.width / 2);
    }
    if (rect.top < frame.top || rect.bottom > frame.bottom) {
      box.scrollTop += rect.top + rect.height / 2 - (frame.top + frame.height / 2);
    }
  }

  // On a phone the move panel sticks to the bottom of the screen (board.css); it takes no more
  // than the room under the board, so that it never covers the island (a long list of moves
  // scrolls inside it).
  function fitPanel() {
    var panel = document.querySelector("#board .move-panel");
    if (!panel) {
      return;
    }
    if (getComputedStyle(panel).position !== "sticky") {
      panel.style.maxHeight = ""; // beside the board (a desktop) the panel takes what it needs
      return;
    }
    var above = panel.previousElementSibling.getBoundingClientRect().bottom + window.scrollY;
    var room = Math.max(window.innerHeight - above - 8, 144); // at least the prompt and a row
    panel.style.maxHeight = Math.floor(room) + "px";
  }

  function showBoard() {
    showZoom();
    fitPanel();
  }

  window.addEventListener("resize", fitPanel);

  document.addEventListener("click", function (event) {
    var target = event.target;
    var button = target.closest && target.closest("#board .board-zoom button[data-zoom]");
    if (button) {
      var box = boardBox();
      var selected = box.querySelector(".spot.piece.selected");
      var around = selected ? centreOf(selected) : centreOf(box);
      zoomAround(Number(button.dataset.zoom), around[0], around[1]);
      keepSelectionInView();
      return;
    }
    var spot = target.closest && target.closest("#board .board-overlay .spot");
    // event.detail is 0 for a key (Enter, Space): a keyboard needs no finger-sized target.
    if (!spot || event.detail === 0) {
      return;
    }
    var rect = spot.getBoundingClientRect();
    var side = Math.min(rect.width, rect.height);
    if (side >= FINGER) {
      return;
    }
    var level = ZOOMS.filter(function (each) {
      return each > zoom && side * each / zoom >= FINGER;
    })[0] || ZOOMS[ZOOMS.length - 1];
    if (level === zoom) {
      return; // as far in as it goes: the tap plays
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    zoomAround(level, event.clientX, event.clientY);
  }, true);

  // What a swap must not take from the player: the move half typed in the notation box (its text,
  // focus and selection), the zoom and which part of the island is in view. Taken just before a
  // swap, given back to the new elements just after.
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
    showBoard();
    if (scroller && kept.scroll) {
      scroller.scrollLeft = kept.scroll[0];
      scroller.scrollTop = kept.scroll[1];
    }
    keepSelectionInView();
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

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", showBoard);
  } else {
    showBoard();
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
