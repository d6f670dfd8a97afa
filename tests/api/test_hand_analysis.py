"""Stored hand analysis (docs/analysis.md "On the site"): the write path's task stores
what the engine's analysis gives, a corrected hand's analysis is recomputed, and the API
serves it to the match's readers only, the hand in play never."""

import random
import re
from io import StringIO

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.management import call_command

from games import services
from games.analysis import current_analyses
from games.engine.analysis import analyse_hand, analyse_record
from games.engine.cuatrola.simulate import random_match
from games.models import HandAnalysis
from stats.costly import costly_cards

from .conftest import client_for

STORED = ["side", "value", "par", "actual", "plays"]


def marked(html: str, best: str, gain: int, word: str = "mejor:") -> bool:
    """A costly card's mark: the best card drawn as every card is, and the gain."""
    pattern = (
        rf'data-best="{best}">{word} <span class="costly-gain">'
        rf'<span class="card.*?</span>, \+{gain}</span>'
    )
    return re.search(pattern, html, re.S) is not None


def imported(setup, capture, *, hands=2, cut_last=False):
    """A Cuatrola match with its deal (seed 5), imported with the commit's follow-ups run."""
    record = random_match(random.Random(5), max_hands=hands, with_deal=True, declare=0)
    record.seats = [p.display_name for p in setup.players]
    if cut_last:  # the last hand left in play after two tricks
        last = record.hands[-1]
        last.tricks, last.cantes = (
            last.tricks[:2],
            [c for c in last.cantes if c["after_trick"] <= 2],
        )
    with capture(execute=True):
        match = services.import_record(setup.club, record, setup.scorer)
    return match, record


def test_the_import_stores_each_finished_hands_analysis(setup, django_capture_on_commit_callbacks):
    match, record = imported(setup, django_capture_on_commit_callbacks)
    expected = analyse_record(record)["hands"]
    rows = current_analyses(match)
    assert sorted(rows) == [1, 2]
    for hand in expected:
        row = rows[hand["number"]]
        assert row.analysed is True
        assert hand["analysed"] is True
        assert {k: getattr(row, k) for k in STORED} == {k: hand[k] for k in STORED}
        # the walk along the recorded line: the first card's best is par, the last card's
        # value the actual result; every cost is best − value, never negative
        assert row.plays[0]["best"] == row.par
        assert row.plays[-1]["value"] == row.actual
        assert all(p["cost"] == abs(p["best"] - p["value"]) for p in row.plays)
        assert len(row.plays) == 20  # five tricks of four cards


def test_a_corrected_hand_is_analysed_again(setup, django_capture_on_commit_callbacks):
    match, _record = imported(setup, django_capture_on_commit_callbacks)
    before = current_analyses(match)[2]
    hand = match.hands.get(number=2)
    first_of_trick_4 = hand.events.filter(kind="play").order_by("seq")[12].seq
    with django_capture_on_commit_callbacks(execute=True):
        services.undo(match, setup.scorer, hand_number=2, to_seq=first_of_trick_4, reopen=True)
    # hand 2 is open again: its old analysis is of another log and is shown nowhere
    assert sorted(current_analyses(match)) == [1]
    scorer = client_for(setup.scorer)
    assert [
        h["number"] for h in scorer.get(f"/api/v1/matches/{match.pk}/analysis/").json()["hands"]
    ] == [1]
    # play it out differently: the last legal card offered each time
    for _ in range(8):
        legal = scorer.get(f"/api/v1/matches/{match.pk}/legal/").json()
        play = [a for a in legal["actions"] if a["kind"] == "play"][-1]
        body = {"hand": 2, "expected_seq": legal["next_seq"], **play}
        with django_capture_on_commit_callbacks(execute=True):
            answer = scorer.post(f"/api/v1/matches/{match.pk}/events/", body, format="json")
        assert answer.status_code == 201, answer.json()
    after = current_analyses(match)[2]
    assert after.log != before.log
    replayed = services.replay(match).hands[1]
    expected = analyse_hand("cuatrola", replayed)
    assert {k: getattr(after, k) for k in STORED} == {k: expected[k] for k in STORED}
    assert HandAnalysis.objects.filter(hand__match=match).count() == 2


@pytest.mark.parametrize("private", [False, True])
def test_who_reads_the_analysis(setup, django_capture_on_commit_callbacks, private):
    match, _record = imported(setup, django_capture_on_commit_callbacks, cut_last=True)
    setup.club.is_private = private
    setup.club.save()
    url = f"/api/v1/matches/{match.pk}/analysis/"
    answers = {
        who: client.get(url)
        for who, client in {
            "anonymous": client_for(),
            "outsider": client_for(setup.other_scorer),
            "scorer": client_for(setup.scorer),
        }.items()
    }
    assert answers["scorer"].status_code == 200
    for who in ("anonymous", "outsider"):
        assert answers[who].status_code == (404 if private else 200)
    for answer in answers.values():
        if answer.status_code == 200:
            # hand 1 ended (its cards everyone sees); hand 2, in play, is never analysed
            hands = answer.json()["hands"]
            assert [h["number"] for h in hands] == [1]
            assert hands[0]["analysed"] is True
            assert "plays" in hands[0]


