"""What each game declares of its ruleset for a form: every option, its kind and default."""

from games.engine import RuleOption, find_game


def test_cuatrola_declares_its_four_options():
    assert find_game("cuatrola").rule_options() == [
        RuleOption("match", "choice", "exact", ("exact", "first_to", "hands")),
        RuleOption("target", "int", 11),
        RuleOption("quintola", "bool", True),
        RuleOption("renuncio_penalty", "bool", True),
    ]


def test_subastao_and_belote_options():
    assert find_game("subastao").rule_options() == [
        RuleOption("players", "choice", 3, (3, 4)),
        RuleOption("min_bid", "int", 60),
        RuleOption("target", "int", 300),
        RuleOption("failed_bid", "choice", "opponents", ("opponents", "split")),
    ]
    assert [o.key for o in find_game("belote").rule_options()] == [
        "target",
        "compare_sequences",
        "renuncio_penalty",
    ]


def test_every_declared_choice_is_a_ruleset_the_game_accepts():
    for name in ("cuatrola", "subastao", "belote"):
        game = find_game(name)
        for option in game.rule_options():
            for value in option.choices or (option.default,):
                assert getattr(game.parse_rules({option.key: value}), option.key) == value
