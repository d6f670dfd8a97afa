"""The totals from the stored event log: routed to every scope, the same whatever the
chunking, and a finished match counted once as it finishes."""

import itertools
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import services
from games.engine import find_game
from games.engine.cuatrola.simulate import random_match
from games.models import Match
from stats import store
from stats.facts import merge
from stats.models import CountedMatch, StatJob, StatTotal
from stats.tasks import start_rebuild

# CI's second phase: the totals' raw SQL, leases and upserts (stats/store.py)
pytestmark = [pytest.mark.django_db, pytest.mark.services]


def stored() -> Counter:
    """The stored totals summed over the visibility buckets (these matches are in none)."""
    out = Counter()
    for t in StatTotal.objects.all():
        out[(t.scope, t.key, t.club_id, t.game, t.metric)] += t.value
    return out


def engine_counts(matches):
    """The same figures straight from the engine, without the stats app's code."""
    hands, declared, cante_points, per_player = 0, 0, 0, Counter()
    game = find_game("cuatrola")
    for match in matches:
        state = services.replay(match)
        players = [s.player_id for s in match.seats.order_by("number")]
        for hand in state.hands:
            if not hand.is_complete:
                continue
            hands += 1
            declared += hand.declarer is not None
            cante_points += sum(hand.cante_points)
            for seat in range(4):
                per_player[players[seat]] += 1
            assert game.hand_facts(hand)  # every complete hand has facts
    return hands, declared, cante_points, per_player


def test_rebuild_routes_every_complete_hand_of_finished_matches(club_with_matches):
    club, _, matches = club_with_matches
    job = start_rebuild(chunk_matches=2)
    job.refresh_from_db()
    assert (job.status, job.chunks, job.chunks_done) == ("done", 2, 2)
    totals = stored()
    hands, declared, cante_points, per_player = engine_counts(matches)
    assert job.hands == hands
    club_key = ("club", str(club.pk), club.pk, "cuatrola")
    assert totals[(*club_key, "hands")] == hands
    kinds = ("solo", "cuatrola", "quintola")
    assert sum(totals[(*club_key, f"declared_{k}")] for k in kinds) == declared
    assert totals[(*club_key, "cante_points")] == cante_points
    # five tricks' card points (120) and últimas once per hand played to its end
    assert totals[(*club_key, "mano_hands")] == totals[(*club_key, "dealer_hands")] == hands
    for player, n in per_player.items():
        assert totals[("player", str(player), club.pk, "cuatrola", "hands")] == n
    # the season is the club's, this year's: the same figures
    year = matches[0].created_at.year
    assert totals[("season", f"{club.pk}:{year}", club.pk, "cuatrola", "hands")] == hands
    # the seats were rotated: every pair of players sat together in some match
    pairs = {k[1] for k in totals if k[0] == "pair"}
    assert len(pairs) >= 2
    assert all("-" in p for p in pairs)
    assert CountedMatch.objects.count() == 4  # the unfinished match is not counted


def test_a_pair_is_the_sum_of_its_two_players_in_its_matches(club_with_matches):
    club, _, matches = club_with_matches
    start_rebuild(chunk_matches=10)
    totals = stored()
    match = matches[0]
    seats = [s.player_id for s in match.seats.order_by("number")]
    infos = store.match_infos(match.pk, match.pk)
    info, _ = infos[match.pk]
    # replayed alone: the pair of seats 0 and 2 is their seat facts summed
    one = Counter()
    facts = store.replay_facts(info, services_events(match))
    seat_facts, n = facts.seats, facts.hands
    store.route(info, facts, one)
    a, b = sorted((seats[0], seats[2]))
    pair = ("pair", f"{a}-{b}", club.pk, "cuatrola")
    both = seat_facts[0]["card_points"] + seat_facts[2]["card_points"]
    assert one[(*pair, "card_points", 0)] == both
    assert one[(*pair, "hands", 0)] == n
    assert totals[(*pair, "card_points")] >= one[(*pair, "card_points", 0)]


