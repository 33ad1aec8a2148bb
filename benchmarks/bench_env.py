"""Research-environment speed: steps per second of random play through chupai's
PettingZoo API and batch runner, side by side with RLCard's and OpenSpiel's Dou
Dizhu when they are installed.

Run ``python benchmarks/bench_env.py`` (about four minutes with the pure run), ``--quick`` for a
smoke run of a few seconds; ``--rounds N`` and ``--seconds S`` (timed seconds per
contender, split over the rounds) set the effort, ``--games`` picks chupai's games
(``bigtwo,doudizhu,doudizhu_four_player,biga,daguailuzi,daguailuzi_shanghai``;
the peers run whenever Dou Dizhu classic does) and ``--num-games`` the width of the
batch runner (64). Needs the ``env`` extra (``pip install 'chupai[env]'``).

Everything runs in this one process, so on **one core**; for figures worth
publishing the machine should be otherwise idle (other load slows every contender,
and the interleaving below only spreads it evenly). The contenders are measured
**round by round, interleaved** (each round times every contender once, the order
rotating from round to round), with the timing helpers of
``benchmarks/bench_doudizhu.py``; each figure is reported as the best round and as
the median round.

A step is one decision: one action applied by the seat to act. Each contender
steps in chunks (a round ends at the first chunk boundary after its time slice) and
resets as its API says when an episode ends. The one-game contenders pick every
action uniformly among the legal ids with a seeded :class:`random.Random`
(``randrange`` over the list of legal ids), so the pick costs the same in each:

* chupai AEC (Big Two standard, Dou Dizhu classic and four_player, Big A
  standard, 大怪路子 seed and shanghai): ``chupai.env.aec.env(game=..., rules=...)`` (PettingZoo's
  order-enforcing wrapper included), driven by the standard loop: ``for agent in
  env.agent_iter()``, ``env.last()`` (which encodes the agent's observation and
  builds its action mask), ``env.step(None)`` for a finished agent, otherwise
  ``env.step(id)`` with a uniform legal id of ``obs["action_mask"]`` (found with
  ``mask.view(bool).nonzero()[0]``: ``np.flatnonzero`` would cost about 70 us on
  Dou Dizhu's 27,864-long mask), and ``env.reset(seed=next seed)`` once every
  agent is done. An all-pass Dou Dizhu bidding or a Big A redeal deals again
  within the episode, as the env does. The ``step(None)`` calls of finished
  agents are timed but not counted as steps.
* chupai batch runner: ``VectorGames(game, rules, num_games=64)``, each step one
  action per game (``random_actions`` on the batch's masks, vectorised), the
  encodings and masks of every game's next observation written, auto-reset
  included; a batch step counts ``num_games`` steps. Where the compiled batched
  runner covers the game (Dou Dizhu: ``chupai.doudizhu._fast_vec``, the deals
  stepped inside C) the same runner on its Python deals (``py deals``: Python
  deals, the compiled encoder and masks) runs beside it, and
  ``vector_<game>_<preset>_c_runner_vs_py_deals`` is their ratio; and the
  compiled runner again with its actions drawn by ``venv.sample_actions(rng)``
  (``vector_sample_*``: the same picks as ``random_actions``, from the legal ids
  the runner holds, where ``random_actions`` scans every mask row: 27,864 bytes
  a game for Dou Dizhu classic, the larger part of a compiled batch step).
* RLCard (``pip install rlcard``): ``rlcard.make('doudizhu')``: ``env.reset()``,
  then ``env.step(id)`` with a uniform id among ``state['legal_actions']`` until
  ``env.is_over()``, then ``env.get_payoffs()``; its observation encoding (done by
  every ``step``) is included, as in its standard API. RLCard has no bidding
  (seat 0 is always the landlord), so its episodes have no bidding steps.
  RLCard's own ``env.run`` with its ``RandomAgent`` is several times slower
  than these steps, because that agent's ``eval_step`` lists a probability for
  each of the 27,472 action ids at every step: that is the agent's cost, not the
  env's, so it is not what is measured here.
* OpenSpiel (``pip install open-spiel``): ``pyspiel.load_game('dou_dizhu')``
  from Python: ``new_initial_state()``, chance nodes (the deal) sampled with
  ``pyspiel.sample_action`` (applied, timed, not counted as steps), and at each
  decision ``state.observation_tensor(player)`` for the player to act (this game
  provides an observation tensor of 159 floats and no information-state tensor;
  the list pyspiel returns is used as it is), then ``legal_actions()`` and
  ``apply_action`` of a uniform one; a new state when it is terminal (an all-pass
  bidding is a terminal state with zero returns). The engine is C++, the loop
  Python.

**Compiled and pure side by side.** The run measures the engine as installed
(the compiled core where built, :mod:`chupai.compiled`), then itself again in a
``CHUPAI_PURE=1`` child process with the same settings (chupai only), and
reports the pure figures and ``compiled_vs_pure`` ratios (``--no-pure``: no
child; a pure run has none). The two runs are sequential, not interleaved.

For reference only (DouZero's environment is not installable here, so it is not
measured): DouZero's own Dou Dizhu environment is usually quoted at about 2,000
steps per second.

Ratios are chupai's steps/s over the peer's (above 1 when chupai is faster), for
Dou Dizhu classic: ``doudizhu_vs_rlcard`` and ``doudizhu_vs_openspiel`` for the
AEC env, ``vector_doudizhu_vs_*`` for the batch runner. Figures are printed as a
table, then as one final JSON line. This is a script, not a test: it asserts
nothing about speed.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
from collections.abc import Callable
from typing import Any

import numpy as np

# the same timing method and peer loaders (this folder is on the path)
from bench_doudizhu import Contender, load_openspiel, load_rlcard, ratio, time_rounds
from bench_pure import compare_with_pure, engine_note, print_pure_table, pure_figures
from rich import box
from rich.console import Console
from rich.table import Table

from chupai.env.aec import env as aec_env
from chupai.env.vector import VectorGames, random_actions

GAMES: dict[str, tuple[str, str]] = {
    "bigtwo": ("bigtwo", "standard"),
    "doudizhu": ("doudizhu", "classic"),
    "doudizhu_four_player": ("doudizhu", "four_player"),
    "biga": ("biga", "standard"),
    "daguailuzi": ("daguailuzi", "seed"),
    "daguailuzi_shanghai": ("daguailuzi", "shanghai"),
}
"""``--games`` names -> (game key, preset)."""

CHUNK = 32
"""Steps per timed unit of the one-game contenders."""
TARGET_STEPS_PER_S = 2000
"""The issue's target for Dou Dizhu classic through the AEC API (DouZero's env is
quoted at about this speed)."""
TARGET_RATIO_VS_RLCARD = 10
"""The issue's target: at least 10x RLCard's env steps per second."""
TARGET_VECTOR_VS_OPENSPIEL = 5
"""The compiled core's target: the AEC env at least OpenSpiel's Python loop with
``observation_tensor``, the batch runner at least 5x that."""
PURE_KEYS = ("engine", "steps_per_s", "median_steps_per_s")
"""What the summary keeps of the pure child's."""


