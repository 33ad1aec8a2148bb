"""``chupai simulate``: a seeded tournament between bots, with a report.

``chupai simulate GAME --bots expert,heuristic,greedy,random --deals N`` plays the
deals of seeds ``S .. S+N-1`` (``--seed S``), each once under every seating of
:func:`chupai.tournament.seatings` (duplicate deals: every bot holds every seat's
cards of the same deals equally often), then reports per bot its win rate and mean
score per deal with 95% confidence intervals, Elo ratings and a head-to-head
matrix. One bot name fills every seat. ``--workers K`` plays on K processes and
``--backend ray`` on Ray; either way the results are those of one process.

With ``--match-deals K`` the deals are played as matches of K deals (match ``m``
has seed ``S + m``), so that dealers and redeals, and in Big Two leaders and the
exchanges of ``series``, carry over from deal to deal; rules with a ``series``
other than ``none`` (Big Two's) play matches of :data:`SERIES_MATCH_DEALS` deals unless told
otherwise.
``--bots`` takes bot names, names registered with :func:`chupai.bots.register_bot`,
and own agents as ``module:attribute`` (``mypkg.agents:Agent,heuristic``; a module
in the current directory is found too, after the installed ones): see
``docs/agents.md``. ``--backend ray --address ADDR`` joins a running Ray cluster
(``RAY_ADDRESS`` also does).
``--records DIR`` writes every deal record (``deal-SEED[-rR].json``, ``R`` the
seating when there are several; a deal after a redeal adds ``.N``) or match record
(``match-SEED[-rR].json``); ``--verify`` replays each one.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from typing import Any, Final

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

import chupai.cli.messages  # noqa: F401  (the terminal's translations: "{n} deal")
from chupai import compiled
from chupai.cli.main import EXIT_INVALID, EXIT_OK
from chupai.errors import ChupaiError
from chupai.i18n import Msg, add_translations, plural
from chupai.options import parse_overrides
from chupai.protocol import get_game
from chupai.seeds import bot_seed
from chupai.tournament import Tournament, new_bot, play_out, run_tournament, summarize, timing

__all__ = [
    "run_simulate",
    "bot_seed",
    "bot_names",
    "play_deal",
    "play_match",
    "write_plot",
    "SERIES_MATCH_DEALS",
    "timed_bots",
]

SERIES_MATCH_DEALS = 10
"""Deals per match when the rules have a ``series`` and ``--match-deals`` is not given."""


def bot_names(text: str) -> list[str]:
    """The bots of ``--bots``: comma-separated names, each with its parameters
    (:func:`chupai.bots.split_bot_list`: ``search:playouts=50,ms=200,random`` is
    two bots)."""
    from chupai.bots import split_bot_list

    names = split_bot_list(text)
    if not all(names):
        raise ChupaiError(f"empty bot name in --bots {text!r}")
    return names


def local_modules() -> None:
    """Let ``module:attribute`` bots be found in the current directory, as
    ``python -m`` does, but after the installed modules (a file there never hides
    one of them)."""
    here = os.getcwd()
    if here not in sys.path and "" not in sys.path:
        sys.path.append(here)


def _bots(names: Sequence[str], seed: int, game: str) -> list[Any]:
    return [new_bot(name, bot_seed(seed, s), game) for s, name in enumerate(names)]


def play_deal(rules: Any, seed: int, names: Sequence[str], game: str = "bigtwo") -> Any:
    """Play the ``game`` deal of ``seed`` to the end with the named bots (seat ``i``
    seeded with ``bot_seed(seed, i)``) and return it."""
    deal = get_game(game).new_deal(rules, seed)
    return play_out(deal, _bots(names, seed, game))


def play_match(
    rules: Any, seed: int, names: Sequence[str], deals: int, game: str = "bigtwo"
) -> Any:
    """Play the ``game`` match of ``seed`` (``deals`` counted deals) with the named
    bots, seeded from the match seed, and return it (a helper for scripts)."""
    match = get_game(game).new_match(rules, seed, deals=deals)
    bots = _bots(names, seed, game)
    while not match.is_over():
        play_out(match.next_deal(), bots)
    return match


def timed_bots(names: Sequence[str], game: str) -> list[str]:
    """The bots of ``names`` that decide by the clock in ``game``: the search bot
    without ``playouts=N``, and the expert unless its game's settings
    (:func:`chupai.bots.expert.expert_settings`) or its own parameters fix
    ``playouts`` (an expert that is its game's heuristic, where the game has no
    sampler, does not search)."""
    from chupai.bots import parse_bot_spec
    from chupai.bots.expert import expert_settings
    from chupai.bots.plugin import search_game

    timed = []
    for name in names:
        base, params = parse_bot_spec(name)
        if base == "expert" and search_game(get_game(game)) is not None:
            params = {**expert_settings(game), **params}
        elif base != "search":
            continue
        if params.get("playouts") is None:
            timed.append(name)
    return timed


def _warn_timed(names: Sequence[str], game: str) -> None:
    """A note on stderr for bots that decide by the clock (:func:`timed_bots`):
    they play differently on a faster or busier machine, so their results are not
    reproducible (nor equal across --workers and backends)."""
    timed = timed_bots(names, game)
    if timed:
        sys.stderr.write(
            f"note: {', '.join(timed)} decide{'s' if len(timed) == 1 else ''} "
            "within a time budget, so the results depend on the machine's "
            "speed; give search:playouts=N (expert:playouts=N) for reproducible "
            "results\n"
        )


def _progress(hidden: bool) -> Progress:
    return Progress(
        TextColumn("simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(file=sys.stderr),
        disable=hidden,
        transient=True,
    )


def run_simulate(args: argparse.Namespace) -> int:
    """Entry point of ``chupai simulate``."""
    if args.deals < 1:
        raise ChupaiError(Msg("--deals must be at least 1, got {deals}", deals=args.deals))
    info = get_game(args.game)
    rules = info.resolve(args.rules or info.default_preset, parse_overrides(args.overrides))
    match_deals = getattr(args, "match_deals", None)
    if match_deals is None and str(getattr(rules, "series", "none")) != "none":
        match_deals = SERIES_MATCH_DEALS
    plot = getattr(args, "plot", None)
    if plot and importlib.util.find_spec("matplotlib") is None:
        raise ChupaiError("--plot needs matplotlib: pip install 'chupai[plot]'")
    names = bot_names(args.bots)
    local_modules()
    address = getattr(args, "address", None)
    backend = getattr(args, "backend", "local") or "local"
    if address is not None and backend != "ray":
        raise ChupaiError("--address is the address of a Ray cluster: give --backend ray")
    t = Tournament(
        info.key,
        rules,
        tuple(names),
        args.deals,
        args.seed,
        match_deals,
        args.records,
        bool(args.verify),
    )
    _warn_timed(t.names, info.key)
    if compiled.missing_note():
        sys.stderr.write(f"note: {compiled.missing_note()}\n")
    hidden = args.no_progress or not sys.stderr.isatty()
    with _progress(hidden) as bar:
        task = bar.add_task("games", total=t.boards * len(t.seatings))
        run = run_tournament(
            t,
            workers=getattr(args, "workers", None),
            backend=backend,
            progress=lambda games: bar.advance(task, games),
            address=address,
        )
    for board in run.boards:
        if board.error is not None:
            sys.stderr.write(board.error + "\n")
            return EXIT_INVALID
    report = summarize(t, run.boards)
    report["timing"] = timing(t, run)
    if plot:
        write_plot(report, plot)
    if args.json:
        sys.stdout.write(json.dumps(report, ensure_ascii=False) + "\n")
    else:
        print_report(report)
    return EXIT_OK


PIPE_WIDTH = 4096
"""The line width of the report when standard output is no terminal (a pipe, a
file): wide enough that no table is cut, since nobody's screen wraps it."""


