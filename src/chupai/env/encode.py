"""Observation encodings: one seat's :class:`Observation` as a fixed-size float32
vector, for reinforcement learning.

:class:`Encoder` (one per game and rules, :meth:`Encoder.for_rules` caches them)
turns an observation into a 1-D ``numpy.float32`` array of a fixed
:attr:`Encoder.shape`. The vector is built **only from the observation** the
engine hands to that seat (``deal.observe(seat)``), so it carries exactly what an
honest player at that seat knows: its own cards, what has been played and shown,
and what follows from public facts. Nothing is read from the deal itself.

Layout
------

The vector is a concatenation of named segments; :attr:`Encoder.layout` lists
them in order as :class:`Segment` ``(name, start, length, description)``, and
:meth:`Encoder.describe` prints the table. Seats are always in **relative order**:
``0`` is the observing seat, ``1`` the next seat in turn order, and so on, so
that one network serves every seat. A one-hot over seats is all zeros for
"nobody"; a one-hot over a value is all zeros when the value is unknown.

**Card planes.** Every set of cards uses one format per game:

- Big Two: 52 bits, one per card id (``rank * 4 + suit``, ranks ``3 .. 2``,
  suits ``D C H S``; suit strength is the rules' business, not the encoding's).
- Dou Dizhu: per rank ``3 .. K A 2 BJ RJ``, count planes: rank ``r`` owns as many
  slots as the decks hold of it (4 per pack for ``3 .. 2``, 1 per pack for a
  joker) and slot ``j`` is 1 when the set holds more than ``j`` cards of ``r``
  (a thermometer code). Classic: 13 x 4 + 2 x 1 = 54 values; four_player (two
  packs): 13 x 8 + 2 x 2 = 108.
- Big A: per face (the 19 fields of :mod:`chupai.biga.cards`: ``3 .. K``,
  ordinary ``A``, ``2``, ``BJ``, ``RJ``, ``AD AC AH AS``), count planes as in Dou
  Dizhu: 8 slots for ``3 .. 2``, 2 for each joker and each suited Ace, 116 in
  all. Aces are suited during the draw and normalized once play starts
  (:func:`chupai.biga.cards.normalize`), exactly as in the observation's hand.

So the sum of a card plane is the number of cards in the set, and
:meth:`Encoder.decode_cards` reads a plane back into the engine's card value.

**Sizes.** Big Two (4 players) 1138 values; Dou Dizhu classic 1022,
four_player 2175; Big A 2485.

**Segments, in order** (``P`` is the card-plane size, ``n`` the players):

=====================  ===========  ==================================================
name                   length       content
=====================  ===========  ==================================================
``hand``               P            the seat's own cards
``unseen``             P            cards whose place the seat does not know: the
                                    decks minus its hand, minus every card played
                                    and still on the table, minus cards shown face
                                    up, minus ``known.*`` (below)
``played.k``           P each       cards seat ``k`` has played so far, k = 0..n-1
``known.k``            P each       cards seat ``k`` (k = 1..n-1) is known to hold
                                    now: a lower bound from public facts (Big
                                    Two: where it last saw them; see below)
game card planes       P each       Dou Dizhu ``kitty``; Big Two ``exposed``
``top``                P            the current top play's cards (0 when leading)
``cards_left.k``       6 each       seat ``k``'s card count: count / full hand,
                                    then a one-hot of ``0, 1, 2, 3, >= 4``
state fields           small        phase one-hot, seat one-hots (``to_act``,
                                    ``top_player``, ``leader``), ``leading``,
                                    ``top_kind``, and the game's roles and
                                    multipliers (see below)
``history.i.*``        P + n + 1    the i-th most recent play or pass of the play
                                    phase (i = 0 newest): ``.cards``, ``.seat``
                                    (relative one-hot), ``.pass``; all zeros when
                                    fewer than K = 8 were made
=====================  ===========  ==================================================

Per game:

- **Dou Dizhu.** ``known``: the kitty once taken (it went to the landlord) plus
  the face-up marker card (its receiver, the first bidder, was dealt it), minus
  what that seat has played since (per rank, never below 0); the whole landlord
  hand once shown (明牌). Card plane ``kitty`` (zeros until taken). State:
  ``phase`` (bid, rob, play, over), ``landlord``, ``first_bidder``, ``to_act``,
  ``top_player``, ``leader``, ``leading``, ``top_kind`` (the reading of the top
  play: 333444555666 as an airplane or airplane_singles follows differently),
  ``bid`` (0..3), ``robs`` (0, 1, 2, >= 3), ``bombs`` (doubling bombs 0..3,
  >= 4), ``shown``, ``doubled``, ``stake`` (log2 of the unit the deal is worth
  now if the landlord won without spring, / 10).
- **Big Two.** ``known``: cards this seat last saw go to another seat in an
  exchange or tribute (``give``, ``tribute``, ``draw`` events it may see), and
  a face-up leftover card taken by the starting player, while not played. This
  is where the seat last saw the card, not a certainty: under class struggle
  and the ``draw_three`` tribute a card may move on in a later step between two
  other seats, which this seat does not see (such a card stays out of
  ``unseen``: it was seen). Card plane ``exposed``: cards removed from play
  face up and a face-up leftover card. State: ``phase`` (8), ``to_act``, ``top_player``, ``leader``,
  ``leading``, ``top_kind``, ``passed`` (seats that passed since the top play),
  ``finish_order`` (n x n: per seat a one-hot of its finishing position),
  ``starting_player``, ``must_contain`` (this seat's lead must contain the
  starting card), ``forced_trick``, ``blocked``, ``ranking`` (n x n: the previous
  deal's ranking behind this deal's exchange), ``partner`` (the other party of
  the exchange decision asked for), ``piles`` (tribute method 1: hand indexes
  still on the table).
- **Big A.** ``known``: Aces a seat declared (shown), one Big Ace for the
  declarer and for a publicly known partner (two for a declarer known to be
  alone), plus the sets a seat captured, minus what it has played (per face,
  never below 0). State: ``phase`` (5), ``drawn`` (cards drawn / 108),
  ``first_drawer``, ``to_act``, ``top_player``, ``leader``, ``leading``,
  ``top_kind``, ``declarer``, ``big_suit`` (D C H S), ``forced``, ``two_shown``,
  ``partner_revealed``, ``partner`` (as this seat knows it: itself if it holds
  the other Big Ace), ``alone_known``, ``role`` (declarer, partner, defender,
  unknown: a defender once the draw is over and the seat is neither),
  ``finish_order`` (5 x 5).

The history holds the plays and passes of the play phase only: bids, robs,
明牌, declarations and exchange steps are summarised by the state fields and
card planes. A Big A capture appears as the fours it played (the captured set
was the previous entry). Deliberately left out of every encoding: the
``outcome`` of a finished deal (it reveals every hand), the rules object (fixed
per encoder), the dealer, and events the observation hides (another seat's
declines, hidden exchange contents).

Speed: card planes, history entries and small state blocks are memoised in
bounded dictionaries keyed by their packed values, and the vector is one
``numpy.concatenate`` of cached pieces (:meth:`Encoder.encode_into` writes it
straight into a preallocated row).

>>> from chupai.doudizhu.game import new_deal
>>> from chupai.doudizhu.rules import PRESETS
>>> enc = Encoder.for_rules("doudizhu", PRESETS["classic"])
>>> deal = new_deal(PRESETS["classic"], seed=7)
>>> x = enc.encode(deal.observe(0))
>>> x.shape == enc.shape, x.dtype.name
(True, 'float32')
>>> enc.decode_cards(x, "hand") == deal.hands[0]
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import Any, ClassVar, Final, NamedTuple, TypeAlias

import numpy as np
import numpy.typing as npt

from chupai.actions import Pass
from chupai.biga import cards as ba_cards
from chupai.biga import combos as ba_combos
from chupai.biga import game as ba_game
from chupai.bigtwo import combos as b2_combos
from chupai.bigtwo import game as b2_game
from chupai.doudizhu import combos as dd_combos
from chupai.doudizhu import game as dd_game
from chupai.doudizhu.scoring import multipliers
from chupai.games import find_game, resolve_rules

__all__ = ["Encoder", "Segment", "Vector", "HISTORY_LENGTH", "CardPlanes"]

Vector: TypeAlias = npt.NDArray[np.float32]
"""A 1-D float32 array."""

HISTORY_LENGTH: Final = 8
"""K: how many recent plays and passes the encoding keeps."""

CACHE_LIMIT: Final = 1 << 14
"""Entries per memo dictionary; a full dictionary is emptied and refilled."""

_F32: Final = np.float32


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


def _frozen(a: Vector) -> Vector:
    a.flags.writeable = False
    return a


class _Memo:
    """A bounded memo dictionary: ``key -> read-only array`` built by ``make``."""

    __slots__ = ("data", "make")

    def __init__(self, make: Callable[[Any], Vector]) -> None:
        self.data: dict[Hashable, Vector] = {}
        self.make = make

    def get(self, key: Hashable) -> Vector:
        v = self.data.get(key)
        if v is None:
            data = self.data
            if len(data) >= CACHE_LIMIT:
                data.clear()
            v = data[key] = _frozen(self.make(key))
        return v


# ---------------------------------------------------------------------------
# Card planes
# ---------------------------------------------------------------------------

class CardPlanes:
    """The card-plane format of one game: :meth:`plane` turns a card value (a
    52-bit mask or packed counts) into a read-only float32 array of :attr:`size`
    values (memoised); :meth:`decode` reads one back."""

    size: int
    zero: Vector

    def __init__(self, size: int) -> None:
        self.size = size
        self.zero = _frozen(np.zeros(size, _F32))
        self._memo = _Memo(self._make)
        self._memo.data[0] = self.zero

    def plane(self, cards: int) -> Vector:
        """The plane of ``cards`` (shared and read-only: copy before writing)."""
        v = self._memo.data.get(cards)
        if v is None:
            v = self._memo.get(cards)
        return v

    def _make(self, cards: int) -> Vector:
        raise NotImplementedError

    def decode(self, plane: npt.ArrayLike) -> int:
        """The card value of a plane (inverse of :meth:`plane`)."""
        raise NotImplementedError


class _MaskPlanes(CardPlanes):
    """Big Two: bit ``c`` of a 52-bit mask is value ``c``."""

    def __init__(self) -> None:
        super().__init__(52)

    def _make(self, cards: int) -> Vector:
        raw = np.frombuffer(cards.to_bytes(7, "little"), dtype=np.uint8)
        return np.unpackbits(raw, bitorder="little")[:52].astype(_F32)

    def decode(self, plane: npt.ArrayLike) -> int:
        a = np.asarray(plane)
        return sum(1 << int(c) for c in np.flatnonzero(a > 0.5))


class _CountPlanes(CardPlanes):
    """Packed 5-bit counts: field ``f`` owns ``maxes[f]`` thermometer slots."""

    def __init__(self, maxes: Sequence[int]) -> None:
        self.maxes = tuple(maxes)
        self.shifts = tuple(5 * f for f in range(len(self.maxes)))
        self.offsets = np.cumsum((0,) + self.maxes[:-1])
        self._thresholds = np.concatenate([np.arange(m) for m in self.maxes])
        self._repeats = np.asarray(self.maxes)
        super().__init__(sum(self.maxes))

    def _make(self, cards: int) -> Vector:
        # a count beyond the decks' copies is capped: in Big A a seat's played
        # cards can exceed them, as 4s come back to play through captures (§6)
        counts = np.minimum(np.array([(cards >> s) & 31 for s in self.shifts]), self._repeats)
        out: Vector = (np.repeat(counts, self._repeats) > self._thresholds).astype(_F32)
        return out

    def decode(self, plane: npt.ArrayLike) -> int:
        a = np.asarray(plane, dtype=np.float64)
        counts = np.add.reduceat(a, self.offsets)
        return sum(int(round(c)) << s for c, s in zip(counts, self.shifts))


_BIGTWO_PLANES: CardPlanes | None = None
_COUNT_PLANES: dict[tuple[int, ...], CardPlanes] = {}


def _mask_planes() -> CardPlanes:
    global _BIGTWO_PLANES
    if _BIGTWO_PLANES is None:
        _BIGTWO_PLANES = _MaskPlanes()
    return _BIGTWO_PLANES


def _count_planes(maxes: tuple[int, ...]) -> CardPlanes:
    p = _COUNT_PLANES.get(maxes)
    if p is None:
        p = _COUNT_PLANES[maxes] = _CountPlanes(maxes)
    return p


def _sat_sub(a: int, b: int, guard: int) -> int:
    """Per 5-bit field ``max(0, a - b)`` (every field of ``a`` and ``b`` < 16)."""
    x = (a + guard) - b
    g = x & guard
    keep = (g >> 4) * 31
    return (x & keep) - g


# ---------------------------------------------------------------------------
# Small state blocks
# ---------------------------------------------------------------------------

class _Field(NamedTuple):
    name: str
    kind: str
    """``onehot`` (value: index, -1 = none), ``bits`` (value: bit mask),
    ``scalar`` (value: float), ``order`` (value: per seat an index or -1; n x n)."""
    size: int
    description: str


class _Block:
    """Contiguous small fields built together from one tuple of values (memoised)."""

    def __init__(self, fields: Sequence[_Field]) -> None:
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
# The per-game codecs
# ---------------------------------------------------------------------------

_LEFT_SLOTS: Final = 6


class _Codec:
    """What each game provides: the layout and the parts of one observation.

    :meth:`parts` returns the pieces of the vector in layout order; the
    :class:`Encoder` concatenates them."""

    game: ClassVar[str]
    planes: CardPlanes
    players: int
    layout: tuple[Segment, ...]
    size: int

    def __init__(self, players: int, planes: CardPlanes, full_hand: int) -> None:
        self.players = players
        self.planes = planes
        self._segs: list[tuple[str, int, str]] = []
        self._left_scale = float(full_hand)
        self._left = _Memo(self._make_left)
        self._entry = _Memo(self._make_entry)
        width = planes.size + players + 1
        self._pads = [np.zeros(0, _F32)] + [
            _frozen(np.zeros(c * width, _F32)) for c in range(1, HISTORY_LENGTH + 1)]

    # --- layout building
    def _add(self, name: str, length: int, description: str) -> None:
        self._segs.append((name, length, description))

    def _add_block(self, block: _Block) -> None:
        for f in block.fields:
            self._add(f.name, f.size, f.description)

    def _finish_layout(self) -> None:
        out = []
        at = 0
        for name, length, desc in self._segs:
            out.append(Segment(name, at, length, desc))
            at += length
        self.layout = tuple(out)
        self.size = at

    def _common_head(self, extra: Sequence[tuple[str, str]],
                     known: str = "cards relative seat {k} is known to hold now") -> None:
        """hand, unseen, played.k, known.k, the game's extra planes, top, cards_left.k."""
        p, n = self.planes.size, self.players
        self._add("hand", p, "the seat's own cards")
        self._add("unseen", p, "cards whose place the seat does not know")
        for k in range(n):
            self._add(f"played.{k}", p, f"cards played so far by relative seat {k}")
        for k in range(1, n):
            self._add(f"known.{k}", p, known.format(k=k))
        for name, desc in extra:
            self._add(name, p, desc)
        self._add("top", p, "the current top play's cards (0 when leading)")
        for k in range(n):
            self._add(f"cards_left.{k}", _LEFT_SLOTS,
                      f"relative seat {k}: cards held / full hand, then one-hot 0,1,2,3,>=4")

    def _history_layout(self) -> None:
        p, n = self.planes.size, self.players
        for i in range(HISTORY_LENGTH):
            self._add(f"history.{i}.cards", p, f"play {i} back (0 = newest): its cards")
            self._add(f"history.{i}.seat", n, f"play {i} back: relative seat one-hot")
            self._add(f"history.{i}.pass", 1, f"play {i} back: 1 for a pass")

    # --- shared parts
    def _make_left(self, counts: tuple[int, ...]) -> Vector:
        out = np.zeros(len(counts) * _LEFT_SLOTS, _F32)
        for k, c in enumerate(counts):
            out[k * _LEFT_SLOTS] = c / self._left_scale
            out[k * _LEFT_SLOTS + 1 + min(c, 4)] = 1.0
        return out

    def _cards_left(self, counts: tuple[int, ...], me: int) -> Vector:
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

    def _history(self, keys: list[tuple[int, int]]) -> list[Vector]:
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

    def parts(self, obs: Any) -> list[Vector]:
        raise NotImplementedError


