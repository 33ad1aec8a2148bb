"""Analyses of finished tables through ``chupai serve``'s HTTP interface (issue 23;
Starlette's test client): start, poll, reuse, kept across a restart, refused for
an unknown or unfinished table, a bad seat or budget, and beyond the queue; a
job the stop interrupted is marked failed, never lost. The library's real
:func:`chupai.analysis.analyse_record` runs, with tiny budgets (a few rollouts)."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient  # noqa: E402
from test_web_server import create, join, play_to_end, receive, seats, until_my_turn  # noqa: E402

from chupai.web import analyses  # noqa: E402
from chupai.web.app import ChupaiServer  # noqa: E402
from chupai.web.store import Store  # noqa: E402

TINY = {"quick": 2, "default": 3}
"""The budgets these tests offer: rollouts per decision, tiny so that a deal
analyses in well under a second."""


def new_server(db: Path, **kw: Any) -> ChupaiServer:
    return ChupaiServer(str(db), bot_delay=0, analysis_budgets=TINY, evaluate_budget=2, **kw)


def finished_table(client: TestClient, game: str = "bigtwo", seed: int = 5) -> str:
    """A finished one-deal table (a human who always plays the first legal entry)."""
    bots = {"bigtwo": ("greedy", "greedy", "greedy"), "doudizhu": ("greedy", "greedy")}[game]
    made = create(client, game=game, seed=seed, seats=seats("human", *bots))
    with client.websocket_connect("/ws") as ws:
        play_to_end(ws, join(ws, made["table"], made["seats"][0]["token"]))
    return str(made["table"])


def poll(client: TestClient, table: str, query: str = "", timeout: float = 30) -> dict[str, Any]:
    """GET the analysis until it is done or failed; every answer is well formed."""
    end = time.monotonic() + timeout
    while True:
        r = client.get(f"/api/records/{table}/analysis{query}")
        assert r.status_code == 200, r.text
        body = dict(r.json())
        assert set(body) >= {"status", "done", "total", "analysis", "error"}
        assert body["status"] in ("queued", "running", "done", "failed")
        assert 0 <= body["done"] <= max(body["total"], body["done"])
        if body["status"] in ("done", "failed"):
            return body
        assert body["analysis"] is None
        assert time.monotonic() < end, body
        time.sleep(0.02)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[ChupaiServer, TestClient, str]]:
    srv = new_server(tmp_path / "a.sqlite3")
    with TestClient(srv.app) as client:
        yield srv, client, finished_table(client)


def test_analysis_starts_polls_and_is_reused(served: Any) -> None:
    srv, client, table = served
    r = client.post(f"/api/records/{table}/analysis", json={"seat": 0, "budget": "quick"})
    assert r.status_code == 202, r.text
    assert r.json()["status"] in ("queued", "running") and r.json()["analysis"] is None
    body = poll(client, table, "?seat=0&budget=quick")
    assert body["status"] == "done" and body["error"] is None, body
    a = body["analysis"]
    assert a["format"] == "chupai-analysis" and a["game"] == "bigtwo"
    assert a["seats"] == [0] and a["rollouts"] == TINY["quick"]
    record = client.get(f"/api/records/{table}").json()
    actions = record["deals"][0]["actions"]
    decisions = a["deals"][0]["decisions"]
    assert decisions and body["done"] == body["total"] == len(decisions)
    for d in decisions:  # every decision of seat 0, each one the record's action
        assert d["seat"] == 0 and actions[d["step"]] == {"seat": 0, "action": d["played"]}
        assert d["label"] in ("only", "best", "good", "inaccuracy", "mistake", "blunder")
    assert len(decisions) == sum(1 for x in actions if x["seat"] == 0)
    # asked again: the stored result at once, not a second job
    again = client.post(f"/api/records/{table}/analysis", json={"seat": 0, "budget": "quick"})
    assert again.status_code == 200 and again.json()["analysis"] == a
    assert not srv.analyses.jobs
    # GET without a choice: the table's newest analysis
    assert client.get(f"/api/records/{table}/analysis").json()["analysis"] == a
    # another budget is another job; none of it exists until asked
    r = client.get(f"/api/records/{table}/analysis?budget=default")
    assert r.status_code == 200 and r.json()["status"] == "none"
    assert r.json()["analysis"] is None and r.json()["budget"] == "default"


def test_every_seat_by_default_and_progress_counts_decisions(served: Any) -> None:
    _, client, table = served
    r = client.get(f"/api/records/{table}/analysis")
    assert r.status_code == 200 and r.json()["status"] == "none"  # not asked for yet
    r = client.post(f"/api/records/{table}/analysis", json={})
    assert r.status_code == 202 and r.json()["budget"] == "default"
    body = poll(client, table, "?seat=all&budget=default")
    a = body["analysis"]
    assert body["status"] == "done" and a["seats"] == [0, 1, 2, 3]
    record = client.get(f"/api/records/{table}").json()
    steps = [d["step"] for d in a["deals"][0]["decisions"]]
    assert steps == list(range(len(record["deals"][0]["actions"])))
    assert body["total"] == len(steps)
    # the stored answer, long: gzipped for a client that takes it, the same JSON
    r = client.get(f"/api/records/{table}/analysis", headers={"Accept-Encoding": "gzip"})
    assert len(r.content) > analyses.GZIP_FROM and r.headers["content-encoding"] == "gzip"
    assert r.json()["analysis"] == a
    r = client.get(f"/api/records/{table}/analysis", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in r.headers and r.json()["analysis"] == a


def test_the_analysis_is_kept_across_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite3"
    srv = new_server(db)
    with TestClient(srv.app) as client:
        table = finished_table(client)
        client.post(f"/api/records/{table}/analysis", json={"seat": 1, "budget": "quick"})
        first = poll(client, table, "?seat=1&budget=quick")["analysis"]
    srv = new_server(db)  # a new server on the same database
    with TestClient(srv.app) as client:
        r = client.get(f"/api/records/{table}/analysis?seat=1&budget=quick")
        assert r.status_code == 200 and r.json()["analysis"] == first
        r = client.post(f"/api/records/{table}/analysis", json={"seat": 1, "budget": "quick"})
        assert r.status_code == 200 and r.json()["analysis"] == first
        assert not srv.analyses.jobs


def test_a_job_the_stop_interrupted_is_failed_then_restarted(tmp_path: Path) -> None:
    db = tmp_path / "i.sqlite3"
    srv = new_server(db)
    with TestClient(srv.app) as client:
        table = finished_table(client)
    store = Store(str(db))  # a job queued when the server was killed
    try:
        asyncio.run(store.save_analysis(table, "2", "quick", analyses.ANALYSIS_SEED, "queued"))
    finally:
        store.close()
    srv = new_server(db)
    with TestClient(srv.app) as client:
        body = client.get(f"/api/records/{table}/analysis?seat=2&budget=quick").json()
        assert body["status"] == "failed" and body["error"] == analyses.INTERRUPTED
        r = client.post(f"/api/records/{table}/analysis", json={"seat": 2, "budget": "quick"})
        assert r.status_code == 202
        assert poll(client, table, "?seat=2&budget=quick")["status"] == "done"


def test_unknown_and_unfinished_tables_are_refused(served: Any) -> None:
    _, client, _ = served
    r = client.post("/api/records/nope/analysis", json={})
    assert r.status_code == 404 and r.json()["field"] == "table"
    assert client.get("/api/records/nope/analysis").status_code == 404
    made = create(client, game="bigtwo", seed=1, seats=seats("human", "greedy", "greedy", "greedy"))
    for r in (
        client.post(f"/api/records/{made['table']}/analysis", json={}),
        client.get(f"/api/records/{made['table']}/analysis"),
    ):
        assert r.status_code == 409, r.text
        assert "still being played" in r.json()["error"]


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"budget": "huge"}, "budget", "'huge' is not one of the named budgets (quick, default)"),
        ({"budget": 400}, "budget", "string"),
        ({"seat": 4}, "seat", "seat 4 is not a seat of this game (0 to 3)"),
        ({"seat": -1}, "seat", "greater than or equal to 0"),
        ({"seat": "1"}, "seat", "integer"),
        ({"seats": [1]}, "seats", "Extra inputs"),
    ],
)
def test_bad_requests_are_refused_naming_the_field(
    served: Any, body: dict[str, Any], field: str, words: str
) -> None:
    _, client, table = served
    r = client.post(f"/api/records/{table}/analysis", json=body)
    assert r.status_code == 400, r.text
    assert r.json()["field"] == field and words in r.json()["error"], r.json()
    assert client.post(f"/api/records/{table}/analysis", content=b"[1").status_code == 400
    r = client.get(f"/api/records/{table}/analysis?budget=huge")
    assert r.status_code == 400 and r.json()["field"] == "budget"
    r = client.get(f"/api/records/{table}/analysis?seat=x")
    assert r.status_code == 400 and r.json()["field"] == "seat"


def test_a_foreign_page_may_not_start_an_analysis(served: Any) -> None:
    _, client, table = served
    r = client.post(
        f"/api/records/{table}/analysis", json={}, headers={"Origin": "https://evil.example"}
    )
    assert r.status_code == 403


def test_too_many_waiting_jobs_are_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gate = threading.Event()
    started: list[int] = []

    def held(record: Any, seats: Any, budget: Any, seed: int, progress: Any) -> str:
        progress(0, 1)
        started.append(1)
        gate.wait(10)
        return json.dumps({"format": "chupai-analysis", "deals": []})

    monkeypatch.setattr(analyses, "analyse_text", held)
    srv = new_server(tmp_path / "q.sqlite3", analysis_workers=1, analysis_queue=1)
    with TestClient(srv.app) as client:
        table = finished_table(client)
        try:
            r1 = client.post(f"/api/records/{table}/analysis", json={"seat": 0})
            r2 = client.post(f"/api/records/{table}/analysis", json={"seat": 1})
            assert (r1.status_code, r2.status_code) == (202, 202)
            # the same job again is the one queued, not a new one
            assert (
                client.post(f"/api/records/{table}/analysis", json={"seat": 1}).status_code == 202
            )
            r3 = client.post(f"/api/records/{table}/analysis", json={"seat": 2})
            assert r3.status_code == 429, r3.text
            assert "1 analyses are waiting already" in r3.json()["error"]
            end = time.monotonic() + 5
            while not started and time.monotonic() < end:
                time.sleep(0.01)
            body = client.get(f"/api/records/{table}/analysis?seat=0").json()
            assert body["status"] == "running"
            assert client.get(f"/api/records/{table}/analysis?seat=1").json()["status"] == "queued"
        finally:
            gate.set()
        assert poll(client, table, "?seat=1")["status"] == "done"
        r3 = client.post(f"/api/records/{table}/analysis", json={"seat": 2})
        assert r3.status_code == 202  # room again


def test_a_failing_analysis_is_failed_with_its_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from chupai.errors import ChupaiError

    def bad(*args: Any) -> str:
        raise ChupaiError("this record cannot be analysed: a test says so")

    monkeypatch.setattr(analyses, "analyse_text", bad)
    srv = new_server(tmp_path / "f.sqlite3")
    with TestClient(srv.app) as client:
        table = finished_table(client)
        client.post(f"/api/records/{table}/analysis", json={"seat": 0})
        body = poll(client, table, "?seat=0")
        assert body["status"] == "failed"
        assert body["error"] == "this record cannot be analysed: a test says so"


def test_server_options_are_checked(tmp_path: Path) -> None:
    for kw, words in (
        ({"analysis_workers": 0}, "analysis_workers must be"),
        ({"analysis_queue": 0}, "analysis_queue must be"),
    ):
        with pytest.raises(ValueError, match=words):
            new_server(tmp_path / "o.sqlite3", **kw)
    Store(str(tmp_path / "o.sqlite3")).close()  # the refused servers let their database go


# ----- win chances at a practice table ----------------------------------------------------


def next_of(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (or an error), past the states meanwhile."""
    while True:
        msg = receive(ws)
        if msg["type"] in (kind, "error"):
            return msg
        assert msg["type"] == "state", msg


