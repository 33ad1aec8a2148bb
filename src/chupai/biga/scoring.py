"""Big A scoring of one deal (``biga.md`` §10): the three tables of seed 003 as data.

Finishing positions are 1..5. A deal with a partner is scored by the positions of
the declarer and the partner, from :data:`HIDDEN_PARTNER` (the partner did not
reveal before play, §10.1) or :data:`REVEALED_PARTNER` (§10.2); a declarer who
plays alone is scored by its own position from :data:`ALONE` (§10.3), every value
doubled when two Big Aces were shown before play. "Each defender" is the score of
every defender. Option ``p2d5_defender_points`` replaces the defenders' value of the
hidden-partner row "partner 2, declarer 5" (the seed's +1, the only row that is
not zero-sum).

>>> from chupai.biga.rules import STANDARD
>>> score(STANDARD, (2, 0, 4, 1, 3), declarer=2, partner=4, alone=False,
...       partner_revealed=False, two_shown=False)  # positions 1 and 3
(-2, -2, 4, -2, 2)
>>> score(STANDARD, (0, 1, 2, 3, 4), declarer=4, partner=None, alone=True,
...       partner_revealed=False, two_shown=True)   # alone, last, two shown
(16, 16, 16, 16, -64)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final, NamedTuple

from chupai.biga.rules import BigARules

__all__ = [
    "PartnerRow",
    "AloneRow",
    "HIDDEN_PARTNER",
    "REVEALED_PARTNER",
    "ALONE",
    "P2D5",
    "partner_table",
    "alone_values",
    "score",
    "winning_team",
]


class PartnerRow(NamedTuple):
    """One row of a partner table: the ``(declarer position, partner position)``
    pairs it covers and the three scores."""

    label: str
    """The row's wording in ``biga.md`` §10.1/§10.2."""
    positions: tuple[tuple[int, int], ...]
    declarer: int
    partner: int
    defender: int
    """The score of each of the three defenders."""


class AloneRow(NamedTuple):
    """One row of the alone table (§10.3): the declarer positions it covers."""

    label: str
    positions: tuple[int, ...]
    declarer: int
    defender: int
    """The score of each of the four defenders."""


def _both(a: int, b: int) -> tuple[tuple[int, int], ...]:
    return ((a, b), (b, a))


_PARTNER_ROWS: Final = (
    # row label, (declarer, partner) positions, hidden (§10.1), revealed (§10.2):
    # each (declarer, partner, each defender)
    ("1 and 2", _both(1, 2), (6, 3, -3), (9, 9, -6)),
    ("1 and 3", _both(1, 3), (4, 2, -2), (6, 6, -4)),
    ("1 and 4", _both(1, 4), (2, 1, -1), (3, 3, -2)),
    ("1 and 5", _both(1, 5), (0, 0, 0), (0, 0, 0)),
    ("2 and 3", _both(2, 3), (0, 0, 0), (0, 0, 0)),
    ("2 and 4", _both(2, 4), (0, 0, 0), (0, 0, 0)),
    ("declarer 2, partner 5", ((2, 5),), (-2, -1, 1), (-3, -3, 2)),
    ("partner 2, declarer 5", ((5, 2),), (-4, -2, 1), (-6, -6, 4)),
    ("3 and 4", _both(3, 4), (0, 0, 0), (0, 0, 0)),
    ("declarer 3, partner 5", ((3, 5),), (-2, -1, 1), (-3, -3, 2)),
    ("partner 3, declarer 5", ((5, 3),), (-4, -2, 2), (-6, -6, 4)),
    ("4 and 5", _both(4, 5), (-6, -3, 3), (-9, -9, 6)),
)

HIDDEN_PARTNER: Final[tuple[PartnerRow, ...]] = tuple(
    PartnerRow(label, pos, *hidden) for label, pos, hidden, _ in _PARTNER_ROWS
)
"""§10.1: with a partner who did not reveal before play (seed 003, exactly)."""

REVEALED_PARTNER: Final[tuple[PartnerRow, ...]] = tuple(
    PartnerRow(label, pos, *shown) for label, pos, _, shown in _PARTNER_ROWS
)
"""§10.2: with a partner who revealed before play."""

ALONE: Final[tuple[AloneRow, ...]] = (
    AloneRow("1", (1,), 32, -8),
    AloneRow("2, 3 or 4", (2, 3, 4), 0, 0),
    AloneRow("5", (5,), -32, 8),
)
"""§10.3: the declarer alone (doubled when ``two_shown``)."""

P2D5: Final = (5, 2)
"""``(declarer position, partner position)`` of the row whose defenders' value is
option ``p2d5_defender_points``."""


