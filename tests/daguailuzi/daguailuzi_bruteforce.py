"""Brute-force reference for 大怪路子 move generation (tests only): every distinct
sub-multiset of 1, 2, 3 and 5 cards of a hand, classified, filtered by beats."""

from __future__ import annotations

from itertools import combinations

from chupai.daguailuzi.cards import types_of
from chupai.daguailuzi.combos import Combo, beats, classify
from chupai.daguailuzi.rules import DaguailuziRules


def sub_multisets(hand: int, size: int) -> set[int]:
    """Every distinct packed sub-multiset of ``size`` cards of ``hand``."""
    cards = types_of(hand)
    return {sum(1 << (3 * t) for t in pick) for pick in combinations(cards, size)}


def brute_plays(
    hand: int, top: Combo | None, rules: DaguailuziRules, level: int | None
) -> set[Combo]:
    """The legal plays of ``hand`` on ``top`` (None: leading), by brute force."""
    sizes = (1, 2, 3, 5) if top is None else (top.size,)
    out: set[Combo] = set()
    for size in sizes:
        for cards in sub_multisets(hand, size):
            combo = classify(cards, rules, level)
            if combo is not None and (top is None or beats(combo, top, rules)):
                out.add(combo)
    return out


# ---------------------------------------------------------------------------
# An independent reading of wild plays: try every assignment of the jokers
# ---------------------------------------------------------------------------

FIVE_ORDER = (
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
    "five_of_a_kind",
)
"""The five-card categories, low to high (§6)."""

RUNS = [{(p - 2) if p > 1 else 12 for p in range(top - 4, top + 1)} for top in range(5, 15)]
"""The ten runs of §4.3 as sets of natural rank indices; ``RUNS[i]`` has top ``i + 5``."""


def natural_five(
    cards: list[tuple[int, int]], s: tuple[int, ...], card_by_card: bool
) -> tuple[int, int] | None:
    """``(category, value)`` of five natural cards ``(rank, suit)`` by the
    definitions of §4.1 and §5, or None (written from the table, not the engine)."""
    ranks = sorted(r for r, _ in cards)
    by_rank = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    one_suit = len({su for _, su in cards}) == 1
    tops = [i + 5 for i, run in enumerate(RUNS) if set(ranks) == run and len(set(ranks)) == 5]
    if by_rank == [5]:
        return 5, s[ranks[0]]
    if tops and one_suit:
        return 4, tops[0]
    if by_rank == [4, 1]:
        return 3, s[max(ranks, key=ranks.count)]
    if by_rank == [3, 2]:
        return 2, s[max(ranks, key=ranks.count)]
    if one_suit:
        strengths = sorted((s[r] for r in ranks), reverse=True)
        if not card_by_card:
            return 1, strengths[0]
        value = 0
        for x in strengths:
            value = value * 16 + x
        return 1, value
    if tops:
        return 0, tops[0]
    return None


def reference_read(
    naturals: list[tuple[int, int]], jokers: int, s: tuple[int, ...], high: bool, card_by_card: bool
) -> tuple[int, int] | None:
    """The reading of five cards, ``naturals`` plus ``jokers`` wild jokers (§4.2 (d)):
    the highest category any assignment of the jokers reaches, then the greatest
    (``high``) or least value of that category over those assignments."""
    from itertools import combinations_with_replacement

    # a joker's suit matters only as "the naturals' suit" or "another suit"
    suits = sorted({su for _, su in naturals})
    suits += [x for x in range(4) if x not in suits][:1]
    faces = [(r, su) for r in range(13) for su in suits]
    found: dict[int, list[int]] = {}
    for extra in combinations_with_replacement(faces, jokers):
        read = natural_five(naturals + list(extra), s, card_by_card)
        if read is not None:
            found.setdefault(read[0], []).append(read[1])
    if not found:
        return None
    best = max(found)
    return best, (max if high else min)(found[best])
