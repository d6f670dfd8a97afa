"""The search's move generation (:class:`~.solver.Solver` inherits it, through
:class:`~.shortcuts.Shortcuts`). As a double-dummy solver does:

- **equivalent cards merged**: two cards of one hand next to each other in a suit, worth
  the same points and neither a 12 or 11 (a cante may need it) are one move. The DDS rule
  alone would merge 1 and 3 of a suit, which are worth 11 and 10 points: not the same
  move in a points game; in a hand counted in tricks (a cuatrola/quintola) points do not
  matter: the DDS rule;
- **runs of equal cards packed** at every trick start (Subastao's 7 6 5 4 of a suit,
  :func:`~.tables.rank_blocks`): the ones still in play renumbered from the run's top, so
  positions that differ only in which of them were played are one table entry, and
  cards that had a played card between them are next to each other (merged);
- **move ordering**: the table's best lead first, then the lead that last cut off at
  the same seat and trick (a killer move), then the suits the other side has the fewest
  answers to (a smaller proof: about a fifth fewer nodes in Belote); a follower wins the
  trick with a card no seat of the other side still to play can beat (richest first),
  else cheaply; it gives points to a partner's winning card only if none of them can
  beat it, or to a partner still to play that must beat the trick when the other side
  has played (Subastao's two), and throws its cheapest card when it cannot win.

Each only prunes or orders: the tests check that turning them off never changes a value
(tests/engine/analysis)."""

from __future__ import annotations

from typing import Any

from .position import bits
from .space import NONE

#: move orders kept per kind (leads, follows) before the cache starts again
MOVES_KEPT = 1 << 18


