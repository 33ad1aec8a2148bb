"""The heuristic Dou Dizhu bot (kept for compatibility: it lives in
:mod:`chupai.bots.games.doudizhu.heuristic` and its hand plans in
:mod:`chupai.bots.games.doudizhu.plan`)."""

from chupai.bots.games.doudizhu.heuristic import DouDizhuHeuristicBot
from chupai.bots.games.doudizhu.plan import (
    _DECOMPOSERS,
    BOMB_KINDS,
    TURN,
    Group,
    Plan,
    beatable,
    bid_for,
    decompose,
    hand_strength,
    robs_with,
)

__all__ = [
    "BOMB_KINDS",
    "TURN",
    "_DECOMPOSERS",
    "DouDizhuHeuristicBot",
    "Group",
    "Plan",
    "beatable",
    "bid_for",
    "decompose",
    "hand_strength",
    "robs_with",
]
