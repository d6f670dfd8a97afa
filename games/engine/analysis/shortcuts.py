"""The search's shortcuts (:class:`~.solver.Solver` inherits them): the moves of a
position with equivalent cards merged and the likely best first, bounds of the rest of
a hand at a trick start, and the forced last trick counted without search. Each one
only prunes: the tests check that turning them off never changes a value
(tests/engine/analysis)."""

from __future__ import annotations

from typing import Any

from .position import bits
from .space import NONE

#: move orders kept per kind (leads, follows) before the cache starts again
MOVES_KEPT = 1 << 18


class Shortcuts:
    """Methods reading the solver's hot-path attributes (set by ``Solver.__init__``)."""

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

    @staticmethod
    def _kept(cache: dict[int, list[int]], key: int, moves: list[int]) -> list[int]:
        """``moves`` stored under ``key`` (the cache emptied when full: memory stays bounded)."""
        if len(cache) >= MOVES_KEPT:
            cache.clear()
        cache[key] = moves
        return moves

    def _bounds(self, leader: int, sung: int, won: int) -> tuple[int, int]:
        """Bounds of the rest of the hand at a trick start ``leader`` leads.

        Neither side can win more than is still to win: the cards' points, the last
        trick, the cantes its seats can still sing (a seat of the side holds the 12 and
        the 11 of a suit not sung), a capot while it is open. And some of it is sure:
        a trump higher than every trump the other side holds wins the trick it is
        played in (C8/B6: only a higher trump beats a trump, and the only ones left are
        the holder's side's), and every card is played before the hand ends, so the
        side takes at least those trumps' points — and at least one trick, which
        closes the other side's capot. The leader's side also takes its quick tricks
        (:meth:`_quick`), and the leader, holding a pair and a quick trick to lead with
        another card, sings after it."""
        h, counted = self.h, self.counted
        up = down = 0
        for pair, value in self.open_cantes[sung]:
            for s in self.up_singers:
                if h[s] & pair == pair:
                    up += value
                    break
            for s in self.down_singers:
                if h[s] & pair == pair:
                    down += value
                    break
        tm = self.trump_mask
        mine_sure = theirs_sure = 0
        if tm:
            mine = theirs = 0
            for s in self.active:
                if counted[s]:
                    mine |= h[s]
                else:
                    theirs |= h[s]
            mine &= tm
            theirs &= tm
            # the trumps above the other side's best (the lowest index is the best)
            mine_sure = mine & ((theirs & -theirs) - 1) if theirs else mine
            theirs_sure = theirs & ((mine & -mine) - 1) if mine else theirs
        quick, quick_tricks, all_tricks, first = self._quick(leader)
        ours = counted[leader]
        # a cante the leader surely sings: it cashes its quick tricks starting with a
        # card of no pair it holds, and sings a cante after that first trick (singing
        # is never worse, Solver._after): the trump's, if it holds it, first and alone
        # (C9); holding it but leading its 12 or 11, any other. (Only the leader's own
        # pairs: a partner may have to follow or trump with its 12 or 11.)
        sure_cante = 0
        lead = h[leader]
        if first and leader in self.singers[leader]:
            for suit, pair in self.open_pairs[sung]:  # the trump suit's first
                if lead & pair == pair and first & ~pair:
                    value = self.cante_values[suit]
                    if value > sure_cante:
                        sure_cante = value
                    if suit == self.trump:
                        break
        if self.tricks:
            k = h[leader].bit_count()
            low = 1 if mine_sure else 0
            high = k - (1 if theirs_sure else 0)
            if ours:
                low = max(low, quick_tricks)
            else:
                high = min(high, k - quick_tricks)
            return low, high
        most = self.rem + self.last_bonus
        if all_tricks:  # the leader's side takes every trick left: all of it, and the
            # other side sings no more (a cante follows a trick won)
            if self.capot and not won & (2 if ours else 1):
                most += self.capot_bonus
            return (most + sure_cante, most + up) if ours else (-most - down, -most - sure_cante)
        mine_sure = self.trump_points[mine_sure >> self.trump_shift]
        theirs_sure = self.trump_points[theirs_sure >> self.trump_shift]
        if ours:
            mine_sure += quick
        else:
            theirs_sure += quick
        low = 2 * mine_sure - most - down
        high = most + up - 2 * theirs_sure
        if ours:
            low += sure_cante
        else:
            high -= sure_cante
        if self.capot:
            if not (mine_sure or (ours and quick_tricks) or won & 1):
                low -= self.capot_bonus  # the other side may still take every trick
            if not (theirs_sure or (not ours and quick_tricks) or won & 2):
                high += self.capot_bonus
        return low, high

    def _quick(self, leader: int) -> tuple[int, int, bool, int]:
        """The leader's quick tricks, as DDS counts them: the cards of a suit it holds
        above every other card of the suit still in play win one after another while
        each seat that could trump still follows the suit (C7/B6: a seat void in the
        led suit must trump when it can; a master card cannot be beaten). Led at once,
        they keep the lead, and a side suit's stop at the first seat that runs out of it
        and holds a trump. Returns the points they surely bring the leader's side —
        its own side-suit masters (its master trumps are counted as sure trumps) and
        the other side's poorest cards of the suit, as many as it must follow with —
        the number of such tricks, whether they are all the tricks left, and the cards
        that start them (a suit's highest: any one of them may be led first).

        Why a card the other side plays is surely the leader's side's: in the tricks of
        a suit led k times, a seat with n cards of it plays at least min(k, n) of them
        (it follows while it can), and every card of those tricks is the leader's
        side's. Holdings are those of now, so cashing one suit first never changes what
        another suit's count assumed: trumps only run out."""
        h, counted, tm, trump, r = self.h, self.counted, self.trump_mask, self.trump, self.r
        side = counted[leader]
        lead = h[leader]
        others = 0
        ruffers = []
        opponents = []
        for s in self.active:
            if s == leader:
                continue
            x = h[s]
            others |= x
            if x & tm:
                ruffers.append(x)
            if counted[s] != side:
                opponents.append(x)
        pts = tricks = 0
        cards = 0  # the card each suit's run of quick tricks starts with
        for suit, sm in enumerate(self.suit_mask):
            mine = lead & sm
            if not mine:
                continue
            rest = others & sm
            top = mine & ((rest & -rest) - 1) if rest else mine
            if not top:
                continue
            k = top.bit_count()
            shift = suit * r
            if suit != trump:
                for x in ruffers:
                    n = (x & sm).bit_count()
                    if n < k:
                        k = n
                if not k:
                    continue
                pts += self.rich[suit][top >> shift][k]
            cards |= top & -top  # its highest, the richest: one of the k counted
            tricks += k
            poor = self.poor[suit]
            for x in opponents:
                y = (x & sm) >> shift
                if y:
                    sums = poor[y]
                    pts += sums[k] if k < len(sums) else sums[-1]
        return pts, tricks, tricks == lead.bit_count(), cards

    def _last_trick(self, leader: int, won: int) -> int:
        """Every hand holds one card: the trick is forced (no search)."""
        h, order, r, trump, points = self.h, self.order, self.r, self.trump, self.points
        self.nodes += 1
        # the trick's winner as _play finds it (C8/B6), without building the trick
        high = h[leader].bit_length() - 1
        lead = high // r
        high_trump = high if lead == trump else NONE
        winner, pts = leader, points[high]
        seat = order[leader]
        while seat != leader:
            c = h[seat].bit_length() - 1
            pts += points[c]
            suit = c // r
            if suit == lead and c < high:
                high = c
                if high_trump == NONE or suit == trump:
                    winner = seat
                if suit == trump:
                    high_trump = c
            elif suit == trump and suit != lead and (high_trump == NONE or c < high_trump):
                high_trump, winner = c, seat
            seat = order[seat]
        mine = self.counted[winner]
        if self.tricks:
            return 1 if mine else 0
        pts += self.last_bonus
        if self.capot and (won | (1 if mine else 2)) != 3:
            pts += self.capot_bonus
        return pts if mine else -pts
