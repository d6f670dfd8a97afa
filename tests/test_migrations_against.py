"""``games`` 0010 (issue 21, standings): each unit row gets how it stands against its
match's other units — its place (the winner first, then by score; equal units share it),
how many share it, and the other units' scores and hands — from its sibling rows, as the
write path (``games.results.against_the_others``) derives them for new rows."""

from __future__ import annotations

import pytest

from tests.api.helpers import RECORDS
from tests.test_migrations_units import latest, migrate, migrated_back

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("games", "0009_hand_analysis")]
AGAINST = ("unit", "place", "tied", "score_against", "hands_against")


def test_old_unit_rows_get_their_place_and_what_the_others_scored():
    old = migrated_back(BEFORE)
    Club = old.get_model("clubs", "Club")
    Match = old.get_model("games", "Match")
    MatchUnit = old.get_model("games", "MatchUnit")
    club = Club.objects.create(name="Peña", slug="pena")
    rows = {
        # (score, is_winner, hands_won) per unit
        "pairs": [(11, True, 5), (7, False, 3)],
        "three": [(120, False, 2), (120, False, 2), (300, True, 4)],
        "level": [(0, False, 0), (0, False, 0)],
        "playing": [(3, False, 1), (4, False, 2)],
        # a winner need not have the higher score (a renuncio's penalty decides)
        "penalty": [(2, False, 1), (5, False, 2), (4, True, 1)],
    }
    matches = {}
    for name, units in rows.items():
        matches[name] = Match.objects.create(club=club, rules={}, status="finished")
        for unit, (score, won, hands) in enumerate(units):
            MatchUnit.objects.create(
                match=matches[name], unit=unit, score=score, is_winner=won, hands_won=hands
            )

    latest()

    from games.models import MatchUnit as NewMatchUnit

    def against(name):
        units = NewMatchUnit.objects.filter(match_id=matches[name].pk).order_by("unit")
        return list(units.values_list(*AGAINST))

    assert against("pairs") == [(0, 1, 1, 7, 3), (1, 2, 1, 11, 5)]
    assert against("three") == [(0, 2, 2, 420, 6), (1, 2, 2, 420, 6), (2, 1, 1, 240, 4)]
    assert against("level") == [(0, 1, 2, 0, 0), (1, 1, 2, 0, 0)]
    assert against("playing") == [(0, 2, 1, 4, 2), (1, 1, 1, 3, 1)]
    assert against("penalty") == [(0, 3, 1, 9, 3), (1, 2, 1, 6, 2), (2, 1, 1, 7, 3)]


def test_a_recorded_match_migrates_to_the_rows_the_write_path_derives():
    from games import services
    from games.engine import load_record
    from games.models import Match, MatchUnit
    from tests.factories import ClubFactory, MembershipFactory

    club = ClubFactory(slug="pena")
    scorer = MembershipFactory(club=club, role="scorer").user
    path = RECORDS / "shared" / "valid_014_exact11_q_all.json"
    match = services.import_record(club, load_record(path.read_bytes()), scorer)
    playing = services.create_match(club=club, players=_four(club), user=scorer)

    def rows():
        units = MatchUnit.objects.filter(match__in=[match, playing]).order_by("match_id", "unit")
        return list(units.values_list("match_id", *AGAINST))

    recorded = rows()
    assert recorded[0][2] != recorded[1][2]  # a decided match: first and second
    assert [r[2:4] for r in recorded[2:]] == [(1, 2), (1, 2)]  # a new match: level at 0
    migrate(BEFORE)
    latest()
    assert rows() == recorded
    services.rebuild(Match.objects.get(pk=match.pk))
    assert rows() == recorded


def _four(club):
    from tests.factories import PlayerFactory

    return [PlayerFactory(club=club) for _ in range(4)]
