"""The greedy Big Two bot (see :class:`GreedyBot`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from chupai.bigtwo.combos import Combo
from chupai.bigtwo.game import Choice, LastCard

__all__ = ["GreedyBot"]


class GreedyBot:
    """A simple greedy player for Big Two.

    Leading: the play that sheds the most cards among those containing the
    weakest card in hand (so low cards leave first, in groups when possible).
    Following: the weakest play that beats the top play; pass when there is none.
    A play that leaves one card is made with the "last card" call when offered.
    Phase decisions: take / swap the leftover card, keep the hand rather than ask
    for a redeal, give away the lowest cards, name the highest card it lacks, keep
    the highest cards, choose the first face-down hand.
    """

    name = "greedy"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        plays = [a for a in legal if isinstance(a, Combo)]
        if not plays:
            choices = [a for a in legal if isinstance(a, Choice)]
            return _greedy_choice(choices) if choices else legal[0]
        if observation.top is None:
            low = _weakest_card(plays)
            with_low = [c for c in plays if c.mask & low] or plays
            best = max(with_low, key=lambda c: (c.mask.bit_count(), -c.key))
        else:
            best = min(plays, key=lambda c: (c.group != observation.top.group, c.key))
        call = LastCard(best)
        return call if call in legal else best


def _high_first(mask: int) -> tuple[int, ...]:
    """Card ids from the highest down (the id order is rank, then suit; a second
    copy, two packs, as its card)."""
    return tuple(sorted((c % 52 for c in range(mask.bit_length()) if mask >> c & 1), reverse=True))


def _greedy_choice(choices: Sequence[Any]) -> Any:
    by_name: dict[str, list[Any]] = {}
    for c in choices:
        by_name.setdefault(c.name, []).append(c)
    if "keep" in by_name and "redeal" in by_name:
        return by_name["keep"][0]
    if "name" in by_name:
        return max(by_name["name"], key=lambda c: c.cards)
    if "give" in by_name:
        gives = by_name["give"]
        fewest = min(c.cards.bit_count() for c in gives)
        return min(
            (c for c in gives if c.cards.bit_count() == fewest), key=lambda c: _high_first(c.cards)
        )
    if "keep" in by_name:
        return max(by_name["keep"], key=lambda c: _high_first(c.cards))
    return choices[0]


def _weakest_card(plays: Sequence[Any]) -> int:
    singles = [c for c in plays if c.mask.bit_count() == 1]
    if singles:
        return int(min(singles, key=lambda c: c.key).mask)
    first = int(plays[0].mask)
    return first & -first
