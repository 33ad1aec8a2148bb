"""The ``chupai serve`` application: HTTP for the page, the lobby and the records,
a WebSocket per player or spectator for play (``docs/protocol.md``).

One process, one event loop. Each table has a lock: an action is checked,
committed to the database, applied and then broadcast while the lock is held, so
actions at a table are strictly ordered and nothing is shown before it is safely
stored. Bots think in a worker thread (a search bot takes a while) and the turn
timer plays the hint bot's choice for a seat whose time ran out; both are
ordinary logged actions.

A message is sent to a connection only when what that connection may see has
changed: sending on every action would tell a seat that some other seat just
made a private decision.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import logging
import secrets
import time
from collections.abc import AsyncIterator, Coroutine
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from chupai.errors import ChupaiError
from chupai.names import LANGUAGES
from chupai.protocol import GameSpec, all_games
from chupai.web import views
from chupai.web.guards import BOT_SECONDS, BOT_WORKERS, REVEAL_SECONDS, TableGuards
from chupai.web.protocol import (
    CLIENT_MESSAGE,
    MAX_MESSAGE,
    PROTOCOL_VERSION,
    Act,
    CreateTable,
    HintRequest,
    Join,
    Ping,
)
from chupai.web.store import Store
from chupai.web.tables import (
    ActionRefused,
    Seat,
    Table,
    TableError,
    check_config,
    web_bot_levels,
)

__all__ = ["ChupaiServer", "create_app", "serve", "MAX_BODY"]

log = logging.getLogger("chupai.serve")

MAX_BODY = 65_536
"""The largest HTTP request body accepted (a table creation is < 2 KiB)."""

@dataclass(eq=False)
class Client:
    ws: WebSocket
    seat: int | None
    last: str | None = None
    """The last state text sent (a state is sent only when it differs)."""


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


def _static_dir() -> Path:
    return Path(str(resources.files("chupai.web") / "static"))


class ChupaiServer(TableGuards):
    """The tables in memory and their database; the ASGI app is :attr:`app`."""

    def __init__(self, db: str, *, bot_delay: float = 0.6, keep_finished: float | None = 900.0,
                 bot_workers: int = BOT_WORKERS, bot_seconds: float = BOT_SECONDS,
                 reveal_seconds: float = REVEAL_SECONDS):
        self.store = Store(db)
        self.bot_delay = bot_delay
        self.bot_seconds = bot_seconds
        self.reveal_seconds = reveal_seconds
        """The length of a private step (0: none, the answer is applied at once)."""
        self.bot_pool = concurrent.futures.ThreadPoolExecutor(
            max_workers=bot_workers, thread_name_prefix="chupai-bot")
        self.storage_errors = 0
        """Failed writes since start (each is logged and retried)."""
        self._tasks: set[asyncio.Task[None]] = set()
        self.keep_finished = keep_finished
        """Seconds a finished table stays in memory with nobody watching (None: for ever)."""
        self.tables: dict[str, LiveTable] = {}
        self.actions = 0
        """Actions applied since start (for the load benchmark)."""
        self.app = Starlette(routes=[
            Route("/", self.index),
            Route("/api/health", self.health),
            Route("/api/games", self.games),
            Route("/api/tables", self.list_tables, methods=["GET"]),
            Route("/api/tables", self.create_table, methods=["POST"]),
            Route("/api/tables/{table_id}", self.table_info),
            Route("/api/records", self.list_records),
            Route("/api/records/{table_id}", self.record),
            Route("/api/records/{table_id}/frames", self.frames),
            WebSocketRoute("/ws", self.websocket),
            Mount("/static", app=StaticFiles(directory=_static_dir(), check_dir=False), name="static"),
        ], lifespan=self.lifespan)

    # ----- start and stop --------------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        await self.restore()
        for live in self.tables.values():
            self._after_change(live)
        try:
            yield
        finally:
            for spawned in list(self._tasks):
                spawned.cancel()
            for live in self.tables.values():
                for task in (live.runner, live.timer):
                    if task is not None:
                        task.cancel()
            self.bot_pool.shutdown(wait=False, cancel_futures=True)
            self.store.close()

    async def restore(self) -> None:
        """Rebuild every unfinished table from the database. A table whose log
        shows the match over (a server killed between its last action and its
        finish, before the two were one transaction) gets its record now."""
        for stored in self.store.load_tables("playing"):
            try:
                table = Table.restore(stored)
            except ChupaiError as exc:  # the table stays in the database, untouched
                log.warning("table %s is not restored: %s", stored.id, exc)
                continue
            if table.over:
                try:
                    await self.store.finish(stored.id, "over", table.match.to_record())
                except Exception as exc:  # a full disk: the next start tries again
                    log.error("table %s: the match is over but its record could not be "
                              "stored: %s", stored.id, exc)
                else:
                    log.warning("table %s: the match was over but not finished; its record "
                                "is made now", stored.id)
            self.tables[stored.id] = LiveTable(table)

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        """A task whose failure is logged (a task's exception is otherwise lost)."""
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a table task failed", exc_info=task.exception())

    # ----- HTTP ---------------------------------------------------------------------------
    async def index(self, request: Request) -> Response:
        return FileResponse(_static_dir() / "index.html")

    async def health(self, request: Request) -> Response:
        return JSONResponse({"ok": True, "tables": len(self.tables), "actions": self.actions,
                             "batches": self.store.batches})

    async def games(self, request: Request) -> Response:
        return JSONResponse({"games": [game_entry(spec) for spec in all_games()]})

    async def list_tables(self, request: Request) -> Response:
        return JSONResponse({"tables": [live.table.public_info()
                                        for live in self.tables.values()][-200:]})

    async def table_info(self, request: Request) -> Response:
        live = self.tables.get(request.path_params["table_id"])
        if live is None:
            return _error(404, "no such table", "table")
        return JSONResponse(live.table.public_info())

    async def create_table(self, request: Request) -> Response:
        too_big = _error(413, f"the request body is larger than {MAX_BODY} bytes", None)
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > MAX_BODY:
            return too_big
        body = b""
        async for chunk in request.stream():  # never more than MAX_BODY in memory
            body += chunk
            if len(body) > MAX_BODY:
                return too_big
        try:
            spec = CreateTable.model_validate_json(body)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"])
            return _error(400, f"{where or 'body'}: {err['msg']}", where or None)
        try:
            config = check_config(spec.model_dump())
            table_id = secrets.token_urlsafe(9)
            table, tokens = Table.create(table_id, config, time.time())
        except TableError as exc:
            return _error(400, str(exc), exc.field)
        except ChupaiError as exc:
            return _error(400, str(exc), None)
        try:  # a match whose every deal is decided before anybody acts ends at once
            await self.store.create_table(table_id, config, table.stored_seats(),
                                          table.match.to_record() if table.over else None)
        except Exception as exc:  # the disk is full, the database is read-only...
            self.storage_errors += 1
            log.error("table %s could not be stored: %s", table_id, exc)
            return _error(503, f"the server cannot store a new table now ({exc}); try again "
                               "later", None)
        live = LiveTable(table)
        self.tables[table_id] = live
        self._after_change(live)
        seats = []
        for s, token in zip(table.seats, tokens, strict=True):
            entry: dict[str, Any] = {"seat": s.seat, "kind": s.kind, "name": s.name,
                                     "level": s.level}
            if token is not None:
                entry["token"] = token
                entry["link"] = f"/#/t/{table_id}?token={token}"
            seats.append(entry)
        return JSONResponse({"table": table_id, "seats": seats, "watch": f"/#/t/{table_id}",
                             "spec": config["spec"], "seed": spec.seed}, status_code=201)

    async def list_records(self, request: Request) -> Response:
        return JSONResponse({"records": self.store.records()})

    async def record(self, request: Request) -> Response:
        table_id = request.path_params["table_id"]
        rec = self.store.record(table_id)
        if rec is None:
            return _error(404, "no finished game with that id", "table")
        headers = {}
        if request.query_params.get("download"):
            headers["Content-Disposition"] = f'attachment; filename="chupai-{table_id}.json"'
        return JSONResponse(rec, headers=headers)

    async def frames(self, request: Request) -> Response:
        table_id = request.path_params["table_id"]
        found = self.store.load_tables("over", table_id)
        stored = found[0] if found else None
        if stored is None:
            return _error(404, "no finished game with that id", "table")
        return JSONResponse({"table": table_id, "game": stored.config["game"],
                             "spec": stored.config["spec"],
                             "names": [s.name for s in stored.seats],
                             "frames": await asyncio.to_thread(replay_frames, stored)})

    # ----- the game loop ------------------------------------------------------------------
    def _after_change(self, live: LiveTable) -> None:
        """Start the bots or the turn timer, whichever the new state needs."""
        table = live.table
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None
        live.deadline_ms = None
        seat = table.to_act
        if seat is None:
            if table.over and self.keep_finished is not None:
                live.runner = self._spawn(self._forget(live))
            return
        if self.reveal_seconds > 0 and table.private_step():
            if live.step != len(table.log):  # a new private step: it lasts reveal_seconds
                live.step, live.pending = len(table.log), None
                self._spawn(self._private_step(live, live.step, self.reveal_seconds))
                live.step_end_ms = int((time.time() + self.reveal_seconds) * 1000)
            live.deadline_ms = live.step_end_ms
            return
        if table.is_bot(seat) or table.auto_action() is not None:
            if live.runner is None or live.runner.done():
                live.runner = self._spawn(self._run_bots(live))
        elif table.config.get("turn_seconds"):
            seconds = float(table.config["turn_seconds"])
            live.deadline_ms = int((time.time() + seconds) * 1000)
            live.timer = self._spawn(self._timeout(live, seat, len(table.log), seconds))

    async def _forget(self, live: LiveTable) -> None:
        """Drop a finished table from memory once nobody has watched it for
        :attr:`keep_finished` seconds (its record stays in the database)."""
        assert self.keep_finished is not None
        while True:
            await asyncio.sleep(self.keep_finished)
            if not live.clients:
                self.tables.pop(live.table.id, None)
                return

    async def _run_bots(self, live: LiveTable) -> None:
        """Play the bots' turns (and the answers the table gives for humans without
        asking: :meth:`Table.auto_action`) until a human is to act."""
        table = live.table
        while True:
            async with live.lock:
                seat = table.to_act
                auto = table.auto_action()
                if seat is not None and auto is not None:
                    await self._apply(live, seat, auto, auto=True)
                    continue
                if seat is None or not table.is_bot(seat) or live.step == len(table.log):
                    return
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            async with live.lock:
                seat = table.to_act
                if seat is None or not table.is_bot(seat) or live.step == len(table.log):
                    return
                seat, action = await self._bot_action(live)
                await self._apply(live, seat, action, auto=True)

    async def _timeout(self, live: LiveTable, seat: int, at: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        async with live.lock:
            table = live.table
            if len(table.log) != at or table.to_act != seat:
                return
            _, action = await asyncio.to_thread(table.hint, seat)
            await self._apply(live, seat, action, auto=True)

    async def _apply(self, live: LiveTable, seat: int, action: Any, *, auto: bool) -> None:
        """Commit, apply and broadcast a checked action (the lock is held)."""
        table = live.table
        entry = table.prepare(seat, action, auto=auto)
        record = table.record_after(action)  # the finish goes with the match's last action
        await self._stored(live, lambda: self.store.append(table.id, entry, record))
        table.commit(entry, action)
        self.actions += 1
        self._after_change(live)
        if table.auto_action() is None:  # else the answer given for the human comes first
            await self._broadcast(live)

    async def _notify(self, live: LiveTable, code: str, message: str) -> None:
        for client in list(live.clients):
            seq = None if client.seat is None else live.table.seat_seq(client.seat)
            await _send_error(client.ws, code, message, seq)

    async def _broadcast(self, live: LiveTable) -> None:
        texts: dict[int | None, str] = {}
        public = live.table.public_part() if live.clients else None
        for client in list(live.clients):
            if client.seat not in texts:
                texts[client.seat] = json.dumps(
                    live.table.state(client.seat, live.deadline_ms, public), separators=(",", ":"))
            await self._send_state(live, client, texts[client.seat])

    async def _send_state(self, live: LiveTable, client: Client, text: str) -> None:
        if text == client.last:
            return
        client.last = text
        try:
            await client.ws.send_text(text)
        except Exception:  # a socket closing under us: its handler cleans up
            with contextlib.suppress(ValueError):
                live.clients.remove(client)

    # ----- the WebSocket --------------------------------------------------------------------
    async def websocket(self, ws: WebSocket) -> None:
        await ws.accept()
        live: LiveTable | None = None
        client: Client | None = None
        try:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    return
                text = message.get("text")
                if text is None:
                    await _send_error(ws, "bad_message", "send JSON text frames, not binary ones")
                    continue
                if len(text) > MAX_MESSAGE:
                    await _send_error(ws, "too_large",
                                      f"a message may hold at most {MAX_MESSAGE} characters")
                    await ws.close(code=1009)
                    return
                try:
                    msg = CLIENT_MESSAGE.validate_json(text)
                except ValidationError as exc:
                    await _send_error(ws, "bad_message", _validation_text(exc))
                    continue
                if isinstance(msg, Ping):
                    await ws.send_text('{"type":"pong"}')
                elif isinstance(msg, Join):
                    if client is not None:
                        await _send_error(ws, "not_joined", "this socket has already joined a table")
                        continue
                    live = self.tables.get(msg.table)
                    if live is None:
                        await _send_error(ws, "unknown_table", f"no table {msg.table!r}")
                        continue
                    seat = None
                    if msg.token is not None:
                        seat = live.table.seat_of_token(msg.token)
                        if seat is None:
                            await _send_error(ws, "bad_token", "that token is no seat's token at "
                                                               "this table")
                            await ws.close(code=4003)
                            return
                    client = Client(ws, seat)
                    await ws.send_text(json.dumps({"type": "welcome", "table": msg.table,
                                                   "seat": seat, "protocol": PROTOCOL_VERSION}))
                    async with live.lock:
                        live.clients.append(client)
                        if seat is not None:
                            live.table.seats[seat].connections += 1
                        await self._broadcast(live)
                elif client is None or live is None:
                    await _send_error(ws, "not_joined", "send a join message first")
                elif client.seat is None:
                    await _send_error(ws, "spectator", "spectators cannot act")
                elif isinstance(msg, Act):
                    await self._on_act(live, client, msg)
                elif isinstance(msg, HintRequest):
                    await self._on_hint(live, client, msg)
        except WebSocketDisconnect:
            return
        finally:
            if live is not None and client is not None:
                with contextlib.suppress(ValueError):
                    live.clients.remove(client)
                if client.seat is not None:
                    live.table.seats[client.seat].connections -= 1
                    with contextlib.suppress(Exception):
                        async with live.lock:
                            await self._broadcast(live)

    async def _on_act(self, live: LiveTable, client: Client, msg: Act) -> None:
        assert client.seat is not None
        async with live.lock:
            table = live.table
            try:
                action = table.resolve(client.seat, msg.seq, msg.action, msg.text)
            except ActionRefused as exc:
                seq = table.seat_seq(client.seat)
                await _send_error(client.ws, exc.code, str(exc), seq)
                return
            if live.step == len(table.log):  # a private step: the answer waits for its end
                if live.pending is not None:
                    await _send_error(client.ws, "stale", "your answer is already given; it "
                                      "is applied when this step ends", table.seat_seq(client.seat))
                else:
                    live.pending = action
                return
            await self._apply(live, client.seat, action, auto=False)

    async def _on_hint(self, live: LiveTable, client: Client, msg: HintRequest) -> None:
        assert client.seat is not None
        async with live.lock:
            table = live.table
            seq = table.seat_seq(client.seat)
            if table.to_act != client.seat:
                code = "over" if table.over else "not_your_turn"
                await _send_error(client.ws, code, "a hint is given only on your turn", seq)
                return
            if msg.seq != seq:
                await _send_error(client.ws, "stale", f"seq {msg.seq} is not the current state "
                                                      f"({seq})", seq)
                return
            index, action = await asyncio.to_thread(table.hint, client.seat)
            text = table.deal.action_text(action)
        await client.ws.send_text(json.dumps({"type": "hint", "seq": seq, "action": index,
                                              "text": text}))


def combo_names(spec: GameSpec) -> dict[str, dict[str, str]]:
    """The names of ``spec``'s combination types by language: the registry's
    names (``spec.combo_name(kind, lang)``), the ones the terminal shows."""
    return {lang: {kind: spec.combo_name(kind, lang) for kind in spec.combo_names}
            for lang in LANGUAGES}


def game_entry(spec: GameSpec) -> dict[str, Any]:
    """What ``/api/games`` lists of a game: its names, presets, the bots a table
    offers, its combination names and whether it has a web view of its own (a
    game without one is shown by the generic view: hand, counts, roles, the play
    to beat and its legal actions as buttons) and what its web plugin tells the
    page (:func:`chupai.web.games.page_data`: none for the generic view)."""
    from chupai.web.games import page_data

    presets = [{"name": name, "players": rules.players, "spec": rules.spec()}
               for name, rules in spec.presets().items()]
    bots = web_bot_levels(spec.key)
    return {"key": spec.key, "names": dict(spec.names), "default_preset": spec.default_preset,
            "presets": presets, "bots": bots, "combo_names": combo_names(spec),
            "web_view": spec.layers.get("web") is not None,
            "page": page_data(spec.plugin("web"))}


def replay_frames(stored: Any) -> list[dict[str, Any]]:
    """Every step of a finished table, with full information: each seat's hand and
    the public view after each action (for the replay viewer; the game is over, so
    every card may be shown)."""
    seats = [Seat(s.seat, s.kind, s.name, s.level, None) for s in stored.seats]
    table = Table(stored.id, stored.config, seats, stored.created)
    frames: list[dict[str, Any]] = []

    def snap(text: str | None, seat: int | None, position: int) -> None:
        deal = table.match.deals[position]
        frames.append({
            "step": len(frames), "deal": position + 1, "seat": seat, "text": text,
            "hands": [views.hand_tokens(table.spec, obs)
                      for obs in map(deal.observe, range(table.players))],
            "public": views.public_view(table.spec, deal.observe(0))["public"],
            "totals": list(table.match.totals),
        })

    snap(None, None, 0)
    for entry in stored.log:
        table.commit(entry, table.parse(entry.text))
        snap(entry.text, entry.seat, entry.deal)  # the deal as this action left it
        if table.position != entry.deal:  # it ended and the next one was dealt
            snap(None, None, table.position)
    return frames


def _validation_text(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"])
    return f"{where}: {err['msg']}" if where else str(err["msg"])


async def _send_error(ws: WebSocket, code: str, message: str, seq: int | None = None) -> None:
    if ws.client_state != WebSocketState.CONNECTED:
        return
    with contextlib.suppress(Exception):
        await ws.send_text(json.dumps({"type": "error", "code": code, "message": message,
                                       "seq": seq}))


def _error(status: int, message: str, field: str | None) -> JSONResponse:
    return JSONResponse({"error": message, "field": field}, status_code=status)


def create_app(db: str, **kwargs: Any) -> Starlette:
    """The ASGI app of a server on database ``db``."""
    return ChupaiServer(db, **kwargs).app


def serve(host: str = "127.0.0.1", port: int = 8000, db: str = "chupai.sqlite3", *,
          bot_delay: float = 0.6, log_level: str = "info", **limits: Any) -> None:
    """Run the server until interrupted (``limits``: :class:`ChupaiServer`'s
    keyword arguments, e.g. ``reveal_seconds``)."""
    import uvicorn

    server = ChupaiServer(db, bot_delay=bot_delay, **limits)
    config = uvicorn.Config(server.app, host=host, port=port, log_level=log_level,
                            ws_max_size=4 * MAX_MESSAGE, ws_ping_interval=20, ws_ping_timeout=30)
    uvicorn.Server(config).run()
