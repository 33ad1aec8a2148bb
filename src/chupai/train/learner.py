"""The replay buffer and the learner of DMC training.

The learner regresses ``Q(s, a)`` of each action taken on its Monte-Carlo
return (mean squared error, Adam). For a demonstration (a warm-start decision
of the heuristic bot) it also applies a large-margin loss, as DQfD (Hester et
al., 2018) does: ``max(0, max_b [Q(s, b) + margin] - Q(s, a))`` over the
sampled other legal actions ``b``, which makes the demonstrated action the
network's best unless the returns say otherwise.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import numpy.typing as npt

from chupai.train.network import QNetwork

__all__ = ["Buffer", "Learner"]


class Buffer:
    """A ring of the last ``capacity`` samples: observation (float16), action
    ids (the action taken first, then demonstration alternatives, ``-1``
    padded), target, demonstration flag."""

    def __init__(self, capacity: int, obs_size: int, width: int) -> None:
        self.obs = np.zeros((capacity, obs_size), np.float16)
        self.ids = np.full((capacity, width), -1, np.int32)
        self.target = np.zeros(capacity, np.float32)
        self.demo = np.zeros(capacity, np.bool_)
        self.capacity = capacity
        self.size = 0
        self.at = 0
        self.added = 0

    def add(self, chunk: dict[str, Any]) -> None:
        """Append a chunk of :meth:`chupai.train.actor.Actor.collect`."""
        n = len(chunk["target"])
        for start in range(0, n, self.capacity):
            part = slice(start, min(n, start + self.capacity))
            m = part.stop - part.start
            idx = (self.at + np.arange(m)) % self.capacity
            self.obs[idx] = chunk["obs"][part]
            ids = chunk["ids"][part]
            self.ids[idx] = -1
            self.ids[idx, : ids.shape[1]] = ids[:, : self.ids.shape[1]]
            self.target[idx] = chunk["target"][part]
            self.demo[idx] = chunk["demo"][part]
            self.at = (self.at + m) % self.capacity
            self.size = min(self.capacity, self.size + m)
        self.added += n

    def sample(self, n: int, rng: np.random.Generator) -> tuple[npt.NDArray[Any], ...]:
        """``n`` samples drawn uniformly with replacement."""
        idx = rng.integers(0, self.size, n)
        return self.obs[idx], self.ids[idx], self.target[idx], self.demo[idx]

    def demo_share(self) -> float:
        """The share of demonstrations in the buffer."""
        return float(self.demo[: self.size].mean()) if self.size else 0.0


class Learner:
    """Adam on ``net`` with the MSE and margin losses (see the module docstring);
    :meth:`report` gives the mean losses since the last report."""

    def __init__(self, net: QNetwork, lr: float, margin: float, margin_weight: float) -> None:
        self.torch = torch = net.torch
        self.net = net
        self.opt = torch.optim.Adam(net.parameters(), lr=lr)
        self.margin = margin
        self.margin_weight = margin_weight
        self.updates = 0
        self.sums = {"loss": 0.0, "mse": 0.0, "margin": 0.0, "agree": 0.0, "q": 0.0}
        self.count = 0
        self.demo_count = 0

    def set_lr(self, lr: float) -> None:
        """Change the step size."""
        for group in self.opt.param_groups:
            group["lr"] = lr

    def _margin(self, q: Any, q_taken: Any, seg: Any, rows: Any, cols: Any, n: int) -> Any:
        """The margin loss and the share of rows whose action beats every
        alternative (None, nan without alternatives)."""
        torch = self.torch
        alt = torch.from_numpy(cols > 0)
        if self.margin_weight <= 0 or not bool(alt.any()):
            return None, float("nan")
        best = torch.full((n,), -1e9).scatter_reduce(
            0, seg[alt], q[alt], reduce="amax", include_self=True
        )
        has = torch.from_numpy(np.bincount(rows[cols > 0], minlength=n) > 0)
        margin = torch.relu(best[has] + self.margin - q_taken[has]).mean()
        agree = float((q_taken[has] > best[has]).float().mean().item())
        return margin, agree

    def update(
        self,
        obs: npt.NDArray[Any],
        ids: npt.NDArray[np.int32],
        target: npt.NDArray[np.float32],
        demo: npt.NDArray[np.bool_],
    ) -> None:
        """One Adam step on a minibatch."""
        torch = self.torch
        o = torch.from_numpy(obs.astype(np.float32))
        valid = ids >= 0
        valid[~demo, 1:] = False
        rows, cols = np.nonzero(valid)  # row-major: each row's column 0 first
        seg = torch.from_numpy(rows.astype(np.int64))
        q = self.net.q(o, torch.from_numpy(ids[rows, cols].astype(np.int64)), seg)
        q_taken = q[torch.from_numpy(np.flatnonzero(cols == 0))]
        mse = ((q_taken - torch.from_numpy(target)) ** 2).mean()
        margin, agree = self._margin(q, q_taken, seg, rows, cols, len(target))
        loss = mse if margin is None else mse + self.margin_weight * margin
        self.opt.zero_grad(set_to_none=True)
        loss.backward()
        self.opt.step()
        self.updates += 1
        s = self.sums
        s["loss"] += float(loss.item())
        s["mse"] += float(mse.item())
        if margin is not None:
            s["margin"] += float(margin.item())
        if not math.isnan(agree):
            s["agree"] += agree
            self.demo_count += 1
        s["q"] += float(q_taken.mean().item())
        self.count += 1

    def report(self) -> dict[str, float]:
        """The mean losses since the last report (``margin`` and ``agree`` over
        the updates with demonstrations; nan without any update), then reset."""
        c = self.count
        out = {k: v / c if c else float("nan") for k, v in self.sums.items()}
        d = self.demo_count
        out["margin"] = self.sums["margin"] / d if d else float("nan")
        out["agree"] = self.sums["agree"] / d if d else float("nan")
        self.sums = {k: 0.0 for k in self.sums}
        self.count = self.demo_count = 0
        return out
