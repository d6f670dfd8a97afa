// Scoring pad, for any game the site records. It knows no rule: it reads the match
// (GET {api}) and what the table may record next (GET {api}legal/, each action an event in
// the game's notation), offers those actions, and posts the one tapped as it is, with the
// hand and the sequence number the server gave. Cards that are not in the legal list stay
// tappable (dimmed): a scorer records what happened at the table, and the server answers a
// card it can prove illegal with its rule and evidence (then the penalty is one tap away).
// Strings, the deck and the table come from the page (#pad-config, built by the server).
(function () {
  "use strict";
  const pad = document.getElementById("pad");
  if (!pad) return;
  const api = pad.dataset.api;
  const C = JSON.parse(document.getElementById("pad-config").textContent);
  const L = C.labels;
  const names = C.names;
  const MARK = C.marks; // the suits' marks as the card tag draws them (French or Spanish)
  const RANK = C.french ? {} : { "12": "R", "11": "C", "10": "S" };
  const $ = (id) => document.getElementById(id);
  // Belote's suit contracts by the suit's letter (French deck)
  const SUIT_CALL = { c: "clubs", d: "diamonds", h: "hearts", s: "spades" };
  let match = null; // the match as the API reads it
  let legal = null; // the legal/ read: hand, next_seq, phase, to_act, actions

  const fmt = (text, vars) => text.replace(/%\((\w+)\)s/g, (_, k) => vars[k]);
  const csrf = () => (document.cookie.match(/csrftoken=([^;]+)/) || [])[1] || "";
  const suitName = (s) => C.suits[s] || s;

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // a suit's mark: the Spanish suits drawn from the site's sprite, French ones as printed
  function markEl(suit) {
    const small = el("small");
    if (C.french || !C.symbols[suit]) {
      small.textContent = MARK[suit] || suit;
      return small;
    }
    const NS = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("class", "suit-glyph");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    const use = document.createElementNS(NS, "use");
    use.setAttribute("href", C.glyphs + "#" + C.symbols[suit]);
    svg.append(use);
    small.append(svg);
    return small;
  }

  function cardEl(text, tag) {
    const node = el(tag || "span", "card suit-" + text.slice(-1) + (C.french ? " french" : ""));
    const rank = text.slice(0, -1), suit = text.slice(-1);
    // named as it is said ("rey de bastos"), not by what is drawn ("R" and a picture)
    const name = fmt(L.cardTitle, { rank: C.ranks[rank] || rank, suit: suitName(suit) });
    node.title = name;
    node.dataset.card = text;
    if (node.tagName === "SPAN") {
      node.setAttribute("role", "img");
      node.setAttribute("aria-label", name);
      node.append(RANK[rank] || rank, markEl(suit));
      return node;
    }
    // a button is named by its content: the drawing hidden, the name for screen readers
    // (an aria-label would not contain the visible "R", which speech input users say)
    const drawn = el("span");
    drawn.setAttribute("aria-hidden", "true");
    drawn.append(RANK[rank] || rank, markEl(suit));
    node.append(drawn, el("span", "visually-hidden", name));
    return node;
  }

  function suitEl(suit) {
    const node = el("span", "suit-mark suit-" + suit + (C.french ? " french" : ""));
    node.append(markEl(suit), " " + suitName(suit));
    return node;
  }

  function button(label, event, cls) {
    const b = el("button", cls || "");
    b.type = "button";
    if (typeof label === "string") b.textContent = label;
    else b.append(label);
    b.addEventListener("click", () => send(event));
    return b;
  }

  // ------------------------------------------------------------------ talking to the API
  async function getJSON(url) {
    const response = await fetch(url, { cache: "no-cache", headers: { Accept: "application/json" } });
    return response.json();
  }

  async function load() {
    const [m, l] = await Promise.all([getJSON(api), getJSON(api + "legal/")]);
    render(m, l);
  }

  async function post(path, body) {
    pad.classList.add("busy");
    $("pad-error").textContent = "";
    try {
      const response = await fetch(api + path, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf(), Accept: "application/json" },
        body: JSON.stringify(body),
      });
      const answer = await response.json();
      if (response.ok) {
        render(answer, await getJSON(api + "legal/"));
      } else {
        if (response.status === 409 && answer.state) render(answer.state, await getJSON(api + "legal/"));
        showError(answer, response.status, body);
      }
    } catch (e) {
      $("pad-error").textContent = L.network;
    } finally {
      pad.classList.remove("busy");
    }
  }

  function send(event) {
    return post("events/", { hand: legal.hand, expected_seq: legal.next_seq, ...event });
  }

  function undo() {
    if (!window.confirm(L.confirmUndo)) return;
    post("undo/", {});
  }

  function showError(body, status, sent) {
    const box = $("pad-error");
    box.textContent = "";
    if (body.rule) box.append(el("span", "rule", body.rule), " ");
    box.append(body.message || "Error " + status);
    // a card the server proved illegal: offer the penalty it calls for (its rule, its seat)
    const seat = body.item && body.item.seat;
    if (sent && sent.kind === "play" && body.rule && C.penalty_rules.includes(body.rule)
        && Number.isInteger(seat)) {
      const p = el("div", "actions");
      p.append(button(fmt(L.penaltyFor, { name: names[seat], rule: body.rule }),
        { kind: "penalty", seat: seat, rule: body.rule }, "primary"));
      box.append(p);
    }
  }

  // ------------------------------------------------------------------ rendering
  function render(m, l) {
    match = m;
    legal = l;
    const cur = m.current || {};
    renderScore(m);
    renderStatus(m, cur);
    renderTable(cur, l);
    renderActions(m, cur, l);
    renderTricks(cur);
    renderOther(cur, l);
  }

  function renderScore(m) {
    const box = $("pad-score");
    box.textContent = "";
    (m.units || []).forEach((u) => {
      const div = el("div", "unit" + (u.winner ? " winner" : ""));
      div.dataset.unit = u.unit;
      div.append(el("span", "unit-name", u.seats.map((s) => names[s]).join(" & ")));
      div.append(el("strong", "unit-score", String(u.score)));
      box.append(div);
    });
  }

  function renderStatus(m, cur) {
    const status = $("pad-status");
    status.textContent = "";
    if (!cur.hand) return;
    status.append(L.hand + " " + cur.hand);
    if (cur.trump_card) status.append(" · " + L.trump + " ", cardEl(cur.trump_card));
    if (cur.bid) status.append(" · " + fmt(L.bidBy, { bid: cur.bid, name: names[cur.bidder] }));
    if (cur.trump) status.append(" · " + L.trump + " ", suitEl(cur.trump));
    if (cur.contract) {
      // Belote: the contract standing, who called it, doubled (×2) or redoubled (×4)
      const s = Object.keys(SUIT_CALL).find((k) => SUIT_CALL[k] === cur.contract);
      status.append(" · ", s ? suitEl(s) : L[cur.contract] || cur.contract, " · " + names[cur.declarer]);
      if (cur.multiplier > 1) status.append(" ×" + cur.multiplier);
    }
    if (cur.declaration && cur.declaration !== "plain") status.append(" · " + (L[cur.declaration] || cur.declaration));
    if (cur.points && cur.phase !== "deal" && !cur.void) {
      // this hand's points so far, per scoring unit
      const units = (m.units || []).map((u) => u.seats.map((s) => names[s]).join(" & ") + " " + cur.points[u.unit]);
      status.append(el("br"), L.handPoints + ": " + units.join(" · "));
    }
  }

  function renderTable(cur, l) {
    const table = $("pad-table");
    table.textContent = "";
    table.dataset.seats = names.length;
    const onTable = {};
    (cur.trick || []).forEach((p) => { onTable[p.seat] = p.card; });
    names.forEach((name, i) => {
      const seat = el("div", "seat seat-" + i);
      seat.dataset.seat = i;
      if (l.to_act === i && match.status !== "finished") seat.classList.add("to-act");
      if (cur.sitting_out === i) seat.classList.add("out");
      seat.append(el("strong", "", name));
      const tags = [];
      if (cur.dealer === i) tags.push(L.dealer);
      if (cur.bidder === i) tags.push(L.bidder);
      if (cur.declarer === i) tags.push(L.declarer);
      if (cur.sitting_out === i) tags.push(L.sitsOut);
      if (l.to_act === i && match.status !== "finished") tags.push(L.toAct);
      seat.append(el("small", "", tags.join(" · ")));
      const slot = el("div", "slot");
      if (onTable[i]) slot.append(cardEl(onTable[i]));
      seat.append(slot);
      table.append(seat);
    });
  }

  function byKind(actions) {
    const out = {};
    actions.forEach((a) => { (out[a.kind] = out[a.kind] || []).push(a); });
    return out;
  }

  function renderActions(m, cur, l) {
    const actions = $("pad-actions"), deck = $("pad-deck"), prompt = $("pad-prompt");
    actions.textContent = "";
    deck.textContent = "";
    deck.hidden = true;
    const kinds = byKind(l.actions || []);
    const who = names[l.to_act];
    if (m.status === "finished") {
      prompt.textContent = L.finished;
      return;
    }
    if (kinds.deal) {
      prompt.textContent = fmt(kinds.deal.some((a) => a.trump_card) ? L.dealCard : L.deal, { name: names[cur.dealer] });
      const withCard = kinds.deal.filter((a) => a.trump_card);
      if (withCard.length) {
        deck.hidden = false;
        const offered = new Set(withCard.map((a) => a.trump_card));
        fillDeck(deck, (c) => pick(c, offered.has(c) ? { kind: "deal", trump_card: c } : null, true));
      }
      kinds.deal.filter((a) => !a.trump_card).forEach((a) => actions.append(button(L.dealButton, a, "primary big")));
    } else if (kinds.call) {
      prompt.textContent = fmt(L.call, { name: who });
      // a suit contract (Belote) is its suit's mark and name; the others by name
      const suitCall = (c) => Object.keys(SUIT_CALL).find((s) => c === SUIT_CALL[s]);
      kinds.call.forEach((a) => {
        const s = C.french && suitCall(a.call);
        const label = s ? suitEl(s) : L[a.call] || a.call;
        // a suit stays on a light button, where its red or black mark reads
        const cls = a.call === "pass" || s ? " big" : " primary big";
        actions.append(button(label, a, "call-" + a.call + cls));
      });
    } else if (kinds.bid) {
      prompt.textContent = fmt(L.bid, { name: who });
      const pass = kinds.bid.filter((a) => a.bid === "pass");
      pass.forEach((a) => actions.append(button(L.pass, a, "big pass")));
      const grid = el("div", "bids");
      kinds.bid.filter((a) => a.bid !== "pass").forEach((a) => grid.append(button(String(a.bid), a, "bid")));
      actions.append(grid);
    } else if (kinds.trump) {
      prompt.textContent = fmt(L.nameTrump, { name: who });
      const grid = el("div", "suits");
      kinds.trump.forEach((a) => grid.append(button(suitEl(a.suit), a, "big")));
      actions.append(grid);
    } else if (kinds.play || l.phase === "playing") {
      prompt.textContent = fmt(L.play, { name: who });
    } else {
      prompt.textContent = L.complete;
    }
    const announced = (kinds.declaration || []).concat(kinds.belote || []);
    if (announced.length) {
      // with the first card of the seat (B5): the server lists the ones it cannot rule out
      const box = el("details", "announce");
      box.open = announced.length <= 6;
      box.append(el("summary", "", L.announce + " (" + announced.length + ")"));
      const list = el("div", "actions");
      announced.forEach((a) => {
        const b = button(announceLabel(a), a);
        b.dataset.announce = a.kind === "belote" ? "belote-" + a.suit : (a.cards || []).slice().sort().join(" ");
        list.append(b);
      });
      box.append(list);
      actions.append(box);
    }
    if (kinds.cante) {
      const box = el("div", "cantes");
      box.append(el("p", "muted", L.canteNow));
      kinds.cante.forEach((a) => box.append(button(canteLabel(a), a, "primary big")));
      actions.append(box);
    }
    if (l.phase === "playing") {
      // the whole deck, suit by suit: a card played already is greyed out; one the server
      // lists as legal is plain; any other is dimmed but may still be tapped
      deck.hidden = false;
      const played = new Set((cur.tricks || []).flatMap((t) => t.cards).concat((cur.trick || []).map((p) => p.card)));
      const listed = new Set((kinds.play || []).map((a) => a.card));
      fillDeck(deck, (c) => pick(c, played.has(c) ? null : { kind: "play", card: c }, listed.has(c)));
    }
    Object.keys(kinds).filter((k) => !["deal", "call", "bid", "trump", "play", "cante", "declaration", "belote"].includes(k))
      .forEach((k) => kinds[k].forEach((a) => actions.append(button(JSON.stringify(a), a))));
  }

  // the deck suit by suit (the page's deck is in suit order), each suit its own block
  function fillDeck(deck, make) {
    const blocks = {};
    C.deck.forEach((c) => {
      const suit = c.slice(-1);
      if (!blocks[suit]) {
        blocks[suit] = el("div", "suit-block suit-" + suit);
        blocks[suit].setAttribute("role", "group");
        blocks[suit].setAttribute("aria-label", suitName(suit));
        deck.append(blocks[suit]);
      }
      blocks[suit].append(make(c));
    });
  }

  function announceLabel(a) {
    const who = Number.isInteger(a.seat) ? " · " + names[a.seat] : "";
    if (a.kind === "belote") return "belote " + (MARK[a.suit] || a.suit) + who;
    const cards = (a.cards || []).map((c) => c.slice(0, -1) + (MARK[c.slice(-1)] || "")).join(" ");
    return a.type + " " + cards + who;
  }

  function canteLabel(a) {
    if (a.tute) return fmt(L.tute, { rank: L["tute" + a.tute] || a.tute, name: names[a.seat] });
    return L.cante + " " + suitName(a.suit) + " · " + names[a.seat];
  }

  function pick(card, event, listed) {
    const b = cardEl(card, "button");
    b.type = "button";
    b.disabled = !event;
    if (event && !listed) b.classList.add("unlisted");
    if (event) b.addEventListener("click", () => send(event));
    return b;
  }

  function renderTricks(cur) {
    const trick = $("pad-trick");
    trick.textContent = "";
    (cur.trick || []).forEach((p) => {
      const wrap = el("span");
      wrap.append(cardEl(p.card), el("span", "who", names[p.seat]));
      trick.append(wrap);
    });
    const tricks = $("pad-tricks");
    tricks.textContent = "";
    const sung = {};
    (cur.cantes || []).forEach((c) => { (sung[c.after_trick] = sung[c.after_trick] || []).push(c); });
    if (cur.tute) (sung[cur.tute.after_trick] = sung[cur.tute.after_trick] || []).push({ seat: cur.tute.seat, tute: cur.tute.rank });
    (cur.tricks || []).forEach((t) => {
      const row = el("div", "trick");
      row.append(t.number + ".");
      t.cards.forEach((c, i) => {
        const node = cardEl(c);
        if (t.seats[i] === t.winner) node.classList.add("win");
        row.append(node);
      });
      row.append(" → " + names[t.winner]);
      (sung[t.number] || []).forEach((c) => row.append(el("span", "badge", canteLabel(c) + (c.value ? " " + c.value : ""))));
      tricks.append(row);
    });
  }

  // what the legal list does not offer, for the scorer to record what happened at the
  // table (the server judges it): any cante of the notation, and a penalty
  function renderOther(cur, l) {
    const other = $("pad-other-actions");
    other.textContent = "";
    const open = match.status !== "finished" && (l.phase === "playing" || l.phase === "complete");
    $("pad-other").hidden = !open;
    if (!open) return;
    if (l.phase === "playing") {
      other.append(el("p", "muted", L.otherCante));
      const cantes = el("div", "actions");
      C.cantes.forEach((a) => cantes.append(button(canteLabel(a), a)));
      other.append(cantes);
    }
    other.append(el("p", "muted", L.penalty));
    const penalties = el("div", "actions");
    names.forEach((n, i) => C.penalty_rules.forEach((rule) => penalties.append(
      button(fmt(L.penaltyFor, { name: n, rule: rule }), { kind: "penalty", seat: i, rule: rule }))));
    other.append(penalties);
  }

  $("pad-undo").addEventListener("click", undo);
  load();
})();