def test_a_practice_table_gives_win_chances_on_the_humans_turn(served: Any) -> None:
    srv, client, _ = served
    made = create(client, game="bigtwo", seed=8, seats=seats("human", "greedy", "greedy", "greedy"))
    with client.websocket_connect("/ws") as ws:
        state = join(ws, made["table"], made["seats"][0]["token"])
        assert state["practice"] is True
        state = until_my_turn(ws, state)
        ws.send_text(json.dumps({"type": "evaluate", "seq": state["seq"]}))
        reply = next_of(ws, "evaluation")
        assert reply["type"] == "evaluation" and reply["seq"] == state["seq"], reply
        assert reply["rollouts"] == 2 and 1 <= len(reply["actions"]) <= analyses.EVALUATE_TOP
        table = srv.tables[made["table"]].table
        legal = [table.deal.action_text(a) for a in table.legal()]
        for a in reply["actions"]:
            assert legal[a["action"]] == a["text"] and 0 <= a["win"] <= 1
            listed = [e for e in state["legal"] if e["i"] == a["action"]]
            assert not listed or listed[0]["text"] == a["text"]
        values = [a["win"] for a in reply["actions"]]
        assert len(values) == len(set(a["text"] for a in reply["actions"]))
        # a stale seq is refused
        ws.send_text(json.dumps({"type": "evaluate", "seq": state["seq"] + 5}))
        assert next_of(ws, "evaluation")["code"] == "stale"


