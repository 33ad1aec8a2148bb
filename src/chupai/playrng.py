"""The random number generator of compiled playouts, and its pure-Python twin.

Random play inside the compiled core cannot call Python's ``random`` (a call per
move would cost more than the move), so it draws from SplitMix64, a 64-bit
generator with one word of state that C and Python compute alike. A playout of
seed ``s`` starts from ``SplitMix64(s)``; a choice among ``n`` moves is
:meth:`SplitMix64.below` (a multiply-shift of the top 32 bits, exact in both
languages). The pure-Python reference playouts use this class, so a compiled
playout and its reference make the same choices and reach the same end.

>>> rng = SplitMix64(1)
>>> [rng.below(10) for _ in range(8)]
[5, 7, 9, 4, 4, 7, 8, 5]
"""

from __future__ import annotations

from typing import Final

__all__ = ["SplitMix64"]

_MASK: Final = (1 << 64) - 1


class SplitMix64:
    """SplitMix64 (Steele, Lea and Flood 2014), as in the compiled core's ``_rng.pxd``."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A number in ``range(n)`` (``n`` from 1 to 2**32)."""
        return ((self.next() >> 32) * n) >> 32
