"""What the scoring pad page gives its script (games/pad.py): the table, the deck, the
cantes the game's notation can write, the penalty rules, the strings in each language."""

import re

import pytest
from django.utils import translation

from games import services
from games.cardnames import ranks_said, suits_said
from games.engine import RuleError, find_game
from games.engine.cards import FRENCH_32, SPANISH_40
from games.pad import labels, notation_cantes, pad_config, rules_text
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def subastao_match(players: int):
    club = ClubFactory()
    user = MembershipFactory(club=club, role="scorer").user
    seated = [PlayerFactory(club=club, display_name=f"P{i}") for i in range(players)]
    return services.create_match(
        club=club, players=seated, user=user, game="subastao", rules={"players": players}
    )


def test_the_cantes_each_notation_can_write():
    cuatrola, subastao = find_game("cuatrola"), find_game("subastao")
    four = notation_cantes(cuatrola, 4, ("o", "c", "e", "b"))
    assert len(four) == 16  # 4 seats × 4 suits, no tute in Cuatrola's notation
    assert {"kind": "cante", "seat": 3, "suit": "b"} in four
    assert not any("tute" in c for c in four)
    three = notation_cantes(subastao, 3, ("o", "c", "e", "b"))
    assert len(three) == 3 * 4 + 3 * 2  # a pair of each suit, a tute of 12s or 11s
    assert {"kind": "cante", "seat": 2, "tute": "11"} in three


def test_the_table_and_deck_of_a_three_player_subastao_match():
    match = subastao_match(3)
    config = pad_config(find_game("subastao"), match, ["Ana", "Blas", "Carmen"])
    assert config["game"] == "subastao"
    assert config["units"] == [[0], [1], [2]]
    assert len(config["deck"]) == 36
    assert config["deck"][:9] == ["1o", "3o", "12o", "11o", "10o", "7o", "6o", "5o", "4o"]
    assert "2o" not in config["deck"]  # S1: no 2s with three players
    assert config["penalty_rules"] == ["S4"]
    assert len(config["cantes"]) == 18


def test_the_table_and_deck_of_a_pairs_subastao_match():
    match = subastao_match(4)
    config = pad_config(find_game("subastao"), match, ["A", "B", "C", "D"])
    assert config["units"] == [[0, 2], [1, 3]]
    assert len(config["deck"]) == 40
    assert config["deck"][9] == "2o"  # the 2 is the lowest (S1)


@pytest.mark.parametrize(
    ("game", "rules", "size"),
    [
        ("cuatrola", {}, 5),  # 4 × 5 of the 20 cards (C1)
        ("subastao", {"players": 3}, 12),  # 3 × 12 of 36 (S1)
        ("subastao", {"players": 4}, 10),  # 4 × 10 of 40
        ("belote", {}, 8),  # 4 × 8 of 32, both stages (B1)
    ],
)
def test_the_deal_entry_takes_each_seats_cards_as_the_game_deals_them(game, rules, size):
    engine = find_game(game)
    club = ClubFactory()
    user = MembershipFactory(club=club, role="organiser").user
    seats = engine.seats(engine.parse_rules(rules))
    seated = [PlayerFactory(club=club, display_name=f"P{i}") for i in range(seats)]
    match = services.create_match(club=club, players=seated, user=user, game=game, rules=rules)
    config = pad_config(engine, match, [p.display_name for p in seated], may_organise=True)
    assert config["deal_size"] == size
    assert config["may_organise"] is True
    # every card of the deck is dealt: a deal entered card by card fills every seat
    assert size * seats == len(config["deck"])
    deal = [config["deck"][s * size : (s + 1) * size] for s in range(seats)]
    event = {"kind": "deal", "deal": deal}
    if game == "cuatrola":
        event["trump_card"] = deal[0][0]  # the first dealer, seat 0, shows one of his
    hand = match.hands.get(number=1)
    services.record_event(hand, 0, event, user)
    hand.refresh_from_db()
    assert hand.deal == deal


@pytest.mark.parametrize(
    ("game", "opening", "rules", "refused"),
    [
        (
            "cuatrola",
            [{"kind": "deal", "trump_card": "12o"}] + [{"kind": "call", "call": "pass"}] * 4,
            ("C7", "C9"),
            "C12",
        ),
        (
            "subastao",
            [
                {"kind": "deal"},
                {"kind": "bid", "bid": 60},
                {"kind": "bid", "bid": "pass"},
                {"kind": "bid", "bid": "pass"},
                {"kind": "trump", "suit": "o"},
            ],
            ("S4",),
            "S7",
        ),
    ],
)
def test_the_penalty_rules_the_pad_offers_are_the_ones_the_hand_takes(
    game, opening, rules, refused
):
    engine = find_game(game)
    assert engine.penalty_rules == rules

    def opened():
        state = engine.new_match(engine.parse_rules({}), 0)
        for event in opening:
            state.apply(engine.event_from_dict(event))
        return state

    for rule in rules:
        state = opened()
        state.apply(engine.event_from_dict({"kind": "penalty", "seat": 1, "rule": rule}))
        assert state.hands[-1].is_complete
    with pytest.raises(RuleError) as error:
        opened().apply(engine.event_from_dict({"kind": "penalty", "seat": 1, "rule": "B6"}))
    assert error.value.rule == refused


