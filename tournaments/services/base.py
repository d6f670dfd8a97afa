"""What every part of ``tournaments.services`` shares: the user type, the round-robin
formats, the ``Conflict`` refusal (409: the write service's, ``games.services``) and the
organiser check. Kept apart so that the parts import it and never each other in a
circle."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied

from clubs.access import may_organise
from clubs.models import Club
from games.services import Conflict as Conflict  # the parts' 409

from ..models import Tournament

User = AbstractBaseUser | AnonymousUser
ROUND_ROBINS = (Tournament.Format.ROUND_ROBIN, Tournament.Format.DOUBLE_ROUND_ROBIN)


def _require_organiser(user: User, club: Club) -> None:
    if not may_organise(user, club):
        raise PermissionDenied("only the club's organisers can run its tournaments")
