"""The record-check page must not break on a 3-seat Subastao record (the page itself
shows Cuatrola's columns until the pages learn every game)."""

from pathlib import Path

RECORDS = Path(__file__).parent / "engine" / "records"


def test_a_three_seat_record_gets_an_answer_not_an_error(client):
    for name in (
        "shared/subastao_valid_014_p3_t150_opponents_all.json",
        "shared/subastao_invalid_s4_beat_nodeal_01.json",
    ):
        text = (RECORDS / name).read_text()
        response = client.post("/records/check/", {"text": text}, HTTP_ACCEPT_LANGUAGE="en")
        assert response.status_code == 200
    assert '<span class="rule">S4</span>' in response.content.decode()
