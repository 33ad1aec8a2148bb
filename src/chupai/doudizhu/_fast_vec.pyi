"""Stub of the compiled batched Dou Dizhu runner (``_fast_vec.pyx``)."""

from typing import Any

import numpy as np
import numpy.typing as npt

def supported(rules: Any) -> bool: ...

class VecRunner:
    rules: Any
    episodes: npt.NDArray[np.int64]
    length_sum: npt.NDArray[np.int64]
    redeals: int
    total_steps: int
    def __init__(
        self, rules: Any, num_games: int, space: Any, codec: Any, redouble: bool, win: bool
    ) -> None: ...
    def seed_games(self, keys: list[int]) -> None: ...
    def reset(
        self,
        obs: npt.NDArray[np.float32],
        mask: npt.NDArray[np.int8],
        seat: npt.NDArray[np.int64],
    ) -> None: ...
    def step(
        self,
        actions: npt.NDArray[np.int64],
        obs: npt.NDArray[np.float32],
        mask: npt.NDArray[np.int8],
        seat: npt.NDArray[np.int64],
        rewards: npt.NDArray[np.float32],
        done: npt.NDArray[np.uint8],
        length: npt.NDArray[np.int64],
    ) -> None: ...
    def sample(self, u: npt.NDArray[np.float64]) -> npt.NDArray[np.int64]: ...
    def legal_ids(self, i: int) -> list[int]: ...
    def legal_actions(self, i: int) -> list[Any]: ...
    def replay(self, i: int) -> Any: ...
