"""The pad on a 390×844 phone in Spanish, every game and phase (issue 19), and the same page
turned on its side (844×390) and on a 1280×800 tablet: the prompt (who is to act), every
entry the server offers and the last entry are on the first screen (bounding boxes inside
the viewport), card buttons are at least 44 px; the hand as it stands shows its
declarations; undo while the deal is being entered takes back the phone's last card and
leaves the finished hand alone; a penalty asks first.

Each phase is reached by storing the record's events through games.services (as another
device would), then reading the pad afresh. Screenshots: test-artifacts/pad/.
"""

from __future__ import annotations

import pytest

from games import services
from games.engine import find_game
from games.models import Hand, HandEvent, Match
from tests.api.helpers import record
from tests.browser.helpers import ARTIFACTS, PHONE, beside_live_server, settled
from tests.browser.test_scoring_pad import log_in
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = ARTIFACTS / "pad"
RECORDS = {
    "belote": "belote_valid_reference_round.json",
    "cuatrola": "valid_reference_hand_in_progress_match.json",
    "subastao": "subastao/subastao_valid_p4_partners_sing_and_a_failed_bid.json",
    # three players, each for themselves: three seats on the strip, three units
    "subastao-3": "subastao/subastao_valid_p3_split_without_the_deal.json",
}
NAMES = ["Ana Pérez", "Blas Gil", "Carmen Ruiz", "Diego Sanz"]


def make_match(name: str):
    rec = record(RECORDS[name])
    game = name.split("-")[0]
    club = ClubFactory(slug="pena")
    user = MembershipFactory(club=club, role="organiser", user=UserFactory(username="sco")).user
    seats = len(rec.seats) if rec.seats else 4
    players = [PlayerFactory(club=club, display_name=n) for n in NAMES[:seats]]
    match = services.create_match(
        club=club,
        players=players,
        user=user,
        game=game,
        rules=rec.rules.as_dict(),
        first_dealer=rec.hands[0].dealer,
    )
    events = [find_game(game).event_to_dict(e) for e in rec.hands[0].events()]
    return match, user, events


def store(match, user, events) -> None:
    """Store ``events`` after what the match has, each at the hand in play."""
    for event in events:

        def write(event=event) -> None:
            hand = Hand.objects.filter(match=match).order_by("-number").first()
            services.record_event(hand, hand.next_seq, event, user)

        beside_live_server(write)


def first(events, kind: str) -> int:
    return next(i for i, e in enumerate(events) if e["kind"] == kind)


def phases(game: str, events: list[dict]) -> list[tuple[str, int]]:
    """(phase, how many of hand 1's events are stored by then)."""
    plays = first(events, "play")
    out = [("deal", 0), ("auction", 1)]
    if game.startswith("subastao"):
        out.append(("trump", first(events, "trump")))
    if game == "belote":
        out.append(("declarations", first(events, "declaration")))
    out.append(("play", plays + 5))
    return out


def box_in_view(page, locator, what: str, view: dict = PHONE) -> dict:
    return inside(locator.bounding_box(), what, view)


def inside(box: dict | None, what: str, view: dict) -> dict:
    assert box is not None, f"{what} is not shown"
    assert box["x"] >= 0, (what, box)
    assert box["x"] + box["width"] <= view["width"] + 0.5, (what, box)
    assert box["y"] >= 0, (what, box)
    assert box["y"] + box["height"] <= view["height"] + 0.5, (what, box)
    return box


#: what assert_first_screen reads, in one round trip to the browser (one locator call
#: per button was ~2,000 calls per test): the page scrolled to its top, then the box of
#: the prompt, undo, the last entry and every entry offered (null for an element with no
#: layout box, as Playwright's bounding_box), their text, and the page's width. Offered:
#: the visible buttons of #pad-actions (Playwright's :visible: a box of some size, not
#: visibility: hidden) and the enabled buttons of a deck that is not hidden.
FIRST_SCREEN = """() => {
  window.scrollTo(0, 0);
  const box = (e) => {
    if (!e || !e.getClientRects().length) return null;
    const r = e.getBoundingClientRect();
    return {x: r.x, y: r.y, width: r.width, height: r.height};
  };
  const read = (e) => ({text: e ? e.innerText : "", box: box(e),
                        card: !!e && e.classList.contains("card")});
  const visible = (e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden";
  };
  const offered = [...document.querySelectorAll(
    "#pad-actions button, #pad-deck:not([hidden]) button:not(:disabled)")]
    .filter((e) => !e.closest("#pad-actions") || visible(e));
  return {
    prompt: read(document.querySelector("#pad-prompt")),
    undo: read(document.querySelector("#pad-undo")),
    entry: read(document.querySelector("#pad-entry")),
    offered: offered.map(read),
    width: document.documentElement.scrollWidth,
  };
}"""


