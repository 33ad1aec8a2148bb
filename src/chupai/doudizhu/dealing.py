"""Dealing a Dou Dizhu deal from a seed (``doudizhu.md`` §3)."""

from __future__ import annotations

import random
from functools import lru_cache

from chupai.doudizhu.combos import UNIT, Cards
from chupai.doudizhu.rules import DouDizhuRules

__all__ = ["deal_cards"]


@lru_cache(maxsize=4)
def _canonical_stock(packs: int) -> tuple[int, ...]:
    return tuple([r for r in range(13) for _ in range(4 * packs)] + [13] * packs + [14] * packs)


def _stock(rules: DouDizhuRules) -> list[int]:
    """The canonical (unshuffled) stock as a list of rank indices."""
    return list(_canonical_stock(rules.packs))


def deal_cards(
    rules: DouDizhuRules, seed: int, dealer: int | None = None
) -> tuple[int, list[Cards], Cards, int, int]:
    """Shuffle with ``random.Random(seed)`` and deal (§3): returns ``(dealer, hands,
    kitty, marker_index, marker_rank)``. The dealer is drawn first (always, so a
    given dealer leaves the shuffle unchanged), then the stock is shuffled, then
    the marker position ``m`` is drawn among the hand positions. Card ``k`` of the
    stock goes to seat ``(dealer + k) mod n``; the rest is the kitty."""
    rng = random.Random(seed)
    n = rules.players
    drawn = rng.randrange(n)
    if dealer is None:
        dealer = drawn
    stock = _stock(rules)
    rng.shuffle(stock)
    total = n * rules.hand_size
    m = rng.randrange(total)
    hands = [0] * n
    for i in range(n):
        h = 0
        for r in stock[i:total:n]:
            h += UNIT[r]
        hands[(dealer + i) % n] = h
    kitty = 0
    for r in stock[total:]:
        kitty += UNIT[r]
    return dealer, hands, kitty, m, stock[m]
