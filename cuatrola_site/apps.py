from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The project package as an app, so that its system checks are registered."""

    name = "cuatrola_site"
    verbose_name = "Cuatrola site"

    def ready(self) -> None:
        from . import security  # noqa: F401  (registers the deploy check)
