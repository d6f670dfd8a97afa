"""Request bodies of the games API (answers are built in ``payloads``)."""

from __future__ import annotations

import re

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from clubs.access import device_scope, readable, scope_of
from clubs.models import Club, DeviceToken, Player

from ..engine import find_game, games, ranges_of
from ..models import default_game_name, game_choices
from .parsers import JSONField

SLUG = re.compile(r"[-a-zA-Z0-9_]{1,50}")


class TextField(serializers.CharField):
    """Text only: DRF's CharField turns ``0`` into ``"0"``, which the schema's ``string``
    does not admit."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class WholeNumberField(serializers.IntegerField):
    """A JSON integer only: DRF's IntegerField takes ``"2"``, ``2.0`` and ``true`` (as 1),
    which the schema's ``integer`` does not admit."""

    def to_internal_value(self, data):
        if type(data) is not int:
            self.fail("invalid")
        return super().to_internal_value(data)


class TruthField(serializers.BooleanField):
    """JSON ``true`` or ``false`` only: DRF's BooleanField takes ``"yes"``, ``"1"``, ``1``…"""

    def to_internal_value(self, data):
        if type(data) is not bool:
            self.fail("invalid")
        return data


def refuse_other_keys(data, keys, message: str) -> None:
    """A 400 naming the first key of the body ``data`` not in ``keys``: as the schema says
    (``additionalProperties: false``), rather than one ignored."""
    if hasattr(data, "keys") and (other := sorted(set(data) - set(keys))):
        raise serializers.ValidationError({other[0]: message})


@extend_schema_field({"type": "string", "pattern": f"^{SLUG.pattern}$"})
class ClubField(serializers.SlugRelatedField):
    """A club by its slug; anything that cannot be a slug is refused before the query
    (PostgreSQL refuses NUL bytes outright)."""

    def __init__(self, **kwargs):
        super().__init__(slug_field="slug", queryset=Club.objects.all(), **kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, str) or not SLUG.fullmatch(data):
            self.fail("does_not_exist", slug_name=self.slug_field, value=str(data)[:50])
        return super().to_internal_value(data)


# The tables of the games the site records: as few and as many seats as any ruleset has.
FEWEST_SEATS = min(n for g in games() if g.recordable for n in g.table_sizes)
MOST_SEATS = max(n for g in games() if g.recordable for n in g.table_sizes)


# The count for the game's rules and the difference are checked by services.create_match
# (400, field players).
@extend_schema_field(
    {
        "type": "array",
        "items": {"type": "integer", "minimum": 1},
        "minItems": FEWEST_SEATS,
        "maxItems": MOST_SEATS,
        "uniqueItems": True,
    }
)
class TablePlayers(serializers.ManyRelatedField):
    """Players by id, in seat order."""


def rule_option_schema(game, option) -> dict:
    """One rule option as JSON Schema: its kind, its choices or its range (the engine's
    declarations: ``rule_options``, ``ranges_of``)."""
    if option.kind == "bool":
        return {"type": "boolean", "default": option.default}
    if option.kind == "choice":
        kind = "integer" if type(option.default) is int else "string"
        return {"type": kind, "enum": list(option.choices), "default": option.default}
    schema = {"type": "integer", "default": option.default}
    allowed = ranges_of(game).get(option.key)
    if allowed is not None:
        schema.update(minimum=allowed.minimum, maximum=allowed.maximum)
        if allowed.step > 1:
            schema["multipleOf"] = allowed.step
    return schema


def rules_schema() -> dict:
    """The ``rules`` object of a new match: one game's options, no other key (the game is
    a sibling field, so any game's set; the one chosen is checked by the engine)."""
    return {
        "anyOf": [
            {
                "type": "object",
                "title": f"{g.title} rules",
                "properties": {o.key: rule_option_schema(g, o) for o in g.rule_options()},
                "additionalProperties": False,
            }
            for g in games()
            if g.recordable
        ],
        "description": "The game's rule options (each game's below; missing keys take its "
        "defaults). An option out of its range is refused with 400 naming it.",
    }


@extend_schema_field(rules_schema())
class RulesField(serializers.DictField):
    """The rules of a new match (the engine judges them: ``parse_rules``)."""


class ReadablePlayerField(serializers.PrimaryKeyRelatedField):
    """A player by id among those the request's user may read (``clubs.access``): a
    private club's player reads as no such id, as one that does not exist, rather than
    as a player of another club — which told that it exists."""

    def get_queryset(self):
        request = self.context.get("request")
        players = Player.objects.all()
        return readable(players, request.user) if request is not None else players


