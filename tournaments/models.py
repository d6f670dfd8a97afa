"""Tournaments of a club: entries, rounds, fixtures (each a recorded match) and standings."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, DeviceToken, Player, ReadableQuerySet
from clubs.text import NameField
from games.models import default_game_name

from .fields import JsonTextField, RowsField


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
    name = NameField(_("name"), max_length=120)
    game = models.CharField(_("game"), max_length=20, default=default_game_name)
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
    #: for a lost match played (not forfeited), at pairs tables
    points_per_loss = models.PositiveSmallIntegerField(_("match points per loss"), default=0)
    # the table's shape, from the game and its rules when the tournament is created
    table_size = models.PositiveSmallIntegerField(
        _("entries per table"),
        default=2,
        help_text=_("The game's scoring units: 2 sides or 3 seats"),
    )
    entry_size = models.PositiveSmallIntegerField(
        _("players per entry"), default=2, help_text=_("2: pairs; 1: individual")
    )
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
    #: the earliest round whose standings the results changed since ``standings_version``
    #: (a recompute redoes the snapshots from it on); None: unknown, a whole recompute
    #: (``tasks.results_changed`` keeps it, ``standings_store.store_standings`` clears it)
    standings_redo_from = models.PositiveIntegerField(null=True, blank=True)
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
    """An entry of a tournament: a pair of players (a Cuatrola side) or one player (a seat
    of a 3-player Subastao table). Its players, in order, are :class:`EntryPlayer` rows."""

    class Results(models.TextChoices):
        KEEP = "keep", _("kept")
        ANNUL = "annul", _("annulled")

    class Unplayed(models.TextChoices):
        FORFEIT = "forfeit", _("forfeit wins for the opponents")
        VOID = "void", _("void")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    name = NameField(_("name"), max_length=120)
    seed = models.PositiveSmallIntegerField(_("seed"))
    withdrawn = models.BooleanField(_("withdrawn"), default=False)
    # set with ``withdrawn``: how many rounds had been drawn when it withdrew (0: before
    # round 1), what becomes of its results and of its fixtures left unplayed
    withdrawn_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    withdrawal_results = models.CharField(max_length=8, choices=Results.choices, blank=True)
    withdrawal_unplayed = models.CharField(max_length=8, choices=Unplayed.choices, blank=True)

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

    def players(self) -> list[Player]:
        """The entry's players in order (prefetch ``members__player`` to read many)."""
        return [m.player for m in sorted(self.members.all(), key=lambda m: m.position)]

    @property
    def withdrawn_before_start(self) -> bool:
        return self.withdrawn and self.withdrawn_after_round == 0


class EntryPlayer(models.Model):
    """A player of an entry, at its place in the entry (0, then 1 for a pair's second)."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="members")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["entry", "position"]
        constraints = [
            models.UniqueConstraint(fields=["entry", "position"], name="one_player_per_place"),
            models.UniqueConstraint(fields=["entry", "player"], name="one_place_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.entry}: {self.player}"


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    date = models.DateField(_("date"), null=True, blank=True)
    time = models.TimeField(_("starting time"), null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_round")
        ]

    def __str__(self) -> str:
        return f"{self.tournament} — {_('round')} {self.number}"


class Fixture(models.Model):
    """A table of a round: its entries (:class:`FixtureEntry`, in seat/unit order) and the
    match that records it. One entry and no match is a bye. A pairs table seats its first
    entry at seats 0 and 2 (dealing first), the second at 1 and 3; a table of three seats
    its entries at 0, 1 and 2.

    ``decision``: empty while the match decides; ``forfeit`` (the entries that forfeited
    and the scores it counts as are on the fixture's entries) or ``void`` (it counts for
    nobody) when the organiser decided it without the match."""

    class Decision(models.TextChoices):
        PLAYED = "", _("played")
        FORFEIT = "forfeit", _("forfeit")
        VOID = "void", _("void")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="fixtures")
    #: the draw's order (a knockout's bracket follows it); ``venue_table`` is where it plays
    table = models.PositiveSmallIntegerField(_("table"))
    venue_table = models.PositiveSmallIntegerField(_("table in the room"), null=True, blank=True)
    match = models.OneToOneField(
        "games.Match", on_delete=models.SET_NULL, null=True, blank=True, related_name="fixture"
    )
    decision = models.CharField(
        _("decision"), max_length=8, choices=Decision.choices, blank=True, default=""
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round", "table"]

    def __str__(self) -> str:
        names = [str(p.entry) for p in self.ordered()]
        return " — ".join(names) if len(names) > 1 else f"{names[0]} ({_('bye')})"

    def ordered(self) -> list[FixtureEntry]:
        """The fixture's entries in seat/unit order (prefetch ``participants__entry``)."""
        return sorted(self.participants.all(), key=lambda p: p.position)

    def entries(self) -> list[Entry]:
        return [p.entry for p in self.ordered()]

    @property
    def where(self) -> int:
        """The table number players look for: the room's, else the draw's."""
        return self.venue_table or self.table

    @property
    def is_bye(self) -> bool:
        return self.match_id is None and not self.decision and len(self.ordered()) == 1


