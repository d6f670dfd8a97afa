"""The solver's compact view of one hand: cards as bit indices, hands as ints (ANALYSIS.md).

A :class:`Spec` is what stays fixed while a hand is played: which seats play and in
which order, which seats the value counts for, the cards' suits, strength and points,
the trick rule (C7/S4 or B6) and the cantes (C9/S5). Cards are numbered suit by suit,
strongest first *in this hand's order* (Belote's trump suit ranks J 9 A 10…), so "a card
of suit s higher than card i" is one mask, ``above[i]``, and the legal plays of a hand
are a few ``&`` operations (:func:`legal_c7`, :func:`legal_b6`).

Nothing here imports a game package: :mod:`.positions` builds a Spec from the engine's
public hand state, and ``tests/engine/analysis`` checks these legal plays against the
engine's own ``legal_plays()`` on random positions, so the two cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

NONE = -1  # "no card" in the trick state (no lead yet, no trump played)


@dataclass(frozen=True)
class Spec:
    """The fixed facts of a hand the search reads (see the module docstring).

    ``order`` is the seat after each seat among the active ones (a sitting-out seat is
    skipped, C5); ``counted[seat]`` says whether the seat plays for the counted side
    (it maximises the value). ``rule`` is ``"c7"`` (Cuatrola C7, Subastao S4) or
    ``"b6"`` (Belote); ``trump`` a suit index or NONE (Belote ``no_trumps`` and
    ``all_trumps``: no suit cuts another), ``beat`` the suits a follower must beat in
    under B6. ``singers[winner]`` are the seats that may sing after ``winner`` takes a
    trick (empty when its side may not sing); ``pairs[s]`` the mask of suit s's 12 and 11.
    ``value`` is ``"margin"`` or ``"tricks"``.
    """

    names: tuple[str, ...]  # card index -> card text
    suit_count: int
    per_suit: int
    points: tuple[int, ...]
    seats: int
    order: tuple[int, ...]
    active: tuple[int, ...]
    counted: tuple[bool, ...]
    rule: str
    trump: int
    beat: frozenset[int] = frozenset()
    value: str = "margin"
    last_bonus: int = 10
    capot_bonus: int = 0
    singers: tuple[tuple[int, ...], ...] = ()
    pairs: tuple[int, ...] = ()
    cante_values: tuple[int, ...] = ()
    suit_letters: tuple[str, ...] = ()
    side: int | str = 0  # the counted side as ANALYSIS.md's ``side`` reports it
    index: dict[str, int] = field(default_factory=dict, compare=False)
    suit_mask: tuple[int, ...] = field(default=(), compare=False)
    above: tuple[int, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        r = self.per_suit
        masks = tuple(((1 << r) - 1) << (s * r) for s in range(self.suit_count))
        object.__setattr__(self, "suit_mask", masks)
        # above[i]: the cards of i's suit stronger than i (lower indices of its block)
        above = tuple(masks[i // r] & ((1 << i) - 1) for i in range(self.suit_count * r))
        object.__setattr__(self, "above", above)
        object.__setattr__(self, "index", {n: i for i, n in enumerate(self.names) if n})

    @property
    def trick_size(self) -> int:
        return len(self.active)

    @property
    def sings(self) -> bool:
        return any(self.singers)

    def mask(self, cards: Sequence[str]) -> int:
        """The bit mask of cards given by their text."""
        out = 0
        for text in cards:
            out |= 1 << self.index[text]
        return out

    def cards(self, mask: int) -> list[str]:
        """The card texts of ``mask``, strongest first within each suit."""
        out = []
        while mask:
            low = mask & -mask
            out.append(self.names[low.bit_length() - 1])
            mask ^= low
        return out


def build_spec(
    suits: Sequence[Sequence[str]],
    points: dict[str, int],
    **fields: object,
) -> Spec:
    """A Spec from each suit's cards strongest first (``suits``) and the card points;
    the other fields as :class:`Spec` names them."""
    per_suit = max(len(s) for s in suits)
    names = []
    pts = []
    for suit in suits:
        padded = list(suit) + [""] * (per_suit - len(suit))
        names.extend(padded)
        pts.extend(points.get(c, 0) for c in padded)
    return Spec(
        names=tuple(names),
        suit_count=len(suits),
        per_suit=per_suit,
        points=tuple(pts),
        **fields,  # type: ignore[arg-type]
    )


def legal_c7(spec: Spec, hand: int, lead: int, high_lead: int, high_trump: int) -> int:
    """The legal plays of ``hand`` under C7 (and S4, which is C7): ``lead`` is the led
    suit (NONE for the leader), ``high_lead``/``high_trump`` the highest card of the led
    suit and of trump in the trick (NONE when none)."""
    if lead == NONE:
        return hand  # C7.1
    follow = hand & spec.suit_mask[lead]
    if follow:
        if high_trump == NONE or lead == spec.trump:  # C7.2: nobody trumped: beat
            higher = follow & spec.above[high_lead]
            return higher or follow
        return follow  # C7.2: trumped already: any card of the led suit
    trumps = hand & spec.suit_mask[spec.trump]
    if trumps:  # C7.3: trump, overtrumping when able; unable: any card
        if high_trump == NONE:
            return trumps
        return (trumps & spec.above[high_trump]) or hand
    return hand  # C7.4


def legal_b6(
    spec: Spec, hand: int, lead: int, high_lead: int, high_trump: int, partner_wins: bool
) -> int:
    """The legal plays of ``hand`` under B6 (see :func:`legal_c7` for the arguments;
    ``partner_wins``: the card winning the trick so far is the partner's)."""
    if lead == NONE:
        return hand
    follow = hand & spec.suit_mask[lead]
    if follow:
        if lead in spec.beat:  # a trump-ranked lead: beat it when able, partner or not
            return (follow & spec.above[high_lead]) or follow
        return follow
    if spec.trump == NONE or partner_wins:
        return hand
    trumps = hand & spec.suit_mask[spec.trump]
    if trumps:  # overtrump when able, else a lower trump
        if high_trump == NONE:
            return trumps
        return (trumps & spec.above[high_trump]) or trumps
    return hand