def _rel(seat: int | None, me: int, n: int) -> int:
    """The relative seat of ``seat`` seen from ``me`` (-1 for None)."""
    return -1 if seat is None else (seat - me) % n


def _order(seats: Sequence[int], me: int, n: int) -> tuple[int, ...]:
    """Per relative seat, its index in ``seats`` (-1 when absent)."""
    pos = [-1] * n
    for i, s in enumerate(seats):
        pos[(s - me) % n] = i
    return tuple(pos)


def _bits(seats: Sequence[int], me: int, n: int) -> int:
    b = 0
    for s in seats:
        b |= 1 << ((s - me) % n)
    return b


# ----- Dou Dizhu -----------------------------------------------------------

class _DouDizhuCodec(_Codec):
    game = "doudizhu"

    def __init__(self, rules: Any) -> None:
        packs = rules.packs
        planes = _count_planes(tuple([4 * packs] * 13 + [packs] * 2))
        super().__init__(rules.players, planes, rules.hand_size + rules.kitty_size)
        self.rules = rules
        n = self.players
        self.deck = dd_combos.deck_cards(rules)
        phases = (dd_game.Phase.BID, dd_game.Phase.ROB, dd_game.Phase.PLAY, dd_game.Phase.OVER)
        self._phase_index = {ph: i for i, ph in enumerate(phases)}
        kinds = tuple(dd_combos.Kind)
        self._kind_index = {k: i for i, k in enumerate(kinds)}
        self._stakes: dict[tuple[int, int, int, bool, bool], float] = {}
        self.block = _Block([
            _Field("phase", "onehot", 4, "phase one-hot: bid, rob, play, over"),
            _Field("landlord", "onehot", n, "the (current) landlord, relative seat"),
            _Field("first_bidder", "onehot", n, "the receiver of the marker card"),
            _Field("to_act", "onehot", n, "the seat to act"),
            _Field("top_player", "onehot", n, "who made the top play"),
            _Field("leader", "onehot", n, "who led the current trick"),
            _Field("leading", "bits", 1, "1 when this seat is to act with no top play"),
            _Field("top_kind", "onehot", len(kinds), "the top play's reading (Kind order)"),
            _Field("bid", "onehot", 4, "the highest bid so far, 0..3"),
            _Field("robs", "onehot", 4, "robs so far: 0, 1, 2, >= 3"),
            _Field("bombs", "onehot", 5, "doubling bombs played: 0..3, >= 4"),
            _Field("shown", "bits", 1, "the landlord showed the hand (明牌)"),
            _Field("doubled", "bits", 1, "this deal carries D = 2"),
            _Field("stake", "scalar", 1,
                   "log2(unit if the landlord won now without spring) / 10; 0 before a bid"),
        ])
        self._common_head([("kitty", "the kitty once taken (face up), else 0")])
        self._add_block(self.block)
        self._history_layout()
        self._finish_layout()

    def _stake(self, bid: int, robs: int, bombs: int, shown: bool, doubled: bool) -> float:
        key = (bid, robs, bombs, shown, doubled)
        s = self._stakes.get(key)
        if s is None:
            s = 0.0
            if bid >= 1:
                u = multipliers(self.rules, bid=bid, robs=robs, doubling_bombs=bombs,
                                spring=False, anti_spring=False, shown=shown,
                                landlord_won=True, doubled=doubled).unit
                s = math.log2(u) / 10.0
            if len(self._stakes) < CACHE_LIMIT:
                self._stakes[key] = s
        return s

    def parts(self, obs: Any) -> list[Vector]:
        o: dd_game.Observation = obs
        n = self.players
        me = o.seat
        plane = self.planes.plane
        zero = self.planes.zero
        played = o.played
        lord = o.landlord
        kitty = o.kitty
        top = o.top
        cur = o.current_player

        # lower bounds of the other seats' holdings: the marker card was dealt to
        # the first bidder, the kitty went to the landlord; minus their plays
        base = [0] * n
        if o.marker is not None:
            base[o.first_bidder] += dd_combos.UNIT[o.marker]
        if kitty is not None and lord is not None:
            base[lord] += kitty
        known = [0] * n
        for s in range(n):
            if s != me and base[s]:
                known[s] = _sat_sub(base[s], played[s], dd_combos.GUARD)
        if o.landlord_hand is not None and lord is not None and lord != me:
            known[lord] = o.landlord_hand
        unseen = self.deck - o.hand - sum(played) - sum(known)

        order = [(me + k) % n for k in range(n)]
        parts = [plane(o.hand), plane(unseen)]
        parts += [plane(played[s]) for s in order]
        parts += [plane(known[s]) for s in order[1:]]
        parts.append(zero if kitty is None else plane(kitty))
        parts.append(zero if top is None else plane(top.cards))
        parts.append(self._cards_left(o.hand_counts, me))
        parts.append(self.block.get((
            self._phase_index[o.phase],
            -1 if lord is None else (lord - me) % n,
            (o.first_bidder - me) % n,
            -1 if cur is None else (cur - me) % n,
            -1 if o.top_player is None else (o.top_player - me) % n,
            -1 if o.leader is None else (o.leader - me) % n,
            1 if (top is None and cur == me) else 0,
            -1 if top is None else self._kind_index[top.kind],
            o.bid,
            min(o.robs, 3),
            min(o.bombs, 4),
            1 if o.shown else 0,
            1 if o.doubled else 0,
            self._stake(o.bid, o.robs, o.bombs, o.shown, o.doubled),
        )))

        # the last K plays and passes of the play phase: it starts at the first play
        # (or 明牌); a pass before it was a pass in the bidding
        keys: list[tuple[int, int]] = []
        hist = o.history
        phase = o.phase
        if phase is dd_game.Phase.PLAY or phase is dd_game.Phase.OVER:
            combo_t = dd_combos.Combo
            choice_t = dd_game.Choice
            start = len(hist)
            for i, ev in enumerate(hist):
                a = ev.action
                if isinstance(a, combo_t) or isinstance(a, choice_t) and a.name == "show":
                    start = i
                    break
            i = len(hist) - 1
            while i >= start:
                seat, a = hist[i]
                i -= 1
                if isinstance(a, combo_t):
                    keys.append((a.cards, (seat - me) % n))
                elif isinstance(a, Pass):
                    keys.append((-1, (seat - me) % n))
                else:
                    continue
                if len(keys) == HISTORY_LENGTH:
                    break
        parts += self._history(keys)
        return parts


