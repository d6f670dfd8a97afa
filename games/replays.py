"""Hands told trick by trick, for the match page, for any game: the tricks from the hand
state every game shares, the rest (the auction, the trump, who declared, the cantes) from
the game's ``hand_story``, the result from its typed hand outcome."""

from __future__ import annotations

from typing import Any

from .engine import Game, HandOutcome


def unit_labels(game: Game, rules: Any, names: list[str]) -> list[str]:
    """Each scoring unit as its players' names: ``Ana & Carmen``, or ``Ana`` alone."""
    return [
        " & ".join(names[s] for s in game.unit_seats(rules, u)) for u in range(game.units(rules))
    ]


def hand_story(
    game: Game,
    hand: Any,
    names: list[str],
    labels: list[str],
    outcome: HandOutcome | None,
) -> dict[str, Any]:
    """Speech, tricks (who played what, who won), cantes and the result of a hand."""
    told = game.hand_story(hand)
    cantes_after: dict[int, list[dict]] = {}
    for c in told.get("cantes", []):
        cantes_after.setdefault(c["after_trick"], []).append(
            {
                "name": names[c["seat"]],
                "suit": c.get("suit"),
                "text": c["text"],
                "value": c["value"],
            }
        )
    points = told.get("trick_points", [])
    tricks = [
        {
            "number": t.number,
            "plays": [
                {"name": names[s], "card": card.text, "wins": s == t.winner}
                for s, card in zip(t.seats, t.cards, strict=True)
            ],
            "winner": names[t.winner],
            "points": points[i] if i < len(points) else None,
            "cantes": cantes_after.get(t.number, []),
        }
        for i, t in enumerate(hand.tricks)
    ]
    if hand.current_trick:
        tricks.append(
            {
                "number": len(hand.tricks) + 1,
                "plays": [
                    {"name": names[s], "card": c.text, "wins": False} for s, c in hand.current_trick
                ],
                "winner": None,
                "points": None,
                "cantes": [],
            }
        )
    penalty = told.get("penalty")
    header = game.hand_header(hand)
    story = {
        **told.get("facts", {}),
        **{role: names[s] if s is not None else None for role, s in told["roles"].items()},
        "number": hand.number,
        "header": header,
        # the contract of a game with an auction (Subastao: the bid, its bidder, the trump)
        "bid": header.get("bid"),
        "bidder": names[header["bidder"]] if header.get("bidder") is not None else None,
        "trump": header.get("trump"),
        "void": bool(header.get("void")),
        "dealer": names[hand.dealer],
        "calls": [
            {"seat": c["seat"], "name": names[c["seat"]], "call": c["text"]} for c in told["speech"]
        ],
        "tricks": tricks,
        "penalty": {"name": names[penalty["seat"]], "rule": penalty["rule"]} if penalty else None,
        "result": outcome.facts if outcome else None,
        "winner": None,
        "gain": None,
        "delta": None,
        "cantes_sung": False,
        "units": [],
        "made": None,
    }
    if outcome is not None:
        facts = outcome.facts
        story["made"] = facts.get("made")
        # the hand per scoring unit, as the checker reports it (2 sides, or 3 seats)
        story["units"] = [
            {
                "label": label,
                "tricks": _at(facts.get("tricks_won"), u),
                "points": _at(facts.get("points"), u),
                "cantes": _at(facts.get("cantes"), u),
                "gain": outcome.delta[u],
                "after": outcome.score_after[u],
                "winner": outcome.winner_unit == u,
            }
            for u, label in enumerate(labels)
        ]
        if outcome.winner_unit is not None:
            story["winner"] = labels[outcome.winner_unit]
            story["gain"] = outcome.delta[outcome.winner_unit]
        story["delta"] = [f"+{d}" for d in outcome.delta]
        story["cantes_sung"] = any(outcome.facts.get("cantes") or [])
    return story


def _at(values: Any, unit: int) -> Any:
    """``values[unit]`` of a per-unit list of the checker's facts; None where the game
    reports no such list."""
    return values[unit] if isinstance(values, list) and unit < len(values) else None


def match_story(game: Game, state: Any, names: list[str]) -> list[dict[str, Any]]:
    """Every dealt hand, newest first, with the score after it."""
    labels = unit_labels(game, state.rules, names)
    outcomes = {o.number: o for o in game.outcomes(state)}
    stories = []
    for hand in state.hands:
        outcome = outcomes.get(hand.number)
        story = hand_story(game, hand, names, labels, outcome)
        story["score_after"] = list(outcome.score_after) if outcome else None
        stories.append(story)
    return stories[::-1]