# ----- contenders ---------------------------------------------------------------------
# Each ``run()`` applies ``steps`` decisions (carrying on across episodes) and returns
# how many episodes ended meanwhile; :class:`Contender` counts them as its "deals".


class Stepper(Contender):
    """A :class:`Contender` whose unit is ``steps`` decisions; ``game`` names what it
    plays, ``mean_length()`` the mean length (in steps) of the episodes it finished
    (None before the first)."""

    def __init__(
        self,
        name: str,
        label: str,
        game: str,
        run: Callable[[], int],
        steps: int,
        mean_length: Callable[[], float | None],
    ) -> None:
        super().__init__(name, label, run)
        self.game = game
        self.steps = steps
        self.mean_length = mean_length


class Lengths:
    """Episode lengths of a one-game contender: steps of the episode under way and
    totals of the finished ones."""

    def __init__(self) -> None:
        self.current = self.total = self.episodes = 0

    def end(self) -> None:
        self.total += self.current
        self.episodes += 1
        self.current = 0

    def mean(self) -> float | None:
        return self.total / self.episodes if self.episodes else None


def aec_contender(name: str, game: str, preset: str, seed: int) -> Stepper:
    """chupai's PettingZoo AEC env of ``game`` under ``preset``, the standard loop."""
    env = aec_env(game=game, rules=preset)
    pick = random.Random(seed).randrange
    seeds = iter(range(seed * 10**6, 10**18))
    env.reset(seed=next(seeds))
    agents = iter(env.agent_iter())
    lengths = Lengths()

    def run() -> int:
        nonlocal agents
        episodes = steps = 0
        while steps < CHUNK:
            if next(agents, None) is None:  # every agent is done: a new episode
                episodes += 1
                lengths.end()
                env.reset(seed=next(seeds))
                agents = iter(env.agent_iter())
                continue
            obs, reward, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            ids = obs["action_mask"].view(bool).nonzero()[0]
            env.step(int(ids[pick(len(ids))]))
            steps += 1
            lengths.current += 1
        return episodes

    return Stepper(name, "chupai AEC", f"{game} {preset}", run, CHUNK, lengths.mean)


