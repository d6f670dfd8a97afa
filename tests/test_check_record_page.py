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
    # the hands (quintola, quintola, solo: all by Ana, all failed) as the match page tells
    # them: side 1 by its players' names, the score after each hand
    assert "The match is over: Blas &amp; Diego won, 0–12." in html
    assert html.count("won by Blas &amp; Diego +5") == 2
    assert "won by Blas &amp; Diego +2" in html
    for after in ("0–5", "0–10", "0–12"):
        assert f"<strong>{after}</strong>" in html


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


SHARED = RECORDS / "shared"


def test_a_subastao_record_is_told_seat_by_seat(client):
    # three players, each a scoring unit: 0–100–170, Carmen (seat 2) first past 150
    text = (SHARED / "subastao_valid_014_p3_t150_opponents_all.json").read_text()
    response = client.post("/records/check/", {"text": text}, HTTP_ACCEPT_LANGUAGE="es")
    html = response.content.decode()
    assert "La partida ha terminado con victoria de Carmen, 0–100–170." in html
    assert '<span class="unit-name">Blas</span><strong class="unit-score">100</strong>' in html
    assert "&amp;" not in html.split('id="result"')[1].split("<h2>")[0]


def test_a_belote_record_is_told_side_by_side_with_its_scoring(client):
    # won by side 0 (Ana & Carmen) 36–8 at target 31 (the shared example's expected line)
    text = (SHARED / "belote_valid_025_t31_cmp_mixed.json").read_text()
    response = client.post("/records/check/", {"text": text}, HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    assert "The match is over: Ana &amp; Carmen won, 36–8." in html
    board = '<span class="unit-name">Blas &amp; Diego</span><strong class="unit-score">8</strong>'
    assert board in html


def test_a_game_the_site_does_not_record_is_checked_and_shows_its_score(client, monkeypatch):
    from games.engine import find_game

    monkeypatch.setattr(type(find_game("belote")), "recordable", False)
    text = (SHARED / "belote_valid_025_t31_cmp_mixed.json").read_text()
    html = client.post("/records/check/", {"text": text}, HTTP_ACCEPT_LANGUAGE="en").content
    assert "Valid record." in html.decode()
    assert "Score: 36–8." in html.decode()
