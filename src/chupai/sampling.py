"""What the determinizing samplers share (:mod:`chupai.bigtwo.sampling`,
:mod:`chupai.doudizhu.sampling`, :mod:`chupai.biga.sampling`).

Every game's ``sample_deal(observation, rng)`` turns a seat's observation of the
play phase into a complete deal whose other hands are drawn at random, for search
bots that play deals out (determinized Monte Carlo). A sample is **consistent**:
``sample.observe(seat) == observation`` (the whole history included), so the
seat's legal actions are the same as in the real deal. Each game's
``DealSampler`` (a :class:`Sampler`) works out what the seat knows once
and then draws until a draw is consistent.

In the packed-count games (Dou Dizhu, Big A) a set of cards is packed rank
counts: 5 bits per rank or face, field ``f`` at bit ``5 * f``. A seat's knowledge
of the other hands is the unseen cards, how many of them each seat holds, and the
cards each seat is known to hold; these helpers check that knowledge and deal the
rest of the unseen cards at random. Randomness comes only from the generator passed in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, MutableSequence, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from chupai.errors import ChupaiError

__all__ = [
    "Shuffler",
    "Sampler",
    "play_observation",
    "hidden_capacity",
    "check_known",
    "deal_unseen",
    "NO_DEAL",
    "reshuffle",
    "reshuffle_hands",
]

NO_DEAL = "no deal consistent with the observation was found"
"""The message of the :class:`ChupaiError` a sampler raises when it gives up."""

ObsT = TypeVar("ObsT")
DealT = TypeVar("DealT")
KnowT = TypeVar("KnowT")


class Shuffler(Protocol):
    """A seeded generator (``random.Random``), as far as dealing needs it."""

    def shuffle(self, x: MutableSequence[Any]) -> None: ...


def play_observation(observation: ObsT, play: object) -> ObsT:
    """``observation``, checked to be of the play phase ``play`` (a game's
    ``Phase.PLAY``); raises :class:`ChupaiError` otherwise."""
    phase = observation.phase  # type: ignore[attr-defined]
    if phase is not play:
        raise ChupaiError(f"sampling needs an observation of the play phase, not {phase.value!r}")
    return observation


class Sampler(Generic[ObsT, KnowT, DealT]):
    """Draws deals for one observation: what its seat knows (``knowledge``, read by
    the game's :meth:`_know`) is worked out once, and :meth:`sample` draws with
    the game's :meth:`_draw` until a draw is consistent, ``tries`` times at most
    (the class's ``TRIES`` unless given). ``rng`` is a seeded generator
    (``random.Random``), the only source of randomness. ``infer`` (0 to 1) is how
    strongly a game's sampler that infers from the players' plays and passes
    leans on what it infers (0: uniform draws; a game without inference ignores
    it)."""

    __slots__ = ("observation", "knowledge", "tries", "infer")

    TRIES: ClassVar[int] = 50

    def __init__(self, observation: ObsT, *, tries: int | None = None, infer: float = 0.0):
        if not 0 <= infer <= 1:
            raise ChupaiError(f"infer must be between 0 and 1, not {infer!r}")
        self.observation = observation
        self.knowledge = self._know(observation)
        self.tries = max(1, self.TRIES if tries is None else tries)
        self.infer = float(infer)

    def _know(self, observation: ObsT) -> KnowT:
        """What the seat of ``observation`` knows (the game's ``knowledge``)."""
        raise NotImplementedError

    def _draw(self, rng: Any) -> DealT | None:
        """One draw: a consistent deal, or None to draw again (raise
        :class:`ChupaiError` to give up at once)."""
        raise NotImplementedError

    def sample(self, rng: Any) -> DealT:
        """One consistent deal; raises :class:`ChupaiError` when ``tries`` draws
        in a row were inconsistent."""
        for _ in range(self.tries):
            deal = self._draw(rng)
            if deal is not None:
                return deal
        raise ChupaiError(NO_DEAL)

    @classmethod
    def sample_deal(cls, observation: ObsT, rng: Any, *, tries: int | None = None) -> DealT:
        """A full deal in the play phase that the seat of ``observation`` cannot
        tell from the real one, with the hidden cards drawn at random. Raises
        :class:`ChupaiError` outside the play phase, or when no consistent deal
        was found in ``tries`` draws. To draw many deals for one observation, a
        sampler object saves the repeated work."""
        return cls(observation, tries=tries).sample(rng)


def hidden_capacity(
    unseen: int, hand: int, hand_counts: Sequence[int], seat: int, size_of: Callable[[int], int]
) -> tuple[int, ...]:
    """How many unseen cards each seat holds (0 for ``seat`` itself, whose
    ``hand`` is known). Raises :class:`ChupaiError` when the counts do not add up.

    >>> hidden_capacity(0b1111, 0b111, (2, 3, 2), 1, int.bit_count)
    (2, 0, 2)
    """
    caps = tuple(0 if s == seat else k for s, k in enumerate(hand_counts))
    if size_of(unseen) != sum(caps) or size_of(hand) != hand_counts[seat]:
        raise ChupaiError("the observation's card counts do not add up")
    return caps


def check_known(
    unseen: int,
    known: Sequence[int],
    capacity: Sequence[int],
    contains: Callable[[int, int], bool],
    size_of: Callable[[int], int],
) -> None:
    """Raise :class:`ChupaiError` unless the ``known`` cards of every seat are
    unseen cards and fit in its ``capacity``."""
    total = sum(known)
    if not contains(unseen, total) or any(size_of(k) > c for k, c in zip(known, capacity)):
        raise ChupaiError("the observation contradicts itself (known cards do not fit)")


def deal_unseen(
    unseen: int,
    known: Sequence[int],
    capacity: Sequence[int],
    fields: int,
    size_of: Callable[[int], int],
    rng: Shuffler,
    width: int = 5,
) -> list[int]:
    """Deal the ``unseen`` cards (packed counts over ``fields`` ranks or faces):
    every seat gets its ``known`` cards plus a uniform share of the rest up to its
    ``capacity``. The rest is dealt as physical cards, so that copies of a rank
    go with the odds of a real deal. ``width`` is the bits of one count field (5,
    or 3 for counts of at most 3 with a guard bit).

    >>> import random
    >>> size = lambda c: (c & 31) + (c >> 5)
    >>> deal_unseen(0b00010_00001, (0, 1), (2, 1), 2, size, random.Random(0))
    [64, 1]
    """
    pool = unseen - sum(known)
    mask = (1 << width) - 1
    pile = [f for f in range(fields) for _ in range((pool >> (width * f)) & mask)]
    rng.shuffle(pile)
    hands = list(known)
    at = 0
    for s, k in enumerate(capacity):
        extra = k - size_of(known[s])
        h = hands[s]
        for f in pile[at : at + extra]:
            h += 1 << (width * f)
        hands[s] = h
        at += extra
    return hands


def reshuffle(
    slots: Sequence[Sequence[str]], keep: Sequence[Sequence[str]], rng: Shuffler
) -> list[list[str]]:
    """The card tokens of ``slots`` (a deal record's hands, kitty, leftover, stock
    positions) dealt anew: each slot keeps the tokens of ``keep`` (one list per
    slot, a part of that slot's tokens: what the deciding seat knows to be there)
    and gets the rest at random from the tokens not kept, keeping its size. The
    free tokens are sorted before they are shuffled, so the result depends on
    which tokens are free, not on where they were: two records that a seat cannot
    tell apart give it the same reshuffles (for the evaluator's determinizations
    before play, :mod:`chupai.analysis`). Raises :class:`ChupaiError` when a kept
    token is not in its slot.

    >>> import random
    >>> reshuffle([["3D", "4D"], ["5D", "6D"]], [["3D"], []], random.Random(1))[0][0]
    '3D'
    """
    free: list[str] = []
    out: list[list[str]] = []
    for slot, kept in zip(slots, keep, strict=True):
        rest = list(slot)
        for token in kept:
            if token not in rest:
                raise ChupaiError(f"card {token!r} is not where it is kept")
            rest.remove(token)
        free += rest
        out.append(list(kept))
    free.sort()
    rng.shuffle(free)
    at = 0
    for slot, hand in zip(slots, out, strict=True):
        extra = len(slot) - len(hand)
        hand += free[at : at + extra]
        at += extra
    return out


def reshuffle_hands(
    record: Mapping[str, Any],
    seat: int,
    rng: Shuffler,
    *,
    extra: str | None = None,
    known: Callable[[list[list[str]], list[list[str]]], None] | None = None,
) -> dict[str, Any]:
    """A deal record whose ``"hands"`` (and the cards of its field ``extra``, the
    kitty or the leftover, as one more slot) are dealt anew by :func:`reshuffle`
    for ``seat``: its own hand is kept, and ``known(slots, keep)`` adds to ``keep``
    (one list per slot, the seat's hand already in it) the other cards the seat
    knows the place of. The seed and the result are left out (the new hands are
    not the seed's deal). Raises :class:`ChupaiError` for a record without them.

    >>> import random
    >>> rec = {"hands": ["3D 4D", "5D 6D"], "kitty": "7D", "seed": 1}
    >>> out = reshuffle_hands(rec, 0, random.Random(2), extra="kitty")
    >>> out["hands"][0], out["seed"], sorted(out["hands"][1].split() + [out["kitty"]])
    ('3D 4D', None, ['5D', '6D', '7D'])
    """
    hands = record.get("hands")
    more = (record.get(extra) or "") if extra else ""
    if not isinstance(hands, list) or not isinstance(more, str):
        also = f" and {extra}" if extra else ""
        raise ChupaiError(f"the record has no hands{also} to deal anew")
    slots = [str(h).split() for h in hands] + ([more.split()] if extra else [])
    keep: list[list[str]] = [[] for _ in slots]
    keep[seat] = list(slots[seat])
    if known is not None:
        known(slots, keep)
    dealt = reshuffle(slots, keep, rng)
    out = {**record, "seed": None, "result": None}
    out["hands"] = [" ".join(h) for h in dealt[: len(hands)]]
    if extra:
        out[extra] = " ".join(dealt[-1])
    return out