class MatchCreateSerializer(serializers.Serializer):
    club = ClubField()
    game = serializers.ChoiceField(
        choices=game_choices(), required=False, default=default_game_name, help_text="The game"
    )
    players = TablePlayers(
        child_relation=ReadablePlayerField(),
        help_text="The players' ids in seat order, as many as the game's rules seat "
        "(Cuatrola: 4, sides seats 0 and 2, seats 1 and 3; Subastao: `players`, 3 each for "
        "himself or 4 in sides)",
    )
    rules = RulesField(required=False, default=dict)
    first_dealer = serializers.IntegerField(
        required=False,
        default=0,
        min_value=0,
        max_value=MOST_SEATS - 1,
        help_text="The seat that deals the first hand (a seat of the game's table)",
    )
    name = TextField(required=False, allow_blank=True, default="", max_length=200)
    played_on = serializers.DateField(required=False, allow_null=True, default=None)


@extend_schema_field({"oneOf": [{"type": "integer"}, {"type": "string", "enum": ["pass"]}]})
class BidField(serializers.JSONField):
    """A Subastao bid: points, or ``"pass"`` (the game's codec judges the value)."""


#: every kind of event the games' notations have (docs/record-format.md, per game), in
#: the games' order: the engine's tables (``Game.event_kinds``), so a new game adds its own
EVENT_KINDS = tuple(dict.fromkeys(kind for game in games() for kind in game.event_kinds()))


class EventSerializer(serializers.Serializer):
    """``expected_seq`` and the event in the notation of the match's game; ``hand``
    defaults to the hand in play. The fields below are the games' notations, typed (JSON
    types only: no ``"2"`` for a number); the codec judges every value (an unknown kind is
    a 400 naming ``kind``). Any other key is a 400 naming it: with ``context["game"]``
    (the match's game) a key that game's kind does not take too (``Game.event_keys``)."""

    hand = WholeNumberField(required=False, min_value=1, max_value=10_000)
    expected_seq = WholeNumberField(min_value=0, max_value=1_000_000)
    kind = serializers.ChoiceField(
        choices=EVENT_KINDS,
        help_text="The event's kind in the game's notation: deal, call, play, cante, penalty "
        "(Cuatrola); deal, bid, trump, play, cante, penalty (Subastao); deal, call, "
        "declaration, belote, play, penalty (Belote). A kind of another game is the game's "
        "400 naming `kind`.",
    )
    trump_card = TextField(required=False)
    deal = serializers.ListField(child=serializers.ListField(child=TextField()), required=False)
    dealer = WholeNumberField(required=False, min_value=-1_000, max_value=1_000)
    call = TextField(required=False)
    bid = BidField(required=False)
    card = TextField(required=False)
    seat = WholeNumberField(required=False, min_value=-1_000, max_value=1_000)
    suit = TextField(required=False)
    tute = TextField(required=False)
    after_trick = WholeNumberField(required=False, min_value=-1_000, max_value=1_000)
    rule = TextField(required=False)
    type = TextField(required=False, help_text="A Belote declaration's type")
    cards = serializers.ListField(
        child=TextField(), required=False, help_text="A Belote declaration's cards"
    )

    #: the keys of the body that are not the event's
    ENVELOPE = ("hand", "expected_seq", "kind")

    def validate(self, attrs):
        keys = self.fields
        if (game := self.context.get("game")) is not None:
            taken = find_game(game).event_keys(attrs["kind"])
            if taken is not None:  # a kind of another game is the codec's to refuse
                keys = (*self.ENVELOPE, *taken)
        refuse_other_keys(self.initial_data, keys, "no such key in an event of this kind")
        return attrs

    def event(self) -> dict:
        data = dict(self.validated_data)
        data.pop("hand", None)
        data.pop("expected_seq")
        return data


def event_posted(data: object, game: str | None = None) -> tuple[int | None, int, dict] | None:
    """``(hand, expected_seq, event)`` as :class:`EventSerializer` validates ``data``
    (with ``game`` as its context's), when ``data`` is plainly valid — a JSON object whose
    values are already what its fields give (integers in range, strings neither blank nor
    padded, a kind listed) and with no key the kind does not take — without the
    serializer (building one deep-copies its fields: a sixth of an event's CPU in
    Django). None for anything else: the serializer then judges it, with its own
    errors."""
    if type(data) is not dict:
        return None
    fields = EventSerializer._declared_fields
    for name, field in fields.items():
        if name not in data:
            if field.required:
                return None
        elif not _as_given(field, data[name]):
            return None
    taken = find_game(game).event_keys(data["kind"]) if game is not None else None
    keys = fields if taken is None else (*EventSerializer.ENVELOPE, *taken)
    if any(k not in keys for k in data):
        return None  # the serializer names the key
    # in the serializer's order: its fields', then the other keys as sent
    event = {k: data[k] for k in fields if k in data}
    event.update((k, v) for k, v in data.items() if k not in fields)
    hand = event.pop("hand", None)
    return hand or None, event.pop("expected_seq"), event


