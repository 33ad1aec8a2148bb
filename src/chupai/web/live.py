"""What the server keeps of a table in play and of each connection, and the small
builders its handlers share (the ``/api/games`` entry of a game, error texts)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError
from starlette.responses import JSONResponse
from starlette.websockets import WebSocket

from chupai.names import LANGUAGES
from chupai.protocol import GameSpec
from chupai.web.checks import CheckLimiter
from chupai.web.conn import Outbox
from chupai.web.tableconfig import MAX_SEATS
from chupai.web.tables import Table, web_bot_levels

__all__ = [
    "Client",
    "LiveTable",
    "combo_names",
    "game_entry",
    "queue_error",
    "error_response",
    "validation_text",
]


@dataclass(eq=False)
class Client:
    ws: WebSocket
    out: Outbox
    """Every message to the connection goes through this queue (never awaited)."""
    seat: int | None = None
    live: LiveTable | None = None
    """The table joined, None before the join (and after leaving)."""
    last: str | None = None
    """The last state text sent (a state is sent only when it differs)."""
    checks: CheckLimiter = field(default_factory=CheckLimiter)
    """How many ``check`` messages the connection may still send now."""
    evaluating: bool = False
    """An ``evaluate`` of this connection is being computed (one at a time)."""


@dataclass(eq=False)
class LiveTable:
    table: Table
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: list[Client] = field(default_factory=list)
    runner: asyncio.Task[None] | None = None
    timer: asyncio.Task[None] | None = None
    deadline_ms: int | None = None
    step: int | None = None
    """The log length at which the current private step began (None: none)."""
    pending: Any = None
    """A human's answer to the private step, applied when the step ends."""
    step_end_ms: int | None = None
    gate: asyncio.Task[None] | None = None
    """The countdown of the next deal's wait for the players' continue
    (:mod:`chupai.web.flow`)."""


def combo_names(spec: GameSpec) -> dict[str, dict[str, str]]:
    """The names of ``spec``'s combination types by language: the registry's
    names (``spec.combo_name(kind, lang)``), the ones the terminal shows."""
    return {
        lang: {kind: spec.combo_name(kind, lang) for kind in spec.combo_names} for lang in LANGUAGES
    }


def game_entry(spec: GameSpec, own: Sequence[str] = ()) -> dict[str, Any]:
    """What ``/api/games`` lists of a game: its names, presets, the bots a table
    offers (with ``own``, the operator's own bots for it), its combination names and whether it has a web view of its own (a
    game without one is shown by the generic view: hand, counts, roles, the play
    to beat and its legal actions as buttons) and what its web plugin tells the
    page (:func:`chupai.web.games.page_data`: none for the generic view)."""
    from chupai.web.games import page_data, preset_values, table_options

    plugin = spec.plugin("web")
    menus = table_options(plugin, spec.presets())
    presets = [
        {
            "name": name,
            "players": rules.players,
            "spec": rules.spec(),
            "options": preset_values(menus, rules),
        }
        for name, rules in spec.presets().items()
    ]
    bots = web_bot_levels(spec.key, own)
    return {
        "key": spec.key,
        "names": dict(spec.names),
        "default_preset": spec.default_preset,
        "presets": presets,
        "bots": bots,
        "combo_names": combo_names(spec),
        "web_view": spec.layers.get("web") is not None,
        "page": page_data(plugin),
        "seats": [n for n in spec.seats if n <= MAX_SEATS],
        "table_options": menus,
    }


def validation_text(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"])
    return f"{where}: {err['msg']}" if where else str(err["msg"])


def queue_error(client: Client, code: str, message: str, seq: int | None = None) -> None:
    """Queue an ``error`` message for ``client`` (see ``ERROR_CODES``)."""
    client.out.put(json.dumps({"type": "error", "code": code, "message": message, "seq": seq}))


def error_response(status: int, message: str, field: str | None) -> JSONResponse:
    return JSONResponse({"error": message, "field": field}, status_code=status)
