"""``chupai analyze``: the value of every decision of a record's seats, the best
action and how much the played one lost (:func:`chupai.analysis.analyse_record`).

A readable table per deal (rich; in English, 中文 or 日本語 with ``--lang``), a
progress bar on standard error while it computes, or with ``--json`` exactly the
``chupai-analysis`` object (``docs/analysis.md``). Exit 0 when the analysis is
printed, 2 for input that cannot be analysed (a missing file, bad JSON, a bad
record, a seat out of range, a bad budget), with one line naming the problem.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any, Final

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from chupai.analysis import analyse_record
from chupai.cli.main import EXIT_OK, EXIT_USAGE
from chupai.cli.replay import UnreadableRecord, load_record
from chupai.errors import ChupaiError
from chupai.i18n import add_translations, tr

__all__ = ["LABEL_STYLES", "MESSAGES", "render", "run_analyze"]

MESSAGES: Final[dict[str, tuple[str, str]]] = {
    "Analysis of {game}: {budget} budget, {rollouts} rollouts per decision, seed {seed}; values in {units}": (
        "{game} 分析：{budget} 预算，每个决定 {rollouts} 次模拟，种子 {seed}；数值单位：{units}",
        "{game} の分析：{budget} 予算、1 手 {rollouts} 回のロールアウト、シード {seed}；値の単位：{units}",
    ),
    "Deal {n}": ("第 {n} 局", "第 {n} ディール"),
    "Open hand: the values use every seat's cards (perfect information).": (
        "明牌：数值使用所有座位的牌（完全信息）。",
        "オープンハンド：値は全員の手札を使う（完全情報）。",
    ),
    "step": ("步", "手番"),
    "phase": ("阶段", "段階"),
    "played": ("实际", "実際"),
    "win": ("胜率", "勝率"),
    "best": ("最佳", "最善"),
    "loss": ("损失", "損失"),
    "label": ("评价", "評価"),
    "only": ("唯一", "一択"),
    "good": ("好", "好手"),
    "inaccuracy": ("不精确", "緩手"),
    "mistake": ("失误", "悪手"),
    "blunder": ("大错", "大悪手"),
    "deal points": ("局分", "ディール点"),
    "match points": ("比赛分", "試合点"),
    "Seat {n}: {decisions} decisions, mean loss {loss}; {inaccuracy} inaccuracies, {mistake} mistakes, {blunder} blunders": (
        "座位 {n}：{decisions} 个决定，平均损失 {loss}；不精确 {inaccuracy}，失误 {mistake}，大错 {blunder}",
        "席 {n}：{decisions} 手、平均損失 {loss}；緩手 {inaccuracy}、悪手 {mistake}、大悪手 {blunder}",
    ),
    "* evaluated on the true deal: no deal consistent with the seat's view was found": (
        "* 按真实牌局评估：未找到与该座位所见一致的牌局",
        "* 実際のディールで評価：その席の見た情報と一致するディールが見つからなかった",
    ),
    "analysing": ("分析中", "分析中"),
    "decisions": ("个决定", "手"),
}
"""The texts of ``chupai analyze`` (the seat, score and budget words are shared)."""
add_translations(MESSAGES)

LABEL_STYLES: Final[Mapping[str, str]] = {
    "only": "dim",
    "best": "bold green",
    "good": "green",
    "inaccuracy": "yellow",
    "mistake": "dark_orange",
    "blunder": "bold red",
}
"""The colour of each label in the table."""
_BAD: Final = ("inaccuracy", "mistake", "blunder")


def _pct(value: Mapping[str, Any] | None) -> str:
    return "" if value is None else f"{100 * value['win']:.0f}%"


def _score(value: Mapping[str, Any] | None) -> str:
    return "" if value is None else f"{value['score']:+.2f}"


def _table(lang: str, decisions: Sequence[Mapping[str, Any]]) -> Table:
    table = Table(box=None, pad_edge=False, header_style="bold")
    for head, justify in (
        ("step", "right"),
        ("Seat", "right"),
        ("phase", "left"),
        ("played", "left"),
        ("win", "right"),
        ("score", "right"),
        ("best", "left"),
        ("win", "right"),
        ("score", "right"),
        ("loss", "right"),
        ("label", "left"),
    ):
        table.add_column(tr(lang, head), justify=justify)  # type: ignore[arg-type]
    for d in decisions:
        played, best = d["played_value"], d["best_value"]
        mark = "*" if d.get("sampling") == "true deal" else ""
        same = d["label"] in ("only", "best")
        table.add_row(
            str(d["step"]),
            str(d["seat"]),
            str(d["phase"]),
            d["played"] + mark,
            _pct(played),
            _score(played),
            "" if same else d["best"],
            "" if same else _pct(best),
            "" if same else _score(best),
            "" if played is None else f"{d['loss']:.3f}",
            Text(tr(lang, d["label"]), style=LABEL_STYLES.get(d["label"], "")),
        )
    return table


def _summary(lang: str, analysis: Mapping[str, Any]) -> list[str]:
    lines = []
    for seat in analysis["seats"]:
        mine = [d for deal in analysis["deals"] for d in deal["decisions"] if d["seat"] == seat]
        rated = [d for d in mine if d["played_value"] is not None]
        loss = sum(d["loss"] for d in rated) / len(rated) if rated else 0.0
        counts = {k: sum(1 for d in mine if d["label"] == k) for k in _BAD}
        lines.append(
            tr(
                lang,
                "Seat {n}: {decisions} decisions, mean loss {loss}; {inaccuracy} inaccuracies, "
                "{mistake} mistakes, {blunder} blunders",
                n=seat,
                decisions=len(mine),
                loss=f"{loss:.3f}",
                **counts,
            )
        )
    return lines


def render(analysis: Mapping[str, Any], out: Console, lang: str = "en") -> None:
    """Print ``analysis`` (an :func:`analyse_record` result) on ``out`` in ``lang``."""
    out.print(
        Text(
            tr(
                lang,
                "Analysis of {game}: {budget} budget, {rollouts} rollouts per decision, seed "
                "{seed}; values in {units}",
                game=analysis["game"],
                budget=analysis["budget"],
                rollouts=analysis["rollouts"],
                seed=analysis["seed"],
                units=tr(lang, analysis["units"]),
            ),
            style="bold",
        )
    )
    if analysis.get("open_hand"):
        out.print(tr(lang, "Open hand: the values use every seat's cards (perfect information)."))
    several = len(analysis["deals"]) > 1
    fallback = False
    for deal in analysis["deals"]:
        if several:
            out.print(Text(tr(lang, "Deal {n}", n=deal["index"] + 1), style="bold"))
        out.print(_table(lang, deal["decisions"]))
        fallback |= any(d.get("sampling") == "true deal" for d in deal["decisions"])
    if fallback:
        out.print(
            tr(
                lang,
                "* evaluated on the true deal: no deal consistent with the seat's view was found",
            )
        )
    for line in _summary(lang, analysis):
        out.print(line)


def _budget(text: str) -> str | int:
    return int(text) if text.strip().isdigit() else text


def run_analyze(args: argparse.Namespace) -> int:
    """Entry point of ``chupai analyze``."""
    lang = getattr(args, "lang", None) or "en"
    try:
        record = load_record(args.file)
    except UnreadableRecord as exc:
        sys.stderr.write(f"chupai: error: {exc}\n")
        return EXIT_USAGE
    hidden = args.no_progress or not sys.stderr.isatty()
    bar = Progress(
        TextColumn(tr(lang, "analysing")),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn(tr(lang, "decisions")),
        TimeElapsedColumn(),
        console=Console(file=sys.stderr),
        disable=hidden,
        transient=True,
    )
    with bar:
        task = bar.add_task("analysis", total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        try:
            analysis = analyse_record(
                record,
                seats=args.seats,
                budget=_budget(args.budget),
                seed=args.seed,
                progress=progress,
                open_hand=args.open_hand,
            )
        except ChupaiError as exc:
            sys.stderr.write(f"chupai: error: {exc}\n")
            return EXIT_USAGE
    if args.json:
        sys.stdout.write(json.dumps(analysis, ensure_ascii=False) + "\n")
    else:
        render(analysis, Console(highlight=False), lang)
    return EXIT_OK
