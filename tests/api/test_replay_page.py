"""The step-by-step replay (/matches/<id>/replay/?step=N, issue 19 item 8): each step is
the position the engine's replay stood at after that event — the hands held (only to
those who may see them while the hand is in play: test_hidden_hands.py's rule), the
trick on the table, the calls, the tricks and points so far and the score."""

import itertools
import random
import re

import pytest
from django.test import Client

from games import services
from games.engine import find_game
from games.engine.belote.simulate import random_match
from games.steps import hand_replay, match_steps

from .conftest import client_for
from .helpers import post_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def trick_one(setup, in_play) -> dict:
    """Dealer Diego (seat 3) shows 10o; the four pass; Ana leads 10e (``in_play``), Blas
    11e, Carmen 1e, Diego 12e: nine events, the ninth completes trick 1 (Carmen's ace)."""
    client = client_for(setup.scorer)
    state = in_play
    for card in ("11e", "1e", "12e"):
        state = post_event(client, state["id"], state, {"kind": "play", "card": card})
    return state


def page(client: Client, match_id: int, query: str):
    return client.get(f"/matches/{match_id}/replay/{query}")


def section(html: str, n: int) -> str:
    """The HTML of step ``n``'s position (up to the next step's)."""
    start = html.index(f'id="step-{n}"')
    end = html.find('<section class="replay-step"', start)
    return html[start : end if end != -1 else len(html)]


def cards(html: str) -> list[str]:
    return re.findall(r'aria-label="([^"]+ de [a-z]+)"', html)


def organiser(setup) -> Client:
    c = Client()
    c.force_login(setup.organiser)
    return c


def test_every_step_of_the_hand_is_on_the_page_the_asked_one_shown(setup, trick_one):
    r = page(organiser(setup), trick_one["id"], "?step=6")
    assert r.status_code == 200
    html = r.content.decode()
    assert re.findall(r'id="step-(\d+)"', html) == [str(n) for n in range(1, 10)]
    assert re.findall(r'id="step-(\d+)" data-step="\d+"(?! hidden)', html) == ["6"]
    six = section(html, 6)
    assert 'href="?step=5"' in six
    assert 'href="?step=7"' in six
    assert "6 / 9" in six
    assert "Ana juega" in six


def test_the_deal_step_shows_the_dealer_and_the_four_hands(setup, trick_one):
    one = section(page(organiser(setup), trick_one["id"], "?step=1").content.decode(), 1)
    assert "Reparte Diego" in one
    hands = one[one.index('class="replay-hands"') : one.index("</ul>")]
    # the trump card first (in the step's words), then the 20 cards dealt, seat by seat
    assert cards(hands)[:5] == [
        "as de oros",
        "3 de oros",
        "rey de copas",
        "caballo de copas",
        "sota de espadas",
    ]
    assert len(cards(hands)) == 20
    assert "Ninguna carta en la mesa." in one


def test_a_card_played_leaves_its_hand_and_lies_on_the_table(setup, trick_one):
    six = section(page(organiser(setup), trick_one["id"], "?step=6").content.decode(), 6)
    table = six[six.index("replay-trick") : six.index("replay-hands")]
    assert cards(table) == ["sota de espadas"]
    hands = six[six.index("replay-hands") :]
    assert len(cards(hands[: hands.index("</li>")])) == 4  # Ana: 1o 3o 12c 11c
    assert "Ana <em>pasa</em>, Blas <em>pasa</em>, Carmen <em>pasa</em>, Diego <em>pasa</em>" in six


def test_the_step_that_completes_a_trick_shows_it_its_winner_and_the_count(setup, trick_one):
    nine = section(page(organiser(setup), trick_one["id"], "?step=9").content.decode(), 9)
    table = nine[nine.index("replay-trick") : nine.index("replay-hands")]
    assert cards(table) == [
        "sota de espadas",
        "caballo de espadas",
        "as de espadas",
        "rey de espadas",
    ]
    # 2 + 3 + 11 + 4 card points to Carmen's side
    assert "→ Carmen (20)" in table
    score = nine[nine.index("replay-score") :]
    rows = re.findall(r'<th scope="row">([^<]+)</th><td>([^<]+)</td><td>([^<]+)</td>', score)
    assert rows == [("Ana &amp; Carmen", "1", "20"), ("Blas &amp; Diego", "0", "0")]
    assert re.findall(r"<strong>(\d+)</strong>", score) == ["0", "0"]  # the match score
    assert 'rel="next"' not in nine  # the last step so far


