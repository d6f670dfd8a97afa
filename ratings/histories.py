"""A player's record with each partner and against each opponent, per game, from the
finished matches the visitor may read."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch

from clubs.models import Player
from games.engine import find_game
from games.models import Match, Seat


@dataclass
class Together:
    """Matches played with (or against) ``player``, and how many the page's player won."""

    player: Player
    played: int = 0
    won: int = 0

    @property
    def lost(self) -> int:
        return self.played - self.won


@dataclass
class GameHistory:
    played: int = 0
    won: int = 0
    partners: dict[int, Together] | None = None
    opponents: dict[int, Together] | None = None

    def __post_init__(self) -> None:
        self.partners, self.opponents = {}, {}

    @property
    def partner_rows(self) -> list[Together]:
        return sorted(self.partners.values(), key=lambda t: (-t.played, -t.won, t.player.pk))

    @property
    def opponent_rows(self) -> list[Together]:
        return sorted(self.opponents.values(), key=lambda t: (-t.played, -t.won, t.player.pk))


def histories(player: Player, matches) -> dict[str, GameHistory]:
    """Per game name: the player's finished matches among ``matches`` (a queryset the
    visitor may read), its partners and opponents with the record."""
    seats = (
        Seat.objects.filter(player=player, match__in=matches, match__status=Match.Status.FINISHED)
        .select_related("match")
        .prefetch_related(
            Prefetch("match__seats", Seat.objects.select_related("player")), "match__units"
        )
        .order_by("match_id")
    )
    out: dict[str, GameHistory] = {}
    for seat in seats:
        match = seat.match
        game = find_game(match.game)
        rules = game.parse_rules(match.rules)
        mine = game.unit_of_seat(rules, seat.number)
        won = match.winner_unit == mine
        history = out.setdefault(match.game, GameHistory())
        history.played += 1
        history.won += won
        for other in match.seats.all():
            if other.player_id == player.pk:
                continue
            same = game.unit_of_seat(rules, other.number) == mine
            book = history.partners if same else history.opponents
            row = book.setdefault(other.player_id, Together(other.player))
            row.played += 1
            row.won += won
    return out
