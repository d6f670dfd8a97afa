"""Read-only REST endpoints of tournaments: entries, rounds with fixtures, standings."""

from __future__ import annotations

from types import SimpleNamespace

from django.core.validators import validate_slug
from django.db.models import Prefetch
from django_filters import rest_framework as filters
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import serializers, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.request import Request
from rest_framework.response import Response

from clubs.access import may_read
from games.api.conditional import etag_for, not_modified, with_validators
from games.api.schema import (
    IF_NONE_MATCH,
    NOT_MODIFIED,
    LiveSerializer,
    StandingsSerializer,
    errors,
)
from games.models import Match, Seat

from .models import Entry, Fixture, Round, Tournament
from .standings_store import parse_round_number


class EntrySerializer(serializers.ModelSerializer):
    players = serializers.SerializerMethodField()

    class Meta:
        model = Entry
        fields = ["id", "seed", "name", "players", "withdrawn"]

    def get_players(self, entry: Entry) -> list[str]:
        return [entry.player_1.display_name, entry.player_2.display_name]


class FixtureSerializer(serializers.ModelSerializer):
    score = serializers.SerializerMethodField()
    status = serializers.SerializerMethodField()

    class Meta:
        model = Fixture
        fields = ["table", "entry_a", "entry_b", "match", "score", "status"]

    def get_score(self, f: Fixture) -> list[int] | None:
        return f.match.score if f.match else None

    def get_status(self, f: Fixture) -> str:
        return "bye" if f.match is None else f.match.status


class RoundSerializer(serializers.ModelSerializer):
    fixtures = FixtureSerializer(many=True)

    class Meta:
        model = Round
        fields = ["number", "date", "fixtures"]


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

    @extend_schema(
        summary="Live: every match in progress, for scoreboards",
        parameters=[IF_NONE_MATCH],
        responses={200: LiveSerializer, 304: NOT_MODIFIED, **errors(404)},
    )
    @action(detail=True, pagination_class=None)
    def live(self, request: Request, pk: str) -> Response:
        """Every match in progress: score, hand number, whose turn, the trick on the table.

        Answers ``304 Not Modified`` to ``If-None-Match`` with the current ``ETag``: a poll
        that finds nothing new costs two small queries, whatever the number of matches.
        """
        # one query by primary key: the whole cost of a 304
        t = Tournament.objects.select_related("club").filter(pk=pk).first()
        if t is None or not may_read(request.user, t):
            raise NotFound()
        stamp = t.standings_computed_at.timestamp() if t.standings_computed_at else 0
        etag = etag_for("live", t.pk, t.live_version, stamp)
        last = max(filter(None, [t.live_updated_at, t.standings_computed_at]), default=None)
        cached = not_modified(request, etag, last)
        if cached is not None:
            return cached
        live = Match.objects.filter(fixture__round__tournament=t, status=Match.Status.IN_PROGRESS)
        matches = live.select_related(
            "fixture__round", "fixture__entry_a", "fixture__entry_b"
        ).prefetch_related(Prefetch("seats", Seat.objects.select_related("player")), "units")
        body = {
            "tournament": {"id": t.pk, "name": t.name, "status": t.status},
            "standings_computed_at": (
                t.standings_computed_at.isoformat() if t.standings_computed_at else None
            ),
            "matches": [
                {
                    "id": m.pk,
                    "round": m.fixture.round.number,
                    "table": m.fixture.table,
                    "pairs": [m.fixture.entry_a.name, m.fixture.entry_b.name],
                    "seats": [s.player.display_name for s in m.seats.all()],
                    "score": m.score,
                    **{
                        k: m.live.get(k)
                        for k in ("hand", "phase", "dealer", "to_act", "trump_card", "trick")
                    },
                }
                for m in sorted(matches, key=lambda m: (m.fixture.round.number, m.fixture.table))
            ],
        }
        return with_validators(Response(body), etag, last)

    @extend_schema(
        summary="The pairs",
        filters=False,
        responses={200: EntrySerializer(many=True), **errors(404)},
    )
    @action(detail=True, pagination_class=None)
    def entries(self, request: Request, pk: str) -> Response:
        t = self.get_object()
        entries = t.entries.select_related("player_1", "player_2")
        return Response(EntrySerializer(entries, many=True).data)

    @extend_schema(
        summary="Rounds with their fixtures",
        filters=False,
        responses={200: RoundSerializer(many=True), **errors(404)},
    )
    @action(detail=True, pagination_class=None)
    def rounds(self, request: Request, pk: str) -> Response:
        t = self.get_object()
        rounds = t.rounds.prefetch_related("fixtures__match")
        return Response(RoundSerializer(rounds, many=True).data)

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
        if after is not None:
            try:
                snapshots = snapshots.filter(after_round=parse_round_number(after))
            except ValueError as exc:
                raise serializers.ValidationError({"after_round": "a round number"}) from exc
        snapshot = snapshots.first()
        if snapshot is None:
            raise NotFound("no standings yet: they appear when a match finishes")
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
