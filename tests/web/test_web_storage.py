"""``chupai serve`` under attack, the bots', storage's and secrecy's half (issue 14):
bot levels limited to the offered ones with capped budgets, a per-decision time
limit, the finish in the last action's transaction and the start-up repair,
storage errors logged, told and retried, Big A's reveal step of a fixed length,
one server per database, private database files, a corrupted database refused,
the match seed kept until the match ends."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient  # noqa: E402

from chupai.errors import ChupaiError  # noqa: E402
from chupai.web import guards  # noqa: E402
from chupai.web.app import ChupaiServer  # noqa: E402
from chupai.web.store import DatabaseLocked, Store  # noqa: E402
from chupai.web.tables import Table  # noqa: E402

SRC = str(Path(__file__).resolve().parents[2] / "src")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[ChupaiServer, TestClient]]:
    srv = ChupaiServer(str(tmp_path / "t.sqlite3"), bot_delay=0)
    with TestClient(srv.app) as client:
        yield srv, client


def seats(*kinds: str) -> list[dict[str, Any]]:
    return [{"kind": "human"} if k == "human" else {"kind": "bot", "level": k} for k in kinds]


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json())


def join(ws: Any, table: str, token: str | None = None) -> dict[str, Any]:
    msg: dict[str, Any] = {"type": "join", "table": table}
    if token is not None:
        msg["token"] = token
    ws.send_text(json.dumps(msg))
    assert ws.receive_json()["type"] == "welcome"
    return dict(ws.receive_json())


def play_to_end(ws: Any, state: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play the last legal entry whenever asked until the match ends; the errors met."""
    errors = []
    acted = None
    while not state["match"]["over"]:
        if state["legal"] and state["seq"] != acted:
            acted = state["seq"]
            ws.send_text(
                json.dumps({"type": "act", "seq": state["seq"], "action": state["legal"][-1]["i"]})
            )
        msg = dict(ws.receive_json())
        if msg["type"] == "error":
            errors.append(msg)
        else:
            state = msg
    return state, errors


# ----- bots ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "level", "says"),
    [
        ("doudizhu", "dmc:path=/etc/passwd", "levels"),
        ("doudizhu", "rlcard", "levels"),
        ("bigtwo", "search:ms=inf", "ms"),
        ("bigtwo", "search:ms=nan", "ms"),
        ("bigtwo", "search:ms=600000", "ms"),
        ("bigtwo", "search:playouts=1000000000", "playouts"),
        ("bigtwo", "search:determinizations=100000", "determinizations"),
        ("bigtwo", "search:margin=1e308", "margin"),
        ("bigtwo", "search:playouts=big", "playouts"),
    ],
)
def test_web_bot_levels_are_the_offered_ones_with_capped_budgets(
    server: Any, game: str, level: str, says: str
) -> None:
    srv, client = server
    players = 3 if game == "doudizhu" else 4
    r = client.post(
        "/api/tables",
        json={
            "game": game,
            "seats": [{"kind": "human"}, {"kind": "bot", "level": level}]
            + seats(*["greedy"] * (players - 2)),
        },
    )
    assert r.status_code == 400, r.text
    assert r.json()["field"] == "seats.1.level"
    assert says in r.json()["error"]
    assert srv.tables == {}
    offered = {g["key"]: g["bots"] for g in client.get("/api/games").json()["games"]}
    assert "rlcard" not in offered["doudizhu"] and "dmc" not in offered["doudizhu"]
    # a budget within the bounds is fine
    create(
        client, game="bigtwo", seats=seats("human", "search:ms=50,playouts=20", "greedy", "greedy")
    )


class _SlowBot:
    name = "slow"

    def __init__(self, release: threading.Event) -> None:
        self.release = release

    def act(self, observation: Any, legal: Any) -> Any:
        self.release.wait(5)
        return legal[0]