# ----- Big Two -------------------------------------------------------------

_B2_FULL: Final = (1 << 52) - 1
_B2_TO_RECEIVER: Final = frozenset({"give", "tribute"})
"""Exchange steps whose cards go to the event's ``to`` seat."""
_B2_TO_ACTOR: Final = frozenset({"draw", "receive", "keep"})
"""Exchange steps whose cards end in the event's own seat's hand."""


class _BigTwoCodec(_Codec):
    game = "bigtwo"

    def __init__(self, rules: Any) -> None:
        full = rules.cards_per_hand + (1 if rules.leftover_count else 0)
        super().__init__(rules.players, _mask_planes(), full)
        n = self.players
        phases = tuple(b2_game.Phase)
        self._phase_index = {ph: i for i, ph in enumerate(phases)}
        kinds = tuple(b2_combos.ComboKind)
        self._kind_index = {k: i for i, k in enumerate(kinds)}
        self.block = _Block([
            _Field("phase", "onehot", len(phases),
                   "phase one-hot: " + ", ".join(p.value for p in phases)),
            _Field("to_act", "onehot", n, "the seat to act"),
            _Field("top_player", "onehot", n, "who made the top play"),
            _Field("leader", "onehot", n, "who led the current trick"),
            _Field("leading", "bits", 1, "1 when this seat is to act with no top play"),
            _Field("top_kind", "onehot", len(kinds), "the top play's type (ComboKind order)"),
            _Field("passed", "bits", n, "seats that passed since the top play"),
            _Field("finish_order", "order", n * n,
                   "per relative seat, one-hot of its finishing position"),
            _Field("starting_player", "onehot", n, "the public holder of the starting card"),
            _Field("must_contain", "bits", 1, "this seat's lead must contain the starting card"),
            _Field("forced_trick", "bits", 1, "repeat_lead_lock: all but the top player pass"),
            _Field("blocked", "bits", n, "seats blocked for a missed last-card call"),
            _Field("ranking", "order", n * n,
                   "per relative seat, one-hot of its rank in the previous deal (exchanges)"),
            _Field("partner", "onehot", n, "the other party of this seat's exchange decision"),
            _Field("piles", "bits", n, "tribute method 1: hand indexes still to choose"),
        ])
        self._common_head([("exposed", "cards out of play face up, and a face-up leftover")],
                          "cards this seat last saw go to relative seat {k} (exchanges)")
        self._add_block(self.block)
        self._history_layout()
        self._finish_layout()

    def _known(self, o: b2_game.Observation) -> list[int]:
        """Cards this seat last saw go to each other seat before play (exchanges,
        a face-up leftover taken), per seat; not yet reduced by plays."""
        n = self.players
        me = o.seat
        known = [0] * n
        combo_t = b2_combos.Combo
        choice_t = b2_game.Choice
        for ev in o.history:
            a = ev.action
            if isinstance(a, (combo_t, b2_game.LastCard, Pass)):
                break  # play has begun: no more exchanges
            if not isinstance(a, choice_t):
                continue  # Hidden: another seat's private step
            name = a.name
            if name in ("take", "swap"):
                cards, to = o.leftover_shown, ev.seat
            elif name in _B2_TO_RECEIVER:
                cards, to = a.cards, ev.to
            elif name in _B2_TO_ACTOR:
                cards, to = a.cards, ev.seat
            else:
                continue
            if not cards or to < 0:
                continue
            for s in range(n):
                known[s] &= ~cards
            if to != me:
                known[to] |= cards
        return known

    def parts(self, obs: Any) -> list[Vector]:
        o: b2_game.Observation = obs
        n = self.players
        me = o.seat
        plane = self.planes.plane
        zero = self.planes.zero
        played = o.played
        hand = o.hand
        top = o.top
        cur = o.current_player

        on_table = 0
        for p in played:
            on_table |= p
        hist = o.history
        known: list[int] | None = None
        if hist:
            if not isinstance(hist[0].action, (b2_combos.Combo, b2_game.LastCard, Pass)):
                known = self._known(o)
        shown = o.exposed | o.leftover_shown
        seen = hand | on_table | shown
        order = [(me + k) % n for k in range(n)]
        parts = [plane(hand), zero]
        parts += [plane(played[s]) for s in order]
        if known is None:
            parts += [zero] * (n - 1)
        else:
            for s in order[1:]:
                k = known[s] & ~on_table & ~hand
                seen |= k
                parts.append(plane(k))
        parts[1] = plane(_B2_FULL & ~seen)
        parts.append(plane(shown))
        parts.append(zero if top is None else plane(top.mask))
        parts.append(self._cards_left(o.hand_counts, me))
        parts.append(self.block.get((
            self._phase_index[o.phase],
            -1 if cur is None else (cur - me) % n,
            -1 if o.top_player is None else (o.top_player - me) % n,
            (o.leader - me) % n,
            1 if (top is None and cur == me) else 0,
            -1 if top is None else self._kind_index[top.kind],
            _bits(o.passed, me, n),
            _order(o.finished, me, n),
            _rel(o.starting_player, me, n),
            1 if o.must_contain else 0,
            1 if o.forced_trick else 0,
            _bits(o.blocked, me, n),
            _order(o.ranking, me, n) if o.ranking is not None else (-1,) * n,
            _rel(o.partner, me, n),
            sum(1 << k for k in o.piles),
        )))

        keys: list[tuple[int, int]] = []
        combo_t = b2_combos.Combo
        last_t = b2_game.LastCard
        i = len(hist) - 1
        while i >= 0:
            ev = hist[i]
            i -= 1
            a = ev.action
            if isinstance(a, combo_t):
                keys.append((a.mask, (ev.seat - me) % n))
            elif isinstance(a, last_t):
                keys.append((a.play.mask, (ev.seat - me) % n))
            elif isinstance(a, Pass):
                keys.append((-1, (ev.seat - me) % n))
            else:
                break  # before play
            if len(keys) == HISTORY_LENGTH:
                break
        parts += self._history(keys)
        return parts


