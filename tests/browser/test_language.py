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
    page.goto(f"{live_server.url}/scoreboard/")  # the list of tournaments to follow
    assert page.locator("h1").inner_text() == "Room scoreboard"
    # the room scoreboard itself follows the choice (here of a tournament on another
    # site, which it asks itself: nothing answers there)
    elsewhere = "/scoreboard/?tournament=1&api=http://127.0.0.1:9/api/v1"
    page.goto(live_server.url + elsewhere)
    assert page.locator("h1").inner_text() == "Scoreboard"
    context.close()
    first = browser.new_context(locale="en-GB").new_page()  # a new visitor: Spanish again
    first.goto(live_server.url + elsewhere)
    assert first.locator("h1").inner_text() == "Marcador"
    assert first.locator("html").get_attribute("lang") == "es"
    first.context.close()
