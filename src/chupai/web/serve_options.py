"""The connection limits and timeouts of ``chupai serve`` as command-line options
(one per field of :class:`chupai.web.conn.Limits`, same defaults), and the
operator's own bots (``--bot NAME=module:attribute``). Imports nothing of the web
extra, so ``chupai --help`` works without it."""

from __future__ import annotations

import argparse
import dataclasses
import functools
from collections.abc import Sequence

from chupai.errors import ChupaiError
from chupai.web.conn import CLOSE_FULL, CLOSE_IDLE, CLOSE_SLOW, Limits

__all__ = ["add_bot_option", "add_limit_options", "limits_of", "register_own_bots"]

_HELP = {
    "max_connections": "connections open at once, HTTP and WebSocket (default {}); one more is "
    "answered 503 and closed. The descriptor limit is raised to fit where "
    "allowed, else this is lowered to fit it",
    "max_table_connections": "WebSockets joined to one table, players' devices and spectators "
    "(default {}); one more gets error 'full', close code "
    f"{CLOSE_FULL}",
    "max_spectators": "spectators of one table (default {}; a place is always kept for each "
    "seat); one more gets error 'full'",
    "request_timeout": "seconds a connection has to send a whole request head, and a request "
    "its body (default {:g}); then it is cut (408 for a late body)",
    "join_timeout": "seconds a WebSocket has to join a table (default {:g}); then error "
    f"'idle' and close code {CLOSE_IDLE}",
    "send_queue": "messages that may wait to go out on one WebSocket (default {}); a receiver "
    f"that falls further behind is dropped, close code {CLOSE_SLOW}",
    "send_timeout": "seconds one message may take to go out on a WebSocket (default {:g}); "
    f"then the receiver is dropped, close code {CLOSE_SLOW}",
    "ping_interval": "seconds between the server's WebSocket pings (default {:g})",
    "ping_timeout": "seconds a WebSocket has to answer a ping (default {:g}); a half-open or "
    "never-reading connection is then cut",
    "frames_cache_mib": "MiB of memory for the cached replay frames of finished tables "
    "(compressed; default {:g})",
    "frames_queue": "replays that may wait to be prepared at once (default {}); more are "
    "answered 503",
}


def add_limit_options(p: argparse.ArgumentParser) -> None:
    """Add the limit options (``--max-connections``...) and ``--origin`` to ``p``."""
    g = p.add_argument_group(
        "limits", "Connection limits and timeouts (docs/protocol.md, 'Limits')."
    )
    defaults = Limits()
    for f in dataclasses.fields(Limits):
        default = getattr(defaults, f.name)
        g.add_argument(
            "--" + f.name.replace("_", "-"),
            dest=f.name,
            type=type(default),
            default=default,
            metavar="N"
            if isinstance(default, int)
            else "SECONDS"
            if "timeout" in f.name or "interval" in f.name
            else "X",
            help=_HELP[f.name].format(default),
        )
    p.add_argument(
        "--origin",
        dest="origins",
        action="append",
        default=[],
        metavar="URL",
        help="another origin whose pages may create tables (e.g. "
        "https://cards.example.org behind a proxy; repeat for several); "
        "by default only the server's own",
    )


def limits_of(args: argparse.Namespace) -> Limits:
    """The :class:`Limits` the options give; raises :class:`ChupaiError`."""
    limits = Limits(**{f.name: getattr(args, f.name) for f in dataclasses.fields(Limits)})
    try:
        limits.check()
    except ValueError as exc:
        name = str(exc).split(" ", 1)[0]
        raise ChupaiError(f"--{name.replace('_', '-')}: {exc}") from None
    return limits


def add_bot_option(p: argparse.ArgumentParser) -> None:
    """Add ``--bot NAME[@GAME]=module:attribute[:KEY=VALUE,...]`` (repeatable) to ``p``."""
    p.add_argument(
        "--bot",
        dest="own_bots",
        action="append",
        default=[],
        metavar="NAME=MODULE:ATTR",
        help="offer an own agent as the bot level NAME at every table (NAME@GAME: "
        "of that game only): module:attribute names a class, factory, policy "
        "function or agent object, with parameters after a second colon "
        "(mine=mypkg.agents:Agent:path=model.pt); repeat for several. Only the "
        "operator names modules: a web request picks among the levels offered "
        "(docs/agents.md)",
    )


def register_own_bots(specs: Sequence[str]) -> list[str]:
    """Register each ``NAME[@GAME]=module:attribute[:KEY=VALUE,...]`` of ``--bot``
    with :func:`chupai.bots.register_bot` (the module is imported now, so that a
    mistake stops the server before it starts) and return the names."""
    from chupai.bots import is_module_ref, parse_bot_spec, register_bot
    from chupai.bots.agents import agent_kind, check_params, load_agent

    names = []
    for text in specs:
        head, eq, ref = text.partition("=")
        name, _, game = head.partition("@")
        if not eq or not name.strip() or not is_module_ref(ref.strip()):
            raise ChupaiError(
                f"--bot {text!r}: expected NAME=module:attribute (or NAME@GAME=module:attribute)"
            )
        base, params = parse_bot_spec(ref.strip())
        agent = load_agent(base)
        if params:
            if agent_kind(agent) not in ("class", "factory"):
                raise ChupaiError(f"--bot {text!r}: {base} is an agent object, with no parameters")
            check_params(base, agent, params)
            agent = functools.partial(agent, **params)
        names.append(register_bot(name, agent, game.strip() or None))
    return names