def report_console(file: Any = None) -> Console:
    """The console of the human report: the terminal's width on a terminal, else
    :data:`PIPE_WIDTH`, so that ``chupai simulate ... | cat`` keeps every number
    (rich would cut a table to 80 columns)."""
    stream = file if file is not None else sys.stdout
    isatty = getattr(stream, "isatty", None)
    tty = bool(isatty()) if callable(isatty) else False
    return Console(file=file, highlight=False, width=None if tty else PIPE_WIDTH)


def print_report(report: dict[str, Any], console: Console | None = None) -> None:
    """The human report of :func:`chupai.tournament.summarize` (plus timing)."""
    out = console or report_console()
    out.print(_headline(report), soft_wrap=True)
    if report.get("redeals"):
        redeals = plural(report["redeals"], "{n} redeal", "{n} redeals")
        out.print(Msg("{redeals} (replaced by the next deal, not counted)", redeals=redeals))
    if report.get("void"):
        out.print(
            plural(report["void"], "{n} game void (only redeals)", "{n} games void (only redeals)")
        )
    out.print(_results_table(report))
    _print_head_to_head(report["head_to_head"], out)
    out.print("\nby seat (all bots):")
    out.print(_seats_table(report))
    _print_timing(report, out)


def _headline(report: dict[str, Any]) -> str:
    k = report.get("match_deals")
    seatings = len(report["seatings"])
    deals, spec, seed = report["deals"], report["spec"], report["seed"]
    if not deals:
        head: str = Msg("no deals of {spec}", spec=spec)
    elif k:
        boards = report["boards"]
        head = Msg(
            "{deals} of {spec} in {matches} of {k}, match seeds {first}..{last}",
            deals=plural(deals, "{n} deal", "{n} deals"),
            spec=spec,
            matches=plural(boards, "{n} match", "{n} matches"),
            k=plural(k, "{n} deal", "{n} deals"),
            first=seed,
            last=seed + boards - 1,
        )
    else:
        head = Msg(
            "{deals} of {spec}, seeds {first}..{last}",
            deals=plural(deals, "{n} deal", "{n} deals"),
            spec=spec,
            first=seed,
            last=seed + deals - 1,
        )
    if seatings > 1 and deals:
        head += str(
            Msg(
                "; each played in {seatings} seatings (every bot in every seat on the "
                "same deals): {played} played",
                seatings=seatings,
                played=plural(report["counted_deals"], "{n} deal", "{n} deals"),
            )
        )
    return head


