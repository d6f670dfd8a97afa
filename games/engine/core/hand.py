"""What every trick game's hand state refuses alike when a play is faulty on its own
terms: out of turn, a card already played, a card known to be another seat's, a card
that cannot be the seat's because all its cards are known (RULES.md V1). A game's hand
state mixes :class:`PlayRefusals` in and keeps its own order of checks (its auction,
its end of hand) around these; the templates are class attributes so that each game
keeps the words its catalogue translates."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from ..cards import Card, Deck
from ..errors import RuleError
from ..messages import Seat, msg

PLAY_TURN = "it is {seat}'s turn to play, not {seat2}'s"
SPEAK_TURN = "it is {seat}'s turn to speak, not {seat2}'s"


class PlayRefusals:
    """V1 refusals of a play, built from the hand's knowledge (uses ``_error``,
    ``knowledge``, ``_known_list``)."""

    holds_template: ClassVar[str] = "{seat} played {card}, but {seat_owner} holds it ({evidence})"
    full_template: ClassVar[str] = (
        "{seat} played {card}, but its {HAND_SIZE} cards are already known: {known}"
    )
    #: the name of the hand size in ``full_template``
    full_size_key: ClassVar[str] = "HAND_SIZE"

    def _turn_refusal(
        self, event: Any, seat: int, loc: dict[str, Any], template: str = PLAY_TURN
    ) -> RuleError | None:
        """V1 when the event (a play, a call, a bid) names a seat whose turn it is not."""
        if event.seat is not None and event.seat != seat:
            return self._error("V1", msg(template, seat=Seat(seat), seat2=Seat(event.seat)), **loc)
        return None

    def _known_card_refusal(self, card: Any, seat: int, loc: dict[str, Any]) -> RuleError | None:
        """V1 when ``card`` was played already or is known to be another seat's."""
        kn = self.knowledge
        if card in kn.played:
            return self._error(
                "V1",
                msg("{card} was already played at trick {x}", card=card, x=kn.played[card][2]),
                **loc,
            )
        owner = kn.owner_of.get(card)
        if owner is not None and owner != seat:
            return self._error(
                "V1",
                msg(
                    self.holds_template,
                    seat=Seat(seat),
                    card=card,
                    seat_owner=Seat(owner),
                    evidence=kn.evidence(owner, card),
                ),
                **loc,
            )
        return None

    def _full_hand_refusal(self, card: Any, seat: int, size: int, loc: dict[str, Any]) -> RuleError:
        """V1: all ``size`` cards of ``seat`` are known, and ``card`` is none of them."""
        return self._error(
            "V1",
            msg(
                self.full_template,
                seat=Seat(seat),
                card=card,
                known=self._known_list(seat),
                **{self.full_size_key: size},
            ),
            **loc,
        )

    def _checked_deal(
        self, deal: Sequence[Sequence[Card | str]], seats: int, size: int, deck: Deck, rule: str
    ) -> tuple[tuple[Card, ...], ...]:
        """The deal as cards, ``size`` to each of ``seats`` seats; ``rule`` (C1, S1, B1)
        when its shape is wrong, V1 for a card not of ``deck`` or dealt twice (RULES.md
        V4: a known deal is checked before any event)."""
        if len(deal) != seats or any(len(cards) != size for cards in deal):
            raise self._error(
                rule,
                msg("the deal must give {size} cards to each of {n} seats", size=size, n=seats),
            )
        seen: set[Card] = set()
        hands = []
        for cards in deal:
            hand = []
            for text in cards:
                card = deck.card(text) if isinstance(text, str) else text
                if card not in deck:
                    raise self._error(
                        "V1",
                        msg(
                            "{text} in the deal is not a card of the {n_deck}-card deck",
                            text=text,
                            n_deck=len(deck),
                        ),
                        card=str(text),
                    )
                if card in seen:
                    raise self._error("V1", msg("{card} is dealt twice", card=card), card=card.text)
                seen.add(card)
                hand.append(card)
            hands.append(tuple(hand))
        return tuple(hands)
