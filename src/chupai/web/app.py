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
made a private decision. Messages go out through each connection's bounded
outgoing queue (:class:`chupai.web.conn.Outbox`): a broadcast never waits on a
socket, and a receiver that does not keep up is dropped. The limits and
timeouts of connections are in :mod:`chupai.web.conn`.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import json
import logging
import secrets
import time
from collections.abc import AsyncIterator, Coroutine, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from chupai.errors import ChupaiError
from chupai.protocol import all_games
from chupai.web import httpcheck
from chupai.web.analyses import (
    ANALYSIS_QUEUE,
    ANALYSIS_WORKERS,
    EVALUATE_BUDGET,
    AnalysisHandlers,
    AnalysisJobs,
)
from chupai.web.conn import Limits, fitted, protocol_classes
from chupai.web.flow import TableFlow
from chupai.web.frames import Busy, FramesCache, replay_frames
from chupai.web.guards import BOT_SECONDS, BOT_WORKERS, REVEAL_SECONDS, TableGuards, bot_pool
from chupai.web.live import (
    Client,
    LiveTable,
    error_response as _error,
    game_entry,
    queue_error as _queue_error,
)
from chupai.web.protocol import MAX_MESSAGE, CreateTable
from chupai.web.sockets import SocketHandlers
from chupai.web.store import Store
from chupai.web.tableconfig import own_levels
from chupai.web.tables import Table, TableError, check_config

__all__ = ["ChupaiServer", "create_app", "serve", "MAX_BODY", "RECORDS_PAGE", "replay_frames"]

log = logging.getLogger("chupai.serve")

MAX_BODY = 65_536
"""The largest HTTP request body accepted (a table creation is < 2 KiB)."""

RECORDS_PAGE = 200
"""The most records ``GET /api/records`` lists at once (``?limit=``; the default)."""


def _static_dir() -> Path:
    return Path(str(resources.files("chupai.web") / "static"))


