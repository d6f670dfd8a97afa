"""The tournament itself: creating it, changing its settings (validated against the game
registry, the draw and the standings before anything is stored) and the seeding of its
entries, which the draw of round 1 follows."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from django.db import transaction
from django.db.models import F, Max

from clubs.models import Club
from games.engine import find_game
from games.engine.messages import Items, msg
from games.models import default_game_name
from games.services import Refused

from ..models import Entry, Tournament
from ..pairing import generator_for
from ..signals import visibility_changed
from ..standings import Scheme
from .base import Conflict, User, _require_organiser

#: what may change only before round 1 is drawn (the draw and the standings follow them)
SETTINGS_BEFORE_START = (
    "game",
    "rules",
    "format",
    "swiss_rounds",
    "tiebreaks",
    "points_per_win",
    "points_per_loss",
)


def table_shape(game: str, rules: dict | None) -> tuple[object, int, int]:
    """The game's parsed rules, its entries per table (scoring units) and players per
    entry; Refused naming ``game`` or ``rules`` when the registry refuses them."""
    try:
        g = find_game(game)
    except KeyError:
        raise Refused(
            msg("game {game!r} is not played on this site", game=game), item={"field": "game"}
        ) from None
    try:
        ruleset = g.parse_rules(rules)
    except (TypeError, ValueError) as exc:
        raise Refused(str(exc), item={"field": "rules"}) from exc
    units = g.units(ruleset)
    return ruleset, units, g.seats(ruleset) // units


def _validated(
    format: str,
    game: str,
    rules: dict | None,
    tiebreaks: list[str] | None,
    points_per_win: int,
    points_per_loss: int = 0,
) -> tuple[object, int, int]:
    """The parsed rules, table size and entry size of a tournament's settings; Refused
    naming the field that the registry, the draw or the standings refuse."""
    if format not in Tournament.Format.values:
        raise Refused(
            msg("format must be one of {items}", items=", ".join(Tournament.Format.values)),
            item={"field": "format"},
        )
    ruleset, table_size, entry_size = table_shape(game, rules)
    try:
        generator_for(format, table_size)
    except ValueError as exc:
        raise Refused(str(exc), item={"field": "format"}) from exc
    try:
        Scheme(tuple(tiebreaks or ()), points_per_win, table_size, game, points_per_loss)
    except ValueError as exc:
        field = "points_per_loss" if "lost match" in str(exc) else "tiebreaks"
        raise Refused(str(exc), item={"field": field}) from exc
    return ruleset, table_size, entry_size


def create_tournament(
    *,
    club: Club,
    user: User,
    name: str,
    format: str,
    game: str | None = None,
    rules: dict | None = None,
    tiebreaks: list[str] | None = None,
    swiss_rounds: int = 5,
    points_per_win: int = 1,
    points_per_loss: int = 0,
    is_public: bool = True,
) -> Tournament:
    _require_organiser(user, club)
    game = default_game_name() if game is None else game
    ruleset, table_size, entry_size = _validated(
        format, game, rules, tiebreaks, points_per_win, points_per_loss
    )
    return Tournament.objects.create(
        club=club,
        name=name,
        game=game,
        format=format,
        rules=ruleset.as_dict(),
        tiebreaks=tiebreaks or [],
        swiss_rounds=swiss_rounds,
        points_per_win=points_per_win,
        points_per_loss=points_per_loss,
        is_public=is_public,
        table_size=table_size,
        entry_size=entry_size,
    )


def update_tournament(t: Tournament, user: User, **changes: object) -> Tournament:
    """Change a tournament's settings: the name and visibility at any time, the others
    (``SETTINGS_BEFORE_START``) only before round 1 is drawn (Conflict, 409, after)."""
    _require_organiser(user, t.club)
    unknown = set(changes) - {"name", "is_public", *SETTINGS_BEFORE_START}
    if unknown:
        raise Refused(
            msg("not a setting: {items}", items=Items(sorted(unknown))), item={"field": "settings"}
        )
    merged = {k: changes.get(k, getattr(t, k)) for k in SETTINGS_BEFORE_START}
    ruleset, table_size, entry_size = _validated(
        merged["format"],
        merged["game"],
        merged["rules"],
        merged["tiebreaks"],
        merged["points_per_win"],
        merged["points_per_loss"],
    )
    merged["rules"] = ruleset.as_dict()
    merged["tiebreaks"] = merged["tiebreaks"] or []
    changed = [k for k in SETTINGS_BEFORE_START if merged[k] != getattr(t, k)]
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        if changed and t.rounds.exists():
            raise Conflict(
                msg("Round 1 has been drawn: only the name and the visibility can change now."),
                item={"field": changed[0]},
            )
        if entry_size != t.entry_size and t.entries.exists():
            raise Conflict(
                msg(
                    "The entries already made have {old} player(s) each and these rules "
                    "need {new}: remove them first.",
                    old=t.entry_size,
                    new=entry_size,
                ),
                item={"field": "rules"},
            )
        opened_or_closed = "is_public" in changes and bool(changes["is_public"]) != t.is_public
        for k in ("name", "is_public"):
            if k in changes:
                setattr(t, k, changes[k])
        for k in SETTINGS_BEFORE_START:
            setattr(t, k, merged[k])
        t.table_size, t.entry_size = table_size, entry_size
        t.save()
        if opened_or_closed:
            # robust: the change is committed, a failing follower must not make it a 500
            transaction.on_commit(partial(_visibility_changed, t), robust=True)
    return t


def _visibility_changed(t: Tournament) -> None:
    visibility_changed.send(
        Tournament, tournament_id=t.pk, club_id=t.club_id, game=t.game, is_public=t.is_public
    )


def set_seeding(t: Tournament, user: User, order: Sequence[Entry]) -> None:
    """The entries' seeds in ``order`` (1 first): the draw of round 1 follows them (the
    Berger table's numbers, the Swiss and knockout ranking). Only before round 1."""
    _require_organiser(user, t.club)
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        if t.rounds.exists():
            raise Conflict(
                msg("Round 1 has been drawn: the seeding can no longer change."),
                item={"field": "seeding"},
            )
        ids = [e.pk for e in order]
        if sorted(ids) != sorted(t.entries.values_list("pk", flat=True)):
            raise Refused(
                msg("The seeding lists every entry of the tournament once."),
                item={"field": "seeding"},
            )
        # two steps, so that the unique seeds never collide midway
        top = len(ids) + (t.entries.aggregate(m=Max("seed"))["m"] or 0)
        t.entries.update(seed=F("seed") + top)
        for seed, pk in enumerate(ids, 1):
            Entry.objects.filter(pk=pk).update(seed=seed)