def _as_given(field: serializers.Field, value: object) -> bool:
    """Does ``field`` take ``value`` as it is (the same value validated)? False when it
    would refuse or convert it, or cannot tell."""
    if isinstance(field, serializers.ChoiceField):
        return type(value) is str and value in field.choices
    if isinstance(field, serializers.IntegerField):
        low, high = field.min_value, field.max_value
        return (
            type(value) is int and (low is None or value >= low) and (high is None or value <= high)
        )
    if type(field) in (serializers.CharField, TextField):
        # ASCII: no NUL or surrogate for its validators to refuse, no Unicode space
        return (
            type(value) is str
            and value.isascii()
            and "\x00" not in value
            and value.strip() == value
            and value != ""
            and field.max_length is None
            and field.min_length is None
        )
    if isinstance(field, BidField):
        return value is not None  # any JSON value but null (the game's codec judges it)
    return False


class UndoSerializer(serializers.Serializer):
    """The documented forms (views.UNDO_BODY): ``hand`` with ``last_seq`` (the last
    event, named as the client showed it) or with ``to_seq`` (a roll-back), each with an
    optional ``reopen``. A body naming no event (``{}``) is refused: a blind undo took
    whatever was last, which a stale client never showed."""

    hand = WholeNumberField(required=False, min_value=1, max_value=10_000)
    to_seq = WholeNumberField(required=False, min_value=0, max_value=1_000_000)
    last_seq = WholeNumberField(
        required=False,
        min_value=0,
        max_value=1_000_000,
        help_text="With `hand`: the number of the event you expect to remove, the match's "
        "last one; any other last event is a 409 and nothing is removed.",
    )
    reopen = TruthField(
        required=False,
        default=False,
        help_text="The undo takes an entry of a complete hand (in either form: `last_seq` "
        "or `to_seq`) and you do mean to reopen it (its points leave the score, a finished "
        "match is back in play); without it that undo is a 409.",
    )

    def validate(self, attrs):
        refuse_other_keys(
            self.initial_data,
            self.fields,
            "undo takes hand with to_seq or last_seq (and reopen) only",
        )
        if "to_seq" in attrs and "last_seq" in attrs:
            raise serializers.ValidationError(
                "give to_seq to roll a hand back or last_seq to name the last event, not both"
            )
        if "hand" not in attrs:  # both forms name the hand
            raise serializers.ValidationError(
                {
                    "hand": "give hand with last_seq to undo the last event, or with to_seq to "
                    "roll the hand back"
                }
            )
        if "to_seq" not in attrs and "last_seq" not in attrs:
            raise serializers.ValidationError(
                {
                    "last_seq": "give hand with last_seq to undo the last event, or with to_seq "
                    "to roll the hand back"
                }
            )
        return attrs


class ImportSerializer(serializers.Serializer):
    club = ClubField()
    record = JSONField(required=False, help_text="The card-record document")
    file = serializers.FileField(required=False, help_text="…or the card-record file")

    def validate(self, attrs):
        if "record" not in attrs and "file" not in attrs:
            raise serializers.ValidationError({"record": "give the record (JSON) or a file"})
        return attrs


class PlayerSerializer(serializers.ModelSerializer):
    name = TextField(source="display_name", max_length=80)

    class Meta:
        model = Player
        fields = ["id", "name"]


class ClubSerializer(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ["slug", "name", "is_private"]


class ScopeField(serializers.PrimaryKeyRelatedField):
    """A device token's scope (a tournament's id), read and written through the access
    policy's registered device scope: games names no tournaments code."""

    def get_queryset(self):
        scope = device_scope()
        if scope is None:
            return Club.objects.none()
        # the club's own only: another club's (a private one's) reads as no such id, as
        # one that does not exist, so the refusal does not tell that it exists
        club = self.context.get("club")
        found = scope.model.objects.all()
        return found.filter(club=club) if club is not None else found

    def get_attribute(self, instance):
        return scope_of(instance)


class DeviceTokenSerializer(serializers.ModelSerializer):
    tournament = ScopeField(
        required=False, allow_null=True, help_text="Limit the token to this tournament's matches"
    )

    class Meta:
        model = DeviceToken
        fields = ["id", "name", "prefix", "tournament", "created_at", "revoked_at"]
        read_only_fields = ["prefix", "created_at", "revoked_at"]

    def validate_tournament(self, tournament):
        club = self.context.get("club")
        if tournament is not None and club is not None and tournament.club_id != club.pk:
            raise serializers.ValidationError("a tournament of this club")
        return tournament

    # text only: the model's CharField would take 7 for "7"
    name = TextField(max_length=80)
