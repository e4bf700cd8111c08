// The header's "Your turn (N)" and the tab title's "(N)" stay true while the page is open: the
// player's own socket (/ws/me/, games/live/player_socket.py) sends the count whenever one of their
// games changes. Without JavaScript the page shows the count of its render.
(function () {
  "use strict";
  var delay = 1000; // reconnection back-off, doubled up to a minute

  function show(count, words) {
    var item = document.querySelector(".my-turn-item");
    var link = item && item.querySelector(".my-turn-count");
    if (item && link) {
      link.textContent = words;
      item.hidden = !count;
    }
    var title = document.title.replace(/^\(\d+\) /, "");
    document.title = count ? "(" + count + ") " + title : title;
  }

  function connect() {
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + window.location.host + "/ws/me/");
    socket.addEventListener("open", function () {
      delay = 1000;
    });
    socket.addEventListener("message", function (event) {
      var data = JSON.parse(event.data);
      show(data.my_turn, data.words);
    });
    socket.addEventListener("close", function (event) {
      if (event.code === 4401) {
        return; // signed out: nothing to count
      }
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 60000);
    });
  }

  connect();
})();
