// What the scoring pad draws from what it read, knowing no rule: the cards and suits as
// the site's card tag draws them, every entry in the reader's words ("7♣ de Hugo (mano 1,
// baza 8)"), and the strips above the prompt — the score, the hand as it stands, the
// auction, the last hand, the trick and the tricks, the queue. Everything comes from the
// page's #pad-config (games/pad.py) and the server's reads; score.js does the rest.
(function () {
  "use strict";
  window.PadView = function (C) {
    const L = C.labels;
    const W = C.words; // the notation's words as the match page says them (rounds.WORDS)
    const names = C.names;
    const MARK = C.marks; // the suits' marks as the card tag draws them (French or Spanish)
    const $ = (id) => document.getElementById(id);
    const RANK = C.faces; // a rank as its card draws it (the Spanish 12, 11, 10: R, C, S)
    // the suit contracts by the suit's letter (Belote's "hearts"), as the notation writes them
    const SUIT_CALL = C.suit_calls;
    const fmt = (text, vars) => text.replace(/%\((\w+)\)s/g, (_, k) => vars[k]);
    const suitName = (s) => C.suits[s] || s;
    // a card in words for a sentence: French ones as drawn (7♣), Spanish ones by name
    const cardSaid = (c) => C.french ? c.slice(0, -1) + (MARK[c.slice(-1)] || "")
      : fmt(L.cardTitle, { rank: C.ranks[c.slice(0, -1)] || c.slice(0, -1), suit: suitName(c.slice(-1)) });
    const unitName = (u) => u.seats.map((s) => names[s]).join(" & ");

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

    function entryText(b) {
      if (b.card) return cardSaid(b.card);
      if (b.kind === "penalty") return fmt(L.penaltyFor, { name: names[b.seat], rule: b.rule });
      if (b.kind === "cante") return canteLabel(b);
      if (b.kind === "declaration" || b.kind === "belote") return announceLabel(b);
      if (b.kind === "deal") return b.trump_card ? L.dealt + " · " + L.trump + " " + cardSaid(b.trump_card) : L.dealt;
      if (b.kind === "trump") return L.trump + " " + suitName(b.suit);
      const word = b.bid !== undefined ? b.bid : b.call;
      return W[word] || L[word] || String(word !== undefined ? word : b.kind);
    }

    // "7♣ de Hugo (mano 1, baza 8)": the event an undo takes back
    function describe(entry) {
      const e = entry.event;
      if (e.kind === "play" && entry.trick) {
        return fmt(L.entryCard, { card: cardSaid(e.card), name: names[e.seat], hand: entry.hand, trick: entry.trick });
      }
      // penalties, cantes and announcements name their seat already
      const named = ["penalty", "cante", "declaration", "belote"].includes(e.kind);
      const who = Number.isInteger(e.seat) && !named ? " · " + names[e.seat] : "";
      return fmt(L.entryOther, { what: entryText(e) + who, hand: entry.hand });
    }

    function announceLabel(a) {
      const who = Number.isInteger(a.seat) ? " · " + names[a.seat] : "";
      if (a.kind === "belote") return W.belote + " " + (MARK[a.suit] || a.suit) + who;
      const cards = (a.cards || []).map((c) => c.slice(0, -1) + (MARK[c.slice(-1)] || "")).join(" ");
      return (W[a.type] || a.type) + " " + cards + who;
    }

    function canteLabel(a) {
      if (a.tute) return fmt(L.tute, { rank: L["tute" + a.tute] || a.tute, name: names[a.seat] });
      return L.cante + " " + suitName(a.suit) + " · " + names[a.seat];
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
        status.append(" · ", s ? suitEl(s) : W[cur.contract] || cur.contract, " · " + names[cur.declarer]);
        if (cur.multiplier > 1) status.append(" ×" + cur.multiplier);
      }
      if (cur.declaration && cur.declaration !== "plain") status.append(" · " + (W[cur.declaration] || cur.declaration));
    }

    // the hand as it stands, as the server reads it: tricks and points per scoring unit (in
    // the score's order), then the declarations, belotes and cantes recorded, with their value
    function renderHand(m, cur, l) {
      const box = $("pad-hand");
      box.textContent = "";
      const units = m.units || [];
      const tricks = cur.tricks || [];
      box.hidden = !cur.hand || cur.phase === "deal" || !units.length;
      if (box.hidden) return;
      const unitOf = (seat) => units.findIndex((u) => u.seats.includes(seat));
      const won = units.map((u, i) => tricks.filter((t) => unitOf(t.winner) === i).length);
      const line = el("span", "hand-line");
      line.append(el("span", "", L.tricks + " " + won.join("–")));
      const points = cur.points || cur.card_points;
      if (points && !cur.void) line.append(" · ", el("span", "hand-points", L.handPoints + " " + units.map((u) => points[u.unit]).join("–")));
      box.append(line);
      const said = [];
      (cur.declarations || []).forEach((d) => said.push(announceLabel(Object.assign({ type: d.kind }, d)) + " " + d.value));
      if (cur.belote_pending) said.push(announceLabel({ kind: "belote", suit: cur.belote_pending.suit, seat: cur.belote_pending.seat }) + " …");
      (cur.cantes || []).forEach((c) => said.push(canteLabel(c) + (c.value ? " " + c.value : "")));
      if (cur.tute) said.push(canteLabel({ seat: cur.tute.seat, tute: cur.tute.rank }));
      if (!said.length) return;
      const list = el("span", "hand-said");
      said.forEach((text) => list.append(el("span", "badge declared", text)));
      box.append(list);
    }

    // the last entry stored (what the undo button would take back)
    function renderEntry(l) {
      const box = $("pad-entry");
      box.textContent = l.last_entry ? L.lastEntry + ": " + describe(l.last_entry) : "";
    }

    function renderSpeech(l) {
      const box = $("pad-speech");
      box.textContent = "";
      const said = l.speech || [];
      box.hidden = !said.length;
      if (!said.length) return;
      box.append(el("strong", "", L.speech + ": "));
      // a phone shows the latest round of calls (one per seat) after "…", wrapped: the
      // earlier ones are marked for its stylesheet to leave out, never cut mid-word
      const earlier = said.length - names.length;
      if (earlier > 0) box.append(el("span", "said-more", "… "));
      said.forEach((s, i) => {
        const word = s.text === "pass" ? L.passes : W[s.text] || L[s.text] || s.text;
        const item = el("span", i < earlier ? "said earlier" : "said");
        item.append(i ? " · " : "", names[s.seat] + " " + word);
        box.append(item);
      });
    }

    // the latest complete hand: what it gave each unit and, when a penalty ended it, which
    function renderLast(m, l) {
      const box = $("pad-last");
      const last = l.last_hand;
      box.textContent = "";
      box.hidden = !last;
      if (!last) return;
      const points = (m.units || []).map((u) => u.seats.map((s) => names[s]).join(" & ")
        + " " + (last.delta[u.unit] >= 0 ? "+" : "") + last.delta[u.unit]).join(" · ");
      const p = last.penalty;
      box.textContent = p
        ? fmt(L.lastPenalty, { hand: last.number, rule: p.rule, name: names[p.seat], points: points })
        : fmt(L.lastHand, { hand: last.number, points: points });
      box.classList.toggle("penalty", !!p);
    }

    function renderTricks(cur) {
      const trick = $("pad-trick");
      trick.textContent = "";
      $("pad-trick-title").hidden = !(cur.trick || []).length;
      $("pad-tricks-title").hidden = !(cur.tricks || []).length;
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

    function renderQueue(q) {
      const box = $("pad-queue");
      const n = q.queued.length;
      box.textContent = "";
      box.hidden = !n;
      box.classList.toggle("offline", q.offline);
      if (!n) return;
      if (q.offline) box.append(n === 1 ? L.offlineOne : fmt(L.offline, { n: n }));
      else box.append(fmt(L.sending, { n: n }));
      const list = el("span", "queued");
      q.queued.forEach((b) => list.append(" ", b.card ? cardEl(b.card) : el("span", "badge", entryText(b))));
      box.append(list);
    }

    // Without a connection, what the pad shows is what the server last sent (the
    // service worker's stored copy, or the last answer before the connection went):
    // said, with the server's time, until it answers again (``source`` null)
    function renderSource(source, lang) {
      const box = $("pad-offline");
      box.hidden = !source;
      if (!source) return;
      const at = source.since ? new Date(source.since) : null;
      box.textContent = at && !isNaN(at)
        ? fmt(L.storedAt, { time: at.toLocaleTimeString(lang || undefined, { hour: "2-digit", minute: "2-digit" }) })
        : L.stored;
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

    return {
      fmt, el, cardEl, suitEl, suitName, cardSaid, unitName, SUIT_CALL, entryText, describe,
      announceLabel, canteLabel, fillDeck, renderQueue, renderSource, renderScore, renderStatus,
      renderHand, renderEntry, renderSpeech, renderLast, renderTricks,
    };
  };
})();
