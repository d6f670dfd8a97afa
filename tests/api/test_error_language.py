"""An error's two texts (docs/api.md "Every error has the same body"): ``message`` for
programs, English whatever the language asked for — the framework's own validation texts
too —, ``detail`` for a person, in the request's language (Spanish when none is asked).
The expected texts are the catalogue's (locale/es), written here by hand."""

import pytest

from .conftest import DEAL, client_for
from .helpers import create_match
from .test_http_answers import bearer, league


def _answer(client, method: str, url: str, body, language: str | None):
    headers = {"HTTP_ACCEPT_LANGUAGE": language} if language else {}
    if method == "get":
        return client.get(url, **headers)
    if isinstance(body, str):  # a body that is not JSON, sent as it is
        return client.post(url, body, content_type="application/json", **headers)
    return client.post(url, body, format="json", **headers)


@pytest.fixture
def ask(setup):
    """``ask(case, language)``: the answer to one of the cases below."""
    client = client_for(setup.scorer)
    players = [p.pk for p in setup.players]
    new = {"club": "pena", "players": players, "first_dealer": 0, "rules": {}}
    match = create_match(client, setup.players)["id"]
    t, _ = league(club=setup.club)
    events = f"/api/v1/matches/{match}/events/"
    deal = [row[:] for row in DEAL]
    deal[1][0] = "1o"  # seat 1 is dealt seat 0's as de oros too (and no 12o)
    cases = {
        "target": ("post", "/api/v1/matches/", {**new, "rules": {"target": 0}}),
        "option": ("post", "/api/v1/matches/", {**new, "rules": {"foo": 1}}),
        "club": ("post", "/api/v1/matches/", {**new, "club": "nope"}),
        "trump": (
            "post",
            f"/api/v1/matches/{match}/events/",
            {"hand": 1, "expected_seq": 0, "kind": "deal", "trump_card": "13o"},
        ),
        "twice": (
            "post",
            f"/api/v1/matches/{match}/events/",
            {"hand": 1, "expected_seq": 0, "kind": "deal", "trump_card": "10o", "deal": deal},
        ),
        "undo": ("post", f"/api/v1/matches/{match}/undo/", {"hand": 1, "to_seq": 0, "seq": 1}),
        "stats": ("get", "/api/v1/stats/player/x/", None),
        "ratings": ("get", "/api/v1/ratings/pena/chess/", None),
        "after_round": ("get", f"/api/v1/tournaments/{t.pk}/standings/?after_round=x", None),
        "round 99": ("get", f"/api/v1/tournaments/{t.pk}/standings/?after_round=99", None),
        "version": (
            "post",
            "/api/v1/matches/import/",
            {"club": "pena", "record": {"format": "card-record", "version": 7}},
        ),
        "json": ("post", f"/api/v1/matches/{match}/events/", "{bad"),
        "kind": (
            "post",
            f"/api/v1/matches/{match}/events/",
            {"hand": 1, "expected_seq": 0, "kind": "dance"},
        ),
        "players": ("post", "/api/v1/matches/", {**new, "players": [999999, *players[1:]]}),
        # the event's own fields, as the engine's parser reads them
        "bid": ("post", events, {"hand": 1, "expected_seq": 0, "kind": "bid"}),
        "call": ("post", events, {"hand": 1, "expected_seq": 0, "kind": "call"}),
        "suit": ("post", events, {"hand": 1, "expected_seq": 0, "kind": "cante", "seat": 0}),
        "trump_card": ("post", events, {"hand": 1, "expected_seq": 0, "kind": "deal"}),
        "card": ("post", events, {"hand": 1, "expected_seq": 0, "kind": "play", "card": "Js"}),
        "path": ("get", "/api/v1/nowhere/", None),  # Django's 404, outside DRF
    }

    def answer(case: str, language: str | None):
        if case == "token":
            return _answer(bearer("nope"), "get", "/api/v1/me/", None, language)
        if case == "anonymous":
            return _answer(client_for(), "post", "/api/v1/matches/", new, language)
        return _answer(client, *cases[case], language)

    return answer


