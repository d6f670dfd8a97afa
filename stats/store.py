"""Reading the event log in chunks and writing the totals (the tasks call these).

Memory stays flat in the number of hands: a chunk reads its matches' headers (a bounded
number of rows) and streams their events with a server-side cursor, one match replayed
at a time.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from collections.abc import Iterator

from django.db import connection, transaction
from django.db.models import Exists, OuterRef, Sum
from django.utils import timezone

from clubs.access import AnyUser
from games.models import Hand, HandEvent, Match, Seat
from tournaments.models import Fixture

from .facts import MatchInfo, Totals, as_rows, from_rows, replay_facts, route
from .models import CountedMatch, StatJob, StatPartial, StatTotal

FINISHED = Match.Status.FINISHED
EVENT_BATCH = 5000


def finished_ids() -> Iterator[int]:
    """Every finished match id, ascending, streamed."""
    qs = Match.objects.filter(status=FINISHED).order_by("id").values_list("id", flat=True)
    return qs.iterator(chunk_size=EVENT_BATCH)


def chunk_ranges(ids: Iterator[int], size: int) -> Iterator[tuple[int, int]]:
    """``(first, last)`` match ids of consecutive runs of ``size`` finished matches."""
    while run := list(itertools.islice(ids, size)):
        yield run[0], run[-1]


def match_infos(first: int, last: int) -> dict[int, tuple[MatchInfo, int]]:
    """The finished matches with ids in [first, last]: their routing info and version."""
    matches = Match.objects.filter(status=FINISHED, id__gte=first, id__lte=last)
    players: dict[int, dict[int, int]] = {}
    for match_id, number, player in Seat.objects.filter(match__in=matches).values_list(
        "match_id", "number", "player_id"
    ):
        players.setdefault(match_id, {})[number] = player
    tournaments = dict(
        Fixture.objects.filter(match__in=matches).values_list("match_id", "round__tournament_id")
    )
    out = {}
    for m in matches.values(
        "id", "game", "rules", "first_dealer", "club_id", "played_on", "created_at", "version"
    ):
        seats = players.get(m["id"], {})
        info = MatchInfo(
            m["id"],
            m["game"],
            m["rules"],
            m["first_dealer"],
            m["club_id"],
            (m["played_on"] or m["created_at"]).year,
            tournaments.get(m["id"]),
            tuple(seats[n] for n in sorted(seats)),
        )
        out[m["id"]] = (info, m["version"])
    return out


def _events(match_ids: list[int]) -> Iterator[tuple[int, dict]]:
    """``(match id, event)`` of the matches, in log order, from a server-side cursor in
    batches. Raw SQL: the ORM's per-row converters cost as much as the JSON decoding. On
    PostgreSQL a plain play (``kind``, ``card`` and perhaps ``seat``: two events in three)
    comes as its columns, not as JSON text to decode, and is rebuilt as the same dict."""
    if not match_ids:
        return
    event, hand = HandEvent._meta.db_table, Hand._meta.db_table
    if connection.vendor != "postgresql":  # SQLite (the default test settings)
        marks = ", ".join(["%s"] * len(match_ids))
        sql = (
            f"SELECT h.match_id, e.data FROM {event} e JOIN {hand} h ON h.id = e.hand_id "
            f"WHERE h.match_id IN ({marks}) ORDER BY h.match_id, h.number, e.seq"
        )
        with connection.chunked_cursor() as cursor:
            cursor.execute(sql, match_ids)
            while rows := cursor.fetchmany(EVENT_BATCH):
                for match_id, data in rows:
                    yield match_id, json.loads(data)
        return
    sql = (
        "SELECT h.match_id, CASE WHEN e.data - 'kind' - 'card' - 'seat' = '{}'::jsonb "
        "AND e.data->>'kind' = 'play' AND jsonb_typeof(e.data->'card') = 'string' "
        "AND coalesce(jsonb_typeof(e.data->'seat'), 'number') = 'number' "
        "THEN NULL ELSE e.data::text END, e.data->>'card', e.data->>'seat' "
        f"FROM {event} e JOIN {hand} h ON h.id = e.hand_id "
        "WHERE h.match_id = ANY(%s) ORDER BY h.match_id, h.number, e.seq"
    )
    with connection.chunked_cursor() as cursor:
        cursor.execute(sql, [match_ids])
        while rows := cursor.fetchmany(EVENT_BATCH):
            for match_id, data, card, seat in rows:
                if data is not None:
                    yield match_id, json.loads(data)
                elif seat is None:
                    yield match_id, {"kind": "play", "card": card}
                else:
                    yield match_id, {"kind": "play", "card": card, "seat": json.loads(seat)}


def range_totals(first: int, last: int) -> tuple[Totals, int, list[list[int]]]:
    """Replay the finished matches with ids in [first, last]: their totals, the number
    of complete hands, and ``[id, version]`` of each match counted."""
    infos = match_infos(first, last)
    totals: Totals = Counter()
    hands = 0
    events = _events(list(infos))
    for match_id, rows in itertools.groupby(events, key=lambda row: row[0]):
        info, _ = infos[match_id]
        facts = replay_facts(info, (data for _, data in rows))
        route(info, facts, totals)
        hands += facts.hands
    return totals, hands, [[i, version] for i, (_, version) in sorted(infos.items())]


def store_partial(job_id: int, chunk: int, first: int, last: int) -> bool:
    """Replay a chunk and upsert its partial; True when it was the job's last chunk."""
    totals, hands, matches = range_totals(first, last)
    with transaction.atomic():
        StatPartial.objects.update_or_create(
            job_id=job_id,
            chunk=chunk,
            defaults={
                "first_match": first,
                "last_match": last,
                "hands": hands,
                "totals": as_rows(totals),
                "matches": matches,
            },
        )
        job = StatJob.objects.select_for_update().get(pk=job_id)
        done = job.partials.count()
        replayed = job.partials.aggregate(n=Sum("hands"))["n"] or 0
        StatJob.objects.filter(pk=job_id).update(
            chunks_done=done, hands=replayed, active_at=timezone.now()
        )
    return done == job.chunks and job.status == StatJob.Status.RUNNING


