"""Which stored totals a reader's figures sum: the access policy's answer, as a queryset.

Every total sits in a visibility bucket, the tournament of the matches it sums (0: the
matches in no tournament, which are as readable as their club). A reader's figures are
the sum over the buckets ``clubs.access`` lets them read: the public the public
tournaments' and the club's own (when the club is public), a member the club's private
tournaments too, a tournament's device that tournament. Nothing is copied per reader, and
opening or closing a tournament changes the figures at once: no rebuild.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet

from clubs.access import AnyUser, may_read
from clubs.models import Club
from tournaments.models import Tournament

from .models import StatTotal


def readable_totals(user: AnyUser, club: Club) -> QuerySet[StatTotal]:
    """The club's totals in the buckets ``user`` may read."""
    tournaments = Tournament.objects.readable_by(user).filter(club=club).values("pk")
    buckets = Q(tournament__in=tournaments)
    if may_read(user, club):
        buckets |= Q(tournament=0)
    return StatTotal.objects.filter(club=club).filter(buckets)
