"""Subastao pages on a phone (390 px wide): nothing scrolls sideways, on the match page
(every hand open) and on the pad in the middle of a hand, in Spanish and in English."""

import pytest
from rest_framework.test import APIClient

from tests.factories import ClubFactory, MembershipFactory, UserFactory
from tests.test_subastao_pages import import_night

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
WIDTHS = "[document.documentElement.scrollWidth, document.body.scrollWidth, window.innerWidth]"


@pytest.fixture
def night():
    """The four hands of tests/test_subastao_pages.py (0–130–120), then hand 5 begun:
    Ana deals, Blas bids 60, Carmen and Ana pass, Blas names bastos and leads 1b."""
    club = ClubFactory(slug="pena")
    match = import_night(club)
    user = MembershipFactory(club=club, role="scorer", user=UserFactory(username="sco")).user
    api = APIClient()
    api.force_authenticate(user)
    events = [
        {"kind": "deal"},
        {"kind": "bid", "bid": 60},
        {"kind": "bid", "bid": "pass"},
        {"kind": "bid", "bid": "pass"},
        {"kind": "trump", "suit": "b"},
        {"kind": "play", "card": "1b"},
    ]
    for seq, event in enumerate(events):
        body = {"hand": 5, "expected_seq": seq, **event}
        response = api.post(f"/api/v1/matches/{match.pk}/events/", body, format="json")
        assert response.status_code == 201, response.json()
    return match


def phone_page(browser, language: str, url: str):
    context = browser.new_context(locale=language, viewport=PHONE, is_mobile=True, has_touch=True)
    if language.startswith("en"):  # the browser's language is no choice: the ES/EN switch is
        context.add_cookies([{"name": "django_language", "value": "en", "url": url}])
    return context, context.new_page()


@pytest.mark.parametrize("language", ["es-ES", "en-GB"])
def test_the_match_page_fits_a_phone(live_server, browser, night, language):
    context, page = phone_page(browser, language, live_server.url)
    page.goto(f"{live_server.url}/matches/{night.pk}/")
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    assert page.locator("details.hand").count() == 5
    assert page.locator(".units-board .unit").count() == 3
    widths = page.evaluate(WIDTHS)
    assert max(widths[:2]) <= widths[2] == 390, widths
    context.close()


@pytest.mark.parametrize(
    ("language", "prompt", "status"),
    [
        ("es-ES", "Juega Carmen", "subasta de 60 de Blas · triunfo  bastos"),
        ("en-GB", "Carmen plays", "bid 60 by Blas · trump  bastos"),  # not the French clubs
    ],
)
def test_the_pad_fits_a_phone_mid_hand(live_server, browser, night, language, prompt, status):
    context, page = phone_page(browser, language, live_server.url)
    page.goto(f"{live_server.url}/accounts/login/?next=/matches/{night.pk}/score/")
    page.fill("#id_username", "sco")
    page.fill("#id_password", "pw")
    page.click("main button[type=submit]")
    page.wait_for_selector("#pad-deck button.card")
    assert page.locator("#pad-prompt").inner_text() == prompt
    assert status in page.locator("#pad-status").inner_text()
    # the trump drawn as the Spanish suit (the site's sprite), not a French symbol
    use = page.locator("#pad-status .suit-mark.suit-b svg.suit-glyph use")
    assert use.get_attribute("href") == "/static/img/suits.svg#bastos"
    assert page.locator("#pad-score .unit-score").all_inner_texts() == ["0", "130", "120"]
    assert page.locator("#pad-table .seat-1 .slot .card").get_attribute("data-card") == "1b"
    assert page.locator("#pad-deck button.card").count() == 36
    assert page.locator("#pad-deck button[data-card='1b']").is_disabled()
    # every card the pad offers is a touch target of at least 44 × 44 px
    boxes = [b.bounding_box() for b in page.locator("#pad-deck button.card").all()]
    assert min(min(b["width"], b["height"]) for b in boxes) >= 44
    widths = page.evaluate(WIDTHS)
    assert max(widths[:2]) <= widths[2] == 390, widths
    context.close()
