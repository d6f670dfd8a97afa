from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import DeviceToken, Player
from games.engine import games

from .models import Entry, Fixture, Tournament
from .standings import REGISTRY
from .tables import description, short_name


def _game_choices() -> list[tuple[str, str]]:
    return [(g.name, g.title) for g in games()]


def _tiebreak_choices() -> list[tuple[str, str]]:
    # the names and descriptions in the reader's language (tables.py looks them up)
    return [(k, f"{short_name(k)} — {description(k)}") for k in REGISTRY]


class TournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    game = forms.ChoiceField(label=_("Game"), choices=_game_choices, initial="cuatrola")
    rules = forms.JSONField(
        label=_("Rules"),
        required=False,
        help_text=_('Empty: the game\'s defaults. Subastao in pairs: {"players": 4}'),
    )
    format = forms.ChoiceField(label=_("Format"), choices=Tournament.Format.choices)
    swiss_rounds = forms.IntegerField(label=_("Swiss rounds"), min_value=1, max_value=20, initial=5)
    tiebreaks = forms.MultipleChoiceField(
        label=_("Tiebreaks (in order)"),
        required=False,
        choices=_tiebreak_choices,
        help_text=_("Empty: the format's defaults"),
    )

    def clean_rules(self):
        rules = self.cleaned_data["rules"]
        if rules is not None and not isinstance(rules, dict):
            raise forms.ValidationError(_("The rules are a JSON object."))
        return rules


class EntryForm(forms.Form):
    """An entry's name and its players: a pair, or one player (tables of three)."""

    name = forms.CharField(label=_("Name"), max_length=120)

    def __init__(self, *args, club=None, size: int = 2, **kwargs):
        super().__init__(*args, **kwargs)
        labels = [_("Player"), _("Partner")]
        self.size = size
        for i in range(size):
            self.fields[f"player_{i + 1}"] = forms.ModelChoiceField(
                label=labels[i] if i < len(labels) else _("Player"),
                queryset=club.players.all(),
            )

    def players(self) -> list[Player]:
        return [self.cleaned_data[f"player_{i + 1}"] for i in range(self.size)]


class WithdrawForm(forms.Form):
    """What a withdrawal does: to the entry's results, and to its fixtures left to play."""

    results = forms.ChoiceField(
        label=_("Its results"),
        required=False,
        choices=[("", _("the format's default")), *Entry.Results.choices],
    )
    unplayed = forms.ChoiceField(
        label=_("Its unplayed fixtures"),
        required=False,
        choices=[
            ("", _("forfeit wins, or void if the results are annulled")),
            *Entry.Unplayed.choices,
        ],
    )


class DecideForm(forms.Form):
    """An organiser's decision on a fixture: a forfeit (who forfeited, the scores it
    counts as), void, or back to the match's result."""

    decision = forms.ChoiceField(
        label=_("Decision"),
        choices=[
            (Fixture.Decision.FORFEIT, _("forfeit")),
            (Fixture.Decision.VOID, _("void")),
            ("played", _("the match decides")),
        ],
    )

    def __init__(self, *args, entries, **kwargs):
        super().__init__(*args, **kwargs)
        self.entries = list(entries)
        self.fields["forfeited"] = forms.MultipleChoiceField(
            label=_("Forfeited"),
            required=False,
            choices=[(str(e.pk), e.name) for e in self.entries],
            widget=forms.CheckboxSelectMultiple,
        )
        for i, e in enumerate(self.entries):
            self.fields[f"score_{i}"] = forms.IntegerField(
                label=_("Score of %(name)s") % {"name": e.name},
                required=False,
                min_value=0,
                max_value=100_000,
            )

    def clean_decision(self) -> str:
        decision = self.cleaned_data["decision"]
        return "" if decision == "played" else decision

    def forfeited(self) -> list[Entry]:
        ids = set(self.cleaned_data["forfeited"])
        return [e for e in self.entries if str(e.pk) in ids]

    def scores(self) -> list[int] | None:
        """The scores given, or None when none is (the defaults); all or none."""
        given = [self.cleaned_data.get(f"score_{i}") for i in range(len(self.entries))]
        return None if all(s is None for s in given) else given

    def clean(self):
        data = super().clean()
        given = [data.get(f"score_{i}") for i in range(len(self.entries))]
        if any(s is None for s in given) and not all(s is None for s in given):
            raise forms.ValidationError(_("Give every entry's score, or none (the defaults)."))
        return data

    def first_error(self) -> str:
        return next(str(e) for errors in self.errors.values() for e in errors)


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