def lock_totals() -> None:
    """Serialise the writers of the totals (a merge, an incremental count)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(f"LOCK TABLE {CountedMatch._meta.db_table} IN EXCLUSIVE MODE")


def merge_job(job_id: int) -> list[int]:
    """Replace the totals by the merge of the job's stored partials (once: a merge sent
    twice does nothing the second time). The finished matches no partial counted
    (finished while the job ran) are returned, to be counted one by one."""
    with transaction.atomic():
        lock_totals()
        job = StatJob.objects.select_for_update().get(pk=job_id)
        if job.status == StatJob.Status.DONE or job.partials.count() < job.chunks:
            return []
        # memory bounded by the totals (scopes × metrics), not by the matches: the
        # partials are read a few at a time and their matches written as they come
        StatTotal.objects.all().delete()
        CountedMatch.objects.all().delete()
        totals: Totals = Counter()
        hands = 0
        for partial in job.partials.iterator(chunk_size=2):
            totals.update(dict(from_rows(partial.totals)))
            hands += partial.hands
            CountedMatch.objects.bulk_create(
                (CountedMatch(match_id=i, version=v) for i, v in partial.matches),
                batch_size=2000,
            )
        StatTotal.objects.bulk_create(
            (
                StatTotal(club_id=c, scope=s, key=k, game=g, metric=m, tournament=t, value=v)
                for (s, k, c, g, m, t), v in totals.items()
            ),
            batch_size=2000,
        )
        StatJob.objects.filter(pk=job_id).update(
            status=StatJob.Status.DONE, hands=hands, finished_at=timezone.now()
        )
    # NOT EXISTS (an anti-join): NOT IN over 200,000 counted matches took minutes
    counted = CountedMatch.objects.filter(match_id=OuterRef("pk"))
    missed = Match.objects.filter(status=FINISHED).filter(~Exists(counted))
    return list(missed.values_list("id", flat=True))


def add_totals(totals: Totals) -> None:
    """Add to the stored totals (insert or increment), in one statement per batch."""
    table = StatTotal._meta.db_table
    rows = [(c, s, k, g, m, t, v) for (s, k, c, g, m, t), v in totals.items() if v]
    sql = (
        f"INSERT INTO {table} (club_id, scope, key, game, metric, tournament, value) VALUES "
        "{values} ON CONFLICT (scope, key, game, metric, tournament) "
        f"DO UPDATE SET value = {table}.value + excluded.value"
    )
    with connection.cursor() as cursor:
        for start in range(0, len(rows), 500):
            batch = rows[start : start + 500]
            values = ", ".join(["(%s, %s, %s, %s, %s, %s, %s)"] * len(batch))
            cursor.execute(sql.format(values=values), [x for row in batch for x in row])


def count_match(match_id: int) -> str:
    """Add one finished match's facts to the totals, once: ``counted``, ``already``
    (the same version is in), ``changed`` (a corrected match: a rebuild is due) or
    ``unfinished``."""
    with transaction.atomic():
        lock_totals()
        match = Match.objects.filter(pk=match_id).values("status", "version").first()
        counted = CountedMatch.objects.filter(match_id=match_id).first()
        finished = match is not None and match["status"] == FINISHED
        if counted is not None:
            return "already" if finished and counted.version == match["version"] else "changed"
        if not finished:
            return "unfinished"
        totals, _, matches = range_totals(match_id, match_id)
        add_totals(totals)
        CountedMatch.objects.create(match_id=match_id, version=matches[0][1])
    return "counted"


def job_progress(job: StatJob | None, user: AnyUser | None = None) -> dict[str, object]:
    """The progress bar's numbers. The hands replayed are the whole site's, private clubs
    and tournaments included: shown to staff and superusers only (``None`` to others)."""
    staff = user is not None and (user.is_staff or user.is_superuser)
    if job is None:
        return {"job": None, "status": None, "chunks": 0, "chunks_done": 0, "hands": 0}
    return {
        "job": job.pk,
        "status": job.status,
        "chunks": job.chunks,
        "chunks_done": job.chunks_done,
        "hands": job.hands if staff else None,
    }