def assert_first_screen(page, phase: str, view: dict = PHONE) -> None:
    """The prompt, the last entry, undo and every entry offered are inside the screen
    (390×844 unless ``view`` says) with the page scrolled to its top; card buttons are
    44 px or more each way."""
    seen = page.evaluate(FIRST_SCREEN)
    assert seen["prompt"]["text"].strip(), phase
    inside(seen["prompt"]["box"], f"{phase}: the prompt", view)
    inside(seen["undo"]["box"], f"{phase}: undo", view)
    if seen["entry"]["text"].strip():
        inside(seen["entry"]["box"], f"{phase}: the last entry", view)
    assert seen["offered"], f"{phase}: nothing to enter"
    for button in seen["offered"]:
        box = inside(button["box"], f"{phase}: {button['text']!r}", view)
        if button["card"]:
            assert box["width"] >= 44, (phase, button["text"], box)
            assert box["height"] >= 44, (phase, button["text"], box)
    assert seen["width"] <= view["width"], f"{phase}: the page is {seen['width']} px wide"


def open_pad(page, base: str, match) -> None:
    page.goto(f"{base}/matches/{match.pk}/score/")
    page.wait_for_selector("#pad-prompt:not(:empty)")
    settled(page)


TABLET = {"width": 1280, "height": 800}
LANDSCAPE = {"width": 844, "height": 390}  # the 390 × 844 phone on its side
#: each phase is checked on each of these screens, the page resized (a phone turned)
VIEWS = {"": PHONE, "-844x390": LANDSCAPE, "-1280x800": TABLET}


def on_every_screen(page, what: str) -> None:
    """``what`` shot and checked on the first screen of each of VIEWS, then back to the
    phone held upright."""
    for size, view in VIEWS.items():
        page.set_viewport_size(view)
        page.screenshot(path=str(SHOTS / f"{what}{size}.png"))
        assert_first_screen(page, f"{what}{size}", view)
    page.set_viewport_size(PHONE)


def every_phase_on_the_first_screen(page, base, game, match, user, events) -> None:
    """Each phase of hand 1 stored and read afresh, shot and checked on the first screen
    of every view; then the hand to its end and the next deal entered card by card (its
    first card tapped), checked the same way."""
    log_in(page, base, f"/matches/{match.pk}/score/")
    page.wait_for_selector("#pad-prompt:not(:empty)")
    stored = 0
    SHOTS.mkdir(parents=True, exist_ok=True)
    for phase, upto in phases(game, events):
        page.goto("about:blank")  # no poll while this thread writes (SQLite: one writer)
        store(match, user, events[stored:upto])
        stored = upto
        open_pad(page, base, match)
        on_every_screen(page, f"{game}-{phase}")
    page.goto("about:blank")
    store(match, user, events[stored:])
    open_pad(page, base, match)
    page.click("#pad-actions button.deal-enter")
    page.locator("#pad-deck button.card").first.click()
    on_every_screen(page, f"{game}-deal-entry")
    assert "(reparto, en este teléfono)" in page.locator("#pad-entry").inner_text()


@pytest.mark.parametrize("game", ["belote", "cuatrola", "subastao", "subastao-3"])
def test_every_phase_fits_the_first_screen_upright_and_on_its_side(live_server, phone, game):
    """At 390×844 every phase on the first screen (the start of this module). At 1280×800
    (a tablet on its side, a laptop) the table's cross of seats stood 300 px above the
    prompt and the deck started below the screen: every card was a scroll away. The seats
    are a strip there as on a phone; a taller screen keeps the cross. A phone on its side
    (844×390) had the deck under the strips, below the screen in every phase: there it
    stands beside them. One page, resized at each phase as a phone is turned (the pad's
    layout is CSS alone: a page loaded at a size and one resized to it are drawn alike);
    a touch screen at every size (the CSS asks only sizes, never pointer or hover, so a
    laptop's 1280×800 is drawn as the tablet's)."""
    match, user, events = make_match(game)
    every_phase_on_the_first_screen(phone, live_server.url, game, match, user, events)
    seats = phone.locator("#pad-table .seat")

    def rows() -> set[int]:
        return {round(seats.nth(i).bounding_box()["y"]) for i in range(seats.count())}

    for view in (LANDSCAPE, TABLET):
        phone.set_viewport_size(view)
        assert len(rows()) == 1, f"at {view} the seats are one strip"
    phone.set_viewport_size({"width": 1920, "height": 1080})
    assert len(rows()) > 1, "a tall screen draws the seats round the table"


