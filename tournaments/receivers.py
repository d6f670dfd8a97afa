"""Following the games app: a fixture's match result changed → standings are recomputed."""

from .models import Fixture
from .tasks import request_standings


def on_match_result_changed(sender, match_id: int, **kwargs) -> None:
    tournament_id = (
        Fixture.objects.filter(match_id=match_id)
        .values_list("round__tournament", flat=True)
        .first()
    )
    if tournament_id is not None:
        request_standings(tournament_id)
