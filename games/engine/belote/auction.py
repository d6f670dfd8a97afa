"""The auction (RULES.md B2), a part of :class:`~.hand.HandState`.

Calls go round from the first speaker (``dealer + 1``): ``pass``, a contract higher than
the standing one (a new contract cancels doubles), ``double`` (the opponents' standing
contract, not yet doubled), ``redouble`` (the doubled side, not yet redoubled). Three
passes after a contract, double or redouble end the auction; four passes at the start
make the round void.
"""

from __future__ import annotations

from ..messages import Seat, msg
from .events import Call
from .options import CALLS, CONTRACT, CONTRACT_RANK, SEATS


class AuctionMixin:
    """The B2 part of HandState (uses its state: calls, turn…)."""

    __slots__ = ()  # the hand state's attributes are TrickHand's and the game's

    def _call_fault(self, seat: int, call: str) -> str | None:
        """Why ``seat`` may not make ``call`` now (a B2 message), or None."""
        if call not in CALLS:
            return msg(
                "{seat} made an unknown call {call!r}: expected one of {calls}",
                seat=Seat(seat),
                call=call,
                calls=", ".join(CALLS),
            )
        if call == "pass":
            return None
        standing = self.standing
        if call in CONTRACT_RANK:
            if standing is not None and CONTRACT_RANK[call] <= CONTRACT_RANK[standing]:
                return msg(
                    "{seat} called {call}, which does not raise the standing {standing}",
                    seat=Seat(seat),
                    call=call,
                    standing=standing,
                )
            return None
        if standing is None:
            return msg("{seat} made a {call} with no contract standing", seat=Seat(seat), call=call)
        own = self.standing_seat % 2 == seat % 2
        if call == "double":
            if own:
                return msg(
                    "{seat} cannot double its own side's contract ({standing})",
                    seat=Seat(seat),
                    standing=standing,
                )
            if self.doubling > 1:
                state = "doubled" if self.doubling == 2 else "redoubled"
                return msg(
                    "{seat} cannot double: {standing} is already {state}",
                    seat=Seat(seat),
                    standing=standing,
                    state=state,
                )
            return None
        if self.doubling == 1:
            return msg(
                "{seat} cannot redouble: {standing} is not doubled",
                seat=Seat(seat),
                standing=standing,
            )
        if self.doubling == 4:
            return msg(
                "{seat} cannot redouble: {standing} is already redoubled",
                seat=Seat(seat),
                standing=standing,
            )
        if not own:
            return msg(
                "{seat} cannot redouble: only the side of {standing} may redouble",
                seat=Seat(seat),
                standing=standing,
            )
        return None

    def legal_calls(self) -> list[str]:
        """Calls the seat to speak may make now (B2)."""
        if self.auction_over:
            return []
        seat = self._turn
        return [c for c in CALLS if self._call_fault(seat, c) is None]

    def _apply_call(self, event: Call) -> None:
        index = len(self.calls) + 1
        if self.auction_over:
            raise self._error("B2", "the auction is over", call=index)
        seat = self._turn
        if event.seat is not None:  # the seat is implied: most calls do not name it
            self._check_call_turn(event, seat, index)
        fault = self._call_fault(seat, event.call)
        if fault:
            raise self._error("B2", fault, seat=seat, call=index)
        call = event.call
        self.calls.append(call)
        if call == "pass":
            self.passes += 1
        else:
            self.passes = 0
            if call in CONTRACT_RANK:
                self.standing, self.standing_seat, self.doubling = call, seat, 1
            else:
                self.doubling = 2 if call == "double" else 4
        if self.standing is None and self.passes == SEATS:
            self.auction_over = self.void = True
        elif self.standing is not None and self.passes == SEATS - 1:
            self.auction_over = True
            self.contract = CONTRACT[self.standing]
            self.declarer = self.standing_seat
            self.multiplier = self.doubling
            self.leader = self.first
            self._ctx = self._lead_ctx = self._empty_ctx()
            self._points = self.contract.points
        self._update_turn()
