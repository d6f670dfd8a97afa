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

SPANISH_SUITS = ("o", "c", "e", "b")
SPANISH_SUIT_NAMES = {"o": "oros", "c": "copas", "e": "espadas", "b": "bastos"}
FRENCH_SUITS = ("c", "d", "h", "s")
FRENCH_SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}


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
            raise ValueError(f"{text!r} is not a card")
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
    """

    def __init__(
        self,
        name: str,
        suits: tuple[str, ...],
        ranks: tuple[str, ...],
        points: dict[str, int],
        suit_names: dict[str, str],
    ) -> None:
        self.name = name
        self.suits = suits
        self.ranks = ranks
        self.suit_names = suit_names
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
        return self.suit_names.get(suit, suit)

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
    "spanish-20", SPANISH_SUITS, ("1", "3", "12", "11", "10"), SPANISH_POINTS, SPANISH_SUIT_NAMES
)
#: Subastao, traditional (S1): the 40-card deck without the 2s.
SPANISH_36 = Deck(
    "spanish-36",
    SPANISH_SUITS,
    ("1", "3", "12", "11", "10", "7", "6", "5", "4"),
    SPANISH_POINTS,
    SPANISH_SUIT_NAMES,
)
#: Subastao in pairs (S1): the full 40-card deck, 2 lowest.
SPANISH_40 = Deck(
    "spanish-40",
    SPANISH_SUITS,
    ("1", "3", "12", "11", "10", "7", "6", "5", "4", "2"),
    SPANISH_POINTS,
    SPANISH_SUIT_NAMES,
)
#: Belote (B1): 7 8 9 10 J Q K A of c d h s, in non-trump order (B3); points B4 non-trump.
FRENCH_32 = Deck(
    "french-32",
    FRENCH_SUITS,
    ("A", "10", "K", "Q", "J", "9", "8", "7"),
    {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0},
    FRENCH_SUIT_NAMES,
)


# Card names in words, as players say them (the pages' accessible names and translated
# refusals). Plain data: the engine stays free of Django; the site picks the language.
# A Spanish-deck 10, 11 and 12 are sota, caballo and rey; a French-deck 10 is a ten.
_SPANISH_WORDS = {
    "es": ({"1": "as", "10": "sota", "11": "caballo", "12": "rey"}, SPANISH_SUIT_NAMES, "de"),
    "en": ({"1": "ace", "10": "jack", "11": "knight", "12": "king"}, SPANISH_SUIT_NAMES, "of"),
}
_FRENCH_WORDS = {
    "es": (
        {"A": "as", "K": "rey", "Q": "dama", "J": "jota"},
        {"c": "tréboles", "d": "diamantes", "h": "corazones", "s": "picas"},
        "de",
    ),
    "en": ({"A": "ace", "K": "king", "Q": "queen", "J": "jack"}, FRENCH_SUIT_NAMES, "of"),
}


_FEMININE = frozenset({"sota", "dama", "jota"})


def card_name(card: Card | str, deck: Deck, lang: str = "en", *, article: bool = False) -> str:
    """``card`` in words in ``lang`` ("es" or "en"): "rey de bastos", "3 de copas",
    "rey de picas", "ace of spades"; ``deck`` says which family of suits (Spanish or
    French) the letters mean. The text as given when its suit is none of the deck's.
    ``article`` puts the definite article first, as a sentence needs it ("la sota de oros",
    "the king of bastos")."""
    text = str(card)
    rank, suit = text[:-1], text[-1:]
    if suit not in deck.suits or not rank:
        return text
    table = _FRENCH_WORDS if deck.suits == FRENCH_SUITS else _SPANISH_WORDS
    ranks, suits, of = table.get(lang[:2], table["en"])
    name = ranks.get(rank, rank)
    words = f"{name} {of} {suits[suit]}"
    if not article:
        return words
    if lang[:2] == "es":
        return ("la " if name in _FEMININE else "el ") + words
    return "the " + words


def suit_words(suit_name: str, lang: str = "en") -> str:
    """A suit's name (as the engine's English messages write it) in ``lang``."""
    if lang[:2] == "es":
        for letter, name in FRENCH_SUIT_NAMES.items():
            if name == suit_name:
                return _FRENCH_WORDS["es"][1][letter]
    return suit_name
