"""Issue 13's league on the database, through the services, pages, API and downloads.

Five pairs; pair 5 withdraws before round 1, so the Berger tables of four are drawn:
R1 1-4 2-3, R2 4-3 1-2, R3 2-4 3-1. Round 1 is played (1 beats 4 11-7, 2 beats 3 11-6);
round 2 is drawn, then pair 4 withdraws (its open fixture 4-3 is decided at once) and
the organiser records that pair 2 did not turn up against 1 (a forfeit, 11-0 by
default); round 3 is drawn (2-4 decided at once) and 3 beats 1 11-8. The same league as
``test_standings.test_withdrawals_and_a_forfeit_hand_computed``, by hand there.
"""

import csv
import io
import random

import pytest

from games import services as games
from games.engine.cuatrola.simulate import random_match
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tournaments import services
from tournaments.models import Entry, Fixture, StandingsSnapshot, Tournament
from tournaments.standings_store import load_results

# CI's second phase: the standings' aggregate queries and versions
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits"), pytest.mark.services]

# seeds of random legal matches dealt first by seat 0, and the score each ends with
SEED_11_7, SEED_11_6, SEED_11_8 = 117, 60, 285


@pytest.fixture
def organiser_and_club():
    club = ClubFactory(slug="pena")
    organiser = MembershipFactory(
        club=club, role="organiser", user=UserFactory(username="org")
    ).user
    organiser.set_password("pw")
    organiser.save()
    players = [PlayerFactory(club=club, display_name=f"J{i}") for i in range(10)]
    t = services.create_tournament(club=club, user=organiser, name="Liga", format="round_robin")
    for i in range(5):
        services.add_entry(t, organiser, f"Pareja {i + 1}", players[2 * i], players[2 * i + 1])
    return t, organiser


def play(fixture, seed: int, user) -> None:
    match = fixture.match
    record = random_match(
        random.Random(seed), games.parse_rules(match.rules), first_dealer=match.first_dealer
    )
    games.record_hands(match, record, user)


def tables(round_) -> list[tuple]:
    return [tuple(e.seed for e in f.entries()) for f in round_.fixtures.order_by("table")]


def run_league(t: Tournament, organiser, results: str, unplayed: str) -> None:
    services.withdraw_entry(t.entries.get(seed=5), organiser)  # before round 1
    five = t.entries.get(seed=5)
    assert (five.withdrawn_after_round, five.withdrawal_results) == (0, "annul")  # FIDE
    r1 = services.generate_next_round(t, organiser)
    assert tables(r1) == [(1, 4), (2, 3)]  # pair 5 is not drawn
    play(r1.fixtures.get(table=1), SEED_11_7, organiser)
    play(r1.fixtures.get(table=2), SEED_11_6, organiser)
    r2 = services.generate_next_round(t, organiser)
    assert tables(r2) == [(4, 3), (1, 2)]
    services.withdraw_entry(t.entries.get(seed=4), organiser, results, unplayed)
    open_fixture = r2.fixtures.get(table=1)
    assert open_fixture.decision == unplayed  # decided at once: the round can finish
    forfeit = r2.fixtures.get(table=2)
    services.decide_fixture(forfeit, organiser, "forfeit", [t.entries.get(seed=2)])
    r3 = services.generate_next_round(t, organiser)
    assert tables(r3) == [(2, 4), (3, 1)]
    drawn_against_4 = r3.fixtures.get(table=1)
    assert (drawn_against_4.decision, drawn_against_4.match) == (unplayed, None)
    play(r3.fixtures.get(table=2), SEED_11_8, organiser)


KEPT = [
    # name, rank, Pts, Dif, NP (forfeits), withdrawn
    ("Pareja 1", 1, 2, 12, 0, False),
    ("Pareja 3", 2, 2, 9, 0, False),
    ("Pareja 2", 3, 2, 5, 1, False),
    ("Pareja 5", 4, 0, 0, 0, True),
    ("Pareja 4", 5, 0, -26, 2, True),
]
ANNULLED = [
    ("Pareja 1", 1, 1, 8, 0, False),
    ("Pareja 3", 2, 1, -2, 0, False),
    ("Pareja 2", 3, 1, -6, 1, False),
    ("Pareja 4", 4, 0, 0, 0, True),
    ("Pareja 5", 4, 0, 0, 0, True),
]


