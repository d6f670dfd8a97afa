"""Pages of the games app: the record checker, match pages and the scoring pad."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.exceptions import BadRequest, PermissionDenied
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from clubs.access import may_organise, may_record, may_see_hands, role_in
from clubs.models import Club
from clubs.way_back import with_back

from .analysis import hand_views, mark_story, shown_analysis
from .engine import check_text, find_game, games, load_record
from .forms import NewMatchForm, RecordCheckForm
from .models import Match, Seat
from .pad import pad_config, rules_text
from .refusals import as_sentence, seat_label
from .replays import match_story, unit_labels
from .services import Refused, create_match, export_record, replay
from .steps import hand_replay


def _told(content: bytes) -> dict[str, Any] | None:
    """A valid record told as the match page tells a match (units, every hand trick by
    trick), for the games the site records; None for the others."""
    record = load_record(content)
    game = find_game(record.game)
    if not game.recordable:
        return None
    state = game.new_match(record.rules)
    game.replay(state, [event for hand in record.hands for event in hand.events()])
    names = record.seats or [str(n + 1) for n in range(game.seats(record.rules))]
    labels = unit_labels(game, record.rules, names)
    winner = state.winner_unit if state.finished else None
    return {
        "units": [
            {"label": label, "score": score, "winner": unit == winner}
            for unit, (label, score) in enumerate(zip(labels, state.score, strict=True))
        ],
        "winner": labels[winner] if winner is not None else None,
        "score": "–".join(str(s) for s in state.score),
        "auction": "bid" in game.turn_kinds,
        "hands": match_story(game, state, names),
    }


def _refusal(content: bytes, error: dict[str, Any]) -> dict[str, Any]:
    """What the page says of a rule the record breaks: the message in the reader's
    language with the record's players by name, and who broke it (seats count from 1)."""
    record = load_record(content)  # it loaded: a rule failed, not the format
    game = find_game(record.game)
    names = record.seats or []
    who = seat_label(error["seat"], names) if error["seat"] is not None else None
    return {"text": as_sentence(error["message"], game=game, names=names), "who": who}


def check_record_page(request: HttpRequest) -> HttpResponse:
    """Upload or paste a card-record and see what the checker says, hand by hand."""
    result, status, told = None, 200, None
    if request.method == "POST":
        form = RecordCheckForm(request.POST, request.FILES)
        if form.is_valid():
            content = form.cleaned_data["content"]
            result, _exit = check_text(content, form.cleaned_data["name"])
            if result["valid"]:
                told = _told(content)
            elif result["error"]["rule"]:
                result["error"].update(_refusal(content, result["error"]))
            else:  # unreadable ("not JSON: …", "version must be 1"): in the reader's words
                result["error"]["text"] = as_sentence(result["error"]["message"])
        else:
            status = 400
    else:
        form = RecordCheckForm()
    context = {"form": form, "result": result, "told": told}
    return render(request, "games/check_record.html", context, status=status)


def _readable_match(request: HttpRequest, pk: int) -> Match:
    """The match, or 404 when it does not exist or ``clubs.access`` hides it."""
    return get_object_or_404(
        Match.objects.readable_by(request.user)
        .select_related("club")
        .prefetch_related(Prefetch("seats", Seat.objects.select_related("player")), "units"),
        pk=pk,
    )


