"""A position of a hand's play as an immutable value, and its moves (ANALYSIS.md).

:class:`Position` is what the analyser walks along a recorded hand and what the tests
play at random: the cards each seat still holds (one int per seat), the trick on the
table, who leads it, a cante choice waiting after a trick (C9/S5), the suits sung, which
sides have won a trick (Belote's capot) and the value reached so far (``acc``). The
search (:mod:`.solver`) keeps the same facts in mutable locals for speed; this module is
the plain, obviously-right version the search is tested against (:func:`minimax`).
"""

from __future__ import annotations

import time
from typing import NamedTuple

from ..messages import msg
from .space import NONE, Spec, legal_b6, legal_c7
from .tables import live_pairs


class Position(NamedTuple):
    hands: tuple[int, ...]
    table: tuple[tuple[int, int], ...] = ()  # (seat, card index) in play order
    leader: int = 0
    pending: int = NONE  # the seat that won the trick just played, while a cante may come
    sung: int = 0  # bit s: suit s was sung
    won: int = 0  # bit 1: the counted side won a trick; bit 2: the other side did
    acc: int = 0  # the value reached so far (margin, or the declarer's tricks)


class TrickState(NamedTuple):
    lead: int
    high_lead: int
    high_trump: int
    winner: int  # the seat winning the trick so far (NONE before the lead)


def trick_state(spec: Spec, table: tuple[tuple[int, int], ...]) -> TrickState:
    """The led suit, the highest led and trump cards and the winning seat (C8, B6)."""
    lead = high_lead = high_trump = winner = NONE
    r, trump = spec.per_suit, spec.trump
    for seat, card in table:
        suit = card // r
        if lead == NONE:
            lead, high_lead, winner = suit, card, seat
            if suit == trump:
                high_trump = card
            continue
        if suit == lead and card < high_lead:
            high_lead = card
            if suit == trump:
                high_trump = card
            if high_trump == NONE or suit == trump:
                winner = seat
        if suit == trump and suit != lead and (high_trump == NONE or card < high_trump):
            high_trump, winner = card, seat
    return TrickState(lead, high_lead, high_trump, winner)


def to_play(spec: Spec, pos: Position) -> int:
    """The seat to play next (the cante choice, if one is waiting, comes first)."""
    if not pos.table:
        return pos.leader
    return spec.order[pos.table[-1][0]]


def legal(spec: Spec, pos: Position) -> int:
    """The legal cards of the seat to play, as a mask (C7/S4 or B6)."""
    seat = to_play(spec, pos)
    ts = trick_state(spec, pos.table)
    hand = pos.hands[seat]
    if spec.rule == "c7":
        return legal_c7(spec, hand, ts.lead, ts.high_lead, ts.high_trump)
    partner_wins = ts.winner != NONE and ts.winner == (seat + 2) % spec.seats
    return legal_b6(spec, hand, ts.lead, ts.high_lead, ts.high_trump, partner_wins)


def is_over(pos: Position) -> bool:
    return not any(pos.hands) and not pos.table and pos.pending == NONE


def play(spec: Spec, pos: Position, card: int) -> Position:
    """The position after the seat to play plays ``card`` (assumed legal)."""
    seat = to_play(spec, pos)
    hands = list(pos.hands)
    hands[seat] &= ~(1 << card)
    table = (*pos.table, (seat, card))
    if len(table) < spec.trick_size:
        return pos._replace(hands=tuple(hands), table=table)
    winner = trick_state(spec, table).winner
    mine = spec.counted[winner]
    last = not any(hands)
    won = pos.won | (1 if mine else 2)
    if spec.value == "tricks":
        delta = 1 if mine else 0
    else:
        points = sum(spec.points[c] for _, c in table) + (spec.last_bonus if last else 0)
        if last and spec.capot_bonus and won != 3:
            points += spec.capot_bonus  # B7: one side took every trick
        delta = points if mine else -points
    pending = winner if (not last and cante_options(spec, hands, winner, pos.sung)) else NONE
    return Position(tuple(hands), (), winner, pending, pos.sung, won, pos.acc + delta)


