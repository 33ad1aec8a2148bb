"""The shared trick machine (:mod:`chupai.trick`): turn order, the end of a trick,
the pass lock-out and who leads after the top player went out, checked on a toy
table against a plain reference model of the rules."""

from __future__ import annotations

import random
from typing import Any

import pytest

from chupai.trick import Trick, next_seat


class Table(Trick):
    """A bare table: only the trick's slots."""

    __slots__ = (
        "_active",
        "_lockout",
        "leader",
        "passed",
        "players",
        "to_act",
        "top",
        "top_player",
    )

    def __init__(self, players: int, lockout: bool = False) -> None:
        self.players = players
        self._active = (1 << players) - 1
        self._lockout = lockout
        self._open_play(0)


class PartnerTable(Table):
    """When the top player went out, the lead goes to its partner (seat + 2)."""

    __slots__ = ()

    def _lead_after(self, gone: int) -> int:
        mate = (gone + 2) % self.players
        return mate if self._active >> mate & 1 else super()._lead_after(gone)


def _slow_next(mask: int, seat: int, n: int) -> int:
    for i in range(1, n + 1):
        if mask >> (seat + i) % n & 1:
            return (seat + i) % n
    raise AssertionError


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_next_seat_is_the_next_seat_in_turn_order(n: int) -> None:
    for mask in range(1, 1 << n):
        for seat in range(n):
            assert next_seat(mask, seat) == _slow_next(mask, seat, n), (mask, seat)


def test_a_trick_ends_when_every_other_seat_passed() -> None:
    t = Table(3)
    assert (t.top, t.leader, t.to_act, t.passed) == (None, 0, 0, 0)
    t._trick_play(0, "low")
    assert (t.top, t.top_player, t.to_act) == ("low", 0, 1)
    t._trick_pass(1)
    assert (t.to_act, t.passes, t.passed) == (2, 1, 0b010)
    t._trick_play(2, "high")
    assert (t.to_act, t.passes) == (0, 0)
    t._trick_pass(0)
    assert t.to_act == 1
    t._trick_pass(1)
    assert (t.top, t.leader, t.to_act, t.passed) == (None, 2, 2, 0)


def test_without_lockout_a_seat_that_passed_may_play_again() -> None:
    t = Table(4)
    t._trick_play(0, "a")
    t._trick_pass(1)
    t._trick_play(2, "b")
    t._trick_pass(3)
    t._trick_pass(0)
    assert t.to_act == 1  # seat 1 passed before the last play: it acts again
    assert t._next_in_trick(0) == 1


def test_lockout_skips_seats_that_passed_in_the_trick() -> None:
    t = Table(4, lockout=True)
    t._trick_play(0, "a")
    t._trick_pass(1)
    t._trick_play(2, "b")
    assert t.passed == 0b0010  # the lock-out lasts the whole trick
    assert t._next_in_trick(2) == 3
    t._trick_pass(3)
    assert t.to_act == 0
    assert t._next_in_trick(0) == 2
    t._trick_pass(0)  # 1, 3 and 0 passed: seat 2 leads
    assert (t.top, t.leader, t.to_act, t.passed) == (None, 2, 2, 0)


def test_lockout_ends_the_trick_after_a_play_when_the_rest_passed() -> None:
    t = Table(4, lockout=True)
    t._trick_play(0, "a")
    t._went_out(0)  # seat 0 went out with its play
    t._trick_pass(1)
    t._trick_pass(2)
    assert t.to_act == 3
    t._trick_top(3, "b")
    t._trick_turn(3)  # 1 and 2 are locked out: 3 leads again
    assert (t.top, t.leader, t.to_act) == (None, 3, 3)


def test_the_next_active_seat_leads_after_the_top_player_went_out() -> None:
    t = Table(4)
    t._went_out(0)  # seat 0 went out earlier
    t._went_out(1)  # seat 1 goes out with its play
    t._trick_play(1, "a")
    assert t.to_act == 2
    t._trick_pass(2)
    assert t.to_act == 3
    t._trick_pass(3)
    assert (t.top, t.leader, t.to_act) == (None, 2, 2)


def test_a_game_names_the_leader_after_the_top_player_went_out() -> None:
    t = PartnerTable(4)
    t._went_out(0)
    t._trick_play(0, "a")
    for seat in (1, 2, 3):
        t._trick_pass(seat)
    assert (t.leader, t.to_act) == (2, 2)


def test_an_empty_table_has_no_seat_to_act_in_the_trick() -> None:
    t = Table(2)
    t._trick_play(0, "a")
    t._went_out(1)
    assert t._next_in_trick(0) is None


# ----- against a reference model ---------------------------------------------------
class Reference:
    """The rules written plainly: seats in turn order, a list of who passed."""

    def __init__(self, n: int, lockout: bool) -> None:
        self.n, self.lockout = n, lockout
        self.active = set(range(n))
        self.top: Any = None
        self.top_player: int | None = None
        self.passed: set[int] = set()
        self.leader = self.to_act = 0

    def _turn(self, seat: int) -> None:
        tp = self.top_player
        assert tp is not None
        if all(s in self.passed for s in self.active if s != tp):
            self.top, self.passed = None, set()
            if tp in self.active:
                self.leader = tp
            else:
                self.leader = next(
                    s for s in ((tp + i) % self.n for i in range(1, self.n + 1)) if s in self.active
                )
            self.to_act = self.leader
            return
        for i in range(1, self.n + 1):
            s = (seat + i) % self.n
            if s in self.active and not (self.lockout and s in self.passed):
                self.to_act = s
                return

    def play(self, seat: int, out: bool) -> None:
        if out:
            self.active.discard(seat)
        self.top, self.top_player = ("play", seat), seat
        if not self.lockout:
            self.passed = set()
        self._turn(seat)

    def pass_(self, seat: int) -> None:
        self.passed.add(seat)
        self._turn(seat)


@pytest.mark.parametrize("lockout", [False, True])
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_the_machine_plays_like_the_reference(n: int, lockout: bool) -> None:
    rng = random.Random(n * 10 + lockout)
    for _ in range(300):
        t, ref = Table(n, lockout), Reference(n, lockout)
        while len(ref.active) > 1:
            seat = ref.to_act
            assert t.to_act == seat
            if ref.top is None or rng.random() < 0.4:
                out = rng.random() < 0.15
                if out:
                    t._went_out(seat)
                t._trick_play(seat, ("play", seat))
                ref.play(seat, out)
            else:
                t._trick_pass(seat)
                ref.pass_(seat)
            assert (t.top, t.leader, t.to_act) == (ref.top, ref.leader, ref.to_act)
            assert t.passed == sum(1 << s for s in ref.passed)
            assert t._active == sum(1 << s for s in ref.active)
