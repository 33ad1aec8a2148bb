"""Big A scoring (``biga.md`` §10): every row of the three tables, the doubling,
option ``p2d5_defender_points`` and the worked examples of §10.4."""

from __future__ import annotations

import itertools

import pytest

from chupai.biga.rules import STANDARD, resolve
from chupai.biga.scoring import (
    ALONE,
    HIDDEN_PARTNER,
    REVEALED_PARTNER,
    alone_values,
    partner_table,
    score,
)

P2D5_2 = resolve("standard", {"p2d5_defender_points": "2"})

# (declarer position, partner position) -> (declarer, partner, each defender), as in
# the spec's tables; "a and b" rows hold in both orders.
HIDDEN_ROWS = [
    ("1 and 2", [(1, 2), (2, 1)], (6, 3, -3)),
    ("1 and 3", [(1, 3), (3, 1)], (4, 2, -2)),
    ("1 and 4", [(1, 4), (4, 1)], (2, 1, -1)),
    ("1 and 5", [(1, 5), (5, 1)], (0, 0, 0)),
    ("2 and 3", [(2, 3), (3, 2)], (0, 0, 0)),
    ("2 and 4", [(2, 4), (4, 2)], (0, 0, 0)),
    ("declarer 2, partner 5", [(2, 5)], (-2, -1, 1)),
    ("partner 2, declarer 5", [(5, 2)], (-4, -2, 1)),
    ("3 and 4", [(3, 4), (4, 3)], (0, 0, 0)),
    ("declarer 3, partner 5", [(3, 5)], (-2, -1, 1)),
    ("partner 3, declarer 5", [(5, 3)], (-4, -2, 2)),
    ("4 and 5", [(4, 5), (5, 4)], (-6, -3, 3)),
]
REVEALED_ROWS = [
    ("1 and 2", [(1, 2), (2, 1)], (9, 9, -6)),
    ("1 and 3", [(1, 3), (3, 1)], (6, 6, -4)),
    ("1 and 4", [(1, 4), (4, 1)], (3, 3, -2)),
    ("1 and 5", [(1, 5), (5, 1)], (0, 0, 0)),
    ("2 and 3", [(2, 3), (3, 2)], (0, 0, 0)),
    ("2 and 4", [(2, 4), (4, 2)], (0, 0, 0)),
    ("declarer 2, partner 5", [(2, 5)], (-3, -3, 2)),
    ("partner 2, declarer 5", [(5, 2)], (-6, -6, 4)),
    ("3 and 4", [(3, 4), (4, 3)], (0, 0, 0)),
    ("declarer 3, partner 5", [(3, 5)], (-3, -3, 2)),
    ("partner 3, declarer 5", [(5, 3)], (-6, -6, 4)),
    ("4 and 5", [(4, 5), (5, 4)], (-9, -9, 6)),
]
ALONE_ROWS = [(1, (32, -8)), (2, (0, 0)), (3, (0, 0)), (4, (0, 0)), (5, (-32, 8))]


def order_with(
    declarer: int, dpos: int, partner: int | None = None, ppos: int | None = None
) -> tuple[int, ...]:
    """A finishing order of seats 0..4 putting ``declarer`` at ``dpos`` (and
    ``partner`` at ``ppos``), the others in seat order."""
    slots: list[int | None] = [None] * 5
    slots[dpos - 1] = declarer
    if partner is not None and ppos is not None:
        slots[ppos - 1] = partner
    rest = iter(s for s in range(5) if s not in slots)
    return tuple(s if s is not None else next(rest) for s in slots)


def per_seat(declarer: int, partner: int | None, d: int, p: int, e: int) -> tuple[int, ...]:
    return tuple(d if s == declarer else p if s == partner else e for s in range(5))


@pytest.mark.parametrize("label, pairs, values", HIDDEN_ROWS, ids=[r[0] for r in HIDDEN_ROWS])
@pytest.mark.parametrize("declarer, partner", [(0, 3), (4, 1)])
def test_hidden_partner_table_row(
    label: str,
    pairs: list[tuple[int, int]],
    values: tuple[int, int, int],
    declarer: int,
    partner: int,
) -> None:
    for dpos, ppos in pairs:
        order = order_with(declarer, dpos, partner, ppos)
        got = score(
            STANDARD, order, declarer, partner, alone=False, partner_revealed=False, two_shown=False
        )
        assert got == per_seat(declarer, partner, *values), (label, order)


@pytest.mark.parametrize("label, pairs, values", REVEALED_ROWS, ids=[r[0] for r in REVEALED_ROWS])
@pytest.mark.parametrize("declarer, partner", [(0, 3), (2, 1)])
def test_revealed_partner_table_row(
    label: str,
    pairs: list[tuple[int, int]],
    values: tuple[int, int, int],
    declarer: int,
    partner: int,
) -> None:
    for dpos, ppos in pairs:
        order = order_with(declarer, dpos, partner, ppos)
        got = score(
            STANDARD, order, declarer, partner, alone=False, partner_revealed=True, two_shown=False
        )
        assert got == per_seat(declarer, partner, *values), (label, order)


