// Settings → Alerts: turn Web Push on for this browser. Registers the service worker (/sw.js),
// asks the browser for a push subscription with the site's VAPID key, and posts it to the site,
// which lists it among the devices. Every failure is said on the page.
"use strict";

(function () {
  const box = document.getElementById("push-this-device");
  if (!box) return;
  const button = box.querySelector("button");
  const status = box.querySelector(".push-status");
  const say = (text) => { status.textContent = text; };

  if (!("serviceWorker" in navigator) || !("PushManager" in window)) {
    say(box.dataset.unsupported);
    button.disabled = true;
    return;
  }

  function keyBytes(base64url) {
    const padded = base64url + "=".repeat((4 - (base64url.length % 4)) % 4);
    const raw = atob(padded.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(raw, (c) => c.charCodeAt(0));
  }

  function deviceName() {
    const agent = navigator.userAgent;
    const browser = /Firefox\//.test(agent) ? "Firefox" : /Edg\//.test(agent) ? "Edge"
      : /Chrom(e|ium)\//.test(agent) ? "Chromium" : /Safari\//.test(agent) ? "Safari" : "Browser";
    const system = /Android/.test(agent) ? "Android" : /iPhone|iPad/.test(agent) ? "iOS"
      : /Windows/.test(agent) ? "Windows" : /Mac OS/.test(agent) ? "macOS"
      : /Linux/.test(agent) ? "Linux" : "";
    return system ? `${browser}, ${system}` : browser;
  }

  async function turnOn() {
    button.disabled = true;
    say(box.dataset.working);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        say(box.dataset.denied);
        return;
      }
      const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ||
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(box.dataset.key),
        }));
      const body = { ...subscription.toJSON(), name: deviceName() };
      const answer = await fetch(box.dataset.url, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRFToken": box.dataset.csrf },
        body: JSON.stringify(body),
        credentials: "same-origin",
      });
      const reply = await answer.json();
      if (!answer.ok) {
        say(reply.error || box.dataset.failed);
        return;
      }
      say(box.dataset.done);
      window.location.reload();
    } catch (error) {
      say(`${box.dataset.failed} (${error.name || error})`);
    } finally {
      button.disabled = false;
    }
  }

  button.addEventListener("click", turnOn);
})();
