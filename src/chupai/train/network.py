"""The Deep Monte-Carlo Q-network of every game (PyTorch).

``Q(s, a)`` is an MLP on the concatenation of the observation encoding ``s``
(:class:`~chupai.env.encode.Encoder`) and the action features ``a``
(:class:`~chupai.train.features.ActionFeatures`): ``hidden[0]`` units, ReLU,
then ``hidden[1:]`` ReLU layers and one output. The first layer is split as
``W_s s + W_a a + b``, so the state part is computed once per decision and only
the action part once per legal action; :meth:`QNetwork.q` scores every legal
action of a batch of decisions in one call.

PyTorch is imported when a network is built; without it :func:`require_torch`
raises a :class:`~chupai.errors.ChupaiError` saying ``pip install 'chupai[rl]'``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from chupai.errors import ChupaiError
from chupai.train.features import ActionFeatures

__all__ = ["DEFAULT_HIDDEN", "INSTALL_HINT", "QNetwork", "one_decision", "require_torch"]

DEFAULT_HIDDEN: Final = (512, 256, 128)
"""Default layer widths."""
INSTALL_HINT: Final = "pip install 'chupai[rl]'"


def require_torch() -> Any:
    """The ``torch`` module, or a :class:`ChupaiError` saying how to install it."""
    try:
        import torch
    except ImportError as exc:
        raise ChupaiError(
            f"training and the dmc bot need PyTorch, which is not installed: {INSTALL_HINT} ({exc})"
        ) from None
    return torch


class QNetwork:
    """``Q(s, a)`` over ``features`` (see the module docstring), its parameters a
    dict of tensors (saved and loaded as plain tensors)."""

    def __init__(
        self,
        features: ActionFeatures,
        hidden: Sequence[int] = DEFAULT_HIDDEN,
        seed: int | None = None,
    ) -> None:
        torch = require_torch()
        self.torch = torch
        self.tables = features
        self.obs_size = int(features.encoder.size)
        self.feature_size = int(features.size)
        self.hidden = tuple(int(h) for h in hidden)
        if not self.hidden or min(self.hidden) < 1:
            raise ChupaiError(f"bad hidden layer widths {tuple(hidden)!r}: positive integers")
        gen = torch.Generator().manual_seed(0 if seed is None else int(seed))
        fan_in = self.obs_size + self.feature_size
        shapes: dict[str, tuple[tuple[int, ...], int]] = {
            "in_obs.weight": ((self.hidden[0], self.obs_size), fan_in),
            "in_act.weight": ((self.hidden[0], self.feature_size), fan_in),
            "in.bias": ((self.hidden[0],), fan_in),
        }
        widths = [*self.hidden, 1]
        for i in range(len(self.hidden)):
            shapes[f"layer{i}.weight"] = ((widths[i + 1], widths[i]), widths[i])
            shapes[f"layer{i}.bias"] = ((widths[i + 1],), widths[i])
        self.params: dict[str, Any] = {}
        for name, (shape, fan) in shapes.items():  # torch.nn.Linear's initialisation
            bound = 1.0 / math.sqrt(fan)
            self.params[name] = (
                (torch.rand(shape, generator=gen) * 2 - 1) * bound
            ).requires_grad_()
        self._t = {
            "cards": torch.from_numpy(features.cards),
            "counts": torch.from_numpy(features.counts),
            "static": torch.from_numpy(features.static),
        }
        self._hand = features.hand_span

    # ----- parameters ------------------------------------------------------------------
    def parameters(self) -> list[Any]:
        """The parameter tensors (for an optimizer)."""
        return list(self.params.values())

    def state_dict(self) -> dict[str, Any]:
        """The parameters (detached tensors sharing their storage)."""
        return {k: v.detach() for k, v in self.params.items()}

    def load_state_dict(self, state: Mapping[str, Any]) -> None:
        """Copy ``state`` (tensors or arrays of the same names and shapes) in;
        raises :class:`ChupaiError` naming a missing, extra or misshapen one."""
        torch = self.torch
        missing = sorted(set(self.params) - set(state))
        extra = sorted(set(state) - set(self.params))
        if missing or extra:
            raise ChupaiError(
                f"the parameters do not match the network: missing {missing}, unexpected {extra}"
            )
        with torch.no_grad():
            for k, p in self.params.items():
                v = torch.as_tensor(state[k], dtype=torch.float32)
                if tuple(v.shape) != tuple(p.shape):
                    raise ChupaiError(
                        f"parameter {k!r} has shape {tuple(v.shape)}, "
                        f"the network needs {tuple(p.shape)}"
                    )
                p.copy_(v)

    def requires_grad(self, flag: bool) -> None:
        """Switch gradients of every parameter on or off."""
        for p in self.params.values():
            p.requires_grad_(flag)

    # ----- evaluation --------------------------------------------------------------------
    def features(self, obs: Any, ids: Any, seg: Any) -> Any:
        """``[N, feature_size]``: the features of ``ids`` in the observations
        ``obs[seg]`` (torch; :meth:`ActionFeatures.features` in numpy)."""
        torch = self.torch
        t = self._t
        hand = obs[:, self._hand]
        rest = hand[seg] - t["cards"][ids]
        counts = t["counts"][ids]
        out = ((counts > 0) & (hand.sum(dim=1)[seg] == counts)).to(obs.dtype)
        return torch.cat([t["static"][ids], rest, out[:, None]], dim=1)

    def q(self, obs: Any, ids: Any, seg: Any) -> Any:
        """``[N]``: ``Q(obs[seg[k]], ids[k])`` for every ``k`` (torch tensors:
        float ``obs``, long ``ids`` and ``seg``)."""
        torch = self.torch
        linear = torch.nn.functional.linear
        p = self.params
        state = linear(obs, p["in_obs.weight"], p["in.bias"])
        h = torch.relu(state[seg] + linear(self.features(obs, ids, seg), p["in_act.weight"]))
        last = len(self.hidden) - 1
        for i in range(len(self.hidden)):
            h = linear(h, p[f"layer{i}.weight"], p[f"layer{i}.bias"])
            if i < last:
                h = torch.relu(h)
        return h[:, 0]

    def values(self, obs: npt.NDArray[np.float32], ids: npt.NDArray[np.int64]) -> Any:
        """``float32[len(ids)]``: the values of the actions ``ids`` for one
        observation vector ``obs`` (:func:`one_decision`)."""
        return one_decision(self, obs, ids)

    def best(self, obs: npt.NDArray[np.float32], ids: npt.NDArray[np.int64]) -> int:
        """The index in ``ids`` of the highest-valued action (ties: the first)."""
        return int(np.argmax(self.values(obs, ids)))

    def parameter_count(self) -> int:
        """The number of parameters."""
        return int(sum(p.numel() for p in self.params.values()))


def one_decision(net: Any, obs: Any, ids: Any) -> Any:
    """``net.q`` of one observation vector ``obs`` and the action ids ``ids``, as a
    numpy ``float32`` array, on one torch thread (one decision is too small to
    share; the process's setting is restored after). ``net`` has ``torch`` and
    ``q(obs_batch, ids, segments)`` (this module's :class:`QNetwork`, or the first
    Dou Dizhu network of :mod:`chupai.bots.games.doudizhu.dmc`)."""
    torch = net.torch
    threads = torch.get_num_threads()
    if threads != 1:
        torch.set_num_threads(1)
    try:
        with torch.no_grad():
            o = torch.from_numpy(np.ascontiguousarray(obs, np.float32)).reshape(1, -1)
            i = torch.from_numpy(np.asarray(ids, np.int64))
            q = net.q(o, i, torch.zeros(len(i), dtype=torch.long))
    finally:
        if threads != 1:
            torch.set_num_threads(threads)
    return q.numpy()
