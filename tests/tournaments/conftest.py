"""Fixtures of the standings tests."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

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


@pytest.fixture
def same_queries(django_assert_num_queries) -> Callable[[], AbstractContextManager[None]]:
    """A block's context: the first block's queries are counted, and every later block
    must cost as many (a recompute at two sizes)."""
    counted: list[int] = []

    @contextmanager
    def block() -> Iterator[None]:
        if not counted:
            with CaptureQueriesContext(connection) as queries:
                yield
            counted.append(len(queries))
        else:
            with django_assert_num_queries(counted[0]):
                yield

    return block
