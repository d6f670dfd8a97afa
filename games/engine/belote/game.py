"""Belote behind the :class:`~games.engine.game.Game` interface."""

from __future__ import annotations

from ..cards import FRENCH_32
from ..core.game import TrickGame
from ..game import Standing
from .options import HAND_SIZE, SEATS, BeloteRules


class BeloteGame(TrickGame):
    """Four seats in two sides; the side is the scoring unit (RULES.md B1–B9).

    A hand's outcome: ``delta`` is the game points (B8) each side gained, ``winner_unit``
    the side with more round points (None: void or equal)."""

    name = "belote"
    title = "Belote"
    deck = FRENCH_32
    hand_size = HAND_SIZE
    package = __package__
    rules_class = BeloteRules

    # ------------------------------------------------------------------ the site's hooks
    # the seat about to play makes its declarations and belote: the server fills it in
    turn_kinds = frozenset({"call", "declaration", "belote", "play"})
    deal_rule = "B1"
    table_sizes = (SEATS,)
    penalty_rules = ("B6",)  # a renuncio penalty names B6 (B7)
    penalty_rule = "B7"
    standings = (
        Standing(
            "game_points", "PJu", "game points the rounds gave (B7)", ("game_points",), short="GP"
        ),
        Standing(
            "rounds_won",
            "Rond",
            "rounds won (more round points than the other side)",
            ("rounds_won",),
            short="RW",
        ),
        Standing(
            "capots",
            "Capot",
            "capots: every trick of a round taken (B7)",
            ("capots",),
            short="Capot",
        ),
        Standing(
            "contracts_made",
            "Contr",
            "contracts made (doubled or not)",
            ("contracts_made",),
            short="Contr",
        ),
    )
    fact_bonus = ("decl_points",)