class FixtureEntry(models.Model):
    """An entry at a fixture's table, at its unit (0, 1, … in seat order): Tabbycat's
    ``DebateTeam``. ``forfeited`` and ``awarded_score`` say how a forfeit counts."""

    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="participants")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="fixture_entries")
    position = models.PositiveSmallIntegerField(_("unit"))
    forfeited = models.BooleanField(_("forfeited"), default=False)
    awarded_score = models.PositiveIntegerField(_("score awarded"), null=True, blank=True)

    class Meta:
        ordering = ["fixture", "position"]
        constraints = [
            models.UniqueConstraint(fields=["fixture", "position"], name="one_entry_per_unit"),
            models.UniqueConstraint(fields=["fixture", "entry"], name="one_unit_per_entry"),
        ]

    def __str__(self) -> str:
        return f"{self.fixture_id}: {self.entry} ({self.position})"


class StandingsSnapshot(models.Model):
    """Standings after a round, as the last recompute left them (derived)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="snapshots")
    after_round = models.PositiveSmallIntegerField()
    computed_at = models.DateTimeField()
    #: the ranked rows (a list of dicts), stored by column (``fields.compact_rows``)
    rows = RowsField()
    #: an md5 of the rows' stored text (``standings_store.snapshot_digests``): an
    #: unchanged snapshot is not rewritten ("" before it was first digested, or digested
    #: another way: rewritten once)
    digest = models.CharField(max_length=32, blank=True, default="")
    #: left behind by a correction in an earlier round: the rows are not these results'
    #: standings; read through ``standings_store.fresh_snapshot``, which ranks it then
    #: (the recompute that a correction sends ranks only the latest round)
    stale = models.BooleanField(default=False)

    class Meta:
        ordering = ["tournament", "after_round"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "after_round"], name="one_snapshot_per_round"
            )
        ]

    def __str__(self) -> str:
        return f"{self.tournament} — standings after round {self.after_round}"


class StandingsState(models.Model):
    """What the rounds before the last one the stored standings rank leave, as of their
    version (derived; ``tournaments.standings_state``): the next recompute after a result
    from that round on starts from it instead of summing every earlier round."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    #: the tournament's ``standings_version`` it goes with (any other: not used)
    version = models.PositiveIntegerField()
    state = JsonTextField()

    def __str__(self) -> str:
        return f"{self.tournament_id}: standings state at version {self.version}"


class TournamentDevice(models.Model):
    """A device token limited to one tournament's matches. The scope lives here, above the
    token, so that clubs (the bottom layer) names no tournament: the access policy reads
    it through the lookup this app registers (``access.register_device_scope``)."""

    token = models.OneToOneField(
        DeviceToken, on_delete=models.CASCADE, primary_key=True, related_name="tournament_scope"
    )
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="device_scopes"
    )

    class Meta:
        verbose_name = _("tournament device")
        verbose_name_plural = _("tournament devices")

    def __str__(self) -> str:
        return f"{self.token} → {self.tournament}"
