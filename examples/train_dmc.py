#!/usr/bin/env python
"""Train a Deep Monte-Carlo (DouZero-style) agent for Dou Dizhu classic on the CPU.

    pip install 'chupai[rl]'
    python examples/train_dmc.py --minutes 30 --out dmc.pt
    chupai simulate doudizhu --bots dmc:path=dmc.pt,greedy --deals 1000 --seed 1

The agent is the network of :mod:`chupai.bots.dmc`: ``Q(s, a)`` scores each
legal play from the seat's observation encoding ``s`` and the play's features
``a``, and the bot takes the best. What it learns from, in order:

1. **Warm start** (``--warm-start heuristic``, the default, for
   ``--warm-minutes``, default a third of the run): the heuristic bot plays all
   three seats, and the network learns from its decisions as demonstrations,
   as in DQfD (Hester et al., 2018): the value of the heuristic's play is
   regressed on the deal's final reward for that seat (Monte-Carlo return), and a
   large-margin loss ``max(0, max_a [Q(s, a) + m] - Q(s, a_heuristic))`` (over
   up to ``--alternatives`` other legal plays, margin ``--margin``) makes the
   heuristic's play the network's best. This is behaviour cloning whose values
   are on the scale of the rewards, so that the DMC stage starts from a
   consistent Q-function. ``--warm-start none`` trains by DMC alone from a
   random network, as DouZero does (in our runs on two busy cores it beat
   ``random`` within two minutes and was still behind ``greedy`` after four).
2. **Deep Monte-Carlo** self-play (DouZero, Zha et al., 2021): the network plays
   all three seats, epsilon-greedy (``--epsilon``), and ``Q(s, a)`` of each play
   made is regressed (MSE) on the final reward of the seat that made it (Adam,
   ``--dmc-lr``). The demonstrations leave the replay buffer as self-play games
   come in, but, as in DQfD, the latest ``--demo-keep`` of them stay in a
   separate store and ``--demo-batch`` of them join every minibatch with their
   margin loss: self-play moves the network away from the heuristic's choice
   only where its returns say so. (Without that anchor, a few minutes of DMC
   from the warm start lost to ``greedy`` again in our runs: the values of the
   plays self-play does not try drift, and the policy with them.)

The reward (``--reward``) is ``win`` (+1 to each seat of the winning side, -1 to
each other seat; the default: the bot is judged by its win rate) or ``score``
(the deal's scores, DouZero's ADP). Only the play phase is learned: the bidding
is the heuristic bot's in ``1 - --fixed-bidding`` of the deals (so the landlord
holds the hand a sensible player would bid on, as in a tournament) and in the
others fixed as in ``benchmarks/strength_doudizhu.py`` (the first bidder bids 1,
the others pass: a random landlord), so that the network also meets weak
landlord hands such as the ``random`` bot bids on. The trained bot hands its own
bidding to the heuristic bot too. 明牌 (``show``) is never chosen.

**Processes.** The learner runs in this process (``--threads`` torch threads,
default 1). ``--workers K`` actor processes (default 1: learner plus one actor
fill the two cores of a small machine; 0 plays the games in this process
between updates) each play ``--games`` deals together, batching the network's
evaluation of every legal play of every pending decision into one call; they
receive the learner's weights every ``--sync-seconds``. Samples go to a replay
buffer of ``--buffer`` decisions; the learner draws minibatches of ``--batch``
(Adam, ``--lr``) and uses each sample about ``--reuse`` times on average.

**Output.** A progress line every ``--log-seconds``: actor decisions per second
(play decisions with a choice; bids and forced plays are not counted), learner
updates, the losses (``mse`` of the values, ``margin`` of the demonstrations),
``agree`` (the share of demonstrations whose play the network ranks above the
sampled alternatives), the mean value and the landlord's win rate in the
games the actors played.
Every ``--eval-minutes`` (and at the end) the checkpoint is saved and played
through the bot interface (``dmc:path=OUT``, exactly as ``chupai simulate``
plays it) against ``random`` and ``greedy`` on ``--eval-deals`` seeded deals
under every seating, printing both sides' win rates. The checkpoint (``--out``)
is also saved every ``--save-minutes`` and when the run ends or is interrupted
(Ctrl-C or SIGTERM), so nothing is lost; its header records the training (arguments,
samples, updates, what the agent learned from, the evaluations).

``--minutes`` bounds the whole run (training and evaluations; default 30);
``--updates N`` stops after N learner updates (for smoke tests).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import os
import queue
import random
import signal
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from chupai.bots.dmc import (
    DEFAULT_HIDDEN,
    ActionTables,
    QNetwork,
    load_checkpoint,
    make_header,
    require_torch,
    save_checkpoint,
)
from chupai.errors import ChupaiError

RULES_PRESET = "classic"


# ---------------------------------------------------------------------------
# Arguments
# ---------------------------------------------------------------------------


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        description="Train a Deep Monte-Carlo agent for Dou Dizhu classic (CPU).",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    p.add_argument("--minutes", type=float, default=30.0, help="time bound of the whole run")
    p.add_argument("--updates", type=int, default=None, help="stop after this many updates")
    p.add_argument("--out", default="dmc.pt", help="checkpoint file")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--workers", type=int, default=1, help="actor processes (0: play in the learner's process)"
    )
    p.add_argument("--threads", type=int, default=1, help="torch threads of the learner")
    p.add_argument(
        "--warm-start",
        choices=("heuristic", "none"),
        default="heuristic",
        help="learn from the heuristic bot's play first",
    )
    p.add_argument(
        "--warm-minutes",
        type=float,
        default=None,
        help="length of the warm start (default: a third of --minutes; with "
        "--resume a tenth, at most 2, to refill the demonstrations)",
    )
    p.add_argument(
        "--resume",
        default=None,
        help="start from this checkpoint's network (its layer widths win over --hidden)",
    )
    p.add_argument(
        "--hidden", default=",".join(map(str, DEFAULT_HIDDEN)), help="layer widths of the network"
    )
    p.add_argument("--games", type=int, default=64, help="deals each actor plays at once")
    p.add_argument(
        "--epsilon", type=float, default=0.02, help="probability of a random play in self-play"
    )
    p.add_argument("--reward", choices=("win", "score"), default="win")
    p.add_argument(
        "--fixed-bidding",
        type=float,
        default=0.5,
        help="share of training deals with a fixed random landlord",
    )
    p.add_argument(
        "--alternatives",
        type=int,
        default=15,
        help="other legal plays per demonstration in the margin loss",
    )
    p.add_argument("--margin", type=float, default=0.2)
    p.add_argument("--margin-weight", type=float, default=1.0)
    p.add_argument("--batch", type=int, default=256)
    p.add_argument("--lr", type=float, default=3e-4, help="Adam step size of the warm start")
    p.add_argument("--dmc-lr", type=float, default=1e-4, help="Adam step size of DMC")
    p.add_argument(
        "--demo-keep",
        type=int,
        default=50_000,
        help="demonstrations kept after the warm start (the latest ones)",
    )
    p.add_argument(
        "--demo-batch",
        type=int,
        default=64,
        help="demonstrations added to each DMC minibatch (0: none)",
    )
    p.add_argument("--buffer", type=int, default=100_000, help="replay buffer (decisions)")
    p.add_argument(
        "--reuse",
        type=float,
        default=2.0,
        help="average number of updates each sample takes part in",
    )
    p.add_argument("--sync-seconds", type=float, default=5.0)
    p.add_argument("--log-seconds", type=float, default=30.0)
    p.add_argument("--save-minutes", type=float, default=2.0)
    p.add_argument("--eval-minutes", type=float, default=5.0)
    p.add_argument(
        "--eval-deals",
        type=int,
        default=50,
        help="deals per opponent (each under 6 seatings); 0: no evaluation",
    )
    p.add_argument("--eval-seed", type=int, default=1)
    p.add_argument("--eval-opponents", default="random,greedy")
    args = p.parse_args(argv)
    try:
        args.hidden = tuple(int(h) for h in args.hidden.split(",") if h.strip())
    except ValueError:
        p.error(f"--hidden must be comma-separated integers, not {args.hidden!r}")
    if not args.hidden or min(args.hidden) < 1:
        p.error("--hidden needs at least one positive width")
    if args.workers < 0 or args.threads < 1 or args.games < 1 or args.batch < 1:
        p.error("--workers >= 0, --threads, --games and --batch >= 1")
    if args.minutes <= 0:
        p.error("--minutes must be positive")
    if args.warm_minutes is None:
        args.warm_minutes = min(2.0, args.minutes / 10) if args.resume else args.minutes / 3
    if args.warm_start == "none":
        args.warm_minutes = 0.0
    return args


# ---------------------------------------------------------------------------
# Actors: many deals at once
# ---------------------------------------------------------------------------


class _Game:
    __slots__ = ("deal", "fixed", "traj")

    def __init__(self, deal: Any, fixed: bool, players: int):
        self.deal = deal
        self.fixed = fixed
        self.traj: list[list[tuple[np.ndarray, np.ndarray]]] = [[] for _ in range(players)]


class Actor:
    """Plays ``games`` deals of Dou Dizhu classic together and turns their play
    decisions into samples.

    ``policy`` ``"heuristic"``: the heuristic bot decides (samples carry up to
    ``alternatives`` other legal plays for the margin loss); ``"net"``: the
    network decides, epsilon-greedy, all pending decisions of the batch scored
    in one call. Bidding: see the module documentation."""

    def __init__(
        self,
        rules: Any,
        games: int,
        seed: int,
        *,
        alternatives: int,
        fixed_bidding: float,
        reward: str,
    ):
        from chupai.bots.doudizhu_heuristic import DouDizhuHeuristicBot
        from chupai.doudizhu import game as dd

        self.dd = dd
        self.rules = rules
        self.tables = ActionTables.for_rules(rules)
        self.encoder = self.tables.encoder
        self.space = self.tables.space
        self.width = 1 + alternatives
        self.fixed_bidding = fixed_bidding
        self.reward = reward
        self.rng = random.Random(seed)
        self.heuristic = DouDizhuHeuristicBot(seed)
        self.players = rules.players
        self.games = [self._new_game() for _ in range(games)]
        self.out: list[tuple[np.ndarray, np.ndarray, float, bool]] = []
        self.episodes = 0
        self.landlord_wins = 0
        self.decisions = 0
        """Play decisions with a choice (the samples)."""
        self.actions = 0
        """Every action applied: bids, forced plays and passes, decisions."""
        self.busy = 0.0

    def _new_game(self, prev: Any = None) -> _Game:
        dd = self.dd
        kwargs = {}
        fixed = self.rng.random() < self.fixed_bidding
        if prev is not None:  # after an all-pass redeal: the next dealer deals
            kwargs = {
                "dealer": (prev.deal.dealer + 1) % self.players,
                "doubled": prev.deal.outcome.next_doubled,
            }
            fixed = prev.fixed
        deal = dd.new_deal(self.rules, self.rng.getrandbits(63), **kwargs)
        return _Game(deal, fixed, self.players)

    def _finish(self, i: int) -> None:
        g = self.games[i]
        outcome = g.deal.outcome
        if outcome.redeal:
            self.games[i] = self._new_game(g)
            return
        lord = outcome.landlord
        won = bool(outcome.landlord_won)
        self.episodes += 1
        self.landlord_wins += won
        for seat, steps in enumerate(g.traj):
            if self.reward == "win":
                r = 1.0 if (seat == lord) == won else -1.0
            else:
                r = float(outcome.scores[seat])
            demo = False
            for x, ids in steps:
                demo = bool(ids.shape[0] > 1 and ids[1] >= 0)
                self.out.append((x, ids, r, demo))
        self.games[i] = self._new_game()

    def _advance(self, i: int) -> tuple[int, Any, list[Any]]:
        """Play game ``i`` up to its next real play decision: ``(seat, obs,
        candidates)``; bidding, forced plays and finished deals are handled here."""
        dd = self.dd
        show = dd.SHOW
        while True:
            g = self.games[i]
            deal = g.deal
            if deal.is_terminal():
                self._finish(i)
                continue
            seat = deal.current_player
            legal = deal.legal_actions()
            if deal.phase is not dd.Phase.PLAY:
                if g.fixed and deal.phase is dd.Phase.BID:
                    a = dd.Bid(1) if seat == deal.first_bidder else dd.PASS
                    if a not in legal:  # pragma: no cover - defensive
                        a = self.heuristic.act(deal.observe(seat), legal)
                else:
                    a = self.heuristic.act(deal.observe(seat), legal)
                deal.apply_unchecked(a)
                self.actions += 1
                continue
            cands = [a for a in legal if a != show]
            if len(cands) == 1:
                deal.apply_unchecked(cands[0])
                self.actions += 1
                continue
            return seat, deal.observe(seat), cands

    def collect(
        self, policy: str, net: QNetwork | None, epsilon: float, min_samples: int
    ) -> dict[str, Any]:
        """Play until at least ``min_samples`` samples are ready; return them as a
        chunk of arrays (plus counters)."""
        torch = require_torch()
        start = time.perf_counter()
        decisions0 = self.decisions
        episodes0, wins0 = self.episodes, self.landlord_wins
        encode = self.encoder.encode
        indices = self.space.indices
        width = self.width
        while len(self.out) < min_samples:
            pending = [(i, *self._advance(i)) for i in range(len(self.games))]
            xs = [encode(obs) for _, _, obs, _ in pending]
            ids_list = [indices(c) for _, _, _, c in pending]
            if policy == "heuristic":
                picks = [c.index(self.heuristic.act(obs, c)) for _, _, obs, c in pending]
            else:
                assert net is not None
                lens = np.fromiter((len(c) for c in ids_list), np.int64, len(ids_list))
                seg = np.repeat(np.arange(len(ids_list)), lens)
                with torch.no_grad():
                    q = net.q(
                        torch.from_numpy(np.stack(xs)),
                        torch.from_numpy(np.concatenate(ids_list)),
                        torch.from_numpy(seg),
                    ).numpy()
                offsets = np.concatenate(([0], np.cumsum(lens)))
                picks = []
                for k in range(len(ids_list)):
                    if epsilon > 0 and self.rng.random() < epsilon:
                        picks.append(self.rng.randrange(int(lens[k])))
                    else:
                        picks.append(int(np.argmax(q[offsets[k] : offsets[k + 1]])))
            for (i, seat, obs, cands), x, ids, k in zip(pending, xs, ids_list, picks):
                row = np.full(width, -1, np.int32)
                row[0] = ids[k]
                if policy == "heuristic" and width > 1:
                    others = [j for j in range(len(ids)) if j != k]
                    if len(others) > width - 1:
                        others = self.rng.sample(others, width - 1)
                    row[1 : 1 + len(others)] = ids[others]
                self.games[i].traj[seat].append((x.astype(np.float16), row))
                self.games[i].deal.apply_unchecked(cands[k])
            self.decisions += len(pending)
            self.actions += len(pending)
        out, self.out = self.out, []
        self.busy += time.perf_counter() - start
        return {
            "obs": np.stack([o[0] for o in out]),
            "ids": np.stack([o[1] for o in out]),
            "target": np.array([o[2] for o in out], np.float32),
            "demo": np.array([o[3] for o in out], np.bool_),
            "decisions": self.decisions - decisions0,
            "episodes": self.episodes - episodes0,
            "landlord_wins": self.landlord_wins - wins0,
            "seconds": time.perf_counter() - start,
        }


def _numpy_state(net: QNetwork) -> dict[str, np.ndarray]:
    return {k: v.detach().numpy().copy() for k, v in net.params.items()}


def actor_main(index: int, cfg: dict[str, Any], data_q: Any, cmd_q: Any, stop: Any) -> None:
    """An actor process: play, send chunks, take new weights when they come."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the learner decides when to stop
    data_q.cancel_join_thread()  # exit without waiting for the learner to read the rest
    torch = require_torch()
    torch.set_num_threads(1)
    from chupai.games import resolve_rules

    rules = resolve_rules("doudizhu", RULES_PRESET)
    actor = Actor(
        rules,
        cfg["games"],
        cfg["seed"] * 1000 + 17 * index + 1,
        alternatives=cfg["alternatives"],
        fixed_bidding=cfg["fixed_bidding"],
        reward=cfg["reward"],
    )
    net = QNetwork(actor.tables, actor.encoder.size, cfg["hidden"])
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
        chunk["policy"] = policy
        while not stop.is_set():
            try:
                data_q.put(chunk, timeout=0.5)
                break
            except queue.Full:
                if parent is not None and not parent.is_alive():
                    return


