"""Game analysis (issue #23): the value of every decision of a record, seen from
the seat that made it, and how much the played action lost against the best.

* :class:`Evaluator` (:mod:`chupai.analysis.evaluator`): for one decision, each
  legal action's win probability, expected score and ranking value with 95%
  intervals, from the deciding seat's information only (determinized Monte Carlo
  with the expert's rollout policy, the search bot's own machinery).
* :func:`analyse_record` (:mod:`chupai.analysis.record`): every decision of the
  chosen seats of a deal or match record, as the JSON-ready ``chupai-analysis``
  object (``docs/analysis.md``), with a label by the value lost
  (:mod:`chupai.analysis.labels`, :data:`THRESHOLDS`).

The analysis is a layer over the bots (it plays their rollouts): pure all the
same (no I/O, no clock, randomness only from the seed), deterministic for a seed.
"""

from __future__ import annotations

from chupai.analysis.evaluator import ActionValue, Evaluation, Evaluator
from chupai.analysis.labels import LABELS, THRESHOLDS
from chupai.analysis.record import BUDGETS, analyse_record, budget_rollouts

__all__ = [
    "ActionValue",
    "BUDGETS",
    "Evaluation",
    "Evaluator",
    "LABELS",
    "THRESHOLDS",
    "analyse_record",
    "budget_rollouts",
]
