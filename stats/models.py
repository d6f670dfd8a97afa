"""Replay statistics: totals per (scope, key, game, metric), the jobs that compute them,
each job's stored partial results per chunk, and which matches the totals count.

Everything here is derived from the event log and can be dropped and rebuilt
(``manage.py rebuild_stats``). Every total belongs to a club (its access decides who
reads it): a player's, a player's season, a pair's, a tournament's, a season's (club
and year) or the club's own.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from games.models import Match


class Scope(models.TextChoices):
    PLAYER = "player", _("player")
    PAIR = "pair", _("pair")
    CLUB = "club", _("club")
    TOURNAMENT = "tournament", _("tournament")
    SEASON = "season", _("season")
    PLAYER_SEASON = "player_season", _("player's season")
    VERSUS = "versus", _("head to head")


class StatTotal(models.Model):
    """One summed metric: ``key`` is the player's or tournament's id, the pair's two
    player ids (``12-40``, lower first), the year of a season, the club's id, or head to
    head a player's or pair's key and an opponent's (``12:40``, ``12-40:3-7``).

    ``tournament`` is the visibility bucket: the tournament of the matches summed here
    (0: matches in no tournament). A reader's figures are the sum over the buckets the
    access policy lets them read (``stats/visible.py``), so that closing a tournament to
    the public takes its hands out of every public figure at once, with no rebuild."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    scope = models.CharField(_("scope"), max_length=16, choices=Scope.choices)
    key = models.CharField(_("key"), max_length=40)
    game = models.CharField(_("game"), max_length=20)
    metric = models.CharField(_("metric"), max_length=40)
    tournament = models.PositiveIntegerField(_("tournament"), default=0)
    value = models.BigIntegerField(_("value"), default=0)

    class Meta:
        verbose_name = _("statistic")
        verbose_name_plural = _("statistics")
        constraints = [
            models.UniqueConstraint(
                fields=["scope", "key", "game", "metric", "tournament"],
                name="one_total_per_metric_and_bucket",
            )
        ]
        indexes = [models.Index(fields=["club", "scope", "key"])]

    def __str__(self) -> str:
        where = f"{self.scope} {self.key} {self.game} {self.metric} [{self.tournament}]"
        return f"{where} = {self.value}"


class StatJob(models.Model):
    """A full rebuild shared by the workers: ``chunks`` match-id ranges, each one's
    result stored as a :class:`StatPartial`; the last chunk stored sends the merge."""

    class Status(models.TextChoices):
        RUNNING = "running", _("running")
        DONE = "done", _("done")

    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.RUNNING
    )
    chunks = models.PositiveIntegerField(_("chunks"), default=0)
    chunks_done = models.PositiveIntegerField(_("chunks done"), default=0)
    hands = models.PositiveBigIntegerField(_("hands replayed"), default=0)
    started_at = models.DateTimeField(_("started"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    #: the Celery queue its chunks were sent to ("" the default): the sweep resends there
    queue = models.CharField(_("queue"), max_length=100, blank=True, default="")
    #: when a chunk last started or was stored: a job idle for a lease lost its queue
    active_at = models.DateTimeField(_("last active"), null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        verbose_name = _("statistics job")
        verbose_name_plural = _("statistics jobs")

    def __str__(self) -> str:
        return f"job {self.pk}: {self.chunks_done}/{self.chunks} {self.status}"


class StatChunk(models.Model):
    """A chunk of a job as a lease: ``started_at`` is set when a worker starts it, and a
    chunk started longer than ``STATS_LEASE_SECONDS`` ago with no partial stored is taken
    as lost (its worker killed: the broker would redeliver it only after its visibility
    timeout, an hour) and sent again by the sweep (``stats.sweep``)."""

    job = models.ForeignKey(StatJob, on_delete=models.CASCADE, related_name="leases")
    chunk = models.PositiveIntegerField()
    first_match = models.PositiveBigIntegerField()
    last_match = models.PositiveBigIntegerField()
    sent_at = models.DateTimeField()
    started_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["job", "chunk"], name="one_lease_per_chunk")]

    def __str__(self) -> str:
        return f"job {self.job_id} chunk {self.chunk} sent {self.sent_at:%H:%M:%S}"


class StatPartial(models.Model):
    """A chunk's result: stored with an upsert under (job, chunk), so that a chunk run
    twice (its worker killed, the task redelivered) leaves one row and the same totals.
    ``totals`` are ``[scope, key, club, game, metric, value]`` rows; ``matches`` are
    ``[match id, version]`` of the matches it counted."""

    job = models.ForeignKey(StatJob, on_delete=models.CASCADE, related_name="partials")
    chunk = models.PositiveIntegerField()
    first_match = models.PositiveBigIntegerField()
    last_match = models.PositiveBigIntegerField()
    hands = models.PositiveBigIntegerField(default=0)
    totals = models.JSONField(default=list)
    matches = models.JSONField(default=list)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["job", "chunk"], name="one_partial_per_chunk")
        ]

    def __str__(self) -> str:
        return f"job {self.job_id} chunk {self.chunk}: matches {self.first_match}–{self.last_match}"


class CountedMatch(models.Model):
    """A finished match whose facts are in the totals, at the version counted: a match
    counted is never counted again (a corrected one makes a rebuild)."""

    match = models.OneToOneField(
        Match, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    version = models.PositiveIntegerField()

    def __str__(self) -> str:
        return f"match {self.match_id} v{self.version}"
