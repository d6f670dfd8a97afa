"""Fixtures of the standings tests."""

from __future__ import annotations

import pytest

from tournaments import standings_rounds


@pytest.fixture
def ranked(monkeypatch) -> list[int]:
    """How many entries each round ranked had, one item per round ranked."""
    calls: list[int] = []
    order = standings_rounds.order

    def counting(entries, *args):
        calls.append(len(entries))
        return order(entries, *args)

    monkeypatch.setattr(standings_rounds, "order", counting)
    return calls
