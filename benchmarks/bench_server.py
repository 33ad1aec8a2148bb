"""Load test of ``chupai serve``: many tables of bot-vs-bot clients over loopback
WebSockets for a bounded time; reports actions per second, latency and memory.

Run ``python benchmarks/bench_server.py`` (200 Big Two tables, 5 s of warm-up and
30 s measured: about 40 s in all); ``--mix`` cycles Big Two, Dou Dizhu and Big A
tables (200 tables: 799 connections); ``--tables``, ``--seconds``, ``--warmup``,
``--game``, ``--preset``, ``--deals``, ``--think``, ``--seed``, ``--db``, ``--port``
set the rest. Needs the ``web`` extra (``pip install 'chupai[web]'``: the client
side is the ``websockets`` package).

``--attack`` adds an attacker (``benchmarks/bench_attack.py``) for the whole run:
a never-reading spectator on every honest table, a flood of ``--attack-idle``
idle sockets (1100) and ``--attack-bots`` tables (6) of ``search`` bots at the
largest budget the server accepts. The server is then started with room for the
flood (``--max-connections``); the honest tables' p99 act -> state latency is
printed against its target (250 ms) with the attacker's figures.

What runs:

* ``chupai serve --bot-delay 0`` as a **subprocess** on a free loopback port with a
  fresh database (a temporary one unless ``--db`` is given), so everything measured
  goes through the real server: uvicorn, the WebSocket protocol (with
  permessage-deflate, as browsers negotiate it; ``--no-compression`` turns it off),
  the engine, the views, the SQLite commits (WAL, ``synchronous=FULL``: one
  ``fsync`` per group-commit batch) and the loopback network stack.
* Every table is created over HTTP (``POST /api/tables``) with **every seat human**
  and ``--deals`` counted deals (100, the most a table may have, so that tables
  rarely finish during a run; a table whose match ends is replaced by a new one
  of the same game, so the load stays constant).
* One WebSocket client per seat (800 connections for 200 Big Two tables), all in
  this one asyncio process. Each joins with its seat token and plays as a bot:
  when a ``state`` holds a non-empty ``legal`` list it sends ``act`` with that
  state's ``seq`` and an entry chosen with a seeded :class:`random.Random`: a
  ``play`` entry with probability ``--play-bias`` (0.8, so deals end sooner than
  with uniform choice among plays and passes), otherwise any entry.
* By default a client acts as soon as it may, so the load is **closed-loop**:
  every table always has exactly one action on its way, the server runs flat out,
  and the latency is mostly queueing (Little's law: latency ≈ tables ÷
  actions per second). ``--think S`` pauses 0.5–1.5 × S seconds before each
  action, like people; with a load below the server's capacity the latency is
  then the cost of one action.
* **Latency** is the time from sending an ``act`` to receiving the ``state`` that
  shows it to the same client (the first ``state`` with a higher ``seq``). It
  covers the server's whole path (the table's lock, the engine, the commit and its
  ``fsync``, building and sending the states of every seat) *and* the client's own
  queueing: the client process shares the machine with the server, and with many
  connections a message may wait in the client's event loop before it is read.
* The figures are taken over ``--seconds`` after ``--warmup`` seconds of play:
  actions applied (from the server's ``GET /api/health`` counter; the client's
  count of acknowledged actions is reported beside it), actions/s, actions per
  commit batch (the health endpoint's ``batches``: how well the group commit
  groups), latency p50/p90/p99/max, the number and size of the ``state`` messages
  received, deals finished, errors received (none expected), the server's
  resident memory (``VmRSS`` of ``/proc/PID/status`` when idle, with the tables
  created, at the end, and the peak ``VmHWM``; the memory per table is (end −
  idle) / tables, its connections included) and the CPU time of the server and
  of this client process over the measured window (``/proc/PID/stat``
  utime+stime; ``getrusage``), with the busy time of the whole machine
  (``/proc/stat``) and what other processes took of it.

Client and server share the machine's cores, so the actions/s figure is that of
the pair on this machine, not of the server alone; the CPU figures show how the
time was split, and a busy machine ("other processes") lowers every figure. The
server runs the game in one event loop, so it can use about one core.

Figures are printed readably, then as one final JSON line. This is a script, not
a test: it asserts nothing about speed. Linux only (``/proc``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import platform
import random
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench_attack import (
    attack_summary,
    server_options,
    start_attack,
    stop_attack,
)

MIX = ("bigtwo", "doudizhu", "biga")
"""The games ``--mix`` cycles through, each with its default preset."""

MAX_DEALS = 100
"""The most counted deals a table may have (``POST /api/tables``)."""

_HTTP = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback: no proxy


def http_json(url: str, body: dict[str, Any] | None = None, timeout: float = 30.0) -> Any:
    """GET (or POST ``body`` as JSON to) ``url`` and return the decoded answer."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        url,
        data=data,
        method="GET" if body is None else "POST",
        headers={"Content-Type": "application/json"},
    )
    with _HTTP.open(req, timeout=timeout) as resp:
        return json.loads(resp.read())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def proc_status(pid: int) -> dict[str, int]:
    """``VmRSS`` and ``VmHWM`` of a process, in KiB."""
    out = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            out[key] = int(value.split()[0])
    return out


