"""Big A control and hand strength: whether the unseen cards can beat a play, and how strong a hand is (see :mod:`chupai.bots.games.biga`)."""

from __future__ import annotations

from collections.abc import Sequence

from chupai.biga.cards import ACE, BJ, NFACES, RJ, SHIFTS, SUITED_ACE, TWO, Cards, normalize
from chupai.biga.combos import BIG_ACE_KEY, Combo, positions, strengths
from chupai.biga.rules import BigARules
from chupai.bots.games.biga.plan import _F, K, _counts, decompose

# ----- control ------------------------------------------------------------------------------


def _best_bomb(
    pool: list[int], room: int, rules: BigARules, big: int, chain: Sequence[int], st: Sequence[int]
) -> tuple[int, int]:
    """The strongest ``(class, key)`` bomb cards ``pool`` can form within ``room``
    cards (``(0, 0)``: none)."""
    if big >= 0 and pool[big] >= 2 and room >= 2:
        return 9, 0
    j = pool[BJ] + pool[RJ]
    if j >= 4 and room >= 4:
        return 8, 0
    if j >= 3 and room >= 3:
        return 7, 0
    best = _set_bomb(pool, room, st, 7, room, 6)
    if best[0]:
        return best
    best = _chain_bomb(pool, room, chain)
    if best[0]:
        return best
    if j >= 2 and room >= 2:
        return 3, min(2, pool[RJ])
    best = _set_bomb(pool, room, st, 4, 6, 2)
    if best[0]:
        return best
    return _set_bomb(pool, room, st, 3, room, 1)


def _set_bomb(
    pool: list[int], room: int, st: Sequence[int], least: int, most: int, cls: int
) -> tuple[int, int]:
    """The strongest ``(cls, key)`` set of ``least`` or more cards of a rank (at
    most ``most`` and ``room`` of them counted); the key orders by size, then
    strength (strength alone for class 1, the eggs)."""
    best = (0, 0)
    for f in range(TWO + 1):
        n = min(pool[f], room, most)
        if n >= least:
            best = max(best, (cls, 16 * n + st[f] if cls > 1 else st[f]))
    return best


def _chain_bomb(pool: list[int], room: int, chain: Sequence[int]) -> tuple[int, int]:
    """The strongest two 4s of consecutive ranks (class 5) or three 3s (class 4)
    within ``room`` cards."""
    best = (0, 0)
    if room >= 8:
        for i in range(len(chain) - 1):
            if pool[chain[i]] >= 4 and pool[chain[i + 1]] >= 4 and chain[i] != chain[i + 1]:
                best = max(best, (5, i + 1))
        if best[0]:
            return best
    if room >= 9:
        for i in range(len(chain) - 2):
            if all(pool[chain[i + x]] >= 3 for x in range(3)):
                best = max(best, (4, i + 1))
    return best


def beatable(
    play: Combo, pool: list[int], room: int, rules: BigARules, big_suit: int | None
) -> bool:
    """Whether cards ``pool`` (19 counts) can form a play of at most ``room`` cards
    that beats ``play`` (§5)."""
    big = -1 if big_suit is None else SUITED_ACE + big_suit
    st = strengths(rules.rank_order)
    chain = positions(rules.sequence_order)
    bomb = _best_bomb(pool, room, rules, big, chain, st)
    return _beatable(play, pool, room, rules, big, chain, st, bomb)


