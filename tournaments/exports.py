"""Standings and round results downloads: CSV, TSV and XLSX, safe to open in a
spreadsheet, safely named.

Entry names are typed by organisers (and come from imported records): a name starting with
``=`` would be a formula in the file, and a name with a line break or a ``"`` would break
the ``Content-Disposition`` header. Both are neutralised here.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any
from urllib.parse import quote

import tablib
from django.http import HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django_tables2 import Table
from django_tables2.export import TableExport
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

FORMATS = ("csv", "tsv", "xlsx")
# OWASP "CSV Injection": a cell starting with one of these is read as a formula
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutralise(value: Any) -> Any:
    """A text cell that a spreadsheet would read as a formula, prefixed with ``'`` so that
    it is read as text (OWASP's rule); numbers and other texts unchanged."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class SafeTableExport(TableExport):
    """django-tables2's export with every text cell neutralised (and, in XLSX, without the
    control characters that the format cannot hold: openpyxl raises on them)."""

    def table_to_dataset(self, table, exclude_columns, dataset_kwargs=None):
        dataset = super().table_to_dataset(table, exclude_columns, dataset_kwargs)
        if dataset.headers:
            dataset.headers = [self._cell(v) for v in dataset.headers]
        for index, row in enumerate(list(dataset)):
            dataset[index] = tuple(self._cell(v) for v in row)
        return dataset

    def _cell(self, value: Any) -> Any:
        if self.format == self.XLSX and isinstance(value, str):
            value = ILLEGAL_CHARACTERS_RE.sub("\ufffd", value)
        return neutralise(value)


def download_filename(name: str, fallback: str) -> str:
    """``name`` fit to be a file name: no control characters, quotes, slashes or runs of
    spaces; ``fallback`` if nothing is left."""
    kept = "".join(
        " " if unicodedata.category(c).startswith(("C", "Z")) or c in '"\\/:*?<>|' else c
        for c in name
    )
    kept = re.sub(r"\s+", " ", kept).strip(" .")[:100]
    return kept or fallback


def content_disposition(filename: str) -> str:
    """``attachment`` with an ASCII ``filename`` for old clients and the exact UTF-8 one
    in ``filename*`` (RFC 6266, RFC 8187)."""
    ascii_name = (
        unicodedata.normalize("NFKD", filename).encode("ascii", "ignore").decode().strip()
        or "download"
    )
    ascii_name = re.sub(r'["\\]', "", ascii_name)
    return f"attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{quote(filename)}"


def standings_download(
    table: Table, export_format: str, name: str, fallback: str, after_round: int
) -> HttpResponse:
    """The standings ``table`` as a file of ``export_format`` (one of :data:`FORMATS`); the
    round they are after is in its name and in a column of every row."""
    export = SafeTableExport(export_format, table)
    response = HttpResponse(export.export(), content_type=export.content_type())
    # the file is named in the reader's language, as the page they downloaded it from
    what = pgettext("file name", "standings-after-round-%(n)s") % {"n": after_round}
    filename = f"{download_filename(name, fallback)}-{what}.{export_format}"
    response["Content-Disposition"] = content_disposition(filename)
    return response


RESULT_FORMATS = ("csv", "xlsx")
RESULT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


def _cell(value: Any, export_format: str) -> Any:
    if export_format == "xlsx" and isinstance(value, str):
        value = ILLEGAL_CHARACTERS_RE.sub("\ufffd", value)
    return neutralise(value)


def round_results(
    rows: list[dict[str, Any]], units: int, status_names: dict[str, str], export_format: str
) -> bytes:
    """A round's results, one line per table (``fixture_rows``' rows): the table, the
    match, its status, and for each scoring unit its entry, players (with their seats) and
    score. ``units`` is the number of units at a table (2 pairs, 3 players)."""
    headers = [_("Table"), _("Match"), _("Status")]
    for u in range(units):
        letter = chr(ord("A") + u)
        headers += [
            _("Entry %(unit)s") % {"unit": letter},
            _("Players %(unit)s") % {"unit": letter},
            _("Score %(unit)s") % {"unit": letter},
        ]
    headers.append(_("Winner"))
    data = tablib.Dataset(headers=[_cell(h, export_format) for h in headers])
    for row in rows:
        line: list[Any] = [
            row["table"],
            row["match"].pk if row["match"] else "",
            status_names.get(row["status"], row["status"]),
        ]
        for u in range(units):
            unit = row["units"][u] if u < len(row["units"]) else None
            if unit is None:
                line += ["", "", ""]
                continue
            players = " · ".join(f"{p} ({seat})" for p, seat in unit["players"])
            score = unit["score"]
            line += [str(unit["entry"]), players, "" if score is None else score]
        line.append(" · ".join(str(u["entry"]) for u in row["units"] if u["winner"]))
        data.append([_cell(v, export_format) for v in line])
    exported = data.export(export_format)
    return exported.encode("utf-8") if isinstance(exported, str) else exported


def round_results_download(
    rows: list[dict[str, Any]],
    units: int,
    status_names: dict[str, str],
    export_format: str,
    name: str,
    fallback: str,
    number: int,
) -> HttpResponse:
    response = HttpResponse(
        round_results(rows, units, status_names, export_format),
        content_type=RESULT_TYPES[export_format],
    )
    filename = f"{download_filename(name, fallback)}-round-{number}-results.{export_format}"
    response["Content-Disposition"] = content_disposition(filename)
    return response
