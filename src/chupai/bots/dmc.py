"""The Deep Monte-Carlo bot (kept for compatibility: it lives in
:mod:`chupai.bots.games.doudizhu.dmc`, the Dou Dizhu bots)."""

from chupai.bots.games.doudizhu import dmc as _module
from chupai.bots.games.doudizhu.dmc import *  # noqa: F403

__all__ = list(_module.__all__)
