from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from clubs.access import register_container
        from games.models import Match
        from games.signals import match_result_changed, match_written

        from .models import Tournament
        from .receivers import on_match_result_changed, on_match_written

        match_result_changed.connect(on_match_result_changed, dispatch_uid="tournaments.standings")
        match_written.connect(on_match_written, dispatch_uid="tournaments.live")
        # a private tournament closes itself and its fixtures' matches to the public
        register_container(Tournament, "", lambda t: t)
        register_container(Match, "fixture__round__tournament", _tournament_of)


def _tournament_of(match):
    """The tournament whose fixture ``match`` is (None for a friendly match)."""
    # no fixture: the reverse accessor raises RelatedObjectDoesNotExist, an AttributeError
    fixture = getattr(match, "fixture", None)
    return fixture.round.tournament if fixture is not None else None