def test_others_see_no_hand_in_play(setup, trick_one):
    html = page(Client(), trick_one["id"], "?step=6").content.decode()
    six = section(html, 6)
    assert "replay-hands" not in six
    assert "Las cartas de los jugadores se muestran cuando termina la mano." in six
    assert "as de copas" not in html  # Blas holds it: never on the page
    assert cards(six[six.index("replay-trick") : six.index("replay-calls")]) == ["sota de espadas"]


def test_step_and_hand_are_read_or_refused(setup, trick_one):
    c = organiser(setup)
    assert page(c, trick_one["id"], "?step=99").context["current"] == 9  # beyond: the last
    assert page(c, trick_one["id"], "?hand=1").context["current"] == 1
    refused = page(c, trick_one["id"], "?step=dos")
    assert refused.status_code == 400
    # the site's page saying what was wrong (tests/test_bad_addresses.py: both languages)
    assert "step=dos: el paso y la mano son números enteros desde 1." in refused.content.decode()
    assert page(c, 999_999, "?step=1").status_code == 404
    # digits to str.isdigit that int() refuses, and a number longer than any match: 400
    for query in ("?step=²", "?hand=٣", "?step=" + "9" * 5000, "?hand=1234567890"):
        assert page(c, trick_one["id"], query).status_code == 400, query


def test_the_match_page_links_each_hand_to_its_steps(setup, trick_one):
    html = Client().get(f"/matches/{trick_one['id']}/").content.decode()
    assert f'href="/matches/{trick_one["id"]}/replay/?hand=1"' in html
    assert "Ana <em>pasa</em>" in html  # the match page says what the pad says (not "pasar")


def test_belote_declarations_and_cantes_show_from_their_moment(setup):
    """A Belote match imported from a random record: the step of a declaration says it
    and lists it; the step before lists none of that seat's; the step of the last card of
    a hand shows the trick and the score moves only with the hand's result."""
    belote = find_game("belote")
    rng = random.Random(7)
    record = next(
        r
        for r in (random_match(rng, max_hands=3) for _ in range(30))
        if any(
            belote.event_to_dict(e)["kind"] == "declaration" for h in r.hands for e in h.events()
        )
    )
    record.seats = [p.display_name for p in setup.players]
    match = services.import_record(setup.club, record, setup.organiser)
    steps = match_steps(match, record.seats, hide_deal_in_play=False)
    first = next(s for s in steps if s.event["kind"] == "declaration")
    before = steps[first.number - 2]
    assert before.hand == first.hand
    assert len(first.position["declarations"]) == len(before.position["declarations"]) + 1
    html = organiser(setup).get(f"/matches/{match.pk}/replay/?step={first.number}")
    shown = section(html.content.decode(), first.number)
    assert f"{first.event['name']} declara" in shown
    assert 'class="declarations"' in shown
    # the match score changes only on the step that ends a hand
    for a, b in itertools.pairwise(steps):
        if [u["score"] for u in a.position["units"]] != [u["score"] for u in b.position["units"]]:
            assert b.position["complete"], b.number


def test_one_hands_replay_is_that_hands_part_of_the_whole_replay(setup):
    """The page builds only the shown hand's positions (``hand_replay``): for every step
    and every hand of a three-hand Belote match they are exactly that hand's part of the
    whole match's replay, with the match's step count; a hand it has not begun has none."""
    record = random_match(random.Random(11), max_hands=3)
    record.seats = [p.display_name for p in setup.players]
    match = services.import_record(setup.club, record, setup.organiser)
    whole = match_steps(match, record.seats, hide_deal_in_play=False)
    hands = sorted({s.hand for s in whole})
    assert hands == [1, 2, 3]

    def part(hand: int) -> list:
        return [s for s in whole if s.hand == hand]

    for step in [0, *range(1, len(whole) + 1, 7), len(whole), len(whole) + 5]:
        shown = hand_replay(match, record.seats, hide_deal_in_play=False, step=step)
        at = whole[min(max(step, 1), len(whole)) - 1].hand
        current = min(max(step, 1), len(whole))
        assert (shown.steps, shown.current, shown.total, shown.hands) == (
            part(at),
            current,
            len(whole),
            3,
        ), step
    for hand in hands:
        shown = hand_replay(match, record.seats, hide_deal_in_play=False, hand=hand)
        assert (shown.steps, shown.current) == (part(hand), part(hand)[0].number)
    assert hand_replay(match, record.seats, hide_deal_in_play=False, hand=4).steps == []
    assert hand_replay(match, record.seats, hide_deal_in_play=False, hand=0).steps == []