def vector_contender(
    name: str,
    game: str,
    preset: str,
    num_games: int,
    seed: int,
    python_deals: bool = False,
    sample: bool = False,
) -> Stepper:
    """chupai's batch runner: one batch step = ``num_games`` steps. ``python_deals``:
    the runner's Python path (Python deals, the compiled encoder and masks) even
    where the compiled runner covers the game; ``sample``: the actions drawn with
    ``venv.sample_actions(rng)`` (the same picks as ``random_actions``) instead
    of ``random_actions(batch.mask, rng)``."""
    venv = VectorGames(game, preset, num_games=num_games, seed=seed)
    if python_deals:
        venv._runner = None  # the reference path of VectorGames, in this same run
    rng = np.random.default_rng(seed)
    batch = venv.reset()

    def run() -> int:
        nonlocal batch
        acts = venv.sample_actions(rng) if sample else random_actions(batch.mask, rng)
        batch = venv.step(acts)
        return int(batch.done.sum())

    def mean_length() -> float | None:
        st = venv.stats()
        return st.mean_length if st.episodes else None

    label = f"chupai vector {num_games}" + (" py deals" if python_deals else "")
    if venv.compiled_runner:
        label += " sampled (C)" if sample else " (C runner)"
    return Stepper(name, label, f"{game} {preset}", run, num_games, mean_length)


def rlcard_contender(rl: dict[str, Any], seed: int) -> Stepper:
    """RLCard's Dou Dizhu env, its standard API (encoded states included)."""
    env = rl["rlcard"].make("doudizhu", config={"seed": seed})
    pick = random.Random(seed).randrange
    state, _ = env.reset()
    lengths = Lengths()

    def run() -> int:
        nonlocal state
        episodes = 0
        for _ in range(CHUNK):
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[pick(len(legal))])
            lengths.current += 1
            if env.is_over():
                env.get_payoffs()
                episodes += 1
                lengths.end()
                state, _ = env.reset()
        return episodes

    return Stepper("rlcard_doudizhu", "RLCard env", "doudizhu (no bids)", run, CHUNK, lengths.mean)


