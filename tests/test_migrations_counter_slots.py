"""``games`` 0011 (issue 21, standings): each unit row's counters copied from its JSON into
the integer columns ``counter_1`` … ``counter_8``, slot ``n`` holding its game's ``n``-th
counter, as the write path (``MatchUnit.counter_slots``) fills them for new rows."""

from __future__ import annotations

import pytest

from games.engine import find_game, games
from tests.api.helpers import RECORDS
from tests.test_migrations_units import latest, migrate, migrated_back

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("games", "0010_matchunit_against_the_others")]


def test_every_game_has_a_column_for_each_of_its_counters():
    from games.models import MatchUnit

    for game in games():
        assert len(game.counters) <= len(MatchUnit.COUNTER_SLOTS), game.name


def test_old_unit_rows_get_their_counters_as_columns():
    old = migrated_back(BEFORE)
    Club = old.get_model("clubs", "Club")
    Match = old.get_model("games", "Match")
    MatchUnit = old.get_model("games", "MatchUnit")
    club = Club.objects.create(name="Peña", slug="pena")
    belote = find_game("belote").counters  # game_points, rounds_won, capots, …
    match = Match.objects.create(club=club, game="belote", rules={}, status="finished")
    MatchUnit.objects.create(match=match, unit=0, counters={belote[0]: 162, belote[2]: 1})
    MatchUnit.objects.create(match=match, unit=1, counters={})  # a key missing: 0

    latest()

    from games.models import MatchUnit as NewMatchUnit

    got = NewMatchUnit.objects.filter(match_id=match.pk).order_by("unit")
    slots = NewMatchUnit.COUNTER_SLOTS
    assert list(got.values_list(*slots)) == [(162, 0, 1, 0, 0, 0, 0, 0), (0,) * 8]


def test_a_recorded_match_migrates_to_the_columns_the_write_path_fills():
    from games import services
    from games.engine import load_record
    from games.models import MatchUnit
    from tests.factories import ClubFactory, MembershipFactory

    club = ClubFactory(slug="pena")
    scorer = MembershipFactory(club=club, role="scorer").user
    path = RECORDS / "shared" / "valid_014_exact11_q_all.json"
    match = services.import_record(club, load_record(path.read_bytes()), scorer)
    keys = find_game(match.game).counters

    def rows():
        units = MatchUnit.objects.filter(match=match).order_by("unit")
        return list(units.values_list("counters", *MatchUnit.COUNTER_SLOTS))

    recorded = rows()
    for counters, *slots in recorded:  # the columns say what the JSON says, in order
        assert slots == [counters[k] for k in keys] + [0] * (8 - len(keys))
    assert any(any(slots) for _, *slots in recorded)  # the record declares something
    migrate(BEFORE)
    latest()
    assert rows() == recorded
