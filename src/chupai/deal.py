"""What every game's deal engine shares: the OpenSpiel-style methods built on each
game's own rules.

:class:`Deal` is the base class of :class:`~chupai.bigtwo.game.BigTwoDeal`,
:class:`~chupai.doudizhu.game.DouDizhuDeal` and :class:`~chupai.biga.game.BigADeal`.
It states the interface every game's deal has (the one :mod:`chupai.protocol`
promises): the attributes ``players``, ``phase``, ``to_act``, ``history`` and
``outcome``, and the methods below. It implements only those that read the same in
every game: ``current_player``, ``returns``, the checked path (``is_legal``,
``check``, ``apply_action``), ``child`` and ``repr``. Each game implements the
rest, documented here: ``why_illegal`` and ``action_text`` (which the checked path
calls), the fast path (``legal_actions``, ``apply_unchecked``), ``is_terminal``,
``observe``, ``parse_action``, ``cards_text`` and ``clone`` (:func:`clone_slots`
with the slots the class names in ``_COPIED`` writes one). The fast path is never
wrapped here, so a simulator calls each game's own methods directly.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar

from chupai.errors import IllegalActionError

__all__ = ["Deal", "copy_slots", "all_slots", "clone_slots", "still_held"]


class _Scored(Protocol):
    @property
    def scores(self) -> tuple[int, ...]: ...


ActionT = TypeVar("ActionT")
EventT = TypeVar("EventT")
OutcomeT = TypeVar("OutcomeT", bound=_Scored)
T = TypeVar("T")
PlayT = TypeVar("PlayT", bound=tuple[Any, ...])


def copy_slots(source: object, target: T, slots: Iterable[str], copied: Iterable[str] = ()) -> T:
    """Give ``target`` the value of every slot of ``source`` named in ``slots``
    (shared), then a copy (``.copy()``: the lists and dicts of the state) of each
    slot named in ``copied``; returns ``target``. A deal's ``clone`` is
    ``copy_slots(self, Cls.__new__(Cls), Cls.__slots__, (the mutable slots))``."""
    for name in slots:
        setattr(target, name, getattr(source, name))
    for name in copied:
        setattr(target, name, getattr(source, name).copy())
    return target


_ALL_SLOTS: dict[type, tuple[str, ...]] = {}


def all_slots(cls: type) -> tuple[str, ...]:
    """Every slot of ``cls`` and its bases (what a clone carries over).

    >>> class A:
    ...     __slots__ = ("a",)
    >>> class B(A):
    ...     __slots__ = ("b", "c")
    >>> all_slots(B)
    ('b', 'c', 'a')
    """
    names = _ALL_SLOTS.get(cls)
    if names is None:
        found: list[str] = []
        for klass in cls.__mro__:
            slots = klass.__dict__.get("__slots__", ())
            found.extend((slots,) if isinstance(slots, str) else slots)
        names = _ALL_SLOTS[cls] = tuple(found)
    return names


_CLONE_PLANS: dict[type, tuple[tuple[str, ...], tuple[str, ...]]] = {}


def clone_slots(deal: T, copied: tuple[str, ...]) -> T:
    """An independent copy of ``deal``: a copy (``.copy()``) of each slot named in
    ``copied`` (the lists and dicts of its state), every other slot of its class
    shared (:func:`all_slots`; immutable values). A deal's ``clone``."""
    cls = type(deal)
    plan = _CLONE_PLANS.get(cls)
    if plan is None or plan[1] is not copied:
        shared = tuple(n for n in all_slots(cls) if n not in copied)
        plan = _CLONE_PLANS[cls] = (shared, copied)
    return copy_slots(deal, cls.__new__(cls), plan[0], copied)


def still_held(plays: list[PlayT], hand: int, guard: int) -> list[PlayT]:
    """The plays of ``plays`` (tuples whose item 1 is their cards) that ``hand``
    still holds, for games whose cards are packed counts with a ``guard`` bit above
    every field (a deal's cached plays, filtered as cards leave the hand)."""
    hg = hand + guard
    return [c for c in plays if (hg - c[1]) & guard == guard]


