from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from clubs.access import register_container, register_device_scope
        from games.models import Match
        from games.signals import match_result_changed, match_written
        from games.table import register_place

        from .models import Tournament, TournamentDevice
        from .receivers import on_match_result_changed, on_match_written

        match_result_changed.connect(on_match_result_changed, dispatch_uid="tournaments.standings")
        match_written.connect(on_match_written, dispatch_uid="tournaments.live")
        # a private tournament closes itself and its fixtures' matches to the public
        register_container(Tournament, "", lambda t: t)
        register_container(Match, "fixture__round__tournament", _tournament_of)
        register_place(_place_of)
        # a device token may be limited to one tournament: the scope is kept on this side
        register_device_scope(
            Tournament,
            "tournament_scope__tournament",
            lambda token, t: TournamentDevice.objects.create(token=token, tournament=t),
        )


def _tournament_of(match):
    """The tournament whose fixture ``match`` is (None for a friendly match)."""
    # no fixture: the reverse accessor raises RelatedObjectDoesNotExist, an AttributeError
    fixture = getattr(match, "fixture", None)
    return fixture.round.tournament if fixture is not None else None


def _place_of(match):
    """Where a tournament's match is played, for "Mi mesa": ordered by tournament, round
    and table, and said as "Liga · Mesa 2 · jornada 1"."""
    from django.utils.translation import gettext

    fixture = getattr(match, "fixture", None)
    if fixture is None:
        return None
    round_ = fixture.round
    text = gettext("Table %(table)s · round %(round)s") % {
        "table": fixture.where,
        "round": round_.number,
    }
    order = (round_.tournament.name, round_.tournament_id, round_.number, fixture.where)
    return order, f"{round_.tournament.name} · {text}"
