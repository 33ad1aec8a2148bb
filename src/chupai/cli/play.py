"""``chupai play``: a deal or a match of any registered game in the terminal, one
human seat against bots.

One setup and one session frame serve every game. :func:`run_play` finds the game
with :func:`chupai.protocol.get_game`, checks the options alike for every game
(``--seat``, ``--bots`` against :func:`chupai.bots.bot_names`, ``--deals``/``--to``,
``--seed``, ``--record``) and plays one deal (:meth:`GameSpec.new_deal`) or a match
(:meth:`GameSpec.new_match`) through the sessions of :mod:`chupai.cli.session`.

What differs between games (how the table is drawn, how a line is read) is the
game's ``cli.play`` plugin, found with ``spec.plugin("cli.play")``
(``chupai.cli.games.<key>.play`` for the games shipped with chupai). A plugin is a
module with:

* ``PROBE``: the characters it draws (a terminal that cannot write them all gets
  ``?`` instead of failing);
* ``deal_session(spec, rules, seed, human, bot_names, options)`` and
  ``match_session(spec, match, human, bot_names, options)``: the sessions of one
  deal and of a match (``options``: the keywords of
  :class:`~chupai.cli.session.TerminalSession`);
* optionally ``play_rules(spec, args)`` (the rules of the command's arguments,
  with the game's own checks of ``--players`` and ``--to``), ``DEFAULT_BOTS`` (the
  bots tried in order when ``--bots`` is not given) and ``SEATS_OF`` (what the
  seats of ``--seat`` are of, in its error).

A game without a plugin is played by :mod:`chupai.cli.play_generic`: its seat's
:class:`~chupai.protocol.SeatFacts`, the legal actions by their text, and an index
or the text to choose one.

Exit status: 0 when the deal or match is played out or the player quits, 1 when
standard input ends first; setup errors (options, seat, bot names) are
:class:`~chupai.errors.ChupaiError` and exit 2 through :func:`chupai.cli.main.main`.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from functools import partial
from types import ModuleType
from typing import Any, Final

from chupai.cli.terminal import (
    EXIT_EOF,
    EXIT_OK,
    bot_list,
    check_record_path,
    check_seat,
    game_seed,
    match_length,
    open_terminal,
)
from chupai.errors import ChupaiError
from chupai.options import parse_overrides
from chupai.protocol import GameSpec, game_keys, get_game

__all__ = ["run_play", "play_plugin", "default_rules", "game_bots", "EXIT_OK", "EXIT_EOF"]

LAYER: Final = "cli.play"
"""The layer name of the terminal game in a spec's ``layers``."""
DEFAULT_BOTS: Final = ("greedy", "random")
"""The bots tried in order for ``--bots`` when the plugin names none."""

BotMaker = Callable[..., Any]
"""``make(name, seed=...)``: a bot of the game."""


def play_plugin(spec: GameSpec) -> ModuleType:
    """The game's ``cli.play`` plugin, or the generic session's module."""
    plugin = spec.plugin(LAYER)
    if plugin is None:
        from chupai.cli import play_generic

        return play_generic
    return plugin


def default_rules(spec: GameSpec, args: argparse.Namespace) -> Any:
    """The rules of ``--rules`` and ``--set``; ``--players`` must be the rules'."""
    rules = spec.resolve(
        getattr(args, "rules", None), parse_overrides(getattr(args, "overrides", None) or [])
    )
    players = getattr(args, "players", None)
    if players is not None and players != rules.players:
        raise ChupaiError(
            f"--players {players} does not fit {spec.name()} "
            f"({rules.players} players with these rules)"
        )
    return rules


def game_bots(spec: GameSpec) -> tuple[list[str], BotMaker]:
    """The bot names of the game and the function making one
    (:func:`chupai.bots.make_bot` for the game; a game with no bots of its own
    gets the random bot)."""
    from chupai.bots import RandomBot, bot_names, make_bot

    try:
        names = bot_names(spec.key)
    except (KeyError, ChupaiError):

        def random_bot(name: str, seed: int | None = None) -> Any:
            if name.split(":", 1)[0].strip().lower() != "random":
                raise ChupaiError(f"unknown bot {name!r}; bots: random")
            return RandomBot(seed)

        return ["random"], random_bot
    return names, partial(make_bot, game=spec.key)


def _bot_names(
    spec: GameSpec, plugin: ModuleType, text: str | None, count: int
) -> tuple[list[str], BotMaker]:
    """``--bots`` for ``count`` bot seats (default: the first of the plugin's
    ``DEFAULT_BOTS`` the game has and can build), each checked by building it."""
    from chupai.bots import split_bot_list
    from chupai.cli.simulate import local_modules

    local_modules()  # own agents as module:attribute, from the current directory too
    known, make = game_bots(spec)
    if text is None:
        tries = [n for n in getattr(plugin, "DEFAULT_BOTS", DEFAULT_BOTS) if n in known]
        text = next((n for n in tries if _builds(make, n)), known[0])
    names = bot_list(text, count, known, split=split_bot_list)
    for name in dict.fromkeys(names):  # bad parameters fail now, not mid-game
        make(name, seed=0)
    return names, make


def _builds(make: BotMaker, name: str) -> bool:
    try:
        make(name, seed=0)
    except ChupaiError:
        return False
    return True


def run_play(args: argparse.Namespace) -> int:
    """Run ``chupai play`` with the arguments of :func:`chupai.cli.main.build_parser`."""
    spec = get_game(getattr(args, "game", None) or game_keys()[0])
    plugin = play_plugin(spec)
    rules = getattr(plugin, "play_rules", default_rules)(spec, args)
    n = rules.players
    deals, target = match_length(args)
    human = getattr(args, "seat", 0)
    check_seat(human, n, getattr(plugin, "SEATS_OF", None) or f"a {n}-player deal")
    names, _ = _bot_names(spec, plugin, getattr(args, "bots", None), n - 1)
    record = getattr(args, "record", None)
    check_record_path(record)
    seed, seed_was_random = game_seed(getattr(args, "seed", None))
    options: dict[str, Any] = dict(
        open_terminal(plugin.PROBE),
        seed_was_random=seed_was_random,
        lang=getattr(args, "lang", None) or "en",
        record=record,
    )
    if deals is not None or target is not None:
        match = spec.new_match(rules, seed, deals=deals, target=target)
        session = plugin.match_session(spec, match, human, names, options)
    else:
        session = plugin.deal_session(spec, rules, seed, human, names, options)
    code: int = session.run()
    return code