def test_no_win_chances_where_two_humans_sit(served: Any) -> None:
    _, client, _ = served
    made = create(client, game="bigtwo", seed=8, seats=seats("human", "human", "greedy", "greedy"))
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        sa = join(a, made["table"], made["seats"][0]["token"])
        sb = join(b, made["table"], made["seats"][1]["token"])
        assert sa["practice"] is False and sb["practice"] is False
        for ws, st in ((a, sa), (b, sb)):
            ws.send_text(json.dumps({"type": "evaluate", "seq": st["seq"]}))
            err = next_of(ws, "evaluation")
            assert err["type"] == "error" and err["code"] == "not_practice", err


def test_win_chances_only_for_the_seat_to_act_and_never_for_spectators(served: Any) -> None:
    _, client, _ = served
    made = create(client, game="bigtwo", seed=8, seats=seats("human", "greedy", "greedy", "greedy"))
    with client.websocket_connect("/ws") as ws:
        join(ws, made["table"])
        ws.send_text(json.dumps({"type": "evaluate", "seq": 0}))
        assert next_of(ws, "evaluation")["code"] == "spectator"


# ----- every game -------------------------------------------------------------------------


def stored_finished_table(db: Path, game: str, seed: int = 3) -> tuple[str, dict[str, Any]]:
    """A finished one-deal table of ``game`` put in the database ``db`` (a human
    and random bots, every seat playing a seeded random legal action): its id
    and its match record."""
    import random

    from chupai.protocol import get_game
    from chupai.web.tables import Table, check_config

    players = get_game(game).presets()[get_game(game).default_preset].players
    bots = [{"kind": "bot", "level": "random"}] * (players - 1)
    config = check_config({"game": game, "seed": seed, "seats": [{"kind": "human"}, *bots]})
    table, _ = Table.create(f"done-{game}", config, time.time())
    rng = random.Random(seed)
    while not table.over:
        seat, action = table.to_act, rng.choice(table.legal())
        table.commit(table.prepare(seat, action), action)
    record = dict(table.match.to_record())
    store = Store(str(db))

    async def put() -> None:  # as the server stores a table: its log, then its finish
        await store.create_table(table.id, config, table.stored_seats())
        for entry in table.log:
            last = entry.seq == len(table.log) - 1
            await store.append(table.id, entry, record if last else None)

    try:
        asyncio.run(put())
    finally:
        store.close()
    return table.id, record


