"""Hand analysis with every card seen (ANALYSIS.md): a perfect-information solver per game.

- :mod:`.space`: the hand's fixed facts (:class:`Spec`) and the bitmask legal plays
  (C7/S4, B6);
- :mod:`.position`: a position as a value, its moves, and plain :func:`minimax`;
- :mod:`.solver`: alpha-beta with a transposition table, move ordering and equivalent
  cards merged (:class:`Solver`);
- :mod:`.positions`: specs and starting positions from the engine's replayed hands;
- :mod:`.report`: ``par``, ``actual`` and every card's value, best and cost.

Pure Python, no Django (docs/analysis.md). ``make analysis-fast`` compiles the search's
hot modules with Cython (:mod:`.build_fast`), an optional extra with the same values:
:data:`ACCELERATED` says whether that form is the one running (:mod:`.accel`).
"""

from . import accel  # first: ANALYSIS_PURE=1 must act before the search is imported
from . import ordering as _ordering
from . import shortcuts as _shortcuts
from . import solver as _solver
from .position import Position, minimax
from .positions import Start, start_of
from .report import analyse_hand, analyse_record, analyse_start, best_line, replayed_hands
from .solver import Solver, Unsolved
from .space import NONE, Spec

#: what a stored analysis was computed by: raise it when what an analysis says changes
#: (ANALYSIS.md's definition, the report's fields), so that every row of an older one is
#: stale and the sweep recomputes it (docs/analysis.md "On the site")
VERSION = 1

#: the search runs compiled (``make analysis-fast``), not as pure Python
ACCELERATED: bool = all(accel.is_compiled(m) for m in (_ordering, _shortcuts, _solver))

__all__ = [
    "ACCELERATED",
    "NONE",
    "VERSION",
    "Position",
    "Solver",
    "Spec",
    "Start",
    "Unsolved",
    "analyse_hand",
    "analyse_record",
    "analyse_start",
    "best_line",
    "minimax",
    "replayed_hands",
    "start_of",
]
