"""The perfect-information search: alpha-beta with a transposition table (ANALYSIS.md).

:class:`Solver` finds the value of a :class:`~.position.Position` with best play: the
counted side maximises, every other seat minimises. It keeps the position in mutable
locals (one int per hand, the trick's led suit, highest cards and winner) and, as a
double-dummy solver does:

- a **transposition table** at trick starts, keyed by the hands, the leader, the suits
  sung and which sides have won a trick; it holds bounds (lower, upper) of the value of
  the rest of the hand, so it serves any window and any position the hand reaches again;
- **equivalent cards merged**: cards of one hand, of one suit, with no card between them
  still in play (held or on the table) are one move — when they are also worth the same
  points and neither is a card of a cante still to be sung (a 12 or 11: holding both is
  worth a cante). The DDS rule alone would merge 1 and 3 of a suit, which are worth 11
  and 10 points: not the same move in a points game;
- **move ordering**: a winning card first when the other side is winning the trick,
  points on the partner's winning trick, the lowest card when it cannot win;
- the last trick is counted without search (every card is forced).

``use_tt``, ``merge`` and ``ordering`` turn each off (the benchmark's plain alpha-beta;
the tests' "never changes a value"). ``node_limit`` and ``deadline`` bound the work:
past them :class:`Unsolved` is raised, which the analyser reports as "not solved".
"""

from __future__ import annotations

import time

from .position import Position, cante_options, trick_state
from .space import NONE, Spec, legal_b6, legal_c7

INF = 1 << 30


class Unsolved(Exception):
    """The search ran past its node limit or deadline (the hand is "not solved")."""


def live_pairs(spec: Spec, sung: int) -> int:
    """The 12s and 11s of the suits not sung yet (a cante may still need them)."""
    live = 0
    for suit, pair in enumerate(spec.pairs):
        if not sung >> suit & 1:
            live |= pair
    return live


def merge_runs(spec: Spec, cards: list[int], in_play: int, live: int) -> list[list[int]]:
    """``cards`` (one seat's, strongest first) in groups of equivalent cards: one suit, no
    card between them in play, the same points, none of them in ``live``."""
    points, r = spec.points, spec.per_suit
    groups = [[cards[0]]]
    prev = cards[0]
    for c in cards[1:]:
        between = ((1 << c) - 1) & ~((2 << prev) - 1)
        if (
            c // r == prev // r
            and not in_play & between
            and points[c] == points[prev]
            and not (live >> c & 1 or live >> prev & 1)
        ):
            groups[-1].append(c)
        else:
            groups.append([c])
        prev = c
    return groups


def equivalent_groups(spec: Spec, pos: Position, cards: list[int]) -> list[list[int]]:
    """The groups of equivalent cards among ``cards`` of the seat to play at ``pos``."""
    in_play = 0
    for hand in pos.hands:
        in_play |= hand
    for _, c in pos.table:
        in_play |= 1 << c
    return merge_runs(spec, cards, in_play, live_pairs(spec, pos.sung))


