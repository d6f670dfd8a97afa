// Scoring pad, for any game the site records. It knows no rule: it reads the match
// (GET {api}) and what the table may record next (GET {api}legal/, each action an event in
// the game's notation), offers those actions, and posts the one tapped as it is, with the
// hand and the sequence number the server gave. Cards that are not in the legal list stay
// tappable (dimmed): a scorer records what happened at the table, and the server answers a
// card it can prove illegal with its rule and evidence (then the penalty is one tap away).
// Strings, the deck and the table come from the page (#pad-config, built by the server);
// what it draws from a read (cards, words, the strips above the prompt) is pad-view.js.
// Entries go through a queue (pad-net.js): kept while the connection is down, sent in order
// when it returns; the pad polls legal/ so that another device's entries appear.
(function () {
  "use strict";
  const pad = document.getElementById("pad");
  if (!pad) return;
  const api = pad.dataset.api;
  const C = JSON.parse(document.getElementById("pad-config").textContent);
  const L = C.labels;
  const W = C.words; // the notation's words as the match page says them (rounds.WORDS)
  const names = C.names;
  const $ = (id) => document.getElementById(id);
  const V = window.PadView(C); // names, cards and the strips above the prompt (pad-view.js)
  const { fmt, el, cardEl, suitEl, suitName, cardSaid, unitName, SUIT_CALL, entryText, describe } = V;
  const { announceLabel, canteLabel, fillDeck, renderQueue, renderScore, renderStatus } = V;
  const { renderHand, renderEntry, renderSpeech, renderLast, renderTricks } = V;
  let match = null; // the match as the API reads it
  let legal = null; // the legal/ read: hand, next_seq, phase, to_act, actions, in_hand…
  let queued = []; // entries not yet stored, in order (pad-net.js keeps them)
  // every seat's cards being entered: {hand, seat, hands, order (each tap, for undo)},
  // kept in this phone's storage until the deal is sent (a reload keeps it)
  const dealKey = "pad-deal-" + pad.dataset.match;
  let dealing = loadDealing();
  const csrf = () => (document.cookie.match(/csrftoken=([^;]+)/) || [])[1] || "";
  const lang = document.documentElement.lang || "es"; // the page's language, for the API
  // a refusal in the reader's language with the players' names (`detail`), else the
  // checker's sentence; shown as a sentence, its first letter a capital unless it starts
  // with a name of the code's, "rules.target" (the API keeps the checker's lowercase:
  // games/refusals.py's as_sentence does the same for the pages)
  const message = (body) => {
    const text = body.detail || body.message || "";
    if (/^[a-z0-9]+[._][\w.]*\b/.test(text)) return text;
    return text.charAt(0).toLocaleUpperCase(lang) + text.slice(1);
  };

  function loadDealing() {
    try {
      const d = JSON.parse(window.localStorage.getItem(dealKey));
      return d && Array.isArray(d.hands) && Array.isArray(d.order) ? d : null;
    } catch (e) {
      return null;
    }
  }

  function saveDealing() {
    try {
      if (dealing) window.localStorage.setItem(dealKey, JSON.stringify(dealing));
      else window.localStorage.removeItem(dealKey);
    } catch (e) {
      // private mode: the deal lives in this page only
    }
  }


  // ``ask``: a question the scorer answers before the entry goes (a penalty's consequence)
  function button(label, event, cls, ask) {
    const b = el("button", cls || "");
    b.type = "button";
    if (typeof label === "string") b.textContent = label;
    else b.append(label);
    b.addEventListener("click", () => { if (!ask || window.confirm(ask)) send(event); });
    return b;
  }

  // a penalty ends the hand: the scorer confirms it, told so, before it is sent
  function penaltyButton(seat, rule, cls) {
    const ask = fmt(L.confirmPenalty, { rule: rule, name: names[seat], hand: legal.hand });
    return button(fmt(L.penaltyFor, { name: names[seat], rule: rule }),
      { kind: "penalty", seat: seat, rule: rule }, cls, ask);
  }

  // ------------------------------------------------------------------ talking to the API
  const net = window.PadNet(api, "pad-queue-" + pad.dataset.match, {
    csrf: csrf,
    lang: lang, // the API's messages in the page's language
    pollMs: Number(pad.dataset.poll) || 4000,
    onState: (m, l, fromElsewhere) => {
      if (l) {
        render(m, l);
        if (fromElsewhere) $("pad-status-note").textContent = L.updated;
      } else {
        match = m;
        renderScore(m);
      }
    },
    onRefused: (body, status, dropped) => {
      if (status === 409 && body.state) match = body.state;
      showError(body, status, dropped[0], dropped.slice(1));
    },
    onSource: (source) => V.renderSource(source, lang),
    onQueue: (q) => {
      queued = q.queued;
      pad.classList.toggle("busy", q.busy);
      renderQueue(q);
      if (match && legal) render(match, legal);
    },
  });

  function nextSeq() {
    const mine = queued.filter((b) => b.hand === legal.hand);
    return mine.length ? mine[mine.length - 1].expected_seq + 1 : legal.next_seq;
  }

  function send(event) {
    $("pad-error").textContent = "";
    $("pad-status-note").textContent = "";
    net.enqueue(Object.assign({ hand: legal.hand, expected_seq: nextSeq() }, event));
  }

  // Undo takes back what this scorer entered last: a deal card still on this phone, then
  // an entry still queued, then the server's last event — named, as the server said it
  // was last (``last_entry``), so that a stale pad removes nothing else (409); one that
  // closed a complete hand is asked for again, since the match score changes.
  async function undo() {
    $("pad-error").textContent = "";
    $("pad-status-note").textContent = "";
    if (dealing && dealing.order.length) {
      const last = dealing.order.pop();
      const cards = dealing.hands[last.seat];
      cards.splice(cards.indexOf(last.card), 1);
      dealing.seat = last.seat;
      $("pad-status-note").textContent = fmt(L.undoneDeal, { card: cardSaid(last.card), name: names[last.seat] });
      render(match, legal);
      return;
    }
    if (queued.length && net.dropLast()) return; // not sent yet: it just leaves the queue
    if (net.busy()) {
      $("pad-error").textContent = L.undoOffline;
      return;
    }
    const entry = legal && legal.last_entry;
    if (!entry) {
      $("pad-error").textContent = L.nothingToUndo;
      return;
    }
    if (!window.confirm(fmt(L.confirmUndo, { what: describe(entry) }))) return;
    if (entry.complete && !window.confirm(reopenQuestion(entry))) return;
    try {
      const refused = await net.undo({ hand: entry.hand, last_seq: entry.seq, reopen: entry.complete });
      if (refused) {
        showError(refused, 409, null, []);
        await net.refresh(true); // a stale pad: show what the server has now
      }
    } catch (e) {
      $("pad-error").textContent = L.undoOffline;
    }
  }

  function reopenQuestion(entry) {
    const last = legal.last_hand;
    const points = last && last.number === entry.hand ? (match.units || []).map((u) => unitName(u)
      + " " + (last.delta[u.unit] >= 0 ? "+" : "") + last.delta[u.unit]).join(" · ") : "";
    return fmt(L.confirmReopen, { hand: entry.hand, points: points });
  }

  function showError(body, status, sent, dropped) {
    const box = $("pad-error");
    box.textContent = "";
    if (body.rule) box.append(el("span", "rule", body.rule), " ");
    box.append(message(body) || "Error " + status);
    if (dropped && dropped.length) box.append(el("p", "", fmt(L.dropped, { list: dropped.map(entryText).join(" · ") })));
    // an entry the server refused because it proves a renuncio: the penalty it calls for
    // (its rule, its seat), for an organiser to record right here
    const seat = body.item && body.item.seat;
    if (sent && body.rule && C.penalty_rules.includes(body.rule) && Number.isInteger(seat)) {
      const p = el("div", "actions renuncio");
      if (C.may_organise) {
        p.append(penaltyButton(seat, body.rule, "primary big"));
      } else {
        p.append(el("span", "muted", L.askOrganiser));
      }
      box.append(p);
    }
  }

  // ------------------------------------------------------------------ rendering
  function render(m, l) {
    match = m;
    legal = l;
    if (dealing && (dealing.hand !== l.hand || l.phase !== "deal")) dealing = null;
    saveDealing();
    const cur = m.current || {};
    renderScore(m);
    renderStatus(m, cur);
    renderHand(m, cur, l);
    renderEntry(l);
    renderTable(cur, l);
    renderActions(m, cur, l);
    renderTricks(cur);
    renderOther(cur, l);
    renderSpeech(l);
    renderLast(m, l);
  }

  function renderTable(cur, l) {
    const table = $("pad-table");
    table.textContent = "";
    table.dataset.seats = names.length;
    const onTable = {};
    (cur.trick || []).forEach((p) => { onTable[p.seat] = p.card; });
    const entering = !!dealing;
    names.forEach((name, i) => {
      const seat = el("div", "seat seat-" + i);
      seat.dataset.seat = i;
      seat.setAttribute("aria-label", fmt(L.seat, { n: i + 1 }) + " · " + name);
      seat.append(el("span", "seat-no", String(i + 1)));
      if (l.to_act === i && match.status !== "finished") seat.classList.add("to-act");
      if (cur.sitting_out === i) seat.classList.add("out");
      seat.append(el("strong", "", name));
      const tags = [];
      if (cur.dealer === i) tags.push(L.dealer);
      if (cur.bidder === i) tags.push(L.bidder);
      if (cur.declarer === i) tags.push(L.declarer);
      if (cur.sitting_out === i) tags.push(L.sitsOut);
      if (l.to_act === i && match.status !== "finished") tags.push(L.toAct);
      // each tag whole on a line of its own if the seat is narrow (a phone's four seats)
      const tagged = el("small");
      tags.forEach((t, n) => tagged.append(n ? " " : "", el("span", "tag", (n ? "· " : "") + t)));
      seat.append(tagged);
      const slot = el("div", "slot");
      if (onTable[i]) slot.append(cardEl(onTable[i]));
      seat.append(slot);
      if (entering) {
        // the cards entered for this seat; tap the seat to enter its cards
        seat.classList.toggle("dealing", dealing.seat === i);
        const dealt = el("div", "dealt");
        dealing.hands[i].forEach((c) => dealt.append(cardEl(c)));
        seat.append(dealt, el("small", "", dealing.hands[i].length + "/" + C.deal_size));
        seat.setAttribute("role", "button");
        seat.tabIndex = 0;
        seat.addEventListener("click", () => { dealing.seat = i; render(match, legal); });
      }
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
    // a list of announcements the scorer unfolded stays unfolded when a poll redraws the
    // same seat's turn (else the tap aimed at it lands on a folded list)
    const unfolded = actions.querySelector("details.announce[open]");
    const keepOpen = unfolded !== null && unfolded.dataset.turn === l.hand + ":" + l.to_act;
    actions.textContent = "";
    deck.textContent = "";
    deck.hidden = true;
    $("pad-deck-note").hidden = true;
    const kinds = byKind(l.actions || []);
    const who = names[l.to_act];
    if (m.status === "finished") {
      prompt.textContent = L.finished;
      return;
    }
    if (queued.length && l.phase !== "playing") {
      // what may follow a queued entry is the server's to say: wait for it
      prompt.textContent = fmt(L.sending, { n: queued.length });
      return;
    }
    if (kinds.deal && dealing && dealing.hand === l.hand) {
      renderDealing(kinds.deal, cur, prompt, actions, deck);
    } else if (kinds.deal) {
      prompt.textContent = fmt(kinds.deal.some((a) => a.trump_card) ? L.dealCard : L.deal, { name: names[cur.dealer] });
      const withCard = kinds.deal.filter((a) => a.trump_card);
      if (withCard.length) {
        deck.hidden = false;
        const offered = new Set(withCard.map((a) => a.trump_card));
        fillDeck(deck, (c) => pick(c, offered.has(c) ? { kind: "deal", trump_card: c } : null, true));
      }
      kinds.deal.filter((a) => !a.trump_card).forEach((a) => actions.append(button(L.dealButton, a, "primary big")));
      const enter = el("button", "big deal-enter", L.dealCards);
      enter.type = "button";
      enter.addEventListener("click", () => {
        const seats = names.length;
        const first = Number.isInteger(cur.dealer) ? (cur.dealer + 1) % seats : 0;
        dealing = { hand: l.hand, seat: first, hands: names.map(() => []), order: [] };
        render(match, legal);
      });
      actions.append(enter);
    } else if (kinds.call) {
      prompt.textContent = fmt(L.call, { name: who });
      // a suit contract (Belote) is its suit's mark and name; the others by name
      const suitCall = (c) => Object.keys(SUIT_CALL).find((s) => c === SUIT_CALL[s]);
      kinds.call.forEach((a) => {
        const s = C.french && suitCall(a.call);
        const label = s ? suitEl(s) : L[a.call] || W[a.call] || a.call; // "pasar" on its button
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
      box.dataset.turn = l.hand + ":" + l.to_act;
      box.open = keepOpen || announced.length <= 6;
      box.append(el("summary", "", fmt(L.announce, { n: announced.length })));
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
      // lists as legal is plain; any other is dimmed but may still be tapped (while entries
      // wait in the queue the list is out of date: every card left is plain)
      deck.hidden = false;
      const played = new Set((cur.tricks || []).flatMap((t) => t.cards).concat((cur.trick || []).map((p) => p.card))
        .concat(queued.filter((b) => b.card).map((b) => b.card)));
      const listed = new Set(queued.length ? C.deck : (kinds.play || []).map((a) => a.card));
      fillDeck(deck, (c) => pick(c, played.has(c) ? null : { kind: "play", card: c }, listed.has(c)));
      $("pad-deck-note").hidden = !deck.querySelector(".unlisted"); // what the dimmed ones mean
    }
    Object.keys(kinds).filter((k) => !["deal", "call", "bid", "trump", "play", "cante", "declaration", "belote"].includes(k))
      .forEach((k) => kinds[k].forEach((a) => actions.append(button(JSON.stringify(a), a))));
  }

  // every seat's cards, tapped into the seat being entered (it moves on when full); then,
  // where the deal shows a trump card, the dealer's card that was shown
  function renderDealing(deals, cur, prompt, actions, deck) {
    const owner = {};
    dealing.hands.forEach((cards, s) => cards.forEach((c) => { owner[c] = s; }));
    const full = dealing.hands.every((cards) => cards.length === C.deal_size);
    const shows = deals.filter((a) => a.trump_card);
    deck.hidden = false;
    if (full && shows.length) {
      prompt.textContent = fmt(L.dealTrump, { name: names[cur.dealer] });
      const offered = new Set(shows.map((a) => a.trump_card));
      const mine = new Set(dealing.hands[cur.dealer]);
      fillDeck(deck, (c) => pick(c, mine.has(c) && offered.has(c)
        ? { kind: "deal", trump_card: c, deal: dealing.hands } : null, true));
    } else if (full) {
      prompt.textContent = L.dealDone;
      actions.append(button(L.dealSend, Object.assign({}, deals[0], { deal: dealing.hands }), "primary big"));
      deck.hidden = true;
    } else {
      const s = dealing.seat;
      prompt.textContent = fmt(L.dealSeat, { name: names[s], n: dealing.hands[s].length, size: C.deal_size });
      fillDeck(deck, (c) => {
        const b = cardEl(c, "button");
        b.type = "button";
        if (owner[c] !== undefined) {
          b.classList.add("taken");
          b.setAttribute("aria-pressed", "true");
          b.append(el("span", "who", String(owner[c] + 1)));
        }
        b.addEventListener("click", () => dealTap(c, owner[c]));
        return b;
      });
    }
    const again = el("button", "big", L.dealClear);
    again.type = "button";
    again.addEventListener("click", () => { dealing = null; render(match, legal); });
    if (dealing.order.length) {
      const last = dealing.order[dealing.order.length - 1];
      $("pad-entry").textContent = L.lastEntry + ": " + fmt(L.dealEntry, { card: cardSaid(last.card), name: names[last.seat] });
    }
    actions.append(again);
  }

  function dealTap(card, from) {
    const hands = dealing.hands;
    if (from !== undefined) {
      hands[from].splice(hands[from].indexOf(card), 1); // a card tapped again goes back
      dealing.order = dealing.order.filter((t) => t.card !== card);
      dealing.seat = from;
    } else if (hands[dealing.seat].length < C.deal_size) {
      hands[dealing.seat].push(card);
      dealing.order.push({ card: card, seat: dealing.seat });
      // on to the next seat that still needs cards
      for (let k = 0; k < names.length && hands[dealing.seat].length === C.deal_size; k++) {
        dealing.seat = (dealing.seat + 1) % names.length;
      }
    }
    render(match, legal);
  }

  function pick(card, event, listed) {
    const b = cardEl(card, "button");
    b.type = "button";
    b.disabled = !event;
    if (event && !listed) {
      b.classList.add("unlisted");
      b.append(el("span", "visually-hidden", " · " + L.unlisted));
    }
    if (event) b.addEventListener("click", () => send(event));
    return b;
  }

  // what the legal list does not offer, for the scorer to record what happened at the
  // table (the server judges it): any cante of the notation, and a penalty
  function renderOther(cur, l) {
    const other = $("pad-other-actions");
    other.textContent = "";
    const open = match.status !== "finished" && (l.phase === "playing" || l.phase === "complete");
    $("pad-other").hidden = !open;
    if (!open) return;
    // only the seats that play the hand (the server says which: one may sit it out)
    const inHand = new Set(l.in_hand || names.map((_, i) => i));
    if (l.phase === "playing") {
      other.append(el("p", "muted", L.otherCante));
      const cantes = el("div", "actions");
      C.cantes.filter((a) => inHand.has(a.seat)).forEach((a) => cantes.append(button(canteLabel(a), a)));
      other.append(cantes);
    }
    if (!C.may_organise) return; // a penalty is an organiser's decision
    other.append(el("p", "muted", L.penalty));
    const penalties = el("div", "actions");
    names.forEach((n, i) => inHand.has(i) && C.penalty_rules.forEach((rule) => penalties.append(
      penaltyButton(i, rule))));
    other.append(penalties);
  }

  $("pad-undo").addEventListener("click", undo);
  net.refresh(true).catch(() => { $("pad-error").textContent = L.network; }).then(() => net.flush());
})();
