"""``chupai simulate``: play many seeded deals between bots and report the results.

Deal ``k`` uses seed ``S + k``; the bot in seat ``i`` of that deal is seeded from
``(seed, i)`` (see :func:`bot_seed`), so any single deal can be reproduced on its
own and the same command always prints the same results (timings aside).

With ``--match-deals K`` the deals are played as matches of K deals (match ``m``
has seed ``S + m``), so that dealers, leaders, redeals and the exchanges of
``series`` carry over from deal to deal; ``--records`` then writes one match record
per match. Win counts and average scores are over counted deals (not redeals).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from chupai.bots import Bot, make_bot
from chupai.cli.main import EXIT_INVALID, EXIT_OK
from chupai.errors import ChupaiError, RecordError
from chupai.games import find_game
from chupai.options import parse_overrides

__all__ = ["run_simulate", "bot_seed", "play_deal", "play_match"]


def bot_seed(deal_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for the deal of ``deal_seed``: stable across
    runs and platforms, distinct for every (seed, seat)."""
    digest = hashlib.blake2b(f"chupai-bot:{deal_seed}:{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def _bot_names(text: str, players: int) -> list[str]:
    names = [n.strip() for n in text.split(",")]
    if len(names) == 1:
        names *= players
    if len(names) != players or not all(names):
        raise ChupaiError(f"--bots needs one name or {players} comma-separated names, got {text!r}")
    for name in names:
        make_bot(name, 0)  # fail early on an unknown name
    return names


def play_deal(rules: Any, seed: int, names: Sequence[str]) -> Any:
    """Play the Big Two deal of ``seed`` to the end with the named bots.

    A forced action (the only legal one, usually a pass) is applied without
    asking the bot; otherwise the bot gets the seat's observation."""
    from chupai.bigtwo.game import new_deal

    deal = new_deal(rules, seed)
    bots: list[Bot] = [make_bot(name, bot_seed(seed, seat)) for seat, name in enumerate(names)]
    while (seat := deal.current_player) is not None:
        legal = deal.legal_actions()
        action = legal[0] if len(legal) == 1 else bots[seat].act(deal.observe(seat), legal)
        deal.apply_unchecked(action)
    return deal


def play_match(rules: Any, seed: int, names: Sequence[str], deals: int) -> Any:
    """Play the match of ``seed`` (``deals`` counted deals) with the named bots;
    each deal's bots are seeded from the deal's seed."""
    from chupai.bigtwo.match import Match

    match = Match(rules, seed, deals=deals)
    while not match.is_over():
        deal = match.next_deal()
        bots: list[Bot] = [make_bot(name, bot_seed(deal.seed, seat))
                           for seat, name in enumerate(names)]
        while (seat := deal.current_player) is not None:
            legal = deal.legal_actions()
            action = legal[0] if len(legal) == 1 else bots[seat].act(deal.observe(seat), legal)
            deal.apply_unchecked(action)
    return match


def _progress(hidden: bool) -> Progress:
    return Progress(
        TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=Console(file=sys.stderr), disable=hidden, transient=True,
    )


def run_simulate(args: argparse.Namespace) -> int:
    """Entry point of ``chupai simulate``."""
    from chupai.bigtwo.record import replay, to_record

    info = find_game(args.game)
    if info.key != "bigtwo":
        raise ChupaiError(f"simulate does not support {info.key!r} yet")
    rules = info.resolve(args.rules or info.default_preset, parse_overrides(args.overrides))
    if args.deals < 0:
        raise ChupaiError(f"--deals must be at least 0, got {args.deals}")
    match_deals = getattr(args, "match_deals", None)
    if match_deals is not None and match_deals < 1:
        raise ChupaiError(f"--match-deals must be at least 1, got {match_deals}")
    names = _bot_names(args.bots, rules.players)
    out_dir = Path(args.records) if args.records else None
    if out_dir is not None:
        try:
            out_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ChupaiError(f"cannot create {out_dir}: {exc}") from None

    n = rules.players
    wins = [0] * n
    totals = [0] * n
    actions = 0
    hidden = args.no_progress or not sys.stderr.isatty()
    start = time.perf_counter()
    counted = redeals = 0
    with _progress(hidden) as bar:
        task = bar.add_task("deals", total=args.deals)
        if match_deals is not None:
            left = args.deals
            for seed in range(args.seed, args.seed + (args.deals + match_deals - 1) // match_deals):
                match = play_match(rules, seed, names, min(match_deals, left))
                left -= match_deals
                for row in match.table():
                    if row.redeal:
                        redeals += 1
                    elif row.winner is not None:
                        counted += 1
                        wins[row.winner] += 1
                    for seat, score in enumerate(row.scores):
                        totals[seat] += score
                actions += sum(sum(1 for ev in d.history if not ev.auto) for d in match.deals)
                if out_dir is not None or args.verify:
                    from chupai.bigtwo.match import replay_match

                    text = json.dumps(match.to_record(), ensure_ascii=False)
                    if out_dir is not None:
                        (out_dir / f"match-{seed}.json").write_text(text + "\n",
                                                                    encoding="utf-8")
                    if args.verify:
                        try:
                            replay_match(json.loads(text))
                        except RecordError as exc:
                            sys.stderr.write(f"invalid record of the match of seed {seed}: "
                                             f"{exc}\n")
                            return EXIT_INVALID
                bar.advance(task, match.counted)
        for seed in range(args.seed, args.seed + (args.deals if match_deals is None else 0)):
            deal = play_deal(rules, seed, names)
            outcome = deal.outcome
            if outcome.winner is not None:  # not a redeal
                wins[outcome.winner] += 1
                counted += 1
            else:
                redeals += 1
            for seat, score in enumerate(outcome.scores):
                totals[seat] += score
            actions += len(deal.history)
            if out_dir is not None or args.verify:
                text = json.dumps(to_record(deal), ensure_ascii=False)
                if out_dir is not None:
                    (out_dir / f"deal-{seed}.json").write_text(text + "\n", encoding="utf-8")
                if args.verify:
                    try:
                        replay(json.loads(text))
                    except RecordError as exc:
                        sys.stderr.write(f"invalid record of the deal of seed {seed}: {exc}\n")
                        return EXIT_INVALID
            bar.advance(task)
    elapsed = time.perf_counter() - start

    deals = args.deals
    report = {
        "game": info.key,
        "spec": rules.spec(),
        "bots": names,
        "seed": args.seed,
        "deals": deals,
        "match_deals": match_deals,
        "redeals": redeals,
        "actions": actions,
        "verified": bool(args.verify),
        "seats": [
            {
                "seat": seat,
                "bot": names[seat],
                "wins": wins[seat],
                "win_rate": round(wins[seat] / counted, 4) if counted else 0.0,
                "avg_score": round(totals[seat] / counted, 4) if counted else 0.0,
            }
            for seat in range(n)
        ],
        "timing": {
            "seconds": round(elapsed, 3),
            "deals_per_s": round(args.deals / elapsed, 1) if elapsed > 0 else None,
        },
    }
    if args.json:
        sys.stdout.write(json.dumps(report, ensure_ascii=False) + "\n")
    else:
        _print_report(report)
    return EXIT_OK


def _print_report(report: dict[str, Any]) -> None:
    out = Console(highlight=False)
    k = report.get("match_deals")
    if k:
        matches = (report["deals"] + k - 1) // k
        out.print(f"{report['deals']} deals of {report['spec']} in {matches} matches of {k} "
                  f"deals, match seeds {report['seed']}..{report['seed'] + matches - 1}",
                  soft_wrap=True)
    else:
        out.print(f"{report['deals']} deals of {report['spec']}, seeds {report['seed']}.."
                  f"{report['seed'] + report['deals'] - 1}", soft_wrap=True)
    if report.get("redeals"):
        out.print(f"{report['redeals']} redeals (not counted in wins and averages)")
    table = Table(box=None, pad_edge=False, header_style="bold")
    for name in ("seat", "bot", "wins", "win rate", "avg score"):
        table.add_column(name, justify="left" if name == "bot" else "right")
    for s in report["seats"]:
        table.add_row(str(s["seat"]), s["bot"], str(s["wins"]), f"{s['win_rate']:.1%}",
                      f"{s['avg_score']:+.2f}")
    out.print(table)
    t = report["timing"]
    rate = f"{t['deals_per_s']:.0f} deals/s" if t["deals_per_s"] is not None else "-"
    verified = ", every record verified" if report["verified"] else ""
    out.print(f"{report['actions']} actions in {t['seconds']:.2f} s ({rate}){verified}")
