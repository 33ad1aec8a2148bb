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

import chupai.cli.messages  # noqa: F401  (the terminal's translations, these included)
from chupai.analysis import analyse_record
from chupai.cli.main import EXIT_OK, EXIT_USAGE
from chupai.cli.replay import UnreadableRecord, load_record
from chupai.errors import ChupaiError
from chupai.i18n import tr
from chupai.protocol import get_game

__all__ = ["LABEL_STYLES", "render", "run_analyze"]


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


_PHASES: Final = {
    "en": {"bid": "bidding", "rob": "robbing", "choose_hands": "choosing hands"},
    "zh": {
        "play": "出牌",
        "bid": "叫地主",
        "rob": "抢地主",
        "draw": "摸牌",
        "show_second": "亮第二张",
        "reveal": "亮明身份",
        "choose_hands": "选牌堆",
        "leftover": "剩余牌",
        "redeal": "申请重发",
        "pre_exchange": "换牌",
        "class_exchange": "阶级换牌",
        "tribute": "进贡",
        "return": "还牌",
    },
    "ja": {
        "play": "プレイ",
        "bid": "入札",
        "rob": "地主の奪い合い",
        "draw": "ドロー",
        "show_second": "2枚目の公開",
        "reveal": "相棒の名乗り",
        "choose_hands": "手札選び",
        "leftover": "余りカード",
        "redeal": "配り直しの要求",
        "pre_exchange": "交換",
        "class_exchange": "階級交換",
        "tribute": "貢ぎ",
        "return": "返し",
    },
}
"""The phases' words (the browser's, ``phaseName``); a phase not listed is shown
by its identifier, ``_`` as a space."""


def phase_word(lang: str, phase: str) -> str:
    """A decision's phase in ``lang``.

    >>> phase_word("zh", "rob"), phase_word("en", "class_exchange"), phase_word("ja", "play")
    ('抢地主', 'class exchange', 'プレイ')
    """
    return _PHASES.get(lang, {}).get(phase) or phase.replace("_", " ")


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
            phase_word(lang, str(d["phase"])),
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
                "Seat {n}: {decisions} decisions, mean loss {loss}; inaccuracies {inaccuracy}, "
                "mistakes {mistake}, blunders {blunder}",
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
                game=get_game(analysis["game"]).name(lang),
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
