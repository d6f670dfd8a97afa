"""Serializers that describe the API's answers for the OpenAPI schema (drf-spectacular).

The views build their answers from the engine's state (``payloads``); these classes only
document the shapes, with examples, so that the schema matches what is sent."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse
from rest_framework import serializers


class ErrorSerializer(serializers.Serializer):
    rule = serializers.CharField(
        allow_null=True, help_text="RULES.md code (C7, V1…), or null for a malformed request"
    )
    message = serializers.CharField()
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
        allow_null=True, help_text="The checker's hand summary (RECORD_FORMAT.md, per game)"
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
        "item": {"field": "expected_seq"},
    },
    response_only=True,
    status_codes=["400"],
)


def errors(*codes: int) -> dict:
    """Documented error answers, all in the ``{"rule", "message", "item"}`` shape."""
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
