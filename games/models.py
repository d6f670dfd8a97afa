"""Matches, hands and the event log.

``HandEvent`` is the source of truth: an ordered, append-only log per hand. Everything
else on ``Match`` and ``Hand`` (score, status, summaries) is derived from the events by
the engine and can be dropped and rebuilt (``games.services.rebuild``): the result of
each scoring unit (a seat, or a side) is a :class:`MatchUnit` row. Only ``games.services``
writes these rows; ``games.results`` reads the results as typed values.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player, ReadableQuerySet
from clubs.text import NameField

from .engine import default_game, find_game, games
from .replays import unit_labels


def game_choices() -> list[tuple[str, str]]:
    """The games the site records, from the registry (a new game needs no migration)."""
    return [(g.name, g.title) for g in games() if g.recordable]


def default_game_name() -> str:
    """A new match's or tournament's game when none is given: the registry's default (a
    callable, so that no model names a game and a change of default needs no migration)."""
    return default_game().name


class Match(models.Model):
    """A match of any registered game; its hands' events decide its result, stored per
    scoring unit (``units``)."""

    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", _("in progress")
        FINISHED = "finished", _("finished")

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="matches")
    game = models.CharField(
        _("game"), max_length=20, choices=game_choices, default=default_game_name
    )
    rules = models.JSONField(_("rules"), help_text=_("Ruleset options, validated by the engine"))
    first_dealer = models.PositiveSmallIntegerField(_("first dealer"), default=0)
    name = NameField(_("event"), max_length=200, blank=True)
    played_on = models.DateField(_("date"), null=True, blank=True)
    scorer = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="scored_matches",
        help_text=_("The user recording this match (any club scorer when empty)"),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    #: when the match first finished, kept through corrections and reopenings: its place
    #: in the ratings' order (a correction re-rates from there, it does not move it)
    finished_at = models.DateTimeField(_("first finished"), null=True, blank=True, editable=False)
    # derived from the events
    status = models.CharField(
        _("status"), max_length=20, choices=Status.choices, default=Status.IN_PROGRESS
    )
    version = models.PositiveIntegerField(
        default=0, help_text=_("Bumped on every change: an ETag for readers")
    )
    live = models.JSONField(
        default=dict,
        blank=True,
        help_text=_("The hand in play, for scoreboards: hand, phase, turn, trick"),
    )

    objects = ReadableQuerySet.as_manager()  # .readable_by(user): clubs.access decides

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        indexes = [models.Index(fields=["club", "status"])]

    def __str__(self) -> str:
        return f"{self.get_game_display()} #{self.pk} ({self.score_text})"

    # Read from the unit rows: prefetch ``units`` when reading many matches.
    @property
    def score(self) -> list[int]:
        """The score of each scoring unit, in unit order."""
        return [u.score for u in self.units.all()]

    @property
    def score_text(self) -> str:
        """``11–7``, ``300–120–95``: the scores in unit order."""
        return "–".join(str(s) for s in self.score)

    @property
    def winner_unit(self) -> int | None:
        """The unit that won the finished match (None while it is played)."""
        return next((u.unit for u in self.units.all() if u.is_winner), None)

    @property
    def unit_labels(self) -> list[str]:
        """Who plays for each scoring unit: ``Ana & Carmen``, or ``Ana`` alone (prefetch
        ``seats__player`` when reading many matches)."""
        game = find_game(self.game)
        names = [str(s.player) for s in sorted(self.seats.all(), key=lambda s: s.number)]
        return unit_labels(game, game.parse_rules(self.rules), names)


class MatchUnit(models.Model):
    """The result of one scoring unit of a match (a seat, or a side: the game says which
    seats score together): derived from the events by ``games.services`` like every
    result, one row per unit from the match's creation on. ``counters`` are the game's
    per-unit tallies (declarations or bids made, cante points…), whole numbers under the
    same keys for every match of a game, so that a query can sum them.

    ``place``, ``tied``, ``score_against`` and ``hands_against`` say how the unit stands
    against the match's other units (``games.results.placings``), so that a standings
    query sums them per entry without reading the other rows: placing points, matches
    won and lost, points and hands conceded are each one ``Sum`` or ``Count``."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="units")
    unit = models.PositiveSmallIntegerField(_("unit"))
    score = models.IntegerField(_("score"), default=0)
    is_winner = models.BooleanField(_("winner"), default=False)
    hands_won = models.PositiveSmallIntegerField(_("hands won"), default=0)
    counters = models.JSONField(_("counters"), default=dict, blank=True)
    #: 1 + the units placed above it: the winner first, then by score
    place = models.PositiveSmallIntegerField(_("place"), default=1)
    #: the units sharing its place, itself included (1: placed alone)
    tied = models.PositiveSmallIntegerField(_("units sharing the place"), default=1)
    #: the other units' scores, summed
    score_against = models.IntegerField(_("score conceded"), default=0)
    #: the hands that went to the other units
    hands_against = models.PositiveSmallIntegerField(_("hands conceded"), default=0)
    #: ``counters`` again as whole-number columns, which a standings query sums without
    #: reading JSON (half its time when it did): slot ``n`` holds the game's ``n``-th
    #: counter in ``Game.counters``' order (:meth:`counter_slots`), so a game's counters
    #: are only ever appended to; games 0011 filled the rows already there
    counter_1 = models.IntegerField(_("counter 1"), default=0)
    counter_2 = models.IntegerField(_("counter 2"), default=0)
    counter_3 = models.IntegerField(_("counter 3"), default=0)
    counter_4 = models.IntegerField(_("counter 4"), default=0)
    counter_5 = models.IntegerField(_("counter 5"), default=0)
    counter_6 = models.IntegerField(_("counter 6"), default=0)
    counter_7 = models.IntegerField(_("counter 7"), default=0)
    counter_8 = models.IntegerField(_("counter 8"), default=0)

    #: the counter columns, slot 1 first (a game declares at most this many counters)
    COUNTER_SLOTS = tuple(f"counter_{n}" for n in range(1, 9))

    class Meta:
        ordering = ["match", "unit"]
        verbose_name = _("match result")
        verbose_name_plural = _("match results")
        constraints = [models.UniqueConstraint(fields=["match", "unit"], name="one_row_per_unit")]

    def __str__(self) -> str:
        return f"unit {self.unit} of match {self.match_id}: {self.score}"

    @classmethod
    def counter_slots(cls, keys: Sequence[str], counters: Mapping[str, int]) -> dict[str, int]:
        """The counter columns for ``counters`` of a game whose ``Game.counters`` are
        ``keys`` (every slot, 0 past the game's last counter)."""
        if len(keys) > len(cls.COUNTER_SLOTS):
            raise ValueError(f"at most {len(cls.COUNTER_SLOTS)} counters: {keys}")
        values = [counters.get(k, 0) for k in keys]
        values += [0] * (len(cls.COUNTER_SLOTS) - len(values))
        return dict(zip(cls.COUNTER_SLOTS, values, strict=True))

    @classmethod
    def counter_column(cls, keys: Sequence[str], key: str) -> str:
        """The column that holds counter ``key`` of a game whose counters are ``keys``."""
        return cls.COUNTER_SLOTS[list(keys).index(key)]


