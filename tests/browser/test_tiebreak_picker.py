"""The new-tournament form on a 390 × 844 phone: the tiebreak picker offers the chosen
game's metrics only (and its table size's, where a rule decides it), one select at a time,
a metric chosen once not again below; the Swiss rounds appear for a Swiss only."""

import pytest

from tests.factories import ClubFactory, MembershipFactory, UserFactory
from tournaments.models import Tournament

from .helpers import fits, log_in, phone_context

pytestmark = pytest.mark.django_db(transaction=True)


def offered(page, select: str) -> list[str]:
    return page.eval_on_selector(
        select, "s => [...s.options].filter(o => o.value && !o.disabled).map(o => o.value)"
    )


def test_the_tiebreak_picker_on_a_phone(live_server, browser):
    club = ClubFactory(slug="pena")
    user = UserFactory(username="org")
    user.set_password("pw")
    user.save()
    MembershipFactory(club=club, role="organiser", user=user)
    context = phone_context(browser)
    page = context.new_page()
    log_in(page, live_server.url, "org", "pw", "/clubs/pena/tournaments/new/")
    page.fill("#id_name", "Liga de belote")
    page.select_option("#id_game", "belote")
    first = offered(page, "#id_tiebreak_1")
    assert "capots" in first
    assert "solos" not in first
    assert page.locator("#id_tiebreak_1").is_visible()
    assert not page.locator("#id_tiebreak_2").is_visible()  # one at a time

    page.select_option("#id_format", "round_robin")
    assert not page.locator("#id_swiss_rounds").is_visible()
    page.select_option("#id_format", "swiss")
    assert page.locator("#id_swiss_rounds").is_visible()
    page.select_option("#id_format", "round_robin")

    page.select_option("#id_tiebreak_1", "capots")
    assert page.locator("#id_tiebreak_2").is_visible()
    assert "capots" not in offered(page, "#id_tiebreak_2")
    page.select_option("#id_tiebreak_2", "points_diff")
    box = page.locator("#id_tiebreak_2").bounding_box()
    assert box["height"] >= 44  # a thumb's target
    fits(page)
    # a game changed: a metric it has not is dropped
    page.select_option("#id_game", "cuatrola")
    assert page.input_value("#id_tiebreak_1") == ""
    # Subastao: "times 1st" ranks tables of three (3 players), not two pairs (4 players)
    page.select_option("#id_game", "subastao")
    page.select_option("#id_subastao-players", "3")
    assert "placed_1" in offered(page, "#id_tiebreak_1")
    assert "won" not in offered(page, "#id_tiebreak_1")
    assert page.input_value("#id_tiebreak_2") == ""  # the points difference: pairs only
    page.select_option("#id_tiebreak_1", "placed_1")
    page.select_option("#id_subastao-players", "4")
    assert page.input_value("#id_tiebreak_1") == ""  # dropped with the table of three
    assert "placed_1" not in offered(page, "#id_tiebreak_1")
    assert "won" in offered(page, "#id_tiebreak_1")
    page.select_option("#id_game", "belote")
    page.select_option("#id_tiebreak_1", "capots")
    page.select_option("#id_tiebreak_2", "points_diff")
    page.click("#tournament-settings button[type=submit]")
    page.wait_for_url("**/tournaments/*/")
    assert Tournament.objects.get().tiebreaks == ["capots", "points_diff"]
    context.close()