def _results_table(report: dict[str, Any]) -> Table:
    table = Table(box=None, pad_edge=False, header_style="bold")
    for name in ("#", "bot", "games", "wins", "win rate (95% CI)", "mean score ± 95% CI", "Elo"):
        table.add_column(name, justify="left" if name == "bot" else "right", no_wrap=True)
    for r in sorted(report["results"], key=lambda r: r["rank"]):
        lo, hi = r["win_ci"]
        mean, (mlo, mhi) = r["mean_score"], r["score_ci"]
        half = f" ± {(mhi - mlo) / 2:.2f}" if mlo is not None and mhi is not None else ""
        table.add_row(
            str(r["rank"]),
            r["bot"],
            str(r["games"]),
            str(r["wins"]),
            f"{r['win_rate']:.1%} ({100 * lo:.1f}–{100 * hi:.1f})",
            f"{mean:+.2f}{half}",
            f"{r['elo']:.0f}",
        )
    return table


def _pair_cell(c: dict[str, Any] | None) -> str:
    if c is None:
        return "-"
    lo, hi = c["score_diff_ci"]
    sig = "*" if lo is not None and (lo > 0 or hi < 0) else " "
    return f"{c['score']:.1%} {c['score_diff']:+.2f}{sig}"


def _print_head_to_head(h2h: dict[str, Any], out: Console) -> None:
    names = h2h["bots"]
    if len(names) <= 1:
        return
    out.print(
        "\nhead to head: the row bot's share of pairwise comparisons (a win when "
        "its deal score is higher, draws half) and its mean score difference per "
        "deal; * when the 95% interval of the difference excludes 0",
        soft_wrap=True,
    )
    mt = Table(box=None, pad_edge=False, header_style="bold")
    mt.add_column("")
    for name in names:
        mt.add_column(name, justify="right")
    for i, name in enumerate(names):
        mt.add_row(name, *(_pair_cell(h2h["matrix"][i][j]) for j in range(len(names))))
    out.print(mt)


def _seats_table(report: dict[str, Any]) -> Table:
    st = Table(box=None, pad_edge=False, header_style="bold")
    for name in ("seat", "deals", "win rate", "avg score"):
        st.add_column(name, justify="right")
    for s in report["seats"]:
        st.add_row(
            str(s["seat"]), str(s["games"]), f"{s['win_rate']:.1%}", f"{s['avg_score']:+.3f}"
        )
    return st


def _print_timing(report: dict[str, Any], out: Console) -> None:
    tm = report["timing"]
    rate = f"{tm['deals_per_s']:.0f} deals/s" if tm.get("deals_per_s") is not None else "- deals/s"
    where = f"{tm['workers']} worker{'s' if tm['workers'] != 1 else ''}"
    if tm.get("backend") == "ray":
        where += " on ray"
    verified = ", every record verified" if report["verified"] else ""
    out.print(f"\n{report['actions']} actions in {tm['seconds']:.2f} s ({rate}, {where}){verified}")
    ms = [f"{name} {v:.2f}" for name, v in tm.get("ms_per_decision", {}).items() if v is not None]
    if ms:
        out.print("ms per decision: " + ", ".join(ms), soft_wrap=True)


