"""Sections that apps above this one add to the player page (ratings, statistics…),
registered from their ``ready()``: the page shows them without importing them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest

from clubs.models import Club, Player


@dataclass(frozen=True)
class Section:
    """A template and its context, included on the player page."""

    template: str
    context: dict[str, Any]


#: given the request, the club and the player: a section, or None to show nothing
SectionMaker = Callable[[HttpRequest, Club, Player], Section | None]
_makers: list[SectionMaker] = []


def register_player_section(maker: SectionMaker) -> None:
    """Add a section to the player page (once per maker)."""
    if maker not in _makers:
        _makers.append(maker)


def player_sections(request: HttpRequest, club: Club, player: Player) -> list[Section]:
    """The sections the registered apps show for ``player``, in registration order."""
    return [s for maker in _makers if (s := maker(request, club, player)) is not None]
