"""``chupai serve`` under attack: slow receivers, idle and half-open connections,
connection and spectator limits, cross-origin and non-JSON requests, costly
replays and malformed input (``docs/protocol.md``, "Limits"). The transport
tests run a real server process on loopback and talk to it with raw sockets."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import socket
import sqlite3
import struct
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from chupai.web.app import ChupaiServer  # noqa: E402
from chupai.web.conn import CLOSE_FULL, CLOSE_IDLE, Limits  # noqa: E402
from chupai.web.protocol import SERVER_MESSAGES  # noqa: E402

_NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def seats(*kinds: str) -> list[dict[str, Any]]:
    return [{"kind": "human"} if k == "human" else {"kind": "bot", "level": k} for k in kinds]


def make_server(tmp_path: Path, **limits: Any) -> ChupaiServer:
    return ChupaiServer(str(tmp_path / "t.sqlite3"), bot_delay=0, limits=Limits(**limits))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(make_server(tmp_path).app) as c:
        yield c


def receive(ws: Any) -> dict[str, Any]:
    msg = ws.receive_json()
    SERVER_MESSAGES.validate_python(msg)
    return dict(msg)


def join(ws: Any, table: str, token: str | None = None) -> dict[str, Any]:
    msg: dict[str, Any] = {"type": "join", "table": table}
    if token is not None:
        msg["token"] = token
    ws.send_text(json.dumps(msg))
    assert receive(ws)["type"] == "welcome"
    state = receive(ws)
    assert state["type"] == "state"
    return state


# ----- a real server process and raw sockets ---------------------------------------------


class Served:
    """``chupai serve`` in a subprocess with extra options."""

    def __init__(self, tmp_path: Path, *options: str, bot_delay: float = 0.0):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = int(s.getsockname()[1])
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "chupai",
                "serve",
                "--port",
                str(self.port),
                "--db",
                str(tmp_path / "s.sqlite3"),
                "--bot-delay",
                str(bot_delay),
                "--log-level",
                "warning",
                *options,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        deadline = time.monotonic() + 30
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(self.proc.stderr.read().decode() if self.proc.stderr else "")
            try:
                self.get("/api/health", timeout=1)
                return
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def get(self, path: str, timeout: float = 10) -> Any:
        with _NO_PROXY.open(self.url + path, timeout=timeout) as r:
            return json.loads(r.read())

    def post(self, path: str, body: Any) -> Any:
        req = urllib.request.Request(
            self.url + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with _NO_PROXY.open(req, timeout=10) as r:
            return json.loads(r.read())

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@contextlib.contextmanager
def served(tmp_path: Path, *options: str, bot_delay: float = 0.0) -> Iterator[Served]:
    pytest.importorskip("uvicorn")
    server = Served(tmp_path, *options, bot_delay=bot_delay)
    try:
        yield server
    finally:
        server.stop()


def raw_websocket(port: int, rcvbuf: int | None = None) -> socket.socket:
    """A WebSocket opened by hand on a plain socket (which may then stop reading)."""
    s = socket.socket()
    if rcvbuf is not None:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.settimeout(10)
    s.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(
        f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        got = s.recv(1)
        assert got, "closed during the handshake"
        head += got
    assert head.startswith(b"HTTP/1.1 101"), head
    return s


def ws_frame(text: str) -> bytes:
    """A masked text frame (a client's)."""
    data = text.encode()
    mask = os.urandom(4)
    n = len(data)
    head = bytes([0x81]) + (
        bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack(">H", n)
    )
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def drained_until_closed(s: socket.socket, timeout: float) -> bool:
    """Read everything until the server closes the socket; True if it did in time."""
    s.settimeout(0.5)
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            if not s.recv(1 << 16):
                return True
        except TimeoutError:
            continue
        except OSError:  # reset: cut by the server
            return True
    return False


# ----- 1. a never-reading spectator does not freeze its table ------------------------------


@pytest.mark.slow
def test_never_reading_spectator_does_not_freeze_the_table(tmp_path: Path) -> None:
    """Spectators that stop reading (a raw socket with a tiny receive buffer) watch
    a table where a human plays three bots as fast as possible: the human's states
    keep coming (before the outgoing queues, the broadcast waited on the full
    socket under the table's lock and the table froze), and the spectators are
    cut."""
    websockets = pytest.importorskip("websockets.sync.client")
    with served(tmp_path, "--send-timeout", "2", "--ping-interval", "600") as server:
        made = server.post(
            "/api/tables",
            {
                "game": "bigtwo",
                "deals": 100,
                "seed": 1,
                "seats": seats("human", "greedy", "greedy", "greedy"),
            },
        )
        table = made["table"]
        watchers = []
        for _ in range(4):
            s = raw_websocket(server.port, rcvbuf=1024)
            s.sendall(ws_frame(json.dumps({"type": "join", "table": table})))
            watchers.append(s)  # and never read again
        acted = 0
        gaps = []
        with websockets.connect(
            f"ws://127.0.0.1:{server.port}/ws", proxy=None, max_size=2**22
        ) as ws:
            ws.send(
                json.dumps({"type": "join", "table": table, "token": made["seats"][0]["token"]})
            )
            last = time.monotonic()
            end = last + 60
            over = False
            while acted < 400 and not over and time.monotonic() < end:
                msg = json.loads(ws.recv(timeout=10))  # a frozen table times out here
                now = time.monotonic()
                gaps.append(now - last)
                last = now
                over = msg["type"] == "state" and msg["match"]["over"]
                if msg["type"] == "state" and msg["legal"]:
                    entry = msg["legal"][-1]
                    ws.send(json.dumps({"type": "act", "seq": msg["seq"], "action": entry["i"]}))
                    acted += 1
        assert acted >= 400 or over, acted  # the table froze after ~110 actions
        assert max(gaps) < 5, max(gaps)
        # the spectators were dropped (the server closed their sockets)
        assert all(drained_until_closed(s, 15) for s in watchers)
        for s in watchers:
            s.close()
        assert server.get("/api/health")["ok"]


# ----- 2. idle and half-open connections, connection limits ---------------------------------


def test_idle_and_half_open_connections_are_cut(tmp_path: Path) -> None:
    """Sockets that send nothing or half a request head are cut after the request
    timeout; beyond the connection limit a connection is answered 503 at once;
    the server keeps answering throughout."""
    with served(tmp_path, "--request-timeout", "1", "--max-connections", "40") as server:
        idle = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(30)]
        half = socket.create_connection(("127.0.0.1", server.port))
        half.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")  # never finished
        over = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(15)]
        refused = 0
        for s in over:
            s.settimeout(5)
            with contextlib.suppress(OSError):
                if s.recv(4096).startswith(b"HTTP/1.1 503"):
                    refused += 1
        assert refused >= 5
        for s in over:
            s.close()
        t0 = time.monotonic()
        assert all(drained_until_closed(s, 5) for s in [*idle, half])
        assert time.monotonic() - t0 < 5
        for s in [*idle, half]:
            s.close()
        assert server.get("/api/health")["ok"]


