"""Named undos racing (PostgreSQL: real row locks, issue 19): devices that all showed
the same last entry undo it at once — it goes once, the others get 409 and remove
nothing; an undo racing a new entry either takes back the entry it named (and the new
one, counting on it, is refused) or is refused itself."""

import pytest

from games import services
from games.models import HandEvent, UndoRecord
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

from .conftest import requires_services
from .test_concurrency import at_once, race

pytestmark = [pytest.mark.integration, requires_services, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def playing():
    """Cuatrola, hand 1: the deal, four passes and the first card (seq 5)."""
    club = ClubFactory()
    user = MembershipFactory(club=club, role="scorer", user=UserFactory(username="racer")).user
    players = [PlayerFactory(club=club) for _ in range(4)]
    match = services.create_match(club=club, players=players, user=user, first_dealer=3)
    hand = match.hands.get(number=1)
    services.record_event(hand, 0, {"kind": "deal", "trump_card": "10o"}, user)
    for seq in range(1, 5):
        services.record_event(hand, seq, {"kind": "call", "call": "pass"}, user)
    card = services.replay(match).hands[-1].legal_plays()[0].text
    services.record_event(match.hands.get(number=1), 5, {"kind": "play", "card": card}, user)
    return match, user


def test_racing_named_undos_remove_the_entry_once(playing):
    match, user = playing
    body = {"hand": 1, "last_seq": 5}
    codes = race(f"/api/v1/matches/{match.pk}/undo/", user, [body] * 4)
    assert sorted(codes) == [200, 409, 409, 409], codes
    assert list(HandEvent.objects.filter(hand__match=match).values_list("seq", flat=True)) == [
        0,
        1,
        2,
        3,
        4,
    ]
    assert UndoRecord.objects.count() == 1


def test_an_undo_racing_a_new_entry_never_removes_what_it_did_not_name(playing):
    match, user = playing
    first = HandEvent.objects.get(hand__match=match, seq=5).data
    card = services.replay(match).hands[-1].legal_plays()[0].text
    undo = (f"/api/v1/matches/{match.pk}/undo/", {"hand": 1, "last_seq": 5})
    entry = (
        f"/api/v1/matches/{match.pk}/events/",
        {"hand": 1, "expected_seq": 6, "kind": "play", "card": card},
    )
    for _ in range(4):
        undo_code, entry_code = at_once(user, [undo, entry])
        seqs = list(HandEvent.objects.filter(hand__match=match).values_list("seq", flat=True))
        if undo_code == 200:
            # the undo went first: the entry counted on the card it took back
            assert entry_code == 409, (undo_code, entry_code)
            assert seqs == [0, 1, 2, 3, 4]
            services.record_event(match.hands.get(number=1), 5, first, user)
        else:
            # the entry went first: the undo named what is no longer the last entry
            assert (undo_code, entry_code) == (409, 201)
            assert seqs == [0, 1, 2, 3, 4, 5, 6]
            services.undo(match, user, 1, 6)
    # every undo, the raced ones and the resets, took back exactly one entry
    assert all(len(u.removed) == 1 for u in UndoRecord.objects.all())
