"""The search-ready part of every hand state: ``push``/``pop`` a play and ``copy``, as
python-chess's ``Board.push``/``pop``/``copy`` (a move stack of saved states).

``push(play)`` applies the play with every check (a refused play raises and pushes
nothing) and keeps what undoing it needs: the state's attributes as they were (a
shallow copy: the scalars, and which lists were current), the counters' values, and
the order of the seat's held cards of the played suit. ``pop()`` takes the last play
back: the containers a play changes in place (knowledge, the plays, the suspect index,
the trick) lose exactly what it added. ``copy()`` copies each container one level down
(cards, records and tricks are immutable values); the copy starts with an empty stack.
"""

from __future__ import annotations

from typing import Any

from ..knowledge import Knowledge
from .proofs import SuspectIndex

#: the containers a play changes in place, copied by value on push (undone on pop)
_COUNTERS = ("tricks_won", "card_points")
#: the value of an attribute not set yet (Belote's card points before its auction ends)
_UNSET = object()


def _values(state: Any) -> list[Any]:
    """Every attribute of ``state`` (its ``_fields``: the hand state has slots, no
    instance dict), in order; ``_UNSET`` for one not set."""
    return [getattr(state, name, _UNSET) for name in state._fields]


def _restore(state: Any, values: list[Any]) -> None:
    """Set ``state``'s attributes to ``values`` (as :func:`_values` gave them)."""
    for name, value in zip(state._fields, values, strict=True):
        if value is not _UNSET:
            setattr(state, name, value)
        elif hasattr(state, name):
            delattr(state, name)


class Search:
    """``push``/``pop``/``copy`` over a :class:`~.hand.TrickHand` (see the module)."""

    __slots__ = ()  # the hand state's attributes are TrickHand's and the game's

    def push(self, play: Any) -> None:
        """Apply ``play`` (a Play event) and remember how to take it back."""
        seat, card = self._turn, play.card
        new = card not in self.knowledge.owner_of
        suit = None if new or seat is None else list(self._held[seat][card.suit])
        saved = _values(self)
        counters = tuple(list(getattr(self, name)) for name in _COUNTERS)
        tricks = len(self.tricks)
        self._apply_play(play)
        self.seq += 1
        self._stack.append((play, saved, counters, new, suit, tricks))

    def pop(self) -> Any:
        """Take back the last pushed play and return it; IndexError if none was pushed."""
        play, saved, counters, new, suit, tricks = self._stack.pop()
        record = self.plays.pop()
        seat, card = record.seat, record.card
        self.plays_by_seat[seat].pop()
        kn = self.knowledge
        del kn.played[card]
        if new:
            del kn.known[seat][card]
            del kn.owner_of[card]
        else:
            self._held[seat][card.suit] = dict.fromkeys(suit)
        by_suit = self._suspects.by_seat[seat]
        for key in [k for k, plays in by_suit.items() if plays[-1] is record]:
            plays = by_suit[key]
            while plays and plays[-1] is record:  # filed twice when lead and trump agree
                plays.pop()
            if not plays:
                del by_suit[key]
        del self.tricks[tricks:]
        _restore(self, saved)
        for name, values in zip(_COUNTERS, counters, strict=True):
            getattr(self, name)[:] = values
        self.current_seats.pop()  # the lists current before the play, which it extended
        self.current_cards.pop()
        return play

    def copy(self) -> Any:
        """An independent copy of the state (with an empty stack: it cannot pop)."""
        new = object.__new__(type(self))
        d = dict(zip(self._fields, _values(self), strict=True))
        for name, value in d.items():
            if type(value) is list:
                d[name] = [list(v) if type(v) is list else v for v in value]
            elif type(value) in (dict, set):
                d[name] = value.copy()
        kn, old = Knowledge.__new__(Knowledge), self.knowledge
        kn.known = [dict(k) for k in old.known]
        kn.owner_of, kn.played = dict(old.owner_of), dict(old.played)
        d["knowledge"] = kn
        d["_held"] = [{s: dict(cards) for s, cards in h.items()} for h in self._held]
        suspects = SuspectIndex.__new__(SuspectIndex)
        suspects.by_seat = [{s: list(p) for s, p in h.items()} for h in self._suspects.by_seat]
        d["_suspects"] = suspects
        d["_stack"] = []
        _restore(new, list(d.values()))
        return new
