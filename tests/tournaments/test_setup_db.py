"""Tournament setup on the database: settings before round 1, seeding, points per win,
deleting, drawing again and swapping a round not yet played, the schedule and tables in
the room, and a withdrawal undone. Expected values are worked out by hand in comments."""

import datetime

import pytest
from django.utils import translation

from games.engine.cuatrola import event_to_dict
from games.models import Match
from games.refusals import localize
from games.services import Refused, record_event
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tournaments import services
from tournaments.models import Fixture, StandingsSnapshot, Tournament
from tournaments.services import Conflict

# CI's second phase: the draw's bulk updates under unique constraints
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits"), pytest.mark.services]


@pytest.fixture
def setup():
    club = ClubFactory(slug="pena")
    organiser = MembershipFactory(
        club=club, role="organiser", user=UserFactory(username="org")
    ).user
    players = [PlayerFactory(club=club, display_name=f"J{i}") for i in range(12)]
    return club, organiser, players


def league(club, organiser, players, n=4, **options) -> Tournament:
    options.setdefault("format", "round_robin")
    t = services.create_tournament(club=club, user=organiser, name="Liga", **options)
    for i in range(n):
        services.add_entry(t, organiser, f"P{i + 1}", players[2 * i], players[2 * i + 1])
    return t


def names(round_) -> list[tuple[str, ...]]:
    return [tuple(e.name for e in f.entries()) for f in round_.fixtures.order_by("table")]


def first_deal(match: Match) -> None:
    """One recorded event: the first hand's deal (the match now has a recorded hand)."""
    import random

    from games import services as games
    from games.engine import hand_events
    from games.engine.cuatrola.simulate import random_match

    record = random_match(random.Random(3), games.parse_rules(match.rules), first_dealer=0)
    event = event_to_dict(next(iter(hand_events(record.hands[0]))))
    event.pop("dealer", None)
    row = match.hands.get(number=1)
    record_event(row, row.next_seq, event, match.created_by)


# ------------------------------------------------------------------ settings
def test_every_rule_option_and_points_per_win_are_stored(setup):
    club, organiser, players = setup
    rules = {"match": "hands", "target": 8, "quintola": False, "renuncio_penalty": False}
    t = league(club, organiser, players, rules=rules, points_per_win=3, is_public=False)
    assert (t.rules, t.points_per_win, t.is_public) == (rules, 3, False)
    r1 = services.generate_next_round(t, organiser)
    assert r1.fixtures.first().match.rules == rules  # the matches play the tournament's rules


def test_settings_change_before_round_1_and_only_name_and_visibility_after(setup):
    club, organiser, players = setup
    t = league(club, organiser, players)
    t = services.update_tournament(
        t, organiser, name="Liga de otoño", format="swiss", rules={"target": 21}, points_per_win=2
    )
    t.refresh_from_db()
    assert (t.name, t.format, t.rules["target"], t.points_per_win) == (
        "Liga de otoño",
        "swiss",
        21,
        2,
    )
    services.generate_next_round(t, organiser)
    with pytest.raises(Conflict, match="Round 1 has been drawn: only the name") as exc:
        services.update_tournament(t, organiser, points_per_win=3)
    assert exc.value.item == {"field": "points_per_win"}
    services.update_tournament(t, organiser, name="Liga", is_public=False)
    t.refresh_from_db()
    assert (t.name, t.is_public, t.points_per_win) == ("Liga", False, 2)


def test_a_game_with_other_entries_is_refused_while_pairs_are_entered(setup):
    club, organiser, players = setup
    t = league(club, organiser, players)
    with pytest.raises(Conflict) as exc:
        services.update_tournament(
            t, organiser, game="subastao", rules={"players": 3}, format="swiss"
        )
    assert (exc.value.status, exc.value.rule, exc.value.item) == (409, None, {"field": "rules"})
    # the pairs entered (2 players) against tables of three (1 player an entry)
    assert exc.value.message == (
        "The entries already made have 2 player(s) each and these rules need 1: remove them first."
    )
    assert localize(exc.value.message, lang="es") == (
        "Las inscripciones ya hechas tienen 2 jugador(es) cada una y estas reglas piden 1: "
        "quítalas primero."
    )
    with pytest.raises(Refused) as exc:
        services.update_tournament(t, organiser, rules={"target": 0})
    assert exc.value.item == {"field": "rules"}


