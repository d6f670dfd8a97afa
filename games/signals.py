"""Signals the games app sends after a commit, for other apps to follow up on."""

from django.dispatch import Signal

#: A match's result changed (it finished, or a finished match was corrected).
#: Sent after the transaction commits, with ``match_id``.
match_result_changed = Signal()

#: An event was written to a match (inside the writing transaction), with ``match_id`` and
#: ``result_changed`` (the write finished the match or changed a finished result): for
#: derived counters that must change atomically with the write. ``match``, when the
#: writer holds the row: read ``clubs.access.with_container``, it says its container.
match_written = Signal()
