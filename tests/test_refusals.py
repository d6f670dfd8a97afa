"""Refusals as people read them (games/refusals.py): per rule code, in Spanish and
English, with the players' names and the cards in words; the checker's English stays.

Expected texts are written by hand from the vendored examples (tests/engine/records/shared),
whose seats are Ana, Blas, Carmen and Diego.
"""

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.utils import translation

from games.engine import RuleError, check_text, find_game, load_record
from games.engine.cards import Card
from games.engine.messages import Seat, msg
from games.refusals import localize, seat_label

SHARED = Path(__file__).parent / "engine" / "records" / "shared"


def refusal(name: str, lang: str, named: bool = True) -> tuple[str, str]:
    """(rule, text) of the example record ``name`` as a reader of ``lang`` sees it."""
    text = (SHARED / f"{name}.json").read_bytes()
    line, status = check_text(text, name)
    assert status == 1
    record = load_record(text)
    with translation.override(lang):
        shown = localize(
            line["error"]["message"],
            game=find_game(record.game),
            names=record.seats if named else (),
        )
    return line["error"]["rule"], shown


SPANISH = [
    (
        "invalid_c7_follow_nodeal_01",
        "C7",
        "Blas jugó el as de bastos en la baza 3, que salió a oros, pero tenía el caballo de "
        "oros (se jugó en la baza 5): C7.2 hay que asistir al palo",
    ),
    (
        "invalid_c7_beat_deal_01",
        "C7",
        "Blas jugó el caballo de copas en la baza 3 pero tenía que superar el 3 de copas con "
        "otra carta más alta de copas: tenía el as de copas (del reparto): C7.2",
    ),
    (
        "invalid_c4_01",
        "C4",
        "Ana declaró cuatrola (4) con su pareja en 17: pasaría del objetivo 20",
    ),
    (
        "invalid_c9_trump_first_deal_01",
        "C9",
        "Blas cantó oros tras la baza 1 mientras Diego tenía las cuarenta (el rey de espadas "
        "del reparto, el caballo de espadas del reparto): C9 primero el palo de triunfo",
    ),
    (
        "subastao_invalid_s4_beat_nodeal_01",
        "S4",
        "Carmen jugó el 5 de oros en la baza 6 pero tenía que superar el 7 de oros con otra "
        "carta más alta de oros: tenía la sota de oros (se jugó en la baza 11): S4 (C7.2)",
    ),
    (
        "subastao_invalid_s5_trump_first_nodeal_02",
        "S5",
        "Ana cantó oros tras la baza 1 mientras Ana tenía las cuarenta (el rey de copas se "
        "jugó en la baza 6, el caballo de copas se jugó en la baza 5): S5 primero el palo de "
        "triunfo",
    ),
    (
        "belote_invalid_b6_beat_nodeal_02",
        "B6",
        "Diego jugó el rey de picas en la baza 3 pero tenía que superar el 9 de picas (salida "
        "de triunfo): tenía la jota de picas (se jugó en la baza 8): B6",
    ),
    (
        "belote_invalid_v1_false_declaration_later_01",
        "V1",
        "Ana jugó la jota de diamantes, pero se sabe que la tiene Blas (se anunció (tierce) "
        "en la baza 1)",
    ),
]


@pytest.mark.parametrize(("name", "rule", "text"), SPANISH, ids=[s[0] for s in SPANISH])
def test_every_game_refuses_in_spanish_with_names_and_cards_in_words(name, rule, text):
    assert refusal(name, "es") == (rule, text)


def test_in_english_the_players_are_named_and_the_cards_said_in_words():
    assert refusal("invalid_c7_follow_nodeal_01", "en") == (
        "C7",
        "Blas played the ace of bastos on the oros lead at trick 3 but held the knight of "
        "oros (played at trick 5): C7.2 must follow suit",
    )
    assert refusal("belote_invalid_b6_beat_nodeal_02", "en")[1] == (
        "Diego played the king of spades at trick 3 but had to beat the 9 of spades (trump "
        "led): held the jack of spades (played at trick 8): B6"
    )


def test_a_seat_without_a_name_is_counted_from_one():
    _, text = refusal("invalid_c7_follow_nodeal_01", "es", named=False)
    assert text.startswith("asiento 2 jugó el as de bastos")
    with translation.override("en"):
        assert seat_label(0) == "seat 1"
        assert seat_label(2, ["Ana", "", "Carmen"]) == "Carmen"
        assert seat_label(1, ["Ana", ""]) == "seat 2"


def test_a_service_refusal_is_translated_too():
    # tournaments/services/rounds.py, "Sortear la siguiente jornada" while a match is played
    message = msg(
        "round {number} is unfinished: {left} match(es) still being played", number=2, left=1
    )
    assert message == "round 2 is unfinished: 1 match(es) still being played"
    with translation.override("es"):
        assert localize(message) == "la jornada 2 no ha terminado: aún se juegan 1 partida(s)"
        # a message nobody wrote a template for is looked up whole, else shown as it is
        assert localize("there is nothing to undo") == "no hay nada que deshacer"
        assert localize("no such sentence anywhere") == "no such sentence anywhere"


