"""The heuristic Big Two bot (kept for compatibility: it lives in
:mod:`chupai.bots.games.bigtwo.heuristic` and its hand plans in
:mod:`chupai.bots.games.bigtwo.plan`)."""

from chupai.bots.games.bigtwo.heuristic import BigTwoHeuristicBot
from chupai.bots.games.bigtwo.plan import Plan, control, decompose

__all__ = ["BigTwoHeuristicBot", "Plan", "control", "decompose"]
