"""The flow of a ``chupai serve`` table between deals and matches (issue 21,
:mod:`chupai.web.flow`): the next deal waits for the players' ``continue`` or
its countdown, a rematch keeps seats, bots and options, players name their
seats, one naming scheme for unnamed seats, and the turn timer's actions are
marked. In process (Starlette's test client), on the toy game (fast)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient  # noqa: E402

from chupai.web.app import ChupaiServer  # noqa: E402
from chupai.web.protocol import SERVER_MESSAGES  # noqa: E402
from chupai.web.tableconfig import TableError, check_config, check_name  # noqa: E402
from chupai.web.tables import Table  # noqa: E402


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[ChupaiServer, TestClient]]:
    srv = ChupaiServer(str(tmp_path / "t.sqlite3"), bot_delay=0)
    with TestClient(srv.app) as client:
        yield srv, client


@pytest.fixture
def toy() -> Iterator[Any]:
    import toygame.spec

    from chupai.protocol import register, unregister

    spec = register(toygame.spec.SPEC)
    try:
        yield spec
    finally:
        unregister("toy")


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json())


def send(ws: Any, msg: dict[str, Any]) -> None:
    ws.send_text(json.dumps(msg))


def receive(ws: Any) -> dict[str, Any]:
    msg = ws.receive_json()
    SERVER_MESSAGES.validate_python(msg)
    return dict(msg)


def join(ws: Any, table: str, token: str | None) -> dict[str, Any]:
    send(ws, {"type": "join", "table": table, "token": token})
    assert receive(ws)["type"] == "welcome"
    return receive(ws)


def until(ws: Any, state: dict[str, Any], done: Any) -> dict[str, Any]:
    """Act with the first legal entry whenever asked, until ``done(state)``."""
    while not done(state):
        if state["legal"]:
            send(ws, {"type": "act", "seq": state["seq"], "text": state["legal"][0]["text"]})
        state = receive(ws)
        assert state["type"] == "state", state
    return state


def between(state: dict[str, Any]) -> bool:
    return state["between"] is not None or state["match"]["over"]


def next_error(ws: Any) -> dict[str, Any]:
    while (msg := receive(ws))["type"] != "error":
        pass
    return msg


def test_next_deal_waits_for_continue(server: Any, toy: Any) -> None:
    """After a deal, nothing moves (no bot, no action, no hint) until the human
    continues; then the deal starts and the match plays to its end."""
    srv, client = server
    made = create(
        client,
        game="toy",
        deals=2,
        seed=3,
        continue_seconds=60,
        turn_seconds=30,
        seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}],
    )
    t = made["table"]
    with client.websocket_connect("/ws") as ws:
        state = until(ws, join(ws, t, made["seats"][0]["token"]), between)
        assert state["between"]["waiting"] == [0] and state["legal"] == []
        assert state["turn"]["deadline_ms"] is None
        assert 55_000 < state["between"]["deadline_ms"] - time.time() * 1000 <= 60_000
        assert len(state["match"]["table"]) == 1  # the first deal's row is there
        log = len(srv.tables[t].table.log)
        send(ws, {"type": "act", "seq": state["seq"], "text": "pass"})
        assert next_error(ws)["code"] == "waiting"
        send(ws, {"type": "hint", "seq": state["seq"]})
        assert next_error(ws)["code"] == "waiting"
        assert len(srv.tables[t].table.log) == log  # the bot did not play either
        time.sleep(0.3)
        sent = time.time() * 1000
        send(ws, {"type": "continue"})
        state = receive(ws)
        assert state["between"] is None
        while not state["legal"]:
            state = receive(ws)
        # the new deal's turn timer starts with the deal, not when it was dealt
        assert state["turn"]["deadline_ms"] >= sent + 30_000 - 20
        state = until(ws, state, lambda s: s["match"]["over"])
        assert state["match"]["deal"] == 2 and state["between"] is None


def test_countdown_starts_the_deal_and_a_leaver_is_not_waited_for(server: Any, toy: Any) -> None:
    """Two humans: the one who continued waits for the other; the deal starts
    when the other leaves. With a short countdown it starts by itself."""
    srv, client = server
    made = create(
        client,
        game="toy",
        deals=2,
        seed=4,
        continue_seconds=60,
        seats=[{"kind": "human"}, {"kind": "human"}],
    )
    t, tokens = made["table"], [s["token"] for s in made["seats"]]
    with client.websocket_connect("/ws") as a:
        with client.websocket_connect("/ws") as b:
            sa = join(a, t, tokens[0])
            sb = join(b, t, tokens[1])
            sa = receive(a)  # b connected
            while not between(sa):
                mover, state = (a, sa) if sa["legal"] else (b, sb)
                send(mover, {"type": "act", "seq": state["seq"], "text": state["legal"][0]["text"]})
                sa, sb = receive(a), receive(b)
            assert sa["between"]["waiting"] == [0, 1] == sb["between"]["waiting"]
            send(a, {"type": "continue"})
            assert receive(a)["between"]["waiting"] == [1]
        state = receive(a)  # b left: nobody is waited for
        while state["between"] is not None:
            state = receive(a)
        assert srv.tables[t].table.waiting is None
    made = create(
        client,
        game="toy",
        deals=2,
        seed=4,
        continue_seconds=0.3,
        seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}],
    )
    with client.websocket_connect("/ws") as ws:
        state = until(ws, join(ws, made["table"], made["seats"][0]["token"]), between)
        assert state["between"] is not None
        while state["between"] is not None:  # no continue sent
            state = receive(ws)
        assert state["match"]["deal"] == 2


def test_rematch_keeps_seats_bots_and_options(server: Any, toy: Any) -> None:
    """A rematch is refused before the end; offered and accepted by both humans
    it opens a new table of the same configuration where each token sits."""
    srv, client = server
    made = create(
        client,
        game="toy",
        deals=1,
        seed=5,
        turn_seconds=30,
        seats=[{"kind": "human", "name": "Ann"}, {"kind": "human"}],
    )
    t, tokens = made["table"], [s["token"] for s in made["seats"]]
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        sa = join(a, t, tokens[0])
        sb = join(b, t, tokens[1])
        sa = receive(a)
        send(a, {"type": "rematch"})
        assert next_error(a)["code"] == "not_over"
        while not sa["match"]["over"]:
            mover, state = (a, sa) if sa["legal"] else (b, sb)
            send(mover, {"type": "act", "seq": state["seq"], "text": state["legal"][0]["text"]})
            sa, sb = receive(a), receive(b)
        send(b, {"type": "rematch"})
        offer = receive(a)["rematch"]
        assert offer == {"by": 1, "accepted": [1], "table": None}
        assert receive(b)["rematch"] == offer
        send(a, {"type": "rematch"})
        offer = receive(a)["rematch"]
        assert offer["accepted"] == [0, 1] and offer["table"] not in (None, t)
    new = srv.tables[offer["table"]].table
    old = srv.tables[t].table
    assert {k: v for k, v in new.config.items() if k != "seed"} == {
        k: v for k, v in old.config.items() if k != "seed"
    }
    assert new.config["seed"] != old.config["seed"]
    assert [(s.kind, s.name, s.level) for s in new.seats] == [
        (s.kind, s.name, s.level) for s in old.seats
    ]
    with client.websocket_connect("/ws") as ws:
        state = join(ws, new.id, tokens[1])
        assert state["seat"] == 1 and not state["match"]["over"]
    stored = srv.store.load_tables("playing", new.id)
    assert stored and stored[0].config == new.config


def test_a_player_names_their_seat_and_unnamed_seats_follow_one_scheme(
    server: Any, toy: Any
) -> None:
    srv, client = server
    made = create(client, game="toy", deals=1, seed=6, seats=[{"kind": "human"}, {"kind": "human"}])
    assert [s["name"] for s in made["seats"]] == ["", ""]  # shown "Seat 1", "Seat 2"
    with client.websocket_connect("/ws") as ws:
        join(ws, made["table"], made["seats"][1]["token"])
        send(ws, {"type": "name", "name": "  \u5c0f\u660e\u0007 "})
        state = receive(ws)
        assert state["seats"][1]["name"] == "\u5c0f\u660e"
        send(ws, {"type": "name", "name": "  "})
        err = next_error(ws)
        assert err["code"] == "bad_message" and "name" in err["message"]
    stored = srv.store.load_tables("playing", made["table"])[0]
    assert stored.seats[1].name == "\u5c0f\u660e"
    with pytest.raises(TableError, match="visible"):
        check_name("\u0007")
    config = check_config(
        {
            "game": "bigtwo",
            "seats": [
                {"kind": "human"},
                {"kind": "bot", "level": "heuristic"},
                {"kind": "bot", "level": "heuristic"},
                {"kind": "bot", "level": "greedy", "name": "Rex"},
            ],
        }
    )
    names = [s["name"] for s in config["seats"]]
    assert names == ["", "heuristic bot 2", "heuristic bot 3", "Rex"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_timed_actions_are_marked_for_the_seat_and_in_the_public_history(seed: int) -> None:
    """An action the timer played is kept with its place in the public history;
    its seat and every other seat (a public play) are told of it."""
    config = check_config({"game": "bigtwo", "seed": seed, "seats": [{"kind": "human"}] * 4})
    table, _ = Table.create("t", config, 0.0)
    seat = table.to_act
    assert seat is not None
    _, action = table.hint(seat)
    text = table.deal.action_text(action)
    table.commit(table.prepare(seat, action, auto=True), action, timed=True)
    mark = {"seq": 0, "deal": 0, "seat": seat, "text": text, "n": 0}
    assert table.timed == [mark]
    history = table.state(seat)["view"]["public"]["history"]
    assert history[0]["n"] == 0 and history[0]["seat"] == seat
    for other in (None, *range(4)):
        assert table.state(other)["timed"] == [mark]
    # a private mark (no public event) goes to its own seat only
    table.timed.append({**mark, "seq": 1, "n": None})
    assert len(table.state(seat)["timed"]) == 2 and len(table.state((seat + 1) % 4)["timed"]) == 1
