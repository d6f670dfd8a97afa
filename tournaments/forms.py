import json
from functools import cache

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import DeviceToken, Player
from games.engine import find_game, games
from games.forms import rule_field
from games.models import default_game_name
from games.refusals import as_sentence

from .models import Entry, Fixture, Tournament
from .standings import REGISTRY
from .tables import description, short_name


def _game_choices() -> list[tuple[str, str]]:
    return [(g.name, g.title) for g in games()]


def _tiebreak_choices(keys=None) -> list[tuple[str, str]]:
    # the names and descriptions in the reader's language (tables.py looks them up)
    keys = REGISTRY if keys is None else keys
    return [("", "—")] + [(k, f"{short_name(k)} — {description(k)}") for k in keys]


class EveryError:
    """A form whose errors a page shows as one message: every error at once, each field's
    under its label, not the first alone (the next one would wait for the next submit)."""

    def every_error(self) -> str:
        return " · ".join(
            f"{self.fields[k].label}: {e}" if k in self.fields and self.fields[k].label else str(e)
            for k, errors in self.errors.items()
            for e in errors
        )


#: how many tiebreaks the form lets an organiser put in order
TIEBREAK_SLOTS = 6


def _table_sizes(game) -> set[int]:
    """The tables a tournament of ``game`` may have (entries at a table), over the rule
    choices the game declares (Subastao: three seats, or two pairs)."""
    rulesets = [game.parse_rules(None)]
    for option in game.rule_options():
        for choice in option.choices:
            try:
                rulesets.append(game.parse_rules({option.key: choice}))
            except ValueError:  # a choice that needs another option set with it
                continue
    return {game.units(r) for r in rulesets}


@cache  # the registry and the games are fixed once the apps are loaded
def _games_of(key: str) -> str:
    """The games a metric is offered for: those whose counters it reads (or every game)
    and whose tables it ranks (Cuatrola has no "times 1st at a table of three")."""
    metric = REGISTRY[key]
    return " ".join(
        g.name for g in games() if any(metric.applies(n, g.name) for n in _table_sizes(g))
    )


@cache
def _tables_of(key: str) -> str:
    """The games and table sizes a metric ranks, as ``game:size`` words (Subastao's
    "times 1st" is ``subastao:3`` only: its pairs tournaments have no such place)."""
    metric = REGISTRY[key]
    return " ".join(
        f"{g.name}:{n}"
        for g in games()
        for n in sorted(_table_sizes(g))
        if metric.applies(n, g.name)
    )


def _sizes_by_choice(option, game) -> dict[str, int] | None:
    """For a choice option that decides the table's size (Subastao's ``players``): each
    choice's number of units at a table, for the page's script; None for any other."""
    if option.kind != "choice":
        return None
    sizes = {}
    for choice in option.choices:
        try:
            sizes[str(choice)] = game.units(game.parse_rules({option.key: choice}))
        except ValueError:  # a choice that needs another option set with it
            continue
    return sizes if len(set(sizes.values())) > 1 else None


class TiebreakSelect(forms.Select):
    """A tiebreak's choices, each option saying for which games and table sizes the metric
    ranks (``data-tables``): the page's script offers only those of the chosen game and,
    where a rule decides it, of the chosen table size."""

    def create_option(self, name, value, *args, **kwargs):
        option = super().create_option(name, value, *args, **kwargs)
        if value in REGISTRY:
            option["attrs"]["data-tables"] = _tables_of(value)
        return option


