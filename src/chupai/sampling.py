"""What the determinizing samplers of the packed-count games share
(:mod:`chupai.doudizhu.sampling`, :mod:`chupai.biga.sampling`).

In those games a set of cards is packed rank counts: 5 bits per rank or face,
field ``f`` at bit ``5 * f``. A seat's knowledge of the other hands is the unseen
cards, how many of them each seat holds, and the cards each seat is known to
hold; these helpers check that knowledge and deal the rest of the unseen cards
at random. Randomness comes only from the generator passed in.
"""

from __future__ import annotations

from collections.abc import Callable, MutableSequence, Sequence
from typing import Any, Protocol

from chupai.errors import ChupaiError

__all__ = ["Shuffler", "hidden_capacity", "check_known", "deal_unseen"]


class Shuffler(Protocol):
    """A seeded generator (``random.Random``), as far as dealing needs it."""

    def shuffle(self, x: MutableSequence[Any]) -> None: ...


def hidden_capacity(
    unseen: int, hand: int, hand_counts: Sequence[int], seat: int, size_of: Callable[[int], int]
) -> tuple[int, ...]:
    """How many unseen cards each seat holds (0 for ``seat`` itself, whose
    ``hand`` is known). Raises :class:`ChupaiError` when the counts do not add up.

    >>> hidden_capacity(0b1111, 0b111, (2, 3, 2), 1, int.bit_count)
    (2, 0, 2)
    """
    caps = tuple(0 if s == seat else k for s, k in enumerate(hand_counts))
    if size_of(unseen) != sum(caps) or size_of(hand) != hand_counts[seat]:
        raise ChupaiError("the observation's card counts do not add up")
    return caps


def check_known(
    unseen: int,
    known: Sequence[int],
    capacity: Sequence[int],
    contains: Callable[[int, int], bool],
    size_of: Callable[[int], int],
) -> None:
    """Raise :class:`ChupaiError` unless the ``known`` cards of every seat are
    unseen cards and fit in its ``capacity``."""
    total = sum(known)
    if not contains(unseen, total) or any(size_of(k) > c for k, c in zip(known, capacity)):
        raise ChupaiError("the observation contradicts itself (known cards do not fit)")


def deal_unseen(
    unseen: int,
    known: Sequence[int],
    capacity: Sequence[int],
    fields: int,
    size_of: Callable[[int], int],
    rng: Shuffler,
) -> list[int]:
    """Deal the ``unseen`` cards (packed counts over ``fields`` ranks or faces):
    every seat gets its ``known`` cards plus a uniform share of the rest up to its
    ``capacity``. The rest is dealt as physical cards, so that copies of a rank
    go with the odds of a real deal.

    >>> import random
    >>> deal_unseen(0b00010_00001, (0, 1), (2, 1), 2, lambda c: (c & 31) + (c >> 5), random.Random(0))
    [64, 1]
    """
    pool = unseen - sum(known)
    pile = [f for f in range(fields) for _ in range((pool >> (5 * f)) & 31)]
    rng.shuffle(pile)
    hands = list(known)
    at = 0
    for s, k in enumerate(capacity):
        extra = k - size_of(known[s])
        h = hands[s]
        for f in pile[at : at + extra]:
            h += 1 << (5 * f)
        hands[s] = h
        at += extra
    return hands
