"""A torch module as an agent: :class:`TorchPolicy` plays with a network over the
environment's observation encoding and action ids.

The module receives what a learner in :mod:`chupai.env` receives: a batch of one
observation vector (:class:`chupai.env.encode.Encoder`, ``float32`` of shape
``(1, size)``) and returns one score per action id of the game's
:class:`chupai.env.spaces.ActionSpace` (shape ``(1, n)`` or ``(n,)``: logits,
Q-values, anything where higher is better). The adapter keeps the scores of the
seat's legal actions and plays the best one (``sample=True``: draws one with the
softmax of the legal scores, from a generator seeded with ``seed``). A policy
trained on ``chupai.env`` (``ChupaiGymEnv``, the AEC environment or
``VectorGames``) therefore plays in every tool as it is::

    net = torch.nn.Linear(encoder.size, space.n)   # any module: (1, size) -> (1, n)
    bot = TorchPolicy(net, game="doudizhu", rules="classic")

and ``Tournament("doudizhu", rules, (bot, "heuristic"), 100)`` or a factory in a
module (``chupai simulate doudizhu --bots mypkg.agents:load,heuristic``, where
``load(seed)`` returns a ``TorchPolicy``) evaluates it. Torch is imported only
when the adapter is built (``pip install 'chupai[rl]'``); the encoder and the
action space need numpy (``chupai[env]``). A space that numbers classes of
actions (大怪路子) scores each legal action by its class's id.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from chupai.errors import ChupaiError

__all__ = ["TorchPolicy"]


def _torch() -> Any:
    try:
        import torch
    except ImportError:
        raise ChupaiError(
            "TorchPolicy needs PyTorch: install it with pip install 'chupai[rl]'"
        ) from None
    return torch


class TorchPolicy:
    """A torch module scoring action ids from observation vectors, as a bot of
    ``game`` under ``rules`` (a rules object, a preset name or None for the
    default preset; see the module documentation)."""

    def __init__(
        self,
        module: Any,
        game: str,
        rules: Any = None,
        *,
        sample: bool = False,
        seed: int | None = None,
        name: str = "torch",
    ):
        from chupai.protocol import get_game

        spec = get_game(game)
        self.torch = _torch()
        self.module = module
        self.game = spec.key
        self.rules = spec.resolve(rules) if rules is None or isinstance(rules, str) else rules
        self.sample = sample
        self.rng = random.Random(seed)
        self.name = name
        self._tables()

    def _tables(self) -> None:
        from chupai.env.encode import Encoder
        from chupai.env.spaces import ActionSpace

        self.encoder = Encoder.for_rules(self.game, self.rules)
        self.space = ActionSpace.for_rules(self.game, self.rules)
        if self.space.by_text:
            raise ChupaiError(
                f"TorchPolicy needs an action space of engine actions; {self.game} has no "
                "environment plugin (its ids number action texts)"
            )

    def scores(self, observation: Any) -> Any:
        """The module's scores of every action id for ``observation`` (a 1-D
        float tensor of length ``space.n``)."""
        torch = self.torch
        x = torch.from_numpy(self.encoder.encode(observation)).unsqueeze(0)
        device = next((p.device for p in self.module.parameters()), None)
        if device is not None:
            x = x.to(device)
        with torch.no_grad():
            out = self.module(x)
        out = out.reshape(-1).float().cpu()
        if out.numel() != self.space.n:
            raise ChupaiError(
                f"the module gave {out.numel()} scores; the {self.game} action space has "
                f"{self.space.n} ids"
            )
        return out

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        """The legal action with the best score (or one drawn by the softmax of the
        legal scores, with ``sample``)."""
        if len(legal) == 1:
            return legal[0]
        scores = self.scores(observation)
        ids = self.torch.from_numpy(self.space.indices(legal))
        values = scores[ids].tolist()
        if not self.sample:
            return legal[max(range(len(values)), key=values.__getitem__)]
        top = max(values)
        weights = [math.exp(v - top) for v in values]
        return legal[self.rng.choices(range(len(legal)), weights)[0]]

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        for key in ("torch", "encoder", "space"):
            state.pop(key, None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.torch = _torch()
        self._tables()

    def __repr__(self) -> str:
        return f"TorchPolicy({type(self.module).__name__}, game={self.game!r})"
