"""The attacker of ``bench_server.py --attack``: while the honest tables play, it

* keeps a **never-reading spectator** on every honest table: a WebSocket opened by
  hand on a plain socket with a tiny receive buffer, which joins and never reads
  again (one that the server cuts is replaced by a new one);
* keeps a **flood of idle sockets** open: TCP connections that send nothing (one
  that the server cuts or refuses is replaced), as many as ``--attack-idle``
  within this process's descriptor limit (its soft limit is raised to the hard
  one first);
* plays **tables of maximal bot levels**: ``--attack-bots`` tables where one seat
  is the attacker's (played at once) and the others are ``search`` bots at the
  largest budget the server accepts (found by trying budgets from the largest
  down).

Everything goes to loopback. Its figures (sockets opened, cut by the server,
refused with 503, the bot level accepted) are reported beside the honest
tables' latency.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import os
import resource
import socket
import struct
import urllib.error
from collections import Counter
from collections.abc import Callable
from typing import Any

BOT_LEVELS = (
    "search:ms=1000000000,playouts=1000000000",
    "search:ms=600000,playouts=10000000",
    "search:ms=60000,playouts=1000000",
    "search:ms=10000,playouts=100000",
    "search:ms=5000",
    "search:ms=2000",
    "search:ms=1000",
    "search",
)
"""Bot levels tried for the attacker's tables, the largest first."""

TARGET_P99_MS = 250
"""The honest tables' p99 act -> state latency the server must keep under attack."""

_ESTABLISHED = 1


def raise_fd_limit() -> int:
    """Raise this process's soft descriptor limit to the hard one; the new soft limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY:
        hard = 1 << 20
    if soft == resource.RLIM_INFINITY or soft >= hard:
        return int(hard)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        return int(hard)
    return int(soft)


def cut(sock: socket.socket) -> bool:
    """Whether the server closed ``sock`` (its TCP state, read without reading data)."""
    try:
        info = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 1)
    except OSError:
        return True
    return struct.unpack("B", info[:1])[0] != _ESTABLISHED


def refused(sock: socket.socket) -> bool:
    """Whether the server answered ``sock`` with a 503 (peeked, not consumed)."""
    try:
        return sock.recv(12, socket.MSG_PEEK | socket.MSG_DONTWAIT).startswith(b"HTTP/1.1 503")
    except OSError:
        return False


def ws_frame(text: str) -> bytes:
    """A masked text frame, as a client sends it."""
    data = text.encode()
    mask = os.urandom(4)
    n = len(data)
    head = bytes([0x81]) + (
        bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack(">H", n)
    )
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


class Attacker:
    """The attacker's sockets and tables; :meth:`run` until :attr:`stopping` is set."""

    def __init__(self, port: int, *, idle: int, bot_tables: int, http_json: Callable[..., Any]):
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.idle_wanted = idle
        self.bot_tables = bot_tables
        self.http_json = http_json
        self.stats: Counter[str] = Counter()
        self.level: str | None = None
        self.stopping = asyncio.Event()
        self._spectators: dict[int, tuple[str, socket.socket]] = {}
        self._idle: list[socket.socket] = []

    # ----- sockets ------------------------------------------------------------------------
    async def _connect(self, rcvbuf: int | None = None) -> socket.socket:
        sock = socket.socket()
        if rcvbuf is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        sock.setblocking(False)
        try:
            await asyncio.wait_for(
                asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", self.port)), 10
            )
        except BaseException:
            sock.close()
            raise
        return sock

    async def spectator(self, table: str) -> socket.socket:
        """Join ``table`` as a spectator that never reads after the handshake."""
        loop = asyncio.get_running_loop()
        sock = await self._connect(rcvbuf=1024)
        try:
            key = base64.b64encode(os.urandom(16)).decode()
            await loop.sock_sendall(
                sock,
                (
                    f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nUpgrade: websocket\r\n"
                    f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                    "Sec-WebSocket-Version: 13\r\n\r\n"
                ).encode(),
            )
            head = b""
            while b"\r\n\r\n" not in head:
                got = await asyncio.wait_for(loop.sock_recv(sock, 1), 10)
                if not got:
                    raise ConnectionError("closed during the handshake")
                head += got
            if not head.startswith(b"HTTP/1.1 101"):
                raise ConnectionError(head.split(b"\r\n", 1)[0].decode(errors="replace"))
            await loop.sock_sendall(sock, ws_frame(json.dumps({"type": "join", "table": table})))
        except BaseException:
            sock.close()
            raise
        self.stats["spectators_opened"] += 1
        return sock

    async def keep_spectators(self, tables: Callable[[], list[str]]) -> None:
        """One never-reading spectator on every table, replaced when cut (opened
        50 at a time, so that a slow handshake does not hold up the others)."""
        gate = asyncio.Semaphore(50)

        async def open_one(i: int, table: str) -> None:
            async with gate:
                try:
                    self._spectators[i] = (table, await self.spectator(table))
                except (OSError, TimeoutError, ConnectionError):
                    self.stats["spectators_failed"] += 1

        while not self.stopping.is_set():
            missing = []
            for i, table in enumerate(tables()):
                held = self._spectators.get(i)
                if held is not None and held[0] == table and not cut(held[1]):
                    continue
                if held is not None:
                    held[1].close()
                    self.stats["spectators_cut" if held[0] == table else "spectators_left"] += 1
                    del self._spectators[i]
                missing.append(open_one(i, table))
            await asyncio.gather(*missing)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.stopping.wait(), 1.0)

    async def keep_idle(self) -> None:
        """A flood of idle sockets, replaced when the server cuts or refuses them."""
        while not self.stopping.is_set():
            keep = []
            for sock in self._idle:
                if refused(sock):
                    self.stats["idle_refused_503"] += 1
                    sock.close()
                elif cut(sock):
                    self.stats["idle_cut"] += 1
                    sock.close()
                else:
                    keep.append(sock)
            self._idle = keep
            missing = self.idle_wanted - len(self._idle)
            for _ in range(min(missing, 300)):  # at most 300 new ones a second
                try:
                    self._idle.append(await self._connect())
                    self.stats["idle_opened"] += 1
                except (OSError, TimeoutError):
                    self.stats["idle_failed"] += 1
                    break
            self.stats["idle_open_peak"] = max(self.stats["idle_open_peak"], len(self._idle))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.stopping.wait(), 1.0)

    # ----- tables of maximal bots ------------------------------------------------------------
    async def create_bot_table(self, index: int) -> dict[str, Any] | None:
        """A Big Two table of one attacker seat and three ``search`` bots at the
        largest budget the server accepts."""
        levels = BOT_LEVELS if self.level is None else (self.level,)
        for level in levels:
            body = {
                "game": "bigtwo",
                "deals": 100,
                "seed": index,
                "seats": [{"kind": "human"}] + [{"kind": "bot", "level": level}] * 3,
            }
            try:
                made = await asyncio.to_thread(self.http_json, self.base + "/api/tables", body)
            except urllib.error.HTTPError as exc:
                if exc.code == 400:
                    self.stats["bot_levels_refused"] += 1
                    continue
                raise
            self.level = level
            self.stats["bot_tables"] += 1
            return dict(made)
        return None

    async def play_bot_table(self, index: int) -> None:
        """Play the attacker's seat at once whenever asked (so the bots think all the time)."""
        from websockets.asyncio.client import connect

        made = await self.create_bot_table(index)
        if made is None:
            return
        async with connect(
            f"ws://127.0.0.1:{self.port}/ws", proxy=None, max_size=2**22, ping_interval=None
        ) as ws:
            await ws.send(
                json.dumps(
                    {"type": "join", "table": made["table"], "token": made["seats"][0]["token"]}
                )
            )
            async for raw in ws:
                if self.stopping.is_set():
                    return
                msg = json.loads(raw)
                if msg["type"] == "state" and msg["legal"]:
                    await ws.send(json.dumps({"type": "act", "seq": msg["seq"], "action": 0}))
                    self.stats["bot_table_actions"] += 1
                if msg["type"] == "state" and msg["match"]["over"]:
                    return

    async def run(self, tables: Callable[[], list[str]]) -> None:
        jobs = [
            self.keep_spectators(tables),
            self.keep_idle(),
            *(self.play_bot_table(i) for i in range(self.bot_tables)),
        ]
        results = await asyncio.gather(*jobs, return_exceptions=True)
        for r in results:
            if isinstance(r, BaseException) and not isinstance(r, asyncio.CancelledError):
                self.stats[f"attacker_error: {type(r).__name__}: {r}"[:100]] += 1

    def close(self) -> None:
        for _, sock in self._spectators.values():
            sock.close()
        for sock in self._idle:
            sock.close()
        self._spectators.clear()
        self._idle.clear()

    def figures(self) -> dict[str, Any]:
        return {
            "bot_level": self.level,
            "idle_wanted": self.idle_wanted,
            "idle_open_end": len(self._idle),
            "spectators_open_end": len(self._spectators),
            **dict(sorted(self.stats.items())),
        }


