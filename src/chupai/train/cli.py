"""The ``chupai train`` command: ``chupai train dmc GAME [options]``.

This module only builds the parser and checks the options; it imports neither
numpy nor torch, so that ``chupai --help`` works without the ``rl`` extra, and
``chupai train`` without it says ``pip install 'chupai[rl]'``.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from typing import Any, Final

from chupai.errors import ChupaiError

__all__ = ["add_parser", "check_args", "cmd_train_dmc", "parse_hidden"]

INSTALL_HINT: Final = "pip install 'chupai[rl]'"

_DESCRIPTION: Final = (
    "Train a Deep Monte-Carlo (DouZero-style) agent for any game on the CPU: a "
    "warm start that learns from the heuristic bot's play, then epsilon-greedy "
    "self-play with Monte-Carlo targets. The checkpoint (--out) plays as the bot "
    "'dmc:path=FILE' (chupai simulate GAME --bots dmc:path=FILE,greedy) and "
    "continues with --resume. The last line printed is a JSON summary. Needs "
    f"PyTorch: {INSTALL_HINT}."
)


def parse_hidden(text: str) -> tuple[int, ...]:
    """An argparse type: comma-separated positive layer widths (``512,256``)."""
    try:
        widths = tuple(int(h) for h in text.split(",") if h.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"--hidden must be comma-separated integers, not {text!r}"
        ) from None
    if not widths or min(widths) < 1:
        raise argparse.ArgumentTypeError(f"--hidden needs positive widths, not {text!r}")
    return widths


def _options(p: argparse.ArgumentParser) -> None:
    add = p.add_argument
    add("--minutes", type=float, default=30.0, help="time bound of the session")
    add("--updates", type=int, default=None, help="stop at this many learner updates (in all)")
    add("--out", default="dmc.pt", help="checkpoint file (written atomically)")
    add(
        "--resume",
        default=None,
        metavar="FILE",
        help="continue the run saved in FILE: "
        "its network, optimizer, counters, stage and random generators (its rules win)",
    )
    add(
        "--exact-resume",
        action="store_true",
        help="with --workers 0: also pickle the replay buffers and the actor's deals to "
        "OUT.state, so that --resume continues exactly the run saved",
    )
    add("--seed", type=int, default=0, help="seed of the network, the deals and exploration")
    add("--workers", type=int, default=1, help="actor processes (0: play in this process)")
    add("--threads", type=int, default=1, help="torch threads of the learner")
    add("--games", type=int, default=64, help="deals each actor plays at once")
    add("--hidden", type=parse_hidden, default=(512, 256, 128), help="layer widths, e.g. 512,256")
    add(
        "--reward",
        choices=("win", "score"),
        default="win",
        help="the return: win (+1/-1 per side, as the environments) or the deal's score",
    )
    add(
        "--warm-start",
        choices=("heuristic", "none"),
        default="heuristic",
        help="learn from the heuristic bot's play first",
    )
    add(
        "--warm-minutes",
        type=float,
        default=None,
        help="length of the warm start (default: a third of --minutes)",
    )
    add(
        "--warm-updates",
        type=int,
        default=None,
        help="end the warm start after this many updates (instead of --warm-minutes)",
    )
    add("--epsilon", type=float, default=0.02, help="probability of a random action in self-play")
    add(
        "--alternatives",
        type=int,
        default=15,
        help="other legal actions per demonstration in the margin loss",
    )
    add("--margin", type=float, default=0.2, help="the margin of the margin loss")
    add("--margin-weight", type=float, default=1.0, help="weight of the margin loss")
    add("--batch", type=int, default=256, help="minibatch size")
    add("--lr", type=float, default=3e-4, help="Adam step size of the warm start")
    add("--dmc-lr", type=float, default=1e-4, help="Adam step size of self-play")
    add("--buffer", type=int, default=100_000, help="replay buffer size (decisions)")
    add("--reuse", type=float, default=2.0, help="mean number of updates each sample is used in")
    add(
        "--demo-keep",
        type=int,
        default=50_000,
        help="demonstrations kept after the warm start (the latest)",
    )
    add(
        "--demo-batch",
        type=int,
        default=64,
        help="demonstrations added to each self-play minibatch (0: none)",
    )
    add("--sync-seconds", type=float, default=5.0, help="how often actor processes get weights")
    add("--log-seconds", type=float, default=30.0, help="how often a progress line is printed")
    add(
        "--log-dir",
        default=None,
        metavar="DIR",
        help="write scalars to DIR/scalars.csv and DIR/scalars.jsonl (appended)",
    )
    add(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="show a progress bar on a terminal",
    )
    add("--save-minutes", type=float, default=2.0, help="how often the checkpoint is saved")
    add("--eval-minutes", type=float, default=5.0, help="how often the checkpoint is evaluated")
    add(
        "--eval-deals",
        type=int,
        default=50,
        help="deals per opponent of each evaluation, under every seating (0: none)",
    )
    add("--eval-seed", type=int, default=1, help="seed of the evaluation deals")
    add(
        "--eval-opponents", default="random,greedy", help="comma-separated bots to evaluate against"
    )


def add_parser(
    sub: Any,
    rules_args: Callable[[argparse.ArgumentParser], None],
) -> argparse.ArgumentParser:
    """Add ``train`` (and ``train dmc``) to the subcommands ``sub`` of the
    ``chupai`` parser; ``rules_args`` adds the ``--rules`` and ``--set`` options
    the other commands have."""
    p: argparse.ArgumentParser = sub.add_parser(
        "train",
        help="train an agent (Deep Monte-Carlo) for any game; needs chupai[rl]",
        description="Train agents. 'chupai train dmc --help' lists the options.",
    )
    algos = p.add_subparsers(dest="algorithm", metavar="ALGORITHM", required=True)
    d: argparse.ArgumentParser = algos.add_parser(
        "dmc",
        help="Deep Monte-Carlo: a Q-network over the encoding and the action features",
        description=_DESCRIPTION,
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    d.add_argument("game", help="game key or alias, e.g. doudizhu")
    rules_args(d)
    _options(d)
    d.set_defaults(func=cmd_train_dmc)
    return p


def check_args(args: argparse.Namespace) -> None:
    """Raise :class:`ChupaiError` naming the first option out of range."""
    positive = ("minutes", "threads", "games", "batch", "buffer", "reuse", "lr", "dmc_lr")
    for name in positive:
        if not getattr(args, name) > 0:
            raise ChupaiError(
                f"--{name.replace('_', '-')} must be positive, not {getattr(args, name)}"
            )
    at_least_zero = (
        "workers",
        "alternatives",
        "margin",
        "margin_weight",
        "demo_keep",
        "demo_batch",
        "eval_deals",
        "log_seconds",
        "save_minutes",
        "eval_minutes",
        "sync_seconds",
    )
    for name in at_least_zero:
        if getattr(args, name) < 0:
            raise ChupaiError(
                f"--{name.replace('_', '-')} must be at least 0, not {getattr(args, name)}"
            )
    for name in ("updates", "warm_updates", "warm_minutes"):
        value = getattr(args, name)
        if value is not None and value < 0:
            raise ChupaiError(f"--{name.replace('_', '-')} must be at least 0, not {value}")
    if not 0.0 <= args.epsilon <= 1.0:
        raise ChupaiError(f"--epsilon must be between 0 and 1, not {args.epsilon}")
    if args.warm_minutes is None:
        args.warm_minutes = min(2.0, args.minutes / 10) if args.resume else args.minutes / 3
    if args.warm_start == "none":
        args.warm_minutes, args.warm_updates = 0.0, None


def _require(module: str) -> None:
    try:
        importlib.import_module(module)
    except ImportError as exc:
        raise ChupaiError(
            f"chupai train needs {module}, which is not installed: {INSTALL_HINT} ({exc})"
        ) from None


def cmd_train_dmc(args: argparse.Namespace) -> int:
    """Run ``chupai train dmc``: check the options and the extra, resolve the
    rules (the checkpoint's when resuming without ``--rules``/``--set``), train."""
    for module in ("numpy", "torch"):
        _require(module)
    check_args(args)
    from chupai.options import parse_overrides
    from chupai.protocol import get_game

    spec = get_game(args.game)
    args.game = spec.key
    rules = None
    if not args.resume or args.rules or args.overrides:
        rules = spec.resolve(args.rules, parse_overrides(args.overrides))
    from chupai.train.dmc import train

    train(args, rules)
    return 0
