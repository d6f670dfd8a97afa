"""The event body's plain-case check (games/api/serializers.py ``event_posted``) takes
only what EventSerializer takes, and gives what it gives: anything else goes to the
serializer, whose errors the API answers."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from games.api.serializers import EventSerializer, event_posted

VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-2_000_000, max_value=2_000_000),
    st.sampled_from([0, 1, 5, 10_000, 10_001, 1_000_000, 1_000_001, -1, 1_000, -1_001]),
    st.text(max_size=6),
    st.sampled_from(["play", "call", "deal", "cante", "bid", "pass", "3c", " 3c", "", "\x00"]),
    st.floats(allow_nan=False),
    st.lists(st.integers(), max_size=2),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
)
KEYS = st.sampled_from(
    ["hand", "expected_seq", "kind", "card", "seat", "call", "bid", "suit", "deal", "x"]
)


def through_the_serializer(data: object) -> tuple | None:
    body = EventSerializer(data=data)
    if not body.is_valid():
        return None
    return (
        body.validated_data.get("hand") or None,
        body.validated_data["expected_seq"],
        body.event(),
    )


@given(st.dictionaries(KEYS, VALUES, max_size=6))
def test_a_plain_body_is_what_the_serializer_gives(data):
    fast = event_posted(data)
    if fast is not None:
        slow = through_the_serializer(data)
        assert slow is not None
        assert fast == slow
        assert list(fast[2]) == list(slow[2])  # the same order of keys


def test_the_usual_bodies_take_the_plain_way():
    play = {"hand": 3, "expected_seq": 5, "kind": "play", "card": "3c"}
    assert event_posted(play) == (3, 5, {"kind": "play", "card": "3c"})
    assert event_posted({"expected_seq": 0, "kind": "call", "call": "pass"}) == (
        None,
        0,
        {"kind": "call", "call": "pass"},
    )


def test_what_the_serializer_would_convert_or_refuse_goes_to_it():
    for body in (
        {"hand": "3", "expected_seq": 5, "kind": "play", "card": "3c"},  # a string
        {"expected_seq": True, "kind": "play", "card": "3c"},  # a boolean
        {"expected_seq": 5, "kind": "play", "card": " 3c"},  # trimmed
        {"expected_seq": 5, "kind": "play", "card": ""},  # blank
        {"expected_seq": 5, "kind": "nope"},  # no such kind
        {"expected_seq": 1_000_001, "kind": "play"},  # out of range
        {"kind": "play", "card": "3c"},  # expected_seq missing
        ["not", "an", "object"],
    ):
        assert event_posted(body) is None, body
