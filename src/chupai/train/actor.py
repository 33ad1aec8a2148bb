"""The actors of DMC training: many deals of any game played together on the
batched runner (:class:`~chupai.env.vector.VectorGames`), their decisions turned
into samples ``(observation, action ids, Monte-Carlo return)``.

An actor plays ``games`` deals at once. Each step it asks every game's seat to
act for one action: a decision with one legal id is taken as it is; the others
are decided by the behaviour policy, ``"heuristic"`` (the game's ``heuristic``
bot, :func:`chupai.bots.make_bot`: the warm start's demonstrations, each with up
to ``alternatives`` other legal ids for the margin loss) or ``"net"`` (the
network, epsilon-greedy, every pending decision of the batch scored in one
call). When an episode ends, every decision of each seat is given that seat's
final reward (``reward="win"`` or ``"score"``, as the environments define it).

:func:`actor_main` runs an actor in its own process (``--workers``): it sends
chunks of samples to the learner and takes new weights when they come.
"""

from __future__ import annotations

import multiprocessing as mp
import queue
import random
import signal
import time
from typing import Any

import numpy as np
import numpy.typing as npt

from chupai.env.vector import VectorGames
from chupai.train.features import ActionFeatures
from chupai.train.network import QNetwork, require_torch

__all__ = ["Actor", "actor_main"]

_Sample = tuple[npt.NDArray[np.float16], npt.NDArray[np.int32]]


class Actor:
    """Plays ``games`` deals of ``game`` under ``rules`` and collects samples (see
    the module docstring); ``seed`` seeds the deals, the bots and the
    exploration."""

    def __init__(
        self,
        game: str,
        rules: Any,
        games: int,
        seed: int,
        *,
        alternatives: int,
        reward: str,
    ) -> None:
        from chupai.bots import make_bot

        self.features = ActionFeatures.for_rules(game, rules)
        self.venv = VectorGames(
            self.features.game,
            self.features.rules,
            num_games=games,
            seed=seed,
            reward="win" if reward == "win" else "score",
        )
        self.players = self.venv.players
        self.width = 1 + alternatives
        self.rng = random.Random(seed)
        self.heuristic = make_bot("heuristic", seed, game=self.features.game)
        self.batch = self.venv.reset()
        self.traj: list[list[list[_Sample]]] = [
            [[] for _ in range(self.players)] for _ in range(games)
        ]
        self.out: list[tuple[npt.NDArray[np.float16], npt.NDArray[np.int32], float, bool]] = []
        self.episodes = 0
        self.decisions = 0
        """Decisions with a choice (the samples)."""
        self.return_sum = 0.0

    # ----- one step of every game ------------------------------------------------------
    def _candidates(self) -> list[npt.NDArray[np.int64]]:
        """Per game, its distinct legal ids (one per action class in a space of
        classes)."""
        venv = self.venv
        out = []
        for i in range(venv.num_games):
            ids = venv.legal_ids(i)
            out.append(ids if venv.space.concrete else np.unique(ids))
        return out

    def _heuristic_picks(self, decide: list[int]) -> list[int]:
        venv = self.venv
        raw = venv.raw_observations()
        picks = []
        for i in decide:
            legal = venv.legal_actions(i)
            ids = venv.legal_ids(i)
            action = self.heuristic.act(raw[i], legal)
            picks.append(int(ids[legal.index(action)]))
        return picks

    def _net_picks(
        self, net: QNetwork, epsilon: float, decide: list[int], cands: list[Any]
    ) -> list[int]:
        torch = net.torch
        ids_list = [cands[i] for i in decide]
        lens = np.fromiter((len(c) for c in ids_list), np.int64, len(ids_list))
        seg = np.repeat(np.arange(len(ids_list)), lens)
        with torch.no_grad():
            q = net.q(
                torch.from_numpy(np.ascontiguousarray(self.batch.obs[decide])),
                torch.from_numpy(np.concatenate(ids_list)),
                torch.from_numpy(seg),
            ).numpy()
        offsets = np.concatenate(([0], np.cumsum(lens)))
        picks = []
        for k, ids in enumerate(ids_list):
            if epsilon > 0 and self.rng.random() < epsilon:
                picks.append(int(ids[self.rng.randrange(len(ids))]))
            else:
                picks.append(int(ids[int(np.argmax(q[offsets[k] : offsets[k + 1]]))]))
        return picks

    def _row(self, pick: int, ids: npt.NDArray[np.int64], demo: bool) -> npt.NDArray[np.int32]:
        row = np.full(self.width, -1, np.int32)
        row[0] = pick
        if demo and self.width > 1:
            others = [int(a) for a in ids if a != pick]
            if len(others) > self.width - 1:
                others = self.rng.sample(others, self.width - 1)
            row[1 : 1 + len(others)] = others
        return row

    def step(self, policy: str, net: QNetwork | None, epsilon: float) -> None:
        """Decide for every game, record the decisions with a choice, step the
        runner and turn the episodes that ended into samples."""
        b = self.batch
        cands = self._candidates()
        actions = np.array([int(c[0]) for c in cands], np.int64)
        decide = [i for i, c in enumerate(cands) if len(c) > 1]
        if decide:
            if policy == "heuristic":
                picks = self._heuristic_picks(decide)
            else:
                assert net is not None
                picks = self._net_picks(net, epsilon, decide, cands)
            demo = policy == "heuristic"
            for i, pick in zip(decide, picks):
                actions[i] = pick
                x = b.obs[i].astype(np.float16)
                self.traj[i][int(b.seat[i])].append((x, self._row(pick, cands[i], demo)))
            self.decisions += len(decide)
        self.batch = b = self.venv.step(actions)
        for i in np.flatnonzero(b.done).tolist():
            self._finish(i, b.rewards[i], policy == "heuristic")

    def _finish(self, i: int, rewards: npt.NDArray[np.float32], demo: bool) -> None:
        self.episodes += 1
        for seat, steps in enumerate(self.traj[i]):
            r = float(rewards[seat])
            for x, row in steps:
                self.out.append((x, row, r, demo))
                self.return_sum += r
        self.traj[i] = [[] for _ in range(self.players)]

    # ----- chunks --------------------------------------------------------------------
    def collect(
        self, policy: str, net: QNetwork | None, epsilon: float, min_samples: int
    ) -> dict[str, Any]:
        """Play until at least ``min_samples`` samples are ready and return them
        as arrays: ``obs`` (float16), ``ids`` (the action taken, then the
        demonstration's alternatives, -1 padded), ``target``, ``demo``; plus the
        counters of the chunk (``decisions``, ``episodes``, ``return_sum``,
        ``seconds``)."""
        start = time.perf_counter()
        decisions0, episodes0, return0 = self.decisions, self.episodes, self.return_sum
        while len(self.out) < min_samples:
            self.step(policy, net, epsilon)
        out, self.out = self.out, []
        return {
            "obs": np.stack([o[0] for o in out]),
            "ids": np.stack([o[1] for o in out]),
            "target": np.array([o[2] for o in out], np.float32),
            "demo": np.array([o[3] for o in out], np.bool_),
            "decisions": self.decisions - decisions0,
            "episodes": self.episodes - episodes0,
            "return_sum": self.return_sum - return0,
            "seconds": time.perf_counter() - start,
            "policy": policy,
        }


