"""No page speaks the other language: the main pages rendered in Spanish (a first visit)
and in English (chosen with the ES/EN switch), checked by tests/i18n_leaks.py.

The data is the demo's (``manage.py load_demo``): a club with Cuatrola, Subastao and
Belote matches, finished and in play, a pairs league, an individual tournament at tables
of three and a Belote league, so every kind of hand, standings column and pad is drawn.
"""

import json
import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User

from clubs.models import Club, Player
from games.models import Match
from tournaments.models import Entry, Round, Tournament

from .i18n_leaks import leaks


@pytest.fixture
def demo(demo_data):
    # the demo as committed: its standings computed after the writes
    return None


def pages() -> list[str]:
    club = Club.objects.order_by("pk").first()
    league = Tournament.objects.filter(club=club).order_by("pk")
    urls = ["/", f"/clubs/{club.slug}/", "/records/check/"]
    for t in league:
        urls.append(f"/tournaments/{t.pk}/")
        first = Round.objects.filter(tournament=t).order_by("number").first()
        if first:
            urls.append(f"/tournaments/{t.pk}/rounds/{first.number}/")
        urls.append(f"/scoreboard/?tournament={t.pk}")
    for match in Match.objects.order_by("pk"):
        urls.append(f"/matches/{match.pk}/")
        urls.append(f"/matches/{match.pk}/score/")
        urls.append(f"/matches/{match.pk}/replay/?step=12")
    for player in Player.objects.filter(club=club).order_by("pk"):
        urls.append(f"/clubs/{club.slug}/players/{player.pk}/")
    urls.append(f"/clubs/{club.slug}/players/{player.pk}/edit/")
    urls += ["/my-matches/", "/my-table/"]
    return urls


RECORDS = Path(__file__).parent / "engine" / "records" / "shared"
#: the record checker's answers: a valid match told hand by hand, and refusals
CHECKED = [
    "valid_003_exact11_q_none_calm",
    "subastao_valid_tute_02",
    "belote_valid_050_t51_cmp_mixed",
    "invalid_c7_follow_nodeal_01",
    "subastao_invalid_s5_trump_first_nodeal_02",
    "belote_invalid_b6_beat_nodeal_02",
]


def pad_labels(page: str) -> str:
    """The scoring pad's words, which its script draws from the page's #pad-config."""
    found = re.search(r'<script[^>]*id="pad-config"[^>]*>(.*?)</script>', page, re.S)
    labels = json.loads(found.group(1))["labels"] if found else {}
    return " <br> ".join(str(v) for v in labels.values())


def names() -> list[str]:
    """Proper names, the same in both languages (removed before looking for words)."""
    return [
        *User.objects.values_list("username", flat=True),
        *Club.objects.values_list("name", flat=True),
        *Player.objects.values_list("display_name", flat=True),
        *Entry.objects.values_list("name", flat=True),
        *Tournament.objects.values_list("name", flat=True),
        *(n for n in Match.objects.values_list("name", flat=True) if n),
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["es", "en"])
def test_the_main_pages_have_no_word_of_the_other_language(demo, client, language):
    client.login(username="organiser", password="organiser-demo")
    if language == "en":
        client.post("/i18n/setlang/", {"language": "en"})
    found = {}
    every_name = names()
    shown = []
    for url in pages():
        response = client.get(url)
        assert response.status_code == 200, url
        body = b"".join(response.streaming_content) if response.streaming else response.content
        shown.append((url, body.decode()))
        if url.endswith("/score/"):
            shown.append((url + " (pad)", pad_labels(body.decode())))
    for name in CHECKED:
        text = (RECORDS / f"{name}.json").read_text()
        response = client.post("/records/check/", {"text": text})
        shown.append((f"/records/check/ {name}", response.content.decode()))
    for url, page in shown:
        bad = leaks(page, language, every_name)
        if bad:
            found[url] = bad
    assert not found, "\n".join(f"{url}: {', '.join(bad)}" for url, bad in found.items())


def test_the_pads_penalty_is_against_a_player():
    from django.utils import translation

    from games.pad import labels

    with translation.override("es"):
        assert labels()["penaltyFor"] == "Penalización contra %(name)s (%(rule)s)"
    with translation.override("en"):
        assert labels()["penaltyFor"] == "Penalty against %(name)s (%(rule)s)"


def test_a_service_refusal_on_a_page_is_in_spanish(demo, client):
    """ "Sortear la siguiente jornada" while a match of round 2 is still being played."""
    client.login(username="organiser", password="organiser-demo")
    league = Tournament.objects.get(format="round_robin", game="cuatrola")
    response = client.post(f"/tournaments/{league.pk}/next-round/", follow=True)
    page = response.content.decode()
    assert "La jornada 2 no ha terminado: 1 partida todavía en juego." in page
    assert "is unfinished" not in page
