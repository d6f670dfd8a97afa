"""clubs/uniqueness.py: a registered unique constraint broken by a write is Taken (the
field and the sentence), on SQLite (known by its columns) as on PostgreSQL (by its name);
any other IntegrityError goes on. The racing requests themselves are in
tests/integration/test_write_races.py."""

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError

from clubs.models import Club, Membership, Player
from clubs.uniqueness import Taken, refuse_taken
from games import services
from games.models import Seat
from tests.factories import ClubFactory, PlayerFactory, UserFactory

# CI's second phase: PostgreSQL names the broken constraint, SQLite its columns
pytestmark = [pytest.mark.django_db, pytest.mark.services]


@pytest.mark.parametrize(
    ("write", "field"),
    [
        (lambda club: Player.objects.create(club=club, display_name="Ana"), "name"),
        (lambda club: Club.objects.create(name="Otra", slug=club.slug), "slug"),
        (lambda club: get_user_model().objects.create(username="ana"), "username"),
        # clubs 0005: the same login whatever its case
        (lambda club: get_user_model().objects.create(username="ANA"), "username"),
        (
            lambda club: Membership.objects.create(
                club=club, user=get_user_model().objects.get(username="ana"), role="scorer"
            ),
            "username",
        ),
    ],
)
def test_a_registered_constraint_is_taken_naming_the_field(write, field):
    club = ClubFactory()
    PlayerFactory(club=club, display_name="Ana")
    Membership.objects.create(club=club, user=UserFactory(username="ana"), role="scorer")
    with pytest.raises(Taken) as caught:
        refuse_taken(lambda: write(club))
    assert caught.value.item == {"field": field}
    assert Player.objects.filter(display_name="Ana").count() == 1  # and the savepoint is undone


def test_any_other_integrity_error_goes_on():
    club = ClubFactory()
    player = PlayerFactory(club=club)
    user = UserFactory()
    Membership.objects.create(club=club, user=user, role="organiser")
    others = [PlayerFactory(club=club) for _ in range(3)]
    match = services.create_match(club=club, players=[player, *others], user=user)
    stranger = PlayerFactory(club=club)  # seat 0 is taken: one_player_per_seat, not registered
    with pytest.raises(IntegrityError):
        refuse_taken(lambda: Seat.objects.create(match=match, number=0, player=stranger))


def test_the_admin_renaming_a_login_to_another_in_another_case_is_the_forms_error():
    from clubs.admin import PeopleUserChangeForm

    UserFactory(username="ana")
    blas = UserFactory(username="blas")
    data = {"username": "ANA", "date_joined": "2026-12-01 10:00:00"}
    form = PeopleUserChangeForm(data=data, instance=blas)
    assert not form.is_valid()
    assert form.errors["username"] == ["Ya existe un usuario con este nombre."]
    renamed = PeopleUserChangeForm(data={**data, "username": "Blas"}, instance=blas)
    assert renamed.is_valid(), renamed.errors  # its own name in another case
