"""Serializers that describe the API's answers for the OpenAPI schema (drf-spectacular).

The views build their answers from the engine's state (``payloads``); these classes only
document the shapes, with examples, so that the schema matches what is sent."""

from __future__ import annotations

from django.core.validators import validate_slug
from django.http import HttpRequest
from drf_spectacular.contrib.django_filters import DjangoFilterExtension
from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.settings import api_settings

# What `validate_slug` takes (its `\Z` spelled as JSON Schema's ECMA regexes do).
SLUG_PATTERN = "^[-a-zA-Z0-9_]+$"


class ErrorSerializer(serializers.Serializer):
    rule = serializers.CharField(
        allow_null=True, help_text="docs/rules.md code (C7, V1…), or null for a malformed request"
    )
    message = serializers.CharField(
        help_text="English, stable, for programs (the record checker's wording)"
    )
    detail = serializers.CharField(
        help_text="The same for a person: in the request's language, the match's players "
        "by name, the cards in words"
    )
    item = serializers.DictField(
        help_text="Where: hand/trick/position/seat/card/call/cante "
        "for a refused event; field for a malformed request"
    )


class ConflictSerializer(ErrorSerializer):
    state = serializers.DictField(help_text="The match as it is now (as GET /matches/{id}/)")


class PlayerRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class SeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=0)
    player = PlayerRefSerializer()


class UnitSerializer(serializers.Serializer):
    unit = serializers.IntegerField(min_value=0, help_text="The scoring unit: a side or a seat")
    seats = serializers.ListField(
        child=serializers.IntegerField(min_value=0), help_text="The seats that score for it"
    )
    score = serializers.IntegerField()
    winner = serializers.BooleanField(help_text="It won the (finished) match")


class MatchSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    club = serializers.CharField()
    game = serializers.CharField()
    name = serializers.CharField(allow_blank=True)
    played_on = serializers.DateField(allow_null=True)
    status = serializers.ChoiceField(choices=["in_progress", "finished"])
    score = serializers.ListField(
        child=serializers.IntegerField(),
        min_length=2,
        help_text="Each scoring unit's score, in unit order (Cuatrola: the two sides)",
    )
    winner_unit = serializers.IntegerField(
        allow_null=True, help_text="The unit that won the finished match"
    )
    winner_side = serializers.IntegerField(
        allow_null=True, help_text="The same as winner_unit (its name before other games)"
    )
    units = UnitSerializer(many=True)
    seats = SeatSerializer(many=True)
    version = serializers.IntegerField()
    updated_at = serializers.DateTimeField()


class HandRowSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    header = serializers.DictField(
        help_text="What the hand is played under, as its game reports it: "
        "{trump_card} (Cuatrola), {bid, bidder, trump} (Subastao); {} before the deal"
    )
    trump_card = serializers.CharField(
        allow_null=True, help_text="header.trump_card (Cuatrola), else null"
    )
    complete = serializers.BooleanField()
    events = serializers.IntegerField()
    result = serializers.DictField(
        allow_null=True, help_text="The checker's hand summary (docs/record-format.md, per game)"
    )


class MatchDetailSerializer(MatchSummarySerializer):
    rules = serializers.DictField()
    first_dealer = serializers.IntegerField()
    scorer = serializers.CharField(allow_null=True)
    hands = HandRowSerializer(many=True)
    current = serializers.DictField(
        allow_null=True,
        help_text="The hand in play: hand, next_seq, phase (deal; calling or bidding, trump, "
        "playing; complete), dealer, to_act, trick, tricks, and what its game adds: the "
        "auction, the trump, known, legal (calls or bids; cards and cantes when the deal is "
        "known)…",
    )


class EventAnswerSerializer(serializers.Serializer):
    """A posted event's answer: what changed with it, without the match's every hand."""

    id = serializers.IntegerField()
    game = serializers.CharField()
    status = serializers.ChoiceField(choices=["in_progress", "finished"])
    score = serializers.ListField(
        child=serializers.IntegerField(), min_length=2, help_text="As in the match's answer"
    )
    winner_unit = serializers.IntegerField(allow_null=True)
    winner_side = serializers.IntegerField(allow_null=True)
    units = UnitSerializer(many=True)
    version = serializers.IntegerField()
    updated_at = serializers.DateTimeField()
    current = serializers.DictField(
        allow_null=True, help_text="The hand in play, as in the match's answer (`current`)"
    )