class Seat(models.Model):
    """Who sits where. Seats are in turn order; the game says which seats score together
    (Cuatrola's sides are {0,2} and {1,3}; Subastao for three: each seat alone)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["match", "player"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} (seat {self.number})"


class Hand(models.Model):
    """One hand of a match. All but ``number`` and ``dealer`` is derived from its events."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField(_("hand"))
    dealer = models.PositiveSmallIntegerField(_("dealer"))
    # derived from the events
    header = models.JSONField(
        _("header"),
        default=dict,
        blank=True,
        help_text=_("What the hand is played under: trump card, named trump, contract"),
    )
    deal = models.JSONField(null=True, blank=True)
    next_seq = models.PositiveIntegerField(default=0)
    complete = models.BooleanField(default=False)
    summary = models.JSONField(
        null=True, blank=True, help_text=_("The hand's result in the checker's shape")
    )

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="unique_hand_number")
        ]

    def __str__(self) -> str:
        return f"hand {self.number} of match {self.match_id}"


class HandEvent(models.Model):
    """One event of a hand, in order, in its game's notation (``data``); ``kind`` is the
    notation's kind (deal, call, bid, trump, play, cante, penalty…), which the game's codec
    validated before the event was stored."""

    # no index of its own: ``unique_event_seq`` (hand, seq) leads with it and serves every
    # read by hand (a hand's events, a match's through its hands, the cascade), and each
    # insert maintained both (docs/performance.md, "What an event costs PostgreSQL")
    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="events", db_index=False)
    seq = models.PositiveIntegerField(_("sequence number"))
    kind = models.CharField(max_length=20)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    card = models.CharField(max_length=3, blank=True, help_text=_("The card of a play"))
    data = models.JSONField(help_text=_("The event in the engine's notation"))
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    entered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["hand", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "seq"], name="unique_event_seq"),
            models.UniqueConstraint(
                fields=["hand", "card"], condition=~Q(card=""), name="card_once_per_hand"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.hand} #{self.seq} {self.kind}"


