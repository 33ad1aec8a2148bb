"""RLCard's rule-based Dou Dizhu agent seated in chupai (kept for compatibility:
it lives in :mod:`chupai.bots.games.doudizhu.rlcard`, the Dou Dizhu bots)."""

from chupai.bots.games.doudizhu import rlcard as _module
from chupai.bots.games.doudizhu.rlcard import *  # noqa: F403

__all__ = list(_module.__all__)
