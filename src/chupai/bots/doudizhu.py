"""The greedy Dou Dizhu bot (kept for compatibility: it lives in
:mod:`chupai.bots.games.doudizhu.greedy`, the Dou Dizhu bots)."""

from chupai.bots.games.doudizhu.greedy import (
    DouDizhuGreedyBot,
    bid_for,
    hand_strength,
    robs_with,
)

__all__ = ["DouDizhuGreedyBot", "bid_for", "hand_strength", "robs_with"]
