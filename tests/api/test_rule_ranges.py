"""Every numeric rule option has the range RULES.md gives it ("`target` from 1 to 10,000
in every game; Subastao's `min_bid` a multiple of 5 from 60 to 230"), declared once in
the engine's options (issue 18, item 7): the engine refuses past it, the API answers 400
naming the option, the schema and the forms say the same bounds."""

import pytest
from django.test import Client

from games.engine import find_game, ranges_of
from tests.factories import PlayerFactory

from .conftest import client_for


@pytest.mark.parametrize(
    ("game", "rules", "key"),
    [
        ("cuatrola", {"target": 10**29}, "target"),
        ("cuatrola", {"target": 2**64}, "target"),
        ("cuatrola", {"target": 10_001}, "target"),
        ("cuatrola", {"target": 0}, "target"),
        ("belote", {"target": 10_001}, "target"),
        ("subastao", {"target": 10_001}, "target"),
        ("subastao", {"min_bid": 55}, "min_bid"),
        ("subastao", {"min_bid": 5}, "min_bid"),
        ("subastao", {"min_bid": 235}, "min_bid"),
        ("subastao", {"min_bid": 62}, "min_bid"),
    ],
)
def test_a_rule_option_out_of_its_range_is_a_400_naming_it(setup, game, rules, key):
    seats = find_game(game).seats(find_game(game).parse_rules(None))
    players = [*setup.players, *[PlayerFactory(club=setup.club) for _ in range(4)]][:seats]
    body = {"club": "pena", "game": game, "players": [p.pk for p in players], "rules": rules}
    response = client_for(setup.scorer).post("/api/v1/matches/", body, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["message"].startswith(f"rules.{key} must be"), response.json()


@pytest.mark.parametrize(
    ("game", "rules"),
    [("cuatrola", {"target": 10_000}), ("subastao", {"min_bid": 230, "target": 1})],
)
def test_the_ends_of_a_range_are_accepted(setup, game, rules):
    assert find_game(game).parse_rules(rules)


def test_the_schema_and_the_forms_read_the_engines_ranges(setup):
    schema = client_for().get("/api/schema/?format=json").json()
    rules = schema["components"]["schemas"]["MatchCreateRequest"]["properties"]["rules"]
    by_title = {r["title"]: r for r in rules["anyOf"]}
    assert by_title["Cuatrola rules"]["properties"]["target"] | {"default": None} == {
        "type": "integer",
        "minimum": 1,
        "maximum": 10_000,
        "default": None,
    }
    min_bid = by_title["Subastao rules"]["properties"]["min_bid"]
    assert (min_bid["minimum"], min_bid["maximum"], min_bid["multipleOf"]) == (60, 230, 5)
    assert all(r["additionalProperties"] is False for r in rules["anyOf"])
    # the one-off match form's number fields carry the same bounds
    browser = Client()
    browser.force_login(setup.scorer)
    page = browser.get("/clubs/pena/matches/new/?game=subastao")
    form = page.context["form"]
    allowed = ranges_of(find_game("subastao"))["min_bid"]
    field = form.fields["rule_min_bid"]
    assert (field.min_value, field.max_value) == (allowed.minimum, allowed.maximum)
    assert 'step="5"' in str(form["rule_min_bid"])
