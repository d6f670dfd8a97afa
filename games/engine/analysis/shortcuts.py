"""The search's shortcuts (:class:`~.solver.Solver` inherits them): bounds of the rest
of a hand at a trick start, and the last trick counted without search. Each one only
prunes: the tests check that turning them off never changes a value
(tests/engine/analysis). The moves and their order are :mod:`.ordering`'s."""

from __future__ import annotations

from .ordering import Ordering
from .space import NONE


class Shortcuts(Ordering):
    """Methods reading the solver's hot-path attributes (declared on :class:`Ordering`)."""

    def _bounds(self, leader: int, sung: int, won: int) -> tuple[int, int]:
        """Bounds of the rest of the hand at a trick start ``leader`` leads.

        Neither side can win more than is still to win: the cards' points, the last
        trick, the cantes its seats can still sing (a seat of the side holds the 12 and
        the 11 of a suit not sung), a capot while it is open. And some of it is sure:
        a trump higher than every trump the other side holds wins the trick it is
        played in (C8/B6: only a higher trump beats a trump, and the only ones left are
        the holder's side's), and every card is played before the hand ends, so the
        side takes at least those trumps' points — and at least one trick, which
        closes the other side's capot. A seat holding nothing but such trumps takes
        every trick left for its side, whoever leads. The leader's side also takes its
        quick tricks (:meth:`_quick`), and the leader, holding a pair and a quick trick
        to lead with another card, sings after it."""
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
        # the side that surely takes every trick left (None: neither): the leader's,
        # cashing its quick tricks, or that of a seat holding nothing but trumps above
        # the other side's, whoever leads: it plays one in every trick (it follows a
        # trump lead with one and, void in a side suit, must trump: C7/B6), and only
        # its own side holds a higher trump
        sweep = ours if all_tricks else None
        loser_seat = loser = NONE  # or a seat's cards that lose a trick at most (below)
        if sweep is None and (mine_sure or theirs_sure):
            for s in self.active:
                x = h[s]
                if x and not x & ~(mine_sure if counted[s] else theirs_sure):
                    sweep = counted[s]
                    break
        if sweep is None and tm:
            # or a seat alone on its side (Subastao's bidder of three) that wins the
            # trick led, draws the other side's trumps and cashes its masters (_sweeps)
            for s in self.alone:
                losers = self._sweeps(s, leader, mine_sure if counted[s] else theirs_sure)
                if not losers:
                    sweep = counted[s]
                elif losers > 0:
                    loser_seat, loser = s, losers
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
            if sweep is not None:  # every trick left, or none
                low = high = k if sweep else 0
                return low, high
            low = 1 if mine_sure else 0
            high = k - (1 if theirs_sure else 0)
            if ours:
                low = max(low, quick_tricks)
            else:
                high = min(high, k - quick_tricks)
            return low, high
        most = self.rem + self.last_bonus
        if sweep is not None:  # that side takes all of it, and the other side sings
            # no more (a cante follows a trick won: the leader's sure one only if it is
            # the sweeping side's)
            if self.capot and not won & (2 if sweep else 1):
                most += self.capot_bonus
            cante = sure_cante if sweep == ours else 0
            return (most + cante, most + up) if sweep else (-most - down, -most - cante)
        mine_sure = self.trump_points[mine_sure >> self.trump_shift]
        theirs_sure = self.trump_points[theirs_sure >> self.trump_shift]
        if ours:
            mine_sure += quick
        else:
            theirs_sure += quick
        if loser != NONE and not self.capot:
            # the seat that loses a trick with each of its k losers at most, led last
            # (every other card of its wins: its trumps, none left to the other side,
            # and its masters): its side takes every card but those and what the other
            # side's seats play to them, at most each one's k richest cards (and gives
            # up the last trick)
            k = loser.bit_count()
            gets = self.rem
            for c in range(self._bits):
                if loser >> c & 1:
                    gets -= self.points[c]
            for s in self.active:
                if counted[s] != counted[loser_seat]:
                    gets -= self._richest(h[s], k)
            if counted[loser_seat]:
                mine_sure = max(mine_sure, gets)
            else:
                theirs_sure = max(theirs_sure, gets)
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

    def _sweeps(self, seat: int, leader: int, sure: int) -> int:
        """The cards ``seat``, alone on its side, surely loses tricks with at most, or
        -1 (none known): it takes every trick but those. ``sure``: its side's trumps
        above every trump of the other side. Its trumps must all be such, and it must
        win the trick led and still draw the other side's trumps: it leads, or holds a
        trump or a card of each suit the leader holds, one of them above every other
        card of the suit in play (it follows with it: C7 lets it, it beats; no seat void
        in the suit may ruff), or, void, it must trump (C7), over anyone. Then it leads
        its trumps until the other side holds none (each of those seats must follow
        with one), its side suits' masters, which nobody can beat or ruff (cards only
        leave hands), and its other cards last: those are the cards returned."""
        h, tm = self.h, self.trump_mask
        mine = h[seat]
        trumps = mine & tm
        if trumps & ~sure:
            return -1
        others = 0
        most = 0  # the most trumps a seat of the other side holds
        for s in self.active:
            if s != seat:
                others |= h[s]
                most = max(most, (h[s] & tm).bit_count())
        # trumps enough to draw theirs, after one spent in the trick led
        if most and trumps.bit_count() - (0 if seat == leader else 1) < most:
            return -1
        lead = 0 if seat == leader else h[leader]
        losers = 0
        for sm in self.suit_mask:
            if sm == tm:
                continue
            y = mine & sm
            if y:
                rest = others & sm
                low = y & ~((rest & -rest) - 1) if rest else 0  # beaten by another's
                losers |= low
                if lead & sm:  # it follows the suit: with a master, which nobody ruffs
                    if low == y:
                        return -1
                    for s in self.active:
                        if s != seat and s != leader and not h[s] & sm and h[s] & tm:
                            return -1
            elif lead & sm and not trumps:  # the leader's suit: neither follow nor trump
                return -1
        return losers

    def _richest(self, hand: int, k: int) -> int:
        """The points of the ``k`` richest cards of ``hand``."""
        if k == 1:
            best = 0
            r = self.r
            for suit, sm in enumerate(self.suit_mask):
                y = hand & sm
                if y:
                    best = max(best, self.rich[suit][y >> suit * r][1])
            return best
        held = []  # (a loop, not a generator: the compiled form has no closures here)
        for c in range(self._bits):
            if hand >> c & 1:
                held.append(self.points[c])
        held.sort(reverse=True)
        return sum(held[:k])

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

    def _end(self, winner: int, pts: int, won: int) -> int:
        """The value of the hand's last trick, just taken by ``winner`` (``pts``: its card
        points; ``won`` with it)."""
        mine = self.counted[winner]
        if self.tricks:
            return 1 if mine else 0
        pts += self.last_bonus
        if self.capot and won != 3:
            pts += self.capot_bonus
        return pts if mine else -pts
