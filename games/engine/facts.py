"""What a replayed hand tells the statistics, in counters every game shares the shape of.

A game's ``hand_facts(hand)`` gives one dict per seat, every key of its ``fact_keys``
(0 when nothing happened), each fact credited to the seat it concerns: the declaration
to the declarer, a cante to the singer, a trick's card points to the seat that won it,
últimas and a capot to the seat that took the last trick, a penalty to the offender,
"the hand went to mano's side" to mano and "…to the dealer's side" to the dealer. So a
pair's facts are the sum of its two seats', and a club's the sum of every seat's, with
nothing counted twice. Declarations known with the deal are also counted by the number
of trumps the declarer held (``declared_<kind>_t<n>``), and each seat's card points fall
into one bucket of the points distribution (``pts_<low>``).

The same facts give the counters of a scoring unit (``MatchUnit.counter_1…``, what the
standings sum): a game declares each counter as the facts it sums over the unit's seats
(its ``facts.COUNTERS``), or one of the outcome's own terms (:data:`GAINED`, :data:`WON`),
and :func:`unit_counters` adds them up, so no game tallies a hand twice.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

#: the generic keys every game has (its own kinds and cantes come on top)
COMMON = (
    "card_points",
    "tricks",
    "ultimas",
    "capots",
    "mano_hands",
    "mano_won",
    "dealer_hands",
    "dealer_won",
    "penalties",
)


#: the figures the statistics show, with their titles (English msgids: the site translates
#: them), in the order shown: every trick game's first and last, its own between
#: (:func:`figures`)
FIRST_FIGURES = {
    "card_points": "Card points",
    "tricks": "Tricks",
    "ultimas": "Last tricks (últimas)",
    "capots": "Capots",
}
LAST_FIGURES = {"penalties": "Penalties (revokes)"}
#: the cantes' figures, for a game that sings pairs (20 and 40)
CANTE_FIGURES = {
    "cante_20": "Cantes of 20",
    "cante_40": "Cantes of 40",
    "cante_points": "Cante points",
}


def figures(own: dict[str, str]) -> dict[str, str]:
    """A game's figures (key: title) in the order shown: the shared ones around its own."""
    return {**FIRST_FIGURES, **own, **LAST_FIGURES}


def declaration_keys(kinds: Iterable[str], max_trumps: int) -> tuple[str, ...]:
    """``declared_<kind>``, ``made_<kind>`` and, by trumps held, their ``_t<n>`` forms."""
    out: list[str] = []
    for kind in kinds:
        out += [f"declared_{kind}", f"made_{kind}"]
        for n in range(max_trumps + 1):
            out += [f"declared_{kind}_t{n}", f"made_{kind}_t{n}"]
    return tuple(out)


def bucket_keys(width: int, top: int) -> tuple[str, ...]:
    """The points-distribution keys ``pts_000`` … for buckets ``width`` wide up to ``top``."""
    return tuple(f"pts_{low:03d}" for low in range(0, top + 1, width))


def bucket_key(points: int, width: int, top: int) -> str:
    """The bucket a seat's card points fall into (the last bucket takes the rest)."""
    return f"pts_{min(points // width * width, top // width * width):03d}"


def blank(keys: Sequence[str], seats: int) -> list[dict[str, int]]:
    """One dict of zeros per seat."""
    return [dict.fromkeys(keys, 0) for _ in range(seats)]


def declare(seat_facts: dict[str, int], kind: str, made: bool, trumps_held: int | None) -> None:
    """Count a declaration (and, with the deal, by trumps held) and whether it was made."""
    keys = [kind] if trumps_held is None else [kind, f"{kind}_t{trumps_held}"]
    for key in keys:
        seat_facts[f"declared_{key}"] += 1
        seat_facts[f"made_{key}"] += int(made)


def tricks_and_sides(
    facts: list[dict[str, int]],
    tricks: Sequence[tuple[int, int]],
    total_tricks: int,
    *,
    mano: int,
    dealer: int,
    won: Sequence[bool],
    unit_of: Sequence[int],
    offender: int | None,
    width: int,
    top: int,
    absent: int | None = None,
    capot: bool = True,
) -> None:
    """The facts every trick game shares: ``tricks`` are (winner seat, card points) in
    order (últimas and a capot need them all); ``won`` tells per seat whether its unit
    took the hand, ``unit_of`` its scoring unit (a capot: one unit took every trick).
    A seat ``absent`` from the play (Cuatrola's partner of a solo) falls into no bucket;
    ``capot`` False: the hand's scoring has none (Belote's round ended by a penalty, B7,
    even after every trick went to one side), so none is counted."""
    taken = [0] * len(facts)
    for winner, points in tricks:
        facts[winner]["tricks"] += 1
        facts[winner]["card_points"] += points
        taken[winner] += points
    if len(tricks) == total_tricks:
        last = tricks[-1][0]
        facts[last]["ultimas"] += 1
        if capot and len({unit_of[w] for w, _ in tricks}) == 1:
            facts[last]["capots"] += 1
    for seat, points in enumerate(taken):
        if seat != absent:
            facts[seat][bucket_key(points, width, top)] += 1
    facts[mano]["mano_hands"] += 1
    facts[mano]["mano_won"] += int(won[mano])
    facts[dealer]["dealer_hands"] += 1
    facts[dealer]["dealer_won"] += int(won[dealer])
    if offender is not None:
        facts[offender]["penalties"] += 1


#: a counter's terms that are the hand outcome's, not a seat's fact: what the hand's
#: score gave the unit (``HandOutcome.delta``), and 1 when the hand went to it
#: (``winner_unit``); the dots keep them apart from every fact key
GAINED = "outcome.delta"
WON = "outcome.won"


def unit_counters(
    counters: Mapping[str, Sequence[str]],
    seat_facts: Sequence[Mapping[str, int]],
    unit_of: Sequence[int],
    delta: Sequence[int],
    winner_unit: int | None,
) -> list[dict[str, int]]:
    """What a hand adds to each unit's counters: each counter the sum of its facts over
    the unit's seats (``unit_of``: each seat's unit), :data:`GAINED` and :data:`WON`
    read from the outcome (``delta``, ``winner_unit``). A hand without facts (void, or
    not complete) adds nothing but what its outcome says."""
    out = [dict.fromkeys(counters, 0) for _ in delta]
    for unit, row in enumerate(out):
        seats = [facts for seat, facts in enumerate(seat_facts) if unit_of[seat] == unit]
        for counter, terms in counters.items():
            for term in terms:
                if term == GAINED:
                    row[counter] += delta[unit]
                elif term == WON:
                    row[counter] += int(winner_unit == unit)
                else:
                    row[counter] += sum(facts[term] for facts in seats)
    return out
