"""Big A legal-move generation.

:func:`hand_combos` lists every distinct combination a hand holds (one entry per
card multiset: every multiset has at most one reading, :mod:`chupai.biga.combos`).
:func:`legal_plays` keeps those that may be played now: all of them when leading,
else those that beat the top play (§5). :func:`captures` gives the fours capture of
§6, which is not a beat and is listed apart.

Every combination is prebuilt in :class:`~chupai.biga.combos.Tables` (per rules and
Big Ace suit); the generator reads the hand's counts, finds the runs of the
sequence chain and extends the output with the prebuilt lists. The test-suite checks
it against brute-force enumeration of every sub-multiset.

Where the compiled core is built (:mod:`chupai.compiled`), :func:`hand_combos`,
:func:`legal_plays` and :func:`follow_filter` are the compiled twins of
``chupai.biga._fast`` (the same tables as C arrays of combination ids, the same
lists in the same order); the pure functions stay as :func:`hand_combos_py`,
:func:`legal_plays_py` and :func:`follow_filter_py`, the reference.

>>> from chupai.biga.rules import resolve
>>> from chupai.biga.cards import parse_cards
>>> from chupai.biga.combos import classify
>>> rules = resolve("standard", {"big_ace_suit": "H"})
>>> hand = parse_cards("Q K A AH", 2)
>>> sorted(c.text(2, rules) for c in hand_combos(hand, rules, 2))
['A', 'AH', 'K', 'Q', 'Q K A', 'Q K AH']
>>> kk = classify(parse_cards("K K"), rules, 2)
>>> [c.text(2, rules) for c in legal_plays(parse_cards("3 3 3 4 4 RJ"), rules, 2, kk)]
['3 3', '3 3 3']
>>> [c.text(2, rules) for c in captures(parse_cards("4 4 4 5"), rules,
...                                     classify(parse_cards("9 9 9"), rules, 2))]
['4 4']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from chupai.biga.cards import ACE, BJ, GUARD, RJ, SHIFTS, TWO, Cards, normalize
from chupai.biga.combos import FOUR, SEQUENCE_KINDS, Combo, Kind, Tables, bomb_floor, tables
from chupai.biga.rules import BigARules
from chupai.compiled import load

__all__ = [
    "hand_combos",
    "legal_plays",
    "captures",
    "follow_filter",
    "hand_combos_py",
    "legal_plays_py",
    "follow_filter_py",
]

K = Kind
_F: Final = 31
_ORDINARY: Final = range(TWO + 1)
_RUNS: Final = tuple((m, fewest) for m, (_, fewest, _) in SEQUENCE_KINDS.items())
"""``(cards per rank, fewest ranks)`` of each sequence type."""


def hand_combos_py(hand: Cards, rules: BigARules, big_suit: int | None) -> list[Combo]:
    """Every distinct combination contained in ``hand`` (packed counts; normalized
    here for ``big_suit``). The pure-Python reference of :func:`hand_combos`."""
    return _hand_combos(normalize(hand, big_suit), tables(rules, big_suit))


def _hand_combos(hand: Cards, t: Tables) -> list[Combo]:
    c = [(hand >> s) & _F for s in SHIFTS]
    out: list[Combo] = []
    sets = t.sets
    for f in _ORDINARY:
        n = c[f]
        if n:
            out += sets[f][1 : n + 1]  # type: ignore[arg-type]
    bj, rj = c[BJ], c[RJ]
    if bj or rj:
        jk = t.jokers
        for x in range(bj + 1):
            row = jk[x]
            for y in range(rj + 1):
                if x or y:
                    out.append(row[y])  # type: ignore[arg-type]
    nbig = c[t.big] if t.big >= 0 else 0
    if nbig:
        _big_ace_combos(nbig, c[ACE], t, out)
    _sequence_combos(c, nbig, t, out)
    return out


def _big_ace_combos(nbig: int, nace: int, t: Tables, out: list[Combo]) -> None:
    """Add the combinations holding some of the ``nbig`` Big Aces to ``out``."""
    out.append(t.single_big)  # type: ignore[arg-type]
    if nbig >= 2:
        out.append(t.two_big_aces)  # type: ignore[arg-type]
    if nace and t.rules.big_ace_in_sets:
        for j in range(1, nbig + 1):
            out += t.ace_sets[j][1 : nace + 1]  # type: ignore[arg-type]


def _sequence_combos(c: list[int], nbig: int, t: Tables, out: list[Combo]) -> None:
    """Add the sequence types of the counts ``c`` to ``out``: the runs of the chain
    with at least ``m`` cards at every position, for each ``m``."""
    nace = c[ACE]
    eff = [c[f] + nbig if f == ACE else c[f] for f in t.chain]
    npos = len(eff)
    for m, minlen in _RUNS:
        plain = t.plain[m]
        acey = t.acey[m]
        start = -1
        for p in range(npos + 1):
            if p < npos and eff[p] >= m:
                if start < 0:
                    start = p
            elif start >= 0:
                if p - start >= minlen:
                    e = p - 1
                    out += plain[start][e]
                    lists = acey[start][e]
                    if lists[0] or lists[1]:
                        for j in range(min(nbig, m, 2) + 1):
                            if m - j <= nace:
                                out += lists[j]
                start = -1


def follow_filter_py(
    combos: list[Combo], top: Combo, rules: BigARules, hand: Cards | None = None
) -> list[Combo]:
    """The combos of ``combos`` that beat ``top`` (§5) and, if ``hand`` is given,
    that ``hand`` (normalized) contains. No per-combo function calls. The
    pure-Python reference of :func:`follow_filter`."""
    tb, tk = top[4], top[2]
    if tb:
        out = [x for x in combos if x[4] > tb or (x[4] == tb and x[2] > tk)]
    else:
        kind, size = top[0], top[3]
        egg, min_big = bomb_floor(kind, tk, rules)
        out = [
            x
            for x in combos
            if (x[4] >= egg and (x[4] != 2 or x[3] >= min_big))
            or (x[0] is kind and x[3] == size and x[2] > tk)
        ]
    if hand is not None:
        hg = hand + GUARD
        out = [x for x in out if (hg - x[1]) & GUARD == GUARD]
    return out


def legal_plays_py(
    hand: Cards, rules: BigARules, big_suit: int | None, top: Combo | None = None
) -> list[Combo]:
    """The plays of ``hand`` legal now: every distinct combination when leading
    (``top`` is None), else those beating ``top``. Captures are not included (see
    :func:`captures`). The pure-Python reference of :func:`legal_plays`."""
    combos = _hand_combos(normalize(hand, big_suit), tables(rules, big_suit))
    if top is None:
        return combos
    return follow_filter_py(combos, top, rules)


def captures(hand: Cards, rules: BigARules, top: Combo) -> list[Combo]:
    """The fours capture of ``top`` that ``hand`` can make (§6): a list of one
    Combo (the ``s - 1`` fours as a pair, egg or big egg of 4s) when ``top`` is an
    egg or big egg of ``s`` cards, ``fours_capture`` is on and the hand holds at
    least ``s - 1`` fours; else empty."""
    if not rules.fours_capture or not (top.kind is K.EGG or top.kind is K.BIG_EGG):
        return []
    n = top.size - 1
    if (hand >> SHIFTS[FOUR]) & _F < n:
        return []
    combo = tables(rules, None).sets[FOUR][n]
    assert combo is not None
    return [combo]


# ----- the engine's choice: the compiled twins (chupai.biga._fast) where built ----------
hand_combos: Callable[[Cards, BigARules, int | None], list[Combo]] = hand_combos_py
"""Every distinct combination contained in ``hand`` (:func:`hand_combos_py`, or its
compiled twin: the same list in the same order)."""
legal_plays: Callable[..., list[Combo]] = legal_plays_py
"""The plays of ``hand`` legal now (:func:`legal_plays_py`, or its compiled twin)."""
follow_filter: Callable[..., list[Combo]] = follow_filter_py
"""The combos that beat ``top`` (:func:`follow_filter_py`, or its compiled twin)."""
_fast = load("chupai.biga._fast")
if _fast is not None:
    hand_combos = _fast.hand_combos
    legal_plays = _fast.legal_plays
    follow_filter = _fast.follow_filter