def test_points_per_win_are_the_standings_numbers(setup):
    club, organiser, players = setup
    t = league(club, organiser, players, points_per_win=3)
    r1 = services.generate_next_round(t, organiser)  # Berger: P1–P4, P2–P3
    f1, f2 = r1.fixtures.order_by("table")
    p1, p4 = f1.entries()
    p2, p3 = f2.entries()
    services.decide_fixture(f1, organiser, "forfeit", [p4])
    services.decide_fixture(f2, organiser, "forfeit", [p2])
    rows = {r["entry"]: r for r in StandingsSnapshot.objects.get(tournament=t).rows}
    # a forfeit win counts 3 match points (not 1), the forfeiting side 0
    assert [rows[e.pk]["match_points"] for e in (p1, p2, p3, p4)] == [3, 0, 3, 0]


# ------------------------------------------------------------------ seeding
def test_seeding_decides_the_berger_tables_of_round_1(setup):
    club, organiser, players = setup
    t = league(club, organiser, players)
    e = {x.name: x for x in t.entries.all()}
    # Berger round 1 for 4: 1–4, 2–3. Seeds P3, P1, P4, P2 → P3–P2, P1–P4
    services.set_seeding(t, organiser, [e["P3"], e["P1"], e["P4"], e["P2"]])
    assert list(t.entries.order_by("seed").values_list("name", flat=True)) == [
        "P3",
        "P1",
        "P4",
        "P2",
    ]
    r1 = services.generate_next_round(t, organiser)
    assert names(r1) == [("P3", "P2"), ("P1", "P4")]
    with pytest.raises(Conflict, match="the seeding can no longer change"):
        services.set_seeding(t, organiser, [e["P1"], e["P2"], e["P3"], e["P4"]])


def test_seeding_decides_the_swiss_tables_of_round_1(setup):
    club, organiser, players = setup
    t = league(club, organiser, players, n=4, format="swiss", swiss_rounds=3)
    e = {x.name: x for x in t.entries.all()}
    # nobody has points: the Swiss pairs neighbours in seed order, 1–2 and 3–4
    services.set_seeding(t, organiser, [e["P4"], e["P2"], e["P1"], e["P3"]])
    assert names(services.generate_next_round(t, organiser)) == [("P4", "P2"), ("P1", "P3")]


def test_a_seeding_must_list_every_entry_once(setup):
    club, organiser, players = setup
    t = league(club, organiser, players)
    e = list(t.entries.all())
    with pytest.raises(Refused) as exc:
        services.set_seeding(t, organiser, [e[0], e[0], e[1], e[2]])
    assert exc.value.item == {"field": "seeding"}


# ------------------------------------------------------------------ rounds not yet played
def test_a_round_without_hands_is_deleted_with_its_matches(setup):
    club, organiser, players = setup
    t = league(club, organiser, players)
    r1 = services.generate_next_round(t, organiser)
    matches = list(r1.fixtures.values_list("match", flat=True))
    services.delete_round(r1, organiser)
    t.refresh_from_db()
    assert (t.rounds.count(), t.status) == (0, Tournament.Status.OPEN)
    assert not Match.objects.filter(pk__in=matches).exists()
    assert not Fixture.objects.filter(round__tournament=t).exists()


def test_a_round_with_a_recorded_hand_cannot_be_deleted_or_redrawn(setup):
    club, organiser, players = setup
    t = league(club, organiser, players)
    r1 = services.generate_next_round(t, organiser)
    first_deal(r1.fixtures.order_by("table").last().match)
    e = list(t.entries.order_by("seed"))
    for undo in (
        lambda: services.delete_round(r1, organiser),
        lambda: services.redraw_round(r1, organiser),
        lambda: services.swap_entries(r1, organiser, e[0], e[1]),
    ):
        with pytest.raises(Conflict) as exc:
            undo()
        assert (exc.value.status, exc.value.item) == (409, {"field": "round"})
        assert exc.value.message == "Round 1 already has recorded hands."
    # the message is English whatever the active language; the reader's on display
    with translation.override("es"), pytest.raises(Conflict) as exc:
        services.delete_round(r1, organiser)
    assert exc.value.message == "Round 1 already has recorded hands."
    assert localize(exc.value.message) == "La jornada 1 ya tiene manos anotadas."
    assert t.rounds.get().fixtures.exclude(match=None).count() == 2  # nothing was written