# ---------------------------------------------------------------------------
# Replay buffer and learner
# ---------------------------------------------------------------------------


class Buffer:
    """A ring of the last ``capacity`` samples: observation (float16), action ids
    (the action taken first, then demonstration alternatives, ``-1`` padded),
    target, demonstration flag."""

    def __init__(self, capacity: int, obs_size: int, width: int):
        self.obs = np.zeros((capacity, obs_size), np.float16)
        self.ids = np.full((capacity, width), -1, np.int32)
        self.target = np.zeros(capacity, np.float32)
        self.demo = np.zeros(capacity, np.bool_)
        self.capacity = capacity
        self.size = 0
        self.at = 0
        self.added = 0

    def add(self, chunk: dict[str, Any]) -> None:
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

    def sample(self, n: int, rng: np.random.Generator) -> tuple[np.ndarray, ...]:
        idx = rng.integers(0, self.size, n)
        return self.obs[idx], self.ids[idx], self.target[idx], self.demo[idx]

    def demo_share(self) -> float:
        return float(self.demo[: self.size].mean()) if self.size else 0.0


class Learner:
    def __init__(self, net: QNetwork, args: argparse.Namespace):
        self.torch = torch = require_torch()
        self.net = net
        self.opt = torch.optim.Adam(net.parameters(), lr=args.lr)
        self.margin = args.margin
        self.margin_weight = args.margin_weight
        self.updates = 0
        self.sums = {"loss": 0.0, "mse": 0.0, "margin": 0.0, "agree": 0.0, "q": 0.0}
        self.count = 0
        self.demo_count = 0

    def update(
        self, obs: np.ndarray, ids: np.ndarray, target: np.ndarray, demo: np.ndarray
    ) -> None:
        torch = self.torch
        o = torch.from_numpy(obs.astype(np.float32))
        valid = ids >= 0
        valid[~demo, 1:] = False
        rows, cols = np.nonzero(valid)  # row-major: each row's column 0 first
        flat = torch.from_numpy(ids[rows, cols].astype(np.int64))
        seg = torch.from_numpy(rows.astype(np.int64))
        q = self.net.q(o, flat, seg)
        first = torch.from_numpy(np.flatnonzero(cols == 0))
        q_taken = q[first]
        t = torch.from_numpy(target)
        mse = ((q_taken - t) ** 2).mean()
        loss = mse
        margin_value = 0.0
        agree = float("nan")
        alt = torch.from_numpy(cols > 0)
        if self.margin_weight > 0 and bool(alt.any()):
            q_alt = q[alt]
            seg_alt = seg[alt]
            best = torch.full((len(target),), -1e9).scatter_reduce(
                0, seg_alt, q_alt, reduce="amax", include_self=True
            )
            has = torch.from_numpy(np.bincount(rows[cols > 0], minlength=len(target)) > 0)
            gap = torch.relu(best[has] + self.margin - q_taken[has])
            margin = gap.mean()
            loss = loss + self.margin_weight * margin
            margin_value = float(margin.item())
            agree = float((q_taken[has] > best[has]).float().mean().item())
        self.opt.zero_grad(set_to_none=True)
        loss.backward()
        self.opt.step()
        self.updates += 1
        s = self.sums
        s["loss"] += float(loss.item())
        s["mse"] += float(mse.item())
        s["margin"] += margin_value
        if not math.isnan(agree):
            s["agree"] += agree
            self.demo_count += 1
        s["q"] += float(q_taken.mean().item())
        self.count += 1

    def report(self) -> dict[str, float]:
        c = max(1, self.count)
        out = {k: v / c for k, v in self.sums.items()}
        out["margin"] = self.sums["margin"] / max(1, self.demo_count)
        out["agree"] = self.sums["agree"] / self.demo_count if self.demo_count else float("nan")
        self.sums = {k: 0.0 for k in self.sums}
        self.count = self.demo_count = 0
        return out