class UndoRecord(models.Model):
    """Audit of an undo: who removed which events, and when. Nothing is lost silently."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="undos")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    hand_number = models.PositiveSmallIntegerField()
    to_seq = models.PositiveIntegerField()
    removed = models.JSONField(help_text=_("The removed events, in order, as they were"))

    class Meta:
        ordering = ["-at"]

    def __str__(self) -> str:
        return f"undo on match {self.match_id} to hand {self.hand_number} #{self.to_seq}"


class WorkerHeartbeat(models.Model):
    """The last time a Celery worker ran the heartbeat task, by worker host name."""

    hostname = models.CharField(_("worker"), max_length=200, unique=True)
    seen_at = models.DateTimeField(_("seen at"))
    beats = models.PositiveIntegerField(_("beats"), default=0)

    class Meta:
        verbose_name = _("worker heartbeat")
        verbose_name_plural = _("worker heartbeats")

    def __str__(self) -> str:
        return f"{self.hostname} @ {self.seen_at:%Y-%m-%d %H:%M:%S}"

    @classmethod
    def last_seen_iso(cls) -> str | None:
        latest = cls.objects.order_by("-seen_at").values_list("seen_at", flat=True).first()
        return latest.isoformat() if latest else None


class HandAnalysis(models.Model):
    """A finished hand's analysis with every card seen (ANALYSIS.md, docs/analysis.md),
    derived from the hand's events like every result: ``log`` is the digest of the event
    log it was computed from (``games.analysis.log_digest``), so an analysis of an older
    log (a corrected hand) is stale, shown nowhere, and recomputed."""

    hand = models.OneToOneField(Hand, on_delete=models.CASCADE, related_name="analysis")
    log = models.CharField(_("event log digest"), max_length=40)
    seq = models.PositiveIntegerField(_("events analysed"))
    analysed = models.BooleanField(_("analysed"), default=False)
    #: why not analysed: "no deal", "void", "incomplete", "penalty", "not solved"
    reason = models.CharField(_("reason"), max_length=20, blank=True)
    budget = models.FloatField(_("CPU seconds allowed"), null=True, blank=True)
    side = models.JSONField(_("counted side"), null=True, blank=True)
    value = models.CharField(_("value kind"), max_length=10, blank=True)
    par = models.IntegerField(_("par"), null=True, blank=True)
    actual = models.IntegerField(_("actual"), null=True, blank=True)
    plays = models.JSONField(_("every card"), default=list, blank=True)
    #: the analyser's version it was computed by (``games.engine.analysis.VERSION``)
    version = models.PositiveSmallIntegerField(_("analyser version"), default=1)
    computed_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("hand analysis")
        verbose_name_plural = _("hand analyses")

    def __str__(self) -> str:
        return f"analysis of {self.hand}"