def _beatable(
    play: Combo,
    pool: list[int],
    room: int,
    rules: BigARules,
    big: int,
    chain: Sequence[int],
    st: Sequence[int],
    bomb: tuple[int, int],
) -> bool:
    """:func:`beatable` with the Big Ace field ``big`` (-1: none), the sequence
    chain, the single-card strengths and ``bomb``, the :func:`_best_bomb` of
    ``pool`` and ``room``, given."""
    cls, key = bomb
    if play.bomb:
        return cls > play.bomb or (cls == play.bomb and key > play.key)
    if _bomb_beats(play, cls, key, rules):
        return True
    if play.size > room:
        return False
    kind = play.kind
    if kind is K.SINGLE:
        if play.key >= BIG_ACE_KEY:
            return False
        if big >= 0 and pool[big]:
            return True
        return any(pool[f] and st[f] > play.key for f in range(RJ + 1))
    if kind is K.PAIR:
        return any(pool[f] >= 2 and st[f] > play.key for f in range(TWO + 1))
    if kind is K.SEQUENCE or kind is K.PAIR_SEQUENCE:
        return _sequence_beats(play, pool, big, chain)
    return False


def _bomb_beats(play: Combo, cls: int, key: int, rules: BigARules) -> bool:
    """Whether the best bomb ``(cls, key)`` beats ``play``, not a bomb."""
    if cls >= 3:
        return True
    kind = play.kind
    if cls == 2:
        if kind is not K.SINGLE or play.key != BIG_ACE_KEY:
            return True
        if key >> 4 >= rules.big_ace_single_min_big_egg:
            return True
    if cls >= 1:
        if kind is K.PAIR or kind is K.SEQUENCE:
            return True
        if kind is K.PAIR_SEQUENCE and rules.egg_over_pair_sequence:
            return True
        if kind is K.SINGLE and (
            play.key < 13 or (rules.egg_over_joker_single and play.key != BIG_ACE_KEY)
        ):
            return True
    return False


def _sequence_beats(play: Combo, pool: list[int], big: int, chain: Sequence[int]) -> bool:
    """Whether ``pool`` holds a higher sequence (pair sequence) of ``play``'s length."""
    m = 1 if play.kind is K.SEQUENCE else 2
    length = play.size // m
    have = [pool[f] + (pool[big] if f == ACE and big >= 0 else 0) for f in chain]
    run = 0
    for i in range(len(chain)):
        run = run + 1 if have[i] >= m else 0
        start = i - length + 1
        if run >= length and start + 1 > play.key:
            return True
    return False


# ----- declaring ----------------------------------------------------------------------------


def strength(hand: Cards, rules: BigARules, big_suit: int | None = None) -> float:
    """A hand's strength per card: an estimate of how well the hand sheds its
    cards and wins tricks, from its control cards (jokers, Big Aces, 3s, 2s, Aces),
    its bombs and the score of its plan, divided by its number of cards (so that
    a partial hand during the draw compares with a full one). Aces keep their
    suits during the draw: with ``big_suit`` the Aces of that suit count as Big
    Aces."""
    h = normalize(hand, big_suit)
    c = _counts(h)
    n = sum(c)
    if n == 0:
        return 0.0
    st = strengths(rules.rank_order)
    big = 0 if big_suit is None else c[SUITED_ACE + big_suit]
    ctrl = 2.0 * big + 1.4 * c[RJ] + 1.2 * c[BJ]
    for f in range(TWO + 1):
        t = st[f]
        if c[f] >= 3:
            ctrl += 0.9 + 0.5 * (c[f] - 3)
        if t >= 10:
            ctrl += 0.25 * (t - 9) * min(c[f], 2)
    plan = decompose(h, rules, big_suit)
    return ctrl / n + 0.03 * plan.score / n * 2.0


def _controls(cards: Cards, st: Sequence[int]) -> float:
    """How many control cards ``cards`` hold (Aces, 2s, 3s as fractions by
    strength, jokers 1, Big Aces 2)."""
    total = 0.0
    for f in range(TWO + 1):
        n = (cards >> SHIFTS[f]) & _F
        if n and st[f] >= 10:
            total += n * (st[f] - 9) / 3.0
    total += ((cards >> SHIFTS[BJ]) & _F) + ((cards >> SHIFTS[RJ]) & _F)
    for f in range(SUITED_ACE, NFACES):
        total += 2.0 * ((cards >> SHIFTS[f]) & _F)
    return total