# ---------------------------------------------------------------------------
# Evaluation through the bot interface
# ---------------------------------------------------------------------------


def evaluate(path: str, opponents: list[str], deals: int, seed: int) -> list[dict[str, Any]]:
    """Play ``dmc:path=PATH`` against each opponent on ``deals`` seeded deals
    under every seating (``chupai.tournament``, as ``chupai simulate``)."""
    from chupai.games import resolve_rules
    from chupai.tournament import Tournament, run_tournament, summarize

    rules = resolve_rules("doudizhu", RULES_PRESET)
    name = f"dmc:path={path}"
    out = []
    for opp in opponents:
        t = Tournament("doudizhu", rules, (name, opp), deals, seed)
        run = run_tournament(t, workers=1)
        s = summarize(t, run.boards)
        me, them = s["results"][0], s["results"][1]
        h2h = s["head_to_head"]["matrix"][0][1]
        out.append(
            {
                "opponent": opp,
                "deals": deals,
                "seed": seed,
                "seat_deals": me["games"],
                "win_rate": me["win_rate"],
                "win_ci": me["win_ci"],
                "opponent_win_rate": them["win_rate"],
                "score_diff": h2h["score_diff"] if h2h else None,
                "score_diff_ci": h2h["score_diff_ci"] if h2h else None,
                "seconds": round(run.seconds, 1),
            }
        )
    return out


