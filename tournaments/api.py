"""Read-only REST endpoints of tournaments: entries, rounds with fixtures, standings."""

from __future__ import annotations

from types import SimpleNamespace

from django.core.validators import validate_slug
from django.db.models import Prefetch
from django.utils.translation import override
from django_filters import rest_framework as filters
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import serializers, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.request import Request
from rest_framework.response import Response

from clubs.access import may_read, may_record, record_refusal
from games.api.conditional import etag_for, not_modified, with_validators
from games.api.errors import reader_language
from games.api.parsers import JSONField, parsers_for, record_posted, refuse_large_import
from games.api.schema import (
    IF_NONE_MATCH,
    NOT_MODIFIED,
    LiveSerializer,
    StandingsSerializer,
    errors,
)
from games.cardnames import rank_said, suits_said
from games.engine import find_game
from games.engine.messages import msg
from games.models import Match, Seat
from games.results import unit_results

from .models import Entry, Fixture, FixtureEntry, Tournament
from .services import import_fixture_record
from .standings_store import fixture_rows, fresh_snapshot, parse_round_number

#: live fields some games add beside the hand, the turn and the trick
GAME_LIVE_KEYS = ("bid", "bidder", "trump", "contract", "declarer", "multiplier", "declaration")


class EntrySerializer(serializers.ModelSerializer):
    players = serializers.SerializerMethodField()

    class Meta:
        model = Entry
        fields = [
            "id",
            "seed",
            "name",
            "players",
            "withdrawn",
            "withdrawn_after_round",
            "withdrawal_results",
            "withdrawal_unplayed",
        ]

    def get_players(self, entry: Entry) -> list[str]:
        return [p.display_name for p in entry.players()]


class FixtureUnitSerializer(serializers.Serializer):
    entry = serializers.IntegerField(help_text="The entry at this unit (seat order)")
    score = serializers.IntegerField(
        allow_null=True, help_text="The match's score so far, or what a forfeit awarded"
    )
    winner = serializers.BooleanField()
    forfeited = serializers.BooleanField()


class FixtureSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    table = serializers.IntegerField(help_text="The draw's order of the fixture in its round")
    venue_table = serializers.IntegerField(
        help_text="The table of the room it plays at (set by the organiser, else `table`)"
    )
    entries = serializers.ListField(
        child=serializers.IntegerField(), help_text="Entry ids in unit (seat) order; one: a bye"
    )
    match = serializers.IntegerField(allow_null=True)
    status = serializers.ChoiceField(
        choices=["bye", "forfeit", "void", "finished", "in_progress"],
        help_text="forfeit and void: decided by the organiser, not by the match",
    )
    units = FixtureUnitSerializer(many=True)


def fixture_payload(row: dict) -> dict:
    return {
        "id": row["fixture"].pk,
        "table": row["table"],
        "venue_table": row["fixture"].where,
        "entries": [e.pk for e in row["entries"]],
        "match": row["match"].pk if row["match"] else None,
        "status": row["status"],
        "units": [
            {
                "entry": u["entry"].pk,
                "score": u["score"],
                "winner": u["winner"],
                "forfeited": u["forfeited"],
            }
            for u in row["units"]
        ],
    }


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    date = serializers.DateField(allow_null=True)
    time = serializers.TimeField(allow_null=True, help_text="When it starts (local time)")
    fixtures = FixtureSerializer(many=True)


class FixtureRecordSerializer(serializers.Serializer):
    record = JSONField(required=False, help_text="The card-record document")
    file = serializers.FileField(required=False, help_text="…or the card-record file")

    def validate(self, attrs):
        if "record" not in attrs and "file" not in attrs:
            raise serializers.ValidationError({"record": "give the record (JSON) or a file"})
        return attrs


