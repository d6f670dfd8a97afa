from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StatsConfig(AppConfig):
    name = "stats"
    verbose_name = _("statistics")

    def ready(self) -> None:
        from . import receivers  # noqa: F401  (connects to games' match signals)
