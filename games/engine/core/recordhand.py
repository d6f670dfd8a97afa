"""A record hand's shape, declared once per game (RECORD_FORMAT.md "Hand").

Every game's record hand is a dataclass of keys — dealer, deal, the auction, tricks,
cantes or declarations, penalty — read the same way: a table of :class:`Key` says, in
reading order, how each key's JSON type is checked (RecordFormatError: the file is
unreadable), what an omitted key stands for, and when the key is written back
(``WRITE``, in the record's key order: ``"deal?"`` when not None, ``"cantes+"`` when
not empty, a bare name always). A game's ``HandRecord`` subclasses
:class:`RecordHand` with its fields and its table, and keeps only the checks that are
its own (Cuatrola's trump card, Subastao's bids and cantes, Belote's declarations).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..game import Record, expect, is_int, played_cards, str_list
from ..messages import msg


@dataclass(frozen=True)
class Key:
    """One key of a record hand: ``check(value, where)`` raises RecordFormatError on a
    wrong JSON type; ``default()`` is the value of an omitted key (else None); None is
    checked like any value unless the key is ``optional`` (left out or null alike)."""

    name: str
    check: Callable[[Any, str], None]
    default: Callable[[], Any] | None = None
    optional: bool = True

    def read(self, raw: dict[str, Any], where: str) -> Any:
        if self.name in raw:
            value = raw[self.name]
        else:
            value = self.default() if self.default is not None else None
        if value is not None or not self.optional:
            self.check(value, where)
        return value


def check_dealer(value: Any, where: str) -> None:
    expect(is_int(value), msg("{where}: dealer must be a whole number", where=where))


def check_calls(value: Any, where: str) -> None:
    str_list(value, msg("{where}: calls", where=where))


def check_tricks(value: Any, where: str) -> None:
    expect(isinstance(value, list), msg("{where}: tricks must be a list", where=where))
    for i, trick in enumerate(value, 1):
        str_list(trick, msg("{where}: trick {i}", where=where, i=i))


def deal_check(shape: str) -> Callable[[Any, str], None]:
    """The deal's check; ``shape`` says what it must be ("a list of 4 lists of cards")."""

    def check(value: Any, where: str) -> None:
        expect(
            isinstance(value, list), msg("{where}: deal must be {shape}", where=where, shape=shape)
        )
        for i, cards in enumerate(value):
            str_list(cards, msg("{where}: deal of seat {i}", where=where, i=i))

    return check


def check_penalty(value: Any, where: str) -> None:
    expect(isinstance(value, dict), msg("{where}: penalty must be an object", where=where))


def cante_check(keys: tuple[str, ...], what: str) -> Callable[[Any, str, int], None]:
    """The check of one record cante: whole numbers ``after_trick`` and ``seat``, and at
    least one of ``keys``, each given as text (``what`` names them in the message)."""

    def check(cante: Any, where: str, i: int) -> None:
        # wrong JSON types make the file unreadable; wrong values (seat 7, suit "x",
        # after_trick 0, both a suit and a tute) are the game's refusal, in event order
        expect(
            isinstance(cante, dict)
            and is_int(cante.get("after_trick"))
            and is_int(cante.get("seat"))
            and any(key in cante for key in keys)
            # null is a wrong type; an omitted key is not a null one (RECORD_FORMAT.md)
            and all(key not in cante or isinstance(cante[key], str) for key in keys),
            msg(
                "{where}: cante {i} must be an object with after_trick and seat (whole "
                "numbers) and {what} (text)",
                where=where,
                i=i,
                what=what,
            ),
        )

    return check


def summary_of(fields: str) -> Callable[[Any, Sequence[int]], dict[str, Any]]:
    """A game's ``hand_summary``: a complete hand's result in the checker's shape, its
    number, the result's ``fields`` (names apart by spaces, ``[]`` after a sequence to be
    written as a list) and the score after it.

    The function is written out as one dict display and compiled once (as ``dataclasses``
    and ``namedtuple`` write their methods): the checker calls it for every hand, and a
    loop over the fields costs a tenth more than the literal each game used to spell."""
    items = []
    for spec in fields.split():
        name = spec.removesuffix("[]")
        if not name.isidentifier():
            raise ValueError(f"summary field {spec!r} is not a name")
        items.append(f"{name!r}: list(r.{name})" if spec.endswith("[]") else f"{name!r}: r.{name}")
    source = (
        "def hand_summary(hand, score_after):\n"
        "    r = hand.result\n"
        f"    return {{'number': hand.number, {', '.join(items)}, "
        "'score_after': list(score_after)}\n"
    )
    namespace: dict[str, Any] = {}
    exec(source, {}, namespace)  # the names are checked identifiers: nothing else runs
    return namespace["hand_summary"]


def list_of(noun: str, each: Callable[[Any, str, int], None]) -> Callable[[Any, str], None]:
    """The check of a list key (``cantes``, ``declarations``): a list, and ``each(item,
    where, index)`` for every item (1-based)."""

    def check(value: Any, where: str) -> None:
        expect(
            isinstance(value, list), msg("{where}: {noun} must be a list", where=where, noun=noun)
        )
        for i, item in enumerate(value, 1):
            each(item, where, i)

    return check


DEALER = Key("dealer", check_dealer, optional=False)
TRICKS = Key("tricks", check_tricks)
PENALTY = Key("penalty", check_penalty)


class RecordHand:
    """The shared half of a game's ``HandRecord`` dataclass: read by its ``KEYS``,
    written back in its ``WRITE`` order."""

    #: the keys after the dealer (every hand's first) in the order they are read: which
    #: unreadable key is reported first
    KEYS: ClassVar[Sequence[Key]]
    #: the keys in the order they are written back, ``?``: when not None, ``+``: when not
    #: empty, bare: always
    WRITE: ClassVar[Sequence[str]]

    @classmethod
    def parse(cls, raw: Any, where: str) -> Any:
        """One record hand's shape and JSON types; RecordFormatError otherwise."""
        expect(isinstance(raw, dict), msg("{where} must be an object", where=where))
        return cls(**{key.name: key.read(raw, where) for key in (DEALER, *cls.KEYS)})

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key in self.WRITE:
            name = key.rstrip("?+")
            value = getattr(self, name)
            if name == key or (value if key[-1] == "+" else value is not None):
                out[name] = value
        return out


def penalty_dict(state: Any) -> dict[str, Any] | None:
    """A hand state's penalty as the record writes it."""
    p = state.penalty
    return {"seat": p.seat, "rule": p.rule} if p is not None else None


def penalty_event(h: Any, penalty_class: type) -> Any:
    """A record hand's penalty as written (no default rule: a missing one is refused)."""
    if h.penalty is None:
        return None
    return penalty_class(h.penalty.get("seat"), h.penalty.get("rule"))


def export(
    match: Any,
    game: str,
    hand_of: Callable[[Any, list[list[str]], list[list[str]] | None], Any],
    **header: Any,
) -> Record:
    """The record of a match state (export): ``hand_of(state, tricks, deal)`` writes one
    hand state as the game's record hand (cards as text)."""
    hands = [hand_of(state, *played_cards(state)) for state in match.hands]
    rules = match.rules
    return Record(game, rules, hands, rules_given=rules.as_dict(), **header)