@pytest.mark.parametrize(
    ("results", "unplayed", "expected"),
    [("keep", "forfeit", KEPT), ("annul", "void", ANNULLED)],
)
def test_the_league_by_hand_is_the_same_on_the_page_the_api_and_the_csv(
    organiser_and_club, client, results, unplayed, expected
):
    t, organiser = organiser_and_club
    run_league(t, organiser, results, unplayed)
    api = client.get(f"/api/v1/tournaments/{t.pk}/standings/").json()
    assert api["after_round"] == 3
    got = [
        (r["name"], r["rank"], r["match_points"], r["points_diff"], r["forfeits"], r["withdrawn"])
        for r in api["rows"]
    ]
    assert got == expected
    response = client.get(f"/tournaments/{t.pk}/?_export=csv", HTTP_ACCEPT_LANGUAGE="en")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert [
        (r["Entry"], int(r["#"]), int(r["Pts"]), int(r["Diff"]), int(r["FF"]), r["Withdrawn"])
        for r in rows
    ] == [(n, k, p, d, f, "withdrawn" if w else "") for n, k, p, d, f, w in expected]
    assert {r["After round"] for r in rows} == {"3"}
    html = client.get(f"/tournaments/{t.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    table = html[
        html.index('class="standings"') : html.index("</table>", html.index('class="standings"'))
    ]
    names = [n for n, *_ in expected]
    assert sorted(names, key=table.index) == names  # the page lists them in the same order
    assert table.count('<span class="badge">withdrawn</span>') == 2
    assert "share a rank: nothing else is compared" in html


