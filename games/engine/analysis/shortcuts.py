"""The search's shortcuts (:class:`~.solver.Solver` inherits them): the moves of a
position with equivalent cards merged and the likely best first, bounds of the rest of a
hand at a trick start, and the enhanced transposition cutoff. Each one only prunes: the
tests check that turning them off never changes a value (tests/engine/analysis)."""

from __future__ import annotations

from typing import Any

from .space import NONE


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
    live: list[int]
    merge: bool
    ordering: bool
    hint: int
    tricks: bool
    capot: bool
    capot_bonus: int
    last_bonus: int
    rem: int
    cante_left: list[int]
    trump_mask: int
    trump_shift: int
    trump_points: list[int]
    shift: list[int]
    tt: dict[int, tuple[int, int, int]]

    def _moves(
        self, seat: int, legal: int, n: int, tmask: int, sung: int, winner: int, top: int
    ) -> list[int]:
        """The legal cards as moves: one per group of equivalent cards, best first."""
        if not legal & (legal - 1):  # one legal card (often: following suit)
            return [legal.bit_length() - 1]
        points = self.points
        cards = []
        m = legal
        while m:
            low = m & -m
            cards.append(low.bit_length() - 1)
            m ^= low
        if self.merge:
            h = self.h
            in_play = tmask
            for s in self.active:
                in_play |= h[s]
            r = self.r
            live = self.live[sung]
            merged = [cards[0]]
            prev = cards[0]
            # counted in tricks (a cuatrola/quintola, no cantes), points do not matter:
            # the DDS rule alone. Two such cards of one seat, with no card between them
            # in play, are interchangeable in every continuation: no other card ranks
            # between them and they are never in one trick together, so every trick has
            # the same winner whichever of the two is played — the same tricks.
            tricks = self.tricks
            for c in cards[1:]:
                if (
                    c // r != prev // r
                    or in_play & ((1 << c) - (2 << prev))
                    or (
                        not tricks and (points[c] != points[prev] or (live >> c | live >> prev) & 1)
                    )
                ):
                    merged.append(c)
                prev = c
            cards = merged
            if len(cards) == 1:
                return cards
        if not self.ordering:
            return cards
        r = self.r
        if n == 0:
            # the table's best lead first, then the top of a suit, richest first
            hint = self.hint
            self.hint = NONE
            keyed = [((c != hint) * 1000 + (c % r) * 64 - points[c], c) for c in cards]
        else:
            counted = self.counted
            trump = self.trump
            wsuit = top // r
            # the cards that would take the trick from ``top``
            beats = self.suit_mask[wsuit] & self.above[top]
            if trump != NONE and wsuit != trump:
                beats |= self.suit_mask[trump]
            if counted[winner] == counted[seat]:  # the partner is winning: give it points
                keyed = [(-points[c] + (50 if beats >> c & 1 else 0), c) for c in cards]
            else:  # win it, or throw the cheapest card
                keyed = [((-200 - points[c]) if beats >> c & 1 else points[c], c) for c in cards]
        keyed.sort()
        return [c for _, c in keyed]

    def _bounds(self, hand: int, sung: int, won: int) -> tuple[int, int]:
        """Bounds of the rest of the hand at a trick start (``hand``: the leader's).

        Neither side can win more than is still to win: the cards' points, the last
        trick, the cantes not sung yet, a capot while it is open. And some of it is
        sure: a trump higher than every trump the other side holds wins the trick it is
        played in (C8/B6: only a higher trump beats a trump, and the only ones left are
        the holder's side's), and every card is played before the hand ends, so the
        side takes at least those trumps' points — and at least one trick, which
        closes the other side's capot."""
        if self.trump == NONE:
            mine_sure = theirs_sure = 0
        else:
            h, counted, tm = self.h, self.counted, self.trump_mask
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
        if self.tricks:
            k = bin(hand).count("1")
            return (1 if mine_sure else 0), k - (1 if theirs_sure else 0)
        most = self.rem + self.last_bonus + self.cante_left[sung]
        high, low = most, -most
        if mine_sure:
            low += 2 * self.trump_points[mine_sure >> self.trump_shift]
        elif self.capot and not won & 1:
            low -= self.capot_bonus  # the other side may still take every trick
        if theirs_sure:
            high -= 2 * self.trump_points[theirs_sure >> self.trump_shift]
        elif self.capot and not won & 2:
            high += self.capot_bonus
        return low, high

    def _etc(
        self,
        seat: int,
        moves: list[int],
        lead: int,
        hl: int,
        ht: int,
        winner: int,
        pts: int,
        sung: int,
        won: int,
        alpha: int,
        beta: int,
    ) -> int | None:
        """The trick's last card: a value past the window if one card's next trick start
        has a table bound that proves it, else None. After the trick the side that won it
        may sing (C9/S5): its choice can only raise the value for it (no cante is one
        option), so a bound of the start holds for the card's value only in the winner's
        direction — a side's bound is used only when that side won the trick."""
        h, shift, counted, points = self.h, self.shift, self.counted, self.points
        r, trump, tt = self.r, self.trump, self.tt
        maximise = counted[seat]
        sings, tricks, capot = self.spec.sings, self.tricks, self.capot
        hands = 0
        for s in self.active:
            hands |= h[s] << shift[s]
        at = shift[seat]
        for c in moves:
            suit = c // r
            nwin = winner  # the trick's winner after c, as in _play
            if suit == lead and c < hl:
                if ht == NONE or suit == trump:
                    nwin = seat
            elif suit == trump and suit != lead and (ht == NONE or c < ht):
                nwin = seat
            mine = counted[nwin]
            if sings and mine != maximise:
                continue
            w = (won | (1 if mine else 2)) if capot else 0
            entry = tt.get((((hands ^ 1 << (c + at)) << 6 | nwin) << 5 | sung) << 2 | w)
            if entry is None:
                continue
            if tricks:
                delta = 1 if mine else 0
            else:
                delta = pts + points[c] if mine else -(pts + points[c])
            if maximise:
                if delta + entry[0] >= beta:
                    return delta + entry[0]
            elif delta + entry[1] <= alpha:
                return delta + entry[1]
        return None
