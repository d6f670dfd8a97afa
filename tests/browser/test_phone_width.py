"""No page scrolls sideways on a phone (390 × 844), for a visitor, a scorer and an organiser:
every page a club night uses, on the demo data. A wide table may scroll inside its own
wrapper (overflow-x: auto), which does not widen the page."""

from pathlib import Path

import pytest

from clubs.models import Player
from games.models import Match
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
SAMPLE = Path(__file__).resolve().parents[2] / "games" / "static" / "games" / "sample-match.json"
DEMO_LOGINS = {"scorer": "scorer-demo", "organiser": "organiser-demo"}


def page_width(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


# a form's controls on the page (not the header's links, WCAG's 24 px there: test_phone_
# header.py), each a 44 px target; a checkbox 24 px beside its tappable label
SMALL_CONTROLS = """() => [...document.querySelectorAll(
    'main select, main button, main input, main a.button, main details.confirm-remove summary')]
  .filter((e) => e.type !== 'hidden' && e.getClientRects().length)
  .map((e) => [e, e.getBoundingClientRect()])
  .filter(([e, r]) => ['checkbox', 'radio'].includes(e.type)
    ? r.height < 24 || r.width < 24 : r.height < 44 || r.width < 44)
  .map(([e, r]) => `${e.tagName} ${e.name || e.textContent.trim().slice(0, 30)} `
    + `${Math.round(r.width)}x${Math.round(r.height)}`)"""


@pytest.mark.parametrize("role", ["anonymous", "scorer", "organiser"])
def test_no_page_scrolls_sideways_on_a_phone(live_server, browser, role, demo_data):
    match = Match.objects.order_by("pk").first()
    player = Player.objects.filter(club__slug="pena-la-baza").order_by("pk").first()
    league = Tournament.objects.filter(format="round_robin", game="cuatrola").first()
    assert league.rounds.exists()
    context = browser.new_context(locale="es-ES", viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    if role != "anonymous":
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("#id_username", role)
        page.fill("#id_password", DEMO_LOGINS[role])
        page.click("main button[type=submit]")
        page.wait_for_load_state()
        assert page.locator("#id_username").count() == 0, "login failed"
    urls = [
        "/",
        "/clubs/pena-la-baza/",
        f"/matches/{match.pk}/",
        f"/clubs/pena-la-baza/players/{player.pk}/",
        "/clubs/pena-la-baza/ratings/",
        "/clubs/pena-la-baza/ratings/?game=subastao",
        f"/tournaments/{league.pk}/",
        f"/tournaments/{league.pk}/rounds/1/",
    ]
    if role != "anonymous":
        urls += ["/my-table/", f"/matches/{match.pk}/score/"]
    if role == "organiser":
        from clubs.devices import create_device_token
        from clubs.models import Club, Membership

        club = Club.objects.get(slug="pena-la-baza")
        organiser = Membership.objects.filter(club=club, role="organiser").first().user
        token, _key = create_device_token(club, organiser, "Mesa 3")
        urls.append(f"/clubs/pena-la-baza/devices/{token.pk}/qr/")
    # the club's own pages (tests/browser/test_club_night_start.py walks them in order)
    urls += {
        "anonymous": ["/accounts/signup/"],
        "scorer": [
            "/clubs/new/",
            "/clubs/pena-la-baza/matches/new/",
            "/clubs/pena-la-baza/matches/new/?game=subastao",
        ],
        "organiser": [
            "/clubs/new/",
            "/clubs/pena-la-baza/matches/new/?game=belote",
            "/clubs/pena-la-baza/edit/",
            "/clubs/pena-la-baza/members/",
            "/clubs/pena-la-baza/players/new/",
            f"/clubs/pena-la-baza/players/{player.pk}/edit/",
            "/clubs/pena-la-baza/?q=a&login=no",
        ],
    }[role]
    urls.append("/records/check/")  # last: its paste box is measured below
    if role == "organiser":  # the setup pages (before the record checker, read below)
        entry = league.entries.order_by("seed").first()
        urls[-1:-1] = [
            "/clubs/pena-la-baza/tournaments/new/",
            f"/tournaments/{league.pk}/settings/",
            f"/tournaments/{league.pk}/entries/{entry.pk}/withdraw/",
        ]
    widths = {}
    small = {}
    for url in urls:
        response = page.goto(live_server.url + url)
        assert response.status == 200, url
        # open every folded section, as a reader would
        page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        widths[url] = page_width(page)
        if controls := page.evaluate(SMALL_CONTROLS):
            small[url] = controls
    # the paste box spans the form (it was squeezed to ~40 px when .card meant two things)
    assert page.locator("#id_text").bounding_box()["width"] >= 300
    # the matches table: the "Score this match" column only for those who may score
    page.goto(f"{live_server.url}/clubs/pena-la-baza/")
    headers = page.locator("main table").first.locator("thead th").count()
    assert headers == (4 if role == "anonymous" else 5)
    page.goto(f"{live_server.url}/records/check/")
    page.set_input_files("#id_file", str(SAMPLE))
    page.click("#check-form button[type=submit]")
    page.wait_for_selector("#result")
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    widths["/records/check/ (checked)"] = page_width(page)
    context.close()
    too_wide = {url: w for url, w in widths.items() if w > PHONE["width"]}
    assert too_wide == {}, widths
    assert small == {}, small
