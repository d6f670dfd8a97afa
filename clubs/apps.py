from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubsConfig(AppConfig):
    """Clubs, people, roles, API keys and the access policy: the bottom layer."""

    name = "clubs"
    verbose_name = _("Clubs")
