"""How the search bot (:mod:`chupai.bots.search`) picks among its candidates:
the paired-difference test against the heuristic's choice (:func:`choose`) and
successive halving of the candidates over a fixed playout budget
(:func:`halving_schedule`, :func:`halve`)."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["choose", "halving_schedule", "halve"]


def choose(values: Sequence[dict[int, float]], prior: int, margin: float) -> int:
    """The index of the candidate to play: the best mean value among the ``prior``
    candidate (the heuristic's choice) and the candidates that beat it by more
    than ``margin`` standard errors of their paired differences with it (the
    differences over the determinizations both were played out on)."""
    base = values[prior]
    best_i, best_v = prior, float("-inf")
    if base:
        best_v = sum(base.values()) / len(base)
    for i, vals in enumerate(values):
        if i == prior or not vals:
            continue
        mean = sum(vals.values()) / len(vals)
        if mean <= best_v:
            continue
        if margin > 0 and base:
            diffs = [v - base[d] for d, v in vals.items() if d in base]
            m = len(diffs)
            if m < 2:
                continue
            avg = sum(diffs) / m
            var = sum((x - avg) ** 2 for x in diffs) / (m - 1)
            if avg <= margin * (var / m) ** 0.5:
                continue
        best_i, best_v = i, mean
    return best_i


def halving_schedule(playouts: int, k: int, rounds: int) -> list[int]:
    """The determinization counts after which successive halving drops half of
    the candidates: ``rounds`` times (fewer where two candidates are left), each
    round given an equal share of the ``playouts``; [] for no halving.

    >>> halving_schedule(120, 12, 2)   # 40 rollouts over 12, then over 6, then 3
    [3, 9]
    """
    out: list[int] = []
    share = playouts // (rounds + 1)
    size, at = k, 0
    for _ in range(rounds):
        if size <= 2:
            break
        at += max(1, share // size)
        out.append(at)
        size = max(2, -(-size // 2))
    return out


def halve(values: Sequence[dict[int, float]], live: list[int]) -> list[int]:
    """The better half of the candidates ``live`` by mean value (at least two),
    the first one (the heuristic's choice) always kept, in their order."""
    keep = max(2, -(-len(live) // 2))

    def mean(i: int) -> float:
        vals = values[i]
        return sum(vals.values()) / len(vals) if vals else float("-inf")

    best = sorted(live[1:], key=mean, reverse=True)[: keep - 1]
    return [i for i in live if i == live[0] or i in best]
