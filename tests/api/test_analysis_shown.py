"""What the API and pages say of a hand's analysis (docs/analysis.md "On the site"): a hand
that no analysis will ever cover says why at once, whatever the game and whether a worker
ran; a hand left to ``analyse_hands`` says so; an analysed hand names whom its value counts
for, with units, and the cantes not sung that par counts and no card's cost does."""

import html as entities
import random
import re

from django.contrib.auth import get_user_model
from django.test import Client

from games import services
from games.engine import find_game
from games.engine.cuatrola.simulate import random_match

from .conftest import client_for


def analysis_of(match) -> list[dict]:
    return client_for().get(f"/api/v1/matches/{match.pk}/analysis/").json()["hands"]


def texts(html: str, css: str, tag: str = "p") -> list[str]:
    """The text of every ``<tag class="css">`` of the page, tags stripped, spaces joined."""
    found = re.findall(rf'<{tag} class="{css}">(.*?)</{tag}>', html, re.S)
    return [entities.unescape(" ".join(re.sub(r"<[^>]+>", " ", t).split())) for t in found]


def summaries(html: str) -> list[str]:
    found = re.findall(r"<summary>(.*?)</summary>", html, re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", t).split()) for t in found]


def void_numbers(record) -> list[int]:
    """The numbers of the record's hands in which every seat passed."""
    return [n for n, h in enumerate(record.hands, 1) if h.bids and set(h.bids) == {"pass"}]


def imported(setup, game, seed, capture, *, seats=4, **options):
    record = find_game(game).random_match(random.Random(seed), **options)
    record.seats = [p.display_name for p in setup.players[:seats]]
    with capture(execute=True):  # the commit's follow-ups: the analysis, if sent
        match = services.import_record(setup.club, record, setup.scorer)
    return match, record


def test_subastao_and_belote_hands_without_their_deal_say_so_at_once(
    setup, django_capture_on_commit_callbacks
):
    """Seed 140 (the demo's Subastao night): six hands recorded without the deal, hand 5
    void (all three pass). No worker analyses Subastao here (ANALYSIS_ON_WRITE), yet no
    hand is "pending": each says "no deal", the void one "void"; Belote (seed 3) alike."""
    match, _record = imported(
        setup, "subastao", 140, django_capture_on_commit_callbacks, seats=3, with_deal=False
    )
    hands = analysis_of(match)
    assert [h["number"] for h in hands] == [1, 2, 3, 4, 5, 6]
    assert [h["reason"] for h in hands] == ["no deal"] * 4 + ["void", "no deal"]
    assert all(h["analysed"] is False and set(h) == {"number", "analysed", "reason"} for h in hands)
    page = client_for().get(f"/matches/{match.pk}/").content.decode()
    # newest first: hand 6, then the void hand 5
    said = texts(page, "hand-analysis")
    assert said[:2] == ["sin reparto, no se puede analizar", "mano nula: nada que analizar"]
    assert said.count("sin reparto, no se puede analizar") == 5
    void = next(s for s in summaries(page) if s.startswith("Mano 5 "))
    assert "· ·" not in void  # no separator left for the result a void hand has not
    assert re.fullmatch(r"Mano 5 · nula: todos pasan · \d+–\d+–\d+", void), void
    replay = client_for().get(f"/matches/{match.pk}/replay/?hand=5").content.decode()
    assert texts(replay, "hand-analysis") == ["mano nula: nada que analizar"]
    belote, _ = imported(setup, "belote", 3, django_capture_on_commit_callbacks, with_deal=False)
    assert {h["reason"] for h in analysis_of(belote)} <= {"no deal", "void"}
    assert "no deal" in {h["reason"] for h in analysis_of(belote)}


def test_a_hand_left_to_analyse_hands_says_so(setup, django_capture_on_commit_callbacks):
    """Subastao hands with their deal (seed 2, hand 2 void: three passes): no worker
    analyses Subastao on write here, so each other hand waits for ``manage.py
    analyse_hands`` and says so, the void one is void at once; Cuatrola's
    write path sends its analysis, so a Cuatrola hand not analysed yet waits for a
    worker."""
    match, record = imported(
        setup, "subastao", 2, django_capture_on_commit_callbacks, seats=3, max_hands=3
    )
    voids = void_numbers(record)
    assert voids == [2]
    hands = analysis_of(match)
    assert len(hands) >= 2
    for h in hands:
        if h["number"] in voids:
            assert h == {"number": h["number"], "analysed": False, "reason": "void"}
        else:
            assert h == {
                "number": h["number"],
                "analysed": False,
                "reason": "pending",
                "waits_for": "analyse_hands",
            }
    # the command is named to the site's staff only: a visitor cannot run it
    page = client_for().get(f"/matches/{match.pk}/").content.decode()
    assert "análisis pendiente: este sitio no analiza estas manos al anotarlas" in texts(
        page, "hand-analysis"
    )
    assert "analyse_hands" not in page
    operator = Client()
    operator.force_login(get_user_model().objects.create_user("operator", is_staff=True))
    page = operator.get(f"/matches/{match.pk}/").content.decode()
    assert (
        "análisis pendiente: este sitio no analiza estas manos al anotarlas; lo hace la orden "
        "manage.py analyse_hands"
    ) in texts(page, "hand-analysis")
    english = operator.get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en").content
    assert "the command manage.py analyse_hands makes it" in english.decode()
    cuatrola = random_match(random.Random(5), max_hands=2, with_deal=True, declare=0)
    cuatrola.seats = [p.display_name for p in setup.players]
    lost = services.import_record(setup.club, cuatrola, setup.scorer)  # hooks not run
    assert [h["waits_for"] for h in analysis_of(lost)] == ["worker", "worker"]
    page = client_for().get(f"/matches/{lost.pk}/").content.decode()
    assert texts(page, "hand-analysis") == ["análisis pendiente"] * 2


def test_the_line_names_the_counted_side_its_units_and_the_cante_not_sung(
    setup, django_capture_on_commit_callbacks
):
    """Seed 2's hand 1 (dealer Ana, seat 0; espadas trumps; four passes): mano is Blas
    (seat 1), so the counted side is Blas & Diego; par −130, played +4 (analyse_record).
    Trick 3 (1o 12o 3o 12e) goes to Blas's 12e, after which Blas still holds 11b and 12b
    (his deal 12e 3b 3c 11b 12b less 3b, 3c, 12e): 20 in bastos he does not sing, so the
    next card's best is 20 below trick 3's last value (−34 → −54), no card's cost."""
    match, _ = imported(
        setup, "cuatrola", 2, django_capture_on_commit_callbacks, max_hands=1, declare=0
    )
    [hand] = analysis_of(match)
    assert (hand["side"], hand["par"], hand["actual"]) == (1, -130, 4)
    page = client_for().get(f"/matches/{match.pk}/").content.decode()
    [line] = texts(page, "hand-analysis")
    assert line.startswith(
        "Mejor juego (par): -130 puntos · jugado: +4 puntos "
        "(para Blas & Diego: sus puntos menos los de los demás)"
    )
    assert line.endswith(
        "· tras la baza 3, un cante sin cantar (o uno menor): -20 puntos, que cuentan en el "
        "par pero no son coste de ninguna carta"
    )
    english = client_for().get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en").content
    [line] = texts(english.decode(), "hand-analysis")
    assert line.startswith(
        "Best play (par): -130 points · played: +4 points "
        "(for Blas & Diego: their points minus the others')"
    )
    assert "after trick 3, a cante not sung (or a smaller one): -20 points" in line
    replay = client_for().get(f"/matches/{match.pk}/replay/?hand=1").content.decode()
    assert "tras la baza 3, un cante sin cantar" in texts(replay, "hand-analysis")[0]


def test_a_declared_hand_counts_the_declarers_tricks(setup, django_capture_on_commit_callbacks):
    """Seed 0, declare 0.9 (dealer Diego, seat 3): Ana, mano, declares quintola and
    Carmen sits out (C5); the value is Ana's tricks: par 3, played 2 (analyse_record).
    The line names Ana alone."""
    match, _ = imported(
        setup, "cuatrola", 0, django_capture_on_commit_callbacks, max_hands=1, declare=0.9
    )
    [hand] = analysis_of(match)
    assert (hand["value"], hand["side"], hand["par"], hand["actual"]) == ("tricks", 0, 3, 2)
    [line] = texts(client_for().get(f"/matches/{match.pk}/").content.decode(), "hand-analysis")
    assert line.startswith(
        "Mejor juego (par): 3 bazas · jugado: 2 bazas (para Ana, que declaró: las bazas que gana)"
    )
    english = client_for().get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en").content
    [line] = texts(english.decode(), "hand-analysis")
    assert line.startswith("Best play (par): 3 tricks · played: 2 tricks (for Ana, the declarer")


def test_the_statistics_say_the_points_lost_are_a_margin(setup, django_capture_on_commit_callbacks):
    imported(setup, "cuatrola", 5, django_capture_on_commit_callbacks, max_hands=2, declare=0)
    diego = setup.players[3]
    url = f"/clubs/pena/players/{diego.pk}/stats/"
    page = client_for().get(url).content.decode()
    assert "una carta que regala un 10 cuenta 20" in page
    english = client_for().get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "a card that gives away a 10 counts 20" in english
