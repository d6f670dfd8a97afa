"""What every part of ``tournaments.services`` shares: the user type, the round-robin
formats, the ``Conflict`` refusal (409) and the organiser check. Kept apart so that the
parts import it and never each other in a circle."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied

from clubs.access import may_organise
from clubs.models import Club
from games.services import Refused

from ..models import Tournament

User = AbstractBaseUser | AnonymousUser
ROUND_ROBINS = (Tournament.Format.ROUND_ROBIN, Tournament.Format.DOUBLE_ROUND_ROBIN)


class Conflict(Refused):
    """Refused because of what the tournament already holds (a drawn round, a recorded
    hand), not because of the input: HTTP 409. Its message is English, made by msg() like
    every refusal here; the pages and the API's ``detail`` translate it on display."""

    status = 409


def _require_organiser(user: User, club: Club) -> None:
    if not may_organise(user, club):
        raise PermissionDenied("only the club's organisers can run its tournaments")
