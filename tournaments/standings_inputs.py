"""What each stored snapshot was ranked from, as a chain of digests, so that a recompute
ranks only the rounds whose inputs changed.

A snapshot after round ``r`` follows from the entries (names, withdrawals), the scheme,
the code that ranks, and every result of the rounds up to ``r``. Its inputs' digest is
the previous snapshot's (the chain's base for the first) with round ``r``'s unit rows and
byes and forfeits added. The state a recompute keeps (``StandingsState``) records, for
each snapshot, that digest and the digest of the snapshot as stored; a later recompute
that reaches the same inputs' digest for a round need not rank it (its snapshot is what
it would write again) — a whole recompute after one changed result ranks one round.
``standings_store`` checks under the tournament's lock that such a snapshot is still the
one recorded, and ranks every round if not.
"""

from __future__ import annotations

import pickle
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from hashlib import md5
from pathlib import Path
from typing import Any

from .metrics import Result

#: the modules a snapshot's rows come from: another version of them, other digests
SOURCES = (
    "metrics",
    "ranking",
    "standings",
    "standings_inputs",
    "standings_query",
    "standings_rounds",
    "standings_state",
    "standings_sums",
)


@cache
def code_digest() -> str:
    """A digest of the sources of :data:`SOURCES`; without them (an install of compiled
    files only), one of this process alone: no record then matches, every round ranks."""
    digest = md5(usedforsecurity=False)
    try:
        for name in SOURCES:
            digest.update((Path(__file__).parent / f"{name}.py").read_bytes())
    except OSError:
        return secrets.token_hex(16)
    return digest.hexdigest()


def base_digest(*parts: Any) -> str:
    """The chain's base: the code's digest and ``parts`` (plain data: what every round's
    snapshot depends on besides the results)."""
    return md5(pickle.dumps((code_digest(), parts), 5), usedforsecurity=False).hexdigest()


def next_digest(previous: str, played: tuple[int, ...] | None, unplayed: Iterable[Result]) -> str:
    """The inputs' digest after a round: ``previous``, the digest of the round's unit rows
    (``round_digest_sql``; None: none) and its byes and forfeits."""
    digest = md5(previous.encode(), usedforsecurity=False)
    digest.update(pickle.dumps((played, [repr(r) for r in unplayed]), 5))
    return digest.hexdigest()


#: a round's digest on SQLite (``round_digest_sql``): each unit row's values hashed by
#: Horner's rule modulo a prime (two multipliers), squared, summed over the round's rows
DIGEST_MODULUS, DIGEST_MULTIPLIERS = 2147483647, (1000003, 998244353)


def round_digest_sql(columns: Sequence[str], vendor: str) -> list[str]:
    """The SQL of a round's digest: three integer aggregates over the round's rows of
    ``p``, whatever their order, that change when a row's values (``columns``, integers,
    none NULL) change; the last is the number of rows. It lets a whole recompute check
    the rounds a kept state covers without reading their rows
    (``first_change``).

    PostgreSQL: the sum of each row's ``hashtextextended`` of its values as text (its
    high 48 bits: a sum of 32,768 rows fits), a change unseen with a chance of about
    2⁻⁴⁸; the cheapest hash there (a quarter more than the join itself, against half
    for the arithmetic below). SQLite, which has no hash: integer arithmetic, every
    intermediate below 2⁶² (|hash| < the modulus); a row's hash is squared before the
    sum: the sum of linear hashes would not change when two rows swap values (as when
    the two entries of a match swap results), the sum of their squares does (by twice
    the product of the differences of the values' and of the entries' parts, neither 0
    modulo a prime); otherwise a change unseen with a chance of about 2⁻³¹ per hash."""
    if vendor == "postgresql":
        text = f"concat_ws(',', {', '.join(columns)})"
        return [f"CAST(SUM(hashtextextended({text}, 0) >> 16) AS BIGINT)", "0", "COUNT(*)"]
    values = [f"CAST({c} AS BIGINT)" for c in columns]  # no int4 overflow
    out = []
    for a in DIGEST_MULTIPLIERS:
        h = values[0]
        for v in values[1:]:
            h = f"(({h}) * {a} + {v}) %% {DIGEST_MODULUS}"  # (%%: the query has parameters)
        # (not numeric in the union: the sum of a round's few hundred rows fits)
        out.append(f"CAST(SUM((({h}) * ({h})) %% {DIGEST_MODULUS}) AS BIGINT)")
    return [*out, "COUNT(*)"]


@dataclass
class Inputs:
    """The chain's base, and by round the inputs' digest and the stored snapshot's;
    ``broken``: the first round of those a recompute left stale (``Standings.stale``):
    from it on nothing is recorded and the chain is unknown, until a recompute ranks
    every round from it again."""

    base: str
    rounds: dict[int, tuple[str, str]] = field(default_factory=dict)
    broken: int | None = None

    def before(self, number: int) -> str | None:
        """The digest the chain continues from at round ``number``: the last recorded
        round's before it (the base if none); None past the round ``broken``."""
        if self.broken is not None and number > self.broken:
            return None
        earlier = [r for r in self.rounds if r < number]
        return self.rounds[max(earlier)][0] if earlier else self.base

    def until(self, number: int) -> Inputs:
        """The record of the rounds before ``number`` (still broken if it was before)."""
        broken = self.broken if self.broken is not None and self.broken < number else None
        return Inputs(self.base, {r: v for r, v in self.rounds.items() if r < number}, broken)

    def as_json(self) -> dict[str, Any]:
        rounds = [[r, i, o] for r, (i, o) in self.rounds.items()]
        return {"base": self.base, "rounds": rounds, "broken": self.broken}

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None, base: str) -> Inputs:
        """The recorded inputs if they have the same ``base``; else none recorded."""
        if not data or data.get("base") != base:
            return cls(base)
        return cls(base, {r: (i, o) for r, i, o in data["rounds"]}, data.get("broken"))


def first_change(
    number: int,
    base: str,
    recorded: Mapping[int, tuple[str, str]],
    digests: Mapping[int, tuple[int, ...]],
    unplayed: Mapping[int, Sequence[Result]],
) -> int | None:
    """The first round before ``number`` that is not as ``recorded`` (round → its
    inputs' digest and its snapshot's): a round with results the record lacks or the
    other way round, or whose chain of digests from ``base`` over the rounds' digests
    (``digests``) and byes and forfeits differs; None if every one is as recorded."""
    numbers = sorted(n for n in set(digests) | set(unplayed) if n < number)
    listed = sorted(r for r in recorded if r < number)
    chain = base
    for n, r in zip(numbers, listed, strict=False):
        if n != r:
            return min(n, r)
        chain = next_digest(chain, digests.get(n), unplayed.get(n, ()))
        if recorded[n][0] != chain:
            return n
    if len(numbers) != len(listed):
        longer = numbers if len(numbers) > len(listed) else listed
        return longer[min(len(numbers), len(listed))]
    return None
