"""Cuatrola's V2 knowledge: the shared machinery of :mod:`games.engine.knowledge`."""

from ..knowledge import CanteRecord, Evidence, Knowledge, PlayRecord

__all__ = ["CanteRecord", "Evidence", "Knowledge", "PlayRecord"]
