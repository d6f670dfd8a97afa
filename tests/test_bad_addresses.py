"""A bad parameter in a page's address is the site's error page (its menu, a way back),
saying what was wrong in Spanish and in English: the replay's ``step`` and ``hand``."""

from __future__ import annotations

import random

import pytest

from games import services
from games.engine.cuatrola.simulate import random_match
from tests.factories import ClubFactory, MembershipFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def match():
    club = ClubFactory(slug="pena")
    record = random_match(random.Random(3))
    return services.import_record(club, record, MembershipFactory(club=club).user)


def hands_of(match) -> int:
    return sum(hand.is_complete for hand in services.replay(match).hands)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("es", "step=abc: el paso y la mano son números enteros desde 1."),
        ("en", "step=abc: the step and the hand are whole numbers from 1."),
    ],
)
def test_a_step_that_is_no_number_is_a_400_page_saying_so(client, match, lang, words):
    r = client.get(f"/matches/{match.pk}/replay/?step=abc", HTTP_ACCEPT_LANGUAGE=lang)
    assert r.status_code == 400
    page = r.content.decode()
    assert 'class="site-nav"' in page
    assert words in page
    assert f'href="/matches/{match.pk}/"' in page  # back to the match


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("es", "Esta partida no tiene mano 99: sus manos van de la 1 a la {n}."),
        ("en", "This match has no hand 99: its hands are 1 to {n}."),
    ],
)
def test_a_hand_the_match_has_not_is_a_404_page_saying_so(client, match, lang, words):
    n = hands_of(match)
    assert 1 < n < 99
    r = client.get(f"/matches/{match.pk}/replay/?hand=99", HTTP_ACCEPT_LANGUAGE=lang)
    assert r.status_code == 404
    page = r.content.decode()
    assert 'class="site-nav"' in page
    assert words.format(n=n) in page
    assert f'href="/matches/{match.pk}/"' in page
    # a hand it has: that hand's first step
    assert client.get(f"/matches/{match.pk}/replay/?hand={n}").status_code == 200
    assert client.get(f"/matches/{match.pk}/replay/?hand=-1").status_code == 400
