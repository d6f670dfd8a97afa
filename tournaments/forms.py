from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import DeviceToken, Player

from .models import Tournament
from .standings import REGISTRY


class TournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    format = forms.ChoiceField(label=_("Format"), choices=Tournament.Format.choices)
    swiss_rounds = forms.IntegerField(label=_("Swiss rounds"), min_value=1, max_value=20, initial=5)
    tiebreaks = forms.MultipleChoiceField(
        label=_("Tiebreaks (in order)"),
        required=False,
        choices=[(k, f"{m.name} — {m.description}") for k, m in REGISTRY.items()],
        help_text=_("Empty: the format's defaults"),
    )


class EntryForm(forms.Form):
    name = forms.CharField(label=_("Pair name"), max_length=120)
    player_1 = forms.ModelChoiceField(label=_("Player"), queryset=Player.objects.none())
    player_2 = forms.ModelChoiceField(label=_("Partner"), queryset=Player.objects.none())

    def __init__(self, *args, club=None, **kwargs):
        super().__init__(*args, **kwargs)
        for field in ("player_1", "player_2"):
            self.fields[field].queryset = club.players.all()


class DeviceTokenForm(forms.Form):
    """A device token from the club page: a name, and optionally one of the club's
    tournaments (anything else in ``tournament`` is refused, not looked up as is)."""

    name = forms.CharField(
        max_length=DeviceToken._meta.get_field("name").max_length,
        error_messages={
            "required": _("Give the device a name (e.g. the table)."),
            "max_length": _("The device's name has at most %(limit_value)d characters."),
        },
    )
    tournament = forms.ModelChoiceField(
        queryset=Tournament.objects.none(),
        required=False,
        error_messages={"invalid_choice": _("Choose one of the club's tournaments, or none.")},
    )

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["tournament"].queryset = club.tournaments.all()

    def first_error(self) -> str:
        """The first thing to fix, as one message for the page."""
        return next(str(e) for errors in self.errors.values() for e in errors)
