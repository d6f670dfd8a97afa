// The step-by-step replay (games/replay.html): the server sends every position of the
// hand, one shown; this steps between them without a reload — buttons, arrow keys,
// swipes — and keeps the address on the step shown (?step=N). A step of another hand, or
// an address with #step-N, loads that step's page. It holds no rule: only positions.
(function () {
  "use strict";
  const root = document.getElementById("replay");
  if (!root) return;
  const total = Number(root.dataset.total);
  let current = Number(root.dataset.current);

  function go(n, replace) {
    if (!(n >= 1 && n <= total)) return;
    const next = document.getElementById("step-" + n);
    if (!next) {
      location.assign("?step=" + n);
      return;
    }
    root.querySelectorAll(".replay-step").forEach((s) => { s.hidden = s !== next; });
    current = n;
    const url = "?step=" + n;
    if (replace) history.replaceState({ step: n }, "", url);
    else history.pushState({ step: n }, "", url);
  }

  const asked = /^#step-(\d+)$/.exec(location.hash);
  if (asked) go(Number(asked[1]), true);

  root.addEventListener("click", (e) => {
    const link = e.target.closest("a[data-step]");
    if (!link || e.ctrlKey || e.metaKey || e.shiftKey) return;
    e.preventDefault();
    go(Number(link.dataset.step));
  });
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || /INPUT|SELECT|TEXTAREA/.test(e.target.tagName)) return;
    const to = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 1, End: total }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  });
  let startX = null, startY = null;
  root.addEventListener("touchstart", (e) => {
    startX = e.touches[0].clientX;
    startY = e.touches[0].clientY;
  }, { passive: true });
  root.addEventListener("touchend", (e) => {
    if (startX === null) return;
    const dx = e.changedTouches[0].clientX - startX;
    const dy = e.changedTouches[0].clientY - startY;
    startX = null;
    if (Math.abs(dx) > 50 && Math.abs(dx) > 2 * Math.abs(dy)) go(current + (dx < 0 ? 1 : -1));
  });
  window.addEventListener("popstate", () => {
    const n = Number(new URLSearchParams(location.search).get("step")) || 1;
    if (document.getElementById("step-" + n)) go(n, true);
    else location.reload();
  });
})();