def test_a_bot_over_its_time_has_the_fallback_played_and_logged(
    tmp_path: Path, monkeypatch: Any, caplog: Any
) -> None:
    release = threading.Event()
    original = Table.bot_choice

    def slow_choice(self: Table) -> tuple[int, Any, Any, list[Any]]:
        seat, _, obs, legal = original(self)
        return seat, _SlowBot(release), obs, legal

    monkeypatch.setattr(Table, "bot_choice", slow_choice)
    srv = ChupaiServer(str(tmp_path / "t.sqlite3"), bot_delay=0, bot_seconds=0.2)
    assert srv.bot_pool._max_workers == guards.BOT_WORKERS  # its own, bounded pool
    caplog.set_level(logging.WARNING, logger="chupai.serve")
    try:
        with TestClient(srv.app) as client:
            made = create(
                client, game="bigtwo", seed=3, seats=seats("human", "greedy", "greedy", "greedy")
            )
            with client.websocket_connect("/ws") as ws:
                state = join(ws, made["table"], made["seats"][0]["token"])
                start = time.monotonic()
                for _ in range(3):  # the bots' turns go by, each after its time limit
                    while not state["legal"]:
                        state = dict(ws.receive_json())
                    ws.send_text(
                        json.dumps(
                            {"type": "act", "seq": state["seq"], "action": state["legal"][-1]["i"]}
                        )
                    )
                    state = dict(ws.receive_json())
                while not state["legal"]:
                    state = dict(ws.receive_json())
                assert time.monotonic() - start < 20
    finally:
        release.set()
    assert "took more than 0.2 s" in caplog.text
    assert sum(1 for e in srv.store.load_tables("playing")[0].log if e.seat != 0) >= 6


# ----- the finish and the start-up repair ----------------------------------------------------


def _play_a_match(db: Path) -> str:
    srv = ChupaiServer(str(db), bot_delay=0)
    with TestClient(srv.app) as client:
        made = create(
            client, game="doudizhu", seed=7, deals=1, seats=seats("human", "greedy", "greedy")
        )
        with client.websocket_connect("/ws") as ws:
            state, _ = play_to_end(ws, join(ws, made["table"], made["seats"][0]["token"]))
        assert state["match"]["over"]
        return str(made["table"])


def test_the_last_action_and_the_finish_are_one_transaction(
    tmp_path: Path, monkeypatch: Any
) -> None:
    calls: list[tuple[str, Any]] = []
    append, finish = Store.append, Store.finish

    async def spy_append(self: Store, table_id: str, entry: Any, record: Any = None) -> None:
        calls.append(("append", record))
        await append(self, table_id, entry, record)

    async def spy_finish(self: Store, *args: Any) -> None:
        calls.append(("finish", args))
        await finish(self, *args)

    monkeypatch.setattr(Store, "append", spy_append)
    monkeypatch.setattr(Store, "finish", spy_finish)
    table = _play_a_match(tmp_path / "t.sqlite3")
    assert [kind for kind, _ in calls].count("finish") == 0
    assert calls[-1][0] == "append" and calls[-1][1]["format"] == "chupai-match"
    assert all(record is None for _, record in calls[:-1])
    con = sqlite3.connect(tmp_path / "t.sqlite3")
    assert con.execute("SELECT status FROM tables WHERE id = ?", (table,)).fetchone()[0] == "over"


