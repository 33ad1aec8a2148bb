"""The Big A bots, the ``bots`` plugin of Big A (:mod:`chupai.bots.plugin`): a
greedy player and a heuristic player (hand decomposition, control, team play).

Both bots play every phase of a Big A deal (the declarations during the draw,
showing the second Big Ace, revealing the partner, play with the fours capture)
from the seat's :class:`~chupai.biga.game.Observation` and the legal actions,
nothing else.

**Greedy** (:class:`~chupai.bots.games.biga.greedy.BigAGreedyBot`). Declares (shows one
Ace) only when the cards
drawn so far hold two or more jokers, and never shows two, the second Big Ace or
itself as partner. Leading: the plays that keep the hand's structure (no pair,
egg or bomb split, no bomb), among them those holding the weakest card, the one
that sheds the most cards. Following: the weakest play of the top play's kind
that beats it (structure kept if possible); a bomb only when it is cheap (an egg
below the Aces) or when a player holds three cards or fewer; a fours capture
whenever it may.

**Heuristic** (:class:`~chupai.bots.games.biga.heuristic.BigAHeuristicBot`).

* *Decomposition* (:func:`~chupai.bots.games.biga.plan.decompose`): a hand is split
  into the plays it will be
  shed as, exactly, by dynamic programming over the positions of the sequence
  chain (the state: the sequences and pair sequences still open), the cards of
  each rank left over falling into one set (single, pair, egg, big egg, true
  seven), the jokers into a joker bomb and two Big Aces into theirs. A plan
  scores ``sum(value) - TURN * plays``: low singles and pairs are liabilities;
  Aces, 2s, 3s, jokers and Big Aces are controls (and cost something inside a
  sequence); bombs are worth the most. Four or more of a rank, the jokers and
  the Big Aces never feed a sequence.
* *Leading*: a won hand (see below) cashes its safe plays; otherwise the plan's
  weakest play, longer plays first; no single into an opponent holding one
  card, no pair into one holding two.
* *Following*: every beating play is scored by how much the plan gains from
  it, less the control cards and the bomb class it spends while nobody is close
  to going out (more on a long hand); the best is played if it clears a
  threshold. Against an opponent about to go out it plays its strongest and
  bombs.
* *Control*: a play is safe when the cards the seat cannot see hold nothing that
  beats it within the largest opponent's hand; a hand whose plan has at most one
  unsafe play (plus one per safe bomb) is won.
* *Team play* (:func:`~chupai.bots.games.biga.plan.team_of`): the seat's team as it
  knows it (the declarer
  knows its partner only once public; the partner knows both teams; a defender
  knows the declarer and, once public, the partner, the other seats being
  possibly its team-mates). It never overtakes a team-mate's play unless that
  sends it out, lets a top play stand when the lead would pass to itself or a
  team-mate after its player went out (§7), feeds a team-mate about to go out
  with a low single or pair, beats a seat that may be a team-mate only when that
  is clearly good and never bombs it.
* *Captures*: a capture of a rival's egg when the plan gains from it (the weak
  fours leave, a bomb comes in), which is nearly always.
* *Declaring by hand strength* (:func:`~chupai.bots.games.biga.control.strength`, per
  card, so that a partial
  hand compares with a full one): after enough cards, the bot shows an Ace when
  the cards drawn so far are strong, never one of two Aces of a suit it holds
  (that would play alone without the doubling); it shows two only with an
  overwhelming hand; a declarer alone shows its second Big Ace, and a partner
  reveals itself, only with a strong hand (showing raises the stakes).

The thresholds and weights were tuned by duplicate tournaments against earlier
versions of the bot and against the greedy bot.

The heuristic is also the rollout policy of the search bot, so its decisions are
cheap (plans are cached per hand). The search bot samples deals with
:mod:`chupai.biga.sampling`, compares 5 candidates (the fours captures right after
the pass) and scores a deal by the seat's score (its team wins when it is
positive): in Big A (five players, noisy rollouts) fewer candidates get more
determinizations each, and the deal score is the better objective (measured on
paired deals, then confirmed by the 1,000-deal tournament in the README).

The ``expert`` level (:data:`EXPERT`) is that search on a budget of 100 rollouts a
decision (about 300 ms of one core); after the first, a determinization costs
about a millisecond (:class:`~chupai.biga.sampling.DealSampler` puts new hands
into its first deal instead of replaying the draw), so the rollouts take nearly
all of it.

>>> from chupai.biga.rules import STANDARD
>>> from chupai.biga.game import new_deal
>>> bots = [BigAHeuristicBot(seat) for seat in range(5)]
>>> from chupai.tournament import play_out
>>> deal = play_out(new_deal(STANDARD, seed=3), bots)
>>> deal.outcome.redeal or len(deal.outcome.finishing_order) == 5
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from chupai.biga.game import Capture
from chupai.biga.playout import playout_each
from chupai.biga.resampling import resample_record
from chupai.biga.sampling import DealSampler
from chupai.bots.games.biga.greedy import BigAGreedyBot
from chupai.bots.games.biga.heuristic import BigAHeuristicBot
from chupai.bots.plugin import SearchGame

__all__ = ["ANALYSIS", "EXPERT", "LEVELS", "SEARCH", "BigAGreedyBot", "BigAHeuristicBot"]

LEVELS: Final[Mapping[str, Any]] = {"greedy": BigAGreedyBot, "heuristic": BigAHeuristicBot}

EXPERT: Final[Mapping[str, Any]] = {"playouts": 100, "limit_ms": 1000}
"""The ``expert`` level (:mod:`chupai.bots.expert`): the search bot with heuristic
rollouts on a fixed budget of 100 rollouts per decision (20 determinizations of 5
candidates; deterministic given the seed), capped at 1 s on a slow machine. Big A's
expert trades the 100 ms target for strength: at 20 rollouts (within 100 ms) the
search was no stronger than the heuristic (docs/biga.md, "Bots"); at 100 it beats
it, at about 300 ms of one core a decision. The rollouts inside the compiled core
(``rollout=core``) are far cheaper, but its greedy policy misjudges Big A (team
play, captures): with 500 of them the search loses to the heuristic by 0.8 points
per deal."""


def _win_and_score(deal: Any, seat: int) -> tuple[float, float]:
    # the seat's team wins when its score is positive (every member of a team
    # scores with the same sign)
    oc = deal.outcome
    return (1.0 if oc.scores[seat] > 0 else 0.0), float(oc.scores[seat])


def _scale(obs: Any) -> float:
    return 6.0  # the declarer's score for finishing 1st and 2nd with a hidden partner


SEARCH: Final = SearchGame(
    DealSampler,
    _win_and_score,
    _scale,
    candidates=5,
    objective="score",
    pass_like=(Capture,),
    playouts=playout_each,
    resample=resample_record,
)

ANALYSIS: Final[Mapping[str, int]] = {"quick": 8, "default": 24, "deep": 120}
"""The evaluator's budgets (:mod:`chupai.analysis`), rollouts per decision: a Big A
rollout by the heuristic bot from the draw costs some 75 ms of one core, and a
seat decides a hundred times in a deal (most at the draw's checkpoints, between
showing an Ace and declining), so the budgets are small (figures in
``docs/analysis.md``)."""
