from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from games.signals import match_result_changed, match_written

        from .receivers import on_match_result_changed, on_match_written

        match_result_changed.connect(on_match_result_changed, dispatch_uid="tournaments.standings")
        match_written.connect(on_match_written, dispatch_uid="tournaments.live")
