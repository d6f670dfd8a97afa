"""A valid record of a game the checker knows but the site does not record.

Every registered game is recorded now; the refusal stays for the next game registered
before its site hooks are written (``Game.recordable`` False), so this test takes one
registered game's recording away for its duration."""

import json

from games.engine import find_game
from games.models import Match, Player

from .conftest import client_for
from .helpers import RECORDS


def test_a_valid_record_of_a_game_not_recorded_is_refused_naming_the_game(setup, monkeypatch):
    monkeypatch.setattr(find_game("belote"), "recordable", False)
    doc = json.loads((RECORDS / "belote_valid_reference_round.json").read_text())
    players = Player.objects.count()
    response = client_for(setup.scorer).post(
        "/api/v1/matches/import/", {"club": "pena", "record": doc}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert body["item"] == {"field": "game"}
    assert "does not record belote matches yet" in body["message"]
    assert (Match.objects.count(), Player.objects.count()) == (0, players)
