"""The ratings in the API (``/api/v1/ratings/``): a club's ladder per game and a
player's ratings with their history — the numbers the pages show."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from clubs.models import Club
from games.api.schema import errors
from games.engine import games
from games.engine.messages import Items, msg
from games.models import game_choices

from .method import PARAMETERS
from .models import Rating, RatingChange
from .views import ladder_rows

GAMES = [g.name for g in games() if g.recordable]


class MethodSerializer(serializers.Serializer):
    model = serializers.CharField()
    mu = serializers.FloatField(help_text="A new player's μ")
    sigma = serializers.FloatField(help_text="A new player's σ")
    beta = serializers.FloatField()
    tau = serializers.FloatField()
    kappa = serializers.FloatField()
    z = serializers.FloatField(help_text="The rating (ordinal) is μ − z·σ")


class LadderRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField(min_value=1, help_text="Equal ratings share a rank")
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField(source="player")
    rating = serializers.FloatField(source="ordinal", help_text="μ − 3σ")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    matches = serializers.IntegerField(min_value=0)
    wins = serializers.IntegerField(min_value=0)


class LadderSerializer(serializers.Serializer):
    club = serializers.CharField()
    game = serializers.ChoiceField(choices=game_choices())
    method = MethodSerializer()
    ratings = LadderRowSerializer(many=True)


class ChangeSerializer(serializers.Serializer):
    match = serializers.IntegerField(source="rated.match_id")
    finished_at = serializers.DateTimeField(source="rated.finished_at")
    rank = serializers.IntegerField(min_value=0, help_text="0: the player's side won")
    mu_before = serializers.FloatField()
    sigma_before = serializers.FloatField()
    rating_before = serializers.FloatField(source="ordinal_before")
    mu_after = serializers.FloatField()
    sigma_after = serializers.FloatField()
    rating_after = serializers.FloatField(source="ordinal_after")


class PlayerGameSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=game_choices())
    rating = serializers.FloatField(allow_null=True, help_text="μ − 3σ; null before a match")
    mu = serializers.FloatField(allow_null=True)
    sigma = serializers.FloatField(allow_null=True)
    matches = serializers.IntegerField(min_value=0)
    wins = serializers.IntegerField(min_value=0)
    history = ChangeSerializer(many=True, help_text="One row per rated match, oldest first")


class PlayerRatingsSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    method = MethodSerializer()
    games = PlayerGameSerializer(many=True)


SLUG = OpenApiParameter("slug", str, OpenApiParameter.PATH, pattern=r"^[-a-zA-Z0-9_]+$")


def _club(request: Request, slug: str) -> Club:
    return get_object_or_404(Club.objects.readable_by(request.user), slug=slug)


@extend_schema(
    summary="A club's ratings in one game, best first",
    parameters=[SLUG, OpenApiParameter("game", str, OpenApiParameter.PATH, enum=GAMES)],
    responses={200: LadderSerializer, **errors(404)},
)
@api_view(["GET"])
@permission_classes([AllowAny])
def ladder(request: Request, slug: str, game: str) -> Response:
    club = _club(request, slug)
    if game not in GAMES:
        raise NotFound(msg("game: this site rates {games}", games=Items(GAMES)))
    data = {
        "club": club.slug,
        "game": game,
        "method": PARAMETERS,
        "ratings": ladder_rows(club, game),
    }
    return Response(LadderSerializer(data).data)


@extend_schema(
    summary="A player's rating in each game, with its history",
    parameters=[SLUG, OpenApiParameter("player", int, OpenApiParameter.PATH)],
    responses={200: PlayerRatingsSerializer, **errors(404)},
)
@api_view(["GET"])
@permission_classes([AllowAny])
def player(request: Request, slug: str, player: int) -> Response:
    club = _club(request, slug)
    someone = get_object_or_404(club.players, pk=player)
    ratings = {r.game: r for r in Rating.objects.filter(player=someone)}
    history: dict[str, list[RatingChange]] = {}
    for change in RatingChange.objects.filter(player=someone).select_related("rated"):
        history.setdefault(change.game, []).append(change)
    rows = []
    for game in GAMES:
        r = ratings.get(game)
        rows.append(
            {
                "game": game,
                "rating": r.ordinal if r else None,
                "mu": r.mu if r else None,
                "sigma": r.sigma if r else None,
                "matches": r.matches if r else 0,
                "wins": r.wins if r else 0,
                "history": history.get(game, []),
            }
        )
    data = {"player": someone.pk, "name": someone.display_name, "method": PARAMETERS, "games": rows}
    return Response(PlayerRatingsSerializer(data).data)
