"""Engine speed: complete hands checked per second, with and without the deal, for
Cuatrola, Subastao (3 players) and Belote (rounds) side by side.

Prints figures only (asserts nothing). Run: ``make bench`` or
``.venv/bin/python bench/engine.py [--matches N]``. One process, so one core.

Times are the process's CPU time (``time.process_time``), best of ``--repeat`` runs: on
an idle machine that is the wall time, and on the shared 2-core machine it leaves out the
time spent waiting for a core. Baseline, measured in the same run: a bare replay of the
same hands that only finds trick winners and adds card points (no rule checked). The ratio
says what checking the rules costs on top of walking the events at all.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.engine import SPANISH_36, Card, check_record, check_text
from games.engine import subastao as sub
from games.engine.belote.simulate import random_match as random_belote_game
from games.engine.cuatrola import Call, HandState, Play
from games.engine.cuatrola.play import POINTS, trick_winner
from games.engine.cuatrola.simulate import random_match
from games.engine.subastao.simulate import random_match as random_subastao_match


def bare_replay(records) -> int:
    """The floor: walk every trick, find its winner, add its points. No rule is checked."""
    total = 0
    for record in records:
        for hand in record.hands:
            trump = hand.trump_card[-1]
            for trick in hand.tricks:
                cards = [Card.parse(t) for t in trick]
                trick_winner(cards, trump)
                total += sum(POINTS[c] for c in cards)
    return total


def best_of(fn, repeat: int) -> float:
    """The fastest of ``repeat`` runs, in CPU seconds of this process: on a shared
    machine other processes' load does not count against the engine."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return min(times)