def test_kept_results_show_the_forfeits_everywhere(organiser_and_club, client):
    t, organiser = organiser_and_club
    run_league(t, organiser, "keep", "forfeit")
    rounds = client.get(f"/api/v1/tournaments/{t.pk}/rounds/").json()
    second = rounds[1]["fixtures"]
    assert [f["status"] for f in second] == ["forfeit", "forfeit"]
    four_three, one_two = second
    four, three, one, two = (t.entries.get(seed=s).pk for s in (4, 3, 1, 2))
    assert four_three["units"] == [
        {"entry": four, "score": 0, "winner": False, "forfeited": True},
        {"entry": three, "score": 11, "winner": True, "forfeited": False},
    ]
    assert one_two["units"] == [
        {"entry": one, "score": 11, "winner": True, "forfeited": False},
        {"entry": two, "score": 0, "winner": False, "forfeited": True},
    ]
    assert four_three["match"] is not None  # the match drawn stays, unplayed
    assert rounds[2]["fixtures"][0]["match"] is None  # drawn against a withdrawn pair
    sheet = client.get(f"/tournaments/{t.pk}/rounds/2/", HTTP_ACCEPT_LANGUAGE="en")
    assert sheet.content.decode().count('<span class="badge">forfeited</span>') == 2
    page = client.get(f"/tournaments/{t.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert page.count('title="forfeited">NP</span>') == 3  # 4 twice, 2 once
    entries = client.get(f"/api/v1/tournaments/{t.pk}/entries/").json()
    assert [
        (e["name"], e["withdrawn_after_round"], e["withdrawal_results"], e["withdrawal_unplayed"])
        for e in entries
        if e["withdrawn"]
    ] == [("Pareja 4", 2, "keep", "forfeit"), ("Pareja 5", 0, "annul", "void")]


def test_the_default_keeps_the_results_after_half_the_games(organiser_and_club):
    """FIDE: fewer than half the scheduled games played, annulled; else kept. With four
    starters each has 3 games: after 1 game annulled, after 2 kept."""
    t, organiser = organiser_and_club
    services.withdraw_entry(t.entries.get(seed=5), organiser)
    r1 = services.generate_next_round(t, organiser)
    play(r1.fixtures.get(table=1), SEED_11_7, organiser)
    play(r1.fixtures.get(table=2), SEED_11_6, organiser)
    assert services.default_withdrawal(t.entries.get(seed=4)) == "annul"
    r2 = services.generate_next_round(t, organiser)
    services.decide_fixture(r2.fixtures.get(table=1), organiser, "forfeit", [t.entries.get(seed=3)])
    assert services.default_withdrawal(t.entries.get(seed=4)) == "keep"  # 2 of 3: a forfeit counts


def test_withdrawal_and_decision_choices_are_checked(organiser_and_club):
    t, organiser = organiser_and_club
    one = t.entries.get(seed=1)
    with pytest.raises(games.Refused, match="annulled results void the unplayed fixtures") as e:
        services.withdraw_entry(one, organiser, "annul", "forfeit")
    assert e.value.item == {"field": "unplayed"}
    services.withdraw_entry(one, organiser, "keep")
    with pytest.raises(games.Refused, match="already withdrawn"):
        services.withdraw_entry(Entry.objects.get(pk=one.pk), organiser)
    r1 = services.generate_next_round(t, organiser)
    played = r1.fixtures.exclude(match=None).first()
    a, b = played.entries()
    for decision, forfeited, scores, field in [
        ("forfeit", [], None, "forfeited"),
        ("forfeit", [a, b], None, "forfeited"),
        ("forfeit", [a], [11], "scores"),
        ("forfeit", [a], [11, -1], "scores"),
        ("void", [a], None, "forfeited"),
        ("maybe", [], None, "decision"),
    ]:
        with pytest.raises(games.Refused) as e:
            services.decide_fixture(played, organiser, decision, forfeited, scores)
        assert e.value.item == {"field": field}, decision
    services.decide_fixture(played, organiser, "forfeit", [a], [3, 9])
    assert [(u.forfeited, u.awarded_score) for u in played.ordered()] == [(True, 3), (False, 9)]
    services.decide_fixture(played, organiser, "")  # back to the match
    played.refresh_from_db()
    assert played.decision == ""
    assert [(u.forfeited, u.awarded_score) for u in played.ordered()] == [(False, None)] * 2


def test_organiser_forms_withdraw_and_decide_on_the_pages(organiser_and_club, client):
    t, organiser = organiser_and_club
    client.login(username="org", password="pw")
    five = t.entries.get(seed=5)
    response = client.post(
        f"/tournaments/{t.pk}/entries/{five.pk}/withdraw/",
        {"results": "", "unplayed": ""},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert "Pareja 5 withdrew: results annulled, unplayed fixtures void." in (
        response.content.decode()
    )
    r1 = services.generate_next_round(t, organiser)
    f = r1.fixtures.get(table=1)
    a, b = f.entries()
    sheet = client.get(f"/tournaments/{t.pk}/rounds/1/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Decide this table" in sheet
    response = client.post(
        f"/tournaments/{t.pk}/fixtures/{f.pk}/decide/",
        {f"f{f.pk}-decision": "forfeit", f"f{f.pk}-forfeited": [str(b.pk)]},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert "Table 1 decided." in response.content.decode()
    f.refresh_from_db()
    assert f.decision == Fixture.Decision.FORFEIT
    assert [(u.entry, u.forfeited, u.awarded_score) for u in f.ordered()] == [
        (a, False, 11),
        (b, True, 0),
    ]
    # a scorer may not decide: 403, nothing changed
    scorer = MembershipFactory(club=t.club, role="scorer", user=UserFactory(username="sc")).user
    scorer.set_password("pw")
    scorer.save()
    client.login(username="sc", password="pw")
    response = client.post(
        f"/tournaments/{t.pk}/fixtures/{f.pk}/decide/", {f"f{f.pk}-decision": "void"}
    )
    assert response.status_code == 403
    f.refresh_from_db()
    assert f.decision == Fixture.Decision.FORFEIT


def test_a_decided_fixture_leaves_the_live_scoreboard(organiser_and_club, client):
    t, organiser = organiser_and_club
    services.withdraw_entry(t.entries.get(seed=5), organiser)
    r1 = services.generate_next_round(t, organiser)
    first = client.get(f"/api/v1/tournaments/{t.pk}/live/")
    assert [m["table"] for m in first.json()["matches"]] == [1, 2]
    services.decide_fixture(r1.fixtures.get(table=1), organiser, "void")
    again = client.get(f"/api/v1/tournaments/{t.pk}/live/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200  # the validator moved on
    assert [m["table"] for m in again.json()["matches"]] == [2]


# Issue 18, item 11: a withdrawn entry gets no bye (a bye is a win). The five pairs of
# the fixture, none withdrawn before round 1: Berger tables of five (the phantom sixth is
# the bye): R1 2-5 3-4 bye 1 · R2 5-3 1-2 bye 4 · R3 3-1 4-5 bye 2 · R4 1-4 2-3 bye 5.
# Round 1: 2 beats 5 11-7, 3 beats 4 11-6. Pair 5 withdraws, results kept, its unplayed
# fixtures forfeits (11-0). R2: 3 wins by forfeit, 1 beats 2 11-8. R3: 3 beats 1 11-7,
# 4 wins by forfeit. R4: 1 beats 4 11-6, 2 beats 3 11-8, and pair 5's bye is not drawn.
# By hand (1 point a win, a bye a win):
#   pair 1: bye, W 11-8, L 7-11, W 11-6       won 3, points 3, diff +3 -4 +5 = 4
#   pair 2: W 11-7, L 8-11, bye, W 11-8       won 3, points 3, diff +4 -3 +3 = 4
#   pair 3: W 11-6, FF W 11-0, W 11-7, L 8-11 won 3, points 3, diff +5 +11 +4 -3 = 17
#   pair 4: L 6-11, bye, FF W 11-0, L 6-11    won 2, points 2, diff -5 +11 -5 = 1
#   pair 5: L 7-11, FF L 0-11, FF L 0-11      won 0, points 0, diff -4 -11 -11 = -26
NO_BYE_FOR_THE_WITHDRAWN = {
    "Pareja 1": (3, 3, 4),
    "Pareja 2": (3, 3, 4),
    "Pareja 3": (3, 3, 17),
    "Pareja 4": (2, 2, 1),
    "Pareja 5": (0, 0, -26),
}


def test_a_pair_withdrawn_with_its_results_kept_gets_no_bye(organiser_and_club):
    t, organiser = organiser_and_club
    r1 = services.generate_next_round(t, organiser)
    assert tables(r1) == [(2, 5), (3, 4), (1,)]
    play(r1.fixtures.get(table=1), SEED_11_7, organiser)
    play(r1.fixtures.get(table=2), SEED_11_6, organiser)
    services.withdraw_entry(t.entries.get(seed=5), organiser, "keep", "forfeit")
    r2 = services.generate_next_round(t, organiser)
    assert tables(r2) == [(5, 3), (1, 2), (4,)]
    play(r2.fixtures.get(table=2), SEED_11_8, organiser)
    r3 = services.generate_next_round(t, organiser)
    assert tables(r3) == [(3, 1), (4, 5), (2,)]
    play(r3.fixtures.get(table=1), SEED_11_7, organiser)
    r4 = services.generate_next_round(t, organiser)
    assert tables(r4) == [(1, 4), (2, 3)]  # no bye for pair 5
    play(r4.fixtures.get(table=1), SEED_11_6, organiser)
    play(r4.fixtures.get(table=2), SEED_11_8, organiser)

    rows = StandingsSnapshot.objects.get(tournament=t, after_round=4).rows
    got = {r["name"]: (r["won"], r["match_points"], r["points_diff"]) for r in rows}
    assert got == NO_BYE_FOR_THE_WITHDRAWN
    assert (rows[-1]["name"], rows[-1]["withdrawn"]) == ("Pareja 5", True)


def test_a_bye_drawn_after_the_withdrawal_by_an_older_version_counts_for_nothing(
    organiser_and_club,
):
    t, organiser = organiser_and_club
    r1 = services.generate_next_round(t, organiser)
    assert tables(r1) == [(2, 5), (3, 4), (1,)]
    services.withdraw_entry(t.entries.get(seed=1), organiser, "keep", "void")
    # as an older version left it: withdrawn before the round that gave it its bye
    Entry.objects.filter(tournament=t, seed=1).update(withdrawn_after_round=0)
    assert [r for r in load_results(t).results if r.is_bye] == []
