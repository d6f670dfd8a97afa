"""Tournaments of a club: entries, rounds, fixtures (each a recorded match) and standings."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player, ReadableQuerySet


class Tournament(models.Model):
    """A league or a one-day tournament of a club. Its fixtures are recorded matches."""

    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin", _("league (every pair meets once)")
        DOUBLE_ROUND_ROBIN = "double_round_robin", _("league (home and away)")
        SWISS = "swiss", _("Swiss")
        KNOCKOUT = "knockout", _("knockout")

    class Status(models.TextChoices):
        OPEN = "open", _("entries open")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="tournaments")
    name = models.CharField(_("name"), max_length=120)
    game = models.CharField(_("game"), max_length=20, default="cuatrola")
    rules = models.JSONField(_("rules"), default=dict, blank=True)
    format = models.CharField(_("format"), max_length=20, choices=Format.choices)
    swiss_rounds = models.PositiveSmallIntegerField(_("Swiss rounds"), default=5)
    tiebreaks = models.JSONField(
        _("tiebreaks"),
        default=list,
        blank=True,
        help_text=_("Metric keys in order, after match points"),
    )
    points_per_win = models.PositiveSmallIntegerField(_("match points per win"), default=1)
    status = models.CharField(
        _("status"), max_length=20, choices=Status.choices, default=Status.OPEN
    )
    is_public = models.BooleanField(_("public"), default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # standings bookkeeping (derived; see tournaments/tasks.py)
    #: bumped in the transaction that changes a result (a match finished or corrected, a bye)
    results_version = models.PositiveIntegerField(default=0)
    #: the ``results_version`` the stored standings were computed from
    standings_version = models.PositiveIntegerField(default=0)
    #: when a recompute was last sent and has not started yet: requests coalesce on it,
    #: and it expires (STANDINGS_LEASE_SECONDS) so that a lost job is sent again
    standings_queued_at = models.DateTimeField(null=True, blank=True)
    standings_computed_at = models.DateTimeField(null=True, blank=True)
    # bumped by every write to one of its matches: the live reads' validator (derived)
    live_version = models.PositiveIntegerField(default=0)
    live_updated_at = models.DateTimeField(null=True, blank=True)

    objects = ReadableQuerySet.as_manager()  # .readable_by(user): clubs.access decides

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self) -> str:
        return self.name

    @property
    def standings_pending(self) -> bool:
        """The stored standings are older than the results: a recompute is owed (queued,
        running, or waiting for the broker or a worker to come back)."""
        return self.results_version > self.standings_version


class Entry(models.Model):
    """A pair of players entered in a tournament (a Cuatrola side)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    name = models.CharField(_("name"), max_length=120)
    player_1 = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    player_2 = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    seed = models.PositiveSmallIntegerField(_("seed"))
    withdrawn = models.BooleanField(_("withdrawn"), default=False)

    class Meta:
        ordering = ["tournament", "seed"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "seed"], name="unique_seed"),
            models.UniqueConstraint(fields=["tournament", "name"], name="unique_entry_name"),
        ]

    def __str__(self) -> str:
        return self.name


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    date = models.DateField(_("date"), null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_round")
        ]

    def __str__(self) -> str:
        return f"{self.tournament} — {_('round')} {self.number}"


class Fixture(models.Model):
    """Two entries meeting at a table; ``entry_b`` empty is a bye. Entry A sits at seats 0
    and 2 and deals first."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="fixtures")
    table = models.PositiveSmallIntegerField(_("table"))
    entry_a = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+")
    entry_b = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    match = models.OneToOneField(
        "games.Match", on_delete=models.SET_NULL, null=True, blank=True, related_name="fixture"
    )

    class Meta:
        ordering = ["round", "table"]

    def __str__(self) -> str:
        return f"{self.entry_a} — {self.entry_b or _('bye')}"


class StandingsSnapshot(models.Model):
    """Standings after a round, as the last recompute left them (derived)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="snapshots")
    after_round = models.PositiveSmallIntegerField()
    computed_at = models.DateTimeField()
    rows = models.JSONField()

    class Meta:
        ordering = ["tournament", "after_round"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "after_round"], name="one_snapshot_per_round"
            )
        ]

    def __str__(self) -> str:
        return f"{self.tournament} — standings after round {self.after_round}"
