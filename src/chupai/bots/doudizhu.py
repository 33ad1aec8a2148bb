"""The greedy Dou Dizhu bot (kept for compatibility: it lives in
:mod:`chupai.bots.games.doudizhu.greedy`, the Dou Dizhu bots)."""

from chupai.bots.games.doudizhu import greedy as _module
from chupai.bots.games.doudizhu.greedy import *  # noqa: F403

__all__ = list(_module.__all__)
