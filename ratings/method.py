"""The rating method, pure: OpenSkill's Plackett–Luce model with its published defaults.

Every game has its own ladder per club (a Cuatrola rating says nothing of Belote). A
match is one rating event: its scoring units are the teams (a side of two in Cuatrola,
Belote and pairs Subastao; one player in three-player Subastao), ranked by the match
(the winner first, then the others by score; equal scores share a rank). Each player's
skill is a normal distribution ``mu`` ± ``sigma``; the number shown and sorted on is the
*ordinal*, ``mu − 3σ``: a conservative estimate that a newcomer (25 − 3 × 8.33 = 0) has
to earn by playing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()  # mu 25, sigma 25/3, beta 25/6, tau 25/300, kappa 0.0001
#: the ordinal's z: mu − Z·sigma
Z = 3.0


@dataclass(frozen=True, slots=True)
class Skill:
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma

    @property
    def ordinal(self) -> float:
        return self.mu - Z * self.sigma


#: the parameters, as the page explains them
PARAMETERS = {
    "model": "Plackett–Luce (OpenSkill)",
    "mu": MODEL.mu,
    "sigma": MODEL.sigma,
    "beta": MODEL.beta,
    "tau": MODEL.tau,
    "kappa": MODEL.kappa,
    "z": Z,
}


def rank_units(scores: Sequence[int], winner: int | None) -> list[int]:
    """Each unit's rank (0 best) from a finished match's scores and its winner unit: the
    winner first, then the others by score, equal scores sharing a rank."""
    order = sorted({s for u, s in enumerate(scores) if u != winner}, reverse=True)
    offset = 0 if winner is None else 1
    return [0 if u == winner else offset + order.index(s) for u, s in enumerate(scores)]


def rate(teams: Sequence[Sequence[Skill]], team_ranks: Sequence[int]) -> list[list[Skill]]:
    """Every player's skill after one match (``teams`` in unit order)."""
    model_teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma) for s in team] for team in teams]
    rated = MODEL.rate(model_teams, ranks=list(team_ranks))
    return [[Skill(r.mu, r.sigma) for r in team] for team in rated]