def test_a_kill_between_the_last_action_and_the_finish_is_repaired_at_start(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    table = _play_a_match(db)
    # the database as an older server left it when killed after the last action's commit
    con = sqlite3.connect(db)
    with con:
        con.execute(
            "UPDATE tables SET status = 'playing', finished = NULL, record = NULL WHERE id = ?",
            (table,),
        )
    con.close()
    srv = ChupaiServer(str(db), bot_delay=0)
    with TestClient(srv.app) as client:
        rec = client.get(f"/api/records/{table}")
        assert rec.status_code == 200
        assert rec.json()["format"] == "chupai-match"
        assert [r["table"] for r in client.get("/api/records").json()["records"]] == [table]
        assert client.get(f"/api/tables/{table}").json()["status"] == "over"


# ----- storage errors ------------------------------------------------------------------------


def test_a_failed_write_is_logged_told_and_retried(
    tmp_path: Path, monkeypatch: Any, caplog: Any
) -> None:
    monkeypatch.setattr(guards, "STORE_RETRY", (0.05, 0.1))
    caplog.set_level(logging.WARNING, logger="chupai.serve")
    srv = ChupaiServer(str(tmp_path / "t.sqlite3"), bot_delay=0)
    append = srv.store.append
    failures = {"left": 0, "calls": 0}

    async def flaky(table_id: str, entry: Any, record: Any = None) -> None:
        failures["calls"] += 1
        if failures["calls"] in (2, 3, 4):  # a bot's action after the human's first
            raise sqlite3.OperationalError("database or disk is full")
        await append(table_id, entry, record)

    monkeypatch.setattr(srv.store, "append", flaky)
    with TestClient(srv.app) as client:
        made = create(
            client, game="bigtwo", seed=5, seats=seats("human", "greedy", "greedy", "greedy")
        )
        with client.websocket_connect("/ws") as ws:
            state, errors = play_to_end(ws, join(ws, made["table"], made["seats"][0]["token"]))
        assert state["match"]["over"]
        assert client.get(f"/api/records/{made['table']}").status_code == 200
    assert [e["code"] for e in errors] == ["storage"]
    assert "disk is full" in errors[0]["message"]
    assert "could not be stored" in caplog.text and "storing works again" in caplog.text
    assert srv.storage_errors == 3
    stored = srv.store.load_tables("over")[0]
    assert [e.seq for e in stored.log] == list(range(len(stored.log)))


def test_table_creation_on_a_full_disk_answers_a_clear_error(server: Any, monkeypatch: Any) -> None:
    srv, client = server

    async def full(*args: Any) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(srv.store, "create_table", full)
    r = client.post(
        "/api/tables",
        json={"game": "bigtwo", "seats": seats("human", "greedy", "greedy", "greedy")},
    )
    assert r.status_code == 503
    assert "disk is full" in r.json()["error"] and r.json()["field"] is None
    assert srv.tables == {}


# ----- Big A's reveal step -------------------------------------------------------------------


def _reveal_step(tmp_path: Path, seed: int, think: float) -> tuple[float, list[str], bool]:
    """A Big A deal with one human (seat 0) and four bots, watched by a spectator:
    how long the spectator sees the reveal step last, the phases it sees, and
    whether the human was asked in the step (it answers after ``think`` s)."""
    srv = ChupaiServer(str(tmp_path / f"r{seed}.sqlite3"), bot_delay=0, reveal_seconds=0.6)
    seen: list[tuple[float, str]] = []
    with TestClient(srv.app) as client:
        made = create(
            client,
            game="biga",
            seed=seed,
            seats=seats("human", "greedy", "greedy", "greedy", "greedy"),
        )
        with client.websocket_connect("/ws") as watch, client.websocket_connect("/ws") as ws:
            join(watch, made["table"])

            def spectate() -> None:
                while True:
                    msg = watch.receive_json()
                    phase = msg["view"]["public"]["phase"]
                    seen.append((time.monotonic(), phase))
                    if phase == "play":
                        return

            watcher = threading.Thread(target=spectate)
            watcher.start()
            state = join(ws, made["table"], made["seats"][0]["token"])
            asked = False
            while watcher.is_alive():
                if state["legal"] and state["view"]["public"]["phase"] != "play":
                    if state["view"]["public"]["phase"] in ("reveal", "show_second"):
                        asked = True
                        time.sleep(think)
                    ws.send_text(
                        json.dumps(
                            {"type": "act", "seq": state["seq"], "action": state["legal"][-1]["i"]}
                        )
                    )
                try:
                    state = dict(ws.receive_json())
                except Exception:  # pragma: no cover - the socket closed
                    break
                if state["view"]["public"]["phase"] == "play":
                    break
            watcher.join(10)
    phases = [p for _, p in seen]
    start = next(t for t, p in seen if p == "reveal")
    end = next(t for t, p in seen if p == "play")
    compact = [p for i, p in enumerate(phases) if i == 0 or phases[i - 1] != p]
    return end - start, compact, asked


def test_the_reveal_step_lasts_the_same_whoever_the_partner_is(tmp_path: Path) -> None:
    human, human_phases, asked = _reveal_step(tmp_path, 15, think=0.3)  # seat 0 is the partner
    assert asked
    bot, bot_phases, asked = _reveal_step(tmp_path, 0, think=0.3)  # a bot is
    assert not asked
    assert human_phases == bot_phases == ["draw", "reveal", "play"]
    for seconds in (human, bot):
        assert 0.55 <= seconds <= 1.0, (human, bot)
    assert abs(human - bot) < 0.25, (human, bot)


@pytest.mark.parametrize("answer", [False, True])
def test_a_human_in_the_reveal_step_waits_for_its_end(tmp_path: Path, answer: bool) -> None:
    """A human's answer is applied when the step ends (a second one is stale); a
    human who does not answer has the hint bot's choice played then."""
    srv = ChupaiServer(str(tmp_path / "t.sqlite3"), bot_delay=0, reveal_seconds=0.4)
    with TestClient(srv.app) as client:
        made = create(
            client,
            game="biga",
            seed=15,
            seats=seats("human", "greedy", "greedy", "greedy", "greedy"),
        )
        with client.websocket_connect("/ws") as ws:
            state = join(ws, made["table"], made["seats"][0]["token"])
            while state["view"]["public"]["phase"] not in ("reveal", "show_second"):
                if state["legal"]:
                    ws.send_text(
                        json.dumps(
                            {"type": "act", "seq": state["seq"], "action": state["legal"][-1]["i"]}
                        )
                    )
                state = dict(ws.receive_json())
            while not state["legal"]:
                state = dict(ws.receive_json())
            asked = time.monotonic()
            assert state["turn"]["deadline_ms"] is not None
            if answer:
                for _ in range(2):
                    ws.send_text(
                        json.dumps(
                            {"type": "act", "seq": state["seq"], "action": state["legal"][-1]["i"]}
                        )
                    )
                assert ws.receive_json()["code"] == "stale"  # the second: already given
            while state["view"]["public"]["phase"] != "play":
                state = dict(ws.receive_json())
            assert time.monotonic() - asked >= 0.3
        log = srv.store.load_tables("playing")[0].log
        step = next(e for e in log if e.text in ("stay_hidden", "reveal_partner"))
        assert step.seat == 0 and step.auto is not answer


# ----- the database --------------------------------------------------------------------------


def test_a_second_server_on_the_same_database_refuses_naming_the_holder(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    first = Store(str(db))
    try:
        with pytest.raises(DatabaseLocked, match=f"pid {os.getpid()}"):
            Store(str(db))
        out = subprocess.run(
            [sys.executable, "-m", "chupai", "serve", "--db", str(db), "--port", "0"],
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "PYTHONPATH": SRC},
        )
        assert out.returncode == 2
        assert f"pid {os.getpid()}" in out.stderr and "in use" in out.stderr
        assert "Traceback" not in out.stderr
    finally:
        first.close()
    Store(str(db)).close()  # free again once the holder is gone


def test_database_files_are_private(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    srv = ChupaiServer(str(db), bot_delay=0)
    with TestClient(srv.app) as client:
        create(client, game="bigtwo", seats=seats("human", "greedy", "greedy", "greedy"))
        files = [p for p in tmp_path.iterdir() if p.name.startswith("t.sqlite3")]
        assert {p.name for p in files} >= {"t.sqlite3", "t.sqlite3-wal", "t.sqlite3-shm"}
        for p in files:
            assert stat.S_IMODE(p.stat().st_mode) & 0o077 == 0, (p, oct(p.stat().st_mode))
    # an older, world-readable database is made private
    old = tmp_path / "old.sqlite3"
    sqlite3.connect(old).close()
    old.chmod(0o644)
    Store(str(old)).close()
    assert stat.S_IMODE(old.stat().st_mode) == 0o600


def test_a_corrupted_database_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite3"
    Store(str(db)).close()
    con = sqlite3.connect(db)
    with con:
        con.executemany(
            "INSERT INTO tables (id, created, config, status) VALUES (?, 0, ?, 'over')",
            [(f"t{i}", "x" * 200) for i in range(500)],
        )
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    size = db.stat().st_size
    with open(db, "r+b") as f:
        f.seek(size // 2)
        f.write(b"\xff" * 3000)
    with pytest.raises(ChupaiError, match="corrupted"):
        Store(str(db))
    out = subprocess.run(
        [sys.executable, "-m", "chupai", "serve", "--db", str(db)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": SRC},
    )
    assert out.returncode == 2 and "corrupted" in out.stderr and "Traceback" not in out.stderr


# ----- the seed ------------------------------------------------------------------------------


def test_the_match_seed_stays_on_the_server_until_the_match_ends(server: Any) -> None:
    srv, client = server
    made = create(client, game="doudizhu", deals=1, seats=seats("human", "greedy", "greedy"))
    assert made["seed"] is None  # the server drew it: nobody learns it before the end
    table = made["table"]
    assert "seed" not in json.dumps(client.get(f"/api/tables/{table}").json())
    with client.websocket_connect("/ws") as ws:
        first = join(ws, table, made["seats"][0]["token"])
        assert str(srv.tables[table].table.config["seed"]) not in json.dumps(first)
        state, _ = play_to_end(ws, first)
    rec = client.get(f"/api/records/{table}").json()
    assert rec["seed"] == srv.tables[table].table.config["seed"]  # in the record once over
    chosen = create(client, game="doudizhu", seed=42, seats=seats("human", "greedy", "greedy"))
    assert chosen["seed"] == 42  # a seed the creator gave is theirs already


# ----- SIGKILLs during play ------------------------------------------------------------------


def _kill(killed: threading.Event, server: Any) -> None:
    killed.set()
    server.kill()


def _kill_and_restart(tmp_path: Path, kills: int, seed: int) -> None:
    """Play tables (a human of ours and bots) on a real server process killed with
    SIGKILL at random moments ``kills`` times: after each restart every action the
    server acknowledged (its state came back) is in the database in order, and
    every match seen over has its record."""
    import random
    import sqlite3 as sql

    pytest.importorskip("websockets")
    from web_helpers import ServerProcess
    from websockets.sync.client import connect

    rng = random.Random(seed)
    db = tmp_path / "kills.sqlite3"
    server = ServerProcess(db).start()
    tokens: dict[str, str] = {}
    acked: dict[str, int] = {}
    """Per table: how many of our human's actions the server acknowledged."""
    over: set[str] = set()

    def new_table() -> None:
        game, n = rng.choice((("bigtwo", 4), ("doudizhu", 3)))
        made = server.post(
            "/api/tables",
            {
                "game": game,
                "deals": 2,
                "seed": rng.randrange(10**6),
                "seats": seats("human", *["greedy"] * (n - 1)),
            },
        )
        tokens[made["table"]] = made["seats"][0]["token"]
        acked[made["table"]] = 0

    def check() -> None:
        con = sql.connect(db)
        try:
            for table, count in acked.items():
                stored = con.execute(
                    "SELECT COUNT(*) FROM actions WHERE table_id = ? AND seat = 0 AND auto = 0",
                    (table,),
                ).fetchone()[0]
                assert count <= stored <= count + 1, table  # and maybe the one in flight
                acked[table] = stored
        finally:
            con.close()
        for table in over:
            assert server.get(f"/api/records/{table}")["format"] == "chupai-match"

    def finished(table: str) -> bool:
        return bool(server.get(f"/api/records/{table}")["format"] == "chupai-match")

    def join_all(
        stack: contextlib.ExitStack, socks: dict[str, Any], states: dict[str, dict[str, Any]]
    ) -> None:
        while len([t for t in tokens if t not in over]) < 2:
            new_table()
        for table in [t for t in tokens if t not in over and t not in socks]:
            ws = socks[table] = stack.enter_context(connect(server.ws_url()))
            ws.send(json.dumps({"type": "join", "table": table, "token": tokens[table]}))
            answer = json.loads(ws.recv(timeout=20))
            if answer.get("code") == "unknown_table" and finished(table):
                # the match ended before the kill, unseen by this client: the
                # restarted server keeps only playing tables, and the record is stored
                over.add(table)
                del socks[table]
                continue
            assert answer["type"] == "welcome", (answer, _log_so_far(server))
            states[table] = json.loads(ws.recv(timeout=20))

    def step(ws: Any, table: str, state: dict[str, Any]) -> dict[str, Any]:
        """Act when asked (counting the acknowledged actions), else read a state."""
        if not state["legal"]:
            try:
                return dict(json.loads(ws.recv(timeout=0.05)))
            except TimeoutError:
                return state
        entry = rng.choice(state["legal"])
        ws.send(json.dumps({"type": "act", "seq": state["seq"], "action": entry["i"]}))
        msg = json.loads(ws.recv(timeout=20))
        while msg["type"] == "state" and msg["seq"] <= state["seq"]:
            msg = json.loads(ws.recv(timeout=20))
        if msg["type"] != "state":
            return state
        acked[table] += 1  # acknowledged: the server applied it
        return dict(msg)

    def play(last: bool) -> None:
        """Until the server dies (until every table is over in the last round)."""
        socks: dict[str, Any] = {}
        states: dict[str, dict[str, Any]] = {}
        with contextlib.ExitStack() as stack:
            join_all(stack, socks, states)
            end = time.monotonic() + 120
            while time.monotonic() < end:
                for table, ws in socks.items():
                    if not states[table]["match"]["over"]:
                        states[table] = step(ws, table, states[table])
                    if states[table]["match"]["over"]:
                        over.add(table)
                if all(table in over for table in socks):
                    if last:
                        return
                    join_all(stack, socks, states)  # new tables until the kill
            raise AssertionError("the tables did not end in time")

    try:
        for round_ in range(kills + 1):
            if round_:
                server = ServerProcess(db, port=server.port).start()
                check()
            last = round_ == kills
            killed = threading.Event()
            killer = (
                None if last else threading.Timer(rng.uniform(0.3, 1.5), _kill, (killed, server))
            )
            if killer is not None:
                killer.start()
            try:
                play(last)
            except Exception as exc:  # the server was killed under us
                if not killed.is_set():
                    raise
                assert isinstance(exc, (OSError, EOFError, TimeoutError)) or type(
                    exc
                ).__name__.startswith(("ConnectionClosed", "Invalid")), exc
            finally:
                if killer is not None:
                    killer.join()
        check()
        assert all(table in over for table in tokens)
    finally:
        server.stop()


def test_sigkills_during_play_lose_no_acknowledged_action_or_record(tmp_path: Path) -> None:
    _kill_and_restart(tmp_path, kills=3, seed=1)


def _log_so_far(server: Any) -> str:
    """What the live server wrote on stderr so far (without waiting for more)."""
    if server.proc is None or server.proc.stderr is None:
        return ""
    os.set_blocking(server.proc.stderr.fileno(), False)
    try:
        return (server.proc.stderr.read() or b"").decode(errors="replace")[-3000:]
    except BlockingIOError:
        return ""


@pytest.mark.slow
def test_thirty_sigkills_during_play_lose_nothing(tmp_path: Path) -> None:
    _kill_and_restart(tmp_path, kills=30, seed=2)