class TournamentForm(EveryError, forms.Form):
    """A tournament's settings. Every game's rule options are fields named
    ``<game>-<option>`` (grouped by game on the page); only the chosen game's count, and
    ``clean`` folds them into ``rules``. An empty number is the game's default."""

    name = forms.CharField(label=_("Name"), max_length=120)
    game = forms.ChoiceField(label=_("Game"), choices=_game_choices, initial=default_game_name)
    format = forms.ChoiceField(label=_("Format"), choices=Tournament.Format.choices)
    swiss_rounds = forms.IntegerField(label=_("Swiss rounds"), min_value=1, max_value=20, initial=5)
    points_per_win = forms.IntegerField(
        label=_("Match points per win"),
        required=False,
        min_value=1,
        max_value=10,
        initial=1,
        help_text=_("At a table of three: twice this for the first, this for the second."),
    )
    points_per_loss = forms.IntegerField(
        label=_("Match points per lost match"),
        required=False,
        min_value=0,
        max_value=9,
        initial=0,
        help_text=_("Played, not forfeited; pairs tables only. Fewer than per win."),
    )
    is_public = forms.BooleanField(
        label=_("Public (anybody may follow it)"), required=False, initial=True
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # the tiebreaks, in order: one plain select each (a phone's own picker), before
        # the visibility; only the game's metrics once the game is known (else every one,
        # and the page's script narrows them as the game is chosen)
        game = (self.data.get("game") if self.is_bound else None) or self.initial.get("game")
        keys = [k for k in REGISTRY if game is None or game in _games_of(k).split()]
        visibility = self.fields.pop("is_public")
        given = [k for k in self.initial if k.startswith("tiebreak_")]
        self.tiebreak_slots = max(TIEBREAK_SLOTS, len(given))
        for n in range(1, self.tiebreak_slots + 1):
            self.fields[f"tiebreak_{n}"] = forms.ChoiceField(
                label=_("Tiebreak %(n)s") % {"n": n},
                required=False,
                choices=_tiebreak_choices(keys),
                widget=TiebreakSelect(attrs={"class": "tiebreak"}),
            )
        self.fields["is_public"] = visibility
        self.rule_groups: list[tuple[str, str, list[str]]] = []
        for game in games():
            keys = []
            for option in game.rule_options():
                key = f"{game.name}-{option.key}"
                self.fields[key] = rule_field(option, game)
                sizes = _sizes_by_choice(option, game)
                if sizes:
                    self.fields[key].widget.attrs["data-table-sizes"] = json.dumps(sizes)
                keys.append(key)
            self.rule_groups.append((game.name, game.title, keys))

    def game_rules(self) -> list[tuple[str, str, list[forms.BoundField]]]:
        """Each game with its option fields, for the page."""
        return [(name, title, [self[k] for k in keys]) for name, title, keys in self.rule_groups]

    def clean(self):
        data = super().clean()
        chosen = data.get("game")
        rules = {}
        for name, _title, keys in self.rule_groups:
            for key in keys:
                value = data.pop(key, None)
                if name == chosen and value not in (None, ""):
                    rules[key.split("-", 1)[1]] = value
        # the engine checks every value (parse_rules, in the service too); the defaults
        # fill gaps. Checked here as well, so that a bad rule shows with the form's other
        # errors, not alone on the next submit
        data["rules"] = rules
        bad = any(
            k in self.errors for name, _t, keys in self.rule_groups if name == chosen for k in keys
        )
        if chosen and not bad:
            self._check_rules(chosen, rules)
        data["tiebreaks"] = []
        for n in range(1, self.tiebreak_slots + 1):
            key = data.pop(f"tiebreak_{n}", "")
            if key in data["tiebreaks"]:
                self.add_error(
                    f"tiebreak_{n}",
                    _("%(name)s is already tiebreak %(at)s.")
                    % {"name": short_name(key), "at": data["tiebreaks"].index(key) + 1},
                )
            elif key:
                data["tiebreaks"].append(key)
        for key, default in (("points_per_win", 1), ("points_per_loss", 0)):
            if key in data and data[key] is None:
                data[key] = default
        return data

    def _check_rules(self, game: str, rules: dict) -> None:
        """The engine's refusal of the chosen game's rules, on the option it names."""
        try:
            find_game(game).parse_rules(rules)
        except (TypeError, ValueError) as exc:
            named = (f"{game}-{key}" for key in rules if f"rules.{key}" in str(exc))
            self.add_error(next(named, None), as_sentence(str(exc)))

    def lock_all_but_name_and_visibility(self) -> None:
        """After round 1: the other settings are shown, not editable (their initial values
        are what the form cleans to)."""
        for key, field in self.fields.items():
            if key not in ("name", "is_public"):
                field.disabled = True

    @classmethod
    def initial_of(cls, t: Tournament) -> dict:
        """The form's values for an existing tournament."""
        initial = {
            k: getattr(t, k)
            for k in (
                "name",
                "game",
                "format",
                "swiss_rounds",
                "points_per_win",
                "points_per_loss",
                "is_public",
            )
        }
        initial.update({f"tiebreak_{n}": k for n, k in enumerate(t.tiebreaks, 1)})
        initial.update({f"{t.game}-{k}": v for k, v in t.rules.items()})
        return initial


class SeedingForm(forms.Form):
    """The entries' order for the draw: a number per entry (1 first); ties keep the
    current order."""

    def __init__(self, *args, entries, **kwargs):
        super().__init__(*args, **kwargs)
        self.entries = list(entries)
        for e in self.entries:
            self.fields[f"seed_{e.pk}"] = forms.IntegerField(
                label=e.name, min_value=1, max_value=999, initial=e.seed
            )

    def order(self) -> list[Entry]:
        return sorted(self.entries, key=lambda e: (self.cleaned_data[f"seed_{e.pk}"], e.seed))


class ScheduleForm(EveryError, forms.Form):
    """When a round is played and the room's table of each fixture."""

    date = forms.DateField(
        label=pgettext_lazy("round", "Date"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    time = forms.TimeField(
        label=pgettext_lazy("round", "Time"),
        required=False,
        widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
    )

    def __init__(self, *args, fixtures=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fixtures = list(fixtures)
        for f in self.fixtures:
            self.fields[f"table_{f.pk}"] = forms.IntegerField(
                label=_("Table of %(fixture)s") % {"fixture": f},
                required=False,
                min_value=1,
                max_value=999,
                initial=f.venue_table,
            )

    def tables(self) -> dict[int, int | None]:
        return {f.pk: self.cleaned_data[f"table_{f.pk}"] for f in self.fixtures}


class DrawForm(forms.Form):
    """The next round's date and time (optional), given when it is drawn."""

    date = ScheduleForm.base_fields["date"]
    time = ScheduleForm.base_fields["time"]


class SwapForm(forms.Form):
    """Two entries of a round to exchange (between tables, or seats of one table)."""

    def __init__(self, *args, entries, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [(str(e.pk), e.name) for e in entries]
        self.fields["a"] = forms.ChoiceField(
            label=pgettext_lazy("entries", "Swap"), choices=choices
        )
        self.fields["b"] = forms.ChoiceField(
            label=pgettext_lazy("entries", "with"), choices=choices
        )


class EntryForm(forms.Form):
    """An entry's name and its players: a pair, or one player (tables of three)."""

    name = forms.CharField(
        label=_("Name (optional)"),
        max_length=120,
        required=False,
        help_text=_("Left empty: the players' names, as in “Ana & Blas”."),
    )

    def __init__(self, *args, club=None, size: int = 2, **kwargs):
        super().__init__(*args, **kwargs)
        labels = [_("Player"), _("Partner")]
        self.size = size
        if size == 1:  # tables of three: an entry is one player, no pair to name
            self.fields["name"].help_text = _("Left empty: the player's name.")
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


class DecideForm(EveryError, forms.Form):
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


class DeviceTokenForm(EveryError, forms.Form):
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