def test_half_open_websocket_is_cut_by_the_ping(tmp_path: Path) -> None:
    """A spectator that never answers the server's pings (a half-open connection:
    nothing to send it, so no send ever times out) is cut after the ping
    interval and timeout."""
    with served(tmp_path, "--ping-interval", "1", "--ping-timeout", "1") as server:
        made = server.post(
            "/api/tables", {"game": "bigtwo", "seats": seats("human", "greedy", "greedy", "greedy")}
        )
        s = raw_websocket(server.port)
        s.sendall(ws_frame(json.dumps({"type": "join", "table": made["table"]})))
        t0 = time.monotonic()
        assert drained_until_closed(s, 10)
        assert 1.5 < time.monotonic() - t0 < 6
        s.close()


def test_websocket_that_never_joins_is_closed(tmp_path: Path) -> None:
    with (
        TestClient(make_server(tmp_path, join_timeout=0.3).app) as c,
        c.websocket_connect("/ws") as ws,
    ):
        ws.send_text(json.dumps({"type": "ping"}))
        assert receive(ws)["type"] == "pong"
        m = receive(ws)
        assert m["type"] == "error" and m["code"] == "idle"
        with pytest.raises(WebSocketDisconnect) as info:
            ws.receive_json()
        assert info.value.code == CLOSE_IDLE


