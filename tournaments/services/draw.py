"""The draw of a round: the tournament's entries and past results turned into the
``pairing`` module's request (Berger schedule, knockout bracket, Swiss score groups) and
its tables back into entries. Reads only; :mod:`.rounds` writes what it draws."""

from __future__ import annotations

from ..models import Entry, FixtureEntry, Round, Tournament
from ..pairing import DrawEntry, DrawRequest, Table, generator_for
from ..standings import rank, without_annulled
from ..standings_store import load_results, scheme_of
from .base import ROUND_ROBINS


def _draw(
    t: Tournament, number: int, starters: list[Entry], last: Round | None
) -> list[list[Entry]] | None:
    """The round's tables of entries (in seat/unit order), or None when the format is over."""
    generator = generator_for(t.format, t.table_size)
    if t.format in ROUND_ROBINS:  # the schedule of those who started; withdrawn stay in it
        by_number = dict(enumerate(starters, 1))
        tables = generator.draw(DrawRequest(number, tuple(DrawEntry(n) for n in by_number)))
        return _entries(tables, by_number)
    active = [e for e in starters if not e.withdrawn]
    if t.format == Tournament.Format.KNOCKOUT:
        if last is None:
            by_number = dict(enumerate(active, 1))
            request = DrawRequest(number, tuple(DrawEntry(n) for n in by_number))
        else:  # who went through, withdrawn or not: a withdrawn one's next fixture is a forfeit
            by_number = dict(enumerate(_advancing(t, last), 1))
            request = DrawRequest(number, (), advancing=tuple(by_number))
            if sum(e is not None for e in by_number.values()) < 2:
                return None
        tables = generator.draw(request)
        if tables is None:
            return None
        # a bracket slot nobody won (every entry of that table withdrew) gives a bye
        seated = [[by_number[n] for n in table if by_number[n] is not None] for table in tables]
        return [table for table in seated if table]
    # score groups: match points so far, who sat together, byes
    loaded = load_results(t)
    entries = loaded.entries
    counted = without_annulled(loaded.results, loaded.annulled)
    rows = {r.entry: r.metrics for r in rank([e.pk for e in entries], counted, scheme_of(t))}
    met: dict[int, set[int]] = {e.pk: set() for e in entries}
    byes: dict[int, int] = dict.fromkeys(met, 0)
    first: dict[int, int] = dict.fromkeys(met, 0)  # sat first at a table of two (seat 0)
    drawn = (
        FixtureEntry.objects.filter(fixture__round__tournament=t)
        .order_by("fixture", "position")
        .values_list("fixture_id", "entry_id")
    )
    tables_so_far: dict[int, list[int]] = {}
    for fixture_id, entry_id in drawn:
        tables_so_far.setdefault(fixture_id, []).append(entry_id)
    for members in tables_so_far.values():
        if len(members) == 1:
            byes[members[0]] += 1
        if len(members) == 2:
            first[members[0]] += 1
        for a in members:
            met[a].update(b for b in members if b != a)
    by_seed = {e.seed: e for e in active}
    seed_of = {e.pk: e.seed for e in entries}
    request = DrawRequest(
        number,
        tuple(
            DrawEntry(
                e.seed,
                rows[e.pk]["match_points"],
                frozenset(seed_of[o] for o in met[e.pk]),
                byes[e.pk],
                first[e.pk],
            )
            for e in active
        ),
        rounds=t.swiss_rounds,
    )
    return _entries(generator.draw(request), by_seed)


def _entries(tables: list[Table] | None, by_number: dict[int, Entry]) -> list[list[Entry]] | None:
    return None if tables is None else [[by_number[n] for n in table] for table in tables]


def _advancing(t: Tournament, last: Round) -> list[Entry | None]:
    """Who goes through from the last knockout round, in bracket (table) order (None for a
    table nobody won: every entry of it withdrew)."""
    winners = {}
    for r in load_results(t).results:
        if r.round == last.number:
            best = min(range(len(r.participants)), key=lambda i: r.placings[i])
            winners[frozenset(r.entries)] = r.participants[best].entry
    out: list[Entry | None] = []
    fixtures = last.fixtures.prefetch_related("participants__entry").order_by("table")
    for f in fixtures:
        entries = f.entries()
        winner = winners.get(frozenset(e.pk for e in entries))
        out.append(next((e for e in entries if e.pk == winner), None))
    return out