class LegalSerializer(serializers.Serializer):
    hand = serializers.IntegerField(allow_null=True, help_text="The hand the actions are for")
    next_seq = serializers.IntegerField(
        allow_null=True, help_text="The expected_seq to post an action with"
    )
    phase = serializers.CharField(help_text="deal, calling or bidding, trump, playing, finished…")
    to_act = serializers.IntegerField(allow_null=True, help_text="The seat to act, if any")
    deal_known = serializers.BooleanField(
        help_text="The actions follow from the deal (else from what the record shows)"
    )
    actions = serializers.ListField(
        child=serializers.DictField(),
        help_text="Every event that may be recorded now, each in the game's notation "
        '(e.g. {"kind": "play", "card": "3c", "seat": 1})',
    )
    in_hand = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The seats that play this hand (not one sitting it out): who may sing "
        "or be penalised",
    )
    speech = serializers.ListField(
        child=serializers.DictField(),
        help_text='The auction so far, in order: [{"seat": 1, "text": "70"}, …]',
    )
    last_hand = serializers.DictField(
        allow_null=True,
        help_text='The latest complete hand: {"number", "delta" (per unit), "penalty" '
        '({"seat", "rule"} or null)}',
    )
    last_entry = serializers.DictField(
        allow_null=True,
        help_text='The match\'s last stored event, what an undo takes back: {"hand", "seq" '
        '(the undo\'s last_seq), "event" (a deal without its cards), "trick" (of a play, '
        'else null), "complete" (its hand is complete: undoing it reopens the hand)}',
    )


class LiveMatchSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    pairs = serializers.ListField(child=serializers.CharField())
    seats = serializers.ListField(child=serializers.CharField())
    score = serializers.ListField(child=serializers.IntegerField())
    hand = serializers.IntegerField(allow_null=True)
    phase = serializers.CharField(allow_null=True)
    dealer = serializers.IntegerField(allow_null=True)
    to_act = serializers.IntegerField(allow_null=True)
    trump_card = serializers.CharField(allow_null=True)
    trick = serializers.ListField(child=serializers.DictField(), allow_null=True)


class LiveSerializer(serializers.Serializer):
    tournament = serializers.DictField()
    standings_computed_at = serializers.DateTimeField(allow_null=True)
    matches = LiveMatchSerializer(many=True)


class StandingsSerializer(serializers.Serializer):
    after_round = serializers.IntegerField()
    computed_at = serializers.DateTimeField()
    pending = serializers.BooleanField(
        help_text="The results are newer than these standings: a recompute is owed (queued, "
        "running, or waiting for the broker or a worker); they catch up within a minute"
    )
    rows = serializers.ListField(
        child=serializers.DictField(), help_text="entry, name, rank and every metric"
    )


class MeSerializer(serializers.Serializer):
    username = serializers.CharField()
    roles = serializers.ListField(child=serializers.DictField())


EXAMPLE_REFUSED = OpenApiExample(
    "A revoke proved by a later card",
    value={
        "rule": "C7",
        "message": "seat 1 played 10b on the espadas lead at trick 1 but held "
        "11e (played at trick 2): C7.2 must follow suit",
        "detail": "Blas jugó la sota de bastos en la baza 1, que salió a espadas, pero "
        "tenía el caballo de espadas (se jugó en la baza 2): C7.2 hay que asistir al palo",
        "item": {"hand": 1, "trick": 1, "position": 2, "seat": 1, "card": "10b"},
    },
    response_only=True,
    status_codes=["400"],
)
EXAMPLE_MALFORMED = OpenApiExample(
    "A malformed request",
    value={
        "rule": None,
        "message": "expected_seq: This field is required.",
        "detail": "expected_seq: This field is required.",
        "item": {"field": "expected_seq"},
    },
    response_only=True,
    status_codes=["400"],
)


def errors(*codes: int) -> dict:
    """Documented error answers, all in the ``{"rule", "message", "detail", "item"}``
    shape."""
    text = {
        400: "Refused by a rule (rule code) or malformed (field)",
        403: "No role for this in the match's club",
        404: "No such thing (or not visible)",
        409: "Stale expected_seq: the current state is in `state`",
        413: "Too large: over a documented size cap (`item` names the field and the cap)",
        429: "Too many requests (throttled)",
    }
    return {
        code: OpenApiResponse(
            ConflictSerializer if code == 409 else ErrorSerializer, description=text[code]
        )
        for code in codes
    }


NOT_MODIFIED = OpenApiResponse(description="Not modified: your copy (If-None-Match) is current")
IF_NONE_MATCH = OpenApiParameter(
    "If-None-Match", str, OpenApiParameter.HEADER, description="The ETag you have: 304 if unchanged"
)


class EmptyMeansNoFilter(DjangoFilterExtension):
    """django-filter ignores a filter given empty (``?club=&status=``), as HTML forms send
    them: the schema says so (``allowEmptyValue``), so that an empty value is not taken for
    a malformed one. A filter checked by ``validate_slug`` documents the slug's pattern."""

    priority = 1

    def resolve_filter_field(
        self, auto_schema, model, filterset_class, field_name, filter_field
    ) -> list[dict]:
        parameters = super().resolve_filter_field(
            auto_schema, model, filterset_class, field_name, filter_field
        )
        for parameter in parameters:
            parameter["allowEmptyValue"] = True
            if validate_slug in filter_field.extra.get("validators", []):
                parameter["schema"]["pattern"] = SLUG_PATTERN
        return parameters


