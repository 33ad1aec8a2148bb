"""Big A playouts: a deal played to its end by a simple policy, on the compiled
engine where it is built, else on the pure-Python reference (same choices, same
returns).

A playout of seed ``s`` draws its choices from :class:`chupai.playrng.SplitMix64`
``(s)``: policy ``random`` takes index ``below(len(legal))`` of
``deal.legal_actions()`` at every decision (the draw's declarations and the two
questions before play included); policy ``greedy`` takes :func:`greedy_index`.
:func:`reference_playout` plays on a clone of the Python deal; :func:`playout`
steps the decisions before play in Python and hands the play phase, with the
generator's state, to ``chupai.biga._fast_deal.FastDeal``, which covers every
option of :class:`~chupai.biga.rules.BigARules`. :func:`random_games` plays whole
random deals for the benchmark (the shuffle and the draw in C too).

>>> from chupai.biga.rules import STANDARD
>>> from chupai.biga.game import new_deal
>>> deal = new_deal(STANDARD, seed=4)
>>> playout(deal, 7) == reference_playout(deal, 7)
True
>>> random_games(STANDARD, 3) == random_games_py(STANDARD, 3)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any

from chupai.biga.combos import Combo
from chupai.biga.events import Action, Capture, Phase
from chupai.biga.game import BigADeal, new_deal
from chupai.biga.rules import BigARules
from chupai.compiled import load
from chupai.playouts import playout_each as playout_each_of
from chupai.playrng import SplitMix64

__all__ = [
    "POLICIES",
    "greedy_index",
    "reference_playout",
    "playout",
    "playout_each",
    "compiled_engine",
    "supported",
    "random_games",
    "random_games_py",
]

POLICIES = ("random", "greedy")


def greedy_index(deal: BigADeal, legal: Sequence[Action]) -> int:
    """The ``greedy`` policy's choice among ``legal`` (``deal.legal_actions()``):
    before play, the last action (decline, keep hidden, stay hidden); leading, the
    play of the most cards (the first such); following, the play of the lowest
    ``(bomb, key)`` (the first such), else a capture, else pass."""
    if deal.phase is not Phase.PLAY:
        return len(legal) - 1
    best = -1
    cap = -1
    for i, a in enumerate(legal):
        if type(a) is Combo:
            if best < 0:
                best = i
                continue
            b = legal[best]
            assert isinstance(b, Combo)
            if deal.top is None:
                if a.size > b.size:
                    best = i
            elif (a.bomb, a.key) < (b.bomb, b.key):
                best = i
        elif type(a) is Capture:
            cap = i
    if best >= 0:
        return best
    return cap if cap >= 0 else len(legal) - 1


def _check_policy(policy: str) -> None:
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r} (random or greedy)")


def _step(deal: BigADeal, rng: SplitMix64, policy: str) -> None:
    legal = deal.legal_actions()
    i = rng.below(len(legal)) if policy == "random" else greedy_index(deal, legal)
    deal.apply_unchecked(legal[i])


def reference_playout(deal: BigADeal, seed: int, policy: str = "random") -> list[int]:
    """Play a clone of ``deal`` to its end with the pure-Python engine; returns its
    ``returns()``. ``deal`` itself is not changed."""
    _check_policy(policy)
    d = deal.clone()
    rng = SplitMix64(seed)
    while not d.is_terminal():
        _step(d, rng, policy)
    return d.returns()


def compiled_engine() -> ModuleType | None:
    """The compiled deal engine in use (None: not built, or ``CHUPAI_PURE``)."""
    return load("chupai.biga._fast_deal")


def supported(deal: BigADeal) -> bool:
    """Whether the compiled engine plays ``deal``: every option of
    :class:`BigARules` is covered, so any Big A deal of five seats is."""
    return type(deal.rules) is BigARules and deal.players == 5


def playout(deal: BigADeal, seed: int, policy: str = "random") -> list[int]:
    """:func:`reference_playout`'s answer, played by the compiled engine when it is
    loaded (the decisions before play stepped in Python with the same generator)."""
    _check_policy(policy)
    fast = compiled_engine()
    if fast is None or not supported(deal):
        return reference_playout(deal, seed, policy)
    rng = SplitMix64(seed)
    d = deal
    if deal.phase is not Phase.PLAY and deal.phase is not Phase.OVER:
        d = deal.clone()
        while d.phase is not Phase.PLAY and d.phase is not Phase.OVER:
            _step(d, rng, policy)
    fd = fast.FastDeal(d)
    if policy == "greedy":
        return list(fd.playout(0, "greedy"))
    returns, _state = fd.playout_state(rng.state)
    return list(returns)


def playout_each(
    deal: BigADeal, indices: Sequence[int], seed: int, policy: str = "random"
) -> list[list[int]]:
    """The returns after each of ``deal.legal_actions()[i]`` for ``i`` in
    ``indices``, each played out from ``seed`` (:func:`chupai.playouts.playout_each`;
    the compiled engine built once where it plays the deal: in the play phase)."""
    _check_policy(policy)
    return playout_each_of(deal, indices, seed & (2**64 - 1), policy, playout, _root)


def _root(deal: BigADeal) -> Any:
    fast = compiled_engine()
    if fast is None or not supported(deal) or deal.phase is not Phase.PLAY:
        return None
    return fast.FastDeal(deal)


def random_games_py(rules: BigARules, n: int, seed: int = 0) -> dict[str, Any]:
    """The summary of ``n`` random deals (seeds ``seed .. seed + n - 1``, each dealt
    by ``new_deal(rules, seed=s)`` and played by the ``random`` policy of seed
    ``s``) on the pure-Python engine: deals, redeals, actions and each seat's
    summed returns."""
    redeals = actions = 0
    sums = [0] * rules.players
    for s in range(seed, seed + n):
        d = new_deal(rules, s)
        rng = SplitMix64(s)
        while not d.is_terminal():
            _step(d, rng, "random")
            actions += 1
        assert d.outcome is not None
        redeals += d.outcome.redeal
        sums = [a + b for a, b in zip(sums, d.returns())]
    return {"deals": n, "redeals": redeals, "actions": actions, "returns": sums}


def random_games(rules: BigARules, n: int, seed: int = 0) -> dict[str, Any]:
    """:func:`random_games_py`'s summary, played in C when the compiled engine is
    loaded (the shuffle, the draw and play)."""
    fast = load("chupai.biga._fast_draw")
    if fast is None or type(rules) is not BigARules:
        return random_games_py(rules, n, seed)
    out: dict[str, Any] = fast.random_games(rules, n, seed)
    return out
