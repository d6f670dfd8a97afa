"""What the scoring pad page gives its script: the table, the deck, the notation's cantes
and penalties, and every string in the reader's language.

The pad holds no rule: what may be recorded now comes from the API (``legal/``). This is
only what the page needs to draw the table and name things: the seats and the scoring
units, the game's deck (the card grid), the cantes its notation can write (so a scorer
can record one the legal list does not offer and read the server's verdict) and the
rules a penalty may name.
"""

from __future__ import annotations

from typing import Any

from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from .cardnames import card_phrase, ranks_said, suits_said
from .engine import Game
from .engine.words import OPTION_SAID
from .models import Match
from .templatetags.rounds import words_said


def notation_cantes(game: Game, seats: int, suits: tuple[str, ...]) -> list[dict[str, Any]]:
    """Every cante the game's notation can write for this table: a pair of each suit by
    each seat and, where the notation has it, a tute of 12s or 11s. Whether one may be
    sung now is the server's to say."""
    candidates = [
        {"kind": "cante", "seat": s, "suit": suit} for s in range(seats) for suit in suits
    ]
    candidates += [
        {"kind": "cante", "seat": s, "tute": rank} for s in range(seats) for rank in ("12", "11")
    ]
    out = []
    for candidate in candidates:
        try:
            written = game.event_to_dict(game.event_from_dict(candidate))
        except ValueError:
            continue  # not in this game's notation (Cuatrola has no tute)
        if written == candidate:
            out.append(candidate)
    return out


def rules_text(rules: dict[str, Any]) -> str:
    """A match's options as a line a reader understands (``a 300 · 3 jugadores · …``);
    an option this page does not name yet is shown as ``name value``."""
    said = {
        "target": lambda v: _("to %(n)s") % {"n": v},
        "players": lambda v: _("%(n)s players") % {"n": v},
        "min_bid": lambda v: _("lowest bid %(n)s") % {"n": v},
        "failed_bid": lambda v: (
            _("a failed bid scores for each opponent")
            if v == "opponents"
            else _("a failed bid: half to each opponent")
        ),
        "match": lambda v: {
            "exact": _("exact score"),
            "first_to": _("first to the target"),
            "hands": _("by hands"),
        }.get(v, v),
        "compare_sequences": lambda v: (
            _("sequences compared: %(v)s") % {"v": _("yes") if v else _("no")}
        ),
    }
    parts = [
        said[k](v) if k in said else _switch(k, v) if k in OPTION_SAID else _named(k, v)
        for k, v in rules.items()
    ]
    return " · ".join(p for p in parts if p)


def _switch(key: str, on: bool) -> str:
    """A yes/no option the engine words itself (``words.OPTION_SAID``), on or off."""
    phrase = OPTION_SAID[key][0 if on else 1]
    return _(phrase) if phrase else ""


def _named(key: str, value: Any) -> str:
    """An option without its own phrase: the form's label and value, never a raw key
    or a Python bool."""
    from .forms import CHOICE_LABELS, RULE_LABELS  # the forms module imports Django forms

    label = RULE_LABELS.get(key, key.replace("_", " "))
    if isinstance(value, bool):
        said = _("yes") if value else _("no")
    else:
        said = CHOICE_LABELS.get(value, value)
    return f"{label}: {said}"


