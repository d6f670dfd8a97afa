"""Clubs, the people in them and their roles."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Club(models.Model):
    """A card club. Its matches are public unless ``is_private``."""

    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("short name"), unique=True)
    is_private = models.BooleanField(
        _("private"), default=False, help_text=_("Only members can see its matches.")
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    """A user's role in a club: organisers run it, scorers record matches."""

    class Role(models.TextChoices):
        ORGANISER = "organiser", _("organiser")
        SCORER = "scorer", _("scorer")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(_("role"), max_length=20, choices=Role.choices)

    class Meta:
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="one_role_per_club_and_user")
        ]

    def __str__(self) -> str:
        return f"{self.user} — {self.get_role_display()} @ {self.club}"


class Player(models.Model):
    """Someone who plays at the club; may or may not have a user account."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    display_name = models.CharField(_("name"), max_length=80)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="players",
    )

    class Meta:
        ordering = ["display_name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(
                fields=["club", "display_name"], name="unique_player_name_in_club"
            )
        ]

    def __str__(self) -> str:
        return self.display_name


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


class DeviceToken(models.Model):
    """A key for a scorer's device (a tablet at a table): it can record in one club, and
    optionally only in one tournament's matches. Only the key's SHA-256 is stored; the key
    is shown once, when it is created. Writes are made as the token's own device user."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="device_tokens")
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, null=True, blank=True, related_name="device_tokens"
    )
    name = models.CharField(_("name"), max_length=80)
    prefix = models.CharField(max_length=8, help_text=_("The key's first characters"))
    key_hash = models.CharField(max_length=64, unique=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="device_token"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("device token")
        verbose_name_plural = _("device tokens")

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"
