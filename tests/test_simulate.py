"""``manage.py simulate``: computer matches recorded through the write service; each
export passes ``score_record``."""

import json
import random

import pytest
from django.core.management import CommandError, call_command

from clubs.models import Membership
from games import services
from games.models import HandEvent, Match
from games.simulation import EVENTS, RECORD, simulate_match
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    club = ClubFactory(slug="sim")
    MembershipFactory(club=club, role=Membership.Role.ORGANISER)
    for name in ["Ana", "Blas", "Carmen", "Diego", "Elena"]:
        PlayerFactory(club=club, display_name=name)
    return club


@pytest.mark.parametrize(
    ("game", "rules"), [("cuatrola", {}), ("subastao", {"target": 150}), ("belote", {"target": 60})]
)
def test_a_simulated_match_event_by_event_passes_score_record(club, game, rules, tmp_path, capsys):
    organiser = club.memberships.get().user
    players = list(club.players.order_by("pk"))[: 3 if game == "subastao" else 4]
    match = simulate_match(
        club=club, players=players, user=organiser, game=game, rules=rules, rng=random.Random(3)
    )
    assert match.status == Match.Status.FINISHED
    assert HandEvent.objects.filter(hand__match=match).count() == match.version
    path = tmp_path / "match.json"
    path.write_text(services.export_record(match).dumps())
    try:
        call_command("score_record", str(path))
    except SystemExit as exit_code:  # the command exits non-zero for an invalid record
        pytest.fail(f"score_record exited with {exit_code.code}")
    line = json.loads(capsys.readouterr().out.strip())
    assert line["valid"]
    assert line["finished"]
    assert line["score"] == match.score


def test_both_modes_record_the_same_match(club):
    organiser = club.memberships.get().user
    players = list(club.players.order_by("pk"))[:4]
    by_event, by_record = (
        simulate_match(
            club=club,
            players=players,
            user=organiser,
            game="cuatrola",
            rng=random.Random(9),
            mode=m,
        )
        for m in (EVENTS, RECORD)
    )
    events = [
        list(
            HandEvent.objects.filter(hand__match=m)
            .order_by("hand__number", "seq")
            .values_list("data", flat=True)
        )
        for m in (by_event, by_record)
    ]
    assert events[0] == events[1]
    assert by_event.score == by_record.score


def test_the_command(club, capsys):
    call_command(
        "simulate", "--club", "sim", "--game", "subastao", "--matches", "2", "--mode", "record"
    )
    out = capsys.readouterr().out
    assert "2 subastao matches" in out
    assert Match.objects.filter(club=club, game="subastao", status="finished").count() == 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--club", "nowhere"], "--club"),
        (["--club", "sim", "--rules", "{bad"], "--rules"),
        (["--club", "sim", "--rules", '{"colour": 1}'], "--rules"),
        (["--club", "sim", "--matches", "-1"], "--matches"),
        (["--club", "sim", "--user", "nobody"], "--user"),
    ],
)
def test_the_command_refuses_bad_input_naming_the_option(club, args, message):
    with pytest.raises(CommandError, match=message):
        call_command("simulate", *args)
    assert not Match.objects.exists()