def test_undo_while_entering_the_deal_takes_back_the_phones_card(live_server, phone):
    """Belote, hand 1 finished 17–12 (B4: the reference round); hand 2's cards entered on
    the phone: undo takes back the phone's last card without asking the server, then the
    one before; with no card left on the phone, undo names hand 1's last card and asks
    again because it reopens the finished hand — declined, nothing is removed."""
    match, user, events = make_match("belote")
    store(match, user, events)
    page = phone
    log_in(page, live_server.url, f"/matches/{match.pk}/score/")
    page.wait_for_selector("#pad-actions button.deal-enter")
    settled(page)
    undos = []
    page.on("request", lambda r: undos.append(r.url) if r.url.endswith("/undo/") else None)
    asked = []

    def answer(dialog):
        asked.append(dialog.message)
        # the first question (which card) accepted, the second (reopen the hand) declined
        dialog.accept() if len(asked) == 1 else dialog.dismiss()

    page.on("dialog", answer)
    page.click("#pad-actions button.deal-enter")
    # hand 2 is Ana's deal (seat 0, after Diego): the first cards are Blas's, three of them
    for card in ("7c", "8c", "9c"):
        page.click(f"#pad-deck button[data-card='{card}']")
    assert "9♣ de Blas Gil (reparto" in page.locator("#pad-entry").inner_text()
    assert page.locator("#pad-prompt").inner_text() == "Cartas de Blas Gil (3 de 8)"
    page.click("#pad-undo")
    assert page.locator("#pad-prompt").inner_text() == "Cartas de Blas Gil (2 de 8)"
    assert "Quitada del reparto: 9♣ de Blas Gil" in page.locator("#pad-status-note").inner_text()
    assert not page.locator("#pad-deck button[data-card='9c']").get_attribute("aria-pressed")
    assert page.locator("#pad-deck button[data-card='8c']").get_attribute("aria-pressed") == "true"
    page.click("#pad-undo")
    page.click("#pad-undo")
    assert page.locator("#pad-prompt").inner_text() == "Cartas de Blas Gil (0 de 8)"
    assert undos == []
    assert asked == []
    hand_one = Hand.objects.get(match=match, number=1)
    assert hand_one.complete
    score = [u.score for u in Match.objects.get(pk=match.pk).units.order_by("unit")]
    assert score == [17, 12]
    # nothing left on the phone: the server's last entry, named, and the reopening asked
    last = HandEvent.objects.filter(hand=hand_one).order_by("-seq").first()
    page.click("#pad-undo")
    assert len(asked) == 2, asked
    card = last.data["card"]
    said = card[:-1] + {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}[card[-1]]
    assert asked[0] == f"¿Quitar {said} de {NAMES[last.seat]} (mano 1, baza 8)?"
    assert asked[1].startswith("La mano 1 está terminada: quitar lo último que se anotó la reabre")
    assert "(Ana Pérez & Carmen Ruiz +17 · Blas Gil & Diego Sanz +12)" in asked[1]
    assert undos == []
    assert HandEvent.objects.filter(hand=hand_one).count() == last.seq + 1
    assert Hand.objects.get(pk=hand_one.pk).complete


def test_the_declarations_show_on_the_pad(live_server, phone):
    """Belote's reference round after trick 1: the declarations announced with the first
    cards and the contract, as the server reads them, in Spanish."""
    match, user, events = make_match("belote")
    plays = [i for i, e in enumerate(events) if e["kind"] == "play"]
    one = first(events, "declaration") + 1
    store(match, user, events[:one])  # the first declaration is the last entry
    page = phone
    log_in(page, live_server.url, f"/matches/{match.pk}/score/")
    page.wait_for_selector("#pad-entry:not(:empty)")
    seat = events[one - 1]["seat"]
    entry = page.locator("#pad-entry").inner_text()
    assert entry.startswith("Último: "), entry
    assert entry.endswith(f"· {NAMES[seat]} (mano 1)"), entry
    assert entry.count(NAMES[seat]) == 1, entry  # the seat named once
    page.goto("about:blank")
    store(match, user, events[one : plays[4]])  # trick 1 played, trick 2 led
    declared = [e for e in events[: plays[4]] if e["kind"] in ("declaration", "belote")]
    assert declared
    page.goto(f"{live_server.url}/matches/{match.pk}/score/")
    page.wait_for_selector("#pad-hand:not([hidden]) .badge")
    settled(page)
    page.screenshot(path=str(SHOTS / "belote-declared.png"))
    said = page.locator("#pad-hand .badge").all_inner_texts()
    assert len(said) == len(declared)
    state = services.replay(match).hands[0]
    words = {"tierce": "tercera", "quarte": "cuarta", "quint": "quinta", "four": "póquer"}
    for text, d in zip(said, state.declarations, strict=True):
        assert text.startswith(words.get(d.kind, d.kind)), text
        assert text.endswith(f"· {NAMES[d.seat]} {d.value}"), text
    assert page.locator("#pad-hand").inner_text().startswith("Bazas ")

    box_in_view(page, page.locator("#pad-hand"), "the hand")


