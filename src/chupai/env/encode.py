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

Each game's encoding lives in its environment plugin (``chupai.env.games.<game>``,
found through :meth:`chupai.protocol.GameSpec.plugin`), built on the blocks of
:mod:`chupai.env.codec`. A game without a plugin gets the generic encoding of
:mod:`chupai.env.generic`, built from :meth:`~chupai.protocol.GameSpec.facts` and
its spec's card and action universes.

Speed: with the compiled core built (:mod:`chupai.compiled`), the codec's
values are written straight into the row by ``chupai.env._fast_encode``
(:meth:`Encoder.encode_into` writes into a preallocated row). The pure-Python
path, the reference that gives the same bytes, memoises card planes, history
entries and small state blocks in bounded dictionaries keyed by their packed
values and makes the vector one ``numpy.concatenate`` of cached pieces.

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

from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from chupai.env.codec import HISTORY_LENGTH, CardPlanes, Codec, CountPlanes, Segment, Vector
from chupai.env.generic import FactsCodec
from chupai.env.spaces import env_plugin
from chupai.protocol import get_game

__all__ = ["HISTORY_LENGTH", "CardPlanes", "Encoder", "Segment", "Vector"]

_CountPlanes = CountPlanes
"""The former name of :class:`chupai.env.codec.CountPlanes`."""

_F32 = np.float32


def _codec(game: str, rules: Any) -> tuple[str, Any, Codec]:
    """``(game key, rules, codec)``: the plugin's codec, else the generic one."""
    spec = get_game(game)
    if rules is None or isinstance(rules, str):
        rules = spec.resolve(rules)
    plugin = env_plugin(spec)
    codec: Codec = FactsCodec(spec, rules) if plugin is None else plugin.codec(rules)
    return spec.key, rules, codec


class Encoder:
    """The observation encoding of one game under one rules object.

    Build with ``Encoder(game, rules)`` or, cached, :meth:`Encoder.for_rules`.
    ``game`` is a game key or alias (:func:`chupai.protocol.get_game`); ``rules``
    is the game's options object or a preset name (None: the default preset). The encoding is only
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
    high: npt.NDArray[np.float32]
    """Per value, the largest it can be (read-only; every value is ``>= 0``):
    the observation box is ``Box(0, high)`` (:attr:`chupai.env.codec.Codec.high`)."""

    def __init__(self, game: str, rules: Any) -> None:
        key, rules, codec = _codec(game, rules)
        self.game = key
        self.rules = rules
        self.players = codec.players
        self.size = codec.size
        self.shape = (codec.size,)
        self.layout = codec.layout
        self.planes = codec.planes
        self.high = codec.high
        self._codec = codec
        self._parts = codec.parts
        self._write = codec.write
        self._by_name = {s.name: s for s in codec.layout}

    @classmethod
    def for_rules(cls, game: str, rules: Any) -> Encoder:
        """The encoder of ``game`` under ``rules`` (one shared instance per pair)."""
        key = (get_game(game).key, rules)
        enc = cls._cache.get(key)
        if enc is None:
            enc = cls._cache[key] = cls(game, rules)
        return enc

    def __reduce__(self) -> tuple[Any, tuple[str, Any]]:
        """Pickled as its game and rules (the receiving process takes its own
        cached encoder, :meth:`for_rules`)."""
        return Encoder.for_rules, (self.game, self.rules)

    def __copy__(self) -> Encoder:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Encoder:
        """An encoder is immutable (its memo tables are caches): a copy shares it."""
        return self

    def encode(self, obs: Any) -> Vector:
        """The vector of ``obs`` (a new array of :attr:`shape`)."""
        out = np.empty(self.size, _F32)
        self._write(obs, out)
        return out

    def encode_into(self, obs: Any, out: Vector) -> None:
        """Write the vector of ``obs`` into ``out`` (a float32 array of
        :attr:`shape`, e.g. one row of a batch)."""
        self._write(obs, out)

    def encode_rows(self, observations: Sequence[Any], out: npt.NDArray[np.float32]) -> None:
        """Write the vector of ``observations[i]`` into row ``i`` of ``out`` (a
        float32 array of shape ``(len(observations), size)``), as
        :meth:`encode_into` row by row, in one compiled call when the core is built."""
        if len(out) != len(observations):
            raise ValueError(f"{len(out)} rows for {len(observations)} observations")
        self._codec.write_rows(observations, out)

    def encode_pure(self, obs: Any) -> Vector:
        """:meth:`encode` by the pure-Python reference (the concatenation of the
        codec's memoised pieces), whether or not the compiled core is in use."""
        return np.concatenate(self._parts(obs)).astype(_F32, copy=False)

    # ----- reading vectors ---------------------------------------------------
    def segment(self, name: str) -> Segment:
        """The segment called ``name``; raises ``KeyError`` listing the names."""
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(f"no segment {name!r}; segments: " + ", ".join(self._by_name)) from None

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
        lines = [
            (
                f"{self.game} encoding, {self.size} values "
                f"({self.planes.size} per card plane, {self.players} players)"
            )
        ]
        for s in self.layout:
            lines.append(f"{s.start:5d} {s.length:4d}  {s.name:22s} {s.description}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        spec = self.rules.spec() if hasattr(self.rules, "spec") else repr(self.rules)
        return f"<Encoder {spec} size={self.size}>"
