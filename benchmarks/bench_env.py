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
* the documented one-env loop (Dou Dizhu classic): the same AEC loop with the
  pick the docs showed before, ``int(rng.choice(np.flatnonzero(mask)))``
  (``aec_docs_flatnonzero_*``), beside the pick they show now,
  ``random_legal(mask, rng)`` (``aec_random_legal_*``); their ratio is
  ``aec_random_legal_vs_flatnonzero_<game>_<preset>``.
* the Gymnasium vector env (Dou Dizhu classic): ``ChupaiVectorEnv(game, rules,
  num_envs)`` stepped with ``venv.sample_actions(rng)``, returning copies
  (``vector_env_*``, the default) or the runner's buffers (``copy=False``,
  ``vector_env_nocopy_*``), beside ``VectorGames`` with the same sampler
  (``vector_sample_*``, or ``vector_*`` where the runner is the Python one):
  ``vector_env_vs_vector_games_*`` and ``vector_env_nocopy_vs_vector_games_*``.
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
import statistics
import sys
from typing import Any

# the same timing method and peer loaders, and the contenders (this folder is on the path)
from bench_doudizhu import load_openspiel, load_rlcard, ratio, time_rounds
from bench_env_contenders import (
    Lengths,
    Stepper,
    aec_contender,
    openspiel_contender,
    rlcard_contender,
    rlcard_run_contender,
    vector_contender,
    vector_env_contender,
)
from bench_pure import compare_with_pure, engine_note, print_pure_table, pure_figures
from rich import box
from rich.console import Console
from rich.table import Table

GAMES: dict[str, tuple[str, str]] = {
    "bigtwo": ("bigtwo", "standard"),
    "doudizhu": ("doudizhu", "classic"),
    "doudizhu_four_player": ("doudizhu", "four_player"),
    "biga": ("biga", "standard"),
    "daguailuzi": ("daguailuzi", "seed"),
    "daguailuzi_shanghai": ("daguailuzi", "shanghai"),
}
"""``--games`` names -> (game key, preset)."""

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

__all__ = ["GAMES", "Lengths", "Stepper", "aec_contender", "main", "vector_contender"]


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
    for name in list(figs):  # the documented loop's picks, the VectorEnv's overhead
        if name.startswith("aec_random_legal_"):
            rest = name.removeprefix("aec_random_legal_")
            pairs = [
                (f"aec_random_legal_vs_flatnonzero_{rest}", name, f"aec_docs_flatnonzero_{rest}")
            ]
        elif name.startswith("vector_env_") and not name.startswith("vector_env_nocopy_"):
            rest = name.removeprefix("vector_env_")
            base = f"vector_sample_{rest}" if f"vector_sample_{rest}" in figs else f"vector_{rest}"
            pairs = [
                (f"vector_env_vs_vector_games_{rest}", name, base),
                (f"vector_env_nocopy_vs_vector_games_{rest}", f"vector_env_nocopy_{rest}", base),
            ]
        else:
            continue
        for key, mine, other in pairs:
            if mine in figs and other in figs:
                ratios[key] = ratio(figs[mine]["steps_per_s"], figs[other]["steps_per_s"])
                ratios_median[key] = ratio(
                    figs[mine]["median_steps_per_s"], figs[other]["median_steps_per_s"]
                )
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
    if "doudizhu" in games:  # the documented loop's pick, before and after
        for picker, prefix in (("flatnonzero", "aec_docs_flatnonzero"), ("random_legal", None)):
            name = f"{prefix or 'aec_' + picker}_doudizhu_classic"
            contenders.append(aec_contender(name, "doudizhu", "classic", 1, picker))
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
    if "doudizhu" in games:  # the Gymnasium VectorEnv over the same runner
        for copy, name in ((True, "vector_env"), (False, "vector_env_nocopy")):
            contenders.append(
                vector_env_contender(
                    f"{name}_doudizhu_classic", "doudizhu", "classic", num_games, 1, copy
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