# ----- Big A ----------------------------------------------------------------

class _BigACodec(_Codec):
    game = "biga"

    def __init__(self, rules: Any) -> None:
        nf = ba_cards.NFACES
        maxes = tuple((ba_cards.DECK >> (5 * f)) & 31 for f in range(nf))
        maxes = tuple(max(m, 8 if f == ba_cards.ACE else 0) for f, m in enumerate(maxes))
        n = rules.players
        full = -(-ba_game.STOCK_SIZE // n)
        super().__init__(n, _count_planes(maxes), full)
        self.guard = ba_cards.GUARD
        phases = tuple(ba_game.Phase)
        self._phase_index = {ph: i for i, ph in enumerate(phases)}
        kinds = tuple(ba_combos.Kind)
        self._kind_index = {k: i for i, k in enumerate(kinds)}
        self._decks: dict[int | None, int] = {None: ba_cards.DECK}
        for s in range(4):
            self._decks[s] = ba_cards.normalize(ba_cards.DECK, s)
        self.block = _Block([
            _Field("phase", "onehot", len(phases),
                   "phase one-hot: " + ", ".join(p.value for p in phases)
                   + " (another seat's show_second decision shows as reveal)"),
            _Field("drawn", "scalar", 1, "cards drawn / 108"),
            _Field("first_drawer", "onehot", n, "the first drawer"),
            _Field("to_act", "onehot", n, "the seat to act (none during another seat's "
                   "private decision)"),
            _Field("top_player", "onehot", n, "who made the top play"),
            _Field("leader", "onehot", n, "who led the current trick"),
            _Field("leading", "bits", 1, "1 when this seat is to act with no top play"),
            _Field("top_kind", "onehot", len(kinds), "the top play's type (Kind order)"),
            _Field("declarer", "onehot", n, "the declarer"),
            _Field("big_suit", "onehot", 4, "the Big Ace suit: D, C, H, S"),
            _Field("forced", "bits", 1, "the declaration was the forced hearts one"),
            _Field("two_shown", "bits", 1, "both Big Aces were shown"),
            _Field("partner_revealed", "bits", 1, "the partner revealed itself"),
            _Field("partner", "onehot", n,
                   "the partner as this seat knows it (itself if it holds the other Big Ace)"),
            _Field("alone_known", "bits", 1, "it is public that the declarer plays alone"),
            _Field("role", "onehot", 4, "this seat's role: declarer, partner, defender, unknown"),
            _Field("finish_order", "order", n * n,
                   "per relative seat, one-hot of its finishing position"),
        ])
        self._common_head([])
        self._add_block(self.block)
        self._history_layout()
        self._finish_layout()

    def parts(self, obs: Any) -> list[Vector]:
        o: ba_game.Observation = obs
        n = self.players
        me = o.seat
        plane = self.planes.plane
        zero = self.planes.zero
        played = o.played
        captured = o.captured
        hand = o.hand
        top = o.top
        cur = o.current_player
        phase = o.phase
        suit = o.big_suit
        declarer = o.declarer
        partner = o.partner
        playing = phase is ba_game.Phase.PLAY or phase is ba_game.Phase.OVER
        normalized = playing and suit is not None

        # lower bounds of what each seat held before play: declared Aces, one Big
        # Ace for the declarer and a public partner, two for a declarer known alone
        lows: dict[tuple[int, int], int] = {}
        for _, ev in o.declarations:
            d = ev.action
            assert isinstance(d, ba_game.Declare)
            key = (ev.seat, ba_cards.SUITED_ACE + d.suit)
            lows[key] = max(lows.get(key, 0), 2 if d.two else 1)
        if suit is not None:
            big = ba_cards.SUITED_ACE + suit
            if declarer is not None:
                key = (declarer, big)
                lows[key] = max(lows.get(key, 0), 2 if o.alone_known else 1)
            if partner is not None and partner != me:
                key = (partner, big)
                lows[key] = max(lows.get(key, 0), 1)
        base = [0] * n
        for (s, f), c in lows.items():
            if s != me:
                base[s] += c << (5 * f)
        guard = self.guard
        known = [0] * n
        on_table = 0
        for s in range(n):
            on_table += played[s] - captured[s]
            if s != me:
                b = base[s]
                if b and normalized:
                    b = ba_cards.normalize(b, suit)
                b += captured[s]
                if b:
                    known[s] = _sat_sub(b, played[s], guard)
        deck = self._decks[suit if normalized else None]
        unseen = deck - hand - on_table - sum(known)

        order = [(me + k) % n for k in range(n)]
        parts = [plane(hand), plane(unseen)]
        parts += [plane(played[s]) for s in order]
        parts += [plane(known[s]) for s in order[1:]]
        parts.append(zero if top is None else plane(top.cards))
        parts.append(self._cards_left(o.hand_counts, me))
        if declarer == me:
            role = 0
        elif partner == me:
            role = 1
        elif declarer is None or phase is ba_game.Phase.DRAW:
            role = 3
        else:
            role = 2
        parts.append(self.block.get((
            self._phase_index[phase],
            o.drawn / ba_game.STOCK_SIZE,
            (o.first_drawer - me) % n,
            -1 if cur is None else (cur - me) % n,
            -1 if o.top_player is None else (o.top_player - me) % n,
            -1 if o.leader is None else (o.leader - me) % n,
            1 if (top is None and cur == me) else 0,
            -1 if top is None else self._kind_index[top.kind],
            -1 if declarer is None else (declarer - me) % n,
            -1 if suit is None else suit,
            1 if o.forced else 0,
            1 if o.two_shown else 0,
            1 if o.partner_revealed else 0,
            -1 if partner is None else (partner - me) % n,
            1 if o.alone_known else 0,
            role,
            _order(o.finishing, me, n),
        )))

        keys: list[tuple[int, int]] = []
        if playing:
            hist = o.history
            combo_t = ba_combos.Combo
            capture_t = ba_game.Capture
            i = len(hist) - 1
            while i >= 0:
                seat, a = hist[i]
                i -= 1
                if isinstance(a, combo_t):
                    keys.append((a.cards, (seat - me) % n))
                elif isinstance(a, capture_t):
                    keys.append((a.fours.cards, (seat - me) % n))
                elif isinstance(a, Pass):
                    keys.append((-1, (seat - me) % n))
                else:
                    break  # the draw and the steps before play
                if len(keys) == HISTORY_LENGTH:
                    break
        parts += self._history(keys)
        return parts


_CODECS: Final[dict[str, Callable[[Any], _Codec]]] = {
    "bigtwo": _BigTwoCodec, "doudizhu": _DouDizhuCodec, "biga": _BigACodec}


# ---------------------------------------------------------------------------
# The encoder
# ---------------------------------------------------------------------------

class Encoder:
    """The observation encoding of one game under one rules object.

    Build with ``Encoder(game, rules)`` or, cached, :meth:`Encoder.for_rules`.
    ``game`` is a game key or alias (:func:`chupai.games.find_game`); ``rules``
    is the game's options object or a preset name. The encoding is only
    meaningful for observations of deals under the same rules."""

    dtype: ClassVar[type[np.float32]] = np.float32
    """The element type of every vector."""

    _cache: ClassVar[dict[tuple[str, Any], Encoder]] = {}

    game: str
    """The game key."""
    rules: Any
    players: int
    shape: tuple[int]
    """``(size,)``: the vector's shape."""
    size: int
    layout: tuple[Segment, ...]
    """The segments in order; they tile ``range(size)`` exactly."""
    planes: CardPlanes
    """The card-plane format of the game."""

    def __init__(self, game: str, rules: Any) -> None:
        key = find_game(game).key
        if isinstance(rules, str):
            rules = resolve_rules(key, rules)
        codec = _CODECS[key](rules)
        self.game = key
        self.rules = rules
        self.players = codec.players
        self.size = codec.size
        self.shape = (codec.size,)
        self.layout = codec.layout
        self.planes = codec.planes
        self._codec = codec
        self._parts = codec.parts
        self._by_name = {s.name: s for s in codec.layout}

    @classmethod
    def for_rules(cls, game: str, rules: Any) -> Encoder:
        """The encoder of ``game`` under ``rules`` (one shared instance per pair)."""
        key = (find_game(game).key, rules)
        enc = cls._cache.get(key)
        if enc is None:
            enc = cls._cache[key] = cls(game, rules)
        return enc

    def encode(self, obs: Any) -> Vector:
        """The vector of ``obs`` (a new array of :attr:`shape`)."""
        out = np.empty(self.size, _F32)
        np.concatenate(self._parts(obs), out=out)
        return out

    def encode_into(self, obs: Any, out: Vector) -> None:
        """Write the vector of ``obs`` into ``out`` (a float32 array of
        :attr:`shape`, e.g. one row of a batch)."""
        np.concatenate(self._parts(obs), out=out)

    # ----- reading vectors ---------------------------------------------------
    def segment(self, name: str) -> Segment:
        """The segment called ``name``; raises ``KeyError`` listing the names."""
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(f"no segment {name!r}; segments: "
                           + ", ".join(self._by_name)) from None

    def view(self, vector: Vector, name: str) -> Vector:
        """The part of ``vector`` that is segment ``name``."""
        return vector[self.segment(name).span]

    def decode_cards(self, vector: Vector, name: str) -> int:
        """The cards (the engine's value: a mask or packed counts) held in the card
        segment ``name`` of ``vector``."""
        seg = self.segment(name)
        if seg.length != self.planes.size:
            raise ValueError(f"segment {name!r} is not a card plane")
        return self.planes.decode(vector[seg.span])

    def describe(self) -> str:
        """The layout as a text table, one segment a line."""
        lines = [f"{self.game} encoding, {self.size} values "
                 f"({self.planes.size} per card plane, {self.players} players)"]
        for s in self.layout:
            lines.append(f"{s.start:5d} {s.length:4d}  {s.name:22s} {s.description}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        spec = self.rules.spec() if hasattr(self.rules, "spec") else repr(self.rules)
        return f"<Encoder {spec} size={self.size}>"
