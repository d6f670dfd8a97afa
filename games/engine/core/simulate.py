"""One random-match driver for every game's simulator (property tests, benchmarks, demo
data): deal in rotation from a random first dealer, play legal random hands until the
match is over, and write the record. A game's ``simulate.py`` supplies how one random
hand is played (from its own ``legal_*()``; :func:`play_out` plays the cards and cantes
of the games that have them); what is left is the same for all, and :func:`simulator`
makes a game's ``random_match`` of it with the game's own choices (``policy``)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..game import Record
from .events import Play

NAMES = ["Ana", "Blas", "Carmen", "Diego"]

#: a game's chances of its random choices, by name (``bid``, ``declare``, ``sing``…)
Policy = dict[str, float]


def _drive(
    rng: random.Random,
    game: str,
    match: Any,
    play_hand: Callable[[random.Random, Any, int], Any],
    *,
    max_hands: int | None = None,
    with_deal: bool = True,
    first_dealer: int | None = None,
) -> Record:
    """A legal random match record on the empty ``match``, played to its end (or
    ``max_hands`` hands); ``play_hand(rng, match, dealer)`` plays one hand and returns
    its record hand. Without the deal, each hand's ``deal`` is left out."""
    seats = match.players
    dealer = rng.randrange(seats) if first_dealer is None else first_dealer
    hands: list[Any] = []
    while not match.finished and (max_hands is None or len(hands) < max_hands):
        hands.append(play_hand(rng, match, dealer))
        dealer = (dealer + 1) % seats
    if not with_deal:
        for h in hands:
            h.deal = None
    rules = match.rules
    return Record(game, rules, hands, seats=NAMES[:seats], rules_given=rules.as_dict())


def simulator(
    game: str,
    match_class: type,
    rules_class: type,
    play_hand: Callable[[random.Random, Any, int, Policy], Any],
    defaults: Policy,
) -> Callable[..., Record]:
    """A game's ``random_match(rng, rules=None, *, max_hands=None, with_deal=True,
    first_dealer=None, **policy)``: a legal random match record played to its end (or
    ``max_hands`` hands); ``policy`` overrides the game's ``defaults`` chances, which
    ``play_hand(rng, match, dealer, chances)`` plays one hand with (a chance the game does
    not have is a TypeError, as a misspelt keyword)."""

    def random_match(
        rng: random.Random,
        rules: Any = None,
        *,
        max_hands: int | None = None,
        with_deal: bool = True,
        first_dealer: int | None = None,
        **policy: float,
    ) -> Record:
        unknown = set(policy) - set(defaults)
        if unknown:
            raise TypeError(f"random_match() got unexpected chances {sorted(unknown)}")
        chances = {**defaults, **policy}
        return _drive(
            rng,
            game,
            match_class(rules or rules_class()),
            lambda rng, match, dealer: play_hand(rng, match, dealer, chances),
            max_hands=max_hands,
            with_deal=with_deal,
            first_dealer=first_dealer,
        )

    random_match.__doc__ = f"A legal random {game} match record (core.simulate.simulator)."
    return random_match


def play_out(
    rng: random.Random,
    match: Any,
    hand: Any,
    tricks: list[list[str]],
    cantes: list[dict[str, Any]] | None = None,
    sing: float = 0.0,
    cante_of: Callable[[Any, int], tuple[Any, dict[str, Any]]] | None = None,
) -> None:
    """Play random legal cards until ``hand`` is complete, each trick into ``tricks``;
    after each trick but the last, with chance ``sing``, one of the hand's legal cantes:
    ``cante_of(choice, after_trick)`` gives its event and its record entry (into
    ``cantes``)."""
    while not hand.is_complete:
        if not hand.current_cards:
            tricks.append([])
        card = rng.choice(hand.legal_plays())
        match.apply(Play(card))
        tricks[-1].append(card.text)
        if cante_of is not None and not hand.current_cards and not hand.is_complete:
            choices = hand.legal_cantes()
            if choices and rng.random() < sing:
                event, written = cante_of(rng.choice(choices), len(hand.tricks))
                match.apply(event)
                cantes.append(written)
