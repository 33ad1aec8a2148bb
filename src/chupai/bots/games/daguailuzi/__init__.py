"""The 大怪路子 bots: the ``bots`` plugin of 大怪路子 (:mod:`chupai.bots.plugin`).

Every bot plays every step of a deal (tribute, return, ``joker_candidates``
offers and takes, play) from the seat's
:class:`~chupai.daguailuzi.observation.Observation` and the legal actions, nothing
else. Team-mates are the seats of the same parity (§2).

**Greedy** (:class:`~chupai.bots.games.daguailuzi.greedy.DaguailuziGreedyBot`):
goes out when it can; leading, the weakest of the plays that shed the most cards,
without a wild joker if it can; following, the weakest beating play (again
without jokers if it can), never over a team-mate's play; it gives the lowest
tribute card allowed (the suits differ only), returns its lowest card and takes
the highest offered card.

**Heuristic** (:class:`~chupai.bots.games.daguailuzi.heuristic.DaguailuziHeuristicBot`).

* *Plan* (:func:`~chupai.bots.games.daguailuzi.plan.decompose`): the hand is split
  into the plays it will be shed as: straights taken while they improve the plan,
  the natural cards of each rank into singles, pairs, triples, fours and fives of
  a kind, each four with the weakest loose single as kicker (else two pairs), each
  triple with the weakest weak pair as a full house, five or more weak loose
  singles of a suit as a flush, and every joker kept alone as a control (jokers
  are never planned as wild cards). A plan scores ``sum(value) - TURN * plays``:
  low singles and pairs are liabilities, jokers, trumps and the five-card bombs
  (four + one, straight flush, five of a kind) are worth the most.
* *Leading*: a won hand (every planned play but one unbeatable by the unseen
  cards) cashes its unbeatable plays; a team-mate holding 5 cards or fewer is fed
  the weakest group of a size it may go out with (or a low single); otherwise the
  weakest group, larger groups first, never of the size an opponent holding 5
  cards or fewer could go out with (unless nothing else is left: then the
  strongest).
* *Following*: never over a team-mate's play (unless it empties the hand); a top
  play whose player went out is let stand when the lead would come to the team
  (§7.3). Beating plays (every planned group and the weakest plays of each kind,
  with and without jokers) are scored by how much the plan gains, less the control
  cards and the wild jokers they spend while nobody is close to going out (more on
  a long hand); the best is played if it clears a threshold. When an opponent
  holds 6 cards or fewer (it can go out in one or two plays) the bot beats
  whenever it can, preferring plays the unseen cards cannot beat (its jokers and
  trumps).
* *Tribute and return*: the tribute card whose loss hurts the plan least (all
  allowed cards have one rank); the returned card whose loss helps the plan most,
  less what its strength gives the opponent; the offer whose best card (the one
  the giver takes) is worth least to the plan; the offered card worth most.

**Search** (:class:`~chupai.bots.games.daguailuzi.search.DaguailuziSearchBot`):
the project's determinized Monte Carlo bot (:mod:`chupai.bots.search`) with the
deals of :mod:`chupai.daguailuzi.sampling`, heuristic rollouts, 4 candidates and
the value ``win + k / 3`` (``k`` the trapped players, negative for the seat's
team's loss, whether or not the win scored: a win also brings the next offense and
the tribute). It searches only the end of a deal, when the hands together hold
``endgame`` (default 40) cards or fewer; before, it plays as the heuristic bot
(the rollouts of a long deal are long and noisy). At its default budget
(``ms=1000``) about one decision in six is searched, at about 845 ms each.
The ``expert`` level (:data:`EXPERT`) searches the last 32 cards with 40 rollouts
per searched decision: some 60 ms each, and the heuristic's speed before.

>>> sorted(LEVELS)
['greedy', 'heuristic', 'search']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from chupai.bots.games.daguailuzi.greedy import DaguailuziGreedyBot
from chupai.bots.games.daguailuzi.heuristic import DaguailuziHeuristicBot
from chupai.bots.games.daguailuzi.search import DaguailuziSearchBot
from chupai.bots.plugin import SearchGame
from chupai.daguailuzi.resampling import resample_record
from chupai.daguailuzi.sampling import DealSampler

__all__ = [
    "ANALYSIS",
    "EXPERT",
    "LEVELS",
    "SEARCH",
    "DaguailuziGreedyBot",
    "DaguailuziHeuristicBot",
]

LEVELS: Final[Mapping[str, Any]] = {
    "greedy": DaguailuziGreedyBot,
    "heuristic": DaguailuziHeuristicBot,
    "search": DaguailuziSearchBot,
}


EXPERT: Final[Mapping[str, Any]] = {"endgame": 32, "playouts": 40, "limit_ms": 250}
"""The ``expert`` level (:mod:`chupai.bots.expert`): the search bot searching the
last 32 cards of a deal with a fixed budget of 40 heuristic rollouts per searched
decision (deterministic given the seed), capped at 250 ms on a slow machine."""


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


SEARCH: Final = SearchGame(
    DealSampler, _win_and_score, _scale, candidates=4, resample=resample_record
)

ANALYSIS: Final[Mapping[str, int]] = {"quick": 24, "default": 60, "deep": 240}
"""The evaluator's budgets (:mod:`chupai.analysis`), rollouts per decision: a
rollout of a whole deal of six 27-card hands by the heuristic bot is long, so
the budgets are small (figures in ``docs/analysis.md``)."""
