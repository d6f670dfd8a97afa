"""Each game lists its rule options (what a form offers); the ruleset still decides."""

import pytest

from games.engine import games


@pytest.mark.parametrize("game", games(), ids=lambda g: g.name)
def test_options_cover_the_ruleset_with_its_defaults(game):
    defaults = game.parse_rules(None).as_dict()
    assert [o.name for o in game.rule_options] == list(defaults)
    assert {o.name: o.default for o in game.rule_options} == defaults


@pytest.mark.parametrize("game", games(), ids=lambda g: g.name)
def test_every_offered_value_is_accepted_and_below_the_minimum_is_not(game):
    for option in game.rule_options:
        for value, _label in option.choices:
            assert game.parse_rules({option.name: value}).as_dict()[option.name] == value
        if option.minimum is not None:
            assert game.parse_rules({option.name: option.minimum}).as_dict()[option.name] == (
                option.minimum
            )
            with pytest.raises(ValueError, match=f"rules.{option.name}"):
                game.parse_rules({option.name: option.minimum - option.step})


def test_the_hand_written_options():
    by_game = {g.name: {o.name: o for o in g.rule_options} for g in games()}
    assert [v for v, _ in by_game["cuatrola"]["match"].choices] == ["exact", "first_to", "hands"]
    assert [v for v, _ in by_game["subastao"]["players"].choices] == [3, 4]
    assert (by_game["subastao"]["min_bid"].minimum, by_game["subastao"]["min_bid"].step) == (5, 5)
    assert by_game["belote"]["target"].default == 151