class Deal(Generic[ActionT, EventT, OutcomeT]):
    """The shared methods of a deal with actions ``ActionT``, events ``EventT`` and
    an outcome ``OutcomeT`` (whose ``scores`` are the returns). Subclasses keep
    their state in ``__slots__``, including ``players``, ``phase``, ``to_act``,
    ``history`` and ``outcome``."""

    __slots__ = ()

    players: int
    """The number of seats."""
    phase: str
    """The phase of the deal: the game's ``Phase`` (a ``StrEnum``, so its value
    reads as text), e.g. ``play`` and ``over``."""
    to_act: int | None
    """The seat to act (see :attr:`current_player`)."""
    history: list[EventT]
    """Every applied action as the game's event (seat and action), in order."""
    outcome: OutcomeT | None
    """The result once the deal is over, else None."""
    rules: Any
    """The game's rules object (its ``spec()`` names them)."""
    hands: list[Any]
    """Each seat's cards (the game's card sets)."""
    if TYPE_CHECKING:

        def cards_text(self, cards: Any) -> str:
            """The text of a set of ``cards`` in the game's notation (each game's)."""

    _COPIED: ClassVar[tuple[str, ...]] = ()
    """The slots :meth:`clone` copies (``.copy()``: the lists and dicts of the
    state); every other slot is shared (immutable values)."""
    _REPR: ClassVar[tuple[str, ...]] = ()
    """Slots ``repr`` shows after the phase."""
    _CACHES: ClassVar[tuple[str, ...]] = ()
    """Slots holding a cache per seat (a list, ``None`` where not computed, e.g. the
    plays of each hand): a pickle leaves them out, the unpickled deal rebuilds them
    on demand."""

    # ----- queries -------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat to act, or None when the deal is over."""
        return self.to_act

    def returns(self) -> list[int]:
        """Each seat's deal score (zeros until the deal is over, and on a redeal)."""
        if self.outcome is None:
            return [0] * self.players
        return list(self.outcome.scores)

    # ----- implemented by each game --------------------------------------------
    def is_terminal(self) -> bool:
        """Whether the deal is over (its phase is the game's last)."""
        raise NotImplementedError

    def legal_actions(self) -> list[ActionT]:
        """Every legal action of the seat to act, in the game's canonical order
        (empty when the deal is over)."""
        raise NotImplementedError

    def observe(self, seat: int) -> Any:
        """The game's observation of ``seat``: only what that seat may know, with
        ``roles`` and ``public_roles`` (see :class:`chupai.protocol.SeatFacts`)."""
        raise NotImplementedError

    def parse_action(self, text: str) -> ActionT:
        """Read an action from text in the game's notation (not checked for
        legality; raises :class:`~chupai.errors.ChupaiError` subclasses for text
        that is no action)."""
        raise NotImplementedError

    def why_illegal(self, action: ActionT) -> str | None:
        """Why ``action`` is illegal now, or None if it is legal."""
        raise NotImplementedError

    def action_text(self, action: ActionT) -> str:
        """The text of an action."""
        raise NotImplementedError

    def apply_unchecked(self, action: ActionT) -> EventT:
        """Apply ``action`` without checking legality."""
        raise NotImplementedError

    def clone(self) -> Self:
        """An independent copy (each game's own; :func:`clone_slots` with the
        class's ``_COPIED`` writes one)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        """The rules, the phase, the ``_REPR`` slots, the seat to act and the hands
        (the plain object repr for a deal without ``cards_text``, ``hands`` or
        rules with a ``spec()``)."""
        try:
            hands = " | ".join(self.cards_text(h) for h in self.hands)
            spec = self.rules.spec()
        except AttributeError:
            return object.__repr__(self)
        extra = "".join(f"{name}={getattr(self, name)} " for name in self._REPR)
        return (
            f"<{type(self).__name__} {spec} phase={self.phase} {extra}"
            f"to_act={self.to_act} hands=[{hands}]>"
        )

    # ----- copies and pickles ------------------------------------------------------
    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        """A deep copy is a :meth:`clone`: the state copied, the immutable tables
        (rules, combination tables, actions) shared."""
        c = self.clone()
        memo[id(self)] = c
        return c

    def __copy__(self) -> Self:
        """A copy is a :meth:`clone` too (a shallow copy would share the state)."""
        return self.clone()

    def __getstate__(self) -> tuple[None, dict[str, Any]]:
        """Every set slot but the caches (:attr:`_CACHES`); the rules and tables
        pickle by value or by their rules."""
        skip = self._CACHES
        return None, {
            name: getattr(self, name)
            for name in all_slots(type(self))
            if name not in skip and hasattr(self, name)
        }

    def __setstate__(self, state: tuple[None, dict[str, Any]]) -> None:
        for name, value in state[1].items():
            setattr(self, name, value)
        for name in self._CACHES:
            setattr(self, name, [None] * self.players)

    # ----- the checked path ------------------------------------------------------
    def is_legal(self, action: ActionT) -> bool:
        return self.why_illegal(action) is None

    def check(self, action: ActionT) -> None:
        """Raise :class:`IllegalActionError` if ``action`` is illegal now."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalActionError(self.action_text(action), reason)

    def apply_action(self, action: ActionT) -> EventT:
        """Check and apply ``action`` for the player to act; returns its event."""
        self.check(action)
        return self.apply_unchecked(action)

    def child(self, action: ActionT) -> Self:
        """A clone with ``action`` applied (checked)."""
        c = self.clone()
        c.apply_action(action)
        return c