def labels() -> dict[str, str]:
    """The pad's strings (``%(name)s`` placeholders are filled in by the script)."""
    return {
        "cardTitle": card_phrase(),
        "hand": _("Hand"),
        "trump": _("trump"),
        "bidBy": _("bid %(bid)s by %(name)s"),
        "handPoints": _("Points this hand"),
        "dealer": _("dealer"),
        "bidder": _("bid winner"),
        "declarer": _("declarer"),
        "sitsOut": _("sits out"),
        "toAct": _("to act"),
        "finished": _("The match is over"),
        "dealCard": _("Dealer %(name)s deals: pick the card shown as trump"),
        "deal": _("%(name)s deals"),
        "dealButton": _("Cards dealt"),
        "call": _("%(name)s speaks"),
        "bid": _("%(name)s bids"),
        "nameTrump": _("%(name)s names trump"),
        "play": _("%(name)s plays"),
        "complete": _("Hand complete"),
        "pass": _("pass"),
        "canteNow": _("Cantes that may be sung now:"),
        "cante": _("Cante"),
        "tute": _("Tute of %(rank)s · %(name)s"),
        "tute12": _("kings"),
        "tute11": _("knights"),
        "otherCante": _("Another cante (the server checks it):"),
        "penalty": _("Renuncio: the penalty ends the hand"),
        "penaltyFor": _("Penalty against %(name)s (%(rule)s)"),
        "confirmUndo": _("Remove %(what)s?"),
        "confirmReopen": _(
            "Hand %(hand)s is finished: removing its last entry reopens it and takes its "
            "points off the match score (%(points)s). Reopen hand %(hand)s?"
        ),
        "confirmPenalty": _(
            "Record the penalty %(rule)s against %(name)s? It ends hand %(hand)s now and "
            "scores it as the rule says: no more cards are played in this hand."
        ),
        "entryCard": _("%(card)s of %(name)s (hand %(hand)s, trick %(trick)s)"),
        "entryOther": _("%(what)s (hand %(hand)s)"),
        "dealEntry": _("%(card)s of %(name)s (deal, on this phone)"),
        "undoneDeal": _("Removed from the deal: %(card)s of %(name)s"),
        "nothingToUndo": _("There is nothing to undo."),
        "lastEntry": _("Last entry"),
        "dealt": _("the deal"),
        "tricks": _("Tricks"),
        "network": _("No connection: the entry was not saved. Try again."),
        "announce": _("Announce with the first card (%(n)s)"),
        # a dimmed card's spoken name ends so (the note under the deck says why)
        "unlisted": _("not accepted now"),
        # the offline queue and the other devices
        "offline": _("No connection — %(n)s entries queued"),
        "offlineOne": _("No connection — 1 entry queued"),
        # what the pad shows without a connection: the server's last answer, and when
        "storedAt": _(
            "No connection: this is the state the server sent at %(time)s. What you enter "
            "is sent when it returns."
        ),
        "stored": _(
            "No connection: this is the last state the server sent. What you enter is sent "
            "when it returns."
        ),
        "sending": _("Sending %(n)s queued entries…"),
        "dropped": _("Not recorded (the entries after it were discarded): %(list)s"),
        "undoQueued": _("Remove the last queued entry (not sent yet)?"),
        "undoOffline": _("Undo needs the connection: the queued entries are sent first."),
        "updated": _("Updated: another device recorded an entry."),
        # the deal, every seat's cards
        "dealCards": _("Enter every seat's cards"),
        "dealSeat": _("Cards of %(name)s (%(n)s of %(size)s)"),
        "dealTrump": _("Pick the card the dealer shows as trump (one of %(name)s's)"),
        "dealSend": _("Record the deal"),
        "dealClear": _("Start the deal again"),
        "dealDone": _("Every seat has its cards"),
        # the auction, a penalty's line, the seats
        "speech": _("Auction"),
        # what a seat said, told of them: "Carmen pasa" (the button says "pasar")
        "passes": pgettext("auction", "passes"),
        "lastPenalty": _(
            "Hand %(hand)s ended by a penalty: %(rule)s against %(name)s · %(points)s"
        ),
        "lastHand": _("Hand %(hand)s: %(points)s"),
        "seat": _("Seat %(n)s"),
        "askOrganiser": _("A renuncio: an organiser can record its penalty."),
    }


def pad_config(
    game: Game, match: Match, names: list[str], may_organise: bool = False
) -> dict[str, Any]:
    """Everything the pad's script reads from the page (``#pad-config``); ``may_organise``
    says whether the reader may record a penalty (an organiser's decision)."""
    from .templatetags.cards import SPRITE, SUIT_SYMBOLS, marks  # the card tag's, one place

    rules = game.parse_rules(match.rules)
    deck = game.deck_for(rules)
    french = deck.family == "french"
    return {
        "game": game.name,
        "names": names,
        "units": [game.unit_seats(rules, u) for u in range(game.units(rules))],
        "deck": [c.text for c in deck.cards],
        # French cards are drawn as they are written (10, J, Q, K, A); Spanish ones R, C, S
        "french": french,
        "faces": deck.faces,
        "marks": marks(deck),
        "suits": suits_said(deck),
        # the Spanish suits' pictures and every rank's spoken name (cards' accessible names)
        "glyphs": static(SPRITE),
        "symbols": SUIT_SYMBOLS,
        "ranks": ranks_said(deck),
        # a suit contract is written with the suit's name (Belote's "hearts")
        "suit_calls": dict(deck.suit_names) if french else {},
        "cantes": notation_cantes(game, game.seats(rules), deck.suits),
        "penalty_rules": list(game.penalty_rules),
        "deal_size": game.deal_size(rules),
        "may_organise": may_organise,
        # what the seats said: an auction of bids (Subastao), or calls, as the match page
        "labels": labels() | ({} if "bid" in game.turn_kinds else {"speech": _("Calls")}),
        # the notation's calls, contracts and declarations: the match page's one table
        "words": words_said(),
    }
