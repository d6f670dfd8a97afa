"""Forms of the games app."""

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player

from .engine import Game, RuleOption, ranges_of
from .engine.words import OPTION_LABELS
from .refusals import as_sentence

MAX_RECORD_BYTES = 2 * 1024 * 1024


class RecordCheckForm(forms.Form):
    """A match record to check: an uploaded file or pasted JSON."""

    file = forms.FileField(label=_("Record file (.json)"), required=False)
    text = forms.CharField(
        label=_("…or paste the JSON"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
    )

    def clean(self):
        data = super().clean()
        upload, text = data.get("file"), (data.get("text") or "").strip()
        if not upload and not text:
            raise forms.ValidationError(_("Choose a record file or paste its JSON."))
        if upload:
            if upload.size > MAX_RECORD_BYTES:
                raise forms.ValidationError(_("The file is larger than 2 MiB."))
            data["content"] = upload.read()
            data["name"] = upload.name
        else:
            data["content"] = text.encode()
            data["name"] = "pasted.json"
        return data


#: how a form names a game's rule options (the engine declares the options and names
#: them, ``Game.rule_options``, ``words.OPTION_LABELS``; the same words as the tournament
#: form's), translated when shown
RULE_LABELS = {key: _(label) for key, label in OPTION_LABELS.items()}
CHOICE_LABELS = {
    "exact": _("exact target (C4 limit)"),
    "first_to": _("first to the target"),
    "hands": _("a number of hands"),
    "opponents": _("the bid to each opponent"),
    "split": _("half the bid to each"),
    3: _("3, each for himself"),
    4: _("4, in pairs"),
}


def rule_field(option: RuleOption, game: Game) -> forms.Field:
    """A form field for one of a game's rule options (an empty number: the default; a
    number in the range the game's options declare, ``ranges_of``)."""
    label = RULE_LABELS.get(option.key, option.key)
    if option.kind == "bool":
        # the box before its label, which ends the line: no colon after it
        return forms.BooleanField(
            label=label, required=False, initial=option.default, label_suffix=""
        )
    if option.kind == "choice":
        return forms.TypedChoiceField(
            label=label,
            required=False,
            initial=option.default,
            coerce=type(option.default),
            choices=[(v, CHOICE_LABELS.get(v, v)) for v in option.choices],
        )
    allowed = ranges_of(game).get(option.key)
    if allowed is None:
        return forms.IntegerField(label=label, required=False, initial=option.default)
    # the bounds here; a value off the step is the engine's refusal, which names the rule
    return forms.IntegerField(
        label=label,
        required=False,
        initial=option.default,
        min_value=allowed.minimum,
        max_value=allowed.maximum,
        widget=forms.NumberInput(attrs={"step": allowed.step}),
    )


class NewMatchForm(forms.Form):
    """A one-off match of one game: its rules, built from the options the game declares
    (``Game.rule_options``: no rule is written here), and the player at each seat. The
    ruleset decides the number of seats (Subastao: 3 or 4); the engine checks the rules."""

    name = forms.CharField(label=_("Name (optional)"), max_length=200, required=False)

    def __init__(self, *args, club: Club, game: Game, **kwargs):
        super().__init__(*args, **kwargs)
        self.club, self.game = club, game
        self.options = game.rule_options()
        for option in self.options:
            self.fields[f"rule_{option.key}"] = rule_field(option, game)
        fewest = min(game.table_sizes)
        players = club.players.order_by("display_name")
        for seat in range(max(game.table_sizes)):
            label = (
                _("Player %(n)s (deals first)") % {"n": seat + 1}
                if seat == 0
                else _("Player %(n)s") % {"n": seat + 1}
            )
            if seat >= fewest:
                label = _("%(label)s — only at a table of %(n)s") % {"label": label, "n": seat + 1}
            self.fields[f"seat_{seat}"] = forms.ModelChoiceField(
                label=label,
                queryset=players,
                required=False,
                error_messages={"invalid_choice": _("Choose a player of this club.")},
            )

    def rule_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("rule_")]

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("seat_")]

    def clean(self):
        """Every error at once: the rules and the seats are checked apart, so that a bad
        rule does not hide the seats' errors until the next submit."""
        data = super().clean()
        ruleset = self._ruleset(data)
        if ruleset is not None:
            data["rules"] = ruleset.as_dict()
        data["players"] = self._seated(data, ruleset)
        return data

    def _ruleset(self, data: dict):
        """The rules given, parsed by the engine; None (the error added) if they fail."""
        if any(f"rule_{o.key}" in self.errors for o in self.options):
            return None
        # an empty choice or number is the game's default; an unticked box is False
        given = {
            o.key: data.get(f"rule_{o.key}")
            for o in self.options
            if data.get(f"rule_{o.key}") not in (None, "")
        }
        try:
            self.ruleset = self.game.parse_rules(given)
        except (TypeError, ValueError) as exc:
            # the engine's message names its option (``rules.target …``)
            field = next((f"rule_{name}" for name in given if f"rules.{name}" in str(exc)), None)
            self.add_error(field, as_sentence(str(exc)))
            return None
        return self.ruleset

    def _seated(self, data: dict, ruleset) -> list[Player]:
        """The players in seat order, each seat's error added. Without valid rules the
        number of seats is not known: the seats every table has must be filled, and a
        seat beyond them is neither required nor refused."""
        seats = self.game.seats(ruleset) if ruleset is not None else None
        fewest = min(self.game.table_sizes)
        chosen: list[Player] = []
        for seat in range(len(self.seat_fields())):
            key, player = f"seat_{seat}", data.get(f"seat_{seat}")
            if key in self.errors:
                continue
            if seats is not None and seat >= seats and player is not None:
                self.add_error(
                    key, _("These rules seat %(n)s players: leave this empty.") % {"n": seats}
                )
            elif seat < (seats if seats is not None else fewest) and player is None:
                self.add_error(key, _("Choose who sits here."))
            elif player is not None and player in chosen:
                self.add_error(
                    key,
                    _("%(name)s already sits at place %(n)s.")
                    % {"name": player, "n": chosen.index(player) + 1},
                )
            elif player is not None:
                chosen.append(player)
        return chosen