def test_only_the_last_round_can_be_deleted(setup):
    club, organiser, players = setup
    t = league(club, organiser, players)
    r1 = services.generate_next_round(t, organiser)
    for f in r1.fixtures.all():
        services.decide_fixture(f, organiser, "void")
    services.generate_next_round(t, organiser)
    with pytest.raises(Conflict, match="Round 2 comes after round 1: only the last"):
        services.delete_round(r1, organiser)


def test_redraw_follows_a_new_seeding_and_keeps_the_date(setup):
    club, organiser, players = setup
    t = league(club, organiser, players)
    day, at = datetime.date(2026, 12, 4), datetime.time(19, 30)
    r1 = services.generate_next_round(t, organiser, day, at)
    assert names(r1) == [("P1", "P4"), ("P2", "P3")]
    services.delete_round(r1, organiser)
    e = {x.name: x for x in t.entries.all()}
    services.set_seeding(t, organiser, [e["P2"], e["P1"], e["P3"], e["P4"]])
    r1 = services.generate_next_round(t, organiser, day, at)
    r1 = services.redraw_round(r1, organiser)
    assert names(r1) == [("P2", "P4"), ("P1", "P3")]
    assert (r1.number, r1.date, r1.time) == (1, day, at)


def test_a_swap_between_tables_remakes_the_matches_and_keeps_the_room_tables(setup):
    club, organiser, players = setup
    t = league(club, organiser, players)
    r1 = services.generate_next_round(t, organiser)  # P1–P4, P2–P3
    f1, f2 = r1.fixtures.order_by("table")
    services.schedule_round(r1, organiser, None, None, {f1.pk: 7, f2.pk: 3})
    e = {x.name: x for x in t.entries.all()}
    r1 = services.swap_entries(r1, organiser, e["P4"], e["P3"])
    assert names(r1) == [("P1", "P3"), ("P2", "P4")]
    f1, f2 = r1.fixtures.order_by("table")
    assert (f1.venue_table, f2.venue_table) == (7, 3)
    # the new matches seat the new pairs: P1's players at 0 and 2, P3's at 1 and 3
    seats = list(f1.match.seats.order_by("number").values_list("player__display_name", flat=True))
    assert seats == ["J0", "J4", "J1", "J5"]
    with pytest.raises(Refused) as exc:
        services.swap_entries(r1, organiser, e["P1"], e["P1"])
    assert exc.value.item == {"field": "swap"}


def test_the_schedule_and_the_room_tables(setup):
    club, organiser, players = setup
    t = league(club, organiser, players)
    r1 = services.generate_next_round(t, organiser)
    f1, f2 = r1.fixtures.order_by("table")
    day, at = datetime.date(2026, 12, 11), datetime.time(18, 0)
    services.schedule_round(r1, organiser, day, at, {f1.pk: 5, f2.pk: None})
    r1.refresh_from_db()
    f1.refresh_from_db()
    f2.refresh_from_db()
    assert (r1.date, r1.time, f1.where, f2.where) == (day, at, 5, 2)
    with pytest.raises(Refused) as exc:
        services.schedule_round(r1, organiser, day, at, {f1.pk: 4, f2.pk: 4})
    assert (exc.value.status, exc.value.item) == (400, {"field": "tables"})
    assert exc.value.message == "Two fixtures cannot play at the same table."
    assert localize(exc.value.message, lang="es") == (
        "Dos enfrentamientos no pueden jugar en la misma mesa."
    )
    assert localize(exc.value.message, lang="en") == exc.value.message


