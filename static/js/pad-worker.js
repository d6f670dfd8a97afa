// The scoring pad's service worker: the pad opens and keeps queueing without a connection.
// It answers, network first, the pad's page, Mi mesa, the site's static files and the
// API's match and legal/ reads, and keeps the last good answer of each; without a
// connection it answers from that store (a conditional read whose ETag is the stored
// one gets a 304, as the server would). Writes (the entry queue, undo) are never
// answered here: pad-net.js queues them and sends them when the connection returns.
// Served from /pad-worker.js (games/views.py) so that its scope covers the pads.
"use strict";
const STORE = "pad-v1";
const HANDLED = [
  /^\/matches\/\d+\/score\/$/,
  /^\/my-table\/$/,
  /^\/static\//,
  /^\/pad\.webmanifest$/,
  /^\/api\/v1\/matches\/\d+\/(legal\/)?$/,
];

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// the page names what it needs offline (itself, its scripts, styles, deck sprite, state)
self.addEventListener("message", (event) => {
  const urls = (event.data && event.data.cache) || [];
  const done = caches.open(STORE).then((store) => Promise.all(urls.map((url) =>
    fetch(new Request(url, { credentials: "same-origin", headers: { Accept: accepts(url) } }))
      .then((r) => (r.ok ? store.put(url, r) : null))
      .catch(() => null))));
  event.waitUntil(done.then(() => event.source && event.source.postMessage({ cached: urls.length })));
});

function accepts(url) {
  return new URL(url, self.location.href).pathname.startsWith("/api/") ? "application/json" : "*/*";
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (!HANDLED.some((pattern) => pattern.test(url.pathname))) return;
  event.respondWith(networkFirst(request, url));
});

async function networkFirst(request, url) {
  const key = url.origin + url.pathname + url.search;
  try {
    const response = await fetch(request);
    if (response.status === 200) {
      const copy = response.clone();
      caches.open(STORE).then((store) => store.put(key, copy));
    }
    return response;
  } catch (offline) {
    const kept = await caches.match(key, { ignoreVary: true, ignoreSearch: url.pathname.startsWith("/static/") });
    if (!kept) throw offline;
    // marked, so that the page (and a test) can tell the stored copy from a fresh one;
    // its Date is when the server sent it (the pad says so: pad-net.js ``onSource``)
    const tag = request.headers.get("If-None-Match");
    if (tag && tag === kept.headers.get("ETag")) {
      const marks = { ETag: tag, "X-Pad-Offline": "stored" };
      if (kept.headers.get("Date")) marks.Date = kept.headers.get("Date");
      return new Response(null, { status: 304, headers: marks });
    }
    const headers = new Headers(kept.headers);
    headers.set("X-Pad-Offline", "stored");
    return new Response(kept.body, { status: kept.status, statusText: kept.statusText, headers: headers });
  }
}
