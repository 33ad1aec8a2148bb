"""``chupai replay`` of Dou Dizhu records (kept for compatibility: the renderer is
:mod:`chupai.cli.games.doudizhu.replay`, found through the game's spec).

:func:`print_doudizhu_replay` replays a record, prints it and then the verdict;
:func:`replay_doudizhu` and :func:`replay_doudizhu_match` are the renderer's
:data:`~chupai.cli.replay_common.Replayer` functions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Console

from chupai.cli.games.doudizhu.replay import (
    replay_deal as replay_doudizhu,
    replay_match as replay_doudizhu_match,
)
from chupai.cli.replay_common import describe_error, verdict

__all__ = ["print_doudizhu_replay", "replay_doudizhu", "replay_doudizhu_match", "describe_error"]


def print_doudizhu_replay(
    rec: Mapping[str, Any], console: Console | None, quiet: bool = False
) -> int:
    """Replay Dou Dizhu record ``rec``, print it on ``console`` (nothing but the
    verdict when ``quiet`` or without a console) and return the exit status: 0
    valid, 1 invalid."""
    return verdict(replay_doudizhu, rec, None if quiet else console)
