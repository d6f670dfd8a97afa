"""Statistics pages: a club's (and a season's), a tournament's, a player's; and the
progress of the running job as JSON for the page's bar."""

from __future__ import annotations

from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from clubs.models import Club
from games.engine import find_game
from tournaments.charts import bar_chart
from tournaments.exports import SafeTableExport
from tournaments.models import Tournament

from . import report
from .costly import costly_cards
from .models import StatJob, StatTotal
from .store import job_progress
from .tables import (
    DeclarationTable,
    HeadToHeadTable,
    MetricTable,
    PairTable,
    PeopleTable,
    declaration_rows,
    metric_rows,
    people_table,
)
from .visible import readable_totals


def progress(request: HttpRequest) -> JsonResponse:
    """The latest job's chunks done and total (the page polls it while a job runs)."""
    return JsonResponse(job_progress(StatJob.objects.first(), request.user))


def _charts(stats: list[report.GameStats]) -> list[dict]:
    out = []
    for s in stats:
        by_trumps = []
        for d in s.declarations:
            if d.by_trumps:
                bars = [
                    (str(n), made / declared * 100, f"{made}/{declared}")
                    for n, (declared, made) in sorted(d.by_trumps.items())
                ]
                title = _(d.title)
                by_trumps.append(
                    {
                        "kind": title,
                        "svg": bar_chart(
                            bars,
                            title=_("%(kind)s made good by trumps held") % {"kind": title},
                            top=100,
                            x_title=_("Trumps the declarer held"),
                            y_title=_("Made good (%)"),
                        ),
                    }
                )
        dist = [(str(low), n, str(n)) for low, n in s.distribution]
        out.append(
            {
                "game": s,
                "by_trumps": by_trumps,
                "distribution": bar_chart(
                    dist,
                    title=_("Card points per hand"),
                    x_title=_("Card points taken in the hand (lowest of each band)"),
                    y_title=_("Hands"),
                ),
            }
        )
    return out


def _page(
    request: HttpRequest,
    club: Club,
    scope: str,
    key: str,
    heading: str,
    back: str,
    costly: list[dict] | None = None,
    seasons_of: str | None = None,
):
    """``seasons_of``: the scope whose seasons the page links to, each a link to this
    very page with ``?season=`` (``season`` a club's, ``player_season`` a player's), or
    None (a tournament's page: a tournament is played within its dates)."""
    totals = readable_totals(request.user, club)  # what this reader may read, no more
    stats = report.scope_stats(scope, key, totals)
    metrics = MetricTable(metric_rows(stats), prefix="m-")
    declarations = DeclarationTable(declaration_rows(stats), prefix="d-")
    tables = {"metrics": metrics, "declarations": declarations}
    players, pairs, versus = [], [], None
    if scope == "club":
        players, pairs = _people(club, totals)
        tables |= {f"players-{g}": t for g, t in players}
        tables |= {f"pairs-{g}": t for g, t in pairs}
        # every game's in one CSV, under the names the page always had (no kind columns:
        # each game has its own kinds)
        tables["players"] = PeopleTable([r for _, t in players for r in t.data], prefix="p-")
        tables["pairs"] = PairTable([r for _, t in pairs for r in t.data], prefix="q-")
    if scope == "player":  # all time: a season's page has none
        versus = HeadToHeadTable(_head_to_head(club, totals, key), prefix="v-")
        tables["versus"] = versus
    for table in tables.values():
        RequestConfig(request, paginate=False).configure(table)
    if request.GET.get("_export") == "csv":
        table = tables.get(request.GET.get("table", ""), metrics)
        return SafeTableExport("csv", table).response(f"{scope}-{key}.csv".replace(":", "-"))
    seasons = _seasons(totals, seasons_of, key.split(":")[0]) if seasons_of else []
    context = {
        "club": club,
        "heading": heading,
        "back": back,
        "stats": stats,
        "metrics": metrics,
        "declarations": declarations,
        "small_sample": report.SMALL_SAMPLE,
        "players": [(find_game(g), t) for g, t in players],
        "pairs": [(find_game(g), t) for g, t in pairs],
        "versus": versus,
        "charts": _charts(stats),
        "seasons": seasons,
        "season": request.GET.get("season", "") if seasons_of else "",
        "job": job_progress(StatJob.objects.first()),
        "costly": costly,
    }
    return render(request, "stats/stats.html", context)


def _seasons(totals: QuerySet[StatTotal], scope: str, owner: str) -> list[int]:
    """The years with figures in ``scope`` for ``owner`` (a club's or a player's id: the
    key's part before the year), latest first."""
    keys = totals.filter(scope=scope, key__startswith=f"{owner}:").values_list("key", flat=True)
    return sorted({int(k.split(":")[1]) for k in keys.distinct()}, reverse=True)


def _season(request: HttpRequest) -> str | None:
    """The season asked (``?season=2026``), or None: all seasons."""
    season = request.GET.get("season", "")
    return season if season.isdigit() and len(season) == 4 else None


def _people(
    club: Club, totals: QuerySet[StatTotal]
) -> tuple[list[tuple[str, PeopleTable]], list[tuple[str, PairTable]]]:
    """Per game, the players' table and the pairs'."""
    names = report.player_names(club)
    players = report.people(totals, "player")
    for rows in players.values():
        for row in rows:
            row["name"] = report.unit_name(names, row["key"])
            row["url"] = reverse("stats:player", args=[club.slug, int(row["key"])])
    pairs = report.people(totals, "pair")
    for rows in pairs.values():
        for row in rows:
            row["name"] = report.unit_name(names, row["key"])
    return (
        [(g, people_table(PeopleTable, find_game(g), r, f"p{g}-")) for g, r in players.items()],
        [(g, people_table(PairTable, find_game(g), r, f"q{g}-")) for g, r in pairs.items()],
    )


def _head_to_head(club: Club, totals: QuerySet[StatTotal], key: str) -> list[dict]:
    names = report.player_names(club)
    rows = report.head_to_head(totals, key)
    for row in rows:
        row["ours"], row["theirs"] = (
            report.unit_name(names, row["ours"]),
            report.unit_name(names, row["theirs"]),
        )
        row["game"] = find_game(row["game"]).title
    return rows


def club_stats(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club.objects.readable_by(request.user), slug=slug)
    season = _season(request)
    if season:
        heading = _("%(club)s: season %(year)s") % {"club": club.name, "year": season}
        key = f"{club.pk}:{season}"
        return _page(request, club, "season", key, heading, club.slug, seasons_of="season")
    return _page(request, club, "club", str(club.pk), club.name, club.slug, seasons_of="season")


def player_stats(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = get_object_or_404(Club.objects.readable_by(request.user), slug=slug)
    player = get_object_or_404(club.players, pk=pk)
    season = _season(request)
    if season:
        # the season's figures; the costly cards and the head to head are all time's
        heading = _("%(club)s: season %(year)s") % {"club": player, "year": season}
        key = f"{player.pk}:{season}"
        return _page(
            request, club, "player_season", key, heading, club.slug, seasons_of="player_season"
        )
    costly = costly_cards(request.user, player)
    return _page(
        request,
        club,
        "player",
        str(player.pk),
        str(player),
        club.slug,
        costly,
        seasons_of="player_season",
    )


def tournament_stats(request: HttpRequest, pk: int) -> HttpResponse:
    readable = Tournament.objects.readable_by(request.user).select_related("club")
    t = get_object_or_404(readable, pk=pk)
    return _page(request, t.club, "tournament", str(t.pk), t.name, t.club.slug)