def test_spectator_and_table_connection_limits(tmp_path: Path) -> None:
    with TestClient(make_server(tmp_path, max_spectators=2, max_table_connections=7).app) as c:
        made = c.post(
            "/api/tables",
            json={"game": "bigtwo", "seats": seats("human", "greedy", "greedy", "greedy")},
        )
        table, token = made.json()["table"], made.json()["seats"][0]["token"]
        with contextlib.ExitStack() as stack:
            for _ in range(2):
                join(stack.enter_context(c.websocket_connect("/ws")), table)
            ws = stack.enter_context(c.websocket_connect("/ws"))
            ws.send_text(json.dumps({"type": "join", "table": table}))
            m = receive(ws)
            assert m["type"] == "error" and m["code"] == "full" and "spectators" in m["message"]
            with pytest.raises(WebSocketDisconnect) as info:
                ws.receive_json()
            assert info.value.code == CLOSE_FULL
            # the player's devices: up to the table's limit (7 = 2 spectators + 5)
            for _ in range(5):
                join(stack.enter_context(c.websocket_connect("/ws")), table, token)
            ws = stack.enter_context(c.websocket_connect("/ws"))
            ws.send_text(json.dumps({"type": "join", "table": table, "token": token}))
            assert receive(ws)["code"] == "full"


def test_server_websocket_limit_in_process(tmp_path: Path) -> None:
    with (
        TestClient(make_server(tmp_path, max_connections=2).app) as c,
        c.websocket_connect("/ws"),
        c.websocket_connect("/ws"),
        c.websocket_connect("/ws") as third,
    ):
        assert receive(third)["code"] == "full"


def test_spectator_join_is_not_broadcast(tmp_path: Path, monkeypatch: Any) -> None:
    """A spectator's join builds and sends one state, the spectator's: nothing is
    built for the players (before, every join rebroadcast to everyone), and they
    get nothing (a ping's pong is their next message)."""
    srv = make_server(tmp_path)
    with TestClient(srv.app) as client:
        made = client.post(
            "/api/tables",
            json={
                "game": "bigtwo",
                "seed": 0,
                "seats": seats("human", "human", "greedy", "greedy"),
            },
        )
        body = made.json()
        table = srv.tables[body["table"]].table
        # a human starts: no bot plays (and broadcasts) while the sockets join
        assert table.to_act == 0 and not table.log
        with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
            join(a, body["table"], body["seats"][0]["token"])
            join(b, body["table"], body["seats"][1]["token"])
            assert receive(a)["type"] == "state"  # b connected: a sees it
            built: list[int | None] = []
            original = table.state

            def spy(seat: int | None, *args: Any) -> dict[str, Any]:
                built.append(seat)
                return original(seat, *args)

            monkeypatch.setattr(table, "state", spy)
            for _ in range(3):
                with client.websocket_connect("/ws") as w:
                    join(w, body["table"])
            assert built == [None, None, None]
            a.send_text(json.dumps({"type": "ping"}))
            assert receive(a)["type"] == "pong"


# ----- 3. same origin, JSON only ----------------------------------------------------------------


