"""Tournament refusals in one style: an English msg() template (the message programs
read, whatever the language), translated through the catalogue when a person reads it;
the status stays 409 for what the tournament holds, 400 for the input."""

from __future__ import annotations

import ast
import gettext
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from games.refusals import localize
from tournaments import services
from tournaments.models import Tournament

ROOT = Path(__file__).resolve().parents[2]
MO = ROOT / "locale" / "es" / "LC_MESSAGES" / "django.mo"
#: where the site's own refusals are written (the engine's are the checker's, pinned apart)
REFUSING = ("clubs", "games", "tournaments", "stats", "ratings", "cuatrola_site")


def _templates(path: Path) -> list[str]:
    """The literal templates given to msg() in ``path`` (both branches of a plural)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "msg" and node.args:
            first = node.args[0]
            branches = [first.body, first.orelse] if isinstance(first, ast.IfExp) else [first]
            found += [b.value for b in branches if isinstance(b, ast.Constant)]
    return found


def test_the_tournament_services_translate_nothing_at_raise_time():
    """No gettext in tournaments/services/: its refusals are msg() templates."""
    parts = sorted((ROOT / "tournaments" / "services").glob("*.py"))
    assert len(parts) > 1  # the package's parts, not a lone module
    imported = {
        (path.name, alias.name)
        for path in parts
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.ImportFrom) and node.module == "django.utils.translation"
        for alias in node.names
    }
    assert imported == set()


def test_every_msg_template_of_the_site_has_its_spanish_entry():
    with MO.open("rb") as f:
        catalogue = gettext.GNUTranslations(f)._catalog
    templates = {
        (path.relative_to(ROOT).as_posix(), template)
        for top in REFUSING
        for path in (ROOT / top).rglob("*.py")
        if "engine" not in path.parts and "migrations" not in path.parts
        for template in _templates(path)
    }
    assert len(templates) > 40  # the scan sees them (47 when this was written)
    assert sorted(t for t in templates if not catalogue.get(t[1])) == []


@pytest.fixture
def league(demo_data):
    # the demo league: round 2 drawn, one of its matches still being played
    return Tournament.objects.get(format="round_robin", game="cuatrola")


@pytest.mark.django_db
@pytest.mark.usefixtures("commits")
@pytest.mark.parametrize(
    ("language", "unfinished", "seeding"),
    [
        (
            "es",
            "La jornada 2 no ha terminado: 1 partida todavía en juego.",
            "La jornada 1 ya está sorteada: el orden de siembra ya no puede cambiar.",
        ),
        (
            "en",
            "Round 2 is unfinished: 1 match still being played.",
            "Round 1 has been drawn: the seeding can no longer change.",
        ),
    ],
)
def test_a_conflict_reads_in_the_visitors_language_with_409(
    client, league, language, unfinished, seeding
):
    client.login(username="organiser", password="organiser-demo")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.post(f"/tournaments/{league.pk}/next-round/", follow=True)
    assert response.status_code == 409
    assert unfinished in response.content.decode()
    entries = {f"seed_{e.pk}": n for n, e in enumerate(league.entries.order_by("-seed"), 1)}
    response = client.post(f"/tournaments/{league.pk}/seeding/", entries, follow=True)
    assert response.status_code == 409
    assert seeding in response.content.decode()
    assert league.rounds.count() == 2  # nothing drawn


@pytest.mark.django_db
@pytest.mark.usefixtures("commits")
def test_the_message_is_english_whatever_the_language_and_the_detail_is_the_readers(league):
    organiser = league.club.memberships.get(user__username="organiser").user
    round_2 = league.rounds.get(number=2)
    for active in ("es", "en"):
        with translation.override(active):
            with pytest.raises(services.Conflict) as conflict:
                services.delete_round(league.rounds.get(number=1), organiser)
            with pytest.raises(services.Refused) as refused:
                services.schedule_round(round_2, organiser, None, None, {0: 1})
        assert (conflict.value.status, conflict.value.rule, conflict.value.item) == (
            409,
            None,
            {"field": "round"},
        )
        assert conflict.value.message == (
            "Round 2 comes after round 1: only the last round can be undone."
        )
        assert (refused.value.status, refused.value.item) == (400, {"field": "tables"})
        assert refused.value.message == "A table of another round was given."
    assert localize(conflict.value.message, lang="es") == (
        "La jornada 2 va después de la jornada 1: solo se puede deshacer la última jornada."
    )
    assert localize(refused.value.message, lang="es") == "Se ha dado una mesa de otra jornada."
    assert localize(refused.value.message, lang="en") == "A table of another round was given."
