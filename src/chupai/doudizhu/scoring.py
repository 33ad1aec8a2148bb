"""Dou Dizhu scoring of one deal (``doudizhu.md`` §10).

The **unit** is ``U = B x R x 2^b x S x T x M x D``: the winning bid, the rob
multiplier, one doubling per doubling bomb, spring or anti-spring, spring thunder,
明牌 and the re-bid doubling (:func:`unit`, :func:`multipliers`). The landlord
then wins or pays ``U`` from or to every peasant (:func:`settle`).

>>> from chupai.doudizhu.rules import PRESETS
>>> classic = PRESETS["classic"]
>>> u = unit(classic, bid=3, robs=1, doubling_bombs=2, spring=False, anti_spring=False,
...          shown=False, landlord_won=True, doubled=False)
>>> u, settle(classic, landlord=0, landlord_won=True, unit=u)
(36, [72, -36, -36])
"""

from __future__ import annotations

from typing import NamedTuple, TypedDict, Unpack

from chupai.doudizhu.combos import Combo, Kind, tables
from chupai.doudizhu.rules import DouDizhuRules, MingPai

__all__ = [
    "Multipliers",
    "DealFacts",
    "multipliers",
    "unit",
    "settle",
    "doubling_kinds",
    "is_doubling",
]


class Multipliers(NamedTuple):
    """The factors of §10.1 for one deal."""

    bid: int
    """``B``: the winning bid (1, 2 or 3)."""
    rob: int
    """``R``: the rob multiplier (§5)."""
    bombs: int
    """``2^b``: one doubling per doubling bomb."""
    spring: int
    """``S``: spring or anti-spring factor, else 1."""
    thunder: int
    """``T``: spring thunder factor, else 1."""
    ming: int
    """``M``: 明牌 factor, else 1."""
    doubled: int
    """``D``: 2 for the deal after an all-pass under ``redeal_doubled_once``, else 1."""

    @property
    def unit(self) -> int:
        """The product of every factor."""
        return (
            self.bid * self.rob * self.bombs * self.spring * self.thunder * self.ming * self.doubled
        )


def doubling_kinds(rules: DouDizhuRules) -> frozenset[Kind]:
    """The kinds whose plays double the unit (§10.1): classic ``bomb`` and
    ``rocket``; four_player ``rocket``, ``missile``, ``heaven_bomb`` and
    ``heaven_lord`` (4- and 5-card bombs do not double); none when
    ``bomb_doubling`` is false."""
    return tables(rules).doubling


def is_doubling(combo: Combo, rules: DouDizhuRules) -> bool:
    """Whether playing ``combo`` doubles the unit."""
    return combo.kind in tables(rules).doubling


def multipliers(
    rules: DouDizhuRules,
    *,
    bid: int,
    robs: int,
    doubling_bombs: int,
    spring: bool,
    anti_spring: bool,
    shown: bool,
    landlord_won: bool,
    doubled: bool,
) -> Multipliers:
    """The factors of §10.1. ``robs`` is the number of robs ``k``; ``spring``
    (the landlord won and no peasant played a card) requires ``landlord_won``,
    ``anti_spring`` (the peasants won and the landlord made one play) requires
    that the landlord lost. Spring thunder ``T`` applies to a spring (not an
    anti-spring) with at least one doubling bomb, and only while the spring rule
    is on (``spring_multiplier > 1``). Raises ``ValueError`` on inconsistent facts."""
    if bid not in (1, 2, 3):
        raise ValueError(f"the winning bid must be 1, 2 or 3, not {bid!r}")
    if robs < 0 or doubling_bombs < 0:
        raise ValueError("robs and doubling_bombs must be >= 0")
    if spring and not landlord_won:
        raise ValueError("a spring needs the landlord to win")
    if anti_spring and landlord_won:
        raise ValueError("an anti-spring needs the landlord to lose")
    s = 1
    if spring:
        s = rules.spring_multiplier
    elif anti_spring:
        s = rules.anti_spring_multiplier
    t = 1
    if spring and rules.spring_multiplier > 1 and doubling_bombs >= 1:
        t = rules.spring_thunder_multiplier
    m = 1
    if shown and (
        rules.ming_pai is MingPai.ALWAYS or (rules.ming_pai is MingPai.WIN_ONLY and landlord_won)
    ):
        m = 2
    return Multipliers(
        bid, rules.rob_multiplier(robs), 1 << doubling_bombs, s, t, m, 2 if doubled else 1
    )


class DealFacts(TypedDict):
    """The facts of a finished deal that :func:`multipliers` weighs (its keywords)."""

    bid: int
    robs: int
    doubling_bombs: int
    spring: bool
    anti_spring: bool
    shown: bool
    landlord_won: bool
    doubled: bool


def unit(rules: DouDizhuRules, **facts: Unpack[DealFacts]) -> int:
    """``U = B x R x 2^b x S x T x M x D`` (§10.1); the keywords and errors are
    those of :func:`multipliers`."""
    return multipliers(rules, **facts).unit


def settle(
    rules: DouDizhuRules, landlord: int, landlord_won: bool, unit: int, players: int | None = None
) -> list[int]:
    """Each seat's deal score (§10.2): every peasant pays ``unit`` to the landlord,
    or the landlord pays ``unit`` to every peasant. Zero-sum."""
    n = rules.players if players is None else players
    if not 0 <= landlord < n:
        raise ValueError(f"landlord {landlord} is not a seat of {n} players")
    sign = 1 if landlord_won else -1
    scores = [-sign * unit] * n
    scores[landlord] = sign * unit * (n - 1)
    return scores
