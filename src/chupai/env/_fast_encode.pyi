"""Type stub of the compiled observation writer (``_fast_encode.pyx``)."""

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

class Planes:
    size: int
    def __init__(self, maxes: Sequence[int]) -> None: ...
    def plane(self, cards: int) -> npt.NDArray[np.float32]: ...

class BlockSpec:
    size: int
    def __init__(self, fields: Sequence[Any]) -> None: ...
    def block(self, values: Sequence[Any]) -> npt.NDArray[np.float32]: ...

class HistKeys:
    def __init__(
        self,
        types: Sequence[type],
        paths: Sequence[Sequence[str]],
        passes: Sequence[type],
        other: int | None,
    ) -> None: ...
    def __call__(self, action: Any) -> int | None: ...

def write_row(
    out: npt.NDArray[np.float32],
    planes: Planes,
    block: BlockSpec,
    cards: Sequence[int],
    counts: Sequence[int],
    me: int,
    left_scale: float,
    state: tuple[Any, ...],
    hist: Sequence[Any] | None,
    stop: int,
    cards_of: Callable[[Any], int | None] | None,
    keys: HistKeys | None = None,
) -> None: ...
def write_rows(
    out: npt.NDArray[np.float32],
    planes: Planes,
    block: BlockSpec,
    left_scale: float,
    rows: list[Any],
    keys: HistKeys | None = None,
) -> None: ...
def show_masks(
    mask: npt.NDArray[np.int8],
    ids: dict[Any, int],
    legal: list[Any],
    old: list[Any],
) -> list[list[int]]: ...
def row_counts(mask: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]: ...
def row_picks(
    mask: npt.NDArray[np.uint8], counts: npt.NDArray[np.int64], u: npt.NDArray[np.float64]
) -> npt.NDArray[np.int64]: ...
