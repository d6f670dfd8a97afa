"""Ratings: a ladder per club and game, built from finished matches in order of finish.

Everything here is derived from the matches and can be rebuilt (``manage.py
rebuild_ratings``): a match's place in the order is when it first finished
(``Match.finished_at``, which a correction keeps).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player
from games.models import Match

from .method import Z


class RatedMatch(models.Model):
    """A finished match applied to its club's ladder for its game, once, in the order
    (``finished_at``: the match's first finish, match id)."""

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="rated")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    game = models.CharField(_("game"), max_length=20)
    finished_at = models.DateTimeField(_("finished at"))
    #: the scores that were applied: a corrected result is applied again (a rebuild)
    scores = models.JSONField(default=list)

    class Meta:
        ordering = ["finished_at", "match_id"]
        indexes = [models.Index(fields=["club", "game", "finished_at", "match"])]

    def __str__(self) -> str:
        return f"{self.game} match {self.match_id} rated"


class Rating(models.Model):
    """A player's current rating in one game."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    game = models.CharField(_("game"), max_length=20)
    mu = models.FloatField("μ")
    sigma = models.FloatField("σ")
    ordinal = models.FloatField(_("rating"), help_text=_("μ − 3σ"))
    matches = models.PositiveIntegerField(_("matches"), default=0)
    wins = models.PositiveIntegerField(_("wins"), default=0)

    class Meta:
        ordering = ["-ordinal", "player_id"]
        constraints = [
            models.UniqueConstraint(fields=["player", "game"], name="one_rating_per_game")
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.game}: {self.ordinal:.2f}"


class RatingChange(models.Model):
    """What one match did to one player's rating: before and after."""

    rated = models.ForeignKey(RatedMatch, on_delete=models.CASCADE, related_name="changes")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_changes")
    game = models.CharField(_("game"), max_length=20)
    unit = models.PositiveSmallIntegerField()
    rank = models.PositiveSmallIntegerField(help_text=_("0 = the winner"))
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()

    class Meta:
        ordering = ["rated__finished_at", "rated__match_id", "player_id"]
        constraints = [
            models.UniqueConstraint(fields=["rated", "player"], name="one_change_per_match")
        ]

    def __str__(self) -> str:
        return (
            f"{self.player_id} in match {self.rated_id}: {self.mu_before:.2f} → {self.mu_after:.2f}"
        )

    @property
    def ordinal_before(self) -> float:
        return self.mu_before - Z * self.sigma_before

    @property
    def ordinal_after(self) -> float:
        return self.mu_after - Z * self.sigma_after

    @property
    def won(self) -> bool:
        return self.rank == 0
