"""The former home of the Dou Dizhu terminal game, kept for imports: the game is
Dou Dizhu's ``cli.play`` plugin (:mod:`chupai.cli.games.doudizhu.play`) and is run
by ``chupai play doudizhu`` (:func:`chupai.cli.play.run_play`)."""

from __future__ import annotations

from chupai.cli.games.doudizhu.play import DouDizhuMatchSession, DouDizhuSession
from chupai.cli.games.doudizhu.play_input import HELP, hand_ranks, read_input, redeal_seed
from chupai.cli.play import run_play
from chupai.cli.terminal import EXIT_EOF, EXIT_OK, Command
from chupai.tournament import bot_seed

__all__ = [
    "run_play_doudizhu",
    "read_input",
    "hand_ranks",
    "redeal_seed",
    "bot_seed",
    "Command",
    "HELP",
    "DouDizhuSession",
    "DouDizhuMatchSession",
    "EXIT_OK",
    "EXIT_EOF",
]

run_play_doudizhu = run_play
"""``chupai play`` (the game is the arguments' ``game``)."""