def actor_main(index: int, cfg: dict[str, Any], data_q: Any, cmd_q: Any, stop: Any) -> None:
    """An actor process: play, send chunks to ``data_q``, take new weights and
    the policy from ``cmd_q``; ends when ``stop`` is set or the learner died."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the learner decides when to stop
    data_q.cancel_join_thread()  # exit without waiting for the learner to read the rest
    torch = require_torch()
    torch.set_num_threads(1)
    actor = Actor(
        cfg["game"],
        cfg["rules"],
        cfg["games"],
        cfg["seed"] * 1000 + 17 * index + 1,
        alternatives=cfg["alternatives"],
        reward=cfg["reward"],
    )
    net = QNetwork(actor.features, cfg["hidden"])
    policy, epsilon = cfg["policy"], cfg["epsilon"]
    parent = mp.parent_process()
    while not stop.is_set():
        if parent is not None and not parent.is_alive():
            return  # the learner died without telling: do not play on alone
        while True:
            try:
                msg = cmd_q.get_nowait()
            except queue.Empty:
                break
            net.load_state_dict(msg["params"])
            policy, epsilon = msg["policy"], msg["epsilon"]
        chunk = actor.collect(policy, net, epsilon, cfg["chunk"])
        while not stop.is_set():
            try:
                data_q.put(chunk, timeout=0.5)
                break
            except queue.Full:
                if parent is not None and not parent.is_alive():
                    return
