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
- And, for an event posted through the API, the state object itself (:data:`OBJECTS`):
  no unpickling when this process takes the match's next event. The request that kept
  it hands it over once its answer is sent (``request_finished``: nothing of that
  request reads it after), tagged as its entry; the next write takes it out (it is that
  write's to change, and a write that fails or rolls back never puts it back), and only
  when the locked row's tag is the object's, as for an entry. So no two requests hold
  one object, and an object is never used for a version its write did not leave.
- Django's Redis cache builds a client for every call and pickles what it stores: the
  entry (already bytes) goes through one client this process keeps, as it is.
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
import threading
import weakref
from collections import OrderedDict
from pathlib import Path
from typing import Any

from django.core.cache import cache, caches
from django.core.cache.backends.redis import RedisCache
from django.core.signals import request_finished, request_started
from django.db import transaction

from ..models import Match
from . import fold

logger = logging.getLogger("games.services")

#: how long the state of a match nobody writes stays (a table's next event comes within
#: minutes; a match left overnight is replayed once when it resumes)
TIMEOUT = 6 * 3600
ENGINE = Path(__file__).resolve().parents[1] / "engine"
#: how an entry is stored: 2 since the entry went to Redis as it is (before, Django's
#: cache pickled the bytes): a deploy's old and new processes read none of each other's
FORMAT = 2
FOLDING = Path(fold.__file__).resolve()


@functools.cache
def revision() -> str:
    """A digest of the engine's source files, of the folding's (its classes are in the
    pickle too), of the Python that pickles and of the entry's :data:`FORMAT`: another
    engine (a deploy) or another interpreter never reads this one's pickles."""
    digest = hashlib.sha256(f"{sys.version_info[:2]}|{pickle.HIGHEST_PROTOCOL}|{FORMAT}".encode())
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
    return _entry(match, fold.fold(state))


def _entry(match: Match, light: Any) -> bytes:
    return tag(match) + pickle.dumps(light, protocol=pickle.HIGHEST_PROTOCOL)


#: this process's own entries, by key, the latest kept last (a first level before the
#: shared cache: no round trip when this process wrote the match's current version)
LOCAL: OrderedDict[str, bytes] = OrderedDict()
#: how many matches' entries :data:`LOCAL` (and :data:`OBJECTS`) holds (a few kilobytes each)
LOCAL_SIZE = 256
#: the state objects this process's requests handed over, by key: (version, tag, state)
OBJECTS: OrderedDict[str, tuple[int, bytes, Any]] = OrderedDict()
_objects_lock = threading.Lock()
#: per thread, the objects the request in progress offers (None: no request in progress)
_offered = threading.local()


def forget_local() -> None:
    """Drop what this process keeps of every match (as if another process had written)."""
    LOCAL.clear()
    with _objects_lock:
        OBJECTS.clear()


def _take_object(where: str, expected: bytes) -> Any | None:
    """The object kept under ``where`` if its tag is ``expected``, taken out (the caller
    owns it); None else (a stale one is dropped)."""
    with _objects_lock:
        kept = OBJECTS.pop(where, None)
    return kept[2] if kept is not None and kept[1] == expected else None


def _adopt(where: str, version: int, expected: bytes, state: Any) -> None:
    """Keep ``state`` as the object of ``where`` at ``expected`` — unless a later version's
    is there already (two requests of this process finishing out of order)."""
    with _objects_lock:
        present = OBJECTS.get(where)
        if present is not None and present[0] > version:
            return
        OBJECTS[where] = (version, expected, state)
        OBJECTS.move_to_end(where)
        if len(OBJECTS) > LOCAL_SIZE:
            OBJECTS.popitem(last=False)


def _request_started(**_: Any) -> None:
    _offered.items = []


def _request_finished(**_: Any) -> None:
    """The answer is sent: the objects the request's commits offered are handed over."""
    items, _offered.items = getattr(_offered, "items", None), None
    for item in items or ():
        _adopt(*item)


request_started.connect(_request_started, dispatch_uid="statecache-started")
request_finished.connect(_request_finished, dispatch_uid="statecache-finished")

#: the Redis client kept for each of Django's Redis caches (one per thread's cache object)
_CLIENTS: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()


def _redis() -> Any | None:
    """A client of the shared cache's primary when it is Django's Redis cache, kept by
    this process (Django builds one for every call: about 60 µs of CPU each); None for
    another backend (its own API is used)."""
    backend = caches["default"]  # this thread's (``cache`` is a proxy to it)
    if not isinstance(backend, RedisCache):
        return None
    client = _CLIENTS.get(backend)
    if client is None:
        client = _CLIENTS[backend] = backend._cache.get_client(None, write=True)
    return client


def shared_get(where: str) -> bytes | None:
    """The entry under ``where`` in the shared cache, or None."""
    client = _redis()
    if client is None:
        return cache.get(where)
    return client.get(cache.make_and_validate_key(where))


def shared_set(where: str, blob: bytes) -> None:
    """Put the entry ``blob`` under ``where`` in the shared cache (as it is on Redis)."""
    client = _redis()
    if client is None:
        cache.set(where, blob, TIMEOUT)
    else:
        client.set(cache.make_and_validate_key(where), blob, ex=TIMEOUT)


def load(match: Match) -> Any | None:
    """The state the write that left ``match`` at its version kept, a fresh copy (or the
    object itself, taken out of :data:`OBJECTS`) the caller may change; None on a miss
    (the caller replays the events)."""
    try:
        where, expected = key(match), tag(match)
        state = _take_object(where, expected)
        if state is not None:
            return state
        blob = LOCAL.get(where)
        if blob is None or not blob.startswith(expected):
            blob = shared_get(where)
        if blob is None or not blob.startswith(expected):
            return None
        return fold.unfold(pickle.loads(memoryview(blob)[len(expected) :]))
    except Exception:  # a cache outage or an unreadable entry: a miss, never a failed write
        logger.warning("match state cache: no state for match %s", match.pk, exc_info=True)
        return None


def keep(match: Match, state: Any, *, offer: bool = False) -> None:
    """Keep ``state`` as the state of ``match`` at its (new) version once the write
    commits. The state is pickled now: what the caller does with it after this
    (answering the request) does not reach the cache. Its older finished hands are
    folded (:mod:`.fold`): the entry's size does not grow with the match.

    ``offer``: the request in progress reads ``state`` only to answer, and changes it no
    more: once its answer is sent the object is this process's for the match's next
    write (:data:`OBJECTS`)."""
    light = fold.fold(state)
    blob = _entry(match, light)
    where, version = key(match), match.version
    expected = blob[: blob.index(b"\n") + 1]
    # the object handed over is the folded one, unfolded as a pickle's would be: not the
    # request's whole state, which would hold every hand from then on (what later
    # events fold and sum would grow with the match). Its lists are its own (the
    # answer still reads ``state``), the hands in it shared with ``state`` until the
    # request is over.
    kept = fold.unfold(light) if offer else None

    def store() -> None:
        LOCAL[where] = blob
        LOCAL.move_to_end(where)
        if len(LOCAL) > LOCAL_SIZE:
            LOCAL.popitem(last=False)
        offered = getattr(_offered, "items", None)
        if offer and offered is not None:
            offered.append((where, version, expected, kept))
        try:
            shared_set(where, blob)
        except Exception:  # the write is committed: the next one replays
            logger.warning("match state cache: could not keep match %s", match.pk, exc_info=True)

    transaction.on_commit(store)
