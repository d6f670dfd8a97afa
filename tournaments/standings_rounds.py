"""Each round's standings from the sums of the stored unit rows, round after round.

``standings_sums`` reads the rows and what the earlier rounds left (``standings_state``);
here each entry's sums run on round by round, and after each round every column is made
by entry position from them (a column per sum at once, then each metric's from its sums:
``Metric.from_sums`` is linear), then ranked (``ranking.order``) into a
:class:`~tournaments.ranking.Table`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from operator import mul

from .metrics import Metric, Result, Scheme
from .ranking import Table, order, tidy_column
from .standings import columns
from .standings_inputs import next_digest
from .standings_state import Before, UnitRow


def by_round(
    entries: list[int],
    scheme: Scheme,
    withdrawn: set[int],
    ordered: Sequence[Metric],
    played: Mapping[int, list[UnitRow]],
    unplayed: Mapping[int, list[Result]],
    state: Before,
    relational: bool,
    digests: Mapping[int, tuple[int, ...]] | None = None,
    chain: str | None = None,
    known: Mapping[int, tuple[str, str]] | None = None,
) -> Rounds:
    """Accumulate round by round from ``state.round`` and rank after each (see
    ``standings_sums.standings_from_sums``); ``played`` holds the rounds from it on, ``state`` what
    the earlier ones left (it runs on), ``unplayed`` every round's byes and forfeits.
    Also returns a copy of the state before the last round ranked.

    ``chain``: the inputs' digest before ``state.round`` (``standings_inputs``; None:
    unknown, no digests), continued by each round's ``digests`` (of its unit rows); a
    round whose inputs' digest is in ``known`` (round → that digest and its stored
    snapshot's) is not ranked (``Rounds.unchanged``).

    Each entry's sums so far are one list (what its rows add, element by element); an
    additive metric is read from them after each round (``Metric.from_sums`` is linear in
    the sums), plus what byes and forfeits gave it (``state.extra``, as the pure path
    adds them). ``state.above[e][o]``: how many times ``e`` was placed above ``o`` so far,
    the running matrix every mini-league reads."""
    additive = [m for m in ordered if m.additive]
    keys = {m.key for m in ordered}
    sum_names = list(dict.fromkeys(s for m in additive for s in m.sums))
    # a metric that is one sum as it is reads a column of the lists; others, a dict each
    plain = {m.key: sum_names.index(m.sums[0]) for m in additive if _reads_one_sum(m)}
    unsummed = [m.key for m in additive if not m.sums and _default_from_sums(m)]
    named = [m for m in additive if m.key not in plain and m.key not in unsummed]
    # a metric over several sums, as the linear function it is: its terms, by sum's index
    linear = {m.key: terms for m in named if (terms := _terms(m, sum_names, scheme)) is not None}
    named = [m for m in named if m.key not in linear]
    for key, (constant, terms) in list(linear.items()):
        if constant == 0 and len(terms) == 1 and terms[0][1] == 1:  # one sum as it is
            plain[key] = terms[0][0]
            del linear[key]
        else:
            linear[key] = _plan(constant, terms)
    derived = [m for m in ordered if m.depends]
    entries = sorted(entries)  # by position: tied entries are listed by entry
    n = len(entries)
    flags = [e in withdrawn for e in entries]
    criteria = ["match_points", *scheme.tiebreaks]
    shown_keys = tuple(columns(scheme))
    so_far, extra, above = state.sums, state.extra, state.above
    ppw = scheme.points_per_win

    def mini_league(group: list[int]) -> dict[int, float]:
        # a tied group is small: its pairs cost less than each member's every opponent
        if len(group) == 2:  # the most frequent tie
            a, b = group
            return {a: ppw * above[a].get(b, 0), b: ppw * above[b].get(a, 0)}
        none = [0] * len(group)  # dict.get's default for an opponent never placed below
        return {e: ppw * sum(map(above[e].get, group, none)) for e in group}

    def plus(column: Sequence[float], key: str) -> Sequence[float]:
        """``column`` and what byes and forfeits gave metric ``key``, as the pure path
        adds them (most tournaments have none: the column as it is)."""
        bonus = extra[key]
        if not any(bonus.values()):
            return column
        return [v + bonus[e] for v, e in zip(column, entries, strict=True)]

    numbers = sorted(n for n in set(played) | set(unplayed) if n >= state.round)
    if not numbers and not state.decided:
        numbers = [0]  # nothing decided at all: everybody level
    kept = state.copy(state.round)
    out = Rounds({}, kept)
    known = known or {}
    digests = digests or {}
    for number in numbers:
        if number == numbers[-1]:
            out.state = state.copy(number)
        state.add_played(played.get(number, ()), relational)
        state.add_unplayed(unplayed.get(number, ()), additive, scheme)
        if chain is not None:
            chain = next_digest(chain, digests.get(number), unplayed.get(number, ()))
            out.inputs[number] = chain
            if known.get(number, ("",))[0] == chain:  # its snapshot as stored
                out.unchanged[number] = known[number][1]
                continue
        # every column by position: each sum's column at once, then each metric's
        rows = [so_far[e] for e in entries]
        sums = list(zip(*rows, strict=True)) if rows else [()] * len(sum_names)
        values: dict[str, Sequence[float]] = {}
        for key, i in plain.items():
            values[key] = plus(sums[i], key)
        for key, plan in linear.items():
            values[key] = plus(_linear_column(plan, sums, n), key)
        for key in unsummed:
            bonus = extra[key]
            values[key] = [bonus[e] for e in entries]
        if named:
            by_name = [dict(zip(sum_names, row, strict=True)) for row in rows]
            for m in named:
                values[m.key] = plus([m.from_sums(s, scheme) for s in by_name], m.key)
        for m in derived:
            values[m.key] = m.derive_column(values, n)
        for key, counts in (("buchholz", state.games), ("sonneborn_berger", above)):
            if key in keys:
                values[key] = _opponents(entries, counts, values["match_points"])
        positions, ranks, h2h = order(entries, values, criteria, mini_league, flags)
        values["head_to_head"] = [h2h.get(i, 0) for i in range(n)]
        listed = list(zip(*(tidy_column(values[k]) for k in shown_keys), strict=True))
        out.tables[number] = Table(
            shown_keys,
            [entries[i] for i in positions],
            ranks,
            [flags[i] for i in positions],
            [listed[i] for i in positions],
        )
    return out


@dataclass
class Rounds:
    """What :func:`by_round` gives: the ranked rounds' tables, the state before the last
    round, each round's inputs' digest (when the chain is known), and the rounds not
    ranked because their inputs are the stored snapshot's (round → its digest)."""

    tables: dict[int, Table]
    state: Before
    inputs: dict[int, str] = field(default_factory=dict)
    unchanged: dict[int, str] = field(default_factory=dict)


