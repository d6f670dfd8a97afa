"""The analysis API names the counted side's players beside its unit (``side_players``),
and a player renamed is a new ETag, not a 304 with the old name."""

import pytest

from clubs.models import Player

from .conftest import client_for
from .test_hand_analysis import imported

pytestmark = pytest.mark.django_db


def test_the_counted_side_is_named(setup, django_capture_on_commit_callbacks):
    match, record = imported(setup, django_capture_on_commit_callbacks)
    hands = client_for().get(f"/api/v1/matches/{match.pk}/analysis/").json()["hands"]
    names = ["Ana", "Blas", "Carmen", "Diego"]
    for hand, recorded in zip(hands, record.hands, strict=True):
        assert hand["analysed"] is True
        # a plain hand (no declaration: declare=0): mano's side counts, mano = dealer + 1
        mano = (recorded.dealer + 1) % 4
        assert hand["side"] == mano % 2
        seats = [mano % 2, mano % 2 + 2]
        assert hand["side_players"] == [{"seat": s, "name": names[s]} for s in seats]


def test_a_renamed_player_is_a_new_etag(setup, django_capture_on_commit_callbacks):
    match, _record = imported(setup, django_capture_on_commit_callbacks)
    url = f"/api/v1/matches/{match.pk}/analysis/"
    client = client_for()
    first = client.get(url)
    etag, counted = first["ETag"], first.json()["hands"][0]["side_players"][0]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    Player.objects.filter(display_name=counted["name"]).update(display_name="Ana María")
    answer = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert answer.status_code == 200
    assert answer.json()["hands"][0]["side_players"][0] == {
        "seat": counted["seat"],
        "name": "Ana María",
    }
    assert answer["ETag"] != etag


def test_the_schema_documents_side_players(db):
    schema = client_for().get("/api/schema/?format=json").json()
    hand = schema["components"]["schemas"]["HandAnalysis"]["properties"]
    assert hand["side_players"]["type"] == "array"
