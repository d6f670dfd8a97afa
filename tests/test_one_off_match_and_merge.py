"""One-off matches from the club page (the game, its rules from the engine's options, the
players), the club page's match list (live first, a page at a time), and merging a
player entered twice (seats and entries move, every event and result kept)."""

from __future__ import annotations

import pytest
from django.test import Client

from games import services as games
from games.models import HandEvent, Match, Seat
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tournaments import services as tournaments
from tournaments.models import EntryPlayer

pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


@pytest.fixture
def club():
    return ClubFactory(slug="pena")


@pytest.fixture
def organiser(club):
    return MembershipFactory(club=club, role="organiser").user


@pytest.fixture
def scorer(club):
    return MembershipFactory(club=club, role="scorer").user


@pytest.fixture
def six(club):
    return [
        PlayerFactory(club=club, display_name=n)
        for n in ("Ana", "Bea", "Ciro", "Dani", "Eva", "Fede")
    ]


def seats(*players) -> dict[str, str]:
    return {f"seat_{i}": str(p.pk) for i, p in enumerate(players)}


# ------------------------------------------------------------------------------ one-off
def test_the_form_lists_the_games_options():
    club = ClubFactory()
    user = MembershipFactory(club=club, role="scorer").user
    c = client_for(user)
    form = c.get(f"/clubs/{club.slug}/matches/new/").context["form"]
    assert [f.name for f in form.rule_fields()] == [
        "rule_match",
        "rule_target",
        "rule_quintola",
        "rule_renuncio_penalty",
    ]
    assert form["rule_target"].initial == 11
    form = c.get(f"/clubs/{club.slug}/matches/new/?game=subastao").context["form"]
    assert [f.name for f in form.rule_fields()] == [
        "rule_players",
        "rule_min_bid",
        "rule_target",
        "rule_failed_bid",
    ]
    assert len(form.seat_fields()) == 4  # 3 or 4, as the rules say


def test_a_yes_no_option_is_its_box_then_its_label_without_a_colon(club, scorer):
    """The box comes first and its label ends the line ("Se puede cantar quíntola", not
    "…quíntola:"); the other options keep their colon, their control under it."""
    page = client_for(scorer).get(f"/clubs/{club.slug}/matches/new/").content.decode()
    assert '<label for="id_rule_quintola">Se puede cantar quíntola</label>' in page
    assert '<label for="id_rule_target">Objetivo (puntos; manos en el formato por manos):' in page


def test_scorer_starts_a_cuatrola_match_and_lands_on_the_pad(club, scorer, six):
    data = {"game": "cuatrola", "rule_match": "exact", "rule_target": "7", "rule_quintola": "on"}
    r = client_for(scorer).post("/clubs/pena/matches/new/", {**data, **seats(*six[:4])})
    match = Match.objects.get()
    assert r.status_code == 302
    assert r["Location"] == f"/matches/{match.pk}/score/"
    assert match.game == "cuatrola"
    assert match.rules == {
        "match": "exact",
        "target": 7,
        "quintola": True,
        "renuncio_penalty": False,  # an unticked box
    }
    assert [s.player.display_name for s in match.seats.order_by("number")] == [
        "Ana",
        "Bea",
        "Ciro",
        "Dani",
    ]
    assert match.scorer == scorer  # a scorer's match is theirs to undo
    assert match.units.count() == 2


def test_subastao_for_three_seats_three(club, organiser, six):
    data = {
        "game": "subastao",
        "rule_players": "3",
        "rule_min_bid": "70",
        "rule_target": "300",
        "rule_failed_bid": "split",
    }
    r = client_for(organiser).post("/clubs/pena/matches/new/", {**data, **seats(*six[:3])})
    assert r.status_code == 302
    match = Match.objects.get()
    assert match.rules == {"players": 3, "min_bid": 70, "target": 300, "failed_bid": "split"}
    assert match.seats.count() == 3
    assert match.units.count() == 3
    assert match.scorer is None  # an organiser's: any scorer of the club may take it


