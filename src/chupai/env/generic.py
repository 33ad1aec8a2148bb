"""The generic encoding of a game without an environment plugin, built from the
facts every game shares (:meth:`chupai.protocol.GameSpec.facts`) and the spec's
``card_universe`` and ``action_universe``.

Segments, in order (``m`` distinct card tokens, ``A`` actions, ``n`` players;
seats relative to the observing seat, as in every encoding):

=============  =======  ==========================================================
name           length   content
=============  =======  ==========================================================
``hand``       m        the seat's own cards: per token of the card universe, how
                        many the hand holds
``counts``     n        each seat's card count
``top``        A        the play to beat as a one-hot over the action universe
                        (zeros when leading or for a text outside the universe)
``to_act``     n        the seat to act (zeros when not public, or at the end)
``top_player`` n        who made the play to beat
``phase``      8        the phase as a one-hot of ``crc32(phase) mod 8`` (a
                        stable hash: the phases of a game are not listed)
=============  =======  ==========================================================
"""

from __future__ import annotations

import math
import zlib
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from chupai.env.codec import CardPlanes, Codec, Vector
from chupai.errors import ChupaiError
from chupai.protocol import GameSpec

__all__ = ["PHASE_SLOTS", "FactsCodec", "TokenPlanes"]

PHASE_SLOTS: Final = 8
"""Slots of the hashed phase one-hot."""

_F32: Final = np.float32


class TokenPlanes(CardPlanes):
    """Count planes over a card universe: value ``c`` packs the count of token
    ``i`` in bits ``5i .. 5i+4``; the plane holds the counts themselves."""

    def _make(self, cards: int) -> Vector:
        return np.array([(cards >> (5 * i)) & 31 for i in range(self.size)], _F32)

    def decode(self, plane: npt.ArrayLike) -> int:
        a = np.asarray(plane, dtype=np.float64)
        return sum(round(float(c)) << (5 * i) for i, c in enumerate(a))


def _players(spec: GameSpec, rules: Any) -> int:
    players = getattr(rules, "players", None)
    if isinstance(players, int):
        return players
    return int(spec.facts(spec.new_deal(rules, 0).observe(0)).players)


class FactsCodec(Codec):
    """The encoding of a game through its :class:`~chupai.protocol.SeatFacts`
    (see the module docstring)."""

    def __init__(self, spec: GameSpec, rules: Any) -> None:
        if spec.card_universe is None or spec.action_universe is None:
            raise ChupaiError(
                f"the game {spec.key} has neither an environment plugin nor "
                "card and action universes: no encoding"
            )
        cards = tuple(spec.card_universe(rules))
        actions = tuple(spec.action_universe(rules))
        n = _players(spec, rules)
        super().__init__(n, TokenPlanes(len(cards)), 1)
        self.facts = spec.facts
        self._card = {c: i for i, c in enumerate(cards)}
        self._action = {a: i for i, a in enumerate(actions)}
        self._n_actions = len(actions)
        # the spec says nothing of how many cards a game holds: open above
        self.add("hand", len(cards), "the seat's cards: per card token, how many", math.inf)
        self.add("counts", n, "each relative seat's card count", math.inf)
        self.add("top", len(actions), "the play to beat, one-hot over the action universe")
        self.add("to_act", n, "the seat to act, relative one-hot")
        self.add("top_player", n, "who made the play to beat, relative one-hot")
        self.add("phase", PHASE_SLOTS, f"one-hot of crc32(phase) mod {PHASE_SLOTS}")
        self.finish_layout()

    def parts(self, obs: Any) -> list[Vector]:
        f = self.facts(obs)
        n = self.players
        me = f.seat
        hand = np.zeros(len(self._card), _F32)
        for token in f.hand:
            hand[self._card[token]] += 1.0
        counts = np.array([f.counts[(me + k) % n] for k in range(n)], _F32)
        top = np.zeros(self._n_actions, _F32)
        at = None if f.top is None else self._action.get(f.top)
        if at is not None:
            top[at] = 1.0
        state = np.zeros(2 * n + PHASE_SLOTS, _F32)
        if f.to_act is not None:
            state[(f.to_act - me) % n] = 1.0
        if f.top_player is not None and f.top is not None:
            state[n + (f.top_player - me) % n] = 1.0
        state[2 * n + zlib.crc32(f.phase.encode()) % PHASE_SLOTS] = 1.0
        return [hand, counts, top, state]
