"""The card planes of the observation encodings (:mod:`chupai.env.codec`): one
set of cards as a float32 plane, memoised (the pure-Python path), and the
bounded memo dictionaries the codec's other pieces use too."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, Final, TypeAlias

import numpy as np
import numpy.typing as npt

__all__ = [
    "CACHE_LIMIT",
    "CardPlanes",
    "CountPlanes",
    "MaskPlanes",
    "Vector",
    "count_planes",
    "frozen",
    "mask_planes",
    "sat_sub",
]

Vector: TypeAlias = npt.NDArray[np.float32]
"""A 1-D float32 array."""

CACHE_LIMIT: Final = 1 << 14
"""Entries per memo dictionary; a full dictionary is emptied and refilled."""

_F32: Final = np.float32


def frozen(a: Vector) -> Vector:
    a.flags.writeable = False
    return a


class _Memo:
    """A bounded memo dictionary: ``key -> read-only array`` built by ``make``."""

    __slots__ = ("data", "make")

    def __init__(self, make: Callable[[Any], Vector]) -> None:
        self.data: dict[Hashable, Vector] = {}
        self.make = make

    def get(self, key: Hashable) -> Vector:
        v = self.data.get(key)
        if v is None:
            data = self.data
            if len(data) >= CACHE_LIMIT:
                data.clear()
            v = data[key] = frozen(self.make(key))
        return v


# ---------------------------------------------------------------------------
# Card planes
# ---------------------------------------------------------------------------


class CardPlanes:
    """The card-plane format of one game: :meth:`plane` turns a card value (a
    52-bit mask or packed counts) into a read-only float32 array of :attr:`size`
    values (memoised); :meth:`decode` reads one back."""

    size: int
    zero: Vector

    def __init__(self, size: int) -> None:
        self.size = size
        self.zero = frozen(np.zeros(size, _F32))
        self._memo = _Memo(self._make)
        self._memo.data[0] = self.zero

    def plane(self, cards: int) -> Vector:
        """The plane of ``cards`` (shared and read-only: copy before writing)."""
        v = self._memo.data.get(cards)
        if v is None:
            v = self._memo.get(cards)
        return v

    def _make(self, cards: int) -> Vector:
        raise NotImplementedError

    def decode(self, plane: npt.ArrayLike) -> int:
        """The card value of a plane (inverse of :meth:`plane`)."""
        raise NotImplementedError


class MaskPlanes(CardPlanes):
    """Big Two: bit ``c`` of a ``bits``-bit mask is value ``c`` (52 bits for one
    pack; 104 for two, whose masks hold a second copy of card ``c`` at bit
    ``52 + c``: the plane is then a thermometer, "at least one copy" and "two
    copies" of each card)."""

    def __init__(self, bits: int = 52) -> None:
        super().__init__(bits)
        self._bytes = (bits + 7) // 8

    def _make(self, cards: int) -> Vector:
        raw = np.frombuffer(cards.to_bytes(self._bytes, "little"), dtype=np.uint8)
        return np.unpackbits(raw, bitorder="little")[: self.size].astype(_F32)

    def decode(self, plane: npt.ArrayLike) -> int:
        a = np.asarray(plane)
        return sum(1 << int(c) for c in np.flatnonzero(a > 0.5))


class CountPlanes(CardPlanes):
    """Packed counts, ``width`` bits a field (5 by default): field ``f`` owns
    ``maxes[f]`` thermometer slots."""

    def __init__(self, maxes: Sequence[int], width: int = 5) -> None:
        self.maxes = tuple(maxes)
        self.width = width
        self._field = (1 << width) - 1
        self.shifts = tuple(width * f for f in range(len(self.maxes)))
        self.offsets = np.cumsum((0,) + self.maxes[:-1])
        self._thresholds = np.concatenate([np.arange(m) for m in self.maxes])
        self._repeats = np.asarray(self.maxes)
        super().__init__(sum(self.maxes))

    def _make(self, cards: int) -> Vector:
        # a count beyond the decks' copies is capped: in Big A a seat's played
        # cards can exceed them, as 4s come back to play through captures (§6)
        field = self._field
        counts = np.minimum(np.array([(cards >> s) & field for s in self.shifts]), self._repeats)
        out: Vector = (np.repeat(counts, self._repeats) > self._thresholds).astype(_F32)
        return out

    def decode(self, plane: npt.ArrayLike) -> int:
        a = np.asarray(plane, dtype=np.float64)
        counts = np.add.reduceat(a, self.offsets)
        return sum(int(round(c)) << s for c, s in zip(counts, self.shifts))


_MASK_PLANES: dict[int, CardPlanes] = {}
_COUNT_PLANES: dict[tuple[tuple[int, ...], int], CardPlanes] = {}


def mask_planes(bits: int = 52) -> CardPlanes:
    """The (shared) :class:`MaskPlanes` of ``bits``-bit masks."""
    p = _MASK_PLANES.get(bits)
    if p is None:
        p = _MASK_PLANES[bits] = MaskPlanes(bits)
    return p


def count_planes(maxes: tuple[int, ...], width: int = 5) -> CardPlanes:
    """The (shared) :class:`CountPlanes` of ``maxes`` over ``width``-bit fields."""
    p = _COUNT_PLANES.get((maxes, width))
    if p is None:
        p = _COUNT_PLANES[maxes, width] = CountPlanes(maxes, width)
    return p


def sat_sub(a: int, b: int, guard: int, width: int = 5) -> int:
    """Per ``width``-bit field ``max(0, a - b)`` (``guard``: the top bit of every
    field; every field of ``a`` and ``b`` below it)."""
    x = (a + guard) - b
    g = x & guard
    keep = (g >> (width - 1)) * ((1 << width) - 1)
    return (x & keep) - g
