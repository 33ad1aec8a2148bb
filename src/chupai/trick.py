"""The trick, written once: lead, follow, pass, the end of a trick and who leads
next, for every climbing game.

A trick is led by one seat; every later play must beat the top play; a seat that
does not play passes. The trick ends when every other seat still taking turns has
passed since the top play (or, under a pass lock-out, in this trick); the top
player then leads the next trick, or, when it has gone out meanwhile, the seat the
game names (:meth:`Trick._lead_after`: by default the next seat still in play).

:class:`Trick` is a mixin over the deal's own slots, so a deal keeps its attribute
names (observations, records, samplers and bots read them):

``players``, ``to_act``, ``top``, ``top_player``, ``leader``
    as in every deal;
``passed``
    bit mask of the seats that passed since the top play (under a lock-out: in
    this trick);
``_active``
    bit mask of the seats still taking turns (holding cards).

The games differ only in three rules, each a parameter of the mixin:

* who is still active: the ``_active`` mask the game keeps (a game where nobody
  goes out before the end keeps every seat in it);
* whether a pass locks the seat out of the rest of the trick: ``_lockout`` (False
  by default; the games keep it in a slot);
* who leads when the top player went out: :meth:`Trick._lead_after`.

A game may also extend :meth:`Trick._end_trick` (Big Two's repeat-lead lock and
"last card" blocks do).

>>> class Table(Trick):
...     __slots__ = ("players", "to_act", "top", "top_player", "leader", "passed", "_active")
>>> t = Table()
>>> t.players, t._active = 3, 0b111
>>> t._open_play(0)
>>> t._trick_play(0, "A"); t.to_act
1
>>> t._trick_pass(1); t._trick_pass(2); t.top, t.leader, t.to_act
(None, 0, 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__all__ = ["Trick", "next_seat"]


def next_seat(mask: int, seat: int) -> int:
    """The first seat of ``mask`` after ``seat`` in turn order, wrapping round
    (``seat`` itself when it is the only one); ``mask`` must not be empty.

    >>> next_seat(0b1011, 1), next_seat(0b1011, 3), next_seat(0b0100, 2)
    (3, 0, 2)
    """
    above = mask >> (seat + 1)
    if above:
        return seat + (above & -above).bit_length()
    return (mask & -mask).bit_length() - 1


class Trick:
    """The trick machine over a deal's slots (see the module)."""

    if not TYPE_CHECKING:
        # The slots are the deal's; mypy, seeing an empty __slots__ here, would
        # refuse every assignment below.
        __slots__ = ()

    players: int
    to_act: int | None
    top: Any
    top_player: int | None
    leader: int | None
    passed: int
    """Bit mask of the seats that passed since the top play (lock-out: in this trick)."""
    _active: int
    """Bit mask of the seats still taking turns."""
    _lockout: bool = False
    """Whether a pass locks the seat out of the rest of the trick (a class default;
    the games keep it in a slot, which Python 3.11 reads faster than a class
    attribute)."""

    @property
    def passes(self) -> int:
        """How many seats passed since the top play (lock-out: in this trick)."""
        return self.passed.bit_count()

    # ----- the rules a game may change ------------------------------------------
    def _lead_after(self, gone: int) -> int:
        """Who leads after the top player ``gone`` went out and all others passed:
        by default the next seat still in play."""
        return next_seat(self._active, gone)

    # ----- the machine ------------------------------------------------------------
    def _no_trick(self, lockout: bool = False) -> None:
        """The trick's slots of a new deal, before play: no top play and no
        leader, every seat active; ``lockout``: whether a pass locks the seat out
        of the rest of the trick."""
        self.top = self.top_player = self.leader = None
        self.passed = 0
        self._active = (1 << self.players) - 1
        self._lockout = lockout

    def _open_play(self, leader: int) -> None:
        """Open the first trick, led by ``leader``."""
        self.top = self.top_player = None
        self.passed = 0
        self.leader = self.to_act = leader

    def _went_out(self, seat: int) -> None:
        """``seat`` played its last card: it takes no more turns."""
        self._active &= ~(1 << seat)

    def _trick_top(self, seat: int, play: Any) -> None:
        """``seat`` led or beat the top with ``play``: the new top (the turn does not
        move; :meth:`_trick_turn` moves it)."""
        self.top = play
        self.top_player = seat
        if not self._lockout:
            self.passed = 0

    def _trick_play(self, seat: int, play: Any) -> None:
        """``seat`` led or beat the top with ``play`` (the hands already updated, and
        :meth:`_went_out` called when it went out): :meth:`_trick_top`, then the
        turn moves on (:meth:`_trick_turn`)."""
        self.top = play
        self.top_player = seat
        if self._lockout:
            self._trick_turn(seat)
            return
        self.passed = 0
        # next_seat(self._active, seat), inlined: this is every game's hot path
        active = self._active
        above = active >> (seat + 1)
        self.to_act = (
            seat + 1
            if above & 1
            else seat + (above & -above).bit_length()
            if above
            else 0
            if active & 1
            else (active & -active).bit_length() - 1
        )

    def _trick_pass(self, seat: int) -> None:
        """``seat`` passed; passes the turn on or ends the trick (:meth:`_trick_turn`,
        inlined)."""
        passed = self.passed | 1 << seat
        self.passed = passed
        active = self._active
        if active & ~passed & ~(1 << self.top_player) == 0:  # type: ignore[operator]
            self._end_trick()
            return
        if self._lockout:
            active &= ~passed
        above = active >> (seat + 1)
        self.to_act = (
            seat + 1
            if above & 1
            else seat + (above & -above).bit_length()
            if above
            else 0
            if active & 1
            else (active & -active).bit_length() - 1
        )

    def _trick_turn(self, seat: int) -> None:
        """Pass the turn on after ``seat`` acted, or end the trick when every other
        active seat has passed."""
        active = self._active
        passed = self.passed
        top_player: int = self.top_player  # type: ignore[assignment]
        if active & ~passed & ~(1 << top_player) == 0:
            self._end_trick()
        elif self._lockout:
            self.to_act = next_seat(active & ~passed, seat)
        else:
            self.to_act = next_seat(active, seat)

    def _end_trick(self) -> None:
        """Close the trick: its top player leads the next one, or, when it went out,
        :meth:`_lead_after` names the leader."""
        top_player: int = self.top_player  # type: ignore[assignment]
        self.top = None
        self.passed = 0
        if self._active >> top_player & 1:
            self.leader = self.to_act = top_player
        else:
            self.leader = self.to_act = self._lead_after(top_player)

    def _next_in_trick(self, seat: int) -> int | None:
        """The next seat after ``seat`` that may still act in this trick (seats
        locked out by a pass skipped), or None when there is none."""
        mask = self._active & ~(1 << seat)
        if self._lockout and self.top is not None:
            mask &= ~self.passed
        return next_seat(mask, seat) if mask else None