def test_the_pad_speaks_spanish_first_and_english():
    with translation.override("es"):
        es = labels()
        assert suits_said(SPANISH_40) == {"o": "oros", "c": "copas", "e": "espadas", "b": "bastos"}
        assert suits_said(FRENCH_32) == {
            "c": "tréboles",
            "d": "diamantes",
            "h": "corazones",
            "s": "picas",
        }
        assert [ranks_said(SPANISH_40)[r] for r in ("1", "12", "11", "10", "7")] == [
            "as",
            "rey",
            "caballo",
            "sota",
            "7",
        ]
        assert [ranks_said(FRENCH_32)[r] for r in "AKQJ"] == ["as", "rey", "dama", "jota"]
        assert rules_text({"players": 3, "min_bid": 60, "target": 300}) == (
            "3 jugadores · subasta mínima 60 · a 300"
        )
    with translation.override("en"):
        en = labels()
        # the Spanish suits keep their names in English too ("clubs" is the French deck's)
        assert suits_said(SPANISH_40) == {"o": "oros", "c": "copas", "e": "espadas", "b": "bastos"}
        assert suits_said(FRENCH_32)["c"] == "clubs"
        assert [ranks_said(SPANISH_40)[r] for r in ("1", "12", "11", "10")] == [
            "ace",
            "king",
            "knight",
            "jack",
        ]
    assert es.keys() == en.keys()
    assert (es["bid"], en["bid"]) == ("Puja %(name)s", "%(name)s bids")
    assert (es["tute12"], en["tute12"]) == ("reyes", "kings")
    # the auction line tells what a seat said in the third person, the button says "pasar"
    assert (es["passes"], es["pass"], en["passes"]) == ("pasa", "pasar", "passes")
    # every string the script fills in keeps its placeholders in both languages
    for key in es:
        assert sorted(_placeholders(es[key])) == sorted(_placeholders(en[key])), key


def test_the_rules_line_names_every_option_in_words():
    with translation.override("es"):
        belote = rules_text({"target": 151, "compare_sequences": False, "renuncio_penalty": True})
        assert belote == "a 151 · se comparan las secuencias: no"
        assert rules_text({"compare_sequences": True}) == "se comparan las secuencias: sí"
        # an option without its own phrase still reads as its form label, not a key
        assert rules_text({"some_flag": True}) == "some flag: sí"
    with translation.override("en"):
        assert rules_text({"compare_sequences": False}) == "sequences compared: no"
    for game in ("cuatrola", "subastao", "belote"):
        options = find_game(game).rule_options()
        with translation.override("es"):
            text = rules_text({o.key: o.default for o in options})
        assert not re.search(r"_|True|False", text), (game, text)


def _placeholders(text: str) -> list[str]:
    return re.findall(r"%\((\w+)\)s", text)


def test_the_pad_names_the_calls_with_the_match_pages_words():
    """One vocabulary (issue 19): Belote's calls, contracts and declarations on the pad are
    the match page's (games/templatetags/rounds.py), in the reader's language."""
    match = subastao_match(3)
    with translation.override("es"):
        config = pad_config(find_game("subastao"), match, ["Ana", "Blas", "Carmen"])
    words = config["words"]
    assert (words["hearts"], words["no_trumps"], words["double"]) == (
        "corazones",
        "sin triunfos",
        "contra",
    )
    assert (words["tierce"], words["quarte"]) == ("tercera", "cuarta")
    # the pad keeps no table of its own for them
    assert not {"hearts", "no_trumps", "all_trumps", "double", "redouble"} & set(labels())


def test_the_pad_page_has_no_inline_script(client):
    """Scripts in static files only (a Content-Security-Policy without 'unsafe-inline'):
    the page's data is a JSON block, the manifest and the worker are linked."""
    match = subastao_match(3)
    user = match.club.memberships.get().user
    client.force_login(user)
    html = client.get(f"/matches/{match.pk}/score/").content.decode()
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", html, re.S)
    assert scripts
    for attrs, body in scripts:
        assert "src=" in attrs or 'type="application/json"' in attrs, attrs
        assert "src=" not in attrs or not body.strip()
    assert '<link rel="manifest" href="/pad.webmanifest">' in html
    assert 'data-worker="/pad-worker.js"' in html


def test_the_pad_polls_at_the_interval_the_settings_give(client, settings):
    match = subastao_match(3)
    client.force_login(match.club.memberships.get().user)
    page = client.get(f"/matches/{match.pk}/score/").content.decode()
    assert 'data-poll="4000"' in page  # the site's default: every 4 s
    settings.PAD_POLL_MS = 250
    page = client.get(f"/matches/{match.pk}/score/").content.decode()
    assert 'data-poll="250"' in page
