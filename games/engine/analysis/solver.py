"""The perfect-information search: alpha-beta with a transposition table (ANALYSIS.md).

:class:`Solver` finds the value of a :class:`~.position.Position` with best play: the
counted side maximises, every other seat minimises. It keeps the position in mutable
locals (one int per hand, the trick's led suit, highest cards and winner) and, as a
double-dummy solver does:

- a **transposition table** at trick starts, keyed by the hands, the leader, the suits
  sung (a cante nobody can sing any more counts as sung: the same rest of the hand)
  and which sides have won a trick; it holds bounds (lower, upper) of the value of
  the rest of the hand, so it serves any window and any position the hand reaches again;
- **equivalent cards merged**, **runs of equal cards packed** and **move ordering**
  (:mod:`.ordering`: the table's best lead, a killer, the suits the other side has the
  fewest answers to; a follower's sure winners, or cheap cards);
- **bounds** at trick starts, after the table's probe (:meth:`~.shortcuts.Shortcuts._bounds`:
  what is still to win, the cantes still possible, less what the other side surely takes
  with its top trumps and the leader's quick tricks) cut a window off unsearched;
- a **cante choice** searched over the cantes only: not singing is never better for the
  side (:meth:`Solver._after`);
- the last trick is counted without search (every card is forced) and never stored.

The exact value: MTD(f), zero-window tests stepping from a guess by the fail-soft
values they return (each reusing the table), bisection only after a long walk; where the
counted side has fewer seats than the other, climbing past a success (``climb``).

``use_tt``, ``merge``, ``ordering``, ``bounds`` and ``ranks`` (the packing) turn each off
(the benchmark's plain alpha-beta; the tests' "never changes a value"). ``node_limit``
and ``deadline`` bound the work: past them :class:`Unsolved` is raised, which the
analyser reports as "not solved".
"""

from __future__ import annotations

import time

from .position import Position, trick_state
from .prepared import prepare
from .shortcuts import Shortcuts
from .space import NONE, Spec

INF = 1 << 30


class Unsolved(Exception):
    """The search ran past its node limit or deadline (the hand is "not solved")."""


