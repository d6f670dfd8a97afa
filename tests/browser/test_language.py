"""The site speaks the club's language, Spanish, until the visitor chooses English: an
English browser's first visit is in Spanish; the EN button switches, and it stays."""

import pytest


@pytest.mark.django_db(transaction=True)
def test_an_english_browser_gets_spanish_until_it_chooses_english(live_server, browser):
    context = browser.new_context(locale="en-GB", viewport={"width": 1100, "height": 800})
    page = context.new_page()
    page.goto(f"{live_server.url}/records/check/")
    assert page.locator("html").get_attribute("lang") == "es"
    assert page.locator("h1").inner_text() == "Comprobar el acta de una partida"
    page.click(".lang-form button[value=en]")
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator("h1").inner_text() == "Check a match record"
    page.goto(f"{live_server.url}/scoreboard/")  # the room scoreboard follows the choice
    assert page.locator("h1").inner_text() == "Scoreboard"
    assert "Missing ?tournament=ID" in page.locator("#tables").inner_text()
    context.close()
    first = browser.new_context(locale="en-GB").new_page()  # a new visitor: Spanish again
    first.goto(f"{live_server.url}/scoreboard/")
    assert first.locator("h1").inner_text() == "Marcador"
    assert first.locator("html").get_attribute("lang") == "es"
    first.context.close()
