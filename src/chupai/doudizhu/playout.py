"""Dou Dizhu playouts: a deal played to its end by a simple policy, in C when the
compiled core is built (:class:`chupai.doudizhu._fast.FastDeal`), else by the
pure-Python engine, with the same choices and the same returns.

A playout of seed ``s`` draws from :class:`chupai.playrng.SplitMix64` ``(s)``:
policy ``random`` takes, at every decision (bids, robs, 明牌, plays and passes),
index ``below(len(legal))`` of ``deal.legal_actions()``; policy ``greedy`` is
deterministic (:func:`greedy_index`). :func:`random_games` deals and plays many
deals for the benchmark.

>>> from chupai.doudizhu.game import new_deal
>>> from chupai.doudizhu.rules import PRESETS
>>> deal = new_deal(PRESETS["classic"], seed=3)
>>> playout(deal, 7) == reference_playout(deal, 7)
True
>>> deal.is_terminal()  # the deal itself is left as it was
False
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from chupai.compiled import load
from chupai.doudizhu.combos import Combo
from chupai.doudizhu.game import Action, DouDizhuDeal, new_deal
from chupai.doudizhu.rules import DouDizhuRules
from chupai.doudizhu.state import Phase
from chupai.playouts import playout_each as playout_each_of
from chupai.playrng import SplitMix64

__all__ = [
    "POLICIES",
    "greedy_index",
    "reference_playout",
    "playout",
    "playout_each",
    "compiled_supports",
    "random_games",
    "reference_random_games",
]

POLICIES: Final = ("random", "greedy")

_fast = load("chupai.doudizhu._fast")


def greedy_index(deal: DouDizhuDeal, legal: list[Action]) -> int:
    """The greedy policy's choice among ``legal`` (``deal.legal_actions()``):
    outside the play the first action; leading, the play with the most cards
    (then the lowest key); following, the lowest beating play by (power, key),
    passing only when nothing beats; ties go to the first in list order."""
    if deal.phase is not Phase.PLAY:
        return 0
    lead = deal.top is None
    best = 0
    for i in range(1, len(legal)):
        x = legal[i]
        if type(x) is not Combo:
            continue
        y = legal[best]
        if type(y) is not Combo:
            best = i
        elif lead:
            if x.size > y.size or (x.size == y.size and x.key < y.key):
                best = i
        elif x.power < y.power or (x.power == y.power and x.key < y.key):
            best = i
    return best


def _check_policy(policy: str) -> None:
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}; known: {', '.join(POLICIES)}")


def _play_out(deal: DouDizhuDeal, seed: int, policy: str) -> int:
    """Play ``deal`` itself to the end; returns the number of actions."""
    rng = SplitMix64(seed)
    steps = 0
    greedy = policy == "greedy"
    while not deal.is_terminal():
        legal = deal.legal_actions()
        i = greedy_index(deal, legal) if greedy else rng.below(len(legal))
        deal.apply_unchecked(legal[i])
        steps += 1
    return steps


def reference_playout(deal: DouDizhuDeal, seed: int, policy: str = "random") -> list[int]:
    """Play a clone of ``deal`` to the end with the pure-Python engine; returns
    its ``returns()``."""
    _check_policy(policy)
    d = deal.clone()
    _play_out(d, seed, policy)
    return d.returns()


def compiled_supports(rules: DouDizhuRules) -> bool:
    """Whether the compiled deal engine is loaded and covers ``rules`` (it leaves
    out rules with a multiplier of 1024 or more, whose units could overflow 64
    bits)."""
    return _fast is not None and bool(_fast.supported(rules))


def playout(deal: DouDizhuDeal, seed: int, policy: str = "random") -> list[int]:
    """:func:`reference_playout`, in C when :func:`compiled_supports` the rules."""
    _check_policy(policy)
    if _fast is not None and compiled_supports(deal.rules):
        returns: list[int] = _fast.FastDeal.from_deal(deal).playout(seed, policy)
        return returns
    return reference_playout(deal, seed, policy)


def playout_each(
    deal: DouDizhuDeal, indices: Sequence[int], seed: int, policy: str = "random"
) -> list[list[int]]:
    """The returns after each of ``deal.legal_actions()[i]`` for ``i`` in
    ``indices``, each played out from ``seed`` (:func:`chupai.playouts.playout_each`;
    the compiled engine built once where :func:`compiled_supports` the rules)."""
    _check_policy(policy)
    return playout_each_of(deal, indices, seed, policy, playout, _root)


def _root(deal: DouDizhuDeal) -> Any:
    if _fast is None or not compiled_supports(deal.rules):
        return None
    return _fast.FastDeal.from_deal(deal)


def reference_random_games(rules: DouDizhuRules, n: int, seed: int = 0) -> dict[str, Any]:
    """:func:`random_games` with the pure-Python engine."""
    redeals = wins = actions = 0
    sums = [0] * rules.players
    for s in range(seed, seed + n):
        deal = new_deal(rules, seed=s)
        actions += _play_out(deal, s, "random")
        out = deal.outcome
        assert out is not None
        if out.redeal:
            redeals += 1
        elif out.landlord_won:
            wins += 1
        for i, v in enumerate(out.scores):
            sums[i] += v
    return {
        "deals": n,
        "redeals": redeals,
        "landlord_wins": wins,
        "actions": actions,
        "returns": sums,
    }


def random_games(
    rules: DouDizhuRules, n: int, seed: int = 0, *, deal_in_c: bool = True
) -> dict[str, Any]:
    """Play ``n`` deals, dealt as ``new_deal(rules, seed=s)`` deals them for
    ``s`` in ``seed .. seed + n - 1``, each by the random policy of seed ``s``.
    Returns ``deals``, ``redeals``, ``landlord_wins``, ``actions`` (decisions
    taken) and ``returns`` (each seat's sum). In C when :func:`compiled_supports`
    the rules (``deal_in_c=False``: the cards dealt in Python and handed over),
    else :func:`reference_random_games`."""
    if _fast is not None and compiled_supports(rules) and 0 <= seed and seed + n <= 2**64:
        summary: dict[str, Any] = _fast.random_games(rules, n, seed, deal_in_c)
        return summary
    return reference_random_games(rules, n, seed)