def _terms(
    m: Metric, sum_names: Sequence[str], scheme: Scheme
) -> tuple[float, list[tuple[int, float]]] | None:
    """``m.from_sums`` as a constant and (index of a sum, coefficient) terms, read off
    the function at zero and at each sum alone (``Metric.from_sums`` is linear); None if
    the terms do not give it back at a few other points (then it is called as it is)."""
    zero = dict.fromkeys(sum_names, 0)
    constant = m.from_sums(zero, scheme)
    terms = []
    for i, name in enumerate(sum_names):
        c = m.from_sums(zero | {name: 1}, scheme) - constant
        if c:
            terms.append((i, int(c) if float(c).is_integer() else c))
    for probe in ([1] * len(sum_names), [3 + 2 * i for i in range(len(sum_names))]):
        at = m.from_sums(dict(zip(sum_names, probe, strict=True)), scheme)
        if at != constant + sum(c * probe[i] for i, c in terms):
            return None
    return constant, terms


@dataclass(frozen=True)
class _Plan:
    """A linear metric as :func:`_linear_column` computes it, worked out once: the
    constant and the coefficients times ``d`` (1, or 2 for half coefficients; 0: other
    coefficients, as floats), and the sums' indexes."""

    constant: float
    terms: tuple[tuple[int, float], ...]
    d: int
    k0: int
    ks: tuple[int, ...]


def _plan(constant: float, terms: Sequence[tuple[int, float]]) -> _Plan:
    coefficients = [constant, *(c for _, c in terms)]
    d = next((d for d in (1, 2) if all(float(d * c).is_integer() for c in coefficients)), 0)
    k0, *ks = (int(d * c) for c in coefficients) if d else (0,)
    return _Plan(constant, tuple(terms), d, k0, tuple(ks))


def _linear_column(plan: _Plan, sums: Sequence[Sequence[int]], n: int) -> list[float]:
    """``constant + Σ c × sum`` for each of ``n`` entries (``plan.terms``: the index of
    each sum in ``sums``, each sum's column, and its coefficient). With whole or half
    coefficients (match points: half the placings' points by points per win) in integers,
    halved at the end: exact, and an int wherever the value is whole."""
    columns = [sums[i] for i, _ in plan.terms]
    if not plan.d:  # other coefficients: as floats
        constant, terms = plan.constant, plan.terms
        return [
            constant + sum(c * v for (_, c), v in zip(terms, row, strict=True))
            for row in zip(*columns, strict=True)
        ]
    k0, ks = plan.k0, plan.ks
    if not columns:
        numbers = [0] * n
    elif set(ks) == {1}:  # a game's counters added up
        numbers = list(columns[0]) if len(ks) == 1 else list(map(sum, zip(*columns, strict=True)))
    elif len(ks) == 1:
        numbers = [ks[0] * a for a in columns[0]]
    elif len(ks) == 2:  # points' difference
        (j, k), (first, second) = ks, columns
        numbers = [j * a + k * b for a, b in zip(first, second, strict=True)]
    else:
        numbers = [sum(map(mul, ks, row)) for row in zip(*columns, strict=True)]
    if k0:
        numbers = [k0 + v for v in numbers]
    return numbers if plan.d == 1 else [v >> 1 if not v & 1 else v / 2 for v in numbers]


def _default_from_sums(m: Metric) -> bool:
    return type(m).from_sums is Metric.from_sums


def _reads_one_sum(m: Metric) -> bool:
    """``m`` is its one sum as it is (``Metric.from_sums`` not overridden)."""
    return _default_from_sums(m) and len(m.sums) == 1


def _opponents(
    entries: list[int], counts: Mapping[int, Mapping[int, int]], points: Sequence[float]
) -> list[float]:
    """Each entry's sum of its opponents' match points (``points``, by position), once
    per game ``counts`` says."""
    by_entry = dict(zip(entries, points, strict=True))
    return [sum(n * by_entry.get(o, 0) for o, n in counts[e].items()) for e in entries]
