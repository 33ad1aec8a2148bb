"""The Big Two bots: the ``bots`` plugin of Big Two (:mod:`chupai.bots.plugin`).

``greedy`` is :class:`~chupai.bots.games.bigtwo.greedy.GreedyBot`, ``heuristic``
:class:`~chupai.bots.games.bigtwo.heuristic.BigTwoHeuristicBot`; the search bot
samples deals with :mod:`chupai.bigtwo.sampling`, wins by going out first, and
considers a play that leaves one card only with its "last card" call. The
scripted baselines ``shed``, ``control``, ``passer`` and ``breaker``
(:mod:`chupai.bots.games.bigtwo.baselines`) are levels too, for benchmarks.

>>> sorted(LEVELS)
['breaker', 'control', 'greedy', 'heuristic', 'passer', 'shed']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from chupai.bigtwo.game import LastCard
from chupai.bigtwo.playout import playout_each
from chupai.bigtwo.resampling import resample_record
from chupai.bigtwo.sampling import DealSampler
from chupai.bots.games.bigtwo.baselines import BASELINES
from chupai.bots.games.bigtwo.greedy import GreedyBot
from chupai.bots.games.bigtwo.heuristic import BigTwoHeuristicBot
from chupai.bots.plugin import SearchGame

__all__ = ["ANALYSIS", "EXPERT", "LEVELS", "SEARCH", "BigTwoHeuristicBot", "GreedyBot"]

LEVELS: Final[Mapping[str, Any]] = {
    "greedy": GreedyBot,
    "heuristic": BigTwoHeuristicBot,
    **BASELINES,
}


def _win_and_score(deal: Any, seat: int) -> tuple[float, float]:
    oc = deal.outcome
    return (1.0 if oc.winner == seat else 0.0), float(oc.scores[seat])


def _scale(obs: Any) -> float:
    others = max(1, int(obs.players) - 1)
    return 2.0 * int(obs.rules.cards_per_hand) * others


SEARCH: Final = SearchGame(
    DealSampler,
    _win_and_score,
    _scale,
    calls=(LastCard,),
    playouts=playout_each,
    resample=resample_record,
)

EXPERT: Final[Mapping[str, Any]] = {
    "playouts": 1000,
    "rollout": "core",
    "objective": "score",
    "infer": 0.5,
    "limit_ms": 300,
}
"""The ``expert`` level (:mod:`chupai.bots.expert`): the search bot with 1,000
rollouts per decision played by the compiled core's greedy policy (a fixed
budget: the play is reproducible for a seed), valued by the deal score alone
(points per game: the ×2/×3 penalties of a hand caught with many cards count in
full), the draws weighed by the other seats' passes, and a 300 ms safety cap
(reached at five seats and more, where the core's playouts run in pure Python, or
on a loaded machine). How it was chosen: ``docs/bigtwo.md``, "Bots"."""

ANALYSIS: Final[Mapping[str, int]] = {"quick": 2000, "default": 12000, "deep": 48000}
"""The evaluator's budgets (:mod:`chupai.analysis`), rollouts per decision: the
compiled core's rollouts are cheap, so the default analyses a seat of a
four-player deal in about 3 s of one core (the target is 10 s; figures in
``docs/analysis.md``)."""
