from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import Player

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
