// The scoring pad's link to the server: an entry queue kept in localStorage and sent in
// order, retried with backoff while the connection is down (or the server answers 502-504),
// and a poll of legal/ with If-None-Match so that another device's entries appear (a 304
// costs the server one small query). The server stores a resent entry once: the same event
// at the same hand and expected_seq is answered 200 and stored nothing (games/services.py).
// It knows no rule and draws nothing: score.js gives it hooks.
(function () {
  "use strict";
  const BACKOFF = [1000, 2000, 4000, 8000, 15000];
  const TRANSIENT = [502, 503, 504];
  const READ_BACK = [250, 1000, 2000, 4000]; // waits between tries to read the state back

  window.PadNet = function (api, storageKey, hooks) {
    let queue = load();
    let inFlight = false;
    // reads of the state after a stored entry or an undo still on their way: a count, since
    // an entry tapped while one is out starts another (a flag the first cleared said idle
    // while the second was still reading)
    let settling = 0;
    let failures = 0;
    let timer = null;
    let legalTag = null; // the ETag of the legal/ read the pad shows
    let confirmedAt = null; // the server's Date on its last answer the pad showed or kept
    let generation = 0; // bumped by every local change: a poll started before it is stale

    function load() {
      try {
        const stored = JSON.parse(window.localStorage.getItem(storageKey));
        return Array.isArray(stored) ? stored : [];
      } catch (e) {
        return [];
      }
    }

    function save() {
      try {
        if (queue.length) window.localStorage.setItem(storageKey, JSON.stringify(queue));
        else window.localStorage.removeItem(storageKey);
      } catch (e) {
        // private mode or a full store: the queue still lives in this page
      }
    }

    function tell() {
      hooks.onQueue({
        queued: queue.slice(),
        busy: inFlight || settling > 0 || queue.length > 0,
        offline: failures > 0,
      });
    }

    function request(method, path, body, extra) {
      const headers = Object.assign({ Accept: "application/json" }, extra || {});
      if (hooks.lang) headers["Accept-Language"] = hooks.lang;
      if (body) {
        headers["Content-Type"] = "application/json";
        headers["X-CSRFToken"] = hooks.csrf();
      }
      return fetch(api + path, {
        method: method,
        cache: "no-store", // the pad sends If-None-Match itself and must see the 304
        credentials: "same-origin",
        headers: headers,
        body: body ? JSON.stringify(body) : undefined,
      });
    }

    // Whether the pad shows the server's answer or, without a connection, the copy the
    // service worker stored (pad-worker.js marks it, with the time the server sent it):
    // a scorer must not take an old state for the table's, another phone's entries
    // missing. ``null`` once the server answers again.
    function source(responses) {
      const stored = responses.find((r) => r.headers.get("X-Pad-Offline"));
      if (!stored) confirmedAt = responses[0].headers.get("Date") || confirmedAt;
      const since = confirmedAt || (stored && stored.headers.get("Date"));
      if (hooks.onSource) hooks.onSource(stored ? { since: since } : null);
    }

    // the match and what may be recorded next, read afresh (the legal/ ETag kept);
    // ``fresh``: the server's answer only, not the service worker's stored copy
    // (pad-worker.js), which is from before the entry being read back
    async function refresh(always, fresh) {
      const mine = generation;
      const [m, l] = await Promise.all([request("GET", ""), request("GET", "legal/")]);
      if (!m.ok || !l.ok) throw new Error("read " + m.status + "/" + l.status);
      if (fresh && [m, l].some((r) => r.headers.get("X-Pad-Offline"))) throw new Error("stored");
      const match = await m.json();
      const legal = await l.json();
      if (!always && (mine !== generation || queue.length)) return false; // an entry came meanwhile
      legalTag = l.headers.get("ETag");
      hooks.onState(match, legal);
      source([m, l]);
      return true;
    }

    function retryLater() {
      const wait = BACKOFF[Math.min(failures, BACKOFF.length - 1)];
      failures += 1;
      clearTimeout(timer);
      timer = setTimeout(flush, wait);
    }

    async function flush() {
      if (inFlight || !queue.length) return tell();
      clearTimeout(timer);
      timer = null;
      inFlight = true;
      tell();
      const body = queue[0];
      let response = null;
      let answer = null;
      try {
        response = await request("POST", "events/", body);
        if (TRANSIENT.includes(response.status)) throw new Error("status " + response.status);
        answer = await response.json();
      } catch (e) {
        inFlight = false;
        retryLater();
        return tell();
      }
      inFlight = false;
      failures = 0;
      generation += 1;
      if (response.ok) {
        queue.shift();
        save();
        if (!queue.length) hooks.onState(answer, null);
      } else {
        // refused (400), someone else wrote first (409), or not allowed: the entries
        // after it counted on it, so they go too, and the scorer is told which
        const dropped = queue.splice(0);
        save();
        hooks.onRefused(answer, response.status, dropped);
      }
      if (queue.length) return flush();
      settling += 1;
      tell();
      await readBack();
      settling -= 1;
      tell();
    }

    // The state after this pad's own stored entry or undo, read until the server's own
    // answer comes: a lost read, or the service worker's stored copy when its fetch
    // failed, left the pad idle on what was legal before the entry, and its undo named
    // the entry before (a 409 and an error for a correct undo). Busy meanwhile, as while
    // sending; after the last try the poll catches up (the ETag it holds is the old one).
    async function readBack() {
      for (let attempt = 0; ; attempt++) {
        try {
          await refresh(false, true);
          return;
        } catch (e) {
          if (attempt >= READ_BACK.length) return;
          await new Promise((resolve) => setTimeout(resolve, READ_BACK[attempt]));
        }
      }
    }

    function enqueue(body) {
      generation += 1;
      queue.push(body);
      save();
      tell();
      flush();
    }

    // the last entry not yet on its way; false when there is none
    function dropLast() {
      if (queue.length <= (inFlight ? 1 : 0)) return false;
      generation += 1;
      queue.pop();
      save();
      tell();
      return true;
    }

    // ``body`` names the event to remove ({hand, last_seq, reopen}); the server refuses
    // (409) when its last event is another
    async function undo(body) {
      generation += 1;
      settling += 1;
      tell();
      try {
        const response = await request("POST", "undo/", body || {});
        const answer = await response.json();
        if (!response.ok) return answer;
        hooks.onState(answer, null);
        await readBack();
        return null;
      } finally {
        settling -= 1;
        tell();
      }
    }

    // not while this pad's own entry or undo is still being read back (``settling``): a
    // poll sent then saw the change before the read stored its ETag, and called this
    // pad's own undo another device's entry
    async function poll() {
      if (inFlight || settling || queue.length || document.hidden) return;
      const mine = generation;
      try {
        const l = await request("GET", "legal/", null, legalTag ? { "If-None-Match": legalTag } : {});
        if (l.status === 304) return source([l]); // unchanged: the server's word, or the store's
        if (!l.ok) return source([l]); // the server answered (a 403 once signed out…): no outage
        const legal = await l.json();
        const m = await request("GET", "");
        if (!m.ok) return;
        const match = await m.json();
        if (mine !== generation || queue.length || inFlight || settling) return;
        const changed = legalTag !== null;
        legalTag = l.headers.get("ETag");
        hooks.onState(match, legal, changed);
        source([m, l]);
      } catch (e) {
        // offline, nothing stored to answer: what is shown is as the server last confirmed
        // it; the next poll tries again
        if (hooks.onSource) hooks.onSource({ since: confirmedAt });
      }
    }

    window.addEventListener("online", () => {
      if (queue.length && !inFlight) {
        failures = Math.max(failures - 1, 0);
        flush();
      }
    });
    setInterval(poll, hooks.pollMs || 4000);

    return {
      refresh: refresh,
      enqueue: enqueue,
      dropLast: dropLast,
      undo: undo,
      flush: flush,
      queued: () => queue.slice(),
      busy: () => inFlight || settling > 0 || queue.length > 0,
    };
  };
})();
