"""The building blocks of the observation encodings (:mod:`chupai.env.encode`):
segments, card planes, memoised small state blocks and the :class:`Codec` base
class each game's encoder (``chupai.env.games.<game>``) extends.

A codec lays out the vector (:meth:`Codec.common_head`, :meth:`Codec.add_block`,
:meth:`Codec.history_layout`, :meth:`Codec.finish_layout`) and works out the
values of one observation (:meth:`Codec.values`: card values, counts, state
values, where the history is). :meth:`Codec.parts` turns them into the pieces of
the vector in layout order (the pure-Python reference, which the
:class:`~chupai.env.encode.Encoder` concatenates); :meth:`Codec.write` writes
the same floats straight into a row, through the compiled core
(``chupai.env._fast_encode``) when it is built (:mod:`chupai.compiled`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any, Final, NamedTuple

import numpy as np
import numpy.typing as npt

from chupai import compiled
from chupai.env.planes import (
    CACHE_LIMIT,
    CardPlanes,
    CountPlanes,
    MaskPlanes,
    Vector,
    _Memo,
    count_planes,
    frozen,
    mask_planes,
    sat_sub,
)

FAST_MODULE: Final = "chupai.env._fast_encode"
"""The compiled writer of the encodings (:meth:`Codec.write`)."""

__all__ = [
    "CACHE_LIMIT",
    "HISTORY_LENGTH",
    "FAST_MODULE",
    "HistoryKeys",
    "PASS_KEY",
    "SKIP_KEY",
    "Block",
    "CardPlanes",
    "Codec",
    "CountPlanes",
    "Field",
    "MaskPlanes",
    "RowValues",
    "Segment",
    "Vector",
    "bits",
    "count_planes",
    "finish_order_field",
    "frozen",
    "mask_planes",
    "order",
    "rel",
    "sat_sub",
    "trick_fields",
    "trick_values",
]

HISTORY_LENGTH: Final = 8
"""K: how many recent plays and passes the encoding keeps."""

_F32: Final = np.float32

PASS_KEY: Final = -1
"""A history entry that is a pass (see :meth:`Codec.recent`)."""
SKIP_KEY: Final = -2
"""An action :meth:`Codec.recent` steps over."""


class Segment(NamedTuple):
    """One named part of the vector: ``vector[start:start + length]``."""

    name: str
    start: int
    length: int
    description: str

    @property
    def stop(self) -> int:
        return self.start + self.length

    @property
    def span(self) -> slice:
        """The slice of this segment in the vector."""
        return slice(self.start, self.start + self.length)


# ---------------------------------------------------------------------------
# Small state blocks
# ---------------------------------------------------------------------------


class Field(NamedTuple):
    name: str
    kind: str
    """``onehot`` (value: index, -1 = none), ``bits`` (value: bit mask),
    ``scalar`` (value: float), ``order`` (value: per seat an index or -1; n x n)."""
    size: int
    description: str
    high: float = 1.0
    """The largest value the field can take (only a ``scalar`` may exceed 1)."""


class Block:
    """Contiguous small fields built together from one tuple of values (memoised)."""

    def __init__(self, fields: Sequence[Field]) -> None:
        self.fields = tuple(fields)
        self.size = sum(f.size for f in self.fields)
        self._memo = _Memo(self._make)

    def _make(self, values: tuple[Any, ...]) -> Vector:
        out = np.zeros(self.size, _F32)
        at = 0
        for f, v in zip(self.fields, values):
            if f.kind == "onehot":
                if v >= 0:
                    out[at + v] = 1.0
            elif f.kind == "bits":
                for i in range(f.size):
                    if v >> i & 1:
                        out[at + i] = 1.0
            elif f.kind == "scalar":
                out[at] = v
            else:  # order: n seats x n positions
                n = math.isqrt(f.size)
                for seat, pos in enumerate(v):
                    if pos >= 0:
                        out[at + seat * n + pos] = 1.0
            at += f.size
        return out

    def get(self, values: tuple[Any, ...]) -> Vector:
        v = self._memo.data.get(values)
        if v is None:
            v = self._memo.get(values)
        return v


# ---------------------------------------------------------------------------
# The codec base class
# ---------------------------------------------------------------------------

_LEFT_SLOTS: Final = 6


class RowValues(NamedTuple):
    """The values of one observation's vector (:meth:`Codec.values`), from which
    :meth:`Codec.parts` (pure) and :meth:`Codec.write` (compiled) build it."""

    cards: list[int]
    """The card values of the head's planes, in layout order (:meth:`Codec.head_cards`)."""
    counts: tuple[int, ...]
    """Cards held per absolute seat (``cards_left``)."""
    me: int
    """The observing seat."""
    state: tuple[Any, ...]
    """The values of the state block (:meth:`Block.get`)."""
    hist: Sequence[Any] | None
    """The events whose plays and passes fill the history (:meth:`Codec.recent`),
    None for an empty history."""
    stop: int
    """The first index of ``hist`` the history may reach."""
    cards_of: Callable[[Any], int | None] | None
    """The history key of an action (:meth:`Codec.recent`)."""