class TournamentSerializer(serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    standings_pending = serializers.BooleanField(
        read_only=True,
        help_text="The results are newer than the stored standings: a recompute is owed",
    )

    class Meta:
        model = Tournament
        fields = [
            "id",
            "club",
            "name",
            "game",
            "format",
            "rules",
            "tiebreaks",
            "points_per_win",
            "points_per_loss",
            "table_size",
            "entry_size",
            "status",
            "standings_computed_at",
            "standings_pending",
        ]


class TournamentFilter(filters.FilterSet):
    club = filters.CharFilter(field_name="club__slug", validators=[validate_slug])

    class Meta:
        model = Tournament
        fields = ["club", "status", "format"]


class FormatIsAFilter(DefaultContentNegotiation):
    """``?format=swiss`` filters tournaments by their format. DRF reads ``?format=`` as the
    choice of a renderer and answered 404 to every format a tournament can have."""

    settings = SimpleNamespace(URL_FORMAT_OVERRIDE=None)


@extend_schema_view(
    list=extend_schema(
        summary="Tournaments you can see, filterable by club, status, format",
        responses={200: TournamentSerializer(many=True), **errors(400)},
    ),
    retrieve=extend_schema(
        summary="A tournament", responses={200: TournamentSerializer, **errors(404)}
    ),
)
class TournamentViewSet(viewsets.ReadOnlyModelViewSet):
    """Tournaments, their entries, rounds and standings (latest, or ``?after_round=N``)."""

    lookup_value_regex = r"[0-9]{1,18}"
    content_negotiation_class = FormatIsAFilter

    serializer_class = TournamentSerializer
    filterset_class = TournamentFilter

    def get_queryset(self):
        return Tournament.objects.readable_by(self.request.user).select_related("club")

    def initial(self, request: Request, *args, **kwargs) -> None:
        # a paper record's body is capped as an import's: 413 before it is read
        if self.action == "record":
            refuse_large_import(request)
        super().initial(request, *args, **kwargs)

    @extend_schema(
        summary="Live: every match in progress, for scoreboards",
        parameters=[IF_NONE_MATCH],
        responses={200: LiveSerializer, 304: NOT_MODIFIED, **errors(404)},
    )
    @action(detail=True, pagination_class=None)
    def live(self, request: Request, pk: str) -> Response:
        """Every match in progress: score, hand number, whose turn, the trick on the table.

        Answers ``304 Not Modified`` to ``If-None-Match`` with the current ``ETag``: a poll
        that finds nothing new costs one query (anonymous; a session adds its own two),
        whatever the number of matches.
        """
        # one query by primary key: the whole cost of a 304
        t = Tournament.objects.select_related("club").filter(pk=pk).first()
        if t is None or not may_read(request.user, t):
            raise NotFound()
        stamp = t.standings_computed_at.timestamp() if t.standings_computed_at else 0
        # the suits' and ranks' names are the reader's: each language has its own version
        language = reader_language(request)
        etag = etag_for("live", t.pk, t.live_version, stamp, language)
        last = max(filter(None, [t.live_updated_at, t.standings_computed_at]), default=None)
        cached = not_modified(request, etag, last)
        if cached is not None:
            return cached
        # a fixture decided by the organiser (forfeit, void) leaves its match unplayed: not live
        live = Match.objects.filter(
            fixture__round__tournament=t, fixture__decision="", status=Match.Status.IN_PROGRESS
        )
        matches = live.select_related("fixture__round").prefetch_related(
            Prefetch("seats", Seat.objects.select_related("player")),
            Prefetch(
                "fixture__participants",
                FixtureEntry.objects.select_related("entry").order_by("position"),
                to_attr="units",
            ),
        )
        scores = unit_results([m.pk for m in matches])
        game = find_game(t.game)
        deck = game.deck_for(game.parse_rules(t.rules))
        with override(language):  # the API runs in English; these names are a person's
            suit_names = suits_said(deck)
            rank_names = {r: rank_said(deck, r) for r in deck.ranks if r in deck.rank_names}
        body = {
            # the deck's suits, so that a scoreboard draws Spanish suits as such (o c e b)
            # and French ones as theirs (c d h s): "c" alone is copas or clubs; and the
            # suits' and named ranks' names in the request's language (games/cardnames.py)
            # and the faces, so that a scoreboard holds no table of them
            "tournament": {
                "id": t.pk,
                "name": t.name,
                "status": t.status,
                "suits": list(deck.suits),
                "suit_names": suit_names,
                "rank_names": rank_names,
                "faces": deck.faces,  # how a card's face is drawn (Spanish 12: R)
            },
            "standings_computed_at": (
                t.standings_computed_at.isoformat() if t.standings_computed_at else None
            ),
            "matches": [
                {
                    "id": m.pk,
                    "round": m.fixture.round.number,
                    "table": m.fixture.where,  # the room's: the scoreboard is read there
                    "pairs": [u.entry.name for u in m.fixture.units],
                    "seats": [s.player.display_name for s in m.seats.all()],
                    "score": [u.score for u in scores.get(m.pk, [])],
                    **{
                        k: m.live.get(k)
                        for k in ("hand", "phase", "dealer", "to_act", "trump_card", "trick")
                    },
                    # and what the game's live view adds (a bid and its trump, a contract)
                    **{k: v for k, v in m.live.items() if k in GAME_LIVE_KEYS},
                }
                for m in sorted(matches, key=lambda m: (m.fixture.round.number, m.fixture.table))
            ],
        }
        return with_validators(Response(body), etag, last)

    @extend_schema(
        summary="The entries (pairs, or players at tables of three)",
        filters=False,
        responses={200: EntrySerializer(many=True), **errors(404)},
    )
    @action(detail=True, pagination_class=None)
    def entries(self, request: Request, pk: str) -> Response:
        t = self.get_object()
        entries = t.entries.prefetch_related("members__player")
        return Response(EntrySerializer(entries, many=True).data)

    @extend_schema(
        summary="Rounds with their fixtures",
        filters=False,
        responses={200: RoundSerializer(many=True), **errors(404)},
    )
    @action(detail=True, pagination_class=None)
    def rounds(self, request: Request, pk: str) -> Response:
        t = self.get_object()
        rounds = reversed(fixture_rows(t))
        return Response(
            [
                {
                    "number": r["round"].number,
                    "date": r["round"].date,
                    "time": r["round"].time,
                    "fixtures": [fixture_payload(row) for row in r["fixtures"]],
                }
                for r in rounds
            ]
        )

    @extend_schema(
        summary="Record a fixture's match from its paper record (card-record)",
        description="The record goes into the fixture's match through the same write path "
        "as live entry, checked event by event; its seats (if given) must be the fixture's "
        "players in seat order, its rules the tournament's and its first dealer the "
        "match's. Refused whole (400, with the rule or field) otherwise; 409 when the match "
        "already has events. The body is capped as an import's (413, and a number of hands).",
        request={
            "application/json": FixtureRecordSerializer,
            "multipart/form-data": FixtureRecordSerializer,
        },
        responses={200: FixtureSerializer, **errors(400, 403, 404, 409, 413)},
        filters=False,
    )
    @action(
        detail=True,
        methods=["post"],
        url_path=r"fixtures/(?P<fixture_id>[0-9]{1,18})/record",
        pagination_class=None,
        serializer_class=FixtureRecordSerializer,
        parser_classes=parsers_for("application/json", "multipart/form-data"),
    )
    def record(self, request: Request, pk: str, fixture_id: str) -> Response:
        t = self.get_object()
        fixture = Fixture.objects.filter(round__tournament=t, pk=fixture_id).first()
        if fixture is None:
            raise NotFound("no such fixture in this tournament")
        # who may write first, what they wrote after (a bye's fixture: the club's scorers)
        target = fixture.match or t.club
        if not may_record(request.user, target):
            raise PermissionDenied(record_refusal(request.user, target))
        body = FixtureRecordSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        record = record_posted(body.validated_data)  # the import's reading and cap
        import_fixture_record(fixture, record, request.user)
        row = next(
            row
            for row in fixture_rows(t, fixture.round)[0]["fixtures"]
            if row["fixture"].pk == fixture.pk
        )
        return Response(fixture_payload(row))

    @extend_schema(
        summary="Standings: the latest, or after a round",
        parameters=[
            OpenApiParameter(
                "after_round",
                {"type": "integer", "minimum": 0, "maximum": 99999},
                description="A round number",
            )
        ],
        responses={200: StandingsSerializer, **errors(400, 404)},
    )
    @action(detail=True, pagination_class=None)
    def standings(self, request: Request, pk: str) -> Response:
        t = self.get_object()
        snapshots = t.snapshots.order_by("-after_round")
        after = request.query_params.get("after_round")
        number = None
        if after is not None:
            try:
                number = parse_round_number(after)
            except ValueError as exc:
                raise serializers.ValidationError({"after_round": "a round number"}) from exc
            snapshots = snapshots.filter(after_round=number)
        snapshot = snapshots.first()
        if snapshot is None:
            raise NotFound(no_standings_reason(t, number))
        snapshot = fresh_snapshot(snapshot)  # a stale one is ranked now
        return Response(
            {
                "after_round": snapshot.after_round,
                "computed_at": snapshot.computed_at.isoformat(),
                "pending": t.standings_pending,
                "rows": snapshot.rows,
            }
        )

    def filter_queryset(self, queryset):
        # The filters choose among tournaments; a tournament's own answers (its entries,
        # rounds…) ignore them instead of answering 404 or 400 to `?status=…`.
        return super().filter_queryset(queryset) if self.action == "list" else queryset


def no_standings_reason(t: Tournament, number: int | None) -> str:
    """Why there are no standings to answer: a round that does not exist is named as such,
    not taken for standings still to come."""
    if number is not None:
        if not t.rounds.filter(number=number).exists():
            rounds = t.rounds.count()
            return msg(
                "round {number} does not exist: the tournament has {rounds} round(s)",
                number=number,
                rounds=rounds,
            )
        return msg(
            "no standings after round {number} yet: they appear when a match finishes",
            number=number,
        )
    return "no standings yet: they appear when a match finishes"