def write_plot(report: dict[str, Any], path: str) -> None:
    """A PNG chart of the results: win rate and mean score per deal with their 95%
    intervals, and the Elo ratings (needs matplotlib, ``chupai[plot]``)."""
    try:
        import matplotlib
    except ImportError:
        raise ChupaiError("--plot needs matplotlib: pip install 'chupai[plot]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    results = sorted(report["results"], key=lambda r: r["rank"])
    names = [r["bot"] for r in results]
    xs = range(len(names))

    def errors(key: str, value: str, scale: float = 1.0) -> list[list[float]]:
        low, high = [], []
        for r in results:
            lo, hi = r[key]
            v = r[value]
            low.append(scale * (v - lo) if lo is not None else 0.0)
            high.append(scale * (hi - v) if hi is not None else 0.0)
        return [low, high]

    fig, axes = plt.subplots(1, 3, figsize=(max(9.0, 5.0 + 2.2 * len(names)), 4.2))
    ax = axes[0]
    bars = ax.bar(
        xs,
        [100 * r["win_rate"] for r in results],
        yerr=errors("win_ci", "win_rate", 100),
        capsize=4,
        color="tab:blue",
    )
    ax.bar_label(bars, fmt="%.1f", label_type="center", color="white", fontsize=8)
    ax.set_ylabel("win rate (%)")
    ax.set_title("win rate, 95% CI")
    ax = axes[1]
    bars = ax.bar(
        xs,
        [r["mean_score"] for r in results],
        yerr=errors("score_ci", "mean_score"),
        capsize=4,
        color="tab:green",
    )
    ax.bar_label(bars, fmt="%+.2f", label_type="center", color="white", fontsize=8)
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_ylabel("mean score per deal")
    ax.set_title("mean score, 95% CI")
    ax = axes[2]
    elos = [r["elo"] for r in results]
    bars = ax.bar(xs, elos, color="tab:orange")
    ax.bar_label(bars, fmt="%.0f", fontsize=8)
    ax.set_ylim(min(elos) - 100, max(elos) + 100)
    ax.axhline(1500, color="black", linewidth=0.8)
    ax.set_ylabel("Elo (mean 1500)")
    ax.set_title("Elo")
    for ax in axes:
        ax.set_xticks(list(xs))
        ax.set_xticklabels(names, rotation=20, ha="right")
    fig.suptitle(
        f"{report['spec']}: {plural(report['deals'], '{n} deal', '{n} deals')}, "
        f"seed {report['seed']}, {plural(len(report['seatings']), '{n} seating', '{n} seatings')}",
        fontsize=10,
    )
    fig.tight_layout()
    try:
        fig.savefig(path, dpi=110)
    except OSError as exc:
        raise ChupaiError(f"cannot write {path}: {exc}") from None
    finally:
        plt.close(fig)


MESSAGES: Final = {
    "--deals must be at least 1, got {deals}": (
        "--deals 至少为 1，收到的是 {deals}",
        "--deals は 1 以上です（指定：{deals}）",
    ),
    "no deals of {spec}": ("{spec} 没有牌局", "{spec} の対局なし"),
    "{n} match": ("{n} 场比赛", "{n} 試合"),
    "{n} matches": ("{n} 场比赛", "{n} 試合"),
    "{n} seating": ("{n} 种座次", "{n} 通りの席順"),
    "{n} seatings": ("{n} 种座次", "{n} 通りの席順"),
    "{n} redeal": ("{n} 次重发", "配り直し {n} 回"),
    "{n} redeals": ("{n} 次重发", "配り直し {n} 回"),
    "{deals} of {spec} in {matches} of {k}, match seeds {first}..{last}": (
        "{spec} 共 {deals}，分 {matches}，每场 {k}，比赛种子 {first}..{last}",
        "{spec} を {deals}、{matches}（各 {k}）、試合シード {first}..{last}",
    ),
    "{deals} of {spec}, seeds {first}..{last}": (
        "{spec} 共 {deals}，种子 {first}..{last}",
        "{spec} を {deals}、シード {first}..{last}",
    ),
    "; each played in {seatings} seatings (every bot in every seat on the "
    "same deals): {played} played": (
        "；每局按 {seatings} 种座次各打一遍（每个电脑在同样的牌局里坐遍每个座位）：共打 {played}",
        "；各局を {seatings} 通りの席順で（同じ配牌で全ボットが全席に座る）：計 {played}",
    ),
    "{redeals} (replaced by the next deal, not counted)": (
        "{redeals}（由下一局代替，不计）",
        "{redeals}（次の局で置き換え、数えない）",
    ),
    "{n} game void (only redeals)": ("{n} 局无效（只有重发）", "{n} 局無効（配り直しのみ）"),
    "{n} games void (only redeals)": ("{n} 局无效（只有重发）", "{n} 局無効（配り直しのみ）"),
}
"""The report's texts in 中文 and 日本語."""

add_translations(MESSAGES)
