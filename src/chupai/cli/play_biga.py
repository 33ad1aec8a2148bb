"""The former home of the Big A terminal game, kept for imports: the game is Big
A's ``cli.play`` plugin (:mod:`chupai.cli.games.biga.play`) and is run by ``chupai
play biga`` (:func:`chupai.cli.play.run_play`)."""

from __future__ import annotations

from chupai.cli.games.biga.play import DEFAULT_BOTS, BigAMatchSession, BigASession
from chupai.cli.games.biga.play_input import (
    HELP,
    SUIT_NAMES,
    move_list,
    read_input,
    redeal_seed,
    series_seed,
    table_row,
)
from chupai.cli.play import run_play
from chupai.cli.terminal import EXIT_EOF, EXIT_OK, Command
from chupai.tournament import bot_seed

__all__ = [
    "run_play_biga",
    "read_input",
    "move_list",
    "table_row",
    "series_seed",
    "redeal_seed",
    "bot_seed",
    "Command",
    "BigASession",
    "BigAMatchSession",
    "HELP",
    "DEFAULT_BOTS",
    "SUIT_NAMES",
    "EXIT_OK",
    "EXIT_EOF",
]

run_play_biga = run_play
"""``chupai play`` (the game is the arguments' ``game``)."""
