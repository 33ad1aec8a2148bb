"""The 大怪路子 bots: the ``bots`` plugin of 大怪路子 (:mod:`chupai.bots.plugin`).

(Documentation written below once measured.)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from chupai.bots.games.daguailuzi.greedy import DaguailuziGreedyBot
from chupai.bots.games.daguailuzi.heuristic import DaguailuziHeuristicBot
from chupai.bots.games.daguailuzi.search import DaguailuziSearchBot
from chupai.bots.plugin import SearchGame
from chupai.daguailuzi.sampling import DealSampler

__all__ = ["LEVELS", "SEARCH", "DaguailuziGreedyBot", "DaguailuziHeuristicBot"]

LEVELS: Final[Mapping[str, Any]] = {
    "greedy": DaguailuziGreedyBot,
    "heuristic": DaguailuziHeuristicBot,
    "search": DaguailuziSearchBot,
}


def _win_and_score(deal: Any, seat: int) -> tuple[float, float]:
    """1.0 when the seat's team won, and the number of trapped players, positive
    for the seat's team's win and negative for its loss (0 on a draw), whether or
    not the win scored (a win also makes the next offense leader and brings the
    tribute)."""
    oc = deal.outcome
    if oc.winner is None:
        return 0.0, 0.0
    k = float(len(oc.trapped))
    return (1.0, k) if oc.winner == seat % 2 else (0.0, -k)


def _scale(obs: Any) -> float:
    return 3.0  # the most players a team can trap


SEARCH: Final = SearchGame(DealSampler, _win_and_score, _scale, candidates=6)
