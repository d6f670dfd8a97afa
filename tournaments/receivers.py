"""Following the games app: a fixture's match result changed → standings are recomputed."""

from django.db.models import F, OuterRef, Subquery
from django.utils import timezone

from clubs.access import CONTAINER_PK

from .models import Fixture, Tournament
from .tasks import request_standings, results_changed


def on_match_result_changed(sender, match_id: int, **kwargs) -> None:
    tournament_id = (
        Fixture.objects.filter(match_id=match_id)
        .values_list("round__tournament", flat=True)
        .first()
    )
    if tournament_id is not None:
        request_standings(tournament_id)


def on_match_written(
    sender, match_id: int, result_changed: bool = False, match=None, **kwargs
) -> None:
    """A fixture's match changed: its tournament's live validator moves on, and, when its
    result changed, the results version that tells the standings are behind (one UPDATE,
    in the writing transaction: no result is committed without it) with the match's
    round, the one the standings are redone from.

    ``match``, when the writer read it ``with_container`` (``clubs.access``), says its
    tournament: none, and there is nothing to update (no statement); else that one row.
    A match's fixture is made with it, in the same transaction, and never moves to
    another match, so what the writer read under the match's lock holds."""
    if hasattr(match, CONTAINER_PK):
        tournament_id = getattr(match, CONTAINER_PK)
        if tournament_id is None:
            return  # a friendly match: not even a queryset built (0.1 ms of every event)
        tournaments = Tournament.objects.filter(pk=tournament_id)
    else:
        tournaments = Tournament.objects.filter(rounds__fixtures__match_id=match_id)
    changes = {"live_version": F("live_version") + 1, "live_updated_at": timezone.now()}
    if result_changed:
        number = Fixture.objects.filter(match_id=match_id, round__tournament=OuterRef("pk"))
        changes |= results_changed(Subquery(number.values("round__number")[:1]))
    tournaments.update(**changes)
