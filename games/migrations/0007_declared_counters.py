# Cuatrola's unit counters gain the declarations made, won or not (``declared_solo``,
# ``declared_cuatrola``, ``declared_quintola``: the standings' "Decl" and "% Decl"). Every
# unit row of a Cuatrola match gets them, counted from its complete hands' summaries
# (the declarer's side), as games/engine/cuatrola/views.py counts them today — frozen here
# as a migration must be. Back: the keys go.

from collections import defaultdict

from django.db import migrations

DECLARED = ("declared_solo", "declared_cuatrola", "declared_quintola")
BATCH = 2000


def forward(apps, schema_editor):
    MatchUnit = apps.get_model("games", "MatchUnit")
    Hand = apps.get_model("games", "Hand")
    declared = defaultdict(lambda: [dict.fromkeys(DECLARED, 0) for _ in (0, 1)])
    summaries = Hand.objects.filter(
        match__game="cuatrola", complete=True, summary__isnull=False
    ).values_list("match_id", "summary")
    for match_id, summary in summaries.iterator():
        declarer = summary.get("declarer")
        if isinstance(declarer, int) and summary.get("declaration") in ("solo", "cuatrola", "quintola"):
            declared[match_id][declarer % 2][f"declared_{summary['declaration']}"] += 1
    changed = []
    units = MatchUnit.objects.filter(match__game="cuatrola").only("match_id", "unit", "counters")
    for row in units.iterator():
        counts = declared[row.match_id][row.unit] if row.unit in (0, 1) else {}
        row.counters = {**(row.counters or {}), **dict.fromkeys(DECLARED, 0), **counts}
        changed.append(row)
        if len(changed) >= BATCH:
            MatchUnit.objects.bulk_update(changed, ["counters"])
            changed = []
    MatchUnit.objects.bulk_update(changed, ["counters"])


def backward(apps, schema_editor):
    MatchUnit = apps.get_model("games", "MatchUnit")
    changed = []
    for row in MatchUnit.objects.filter(match__game="cuatrola").only("counters").iterator():
        row.counters = {k: v for k, v in (row.counters or {}).items() if k not in DECLARED}
        changed.append(row)
    MatchUnit.objects.bulk_update(changed, ["counters"], batch_size=BATCH)


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0006_remove_old_result_columns"),
    ]

    operations = [migrations.RunPython(forward, backward)]
