"""The matches API: list, read, create, what may be recorded next, the analysis, post an
event, undo, export and import; thin views over ``games.services`` and the engine."""

from __future__ import annotations

import json

from django.conf import settings
from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import mixins, permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response

from clubs.access import may_record, may_see_hands, may_undo, record_refusal, role_in
from clubs.models import Club, Membership

from ... import services
from ...analysis import match_analysis
from ...engine import dump_record
from ...engine.messages import msg
from ...models import Match
from ...services import UNDO_REFUSAL
from ..analysis_schema import MatchAnalysisSerializer
from ..conditional import etag_for, not_modified, with_validators
from ..filters import MatchFilter
from ..parsers import parsers_for, record_posted, refuse_large_import
from ..payloads import event_answer, legal_payload, match_payload, match_summary
from ..schema import (
    EXAMPLE_MALFORMED,
    EXAMPLE_REFUSED,
    IF_NONE_MATCH,
    NOT_MODIFIED,
    EventAnswerSerializer,
    LegalSerializer,
    MatchDetailSerializer,
    MatchSummarySerializer,
    errors,
)
from ..serializers import (
    SLUG,
    EventSerializer,
    ImportSerializer,
    MatchCreateSerializer,
    UndoSerializer,
    event_posted,
)
from .bodies import UNDO_BODY, _create_examples


def refuse_unless_recordable(request: Request) -> None:
    """A new match or an import names its club in the body: a club that does not exist
    (or that the user may not read) is 404, one the user may not record in 403, before the
    rest of the body is read. A ``club`` that is no slug at all is the serializer's 400."""
    slug = request.data.get("club") if hasattr(request.data, "get") else None
    if not isinstance(slug, str) or not SLUG.fullmatch(slug):
        return
    club = Club.objects.readable_by(request.user).filter(slug=slug).first()
    if club is None:
        raise NotFound(msg("club: no club {slug!r}", slug=slug))
    if not may_record(request.user, club):
        raise PermissionDenied(record_refusal(request.user, club))


class MatchViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    """Matches: create, read (with the hand in play), post events, undo, import, export."""

    lookup_value_regex = r"[0-9]{1,18}"

    # The body of a POST on the list (create); each action names its own. DRF's OPTIONS
    # answer describes them, and was a 500 without one.
    serializer_class = MatchCreateSerializer
    # JSON bodies only (a file upload too on import): a form body cannot carry the nested
    # rules and deals, and one the parser could not read was taken for `{}` (on undo: "undo
    # the last event"). The site's own parsers, whatever limits they add.
    parser_classes = parsers_for("application/json")
    filterset_class = MatchFilter
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    def get_queryset(self):
        return (
            Match.objects.readable_by(self.request.user)
            .select_related("club")
            .prefetch_related("seats__player", "units")
        )

    def initial(self, request: Request, *args, **kwargs) -> None:
        # before authentication: a session's CSRF check would read a multipart body whole
        if self.action == "import_":
            refuse_large_import(request)
        super().initial(request, *args, **kwargs)

    def get_match(self, pk: str) -> Match:
        """The match, or 404 when it does not exist or ``clubs.access`` hides it."""
        readable = Match.objects.readable_by(self.request.user).select_related("club")
        self.match = get_object_or_404(readable, pk=pk)  # a refusal names its players
        return self.match

    @extend_schema(
        summary="Matches of the clubs you can see, newest first",
        responses={200: MatchSummarySerializer(many=True), **errors(400)},
    )
    def list(self, request: Request) -> Response:
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        return self.get_paginated_response([match_summary(m) for m in page])

    @extend_schema(
        summary="A match: seats, score per unit, every hand, and the hand in play",
        parameters=[IF_NONE_MATCH],
        responses={200: MatchDetailSerializer, 304: NOT_MODIFIED, **errors(403, 404)},
    )
    def retrieve(self, request: Request, pk: str) -> Response:
        """The match; answers ``304`` to ``If-None-Match`` with the current ``ETag``."""
        match = self.get_match(pk)
        # the scorer's answer shows the hand in play, a visitor's does not: two versions
        view = "hands" if may_see_hands(request.user, match) else "public"
        etag = etag_for("match", match.pk, match.version, view)
        cached = not_modified(request, etag, match.updated_at)
        if cached is not None:
            return cached
        body = match_payload(match, viewer=request.user)
        return with_validators(Response(body), etag, match.updated_at)

    @extend_schema(
        summary="Create a match (organisers and scorers of the club)",
        request=MatchCreateSerializer,
        responses={201: MatchDetailSerializer, **errors(400, 403, 404)},
        examples=_create_examples(),
    )
    def create(self, request: Request) -> Response:
        refuse_unless_recordable(request)
        body = MatchCreateSerializer(data=request.data, context={"request": request})
        body.is_valid(raise_exception=True)
        data = body.validated_data
        is_scorer = role_in(request.user, data["club"]) == Membership.Role.SCORER
        match = services.create_match(
            club=data["club"],
            players=data["players"],
            user=request.user,
            game=data["game"],
            rules=data["rules"],
            first_dealer=data["first_dealer"],
            name=data["name"],
            played_on=data["played_on"],
            scorer=request.user if is_scorer else None,
        )
        return Response(match_payload(match, viewer=request.user), status=status.HTTP_201_CREATED)

    @extend_schema(
        summary="What the table may record next, in the game's event notation",
        description="For the seat to act (and the cantes any seat may sing now): the deal, "
        "the calls or bids, the trump, the cards, the cantes — each an event body that can "
        "be posted to `events/` as it is (with `hand` and `expected_seq`). Those who may see "
        "the hands (the match's scorer, the club's organisers) get what the deal allows; "
        "anyone else what the record shows so far allows (the hand's deal is hidden). A "
        "penalty, an organiser's decision, is not offered.",
        parameters=[IF_NONE_MATCH],
        responses={200: LegalSerializer, 304: NOT_MODIFIED, **errors(403, 404)},
    )
    @action(detail=True, methods=["get"])
    def legal(self, request: Request, pk: str) -> Response:
        match = self.get_match(pk)
        sees_hands = may_see_hands(request.user, match)
        etag = etag_for("legal", match.pk, match.version, "hands" if sees_hands else "public")
        cached = not_modified(request, etag, match.updated_at)
        if cached is not None:
            return cached
        state = (
            services.state_of(match)
            if sees_hands
            else services.replay(match, hide_deal_in_play=True)
        )
        return with_validators(Response(legal_payload(match, state)), etag, match.updated_at)

    @extend_schema(
        summary="The analysis of the match's finished hands, every card seen",
        description="Per finished hand (ANALYSIS.md): the counted side, `par` (the value "
        "with best play) beside `actual`, and for every card its value, the best value, "
        "its cost and the cards that reached the best. A hand not analysed says why "
        '(`"no deal"`, `"void"`, `"penalty"` at once, whatever the game; `"not solved"`; or '
        '`"pending"` until the hand as it now stands is analysed, `waits_for` saying by '
        'whom: `"worker"`, or `"analyse_hands"` where the write path leaves the game to '
        "that command). The hand in play, whose cards only its "
        "scorer sees, is never included. Answers `304 Not Modified` to `If-None-Match` "
        "with the current `ETag` (a digest of the hands' logs and their analyses): a page "
        "waiting for a worker's analysis polls cheaply.",
        parameters=[IF_NONE_MATCH],
        responses={200: MatchAnalysisSerializer, 304: NOT_MODIFIED, **errors(404)},
    )
    @action(detail=True, methods=["get"])
    def analysis(self, request: Request, pk: str) -> Response:
        match = self.get_match(pk)
        hands, digest = match_analysis(match)
        etag = etag_for("analysis", match.pk, digest)
        cached = not_modified(request, etag, None)
        if cached is not None:
            return cached
        return with_validators(Response({"match": match.pk, "hands": hands}), etag, None)

    @extend_schema(
        summary="Record one event of the hand in play",
        description="Send the sequence number you expect the event to get (`expected_seq`, "
        "the `current.next_seq` you last saw). 201: stored; 200: the same event was already "
        "stored at that number (a retry): nothing stored; 409: someone else wrote first — the "
        "body's `state` is the match now. A refused event is 400 with the rule it breaks. "
        "The answer is the score and the hand in play (`current`), not every hand: GET the "
        "match for those.",
        request=EventSerializer,
        responses={
            201: EventAnswerSerializer,
            200: EventAnswerSerializer,
            **errors(400, 403, 404, 409),
        },
        examples=[
            OpenApiExample(
                "The deal",
                value={"hand": 1, "expected_seq": 0, "kind": "deal", "trump_card": "12o"},
                request_only=True,
            ),
            OpenApiExample(
                "A call",
                value={"hand": 1, "expected_seq": 1, "kind": "call", "call": "pass"},
                request_only=True,
            ),
            OpenApiExample(
                "A card",
                value={"hand": 1, "expected_seq": 5, "kind": "play", "card": "3c"},
                request_only=True,
            ),
            OpenApiExample(
                "A cante",
                value={"hand": 1, "expected_seq": 9, "kind": "cante", "seat": 2, "suit": "o"},
                request_only=True,
            ),
            EXAMPLE_REFUSED,
            EXAMPLE_MALFORMED,
        ],
    )
    @action(detail=True, methods=["post"], serializer_class=EventSerializer)
    def events(self, request: Request, pk: str) -> Response:
        def read(match: Match) -> services.Posted:
            # who may write first, what they wrote after: the service reads the body once
            # the match is found readable and recordable, under its lock (one read of it)
            self.match = match  # a refusal names its players
            posted = event_posted(request.data, match.game)
            if posted is not None:
                return posted
            body = EventSerializer(data=request.data, context={"game": match.game})
            body.is_valid(raise_exception=True)
            data = body.validated_data
            return data.get("hand") or None, data["expected_seq"], body.event()

        try:
            outcome = services.record_read(int(pk), request.user, read)
        except Match.DoesNotExist:
            raise Http404 from None
        code = status.HTTP_201_CREATED if outcome.stored else status.HTTP_200_OK
        answer = event_answer(outcome.match, outcome.state, outcome.hand, request.user)
        return Response(answer, status=code)

    @extend_schema(
        summary="Undo the last event, or roll a hand back",
        description='`{"hand": 2, "last_seq": 4}` removes the last event only if it is '
        "hand 2's number 4 (409 otherwise: a stale client never removes what it did not "
        'show); `{"hand": 3, "to_seq": 7}` removes hand 3\'s events from number 7 on, and '
        "every later hand. A body that names no event (`{}`) is a 400 naming `hand`. In "
        "either form, an undo that takes an entry of a complete hand (a finished match's last one "
        'too) goes only with `"reopen": true` (409 otherwise, nothing removed). '
        "Organisers, or the match's scorer. Every undo is kept as an audit record. 409 (with "
        "the match's `state`) when there is nothing there to undo: no event, no such hand, "
        "or no event from `to_seq` on.",
        request={"application/json": UNDO_BODY},
        responses={200: MatchDetailSerializer, **errors(400, 403, 404, 409)},
    )
    @action(detail=True, methods=["post"], serializer_class=UndoSerializer)
    def undo(self, request: Request, pk: str) -> Response:
        match = self.get_match(pk)
        if not may_undo(request.user, match):  # before the body (the service asks again)
            raise PermissionDenied(UNDO_REFUSAL)
        body = UndoSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        outcome = services.undo(
            match,
            request.user,
            data.get("hand"),
            data.get("to_seq"),
            last_seq=data.get("last_seq"),
            reopen=data["reopen"],
        )
        return Response(match_payload(outcome.match, outcome.state, request.user))

    @extend_schema(
        summary="The match as a card-record (docs/record-format.md)",
        responses={200: OpenApiTypes.OBJECT, **errors(403, 404)},
    )
    @action(detail=True, methods=["get"])
    def export(self, request: Request, pk: str) -> Response:
        match = self.get_match(pk)
        # the hand in play goes out without its deal unless the reader may see the hands
        hide = not may_see_hands(request.user, match)
        record = services.export_record(match, hide_deal_in_play=hide)
        response = Response(json.loads(dump_record(record)))
        response["Content-Disposition"] = f'inline; filename="match-{pk}.json"'
        return response

    @extend_schema(
        summary="Import a card-record as a new match",
        description="Checked event by event exactly as live entry; an invalid record is "
        "refused whole with the checker's error (rule and location) and nothing is written. "
        f"A body over {settings.IMPORT_MAX_BYTES:,} bytes is refused with 413 before it is "
        f"read, a record of more than {settings.IMPORT_MAX_HANDS:,} hands with 400.",
        request={"application/json": ImportSerializer, "multipart/form-data": ImportSerializer},
        responses={201: MatchDetailSerializer, **errors(400, 403, 404, 413)},
    )
    @action(
        detail=False,
        methods=["post"],
        url_path="import",
        serializer_class=ImportSerializer,
        parser_classes=parsers_for("application/json", "multipart/form-data"),
    )
    def import_(self, request: Request) -> Response:
        refuse_unless_recordable(request)
        body = ImportSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        club = body.validated_data["club"]
        if not may_record(request.user, club):
            raise PermissionDenied(record_refusal(request.user, club))
        record = record_posted(body.validated_data)
        match = services.import_record(club, record, request.user)
        return Response(match_payload(match, viewer=request.user), status=status.HTTP_201_CREATED)