_TICK = os.sysconf("SC_CLK_TCK")


def proc_cpu(pid: int) -> float:
    """User + system CPU seconds of a process (``/proc/PID/stat``)."""
    text = Path(f"/proc/{pid}/stat").read_text()
    fields = text[text.rindex(")") + 2 :].split()  # after the command name, field 3 on
    return (int(fields[11]) + int(fields[12])) / _TICK


def machine_cpu() -> float:
    """CPU seconds all cores spent busy since boot (``/proc/stat``: everything
    but idle and iowait)."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(values[:8]) - values[3] - values[4]) / _TICK


def self_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_SELF)
    return ru.ru_utime + ru.ru_stime


def percentile(sorted_values: list[float], q: float) -> float:
    """The ``q``-quantile (0..1) of sorted values, nearest rank."""
    if not sorted_values:
        return float("nan")
    k = math.ceil(q * len(sorted_values)) - 1
    return sorted_values[min(len(sorted_values) - 1, max(0, k))]


class Server:
    """``chupai serve`` in a subprocess (its own session: Ctrl-C reaches only this
    script, which then stops the server)."""

    def __init__(self, port: int, db: str, log: Path, options: list[str] | None = None):
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.log_path = log
        self._log = open(log, "wb")
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "chupai",
                "serve",
                "--port",
                str(port),
                "--db",
                db,
                "--bot-delay",
                "0",
                "--log-level",
                "warning",
                *(options or []),
            ],
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    @property
    def pid(self) -> int:
        return self.proc.pid

    def wait_ready(self, timeout: float = 60.0) -> None:
        end = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(
                    f"the server exited with code {self.proc.returncode}:\n" + self.log_tail()
                )
            try:
                http_json(self.base + "/api/health", timeout=2.0)
                return
            except (OSError, ValueError):
                if time.monotonic() > end:
                    raise RuntimeError(
                        "the server did not answer in time:\n" + self.log_tail()
                    ) from None
                time.sleep(0.1)

    def log_tail(self, n: int = 3000) -> str:
        self._log.flush()
        return self.log_path.read_bytes()[-n:].decode(errors="replace")

    def stop(self) -> None:
        """SIGTERM (uvicorn shuts down cleanly), SIGKILL if that takes over 15 s."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._log.close()


class BenchError(Exception):
    """A setting the server refuses (an unknown game or preset)."""


@dataclass
class Slot:
    """One table position of the load: the table playing in it now (replaced by a
    new one of the same game when its match ends)."""

    index: int
    game: str
    preset: str | None
    table: str = ""
    tokens: list[str] = field(default_factory=list)
    finished_positions: int = 0
    """Deals finished (redeals included) at this slot's earlier tables."""
    position: int = 0
    """Deals finished at the current table, as seat 0 last saw them."""
    replaced: int = 0