class HistoryKeys(NamedTuple):
    """A codec's ``cards_of`` (:meth:`Codec.recent`) as data, for the compiled
    writer: an action that is an instance of ``plays[j][0]`` has the cards read
    through the attributes ``plays[j][1]``; an instance of one of ``passes`` is
    :data:`PASS_KEY`; any other action gives ``other`` (:data:`SKIP_KEY`, or None
    where the history ends). It must answer as the codec's ``cards_of`` does
    (the differential tests compare the vectors)."""

    plays: tuple[tuple[type, tuple[str, ...]], ...]
    passes: tuple[type, ...]
    other: int | None


def _fast_planes(module: ModuleType, planes: CardPlanes) -> Any:
    """The compiled twin of ``planes`` (None for a format it lacks: the compiled
    mask planes hold one pack's 52 bits)."""
    if type(planes) is MaskPlanes and planes.size == 52:
        return module.Planes(())
    if (
        type(planes) is CountPlanes
        and planes.width == 5
        and all(0 <= m <= 31 for m in planes.maxes)
    ):
        return module.Planes(planes.maxes)
    return None


class Codec:
    """What each game provides: the layout and the parts of one observation.

    :meth:`parts` returns the pieces of the vector in layout order; the
    :class:`~chupai.env.encode.Encoder` concatenates them."""

    planes: CardPlanes
    players: int
    layout: tuple[Segment, ...]
    size: int
    history_keys: HistoryKeys | None = None
    """The history keys of :meth:`values`' ``cards_of`` as data (None: the
    compiled writer calls ``cards_of``)."""
    high: npt.NDArray[np.float32]
    """Per value, the largest it can be (every value is ``>= 0``): 1 for the
    card planes, one-hots and bits; for a scalar its own bound (the
    ``cards_left`` count: :attr:`max_hold` / the full hand). Read-only; the
    environments' observation boxes are ``Box(0, high)``."""
    max_hold: int
    """The most cards a seat can hold at once."""

    def __init__(
        self, players: int, planes: CardPlanes, full_hand: int, max_hold: int | None = None
    ) -> None:
        """``full_hand`` scales the ``cards_left`` counts; ``max_hold`` bounds
        them (default: the card plane's size, which no set of cards exceeds;
        a game where no seat ever holds more than ``full_hand`` says so)."""
        self.players = players
        self.planes = planes
        self.max_hold = planes.size if max_hold is None else max_hold
        self._segs: list[tuple[str, int, str]] = []
        self._highs: list[float | tuple[float, ...]] = []
        self._left_scale = float(full_hand)
        self._left = _Memo(self._make_left)
        self._entry = _Memo(self._make_entry)
        width = planes.size + players + 1
        self._pads = [np.zeros(0, _F32)] + [
            frozen(np.zeros(c * width, _F32)) for c in range(1, HISTORY_LENGTH + 1)
        ]
        self._block: Block | None = None
        self._specs: dict[str, tuple[Any, Any, Any] | None] = {}
        self._writer: tuple[ModuleType, Any, Any, Any] | None = None

    # --- layout building
    def add(
        self, name: str, length: int, description: str, high: float | Sequence[float] = 1.0
    ) -> None:
        """Append a segment; ``high``: the largest value of each of its values
        (one number for all, or one per value)."""
        self._segs.append((name, length, description))
        self._highs.append(high if isinstance(high, (int, float)) else tuple(high))

    def add_block(self, block: Block) -> None:
        for f in block.fields:
            self.add(f.name, f.size, f.description, f.high)

    def finish_layout(self) -> None:
        out = []
        at = 0
        for name, length, desc in self._segs:
            out.append(Segment(name, at, length, desc))
            at += length
        self.layout = tuple(out)
        self.size = at
        high = np.empty(at, _F32)
        for seg, h in zip(out, self._highs):
            high[seg.span] = h
        self.high = frozen(high)

    def common_head(
        self,
        extra: Sequence[tuple[str, str]],
        known: str = "cards relative seat {k} is known to hold now",
    ) -> None:
        """hand, unseen, played.k, known.k, the game's extra planes, top, cards_left.k."""
        p, n = self.planes.size, self.players
        self.add("hand", p, "the seat's own cards")
        self.add("unseen", p, "cards whose place the seat does not know")
        for k in range(n):
            self.add(f"played.{k}", p, f"cards played so far by relative seat {k}")
        for k in range(1, n):
            self.add(f"known.{k}", p, known.format(k=k))
        for name, desc in extra:
            self.add(name, p, desc)
        self.add("top", p, "the current top play's cards (0 when leading)")
        left_high = (self.max_hold / self._left_scale,) + (1.0,) * (_LEFT_SLOTS - 1)
        for k in range(n):
            self.add(
                f"cards_left.{k}",
                _LEFT_SLOTS,
                f"relative seat {k}: cards held / full hand, then one-hot 0,1,2,3,>=4",
                left_high,
            )

    def lay_out(
        self,
        block: Block,
        extra: Sequence[tuple[str, str]],
        known: str = "cards relative seat {k} is known to hold now",
    ) -> None:
        """The whole layout: :meth:`common_head`, the state ``block``, the history."""
        self.common_head(extra, known)
        self.add_block(block)
        self.history_layout()
        self.finish_layout()
        self._block = block
        module = compiled.load(FAST_MODULE)
        spec = None if module is None else self.compiled_spec(module)
        self._writer = None if module is None or spec is None else (module, *spec)

    def compiled_spec(self, module: ModuleType) -> tuple[Any, Any, Any] | None:
        """``(planes, block, keys)``: the compiled twins of this codec's card
        planes, state block and :attr:`history_keys` (None: none) in ``module``
        (``chupai.env._fast_encode``), or None when the codec has no
        :meth:`values` or formats the module lacks."""
        name = module.__name__
        if name not in self._specs:
            planes = _fast_planes(module, self.planes)
            block = self._block
            hk = self.history_keys
            keys = None
            if hk is not None:
                types, paths = zip(*hk.plays) if hk.plays else ((), ())
                keys = module.HistKeys(types, paths, hk.passes, hk.other)
            self._specs[name] = (
                (planes, module.BlockSpec(block.fields), keys)
                if planes is not None and block is not None
                else None
            )
        return self._specs[name]

    def history_layout(self) -> None:
        p, n = self.planes.size, self.players
        for i in range(HISTORY_LENGTH):
            self.add(f"history.{i}.cards", p, f"play {i} back (0 = newest): its cards")
            self.add(f"history.{i}.seat", n, f"play {i} back: relative seat one-hot")
            self.add(f"history.{i}.pass", 1, f"play {i} back: 1 for a pass")

    # --- shared parts
    def _make_left(self, counts: tuple[int, ...]) -> Vector:
        out = np.zeros(len(counts) * _LEFT_SLOTS, _F32)
        for k, c in enumerate(counts):
            out[k * _LEFT_SLOTS] = c / self._left_scale
            out[k * _LEFT_SLOTS + 1 + min(c, 4)] = 1.0
        return out

    def cards_left(self, counts: tuple[int, ...], me: int) -> Vector:
        key = counts[me:] + counts[:me] if me else counts
        v = self._left.data.get(key)
        return v if v is not None else self._left.get(key)

    def _make_entry(self, key: tuple[int, int]) -> Vector:
        cards, rel = key
        size = self.planes.size
        out = np.zeros(size + self.players + 1, _F32)
        if cards < 0:
            out[-1] = 1.0
        else:
            out[:size] = self.planes.plane(cards)
        out[size + rel] = 1.0
        return out

    def history(self, keys: list[tuple[int, int]]) -> list[Vector]:
        """The history pieces of up to K ``(cards or -1 for a pass, relative seat)``
        keys, newest first, padded with zeros."""
        memo = self._entry
        data = memo.data
        out = []
        for key in keys:
            v = data.get(key)
            out.append(v if v is not None else memo.get(key))
        if len(keys) < HISTORY_LENGTH:
            out.append(self._pads[HISTORY_LENGTH - len(keys)])
        return out

    def head_cards(
        self,
        hand: int,
        unseen: int,
        played: Sequence[int],
        known: Sequence[int],
        extra: Sequence[int],
        top: int,
        me: int,
    ) -> list[int]:
        """The card values of :meth:`head`'s planes, in layout order."""
        n = self.players
        cards = [hand, unseen]
        cards += [played[(me + k) % n] for k in range(n)]
        cards += [known[(me + k) % n] for k in range(1, n)]
        cards += extra
        cards.append(top)
        return cards

    def row_values(
        self,
        obs: Any,
        *,
        unseen: int,
        known: Sequence[int],
        extra: Sequence[int],
        top: int,
        state: tuple[Any, ...],
        hist: Sequence[Any] | None,
        cards_of: Callable[[Any], int | None],
        stop: int = 0,
    ) -> RowValues:
        """The :class:`RowValues` of ``obs``, an observation with the usual
        ``seat``, ``hand``, ``played`` and ``hand_counts``: the head's cards
        (:meth:`head_cards` with the game's ``unseen``, ``known``, ``extra`` and
        ``top``), the ``state`` values, and the history ``hist`` from ``stop``
        read through ``cards_of``."""
        me = obs.seat
        cards = self.head_cards(obs.hand, unseen, obs.played, known, extra, top, me)
        return RowValues(cards, obs.hand_counts, me, state, hist, stop, cards_of)

    def head(
        self,
        hand: int,
        unseen: int,
        played: Sequence[int],
        known: Sequence[int],
        extra: Sequence[int],
        top: int,
        counts: tuple[int, ...],
        me: int,
    ) -> list[Vector]:
        """The pieces of :meth:`common_head`: ``played`` and ``known`` per absolute
        seat (``known[me]`` unused), ``extra`` the game's planes, ``top`` the top
        play's cards (0 when leading)."""
        cards = self.head_cards(hand, unseen, played, known, extra, top, me)
        data = self.planes._memo.data
        plane = self.planes.plane
        parts = [data[c] if c in data else plane(c) for c in cards]
        parts.append(self.cards_left(counts, me))
        return parts

    def recent(
        self, hist: Sequence[Any], me: int, stop: int, cards_of: Callable[[Any], int | None]
    ) -> list[Vector]:
        """The history pieces of the last K plays and passes among ``hist[stop:]``
        (events: ``(seat, action, ...)`` tuples), newest first, padded with zeros:
        ``cards_of(action)`` is the cards of a play, :data:`PASS_KEY` for a pass,
        :data:`SKIP_KEY` for an action to step over, None where the history of the
        play phase ends."""
        n = self.players
        memo = self._entry
        data = memo.data
        out: list[Vector] = []
        for i in range(len(hist) - 1, stop - 1, -1):
            ev = hist[i]
            c = cards_of(ev[1])
            if c is None:
                break
            if c == SKIP_KEY:
                continue
            key = (c, (ev[0] - me) % n)
            v = data.get(key)
            out.append(v if v is not None else memo.get(key))
            if len(out) == HISTORY_LENGTH:
                return out
        out.append(self._pads[HISTORY_LENGTH - len(out)])
        return out

    def values(self, obs: Any) -> RowValues:
        """The values of the vector of ``obs`` (what the game's codec provides)."""
        raise NotImplementedError

    def parts(self, obs: Any) -> list[Vector]:
        """The pieces of the vector of ``obs``, in layout order (the pure-Python
        reference: memoised planes of :meth:`values`)."""
        v = self.values(obs)
        assert self._block is not None
        data = self.planes._memo.data
        plane = self.planes.plane
        parts = [data[c] if c in data else plane(c) for c in v.cards]
        parts.append(self.cards_left(v.counts, v.me))
        parts.append(self._block.get(v.state))
        if v.hist is None or v.cards_of is None:
            parts += self.history([])
        else:
            parts += self.recent(v.hist, v.me, v.stop, v.cards_of)
        return parts

    def write(self, obs: Any, out: Vector) -> None:
        """Write the vector of ``obs`` into ``out`` (a float32 array of the layout's
        size): compiled when the core is built (:meth:`write_compiled`), else the
        concatenation of :meth:`parts`."""
        w = self._writer
        if w is None or not _writable(out):
            np.concatenate(self.parts(obs), out=out)
            return
        self._write_row(w[0], w[1:], obs, out)

    def write_rows(self, observations: Sequence[Any], out: npt.NDArray[np.float32]) -> None:
        """Write the vector of ``observations[i]`` into row ``i`` of ``out`` (a 2-D
        float32 array, one row per observation): :meth:`write` for every row, in
        one compiled call when the core is built."""
        w = self._writer
        if w is None or not _writable(out) or out.ndim != 2:
            for i, obs in enumerate(observations):
                self.write(obs, out[i])
            return
        values = self.values
        w[0].write_rows(out, w[1], w[2], self._left_scale, [values(o) for o in observations], w[3])

    def write_compiled(self, obs: Any, out: Vector, module: ModuleType) -> None:
        """Write the vector of ``obs`` into ``out`` (contiguous float32) with the
        compiled ``module`` (``chupai.compiled.built(FAST_MODULE)``), whatever
        ``CHUPAI_PURE`` says: what the differential tests compare with
        :meth:`parts`. Raises ``ValueError`` when this codec has no compiled twin."""
        spec = self.compiled_spec(module)
        if spec is None:
            raise ValueError(f"{type(self).__name__} has no compiled writer")
        self._write_row(module, spec, obs, out)

    def _write_row(self, module: Any, spec: Sequence[Any], obs: Any, out: Vector) -> None:
        """One row through ``module.write_row`` with this codec's compiled ``spec``."""
        v = self.values(obs)
        module.write_row(
            out,
            spec[0],
            spec[1],
            v.cards,
            v.counts,
            v.me,
            self._left_scale,
            v.state,
            v.hist,
            v.stop,
            v.cards_of,
            spec[2],
        )


