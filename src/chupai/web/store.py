"""SQLite persistence of the tables: every action is committed before anybody is
told of it.

The database holds, per table, its configuration (the ``POST /api/tables`` body
after validation, with the seed drawn), its seats (kind, name, bot level and the
SHA-256 of the seat token: the token itself is never stored) and the log of every
action applied, as text the engine parses back. A table is rebuilt after a
restart by replaying its log through the engine (:mod:`chupai.web.tables`), so
nothing but the log needs to be right. Finished tables also keep their match
record (``chupai-match`` JSON) for the record browser, and the analyses of
finished tables asked for in the browser (:mod:`chupai.web.analyses`), one per
table, seats, budget and seed. A new table of the schema is created when an
older database is opened (``CREATE TABLE IF NOT EXISTS``): nothing else changes.

Writes go through one writer thread that commits whatever is queued in one
transaction ("group commit") and only then resolves the waiting coroutines, so
that many tables playing at once cost one ``fsync`` per batch rather than per
action. The database runs in WAL mode with ``synchronous=FULL``: a committed action
survives the server process being killed (and a power cut). An action that ends
the match is committed in the same transaction as the table's finish (its status
and match record), so no kill can leave a finished match without its record.

**One server per database.** :class:`Store` holds an exclusive lock
(``flock`` on ``FILE.lock``, which names the holder's pid and host) for as long as
it is open: a second server on the same database refuses to start, naming the
holder. The database and its WAL and shared-memory files are created readable by
their owner only (0600), and ``PRAGMA quick_check`` runs at start: a corrupted
database is refused with a message rather than served.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import queue
import socket
import sqlite3
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from chupai.errors import ChupaiError

__all__ = [
    "Store",
    "StoredTable",
    "StoredSeat",
    "StoredAnalysis",
    "LogEntry",
    "DatabaseLocked",
]

_Statement = tuple[str, tuple[Any, ...]]


class DatabaseLocked(ChupaiError):
    """Another process holds the database (a second server on the same file)."""


_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    config TEXT NOT NULL,
    status TEXT NOT NULL,
    finished REAL,
    record TEXT
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    level TEXT,
    token_hash TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,
    deal INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    text TEXT NOT NULL,
    auto INTEGER NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, seq)
);
CREATE TABLE IF NOT EXISTS analyses (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seats TEXT NOT NULL,
    budget TEXT NOT NULL,
    seed INTEGER NOT NULL,
    status TEXT NOT NULL,
    created REAL NOT NULL,
    finished REAL,
    decisions INTEGER,
    result TEXT,
    error TEXT,
    PRIMARY KEY (table_id, seats, budget, seed)
);
"""


