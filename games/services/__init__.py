"""The one place that writes matches, hands and events (``games.services``: import from
here; the modules of this package are its parts).

Every write locks the match (``SELECT … FOR UPDATE`` on PostgreSQL; SQLite takes its
write lock when the transaction begins), checks what it is given against the engine,
and stores the events and the summaries derived from them in one transaction. A refused
write stores nothing.

- :func:`create_match` — a match, its seats and its first (empty) hand.
- :func:`record_event` / :func:`record_posted` — one event with the sequence number the
  client expects (of a hand, or of a match's hand by number); :func:`record_read` the
  API's, the access checks and the body read under the match's lock.
- :func:`undo` — remove the last event, or roll a hand back to a sequence number, with
  an audit row.
- :func:`import_record` / :func:`export_record` — ``card-record`` in and out, through the
  same checks as live entry (the rows of an import are written in bulk).
- :func:`move_seats` — a player entered twice: the seats go to the one kept.
- :func:`rebuild` — drop and rebuild every derived row of a match from its events.

Every game goes through the same code: the match's game (``find_game(match.game)``)
parses its rules and events, replays its log, and says what its hands' headers, views
and per-unit results are. The result of each scoring unit is a ``MatchUnit`` row. The
state a write leaves is kept in the shared cache for the match's next write
(:mod:`.statecache`): an event costs the engine's work on that one event.

Parts: ``errors`` (refusals, outcome), ``reading`` (rules, replay, the cached state),
``entry`` (one event checked), ``events`` (record, undo, rebuild), ``matches`` (create,
discard, merge), ``records`` (import, export), ``derive`` (the derived rows),
``statecache`` and ``fold`` (what the cache keeps of a state: the hands from the last
complete one on, and the tally of those before).
"""

from .derive import ANALYSIS_RETRY, live_summary
from .errors import UNDO_REFUSAL, Conflict, Outcome, Refused, Reopens, Stale, User
from .events import Posted, rebuild, record_event, record_posted, record_read, undo
from .fold import outcomes as hand_outcomes
from .matches import create_match, discard_unplayed, lock_players, move_seats
from .reading import game_of, new_state, parse_rules, replay, state_of, stored_events
from .records import export_record, import_record, record_hands

__all__ = [
    "ANALYSIS_RETRY",
    "UNDO_REFUSAL",
    "Conflict",
    "Outcome",
    "Posted",
    "Refused",
    "Reopens",
    "Stale",
    "User",
    "create_match",
    "discard_unplayed",
    "export_record",
    "game_of",
    "hand_outcomes",
    "import_record",
    "live_summary",
    "lock_players",
    "move_seats",
    "new_state",
    "parse_rules",
    "rebuild",
    "record_event",
    "record_hands",
    "record_posted",
    "record_read",
    "replay",
    "state_of",
    "stored_events",
    "undo",
]