@pytest.mark.parametrize(
    ("game", "data", "picked", "field"),
    [
        ("cuatrola", {"rule_match": "exact", "rule_target": "0"}, 4, "rule_target"),
        ("cuatrola", {"rule_match": "best_of", "rule_target": "11"}, 4, "rule_match"),
        ("cuatrola", {"rule_match": "exact", "rule_target": "11"}, 3, "seat_3"),
        ("belote", {"rule_target": "151"}, 2, "seat_2"),
        (
            "subastao",
            {"rule_players": "3", "rule_min_bid": "62", "rule_target": "300"},
            3,
            "rule_min_bid",
        ),
        (
            "subastao",
            {"rule_players": "3", "rule_min_bid": "60", "rule_target": "300"},
            4,
            "seat_3",  # three players: the fourth place stays empty
        ),
    ],
)
def test_invalid_match_names_the_field(club, scorer, six, game, data, picked, field):
    data.setdefault("rule_failed_bid", "opponents")
    r = client_for(scorer).post(
        "/clubs/pena/matches/new/", {"game": game, **data, **seats(*six[:picked])}
    )
    assert r.status_code == 400
    assert field in r.context["form"].errors, r.context["form"].errors
    assert Match.objects.count() == 0


def test_the_same_player_twice_is_refused(club, scorer, six):
    data = {"game": "cuatrola", "rule_match": "exact", "rule_target": "11"}
    r = client_for(scorer).post(
        "/clubs/pena/matches/new/", {**data, **seats(six[0], six[1], six[0], six[2])}
    )
    assert r.status_code == 400
    assert list(r.context["form"].errors) == ["seat_2"]


def test_a_player_of_another_club_is_refused(club, scorer, six):
    stranger = PlayerFactory(club=ClubFactory())
    data = {"game": "cuatrola", "rule_match": "exact", "rule_target": "11"}
    r = client_for(scorer).post(
        "/clubs/pena/matches/new/", {**data, **seats(six[0], six[1], six[2], stranger)}
    )
    assert r.status_code == 400
    assert list(r.context["form"].errors) == ["seat_3"]


def test_an_unknown_game_is_400_naming_game(club, scorer):
    r = client_for(scorer).get("/clubs/pena/matches/new/?game=mus", HTTP_ACCEPT_LANGUAGE="en")
    assert r.status_code == 400
    page = r.content.decode()
    assert 'class="site-nav"' in page  # the site's page, not bare text
    assert "game: choose one of " in page
    assert 'href="/clubs/pena/matches/new/"' in page


def test_who_may_start_a_match(club, six):
    outsider = client_for(UserFactory())
    assert outsider.get("/clubs/pena/matches/new/").status_code == 403
    ClubFactory(slug="secreta", is_private=True)
    assert outsider.get("/clubs/secreta/matches/new/").status_code == 404
    player = UserFactory()
    six[0].user = player
    six[0].save()
    # a player of the club reads it but does not record in it
    data = {"game": "cuatrola", "rule_match": "exact", "rule_target": "11", **seats(*six[:4])}
    assert client_for(player).post("/clubs/pena/matches/new/", data).status_code == 403
    assert Client().get("/clubs/pena/matches/new/").status_code == 302  # to the login
    assert Match.objects.count() == 0


# ------------------------------------------------------------------------------ the list
@pytest.mark.services  # ordering with NULLs; moves under unique constraints
def test_club_page_lists_live_matches_first_a_page_at_a_time(club, organiser, six):
    made = []
    for _ in range(27):
        made.append(games.create_match(club=club, players=six[:4], user=organiser))
    finished = made[-1]  # the newest, but finished: after every live one
    Match.objects.filter(pk=finished.pk).update(status=Match.Status.FINISHED)
    c = Client()
    first = c.get("/clubs/pena/")
    page = first.context["matches"]
    assert page.paginator.count == 27
    assert len(page.object_list) == 25
    assert all(m.status == "in_progress" for m in page.object_list)
    assert first.context["live_count"] == 26
    second = c.get("/clubs/pena/?page=2").context["matches"].object_list
    assert [m.pk for m in second][-1] == finished.pk
    assert len(second) == 2


# ------------------------------------------------------------------------------ merge
def _merge(user, merged, survivor) -> object:
    return client_for(user).post(
        f"/clubs/pena/players/{merged.pk}/merge/", {"into": str(survivor.pk)}
    )


