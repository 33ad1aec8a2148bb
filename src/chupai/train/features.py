"""The action features of the Deep Monte-Carlo network, for every game.

A DMC network scores ``Q(s, a)`` with the action ``a`` as an input, described by
features, so that actions that look alike share what the network learned about
them. :class:`ActionFeatures` builds those features for any game, only through
the environment layer (:class:`~chupai.env.spaces.ActionSpace`,
:class:`~chupai.env.encode.Encoder` and the game's environment plugin): no game
is named here.

Per action id, a row of :attr:`ActionFeatures.size` values (``P`` the card-plane
size of the game's encoding, ``L`` the labels of :meth:`ActionSpace.layout`):

==============  ==========  ======================================================
part            length      content
==============  ==========  ======================================================
``cards``       P           the action's cards in the encoding's card-plane format
                            (zeros for an action without cards: a pass, a bid, a
                            choice, and every action of a space of action classes
                            or texts)
``label``       L           one-hot of the action's block in the space layout:
                            ``pass``, ``bid``, ``choice``, one per play kind...
``position``    1           where the id lies in its block, 0 .. 1 (blocks list
                            plays by comparison key, so this orders plays of one
                            kind by strength)
``size``        1           cards the action plays / the full hand
``id``          n or 0      one-hot of the id itself, only for spaces of at most
                            :data:`ONEHOT_LIMIT` ids (small games)
``rest``        P           the hand's plane minus the action's (what the hand
                            keeps, per plane slot), from the observation
``out``         1           1 when the action plays every card of the hand
==============  ==========  ======================================================

The first five parts depend on the id alone (:attr:`ActionFeatures.static`);
``rest`` and ``out`` depend on the observation's ``hand`` segment too and are
added per decision (:meth:`ActionFeatures.features`; the network computes the
same in torch). A game's plugin tells where an action's cards are through its
codec's :class:`~chupai.env.codec.HistoryKeys` (the attribute path of the cards
of each play type); a game whose codec declares none gets zeros there.

>>> from chupai.train.features import ActionFeatures
>>> f = ActionFeatures.for_rules("doudizhu", "classic")
>>> f.static.shape, f.size
((27864, 73), 128)
>>> f.label_names[:4]
('pass', 'bid', 'choice', 'single')
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

import numpy as np
import numpy.typing as npt

from chupai.env.common import resolve_env_rules
from chupai.env.encode import Encoder
from chupai.env.spaces import ActionSpace, env_plugin
from chupai.protocol import get_game

__all__ = ["FEATURES", "ONEHOT_LIMIT", "ActionFeatures"]

FEATURES: Final = "generic-v1"
"""The name of this feature set (recorded in every checkpoint header)."""
ONEHOT_LIMIT: Final = 1024
"""Spaces of at most this many ids also get a one-hot of the id."""

_F32: Final = np.float32


def _cards_reader(game: str, rules: Any) -> Any:
    """``action -> cards value or None``, from the codec's history keys (None:
    the game's codec declares none)."""
    plugin = env_plugin(get_game(game))
    codec = None if plugin is None else plugin.codec(rules)
    keys = getattr(codec, "history_keys", None)
    if keys is None:
        return None
    plays = tuple(keys.plays)

    def read(action: Any) -> int | None:
        for kind, path in plays:
            if isinstance(action, kind):
                value = action
                for attr in path:
                    value = getattr(value, attr)
                return int(value)
        return None

    return read


class ActionFeatures:
    """The features of every action id of one game under one rules object (see
    the module docstring). Build with :meth:`for_rules` (cached); do not mutate."""

    _cache: ClassVar[dict[tuple[str, Any], ActionFeatures]] = {}

    game: str
    rules: Any
    space: ActionSpace
    encoder: Encoder
    plane_size: int
    """``P``: the card-plane size."""
    cards: npt.NDArray[np.float32]
    """``float32[n, P]``: each action's card plane."""
    counts: npt.NDArray[np.float32]
    """``float32[n]``: how many cards each action plays."""
    static: npt.NDArray[np.float32]
    """``float32[n, static_size]``: cards, label, position, size and id parts."""
    static_size: int
    size: int
    """The width of one feature row: ``static_size + P + 1``."""
    label_names: tuple[str, ...]
    full_hand: int
    """The scale of the ``size`` part: the card-plane size (the most cards a
    plane can hold)."""

    def __init__(self, game: str, rules: Any = None) -> None:
        key, rules = resolve_env_rules(game, rules)
        self.game = key
        self.rules = rules
        self.space = space = ActionSpace.for_rules(key, rules)
        self.encoder = enc = Encoder.for_rules(key, rules)
        self.hand_span = enc.segment("hand").span
        planes = enc.planes
        p = self.plane_size = planes.size
        n = space.n
        layout = space.layout()
        self.label_names = tuple(label for label, _, _ in layout)
        read = None if not space.concrete else _cards_reader(key, rules)
        cards = np.zeros((n, p), _F32)
        counts = np.zeros(n, _F32)
        position = np.zeros(n, _F32)
        label = np.zeros((n, len(layout)), _F32)
        for j, (_, first, stop) in enumerate(layout):
            label[first:stop, j] = 1.0
            position[first:stop] = np.arange(stop - first, dtype=_F32) / max(1, stop - first - 1)
        for i, action in enumerate(space.actions):
            value = None if read is None else read(action)
            if value is not None:
                cards[i] = planes.plane(value)
                counts[i] = cards[i].sum()
            else:
                size = getattr(action, "size", 0)
                counts[i] = float(size) if isinstance(size, int) else 0.0
        self.full_hand = max(1, p)
        parts: list[npt.NDArray[np.float32]] = [
            cards,
            label,
            position[:, None],
            (counts / np.float32(self.full_hand))[:, None],
        ]
        if n <= ONEHOT_LIMIT:
            parts.append(np.eye(n, dtype=_F32))
        self.cards = cards
        self.counts = counts
        self.static = np.ascontiguousarray(np.concatenate(parts, axis=1))
        self.static_size = int(self.static.shape[1])
        self.size = self.static_size + p + 1

    @classmethod
    def for_rules(cls, game: str, rules: Any = None) -> ActionFeatures:
        """The (cached) features of ``game`` under ``rules`` (a rules object, a
        preset name, a spec string or None: as the environments read it)."""
        key, resolved = resolve_env_rules(game, rules)
        found = cls._cache.get((key, resolved))
        if found is None:
            found = cls._cache[key, resolved] = cls(key, resolved)
        return found

    def hand_counts(self, obs: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """The number of cards in the hand of each encoded observation
        (``obs[B, size]``): the sum of its ``hand`` plane."""
        out: npt.NDArray[np.float32] = obs[:, self.hand_span].sum(axis=1, dtype=_F32)
        return out

    def features(
        self, obs: npt.NDArray[np.float32], ids: npt.NDArray[np.int64], seg: npt.NDArray[np.int64]
    ) -> npt.NDArray[np.float32]:
        """``float32[N, size]``: the features of action ``ids[k]`` in the
        observation ``obs[seg[k]]`` (the numpy reference of the network's
        :meth:`~chupai.train.network.QNetwork.features`)."""
        hand = obs[:, self.hand_span][seg]
        rest = hand - self.cards[ids]
        counts = self.counts[ids]
        out = (counts > 0) & (self.hand_counts(obs)[seg] == counts)
        return np.concatenate([self.static[ids], rest, out[:, None].astype(_F32)], axis=1)