@dataclass(frozen=True, slots=True)
class StoredSeat:
    seat: int
    kind: str
    name: str
    level: str | None
    token_hash: str | None


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One applied action: its position in the table's log, the deal it belongs to
    (0-based position in the match, redeals included), the seat, the action text
    and whether the server chose it (a bot, or the turn timer)."""

    seq: int
    deal: int
    seat: int
    text: str
    auto: bool


@dataclass(frozen=True, slots=True)
class StoredTable:
    id: str
    created: float
    config: dict[str, Any]
    status: str
    seats: tuple[StoredSeat, ...]
    log: tuple[LogEntry, ...]


@dataclass(frozen=True, slots=True)
class StoredAnalysis:
    """An analysis job of a finished table (:mod:`chupai.web.analyses`): its key
    (the table, the seats analysed as text, ``"all"`` or ``"0,2"``, the budget's
    name and the seed), its status (``queued``, ``running``, ``done``,
    ``failed``), and its result (the ``chupai-analysis`` JSON text) or error."""

    table_id: str
    seats: str
    budget: str
    seed: int
    status: str
    created: float
    finished: float | None
    decisions: int | None
    """The decisions of a done analysis (its progress's total)."""
    result: str | None
    error: str | None


class Store:
    """The database of ``chupai serve`` (one file; ``:memory:`` is not supported
    because the writer thread has its own connection)."""

    def __init__(self, path: str):
        self.path = path
        self._lock_file = _lock(path)
        try:
            _create_private(path)
            con = self._connect()
            try:
                _check_integrity(con, path)
                with con:
                    con.executescript(_SCHEMA)
            finally:
                con.close()
            for suffix in ("-wal", "-shm"):  # made by an older server: owner only now
                with contextlib.suppress(OSError):
                    os.chmod(path + suffix, 0o600)
        except sqlite3.Error as exc:
            self._unlock()
            raise ChupaiError(f"cannot use the database {path!r}: {exc}") from None
        except BaseException:
            self._unlock()
            raise
        self._queue: queue.Queue[
            tuple[Sequence[_Statement], asyncio.Future[None] | None] | None
        ] = queue.Queue()
        self._writer = threading.Thread(target=self._write_loop, name="chupai-store", daemon=True)
        self._writer.start()
        self.batches = 0
        """Transactions committed by the writer (for the load benchmark)."""

    def _connect(self) -> sqlite3.Connection:
        con = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        con.execute("PRAGMA journal_mode=WAL")
        con.execute("PRAGMA synchronous=FULL")
        con.execute("PRAGMA foreign_keys=ON")
        return con

    def _unlock(self) -> None:
        if self._lock_file is not None:
            with contextlib.suppress(OSError):
                self._lock_file.close()
            self._lock_file = None

    # ----- the writer thread ------------------------------------------------------------
    def _write_loop(self) -> None:
        con = self._connect()
        while True:
            item = self._queue.get()
            if item is None:
                break
            batch = [item]
            while True:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._queue.put(None)
                    break
                batch.append(more)
            error: BaseException | None = None
            try:
                con.execute("BEGIN IMMEDIATE")
                for statements, _ in batch:
                    for sql, args in statements:
                        con.execute(sql, args)
                con.execute("COMMIT")
                self.batches += 1
            except BaseException as exc:  # report to every waiter; keep serving
                error = exc
                try:
                    con.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
            for _, fut in batch:
                if fut is not None:
                    fut.get_loop().call_soon_threadsafe(_settle, fut, error)
        con.close()

    async def _write(self, statements: Sequence[_Statement]) -> None:
        """Queue ``statements`` and wait until they are committed (all of them in
        the same transaction)."""
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put((list(statements), fut))
        await fut

    def close(self) -> None:
        if self._lock_file is None:
            return
        self._queue.put(None)
        self._writer.join(timeout=10)
        self._unlock()

    # ----- writes ---------------------------------------------------------------------------
    async def create_table(
        self,
        table_id: str,
        config: dict[str, Any],
        seats: Sequence[StoredSeat],
        record: dict[str, Any] | None = None,
    ) -> None:
        """Store a new table and its seats (and its finish, with ``record``, for a
        match over before anybody acted), in one transaction."""
        statements: list[_Statement] = [
            (
                "INSERT INTO tables (id, created, config, status) VALUES (?, ?, ?, 'playing')",
                (table_id, time.time(), json.dumps(config, sort_keys=True)),
            )
        ]
        statements += [
            (
                "INSERT INTO seats (table_id, seat, kind, name, level, token_hash) VALUES (?,?,?,?,?,?)",
                (table_id, s.seat, s.kind, s.name, s.level, s.token_hash),
            )
            for s in seats
        ]
        if record is not None:
            statements.append(_finish(table_id, "over", record))
        await self._write(statements)

    async def append(
        self, table_id: str, entry: LogEntry, record: dict[str, Any] | None = None
    ) -> None:
        """Commit one action of the log; with ``record`` (the action ended the
        match), the table's finish in the same transaction."""
        statements: list[_Statement] = [
            (
                "INSERT INTO actions (table_id, seq, deal, seat, text, auto, at) VALUES (?,?,?,?,?,?,?)",
                (
                    table_id,
                    entry.seq,
                    entry.deal,
                    entry.seat,
                    entry.text,
                    int(entry.auto),
                    time.time(),
                ),
            )
        ]
        if record is not None:
            statements.append(_finish(table_id, "over", record))
        await self._write(statements)

    async def rename_seat(self, table_id: str, seat: int, name: str) -> None:
        """Store the name a seat's player gave."""
        await self._write(
            [("UPDATE seats SET name = ? WHERE table_id = ? AND seat = ?", (name, table_id, seat))]
        )

    async def finish(self, table_id: str, status: str, record: dict[str, Any] | None) -> None:
        """Mark a table over (``over``) or void (``broken``), keeping its record."""
        await self._write([_finish(table_id, status, record)])

    async def save_analysis(
        self,
        table_id: str,
        seats: str,
        budget: str,
        seed: int,
        status: str,
        *,
        result: str | None = None,
        decisions: int | None = None,
        error: str | None = None,
    ) -> None:
        """Store an analysis job's status (a new job is ``queued``; an ended one
        ``done`` with its ``result`` text and number of ``decisions``, or
        ``failed`` with its ``error``), replacing the job of the same key."""
        now = time.time()
        ended = now if status in ("done", "failed") else None
        await self._write(
            [
                (
                    "INSERT INTO analyses (table_id, seats, budget, seed, status, created, "
                    "finished, decisions, result, error) VALUES (?,?,?,?,?,?,?,?,?,?) "
                    "ON CONFLICT (table_id, seats, budget, seed) DO UPDATE SET "
                    "status = excluded.status, finished = excluded.finished, "
                    "decisions = excluded.decisions, result = excluded.result, "
                    "error = excluded.error"
                    + (", created = excluded.created" if status == "queued" else ""),
                    (table_id, seats, budget, seed, status, now, ended, decisions, result, error),
                )
            ]
        )

    async def interrupt_analyses(self, error: str) -> None:
        """Mark every analysis still queued or running failed with ``error`` (a
        server starting again: its jobs did not survive the stop)."""
        await self._write(
            [
                (
                    "UPDATE analyses SET status = 'failed', finished = ?, error = ? "
                    "WHERE status IN ('queued', 'running')",
                    (time.time(), error),
                )
            ]
        )

    # ----- reads (from the event loop's thread; WAL lets them run beside the writer) ------
    def _read(self) -> sqlite3.Connection:
        con = sqlite3.connect(self.path)
        con.row_factory = sqlite3.Row
        return con

    def load_tables(
        self, status: str = "playing", table_id: str | None = None
    ) -> list[StoredTable]:
        """Every table of ``status`` (or only ``table_id``, if given and of that
        status) with its seats and log, oldest first."""
        con = self._read()
        try:
            if table_id is None:
                rows = con.execute(
                    "SELECT id, created, config, status FROM tables "
                    "WHERE status = ? ORDER BY created",
                    (status,),
                ).fetchall()
            else:
                rows = con.execute(
                    "SELECT id, created, config, status FROM tables WHERE status = ? AND id = ?",
                    (status, table_id),
                ).fetchall()
            out = []
            for r in rows:
                seats = tuple(
                    StoredSeat(s["seat"], s["kind"], s["name"], s["level"], s["token_hash"])
                    for s in con.execute(
                        "SELECT * FROM seats WHERE table_id = ? ORDER BY seat", (r["id"],)
                    )
                )
                log = tuple(
                    LogEntry(a["seq"], a["deal"], a["seat"], a["text"], bool(a["auto"]))
                    for a in con.execute(
                        "SELECT * FROM actions WHERE table_id = ? ORDER BY seq", (r["id"],)
                    )
                )
                out.append(
                    StoredTable(
                        r["id"], r["created"], json.loads(r["config"]), r["status"], seats, log
                    )
                )
            return out
        finally:
            con.close()

    def records(self, limit: int = 200, offset: int = 0) -> list[dict[str, Any]]:
        """The finished tables, newest first (``limit`` of them from the
        ``offset``-th): id, times, game, spec and totals."""
        con = self._read()
        try:
            rows = con.execute(
                "SELECT id, created, finished, config, record FROM tables WHERE status = 'over' "
                "ORDER BY finished DESC, id LIMIT ? OFFSET ?",
                (limit, offset),
            ).fetchall()
            out = []
            for r in rows:
                config = json.loads(r["config"])
                record = json.loads(r["record"]) if r["record"] else {}
                names = [
                    s["name"]
                    for s in con.execute(
                        "SELECT name FROM seats WHERE table_id = ? ORDER BY seat", (r["id"],)
                    )
                ]
                out.append(
                    {
                        "table": r["id"],
                        "created": r["created"],
                        "finished": r["finished"],
                        "game": config.get("game"),
                        "spec": record.get("spec"),
                        "deals": len(record.get("table", [])),
                        "names": names,
                        "totals": record.get("totals"),
                    }
                )
            return out
        finally:
            con.close()

    def record(self, table_id: str) -> dict[str, Any] | None:
        """The match record of a finished table, or None."""
        con = self._read()
        try:
            row = con.execute(
                "SELECT record FROM tables WHERE id = ? AND status = 'over'", (table_id,)
            ).fetchone()
            return None if row is None or row["record"] is None else dict(json.loads(row["record"]))
        finally:
            con.close()

    def table_status(self, table_id: str) -> tuple[str, int] | None:
        """The status of table ``table_id`` (``playing``, ``over``, ``broken``) and
        its number of seats, or None if there is no such table."""
        con = self._read()
        try:
            row = con.execute("SELECT status FROM tables WHERE id = ?", (table_id,)).fetchone()
            if row is None:
                return None
            seats = con.execute(
                "SELECT COUNT(*) FROM seats WHERE table_id = ?", (table_id,)
            ).fetchone()
            return str(row["status"]), int(seats[0])
        finally:
            con.close()

    def analysis(
        self, table_id: str, seats: str | None = None, budget: str | None = None, seed: int = 0
    ) -> StoredAnalysis | None:
        """The analysis job of that key, or None; with ``seats`` or ``budget``
        None, the newest job of the table matching the others."""
        con = self._read()
        try:
            where, args = ["table_id = ?", "seed = ?"], [table_id, seed]
            if seats is not None:
                where.append("seats = ?")
                args.append(seats)
            if budget is not None:
                where.append("budget = ?")
                args.append(budget)
            row = con.execute(
                f"SELECT * FROM analyses WHERE {' AND '.join(where)} ORDER BY created DESC LIMIT 1",
                args,
            ).fetchone()
            if row is None:
                return None
            return StoredAnalysis(
                row["table_id"],
                row["seats"],
                row["budget"],
                row["seed"],
                row["status"],
                row["created"],
                row["finished"],
                row["decisions"],
                row["result"],
                row["error"],
            )
        finally:
            con.close()


def _finish(table_id: str, status: str, record: dict[str, Any] | None) -> _Statement:
    return (
        "UPDATE tables SET status = ?, finished = ?, record = ? WHERE id = ?",
        (status, time.time(), None if record is None else json.dumps(record), table_id),
    )


def _lock(path: str) -> Any:
    """Hold ``path``.lock exclusively (released when the process ends, even by
    SIGKILL); raises :class:`DatabaseLocked` naming the holder."""
    import fcntl

    lock_path = path + ".lock"
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as exc:
        raise ChupaiError(f"cannot use the database {path!r}: {exc}") from None
    f = os.fdopen(fd, "r+", encoding="utf-8")
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        holder = f.read().strip() or "another process"
        f.close()
        raise DatabaseLocked(
            f"the database {path!r} is in use by {holder} (lock file "
            f"{lock_path}); one server per database"
        ) from None
    f.seek(0)
    f.truncate()
    f.write(f"pid {os.getpid()} on host {socket.gethostname()}\n")
    f.flush()
    return f


def _create_private(path: str) -> None:
    """Create the database file readable by its owner only (SQLite gives its WAL
    and shared-memory files the database file's permissions), and make an
    existing one so."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as exc:
        raise ChupaiError(f"cannot use the database {path!r}: {exc}") from None
    try:
        os.fchmod(fd, 0o600)
    finally:
        os.close(fd)


def _check_integrity(con: sqlite3.Connection, path: str) -> None:
    """``PRAGMA quick_check``: refuse a corrupted database."""
    rows = [str(r[0]) for r in con.execute("PRAGMA quick_check").fetchall()]
    if rows != ["ok"]:
        lines = "\n".join(rows).splitlines()
        raise ChupaiError(
            f"the database {path!r} is corrupted (quick_check: "
            f"{'; '.join(lines[:3])}); restore it from a backup or move it away"
        )


def _settle(fut: asyncio.Future[None], error: BaseException | None) -> None:
    if fut.done():
        return
    if error is None:
        fut.set_result(None)
    else:
        fut.set_exception(error)
