"""The statistics tables (django-tables2: sortable, downloadable as CSV).

Numbers are shown in the reader's language (Django's ``floatformat``: "30,96" in
Spanish, "30.96" in English; rounded, where ``number_format`` cuts the digits off); a
rate always comes with what it is a rate of ("7 of 11"), marked when that is fewer than
:data:`report.SMALL_SAMPLE`.
"""

from __future__ import annotations

import django_tables2 as tables
from django.template.defaultfilters import floatformat
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.engine import Game

from .report import SMALL_SAMPLE, Declaration, GameStats

#: the figures this app derives; a game's own come with their titles from the engine
#: (``GameStats.titles``)
METRIC_LABELS = {
    "matches": _("Matches played"),
    "matches_won": _("Matches won"),
    "hands": _("Hands played"),
    "void_hands": _("Void hands (everybody passed)"),
    "sat_out_hands": _("Hands sat out (partner declared)"),
    "hands_won": _("Hands won"),
    "capots_declarer": _("Capots by the declaring side"),
    "capots_defender": _("Capots by the defence"),
    "defended": _("Contracts played against"),
    "broke": _("Contracts broken in defence"),
}


def decimal(value: float | None, places: int = 2) -> str:
    """A number in the reader's language ("—" when there is none)."""
    return "—" if value is None else floatformat(value, places)


def rate_of(made: int, declared: int) -> SafeString | str:
    """ "7 of 11 · 64%", marked as a small sample under :data:`SMALL_SAMPLE`."""
    if not declared:
        return "—"
    text = gettext("%(made)s of %(declared)s · %(rate)s%%") % {
        "made": made,
        "declared": declared,
        "rate": floatformat(100 * made / declared, 0),
    }
    if declared >= SMALL_SAMPLE:
        return text
    return format_html(
        '<span class="small-sample" title="{}">{}*</span>',
        gettext("Fewer than %(n)s: this rate says little") % {"n": SMALL_SAMPLE},
        text,
    )


class Abbreviated(str):
    """A heading whose text is the whole words (the CSV's heading) and whose HTML is the
    short form, the whole words in its ``<abbr title>``: a table that fits a phone."""

    short: str

    def __new__(cls, whole: str, short: str) -> Abbreviated:
        heading = super().__new__(cls, whole)
        heading.short = short
        return heading

    def __html__(self) -> str:
        return format_html('<abbr title="{}">{}</abbr>', str(self), self.short)