class ClosedEventBody(OpenApiSerializerExtension):
    """The events body has no key but its fields (EventSerializer refuses any other):
    ``additionalProperties: false``, which drf-spectacular does not say of a serializer."""

    target_class = "games.api.serializers.EventSerializer"

    def map_serializer(self, auto_schema, direction) -> dict:
        schema = auto_schema._map_basic_serializer(self.target, direction)
        return {**schema, "additionalProperties": False}


def _links(source: str, targets: dict[str, str], **parameters: str) -> dict[str, dict]:
    return {
        name: {
            "operationId": operation_id,
            "parameters": parameters,
            "description": f"The {', '.join(parameters)} of {source}",
        }
        for name, operation_id in targets.items()
    }


_MATCH = {
    "GetMatch": "v1_matches_retrieve",
    "RecordEvent": "v1_matches_events_create",
    "Undo": "v1_matches_undo_create",
    "Export": "v1_matches_export_retrieve",
    "Legal": "v1_matches_legal_retrieve",
}
_TOURNAMENT = {
    "Entries": "v1_tournaments_entries_list",
    "Rounds": "v1_tournaments_rounds_list",
    "Live": "v1_tournaments_live_retrieve",
    "Standings": "v1_tournaments_standings_retrieve",
}
# (path, method, status) → the links of that answer: which operations its ids lead to.
# Only from answers about one thing: a list's first item may not be there.
_ANSWER_LINKS = {
    **{
        (path, method, code): _links("the match", _MATCH, id="$response.body#/id")
        for path, method, code in [
            ("/api/v1/matches/", "post", "201"),
            ("/api/v1/matches/import/", "post", "201"),
            ("/api/v1/matches/{id}/", "get", "200"),
            ("/api/v1/matches/{id}/events/", "post", "201"),
            ("/api/v1/matches/{id}/events/", "post", "200"),
            ("/api/v1/matches/{id}/undo/", "post", "200"),
        ]
    },
    ("/api/v1/clubs/{slug}/device-tokens/", "post", "201"): _links(
        "the new token",
        {"RevokeDeviceToken": "v1_clubs_device_tokens_revoke_create"},
        slug="$request.path.slug",
        token_id="$response.body#/id",
    ),
    ("/api/v1/tournaments/{id}/", "get", "200"): _links(
        "the tournament", _TOURNAMENT, id="$response.body#/id"
    ),
}


def add_links(result: dict, generator, request, public) -> dict:
    """drf-spectacular postprocessing hook: OpenAPI links from the answers that carry ids to
    the operations that take them (a created match → its events, undo, export…). Clients
    read how the operations chain; schemathesis' stateful phase follows them."""
    paths = result["paths"]
    known = {op["operationId"] for ops in paths.values() for op in ops.values()}
    for (path, method, code), links in _ANSWER_LINKS.items():
        missing = {link["operationId"] for link in links.values()} - known
        # a renamed operation must fail the schema tests, not drop its links silently
        assert not missing, f"links from {method} {path} to unknown operations {missing}"
        paths[path][method]["responses"][code]["links"] = links
    return result


def bad_key_status() -> str:
    """The status of a request whose key does not authenticate. DRF answers 401 only when
    the first authentication class offers a challenge (``WWW-Authenticate``), else 403."""
    probe = HttpRequest()
    probe.META["HTTP_AUTHORIZATION"] = "Token not-a-key"
    classes = api_settings.DEFAULT_AUTHENTICATION_CLASSES
    challenged = bool(classes) and classes[0]().authenticate_header(Request(probe))
    return "401" if challenged else "403"


def document_common_answers(result: dict, generator, request, public) -> dict:
    """drf-spectacular postprocessing hook: the answers every operation may give, whatever
    it does. A credential that does not authenticate (a bad or revoked key) is refused
    before the view runs; anonymous visitors and device tokens over their rate
    (THROTTLE_ANON, THROTTLE_DEVICE) get 429."""
    error = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    common = {
        bad_key_status(): {
            "description": "Credentials that do not authenticate (an unknown or revoked key)",
            "content": error,
        },
        "429": {
            "description": "Too many requests from this address or device token; retry after "
            "the `Retry-After` seconds",
            "content": error,
        },
    }
    for operations in result["paths"].values():
        for operation in operations.values():
            for code, answer in common.items():
                operation["responses"].setdefault(code, answer)
    return result
