"""Signals the tournaments app sends after a commit, for the apps above it to follow."""

from django.dispatch import Signal

#: A tournament was opened to the public or closed to it (``is_public`` changed). Sent
#: after the transaction commits, with ``tournament_id``, ``club_id``, ``game`` and
#: ``is_public`` (the new value): the ratings rebuild the ladder it counts in.
visibility_changed = Signal()
