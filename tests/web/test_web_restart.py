"""A real ``chupai serve`` process killed with SIGKILL in the middle of games and
started again on the same database: every table comes back in the same state,
its players reconnect with their tokens and play on to the end, nothing lost."""

from __future__ import annotations

import json
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from web_helpers import ServerProcess  # noqa: E402
from websockets.sync.client import ClientConnection, connect  # noqa: E402


def _recv(ws: ClientConnection) -> dict[str, Any]:
    return dict(json.loads(ws.recv(timeout=20)))


def _join(
    server: ServerProcess, table: str, token: str, stack: ExitStack
) -> tuple[ClientConnection, dict[str, Any]]:
    ws = stack.enter_context(connect(server.ws_url()))
    ws.send(json.dumps({"type": "join", "table": table, "token": token}))
    assert _recv(ws)["type"] == "welcome"
    return ws, _recv(ws)


def _wait_turn(ws: ClientConnection, state: dict[str, Any]) -> dict[str, Any]:
    while not state["legal"] and not state["match"]["over"]:
        state = _recv(ws)
    return state


def _act(ws: ClientConnection, state: dict[str, Any]) -> dict[str, Any]:
    ws.send(json.dumps({"type": "act", "seq": state["seq"], "action": state["legal"][-1]["i"]}))
    nxt = state
    while nxt["seq"] <= state["seq"]:  # past states queued before the action's own
        nxt = _recv(ws)
        assert nxt["type"] == "state", nxt
    return nxt


def _poll(ws: ClientConnection, state: dict[str, Any]) -> dict[str, Any]:
    try:
        return dict(json.loads(ws.recv(timeout=0.2)))
    except TimeoutError:
        return state


def _settled(ws: ClientConnection, state: dict[str, Any]) -> dict[str, Any]:
    """The state once bots have moved as far as they can (no message for a while)."""
    while True:
        try:
            state = dict(json.loads(ws.recv(timeout=0.3)))
        except TimeoutError:
            return state


def _quiet(socks: dict[tuple[str, int], tuple[ClientConnection, dict[str, Any]]]) -> None:
    """Read the sockets until every table waits for one of our humans (or is over):
    then nothing moves until we act, and the states read are the tables' own."""
    end = time.monotonic() + 60
    while time.monotonic() < end:
        for key, (ws, state) in list(socks.items()):
            socks[key] = (ws, _poll(ws, state))
        waiting = {}
        for (table, _), (_, state) in socks.items():
            waiting[table] = (
                waiting.get(table, False) or bool(state["legal"]) or state["match"]["over"]
            )
        if all(waiting.values()):
            for key, (ws, state) in list(socks.items()):
                socks[key] = (ws, _settled(ws, state))  # the last queued messages
            return
    raise AssertionError("the tables did not come to rest")


@pytest.mark.slow  # about 15 s; test_web_storage kills a server mid-play in the default run
def test_sigkill_and_restart_lose_nothing(tmp_path: Path) -> None:
    db = tmp_path / "serve.sqlite3"
    server = ServerProcess(db).start()
    stack = ExitStack()
    try:
        dd = server.post(
            "/api/tables",
            {
                "game": "doudizhu",
                "seed": 31,
                "deals": 2,
                "seats": [
                    {"kind": "human", "name": "Ann"},
                    {"kind": "bot", "level": "greedy"},
                    {"kind": "human", "name": "Bo"},
                ],
            },
        )
        b2 = server.post(
            "/api/tables",
            {
                "game": "bigtwo",
                "seed": 32,
                "seats": [
                    {"kind": "human"},
                    {"kind": "bot", "level": "heuristic"},
                    {"kind": "bot", "level": "greedy"},
                    {"kind": "bot", "level": "random"},
                ],
            },
        )
        tokens = {
            (dd["table"], 0): dd["seats"][0]["token"],
            (dd["table"], 2): dd["seats"][2]["token"],
            (b2["table"], 0): b2["seats"][0]["token"],
        }
        socks: dict[tuple[str, int], tuple[ClientConnection, dict[str, Any]]] = {
            key: _join(server, key[0], tok, stack) for key, tok in tokens.items()
        }
        # play a few actions at each table, then let the bots settle
        for _ in range(4):
            for key, (ws, state) in list(socks.items()):
                if state["legal"]:
                    socks[key] = (ws, _act(ws, state))
            _quiet(socks)
        before = {key: state for key, (_, state) in socks.items()}
        assert any(state["seq"] > 3 for state in before.values())
        server.kill()
        stack.close()

        server = ServerProcess(db, port=server.port).start()
        listed = {t["table"]: t for t in server.get("/api/tables")["tables"]}
        assert set(listed) == {dd["table"], b2["table"]}
        for key, tok in tokens.items():
            ws, state = _join(server, key[0], tok, stack)
            state = _settled(ws, state)
            old = before[key]
            assert state["seq"] == old["seq"], key
            assert state["view"] == old["view"], key
            assert state["legal"] == old["legal"], key
            assert state["match"] == old["match"], key
            socks[key] = (ws, state)
        # and the games go on to the end
        for _ in range(2000):
            if all(state["match"]["over"] for _, state in socks.values()):
                break
            for key, (ws, state) in list(socks.items()):
                if state["legal"]:
                    socks[key] = (ws, _act(ws, state))
                elif not state["match"]["over"]:
                    socks[key] = (ws, _poll(ws, state))
        assert all(state["match"]["over"] for _, state in socks.values())
        records = {r["table"] for r in server.get("/api/records")["records"]}
        assert records == {dd["table"], b2["table"]}
        rec = server.get(f"/api/records/{dd['table']}")
        from chupai.doudizhu.match import Match

        assert Match.from_record(rec).counted == 2
    finally:
        stack.close()
        server.stop()
