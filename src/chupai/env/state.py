"""The perfect-information state of a deal, for centralised critics (PettingZoo's
``env.state()`` and ``env.state_space``).

.. warning::
   The state is **privileged**: it holds every hand and cards that no seat has
   seen. Feed it to a critic (a value function used only in training), never to
   an acting policy: a policy that reads it cheats, and cannot play from a seat's
   own observation at the table.

:class:`StateEncoder` (one per game and rules, :meth:`StateEncoder.for_rules`)
turns a live deal into one fixed-size float32 vector. Its segments, in order
(``P`` the card-plane size, ``n`` the players, ``size`` the observation size):

- ``seat0.<segment>`` (``size`` values): seat 0's observation encoding
  (:class:`~chupai.env.encode.Encoder`), the public state of the deal in
  **absolute** seats: the encoding's seats are relative to the observing seat, so
  seen from seat 0 relative seat ``k`` is seat ``k``;
- ``hand.s`` for s = 1..n-1 (the encoding's ``hand`` segment each): seat ``s``'s
  cards (seat 0's are in ``seat0.hand``);
- the game's hidden parts (its environment plugin's ``hidden_parts(rules)``):
  card planes of cards no seat has seen (Dou Dizhu's ``kitty`` before the
  landlord takes it; Big A's ``stock``, the cards still to draw; Big Two's
  ``leftover`` and ``set_aside``) and absolute seat one-hots (Big A's
  ``partner``, the holder of the other Big Ace, as soon as the engine knows it);
- ``to_act`` (``n``): the seat to act, absolute one-hot, even while the
  observations hide it (zeros once the deal is over).

Every value lies in ``[0, high]`` (:meth:`StateEncoder.high`): the hidden parts
and ``to_act`` in ``[0, 1]``, the ``seat0`` part and the hands within the bounds
of the observation vector (:attr:`Encoder.high <chupai.env.encode.Encoder.high>`).

A plugin declares its hidden parts with two functions: ``hidden_parts(rules) ->
tuple[HiddenPart, ...]`` and ``hidden_values(deal) -> tuple[int | None, ...]``
(per part, in order: a card value of the game's planes, or a seat or None). A
game without them (or without a plugin) has none.

>>> from chupai.doudizhu.game import new_deal
>>> from chupai.doudizhu.rules import PRESETS
>>> st = StateEncoder.for_rules("doudizhu", PRESETS["classic"])
>>> deal = new_deal(PRESETS["classic"], seed=7)
>>> x = st.encode(deal)
>>> x.shape == (st.size,), st.size == 1022 + 2 * 54 + 54 + 3   # seat0, hands 1-2, kitty, to_act
(True, True)
>>> st.planes.decode(st.view(x, "kitty")) == deal.kitty
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final, Literal, NamedTuple

import numpy as np
import numpy.typing as npt

from chupai.env.codec import Segment, Vector
from chupai.env.encode import Encoder
from chupai.env.spaces import env_plugin
from chupai.protocol import get_game

__all__ = ["HiddenPart", "StateEncoder"]

_F32: Final = np.float32


class HiddenPart(NamedTuple):
    """One part of the state that the observations need not show (declared by a
    game's environment plugin in ``hidden_parts(rules)``)."""

    name: str
    kind: Literal["cards", "seat"]
    """``cards``: a card plane of the game's format; ``seat``: an absolute seat
    one-hot (zeros for None)."""
    description: str


class StateEncoder:
    """The perfect-information vector of deals of one game under one rules
    object (see the module docstring). Privileged: for critics only."""

    _cache: ClassVar[dict[tuple[str, Any], StateEncoder]] = {}

    game: str
    rules: Any
    encoder: Encoder
    """The observation encoder whose seat-0 vector and ``hand`` segments it holds."""
    players: int
    size: int
    layout: tuple[Segment, ...]
    """The segments in order; they tile ``range(size)``."""

    def __init__(self, game: str, rules: Any) -> None:
        spec = get_game(game)
        if rules is None or isinstance(rules, str):
            rules = spec.resolve(rules)
        self.game = spec.key
        self.rules = rules
        enc = self.encoder = Encoder.for_rules(spec.key, rules)
        self.planes = enc.planes
        n = self.players = enc.players
        plugin = env_plugin(spec)
        parts_fn = getattr(plugin, "hidden_parts", None)
        self.parts: tuple[HiddenPart, ...] = () if parts_fn is None else tuple(parts_fn(rules))
        self._values = getattr(plugin, "hidden_values", None)
        hand = enc.segment("hand")
        self._hand = hand.span
        segs: list[tuple[str, int, str]] = [
            (f"seat0.{s.name}", s.length, f"seat 0's observation: {s.description}")
            for s in enc.layout
        ]
        segs += [(f"hand.{s}", hand.length, f"seat {s}'s cards") for s in range(1, n)]
        for p in self.parts:
            segs.append((p.name, self.planes.size if p.kind == "cards" else n, p.description))
        segs.append(("to_act", n, "the seat to act, absolute one-hot (0 once over)"))
        layout = []
        at = 0
        for name, length, desc in segs:
            layout.append(Segment(name, at, length, desc))
            at += length
        self.layout = tuple(layout)
        self.size = at
        self._by_name = {s.name: s for s in self.layout}
        self._rows = np.zeros((n, enc.size), _F32)

    @classmethod
    def for_rules(cls, game: str, rules: Any) -> StateEncoder:
        """The state encoder of ``game`` under ``rules`` (one shared instance per
        pair)."""
        key = (get_game(game).key, rules)
        st = cls._cache.get(key)
        if st is None:
            st = cls._cache[key] = cls(game, rules)
        return st

    def encode(self, deal: Any, out: Vector | None = None) -> Vector:
        """The state vector of ``deal`` (written into ``out`` when given: a float32
        array of ``(size,)``; else a new array). Privileged: never an agent's
        input."""
        if out is None:
            out = np.empty(self.size, _F32)
        n = self.players
        rows = self._rows
        self.encoder.encode_rows([deal.observe(s) for s in range(n)], rows)
        size = rows.shape[1]
        out[:size] = rows[0]
        at = size
        width = self._hand.stop - self._hand.start
        for s in range(1, n):
            out[at : at + width] = rows[s, self._hand]
            at += width
        values: Sequence[int | None] = () if self._values is None else self._values(deal)
        p = self.planes.size
        for part, v in zip(self.parts, values):
            if part.kind == "cards":
                out[at : at + p] = self.planes.plane(int(v or 0))
                at += p
            else:
                out[at : at + n] = 0.0
                if v is not None:
                    out[at + v] = 1.0
                at += n
        out[at : at + n] = 0.0
        seat = deal.to_act
        if seat is not None and not deal.is_terminal():
            out[at + seat] = 1.0
        return out

    def high(self, observation_high: npt.ArrayLike | None = None) -> Vector:
        """The upper bound of every value: ``observation_high``, the upper bound of
        the observation vector (default :attr:`Encoder.high
        <chupai.env.encode.Encoder.high>`; a scalar or one value per element), for
        the ``seat0`` part and its ``hand`` slice for the other hands, 1 for the
        hidden parts and ``to_act``. Every lower bound is 0."""
        if observation_high is None:
            observation_high = self.encoder.high
        given = np.asarray(observation_high, _F32)
        if given.shape not in ((), (self.encoder.size,)):
            raise ValueError(
                f"observation_high has shape {given.shape}, not () or ({self.encoder.size},)"
            )
        enc_high = np.broadcast_to(given, (self.encoder.size,))
        rest = np.ones(self.size - self.encoder.size, _F32)
        width = self._hand.stop - self._hand.start
        rest[: (self.players - 1) * width] = np.tile(enc_high[self._hand], self.players - 1)
        return np.concatenate([enc_high, rest]).astype(_F32)

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

    def describe(self) -> str:
        """The layout as a text table, one segment a line (the ``seat0`` part as
        one line)."""
        size = self.encoder.size
        lines = [
            f"{self.game} state, {self.size} values ({self.players} players)",
            f"{0:5d} {size:4d}  {'seat0.*':22s} seat 0's observation encoding (absolute seats)",
        ]
        for s in self.layout:
            if s.start >= size:
                lines.append(f"{s.start:5d} {s.length:4d}  {s.name:22s} {s.description}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        spec = self.rules.spec() if hasattr(self.rules, "spec") else repr(self.rules)
        return f"<StateEncoder {spec} size={self.size}>"
