from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = _("Ratings")

    def ready(self) -> None:
        from games.signals import match_result_changed
        from tournaments.player_sections import register_player_section
        from tournaments.signals import visibility_changed

        from .receivers import on_match_result_changed, on_visibility_changed
        from .sections import player_section

        match_result_changed.connect(on_match_result_changed, dispatch_uid="ratings.update")
        visibility_changed.connect(on_visibility_changed, dispatch_uid="ratings.visibility")
        register_player_section(player_section)