def test_the_penalty_asks_first(live_server, phone):
    """Cuatrola, trick 2: the organiser's penalty against Blas names its consequence and
    is sent only when confirmed."""
    match, user, events = make_match("cuatrola")
    store(match, user, events[: first(events, "play") + 5])
    page = phone
    log_in(page, live_server.url, f"/matches/{match.pk}/score/")
    page.wait_for_selector("#pad-deck:not([hidden])")
    settled(page)
    page.click("#pad-other summary")
    penalty = page.locator("#pad-other-actions button", has_text="Blas Gil (C7)")
    asked = []
    page.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    penalty.click()
    assert asked == [
        "¿Anotar la penalización C7 contra Blas Gil? Termina ahora la mano 1 y la puntúa como "
        "dice la regla: en esta mano no se juegan más cartas."
    ]
    assert not HandEvent.objects.filter(kind="penalty").exists()
    page.once("dialog", lambda d: d.accept())
    with page.expect_response(lambda r: r.url.endswith("/events/")):
        penalty.click()
    settled(page)
    event = HandEvent.objects.get(kind="penalty")
    assert (event.seat, event.data["rule"]) == (1, "C7")


def test_a_stale_pad_cannot_undo_a_finished_hands_card(live_server, phone):
    """Belote, hand 1 finished; the pad read it, then another device recorded hand 2's
    deal. The pad still names hand 1's last card: the server refuses (409, the last entry
    is another), saying so in a sentence, nothing is removed, and the pad shows the match
    as it is now."""
    match, user, events = make_match("belote")
    store(match, user, events)
    page = phone
    log_in(page, live_server.url, f"/matches/{match.pk}/score/")
    page.wait_for_selector("#pad-actions button.deal-enter")
    settled(page)
    # another device, before this pad's next poll (which the pad, offline meanwhile, does
    # not send: SQLite takes one writer while this thread writes)
    page.context.set_offline(True)
    store(match, user, [{"kind": "deal"}])
    page.context.set_offline(False)
    page.on("dialog", lambda d: d.accept())
    with page.expect_response(lambda r: r.url.endswith("/undo/")) as answer:
        page.click("#pad-undo")
    assert answer.value.status == 409
    page.wait_for_selector("#pad-error:not(:empty)")
    # the server's refusal, shown as a sentence (the API's text starts in lowercase)
    assert answer.value.json()["detail"].startswith("lo último anotado es el número 0")
    refusal = page.inner_text("#pad-error")
    assert refusal.startswith("Lo último anotado es el número 0 de la mano 2"), refusal
    assert "no se ha deshecho nada" in refusal
    assert Hand.objects.get(match=match, number=1).complete
    assert HandEvent.objects.filter(hand__number=2).count() == 1
    page.wait_for_function(
        "document.querySelector('#pad-entry').textContent.includes('el reparto (mano 2)')"
    )


def unclipped(page, selector: str) -> dict:
    """The box of ``selector`` and whether its text is cut: wider than its box, or
    scrolled so that its start is out of view."""
    return page.eval_on_selector(
        selector,
        "el => ({text: el.innerText, scroll: el.scrollWidth - el.clientWidth,"
        " left: el.scrollLeft})",
    )


def test_the_calls_and_the_dealers_label_are_read_whole(live_server, phone):
    """Cuatrola, three calls made and the dealer to speak, long names: the calls strip
    starts with its label and shows every call, and the dealer's seat reads "repartidor ·
    le toca" whole (wrapped, not cut), with the first screen as it was."""
    match, user, events = make_match("cuatrola")
    long = ["Fermín Castellanos", "Begoña Iturralde", "Maximiliano Ruiz", "Encarnación Gil"]
    for seat in match.seats.order_by("number"):
        seat.player.display_name = long[seat.number]
        seat.player.save()
    page = phone
    log_in(page, live_server.url, f"/matches/{match.pk}/score/")
    page.goto("about:blank")
    store(match, user, events[:4])  # the deal and three passes: the dealer (seat 4) speaks
    open_pad(page, live_server.url, match)
    page.screenshot(path=str(SHOTS / "cuatrola-calls-long-names.png"))
    strip = unclipped(page, "#pad-speech")
    assert strip["text"].startswith("Cantos: Fermín Castellanos pasa"), strip
    for name in long[:3]:
        assert f"{name} pasa" in strip["text"]
    assert strip["scroll"] <= 0, strip
    assert strip["left"] == 0, strip
    dealer = unclipped(page, "#pad-table .seat-3 small")
    assert dealer["text"].replace("\n", " ") == "repartidor · le toca", dealer
    assert dealer["scroll"] <= 0, dealer
    assert_first_screen(page, "cuatrola auction, long names")