def cante_options(
    spec: Spec, hands: tuple[int, ...] | list[int], winner: int, sung: int
) -> list[int]:
    """The suits the side of ``winner`` may sing now (C9/S5): a seat of it still holds
    the suit's 12 and 11, the suit not sung yet; the trump suit alone when it can be."""
    singers = spec.singers[winner] if spec.singers else ()
    if not singers:
        return []
    out = []
    for suit, pair in enumerate(spec.pairs):
        if sung >> suit & 1 or not pair:
            continue
        if any(hands[s] & pair == pair for s in singers):
            if suit == spec.trump:
                return [suit]  # C9: trump first when it can be sung
            out.append(suit)
    return out


def sing(spec: Spec, pos: Position, suit: int) -> Position:
    """The position after the cante choice: ``suit`` sung, or NONE for no cante."""
    if suit == NONE:
        return pos._replace(pending=NONE)
    if pos.pending == NONE or suit not in cante_options(spec, pos.hands, pos.pending, pos.sung):
        raise ValueError(
            msg("no cante of suit {suit} is open here (C9/S5)", suit=spec.suit_letters[suit])
        )
    value = spec.cante_values[suit]
    delta = value if spec.counted[pos.pending] else -value
    return pos._replace(pending=NONE, sung=pos.sung | 1 << suit, acc=pos.acc + delta)


def walk(spec: Spec, pos: Position, line: list[tuple[str, int]]) -> Position:
    """The position after a recorded line of ``("play", card)`` and ``("sing", suit)``
    steps (a trick followed by no sing step: no cante)."""
    for kind, item in line:
        if kind == "sing":
            pos = sing(spec, pos, item)
            continue
        if pos.pending != NONE:
            pos = sing(spec, pos, NONE)
        pos = play(spec, pos, item)
    return pos


def bits(mask: int) -> list[int]:
    """The card indices of ``mask``, strongest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def minimax(spec: Spec, pos: Position, deadline: float | None = None) -> int:
    """The value of ``pos`` by plain minimax: no pruning, no table, no merging. Slow; the
    reference the search is tested against on small positions (and the benchmark's
    baseline: past ``deadline``, a ``time.process_time()`` value, TimeoutError)."""
    if deadline is not None and time.process_time() > deadline:
        raise TimeoutError
    if pos.pending != NONE:
        options = [NONE, *cante_options(spec, pos.hands, pos.pending, pos.sung)]
        values = [minimax(spec, sing(spec, pos, s), deadline) for s in options]
        return max(values) if spec.counted[pos.pending] else min(values)
    if is_over(pos):
        return pos.acc
    values = [minimax(spec, play(spec, pos, c), deadline) for c in bits(legal(spec, pos))]
    return max(values) if spec.counted[to_play(spec, pos)] else min(values)


def merge_runs(spec: Spec, cards: list[int], in_play: int, live: int) -> list[list[int]]:
    """``cards`` (one seat's, strongest first) in groups of equivalent cards: one suit, no
    card between them in play, the same points, none of them in ``live``."""
    points, r = spec.points, spec.per_suit
    groups = [[cards[0]]]
    prev = cards[0]
    for c in cards[1:]:
        between = ((1 << c) - 1) & ~((2 << prev) - 1)
        if (
            c // r == prev // r
            and not in_play & between
            and points[c] == points[prev]
            and not (live >> c & 1 or live >> prev & 1)
        ):
            groups[-1].append(c)
        else:
            groups.append([c])
        prev = c
    return groups


def equivalent_groups(spec: Spec, pos: Position, cards: list[int]) -> list[list[int]]:
    """The groups of equivalent cards among ``cards`` of the seat to play at ``pos``."""
    in_play = 0
    for hand in pos.hands:
        in_play |= hand
    for _, c in pos.table:
        in_play |= 1 << c
    return merge_runs(spec, cards, in_play, live_pairs(spec, pos.sung))
