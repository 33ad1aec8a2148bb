"""The Deep Monte-Carlo trainer of ``chupai train dmc``, for every game.

A run trains one :class:`~chupai.train.network.QNetwork` that plays every seat of
its game, in two stages:

1. **Warm start** (``--warm-start heuristic``, the default): the game's
   ``heuristic`` bot plays every seat and the network learns from its
   decisions as demonstrations (the Monte-Carlo return of the demonstrated
   action, plus a margin loss that ranks it first; see
   :mod:`chupai.train.learner`). It lasts ``--warm-minutes`` (default a third
   of ``--minutes``) or ``--warm-updates`` updates.
2. **Deep Monte-Carlo self-play** (DouZero, Zha et al., 2021): the network
   plays every seat, epsilon-greedy, and ``Q(s, a)`` of each action taken is
   regressed on the final reward of the seat that took it. The latest
   ``--demo-keep`` demonstrations stay in a store of their own and
   ``--demo-batch`` of them join every minibatch with their margin loss.

Actors (:mod:`chupai.train.actor`) play ``--games`` deals at once, in this
process (``--workers 0``) or in ``--workers`` processes that receive the
weights every ``--sync-seconds``. Samples go to a replay buffer; each is used
about ``--reuse`` times. The checkpoint (``--out``) is saved every
``--save-minutes``, at each evaluation and at the end, also after Ctrl-C or
SIGTERM; it holds what ``--resume`` needs to continue (the optimizer, the
counters, the stage and the random generators; the replay buffer is refilled).
With ``--workers 0 --exact-resume`` the replay buffers and the actor with its deals
are pickled to ``OUT.state`` too, and ``--resume`` then continues the very run that
was saved: a run of 2 updates resumed to 4 equals a run of 4 (where the deals pickle:
not on Dou Dizhu's compiled batch runner; ``CHUPAI_PURE=1`` plays its Python deals).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import queue
import signal
import time
from typing import Any

import numpy as np

from chupai.errors import ChupaiError
from chupai.train.actor import Actor, actor_main
from chupai.train.checkpoint import (
    load_checkpoint,
    load_state,
    make_header,
    save_checkpoint,
    save_state,
)
from chupai.train.evaluate import eval_scalars, eval_text, evaluate
from chupai.train.features import ActionFeatures
from chupai.train.learner import Buffer, Learner
from chupai.train.logs import Reporter, ScalarLog
from chupai.train.network import QNetwork, require_torch

__all__ = ["Run", "train"]

_COUNTERS = ("decisions", "episodes", "actor_seconds", "demo_samples", "selfplay_samples")


def _num(value: float, spec: str = ".3f") -> str:
    """``value`` formatted, ``n/a`` for NaN (nothing to report)."""
    return "n/a" if math.isnan(value) else format(value, spec)


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


class Run:
    """One training session (see the module docstring); ``args`` are the options
    of ``chupai train dmc`` (:func:`chupai.train.cli.build_parser`)."""

    def __init__(self, args: argparse.Namespace, rules: Any) -> None:
        torch = self.torch = require_torch()
        self.args = args
        torch.manual_seed(args.seed)
        torch.set_num_threads(args.threads)
        self.rng = np.random.default_rng(args.seed)
        self.counters: dict[str, Any] = {k: 0 for k in _COUNTERS}
        self.counters.update(seconds=0.0, sessions=0, warm_seconds=0.0, samples=0)
        self.evaluations: list[dict[str, Any]] = []
        self.before: list[str] = []
        resume = None
        if args.resume:
            ck = load_checkpoint(args.resume)
            if ck.net.tables.game != args.game:
                raise ChupaiError(
                    f"--resume {args.resume!r} is a checkpoint for {ck.net.tables.game}, "
                    f"not {args.game}"
                )
            if rules is not None and rules != ck.rules:
                raise ChupaiError(
                    f"--resume {args.resume!r} was trained for {ck.rules.spec()}, "
                    f"not {rules.spec()}"
                )
            net = ck.net
            net.requires_grad(True)
            args.hidden = net.hidden
            resume = ck.resume
            self.before = list(ck.header.get("training", {}).get("learned_from", []))
        else:
            features = ActionFeatures.for_rules(args.game, rules)
            net = QNetwork(features, args.hidden, seed=args.seed)
        self.net = net
        self.features = net.tables
        self.learner = Learner(net, args.lr, args.margin, args.margin_weight)
        warm = args.warm_start != "none" and (args.warm_updates or args.warm_minutes > 0)
        self.policy = "heuristic" if warm else "net"
        if resume is not None:
            self._restore(resume)
        if self.policy == "net":
            self.learner.set_lr(args.dmc_lr)
        width = 1 + args.alternatives
        size = self.features.encoder.size
        self.buffer = Buffer(args.buffer, size, width)
        self.demos = Buffer(max(1, args.demo_keep), size, width)
        self.state_saved = False
        """Whether the last save wrote the state file (``--exact-resume``)."""
        self.actor: Actor | None = None
        """The actor of ``--workers 0``."""
        self._buffer_start = self.learner.updates
        """The updates made when :attr:`buffer` started (the reuse budget's origin)."""
        if resume is not None and args.workers == 0:
            self._restore_state(load_state(args.resume))
        self.out = str(args.out)
        self.opponents = [o.strip() for o in args.eval_opponents.split(",") if o.strip()]
        self.start = time.perf_counter()
        self.recent: dict[str, float] = {"decisions": 0, "return_sum": 0.0, "samples": 0}
        self._updates0 = self._buffer_start
        self._since_updates = self.learner.updates

    # ----- resume -------------------------------------------------------------------------
    def _restore(self, state: dict[str, Any]) -> None:
        c = self.counters
        for key in c:
            if key in state.get("counters", {}):
                c[key] = state["counters"][key]
        c["sessions"] += 1
        self.learner.updates = int(state["updates"])
        self.learner.opt.load_state_dict(state["optimizer"])
        self.policy = str(state.get("policy", self.policy))
        self.evaluations = list(state.get("evaluations", []))
        rng = state.get("rng", {})
        if "numpy" in rng:
            self.rng.bit_generator.state = rng["numpy"]
        if "torch" in rng:
            self.torch.set_rng_state(rng["torch"])

    def _restore_state(self, state: dict[str, Any] | None) -> None:
        """Take the buffers and the actor of an exact resume (``--exact-resume``)."""
        if state is None or state.get("updates") != self.learner.updates:
            return
        self.buffer, self.demos, self.actor = state["buffer"], state["demos"], state["actor"]
        self._buffer_start = int(state["buffer_start"])
        self.counters["samples"] -= self.buffer.added  # counted in the buffer again

    def resume_state(self) -> dict[str, Any]:
        """What ``--resume`` restores (saved in every checkpoint)."""
        counters = dict(self.counters)
        counters["seconds"] = self.seconds()
        counters["samples"] = self.counters["samples"] + self.buffer.added
        return {
            "updates": self.learner.updates,
            "optimizer": self.learner.opt.state_dict(),
            "policy": self.policy,
            "counters": counters,
            "evaluations": self.evaluations,
            "rng": {"numpy": self.rng.bit_generator.state, "torch": self.torch.get_rng_state()},
        }

    def seconds(self) -> float:
        """Training seconds over every session of the run."""
        return float(self.counters["seconds"]) + time.perf_counter() - self.start

    # ----- the checkpoint -------------------------------------------------------------------
    def header(self) -> dict[str, Any]:
        a, c = self.args, self.counters
        learned = []
        if c["demo_samples"]:
            learned.append(
                f"demonstrations: {c['demo_samples']} decisions of the heuristic bot "
                "(MC regression + margin loss)"
            )
        if c["selfplay_samples"]:
            learned.append(
                f"DMC self-play: {c['selfplay_samples']} decisions "
                f"(epsilon {a.epsilon}, reward {a.reward})"
            )
        if a.resume:
            learned.insert(
                0, f"resumed from {a.resume}, which learned from: " + "; ".join(self.before)
            )
        training = {
            "algorithm": "DMC (DouZero-style)"
            + (" with a DQfD warm start" if c["demo_samples"] else ""),
            "learned_from": learned,
            "updates": self.learner.updates,
            "samples": c["samples"] + self.buffer.added,
            "episodes": c["episodes"],
            "decisions": c["decisions"],
            "minutes": round(self.seconds() / 60, 2),
            "args": {
                k: (list(v) if isinstance(v, tuple) else v)
                for k, v in vars(a).items()
                if not callable(v)
            },
            "evaluations": self.evaluations,
            "torch": self.torch.__version__,
        }
        return make_header(self.net, training)

    def save(self) -> None:
        save_checkpoint(self.out, self.net, self.header(), self.resume_state())
        if self.args.exact_resume and self.actor is not None:
            state = {
                "updates": self.learner.updates,
                "buffer": self.buffer,
                "demos": self.demos,
                "actor": self.actor,
                "buffer_start": self._buffer_start,
            }
            self.state_saved = save_state(self.out, state)

    # ----- data ---------------------------------------------------------------------------
    def take(self, chunk: dict[str, Any]) -> None:
        """Add an actor's chunk to the buffers and the counters."""
        self.buffer.add(chunk)
        demo = chunk["policy"] == "heuristic"
        if demo and self.args.demo_keep > 0:
            self.demos.add(chunk)
        c = self.counters
        c["decisions"] += chunk["decisions"]
        c["episodes"] += chunk["episodes"]
        c["actor_seconds"] += chunk["seconds"]
        c["demo_samples" if demo else "selfplay_samples"] += len(chunk["target"])
        self.recent["decisions"] += chunk["decisions"]
        self.recent["return_sum"] += chunk["return_sum"]
        self.recent["samples"] += len(chunk["target"])

    def want_data(self) -> bool:
        a = self.args
        b = self.buffer
        need = (self.learner.updates + 1 - self._updates0) * a.batch
        return bool(b.added * a.reuse < need or b.size < a.batch)

    def can_learn(self) -> bool:
        a = self.args
        need = (self.learner.updates + 1 - self._updates0) * a.batch
        return bool(self.buffer.size >= a.batch and need <= self.buffer.added * a.reuse)

    def learn(self) -> None:
        a = self.args
        batch = self.buffer.sample(a.batch, self.rng)
        if self.policy == "net" and self.demos.size and a.demo_batch > 0:
            extra = self.demos.sample(a.demo_batch, self.rng)
            batch = tuple(np.concatenate([x, y]) for x, y in zip(batch, extra))
        self.learner.update(*batch)

    def warm_over(self) -> bool:
        """Whether the warm start has had its time or updates."""
        a = self.args
        if self.policy != "heuristic" or not self.counters["demo_samples"]:
            return False
        if a.warm_updates is not None:
            return bool(self.learner.updates >= a.warm_updates)
        return bool(self.seconds() >= a.warm_minutes * 60)

    def end_warm(self) -> None:
        self.policy = "net"
        self.counters["warm_seconds"] = self.seconds()
        self.learner.set_lr(self.args.dmc_lr)

    # ----- reports ------------------------------------------------------------------------
    def scalars(self, wall: float) -> dict[str, float]:
        """The training scalars since the last report (``wall`` seconds)."""
        r = self.learner.report()
        rec = self.recent
        upd = self.learner.updates - self._since_updates
        out = {f"train/{k}": v for k, v in r.items()}
        out["train/return"] = rec["return_sum"] / rec["samples"] if rec["samples"] else float("nan")
        out["perf/steps_per_s"] = rec["decisions"] / max(wall, 1e-9)
        out["perf/updates_per_s"] = upd / max(wall, 1e-9)
        out["buffer/demo_share"] = self.buffer.demo_share()
        self.recent = {"decisions": 0, "return_sum": 0.0, "samples": 0}
        self._since_updates = self.learner.updates
        return out

    def run_eval(self, say: Reporter, log: ScalarLog, final: bool) -> None:
        a = self.args
        self.save()
        f = self.features
        res = evaluate(self.out, f.game, f.rules, self.opponents, a.eval_deals, a.eval_seed)
        self.evaluations.append(
            {
                "minutes": round(self.seconds() / 60, 2),
                "updates": self.learner.updates,
                "final": final,
                "results": res,
            }
        )
        log.write(self.learner.updates, eval_scalars(res))
        say.line(
            f"{'final ' if final else ''}eval ({a.eval_deals} deals under every seating, "
            f"seed {a.eval_seed}): {eval_text(res)}"
        )
        self.torch.set_num_threads(a.threads)
        self.save()

    # ----- the loop -----------------------------------------------------------------------
    def run(self) -> dict[str, Any]:
        """Train until ``--minutes`` or ``--updates``; save; evaluate; return the
        summary (also printed as the last line, JSON)."""
        a = self.args
        self._updates0 = self._buffer_start
        self._since_updates = self.learner.updates
        old = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
        for s in old:
            signal.signal(s, _interrupt)
        log = ScalarLog(a.log_dir)
        say = Reporter(a.progress, a.updates, a.minutes * 60, self.start)
        interrupted = False
        try:
            with say:
                say.line(self._intro())
                try:
                    self._loop(say, log)
                except KeyboardInterrupt:
                    interrupted = True
                    say.line("interrupted: saving the checkpoint")
                finally:
                    self.save()
                if not interrupted and a.eval_deals > 0:
                    self.run_eval(say, log, final=True)
        except KeyboardInterrupt:
            interrupted = True
            self.save()
        finally:
            log.close()
            for s, h in old.items():
                signal.signal(s, h)
        return self._summary(interrupted)

    def _intro(self) -> str:
        a, f = self.args, self.features
        return (
            f"DMC training: {f.rules.spec()}, network {self.net.obs_size}+{self.net.feature_size}"
            f" -> {' -> '.join(map(str, self.net.hidden))} -> 1 "
            f"({self.net.parameter_count():,} parameters); stage "
            f"{'warm start' if self.policy == 'heuristic' else 'DMC self-play'}; "
            f"{a.workers} actor process(es) x {a.games} deals; checkpoint {self.out}"
            + (f"; resumed at update {self.learner.updates}" if a.resume else "")
        )

    def _summary(self, interrupted: bool) -> dict[str, Any]:
        c = self.counters
        summary = {
            "checkpoint": self.out,
            "game": self.features.game,
            "spec": self.features.rules.spec(),
            "minutes": round((time.perf_counter() - self.start) / 60, 2),
            "updates": self.learner.updates,
            "samples": c["samples"] + self.buffer.added,
            "episodes": c["episodes"],
            "decisions_per_busy_second": round(c["decisions"] / max(c["actor_seconds"], 1e-9)),
            "evaluations": self.evaluations,
            "interrupted": interrupted,
            "exact_resume": self.state_saved,
        }
        print(json.dumps(summary), flush=True)
        return summary

    def _loop(self, say: Reporter, log: ScalarLog) -> None:
        a = self.args
        feed = _Feed(self)
        try:
            last = dict.fromkeys(("log", "save", "eval", "sync"), self.start)
            while True:
                now = time.perf_counter()
                if now - self.start >= a.minutes * 60 or (
                    a.updates is not None and self.learner.updates >= a.updates
                ):
                    break
                if self.warm_over():
                    self.end_warm()
                    say.line(
                        f"warm start over after {self.learner.updates} updates on "
                        f"{self.counters['demo_samples']:,} demonstrations: DMC self-play now"
                    )
                    feed.sync()
                    last["sync"] = now
                got = feed.fill()
                if self.can_learn():
                    self.learn()
                elif not got:
                    feed.wait()
                now = time.perf_counter()
                if now - last["sync"] >= a.sync_seconds:
                    feed.sync()
                    last["sync"] = now
                self._periodic(say, log, last, now)
        finally:
            feed.close()

    def _periodic(self, say: Reporter, log: ScalarLog, last: dict[str, float], now: float) -> None:
        a = self.args
        phase = "warm" if self.policy == "heuristic" else "dmc"
        if now - last["log"] >= a.log_seconds:
            s = self.scalars(now - last["log"])
            log.write(self.learner.updates, s)
            text = (
                f"{phase} | {self.learner.updates:,} updates | loss {_num(s['train/loss'])} "
                f"mse {_num(s['train/mse'])} | return {_num(s['train/return'], '+.2f')} | "
                f"{s['perf/steps_per_s']:,.0f} steps/s | buffer {self.buffer.size:,}"
            )
            say.line(text)
            last["log"] = now
        say.advance(phase, self.learner.updates, f"{self.learner.updates:,} updates")
        if now - last["save"] >= a.save_minutes * 60:
            self.save()
            last["save"] = now
        if a.eval_deals > 0 and now - last["eval"] >= a.eval_minutes * 60:
            self.run_eval(say, log, final=False)
            last["eval"] = time.perf_counter()


class _Feed:
    """Where the samples come from: an actor in this process, or actor
    processes (``--workers``)."""

    def __init__(self, run: Run) -> None:
        a = run.args
        self.run = run
        seed = a.seed * 1000 + 1 + 7919 * int(run.counters["sessions"])
        self.cfg = {
            "game": run.features.game,
            "rules": run.features.rules,
            "games": a.games,
            "seed": seed,
            "alternatives": a.alternatives,
            "reward": a.reward,
            "hidden": tuple(run.net.hidden),
            "policy": run.policy,
            "epsilon": a.epsilon,
            "chunk": max(64, a.games * 4),
        }
        self.local: Actor | None = None
        self.procs: list[Any] = []
        self.cmd_qs: list[Any] = []
        ctx = mp.get_context("spawn")
        self.data_q: Any = None
        self.stop = ctx.Event()
        if a.workers == 0:
            if run.actor is None:
                run.actor = Actor(
                    run.features.game,
                    run.features.rules,
                    a.games,
                    seed,
                    alternatives=a.alternatives,
                    reward=a.reward,
                )
            self.local = run.actor
            return
        self.data_q = ctx.Queue(maxsize=max(8, 4 * a.workers))
        for i in range(a.workers):
            cq = ctx.Queue(maxsize=2)
            pr = ctx.Process(target=actor_main, args=(i, self.cfg, self.data_q, cq, self.stop))
            pr.daemon = True
            pr.start()
            self.procs.append(pr)
            self.cmd_qs.append(cq)
        self.sync()

    def sync(self) -> None:
        """Send the weights and the stage to the actor processes."""
        if not self.procs:
            return
        run = self.run
        params = {k: v.detach().numpy().copy() for k, v in run.net.params.items()}
        msg = {"params": params, "policy": run.policy, "epsilon": run.args.epsilon}
        for q in self.cmd_qs:
            try:
                q.put_nowait(msg)
            except queue.Full:
                pass

    def fill(self) -> int:
        """Take the samples that are ready (in this process: play for them when
        the learner needs data); the decisions they hold."""
        run = self.run
        got = 0
        if self.local is not None:
            if run.want_data():
                c = self.local.collect(run.policy, run.net, run.args.epsilon, self.cfg["chunk"])
                run.take(c)
                got += c["decisions"] or 1
            return got
        while True:
            try:
                c = self.data_q.get_nowait()
            except queue.Empty:
                return got
            run.take(c)
            got += c["decisions"] or 1

    def wait(self) -> None:
        """Wait a little for an actor process's chunk."""
        if self.local is not None:
            return
        try:
            self.run.take(self.data_q.get(timeout=1.0))
        except queue.Empty:
            if not any(p.is_alive() for p in self.procs):
                raise ChupaiError("every actor process has died") from None

    def close(self) -> None:
        self.stop.set()
        for pr in self.procs:
            pr.join(timeout=5)
            if pr.is_alive():
                pr.terminate()
                pr.join(timeout=5)


def train(args: argparse.Namespace, rules: Any = None) -> dict[str, Any]:
    """Run ``chupai train dmc`` with ``args`` under ``rules`` (None: the
    checkpoint's when resuming, else the game's default preset)."""
    return Run(args, rules).run()
