"""Subastao and Belote through the same job: the stats app names no game."""

import random

import pytest

from games import services
from games.engine.belote.simulate import random_match as random_belote
from games.engine.subastao.options import SubastaoRules
from games.engine.subastao.simulate import random_match as random_subastao
from stats.models import StatTotal
from stats.tasks import start_rebuild
from tests.factories import ClubFactory, MembershipFactory

# CI's second phase: the totals' raw SQL, leases and upserts (stats/store.py)
pytestmark = [pytest.mark.django_db, pytest.mark.services]


@pytest.mark.parametrize(
    ("name", "make", "seats"),
    [
        ("subastao", lambda rng: random_subastao(rng, SubastaoRules(players=3)), 3),
        ("subastao", lambda rng: random_subastao(rng, SubastaoRules(players=4)), 4),
        ("belote", random_belote, 4),
    ],
)
def test_other_games_counted_per_scope(client, name, make, seats):
    club = ClubFactory()
    scorer = MembershipFactory(club=club).user
    record = make(random.Random(3))
    record.seats = [f"J{i}" for i in range(seats)]
    match = services.import_record(club, record, scorer)
    match.refresh_from_db()
    assert match.status == "finished"
    start_rebuild()
    complete = sum(1 for h in services.replay(match).hands if h.is_complete)
    club_total = StatTotal.objects.get(scope="club", key=str(club.pk), game=name, metric="hands")
    assert club_total.value == complete
    assert StatTotal.objects.filter(scope="player", game=name, metric="hands").count() == seats
    pairs = StatTotal.objects.filter(scope="pair", game=name, metric="hands").count()
    assert pairs == (0 if seats == 3 else 2)  # three players play alone
    body = client.get(f"/api/v1/stats/club/{club.pk}/").json()
    assert [g["game"] for g in body["games"]] == [name]
    page = client.get(f"/clubs/{club.slug}/stats/", HTTP_ACCEPT_LANGUAGE="es")
    assert page.status_code == 200
