// Scoring pad: reads the match from the API and posts one event at a time with the
// expected sequence number. The server checks every entry; this page only shows what the
// server says (legal moves when the deal is known, refusals with their rule code).
(function () {
  "use strict";
  const pad = document.getElementById("pad");
  if (!pad) return;
  const api = pad.dataset.api;
  const names = JSON.parse(document.getElementById("seat-names").textContent);
  const L = JSON.parse(document.getElementById("pad-labels").textContent);
  const SUITS = { o: ["●", "oros"], c: ["♥", "copas"], e: ["♠", "espadas"], b: ["♣", "bastos"] };
  const RANKS = { "1": "1", "3": "3", "12": "R", "11": "C", "10": "S" };
  const DECK = ["o", "c", "e", "b"].flatMap((s) => ["1", "3", "12", "11", "10"].map((r) => r + s));
  const $ = (id) => document.getElementById(id);
  let state = null;
  let lastSent = null;

  const fmt = (text, vars) => text.replace(/%\((\w+)\)s/g, (_, k) => vars[k]);
  const csrf = () => (document.cookie.match(/csrftoken=([^;]+)/) || [])[1] || "";

  function cardEl(text, tag) {
    const el = document.createElement(tag || "span");
    const suit = text.slice(-1), rank = text.slice(0, -1);
    el.className = "card suit-" + suit;
    el.title = rank + " de " + SUITS[suit][1];
    el.dataset.card = text;
    el.innerHTML = RANKS[rank] + "<small>" + SUITS[suit][0] + "</small>";
    return el;
  }

  function button(label, onClick, cls) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    if (cls) b.className = cls;
    b.addEventListener("click", onClick);
    return b;
  }

  async function load() {
    const response = await fetch(api, { headers: { Accept: "application/json" } });
    render(await response.json());
  }

  async function send(event) {
    const cur = state.current;
    lastSent = { hand: cur.hand, expected_seq: cur.next_seq, ...event };
    pad.classList.add("busy");
    $("pad-error").textContent = "";
    try {
      const response = await fetch(api + "events/", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf(), Accept: "application/json" },
        body: JSON.stringify(lastSent),
      });
      const body = await response.json();
      if (response.ok) render(body);
      else showError(body, response.status);
    } catch (e) {
      $("pad-error").textContent = L.network;
    } finally {
      pad.classList.remove("busy");
    }
  }

  function showError(body, status) {
    const box = $("pad-error");
    box.textContent = "";
    if (body.rule) {
      const rule = document.createElement("span");
      rule.className = "rule";
      rule.textContent = body.rule;
      box.append(rule, " ");
    }
    box.append(body.message || "Error " + status);
    if (status === 409 && body.state) render(body.state, true);
  }

  async function undo() {
    if (!window.confirm(L.confirmUndo)) return;
    const response = await fetch(api + "undo/", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf(), Accept: "application/json" },
      body: "{}",
    });
    const body = await response.json();
    if (response.ok) render(body);
    else showError(body, response.status);
  }

  function render(match, keepError) {
    state = match;
    if (!keepError) $("pad-error").textContent = "";
    const cur = match.current || {};
    $("pad-score").textContent = match.score[0] + "–" + match.score[1];
    $("side-0").textContent = names[0] + " & " + names[2];
    $("side-1").textContent = names[1] + " & " + names[3];
    $("pad-status").textContent = L.hand + " " + cur.hand +
      (cur.trump_card ? " · " + L.trump + " " : "");
    if (cur.trump_card) $("pad-status").append(cardEl(cur.trump_card));

    const seats = $("pad-seats");
    seats.textContent = "";
    names.forEach((name, i) => {
      const div = document.createElement("div");
      div.className = "seat" + (cur.to_act === i ? " to-act" : "") + (cur.sitting_out === i ? " out" : "");
      div.dataset.seat = i;
      const tags = [];
      if (cur.dealer === i) tags.push(L.dealer);
      if (cur.sitting_out === i) tags.push(L.sitsOut);
      if (cur.to_act === i) tags.push(L.toAct);
      div.innerHTML = "<strong></strong><br><small></small>";
      div.querySelector("strong").textContent = name;
      div.querySelector("small").textContent = tags.join(" · ");
      seats.append(div);
    });

    const actions = $("pad-actions"), deck = $("pad-deck");
    actions.textContent = "";
    deck.textContent = "";
    const played = new Set((cur.tricks || []).flatMap((t) => t.cards).concat((cur.trick || []).map((p) => p.card)));
    const prompt = $("pad-prompt");
    if (match.status === "finished") {
      prompt.textContent = L.finished;
    } else if (cur.phase === "deal") {
      prompt.textContent = fmt(L.deal, { name: names[cur.dealer] });
      DECK.forEach((c) => deck.append(pick(c, () => send({ kind: "deal", trump_card: c }), true)));
    } else if (cur.phase === "calling") {
      prompt.textContent = fmt(L.call, { name: names[cur.to_act] });
      cur.legal.calls.forEach((c) => actions.append(button(L[c] || c, () => send({ kind: "call", call: c }), c === "pass" ? "" : "primary")));
    } else if (cur.phase === "playing") {
      prompt.textContent = fmt(L.play, { name: names[cur.to_act] });
      const legal = cur.legal.cards ? new Set(cur.legal.cards) : null;
      DECK.forEach((c) => deck.append(pick(c, () => send({ kind: "play", card: c }), !played.has(c) && (!legal || legal.has(c)))));
      // right after a trick, its side may sing (the server checks who holds the pair)
      if (!(cur.trick || []).length && (cur.tricks || []).length && ["plain", "solo"].includes(cur.declaration)) {
        const last = cur.tricks[cur.tricks.length - 1];
        const singers = [last.winner, (last.winner + 2) % 4].filter((s) => s !== cur.sitting_out);
        const offered = cur.legal.cantes ? cur.legal.cantes.map((x) => [x.seat, x.suit])
          : singers.flatMap((s) => Object.keys(SUITS).map((suit) => [s, suit]));
        offered.forEach(([seat, suit]) => actions.append(button(
          L.cante + " " + SUITS[suit][1] + " · " + names[seat], () => send({ kind: "cante", seat: seat, suit: suit }))));
      }
    } else {
      prompt.textContent = L.complete;
    }

    const trick = $("pad-trick");
    trick.textContent = "";
    (cur.trick || []).forEach((p) => {
      const wrap = document.createElement("span");
      wrap.append(cardEl(p.card));
      const who = document.createElement("span");
      who.className = "who";
      who.textContent = names[p.seat];
      wrap.append(who);
      trick.append(wrap);
    });
    const tricks = $("pad-tricks");
    tricks.textContent = "";
    (cur.tricks || []).forEach((t) => {
      const row = document.createElement("div");
      row.className = "trick";
      row.append(t.number + ".");
      t.cards.forEach((c, i) => {
        const el = cardEl(c);
        if (t.seats[i] === t.winner) el.classList.add("win");
        row.append(el);
      });
      row.append(" → " + names[t.winner]);
      tricks.append(row);
    });
    const pen = $("pad-penalty");
    pen.textContent = "";
    if (cur.phase === "playing" || cur.phase === "complete") {
      names.forEach((n, i) => pen.append(button(L.penaltyAgainst + " " + n, () => send({ kind: "penalty", seat: i, rule: "C7" }))));
    }
  }

  function pick(card, onClick, enabled) {
    const b = cardEl(card, "button");
    b.type = "button";
    b.disabled = !enabled;
    b.addEventListener("click", onClick);
    return b;
  }

  $("pad-undo").addEventListener("click", undo);
  load();
})();