class Ordering:
    """Methods reading the solver's hot-path attributes (set by :func:`~.prepared.prepare`
    and ``Solver.__init__``)."""

    # the Solver attributes these read, for the type checker
    h: list[int]
    spec: Any
    points: tuple[int, ...]
    counted: tuple[bool, ...]
    active: tuple[int, ...]
    r: int
    trump: int
    suit_mask: tuple[int, ...]
    above: tuple[int, ...]
    adjacent: int
    lead_order: list[int]
    beats: list[int]
    lead_moves: dict[int, list[int]]
    follow_moves: dict[int, list[int]]
    _bits: int
    merge: bool
    ordering: bool
    hint: int
    tricks: bool
    capot: bool
    capot_bonus: int
    last_bonus: int
    rem: int
    open_cantes: list[list[tuple[int, int]]]
    open_pairs: list[list[tuple[int, int]]]
    cante_values: tuple[int, ...]
    singers: tuple[tuple[int, ...], ...]
    up_singers: tuple[int, ...]
    down_singers: tuple[int, ...]
    rich: list[list[list[int]]]
    poor: list[list[list[int]]]
    trump_mask: int
    trump_shift: int
    trump_points: list[int]
    order: tuple[int, ...]
    size: int
    killers: list[int]
    later: list[tuple[int, ...]]
    partners_later: list[tuple[int, ...]]
    opponents: list[tuple[int, ...]]
    alone: tuple[int, ...]
    suits: range
    reply_bits: int
    nodes: int
    shift: list[int]
    tt: dict[int, tuple[int, int, int]]
    blocks: list[tuple[int, int, int, list[int]]]
    touched: dict[int, list[tuple[int, int, int, list[int]]]]

    def _pack(self, cards: int) -> list[int] | None:
        """Pack the runs of equal cards (:func:`rank_blocks`) that ``cards`` (a trick's)
        left with a gap; the hands as they were when any changed (to put back), else
        None."""
        h = self.h
        # the runs the trick touched, worked out once per set of their cards
        blocks = self.touched.get(cards)
        if blocks is None:
            blocks = self.touched[cards] = [b for b in self.blocks if cards & b[2]]
            if not blocks:
                return None
        saved = None
        in_play = 0
        for x in h:  # a seat out of play holds nothing
            in_play |= x
        for lo, n, mask, table in blocks:
            m = (in_play & mask) >> lo
            if not m & (m + 1):  # already packed (the run's strongest places)
                continue
            if saved is None:
                saved = h[:]
            m <<= n
            for s, x in enumerate(h):
                y = (x & mask) >> lo
                if y:
                    h[s] = x ^ y << lo | table[m | y] << lo
        return saved

    def _moves(self, seat: int, legal: int, n: int, winner: int, top: int, lead: int) -> list[int]:
        """The legal cards as moves, best first; ``legal`` has two cards or more, and
        one per group of equivalent cards (``_play`` merges them before: a single move
        needs no call).

        Equivalent: two cards of one seat next to each other in a suit (no card ranks
        between them, in play or not) that score alike and are no cante's (``adjacent``,
        :func:`~.tables.merge_masks`; in a hand counted in tricks, any two: the DDS
        rule). The search keeps the runs of equal cards packed at trick starts
        (:meth:`_pack`), so cards that had a card between them which has been played are
        next to each other here; a card on the table still separates them, as it must.

        ``top`` is the trick's winning card so far and ``lead`` its led suit. The list
        returned may be shared (kept for the next node with the same key): the caller
        only reads it."""
        if not self.ordering:
            return bits(legal)
        # The order is a function of the legal cards and a few facts alone, so it is
        # worked out once per such facts and kept (a node then costs a dict probe, not a
        # sort). Whatever the order comes to depend on must be in its key.
        if n == 0:
            # the table's best lead first, then the lead that last cut off at this seat
            # and hand size (a killer move: the sibling positions of a trick often fall to
            # the same lead), then by the other side's replies (below), then the top of
            # a suit, richest first
            hint = self.hint
            self.hint = NONE
            h = self.h
            killer = self.killers[h[seat].bit_count() << 2 | seat]
            # the other side's replies to a lead of each suit: the cards of it each
            # seat holds, or, void, its trumps (it must ruff) or its whole hand; 5 bits
            # a suit. Fewest first: a proof that the lead is good enough is smaller
            # when the other side has fewer answers to try (and a short suit is where
            # its cards are forced)
            replies = 0
            sm, tm = self.suit_mask, self.trump_mask
            for suit in self.suits:
                count = 0
                for s in self.opponents[seat]:
                    x = h[s]
                    y = x & sm[suit]
                    if y:
                        count += y.bit_count()
                    else:  # (counting a ruff as worse measured worse, in both games)
                        count += (x & tm).bit_count() or x.bit_count()
                replies = replies << 5 | min(count, 31)
            key = ((legal << 6 | (hint + 1)) << 6 | (killer + 1)) << self.reply_bits | replies
            moves = self.lead_moves.get(key)
            if moves is None:
                order, r, first = self.lead_order, self.r, self.reply_bits - 5
                # (no closure for the sort: the compiled form cannot have one here)
                keyed = [
                    ((replies >> (first - 5 * (c // r)) & 31) << 12 | (order[c] + 1024), c)
                    for c in bits(legal)
                ]
                keyed.sort()
                moves = [c for _, c in keyed]
                if killer in moves and killer != hint:
                    moves.remove(killer)
                    moves.insert(0, killer)
                if hint in moves:
                    moves.remove(hint)
                    moves.insert(0, hint)
                moves = self._kept(self.lead_moves, key, moves)
            return moves
        # the cards that would take the trick from ``top`` (tables.beat_masks), and of
        # them the sure winners: those no seat of the other side still to play can beat
        # (a winner they can beat gives them its points)
        beats = legal & self.beats[top]
        # the cards of the led suit and trumps those seats could beat (C7/C8: a higher
        # card of the led suit; void in it, any trump, which beats every card of the led
        # suit and every lower trump); inlined, a call costs more than the loop
        beaten = 0
        later = self.later[n << 2 | seat]
        if later:
            h = self.h
            lm, tm = self.suit_mask[lead], self.trump_mask
            for s in later:
                x = h[s] & lm
                if x:  # it follows: every card of the suit below its best
                    beaten |= lm & -((x & -x) << 1)
                else:
                    x = h[s] & tm
                    if x:  # it ruffs: the led suit, and every trump below its best
                        beaten |= lm | tm & -((x & -x) << 1)
        if self.counted[winner] != self.counted[seat]:
            code, sure = 0, beats & ~beaten
            if not later:
                # the other side has played: a partner still to play that will beat
                # the trick's card (it must: C7) takes it, so give it points
                h = self.h
                lm, tm = self.suit_mask[lead], self.trump_mask
                for s in self.partners_later[n << 2 | seat]:
                    x = h[s] & lm or h[s] & tm
                    if x & self.beats[top]:
                        code = 3
                        break
        elif beaten >> top & 1:  # the partner's card will not hold: take it over surely
            code, sure = 2, beats & ~beaten
        else:  # the partner's card holds: give it points
            code, sure = 1, 0
        key = ((legal << self._bits | beats) << self._bits | sure) << 2 | code
        moves = self.follow_moves.get(key)
        if moves is None:
            points = self.points
            cards = bits(legal)
            if code == 1:
                keyed = [(-points[c] + (50 if beats >> c & 1 else 0), c) for c in cards]
            elif code == 3:  # take it or give it to the partner: richest first
                keyed = [(-points[c], c) for c in cards]
            elif code == 2:  # a sure winner, richest first, or the cheapest card
                keyed = [((-200 - points[c]) if sure >> c & 1 else points[c], c) for c in cards]
            else:  # win it surely (richest first), or cheaply, or throw the cheapest card
                keyed = [
                    (
                        (-200 - points[c])
                        if sure >> c & 1
                        else (points[c] - 100 if beats >> c & 1 else points[c]),
                        c,
                    )
                    for c in cards
                ]
            keyed.sort()
            moves = self._kept(self.follow_moves, key, [c for _, c in keyed])
        return moves

    def _dominant(
        self, seat: int, legal: int, n: int, winner: int, top: int, tmask: int, sung: int
    ) -> int:
        """The legal cards less those another one dominates (merging's sequel: the
        search plays only the cards left).

        Two cards of one suit with no card between them in play (tables.near_pairs) and
        no 12 or 11 of a cante still open: each leaves the trick's winner the same, in
        every continuation (both rank alike against every other card in play), and the
        rest of the hand is the same game with the two swapped. If the card played now
        scores ``p1`` and the one kept ``p2``, and the kept one falls later in a trick of
        the side ``e2`` (+1 the counted side, -1 the other), the margin of a line
        differs from the swapped line's by ``(p1 - p2) * (e1 - e2)``, ``e1`` the side
        taking this trick. When ``e1`` is the same in every continuation — the trick's
        last card, or the card that will win the trick (the one played, if it beats the
        top, else the top) cannot be beaten by any seat of the other side still to play
        (it holds no card that would: a partner overtaking keeps the side) — that is
        never negative with ``p1 >= p2`` and the counted side taking the trick, never
        positive with the other side: the seat loses nothing by giving the richer card
        to its side's trick and the poorer one to the other side's, and the other card
        need not be searched (ties: the stronger card stays)."""
        h = self.h
        in_play = tmask
        for x in h:
            in_play |= x
        excluded = self.open_cards[sung]
        # the side that takes the trick after either card, so far: the seat's if it
        # leads or beats the top card (both do or neither), else the winner's
        own = n == 0 or self.counted[winner] == self.counted[seat]
        last = n + 1 == self.size
        ahead = n << 2 | seat
        near, nb, points, bit, beats = self.near, self._bits, self.points, self.bit, self.beats
        out = legal
        prev = -1
        x = legal
        while x:
            c = (x & -x).bit_length() - 1
            x ^= bit[c]
            if prev >= 0 and not (bit[c] | bit[prev]) & excluded:
                pair = near[prev * nb + c]
                if pair is not None and not in_play & pair[0]:
                    if n == 0 or beats[top] >> c & 1:
                        mine, high = True, c
                    else:
                        mine, high = own, top
                    fixed = True
                    if not last:  # no seat of the other side still to play beats it
                        beaten = beats[high]
                        for s in self.later[ahead] if mine else self.partners_later[ahead]:
                            if h[s] & beaten:
                                fixed = False
                                break
                    if fixed:
                        if mine:  # its side's trick: the richer card
                            drop = c if points[prev] >= points[c] else prev
                        else:  # the other side's: the poorer one
                            drop = c if points[prev] <= points[c] else prev
                        out &= ~bit[drop]
            prev = c
        return out

    @staticmethod
    def _kept(cache: dict[int, list[int]], key: int, moves: list[int]) -> list[int]:
        """``moves`` stored under ``key`` (the cache emptied when full: memory stays bounded)."""
        if len(cache) >= MOVES_KEPT:
            cache.clear()
        cache[key] = moves
        return moves
