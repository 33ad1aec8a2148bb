"""Why a card multiset is no Dou Dizhu combination: the judge's reasons as data.

:data:`DIAGNOSES` is an ordered table of ``(test, reason)`` rows over the
:class:`Facts` of a multiset that has no reading; the first row whose test holds
gives the reason (:func:`diagnose`). The reasons name the shapes of
:mod:`chupai.doudizhu.shapes` and the options that limit them.

>>> from chupai.doudizhu.rules import PRESETS
>>> diagnose([0] * 12 + [1, 1, 0], PRESETS["classic"])
'two cards of different ranks do not form a pair'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Final, NamedTuple

from chupai.doudizhu.rules import DouDizhuRules
from chupai.doudizhu.shapes import ACE, BJ, RJ, Kind, shape_of
from chupai.i18n import Msg

__all__ = ["Facts", "DIAGNOSES", "facts", "diagnose"]


class Facts(NamedTuple):
    """What the reasons look at in a multiset (rank counts ``c``)."""

    c: Sequence[int]
    n: int
    """Number of cards."""
    nz: list[int]
    """The ranks present, ascending."""
    four: bool
    """four_player rules."""
    mixed: bool
    """Both a black and a red joker."""
    quads: int
    """Ranks with exactly four cards."""
    trios: int
    """Ranks with exactly three cards."""
    body_like: bool
    """Two adjacent ranks 3..A of three or more cards and a size that an airplane
    with wings could have."""
    big_four: bool
    """Some rank 3..A holds four or more cards, among the would-be body ranks."""
    same: int
    """The count every present rank has (0 when they differ)."""
    high: bool
    """A 2 or a joker is present."""
    four_with_pair: bool
    kicker_pair: bool
    max_air: int
    """airplane_max_trios."""


def facts(c: Sequence[int], rules: DouDizhuRules) -> Facts:
    """The :class:`Facts` of rank counts ``c`` under ``rules``."""
    nz = [r for r in range(len(c)) if c[r]]
    n = sum(c)
    big = [r for r in nz if c[r] >= 3 and r <= ACE]
    counts = {c[r] for r in nz}
    airplane = shape_of(Kind.AIRPLANE, rules)
    with_two = shape_of(Kind.FOUR_WITH_TWO, rules)
    return Facts(
        c=c,
        n=n,
        nz=nz,
        four=rules.four_player,
        mixed=c[BJ] >= 1 and c[RJ] >= 1,
        quads=sum(1 for r in nz if c[r] == 4),
        trios=sum(1 for r in nz if c[r] == 3),
        body_like=any(b - a == 1 for a, b in pairwise(big)) and (n % 4 == 0 or n % 5 == 0),
        big_four=any(c[r] >= 4 for r in big),
        same=counts.pop() if len(counts) == 1 else 0,
        high=any(r > ACE for r in nz),
        four_with_pair=bool(rules.allow_four_with_pair),
        kicker_pair=with_two is None or with_two.same_rank,
        max_air=airplane.hi if airplane else rules.airplane_max_trios,
    )


Test = Callable[[Facts], bool]

DIAGNOSES: Final[tuple[tuple[Test, str], ...]] = (
    (lambda f: f.n == 0, "no cards"),
    (
        lambda f: f.four and f.n == 2 and f.mixed,
        "BJ RJ is not a pair (four_player: only jokers of the same colour pair)",
    ),
    (
        lambda f: f.four and f.c[BJ] + f.c[RJ] == 3 and f.n == 3,
        "three jokers form nothing (heaven_lord is all four jokers)",
    ),
    (lambda f: f.n == 2, "two cards of different ranks do not form a pair"),
    (lambda f: f.n == 3, "three cards must all be of one rank 3..2 to form a trio"),
    (
        lambda f: f.four and f.n == 4 and f.trios == 1,
        "four_player has no trio_single: a trio takes a pair (trio_pair)",
    ),
    (
        lambda f: f.four and f.n == 6 and f.quads > 0 and len(f.nz) == 2 and not f.four_with_pair,
        (
            "four_player has no four_with_two; four_with_pair needs the option "
            "allow_four_with_pair=true"
        ),
    ),
    (
        lambda f: f.four and f.n == 6 and f.quads > 0,
        "four_player has no four_with_two (four of a rank take no two single kickers)",
    ),
    (lambda f: f.four and f.n == 8 and f.quads > 0, "four_player has no four_with_two_pairs"),
    (
        lambda f: f.four and f.trios >= 2 and f.n % 4 == 0 and f.n % 5 != 0,
        "four_player airplanes take pairs as wings (airplane_pairs), not single cards",
    ),
    (
        lambda f: f.body_like and f.four and f.c[BJ] == 2 and f.c[RJ] == 2,
        "the wings of an airplane may not hold all four jokers (the heaven_lord)",
    ),
    (
        lambda f: f.body_like and f.mixed,
        "BJ and RJ may not both be wings of an airplane (they are the rocket)",
    ),
    (
        lambda f: f.body_like and f.big_four and f.four,
        (
            "no airplane reading: a wing pair may never have the rank of a body trio, "
            "and the wing pairs must be of different ranks"
        ),
    ),
    (
        lambda f: f.body_like and f.big_four,
        (
            "no airplane reading: a wing may never have the rank of a body trio, and "
            "the wings never hold four of one rank"
        ),
    ),
    (
        lambda f: f.n == 5 and f.trios == 1 and f.mixed,
        "BJ RJ is not a pair, so a trio cannot take them",
    ),
    (
        lambda f: f.n == 5 and f.quads > 0,
        "four of a rank and one card form nothing (no four-with-one)",
    ),
    (
        lambda f: not f.four and f.n == 6 and f.quads == 1 and f.mixed,
        "four_with_two may not take BJ and RJ together (they are the rocket)",
    ),
    (
        lambda f: not f.four and f.n == 6 and f.quads == 1 and len(f.nz) == 2 and not f.kicker_pair,
        "four_with_two_kickers=no_pair: the two kickers must differ in rank",
    ),
    (
        lambda f: not f.four and f.n == 8 and f.quads == 2 and not f.body_like,
        "two quads are not a four_with_two_pairs (its pairs must differ in rank)",
    ),
    (
        lambda f: not f.four and f.n == 8 and f.quads >= 1 and not f.body_like and f.mixed,
        "BJ RJ is not a pair",
    ),
    (
        lambda f: not f.four and f.n == 8 and f.quads >= 1 and not f.body_like,
        "four_with_two_pairs needs two pairs of different ranks",
    ),
    (
        lambda f: f.n >= 5 and f.high and f.same in (1, 2, 3),
        "a 2 or a joker can never be part of a straight, pair chain or airplane",
    ),
    (lambda f: f.n > 12 and f.same == 1, "a straight has at most 12 cards (3 to A)"),
    (
        lambda f: f.n >= 5 and f.same == 1,
        "the ranks of a straight must be consecutive (no gaps, no wrap-around)",
    ),
    (lambda f: f.n == 4 and f.same == 1, "a straight needs at least 5 cards"),
    (lambda f: f.same == 2 and len(f.nz) < 3, "a pair chain needs at least 3 consecutive pairs"),
    (lambda f: f.same == 2, "the pairs of a pair chain must be of consecutive ranks"),
    (
        lambda f: f.same == 3 and len(f.nz) > f.max_air,
        "an airplane has at most {max_air} trios (airplane_max_trios)",
    ),
    (
        lambda f: f.same == 3 and len(f.nz) >= 2,
        "the trios of an airplane must be of consecutive ranks 3..A",
    ),
    (
        lambda f: f.body_like and not f.four,
        (
            "no airplane reading: the body must be consecutive trios of ranks 3..A with "
            "exactly as many wings, never of a body rank and never four of one rank"
        ),
    ),
    (
        lambda f: f.body_like,
        (
            "no airplane reading: the body must be consecutive trios of ranks 3..A with "
            "exactly as many wings, never of a body rank, the wings pairs of different ranks"
        ),
    ),
    (
        lambda f: f.n == 4 and f.trios == 1 and not f.four,
        "three of a rank and one card of another rank form a trio_single; this is not one",
    ),
    (lambda f: True, "these {n} cards form no combination"),
)
"""The reasons in the order they are tried: the first row whose test holds
names what is wrong (``{n}`` and ``{max_air}`` are filled in)."""


def diagnose(c: Sequence[int], rules: DouDizhuRules) -> str:
    """The reason rank counts ``c`` (that have no reading) form no combination."""
    f = facts(c, rules)
    reason = next(text for test, text in DIAGNOSES if test(f))
    return Msg(reason, n=f.n, max_air=f.max_air)
