"""Whole random Big A deals in C (chupai.biga._fast_draw): the shuffle, the draw
and play, for :func:`chupai.biga.playout.random_games`."""

from typing import Any

from chupai.biga.rules import BigARules

def shuffled_stock(seed: int) -> tuple[int, tuple[int, ...]]: ...
def random_games(rules: BigARules, n: int, seed: int = 0) -> dict[str, Any]: ...
