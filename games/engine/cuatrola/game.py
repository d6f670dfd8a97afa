"""Cuatrola behind the :class:`~games.engine.game.Game` interface."""

from __future__ import annotations

from ..cards import SPANISH_20
from ..core.game import TrickGame
from ..game import Standing
from .options import HAND_SIZE, MATCH_FORMATS, CuatrolaRules


class Cuatrola(TrickGame):
    """Four seats in two sides; the side is the scoring unit (RULES.md C1–C12)."""

    name = "cuatrola"
    title = "Cuatrola"
    deck = SPANISH_20
    rule_choices = {"match": MATCH_FORMATS}
    hand_size = HAND_SIZE
    package = __package__
    rules_class = CuatrolaRules

    # ------------------------------------------------------------------ the site's hooks
    turn_kinds = frozenset({"call", "play"})
    deal_rule = "C1"
    table_sizes = (4,)
    penalty_rules = ("C7", "C9")
    penalty_rule = "C12"
    standings = (
        Standing(
            "solos",
            "Solo G",
            "solos won (by tricks, or by the opponents' renuncio)",
            ("solo",),
            short="Solo W",
        ),
        Standing(
            "cuatrolas",
            "Cuat G",
            "cuatrolas won (by tricks, or by the opponents' renuncio)",
            ("cuatrola",),
            short="Cuat W",
        ),
        Standing(
            "quintolas",
            "Quin G",
            "quintolas won (by tricks, or by the opponents' renuncio)",
            ("quintola",),
            short="Quin W",
        ),
        Standing(
            "declared",
            "Decl",
            "declarations made: solos, cuatrolas and quintolas declared, won or not",
            ("declared_solo", "declared_cuatrola", "declared_quintola"),
            short="Decl",
        ),
        Standing(
            "declaration_rate",
            "% Decl",
            "declarations won per hundred made",
            rate_of=(("solos", "cuatrolas", "quintolas"), "declared"),
            short="% Decl",
        ),
    )
    fact_bonus = ("cante_points",)