CASES = [
    (
        "target",
        "rules.target must be a whole number from 1 to 10,000",
        "rules.target debe ser un número entero de 1 a 10000",
    ),
    (
        "option",
        "unknown cuatrola rule option(s): foo",
        "opción(es) de reglas de cuatrola desconocida(s): foo",
    ),
    ("club", "club: no club 'nope'", "club: no hay ningún club 'nope'"),
    (
        "trump",
        "trump card 13o is not a card of the 20-card deck",
        "la carta de triunfo 13o no es una carta de la baraja de 20 cartas",
    ),
    # a card in words, in English too: the detail is for a person
    (
        "twice",
        "1o is dealt twice",
        "el as de oros está repartido dos veces",
        "the ace of oros is dealt twice",
    ),
    (
        "undo",
        "seq: undo takes hand with to_seq or last_seq (and reopen) only",
        "seq: deshacer solo admite hand con to_seq o last_seq (y reopen)",
    ),
    ("stats", "no such statistics scope or key", "no existe ese ámbito o clave de estadísticas"),
    (
        "ratings",
        "game: this site rates cuatrola, subastao, belote",
        "game: este sitio valora cuatrola, subastao, belote",
    ),
    ("after_round", "after_round: a round number", "after_round: un número de jornada"),
    (
        "round 99",
        "round 99 does not exist: the tournament has 1 round(s)",
        "la jornada 99 no existe: el torneo tiene 1 jornada(s)",
    ),
    ("version", "version must be 1", "version debe ser 1"),
    ("token", "unknown or revoked device token", "token de dispositivo desconocido o revocado"),
    (
        "json",
        "JSON parse error - Expecting property name enclosed in double quotes: line 1 column 2 "
        "(char 1)",
        "JSON ilegible: se esperaba un nombre de propiedad entre comillas dobles: línea 1, "
        "columna 2 (carácter 1)",
    ),
    (
        "bid",
        "kind must be one of deal, call, play, cante, penalty",
        "kind debe ser uno de deal, call, play, cante, penalty",
    ),
    (
        "call",
        "call: expected one of pass, solo, cuatrola, quintola",
        "call: se esperaba uno de pass, solo, cuatrola, quintola",
    ),
    ("suit", "suit: expected one of o, c, e, b", "suit: se esperaba uno de o, c, e, b"),
    (
        "trump_card",
        "trump_card: expected a card such as 12o",
        "trump_card: se esperaba una carta como 12o",
    ),
    (
        "card",
        "card: 'Js' is not a card of the 20-card deck (V1)",
        "card: 'Js' no es una carta de la baraja de 20 cartas (V1)",
    ),
    # the framework's own (DRF's) texts: English message, its Spanish catalogue's detail
    ("kind", 'kind: "dance" is not a valid choice.', 'kind: "dance" no es una elección válida.'),
    (
        "players",
        'players: Invalid pk "999999" - object does not exist.',
        'players: Clave primaria "999999" inválida - objeto no existe.',
    ),
    (
        "anonymous",
        "Authentication credentials were not provided.",
        "Las credenciales de autenticación no se proveyeron.",
    ),
    ("path", "Not found.", "No encontrado."),
]


#: the English detail is the message unless a case says otherwise
ROWS = [(*case, case[1]) if len(case) == 3 else case for case in CASES]


@pytest.mark.parametrize(("case", "message", "spanish", "english"), ROWS, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("language", ["es", None, "en"])
def test_message_is_english_and_detail_the_readers(ask, case, message, spanish, english, language):
    response = ask(case, language)
    assert 400 <= response.status_code < 500
    body = response.json()
    assert body["message"] == message
    assert body["detail"] == (english if language == "en" else spanish)
    assert response["Content-Language"] == (language or "es")


def test_a_scoreboards_names_stay_the_readers_while_the_api_runs_in_english(setup):
    t, _ = league(club=setup.club)
    for language, oros in [("es", "oros"), ("en", "oros")]:
        live = client_for().get(f"/api/v1/tournaments/{t.pk}/live/", HTTP_ACCEPT_LANGUAGE=language)
        assert live.json()["tournament"]["suit_names"]["o"] == oros
    spanish = client_for().get(f"/api/v1/tournaments/{t.pk}/live/", HTTP_ACCEPT_LANGUAGE="es")
    english = client_for().get(f"/api/v1/tournaments/{t.pk}/live/", HTTP_ACCEPT_LANGUAGE="en")
    assert spanish.json()["tournament"]["rank_names"]["10"] == "sota"
    assert english.json()["tournament"]["rank_names"]["10"] == "jack"
    assert spanish["ETag"] != english["ETag"]  # each language its own version
