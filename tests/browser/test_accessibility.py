"""Accessibility in a real browser (issue 12, item 4): axe-core, served from the site's own
static files, finds no serious or critical violation on the pages of a club night; cards
are announced by their names; the header's controls show focus and are big enough; the
Spanish suits are drawn from the site's sprite, the oros pip readable (≥ 4.5:1)."""

import pytest

from games.models import Match
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

AXE = "/static/vendor/axe-core/axe.min.js"
RUN_AXE = """async () => {
  const result = await axe.run(document, { resultTypes: ["violations"] });
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 5),
    }));
}"""
# WCAG's contrast ratio of an element's text colour against the first opaque background
# behind it
CONTRAST = """(el) => {
  const channel = (v) => {
    v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const lum = (c) => {
    const [r, g, b] = c.match(/\\d+/g).slice(0, 3).map(Number).map(channel);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const clear = /rgba\\(.*, 0\\)|transparent/;
  let bg = el;
  while (bg && getComputedStyle(bg).backgroundColor.match(clear)) bg = bg.parentElement;
  const text = lum(getComputedStyle(el).color);
  const back = lum(getComputedStyle(bg).backgroundColor);
  const [a, b] = [text, back].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""


@pytest.fixture
def demo(demo_data):
    league = Tournament.objects.get(name="Liga de invierno 2026")
    live = Match.objects.filter(fixture__round__tournament=league, status="in_progress").first()
    return league, live


def login(page, base: str, username: str, password: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("main button[type=submit]")
    page.wait_for_load_state()
    assert page.locator("#id_username").count() == 0, "login failed"


def serious_violations(page, base: str) -> list[dict]:
    page.add_script_tag(url=base + AXE)
    return page.evaluate(RUN_AXE)


def test_axe_finds_nothing_serious_on_a_club_night_s_pages(live_server, page, demo):
    league, live = demo
    finished = Match.objects.filter(status="finished", game="cuatrola").order_by("pk").first()
    base = live_server.url
    visitor_pages = [
        "/",
        "/clubs/pena-la-baza/",
        f"/tournaments/{league.pk}/",
        f"/tournaments/{league.pk}/rounds/1/",
        f"/tournaments/{league.pk}/rounds/2/sheets/",
        f"/tournaments/{league.pk}/standings/print/",
        f"/matches/{finished.pk}/",
        f"/matches/{finished.pk}/replay/?step=12",
        "/records/check/",
        f"/scoreboard/?tournament={league.pk}",
    ]
    found = {}
    for url in visitor_pages:
        assert page.goto(base + url).status == 200, url
        if url.startswith("/scoreboard/"):
            page.wait_for_selector(".table")
        page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        found[url] = serious_violations(page, base)
    # the organiser's view of the same pages has forms, and the pad
    login(page, base, "organiser", "organiser-demo")
    for url in ["/clubs/pena-la-baza/", f"/tournaments/{league.pk}/", f"/matches/{live.pk}/score/"]:
        assert page.goto(base + url).status == 200, url
        if url.endswith("/score/"):
            page.wait_for_selector("#pad-deck button.card")
        found["organiser " + url] = serious_violations(page, base)
    assert {url: v for url, v in found.items() if v} == {}


def test_the_pad_s_cards_are_announced_by_their_names(live_server, page, demo):
    _league, live = demo
    login(page, live_server.url, "organiser", "organiser-demo")
    page.goto(f"{live_server.url}/matches/{live.pk}/score/")
    # the league's match is still to deal: the pad offers the trump card from the deck
    page.wait_for_selector("#pad-deck button.card")
    king = page.get_by_role("button", name="rey de bastos", exact=True)
    assert king.get_attribute("data-card") == "12b"
    # drawn as R and the bastos picture, which screen readers skip
    assert king.locator("span[aria-hidden=true]").inner_text() == "R"
    assert king.locator("span[aria-hidden=true] use").get_attribute("href").endswith("#bastos")
    assert page.get_by_role("button", name="sota de oros", exact=True).count() == 1


def test_a_replay_names_its_cards(live_server, page, demo):
    finished = Match.objects.filter(status="finished", game="cuatrola").order_by("pk").first()
    page.goto(f"{live_server.url}/matches/{finished.pk}/")
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    first = page.locator(".trick .card[role=img]").first
    label = first.get_attribute("aria-label")
    assert label.split(" de ")[1] in {"oros", "copas", "espadas", "bastos"}
    assert label.split(" de ")[0] in {"as", "tres", "rey", "caballo", "sota", "siete", "seis"}


def test_spanish_suits_are_drawn_from_the_site_s_sprite(live_server, page, demo):
    finished = Match.objects.filter(status="finished", game="cuatrola").order_by("pk").first()
    sprite = page.request.get(f"{live_server.url}/static/img/suits.svg")
    assert sprite.status == 200
    assert sprite.headers["content-type"].startswith("image/svg+xml")
    page.goto(f"{live_server.url}/matches/{finished.pk}/")
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    for symbol in ("oros", "copas", "espadas", "bastos"):
        use = page.locator(f".card svg.suit-glyph use[href$='#{symbol}']").first
        # a <use> whose symbol did not load has an empty box: this one is drawn
        box = use.evaluate("(u) => { const b = u.getBBox(); return [b.width, b.height]; }")
        assert min(box) > 5, (symbol, box)
    # no French symbol on a Cuatrola page
    cards = " ".join(page.locator(".card").all_inner_texts())
    assert not set(cards) & set("●♥♠♣♦")
    # the oros pip against the card's white
    oros = page.locator(".card.suit-o small").first
    assert oros.evaluate("(e) => getComputedStyle(e).color") == "rgb(138, 101, 8)"
    assert oros.evaluate(CONTRAST) >= 4.5


def test_the_header_controls_show_focus_and_are_big_enough(live_server, page, demo):
    login(page, live_server.url, "scorer", "scorer-demo")
    page.goto(live_server.url + "/")
    for button in page.locator(".lang-form button").all():
        box = button.bounding_box()
        assert box["width"] >= 24
        assert box["height"] >= 24
    logout = page.locator(".site-nav button.logout")
    logout.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")  # focus by keyboard: :focus-visible applies
    style = logout.evaluate(
        "(b) => { const s = getComputedStyle(b); return [s.outlineStyle, s.outlineWidth]; }"
    )
    assert style == ["solid", "2px"]
