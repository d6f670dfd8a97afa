"""The ratings' section of the player page (registered in ``apps.py``): per game, the
rating and its history chart, the partners and the opponents."""

from __future__ import annotations

from django.http import HttpRequest
from django.template.defaultfilters import floatformat
from django.utils.translation import gettext as _

from clubs.models import Club, Player
from games.engine import games
from games.models import Match
from tournaments.charts import line_chart
from tournaments.player_sections import Section

from .histories import histories
from .method import PARAMETERS, Skill
from .models import Rating, RatingChange

#: the rating changes listed under the chart (the chart shows them all)
RECENT = 8


def player_section(request: HttpRequest, club: Club, player: Player) -> Section:
    ratings = {r.game: r for r in Rating.objects.filter(player=player)}
    changes: dict[str, list[RatingChange]] = {}
    for change in RatingChange.objects.filter(player=player).select_related("rated"):
        changes.setdefault(change.game, []).append(change)
    played = histories(player, Match.objects.readable_by(request.user))
    blocks = []
    for game in games():
        if game.name not in ratings and game.name not in played:
            continue
        rows = changes.get(game.name, [])
        start = Skill().ordinal
        values = [start, *(c.ordinal_after for c in rows)]
        chart = line_chart(
            values,
            title=_("%(game)s rating of %(player)s") % {"game": game.title, "player": player},
            description=_("Rating (μ − 3σ) after each rated match, from %(start)s to %(end)s")
            % {"start": floatformat(values[0], 2), "end": floatformat(values[-1], 2)},
            x_label=_("Rated matches"),
            y_title=_("Rating (μ − 3σ)"),
            ident=f"rating-{game.name}",
        )
        blocks.append(
            {
                "game": game,
                "rating": ratings.get(game.name),
                "chart": chart if rows else None,
                "recent": list(reversed(rows[-RECENT:])),
                "history": played.get(game.name),
            }
        )
    return Section(
        "ratings/_player.html",
        {
            "blocks": blocks,
            "parameters": PARAMETERS,
            "start": Skill(),
            "stats_url": f"/clubs/{club.slug}/players/{player.pk}/stats/",
            "club_slug": club.slug,
        },
    )
