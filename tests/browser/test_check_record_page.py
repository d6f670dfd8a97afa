"""The record-check page in a real browser: upload, read the table, switch language."""

from pathlib import Path

import pytest

RECORDS = Path(__file__).resolve().parents[1] / "engine" / "records"

pytestmark = pytest.mark.django_db(transaction=True)


def test_upload_a_record_and_read_the_score_in_spanish_then_english(live_server, page):
    page.goto(f"{live_server.url}/records/check/")
    assert page.locator("h1").inner_text() == "Comprobar el acta de una partida"
    page.set_input_files(
        "#id_file", str(RECORDS / "valid_exact_target_passed_by_opponents_failure.json")
    )
    page.click("#check-form button[type=submit]")
    page.wait_for_selector("#result")
    assert "victoria de Blas & Diego, 0–12" in page.locator(".ok-box").inner_text()
    # the hands newest first, each with the score after it
    summaries = page.locator("details.hand summary").all_inner_texts()
    assert [s.rsplit("·", 1)[-1].strip() for s in summaries] == ["0–12", "0–10", "0–5"]
    page.click("button[name=language][value=en]")
    page.wait_for_load_state()
    assert page.locator("h1").inner_text() == "Check a match record"


def test_a_revoke_is_shown_with_its_rule(live_server, page):
    page.goto(f"{live_server.url}/records/check/")
    page.fill("#id_text", (RECORDS / "invalid_c7_revoke_proved_later_no_deal.json").read_text())
    page.click("#check-form button[type=submit]")
    alert = page.locator("[role=alert]")
    assert alert.locator(".rule").inner_text() == "C7"
    assert "pero tenía el caballo de espadas (se jugó en la baza 2)" in alert.inner_text()
