"""The player page with its ratings on a phone (390 × 844), in Spanish: the rating, its
chart drawn by the server, the partners and opponents, the link to the statistics."""

import pytest

from clubs.models import Player
from ratings.models import Rating

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}


def test_the_player_page_on_a_phone(live_server, browser, demo_data):
    ana = Player.objects.get(club__slug="pena-la-baza", display_name="Ana")
    rating = Rating.objects.get(player=ana, game="cuatrola")  # the demo's results were rated
    context = browser.new_context(locale="es-ES", viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    response = page.goto(f"{live_server.url}/clubs/pena-la-baza/players/{ana.pk}/")
    assert response.status == 200
    block = page.locator("#game-cuatrola")
    assert block.locator("h2").inner_text() == "Cuatrola"
    assert f"{rating.ordinal:.2f}".replace(".", ",") in block.locator(".rating-now").inner_text()
    chart = block.locator("svg.chart")
    box = chart.bounding_box()
    # the chart spans the panel and stays readable: wide and tall enough on a phone
    assert 300 <= box["width"] <= PHONE["width"]
    assert box["height"] >= 120
    assert "Valoración de Ana en Cuatrola" in chart.locator("title").text_content()
    assert block.locator("table.partners tbody tr").count() >= 1
    assert block.locator("table.opponents tbody tr").count() >= 1
    link = page.get_by_role("link", name="Estadísticas")
    assert link.get_attribute("href") == f"/clubs/pena-la-baza/players/{ana.pk}/stats/"
    method = page.locator("details.method")
    method.get_by_text("Cómo se calcula la valoración").click()
    assert "el ordinal μ − 3σ" in method.inner_text()
    assert method.get_by_text("OpenSkill").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path="/tmp/ratings-player-phone.png", full_page=True)
    # to the club's table and back through a player's name
    page.get_by_role("link", name="Valoraciones de Cuatrola del club").click()
    page.wait_for_load_state()
    assert page.locator("h1").inner_text() == "Valoraciones de Cuatrola"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    context.close()
