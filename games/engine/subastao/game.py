"""Subastao behind the :class:`~games.engine.game.Game` interface."""

from __future__ import annotations

from typing import Any

from ..cards import SPANISH_36, Deck
from ..core.game import TrickGame
from ..game import Standing
from .options import FAILED_BID, SubastaoRules


class Subastao(TrickGame):
    """Three seats each for himself, or four in two sides; the scoring unit is the seat
    or the side (RULES.md S1–S7)."""

    name = "subastao"
    title = "Subastao"
    deck = SPANISH_36
    rule_choices = {"players": (3, 4), "failed_bid": FAILED_BID}
    package = __package__
    rules_class = SubastaoRules

    def seats(self, rules: SubastaoRules) -> int:
        return rules.players

    def deal_size(self, rules: SubastaoRules) -> int:
        return rules.hand_size

    def units(self, rules: SubastaoRules) -> int:
        return rules.units

    def unit_of_seat(self, rules: SubastaoRules, seat: int) -> int:
        return rules.unit_of(seat)

    def deck_for(self, rules: SubastaoRules) -> Deck:
        return rules.deck

    def winner_of(self, result: Any) -> int | None:
        """The bid winner's unit when made; when failed, the one opponent unit in pairs
        and None with 3 players (both opponents score); None for a void hand."""
        gainers = [u for u, d in enumerate(result.delta) if d]
        return gainers[0] if len(gainers) == 1 else None

    # ------------------------------------------------------------------ the site's hooks
    turn_kinds = frozenset({"bid", "trump", "play"})
    deal_rule = "S1"
    table_sizes = (3, 4)
    penalty_rules = ("S4",)
    penalty_rule = "S7"
    standings = (
        Standing("bids", "Sub", "auctions won (contracts played)", ("bids_won",), short="Bids"),
        Standing(
            "bids_made",
            "Cumpl",
            "contracts made (bid reached, or by tute, or by the opponents' renuncio)",
            ("bids_made",),
            short="Made",
        ),
    )
    fact_bonus = ("cante_points",)