def services_events(match):
    from games.models import HandEvent

    return (
        HandEvent.objects.filter(hand__match=match)
        .order_by("hand__number", "seq")
        .values_list("data", flat=True)
    )


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(cuts=st.lists(st.integers(min_value=0, max_value=3), max_size=4), order=st.randoms())
def test_the_totals_are_the_same_whatever_the_chunking(club_with_matches, cuts, order):
    _club, _, matches = club_with_matches
    ids = sorted(m.pk for m in matches)
    whole, hands, _ = store.range_totals(ids[0], ids[-1])
    bounds = sorted({0, *cuts, len(ids)})
    parts = [
        store.range_totals(ids[a], ids[b - 1])[0] for a, b in itertools.pairwise(bounds) if a < b
    ]
    order.shuffle(parts)  # the workers finish in any order
    assert merge(parts) == whole
    assert hands > 0


def test_rebuild_twice_with_other_chunkings_gives_identical_totals(club_with_matches):
    start_rebuild(chunk_matches=1)
    first = stored()
    start_rebuild(chunk_matches=3)
    assert stored() == first
    assert StatJob.objects.filter(status="done").count() == 2


def test_a_chunk_stored_twice_counts_once(club_with_matches):
    _, _, matches = club_with_matches
    ids = sorted(m.pk for m in matches)
    job = StatJob.objects.create(chunks=2)
    assert not store.store_partial(job.pk, 0, ids[0], ids[1])
    assert not store.store_partial(job.pk, 0, ids[0], ids[1])  # redelivered
    assert store.store_partial(job.pk, 1, ids[2], ids[3])
    store.merge_job(job.pk)
    merged = stored()
    assert store.merge_job(job.pk) == []  # a second merge does nothing
    assert stored() == merged
    start_rebuild(chunk_matches=4)
    assert stored() == merged


def test_a_finished_match_is_counted_once_as_it_finishes(
    club_with_matches, django_capture_on_commit_callbacks
):
    club, scorer, _matches = club_with_matches
    start_rebuild()
    before = stored()
    # a new match finished: once committed, the signal's task counts it (in-process here)
    record = random_match(random.Random(99))
    with django_capture_on_commit_callbacks(execute=True):
        match = services.import_record(club, record, scorer)
    assert Match.objects.get(pk=match.pk).status == "finished"
    assert CountedMatch.objects.filter(match_id=match.pk).exists()
    after = stored()
    club_hands = ("club", str(club.pk), club.pk, "cuatrola", "hands")
    assert after[club_hands] - before[club_hands] == len(record.hands)
    # counting it again changes nothing
    assert store.count_match(match.pk) == "already"
    assert stored() == after
    # and a full rebuild agrees with the incremental totals
    start_rebuild(chunk_matches=3)
    assert stored() == after


def test_a_corrected_match_makes_a_rebuild(club_with_matches):
    _, _, matches = club_with_matches
    start_rebuild()
    before = stored()
    match = matches[0]
    Match.objects.filter(pk=match.pk).update(version=match.version + 1)  # a correction
    assert store.count_match(match.pk) == "changed"
    from stats.tasks import count_match

    count_match.delay(match.pk)  # the task answers a change with a full rebuild
    assert StatJob.objects.count() == 2
    assert CountedMatch.objects.get(match_id=match.pk).version == match.version + 1
    assert stored() == before  # the events did not change: neither do the totals


def test_a_job_running_for_hours_does_not_hold_back_a_rebuild(club_with_matches):
    _, _, matches = club_with_matches
    start_rebuild()
    from datetime import timedelta

    from django.utils import timezone

    from stats.tasks import count_match

    lost = StatJob.objects.create(chunks=3, chunks_done=1)  # a chunk that never ended
    StatJob.objects.filter(pk=lost.pk).update(started_at=timezone.now() - timedelta(hours=2))
    match = matches[1]
    Match.objects.filter(pk=match.pk).update(version=match.version + 1)
    count_match.delay(match.pk)
    assert StatJob.objects.filter(status="done").count() == 2
    recent = StatJob.objects.create(chunks=3)  # a job running now does
    Match.objects.filter(pk=match.pk).update(version=match.version + 2)
    count_match.delay(match.pk)
    assert StatJob.objects.filter(status="done").count() == 2
    assert recent.status == "running"
