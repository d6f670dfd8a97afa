"""An undo that names what it removes (issue 19): the pad says which event it showed as
the last one (``hand`` and ``last_seq``, from legal/'s ``last_entry``), so a stale pad
never removes anything else, and an event that closed a complete hand goes only when the
client says it means to reopen the hand (its points leave the score)."""

import pytest

from games.models import HandEvent, UndoRecord

from .conftest import client_for
from .helpers import create_match, post_hand, record

pytestmark = pytest.mark.django_db


@pytest.fixture
def hand_one_done(setup):
    """Cuatrola, hand 1 of the reference record played to its end (1–0), hand 2 waiting
    for its deal: the match's last event is hand 1's last card."""
    client = client_for(setup.scorer)
    rec = record("valid_reference_hand_in_progress_match.json")
    state = create_match(client, setup.players, first_dealer=3)
    state = post_hand(client, state["id"], state, rec.hands[0])
    return client, state


def test_legal_names_the_last_entry(hand_one_done):
    client, state = hand_one_done
    legal = client.get(f"/api/v1/matches/{state['id']}/legal/").json()
    # hand 1 has its deal, 4 passes and 5 tricks of 4 cards: the last is number 24, the
    # 11b that closed trick 5 (the record's last trick: 11c 12o 11o 11b)
    entry = legal["last_entry"]
    assert entry["hand"] == 1
    assert entry["event"]["kind"] == "play"
    assert entry["event"]["card"] == "11b"
    assert entry["trick"] == 5
    assert entry["complete"] is True
    assert entry["seq"] == 24 == HandEvent.objects.filter(hand__number=1).count() - 1
    assert "deal" not in str(legal["last_entry"]["event"])


def test_a_stale_pad_removes_nothing(hand_one_done):
    """The pad showed hand 1's event 40 as the last; the server's last is another: 409,
    the match as it is in the body, nothing removed."""
    client, state = hand_one_done
    count = HandEvent.objects.count()
    last = HandEvent.objects.order_by("-seq").first().seq
    response = client.post(
        f"/api/v1/matches/{state['id']}/undo/",
        {"hand": 1, "last_seq": last - 1, "reopen": True},
        format="json",
    )
    assert response.status_code == 409
    assert response.json()["state"]["score"] == [1, 0]
    assert response.json()["item"] == {"field": "last_seq"}  # the body's own field
    assert f"hand 1's number {last}, not hand 1's number {last - 1}" in response.json()["message"]
    assert HandEvent.objects.count() == count
    assert not UndoRecord.objects.exists()


def test_reopening_a_complete_hand_needs_reopen(hand_one_done):
    client, state = hand_one_done
    last = HandEvent.objects.order_by("-seq").first().seq
    url = f"/api/v1/matches/{state['id']}/undo/"
    response = client.post(url, {"hand": 1, "last_seq": last}, format="json")
    assert response.status_code == 409
    assert response.json()["item"] == {"field": "reopen"}
    assert "reopens hand 1" in response.json()["message"]
    assert "reabre la mano 1" in response.json()["detail"]
    assert client.get(f"/api/v1/matches/{state['id']}/").json()["score"] == [1, 0]
    response = client.post(url, {"hand": 1, "last_seq": last, "reopen": True}, format="json")
    assert response.status_code == 200
    after = response.json()
    assert (after["score"], after["current"]["hand"], after["current"]["phase"]) == (
        [0, 0],
        1,
        "playing",
    )
    assert [e["event"]["card"] for e in UndoRecord.objects.get().removed] == ["11b"]


def test_a_named_undo_inside_the_hand_needs_no_reopen(hand_one_done):
    client, state = hand_one_done
    url = f"/api/v1/matches/{state['id']}/undo/"
    last = HandEvent.objects.order_by("-seq").first().seq
    client.post(url, {"hand": 1, "last_seq": last, "reopen": True}, format="json")
    legal = client.get(f"/api/v1/matches/{state['id']}/legal/").json()
    entry = legal["last_entry"]
    assert (entry["seq"], entry["event"]["card"], entry["trick"], entry["complete"]) == (
        last - 1,
        "11o",
        5,
        False,
    )
    response = client.post(url, {"hand": 1, "last_seq": last - 1}, format="json")
    assert response.status_code == 200
    assert len(response.json()["current"]["trick"]) == 2


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"last_seq": 3}, "hand"),
        ({"hand": 1, "reopen": True}, "last_seq"),
        # a shape error is the body's as a whole: no field (not DRF's "non_field_errors")
        ({"hand": 1, "to_seq": 2, "last_seq": 3}, None),
    ],
)
def test_a_half_named_undo_is_a_400(hand_one_done, body, field):
    client, state = hand_one_done
    count = HandEvent.objects.count()
    response = client.post(f"/api/v1/matches/{state['id']}/undo/", body, format="json")
    assert response.status_code == 400
    assert HandEvent.objects.count() == count
    assert response.json()["item"].get("field") == field


@pytest.mark.parametrize(
    "body",
    [
        {"hand": 1, "to_seq": 3, "reopen": True},
        {"hand": 1, "last_seq": 24, "reopen": True},
    ],
)
def test_the_schema_takes_reopen_in_every_form_of_the_undo(body):
    """The documented way to take back a finished match's last card (``{"hand", "last_seq",
    "reopen": true}``) or roll back into a complete hand is a body the published schema
    accepts; one that names no event (``{}``, ``{"reopen": true}``) it does not."""
    import jsonschema

    from games.api.views import UNDO_BODY

    jsonschema.validate(body, UNDO_BODY)
    for blind in ({}, {"reopen": True}, {"hand": 1, "last_seq": 24, "reopen": "yes"}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(blind, UNDO_BODY)
