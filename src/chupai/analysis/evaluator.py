"""The evaluator: the value of each legal action of a decision, seen from the seat
that decides.

:meth:`Evaluator.evaluate` estimates, for the seat to act in a deal, each
candidate action's **win** probability (its side wins the deal: Big Two, going
out first; Dou Dizhu, its side; Big A and 大怪路子, its team), its expected
**score** (the seat's deal score; in a match, the match points the deal adds to
its total) and their ranking **value** ``win + score / scale`` (the search bot's
mixed objective: winning first, the margin breaking ties; ``scale`` is the game's
search scale). It is the search bot's sibling (:mod:`chupai.bots.search`) and
shares its machinery:

1. **Candidates.** Every legal action when there are at most ``candidates``
   (default 12); otherwise the played action, the heuristic bot's choice, then
   :func:`~chupai.bots.search.prune_candidates` (the pass and plays across kinds).
2. **Determinizations.** Full deals consistent with the seat's observation only
   (:mod:`chupai.analysis.determinize`: the game's sampler in play, with the
   expert's inference from the passes; the game's record resampling before play).
3. **Rollouts.** On each determinization every candidate is played, then the deal
   to its end by the expert's rollout policy (``expert_settings(game)
   ["rollout"]``: Big Two's compiled core, the heuristic bot elsewhere), by
   :meth:`SearchBot.outcomes <chupai.bots.search.SearchBot.outcomes>`, the
   search's own rollouts. All candidates share the determinizations (paired), so
   the loss of one against another has a paired interval.

The budget is ``rollouts`` per decision, split over the candidates: each is
played out on ``ceil(rollouts / candidates)`` determinizations (at least 2). With
more than three candidates the budget is spent in two halves: the first on every
candidate, the second on the **contenders** only (the best two after the first
half, and the played action), on further determinizations; the loss of the played
action against the best is measured where both were played out (their shared
determinizations, paired), so the decisions that matter for the label get most of
the rollouts.
A decision's randomness comes from ``random.Random(f"{seed}:{key}")``, so the
same seed and key give the same values whatever else was evaluated.

>>> from chupai.bigtwo.game import new_deal
>>> from chupai.bigtwo.rules import PRESETS
>>> deal = new_deal(PRESETS["standard"], seed=1)
>>> len(deal.legal_actions())
2
>>> result = Evaluator("bigtwo", rollouts=40).evaluate(deal, key="doc")
>>> result.source, result.best.samples, 0 <= result.best.win <= 1
('sampler', 20, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from chupai.analysis.determinize import Determinizer
from chupai.analysis.labels import is_tie, label, mean_ci, paired_loss, wilson
from chupai.bots.expert import expert_settings
from chupai.bots.plugin import SearchGame, search_game, value_scale
from chupai.bots.search import SearchBot, prune_candidates
from chupai.errors import ChupaiError
from chupai.protocol import get_game

__all__ = ["ActionValue", "Evaluation", "Evaluator", "CANDIDATES"]

CANDIDATES: Final = 12
"""The most actions evaluated at one decision (every legal one up to this)."""
CONTENDERS: Final = 2
"""With more candidates than this (plus the played action), the second half of the
budget goes to the contenders: the best ``CONTENDERS`` after the first half and
the played action."""


@dataclass(frozen=True, slots=True)
class ActionValue:
    """The estimated value of one action for the deciding seat."""

    action: Any
    text: str
    """The action's text (``deal.action_text``)."""
    win: float
    win_ci: tuple[float, float]
    """95% Wilson interval of ``win``."""
    score: float
    score_ci: tuple[float, float]
    """95% interval of ``score`` (normal)."""
    value: float
    """``win + score / scale``: the ranking value."""
    samples: int
    """Determinizations the action was played out on."""
    values: tuple[float, ...] = field(default=(), repr=False)
    """The ranking value on each determinization (shared by every action of the
    decision, for paired comparisons)."""

    def to_dict(self, with_action: bool = False) -> dict[str, Any]:
        """The JSON form (:mod:`chupai.analysis.record`), with ``"action"`` first
        when ``with_action``."""
        out: dict[str, Any] = {"action": self.text} if with_action else {}
        out.update(
            win=round(self.win, 4),
            win_ci=[round(x, 4) for x in self.win_ci],
            score=round(self.score, 3),
            score_ci=[round(x, 3) for x in self.score_ci],
            value=round(self.value, 4),
            samples=self.samples,
        )
        return out


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The evaluation of one decision."""

    seat: int
    choices: int
    """Number of legal actions."""
    actions: tuple[ActionValue, ...]
    """The evaluated actions, best first (empty with one legal action)."""
    played: ActionValue | None
    loss: float
    """``best.value - played.value`` (0 without a played action)."""
    loss_se: float
    """Standard error of the loss (paired differences)."""
    label: str
    """See :mod:`chupai.analysis.labels` (``best`` without a played action)."""
    source: str
    """Where the determinizations came from (:data:`chupai.analysis.determinize.SOURCES`)."""

    @property
    def best(self) -> ActionValue:
        """The best evaluated action (there is none when there was one legal
        action: ``label == "only"``)."""
        if not self.actions:
            raise ChupaiError("a decision with one legal action has no evaluated actions")
        return self.actions[0]


def _stats(
    cand: Any, text: str, outcomes: Sequence[tuple[float, float]], scale: float
) -> ActionValue:
    n = len(outcomes)
    wins = sum(w for w, _ in outcomes)
    score, lo, hi = mean_ci([s for _, s in outcomes])
    values = tuple(w + s / scale for w, s in outcomes)
    return ActionValue(
        cand, text, wins / n, wilson(wins, n), score, (lo, hi), sum(values) / n, n, values
    )


class Evaluator:
    """Evaluates decisions of ``game`` (see the module): ``rollouts`` per decision,
    seeded by ``seed``; ``candidates`` caps the actions compared; ``rollout``
    (default the expert's) and ``infer`` (default the expert's) are the search
    bot's; ``open_hand`` evaluates on the real deal (perfect information, labelled
    ``open hand``)."""

    def __init__(
        self,
        game: str,
        *,
        rollouts: int = 400,
        seed: int = 0,
        candidates: int = CANDIDATES,
        rollout: str | None = None,
        infer: float | None = None,
        open_hand: bool = False,
    ):
        spec = get_game(game)
        hooks = search_game(spec)
        if hooks is None:
            raise ChupaiError(f"{spec.key} cannot be analysed: its bots offer no deal sampler")
        if isinstance(rollouts, bool) or int(rollouts) < 1:
            raise ChupaiError(f"rollouts must be at least 1, not {rollouts!r}")
        if int(candidates) < 1:
            raise ChupaiError(f"candidates must be at least 1, not {candidates!r}")
        expert: Mapping[str, Any] = expert_settings(spec.key)
        self.game = spec.key
        self.spec = spec
        self.hooks: SearchGame = hooks
        self.rollouts = int(rollouts)
        self.seed = int(seed)
        self.candidates = int(candidates)
        self.rollout = str(rollout or expert.get("rollout", "heuristic"))
        self.infer = float(expert.get("infer", 0.0) if infer is None else infer)
        self.open_hand = bool(open_hand)
        SearchBot(0, spec.key, rollout=self.rollout, infer=self.infer)  # checks them

    def _candidates(
        self, legal: Sequence[Any], first: Sequence[Any], bot: SearchBot, obs: Any
    ) -> list[Any]:
        """Every legal action, or at most ``candidates``: ``first`` (the played
        action), the heuristic's choice, then the search bot's pruning."""
        if len(legal) <= self.candidates:
            return list(legal)
        hint = bot.helper.act(obs, legal)
        out = prune_candidates(legal, self.candidates, [*first, hint], self.game)
        for a in first:
            if a not in out:
                out = [a, *out[: self.candidates - 1]]
        out += [a for a in legal if a not in out][: self.candidates - len(out)]
        return out

    def evaluate(self, deal: Any, *, played: Any = None, key: str = "") -> Evaluation:
        """The evaluation of the decision of ``deal``'s seat to act (``played``: the
        action it played, always evaluated). Only that seat's observation of
        ``deal`` is used (and the deal's record before play, whose hidden cards are
        dealt anew), except with ``open_hand``. ``key`` names the decision for
        its seed."""
        seat = deal.current_player
        legal = deal.legal_actions()
        if played is not None and played not in legal:
            raise ChupaiError(f"the played action {deal.action_text(played)!r} is not legal")
        if len(legal) == 1:
            return Evaluation(seat, 1, (), None, 0.0, 0.0, "only", "none")
        rng = random.Random(f"{self.seed}:{key}")
        bot = SearchBot(rng.getrandbits(63), self.game, rollout=self.rollout, playouts=1)
        obs = deal.observe(seat)
        cands = self._candidates(legal, [] if played is None else [played], bot, obs)
        dets = Determinizer(
            self.spec,
            self.hooks,
            deal,
            rng=rng,
            helper=bot.helper,
            infer=self.infer,
            open_hand=self.open_hand,
        )
        scale = value_scale(self.spec, self.hooks, obs)
        results: list[list[tuple[float, float]]] = [[] for _ in cands]
        everyone = list(range(len(cands)))
        if len(cands) <= CONTENDERS + 1:
            _play_out(dets, bot, cands, everyone, results, self.rollouts, seat)
        else:
            # half the budget on every candidate, the other half on the contenders
            _play_out(dets, bot, cands, everyone, results, self.rollouts // 2, seat)
            means = [sum(w + s / scale for w, s in r) / max(1, len(r)) for r in results]
            top = sorted(everyone, key=lambda i: -means[i])[:CONTENDERS]
            mine = [] if played is None else [cands.index(played)]
            contenders = sorted(set(top + mine))
            _play_out(
                dets, bot, cands, contenders, results, self.rollouts - self.rollouts // 2, seat
            )
        values = [_stats(c, deal.action_text(c), r, scale) for c, r in zip(cands, results)]
        return _judge(seat, len(legal), values, played, dets.source)


def _play_out(
    dets: Determinizer,
    bot: SearchBot,
    cands: Sequence[Any],
    which: Sequence[int],
    results: list[list[tuple[float, float]]],
    rollouts: int,
    seat: int,
) -> None:
    """Play the candidates ``which`` out on ``ceil(rollouts / len(which))`` (at
    least 2) more determinizations, appending each one's (win, score) to
    ``results``; stop early when no consistent determinization can be drawn."""
    want = max(2, math.ceil(rollouts / len(which)))
    now = [cands[i] for i in which]
    got = misses = 0
    while got < want:
        base = dets.draw()
        if base is None:
            misses += 1
            if misses > want and not results[which[0]]:
                dets.give_up()
            elif misses > 2 * want:
                break
            continue
        for i, outcome in zip(which, bot.outcomes(base, now, seat, deal_score=True)):
            results[i].append(outcome)
        got += 1


def _judge(
    seat: int, choices: int, values: list[ActionValue], played: Any, source: str
) -> Evaluation:
    """The evaluation: the actions best first (the played one first among equals,
    and first when it ties the best: :func:`chupai.analysis.labels.is_tie`), the
    loss of the played action against the best and its label."""
    order = sorted(
        range(len(values)), key=lambda i: (-values[i].value, values[i].action != played, i)
    )
    ranked = tuple(values[i] for i in order)
    mine = next((v for v in ranked if played is not None and v.action == played), None)
    if mine is None:
        return Evaluation(seat, choices, ranked, None, 0.0, 0.0, "best", source)
    loss, se = paired_loss(ranked[0].values, mine.values)
    loss = max(0.0, loss)
    if mine is not ranked[0] and is_tie(loss, se):  # the played action ties the best
        ranked = (mine, *(v for v in ranked if v is not mine))
        loss = 0.0
    return Evaluation(
        seat,
        choices,
        ranked,
        mine,
        loss,
        se,
        label(loss, se, played_is_best=mine is ranked[0]),
        source,
    )
