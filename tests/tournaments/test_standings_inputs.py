"""A recompute does not rank a round whose inputs are those recorded for its stored
snapshot (``tournaments.standings_inputs``): a whole recompute after one changed result
ranks the rounds from it on, and still stores what a whole ranking gives; a renamed
entry or a snapshot written since the record makes every round ranked."""

from __future__ import annotations

import random

import pytest

from games.models import Match, MatchUnit
from tests.synthetic import finished_double_round_robin
from tests.tournaments.test_standings_incremental import a_match, stored
from tournaments import standings_inputs
from tournaments.models import Entry, StandingsSnapshot
from tournaments.receivers import on_match_written
from tournaments.standings_store import scheme_of, snapshot_rows, store_standings
from tournaments.standings_sums import standings_from_sums

pytestmark = pytest.mark.django_db


def whole_rows(t) -> dict[int, list[dict]]:
    whole = standings_from_sums(t, scheme_of(t))
    return {n: snapshot_rows(rows, whole.names) for n, rows in whole.by_round.items()}


def league():
    t, _, _ = finished_double_round_robin(4, random.Random(8))  # 6 rounds
    assert store_standings(t.pk, whole=True) == 6
    return t


def change_in_round(t, number: int) -> None:
    """A match of round ``number`` ends 0-0 in hands and score (its result changes)."""
    match = a_match(t, number)
    MatchUnit.objects.filter(match=match).update(score=0, hands_won=0)
    on_match_written(sender=Match, match_id=match, result_changed=True)


def test_a_whole_recompute_ranks_only_the_rounds_whose_inputs_changed(ranked):
    t = league()
    ranked.clear()
    change_in_round(t, 5)
    assert store_standings(t.pk, whole=True) == 6  # every round covered
    assert ranked == [4, 4]  # rounds 5 and 6 ranked, 1 to 4 as stored
    assert stored(t) == whole_rows(t)
    ranked.clear()
    assert store_standings(t.pk, whole=True) == 6
    assert ranked == []  # nothing changed: nothing ranked, the same snapshots
    assert stored(t) == whole_rows(t)


def test_an_incremental_recompute_keeps_the_record_for_a_later_whole_one(ranked):
    t = league()
    change_in_round(t, 3)
    assert store_standings(t.pk) == 4  # rounds 3 to 6
    ranked.clear()
    change_in_round(t, 6)
    store_standings(t.pk, whole=True)
    assert ranked == [4]
    assert stored(t) == whole_rows(t)


def test_a_renamed_entry_makes_every_round_ranked(ranked):
    t = league()
    Entry.objects.filter(pk=t.entries.order_by("pk").first().pk).update(name="Los de Ávila")
    ranked.clear()
    store_standings(t.pk, whole=True)
    assert len(ranked) == 6
    assert {r["name"] for rows in stored(t).values() for r in rows} >= {"Los de Ávila"}
    assert stored(t) == whole_rows(t)


def test_a_snapshot_written_since_the_record_makes_every_round_ranked(ranked):
    t = league()
    # another recompute's snapshot of round 2 (as a race would leave it)
    StandingsSnapshot.objects.filter(tournament=t, after_round=2).update(rows=[], digest="x")
    change_in_round(t, 6)
    ranked.clear()
    store_standings(t.pk, whole=True)
    assert len(ranked) == 1 + 6  # round 6, then every round under the lock
    assert stored(t) == whole_rows(t)


def test_without_the_sources_each_process_has_its_own_code_digest(monkeypatch):
    def unreadable(path):
        raise OSError("compiled files only")

    standings_inputs.code_digest.cache_clear()
    try:
        real = standings_inputs.code_digest()
        standings_inputs.code_digest.cache_clear()
        monkeypatch.setattr(standings_inputs.Path, "read_bytes", unreadable)
        first = standings_inputs.code_digest()
        standings_inputs.code_digest.cache_clear()
        assert len({real, first, standings_inputs.code_digest()}) == 3
    finally:
        standings_inputs.code_digest.cache_clear()
