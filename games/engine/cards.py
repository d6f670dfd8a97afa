"""Cards and decks.

A :class:`Card` is a small immutable value: a rank and a suit, written rank then suit
(RULES.md "Notation": ``1o``, ``12b``, ``Js``, ``10h``). Cards are interned: parsing the
same text twice gives the same object, so identity, equality and hashing are cheap.

Rank order and card points depend on the game, so they live in :class:`Deck`, which
knows its cards, their order within a suit and their points. Cuatrola uses
:data:`SPANISH_20`; :data:`SPANISH_40` and :data:`SPANISH_36` (Subastao) and
:data:`FRENCH_32` (Belote) are here for the games that follow.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .messages import msg

# The cards' names, once: English words, which the engine's messages write and the
# site's catalogue translates (games/cardnames.py: Spanish first, English second). The
# Spanish suits keep their own names in English ("the king of bastos": "clubs" is the
# French deck's); a Spanish-deck 10, 11 and 12 are the sota, caballo and rey (jack,
# knight, king); a rank without a name is said as it is written ("3 of copas").
SPANISH_SUITS = ("o", "c", "e", "b")
SPANISH_SUIT_NAMES = {"o": "oros", "c": "copas", "e": "espadas", "b": "bastos"}
SPANISH_RANK_NAMES = {"1": "ace", "10": "jack", "11": "knight", "12": "king"}
#: how a Spanish card's rank is drawn on its face (the 12, 11 and 10 by their letters)
SPANISH_FACES = {"12": "R", "11": "C", "10": "S"}
FRENCH_SUITS = ("c", "d", "h", "s")
FRENCH_SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
FRENCH_RANK_NAMES = {"A": "ace", "K": "king", "Q": "queen", "J": "jack"}
#: the French suits' printed symbols (a French card is drawn as its rank and symbol)
FRENCH_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
#: a Spanish suit's mark where its picture cannot be drawn (plain text lines)
SPANISH_MARKS = {"o": "●", "c": "♥", "e": "♠", "b": "♣"}


class Card:
    """A playing card: ``rank`` (``"1"``, ``"12"``, ``"J"`` …) and ``suit`` (one letter).

    Use :func:`Card.parse` (or a deck's :meth:`Deck.card`) rather than the constructor:
    it returns the interned instance.
    """

    __slots__ = ("rank", "suit", "text")
    _interned: dict[str, Card] = {}

    rank: str
    suit: str
    text: str

    def __init__(self, rank: str, suit: str) -> None:
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "text", rank + suit)

    def __setattr__(self, name, value):  # immutable value
        raise AttributeError("Card is immutable")

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card written ``text`` (e.g. ``"12o"``); ValueError if it is not a card."""
        card = cls._interned.get(text)
        if card is None:
            raise ValueError(msg("{text!r} is not a card", text=text))
        return card

    @classmethod
    def _intern(cls, rank: str, suit: str) -> Card:
        text = rank + suit
        card = cls._interned.get(text)
        if card is None:
            card = cls._interned[text] = cls(rank, suit)
        return card

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text!r})"

    def __reduce__(self):
        return (Card.parse, (self.text,))


class Deck:
    """The cards of one game, their order within a suit and their points.

    ``ranks`` is listed strongest first; ``points`` maps rank to card points.
    ``family`` ("spanish", "french") says which names its letters have: ``suit_names``
    and ``rank_names`` (English; a rank not named is said as written) and ``faces``
    (a rank as its card draws it, when not as written).
    """

    def __init__(
        self,
        name: str,
        suits: tuple[str, ...],
        ranks: tuple[str, ...],
        points: dict[str, int],
        family: str,
    ) -> None:
        self.name = name
        self.family = family
        self.suits = suits
        self.ranks = ranks
        french = family == "french"
        self.suit_names = FRENCH_SUIT_NAMES if french else SPANISH_SUIT_NAMES
        self.rank_names = FRENCH_RANK_NAMES if french else SPANISH_RANK_NAMES
        self.faces = {} if french else SPANISH_FACES
        self.cards: tuple[Card, ...] = tuple(Card._intern(r, s) for s in suits for r in ranks)
        self._set = frozenset(self.cards)
        # strength: higher beats lower within a suit
        self.strength: dict[Card, int] = {c: len(ranks) - ranks.index(c.rank) for c in self.cards}
        self.points: dict[Card, int] = {c: points[c.rank] for c in self.cards}
        self._by_text = {c.text: c for c in self.cards}

    def __contains__(self, card: object) -> bool:
        return card in self._set

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def card(self, text: str) -> Card | None:
        """The card of this deck written ``text``, or None if the deck has no such card."""
        return self._by_text.get(text)

    def suit_name(self, suit: str) -> str:
        """A suit's name in English ("oros", "hearts"), the letter when it is none."""
        return self.suit_names.get(suit, suit)

    def rank_name(self, rank: str) -> str:
        """A rank's name in English ("king", "knight"), or the rank as written ("3")."""
        return self.rank_names.get(rank, rank)

    def total_points(self) -> int:
        return sum(self.points.values())

    def sort(self, cards: Iterable[Card]) -> list[Card]:
        """Cards grouped by suit (deck order), strongest first."""
        suit_order = {s: i for i, s in enumerate(self.suits)}
        return sorted(cards, key=lambda c: (suit_order[c.suit], -self.strength[c]))

    def __repr__(self) -> str:
        return f"<Deck {self.name}: {len(self.cards)} cards>"


SPANISH_POINTS = {
    "1": 11,
    "3": 10,
    "12": 4,
    "11": 3,
    "10": 2,
    "7": 0,
    "6": 0,
    "5": 0,
    "4": 0,
    "2": 0,
}

#: Cuatrola (RULES.md C1, C2): 1 3 12 11 10 of each suit, 120 points.
SPANISH_20 = Deck(
    "spanish-20", SPANISH_SUITS, ("1", "3", "12", "11", "10"), SPANISH_POINTS, "spanish"
)
#: Subastao, traditional (S1): the 40-card deck without the 2s.
SPANISH_36 = Deck(
    "spanish-36",
    SPANISH_SUITS,
    ("1", "3", "12", "11", "10", "7", "6", "5", "4"),
    SPANISH_POINTS,
    "spanish",
)
#: Subastao in pairs (S1): the full 40-card deck, 2 lowest.
SPANISH_40 = Deck(
    "spanish-40",
    SPANISH_SUITS,
    ("1", "3", "12", "11", "10", "7", "6", "5", "4", "2"),
    SPANISH_POINTS,
    "spanish",
)
#: Belote (B1): 7 8 9 10 J Q K A of c d h s, in non-trump order (B3); points B4 non-trump.
FRENCH_32 = Deck(
    "french-32",
    FRENCH_SUITS,
    ("A", "10", "K", "Q", "J", "9", "8", "7"),
    {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0},
    "french",
)


def card_name(card: Card | str, deck: Deck, *, article: bool = False) -> str:
    """``card`` in English words: "king of bastos", "3 of copas", "the ace of spades"
    (``article``: as a sentence needs it); ``deck`` says which family of suits the
    letters mean. The text as given when its suit is none of the deck's. The site says
    it in the reader's language (games/cardnames.py)."""
    text = str(card)
    rank, suit = text[:-1], text[-1:]
    if suit not in deck.suits or not rank:
        return text
    words = f"{deck.rank_name(rank)} of {deck.suit_name(suit)}"
    return f"the {words}" if article else words
