"""The clubs API: clubs, their players and device tokens (organisers), and ``me``: who
the user is and their roles in clubs."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiExample, extend_schema, extend_schema_view
from rest_framework import permissions, status, viewsets
from rest_framework.decorators import action, api_view, permission_classes
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response

from clubs.access import may_organise
from clubs.devices import create_device_token, revoke_device_token
from clubs.models import Club, Membership
from clubs.uniqueness import refuse_taken

from ..schema import MeSerializer, errors
from ..serializers import ClubSerializer, DeviceTokenSerializer, PlayerSerializer


@extend_schema_view(
    list=extend_schema(
        summary="Clubs you can see (public ones, and yours)",
        responses={200: ClubSerializer(many=True), **errors(400)},
    ),
    retrieve=extend_schema(summary="A club", responses={200: ClubSerializer, **errors(404)}),
)
class ClubViewSet(viewsets.ReadOnlyModelViewSet):
    """Clubs, and their players (organisers add players)."""

    lookup_value_regex = r"[-a-zA-Z0-9_]{1,50}"

    serializer_class = ClubSerializer
    lookup_field = "slug"

    def get_queryset(self):
        return Club.objects.readable_by(self.request.user)

    @extend_schema(
        methods=["GET"],
        summary="The club's players",
        responses={200: PlayerSerializer(many=True), **errors(404)},
    )
    @extend_schema(
        methods=["POST"],
        summary="Add a player to the club (organisers)",
        request=PlayerSerializer,
        responses={201: PlayerSerializer, **errors(400, 403, 404, 409)},
    )
    @action(
        detail=True,
        methods=["get", "post"],
        serializer_class=PlayerSerializer,
        pagination_class=None,
    )
    def players(self, request: Request, slug: str) -> Response:
        club = self.get_object()
        if request.method == "POST":
            if not may_organise(request.user, club):
                raise PermissionDenied("only the club's organisers can add players")
            serializer = PlayerSerializer(data=request.data)
            serializer.is_valid(raise_exception=True)
            # a name taken, even by a request sent at the same time: 409 (clubs/uniqueness.py)
            refuse_taken(lambda: serializer.save(club=club))
            return Response(serializer.data, status=status.HTTP_201_CREATED)
        return Response(PlayerSerializer(club.players.all(), many=True).data)

    @extend_schema(
        methods=["GET"],
        summary="Device tokens of the club (organisers)",
        responses={200: DeviceTokenSerializer(many=True), **errors(403, 404)},
    )
    @extend_schema(
        methods=["POST"],
        summary="Create a device token (organisers)",
        description="The answer carries its `key`, shown this once (only a hash is stored). "
        "Use it as `Authorization: Bearer <key>`.",
        request=DeviceTokenSerializer,
        responses={201: DeviceTokenSerializer, **errors(400, 403, 404)},
        examples=[OpenApiExample("Create", value={"name": "Mesa 3"}, request_only=True)],
    )
    @action(
        detail=True,
        methods=["get", "post"],
        url_path="device-tokens",
        pagination_class=None,
        serializer_class=DeviceTokenSerializer,
    )
    def device_tokens(self, request: Request, slug: str) -> Response:
        """Organisers: list the club's device tokens, or create one (its key is shown once)."""
        club = self.get_object()
        if not may_organise(request.user, club):
            raise PermissionDenied("only the club's organisers manage device tokens")
        if request.method == "POST":
            body = DeviceTokenSerializer(data=request.data, context={"club": club})
            body.is_valid(raise_exception=True)
            token, key = create_device_token(
                club,
                request.user,
                body.validated_data["name"],
                body.validated_data.get("tournament"),
            )
            return Response(
                {**DeviceTokenSerializer(token).data, "key": key}, status=status.HTTP_201_CREATED
            )
        return Response(DeviceTokenSerializer(club.device_tokens.all(), many=True).data)

    @extend_schema(
        summary="Revoke a device token",
        request=None,
        responses={200: DeviceTokenSerializer, **errors(403, 404)},
    )
    @action(
        detail=True,
        methods=["post"],
        url_path=r"device-tokens/(?P<token_id>[0-9]{1,9})/revoke",
        serializer_class=DeviceTokenSerializer,
    )
    def revoke_device_token(self, request: Request, slug: str, token_id: str) -> Response:
        """Organisers: revoke a device token; it stops working at once."""
        club = self.get_object()
        token = get_object_or_404(club.device_tokens, pk=token_id)
        return Response(DeviceTokenSerializer(revoke_device_token(token, request.user)).data)


@extend_schema(summary="Who you are, and your roles", responses={200: MeSerializer, **errors(403)})
@api_view(["GET"])
@permission_classes([permissions.IsAuthenticated])
def me(request: Request) -> Response:
    """The authenticated user and its roles (also the cheapest authenticated endpoint)."""
    roles = Membership.objects.filter(user=request.user).values_list("club__slug", "role")
    return Response(
        {
            "username": request.user.get_username(),
            "roles": [{"club": c, "role": r} for c, r in roles],
        }
    )