def test_state_changing_requests_are_same_origin_and_json(tmp_path: Path) -> None:
    srv = ChupaiServer(
        str(tmp_path / "t.sqlite3"), bot_delay=0, origins=["https://cards.example.org"]
    )
    body = json.dumps({"game": "bigtwo", "seats": seats("human", "greedy", "greedy", "greedy")})
    with TestClient(srv.app) as c:
        r = c.post("/api/tables", content=body, headers={"Content-Type": "text/plain"})
        assert r.status_code == 415 and r.json()["field"] == "Content-Type"
        r = c.post(
            "/api/tables",
            content=body,
            headers={"Content-Type": "application/x-www-form-urlencoded"},
        )
        assert r.status_code == 415
        for origin in ("https://evil.example", "null", "http://testserver.evil.example"):
            r = c.post(
                "/api/tables",
                content=body,
                headers={"Content-Type": "application/json", "Origin": origin},
            )
            assert r.status_code == 403 and r.json()["field"] == "Origin", origin
        assert srv.tables == {}
        for origin in ("http://testserver", "https://cards.example.org", None):
            headers = {"Content-Type": "application/json; charset=utf-8"}
            if origin:
                headers["Origin"] = origin
            assert c.post("/api/tables", content=body, headers=headers).status_code == 201
        assert len(srv.tables) == 3


# ----- 4. replay frames: computed once, bounded ---------------------------------------------


def _finish_a_table(c: TestClient) -> str:
    made = c.post(
        "/api/tables",
        json={
            "game": "doudizhu",
            "seed": 3,
            "deals": 1,
            "seats": seats("human", "greedy", "greedy"),
        },
    ).json()
    with c.websocket_connect("/ws") as ws:
        state = join(ws, made["table"], made["seats"][0]["token"])
        while not state["match"]["over"]:
            if state["legal"]:
                ws.send_text(
                    json.dumps(
                        {"type": "act", "seq": state["seq"], "action": state["legal"][-1]["i"]}
                    )
                )
            state = receive(ws)
            assert state["type"] == "state", state
    return str(made["table"])


def test_replay_frames_are_computed_once(tmp_path: Path) -> None:
    srv = make_server(tmp_path)
    with TestClient(srv.app) as c:
        table = _finish_a_table(c)
        first = c.get(f"/api/records/{table}/frames")
        assert first.status_code == 200 and first.headers["content-encoding"] == "gzip"
        results: list[Any] = []
        threads = [
            threading.Thread(
                target=lambda: results.append(c.get(f"/api/records/{table}/frames").json())
            )
            for _ in range(6)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert all(r == first.json() for r in results) and len(results) == 6
        plain = c.get(f"/api/records/{table}/frames", headers={"Accept-Encoding": "identity"})
        assert "content-encoding" not in plain.headers and plain.json() == first.json()
        assert srv.frames_cache.computed == 1
        assert c.get("/api/records/nope/frames").status_code == 404


def test_replay_frames_queue_is_bounded(monkeypatch: Any) -> None:
    """One table at a time is prepared; requests for the same table share the
    computation, and more than ``queue`` tables waiting are refused."""
    from chupai.web import frames

    calls: list[str] = []

    def slow(stored: Any) -> bytes:
        calls.append(stored.id)
        time.sleep(0.2)
        return stored.id.encode()

    monkeypatch.setattr(frames, "frames_document", slow)

    class Stored:
        def __init__(self, table_id: str):
            self.id = table_id

    async def scenario() -> list[Any]:
        cache = frames.FramesCache(1 << 20, 2)
        jobs = [cache.get(Stored(t)) for t in ("a", "a", "a", "b", "c")]  # type: ignore[arg-type]
        out = await asyncio.gather(*jobs, return_exceptions=True)
        again = await cache.get(Stored("a"))  # type: ignore[arg-type]
        cache.close()
        return [*out, again]

    out = asyncio.run(scenario())
    assert out[:4] == [b"a", b"a", b"a", b"b"] and isinstance(out[4], frames.Busy)
    assert out[5] == b"a" and calls == ["a", "b"]


# ----- 5. input validation, paging, stale ---------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"deals": "3"}, "deals"),
        ({"deals": True}, "deals"),
        ({"deals": 2.0}, "deals"),
        ({"seed": "12"}, "seed"),
        ({"turn_seconds": "60"}, "turn_seconds"),
        ({"seats": seats("human", "search:margin=nan", "greedy", "greedy")}, "seats.1.level"),
        ({"seats": seats("human", "search:ms=inf", "greedy", "greedy")}, "seats.1.level"),
    ],
)
def test_mistyped_and_non_finite_values_are_refused(
    client: TestClient, change: dict[str, Any], field: str
) -> None:
    body = {"game": "bigtwo", "seats": seats("human", "greedy", "greedy", "greedy"), **change}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400, r.text
    assert r.json()["field"] == field


