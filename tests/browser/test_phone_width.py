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
    """How far the page scrolls sideways: its scrolling element's width beyond the
    window's (0 when it fits)."""
    return page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")


#: the tables that scroll sideways inside their own box, as "scroll width in box width"
CUT_TABLES = """() => [...document.querySelectorAll('main table')]
  .map((t) => t.closest('.table-wrap, .scroll-x') || t)
  .filter((box) => box.scrollWidth > box.clientWidth + 1)
  .map((box) => `${box.scrollWidth} in ${box.clientWidth}`)"""


def fits_unscrolled(url: str) -> bool:
    """The pages whose tables are records (the club's and a player's matches, a round's
    tables): on a phone their cells stack, so that each table fits the screen instead of
    scrolling in its box (the score, the forms to decide a table, a step to the right).
    The club page's device tokens are a table too."""
    player = "/players/" in url and "/stats/" not in url
    return url.endswith("/") and (player or "/rounds/" in url or url == "/clubs/pena-la-baza/")


def demo_pages() -> list[str]:
    """Every page of the demo a visitor reads: the club's, each player's, each tournament's
    with its rounds and sheets, a match of each game and its replay, ratings and
    statistics, the scoreboard."""
    club = "/clubs/pena-la-baza"
    urls = ["/", f"{club}/", f"{club}/ratings/", f"{club}/stats/", "/scoreboard/"]
    urls += [f"{club}/ratings/?game={g}" for g in ("subastao", "belote")]
    for player in Player.objects.filter(club__slug="pena-la-baza").order_by("pk"):
        urls.append(f"{club}/players/{player.pk}/")
    urls.append(f"{club}/players/{player.pk}/stats/")
    for t in Tournament.objects.filter(club__slug="pena-la-baza").order_by("pk"):
        urls += [f"/tournaments/{t.pk}/", f"/tournaments/{t.pk}/stats/"]
        urls.append(f"/scoreboard/?tournament={t.pk}")
        for r in t.rounds.order_by("number"):
            urls.append(f"/tournaments/{t.pk}/rounds/{r.number}/")
            urls.append(f"/tournaments/{t.pk}/rounds/{r.number}/sheets/")
    for game in ("cuatrola", "subastao", "belote"):
        for status in ("in_progress", "finished"):
            match = Match.objects.filter(game=game, status=status).order_by("pk").first()
            if match is not None:
                urls += [f"/matches/{match.pk}/", f"/matches/{match.pk}/replay/"]
    return urls


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
    if role == "anonymous":
        urls = demo_pages()
    else:  # the pages a login changes: its buttons and forms (each round's, to decide a
        # table or import its paper record)
        urls = ["/", "/clubs/pena-la-baza/", f"/matches/{match.pk}/"]
        urls += [f"/clubs/pena-la-baza/players/{player.pk}/", f"/tournaments/{league.pk}/"]
        urls += [u for u in demo_pages() if "/rounds/" in u and not u.endswith("sheets/")]
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
    cut = {}
    tables = {}
    for url in urls:
        response = page.goto(live_server.url + url)
        assert response.status == 200, url
        # open every folded section, as a reader would
        page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        widths[url] = page_width(page)
        if controls := page.evaluate(SMALL_CONTROLS):
            small[url] = controls
        if fits_unscrolled(url) and (scrolled := page.evaluate(CUT_TABLES)):
            cut[url] = scrolled
        tables[url] = page.locator("main table").count()
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
    too_wide = {url: w for url, w in widths.items() if w > 0}
    assert too_wide == {}, too_wide
    assert small == {}, small
    assert cut == {}, cut
    # not vacuous: the record tables are there (a player's matches, each round's tables:
    # the league's round 2, in play, with its forms to decide a table or import its record)
    assert tables[f"/clubs/pena-la-baza/players/{player.pk}/"] >= 1
    rounds = [u for u in urls if "/rounds/" in u and not u.endswith("sheets/")]
    assert f"/tournaments/{league.pk}/rounds/2/" in rounds
    assert {u: tables[u] for u in rounds} == dict.fromkeys(rounds, 1)