# ----- bench_server.py's side ----------------------------------------------------------------


def server_options(args: argparse.Namespace) -> list[str]:
    """The server's options for the run: with ``--attack``, room for the flood
    (``--max-connections``), whose size is first fitted to this process's
    descriptor limit."""
    if not args.attack:
        return []
    seats = args.tables * 5 + args.tables + args.attack_bots + 100
    args.attack_idle = max(0, min(args.attack_idle, raise_fd_limit() - seats - 200))
    print(
        f"  attack: never-reading spectators on every table, {args.attack_idle} idle "
        f"sockets, {args.attack_bots} tables of maximal search bots",
        flush=True,
    )
    return ["--max-connections", str(seats + args.attack_idle + 200)]


def start_attack(
    args: argparse.Namespace,
    port: int,
    tables: Callable[[], list[str]],
    tasks: list[asyncio.Task[Any]],
    http_json: Callable[..., Any],
) -> Any:
    """With ``--attack``: start the attacker (its task joins ``tasks``); else None."""
    if not args.attack:
        return None
    attacker = Attacker(
        port, idle=args.attack_idle, bot_tables=args.attack_bots, http_json=http_json
    )
    tasks.append(asyncio.create_task(attacker.run(tables)))
    return attacker


def stop_attack(attacker: Attacker | None) -> dict[str, Any] | None:
    """Stop the attacker and close its sockets; its figures (None without an attack)."""
    if attacker is None:
        return None
    attacker.stopping.set()
    figures = attacker.figures()
    attacker.close()
    return figures


def attack_summary(attack: dict[str, Any] | None, p99: float) -> dict[str, Any]:
    """The attack's entries of the figures: the attacker's and the honest p99 (seconds)."""
    if attack is None:
        return {}
    return {
        "attack": attack,
        "honest_p99_ms": round(p99 * 1000, 2),
        "target_p99_ms": TARGET_P99_MS,
        "target_met": p99 * 1000 < TARGET_P99_MS,
    }
