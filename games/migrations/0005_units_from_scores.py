# Step 2 of 3: every match's score_0/score_1/winner_side become two unit rows (every match
# so far is Cuatrola: two sides), with the hands won and the counters its complete hands'
# summaries give; every hand's trump_card becomes its header. The counters are Cuatrola's
# as games/engine/cuatrola/views.py defines them today (declarations made by the
# declarer's side, cante points), frozen here as a migration must be.

from collections import defaultdict

from django.db import migrations

DECLARATIONS = ("solo", "cuatrola", "quintola")
BATCH = 2000


def forward(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    MatchUnit = apps.get_model("games", "MatchUnit")
    Hand = apps.get_model("games", "Hand")

    hands_won = defaultdict(lambda: [0, 0])
    counters = defaultdict(
        lambda: [dict.fromkeys((*DECLARATIONS, "cante_points"), 0) for _ in (0, 1)]
    )
    summaries = Hand.objects.filter(complete=True, summary__isnull=False).values_list(
        "match_id", "summary"
    )
    for match_id, summary in summaries.iterator():
        side = summary.get("winner_side")
        if side not in (0, 1):
            continue
        hands_won[match_id][side] += 1
        declarer = summary.get("declarer")
        if declarer is not None and declarer % 2 == side:
            counters[match_id][side][summary["declaration"]] += 1
        for unit, points in enumerate(summary.get("cantes", [0, 0])):
            counters[match_id][unit]["cante_points"] += points

    rows = []
    matches = Match.objects.values_list("pk", "score_0", "score_1", "winner_side")
    for pk, score_0, score_1, winner in matches.iterator():
        for unit, score in enumerate((score_0, score_1)):
            rows.append(
                MatchUnit(
                    match_id=pk,
                    unit=unit,
                    score=score,
                    is_winner=winner == unit,
                    hands_won=hands_won[pk][unit],
                    counters=counters[pk][unit],
                )
            )
        if len(rows) >= BATCH:
            MatchUnit.objects.bulk_create(rows)
            rows = []
    MatchUnit.objects.bulk_create(rows)

    changed = []
    for hand in Hand.objects.exclude(trump_card="").only("pk", "trump_card").iterator():
        hand.header = {"trump_card": hand.trump_card}
        changed.append(hand)
        if len(changed) >= BATCH:
            Hand.objects.bulk_update(changed, ["header"])
            changed = []
    Hand.objects.bulk_update(changed, ["header"])


def backward(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    MatchUnit = apps.get_model("games", "MatchUnit")
    Hand = apps.get_model("games", "Hand")
    scores = defaultdict(lambda: [0, 0, None])
    for match_id, unit, score, is_winner in MatchUnit.objects.filter(unit__lt=2).values_list(
        "match_id", "unit", "score", "is_winner"
    ):
        scores[match_id][unit] = score
        if is_winner:
            scores[match_id][2] = unit
    for pk, (score_0, score_1, winner) in scores.items():
        Match.objects.filter(pk=pk).update(score_0=score_0, score_1=score_1, winner_side=winner)
    MatchUnit.objects.all().delete()
    for hand in Hand.objects.only("pk", "header").iterator():
        trump = (hand.header or {}).get("trump_card", "")
        if trump:
            Hand.objects.filter(pk=hand.pk).update(trump_card=trump)


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0004_matchunit_hand_header"),
    ]

    operations = [migrations.RunPython(forward, backward)]
