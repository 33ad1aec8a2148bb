"""The Big A bots (kept for compatibility: they live in
:mod:`chupai.bots.games.biga`)."""

from chupai.bots.games.biga.control import beatable, strength
from chupai.bots.games.biga.greedy import BigAGreedyBot
from chupai.bots.games.biga.heuristic import BigAHeuristicBot
from chupai.bots.games.biga.plan import (
    TURN,
    Group,
    Plan,
    Team,
    _chain_value,
    _Decomposer,
    _state_id,
    _state_of,
    _transitions,
    decompose,
    team_of,
)

__all__ = [
    "TURN",
    "BigAGreedyBot",
    "BigAHeuristicBot",
    "Group",
    "Plan",
    "Team",
    "_Decomposer",
    "_chain_value",
    "_state_id",
    "_state_of",
    "_transitions",
    "beatable",
    "decompose",
    "strength",
    "team_of",
]
