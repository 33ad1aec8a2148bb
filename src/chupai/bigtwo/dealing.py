"""Dealing Big Two (§3) at any table size, with one pack or two: the shuffle, the
round-robin deal from the seat after the dealer, the leftover cards, and with two
packs the seat dealt each card's first copy (``starting_copy=first_dealt``)."""

from __future__ import annotations

import random

from chupai.bigtwo import packs
from chupai.bigtwo.rules import BigTwoRules
from chupai.cards import CardMask

__all__ = ["deal_cards", "first_copies"]


def deal_cards(
    rules: BigTwoRules, seed: int, dealer: int | None = None
) -> tuple[int, list[CardMask], CardMask]:
    """Shuffle with ``random.Random(seed)`` and deal (§3): returns ``(dealer,
    hands, leftover)``. The dealer is drawn first when not given."""
    rng = random.Random(seed)
    n = rules.players
    drawn = rng.randrange(n)  # always drawn, so a given dealer leaves the shuffle unchanged
    if dealer is None:
        dealer = drawn
    deck = list(range(rules.deck_size))  # two packs: ids 52.. are the second copies
    rng.shuffle(deck)
    dealt = rules.cards_per_hand * n + rules.extra_cards  # round robin deals the extra cards
    first = (dealer + 1) % n
    hands = [0] * n
    if rules.packs == 1:
        for k in range(dealt):
            hands[(first + k) % n] |= 1 << deck[k]
        leftover = 0
        for c in deck[dealt : dealt + rules.leftover_count]:
            leftover |= 1 << c
        return dealer, hands, leftover
    for k in range(dealt):  # a set holds no copy identity: fold each card in (packs.add)
        seat = (first + k) % n
        hands[seat] = packs.add(hands[seat], 1 << deck[k] % 52)
    leftover = 0
    for c in deck[dealt : dealt + rules.leftover_count]:
        leftover = packs.add(leftover, 1 << c % 52)
    return dealer, hands, leftover


def first_copies(rules: BigTwoRules, seed: int, dealer: int) -> tuple[int, ...]:
    """Two packs: for each card, the seat dealt its first copy (-1 if none), from
    the shuffle of :func:`deal_cards` (``starting_copy=first_dealt``)."""
    rng = random.Random(seed)
    n = rules.players
    rng.randrange(n)
    deck = list(range(rules.deck_size))
    rng.shuffle(deck)
    out = [-1] * 52
    first = (dealer + 1) % n
    for k in range(rules.cards_per_hand * n + rules.extra_cards):
        c = deck[k] % 52
        if out[c] < 0:
            out[c] = (first + k) % n
    return tuple(out)