@pytest.mark.services  # ordering with NULLs; moves under unique constraints
def test_merge_moves_seats_and_entries_and_keeps_the_history(club, organiser, six):
    ana, bea, ciro, dani, eva, _fede = six
    twin = PlayerFactory(club=club, display_name="Ana G.", user=UserFactory(username="ana"))
    match = games.create_match(club=club, players=[twin, bea, ciro, dani], user=organiser)
    hand = match.hands.get()
    opening = [{"kind": "deal", "trump_card": "12o"}] + [{"kind": "call", "call": "pass"}] * 4
    for seq, event in enumerate(opening):
        games.record_event(hand, seq, event, organiser)
    events_before = list(HandEvent.objects.filter(hand__match=match).values_list("data", flat=True))
    assert len(events_before) == 5
    league = tournaments.create_tournament(
        club=club, user=organiser, name="Liga", format="round_robin"
    )
    entry = tournaments.add_entry(league, organiser, "Ana y Eva", twin, eva)
    version = Match.objects.get(pk=match.pk).version

    r = _merge(organiser, twin, ana)
    assert r.status_code == 302
    assert r["Location"] == f"/clubs/pena/players/{ana.pk}/"
    assert not club.players.filter(display_name="Ana G.").exists()
    assert [s.player_id for s in Seat.objects.filter(match=match).order_by("number")] == [
        ana.pk,
        bea.pk,
        ciro.pk,
        dani.pk,
    ]
    assert list(EntryPlayer.objects.filter(entry=entry).values_list("player_id", flat=True)) == [
        ana.pk,
        eva.pk,
    ]
    ana.refresh_from_db()
    assert ana.user.username == "ana"  # the login came with the merged player
    match.refresh_from_db()
    assert match.version == version + 1  # readers refetch the names
    after = list(HandEvent.objects.filter(hand__match=match).values_list("data", flat=True))
    assert after == events_before
    assert match.units.count() == 2
    # the player's page shows the match
    page = Client().get(f"/clubs/pena/players/{ana.pk}/")
    assert [row["match"].pk for row in page.context["rows"]] == [match.pk]


@pytest.mark.services  # ordering with NULLs; moves under unique constraints
def test_merge_refused_when_both_sat_at_one_match_409(club, organiser, six):
    ana, bea, ciro, dani, *_ = six
    match = games.create_match(club=club, players=[ana, bea, ciro, dani], user=organiser)
    r = _merge(organiser, bea, ana)
    assert r.status_code == 409
    assert list(r.context["merge_form"].errors) == ["into"]
    assert club.players.filter(pk=bea.pk).exists()
    assert Seat.objects.get(match=match, number=1).player_id == bea.pk


@pytest.mark.services  # ordering with NULLs; moves under unique constraints
def test_merge_refused_when_both_play_in_one_tournament_409(club, organiser, six):
    ana, bea, ciro, dani, *_ = six
    league = tournaments.create_tournament(
        club=club, user=organiser, name="Liga", format="round_robin"
    )
    tournaments.add_entry(league, organiser, "A", ana, bea)
    tournaments.add_entry(league, organiser, "B", ciro, dani)
    r = _merge(organiser, ciro, ana)
    assert r.status_code == 409
    assert list(r.context["merge_form"].errors) == ["into"]
    assert EntryPlayer.objects.filter(player=ciro).count() == 1


def test_merge_invalid_choice_names_the_field(club, organiser, six):
    stranger = PlayerFactory(club=ClubFactory())
    r = _merge(organiser, six[0], stranger)
    assert r.status_code == 400
    assert list(r.context["merge_form"].errors) == ["into"]
    r = _merge(organiser, six[0], six[0])  # not into itself
    assert r.status_code == 400


def test_merge_forbidden_to_scorers_403_and_hidden_in_a_private_club_404(club, scorer, six):
    assert _merge(scorer, six[1], six[0]).status_code == 403
    assert club.players.count() == 6
    secret = ClubFactory(slug="secreta", is_private=True)
    a, b = PlayerFactory(club=secret), PlayerFactory(club=secret)
    r = client_for(scorer).post(f"/clubs/secreta/players/{a.pk}/merge/", {"into": str(b.pk)})
    assert r.status_code == 404


def test_a_player_merged_away_after_the_form_was_read_is_a_409_nothing_written(
    club, organiser, six
):
    """A match or an entry whose player was merged into another after it was chosen (the
    player object read before the merge, as a request racing it has): refused with 409
    naming ``players`` and the player, nothing created — not an IntegrityError (a 500)
    at the commit (tests/integration/test_write_races.py races the two for real)."""
    twin, ana = six[5], six[0]
    assert _merge(organiser, twin, ana).status_code == 302
    with pytest.raises(games.Conflict) as refused:
        games.create_match(club=club, players=[twin, *six[1:4]], user=organiser)
    assert refused.value.status == 409
    assert refused.value.item == {"field": "players"}
    assert str(twin) in refused.value.message
    assert not Match.objects.exists()
    t = tournaments.create_tournament(club=club, user=organiser, name="Copa", format="knockout")
    with pytest.raises(games.Conflict) as refused:
        tournaments.add_entry(t, organiser, "", twin, six[1])
    assert refused.value.item == {"field": "players"}
    assert not t.entries.exists()