def rlcard_run_contender(rl: dict[str, Any], seed: int) -> Stepper:
    """RLCard's own game loop: ``env.run()`` with its ``RandomAgent`` in every seat
    (the loop its examples use; the agent's ``eval_step`` spreads a probability
    over all 27,472 actions at every step, which is part of what this measures)."""
    rlcard = rl["rlcard"]
    from rlcard.agents import RandomAgent

    env = rlcard.make("doudizhu", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    lengths = Lengths()
    owed = 0
    """Steps played beyond the ``CHUNK`` steps every call is counted as."""

    def run() -> int:
        nonlocal owed
        episodes = 0
        while owed < CHUNK:
            before = env.timestep
            env.run(is_training=False)
            lengths.current = env.timestep - before
            owed += lengths.current
            lengths.end()
            episodes += 1
        owed -= CHUNK
        return episodes

    return Stepper(
        "rlcard_doudizhu_run",
        "RLCard env.run + RandomAgent",
        "doudizhu (no bids)",
        run,
        CHUNK,
        lengths.mean,
    )


def openspiel_contender(ops: tuple[Any, Any], seed: int) -> Stepper:
    """OpenSpiel's dou_dizhu from Python, with the acting player's observation tensor."""
    pyspiel, game = ops
    rng = random.Random(seed)
    rnd, pick, sample = rng.random, rng.randrange, pyspiel.sample_action
    state = game.new_initial_state()
    lengths = Lengths()

    def run() -> int:
        nonlocal state
        episodes = steps = 0
        while steps < CHUNK:
            if state.is_terminal():
                state.returns()
                episodes += 1
                lengths.end()
                state = game.new_initial_state()
            elif state.is_chance_node():
                state.apply_action(sample(state.chance_outcomes(), rnd())[0])
            else:
                state.observation_tensor(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[pick(len(legal))])
                steps += 1
                lengths.current += 1
        return episodes

    return Stepper("openspiel_dou_dizhu", "OpenSpiel py+obs", "dou_dizhu", run, CHUNK, lengths.mean)


# ----- figures ------------------------------------------------------------------------


def step_figures(c: Stepper) -> dict[str, Any]:
    steps = c.units * c.steps
    length = c.mean_length()
    return {
        "steps_per_s": round(max(c.rates) * c.steps, 1),
        "median_steps_per_s": round(statistics.median(c.rates) * c.steps, 1),
        "mean_steps_per_s": round(steps / c.seconds, 1),
        "steps": steps,
        "episodes": c.deals,
        "steps_per_episode": None if length is None else round(length, 1),
    }


def print_tables(
    contenders: list[Stepper],
    figs: dict[str, dict[str, Any]],
    ratios: dict[str, float | None],
    ratios_median: dict[str, float | None],
) -> None:
    # piped output (a log, a test) is not wrapped at rich's default of 80 columns
    console = Console(highlight=False, width=None if sys.stdout.isatty() else 100)
    table = Table(
        title="steps/s, random legal play, encodings and masks included",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )
    table.add_column("contender")
    table.add_column("game")
    for col in ("best", "median", "us/step", "steps/ep"):
        table.add_column(col, justify="right")
    for c in contenders:
        f = figs[c.name]
        per_ep = f["steps_per_episode"]
        table.add_row(
            c.label,
            c.game,
            f"{f['steps_per_s']:,.0f}",
            f"{f['median_steps_per_s']:,.0f}",
            f"{1e6 / f['steps_per_s']:.1f}",
            "-" if per_ep is None else f"{per_ep:.1f}",
        )
    console.print(table)
    if ratios:
        title = "Dou Dizhu classic, chupai ÷ peer (> 1: chupai faster)"
        rt = Table(
            title=title,
            title_justify="left",
            box=box.SIMPLE_HEAD,
            pad_edge=False,
            min_width=len(title),
        )
        rt.add_column("ratio")
        rt.add_column("best", justify="right")
        rt.add_column("median", justify="right")
        for k, v in ratios.items():
            m = ratios_median.get(k)
            rt.add_row(k, "-" if v is None else f"{v:.2f}", "-" if m is None else f"{m:.2f}")
        console.print(rt)


def peer_ratios(
    figs: dict[str, dict[str, Any]],
) -> tuple[dict[str, float | None], dict[str, float | None]]:
    """chupai's Dou Dizhu classic over each peer's, best and median round."""
    ratios: dict[str, float | None] = {}
    ratios_median: dict[str, float | None] = {}
    for mine, prefix in (
        ("aec_doudizhu_classic", ""),
        ("vector_doudizhu_classic", "vector_"),
        ("vector_sample_doudizhu_classic", "vector_sample_"),
    ):
        for peer, short in (
            ("rlcard_doudizhu", "rlcard"),
            ("rlcard_doudizhu_run", "rlcard_run"),
            ("openspiel_dou_dizhu", "openspiel"),
        ):
            if mine in figs and peer in figs:
                m, p = figs[mine], figs[peer]
                key = f"{prefix}doudizhu_vs_{short}"
                ratios[key] = ratio(m["steps_per_s"], p["steps_per_s"])
                ratios_median[key] = ratio(m["median_steps_per_s"], p["median_steps_per_s"])
    for name in figs:  # the compiled runner over the Python deals of the same run
        if name.startswith("vector_py_"):
            mine = "vector_" + name.removeprefix("vector_py_")
            key = mine + "_c_runner_vs_py_deals"
            ratios[key] = ratio(figs[mine]["steps_per_s"], figs[name]["steps_per_s"])
            ratios_median[key] = ratio(
                figs[mine]["median_steps_per_s"], figs[name]["median_steps_per_s"]
            )
    return ratios, ratios_median


def targets(figs: dict[str, dict[str, Any]]) -> tuple[dict[str, Any], str]:
    """The issue's targets for Dou Dizhu classic, met or not, and a line saying so."""
    ours = figs.get("aec_doudizhu_classic", {}).get("steps_per_s")
    if ours is None:
        return {}, ""
    met = {True: "met", False: "NOT met"}
    target: dict[str, Any] = {
        "steps_per_s": TARGET_STEPS_PER_S,
        "meets_steps_per_s": ours > TARGET_STEPS_PER_S,
    }
    line = (
        f"target: chupai AEC Dou Dizhu classic {ours:,.0f} steps/s vs "
        f"{TARGET_STEPS_PER_S:,}: {met[target['meets_steps_per_s']]}"
    )
    if "rlcard_doudizhu" in figs:
        target["ratio_vs_rlcard"] = TARGET_RATIO_VS_RLCARD
        target["meets_10x_rlcard"] = (
            ours >= TARGET_RATIO_VS_RLCARD * figs["rlcard_doudizhu"]["steps_per_s"]
        )
        line += f"; 10x RLCard's env: {met[target['meets_10x_rlcard']]}"
    peer = figs.get("openspiel_dou_dizhu", {}).get("steps_per_s")
    vector = figs.get("vector_doudizhu_classic", {}).get("steps_per_s")
    if peer:
        target["meets_openspiel"] = ours >= peer
        line += f"; AEC >= OpenSpiel py+obs: {met[target['meets_openspiel']]}"
        if vector is not None:
            target["vector_ratio_vs_openspiel"] = TARGET_VECTOR_VS_OPENSPIEL
            target["vector_meets_5x_openspiel"] = vector >= TARGET_VECTOR_VS_OPENSPIEL * peer
            line += f"; batch runner 5x OpenSpiel: {met[target['vector_meets_5x_openspiel']]}"
        sampled = figs.get("vector_sample_doudizhu_classic", {}).get("steps_per_s")
        if sampled is not None:
            target["vector_sample_meets_5x_openspiel"] = sampled >= 5 * peer
            line += f"; with sample_actions: {met[target['vector_sample_meets_5x_openspiel']]}"
    return target, line


# ----- main ---------------------------------------------------------------------------


def build_contenders(games: list[str], num_games: int, rl: Any, ops: Any) -> list[Stepper]:
    """The AEC env and the batch runner of each of ``games`` (the batch runner's
    Python deals beside its compiled runner where it has one), then the peers."""
    contenders: list[Stepper] = []
    for g in games:
        key, preset = GAMES[g]
        contenders.append(aec_contender(f"aec_{key}_{preset}", key, preset, 1))
    for g in games:
        key, preset = GAMES[g]
        contenders.append(vector_contender(f"vector_{key}_{preset}", key, preset, num_games, 1))
        if contenders[-1].label.endswith("(C runner)"):  # beside its Python-deal path
            contenders.append(
                vector_contender(
                    f"vector_sample_{key}_{preset}", key, preset, num_games, 1, sample=True
                )
            )
            contenders.append(
                vector_contender(
                    f"vector_py_{key}_{preset}", key, preset, num_games, 1, python_deals=True
                )
            )
    if rl is not None:
        contenders.append(rlcard_contender(rl, 1))
        contenders.append(rlcard_run_contender(rl, 1))
    if ops is not None:
        contenders.append(openspiel_contender(ops, 1))
    return contenders


def parse_args(argv: list[str] | None) -> tuple[argparse.Namespace, int, float, list[str]]:
    """The command line: ``(args, rounds, seconds, games)``."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="a short smoke run (a few seconds)")
    ap.add_argument(
        "--rounds", type=int, default=None, help="interleaved rounds (default 5, quick 2)"
    )
    ap.add_argument(
        "--seconds",
        type=float,
        default=None,
        help="timed seconds per contender, over all rounds (default 7.5, quick 0.2)",
    )
    ap.add_argument(
        "--games",
        default=",".join(GAMES),
        help=f"chupai games to measure, comma-separated (default "
        f"{','.join(GAMES)}); the peers run with doudizhu",
    )
    ap.add_argument(
        "--num-games",
        type=int,
        default=64,
        help="games stepped together by the batch runner (default 64)",
    )
    ap.add_argument("--no-pure", action="store_true", help="no CHUPAI_PURE=1 child run")
    ap.add_argument("--pure-child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    rounds = args.rounds or (2 if args.quick else 5)
    seconds = args.seconds or (0.2 if args.quick else 7.5)
    args.rounds_used, args.seconds_used = rounds, seconds
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    unknown = [g for g in games if g not in GAMES]
    if unknown or not games:
        ap.error(
            f"--games: unknown {', '.join(unknown) or '(none)'}; choose among {', '.join(GAMES)}"
        )
    if rounds < 1 or seconds <= 0 or args.num_games < 1:
        ap.error("--rounds, --seconds and --num-games must be positive")

    return args, rounds, seconds, games


def main(argv: list[str] | None = None) -> int:
    args, rounds, seconds, games = parse_args(argv)
    with_peers = "doudizhu" in games and not args.pure_child
    rl, rl_note = load_rlcard() if with_peers else (None, "Dou Dizhu classic not measured")
    ops, os_note = load_openspiel() if with_peers else (None, "Dou Dizhu classic not measured")
    print(
        f"chupai environment benchmark: Python {platform.python_version()} on "
        f"{platform.machine()}, one core; {rounds} interleaved rounds, "
        f"{seconds:g} s per contender; batch runner num_games={args.num_games}"
    )
    print(f"  chupai: {engine_note()}")
    print(f"  RLCard: {'rlcard ' + rl_note if rl else 'SKIPPED: ' + rl_note}")
    print(f"  OpenSpiel: {'open_spiel ' + os_note if ops else 'SKIPPED: ' + os_note}")

    contenders = build_contenders(games, args.num_games, rl, ops)
    time_rounds(list(contenders), rounds, seconds / rounds)
    figs = {c.name: step_figures(c) for c in contenders}

    ratios, ratios_median = peer_ratios(figs)
    pure, pure_note = (
        (None, "this is the pure run")
        if args.pure_child
        else pure_figures(__file__, args, ["--rounds", "--seconds", "--games", "--num-games"])
    )
    vs_pure, vs_pure_median = compare_with_pure(figs, pure)
    print()
    print_tables(contenders, figs, ratios, ratios_median)
    if not args.pure_child:
        print_pure_table(figs, pure, vs_pure, pure_note)

    target, line = targets(figs)
    if line:
        print(f"\n{line}")

    summary = {
        "benchmark": "env",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "method": (
            "one process, one core; contenders interleaved round by round (order "
            "rotating); steps = decisions applied; best round and median round"
        ),
        "rounds": rounds,
        "seconds_per_contender": seconds,
        "num_games": args.num_games,
        "games": {g: "/".join(GAMES[g]) for g in games},
        "peers": {"rlcard": rl_note if rl else None, "open_spiel": os_note if ops else None},
        "skipped": {
            k: v
            for k, v in (
                ("rlcard", None if rl else rl_note),
                ("open_spiel", None if ops else os_note),
            )
            if v
        },
        "steps_per_s": {c.name: figs[c.name]["steps_per_s"] for c in contenders},
        "median_steps_per_s": {c.name: figs[c.name]["median_steps_per_s"] for c in contenders},
        "figures": figs,
        "ratios": ratios,
        "ratios_median": ratios_median,
        "target": target,
        "engine": engine_note(),
        "pure": None if pure is None else {k: pure.get(k) for k in PURE_KEYS},
        "pure_note": pure_note,
        "compiled_vs_pure": vs_pure,
        "compiled_vs_pure_median": vs_pure_median,
    }
    print()
    print(json.dumps(summary, separators=(",", ":"), ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