class Solver:
    def __init__(
        self,
        spec: Spec,
        *,
        use_tt: bool = True,
        merge: bool = True,
        ordering: bool = True,
        node_limit: int | None = None,
        deadline: float | None = None,
    ) -> None:
        self.spec = spec
        self.use_tt, self.merge, self.ordering = use_tt, merge, ordering
        self.node_limit = node_limit or INF
        self.deadline = deadline  # time.perf_counter() value
        self.tt: dict[int, tuple[int, int]] = {}
        self.nodes = 0
        self.tt_probes = 0
        self.tt_hits = 0
        self.h: list[int] = []
        self._bits = spec.suit_count * spec.per_suit

    # ------------------------------------------------------------------ public
    def solve(self, pos: Position) -> int:
        """The value of ``pos`` with best play (``pos.acc`` included)."""
        self.h = list(pos.hands)
        if pos.pending != NONE:
            return pos.acc + self._after(pos.pending, pos.sung, pos.won, -INF, INF)
        if not pos.table:
            return pos.acc + self._start(pos.leader, pos.sung, pos.won, -INF, INF)
        spec = self.spec
        ts = trick_state(spec, pos.table)
        pts = sum(spec.points[c] for _, c in pos.table)
        tmask = 0
        for _, c in pos.table:
            tmask |= 1 << c
        seat = spec.order[pos.table[-1][0]]
        return pos.acc + self._play(
            seat,
            len(pos.table),
            pos.leader,
            ts.lead,
            ts.high_lead,
            ts.high_trump,
            ts.winner,
            pts,
            tmask,
            pos.sung,
            pos.won,
            -INF,
            INF,
        )

    @property
    def tt_hit_rate(self) -> float:
        return self.tt_hits / self.tt_probes if self.tt_probes else 0.0

    # ------------------------------------------------------------------ search
    def _start(self, leader: int, sung: int, won: int, alpha: int, beta: int) -> int:
        h = self.h
        if not h[leader]:
            return 0
        spec = self.spec
        key = 0
        if self.use_tt:
            bits = self._bits
            for s in spec.active:
                key = key << bits | h[s]
            key = ((key << 6 | leader) << 5 | sung) << 2 | won
            self.tt_probes += 1
            entry = self.tt.get(key)
            if entry is not None:
                lo, hi = entry
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
        if h[leader] & (h[leader] - 1) == 0:
            value = self._last_trick(leader, won)
        else:
            value = self._play(
                leader, 0, leader, NONE, NONE, NONE, NONE, 0, 0, sung, won, alpha, beta
            )
        if self.use_tt:
            lo, hi = self.tt.get(key, (-INF, INF))
            if value <= alpha:
                hi = min(hi, value)
            elif value >= beta:
                lo = max(lo, value)
            else:
                lo = hi = value
            self.tt[key] = (lo, hi)
        return value

    def _last_trick(self, leader: int, won: int) -> int:
        """Every hand holds one card: the trick is forced (no search)."""
        spec = self.spec
        h = self.h
        self.nodes += 1
        seat, table = leader, []
        for _ in range(spec.trick_size):
            table.append((seat, h[seat].bit_length() - 1))
            seat = spec.order[seat]
        winner = trick_state(spec, tuple(table)).winner
        mine = spec.counted[winner]
        if spec.value == "tricks":
            return 1 if mine else 0
        points = sum(spec.points[c] for _, c in table) + spec.last_bonus
        if spec.capot_bonus and (won | (1 if mine else 2)) != 3:
            points += spec.capot_bonus
        return points if mine else -points

    def _after(self, winner: int, sung: int, won: int, alpha: int, beta: int) -> int:
        """The cante choice of the side that won the trick (C9/S5), then the next trick."""
        spec = self.spec
        options = cante_options(spec, self.h, winner, sung) if spec.singers else ()
        if not options:
            return self._start(winner, sung, won, alpha, beta)
        maximise = spec.counted[winner]
        best = self._start(winner, sung, won, alpha, beta)
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

    def _moves(
        self, seat: int, legal: int, n: int, tmask: int, sung: int, winner: int, top: int, lead: int
    ) -> list[int]:
        """The legal cards as moves: one per group of equivalent cards, best first."""
        spec = self.spec
        points = spec.points
        cards = []
        m = legal
        while m:
            low = m & -m
            cards.append(low.bit_length() - 1)
            m ^= low
        if self.merge and len(cards) > 1:
            h = self.h
            in_play = tmask
            for s in spec.active:
                in_play |= h[s]
            cards = [g[0] for g in merge_runs(spec, cards, in_play, live_pairs(spec, sung))]
        if not self.ordering or len(cards) == 1:
            return cards
        if n == 0:
            # lead the top of a suit first, the richest first among equals
            return sorted(cards, key=lambda c: (c % spec.per_suit, -points[c]))
        counted = spec.counted
        friendly = counted[winner] == counted[seat]
        r = spec.per_suit
        trump = spec.trump
        wsuit = top // r

        def score(c: int) -> int:
            suit = c // r
            beats = (suit == wsuit and c < top) or (suit == trump and wsuit != trump)
            if friendly:
                return -points[c] + (50 if beats else 0)
            if beats:
                return -200 - points[c]
            return points[c]

        return sorted(cards, key=score)

    def _play(
        self,
        seat: int,
        n: int,
        leader: int,
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
            or (self.deadline is not None and time.perf_counter() > self.deadline)
        ):
            raise Unsolved
        spec = self.spec
        h = self.h
        hand = h[seat]
        if spec.rule == "c7":
            legal = legal_c7(spec, hand, lead, hl, ht)
        else:
            partner_wins = winner != NONE and winner == (seat + 2) % spec.seats
            legal = legal_b6(spec, hand, lead, hl, ht, partner_wins)
        top = ht if ht != NONE else hl
        moves = self._moves(seat, legal, n, tmask, sung, winner, top, lead)
        maximise = spec.counted[seat]
        r = spec.per_suit
        trump = spec.trump
        last_card = n + 1 == spec.trick_size
        nxt = spec.order[seat]
        best = -INF if maximise else INF
        for c in moves:
            suit = c // r
            # the trick after c (C8 / B6 winner)
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
            h[seat] = hand & ~(1 << c)
            if last_card:
                v = self._finish(nwin, pts + spec.points[c], sung, won, alpha, beta)
            else:
                v = self._play(
                    nxt, n + 1, leader, nlead, nhl, nht, nwin, pts + spec.points[c],
                    tmask | 1 << c, sung, won, alpha, beta,
                )  # fmt: skip
            h[seat] = hand
            if maximise:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        return best

    def _finish(self, winner: int, pts: int, sung: int, won: int, alpha: int, beta: int) -> int:
        """A trick's last card was played: count it, then the cante choice and the rest."""
        spec = self.spec
        mine = spec.counted[winner]
        won |= 1 if mine else 2
        last = not self.h[winner]
        if spec.value == "tricks":
            delta = 1 if mine else 0
        else:
            if last:
                pts += spec.last_bonus
                if spec.capot_bonus and won != 3:
                    pts += spec.capot_bonus
            delta = pts if mine else -pts
        if last:
            return delta
        return delta + self._after(winner, sung, won, alpha - delta, beta - delta)