def test_a_catalogue_entry_that_does_not_fit_falls_back_to_english_words():
    message = msg("{seat} is dealt twice", seat=Seat(1))  # no such msgid: English template
    with translation.override("es"):
        assert localize(message, names=["Ana", "Blas"]) == "Blas is dealt twice"


def _cli(*args: str) -> list[str]:
    out = StringIO()
    with pytest.raises(SystemExit) as exit_:  # an invalid record among them: status 1
        call_command("score_record", *args, stdout=out)
    assert exit_.value.code == 1
    return out.getvalue().splitlines()


def test_the_cli_is_english_byte_for_byte_and_spanish_on_request():
    files = sorted(str(p) for p in SHARED.glob("*.json") if not p.stem.endswith(".expected"))
    # all fourteen examples, English by default: exactly the expected lines
    lines = _cli(*files)
    assert len(files) == len(lines) == 14
    for path, line in zip(files, lines, strict=True):
        expected = Path(path).with_name(Path(path).stem + ".expected.json").read_text()
        assert line == expected.rstrip("\n"), path
    spanish = json.loads(_cli("--lang", "es", str(SHARED / "invalid_c7_follow_nodeal_01.json"))[0])
    assert spanish["error"]["rule"] == "C7"
    assert spanish["error"]["message"] == SPANISH[0][2]
    english = json.loads(_cli(str(SHARED / "invalid_c7_follow_nodeal_01.json"))[0])
    assert english["error"]["message"] == (
        "seat 1 played 1b on the oros lead at trick 3 but held 11o (played at trick 5): "
        "C7.2 must follow suit"
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "text"),
    [
        (None, SPANISH[0][2]),  # a first visit: Spanish, whatever the browser prefers
        ("en", "Blas played the ace of bastos on the oros lead at trick 3 but held the knight"),
    ],
)
def test_the_record_check_page_shows_the_refusal_for_a_person(client, language, text):
    record = (SHARED / "invalid_c7_follow_nodeal_01.json").read_text()
    # None: an English browser's own list, not a choice made on the site
    html = client.post(
        "/records/check/", {"text": record}, HTTP_ACCEPT_LANGUAGE=language or "en-US,en;q=0.9"
    ).content.decode()
    assert text in html.replace("\n", " ")
    assert "seat 1" not in html  # the seat that broke the rule is Blas, not a number
    assert "· Blas" in html


def test_a_refusal_listing_a_seats_known_cards_is_translated_whole():
    """RULES.md V2/V1 in Subastao: seat 0 wins six tricks and sings three pairs, so its
    twelve cards are known; a thirteenth is refused, naming each known card and how."""
    from games.engine.subastao import Cante, Play

    from .engine.subastao.helpers import C, hand, play

    state = hand(plays="1o 4c 4e")
    state.apply(Cante(0, "c"))
    play(state, "3o 5c 5e")
    state.apply(Cante(0, "e"))
    play(state, "10o 6c 6e")
    state.apply(Cante(0, "b"))
    play(state, "7o 7c 7e 6o 10c 10e 5o 1c 1e")
    with pytest.raises(RuleError) as refused:
        state.apply(Play(C("4o")))
    error = refused.value
    assert error.rule == "V1"
    assert error.message.startswith(
        "seat 0 played 4o, but its 12 cards are already known: 1o (played at trick 1), "
    )
    with translation.override("es"):
        text = localize(error.message, game=find_game("subastao"), names=["Ana", "Blas", "Eva"])
    assert text.startswith(
        "Ana jugó el 4 de oros, pero ya se conocen sus 12 cartas: el as de oros (se jugó en "
        "la baza 1), "
    )
    assert "12c" not in text
    assert "played" not in text


# RULES.md V1 (a card dealt twice), and the refusals that say who holds a card: the
# Spanish agrees with the card's gender, which is its translation's ("el as", "la sota")
GENDERED = [
    ("{card} is dealt twice", "1o", "el as de oros está repartido dos veces"),
    ("{card} is dealt twice", "10o", "la sota de oros está repartida dos veces"),
    ("{card} is dealt twice", "3o", "el 3 de oros está repartido dos veces"),
    (
        "{seat} played {card}, but {seat_owner} holds it ({evidence})",
        "12c",
        "Ana jugó el rey de copas, pero lo tiene Blas (del reparto)",
    ),
    (
        "{seat} played {card}, but {seat_owner} holds it ({evidence})",
        "10c",
        "Ana jugó la sota de copas, pero la tiene Blas (del reparto)",
    ),
]


@pytest.mark.parametrize(("template", "card", "spanish"), GENDERED)
def test_a_refusal_agrees_with_the_cards_gender(template, card, spanish):
    params = {"card": Card.parse(card), "seat": Seat(0), "seat_owner": Seat(1)}
    params["evidence"] = "dealt"
    message = msg(template, **{k: v for k, v in params.items() if "{" + k + "}" in template})
    with translation.override("es"):
        said = localize(message, game=find_game("cuatrola"), names=["Ana", "Blas"])
    assert said == spanish


def test_in_english_and_without_a_game_the_card_is_said_as_before():
    message = msg("{card} is dealt twice", card=Card.parse("10o"))
    with translation.override("en"):
        assert localize(message, game=find_game("cuatrola")) == "the jack of oros is dealt twice"
    with translation.override("es"):  # no game: the card as written, the masculine
        assert localize(message) == "10o está repartido dos veces"