def per_event_cost(records) -> dict[int, float]:
    """Mean µs per play event by trick number, without the deal: flat if no event
    re-replays the hand."""
    by_trick: dict[int, list[float]] = {}
    clock = time.perf_counter_ns
    for record in records:
        for h in record.hands:
            state = HandState(record.rules, h.dealer, Card.parse(h.trump_card))
            for call in h.calls:
                state.apply(Call(call))
            for number, trick in enumerate(h.tricks, 1):
                for text in trick:
                    event = Play(Card.parse(text))
                    start = clock()
                    state.apply(event)
                    by_trick.setdefault(number, []).append((clock() - start) / 1000)
    return {k: statistics.fmean(v) for k, v in sorted(by_trick.items())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=400)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--game", choices=["all", "cuatrola", "subastao", "belote"], default="all")
    args = parser.parse_args()
    cuatrola_per_event = None
    if args.game in ("all", "cuatrola"):
        cuatrola_per_event = cuatrola(args)
    if args.game in ("all", "subastao"):
        subastao(args.matches // 2, args.repeat)
    if args.game in ("all", "belote"):
        belote(args.matches // 4, args.repeat, cuatrola_per_event)


def cuatrola(args) -> float:
    """Cuatrola: hands/s with and without the deal, per-play cost, memory. Returns the
    CPU seconds per event without the deal (Belote's figures are compared with it)."""

    rng = random.Random(2026)
    with_deal = [random_match(rng) for _ in range(args.matches)]
    without_deal = [random_match(random.Random(i)) for i in range(args.matches)]
    for record in without_deal:
        for hand in record.hands:
            hand.deal = None
    texts = [json.dumps(r.as_dict()) for r in without_deal]
    hands_with = sum(len(r.hands) for r in with_deal)
    hands_without = sum(len(r.hands) for r in without_deal)
    events = sum(
        len(h.calls) + sum(map(len, h.tricks)) + len(h.cantes)
        for r in without_deal
        for h in r.hands
    )

    floor = best_of(lambda: bare_replay(without_deal), args.repeat)
    blind = best_of(lambda: [check_record(r) for r in without_deal], args.repeat)
    known = best_of(lambda: [check_record(r) for r in with_deal], args.repeat)
    from_text = best_of(lambda: [check_text(t, "x") for t in texts], args.repeat)

    print(f"python {platform.python_version()} on {platform.machine()}, one process")
    print(
        f"{args.matches} random legal matches: {hands_without} hands, {events} events "
        f"(without the deal); {hands_with} hands with the deal"
    )
    print(f"baseline bare replay (no rules)  : {hands_without / floor:12,.0f} hands/s")
    print(
        f"check without the deal (V2)      : {hands_without / blind:12,.0f} hands/s  "
        f"({blind / floor:.1f}x baseline)  {blind / events * 1e6:.2f} µs/event"
    )
    print(
        f"check with the deal (V4)         : {hands_with / known:12,.0f} hands/s  "
        f"({known / floor * hands_without / hands_with:.1f}x baseline per hand)"
    )
    print(
        f"JSON text -> checker line        : {hands_without / from_text:12,.0f} hands/s  "
        f"({from_text / floor:.1f}x baseline)"
    )
    costs = per_event_cost(without_deal)
    print(
        "µs per play by trick (no deal)   : "
        + "  ".join(f"t{k} {v:.2f}" for k, v in costs.items())
        + f"   (t5/t1 = {costs[5] / costs[1]:.2f})"
    )

    tracemalloc.start()
    states = []
    for record in with_deal[:50]:
        for h in record.hands:
            state = HandState(record.rules, h.dealer, Card.parse(h.trump_card))
            for call in h.calls:
                state.apply(Call(call))
            for trick in h.tricks:
                for text in trick:
                    state.apply(Play(Card.parse(text)))
            states.append(state)
    size, _peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        f"memory per finished HandState    : {size / len(states) / 1024:12.1f} KiB "
        f"({len(states)} hands kept)"
    )
    return blind / events


def subastao_bare_replay(records) -> int:
    """Subastao's floor: trick winners and card points only."""
    total = 0
    points = SPANISH_36.points
    for record in records:
        for hand in record.hands:
            for trick in hand.tricks or ():
                cards = [Card.parse(t) for t in trick]
                trick_winner(cards, hand.trump)
                total += sum(points[c] for c in cards)
    return total


def subastao_per_play_cost(records) -> dict[int, float]:
    """Mean µs per play event by trick number, without the deal."""
    by_trick: dict[int, list[float]] = {}
    clock = time.perf_counter_ns
    for record in records:
        for h in record.hands:
            if h.trump is None:
                continue
            state = sub.HandState(record.rules, h.dealer)
            for bid in h.bids:
                state.apply(sub.Bid(bid))
            state.apply(sub.Trump(h.trump))
            for number, trick in enumerate(h.tricks, 1):
                for text in trick:
                    event = sub.Play(Card.parse(text))
                    start = clock()
                    state.apply(event)
                    by_trick.setdefault(number, []).append((clock() - start) / 1000)
    return {k: statistics.fmean(v) for k, v in sorted(by_trick.items())}


def subastao(matches: int, repeat: int) -> None:
    """Subastao with 3 players (36 cards, 12 tricks of 3): the same measures."""
    rules = sub.SubastaoRules()
    with_deal = [random_subastao_match(random.Random(10_000 + i), rules) for i in range(matches)]
    without_deal = [random_subastao_match(random.Random(i), rules) for i in range(matches)]
    for record in without_deal:
        for hand in record.hands:
            hand.deal = None
    texts = [json.dumps(r.as_dict()) for r in without_deal]

    def played(records) -> int:  # complete hands with a contract (void hands left out)
        return sum(1 for r in records for h in r.hands if h.trump is not None)

    hands_with, hands_without = played(with_deal), played(without_deal)
    voids = sum(len(r.hands) for r in without_deal) - hands_without
    events = sum(
        len(h.bids) + (h.trump is not None) + sum(map(len, h.tricks or ())) + len(h.cantes or ())
        for r in without_deal
        for h in r.hands
    )
    floor = best_of(lambda: subastao_bare_replay(without_deal), repeat)
    blind = best_of(lambda: [check_record(r) for r in without_deal], repeat)
    known = best_of(lambda: [check_record(r) for r in with_deal], repeat)
    from_text = best_of(lambda: [check_text(t, "x") for t in texts], repeat)
    print()
    print(
        f"Subastao, 3 players: {matches} random legal matches: {hands_without} played hands "
        f"(+{voids} void), {events} events (without the deal); {hands_with} with the deal"
    )
    print("(hands/s count played hands only; the time includes the void hands)")
    print(f"baseline bare replay (no rules)  : {hands_without / floor:12,.0f} hands/s")
    print(
        f"check without the deal (V2)      : {hands_without / blind:12,.0f} hands/s  "
        f"({blind / floor:.1f}x baseline)  {blind / events * 1e6:.2f} µs/event"
    )
    print(
        f"check with the deal (V4)         : {hands_with / known:12,.0f} hands/s  "
        f"({known / floor * hands_without / hands_with:.1f}x baseline per hand)"
    )
    print(
        f"JSON text -> checker line        : {hands_without / from_text:12,.0f} hands/s  "
        f"({from_text / floor:.1f}x baseline)"
    )
    costs = subastao_per_play_cost(without_deal)
    print(
        "µs per play by trick (no deal)   : "
        + "  ".join(f"t{k} {v:.2f}" for k, v in costs.items())
        + f"   (t12/t1 = {costs[12] / costs[1]:.2f})"
    )


def belote(games: int, repeat: int, cuatrola_per_event: float | None) -> None:
    """Belote: complete rounds per second (a void round is not counted as a complete
    round, though it is checked), and the cost per event beside Cuatrola's when measured
    in the same run."""
    with_deal = [random_belote_game(random.Random(10_000 + i)) for i in range(games)]
    without_deal = [random_belote_game(random.Random(20_000 + i)) for i in range(games)]
    for record in without_deal:
        for hand in record.hands:
            hand.deal = None
    texts = [json.dumps(r.as_dict()) for r in without_deal]

    def rounds(records) -> int:
        return sum(1 for r in records for h in r.hands if h.tricks)

    events = sum(
        len(h.calls) + sum(map(len, h.tricks or [])) + len(h.declarations or [])
        for r in without_deal
        for h in r.hands
    )
    blind = best_of(lambda: [check_record(r) for r in without_deal], repeat)
    known = best_of(lambda: [check_record(r) for r in with_deal], repeat)
    from_text = best_of(lambda: [check_text(t, "x") for t in texts], repeat)
    played = rounds(without_deal)
    compared = (
        f" ({blind / events / cuatrola_per_event:.2f}x Cuatrola's)" if cuatrola_per_event else ""
    )
    print()
    print(
        f"belote: {games} random legal games: {played} complete rounds "
        f"({sum(len(r.hands) for r in without_deal) - played} void), {events} events"
    )
    print(
        f"belote check without the deal (V2): {played / blind:12,.0f} rounds/s  "
        f"{blind / events * 1e6:.2f} µs/event{compared}"
    )
    print(f"belote check with the deal (V4)   : {rounds(with_deal) / known:12,.0f} rounds/s")
    print(f"belote JSON text -> checker line  : {played / from_text:12,.0f} rounds/s")


if __name__ == "__main__":
    main()