# ---------------------------------------------------------------------------
# The run
# ---------------------------------------------------------------------------


def _log(start: float, text: str) -> None:
    print(f"[{(time.perf_counter() - start) / 60:6.2f} min] {text}", flush=True)


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def train(args: argparse.Namespace) -> dict[str, Any]:
    torch = require_torch()
    # Ctrl-C and `kill` end the run the same way: save the checkpoint, stop the actors
    # (also when started from a shell that ignores SIGINT in background jobs)
    signal.signal(signal.SIGINT, _interrupt)
    signal.signal(signal.SIGTERM, _interrupt)
    from chupai.games import resolve_rules

    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rules = resolve_rules("doudizhu", RULES_PRESET)
    tables = ActionTables.for_rules(rules)
    obs_size = tables.encoder.size
    if args.resume:
        net, old = load_checkpoint(args.resume)
        before = old.get("training", {}).get("learned_from", [])
        for p in net.params.values():
            p.requires_grad_(True)
        if net.hidden != tuple(args.hidden):
            args.hidden = net.hidden
    else:
        before = []
        net = QNetwork(tables, obs_size, args.hidden, seed=args.seed)
    learner = Learner(net, args)
    rng = np.random.default_rng(args.seed)
    width = 1 + args.alternatives
    buffer = Buffer(args.buffer, obs_size, width)
    demos = Buffer(max(1, args.demo_keep), obs_size, width)
    """The latest demonstrations, mixed into every DMC minibatch (DQfD keeps its
    demonstrations for good): the margin loss keeps the heuristic's ordering of
    the plays wherever self-play gives no evidence against it."""
    out = str(args.out)
    opponents = [o.strip() for o in args.eval_opponents.split(",") if o.strip()]

    start = time.perf_counter()
    budget = args.minutes * 60.0
    warm_until = args.warm_minutes * 60.0
    policy = "heuristic" if warm_until > 0 else "net"
    evaluations: list[dict[str, Any]] = []
    counters = {
        "decisions": 0,
        "episodes": 0,
        "landlord_wins": 0,
        "actor_seconds": 0.0,
        "demo_samples": 0,
        "selfplay_samples": 0,
    }
    warm_seconds = 0.0

    def header() -> dict[str, Any]:
        learned = []
        if counters["demo_samples"]:
            learned.append(
                f"demonstrations: {counters['demo_samples']} play decisions of the heuristic "
                f"bot in heuristic self-play (DQfD: MC regression + margin loss) for "
                f"{warm_seconds / 60:.1f} min"
            )
        if counters["selfplay_samples"]:
            learned.append(
                f"DMC self-play: {counters['selfplay_samples']} play decisions "
                f"(epsilon {args.epsilon}, reward {args.reward})"
            )
        if args.resume:
            learned.insert(
                0, f"resumed from {args.resume}, which learned from: " + "; ".join(map(str, before))
            )
        return make_header(
            net,
            rules,
            {
                "algorithm": "DMC (DouZero-style) with a DQfD warm start"
                if warm_until > 0
                else "DMC (DouZero-style)",
                "learned_from": learned,
                "bidding": "delegated to the heuristic bot; training deals: "
                f"{args.fixed_bidding:.0%} fixed random landlord, the rest heuristic bids",
                "updates": learner.updates,
                "samples": buffer.added,
                "episodes": counters["episodes"],
                "decisions": counters["decisions"],
                "minutes": round((time.perf_counter() - start) / 60, 2),
                "args": {
                    k: (list(v) if isinstance(v, tuple) else v) for k, v in vars(args).items()
                },
                "evaluations": evaluations,
                "torch": torch.__version__,
            },
        )

    def save() -> None:
        save_checkpoint(out, net, header())

    cfg = {
        "games": args.games,
        "seed": args.seed,
        "alternatives": args.alternatives,
        "fixed_bidding": args.fixed_bidding,
        "reward": args.reward,
        "hidden": tuple(args.hidden),
        "policy": policy,
        "epsilon": args.epsilon,
        "chunk": max(64, args.games * 4),
    }
    procs: list[Any] = []
    cmd_qs: list[Any] = []
    ctx = mp.get_context("spawn")
    data_q = ctx.Queue(maxsize=max(8, 4 * args.workers))
    stop = ctx.Event()
    local: Actor | None = None
    if args.workers == 0:
        local = Actor(
            rules,
            args.games,
            args.seed * 1000 + 1,
            alternatives=args.alternatives,
            fixed_bidding=args.fixed_bidding,
            reward=args.reward,
        )

    def sync() -> None:
        if not procs:
            return
        msg = {"params": _numpy_state(net), "policy": policy, "epsilon": args.epsilon}
        for q_ in cmd_qs:
            try:
                q_.put_nowait(msg)
            except queue.Full:
                pass

    def take(chunk: dict[str, Any]) -> None:
        buffer.add(chunk)
        if chunk.get("policy", policy) == "heuristic" and args.demo_keep > 0:
            demos.add(chunk)
        counters["decisions"] += chunk["decisions"]
        counters["episodes"] += chunk["episodes"]
        counters["landlord_wins"] += chunk["landlord_wins"]
        counters["actor_seconds"] += chunk["seconds"]
        n = len(chunk["target"])
        key = "demo_samples" if chunk.get("policy", policy) == "heuristic" else "selfplay_samples"
        counters[key] += n

    print(
        f"DMC training: doudizhu({RULES_PRESET}), network {obs_size}+{tables.size} -> "
        f"{' -> '.join(map(str, args.hidden))} -> 1 "
        f"({sum(p.numel() for p in net.parameters()):,} parameters); "
        f"{args.minutes:g} min, warm start {args.warm_minutes:g} min "
        f"({args.warm_start}), {args.workers} actor process(es) x {args.games} deals, "
        f"{args.threads} learner thread(s); checkpoint {out}",
        flush=True,
    )
    interrupted = False
    try:
        if args.workers:
            for i in range(args.workers):
                cq = ctx.Queue(maxsize=2)
                pr = ctx.Process(target=actor_main, args=(i, cfg, data_q, cq, stop), daemon=True)
                pr.start()
                procs.append(pr)
                cmd_qs.append(cq)
            sync()
        last = {"log": start, "save": start, "eval": start, "sync": start}
        since = {
            "decisions": 0,
            "actor_seconds": 0.0,
            "episodes": 0,
            "landlord_wins": 0,
            "updates": 0,
        }
        eval_seconds = 0.0
        while True:
            now = time.perf_counter()
            elapsed = now - start
            if elapsed >= budget or (args.updates is not None and learner.updates >= args.updates):
                break
            if policy == "heuristic" and elapsed >= warm_until and counters["demo_samples"]:
                warm_seconds = elapsed
                policy = "net"
                _log(
                    start,
                    f"warm start over after {learner.updates} updates on "
                    f"{counters['demo_samples']:,} demonstrations: DMC self-play now",
                )
                for group in learner.opt.param_groups:
                    group["lr"] = args.dmc_lr
                sync()
                last["sync"] = now
            # data
            got = 0
            if local is not None:
                if (
                    buffer.added * args.reuse < (learner.updates + 1) * args.batch
                    or buffer.size < args.batch
                ):
                    c = local.collect(policy, net, args.epsilon, cfg["chunk"])
                    c["policy"] = policy
                    take(c)
                    got += c["decisions"]
            else:
                while True:
                    try:
                        c = data_q.get_nowait()
                    except queue.Empty:
                        break
                    take(c)
                    got += c["decisions"]
            # learn while the reuse budget allows
            if (
                buffer.size >= args.batch
                and (learner.updates + 1) * args.batch <= buffer.added * args.reuse
            ):
                batch = buffer.sample(args.batch, rng)
                if policy == "net" and demos.size and args.demo_batch > 0:
                    extra = demos.sample(args.demo_batch, rng)
                    batch = tuple(np.concatenate([a, b]) for a, b in zip(batch, extra))
                learner.update(*batch)
            elif local is None and not got:
                try:
                    take(data_q.get(timeout=1.0))
                except queue.Empty:
                    if not any(p.is_alive() for p in procs):
                        raise ChupaiError("every actor process has died") from None
            now = time.perf_counter()
            if procs and now - last["sync"] >= args.sync_seconds:
                sync()
                last["sync"] = now
            if now - last["log"] >= args.log_seconds:
                d = counters["decisions"] - since["decisions"]
                secs = counters["actor_seconds"] - since["actor_seconds"]
                eps = counters["episodes"] - since["episodes"]
                lw = counters["landlord_wins"] - since["landlord_wins"]
                upd = learner.updates - since["updates"]
                r = learner.report()
                wall = now - last["log"]
                _log(
                    start,
                    f"{'warm' if policy == 'heuristic' else 'dmc '} | actors "
                    f"{d / wall:,.0f} decisions/s ({d / max(secs, 1e-9):,.0f} per busy "
                    f"actor s), {eps} deals, landlord won {lw / max(eps, 1):.0%} | "
                    f"learner {upd / wall:.1f} upd/s, {learner.updates:,} updates | "
                    f"loss {r['loss']:.3f} mse {r['mse']:.3f} margin {r['margin']:.3f} "
                    f"agree {r['agree']:.0%} q {r['q']:+.2f} | buffer "
                    f"{buffer.size:,} ({buffer.demo_share():.0%} demos)",
                )
                since = {
                    "decisions": counters["decisions"],
                    "actor_seconds": counters["actor_seconds"],
                    "episodes": counters["episodes"],
                    "landlord_wins": counters["landlord_wins"],
                    "updates": learner.updates,
                }
                last["log"] = now
            if now - last["save"] >= args.save_minutes * 60:
                save()
                last["save"] = now
            if (
                args.eval_deals > 0
                and now - last["eval"] >= args.eval_minutes * 60
                and budget - (now - start) > eval_seconds + 10
            ):
                t0 = time.perf_counter()
                run_eval(start, out, save, evaluations, args, opponents, learner.updates)
                torch.set_num_threads(args.threads)
                eval_seconds = time.perf_counter() - t0
                last["eval"] = time.perf_counter()
    except KeyboardInterrupt:
        interrupted = True
        _log(start, "interrupted: saving the checkpoint")
    finally:
        stop.set()
        save()
        for pr in procs:
            pr.join(timeout=5)
            if pr.is_alive():
                pr.terminate()
                pr.join(timeout=5)
    if warm_seconds == 0.0 and policy == "heuristic":
        warm_seconds = time.perf_counter() - start
    if not interrupted and args.eval_deals > 0:
        try:
            run_eval(start, out, save, evaluations, args, opponents, learner.updates, final=True)
        except KeyboardInterrupt:
            interrupted = True
            _log(start, "interrupted during the final evaluation")
    save()
    total = time.perf_counter() - start
    summary = {
        "checkpoint": out,
        "minutes": round(total / 60, 2),
        "updates": learner.updates,
        "samples": buffer.added,
        "episodes": counters["episodes"],
        "actor_decisions_per_busy_second": round(
            counters["decisions"] / max(counters["actor_seconds"], 1e-9)
        ),
        "evaluations": evaluations,
        "interrupted": interrupted,
    }
    _log(
        start,
        f"done: {learner.updates:,} updates, {buffer.added:,} samples, "
        f"{counters['episodes']:,} deals; checkpoint {out}",
    )
    print(json.dumps(summary), flush=True)
    return summary


def run_eval(
    start: float,
    out: str,
    save: Any,
    evaluations: list[dict[str, Any]],
    args: argparse.Namespace,
    opponents: list[str],
    updates: int,
    final: bool = False,
) -> None:
    save()
    res = evaluate(out, opponents, args.eval_deals, args.eval_seed)
    minutes = round((time.perf_counter() - start) / 60, 2)
    evaluations.append({"minutes": minutes, "updates": updates, "final": final, "results": res})
    text = "; ".join(
        f"vs {r['opponent']}: dmc {r['win_rate']:.1%} [{r['win_ci'][0]:.1%}, "
        f"{r['win_ci'][1]:.1%}] / {r['opponent']} {r['opponent_win_rate']:.1%}, "
        f"score diff {r['score_diff']:+.2f}/deal"
        for r in res
    )
    _log(
        start,
        f"{'final ' if final else ''}eval ({args.eval_deals} deals x 6 seatings, "
        f"seed {args.eval_seed}): {text}",
    )


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        train(args)
    except ChupaiError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
