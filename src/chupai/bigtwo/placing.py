"""Where one seat's unseen Big Two cards may be, and drawing them into the hands
(the part of :mod:`chupai.bigtwo.sampling` that places cards).

:class:`Knowledge` holds the unseen cards, how many each location holds and the
locations a card is limited to; :func:`sample_hands` deals the unseen cards
uniformly among the assignments that respect it. Randomness comes only from the
``rng`` argument.

>>> import random
>>> know = Knowledge(unseen=0b1111, capacity=(0, 2, 2), allowed={0: 0b010})
>>> hands = sample_hands(know, random.Random(1))
>>> hands[1] & 1, bin(hands[1] | hands[2])
(1, '0b1111')
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Final, NamedTuple

from chupai.cards import CardMask, cards_of

__all__ = ["Knowledge", "sample_hands"]

_RESTRICTED_TRIES: Final = 40
"""Plain shuffles tried before placing restricted cards one by one."""


class Knowledge(NamedTuple):
    """Where the unseen cards may be, as one seat knows it.

    Locations are the seats ``0 .. players-1`` and ``players`` for the cards out
    of play face down. A location mask has bit ``l`` set for location ``l``."""

    unseen: CardMask
    """The cards the seat cannot see: the other hands and the face-down cards."""
    capacity: tuple[int, ...]
    """How many unseen cards each location holds (0 for the seat itself)."""
    allowed: Mapping[int, int]
    """Card -> location mask for the unseen cards whose place is known or limited;
    every other unseen card may be in any location with room."""

    @property
    def out(self) -> int:
        """The location index of the face-down cards out of play."""
        return len(self.capacity) - 1

    def locations(self, card: int) -> int:
        """The location mask where ``card`` (unseen) may be."""
        free = sum(1 << loc for loc, k in enumerate(self.capacity) if k)
        return self.allowed.get(card, free) & free


def sample_hands(know: Knowledge, rng: random.Random) -> list[CardMask] | None:
    """Draw the unseen cards into the locations: one mask per location (seats,
    then the face-down cards), or None if no assignment was found.

    Cards with one known location are placed there; the others are shuffled into
    the remaining room, which is uniform among the assignments that respect
    ``know`` (a shuffle that breaks a card's limits is drawn again). Only when
    many limited cards make that fail repeatedly are they placed one by one,
    most limited first (close to uniform)."""
    caps = list(know.capacity)
    locs = [0] * len(caps)
    rest, restricted = _place_known(know, caps, locs)
    slots = [loc for loc, k in enumerate(caps) for _ in range(k)]
    if len(slots) != len(rest):
        return None
    for _ in range(_RESTRICTED_TRIES if restricted else 1):
        rng.shuffle(rest)
        if all(know.allowed[c] >> slots[rest.index(c)] & 1 for c in restricted):
            for c, loc in zip(rest, slots):
                locs[loc] |= 1 << c
            return locs
    return _place_restricted(know, caps, locs, rest, restricted, rng)


def _place_known(
    know: Knowledge, caps: list[int], locs: list[CardMask]
) -> tuple[list[int], list[int]]:
    """Put the cards with one possible location there (taking room from ``caps``);
    return the other cards, and those of them whose locations are limited."""
    free_mask = sum(1 << loc for loc, k in enumerate(caps) if k)
    rest: list[int] = []
    restricted: list[int] = []
    for c in cards_of(know.unseen):
        m = know.allowed.get(c)
        rest.append(c)
        if m is None:
            continue
        m &= free_mask
        if m and not m & (m - 1):
            loc = m.bit_length() - 1
            if caps[loc] > 0:
                caps[loc] -= 1
                locs[loc] |= 1 << c
                rest.pop()
        elif m:
            restricted.append(c)
    return rest, restricted


def _place_restricted(
    know: Knowledge,
    caps: list[int],
    locs: list[CardMask],
    rest: list[int],
    restricted: list[int],
    rng: random.Random,
) -> list[CardMask] | None:
    """Many restrictions: place the restricted cards first, most constrained
    first, then shuffle the others into the room left."""
    left = list(caps)
    restricted.sort(key=lambda c: (know.allowed[c].bit_count(), c))
    chosen = set()
    for c in restricted:
        options = [loc for loc in range(len(left)) if know.allowed[c] >> loc & 1 and left[loc]]
        if not options:
            return None
        loc = options[rng.randrange(len(options))]
        left[loc] -= 1
        locs[loc] |= 1 << c
        chosen.add(c)
    others = [c for c in rest if c not in chosen]
    rng.shuffle(others)
    slots = [loc for loc, k in enumerate(left) for _ in range(k)]
    for c, loc in zip(others, slots):
        locs[loc] |= 1 << c
    return locs
