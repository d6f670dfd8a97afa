"""Legal cards and trick winners of the Spanish trick games: RULES.md C7 and C8, as pure
functions, shared by Cuatrola (C7, C8) and Subastao (S4 is "exactly C7 and C8").

C7 has a property the whole partial-knowledge checker (V2) rests on: a play is illegal
exactly when the player held *one* card that makes it so — a higher card of the led suit,
any card of the led suit, a trump, or a trump high enough to overtrump. So
:func:`violation` takes the played card and a single held card (the witness) and says
whether the witness proves the play illegal. The legal cards of a known hand are the
cards no other held card is a witness against.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from .cards import SPANISH_40, Card, Deck
from .core.trickrule import TrickRule
from .messages import Seat, msg_from

#: Card strength within its suit. Every Spanish deck the site plays ranks its cards in the
#: same order (C2, S1: 1 3 12 11 10 7 6 5 4 2), the smaller decks being subsets of the 40,
#: so one table serves every game and comparisons stay single dictionary lookups.
STRENGTH = SPANISH_40.strength


class TrickContext(NamedTuple):
    """The trick as the next player sees it, before playing.

    ``lead`` is None for the leader. ``high_lead`` is the highest card of the led suit
    so far, ``high_trump`` the highest trump so far (None if none), and ``trumped``
    whether someone has trumped a non-trump lead.
    """

    lead: str | None
    trump: str
    high_lead: Card | None
    high_trump: Card | None
    trumped: bool


def context(cards: list[Card], trump: str) -> TrickContext:
    """The context for the next card of a trick whose cards so far are ``cards``."""
    if not cards:
        return TrickContext(None, trump, None, None, False)
    lead = cards[0].suit
    high_lead = max((c for c in cards if c.suit == lead), key=STRENGTH.__getitem__)
    trumps = [c for c in cards if c.suit == trump]
    high_trump = max(trumps, key=STRENGTH.__getitem__) if trumps else None
    return TrickContext(lead, trump, high_lead, high_trump, bool(trumps) and lead != trump)


def advance(ctx: TrickContext, card: Card) -> TrickContext:
    """The context after ``card`` is added to the trick (O(1); same as :func:`context`)."""
    trump = ctx.trump
    if ctx.lead is None:
        return TrickContext(card.suit, trump, card, card if card.suit == trump else None, False)
    high_lead, high_trump, trumped = ctx.high_lead, ctx.high_trump, ctx.trumped
    if card.suit == ctx.lead and STRENGTH[card] > STRENGTH[high_lead]:
        high_lead = card
    if card.suit == trump:
        if high_trump is None or STRENGTH[card] > STRENGTH[high_trump]:
            high_trump = card
        trumped = ctx.lead != trump
    return TrickContext(ctx.lead, trump, high_lead, high_trump, trumped)


def winning_card(ctx: TrickContext) -> Card:
    """The card winning a trick whose context is ``ctx`` (C8)."""
    return ctx.high_trump or ctx.high_lead


class Violation(NamedTuple):
    """Why holding ``witness`` makes the play illegal: a C7 subsection and its reason."""

    subrule: str  # "C7.2" or "C7.3"
    reason: str  # "beat", "follow", "trump", "overtrump"
    witness: Card


def witness_suits(card: Card, ctx: TrickContext) -> tuple[str, ...]:
    """The suits of the held cards that could make playing ``card`` illegal (a superset:
    :func:`violation` decides), what V2's suspect index files the play under
    (``core.proofs.SuspectIndex``): a card of the led suit (it did not follow, or did not
    beat when it had to) and a trump (it discarded, or trumped too low). Empty for the
    leader and for a follower that beat the highest led card or need not beat it."""
    lead = ctx.lead
    if lead is None:
        return ()
    if card.suit == lead:
        if not ctx.trumped and STRENGTH[card] < STRENGTH[ctx.high_lead]:
            return (lead,)
        return ()
    trump = ctx.trump
    # a discard, or a trump below the highest trump: a (higher) trump proves it
    if lead != trump and (
        card.suit != trump
        or (ctx.high_trump is not None and STRENGTH[card] < STRENGTH[ctx.high_trump])
    ):
        return (lead, trump)
    return (lead,)


def violation(card: Card, witness: Card, ctx: TrickContext) -> Violation | None:
    """Does holding ``witness`` (besides ``card``) make playing ``card`` illegal? (C7)

    1. The leader may play any card.
    2. Holding the led suit L: with no trump in the trick (always when L is trump) the
       player must beat the highest L card when able, else any L card; after someone has
       trumped a non-trump lead any L card will do.
    3. Void in L, holding trump: a trump, higher than the highest trump in the trick when
       able; unable to overtrump, any card.
    4. Void in L and trump: any card. 5. No exception for a partner winning the trick.
    """
    lead = ctx.lead
    if lead is None or witness is card:
        return None
    if card.suit == lead:
        # 7.2: beat when able, unless a non-trump lead was already trumped
        if (
            not ctx.trumped
            and witness.suit == lead
            and STRENGTH[witness] > STRENGTH[ctx.high_lead]
            and STRENGTH[card] < STRENGTH[ctx.high_lead]
        ):
            return Violation("C7.2", "beat", witness)
        return None
    if witness.suit == lead:
        return Violation("C7.2", "follow", witness)
    trump = ctx.trump
    if witness.suit != trump:
        return None
    high_trump = ctx.high_trump
    if card.suit == trump:
        # a trump was played; it had to overtrump when able
        if high_trump is not None and STRENGTH[card] < STRENGTH[high_trump] < STRENGTH[witness]:
            return Violation("C7.3", "overtrump", witness)
        return None
    # a discard while holding a trump that could have been played legally
    if high_trump is None or STRENGTH[witness] > STRENGTH[high_trump]:
        return Violation("C7.3", "trump", witness)
    return None


#: C7's refusal of a play proved illegal, by the violation's reason: (template, the
#: subsection the game's ``tag`` turns into its citation). A discard proved by a trump
#: held is a C7.3 breach only if the seat was void in the led suit; unless its whole hand
#: is known (the deal was entered, so a card of the led suit would have been the
#: witness), it may as well have held one and broken C7.2: ``"trump?"`` says only that
#: it had to follow suit or trump.
C7_MESSAGES: dict[str, tuple[str, str]] = {
    "follow": (
        "{seat} played {card} on the {lead} lead at trick {trick} but "
        "held {w} ({evidence}): {rule}",
        "C7.2 must follow suit",
    ),
    "beat": (
        "{seat} played {card} at trick {trick} but had to beat "
        "{high_lead} with a higher {lead}: held {w} ({evidence}): {rule}",
        "C7.2",
    ),
    "trump": (
        "{seat} played {card} at trick {trick} without {lead} but "
        "held the trump {w} ({evidence}): {rule}",
        "C7.3 must trump",
    ),
    "trump?": (
        "{seat} played {card} on the {lead} lead at trick {trick} but "
        "held the trump {w} ({evidence}): it had to follow suit or, "
        "without {lead}, trump: {rule}",
        "C7.2 or C7.3",
    ),
    "overtrump": (
        "{seat} played {card} at trick {trick} but had to overtrump "
        "{high_trump}: held {w} ({evidence}): {rule}",
        "C7.3",
    ),
}


def describe_violation(
    seat: int,
    card: Card,
    trick: int,
    ctx: Any,
    v: Any,
    evidence: object,
    tag: Callable[[str], str] = str,
    *,
    hand_known: bool = False,
    messages: dict[str, tuple[str, str]] = C7_MESSAGES,
    deck: Deck = SPANISH_40,
) -> str:
    """The message for a play that ``v`` proves illegal, in the words of the game's
    ``messages`` (C7's by default: see :data:`C7_MESSAGES`; ``deck`` names the led suit);
    ``tag`` turns the subsection (``"C7.2"``, ``"C7.2 must follow suit"``…) into the
    game's citation. Only the parameters the template names are kept (the site renders
    each)."""
    template, rule = (not hand_known and messages.get(v.reason + "?")) or messages[v.reason]
    values = {
        "seat": Seat(seat),
        "card": card,
        "lead": deck.suit_name(ctx.lead),
        "trick": trick,
        "high_lead": ctx.high_lead,
        "high_trump": ctx.high_trump,
        "w": v.witness,
        "evidence": evidence,
        "rule": tag(rule),
    }
    return msg_from(template, values)


def legal_cards(hand: Iterable[Card], ctx: TrickContext) -> list[Card]:
    """The cards of a fully known ``hand`` that may be played in context ``ctx`` (C7)."""
    held = list(hand)
    return [c for c in held if not any(violation(c, w, ctx) for w in held)]


def trick_winner(cards: list[Card], trump: str) -> int:
    """Index in ``cards`` of the winning card: the highest trump, else the highest card
    of the led suit (C8)."""
    best = 0
    for i in range(1, len(cards)):
        c, b = cards[i], cards[best]
        if c.suit == b.suit:
            if STRENGTH[c] > STRENGTH[b]:
                best = i
        elif c.suit == trump:
            best = i
        # otherwise c is off-suit and not trump: it cannot win
    return best


#: C7/C8 (Subastao's S4) as the core's trick rule
SPANISH_TRICKS = TrickRule(
    advance,
    violation,
    witness_suits,
    legal_cards,
    lambda ctx, cards: cards.index(winning_card(ctx)),
)