class Bench:
    def __init__(self, args: argparse.Namespace, server: Server):
        self.args = args
        self.server = server
        self.ws_url = f"ws://127.0.0.1:{server.port}/ws"
        self.playing = True
        """Clients act while this is set; cleared at the end of the window."""
        self.latencies: list[tuple[float, float]] = []
        """(send time, latency) of every acknowledged action."""
        self.errors: Counter[str] = Counter()
        self.error_samples: list[str] = []
        self.failures: Counter[str] = Counter()
        """Connections that could not be opened or that closed unexpectedly."""
        self.connections = 0
        self.peak_connections = 0
        self.states: list[int] = []
        """Per ``state`` message received: its length in characters (window only)."""
        self.counting = False
        self.create_lock = asyncio.Semaphore(8)
        self.connect_lock = asyncio.Semaphore(64)
        self._players: dict[tuple[str, str | None], int] = {}

    # ----- tables -----------------------------------------------------------------------
    async def create_table(self, slot: Slot) -> None:
        rng = random.Random(f"{self.args.seed}:table:{slot.index}:{slot.replaced}")
        seed = rng.randrange(2**62)
        body: dict[str, Any] = {
            "game": slot.game,
            "deals": self.args.deals,
            "seed": seed,
            "seats": None,
        }
        if slot.preset:
            body["preset"] = slot.preset
        async with self.create_lock:
            players = await asyncio.to_thread(self.players_of, slot.game, slot.preset)
            body["seats"] = [{"kind": "human", "name": f"load{s}"} for s in range(players)]
            try:
                answer = await asyncio.to_thread(http_json, self.server.base + "/api/tables", body)
            except urllib.error.HTTPError as exc:
                raise BenchError(
                    f"POST /api/tables refused {body}: {exc.code} "
                    f"{exc.read().decode(errors='replace')}"
                ) from None
        slot.table = answer["table"]
        slot.tokens = [s["token"] for s in answer["seats"]]
        slot.position = 0

    def players_of(self, game: str, preset: str | None) -> int:
        key = (game, preset)
        if key not in self._players:
            games = http_json(self.server.base + "/api/games")["games"]
            info = next((g for g in games if g["key"] == game), None)
            if info is None:
                raise BenchError(f"no game {game!r}; games: " + ", ".join(g["key"] for g in games))
            name = preset or info["default_preset"]
            found = [p["players"] for p in info["presets"] if p["name"] == name]
            if not found:
                raise BenchError(
                    f"no preset {name!r} for {game}; presets: "
                    + ", ".join(p["name"] for p in info["presets"])
                )
            self._players[key] = found[0]
        return self._players[key]

    async def run_slot(self, slot: Slot) -> None:
        """Play the slot's table with one client per seat; when its match ends, create
        another and go on, until the run stops."""
        while True:
            over = await asyncio.gather(
                *(self.client(slot, seat, token) for seat, token in enumerate(slot.tokens))
            )
            if not any(over) or not self.playing:
                return  # closed for another reason: stop playing this slot
            slot.finished_positions += slot.position
            slot.replaced += 1
            await self.create_table(slot)

    def deals_finished(self, slots: list[Slot]) -> int:
        return sum(s.finished_positions + s.position for s in slots)

    # ----- one seat -----------------------------------------------------------------------
    async def client(self, slot: Slot, seat: int, token: str) -> bool:
        """Play one seat until the match is over (returns True) or the run stops."""
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed

        rng = random.Random(f"{self.args.seed}:{slot.index}:{slot.replaced}:{seat}")
        bias = self.args.play_bias
        think = self.args.think
        table = slot.table
        reported: set[str] = set()
        try:
            async with self.connect_lock:
                ws = await connect(
                    self.ws_url,
                    proxy=None,
                    ping_interval=None,
                    open_timeout=60,
                    close_timeout=5,
                    max_size=2**22,
                    compression=None if self.args.no_compression else "deflate",
                )
        except Exception as exc:  # noqa: BLE001 - counted and reported, the run goes on
            self.failures[f"connect: {type(exc).__name__}"] += 1
            return False
        self.connections += 1
        self.peak_connections = max(self.peak_connections, self.connections)
        pending: tuple[int, float] | None = None  # (seq acted on, send time)
        acted: int | None = None
        retries = 0
        last: dict[str, Any] | None = None

        async def act(state: dict[str, Any]) -> None:
            nonlocal pending, acted
            legal = state["legal"]
            plays = [e for e in legal if e["kind"] == "play"]
            entry = rng.choice(plays) if plays and rng.random() < bias else rng.choice(legal)
            pending = (state["seq"], time.perf_counter())
            acted = state["seq"]
            await ws.send(
                json.dumps(
                    {"type": "act", "seq": state["seq"], "action": entry["i"]},
                    separators=(",", ":"),
                )
            )

        try:
            await ws.send(json.dumps({"type": "join", "table": table, "token": token}))
            async for raw in ws:
                msg = json.loads(raw)
                kind = msg["type"]
                if kind == "state":
                    now = time.perf_counter()
                    if self.counting:
                        self.states.append(len(raw))
                    seq = msg["seq"]
                    if pending is not None and seq > pending[0]:
                        self.latencies.append((pending[1], now - pending[1]))
                        pending = None
                    match = msg["match"]
                    if seat == 0:
                        slot.position = (
                            match["deal"] + match["redeals"] - (0 if match["over"] else 1)
                        )
                    if match["over"]:
                        return True
                    last = msg
                    if msg["legal"] and seq != acted and self.playing:
                        retries = 0
                        if think:
                            acted = seq  # not twice for this state while thinking
                            await asyncio.sleep(think * (0.5 + rng.random()))
                            if not self.playing:
                                continue
                        await act(msg)
                elif kind == "error":
                    code = msg.get("code", "?")
                    self.errors[code] += 1
                    if code not in reported:  # once per client and code
                        reported.add(code)
                        text = f"table {table} seat {seat}: {code}: {msg.get('message')}"
                        if len(self.error_samples) < 20:
                            self.error_samples.append(text)
                        print(f"  error: {text}", file=sys.stderr)
                    pending = None
                    if code == "over":
                        return True
                    # act again on the state the server says is current, a few times
                    if (
                        last is not None
                        and msg.get("seq") == last["seq"]
                        and last["legal"]
                        and retries < 3
                        and self.playing
                    ):
                        retries += 1
                        await act(last)
            if self.playing:
                self.failures["closed by the server"] += 1
        except ConnectionClosed as exc:
            if self.playing:
                self.failures[f"closed: {exc.rcvd.code if exc.rcvd else 'no close frame'}"] += 1
        except Exception as exc:  # noqa: BLE001 - one client's failure is not the run's
            if self.playing:
                self.failures[f"client: {type(exc).__name__}: {exc}"[:120]] += 1
        finally:
            self.connections -= 1
            with contextlib.suppress(Exception):
                await asyncio.shield(ws.close())
        return False

    # ----- the run ------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        for _ in range(100):  # an attacker may hold every free connection for a moment
            try:
                health = http_json(self.server.base + "/api/health")
                break
            except (OSError, ValueError):
                time.sleep(0.1)
        else:
            health = http_json(self.server.base + "/api/health")
        pid = self.server.pid
        return {
            "t": time.perf_counter(),
            "health": health,
            "server_cpu": proc_cpu(pid),
            "client_cpu": self_cpu(),
            "machine_cpu": machine_cpu(),
            "mem": proc_status(pid),
        }

    async def run(self) -> dict[str, Any]:
        args = self.args
        games = MIX if args.mix else (args.game,)
        slots = [
            Slot(i, games[i % len(games)], None if args.mix else args.preset)
            for i in range(args.tables)
        ]
        mem_idle = proc_status(self.server.pid)
        t = time.perf_counter()
        await asyncio.gather(*(self.create_table(s) for s in slots))
        create_s = time.perf_counter() - t
        mem_tables = proc_status(self.server.pid)
        seats = sum(len(s.tokens) for s in slots)
        print(
            f"  {args.tables} tables created in {create_s:.1f} s ({seats} seats); "
            f"server RSS {mem_idle['VmRSS'] / 1024:.1f} MiB idle, "
            f"{mem_tables['VmRSS'] / 1024:.1f} MiB with the tables",
            flush=True,
        )
        t_start = time.perf_counter()
        tasks = [asyncio.create_task(self.run_slot(s)) for s in slots]
        attacker = start_attack(
            args, self.server.port, lambda: [s.table for s in slots], tasks, http_json
        )
        try:
            while self.connections < seats and time.perf_counter() - t_start < 120:
                if all(task.done() for task in tasks):
                    break
                await asyncio.sleep(0.05)
            connect_s = time.perf_counter() - t_start
            print(
                f"  {self.connections} WebSockets open after {connect_s:.1f} s; "
                f"warming up {args.warmup:g} s",
                flush=True,
            )
            await asyncio.sleep(args.warmup)
            deals0 = self.deals_finished(slots)
            before = await asyncio.to_thread(self.snapshot)
            self.counting = True
            connections_measured = self.connections
            print(f"  measuring {args.seconds:g} s ...", flush=True)
            await asyncio.sleep(args.seconds)
            after = await asyncio.to_thread(self.snapshot)
            self.counting = False
            deals1 = self.deals_finished(slots)
            connections_end = self.connections
        finally:
            self.playing = False
            attack = stop_attack(attacker)
            for task in tasks:
                task.cancel()
            if tasks:
                await asyncio.wait(tasks, timeout=30)
        mem_closed = proc_status(self.server.pid)
        t0, t1 = before["t"], after["t"]
        window = t1 - t0
        lat = sorted(d for sent, d in self.latencies if t0 <= sent < t1)
        acked = sum(1 for sent, _ in self.latencies if t0 <= sent < t1)
        actions = after["health"]["actions"] - before["health"]["actions"]
        batches = after["health"]["batches"] - before["health"]["batches"]
        server_cpu = after["server_cpu"] - before["server_cpu"]
        client_cpu = after["client_cpu"] - before["client_cpu"]
        machine = after["machine_cpu"] - before["machine_cpu"]
        mem_end = after["mem"]

        def ms(x: float) -> float:
            return round(x * 1000, 2)

        db = Path(args.db)
        db_bytes = sum(p.stat().st_size for p in db.parent.glob(db.name + "*"))  # -wal, -shm
        return {
            "tables": args.tables,
            "games": dict(Counter(s.game for s in slots)),
            "connections": connections_measured,
            "connections_end": connections_end,
            "peak_connections": self.peak_connections,
            "connect_s": round(connect_s, 2),
            "create_tables_s": round(create_s, 2),
            "window_s": round(window, 2),
            "actions": actions,
            "actions_acked": acked,
            "actions_per_s": round(actions / window, 1),
            "batches": batches,
            "actions_per_batch": round(actions / batches, 2) if batches else None,
            "latency_ms": {
                "p50": ms(percentile(lat, 0.5)),
                "p90": ms(percentile(lat, 0.9)),
                "p99": ms(percentile(lat, 0.99)),
                "max": ms(lat[-1]) if lat else None,
                "mean": ms(sum(lat) / len(lat)) if lat else None,
            },
            "state_messages": len(self.states),
            "state_chars_mean": round(sum(self.states) / len(self.states)) if self.states else None,
            "state_chars_max": max(self.states, default=None),
            "deals_finished": deals1 - deals0,
            "tables_replaced": sum(s.replaced for s in slots),
            "errors": sum(self.errors.values()),
            "error_codes": dict(self.errors),
            "error_samples": self.error_samples[:5],
            "failures": dict(self.failures),
            "server_rss_mib": {
                "idle": round(mem_idle["VmRSS"] / 1024, 1),
                "tables": round(mem_tables["VmRSS"] / 1024, 1),
                "end": round(mem_end["VmRSS"] / 1024, 1),
                "closed": round(mem_closed["VmRSS"] / 1024, 1),
                "peak": round(mem_closed["VmHWM"] / 1024, 1),
            },
            "server_kib_per_table": round((mem_end["VmRSS"] - mem_idle["VmRSS"]) / args.tables, 1),
            "server_cpu_s": round(server_cpu, 2),
            "server_cores": round(server_cpu / window, 2),
            "client_cpu_s": round(client_cpu, 2),
            "client_cores": round(client_cpu / window, 2),
            "machine_busy_cores": round(machine / window, 2),
            "other_cores": round(max(0.0, machine - server_cpu - client_cpu) / window, 2),
            "client_rss_mib": round(proc_status(os.getpid())["VmRSS"] / 1024, 1),
            "db_mib": round(db_bytes / 2**20, 2),
            **attack_summary(attack, percentile(lat, 0.99)),
        }