def _index(rows: tuple[PartnerRow, ...]) -> Mapping[tuple[int, int], PartnerRow]:
    out: dict[tuple[int, int], PartnerRow] = {}
    for row in rows:
        for pos in row.positions:
            assert pos not in out, f"position pair {pos} in two rows"
            out[pos] = row
    return MappingProxyType(out)


_HIDDEN: Final = _index(HIDDEN_PARTNER)
_REVEALED: Final = _index(REVEALED_PARTNER)
_ALONE: Final = MappingProxyType({p: row for row in ALONE for p in row.positions})


def partner_table(
    rules: BigARules, declarer_pos: int, partner_pos: int, revealed: bool
) -> tuple[int, int, int]:
    """``(declarer, partner, each defender)`` for the given finishing positions
    (1..5, distinct) from the hidden or revealed table, option applied.

    >>> from chupai.biga.rules import resolve
    >>> partner_table(resolve("standard", {"p2d5_defender_points": "2"}), 5, 2, False)
    (-4, -2, 2)
    """
    row = (_REVEALED if revealed else _HIDDEN).get((declarer_pos, partner_pos))
    if row is None:
        raise ValueError(
            f"no table row for declarer position {declarer_pos} and partner position {partner_pos}"
        )
    defender = row.defender
    if not revealed and (declarer_pos, partner_pos) == P2D5:
        defender = rules.p2d5_defender_points
    return row.declarer, row.partner, defender


def alone_values(declarer_pos: int, two_shown: bool) -> tuple[int, int]:
    """``(declarer, each defender)`` of the alone table, doubled when ``two_shown``.

    >>> alone_values(1, False), alone_values(3, True), alone_values(5, True)
    ((32, -8), (0, 0), (-64, 16))
    """
    row = _ALONE.get(declarer_pos)
    if row is None:
        raise ValueError(f"no finishing position {declarer_pos}")
    f = 2 if two_shown else 1
    return row.declarer * f, row.defender * f


def score(
    rules: BigARules,
    finishing_order: Sequence[int],
    declarer: int,
    partner: int | None,
    alone: bool,
    partner_revealed: bool,
    two_shown: bool,
) -> tuple[int, ...]:
    """Every seat's score of a deal (§10). ``finishing_order`` lists all five seats,
    first out first (players still holding cards at the end take the last
    positions, §8). ``partner`` is None exactly when ``alone``; ``partner_revealed``
    needs a partner and ``two_shown`` needs ``alone``. Raises ``ValueError`` on
    inconsistent facts."""
    n = rules.players
    order = tuple(finishing_order)
    if sorted(order) != list(range(n)):
        raise ValueError(f"the finishing order {order} is not an order of the {n} seats")
    if not 0 <= declarer < n:
        raise ValueError(f"declarer {declarer} is not a seat")
    pos = {seat: i + 1 for i, seat in enumerate(order)}
    if alone:
        if partner is not None or partner_revealed:
            raise ValueError("a declarer playing alone has no partner")
        d, e = alone_values(pos[declarer], two_shown)
        return tuple(d if s == declarer else e for s in range(n))
    if partner is None or not 0 <= partner < n or partner == declarer:
        raise ValueError(f"bad partner {partner!r} for declarer {declarer}")
    if two_shown:
        raise ValueError("two Big Aces shown means the declarer plays alone")
    d, p, e = partner_table(rules, pos[declarer], pos[partner], partner_revealed)
    return tuple(d if s == declarer else p if s == partner else e for s in range(n))


def winning_team(
    declarer: int | None, partner: int | None, scores: Sequence[int]
) -> tuple[int, ...]:
    """The winning team of a finished Big A deal: the declarer's team (the
    declarer and its partner, or the declarer alone) when the declarer scored
    more than 0, the defenders when it scored less than 0, nobody when the
    finishing positions score 0 (§10: e.g. positions 1 and 5, or 2 and 3) or on a
    redeal (``declarer`` None). The declarer's score decides because every table
    gives the whole declarer team the sign of the declarer's score and every
    defender the opposite sign.

    >>> winning_team(0, 3, (4, -2, -2, 4, -4))
    (0, 3)
    >>> winning_team(0, None, (-8, 2, 2, 2, 2))
    (1, 2, 3, 4)
    >>> winning_team(None, None, (0, 0, 0, 0, 0))
    ()
    """
    if declarer is None:
        return ()
    team = {declarer} if partner is None else {declarer, partner}
    score = scores[declarer]
    if score > 0:
        return tuple(sorted(team))
    if score < 0:
        return tuple(s for s in range(len(scores)) if s not in team)
    return ()