class Solver(Shortcuts):
    #: zero-window tests stepping from the guess before bisecting (a long walk's guard)
    MTD_TRIES = 64

    def __init__(
        self,
        spec: Spec,
        *,
        use_tt: bool = True,
        merge: bool = True,
        ordering: bool = True,
        bounds: bool = True,
        ranks: bool = True,
        node_limit: int | None = None,
        deadline: float | None = None,
    ) -> None:
        self.spec = spec
        self.use_tt, self.merge, self.ordering, self.bounds = use_tt, merge, ordering, bounds
        prepare(self, spec, use_tt and ranks)  # the spec's facts, as the hot path reads them
        self.node_limit = node_limit or INF
        self.deadline = deadline  # time.process_time() value
        #: trick start -> (lower bound, upper bound, the lead that was best or cut off)
        self.tt: dict[int, tuple[int, int, int]] = {}
        self.hint = NONE  # the table's lead for the trick being started
        self.lead_best = NONE  # the best lead found by the last trick-start search
        self.nodes = 0
        self.tt_probes = 0
        self.tt_hits = 0
        self.h: list[int] = []
        self.rem = 0  # the card points still held (kept by _play as tricks are taken)
        #: a trick's cards in runs -> the runs they are in (_pack)
        self.touched: dict[int, list[tuple[int, int, int, list[int]]]] = {}
        #: the move orders worked out (see _moves): legal cards and facts -> moves
        self.lead_moves: dict[int, list[int]] = {}
        self.follow_moves: dict[int, list[int]] = {}
        #: the suits sung and the singers' 12s and 11s -> the cantes open (_after)
        self.cantes_open: dict[int, list[int]] = {}
        #: hand size << 2 | seat -> the lead that last cut off there (seats: at most 4)
        self.killers = [NONE] * ((self._bits + 1) << 2)

    # ------------------------------------------------------------------ public
    def solve(
        self,
        pos: Position,
        guess: int | None = None,
        lower: int | None = None,
        upper: int | None = None,
    ) -> int:
        """The value of ``pos`` with best play (``pos.acc`` included).

        With the table: MTD(f), zero-window searches closing in on the value, each one
        reusing the bounds the previous ones stored; without it, one full-window search.
        ``lower`` and ``upper``, when given, are bounds the caller knows (the value lies
        in ``[lower, upper]``, both included: a test's fail-soft answer, :meth:`test`):
        no test is spent finding them again, and a value at a known bound takes one test.
        """
        if not self.use_tt:
            return pos.acc + self.search(pos, -INF, INF)
        lo = -self.bound if lower is None else lower - pos.acc
        hi = self.bound if upper is None else upper - pos.acc
        target = 0 if guess is None else guess - pos.acc
        tries = 0
        stride = 0  # how far past a success the next test aims (self.climb)
        while lo < hi:
            # MTD(f) near the guess (a good guess needs two tests), then bisection
            if tries >= self.MTD_TRIES:
                target = (lo + hi + 1) // 2
            elif not lo < target <= hi:  # a guess outside the known bounds: the nearest
                target = min(max(target, lo + 1), hi)
            tries += 1
            value = self.search(pos, target - 1, target)
            if value >= target:
                lo = value
                if self.climb:  # aim above the value: the tests down to it fail cheaply
                    stride = 2 * stride or 2
                target = value + 1 + stride
            else:
                hi = value
                target = value
        return pos.acc + lo

    def test(self, pos: Position, value: int) -> int:
        """One zero-window search: is the value of ``pos`` at least ``value``? Fail-soft:
        an answer ``v >= value`` is a lower bound of the value, ``v < value`` an upper one
        (``pos.acc`` included)."""
        return pos.acc + self.search(pos, value - pos.acc - 1, value - pos.acc)

    def at_least(self, pos: Position, value: int) -> bool:
        """Is the value of ``pos`` with best play at least ``value``? (One zero-window
        search: cheaper than the exact value.)"""
        return self.test(pos, value) >= value

    def search(self, pos: Position, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta on the rest of the hand from ``pos`` (``acc`` left out)."""
        self.h = list(pos.hands)
        points = self.points
        # the points still to be taken: held, or on the table (the trick counts them)
        self.rem = sum(points[c] for hand in pos.hands for c in range(self._bits) if hand >> c & 1)
        self.rem += sum(points[c] for _, c in pos.table)
        if not pos.table:
            self._pack(self.block_cards)  # never put back: self.h is the search's own copy
            if pos.pending != NONE:
                return self._after(pos.pending, pos.sung, pos.won, alpha, beta)
            return self._start(pos.leader, pos.sung, pos.won, alpha, beta)
        spec = self.spec
        ts = trick_state(spec, pos.table)
        pts = sum(spec.points[c] for _, c in pos.table)
        tmask = 0
        for _, c in pos.table:
            tmask |= 1 << c
        seat = spec.order[pos.table[-1][0]]
        return self._play(
            seat, len(pos.table), ts.lead, ts.high_lead, ts.high_trump,
            ts.winner, pts, tmask, pos.sung, pos.won, alpha, beta,
        )  # fmt: skip

    @property
    def tt_hit_rate(self) -> float:
        return self.tt_hits / self.tt_probes if self.tt_probes else 0.0

    # ------------------------------------------------------------------ search
    def _start(self, leader: int, sung: int, won: int, alpha: int, beta: int) -> int:
        h = self.h
        hand = h[leader]
        if not hand:
            return 0
        if hand & (hand - 1) == 0:  # one card each: forced, never worth a table entry
            self.lead_best = NONE
            return self._last_trick(leader, won)
        key = None
        entry = None
        if self.sings:
            # a cante no singer can ever sing (nobody holds its 12 and 11 both: cards
            # only leave hands) is as good as sung: marked so, positions that differ
            # only in it are one table entry
            for suit, pair in self.open_pairs[sung]:
                for s in self.all_singers:
                    if h[s] & pair == pair:
                        break
                else:
                    sung |= 1 << suit
        if self.use_tt:
            # the leader, the suits sung and the sides' tricks (those matter only for a
            # capot, B7) in the low bits, then the hands: built from the small numbers
            # up, so each seat costs one shift and one OR of a wide int
            key = (leader << 5 | sung) << 2 | (won if self.capot else 0)
            shift = self.shift
            for s in self.active:
                key |= h[s] << shift[s]
            self.tt_probes += 1
            entry = self.tt.get(key)
            self.hint = NONE
            if entry is not None:
                lo, hi, self.hint = entry
                if lo >= beta or lo == hi:
                    self.tt_hits += 1
                    return lo
                if hi <= alpha:
                    self.tt_hits += 1
                    return hi
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
        # (the entry probed is still the key's when storing: no position with the same
        # cards in hand lies below this one, so the search under it never stores the key)
        # bounds of the rest of the hand (a cut-off without search, kept in the table:
        # they cost more than a probe): see _bounds
        if self.bounds:
            low, high = self._bounds(leader, sung, won)
            if high <= alpha or low >= beta:
                if key is not None:
                    if entry is None:
                        self.tt[key] = (low, high, NONE)
                    else:
                        self.tt[key] = (max(entry[0], low), min(entry[1], high), entry[2])
                return high if high <= alpha else low
        value = self._play(leader, 0, NONE, NONE, NONE, NONE, 0, 0, sung, won, alpha, beta)
        if key is not None:
            if entry is None:
                lo, hi = -INF, INF
            else:
                lo, hi = entry[0], entry[1]
            if value <= alpha:
                hi = min(hi, value)
            elif value >= beta:
                lo = max(lo, value)
            else:
                lo = hi = value
            self.tt[key] = (lo, hi, self.lead_best)
        return value

    def _after(self, winner: int, sung: int, won: int, alpha: int, beta: int) -> int:
        """The cante choice of the side that won the trick (C9/S5), then the next trick.
        (position.cante_options, inlined: the hot path.)"""
        singers = self.singers[winner]
        if not singers:
            return self._start(winner, sung, won, alpha, beta)
        h = self.h
        # the cantes open are a function of the suits sung and the 12s and 11s the
        # singers hold: worked out once per such facts and kept
        cc, b = self.cante_cards, self._bits
        key = sung
        for s in singers:
            key = key << b | (h[s] & cc)
        options = self.cantes_open.get(key)
        if options is None:
            options = []
            for suit, pair in self.open_pairs[sung]:  # the trump suit's first
                for s in singers:
                    if h[s] & pair == pair:
                        options.append(suit)
                        break
                if options and options[0] == self.trump:
                    break  # C9: trump first when it can be sung
            self.cantes_open[key] = options
        if not options:
            return self._start(winner, sung, won, alpha, beta)
        # Not singing is one option (C9: singing is optional), but never a better one:
        # after singing X the side can play on as it would have without, and where it
        # would have sung X later, sing nothing — the same cards, the same other cantes
        # open (the trump first rule can only offer more once X is sung), and X's value
        # banked. So the value is the best of the cantes alone: no search without one.
        spec = self.spec
        maximise = spec.counted[winner]
        best = -INF if maximise else INF
        for suit in options:
            if maximise:
                if best >= beta:
                    return best
                alpha = max(alpha, best)
                gain = spec.cante_values[suit]
            else:
                if best <= alpha:
                    return best
                beta = min(beta, best)
                gain = -spec.cante_values[suit]
            v = gain + self._start(winner, sung | 1 << suit, won, alpha - gain, beta - gain)
            best = max(best, v) if maximise else min(best, v)
        return best

    def _play(
        self,
        seat: int,
        n: int,
        lead: int,
        hl: int,
        ht: int,
        winner: int,
        pts: int,
        tmask: int,
        sung: int,
        won: int,
        alpha: int,
        beta: int,
    ) -> int:
        self.nodes += 1
        if self.nodes & 1023 == 0 and (
            self.nodes > self.node_limit
            or (self.deadline is not None and time.process_time() > self.deadline)
        ):
            raise Unsolved
        h = self.h
        hand = h[seat]
        trump = self.trump
        # the legal cards (C7/S4 or B6; space.legal_c7 / legal_b6, inlined: the hot path)
        if lead == NONE:
            legal = hand
        else:
            legal = hand & self.suit_mask[lead]
            if legal:
                if self.c7:
                    if ht == NONE or lead == trump:
                        legal = (legal & self.above[hl]) or legal
                elif lead in self.beat:
                    legal = (legal & self.above[hl]) or legal
            elif trump == NONE or (not self.c7 and winner == (seat + 2) % 4):
                legal = hand
            else:
                legal = hand & self.suit_mask[trump]
                if not legal:
                    legal = hand
                elif ht != NONE:
                    legal = (legal & self.above[ht]) or (hand if self.c7 else legal)
        top = ht if ht != NONE else hl  # the card winning the trick so far
        if self.merge:  # equivalent cards as one (see _moves)
            legal ^= legal & (legal << 1) & self.adjacent
            if legal & (legal - 1) and not self.tricks:  # of near cards, the dominant
                legal = self._dominant(seat, legal, n, winner, top, tmask, sung)
        if legal & (legal - 1):
            moves = self._moves(seat, legal, n, winner, top, lead)
        else:  # one move (often: following suit), no ordering to do
            moves = (legal.bit_length() - 1,)
        counted = self.counted
        maximise = counted[seat]
        r = self.r
        points = self.points
        bit = self.bit
        last_card = n + 1 == self.size
        tricks = self.tricks
        if last_card:  # what taking the trick reads
            singers, blocks, may_sing = self.singers, self.block_cards, self.open_cards[sung]
        nxt = self.order[seat]
        best = -INF if maximise else INF
        best_card = NONE
        # near-equivalent moves (tables.near_pairs): two cards of this seat with no card
        # between them in play lead to values at most twice their points' difference
        # apart, so a searched card's bound may settle the other one unsearched
        near = self.near if self.merge else None
        done = None  # the moves searched so far, with their values (bounds)
        in_play = excluded = -1
        for c in moves:
            if done is not None:
                if in_play < 0:
                    in_play = tmask
                    for x in h:
                        in_play |= x
                    excluded = self.open_cards[sung]  # a cante still open reads them
                settled = False
                if not bit[c] & excluded:
                    nb = self._bits
                    for d, w in done:
                        pair = near[c * nb + d]
                        if pair is None or in_play & pair[0] or bit[d] & excluded:
                            continue
                        # the value after d is a bound on the side the window needs
                        # (an upper one at a maximising seat that did not cut: v <=
                        # alpha or exact; a lower one at a minimising seat)
                        if maximise:
                            w += pair[1]
                            if w <= alpha:
                                settled = True
                                if w > best:
                                    best = w
                                break
                        else:
                            w -= pair[1]
                            if w >= beta:
                                settled = True
                                if w < best:
                                    best = w
                                break
                if settled:
                    continue
            suit = c // r
            h[seat] = hand ^ bit[c]
            # the trick after c (C8 / B6 winner)
            if last_card:  # only its winner matters now
                nwin = winner
                if suit == lead:
                    if c < hl and (ht == NONE or suit == trump):
                        nwin = seat
                elif suit == trump and (ht == NONE or c < ht):
                    nwin = seat
                # the trick is taken (inlined: it follows every last card): its points,
                # then the cante choice and the rest, with the runs of equal cards packed
                tp = pts + points[c]
                if counted[nwin]:
                    nwon, delta = won | 1, (1 if tricks else tp)
                else:
                    nwon, delta = won | 2, (0 if tricks else -tp)
                if not h[nwin]:
                    v = self._end(nwin, tp, nwon)
                else:  # (no try/finally: after Unsolved, search() sets all up anew)
                    self.rem -= tp
                    cards = (tmask | bit[c]) & blocks
                    saved = self._pack(cards) if cards else None
                    # a cante can follow only if a singer holds two cards of open
                    # cantes (_after finds which; most trick ends skip the call)
                    cante = False
                    for s in singers[nwin]:
                        x = h[s] & may_sing
                        if x & (x - 1):
                            cante = True
                            break
                    if cante:
                        v = delta + self._after(nwin, sung, nwon, alpha - delta, beta - delta)
                    else:  # no cante can follow: the next trick at once
                        v = delta + self._start(nwin, sung, nwon, alpha - delta, beta - delta)
                    self.rem += tp
                    if saved is not None:
                        h[:] = saved
            else:
                # position.trick_state's step for one card, inlined (every card of the
                # search passes here); minimax, which the property tests compare the
                # search with, plays through trick_state itself
                if lead == NONE:
                    nlead, nhl, nht, nwin = suit, c, (c if suit == trump else NONE), seat
                else:
                    nlead, nhl, nht, nwin = lead, hl, ht, winner
                    if suit == lead and c < hl:
                        nhl = c
                        if suit == trump:
                            nht = c
                        if ht == NONE or suit == trump:
                            nwin = seat
                    elif suit == trump and suit != lead and (ht == NONE or c < ht):
                        nht, nwin = c, seat
                v = self._play(
                    nxt, n + 1, nlead, nhl, nht, nwin, pts + points[c], tmask | bit[c], sung,
                    won, alpha, beta,
                )  # fmt: skip
            h[seat] = hand
            if maximise:
                if v > best:
                    best, best_card = v, c
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            if n == 0:
                                self.killers[hand.bit_count() << 2 | seat] = c
                            break
            elif v < best:
                best, best_card = v, c
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        if n == 0:
                            self.killers[hand.bit_count() << 2 | seat] = c
                        break
            if near is not None:
                if done is None:
                    done = [(c, v)]
                else:
                    done.append((c, v))
        if n == 0:
            self.lead_best = best_card
        return best
