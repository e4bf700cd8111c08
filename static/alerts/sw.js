// The site's service worker (served at /sw.js, scope "/"): it shows the turn alerts that Web
// Push brings and opens the game's board when one is clicked. It caches nothing: every page
// is the server's, as it is without it.
"use strict";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let alert = {};
  try {
    alert = event.data ? event.data.json() : {};
  } catch (error) {
    alert = {};
  }
  const title = alert.title || "Jackal Online";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: alert.body || "",
      icon: "/static/alerts/icon-192.png",
      badge: "/static/alerts/icon-192.png",
      // One notification per game: a newer alert replaces the older one.
      tag: alert.game ? `game-${alert.game}` : "jackal",
      renotify: true,
      data: { url: alert.url || "/" },
    })
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data.url || "/", self.location.origin);
  // Only the site's own pages are opened: a push names its board by its path.
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((pages) => {
      for (const page of pages) {
        if (page.url === url && "focus" in page) return page.focus();
      }
      return self.clients.openWindow(url);
    })
  );
});