def match_record(request: HttpRequest, pk: int) -> HttpResponse:
    """The match's card-record as a file to keep (the API's export, as a download); the
    hand in play without its deal for those who may not see the hands."""
    match = _readable_match(request, pk)
    record = export_record(match, hide_deal_in_play=not may_see_hands(request.user, match))
    response = HttpResponse(record.dumps(), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{match.game}-{match.pk}.json"'
    return response


def match_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A match: the scoring units (sides, or seats), the score and every hand, trick by
    trick."""
    match = _readable_match(request, pk)
    names = [s.player.display_name for s in match.seats.all()]
    state = replay(match, hide_deal_in_play=not may_see_hands(request.user, match))
    game = find_game(match.game)
    labels = unit_labels(game, state.rules, names)
    stories = match_story(game, state, names)
    mark_story(stories, hand_views(match, names))
    context = {
        "match": match,
        "game_title": game.title,
        "names": names,
        "sides": labels,
        "units": [
            {"label": labels[u.unit], "score": u.score, "winner": u.is_winner}
            for u in match.units.all()
        ],
        # in the order the game lists its options (PostgreSQL's jsonb keeps no key order)
        "rules_text": rules_text(state.rules.as_dict()),
        "auction": "bid" in game.turn_kinds,
        "hands": stories,
        "can_score": may_record(request.user, match),
        "replay_url": reverse("games:replay", args=[match.pk]),
    }
    return render(request, "games/match.html", context)


def match_replay(request: HttpRequest, pk: int) -> HttpResponse:
    """The match step by step (``?step=N``, or ``?hand=H`` for a hand's first step): the
    positions of the asked step's hand, the asked one shown; prev/next are links (a
    script steps within the hand without a reload, by buttons, arrows or swipes)."""
    match = _readable_match(request, pk)
    names = [s.player.display_name for s in match.seats.all()]
    hidden = not may_see_hands(request.user, match)
    back = (reverse("games:match", args=[match.pk]), _("Back to the match"))
    asked = request.GET.get("step") or "1"
    hand = request.GET.get("hand")
    for name, value in (("step", asked), ("hand", hand)):
        # ASCII digits, a step count's worth ("²" is a digit to str.isdigit, not to int)
        if value is not None and not (value.isascii() and value.isdigit() and len(value) < 10):
            what = _("%(name)s=%(value)s: the step and the hand are whole numbers from 1.")
            raise with_back(BadRequest(what % {"name": name, "value": value[:20]}), *back)
    replay = hand_replay(
        match,
        names,
        hide_deal_in_play=hidden,
        step=int(asked),
        hand=int(hand) if hand is not None else None,
    )
    steps = replay.steps
    if hand is not None and not steps:
        what = (
            _("This match has no hand %(n)s: its hands are 1 to %(last)s.")
            % {"n": hand, "last": replay.hands}
            if replay.hands
            else _("This match has no hand %(n)s: no hand has been entered yet.") % {"n": hand}
        )
        raise with_back(Http404(what), *back)
    shown = steps[0].hand if steps else None
    context = {
        "match": match,
        "game_title": find_game(match.game).title,
        "names": names,
        "steps": steps,
        "current": replay.current,
        "total": replay.total,
        "hidden": hidden,
        "auction": "bid" in find_game(match.game).turn_kinds,
        # the shown hand's analysis once it is over (a hand in play has none)
        "analysis": shown_analysis(match, shown, names),
    }
    return render(request, "games/replay.html", context)


@login_required
def scoring_pad(request: HttpRequest, pk: int) -> HttpResponse:
    """The scorer's pad: enter the deal, calls, cards and cantes as they happen."""
    match = _readable_match(request, pk)
    if not may_record(request.user, match):
        raise PermissionDenied
    names = [s.player.display_name for s in match.seats.all()]
    game = find_game(match.game)
    config = pad_config(game, match, names, may_organise(request.user, match))
    context = {
        "match": match,
        "config": config,
        "game_title": game.title,
        "poll_ms": settings.PAD_POLL_MS,
    }
    return render(request, "games/score.html", context)


@login_required
def new_match(request: HttpRequest, slug: str) -> HttpResponse:
    """A one-off match from the club page: the game (``?game=``), its rules and the
    players; then the scoring pad. Organisers and scorers (404 for a club the user may
    not read, 403 for one they may read but not record in)."""
    club = get_object_or_404(Club.objects.readable_by(request.user), slug=slug)
    if not may_record(request.user, club):
        raise PermissionDenied(_("Only the club's organisers and scorers can start matches."))
    recordable = [g for g in games() if g.recordable]
    asked = request.POST.get("game") or request.GET.get("game") or recordable[0].name
    game = next((g for g in recordable if g.name == asked), None)
    if game is None:
        choices = ", ".join(g.name for g in recordable)
        message = _("game: choose one of %(games)s.") % {"games": choices}
        back = (reverse("games:new_match", args=[club.slug]), pgettext("club", "New match"))
        raise with_back(BadRequest(message), *back)
    form = NewMatchForm(request.POST or None, club=club, game=game)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            match = create_match(
                club=club,
                players=data["players"],
                user=request.user,
                game=game.name,
                rules=data["rules"],
                name=data["name"],
                played_on=timezone.localdate(),
                scorer=request.user if role_in(request.user, club) == "scorer" else None,
            )
        except Refused as exc:
            form.add_error(
                exc.item.get("field") if exc.item.get("field") in form.fields else None,
                as_sentence(exc.message),
            )
        else:
            return redirect("games:score", pk=match.pk)
    ruleset = getattr(form, "ruleset", None) or game.parse_rules(None)
    partners = [[n + 1 for n in game.unit_seats(ruleset, u)] for u in range(game.units(ruleset))]
    context = {
        "club": club,
        "form": form,
        "game": game,
        "games": recordable,
        "partners": partners if any(len(p) > 1 for p in partners) else None,
        "organiser": may_organise(request.user, club),
    }
    return render(request, "games/new_match.html", context, status=400 if form.errors else 200)
