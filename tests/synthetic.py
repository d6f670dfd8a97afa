"""A finished double round robin synthesised straight into the tables the standings
recompute reads (finished matches and their units' results). For the standings
benchmark and the killed-worker test: recording thousands of matches card by card through
the API would take hours."""

from __future__ import annotations

import random


def finished_double_round_robin(pairs: int, rng: random.Random):
    """A finished double round robin of ``pairs`` entries."""
    from django.contrib.auth import get_user_model

    from clubs.models import Club, Player
    from games.engine import find_game
    from games.models import Hand, Match, MatchUnit
    from games.results import against_the_others
    from tournaments.models import Entry, EntryPlayer, Fixture, FixtureEntry, Round, Tournament
    from tournaments.pairing import double_berger_rounds

    keys = find_game("cuatrola").counters  # the unit counters, in their columns' order
    user, _ = get_user_model().objects.get_or_create(username="bench")
    club = Club.objects.create(name=f"Bench {pairs}", slug=f"bench-{pairs}")
    players = Player.objects.bulk_create(
        Player(club=club, display_name=f"P{i}") for i in range(2 * pairs)
    )
    t = Tournament.objects.create(
        club=club, name=f"DRR {pairs}", format="double_round_robin", status="finished"
    )
    entries = Entry.objects.bulk_create(
        Entry(tournament=t, name=f"E{i}", seed=i + 1) for i in range(pairs)
    )
    EntryPlayer.objects.bulk_create(
        EntryPlayer(entry=e, player=players[2 * i + k], position=k)
        for i, e in enumerate(entries)
        for k in (0, 1)
    )
    schedule = double_berger_rounds(pairs)
    rounds = Round.objects.bulk_create(
        Round(tournament=t, number=n) for n in range(1, len(schedule) + 1)
    )
    matches, fixtures, hands = [], [], []
    for round_, pairings in zip(rounds, schedule, strict=True):
        for table, (a, b) in enumerate(pairings, 1):  # an even count: no byes
            winner = rng.randrange(2)
            loser_score = rng.randrange(11)
            score = (11, loser_score) if winner == 0 else (loser_score, 11)
            m = Match(club=club, rules={}, status="finished", created_by=user)
            m.synthetic = (score, winner)
            matches.append(m)
            fixtures.append((round_, table, entries[a - 1], entries[b - 1], m))
    Match.objects.bulk_create(matches, batch_size=2000)
    rows = Fixture.objects.bulk_create(
        [Fixture(round=r, table=tb, match=m) for r, tb, _a, _b, m in fixtures], batch_size=2000
    )
    FixtureEntry.objects.bulk_create(
        [
            FixtureEntry(fixture=f, entry=e, position=unit)
            for f, (_r, _tb, a, b, _m) in zip(rows, fixtures, strict=True)
            for unit, e in enumerate((a, b))
        ],
        batch_size=5000,
    )
    units = []
    for m in matches:
        score, winner = m.synthetic
        won = [0, 0]
        made = [dict.fromkeys(keys, 0) for _ in "ab"]
        for number in range(1, 9):
            side = rng.randrange(2)
            declaration = rng.choice(["plain", "plain", "solo", "cuatrola"])
            declarer = None if declaration == "plain" else rng.randrange(4)
            won[side] += 1
            if declarer is not None:
                made[declarer % 2][f"declared_{declaration}"] += 1
            if declarer is not None and declarer % 2 == side:
                made[side][declaration] += 1
            hands.append(
                Hand(
                    match=m,
                    number=number,
                    dealer=number % 4,
                    complete=True,
                    summary={"winner_side": side, "declarer": declarer, "declaration": declaration},
                )
            )
        placed = against_the_others(score, won, winner)  # as the write path stores them
        units += [
            MatchUnit(
                match=m,
                unit=u,
                score=score[u],
                is_winner=winner == u,
                hands_won=won[u],
                counters=made[u],
                **placed[u],
                **MatchUnit.counter_slots(keys, made[u]),
            )
            for u in (0, 1)
        ]
    Hand.objects.bulk_create(hands, batch_size=5000)
    MatchUnit.objects.bulk_create(units, batch_size=5000)
    return t, len(matches), len(hands)
