"""From a match's stored events to statistics totals, and the associative reduce.

A total's key is ``(scope, key, club, game, metric, tournament)``: ``tournament`` is the
match's tournament (0 for a match in none), the *visibility bucket* a reader's view sums
over (``stats/visible.py``). The facts of a hand come from the
engine (``Game.hand_facts``: one dict per seat, carried by each hand's outcome as
``seat_facts``); here they are only summed and routed to
scopes (see :func:`route`). ``hands`` counts the complete hands of each scope,
``void_hands`` those nobody played, ``matches`` its matches.
Sums of whole numbers: merging partial results in any grouping and order gives the same
totals (the property the chunked job relies on).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from operator import add
from typing import Any

from games.engine import HandOutcome, find_game

TotalKey = tuple[str, str, int, str, str, int]
Totals = Counter  # Counter[TotalKey]


@dataclass(frozen=True, slots=True)
class MatchInfo:
    """What routes a match's facts to scopes: read once per match, events apart."""

    id: int
    game: str
    rules: dict[str, Any]
    first_dealer: int
    club: int
    season: int
    tournament: int | None
    players: tuple[int, ...]  # in seat order


@dataclass(slots=True)
class MatchFacts:
    """A replayed match's figures: each seat's summed facts (the engine's, and what this
    module derives from them per hand: match points per call, capots by the declaring
    side or the defence), each scoring unit's (hands won; contracts defended and broken:
    facts of a whole side, counted once for a pair), its complete hands, the void ones
    among them (nobody played: the engine gives them no facts), the hands each seat sat
    out (played, but not by that seat: Cuatrola's partner of a declarer, C5) and the
    match's winner."""

    seats: list[Counter]
    units: list[Counter]
    unit_of: list[int]
    hands: int
    void: int
    winner: int | None
    sat_out: list[int]


def _kinds(game: Any) -> list[tuple[str, str, str]]:
    """``(kind, declared key, made key)`` of each declaration or bid the game counts."""
    return [(k, f"declared_{k}", f"made_{k}") for k in game.fact_kinds]


def replay_facts(info: MatchInfo, events: Iterable[dict[str, Any]]) -> MatchFacts:
    """Replay a match's stored events: the figures of its complete hands."""
    game = find_game(info.game)
    rules = game.parse_rules(info.rules)
    state = game.new_match(rules, info.first_dealer)
    game.replay(state, [game.event_from_dict(data) for data in events])
    keys = game.fact_keys
    seats_n, units_n = game.seats(rules), game.units(rules)
    unit_of = [game.unit_of_seat(rules, seat) for seat in range(seats_n)]
    kinds = _kinds(game)
    sums = [[0] * len(keys) for _ in range(seats_n)]
    derived = [Counter() for _ in range(seats_n)]
    units = [Counter() for _ in range(units_n)]
    hands = void = 0
    # one outcome per complete hand, its facts taken once (the unit counters read them too)
    for outcome in game.outcomes(state):
        hands += 1
        facts = outcome.seat_facts
        for seat, seat_facts in enumerate(facts):
            # every seat's dict has exactly the game's keys, in their order (the engine
            # fills a blank of them): summed as vectors, without a lookup per key
            if len(seat_facts) != len(keys):
                raise ValueError(f"{info.game} hand_facts: keys other than its fact_keys")
            sums[seat] = list(map(add, sums[seat], seat_facts.values()))
        # every hand played credits mano's seat (games/engine/facts.py): none, it was void
        if not any(f["mano_hands"] for f in facts):
            void += 1
            continue
        if outcome.winner_unit is not None:
            units[outcome.winner_unit]["hands_won"] += 1
        _declared(facts, kinds, unit_of, outcome, derived, units)
    seats = [Counter({k: v for k, v in zip(keys, row, strict=True) if v}) for row in sums]
    for seat, extra in zip(seats, derived, strict=True):
        seat.update(extra)  # update, not +: a figure may be below zero
    # a seat that plays a hand falls in one points bucket (games/engine/facts.py): the
    # hands played it has no bucket for, it sat out
    buckets = [k for k in keys if k.startswith("pts_")]
    sat_out = [hands - void - sum(seat[k] for k in buckets) for seat in seats]
    return MatchFacts(seats, units, unit_of, hands, void, state.winner_unit, sat_out)


