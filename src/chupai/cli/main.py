"""The ``chupai`` command line: judge, moves, play, replay, analyze, simulate, rules.

``judge`` and ``moves`` are stable interfaces used by outside test suites: their
arguments and JSON output never change incompatibly. Malformed input (unknown
token, too many copies of a card, unknown game, preset or option) exits 2 with a
message on stderr; an invalid combination is a normal answer (exit 0).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, Final

from chupai import __version__
from chupai.compiled import engine
from chupai.errors import ChupaiError
from chupai.games import GAMES, find_game
from chupai.options import parse_overrides
from chupai.protocol import GAMES_VARIABLE, load_modules

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2


def _preset_name(text: str) -> str:
    """An argparse type: a preset name, not empty (an empty one is refused rather
    than silently taken as the default)."""
    if not text.strip():
        raise argparse.ArgumentTypeError(
            "the preset name is empty (leave the option out for the game's default preset)"
        )
    return text


def _presets_text() -> str:
    """Every registered game's presets, its default first (``bigtwo: standard,
    hongkong, ...; doudizhu: ...``), for the help of ``--rules``."""
    from chupai.protocol import all_games

    parts = []
    for spec in all_games():
        names = [spec.default_preset, *(n for n in spec.presets() if n != spec.default_preset)]
        parts.append(f"{spec.key}: {', '.join(names)}")
    return "; ".join(parts)


def _seats_text() -> str:
    """Every registered game's table sizes (``bigtwo 2-4, biga 5``), for the help
    of ``--players``."""
    from chupai.protocol import all_games

    parts = []
    for spec in all_games():
        low, high = min(spec.seats), max(spec.seats)
        parts.append(f"{spec.key} {low}" + (f"-{high}" if high != low else ""))
    return ", ".join(parts)


def _add_rules_args(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--rules",
        "--preset",
        dest="rules",
        metavar="PRESET",
        default=None,
        type=_preset_name,
        help=f"named preset of the game, its default first ({_presets_text()})",
    )
    p.add_argument(
        "--set",
        dest="overrides",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="override one option; repeat for several (e.g. --set pass_lockout=true)",
    )


def _command(
    sub: Any,
    name: str,
    func: Callable[[argparse.Namespace], int],
    *,
    help: str,
    description: str,
    **more: Any,
) -> argparse.ArgumentParser:
    """The subcommand ``name``, run by ``func`` (``more``: ``add_parser`` keywords)."""
    p: argparse.ArgumentParser = sub.add_parser(name, help=help, description=description, **more)
    p.set_defaults(func=func)
    return p


def _game_command(
    sub: Any,
    name: str,
    func: Callable[[argparse.Namespace], int],
    *,
    help: str,
    description: str,
    optional: bool = False,
) -> argparse.ArgumentParser:
    """The subcommand ``name`` of a game: its ``game`` (``optional``: bigtwo by
    default) and the rules options."""
    p = _command(sub, name, func, help=help, description=description)
    if optional:
        p.add_argument("game", nargs="?", default=None, help="game key (default bigtwo)")
        p.add_argument(
            "--game",
            dest="game_option",
            metavar="GAME",
            default=None,
            help="the game, as an option (the same as the game argument)",
        )
    else:
        p.add_argument("game", help="game key or alias, e.g. bigtwo")
    _add_rules_args(p)
    return p


def _rules(args: argparse.Namespace) -> Any:
    info = find_game(args.game)
    return info, info.resolve(args.rules or info.default_preset, parse_overrides(args.overrides))


def _print_json(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")


def cmd_judge(args: argparse.Namespace) -> int:
    info, rules = _rules(args)
    _print_json(info.judge(rules, args.play, args.over))
    return EXIT_OK


def cmd_moves(args: argparse.Namespace) -> int:
    info, rules = _rules(args)
    _print_json(info.moves(rules, args.hand, args.over))
    return EXIT_OK


def cmd_replay(args: argparse.Namespace) -> int:
    from chupai.cli.replay import run_replay

    return run_replay(args)


def cmd_analyze(args: argparse.Namespace) -> int:
    from chupai.cli.analyze import run_analyze

    return run_analyze(args)


ANALYZE_TEXT: Final = {
    "help": "the value of every decision of a record, the best action and the value lost",
    "description": "Analyse a deal or match record (chupai play --record, chupai simulate "
    "--records, the server's records): for every decision of the chosen seats, the "
    "played action's win probability and expected score, the best action's, the "
    "value lost and a label (inaccuracy from 0.05, mistake from 0.10, blunder from "
    "0.20 of winning chance lost, when significant; docs/analysis.md). Each seat "
    "is judged from its own information only (determinized Monte Carlo with the "
    "expert's rollouts). Exit 2 naming the problem when the input cannot be analysed.",
}


def cmd_play(args: argparse.Namespace) -> int:
    from chupai.cli.play import run_play

    return run_play(args)


def cmd_rules(args: argparse.Namespace) -> int:
    from chupai.cli.rules import run_rules

    return run_rules(args)


def cmd_simulate(args: argparse.Namespace) -> int:
    from chupai.cli.simulate import run_simulate

    return run_simulate(args)


_SERVE_NUMBERS: Final[dict[str, tuple[type, float, float, float]]] = {
    "bot_delay": (float, 0.6, 0, 10),
    "bot_seconds": (float, 10.0, 0.1, 600),
    "bot_workers": (int, 2, 1, 64),
    "reveal_seconds": (float, 10.0, 0, 600),
    "analysis_workers": (int, 1, 1, 64),
    "analysis_queue": (int, 8, 1, 10_000),
}
"""The number options of ``chupai serve`` (``--bot-delay`` for ``bot_delay``, passed
to :func:`chupai.web.app.serve` under that name): the type, the default and the
lowest and highest value allowed."""

_SERVE_HELP: Final = {
    "bot_delay": "pause before each bot action, so that people can follow (default 0.6; 0 for none)",
    "bot_seconds": "wall-clock limit of one bot decision; a bot over it has the hint "
    "bot's choice played for it, which is logged (default 10)",
    "bot_workers": "threads the bots think in, apart from replays and storage (default 2)",
    "reveal_seconds": "length of a private step (Big A's reveal step), the same whoever is "
    "asked so that it does not tell a bot from a human; a human who has "
    "not answered by then has the hint bot's choice played (default 10; "
    "0 applies answers at once, which lets the pause's length tell)",
    "analysis_workers": "processes that analyse finished games asked for in the browser "
    "(records page), apart from the bots (default 1)",
    "analysis_queue": "analyses that may wait beyond those running (default 8); one more "
    "is refused (HTTP 429)",
}
"""The help of each number option of ``chupai serve``."""


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        raise ChupaiError("chupai serve needs the web extra: pip install 'chupai[web]'") from None
    if not 0 <= args.port <= 65535:
        raise ChupaiError(f"--port {args.port} is not a TCP port (0-65535)")
    numbers = {dest: getattr(args, dest) for dest in _SERVE_NUMBERS}
    for dest, (_type, _default, low, high) in _SERVE_NUMBERS.items():
        option, value = "--" + dest.replace("_", "-"), numbers[dest]
        if not low <= value <= high:  # nan too
            raise ChupaiError(f"{option} {value} is not between {low:g} and {high:g}")
    from chupai.cli.simulate import local_modules
    from chupai.web.app import serve
    from chupai.web.serve_options import limits_of, register_own_bots
    from chupai.web.store import Store

    limits = limits_of(args)
    local_modules()
    own_bots = register_own_bots(args.own_bots)
    if own_bots:  # each must play some game: refused before "serving on" is said
        from chupai.protocol import all_games
        from chupai.web.tableconfig import own_levels

        own_levels(own_bots, [spec.key for spec in all_games()])
    Store(args.db).close()  # a database that cannot be used (or is in use) is refused first
    sys.stderr.write(
        f"chupai: serving on http://{args.host}:{args.port}/ (database {args.db}); Ctrl-C stops\n"
    )
    serve(
        args.host,
        args.port,
        args.db,
        log_level=args.log_level,
        limits=limits,
        origins=args.origins,
        own_bots=own_bots,
        **numbers,
    )
    return 0


_ENGINE_TEXT = {
    "compiled": "compiled core",
    "partial": "compiled core for some games",
    "pure": "pure-Python engine",
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="chupai",
        description="Rules engine and tools for the Chinese climbing card games "
        f"(games: {', '.join(GAMES)}).",
        epilog="Run 'chupai COMMAND --help' for the options of a command.",
    )
    parser.add_argument(
        "--version", action="version", version=f"chupai {__version__} ({_ENGINE_TEXT[engine()]})"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = _game_command(
        sub,
        "judge",
        cmd_judge,
        help="classify a play and tell whether it beats a previous play (JSON)",
        description='Print one JSON object: {"valid": true, "type": TYPE[, "beats": BOOL]} '
        'or {"valid": false, "reason": ...}. Exit 2 on malformed input.',
    )
    p.add_argument("play", metavar="PLAY", help="space-separated card tokens, e.g. '3D 3S'")
    p.add_argument(
        "--over",
        metavar="PREVIOUS",
        default=None,
        help='the previous play of the trick; adds "beats" to the answer',
    )

    p = _game_command(
        sub,
        "moves",
        cmd_moves,
        help="list every legal play of a hand (JSON)",
        description='Print {"moves": [{"cards": ..., "type": ...}, ...]}: every distinct '
        "legal play of HAND, leading, or following PREVIOUS with --over. Pass is "
        "not listed.",
    )
    p.add_argument("hand", metavar="HAND", help="space-separated card tokens")
    p.add_argument("--over", metavar="PREVIOUS", default=None, help="the play to beat")

    p = _game_command(
        sub,
        "play",
        cmd_play,
        optional=True,
        help="play a deal or a match in the terminal against bots",
        description="Play one deal (or a match with --deals or --to) against bots in the "
        "terminal. Enter card tokens (e.g. '3d 3s') or hand indexes (e.g. "
        "'0 1'), 'pass', a decision such as 'keep' or 'give 4d', 'hint', "
        "'help' or 'quit'. Big A (biga: you and four bots) adds 'show AH' / "
        "'decline' in the draw (you are asked only when your possible "
        "declarations change), 'y'/'n' before play, '4 4' to capture an egg, "
        "'moves' and '#N'. A game without a terminal renderer of its own lists "
        "the legal actions: type '#N' or the action's text. Exit status 0 "
        "when the deal or match ends or you quit, 1 when input ends first.",
    )
    p.add_argument(
        "--players",
        type=int,
        default=None,
        help=f"number of players ({_seats_text()})",
    )
    p.add_argument(
        "--seed", type=int, default=None, help="seed of the deal or match (default: random)"
    )
    p.add_argument(
        "--deals",
        type=int,
        default=None,
        metavar="N",
        help="play a match of N deals, with the score table after each deal "
        "(the game's match: dealers, redeals and in biga the first drawer "
        "carry over)",
    )
    p.add_argument(
        "--to",
        dest="target",
        type=int,
        default=None,
        metavar="SCORE",
        help="play a match until a running total reaches +SCORE or -SCORE",
    )
    p.add_argument(
        "--bots",
        default=None,
        metavar="NAMES",
        help="bot names for the other seats, comma-separated: one for every seat "
        "or one per seat (random, greedy, heuristic, search, expert; expert is the "
        "strongest, at about 0.1 s a move; the moves of search and expert show their "
        "think time; default greedy, for biga and daguailuzi heuristic)",
    )
    p.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    p.add_argument(
        "--record",
        metavar="FILE",
        default=None,
        help="write the game record (JSON) to FILE when the deal or match ends "
        "(a match record for a match; biga also writes each deal's record "
        "to FILE-deal1.json, ...)",
    )
    p.add_argument(
        "--lang",
        choices=("en", "zh", "ja"),
        default="en",
        help="language of the whole game screen: the table, prompts, help, refusals, "
        "results and score tables (en, zh: 中文, ja: 日本語; default en). What you type "
        "stays English; 过 不要 パス are read as pass",
    )

    p = _game_command(
        sub,
        "rules",
        cmd_rules,
        optional=True,
        help="print every option of a game with its value and meaning",
        description="Print every option of GAME under a preset and overrides: its value, "
        "the values allowed and a one-line explanation.",
    )
    p.add_argument(
        "--values", action="store_true", help="add a column with the values each option allows"
    )
    p.add_argument(
        "--json", action="store_true", help='print one JSON object {"spec": ..., "options": [...]}'
    )

    p = _command(
        sub,
        "replay",
        cmd_replay,
        help="re-validate a game record move by move and print it",
        description="Replay a JSON game record, checking every action. Exit 0 if the "
        "record is valid, 1 naming the first illegal action otherwise.",
    )
    p.add_argument("file", metavar="FILE", help="record file ('-' for standard input)")
    p.add_argument("--quiet", "-q", action="store_true", help="print only the verdict")
    p.add_argument(
        "--lang",
        choices=("en", "zh", "ja"),
        default="en",
        help="language of the replay's lines and tables (en, zh, ja; default en); the "
        "verdict line stays English",
    )

    from chupai.cli.analyze_args import add_parser as add_analyze_parser

    add_analyze_parser(_command(sub, "analyze", cmd_analyze, **ANALYZE_TEXT))

    p = _game_command(
        sub,
        "simulate",
        cmd_simulate,
        optional=True,
        help="play a seeded tournament between bots and report the results",
        description="Play DEALS seeded deals between bots, each under every seating of the "
        "bots (duplicate deals: every bot holds every seat's cards of the same "
        "deals), and report per bot the win rate and mean score per deal with "
        "95% confidence intervals, Elo ratings and a head-to-head matrix. The "
        "results depend only on the arguments, not on --workers or --backend.",
    )
    p.add_argument(
        "--bots",
        default="random",
        metavar="NAMES",
        help="comma-separated bot names (random, greedy, heuristic, search, expert; "
        "parameters after a colon, e.g. search:playouts=50, expert:playouts=100 "
        "for reproducible results) or own agents as "
        "module:attribute (mypkg.agents:Agent; docs/agents.md); one name fills "
        "every seat, a name may repeat, and fewer or more bots than seats "
        "are seated in a balanced rotation",
    )
    p.add_argument(
        "--deals",
        type=int,
        default=100,
        help="number of deals, each played under every seating (default 100)",
    )
    p.add_argument(
        "--match-deals",
        type=int,
        default=None,
        metavar="K",
        help="play the deals as matches of K deals (dealers and redeals, in "
        "bigtwo also leaders and exchanges, carry over); records are then "
        "match records. Big Two rules with a series play matches of 10 "
        "deals by default",
    )
    p.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    p.add_argument(
        "--workers",
        type=int,
        default=None,
        metavar="K",
        help="play on K processes (local) or K CPUs (ray; default 2); the "
        "results are the same as with one",
    )
    p.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help="local processes (default) or Ray (pip install 'chupai[ray]'; "
        "joins the cluster of --address or RAY_ADDRESS if given, else starts a "
        "local one)",
    )
    p.add_argument(
        "--address",
        default=None,
        metavar="ADDR",
        help="with --backend ray: the Ray cluster to join (HOST:PORT, ray://HOST:PORT "
        "or auto); a cluster with token authentication reads the token from "
        "RAY_AUTH_TOKEN, RAY_AUTH_TOKEN_PATH or ~/.ray/auth_token (docs/agents.md)",
    )
    p.add_argument(
        "--records",
        metavar="DIR",
        default=None,
        help="write each deal's record to DIR/deal-SEED[-rSEATING].json "
        "(match-SEED[-rSEATING].json for matches)",
    )
    p.add_argument(
        "--verify",
        action="store_true",
        help="replay every record and fail on the first invalid one",
    )
    p.add_argument(
        "--json", action="store_true", help='print one JSON object (timing apart, under "timing")'
    )
    p.add_argument(
        "--plot",
        metavar="FILE.png",
        default=None,
        help="write a chart of the results (pip install 'chupai[plot]')",
    )
    p.add_argument("--no-progress", action="store_true", help="hide the progress bar")

    p = _command(
        sub,
        "serve",
        cmd_serve,
        help="serve tables to play in the browser, with friends and bots",
        description="Run the web server: open http://HOST:PORT/ to start a table of any "
        "game (preset, options, number of deals), invite friends by link and "
        "fill the other seats with bots. Every action is stored in the SQLite "
        "database before anybody sees it; a restarted server carries on every "
        "table. Finished games are kept as records, replayable in the browser. "
        "Needs pip install 'chupai[web]'. The protocol: docs/protocol.md.",
        epilog="Limits: a web table's bots are random, greedy, heuristic, search or "
        "expert, the strongest (and the operator's own agents given by --bot; a request "
        "never names a module), with ms (search:ms, expert:ms) at most 5000, playouts 2000, determinizations 200, candidates 64; "
        "a failed write (a full disk) is logged, told to the table's players and "
        "retried every 0.5-5 s while the table waits; one server per database (a "
        "second one refuses to start, naming the holder); the database files are "
        "created 0600 and checked (PRAGMA quick_check) at start. A match seed drawn "
        "by the server is told only in the record, once the match is over. See "
        "docs/protocol.md, 'Limits'.",
    )
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)",
    )
    p.add_argument("--port", type=int, default=8000, help="TCP port (default 8000)")
    p.add_argument(
        "--db",
        default="chupai.sqlite3",
        metavar="FILE",
        help="SQLite database file, created if missing (default chupai.sqlite3)",
    )
    for dest, (kind, default, _low, _high) in _SERVE_NUMBERS.items():
        p.add_argument(
            "--" + dest.replace("_", "-"),
            type=kind,
            default=default,
            metavar="N" if kind is int else "SECONDS",
            help=_SERVE_HELP[dest],
        )
    p.add_argument(
        "--log-level",
        default="info",
        choices=("critical", "error", "warning", "info", "debug"),
        help="server log level (default info)",
    )
    from chupai.web.serve_options import add_bot_option, add_limit_options

    add_bot_option(p)
    add_limit_options(p)
    from chupai.train.cli import add_parser as add_train_parser

    add_train_parser(sub, _add_rules_args)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        # games that are not installed packages (a test's), named in CHUPAI_GAMES
        load_modules(os.environ.get(GAMES_VARIABLE, ""))
    except ChupaiError as exc:
        sys.stderr.write(f"chupai: error: {exc}\n")
        return EXIT_USAGE
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        # 'chupai' alone starts a default game
        args = parser.parse_args(["play", *(argv or [])])
    if hasattr(args, "game_option"):  # the commands whose game may be given as --game
        given, option = args.game, args.game_option
        if given is not None and option is not None and given != option:
            parser.error(f"the game is given twice: {given!r} and --game {option!r}")
        args.game = given or option or "bigtwo"
    try:
        code: int = args.func(args)
    except ChupaiError as exc:
        sys.stderr.write(f"chupai: error: {exc}\n")
        return EXIT_USAGE
    except KeyboardInterrupt:
        sys.stderr.write("\ninterrupted\n")
        return 130
    return code


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