def report(fig: dict[str, Any]) -> None:
    lat = fig["latency_ms"]
    rss = fig["server_rss_mib"]
    print(
        f"  {fig['connections']} connections at {fig['tables']} tables "
        f"({', '.join(f'{n} {g}' for g, n in fig['games'].items())})"
    )
    print(
        f"  actions applied      : {fig['actions']} in {fig['window_s']:.1f} s = "
        f"{fig['actions_per_s']:.0f} actions/s ({fig['actions_acked']} acknowledged to clients)"
    )
    print(f"  commit batches       : {fig['batches']} ({fig['actions_per_batch']} actions/batch)")
    print(
        f"  latency act -> state : p50 {lat['p50']} ms, p90 {lat['p90']} ms, "
        f"p99 {lat['p99']} ms, max {lat['max']} ms"
    )
    print(
        f"  state messages       : {fig['state_messages']} received, "
        f"{fig['state_chars_mean']} characters on average, {fig['state_chars_max']} at most"
    )
    print(
        f"  deals finished       : {fig['deals_finished']} "
        f"({fig['tables_replaced']} tables replaced)"
    )
    print(
        f"  errors               : {fig['errors']} {fig['error_codes'] or ''}"
        f"{'  failures: ' + str(fig['failures']) if fig['failures'] else ''}"
    )
    print(
        f"  server RSS           : {rss['idle']} MiB idle, {rss['tables']} with the tables, "
        f"{rss['end']} at the end, peak {rss['peak']} "
        f"(~{fig['server_kib_per_table']:.0f} KiB per table with its connections)"
    )
    print(
        f"  CPU over the window  : server {fig['server_cpu_s']} s "
        f"({fig['server_cores']} cores), client {fig['client_cpu_s']} s "
        f"({fig['client_cores']} cores), other processes {fig['other_cores']} cores; "
        f"{fig['machine_busy_cores']} of {os.cpu_count()} cores busy"
    )
    print(f"  database             : {fig['db_mib']} MiB")
    if "attack" in fig:
        print(
            f"  under attack         : honest p99 act -> state {fig['honest_p99_ms']} ms "
            f"(target < {fig['target_p99_ms']} ms: "
            f"{'met' if fig['target_met'] else 'NOT met'})"
        )
        print(f"  attacker             : {json.dumps(fig['attack'])}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=200, help="tables playing at once (200)")
    ap.add_argument("--seconds", type=float, default=30.0, help="measured seconds (30)")
    ap.add_argument(
        "--warmup", type=float, default=5.0, help="seconds of play before measuring (5)"
    )
    ap.add_argument("--game", default="bigtwo", help="the game of every table (bigtwo)")
    ap.add_argument("--preset", default=None, help="its preset (the game's default)")
    ap.add_argument(
        "--mix",
        action="store_true",
        help="cycle Big Two, Dou Dizhu and Big A tables (default presets)",
    )
    ap.add_argument(
        "--deals",
        type=int,
        default=MAX_DEALS,
        help=f"counted deals per table ({MAX_DEALS}, the most allowed)",
    )
    ap.add_argument(
        "--play-bias",
        type=float,
        default=0.8,
        help="chance of choosing among the 'play' entries when there are some (0.8)",
    )
    ap.add_argument(
        "--think",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="mean pause before each action (uniform in 0.5x..1.5x; default 0: "
        "act at once, the server's saturation load)",
    )
    ap.add_argument("--seed", type=int, default=1, help="seed of the tables and the clients (1)")
    ap.add_argument("--db", default=None, help="database file (default: a fresh temporary one)")
    ap.add_argument("--port", type=int, default=None, help="server port (default: a free one)")
    ap.add_argument(
        "--no-compression",
        action="store_true",
        help="do not negotiate permessage-deflate (browsers do)",
    )
    ap.add_argument(
        "--attack",
        action="store_true",
        help="run an attacker beside the honest tables (bench_attack.py)",
    )
    ap.add_argument(
        "--attack-idle",
        type=int,
        default=1100,
        metavar="N",
        help="idle sockets the attacker keeps open (1100; within the fd limit)",
    )
    ap.add_argument(
        "--attack-bots",
        type=int,
        default=6,
        metavar="N",
        help="tables of maximal search bots the attacker plays (6)",
    )
    args = ap.parse_args(argv)
    if args.tables < 1 or args.seconds <= 0 or args.warmup < 0 or args.think < 0:
        ap.error("--tables must be >= 1, --seconds > 0, --warmup and --think >= 0")
    if not 1 <= args.deals <= MAX_DEALS:
        ap.error(f"--deals must be 1..{MAX_DEALS}")
    try:
        import websockets.asyncio.client  # noqa: F401
    except ImportError:
        print("bench_server needs the web extra: pip install 'chupai[web]'", file=sys.stderr)
        return 2

    with tempfile.TemporaryDirectory(prefix="chupai-bench-") as tmp:
        if args.db is None:
            args.db = str(Path(tmp) / "bench.sqlite3")
        elif Path(args.db).exists():
            print(
                f"note: {args.db} exists; its unfinished tables are restored and add load",
                file=sys.stderr,
            )
        port = args.port or free_port()
        what = "mixed games" if args.mix else f"{args.game} {args.preset or '(default preset)'}"
        print(
            f"chupai serve load test: Python {platform.python_version()} on "
            f"{platform.machine()}, {os.cpu_count()} cores shared by server and clients; "
            f"{args.tables} tables of {what}, every seat a WebSocket client; "
            f"{args.warmup:g} s warm-up, {args.seconds:g} s measured",
            flush=True,
        )
        server = Server(port, args.db, Path(tmp) / "server.log", server_options(args))
        try:
            server.wait_ready()
            bench = Bench(args, server)
            figures = asyncio.run(bench.run())
        except KeyboardInterrupt:
            print("interrupted: stopping the server", file=sys.stderr)
            return 130
        except (BenchError, RuntimeError) as exc:
            print(f"bench_server: {exc}", file=sys.stderr)
            return 1
        finally:
            server.stop()
    report(figures)
    summary = {
        "benchmark": "server",
        "python": platform.python_version(),
        "cores": os.cpu_count(),
        "method": (
            "chupai serve --bot-delay 0 in a subprocess; one websockets client per seat "
            "in one asyncio process, random legal entries (play-biased); latency = act "
            "sent -> next state of that client; figures over the measured window"
        ),
        "game": "mix" if args.mix else args.game,
        "preset": None if args.mix else args.preset,
        "deals": args.deals,
        "think_s": args.think,
        "seed": args.seed,
        "compression": not args.no_compression,
        **figures,
    }
    print()
    print(json.dumps(summary, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