class Short(tables.Column):
    """A column headed by a short form of its name (``short``: its own gettext context,
    "short heading", as "PJ" is no word), the name in its title."""

    def __init__(self, *args, short: str, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.short = short

    @property
    def header(self) -> Abbreviated:
        return Abbreviated(str(self.verbose_name), str(self.short))


class MetricTable(tables.Table):
    game = tables.Column(verbose_name=_("Game"))
    metric = tables.Column(verbose_name=_("Figure"))
    total = tables.Column(verbose_name=_("Total"))
    per_hand = tables.Column(verbose_name=_("Per hand played"), default="")

    class Meta:
        orderable = True
        attrs = {"class": "stats"}

    def render_total(self, value: float | int | None, record: dict) -> str:
        return decimal(value, record.get("places", 0))

    def render_per_hand(self, value: float | None) -> str:
        return decimal(value, 2)

    def value_total(self, value: float | int | None) -> str:
        return "" if value is None else str(value)

    def value_per_hand(self, value: float | None) -> str:
        return "" if value is None else f"{value:.3f}"


def metric_rows(stats: list[GameStats]) -> list[dict]:
    """The figures of each game: counts of matches and hands (no per-hand figure: a
    hand played is one hand), then every summed figure with its mean per hand played
    (a void hand has no tricks, points or cantes: it is counted apart)."""
    rows = []
    for s in stats:

        def row(metric: str, total: float | int | None, per_hand=None, s=s, **kw):
            said = gettext(s.titles[metric]) if metric in s.titles else METRIC_LABELS[metric]
            rows.append(
                {"game": s.title, "metric": said, "total": total} | {"per_hand": per_hand, **kw}
            )

        row("matches", s.matches)
        if s.won is not None:
            row("matches_won", s.won["matches_won"])
        row("hands", s.played)
        if s.void:
            row("void_hands", s.void)
        if s.sat_out:
            row("sat_out_hands", s.sat_out)
        if s.won is not None:
            row("hands_won", s.won["hands_won"])
        for metric, value in s.metrics.items():
            row(metric, value, s.per_hand(metric))
        if s.declarations:
            row("capots_declarer", s.capots[0], s.capots[0] / s.played if s.played else None)
            row("capots_defender", s.capots[1], s.capots[1] / s.played if s.played else None)
        if s.won is not None and s.declarations:
            row("defended", s.won["defended"])
            row("broke", s.won["broke"])
        for name, value in s.bids.items():
            row(name, value, places=1)
    return rows


class DeclarationTable(tables.Table):
    game = tables.Column(verbose_name=_("Game"))
    kind = Short(verbose_name=_("Declaration or bid"), short=pgettext_lazy("short heading", "Kind"))
    declared = tables.Column(verbose_name=_("Declared"))
    made = tables.Column(verbose_name=_("Made good"))
    failed = Short(
        verbose_name=_("Failed (dentro)"), short=pgettext_lazy("short heading", "Failed")
    )
    rate = tables.Column(verbose_name=_("Success"), orderable=False)
    score_for = Short(
        verbose_name=_("Match points per call, declarer's side"),
        short=pgettext_lazy("short heading", "Pts. for"),
    )
    score_against = Short(
        verbose_name=_("Match points per call, the others"),
        short=pgettext_lazy("short heading", "Pts. against"),
    )

    class Meta:
        orderable = True
        attrs = {"class": "stats"}

    def render_rate(self, record: dict) -> SafeString | str:
        return rate_of(record["made"], record["declared"])

    def value_rate(self, record: dict) -> str:
        return "" if not record["declared"] else f"{record['made'] / record['declared']:.3f}"

    def render_score_for(self, value: float | None) -> str:
        return decimal(value, 2)

    def render_score_against(self, value: float | None) -> str:
        return decimal(value, 2)


def declaration_rows(stats: list[GameStats]) -> list[dict]:
    return [
        {
            "game": s.title,
            "kind": gettext(d.title),
            "declared": d.declared,
            "made": d.made,
            "failed": d.failed,
            "rate": d.rate,
            "score_for": d.per_call(d.score_for),
            "score_against": d.per_call(d.score_against),
        }
        for s in stats
        for d in s.declarations
    ]


class PlayedAndWon(tables.Table):
    """Matches and hands played and won, under short headings (a player's, a pair's)."""

    hands = Short(verbose_name=_("Hands played"), short=pgettext_lazy("short heading", "HP"))
    hands_won = Short(verbose_name=_("Hands won"), short=pgettext_lazy("short heading", "HW"))
    matches = Short(verbose_name=_("Matches played"), short=pgettext_lazy("short heading", "Pl"))
    matches_won = Short(verbose_name=_("Matches won"), short=pgettext_lazy("short heading", "W"))


class PeopleTable(PlayedAndWon):
    """A game's players (or pairs); one column per kind of declaration or bid (added by
    :func:`people_table` from the game's kinds)."""

    name = tables.Column(verbose_name=_("Player"), linkify=lambda record: record.get("url"))
    game = tables.Column(verbose_name=_("Game"))
    bonus_points = Short(
        verbose_name=_("Cante and declaration points"),
        short=pgettext_lazy("short heading", "Bonus"),
    )
    points_per_hand = Short(
        verbose_name=_("Card points per hand played"),
        short=pgettext_lazy("short heading", "Pts./hand"),
    )

    class Meta:
        orderable = True
        attrs = {"class": "stats"}
        order_by = ("-hands",)
        sequence = ("name", "game", "hands", "hands_won", "matches", "matches_won", "...")

    def render_points_per_hand(self, value: float) -> str:
        return decimal(value, 1)


class PairTable(PeopleTable):
    name = tables.Column(verbose_name=_("Pair"))

    class Meta(PeopleTable.Meta):  # the players' order of columns, the name first
        pass


class KindColumn(tables.Column):
    """One kind's "made good of declared" (a :class:`Declaration` in the record)."""

    def render(self, value: Declaration) -> SafeString | str:
        return rate_of(value.made, value.declared)

    def value(self, value: Declaration) -> str:
        return f"{value.made}/{value.declared}"


def people_table(cls: type[PeopleTable], game: Game, rows: list[dict], prefix: str) -> PeopleTable:
    """``cls`` for one game's rows, with a column per kind the game counts."""
    extra = [
        (f"kind_{kind}", KindColumn(verbose_name=gettext(title), orderable=False, default="—"))
        for kind, title in game.fact_kinds.items()
    ]
    return cls(rows, prefix=prefix, extra_columns=extra)


class HeadToHeadTable(PlayedAndWon):
    ours = tables.Column(verbose_name=_("Playing as"))
    theirs = tables.Column(verbose_name=_("Against"))
    game = tables.Column(verbose_name=_("Game"))

    class Meta:
        orderable = True
        attrs = {"class": "stats"}
        order_by = ("-matches",)
        sequence = ("ours", "theirs", "game", "matches", "matches_won", "hands", "hands_won")