def _writable(out: Any) -> bool:
    """Whether the compiled writer can write into ``out``: a writable C-contiguous
    float32 numpy array (anything else takes the pure path, which numpy casts)."""
    return (
        type(out) is np.ndarray
        and out.dtype == _F32
        and out.flags.c_contiguous
        and out.flags.writeable
    )


def trick_fields(n: int, kinds: int, kind: str) -> list[Field]:
    """The fields of the trick every game encodes: ``top_player``, ``leader``,
    ``leading`` and ``top_kind`` (``kinds`` kinds, described by ``kind``)."""
    return [
        Field("top_player", "onehot", n, "who made the top play"),
        Field("leader", "onehot", n, "who led the current trick"),
        Field("leading", "bits", 1, "1 when this seat is to act with no top play"),
        Field("top_kind", "onehot", kinds, kind),
    ]


def trick_values(o: Any, kind_index: Mapping[Any, int], n: int) -> tuple[int, int, int, int]:
    """The values of :func:`trick_fields` of observation ``o`` (``top``,
    ``top_player``, ``leader``, ``current_player``, ``seat``)."""
    me = o.seat
    top = o.top
    return (
        -1 if o.top_player is None else (o.top_player - me) % n,
        -1 if o.leader is None else (o.leader - me) % n,
        1 if (top is None and o.current_player == me) else 0,
        -1 if top is None else kind_index[top.kind],
    )


def rel(seat: int | None, me: int, n: int) -> int:
    """The relative seat of ``seat`` seen from ``me`` (-1 for None)."""
    return -1 if seat is None else (seat - me) % n


def finish_order_field(n: int) -> Field:
    """The field ``finish_order`` of the games where seats go out in turn (its
    values: :func:`order` of the seats that went out)."""
    return Field(
        "finish_order", "order", n * n, "per relative seat, one-hot of its finishing position"
    )


def order(seats: Sequence[int], me: int, n: int) -> tuple[int, ...]:
    """Per relative seat, its index in ``seats`` (-1 when absent)."""
    pos = [-1] * n
    for i, s in enumerate(seats):
        pos[(s - me) % n] = i
    return tuple(pos)


def bits(seats: Sequence[int], me: int, n: int) -> int:
    b = 0
    for s in seats:
        b |= 1 << ((s - me) % n)
    return b
