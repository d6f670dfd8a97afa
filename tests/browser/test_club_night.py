"""A whole club night from an empty database, in Spanish on phones (390 × 844), with the
site alone — no admin, no API call from the test: sign up, create a club, twelve players
and two scorers, a Cuatrola league with six pairs, round 1 drawn; a scorer scores table 1
on the pad through a lost connection and an undo, a refused card becomes the organiser's
penalty, the match is played to its end; the standings, the room scoreboard, the
printable round sheet and its score sheets show it. A screenshot of every step in
test-artifacts/club-night/."""

import pytest

from games.models import HandEvent, Match
from tests.browser.helpers import ARTIFACTS, fits, log_in, phone_context, settled, tap
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = ARTIFACTS / "club-night"
PLAYERS = [
    "Ana", "Blas", "Carmen", "Diego", "Elena", "Fermín",
    "Gloria", "Héctor", "Inés", "Jorge", "Lucía", "Manuel",
]  # fmt: skip
PAIRS = [(f"{a} y {b}", a, b) for a, b in zip(PLAYERS[::2], PLAYERS[1::2], strict=True)]
# Round 1 of six pairs (Berger): 1–6, 2–5, 3–4. Table 1: "Ana y Blas" against
# "Lucía y Manuel", seated in turn Ana, Lucía, Blas, Manuel; Ana (seat 1 on the pages, 0 in
# the record) deals first.
ANA, LUCIA, BLAS, MANUEL = 0, 1, 2, 3
# Hand 1's cards, entered from mano (Lucía) round to the dealer; Ana shows 10b: bastos
# is trump. Manuel holds one oro, 10o: on an oros lead he must play it (C7.2).
DEAL = {
    LUCIA: ["1o", "3o", "12o", "11c", "10c"],
    BLAS: ["11o", "1c", "3c", "12c", "10e"],
    MANUEL: ["10o", "1e", "3e", "12e", "11e"],
    ANA: ["1b", "3b", "12b", "11b", "10b"],
}


class Shots:
    """Numbered full-page screenshots, in the order the night goes."""

    def __init__(self) -> None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        for old in SHOTS.glob("*.png"):
            old.unlink()
        self.n = 0

    def __call__(self, page, step: str, paper: bool = False) -> None:
        page.wait_for_load_state()
        if not paper:  # a printout is laid out for the paper, not for the phone's screen
            fits(page)
        self.n += 1
        page.screenshot(path=str(SHOTS / f"{self.n:02d}-{step}.png"), full_page=True)


def plays(match: Match) -> list[str]:
    events = HandEvent.objects.filter(hand__match=match, kind="play").order_by("hand", "seq")
    return [e.card for e in events]


def main_text(page) -> str:
    return page.locator("main").inner_text()