def test_records_are_paged(tmp_path: Path) -> None:
    srv = make_server(tmp_path)
    with TestClient(srv.app) as c:
        con = sqlite3.connect(srv.store.path)
        with con:
            for i in range(7):
                con.execute(
                    "INSERT INTO tables (id, created, config, status, finished, record) "
                    "VALUES (?, ?, ?, 'over', ?, ?)",
                    (
                        f"t{i}",
                        i,
                        json.dumps({"game": "bigtwo"}),
                        100 + i,
                        json.dumps({"spec": "bigtwo", "totals": [i]}),
                    ),
                )
        con.close()
        everything = c.get("/api/records").json()
        assert [r["table"] for r in everything["records"]] == [f"t{i}" for i in range(6, -1, -1)]
        assert "next" not in everything
        page = c.get("/api/records?limit=3").json()
        assert [r["table"] for r in page["records"]] == ["t6", "t5", "t4"]
        page = c.get(page["next"]).json()
        assert [r["table"] for r in page["records"]] == ["t3", "t2", "t1"]
        page = c.get(page["next"]).json()
        assert [r["table"] for r in page["records"]] == ["t0"] and "next" not in page
        for query, field in (
            ("limit=0", "limit"),
            ("limit=201", "limit"),
            ("offset=-1", "offset"),
            ("offset=x", "offset"),
            ("limit=1.5", "limit"),
        ):
            r = c.get(f"/api/records?{query}")
            assert r.status_code == 400 and r.json()["field"] == field, query


def test_double_click_after_the_turn_passed_is_stale(tmp_path: Path) -> None:
    """The second click of a double click arrives when the turn has passed to a
    bot (which waits its delay): it is refused as ``stale``, as documented, and so
    is a hint for the old state."""
    srv = ChupaiServer(str(tmp_path / "t.sqlite3"), bot_delay=2)
    with TestClient(srv.app) as c:
        made = c.post(
            "/api/tables",
            json={
                "game": "bigtwo",
                "seed": 0,  # the human starts: no bot delay before its turn
                "seats": seats("human", "greedy", "greedy", "greedy"),
            },
        ).json()
        with c.websocket_connect("/ws") as ws:
            state = join(ws, made["table"], made["seats"][0]["token"])
            while not state["legal"]:
                state = receive(ws)
            act = json.dumps({"type": "act", "seq": state["seq"], "action": state["legal"][0]["i"]})
            ws.send_text(act)
            after = receive(ws)
            assert after["type"] == "state" and after["turn"]["seat"] != 0
            ws.send_text(act)
            err = receive(ws)
            assert err["type"] == "error" and err["code"] == "stale", err
            ws.send_text(json.dumps({"type": "hint", "seq": state["seq"]}))
            assert receive(ws)["code"] == "stale"
            ws.send_text(json.dumps({"type": "act", "seq": after["seq"], "action": 0}))
            assert receive(ws)["code"] == "not_your_turn"


