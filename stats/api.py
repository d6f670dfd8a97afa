"""The statistics in the API: ``/api/v1/stats/{scope}/{key}/`` and the job's progress.

Keys: a player's, a club's or a tournament's id; a pair's two player ids ``12-40``
(lower first); a season ``{club id}:{year}``; a player's season ``{player id}:{year}``.
What the visitor may not read is a 404, as everywhere (``clubs.access``)."""

from __future__ import annotations

import re

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from clubs.access import may_read
from clubs.models import Club, Player
from games.api.schema import errors
from tournaments.models import Tournament

from . import report
from .models import Scope, StatJob
from .store import job_progress
from .visible import readable_totals

ID = r"[1-9]\d{0,8}"
KEYS = {
    "player": re.compile(rf"^({ID})$"),
    "club": re.compile(rf"^({ID})$"),
    "tournament": re.compile(rf"^({ID})$"),
    "pair": re.compile(rf"^({ID})-({ID})$"),
    "season": re.compile(rf"^({ID}):(\d{{4}})$"),
    "player_season": re.compile(rf"^({ID}):(\d{{4}})$"),
}


class CountSerializer(serializers.Serializer):
    hands = serializers.IntegerField()
    won = serializers.IntegerField()


class TrumpsSerializer(serializers.Serializer):
    trumps = serializers.IntegerField(help_text="Trumps the declarer held (deal known)")
    declared = serializers.IntegerField()
    made = serializers.IntegerField()


class DeclarationSerializer(serializers.Serializer):
    kind = serializers.CharField(help_text="solo, cuatrola, quintola; bid60…; suit, …_doubled")
    declared = serializers.IntegerField()
    made = serializers.IntegerField(help_text="Made good")
    failed = serializers.IntegerField(help_text="Failed (Belote: dentro)")
    score_for = serializers.IntegerField(help_text="Match points the declarer's unit gained")
    score_against = serializers.IntegerField(help_text="Match points the other units gained")
    by_trumps = TrumpsSerializer(many=True)


class OwnSerializer(serializers.Serializer):
    matches_won = serializers.IntegerField()
    hands_won = serializers.IntegerField()
    defended = serializers.IntegerField(help_text="Contracts of another unit played against")
    broke = serializers.IntegerField(help_text="…of which failed")


class CapotsSerializer(serializers.Serializer):
    declarer = serializers.IntegerField(help_text="Capots by the declaring side")
    defender = serializers.IntegerField(help_text="Capots by the defence")


class BidsSerializer(serializers.Serializer):
    average = serializers.FloatField(allow_null=True, help_text="Average winning bid")
    margin = serializers.FloatField(
        allow_null=True, help_text="Average points over the bid (hands played out)"
    )


class BucketSerializer(serializers.Serializer):
    low = serializers.IntegerField(help_text="Lowest card points of the band")
    count = serializers.IntegerField(help_text="Hands of a player in the band")


class GameStatsSerializer(serializers.Serializer):
    game = serializers.CharField()
    hands = serializers.IntegerField(help_text="Complete hands, void ones included")
    void_hands = serializers.IntegerField(help_text="Hands nobody played (all passed)")
    sat_out_hands = serializers.IntegerField(
        help_text="A player's hands played by the others (a partner's declaration, C5)"
    )
    played_hands = serializers.IntegerField(help_text="What the per-hand figures divide by")
    matches = serializers.IntegerField()
    won = OwnSerializer(allow_null=True, help_text="A player's or pair's own; else null")
    capots = CapotsSerializer()
    bids = BidsSerializer(allow_null=True, help_text="Games won by a bid in points")
    metrics = serializers.DictField(child=serializers.IntegerField())
    mano = CountSerializer()
    dealer = CountSerializer()
    declarations = DeclarationSerializer(many=True)
    points_distribution = BucketSerializer(many=True)


class VersusSerializer(serializers.Serializer):
    ours = serializers.CharField(help_text="The player (`12`) or one of its pairs (`12-40`)")
    ours_name = serializers.CharField()
    theirs = serializers.CharField(help_text="The opponent: a player, or a pair `7-9`")
    theirs_name = serializers.CharField()
    game = serializers.CharField()
    matches = serializers.IntegerField(help_text="Matches played against them")
    matches_won = serializers.IntegerField()
    hands = serializers.IntegerField(help_text="Hands played against them")
    hands_won = serializers.IntegerField()


class ScopeStatsSerializer(serializers.Serializer):
    scope = serializers.ChoiceField(choices=Scope.choices)
    key = serializers.CharField()
    games = GameStatsSerializer(many=True)
    versus = VersusSerializer(
        many=True, help_text="A player's head to head (its pairs' too); empty for other scopes"
    )


class ProgressSerializer(serializers.Serializer):
    job = serializers.IntegerField(allow_null=True)
    status = serializers.CharField(allow_null=True)
    chunks = serializers.IntegerField()
    chunks_done = serializers.IntegerField()
    hands = serializers.IntegerField(
        allow_null=True, help_text="Hands replayed, the whole site's: staff only (else null)"
    )


def _guard(scope: str, key: str, user) -> Club:
    """404 unless the scope's key names something ``user`` may read; its club."""
    pattern = KEYS.get(scope)
    found = pattern.match(key) if pattern else None
    if found is None:
        raise NotFound("no such statistics scope or key")
    ids = [int(g) for g in found.groups()]
    if scope in ("player", "player_season"):
        target = Player.objects.filter(pk=ids[0]).first()
    elif scope == "pair":
        players = list(Player.objects.filter(pk__in=ids[:2]))
        ok = ids[0] < ids[1] and len(players) == 2 and players[0].club_id == players[1].club_id
        target = players[0] if ok else None
    elif scope == "tournament":
        target = Tournament.objects.filter(pk=ids[0]).first()
    else:
        target = Club.objects.filter(pk=ids[0]).first()
    if target is None or not may_read(user, target):
        raise NotFound("no such statistics scope or key")
    return target if isinstance(target, Club) else target.club


@extend_schema(
    summary="Replay statistics of a player, pair, club, tournament or season",
    parameters=[
        OpenApiParameter("scope", str, "path", enum=list(KEYS)),
        OpenApiParameter(
            "key",
            str,
            "path",
            description="id; pair `12-40`; season `3:2026` (club 3); player_season `12:2026`",
        ),
    ],
    responses={200: ScopeStatsSerializer, **errors(404)},
)
@api_view(["GET"])
@permission_classes([AllowAny])
def scope_stats(request: Request, scope: str, key: str) -> Response:
    club = _guard(scope, key, request.user)
    totals = readable_totals(request.user, club)  # what this reader may read, no more
    games = report.as_json(report.scope_stats(scope, key, totals))
    versus = []
    if scope == "player":
        names = report.player_names(club)
        versus = [
            row
            | {
                "ours_name": report.unit_name(names, row["ours"]),
                "theirs_name": report.unit_name(names, row["theirs"]),
            }
            for row in report.head_to_head(totals, key)
        ]
    return Response({"scope": scope, "key": key, "games": games, "versus": versus})


@extend_schema(summary="Progress of the latest statistics job", responses={200: ProgressSerializer})
@api_view(["GET"])
@permission_classes([AllowAny])
def progress(request: Request) -> Response:
    return Response(job_progress(StatJob.objects.first(), request.user))