def test_the_draw_refusal_is_known_before_the_button(setup):
    club, organiser, players = setup
    t = league(club, organiser, players, n=1)
    assert services.draw_refusal(t) == "Un torneo necesita al menos 2 inscripciones."
    services.add_entry(t, organiser, "P2", players[2], players[3])
    assert services.draw_refusal(t) is None
    services.generate_next_round(t, organiser)
    assert services.draw_refusal(t) == ("La jornada 1 no ha terminado: 1 partida todavía en juego.")
    with pytest.raises(Conflict) as exc:
        services.generate_next_round(t, organiser)
    assert exc.value.message == "Round 1 is unfinished: 1 match still being played."
    with translation.override("en"):
        assert services.draw_refusal(t) == exc.value.message
    # two entries play one round: once it is decided, the league is over before the click
    services.decide_fixture(t.rounds.get().fixtures.get(), organiser, "void")
    assert services.draw_refusal(t) == "Se han jugado todas las jornadas: el torneo ha terminado."


# ------------------------------------------------------------------ withdraw and readmit
def test_withdraw_then_readmit_gives_the_fixture_back_to_its_match(setup):
    club, organiser, players = setup
    t = league(club, organiser, players)
    r1 = services.generate_next_round(t, organiser)
    f1 = r1.fixtures.get(table=1)  # P1–P4
    p4 = t.entries.get(name="P4")
    services.withdraw_entry(p4, organiser)  # FIDE default: results annulled (0 of 3 played)
    f1.refresh_from_db()
    assert f1.decision == Fixture.Decision.VOID
    services.readmit_entry(p4, organiser)
    p4.refresh_from_db()
    f1.refresh_from_db()
    assert (p4.withdrawn, p4.withdrawn_after_round, p4.withdrawal_results) == (False, None, "")
    assert (f1.decision, f1.match.status) == ("", Match.Status.IN_PROGRESS)
    assert [p.awarded_score for p in f1.ordered()] == [None, None]
    with pytest.raises(Conflict, match="P4 has not withdrawn"):
        services.readmit_entry(p4, organiser)


def test_readmit_a_forfeit_when_the_other_entry_also_withdrew_keeps_it_decided(setup):
    club, organiser, players = setup
    t = league(club, organiser, players)
    r1 = services.generate_next_round(t, organiser)
    f1 = r1.fixtures.get(table=1)  # P1–P4
    p1, p4 = t.entries.get(name="P1"), t.entries.get(name="P4")
    services.withdraw_entry(p1, organiser, "keep", "forfeit")
    services.withdraw_entry(p4, organiser, "keep", "forfeit")
    services.readmit_entry(p4, organiser)
    f1.refresh_from_db()
    # P1 is still out: P4 wins the fixture by forfeit, 11–0 at Cuatrola's target
    assert f1.decision == Fixture.Decision.FORFEIT
    assert [(p.entry.name, p.forfeited, p.awarded_score) for p in f1.ordered()] == [
        ("P1", True, 0),
        ("P4", False, 11),
    ]


def test_readmit_is_refused_once_a_round_was_drawn_without_the_entry(setup):
    club, organiser, players = setup
    t = league(club, organiser, players, n=4, format="swiss", swiss_rounds=3)
    p4 = t.entries.get(name="P4")
    services.withdraw_entry(p4, organiser)  # before round 1
    services.readmit_entry(p4, organiser)  # nothing drawn yet: back in
    services.withdraw_entry(p4, organiser)
    services.generate_next_round(t, organiser)
    with pytest.raises(Conflict) as exc:
        services.readmit_entry(p4, organiser)
    assert exc.value.message == "Round 1 was drawn after P4 withdrew: the withdrawal stays."
    assert localize(exc.value.message, lang="es") == (
        "La jornada 1 se sorteó después de que P4 se retirara: la retirada se mantiene."
    )


def test_points_per_lost_match_are_stored_and_checked(setup):
    club, organiser, players = setup
    t = league(club, organiser, players, points_per_win=3, points_per_loss=1)
    assert (t.points_per_win, t.points_per_loss) == (3, 1)
    with pytest.raises(Refused) as exc:
        services.update_tournament(t, organiser, points_per_loss=3)
    assert exc.value.item == {"field": "points_per_loss"}