def test_a_hand_without_its_deal_says_so(setup, django_capture_on_commit_callbacks):
    record = random_match(random.Random(5), max_hands=1, with_deal=False, declare=0)
    record.seats = [p.display_name for p in setup.players]
    with django_capture_on_commit_callbacks(execute=True):
        match = services.import_record(setup.club, record, setup.scorer)
    hands = client_for().get(f"/api/v1/matches/{match.pk}/analysis/").json()["hands"]
    assert hands == [{"number": 1, "analysed": False, "reason": "no deal"}]


def test_the_pages_show_par_and_mark_the_costly_cards(setup, django_capture_on_commit_callbacks):
    """Seed 5's hand 1 (analyse_record): par +34 points, actual −34; Ana's 1o leading trick 1 cost
    72 (10e or 3b kept the par); hand 2's 12o cost 56 (1o)."""
    match, _record = imported(setup, django_capture_on_commit_callbacks)
    page = client_for().get(f"/matches/{match.pk}/").content.decode()
    assert "Mejor juego (par): +34 puntos" in page
    assert "jugado: -34 puntos" in page
    assert marked(page, "10e", 72)
    assert marked(page, "1o", 56)
    english = client_for().get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Best play (par): +34 points" in english
    assert marked(english, "10e", 72, "best:")
    replay = client_for().get(f"/matches/{match.pk}/replay/?hand=1").content.decode()
    assert "Mejor juego (par): +34 puntos" in replay
    assert marked(replay, "10e", 72)
    assert not marked(replay, "1o", 56)  # hand 2's mark is on hand 2's replay
    hand_two = client_for().get(f"/matches/{match.pk}/replay/?hand=2").content.decode()
    assert marked(hand_two, "1o", 56)


def test_a_hand_without_its_deal_says_so_on_the_page(setup, django_capture_on_commit_callbacks):
    record = random_match(random.Random(5), max_hands=1, with_deal=False, declare=0)
    record.seats = [p.display_name for p in setup.players]
    match = services.import_record(setup.club, record, setup.scorer)  # no analysis run
    page = client_for().get(f"/matches/{match.pk}/").content.decode()
    assert "sin reparto, no se puede analizar" in page
    assert "sin reparto" in client_for().get(f"/matches/{match.pk}/replay/").content.decode()


def test_a_players_points_lost_to_costly_cards(setup, django_capture_on_commit_callbacks):
    """Seed 5 (dealers 2, 3): Diego (seat 3) led 1o (cost 72) and 3b (20) in hand 1, and
    played 11e (14) and 11c (16) in hand 2: 122 points in 2 hands, 61.0 a hand; Ana (seat
    0): 10c (22) and 11b (2) in hand 1, nothing in hand 2: 24, 12.0; Carmen none."""
    imported(setup, django_capture_on_commit_callbacks)
    ana, _blas, carmen, diego = setup.players
    expect = {diego: (2, 122, 61.0), ana: (2, 24, 12.0), carmen: (2, 0, 0.0)}
    for player, (hands, lost, per_hand) in expect.items():
        [row] = costly_cards(AnonymousUser(), player)
        assert (row["hands"], row["lost"], row["per_hand"]) == (hands, lost, per_hand)
    page = client_for().get(f"/clubs/pena/players/{diego.pk}/stats/").content.decode()
    assert "Puntos perdidos por cartas costosas" in page
    assert "(122 en 2 manos analizadas)" in page
    setup.club.is_private = True
    setup.club.save()
    assert costly_cards(AnonymousUser(), diego) == []  # what the reader may not read
    assert costly_cards(setup.scorer, diego)[0]["lost"] == 122


@pytest.mark.services  # DISTINCT and upserts of the analyses
def test_analyse_hands_builds_what_is_missing_and_skips_what_is_current(setup):
    record = random_match(random.Random(5), max_hands=2, with_deal=True, declare=0)
    record.seats = [p.display_name for p in setup.players]
    match = services.import_record(setup.club, record, setup.scorer)  # commit hooks not run
    assert current_analyses(match) == {}
    out = StringIO()
    call_command("analyse_hands", stdout=out)
    last = out.getvalue().splitlines()[-1]
    assert last.endswith("1/1 matches: 2 hands analysed, 0 already current")
    assert sorted(current_analyses(match)) == [1, 2]
    call_command("analyse_hands", stdout=(again := StringIO()))
    assert again.getvalue().splitlines()[-1].endswith("0 hands analysed, 2 already current")
    # a "not solved" hand is tried again only with a larger budget
    first = HandAnalysis.objects.filter(hand__number=1)
    first.update(analysed=False, reason="not solved", budget=0.5)
    call_command("analyse_hands", "--budget", "0.5", stdout=StringIO())
    assert HandAnalysis.objects.get(hand__number=1).reason == "not solved"
    call_command("analyse_hands", "--budget", "5", stdout=StringIO())
    assert HandAnalysis.objects.get(hand__number=1).par == 34
