"""The record-check page: upload or paste, see the hands or the rule broken."""

from pathlib import Path

from django.core.files.uploadedfile import SimpleUploadedFile

RECORDS = Path(__file__).parent / "engine" / "records"


def test_page_renders_empty(client):
    response = client.get("/records/check/")
    assert response.status_code == 200
    assert 'id="result"' not in response.content.decode()


def test_upload_a_valid_record_shows_the_score_by_hand(client):
    path = RECORDS / "valid_exact_target_passed_by_opponents_failure.json"
    upload = SimpleUploadedFile(path.name, path.read_bytes(), "application/json")
    response = client.post("/records/check/", {"file": upload}, HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    assert response.status_code == 200
    assert "The match is over: side 1 won 0–12." in html
    assert "Blas &amp; Diego (+2)" in html  # side 1 by its players' names
    assert "Ana <small>(seat 0)</small>" in html
    assert "<strong>0–10</strong>" in html
    assert "<strong>0–12</strong>" in html


def test_paste_an_invalid_record_names_the_rule(client):
    text = (RECORDS / "invalid_c5_fourth_card_when_partner_sits_out.json").read_text()
    response = client.post("/records/check/", {"text": text}, HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    assert '<span class="rule">C5</span>' in html
    assert "sits out" in html


def test_not_json_and_empty_form(client):
    response = client.post("/records/check/", {"text": "{nope"}, HTTP_ACCEPT_LANGUAGE="en")
    assert "This is not a readable record." in response.content.decode()
    response = client.post("/records/check/", {}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert "Choose a record file or paste its JSON." in response.content.decode()


def test_a_deeply_nested_record_is_unreadable_for_anonymous_visitors(client):
    """Pasted or uploaded, "[" * 100000 is "not a readable record", not a server error."""
    deep = "[" * 100_000
    response = client.post("/records/check/", {"text": deep}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert "This is not a readable record." in response.content.decode()
    assert "nested too deeply" in response.content.decode()
    upload = SimpleUploadedFile("deep.json", deep.encode(), "application/json")
    response = client.post("/records/check/", {"file": upload}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert "This is not a readable record." in response.content.decode()