def test_a_whole_club_night_on_phones(live_server, browser, settings):
    settings.PAD_POLL_MS = 400  # the pad's poll (4 s on the site): step 15 waits for one
    base = live_server.url
    shot = Shots()
    organiser = phone_context(browser)
    page = organiser.new_page()
    page.on("dialog", lambda dialog: dialog.accept())

    # 1. the person who installs the site signs up, and is sent to create a club
    page.goto(f"{base}/accounts/signup/")
    assert page.locator("h1").inner_text() == "Registrarse"
    page.fill("#id_username", "rosa")
    page.fill("#id_password1", "baraja-de-40-cartas")
    page.fill("#id_password2", "baraja-de-40-cartas")
    shot(page, "signup")
    page.click("main button[type=submit]")
    page.wait_for_url("**/clubs/new/")
    assert "Bienvenido, rosa" in page.locator(".messages").inner_text()

    # 2. the club
    page.fill("#id_name", "Peña Los Ases")
    page.click("main button.primary")
    page.wait_for_url("**/clubs/pena-los-ases/")
    assert "eres su organizador" in page.locator(".messages").inner_text()
    shot(page, "club")

    # 3. twelve players, one after another
    page.click("text=Añadir un jugador")
    for name in PLAYERS[:-1]:
        page.fill("#id_display_name", name)
        page.click("text=Añadir y añadir otro")
        page.wait_for_selector(f".messages:has-text('{name}')")
    page.fill("#id_display_name", PLAYERS[-1])
    shot(page, "players")
    page.click("text=Añadir el jugador")
    page.wait_for_url("**/clubs/pena-los-ases/")
    listed = page.locator(".player-list li").all_inner_texts()
    assert sorted(t.split(" · ")[0] for t in listed) == sorted(PLAYERS)

    # 4. two scorers, each with a new login (its password shown once)
    passwords = {}
    for login in ("mesa1", "mesa2"):
        page.click("text=Organizadores y anotadores")
        page.fill("#id_new-username", login)
        page.select_option("#id_new-role", "scorer")
        page.click("text=Crear el acceso")
        page.wait_for_selector("#new-password")
        assert page.locator("#new-username").inner_text() == login
        passwords[login] = page.locator("#new-password").inner_text()
    shot(page, "scorer-login")
    page.click("text=Organizadores y anotadores")
    page.wait_for_load_state()
    members = main_text(page)
    assert "mesa1" in members
    assert "mesa2" in members
    shot(page, "members")

    # 5. the league: Cuatrola, first to 5, no quíntola
    page.goto(f"{base}/clubs/pena-los-ases/")
    page.click("text=Nuevo torneo")
    page.wait_for_selector("#id_name")
    page.select_option("#id_game", "cuatrola")
    page.fill("#id_name", "Liga de los jueves")
    page.select_option("#id_cuatrola-match", "first_to")
    page.fill("#id_cuatrola-target", "5")
    page.uncheck("#id_cuatrola-quintola")
    page.select_option("#id_format", "round_robin")
    shot(page, "new-league")
    page.click("#tournament-settings button[type=submit]")
    page.wait_for_selector("#id_player_1")
    assert page.locator("h1").inner_text() == "Liga de los jueves"
    league = Tournament.objects.get(name="Liga de los jueves")
    assert (league.rules["match"], league.rules["target"], league.rules["quintola"]) == (
        "first_to",
        5,
        False,
    )

    # 6. six pairs
    for name, a, b in PAIRS:
        page.fill("#id_name", name)
        page.select_option("#id_player_1", label=a)
        page.select_option("#id_player_2", label=b)
        page.click('form[action$="/entries/"] button')
        page.wait_for_load_state()
    text = main_text(page)
    assert all(name in text for name, _, _ in PAIRS)
    shot(page, "pairs")

    # 7. round 1 drawn: three tables
    page.click("text=Sortear la siguiente jornada")
    page.wait_for_load_state()
    page.click("text=hoja de mesas")
    page.wait_for_url(f"**/tournaments/{league.pk}/rounds/1/")
    rows = page.locator("table.sheet tbody tr")
    assert rows.count() == 3
    table_1 = rows.nth(0).inner_text()
    assert "Ana y Blas" in table_1
    assert "Lucía y Manuel" in table_1
    shot(page, "round-1")
    match = league.rounds.get(number=1).fixtures.get(table=1).match
    assert [s.player.display_name for s in match.seats.order_by("number")] == [
        "Ana",
        "Lucía",
        "Blas",
        "Manuel",
    ]

    # 8. a scorer on her phone: the round sheet takes her to table 1's pad
    scorer = phone_context(browser)
    pad = scorer.new_page()
    pad.on("dialog", lambda dialog: dialog.accept())
    log_in(pad, base, "mesa1", passwords["mesa1"], f"/tournaments/{league.pk}/rounds/1/")
    pad.locator("table.sheet tbody tr").nth(0).locator("a.pad-link").click()
    pad.wait_for_url(f"**/matches/{match.pk}/score/")
    pad.wait_for_selector("#pad-actions button.deal-enter")
    assert "Ana" in pad.locator("#pad-prompt").inner_text()  # the dealer

    # the room scoreboard, open on the organiser's phone from the league's page: 0–0
    board = organiser.new_page()
    board.goto(f"{base}/tournaments/{league.pk}/")
    board.click("text=Marcador de sala")
    table = board.locator(f".table[data-match='{match.pk}']")
    table.wait_for()
    assert table.locator(".a").inner_text() == "Ana y Blas"
    assert table.locator(".b").inner_text() == "Lucía y Manuel"
    assert table.locator(".score").inner_text() == "0–0"
    assert board.locator(".table").count() == 3
    shot(board, "scoreboard")

    # 9. hand 1's deal, card by card, then the card Ana shows
    pad.click("#pad-actions button.deal-enter")
    for seat in (LUCIA, BLAS, MANUEL, ANA):
        for card in DEAL[seat]:
            pad.click(f"#pad-deck button[data-card='{card}']")
    shot(pad, "deal-entered")
    tap(pad, "#pad-deck button[data-card='10b']")
    for _ in range(4):
        tap(pad, "#pad-actions button:text-is('pasar')")
    assert "Lucía" in pad.locator("#pad-prompt").inner_text()  # mano leads

    # 10. the connection drops: two cards wait in the queue; the last one is taken back
    scorer.set_offline(True)
    pad.click("#pad-deck button[data-card='1o']")
    pad.click("#pad-deck button[data-card='11o']")
    queue = pad.locator("#pad-queue")
    pad.wait_for_function(
        "document.querySelector('#pad-queue').textContent.includes('2 entradas en cola')"
    )
    shot(pad, "offline-queue")
    pad.click("#pad-undo")
    assert "1 entrada en cola" in queue.inner_text()
    assert plays(match) == []
    scorer.set_offline(False)
    queue.wait_for(state="hidden", timeout=30000)
    settled(pad)
    assert plays(match) == ["1o"]  # the queue drained

    # 11. online: a card recorded, undone on the server, recorded again
    tap(pad, "#pad-deck button[data-card='11o']")
    assert plays(match) == ["1o", "11o"]
    with pad.expect_response(lambda r: r.url.endswith("/undo/")):
        pad.click("#pad-undo")
    settled(pad)
    assert plays(match) == ["1o"]
    assert not pad.locator("#pad-deck button[data-card='11o']").is_disabled()
    tap(pad, "#pad-deck button[data-card='11o']")

    # 12. Manuel throws an espada on the oros lead while holding 10o: refused (C7); the
    # scorer is told an organiser can penalise it
    tap(pad, "#pad-deck button[data-card='1e']")
    assert pad.locator("#pad-error .rule").inner_text() == "C7"
    refusal = pad.locator("#pad-error").inner_text()
    assert refusal.startswith(
        "C7 Manuel jugó el as de espadas en la baza 1, que salió a oros, pero tenía la sota de"
        " oros (del reparto): C7.2 hay que asistir al palo"
    )
    assert pad.locator("#pad-error .renuncio button").count() == 0
    assert "organizador" in pad.locator("#pad-error .renuncio").inner_text()
    assert plays(match) == ["1o", "11o"]
    shot(pad, "refused-card")

    # 13. the organiser, at the table, records it again and takes the penalty offered
    page.goto(f"{base}/tournaments/{league.pk}/rounds/1/")
    page.locator("table.sheet tbody tr").nth(0).locator("a.pad-link").click()
    page.wait_for_selector("#pad-deck button[data-card='1e']")
    tap(page, "#pad-deck button[data-card='1e']")
    assert page.locator("#pad-error .rule").inner_text() == "C7"
    penalty = page.locator("#pad-error .renuncio button")
    assert penalty.inner_text().startswith("Penalización")
    assert penalty.inner_text().endswith("Manuel (C7)")
    shot(page, "penalty-offered")
    with page.expect_response(lambda r: r.url.endswith("/events/")):
        penalty.click()
    settled(page)
    page.locator("#pad-last").wait_for(state="visible")
    # C12: the hand ends; the other side gets the plain hand's value, 1
    assert page.locator("#pad-last").inner_text() == (
        "La mano 1 acabó con una sanción: C7 contra Manuel · Ana & Blas +1 · Lucía & Manuel +0"
    )
    assert page.locator("#pad-score .unit-score").all_inner_texts() == ["1", "0"]
    shot(page, "penalty-recorded")

    # 14. the room scoreboard has followed the match by polling: the pairs and 1–0
    board.wait_for_function(
        f"document.querySelector(\".table[data-match='{match.pk}'] .score\").textContent === '1–0'",
        timeout=15000,
    )
    assert table.locator(".a").inner_text() == "Ana y Blas"
    shot(board, "scoreboard-1-0")

    # 15. hand 2 on the scorer's phone (it learns of the penalty by polling): Lucía deals
    # and shows 10c; Manuel declares cuatrola; Blas (mano) takes the first trick, so the
    # cuatrola fails there (C10, no quíntola: all five tricks needed) and Ana & Blas get 4
    pad.wait_for_function(
        "document.querySelector('#pad-prompt').textContent.includes('Lucía')", timeout=15000
    )
    tap(pad, "#pad-deck button[data-card='10c']")
    tap(pad, "#pad-actions button:text-is('pasar')")  # Blas
    tap(pad, "#pad-actions button:text-is('cuatrola')")  # Manuel
    tap(pad, "#pad-actions button:text-is('pasar')")  # Ana
    tap(pad, "#pad-actions button:text-is('pasar')")  # Lucía
    assert "Blas" in pad.locator("#pad-prompt").inner_text()  # mano leads; Lucía sits out
    for card in ("1o", "10e", "3o"):  # Blas, Manuel, Ana
        tap(pad, f"#pad-deck button[data-card='{card}']")
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert pad.locator("#pad-score .unit-score").all_inner_texts() == ["5", "0"]
    assert "La partida ha terminado" in pad.locator("#pad-prompt").inner_text()
    # the trick's card points: 1o 11 + 3o 10 + 10e 2 (C2)
    # (per side in the score's order: Ana & Blas, Lucía & Manuel)
    assert pad.locator("#pad-hand").inner_text() == "Bazas 1–0 · Puntos de la mano 23–0"
    assert "Mano 2: Ana & Blas +4 · Lucía & Manuel +0" in main_text(pad)
    shot(pad, "match-finished")

    # 16. the standings after round 1: Ana y Blas first (played 1, won 1: 1 match point;
    # both hands won; 5 points for, none against), Lucía y Manuel last with the failed
    # cuatrola as a declaration, the four others level second
    page.goto(f"{base}/tournaments/{league.pk}/")
    head = page.locator("table.standings thead th").all_inner_texts()
    standings = page.locator("table.standings tbody tr")
    assert standings.count() == 6
    cells = [standings.nth(i).locator("td").all_inner_texts() for i in range(6)]
    rows = [dict(zip(head, row, strict=True)) for row in cells]
    wanted = ["#", "Pareja", "PJ", "G", "P", "Pts", "MG", "MP", "TF", "TC", "Dif", "Decl"]
    first = ["1", "Ana y Blas", "1", "1", "0", "1", "2", "0", "5", "0", "5", "0"]
    last = ["6", "Lucía y Manuel", "1", "0", "1", "0", "0", "2", "0", "5", "-5", "1"]
    assert [rows[0][k] for k in wanted] == first
    assert [rows[5][k] for k in wanted] == last
    assert [row["#"] for row in rows[1:5]] == ["2"] * 4
    assert "Tras la jornada 1" in main_text(page)
    shot(page, "standings")

    # 17. the scoreboard: table 1 is no longer live, so it reads the standings, which rank
    # Ana y Blas first: 1 match point, +5
    table.wait_for(state="detached", timeout=15000)
    first_row = board.locator("#standings tr:nth-child(2)")
    board.wait_for_function(
        "(document.querySelector('#standings tr:nth-child(2)') || {}).textContent"
        "?.includes('Ana y Blas')",
        timeout=15000,
    )
    assert first_row.locator("td").all_inner_texts() == ["1", "Ana y Blas", "1", "5"]
    assert board.locator(".table").count() == 2
    shot(board, "scoreboard-final")

    # 18. the round's printable sheet: table 1 finished 5–0
    page.goto(f"{base}/tournaments/{league.pk}/rounds/1/")
    row = page.locator("table.sheet tbody tr").nth(0)
    assert "5–0" in row.inner_text()
    assert row.locator("a.pad-link").count() == 0
    page.emulate_media(media="print")
    assert page.locator(".site-header").is_hidden()
    # on paper, no buttons: the other tables' pad links and forms stay on the screen
    assert page.locator("table.sheet a.pad-link").count() == 2
    assert page.locator("table.sheet a.pad-link").first.is_hidden()
    assert page.locator("table.sheet form").first.is_hidden()
    shot(page, "round-sheet-print", paper=True)

    # 19. the round's score sheets, one a table for the paper: table 1's four seats from 1
    page.emulate_media(media="screen")
    fits(page)
    page.click("text=Hojas de anotación")
    page.wait_for_url(f"**/tournaments/{league.pk}/rounds/1/sheets/")
    fits(page)
    page.emulate_media(media="print")
    sheets = page.locator(".score-sheet")
    assert sheets.count() == 3
    assert "Mesa 1" in sheets.first.locator("h2").inner_text()
    seats = sheets.first.locator(".sheet-seats tbody tr")
    assert [seats.nth(i).locator("td").nth(1).inner_text() for i in range(4)] == [
        "Ana",
        "Lucía",
        "Blas",
        "Manuel",
    ]
    assert seats.nth(0).locator("td").first.inner_text().startswith("1")
    shot(page, "score-sheets-print", paper=True)
    organiser.close()
    scorer.close()
