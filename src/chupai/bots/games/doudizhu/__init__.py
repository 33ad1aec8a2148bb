"""The Dou Dizhu bots: the ``bots`` plugin of Dou Dizhu (:mod:`chupai.bots.plugin`).

``greedy`` is :class:`~chupai.bots.games.doudizhu.greedy.DouDizhuGreedyBot`,
``heuristic`` :class:`~chupai.bots.games.doudizhu.heuristic.DouDizhuHeuristicBot`;
``rlcard`` (RLCard's rule agent, :mod:`chupai.bots.games.doudizhu.rlcard`) needs
an optional package and is imported only when built. ``dmc`` is every game's
(:mod:`chupai.train.agent`); it hands a checkpoint of Dou Dizhu's first DMC
trainer to :mod:`chupai.bots.games.doudizhu.dmc`.
The search bot samples deals with :mod:`chupai.doudizhu.sampling` and wins with
the seat's side; ``expert`` is the search bot with :data:`EXPERT` (other
settings at four players: :mod:`chupai.bots.games.doudizhu.expert`).

>>> list(LEVELS)
['greedy', 'heuristic', 'rlcard', 'expert']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from chupai.bots.games.doudizhu.greedy import DouDizhuGreedyBot
from chupai.bots.games.doudizhu.heuristic import DouDizhuHeuristicBot
from chupai.bots.plugin import SearchGame
from chupai.doudizhu.playout import playout_each
from chupai.doudizhu.resampling import resample_record
from chupai.doudizhu.sampling import DealSampler

__all__ = [
    "ANALYSIS",
    "EXPERT",
    "EXTRAS",
    "LEVELS",
    "SEARCH",
    "DouDizhuGreedyBot",
    "DouDizhuHeuristicBot",
]

LEVELS: Final[Mapping[str, Any]] = {
    "greedy": DouDizhuGreedyBot,
    "heuristic": DouDizhuHeuristicBot,
    "rlcard": "chupai.bots.games.doudizhu.rlcard:RLCardRuleBot",
    "expert": "chupai.bots.games.doudizhu.expert:DouDizhuExpertBot",
}

EXTRAS: Final[Mapping[str, str]] = {"rlcard": "rlcard", "dmc": "rl"}
"""The extra each optional bot needs (RLCard; numpy and PyTorch)."""


def _win_and_score(deal: Any, seat: int) -> tuple[float, float]:
    oc = deal.outcome
    if oc.landlord_won is None:
        return 0.0, 0.0
    won = oc.landlord_won == (seat == oc.landlord)
    return (1.0 if won else 0.0), float(oc.scores[seat])


def _scale(obs: Any) -> float:
    others = max(1, int(obs.players) - 1)
    return 4.0 * max(1, int(obs.bid)) * others


SEARCH: Final = SearchGame(
    DealSampler, _win_and_score, _scale, playouts=playout_each, resample=resample_record
)

EXPERT: Final[Mapping[str, Any]] = {"playouts": 100, "limit_ms": 250.0, "infer": 0.9}
"""The ``expert`` level's search settings at three players (the four-player ones
are in :mod:`chupai.bots.games.doudizhu.expert`): heuristic rollouts on a fixed
budget (reproducible; a median under 100 ms per decision on one core) under a
250 ms safety cap, with the sampler's inference from the passes. (Rollouts in
the core, ``rollout=core``, did as well against RLCard's rule agent in half the
time but lost to the heuristic bot: see the README.)"""

ANALYSIS: Final[Mapping[str, int]] = {"quick": 60, "default": 240, "deep": 1200}
"""The evaluator's budgets (:mod:`chupai.analysis`), rollouts per decision (the
heuristic rollouts of the expert; figures in ``docs/analysis.md``)."""
