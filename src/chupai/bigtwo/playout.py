"""Playing a Big Two deal to its end fast: random or greedy playouts, and whole
random deals for the benchmark.

:func:`playout` plays a deal (a clone: the deal given is not changed) to the end
and returns its :meth:`~chupai.bigtwo.game.BigTwoDeal.returns`. It runs in the
compiled core (:class:`chupai.bigtwo._fast.FastDeal`) when the core is loaded, the
deal is in its play phase (or over) and the compiled play phase plays its rules
(every option today; ``_fast.unsupported`` names any it would not); otherwise
:func:`reference_playout`, the pure-Python engine, plays it (a deal still in a
pre-play phase: exchanges, redeal requests, the leftover card). Both make
the same choices: at every decision ``random`` takes index
``SplitMix64(seed).below(len(legal))`` of ``deal.legal_actions()``, ``greedy``
takes :func:`greedy_index`, so both reach the same end.

>>> from chupai.bigtwo.game import new_deal
>>> from chupai.bigtwo.rules import PRESETS
>>> deal = new_deal(PRESETS["standard"], seed=3)
>>> playout(deal, 7) == reference_playout(deal, 7)
True
>>> sum(random_games(PRESETS["standard"], 5)["wins"])
5
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Literal

from chupai import compiled
from chupai.actions import Pass
from chupai.bigtwo.combos import GROUP_MONSTER, Combo
from chupai.bigtwo.game import Action, BigTwoDeal, new_deal
from chupai.bigtwo.rules import BigTwoRules
from chupai.bigtwo.values import LastCard, Phase
from chupai.playouts import playout_each as playout_each_of
from chupai.playrng import SplitMix64

__all__ = [
    "Policy",
    "greedy_index",
    "reference_playout",
    "playout",
    "playout_each",
    "random_games",
    "compiled_plays",
]

Policy = Literal["random", "greedy"]
POLICIES: Final = ("random", "greedy")

_fast = compiled.load("chupai.bigtwo._fast")


def greedy_index(legal: list[Action], leading: bool) -> int:
    """The greedy choice among ``legal``: leading, the play with the most cards,
    then the lowest key; following, the lowest beating play (monsters only when
    nothing else beats), else pass. Ties go to the first in the list."""
    best, best_rank = -1, (0, 0)
    for i, action in enumerate(legal):
        if type(action) is Pass:
            continue
        combo: Combo = action.play if isinstance(action, LastCard) else action  # type: ignore[assignment]
        if leading:
            rank = (-combo.mask.bit_count(), combo.key)
        else:
            rank = (int(combo.group == GROUP_MONSTER), combo.key)
        if best < 0 or rank < best_rank:
            best, best_rank = i, rank
    return best if best >= 0 else len(legal) - 1


def _reference_run(deal: BigTwoDeal, seed: int, policy: str) -> tuple[list[int], int, int | None]:
    """Play a clone of ``deal`` to the end in pure Python: (returns, actions, winner)."""
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}: random or greedy")
    d = deal.clone()
    rng = SplitMix64(seed)
    actions = 0
    while not d.is_terminal():
        legal = d.legal_actions()
        if policy == "greedy":
            i = greedy_index(legal, d.top is None)
        else:
            i = rng.below(len(legal))
        d.apply_unchecked(legal[i])
        actions += 1
    winner = d.outcome.winner if d.outcome is not None else None
    return d.returns(), actions, winner


def reference_playout(deal: BigTwoDeal, seed: int, policy: Policy = "random") -> list[int]:
    """Play a clone of ``deal`` to the end with the pure-Python engine (choices as
    described in the module) and return its returns."""
    return _reference_run(deal, seed, policy)[0]


def compiled_plays(deal: BigTwoDeal) -> bool:
    """Whether :func:`playout` plays ``deal`` in the compiled core."""
    return (
        _fast is not None
        and deal.phase in (Phase.PLAY, Phase.OVER)
        and not _fast.unsupported(deal.rules)
    )


def playout(deal: BigTwoDeal, seed: int, policy: Policy = "random") -> list[int]:
    """:func:`reference_playout`'s returns, computed in the compiled core where it
    plays the deal (:func:`compiled_plays`)."""
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}: random or greedy")
    if _fast is not None and compiled_plays(deal):
        return _fast.FastDeal(deal).playout(seed & (2**64 - 1), policy)  # type: ignore[no-any-return]
    return reference_playout(deal, seed, policy)


def playout_each(
    deal: BigTwoDeal, indices: Sequence[int], seed: int, policy: Policy = "random"
) -> list[list[int]]:
    """The returns after each of ``deal.legal_actions()[i]`` for ``i`` in
    ``indices``, each played out from ``seed`` (:func:`chupai.playouts.playout_each`;
    the compiled engine built once where it plays the deal)."""
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}: random or greedy")
    return playout_each_of(deal, indices, seed & (2**64 - 1), policy, playout, _root)


def _root(deal: BigTwoDeal) -> Any:
    return _fast.FastDeal(deal) if _fast is not None and compiled_plays(deal) else None


def _fallback(deal: BigTwoDeal, seed: int) -> tuple[list[int], int, int | None]:
    return _reference_run(deal, seed, "random")


def random_games_reference(rules: BigTwoRules, n: int, seed: int = 0) -> dict[str, Any]:
    """:func:`random_games` in pure Python (the reference)."""
    players = rules.players
    actions = 0
    wins = [0] * players
    sums = [0] * players
    for s in range(seed, seed + n):
        rets, acts, winner = _reference_run(new_deal(rules, s), s, "random")
        actions += acts
        if winner is not None:
            wins[winner] += 1
        sums = [a + b for a, b in zip(sums, rets, strict=True)]
    return {"deals": n, "actions": actions, "wins": wins, "returns": sums, "dealt_in_c": 0}


def random_games(
    rules: BigTwoRules, n: int, seed: int = 0, *, deal_in_c: bool = True
) -> dict[str, Any]:
    """Play the deals of seeds ``seed`` .. ``seed + n - 1`` (``new_deal(rules, s)``)
    to the end with random choices (``SplitMix64(s)``): returns ``{"deals",
    "actions", "wins", "returns", "dealt_in_c"}`` (actions applied, deals won and
    the sum of the returns per seat, and how many deals were dealt in C). In the
    compiled core where it plays the rules, else :func:`random_games_reference`;
    ``deal_in_c=False`` deals every deal in Python (the benchmark measures both)."""
    if _fast is None or _fast.unsupported(rules):
        return random_games_reference(rules, n, seed)
    return _fast.random_games(rules, n, seed, deal_in_c, _fallback)  # type: ignore[no-any-return]
