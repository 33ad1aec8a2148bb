"""How much value a decision lost, and its label (:mod:`chupai.analysis`).

The **loss** of a decision is the best evaluated action's ranking value less the
played action's (``win + score / scale``, mostly the win probability: see
:mod:`chupai.analysis.evaluator`), estimated on the same determinizations for both
(paired). Labels, as chess servers mark the winning chance lost:

========== =========================================================
label      when
========== =========================================================
only       one legal action (nothing to decide, not evaluated)
best       the played action has the best estimated value
good       it lost less than 0.05, or a loss that is not significant
inaccuracy a loss of 0.05 or more
mistake    a loss of 0.10 or more
blunder    a loss of 0.20 or more
========== =========================================================

A loss is significant when it exceeds :data:`SIGNIFICANCE` (2) standard errors of
the paired differences: a loss that a few lucky rollouts could make is "good",
which keeps labels stable from one seed to another. A loss below :data:`TIE`
(0.01) that is not significant is a tie: the played action is the best (the
analysis then names it as the best action, with no loss).

>>> label(0.12, 0.01, played_is_best=False)
'mistake'
>>> label(0.12, 0.08, played_is_best=False)   # not significant
'good'
>>> label(0.0, 0.0, played_is_best=True)
'best'
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final

__all__ = [
    "LABELS",
    "SIGNIFICANCE",
    "THRESHOLDS",
    "TIE",
    "Z95",
    "is_tie",
    "label",
    "mean_ci",
    "paired_loss",
    "wilson",
]

THRESHOLDS: Final[Mapping[str, float]] = MappingProxyType(
    {"inaccuracy": 0.05, "mistake": 0.10, "blunder": 0.20}
)
"""The least loss of each label, on the win-probability scale."""
LABELS: Final = ("only", "best", "good", "inaccuracy", "mistake", "blunder")
"""Every label, from no decision to the worst."""
SIGNIFICANCE: Final = 2.0
"""A loss below this many standard errors of the paired differences is "good"."""
TIE: Final = 0.01
"""A loss below this that is not significant is a tie with the best action: the
played action counts as the best (two near-equal actions would otherwise trade the
"best" label from one seed to the next)."""
Z95: Final = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def is_tie(loss: float, stderr: float) -> bool:
    """Whether a loss of ``loss`` (standard error ``stderr``) is a tie with the best."""
    return loss < TIE and loss <= SIGNIFICANCE * stderr


def label(loss: float, stderr: float, *, played_is_best: bool) -> str:
    """The label of a decision that lost ``loss`` (with standard error ``stderr``)."""
    if played_is_best or is_tie(loss, stderr):
        return "best"
    if loss <= SIGNIFICANCE * stderr:
        return "good"
    found = "good"
    for name, least in THRESHOLDS.items():  # in increasing order
        if loss >= least:
            found = name
    return found


def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% interval (normal; a single value: zero width).

    >>> [round(x, 3) for x in mean_ci([1.0, 3.0])]
    [2.0, 0.04, 3.96]
    """
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a rate of ``wins`` out of ``n`` (sound near 0 and 1).

    >>> [round(x, 3) for x in wilson(10, 10)]
    [0.722, 1.0]
    """
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def paired_loss(best: Sequence[float], played: Sequence[float]) -> tuple[float, float]:
    """The mean of ``best - played`` over the determinizations both were played
    out on and its standard error. The two lists hold each action's values in the
    order of the determinizations; the shorter one's are a prefix of the other's
    (the evaluator's contenders were played out on more of them).

    >>> [round(x, 4) for x in paired_loss([1.0, 0.5, 1.0], [0.5, 0.5, 0.5])]
    [0.3333, 0.1667]
    """
    n = min(len(best), len(played))
    diffs = [b - p for b, p in zip(best[:n], played[:n])]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, 0.0
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)