def analyse_game(tmp_path: Path, game: str) -> None:
    db = tmp_path / f"{game}.sqlite3"
    table, record = stored_finished_table(db, game)
    with TestClient(new_server(db).app) as client:
        r = client.post(f"/api/records/{table}/analysis", json={"seat": 0, "budget": "quick"})
        assert r.status_code == 202, r.text
        body = poll(client, table, "?seat=0&budget=quick", timeout=120)
    assert body["status"] == "done", body
    a = body["analysis"]
    assert a["game"] == game and a["units"] == "match points"
    for deal, analysed in zip(record["deals"], a["deals"], strict=True):
        mine = [i for i, x in enumerate(deal["actions"]) if x["seat"] == 0]
        assert [d["step"] for d in analysed["decisions"]] == mine
        for d in analysed["decisions"]:
            assert d["played"] == deal["actions"][d["step"]]["action"]
            assert (d["played_value"] is None) == (d["label"] == "only")


def test_a_dou_dizhu_table_with_its_bidding_is_analysed(tmp_path: Path) -> None:
    analyse_game(tmp_path, "doudizhu")


@pytest.mark.slow
@pytest.mark.parametrize("game", ["bigtwo", "doudizhu", "biga", "daguailuzi"])
def test_every_game_is_analysed_through_the_server(tmp_path: Path, game: str) -> None:
    from chupai.protocol import all_games

    assert {s.key for s in all_games()} <= {"bigtwo", "doudizhu", "biga", "daguailuzi", "toy"}
    analyse_game(tmp_path, game)


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux's /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _running(pid: int) -> bool:
    """Whether process ``pid`` is there and not a zombie."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux's /proc")
def test_a_server_stopped_mid_analysis_stops_its_worker_and_fails_the_job(
    tmp_path: Path,
) -> None:
    """A real ``chupai serve``: an analysis runs in a worker process; the server is
    stopped (SIGTERM) in the middle; the worker goes with it, and the next server
    marks the job failed, then starts it again when asked."""
    from web_helpers import ServerProcess

    db = tmp_path / "s.sqlite3"
    table, _ = stored_finished_table(db, "daguailuzi")  # long at the deep budget
    server = ServerProcess(db).start()
    try:
        started = server.post(f"/api/records/{table}/analysis", {"seat": 1, "budget": "deep"})
        assert started["status"] in ("queued", "running")
        end = time.monotonic() + 60
        while server.get(f"/api/records/{table}/analysis?seat=1")["status"] != "running":
            assert time.monotonic() < end
            time.sleep(0.2)
        assert server.proc is not None
        workers = _children(server.proc.pid)
        assert workers  # the analysis's worker (and the multiprocessing helpers)
    finally:
        server.stop()
    end = time.monotonic() + 5
    while [p for p in workers if _running(p)] and time.monotonic() < end:
        time.sleep(0.1)
    alive = [p for p in workers if _running(p)]
    assert alive == [], "a worker of the stopped server is still running"
    server = ServerProcess(db).start()
    try:
        body = server.get(f"/api/records/{table}/analysis?seat=1&budget=deep")
        assert body["status"] == "failed" and body["error"] == analyses.INTERRUPTED
        again = server.post(f"/api/records/{table}/analysis", {"seat": 1, "budget": "deep"})
        assert again["status"] in ("queued", "running")
    finally:
        server.stop()


def test_no_win_chances_from_the_real_hands(served: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the evaluator could only fall back on the real deal (no deal consistent
    with the seat's view drawn), its values would tell hidden cards: refused."""
    from chupai.analysis.determinize import Determinizer

    monkeypatch.setattr(Determinizer, "_start", lambda self, infer: "true deal")
    _, client, _ = served
    made = create(client, game="bigtwo", seed=8, seats=seats("human", "greedy", "greedy", "greedy"))
    with client.websocket_connect("/ws") as ws:
        state = until_my_turn(ws, join(ws, made["table"], made["seats"][0]["token"]))
        ws.send_text(json.dumps({"type": "evaluate", "seq": state["seq"]}))
        err = next_of(ws, "evaluation")
        assert err["type"] == "error" and err["code"] == "unavailable", err
        assert "hidden cards" in err["message"]
