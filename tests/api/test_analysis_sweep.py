"""Analyses lost on the way are caught up (``games.sweep_analysis``, celery beat), and the
analysis API answers a revalidation with 304 (docs/analysis.md "On the site")."""

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.analysis import analyse_match, current_analyses, sweep_lost, unanalysed_matches
from games.engine.cuatrola.simulate import random_match
from games.models import HandAnalysis, HandEvent, Match
from games.tasks import sweep_analysis

from .conftest import client_for
from .test_hand_analysis import imported


def lost(setup, seed=5, hands=2, *, with_deal=True, minutes=60):
    """A Cuatrola match imported while the broker was down (its analysis never sent),
    last written ``minutes`` ago."""
    record = random_match(random.Random(seed), max_hands=hands, with_deal=with_deal, declare=0)
    record.seats = [p.display_name for p in setup.players]
    match = services.import_record(setup.club, record, setup.scorer)  # commit hooks not run
    age_by(match, minutes)
    return match


def age_by(match, minutes):
    Match.objects.filter(pk=match.pk).update(updated_at=timezone.now() - timedelta(minutes=minutes))


def test_the_sweep_analyses_what_the_write_path_lost_once(setup):
    match = lost(setup)
    assert current_analyses(match) == {}
    assert sweep_analysis() == 1  # the task sent (in-process here) analyses both hands
    assert sorted(current_analyses(match)) == [1, 2]
    computed = {r.pk: r.computed_at for r in HandAnalysis.objects.all()}
    # nothing is missing any more: later sweeps find nothing, and change nothing
    assert unanalysed_matches(10) == []
    assert sweep_analysis() == 0
    assert {r.pk: r.computed_at for r in HandAnalysis.objects.all()} == computed


def test_the_sweep_leaves_a_match_just_written_to_its_own_task(setup):
    match = lost(setup, minutes=0)  # its write path's task may still be running
    assert unanalysed_matches(10) == []
    age_by(match, 60)
    assert unanalysed_matches(10) == [match.pk]


def test_hands_without_their_deal_and_other_games_are_not_swept(setup, settings):
    lost(setup, with_deal=False)
    assert unanalysed_matches(10) == []
    dealt = lost(setup, seed=6)
    settings.ANALYSIS_ON_WRITE = ["belote"]  # Cuatrola left to analyse_hands
    assert unanalysed_matches(10) == []
    settings.ANALYSIS_ON_WRITE = ["cuatrola"]
    assert unanalysed_matches(10) == [dealt.pk]


def test_the_sweep_sends_at_most_its_chunk_oldest_first(setup, monkeypatch):
    matches = [lost(setup, seed=s, hands=1) for s in (5, 6, 7)]
    sent = []
    monkeypatch.setattr("games.tasks.analyse_match.delay", sent.append)
    assert sweep_lost(at_most=2) == [m.pk for m in matches[:2]]
    # a queued task (never run here) is not sent again while its lease lasts
    assert sweep_lost(at_most=2) == []
    assert sweep_lost(at_most=3) == [matches[2].pk]
    assert sent == [m.pk for m in matches]


@pytest.mark.parametrize("damage", ["row lost", "fewer events", "re-entered", "not solved"])
def test_a_stale_or_missing_row_by_cheap_columns_is_swept(setup, damage):
    match = lost(setup)
    sweep_analysis()
    row = HandAnalysis.objects.get(hand__match=match, hand__number=2)
    if damage == "row lost":
        row.delete()
    elif damage == "fewer events":
        HandAnalysis.objects.filter(pk=row.pk).update(seq=row.seq - 1)
    elif damage == "re-entered":  # undo and re-entry: as many events, a later one
        last = HandEvent.objects.filter(hand=row.hand).order_by("-seq").first()
        earlier = last.entered_at - timedelta(minutes=1)
        HandAnalysis.objects.filter(pk=row.pk).update(computed_at=earlier)
    else:  # tried with a smaller budget than the one configured now (1 s in tests)
        HandAnalysis.objects.filter(pk=row.pk).update(
            analysed=False, reason="not solved", budget=0.1
        )
    assert unanalysed_matches(10) == [match.pk]
    # the next analysis makes it current by every column: no sweep sends it again
    analyse_match(match.pk)
    assert unanalysed_matches(10) == []
    assert sorted(current_analyses(match)) == [1, 2]


def test_the_analysis_answers_304_to_its_etag_until_it_changes(
    setup, django_capture_on_commit_callbacks
):
    match, _record = imported(setup, django_capture_on_commit_callbacks)
    url = f"/api/v1/matches/{match.pk}/analysis/"
    client = client_for()
    first = client.get(url)
    assert first.status_code == 200
    etag = first["ETag"]
    assert etag.startswith(f'"analysis-{match.pk}-')
    again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again["ETag"] == etag
    assert client.get(url, HTTP_IF_NONE_MATCH=f"W/{etag}").status_code == 304  # gzipped copy
    assert client.get(url, HTTP_IF_NONE_MATCH='"analysis-0-x"').status_code == 200
    # a hand's analysis recomputed (a "not solved" one tried again): a new tag
    HandAnalysis.objects.filter(hand__match=match, hand__number=1).delete()
    pending = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert pending.status_code == 200
    assert pending.json()["hands"][0] == {
        "number": 1,
        "analysed": False,
        "reason": "pending",
        "waits_for": "worker",  # Cuatrola's write path sends it (ANALYSIS_ON_WRITE)
    }
    assert pending["ETag"] != etag


def test_an_analysis_of_an_older_analyser_is_swept_and_recomputed(setup, monkeypatch):
    """The analyser's VERSION raised (what an analysis says changed): every row of the
    older one is stale — shown nowhere, found by the sweep (bounded per run), recomputed
    once."""
    matches = [lost(setup, seed=s) for s in (5, 6, 7)]
    for match in matches:
        analyse_match(match.pk)
    assert unanalysed_matches(10) == []
    monkeypatch.setattr("games.analysis.VERSION", 2)
    assert current_analyses(matches[0]) == {}  # the old rows are not shown
    assert unanalysed_matches(10) == [m.pk for m in matches]
    assert sweep_lost(at_most=2) == [m.pk for m in matches[:2]]  # at most 2 a run
    assert set(HandAnalysis.objects.values_list("version", flat=True)) == {1, 2}
    assert sweep_lost(at_most=2) == [matches[2].pk]
    assert set(HandAnalysis.objects.values_list("version", flat=True)) == {2}
    assert sorted(current_analyses(matches[0])) == [1, 2]
    assert unanalysed_matches(10) == []
