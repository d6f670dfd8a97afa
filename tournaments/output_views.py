"""What a tournament gives out: printable standings and score sheets, a round's results
as a spreadsheet, and its rounds as a calendar feed. Read-only: whoever may read the
tournament (``clubs.access``) may print and download it."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from games.engine import find_game

from . import calendar, exports
from .models import Fixture, Round, Tournament
from .standings_store import fixture_rows, fresh_snapshot, parse_round_number, scheme_of
from .tables import standings_table
from .views import _readable, _text

#: the lines of a score sheet's grid: more hands than a match to 11 usually takes
SHEET_LINES = 18


def _status_names() -> dict[str, str]:
    return {
        "finished": _("finished"),
        "in_progress": _("in progress"),
        "bye": _("bye"),
        **{value: str(label) for value, label in Fixture.Decision.choices if value},
    }


def standings_print(request: HttpRequest, pk: int) -> HttpResponse:
    """The standings (latest, or ``?after_round=N``) on a page made for paper."""
    t = _readable(request, pk)
    snapshots = {s.after_round: s for s in t.snapshots.all()}
    asked = request.GET.get("after_round")
    if asked is not None:
        try:
            after = parse_round_number(asked)
        except ValueError:
            return _text(400, _("after_round: a round number (1 to 5 digits)."))
        if after not in snapshots:
            raise Http404(_("No standings after round %(n)s.") % {"n": after})
        snapshot = snapshots[after]
    elif snapshots:
        snapshot = snapshots[max(snapshots)]
    else:
        raise Http404(_("No standings yet: they appear when a match finishes."))
    snapshot = fresh_snapshot(snapshot)  # a stale one is ranked now
    table = standings_table(snapshot.rows, scheme_of(t), snapshot.after_round)
    RequestConfig(request, paginate=False).configure(table)
    return render(
        request,
        "tournaments/standings_print.html",
        {"t": t, "snapshot": snapshot, "table": table},
    )


def _round(request: HttpRequest, pk: int, number: int) -> tuple[Tournament, Round]:
    t = _readable(request, pk)
    return t, get_object_or_404(t.rounds, number=number)


def score_sheets(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """One sheet per table of a round, to be printed and filled in at the table: who sits
    where, a blank grid of hands with a column per scoring unit, and signature lines."""
    t, round_ = _round(request, pk, number)
    rows = [r for r in fixture_rows(t, round_)[0]["fixtures"] if r["match"] is not None]
    game = find_game(t.game)
    seats = game.seats(game.parse_rules(t.rules))
    sheets = []
    for row in rows:
        by_seat = {}
        for letter, unit in zip("ABC", row["units"], strict=False):
            for player, seat in unit["players"]:
                by_seat[seat] = {"player": player, "unit": letter, "entry": unit["entry"]}
        sheets.append(
            {
                "row": row,
                # counted from 1 for the people at the table, as on the pad and the round
                "seats": [{"number": s + 1, **by_seat.get(s, {})} for s in range(seats)],
                "units": list(zip("ABC", row["units"], strict=False)),
            }
        )
    return render(
        request,
        "tournaments/score_sheets.html",
        {
            "t": t,
            "round": round_,
            "sheets": sheets,
            "individual": t.entry_size == 1,  # the side is its player: named once
            "lines": range(1, SHEET_LINES + 1),
        },
    )


def round_results(request: HttpRequest, pk: int, number: int, export_format: str) -> HttpResponse:
    """A round's results as CSV or XLSX, one line per table."""
    if export_format not in exports.RESULT_FORMATS:
        return _text(
            400,
            _("Unknown download format. Choose one of: %(formats)s.")
            % {"formats": ", ".join(exports.RESULT_FORMATS)},
        )
    t, round_ = _round(request, pk, number)
    rows = fixture_rows(t, round_)[0]["fixtures"]
    units = max((len(r["units"]) for r in rows), default=2)
    return exports.round_results_download(
        rows, units, _status_names(), export_format, t.name, f"tournament-{t.pk}", number
    )


def calendar_feed(request: HttpRequest, pk: int) -> HttpResponse:
    """The tournament's dated rounds as an iCalendar file (``text/calendar``)."""
    t = _readable(request, pk)
    rounds = list(t.rounds.order_by("number"))
    pairings: dict[int, list[str]] = {}
    for block in fixture_rows(t) if rounds else []:
        pairings[block["round"].pk] = [
            f"{_('Table')} {row['table']}: " + " — ".join(str(e) for e in row["entries"])
            for row in block["fixtures"]
        ]

    def url_of(round_: Round) -> str:
        return request.build_absolute_uri(reverse("tournaments:round", args=[t.pk, round_.number]))

    body = calendar.tournament_calendar(t, rounds, pairings, url_of, request.get_host())
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = exports.content_disposition(
        f"{exports.download_filename(t.name, f'tournament-{t.pk}')}.ics"
    ).replace("attachment", "inline", 1)
    return response
