"""A tournament's rounds as an iCalendar feed (RFC 5545), for a phone's or a club's
calendar to subscribe to.

A round with a ``date`` and a starting ``time`` is a timed event (the time in the site's
``TIME_ZONE``, written in UTC); with a date only, a whole-day event; a round with no date
is left out, not guessed.

Every text written is one line first (names are stored so, but a feed must not trust
that): ``X-WR-CALNAME`` is not a TEXT property, so the library would not escape a line
break or a bare CR in it; the description's lines are joined by the escaped ``\n``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import UTC, date, datetime, timedelta

from django.utils import timezone
from django.utils.translation import gettext as _
from icalendar import Calendar, Event

from clubs.text import single_line

from .models import Round, Tournament

PRODID = "-//Cuatrola club//tournament rounds//ES"


def round_start(round_: Round) -> date | datetime | None:
    """When the round starts: an aware date and time, a whole day, or None (undated)."""
    if round_.date is None:
        return None
    if round_.time is None:
        return round_.date
    return timezone.make_aware(datetime.combine(round_.date, round_.time))


def tournament_calendar(
    t: Tournament,
    rounds: Iterable[Round],
    pairings: dict[int, list[str]],
    url_of: Callable[[Round], str],
    host: str,
) -> bytes:
    """The feed: one event per dated round, its tables (``pairings`` by round pk) in the
    description and its page as the event's URL. UIDs are stable (the round's pk and the
    site's host), so a calendar that refreshes updates its events instead of doubling them."""
    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    name = single_line(t.name)
    cal.add("x-wr-calname", name)
    stamp = timezone.now()
    for round_ in rounds:
        start = round_start(round_)
        if start is None:
            continue
        event = Event()
        event.add("uid", f"tournament-{t.pk}-round-{round_.pk}@{host}")
        event.add("dtstamp", stamp)
        event.add("summary", f"{name} — {_('Round')} {round_.number}")
        if isinstance(start, datetime):
            event.add("dtstart", start.astimezone(UTC))
        else:
            event.add("dtstart", start)
            event.add("dtend", start + timedelta(days=1))
        event.add("location", single_line(t.club.name))
        url = url_of(round_)
        event.add("url", url)
        tables = pairings.get(round_.pk, [])
        event.add("description", "\n".join([*map(single_line, tables), url]))
        cal.add_component(event)
    return cal.to_ical()
