// The pad as an installable web app: registers the service worker (pad-worker.js, served
// at the site's root so that its scope covers every pad) and, once it controls the page,
// tells it what the pad needs offline: this page, its scripts and styles, the deck's
// sprite, the manifest and the match's state. A browser without service workers (or an
// insecure origin: localhost counts as secure) keeps the plain page and its queue.
(function () {
  "use strict";
  const me = document.currentScript;
  const pad = document.getElementById("pad");
  if (!pad || !("serviceWorker" in navigator) || !me) return;
  const config = JSON.parse(document.getElementById("pad-config").textContent);
  const urls = [location.href, pad.dataset.api, pad.dataset.api + "legal/", config.glyphs]
    .concat([...document.querySelectorAll("script[src]")].map((s) => s.src))
    .concat([...document.querySelectorAll("link[rel=stylesheet], link[rel=manifest], link[rel=icon]")].map((l) => l.href));
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data && event.data.cached) pad.dataset.offlineReady = "true";
  });
  navigator.serviceWorker.register(me.dataset.worker, { scope: "/" })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => registration.active.postMessage({ cache: urls }))
    .catch(() => {
      // no worker: the pad works online and queues as before
    });
})();