def _declared(
    facts: list[dict[str, int]],
    kinds: list[tuple[str, str, str]],
    unit_of: list[int],
    outcome: HandOutcome,
    derived: list[Counter],
    units: list[Counter],
) -> None:
    """One hand's figures of its declaration or bid, if any: the match points the
    declarer's unit and the others gained (a failed bid loses: Subastao's delta is the
    opponents'), the capot by the declaring side or the defence, and each defending
    unit's contract defended (and broken)."""
    found = next(((seat, k) for seat, f in enumerate(facts) for k in kinds if f[k[1]]), None)
    if found is None:
        return
    seat, (kind, _, made) = found
    ours = unit_of[seat]
    delta = outcome.delta
    derived[seat][f"score_for_{kind}"] += delta[ours]
    derived[seat][f"score_against_{kind}"] += sum(delta) - delta[ours]
    for other, other_facts in enumerate(facts):
        if other_facts["capots"]:
            side = "declarer" if unit_of[other] == ours else "defender"
            derived[other][f"capots_{side}"] += other_facts["capots"]
    broken = not facts[seat][made]
    for unit, counter in enumerate(units):
        if unit != ours:
            counter["defended"] += 1
            counter["broke"] += broken


def route(info: MatchInfo, match: MatchFacts, into: Totals) -> None:
    """Add a match's figures to every scope it counts in: a seat's to its player, a
    unit of two seats' to the pair, every seat's to the club, the season and the
    tournament; a seat's to its player's season too (scope ``player_season``, key
    ``<player>:<year>``); a unit's own (hands won…) to its player or pair, never summed over two
    seats; and head to head, each player against each opponent, each pair against the
    other (scope ``versus``, key ``<us>:<them>``)."""
    if not match.hands:
        return
    game = find_game(info.game)
    rules = game.parse_rules(info.rules)
    g, club = info.game, info.club
    everyone: Counter = Counter()
    for seat in match.seats:
        everyone.update(seat)
    whole = [("club", str(club)), ("season", f"{club}:{info.season}")]
    if info.tournament is not None:
        whole.append(("tournament", str(info.tournament)))
    # each scope's figures as the dicts to add (no copy of a seat's facts per scope)
    scoped: list[tuple[str, str, list[dict]]] = [(s, k, [everyone]) for s, k in whole]
    sides: list[tuple[str, int, list[int]]] = []  # (key, unit, seats) of players and pairs
    owns = [_unit(match, unit) for unit in range(len(match.units))]
    for seat, facts in enumerate(match.seats):
        unit = match.unit_of[seat]
        alone = {"sat_out_hands": match.sat_out[seat]}  # a player's alone: a pair played
        player = str(info.players[seat])
        scoped.append(("player", player, [facts, owns[unit], alone]))
        # the same dicts: a player's season sums what their all-time figures sum
        scoped.append(("player_season", f"{player}:{info.season}", [facts, owns[unit], alone]))
        sides.append((str(info.players[seat]), unit, [seat]))
    for unit in range(game.units(rules)):
        members = game.unit_seats(rules, unit)
        if len(members) == 2:
            a, b = sorted(info.players[s] for s in members)
            parts = [match.seats[s] for s in members]
            scoped.append(("pair", f"{a}-{b}", [*parts, owns[unit]]))
            sides.append((f"{a}-{b}", unit, members))
    played = match.hands - match.void
    # every total of the match sits in its tournament's bucket: who may read the
    # tournament decides, at read time, whether it is summed (no copy to move when the
    # tournament is opened or closed to the public)
    bucket = info.tournament or 0
    for ours_key, ours, seats in sides:
        head = {k: owns[ours][k] for k in ("matches_won", "hands_won")}
        for theirs_key, theirs, other in sides:
            if theirs != ours and len(other) == len(seats):
                scoped.append(("versus", f"{ours_key}:{theirs_key}", [head]))
    for scope, key, parts in scoped:
        into[(scope, key, club, g, "matches", bucket)] += 1
        if scope != "versus":
            into[(scope, key, club, g, "hands", bucket)] += match.hands
            into[(scope, key, club, g, "void_hands", bucket)] += match.void
        else:
            into[(scope, key, club, g, "played_hands", bucket)] += played
        for facts in parts:
            for metric, value in facts.items():
                if value:
                    into[(scope, key, club, g, metric, bucket)] += value


def _unit(match: MatchFacts, unit: int) -> Counter:
    """A unit's own figures, and the match won."""
    out = Counter(match.units[unit])
    out["matches_won"] += int(match.winner == unit)
    return out


def merge(parts: Iterable[Totals]) -> Totals:
    """The associative reduce: the sum of partial totals."""
    out: Totals = Counter()
    for part in parts:
        out.update(part)
    return out


def as_rows(totals: Totals) -> list[list[Any]]:
    """Totals as JSON rows ``[scope, key, club, game, metric, tournament, value]`` (sorted: a chunk
    stored twice stores the same text)."""
    return [[*key, value] for key, value in sorted(totals.items()) if value]


def from_rows(rows: Iterable[list[Any]]) -> Iterator[tuple[TotalKey, int]]:
    for scope, key, club, game, metric, tournament, value in rows:
        yield (scope, key, club, game, metric, tournament), value
