"""Results decided without (or over) a match, and corrections of them: the organiser's
forfeit, void or "played again", the forfeits a withdrawal leaves, and ``_touch``, which
moves the results version on so that the standings and scoreboards follow."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from games.engine.messages import msg
from games.services import Refused

from ..models import Entry, Fixture, FixtureEntry, Tournament
from ..tasks import request_standings, results_changed
from .base import User, _require_organiser


def _decide_unplayed(fixture: Fixture, user: User | None, t: Tournament) -> None:
    """Decide a fixture with a withdrawn entry: void if any withdrawn entry's choice is void
    (or every entry has withdrawn), else a forfeit by the withdrawn ones."""
    sides = list(fixture.participants.select_related("entry"))
    out = [p for p in sides if p.entry.withdrawn]
    if len(out) == len(sides) or any(
        p.entry.withdrawal_unplayed == Entry.Unplayed.VOID for p in out
    ):
        _store_decision(fixture, user, Fixture.Decision.VOID, sides, set(), None)
    else:
        _store_decision(
            fixture, user, Fixture.Decision.FORFEIT, sides, {p.entry_id for p in out}, None
        )


def default_forfeit_score(t: Tournament) -> int:
    """The game points a forfeit win counts as by default: the match's target (rules
    ``target``: 11 in Cuatrola, 300 in Subastao)."""
    target = t.rules.get("target") if isinstance(t.rules, dict) else None
    return target if isinstance(target, int) else 0


def _store_decision(
    fixture: Fixture,
    user: User | None,
    decision: str,
    sides: list[FixtureEntry],
    forfeited: set[int],
    scores: Sequence[int] | None,
) -> None:
    target = default_forfeit_score(fixture.round.tournament)
    for i, p in enumerate(sides):
        p.forfeited = p.entry_id in forfeited
        if decision != Fixture.Decision.FORFEIT:
            p.awarded_score = None
        elif scores is not None:
            p.awarded_score = scores[i]
        else:
            p.awarded_score = 0 if p.forfeited else target
    FixtureEntry.objects.bulk_update(sides, ["forfeited", "awarded_score"])
    fixture.decision = decision
    fixture.decided_by = user if user is not None and user.is_authenticated else None
    fixture.decided_at = timezone.now() if decision else None
    fixture.save(update_fields=["decision", "decided_by", "decided_at"])


def decide_fixture(
    fixture: Fixture,
    user: User,
    decision: str,
    forfeited: Sequence[Entry] = (),
    scores: Sequence[int] | None = None,
) -> Fixture:
    """The organiser decides a fixture without (or over) its match.

    ``forfeit``: the entries in ``forfeited`` (some, not all) forfeited; ``scores`` (one per
    entry, in unit order) are the game points it counts as — by default the match's target
    for the others and 0 for those who forfeited. ``void``: it counts for nobody (not in a
    knockout). ``""`` (played): the match decides again.
    """
    t = fixture.round.tournament
    _require_organiser(user, t.club)
    sides = fixture.ordered()
    if len(sides) < 2:
        raise Refused("a bye has nothing to decide", item={"field": "fixture"})
    if decision not in Fixture.Decision.values:
        raise Refused("decision: forfeit, void or played", item={"field": "decision"})
    ids = {e.pk for e in forfeited}
    if decision == Fixture.Decision.FORFEIT:
        if not ids or not ids < {p.entry_id for p in sides}:
            raise Refused(
                "a forfeit names the entries of this fixture that forfeited, not all of them",
                item={"field": "forfeited"},
            )
        if scores is not None and (
            len(scores) != len(sides) or any(type(s) is not int or s < 0 for s in scores)
        ):
            raise Refused(
                msg(
                    "scores: {n_sides} whole numbers from 0, one per entry in table order",
                    n_sides=len(sides),
                ),
                item={"field": "scores"},
            )
    elif ids or scores is not None:
        raise Refused(
            "only a forfeit names who forfeited and its scores", item={"field": "forfeited"}
        )
    if decision == Fixture.Decision.VOID and t.format == Tournament.Format.KNOCKOUT:
        raise Refused(
            "a knockout fixture cannot be void: somebody goes through", item={"field": "decision"}
        )
    if decision == Fixture.Decision.PLAYED and fixture.match_id is None:
        raise Refused("this fixture has no match to decide it", item={"field": "decision"})
    with transaction.atomic():
        fixture = (
            Fixture.objects.select_for_update(of=("self",))
            .select_related("round")
            .get(pk=fixture.pk)
        )
        sides = list(fixture.participants.select_related("entry").order_by("position"))
        _store_decision(fixture, user, decision, sides, ids, scores)
        _touch(t, fixture.round.number)
    transaction.on_commit(lambda: request_standings(t.pk), robust=True)
    return fixture


def _touch(t: Tournament, round_number: int | None = None) -> None:
    """A result changed (a decision in round ``round_number``; None: a withdrawal, a
    round deleted): in the same transaction, the results version moves on (the standings
    are behind, from that round or wholly: tournaments/tasks.py) and so does the live
    validator (scoreboards must refetch)."""
    Tournament.objects.filter(pk=t.pk).update(
        live_version=F("live_version") + 1,
        live_updated_at=timezone.now(),
        **results_changed(round_number),
    )