class ChupaiServer(TableGuards, TableFlow, SocketHandlers, AnalysisHandlers):
    """The tables in memory and their database; the ASGI app is :attr:`app`."""

    def __init__(
        self,
        db: str,
        *,
        bot_delay: float = 0.6,
        keep_finished: float | None = 900.0,
        bot_workers: int = BOT_WORKERS,
        bot_seconds: float = BOT_SECONDS,
        reveal_seconds: float = REVEAL_SECONDS,
        limits: Limits | None = None,
        origins: Sequence[str] = (),
        frames_in_process: bool = False,
        bot_processes: bool = False,
        own_bots: Sequence[str] = (),
        analysis_workers: int = ANALYSIS_WORKERS,
        analysis_queue: int = ANALYSIS_QUEUE,
        analysis_processes: bool = False,
        analysis_budgets: Mapping[str, str | int] | None = None,
        evaluate_budget: str | int = EVALUATE_BUDGET,
    ):
        self.limits = limits or Limits()
        self.limits.check()
        self.origins = frozenset(o.rstrip("/").lower() for o in origins)
        """Origins allowed besides the server's own (a page served through a proxy)."""
        self.sockets = 0
        """WebSockets open (refused beyond ``limits.max_connections``)."""
        self.frames_cache = FramesCache(
            int(self.limits.frames_cache_mib * 2**20),
            self.limits.frames_queue,
            processes=frames_in_process,
        )
        self.evaluate_budget = evaluate_budget
        """The budget of a practice table's win chances (``evaluate``)."""
        self.store = Store(db)
        try:
            self.analyses = AnalysisJobs(
                self.store,
                workers=analysis_workers,
                queue=analysis_queue,
                processes=analysis_processes,
                budgets=analysis_budgets,
            )
            """The analyses of finished tables (:mod:`chupai.web.analyses`)."""
        except BaseException:
            self.store.close()
            raise
        self.bot_delay = bot_delay
        self.bot_seconds = bot_seconds
        self.reveal_seconds = reveal_seconds
        """The length of a private step (0: none, the answer is applied at once)."""
        self.own_bots = own_levels(own_bots, [s.key for s in all_games()], bot_processes)
        """The operator's own bots (names registered with
        :func:`chupai.bots.register_bot`) each game's tables offer."""
        self.bot_pool = bot_pool(bot_workers, bot_processes)
        self.storage_errors = 0
        """Failed writes since start (each is logged and retried)."""
        self._tasks: set[asyncio.Task[None]] = set()
        self.keep_finished = keep_finished
        """Seconds a finished table stays in memory with nobody watching (None: for ever)."""
        self.tables: dict[str, LiveTable] = {}
        self.actions = 0
        """Actions applied since start (for the load benchmark)."""
        self.app = Starlette(
            routes=[
                Route("/", self.index),
                Route("/api/health", self.health),
                Route("/api/games", self.games),
                Route("/api/tables", self.list_tables, methods=["GET"]),
                Route("/api/tables", self.create_table, methods=["POST"]),
                Route("/api/tables/{table_id}", self.table_info),
                Route("/api/records", self.list_records),
                Route("/api/records/{table_id}", self.record),
                Route("/api/records/{table_id}/frames", self.frames),
                Route("/api/records/{table_id}/analysis", self.analysis_status, methods=["GET"]),
                Route("/api/records/{table_id}/analysis", self.analysis_start, methods=["POST"]),
                WebSocketRoute("/ws", self.websocket),
                Mount(
                    "/static",
                    app=StaticFiles(directory=_static_dir(), check_dir=False),
                    name="static",
                ),
            ],
            lifespan=self.lifespan,
        )

    # ----- start and stop --------------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        await self.restore()
        await self.analyses.restore()
        for live in self.tables.values():
            self._after_change(live)
        try:
            yield
        finally:
            for spawned in list(self._tasks):
                spawned.cancel()
            for live in self.tables.values():
                for task in (live.runner, live.timer, live.gate):
                    if task is not None:
                        task.cancel()
            self.bot_pool.shutdown(wait=False, cancel_futures=True)
            self.frames_cache.close()
            self.analyses.close()
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
                    log.error(
                        "table %s: the match is over but its record could not be stored: %s",
                        stored.id,
                        exc,
                    )
                else:
                    log.warning(
                        "table %s: the match was over but not finished; its record is made now",
                        stored.id,
                    )
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
        return JSONResponse(
            {
                "ok": True,
                "tables": len(self.tables),
                "actions": self.actions,
                "batches": self.store.batches,
            }
        )

    async def games(self, request: Request) -> Response:
        own = self.own_bots
        return JSONResponse(
            {"games": [game_entry(spec, own.get(spec.key, ())) for spec in all_games()]}
        )

    async def list_tables(self, request: Request) -> Response:
        return JSONResponse(
            {"tables": [live.table.public_info() for live in self.tables.values()][-200:]}
        )

    async def table_info(self, request: Request) -> Response:
        live = self.tables.get(request.path_params["table_id"])
        if live is None:
            return _error(404, "no such table", "table")
        return JSONResponse(live.table.public_info())

    async def create_table(self, request: Request) -> Response:
        refused = httpcheck.refuse_request(request, self.origins)
        if refused is not None:
            return refused
        body = await httpcheck.read_body(request, MAX_BODY, self.limits.request_timeout)
        if isinstance(body, Response):
            return body
        try:
            spec = CreateTable.model_validate_json(body)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"])
            return _error(400, f"{where or 'body'}: {err['msg']}", where or None)
        try:
            config = check_config(spec.model_dump(), self.own_bots)
            table_id = secrets.token_urlsafe(9)
            table, tokens = Table.create(table_id, config, time.time())
        except TableError as exc:
            return _error(400, str(exc), exc.field)
        except ChupaiError as exc:
            return _error(400, str(exc), None)
        try:  # a match whose every deal is decided before anybody acts ends at once
            await self.store.create_table(
                table_id,
                config,
                table.stored_seats(),
                table.match.to_record() if table.over else None,
            )
        except Exception as exc:  # the disk is full, the database is read-only...
            self.storage_errors += 1
            log.error("table %s could not be stored: %s", table_id, exc)
            return _error(
                503, f"the server cannot store a new table now ({exc}); try again later", None
            )
        self._add_table(table)
        seats = []
        for s, token in zip(table.seats, tokens, strict=True):
            entry: dict[str, Any] = {
                "seat": s.seat,
                "kind": s.kind,
                "name": s.name,
                "level": s.level,
            }
            if token is not None:
                entry["token"] = token
                entry["link"] = f"/#/t/{table_id}?token={token}"
            seats.append(entry)
        return JSONResponse(
            {
                "table": table_id,
                "seats": seats,
                "watch": f"/#/t/{table_id}",
                "spec": config["spec"],
                "seed": spec.seed,
            },
            status_code=201,
        )

    async def list_records(self, request: Request) -> Response:
        page = httpcheck.page(request, RECORDS_PAGE)
        if isinstance(page, Response):
            return page
        records = self.store.records(page["limit"], page["offset"])
        body: dict[str, Any] = {"records": records}
        if len(records) == page["limit"]:
            body["next"] = (
                f"/api/records?offset={page['offset'] + page['limit']}&limit={page['limit']}"
            )
        return JSONResponse(body)

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
        """The replay frames of a finished table, computed once and cached
        (:mod:`chupai.web.frames`), sent gzipped to a client that accepts it."""
        table_id = request.path_params["table_id"]
        data = self.frames_cache.cached(table_id)
        if data is None:
            found = await asyncio.to_thread(self.store.load_tables, "over", table_id)
            if not found:
                return _error(404, "no finished game with that id", "table")
            try:
                data = await self.frames_cache.get(found[0])
            except Busy as exc:
                return _error(503, str(exc), None)
        headers = {"Vary": "Accept-Encoding", "Cache-Control": "private, max-age=3600"}
        if "gzip" in request.headers.get("accept-encoding", "").lower():
            headers["Content-Encoding"] = "gzip"
        else:
            data = await asyncio.to_thread(gzip.decompress, data)
        return Response(data, media_type="application/json", headers=headers)

    # ----- the game loop ------------------------------------------------------------------
    def _add_table(self, table: Table) -> LiveTable:
        """Keep a new (stored) table in memory and start it."""
        live = LiveTable(table)
        self.tables[table.id] = live
        self._after_change(live)
        return live

    def _after_change(self, live: LiveTable) -> None:
        """Start the bots or the turn timer, whichever the new state needs (none
        while the next deal waits for the players: :mod:`chupai.web.flow`)."""
        table = live.table
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None
        live.deadline_ms = None
        seat = table.to_act
        if table.waiting is not None:
            return
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
                if table.waiting is not None:
                    return
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
                if table.waiting is not None:
                    return
                seat, action, seconds = await self._bot_action(live)
                await self._apply(live, seat, action, auto=True, thought=seconds)

    async def _timeout(self, live: LiveTable, seat: int, at: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        async with live.lock:
            table = live.table
            if len(table.log) != at or table.to_act != seat:
                return
            _, action = await asyncio.to_thread(table.hint, seat)
            await self._apply(live, seat, action, auto=True, timed=True)

    async def _apply(
        self,
        live: LiveTable,
        seat: int,
        action: Any,
        *,
        auto: bool,
        timed: bool = False,
        thought: float | None = None,
    ) -> None:
        """Commit, apply and broadcast a checked action (the lock is held);
        ``timed``: the turn timer played it for a human; ``thought``: the seconds
        a bot took to choose it (shown beside it: :meth:`Table.commit`)."""
        table = live.table
        entry = table.prepare(seat, action, auto=auto)
        record = table.record_after(action)  # the finish goes with the match's last action
        await self._stored(live, lambda: self.store.append(table.id, entry, record))
        position = table.position
        table.commit(entry, action, timed=timed, thought=thought)
        self.actions += 1
        if table.position != position:
            self._open_gate(live)
        self._after_change(live)
        if table.waiting is not None or table.auto_action() is None:
            await self._broadcast(live)  # (else the answer given for the human comes first)

    async def _notify(self, live: LiveTable, code: str, message: str) -> None:
        for client in list(live.clients):
            seq = None if client.seat is None else live.table.seat_seq(client.seat)
            _queue_error(client, code, message, seq)

    async def _broadcast(self, live: LiveTable) -> None:
        """Queue the new state for every connection at the table whose view changed
        (this never waits on a socket: see :class:`~chupai.web.conn.Outbox`)."""
        texts: dict[int | None, str] = {}
        public = live.table.public_part() if live.clients else None
        for client in list(live.clients):
            if client.seat not in texts:
                texts[client.seat] = self._state_text(live, client.seat, public)
            self._send_state(live, client, texts[client.seat])

    def _state_text(
        self, live: LiveTable, seat: int | None, public: dict[str, Any] | None = None
    ) -> str:
        return json.dumps(live.table.state(seat, live.deadline_ms, public), separators=(",", ":"))

    def _send_state(self, live: LiveTable, client: Client, text: str) -> None:
        if text == client.last:
            return
        client.last = text
        client.out.put(text)  # a receiver too slow for its queue is dropped (and leaves)

    def _leave(self, client: Client) -> None:
        """Take ``client`` off its table (it closed, or was dropped); the others are
        told only if its seat is now disconnected."""
        live, client.live = client.live, None
        if live is None:
            return
        with contextlib.suppress(ValueError):
            live.clients.remove(client)
        if client.seat is not None:
            seat = live.table.seats[client.seat]
            seat.connections -= 1
            if seat.connections == 0:
                self._seat_left(live, client.seat)
            if seat.connections == 0 and live.clients:
                asyncio.get_running_loop().create_task(self._rebroadcast(live))

    async def _rebroadcast(self, live: LiveTable) -> None:
        async with live.lock:
            await self._broadcast(live)

    def _no_room(self, live: LiveTable, seat: int | None) -> str | None:
        """Why a connection for ``seat`` (None: a spectator) may not join ``live``."""
        lim = self.limits
        joined = len(live.clients)
        if seat is None:
            watching = sum(1 for c in live.clients if c.seat is None)
            if watching >= lim.max_spectators:
                return f"this table has its {lim.max_spectators} spectators"
            if joined >= lim.max_table_connections - live.table.players:
                return "this table has no room for another spectator"
        elif joined >= lim.max_table_connections:
            return f"this table has its {lim.max_table_connections} connections"
        return None


def create_app(db: str, **kwargs: Any) -> Starlette:
    """The ASGI app of a server on database ``db``."""
    return ChupaiServer(db, **kwargs).app


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str = "chupai.sqlite3",
    *,
    bot_delay: float = 0.6,
    log_level: str = "info",
    limits: Limits | None = None,
    origins: Sequence[str] = (),
    own_bots: Sequence[str] = (),
    **bots: Any,
) -> None:
    """Run the server until interrupted (connection limits and timeouts:
    :class:`~chupai.web.conn.Limits`; ``own_bots``: registered own agents the
    tables offer; ``bots``: :class:`ChupaiServer`'s bot and private-step keyword
    arguments, e.g. ``reveal_seconds``)."""
    import uvicorn

    limits = fitted(limits or Limits())
    server = ChupaiServer(
        db,
        bot_delay=bot_delay,
        limits=limits,
        origins=origins,
        frames_in_process=True,
        bot_processes=True,
        analysis_processes=True,
        own_bots=own_bots,
        **bots,
    )
    http, ws = protocol_classes(limits)
    config = uvicorn.Config(
        server.app,
        host=host,
        port=port,
        log_level=log_level,
        http=http,
        ws=ws,
        ws_max_size=4 * MAX_MESSAGE,
        ws_ping_interval=limits.ping_interval,
        ws_ping_timeout=limits.ping_timeout,
        timeout_keep_alive=min(5, int(limits.request_timeout) or 1),
    )
    uvicorn.Server(config).run()
