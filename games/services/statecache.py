"""The replayed state of each match in play, kept in the shared cache between its writes.

Replaying a match reads every stored event and applies it, so an event's cost used to
grow with the match. Now the engine's state that a write leaves is pickled into Django's
cache (Redis in production and CI, each process's own memory in the embedded default)
under the match's key (naming the engine's code too), tagged with the match's version
and the time of that write; the next write takes it back only if the match row, read
under its lock, still says that version and that time, and applies its one event to it.
Anything else — no entry, another tag, a cache that does not answer, an entry that does
not unpickle — is a miss, and the state is replayed from the events as before: the
cache is never trusted beyond the version, and the event log stays the one source of
truth.

- Kept on commit only: a write that rolls back leaves no state under a version the
  database never had.
- One entry per match, each write's replacing the last (one cache round trip to keep
  it, none to drop the old one); two commits whose entries land out of order leave the
  older tag, which the next write finds stale: a miss, not a wrong state.
- The key's revision is a digest of the engine's source and of ``fold.py`` (and of
  Python's version): a deploy never reads a pickle of other classes.
- The time of the write in the tag: a version number that comes round again (a database
  restored from a backup, a test database emptied) finds nothing.
- Each process also keeps the entries its own writes kept (:data:`LOCAL`, the latest
  few hundred matches): when the same process takes the match's next event, the tag
  says whether its copy is still the match's state, and the shared cache is not asked.
  Another process's write changed the version: the tag differs, the shared cache is read.
- Whatever a game's state holds is pickled as it is (the standard pickle, no per-game
  hook), so a state is cached alike for every game (tests/api/test_state_cache.py) —
  but for the finished hands before the last complete one, which :mod:`.fold` leaves
  out (their count and what they add to each unit's row stay): an entry costs the same
  to read and write at hand 2 and at hand 30.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import pickle
import sys
from collections import OrderedDict
from pathlib import Path
from typing import Any

from django.core.cache import cache
from django.db import transaction

from ..models import Match
from . import fold

logger = logging.getLogger("games.services")

#: how long the state of a match nobody writes stays (a table's next event comes within
#: minutes; a match left overnight is replayed once when it resumes)
TIMEOUT = 6 * 3600
ENGINE = Path(__file__).resolve().parents[1] / "engine"
FOLDING = Path(fold.__file__).resolve()


@functools.cache
def revision() -> str:
    """A digest of the engine's source files, of the folding's (its classes are in the
    pickle too) and of the Python that pickles: another engine (a deploy) or another
    interpreter never reads this one's pickles."""
    digest = hashlib.sha256(f"{sys.version_info[:2]}|{pickle.HIGHEST_PROTOCOL}".encode())
    for path in [*sorted(ENGINE.rglob("*.py")), FOLDING]:
        digest.update(str(path.relative_to(ENGINE.parent)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def key(match: Match) -> str:
    """The cache key of ``match``'s state (whatever its version: :func:`tag` says that)."""
    return f"match-state:{revision()}:{match.pk}"


def tag(match: Match) -> bytes:
    """What an entry must start with to be the state of ``match`` as its row stands: its
    version and the time of its last write."""
    written = match.updated_at.isoformat() if match.updated_at else "-"
    return f"{match.version}|{written}\n".encode()


def entry(match: Match, state: Any) -> bytes:
    """What is kept for ``state`` as the state of ``match`` at its version: the tag, then
    the pickle of the state folded (:func:`fold.fold`)."""
    return tag(match) + pickle.dumps(fold.fold(state), protocol=pickle.HIGHEST_PROTOCOL)


#: this process's own entries, by key, the latest kept last (a first level before the
#: shared cache: no round trip when this process wrote the match's current version)
LOCAL: OrderedDict[str, bytes] = OrderedDict()
#: how many matches' entries :data:`LOCAL` holds (a few kilobytes each)
LOCAL_SIZE = 256


def load(match: Match) -> Any | None:
    """The state the write that left ``match`` at its version kept, a fresh copy the
    caller may change; None on a miss (the caller replays the events)."""
    try:
        where, expected = key(match), tag(match)
        blob = LOCAL.get(where)
        if blob is None or not blob.startswith(expected):
            blob = cache.get(where)
        if blob is None or not blob.startswith(expected):
            return None
        return fold.unfold(pickle.loads(memoryview(blob)[len(expected) :]))
    except Exception:  # a cache outage or an unreadable entry: a miss, never a failed write
        logger.warning("match state cache: no state for match %s", match.pk, exc_info=True)
        return None


def keep(match: Match, state: Any) -> None:
    """Keep ``state`` as the state of ``match`` at its (new) version once the write
    commits. The state is pickled now: what the caller does with it after this
    (answering the request) does not reach the cache. Its older finished hands are
    folded (:mod:`.fold`): the entry's size does not grow with the match."""
    blob = entry(match, state)
    where = key(match)

    def store() -> None:
        LOCAL[where] = blob
        LOCAL.move_to_end(where)
        if len(LOCAL) > LOCAL_SIZE:
            LOCAL.popitem(last=False)
        try:
            cache.set(where, blob, TIMEOUT)
        except Exception:  # the write is committed: the next one replays
            logger.warning("match state cache: could not keep match %s", match.pk, exc_info=True)

    transaction.on_commit(store)
