"""The refusals every trick game's hand state gives alike, a part of
:class:`~.hand.TrickHand`: a play faulty on its own terms (the deck, whether the hand
takes a play, the turn, a card played or another seat's, a full hand: RULES.md V1),
and the penalty — what it settles ahead (``expect_penalty``) and its checks, in the
order and words each game gives (``penalty_order``, ``penalty_words``)."""

from __future__ import annotations

from typing import Any

from ..cards import Card
from ..errors import RuleError
from ..messages import Seat, msg

PLAY_TURN = "it is {seat}'s turn to play, not {seat2}'s"
SPEAK_TURN = "it is {seat}'s turn to speak, not {seat2}'s"


class Refusals:
    """Uses the hand's state (``knowledge``, ``tricks``, ``current_cards``, ``_turn``,
    ``deck``, ``penalty``…) and the game's hooks (``_closed_refusal``…)."""

    __slots__ = ()  # the hand state's attributes are TrickHand's and the game's

    # ------------------------------------------------------------------ own-terms refusals
    def _play_refusal(self, event: Any) -> RuleError:
        """The error for a play that is faulty on its own terms, in the order of
        RECORD_FORMAT.md: the deck, whether the hand takes a play, the turn, the card."""
        card = event.card
        seat = self._turn
        loc = {"trick": len(self.tricks) + 1, "position": len(self.current_cards) + 1}
        loc["card"] = card.text
        if self.deck_first and card not in self.deck:
            return self._deck_refusal(card, {**loc, "seat": seat})
        closed = self._closed_refusal(loc)
        if closed is not None:
            return closed
        loc["seat"] = seat
        refusal = self._turn_refusal(event, seat, loc)
        if refusal is None and card not in self.deck:
            refusal = self._deck_refusal(card, loc)
        refusal = refusal or self._known_card_refusal(card, seat, loc)
        kn = self.knowledge
        if refusal is None and card not in kn.owner_of and len(kn.known[seat]) >= self.hand_size:
            refusal = self._full_hand_refusal(card, seat, loc)
        return refusal or self._barred_refusal(card, seat, loc)

    def _deck_refusal(self, card: Card, loc: dict[str, Any]) -> RuleError:
        n_deck = len(self.deck)
        text = msg("{card} is not a card of the {n_deck}-card deck", card=card, n_deck=n_deck)
        return self._error("V1", text, **loc)

    def _closed_refusal(self, loc: dict[str, Any]) -> RuleError | None:
        """Why the hand takes no play now (its auction, its end); None if it does."""
        raise NotImplementedError

    def _barred_refusal(self, card: Card, seat: int, loc: dict[str, Any]) -> RuleError:
        """The refusal of a card that ``_only`` bars (Belote's belote)."""
        raise NotImplementedError

    def _turn_refusal(
        self, event: Any, seat: int, loc: dict[str, Any], template: str = PLAY_TURN
    ) -> RuleError | None:
        """V1 when the event (a play, a call, a bid) names a seat whose turn it is not."""
        if event.seat is not None and event.seat != seat:
            return self._error("V1", msg(template, seat=Seat(seat), seat2=Seat(event.seat)), **loc)
        return None

    def _check_call_turn(
        self, event: Any, seat: int, index: int, template: str = SPEAK_TURN
    ) -> None:
        """V1 for call ``index`` of the auction (a call, a bid) naming a seat that is not
        ``seat``, the one to speak: checked inline, as it runs for every call."""
        if event.seat is not None and event.seat != seat:
            raise self._turn_refusal(event, seat, {"seat": event.seat, "call": index}, template)

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
            text = msg(
                self.holds_template,
                seat=Seat(seat),
                card=card,
                seat_owner=Seat(owner),
                evidence=kn.evidence(owner, card),
            )
            return self._error("V1", text, **loc)
        return None

    def _full_hand_refusal(self, card: Any, seat: int, loc: dict[str, Any]) -> RuleError:
        """V1: all of ``seat``'s cards are known, and ``card`` is none of them."""
        text = msg(
            self.full_template,
            seat=Seat(seat),
            card=card,
            known=self._known_list(seat),
            **{self.full_size_key: self.hand_size},
        )
        return self._error("V1", text, **loc)

    # ------------------------------------------------------------------ penalty
    def expect_penalty(self, penalty: Any) -> None:
        """Tell the hand, before its play, that its record ends with ``penalty``.

        A record (a paper score sheet) shows the renuncio card, and the penalty comes
        last; the penalty settles the penalised seat's breaches that only knowledge of
        cards proves (RECORD_FORMAT.md ``penalty``): they are accepted and kept, and
        every other check still applies. The record checker, an import and the replay of
        a stored match call this; live entry never does, so a provable revoke is refused
        at once and the scorer records the penalty instead. A penalty that will be
        refused (option off, no seat of the table, a rule it cannot name) settles nothing.
        """
        ok = (
            penalty is not None
            and getattr(self.rules, "renuncio_penalty", True)
            and type(penalty.seat) is int
            and 0 <= penalty.seat < self.seats
            and penalty.rule in self.penalty_rules
        )
        self.penalty_ahead = penalty if ok else None
        self.settled = penalty.seat if ok and penalty.rule == self.play_rule else None

    def _unsettled(self, faults: list[RuleError]) -> list[RuleError]:
        """``faults`` less the breaches the penalty ahead settles (its seat, its rule)."""
        ahead = self.penalty_ahead
        if ahead is None:
            return faults
        return [e for e in faults if not (e.seat == ahead.seat and e.rule == ahead.rule)]

    def _apply_penalty(self, event: Any) -> None:
        # Calls that stop short: the missing call is the error, even before a malformed
        # penalty (RECORD_FORMAT.md); then the game's checks in its order.
        if not self.auction_over:
            raise self._calls_missing()
        ok = type(event.seat) is int and 0 <= event.seat < self.seats
        loc = {"seat": event.seat if ok else None}
        for check in self.penalty_order:
            error = getattr(self, "_penalty_" + check)(event, ok, loc)
            if error is not None:
                raise error
        self.penalty = event
        self._only = None
        self._update_turn()

    def _penalty_words(self, key: str, loc: dict[str, Any]) -> RuleError:
        text = msg(self.penalty_words[key], n=self.seats - 1)
        return self._error(self.penalty_rule, text, **loc)

    def _penalty_option(self, event: Any, ok: bool, loc: dict[str, Any]) -> RuleError | None:
        if not self.rules.renuncio_penalty:
            return self._error(self.penalty_rule, "this ruleset has no renuncio penalty", **loc)
        return None

    def _penalty_seat(self, event: Any, ok: bool, loc: dict[str, Any]) -> RuleError | None:
        return None if ok else self._penalty_words("seat", loc)

    def _penalty_rule(self, event: Any, ok: bool, loc: dict[str, Any]) -> RuleError | None:
        return None if event.rule in self.penalty_rules else self._penalty_words("rule", loc)

    def _penalty_ahead(self, event: Any, ok: bool, loc: dict[str, Any]) -> RuleError | None:
        ahead = self.penalty_ahead
        if ahead is None or event == ahead:
            return None
        text = msg(
            "this hand's record ends with a penalty against {seat} for {rule}",
            seat=Seat(ahead.seat),
            rule=ahead.rule,
        )
        return self._error(self.penalty_rule, text, **loc)

    def _penalty_again(self, event: Any, ok: bool, loc: dict[str, Any]) -> RuleError | None:
        return None if self.penalty is None else self._penalty_words("again", loc)