@pytest.mark.parametrize("dpos, values", ALONE_ROWS)
@pytest.mark.parametrize("two_shown", [False, True])
def test_alone_table_row(dpos: int, values: tuple[int, int], two_shown: bool) -> None:
    f = 2 if two_shown else 1
    for declarer in range(5):
        order = order_with(declarer, dpos)
        got = score(
            STANDARD, order, declarer, None, alone=True, partner_revealed=False, two_shown=two_shown
        )
        assert got == per_seat(declarer, None, values[0] * f, 0, values[1] * f)


def test_the_tables_as_data_match_the_spec() -> None:
    assert [
        (r.label, sorted(r.positions), (r.declarer, r.partner, r.defender)) for r in HIDDEN_PARTNER
    ] == [(a, sorted(b), c) for a, b, c in HIDDEN_ROWS]
    assert [
        (r.label, sorted(r.positions), (r.declarer, r.partner, r.defender))
        for r in REVEALED_PARTNER
    ] == [(a, sorted(b), c) for a, b, c in REVEALED_ROWS]
    assert [(p, (r.declarer, r.defender)) for r in ALONE for p in r.positions] == ALONE_ROWS


def test_every_position_pair_has_exactly_one_row() -> None:
    for table in (HIDDEN_PARTNER, REVEALED_PARTNER):
        covered = sorted(p for r in table for p in r.positions)
        assert covered == sorted(itertools.permutations(range(1, 6), 2))


def test_zero_sum_except_the_p2d5_row() -> None:
    for dpos, ppos in itertools.permutations(range(1, 6), 2):
        for revealed in (False, True):
            d, p, e = partner_table(STANDARD, dpos, ppos, revealed)
            total = d + p + 3 * e
            if (dpos, ppos) == (5, 2) and not revealed:
                assert total == -3  # the seed's anomaly
                d, p, e = partner_table(P2D5_2, dpos, ppos, revealed)
                assert d + p + 3 * e == 0
            else:
                assert total == 0, (dpos, ppos, revealed)
    for dpos in range(1, 6):
        for two in (False, True):
            d, e = alone_values(dpos, two)
            assert d + 4 * e == 0


def test_p2d5_option_changes_only_its_row() -> None:
    for dpos, ppos in itertools.permutations(range(1, 6), 2):
        for revealed in (False, True):
            a = partner_table(STANDARD, dpos, ppos, revealed)
            b = partner_table(P2D5_2, dpos, ppos, revealed)
            if (dpos, ppos, revealed) == (5, 2, False):
                assert (a, b) == ((-4, -2, 1), (-4, -2, 2))
            else:
                assert a == b


# ----- §10.4 worked examples (declarer seat 0, partner seat 1 where there is one)


def test_example_1_hidden_positions_1_and_3() -> None:
    # declarer, defender, partner -> declarer +4, partner +2, each defender -2
    got = score(
        STANDARD, (0, 2, 1, 3, 4), 0, 1, alone=False, partner_revealed=False, two_shown=False
    )
    assert got == (4, 2, -2, -2, -2)


def test_example_2_revealed_partner_first_declarer_second() -> None:
    got = score(
        STANDARD, (1, 0, 2, 3, 4), 0, 1, alone=False, partner_revealed=True, two_shown=False
    )
    assert got == (9, 9, -6, -6, -6)


def test_example_3_partner_2_declarer_5() -> None:
    order = (2, 1, 3, 4, 0)
    got = score(STANDARD, order, 0, 1, alone=False, partner_revealed=False, two_shown=False)
    assert got == (-4, -2, 1, 1, 1)
    got2 = score(P2D5_2, order, 0, 1, alone=False, partner_revealed=False, two_shown=False)
    assert got2 == (-4, -2, 2, 2, 2)


def test_example_4_defenders_first_three() -> None:
    got = score(
        STANDARD, (2, 3, 4, 0, 1), 0, 1, alone=False, partner_revealed=False, two_shown=False
    )
    assert got == (-6, -3, 3, 3, 3)


def test_example_5_alone_first() -> None:
    got = score(
        STANDARD, (0, 1, 2, 3, 4), 0, None, alone=True, partner_revealed=False, two_shown=False
    )
    assert got == (32, -8, -8, -8, -8)


def test_example_6_fan_da_a_declarer_last() -> None:
    got = score(
        STANDARD, (1, 2, 3, 4, 0), 0, None, alone=True, partner_revealed=False, two_shown=True
    )
    assert got == (-64, 16, 16, 16, 16)


def test_example_7_alone_third() -> None:
    got = score(
        STANDARD, (1, 2, 0, 3, 4), 0, None, alone=True, partner_revealed=False, two_shown=False
    )
    assert got == (0, 0, 0, 0, 0)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(finishing_order=(0, 1, 2, 3)), "not an order"),
        (dict(finishing_order=(0, 1, 2, 3, 3)), "not an order"),
        (dict(partner=None), "bad partner"),
        (dict(partner=0), "bad partner"),
        (dict(two_shown=True), "alone"),
        (dict(alone=True), "no partner"),
        (dict(declarer=7), "not a seat"),
    ],
)
def test_inconsistent_facts_are_errors(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = dict(
        finishing_order=(0, 1, 2, 3, 4),
        declarer=0,
        partner=1,
        alone=False,
        partner_revealed=False,
        two_shown=False,
    )
    args.update(kwargs)
    with pytest.raises(ValueError, match=message):
        score(STANDARD, **args)  # type: ignore[arg-type]