def test_serve_help_lists_every_limit() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "chupai", "serve", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    import dataclasses

    for f in dataclasses.fields(Limits):
        assert "--" + f.name.replace("_", "-") in out.stdout
    doc = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text()
    for f in dataclasses.fields(Limits):
        assert "`--" + f.name.replace("_", "-") in doc, f.name
    bad = subprocess.run(
        [sys.executable, "-m", "chupai", "serve", "--send-timeout", "0"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and "--send-timeout" in bad.stderr


def test_outbox_never_waits_and_drops_a_slow_receiver() -> None:
    """:class:`Outbox`: ``put`` returns at once whatever the socket does; a socket
    whose send never completes is dropped (4008) when its queue overflows or a
    send outlasts the timeout, and ``on_drop`` is called once."""
    from chupai.web.conn import CLOSE_SLOW, Outbox

    class Stuck:
        def __init__(self) -> None:
            self.closed: list[int] = []

        async def send_text(self, text: str) -> None:
            await asyncio.sleep(3600)  # a peer that never reads

        async def close(self, code: int = 1000, reason: str = "") -> None:
            self.closed.append(code)

    async def scenario() -> tuple[list[int], list[int], list[int], float]:
        dropped: list[int] = []
        ws = Stuck()
        out = Outbox(ws, limit=5, timeout=60, on_drop=lambda: dropped.append(1))
        t0 = time.perf_counter()
        accepted = [out.put("x" * 1000) for _ in range(20)]
        took = time.perf_counter() - t0
        await asyncio.sleep(0.05)
        assert out.dropped == CLOSE_SLOW and accepted.count(True) == 5
        timed = Stuck()
        late = Outbox(timed, limit=100, timeout=0.1)
        late.put("x")
        await asyncio.sleep(0.3)
        assert late.dropped == CLOSE_SLOW and not late.put("y")
        return dropped, ws.closed, timed.closed, took

    dropped, closed, timed_closed, took = asyncio.run(scenario())
    assert dropped == [1] and closed == [CLOSE_SLOW] and timed_closed == [CLOSE_SLOW]
    assert took < 0.05


def test_replay_frames_in_a_server_process(tmp_path: Path) -> None:
    """Under ``chupai serve`` the frames are prepared in a worker process: six
    requests at once for a finished table get the same answer while another
    table's socket keeps answering at once."""
    websockets = pytest.importorskip("websockets.sync.client")
    with served(tmp_path) as server:
        made = server.post(
            "/api/tables",
            {
                "game": "doudizhu",
                "seed": 3,
                "deals": 2,
                "seats": seats("human", "greedy", "greedy"),
            },
        )
        other = server.post(
            "/api/tables", {"game": "bigtwo", "seats": seats("human", "greedy", "greedy", "greedy")}
        )
        url = f"ws://127.0.0.1:{server.port}/ws"
        with websockets.connect(url, proxy=None, max_size=2**22) as ws:
            ws.send(
                json.dumps(
                    {"type": "join", "table": made["table"], "token": made["seats"][0]["token"]}
                )
            )
            while True:
                msg = json.loads(ws.recv(timeout=20))
                if msg["type"] == "state" and msg["match"]["over"]:
                    break
                if msg["type"] == "state" and msg["legal"]:
                    ws.send(
                        json.dumps(
                            {"type": "act", "seq": msg["seq"], "action": msg["legal"][-1]["i"]}
                        )
                    )
        answers: list[Any] = []
        path = f"/api/records/{made['table']}/frames"
        threads = [
            threading.Thread(target=lambda: answers.append(server.get(path, timeout=60)))
            for _ in range(6)
        ]
        with websockets.connect(url, proxy=None, max_size=2**22) as ws:
            ws.send(json.dumps({"type": "join", "table": other["table"]}))
            ws.recv(timeout=10)
            ws.recv(timeout=10)
            for t in threads:
                t.start()
            rtts = []
            while any(t.is_alive() for t in threads):
                t0 = time.monotonic()
                ws.send(json.dumps({"type": "ping"}))
                assert json.loads(ws.recv(timeout=10))["type"] == "pong"
                rtts.append(time.monotonic() - t0)
                time.sleep(0.02)
            for t in threads:
                t.join()
        assert len(answers) == 6 and all(a == answers[0] for a in answers)
        assert answers[0]["frames"][-1]["public"]["outcome"] is not None
        assert max(rtts, default=0) < 1.0
