"""The ``chupai serve`` application through its HTTP and WebSocket interfaces
(Starlette's test client, no network): table creation and its errors, whole
games against bots, the server as the only judge (out-of-turn, duplicate,
illegal, malformed and oversized messages, tampered tokens, spectators),
reconnection, records and replay frames, and what each seat is sent."""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from chupai.web.app import ChupaiServer  # noqa: E402
from chupai.web.protocol import MAX_MESSAGE, SERVER_MESSAGES  # noqa: E402


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


def receive(ws: Any) -> dict[str, Any]:
    msg = ws.receive_json()
    SERVER_MESSAGES.validate_python(msg)  # every message the server sends is documented
    return dict(msg)


def receive_error(ws: Any) -> dict[str, Any]:
    """The next error message, past the states that bots' moves broadcast meanwhile."""
    while True:
        msg = receive(ws)
        if msg["type"] == "error":
            return msg
        assert msg["type"] == "state", msg


def join(ws: Any, table: str, token: str | None = None) -> dict[str, Any]:
    """Join and return the first state."""
    msg: dict[str, Any] = {"type": "join", "table": table}
    if token is not None:
        msg["token"] = token
    ws.send_text(json.dumps(msg))
    welcome = receive(ws)
    assert welcome["type"] == "welcome"
    state = receive(ws)
    assert state["type"] == "state"
    return state


def until_my_turn(ws: Any, state: dict[str, Any]) -> dict[str, Any]:
    while not state["legal"] and not state["match"]["over"]:
        state = receive(ws)
        assert state["type"] == "state"
    return state


def play_to_end(ws: Any, state: dict[str, Any], pick: int = 0) -> tuple[dict[str, Any], int]:
    """Act with legal entry ``pick`` (or the last) whenever asked, until the match ends."""
    acted = 0
    while not state["match"]["over"]:
        state = until_my_turn(ws, state)
        if state["match"]["over"]:
            break
        entry = state["legal"][min(pick, len(state["legal"]) - 1)]
        ws.send_text(json.dumps({"type": "act", "seq": state["seq"], "action": entry["i"]}))
        acted += 1
        state = receive(ws)
        assert state["type"] == "state", state
    return state, acted


# ----- creating tables ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "chess", "seats": seats("human")}, "game"),
        (
            {
                "game": "bigtwo",
                "preset": "nope",
                "seats": seats("human", "greedy", "greedy", "greedy"),
            },
            "preset",
        ),
        (
            {
                "game": "bigtwo",
                "options": {"zz": "1"},
                "seats": seats("human", "greedy", "greedy", "greedy"),
            },
            "options.zz",
        ),
        ({"game": "bigtwo", "seats": seats("human", "greedy")}, "seats"),
        ({"game": "bigtwo", "seats": seats("greedy", "greedy", "greedy", "greedy")}, "seats"),
        ({"game": "bigtwo", "seats": seats("human", "god", "greedy", "greedy")}, "seats.1.level"),
        (
            {"game": "bigtwo", "deals": 0, "seats": seats("human", "greedy", "greedy", "greedy")},
            "deals",
        ),
        (
            {
                "game": "bigtwo",
                "seats": seats("human", "greedy", "greedy", "greedy"),
                "colour": "red",
            },
            "colour",
        ),
        (
            {"game": "doudizhu", "seats": seats("human", "greedy", "greedy"), "turn_seconds": 1},
            "turn_seconds",
        ),
    ],
)
def test_bad_table_is_refused_naming_the_field(
    server: Any, body: dict[str, Any], field: str
) -> None:
    srv, client = server
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400
    assert r.json()["field"] == field
    assert r.json()["error"]
    assert srv.tables == {}


def test_body_that_is_not_json_is_refused(server: Any) -> None:
    _, client = server
    r = client.post("/api/tables", content=b"{not json")
    assert r.status_code == 400 and r.json()["error"]
    r = client.post("/api/tables", content=b"x" * 70_000)
    assert r.status_code == 413
    # sent in chunks, without a length: refused as soon as it passes the limit
    r = client.post("/api/tables", content=iter([b"x" * 40_000] * 3))
    assert r.status_code == 413


def test_games_lists_every_game_with_presets_and_names(server: Any) -> None:
    _, client = server
    games = {g["key"]: g for g in client.get("/api/games").json()["games"]}
    # the built-in games first (a test may have registered a game of its own)
    assert list(games)[:3] == ["bigtwo", "doudizhu", "biga"]
    assert games["doudizhu"]["names"]["zh"] == "斗地主"
    assert {p["name"] for p in games["doudizhu"]["presets"]} >= {"classic", "four_player"}
    assert [p["players"] for p in games["biga"]["presets"]][0] == 5
    assert "heuristic" in games["bigtwo"]["bots"]


def test_index_page_is_served(server: Any) -> None:
    _, client = server
    r = client.get("/")
    assert r.status_code == 200 and "<html" in r.text.lower()


# ----- whole games ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "preset", "bots", "deals"),
    [
        ("bigtwo", "standard", ("greedy", "heuristic", "random"), 1),
        ("bigtwo", "taiwan", ("greedy", "greedy", "greedy"), 2),
        ("doudizhu", "classic", ("heuristic", "greedy"), 1),
        ("doudizhu", "four_player", ("greedy", "greedy", "random"), 1),
        pytest.param(
            "biga",
            "standard",
            ("heuristic", "greedy", "random", "greedy"),
            1,
            marks=pytest.mark.slow,  # about 10 s; the browser test plays Big A too
        ),
    ],
)
def test_a_whole_match_against_bots(
    server: Any, game: str, preset: str, bots: tuple[str, ...], deals: int
) -> None:
    srv, client = server
    made = create(
        client, game=game, preset=preset, deals=deals, seed=11, seats=seats("human", *bots)
    )
    table, token = made["table"], made["seats"][0]["token"]
    assert "token" not in made["seats"][1]
    with client.websocket_connect("/ws") as ws:
        state = join(ws, table, token)
        assert state["seat"] == 0 and state["players"] == len(bots) + 1
        state, acted = play_to_end(ws, state)
    assert acted > 0
    m = state["match"]
    assert m["over"] and m["deal"] == deals
    assert sum(1 for row in m["table"] if row.get("deal") is not None) == deals
    # the record is kept, downloadable, and replays to the same totals
    rec = client.get(f"/api/records/{table}").json()
    assert rec["format"] == "chupai-match" and rec["totals"] == m["totals"]
    from importlib import import_module

    replayed = import_module(f"chupai.{game}.match").Match.from_record(rec)
    assert replayed.totals == m["totals"]
    r = client.get(f"/api/records/{table}?download=1")
    assert "attachment" in r.headers["content-disposition"]
    listed = client.get("/api/records").json()["records"]
    assert [x["table"] for x in listed] == [table]
    frames = client.get(f"/api/records/{table}/frames").json()["frames"]
    # a frame before the first action, one per action, one per deal dealt after it
    assert len(frames) == len(srv.store.load_tables("over")[0].log) + len(replayed.deals)
    ends = [f for f in frames if f["public"]["outcome"] is not None]
    assert len(ends) == len(replayed.deals)  # every deal's end is shown, not just the last
    assert m["last_outcome"] == frames[-1]["public"]["outcome"]
    assert frames[-1]["totals"] == m["totals"]
    assert all(len(f["hands"]) == len(bots) + 1 for f in frames)


def _error_after(ws: Any) -> dict[str, Any]:
    """Read past state messages to the next error."""
    while True:
        m = receive(ws)
        if m["type"] == "error":
            return m


def test_two_humans_play_each_other_and_a_spectator_watches(server: Any) -> None:
    srv, client = server
    made = create(client, game="doudizhu", seed=5, seats=seats("human", "human", "greedy"))
    t = made["table"]
    table = srv.tables[t].table
    tokens = [s.get("token") for s in made["seats"]]
    assert tokens[0] and tokens[1] and tokens[0] != tokens[1]
    with (
        client.websocket_connect("/ws") as a,
        client.websocket_connect("/ws") as b,
        client.websocket_connect("/ws") as watch,
    ):
        states = {0: join(a, t, tokens[0]), 1: join(b, t, tokens[1])}
        sw = join(watch, t)
        assert sw["seat"] is None and sw["legal"] == [] and sw["seq"] is None
        assert sw["view"]["private"] is None
        socks = {0: a, 1: b}
        refused = 0
        deadline = time.monotonic() + 60
        while not table.over and time.monotonic() < deadline:
            mover = table.to_act
            if mover not in (0, 1):
                time.sleep(0.001)  # the bot acts in the server's own task
                continue
            other = 1 - mover
            st = states[mover]
            while not (st["legal"] and st["seq"] == table.seat_seq(mover)):
                st = receive(socks[mover])
            states[mover] = st
            # the other human cannot act for the mover, even with its current seq
            socks[other].send_text(
                json.dumps({"type": "act", "seq": table.seat_seq(other), "action": 0})
            )
            err = _error_after(socks[other])
            assert err["code"] == "not_your_turn", (err, mover, table.to_act, table.log[-3:])
            refused += 1
            socks[mover].send_text(
                json.dumps(
                    {
                        "type": "act",
                        "seq": states[mover]["seq"],
                        "action": states[mover]["legal"][0]["i"],
                    }
                )
            )
            acted = states[mover]["seq"]
            while states[mover]["seq"] <= acted:  # past queued states to the action's own
                states[mover] = receive(socks[mover])
        assert table.over and refused > 5
        for s in (0, 1):
            while not states[s]["match"]["over"]:
                states[s] = receive(socks[s])
        assert states[0]["match"]["totals"] == states[1]["match"]["totals"] == table.match.totals
        while True:
            sw = receive(watch)
            if sw["match"]["over"]:
                break
        assert sw["view"]["public"]["outcome"] is not None


# ----- the server is the only judge -------------------------------------------------------------


@pytest.fixture
def seated(server: Any) -> Iterator[tuple[Any, Any, str, str, dict[str, Any]]]:
    srv, client = server
    made = create(client, game="bigtwo", seed=3, seats=seats("human", "greedy", "greedy", "greedy"))
    with client.websocket_connect("/ws") as ws:
        state = until_my_turn(ws, join(ws, made["table"], made["seats"][0]["token"]))
        yield srv, ws, made["table"], made["seats"][0]["token"], state


def _log_length(srv: ChupaiServer, table: str) -> int:
    return len(srv.tables[table].table.log)


def test_duplicate_action_is_refused_as_stale(seated: Any) -> None:
    srv, ws, table, _, state = seated
    act = json.dumps({"type": "act", "seq": state["seq"], "action": 0})
    ws.send_text(act)
    after = receive(ws)
    assert after["type"] == "state" and after["seq"] > state["seq"]
    n = _log_length(srv, table)
    ws.send_text(act)  # the same message again: a double click, a resend
    msgs = []
    while True:
        m = receive(ws)
        msgs.append(m)
        if m["type"] == "error":
            break
    assert m["code"] in ("stale", "not_your_turn")
    assert _log_length(srv, table) >= n  # bots may have moved, but not for us
    assert all(e.seat != 0 for e in srv.tables[table].table.log[n:])


def test_illegal_and_malformed_actions_change_nothing(seated: Any) -> None:
    srv, ws, table, _, state = seated
    n = _log_length(srv, table)
    bad: list[tuple[str, str]] = [
        ("{nope", "bad_message"),
        ("[1, 2]", "bad_message"),
        (json.dumps({"type": "dance"}), "bad_message"),
        (json.dumps({"type": "act", "seq": state["seq"], "action": 0, "extra": 1}), "bad_message"),
        (json.dumps({"type": "act", "seq": "1", "action": 0}), "bad_message"),
        (json.dumps({"type": "act", "seq": state["seq"], "action": -1}), "bad_message"),
        (json.dumps({"type": "act", "seq": state["seq"], "action": 9999}), "illegal"),
        (json.dumps({"type": "act", "seq": state["seq"], "text": "1S"}), "illegal"),
        (json.dumps({"type": "act", "seq": state["seq"]}), "bad_message"),
        (json.dumps({"type": "act", "seq": state["seq"] + 5, "action": 0}), "stale"),
        (json.dumps({"type": "join", "table": table}), "not_joined"),
    ]
    for text, code in bad:
        ws.send_text(text)
        m = receive(ws)
        assert m["type"] == "error" and m["code"] == code, (text, m)
        assert m["message"]
    # a card the seat does not hold, by text
    hand = state["view"]["private"]["hand"]
    everything = {f"{r}{s}" for r in "3456789JQKA2" for s in "DCHS"} | {f"10{s}" for s in "DCHS"}
    foreign = sorted(everything - set(hand))[0]
    ws.send_text(json.dumps({"type": "act", "seq": state["seq"], "text": foreign}))
    m = receive(ws)
    assert m["type"] == "error" and m["code"] == "illegal"
    assert _log_length(srv, table) == n
    # the seat can still play normally
    ws.send_text(json.dumps({"type": "act", "seq": state["seq"], "action": state["legal"][0]["i"]}))
    assert receive(ws)["type"] == "state"
    assert _log_length(srv, table) == n + 1


def test_act_by_text_is_parsed_by_the_engine(seated: Any) -> None:
    srv, ws, table, _, state = seated
    entry = state["legal"][-1]
    ws.send_text(json.dumps({"type": "act", "seq": state["seq"], "text": entry["text"].lower()}))
    assert receive(ws)["type"] == "state"
    assert srv.tables[table].table.log[-1].seat == 0 or _log_length(srv, table) > 1


def test_oversized_message_closes_the_socket(seated: Any) -> None:
    srv, ws, table, _, state = seated
    n = _log_length(srv, table)
    ws.send_text(json.dumps({"type": "act", "seq": state["seq"], "text": "x" * MAX_MESSAGE}))
    m = receive(ws)
    assert m["type"] == "error" and m["code"] == "too_large"
    with pytest.raises(WebSocketDisconnect) as info:
        ws.receive_json()
    assert info.value.code == 1009
    assert _log_length(srv, table) == n


def test_tampered_token_is_refused_and_closed(server: Any) -> None:
    _, client = server
    made = create(client, game="bigtwo", seats=seats("human", "human", "greedy", "greedy"))
    token = made["seats"][1]["token"]
    tampered = token[:-1] + ("A" if token[-1] != "A" else "B")
    with client.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "join", "table": made["table"], "token": tampered}))
        m = receive(ws)
        assert m["type"] == "error" and m["code"] == "bad_token"
        with pytest.raises(WebSocketDisconnect) as info:
            ws.receive_json()
        assert info.value.code == 4003
    with client.websocket_connect("/ws") as ws:  # another table's token is no better
        other = create(client, game="bigtwo", seats=seats("human", "greedy", "greedy", "greedy"))
        ws.send_text(json.dumps({"type": "join", "table": other["table"], "token": token}))
        assert receive(ws)["code"] == "bad_token"


def test_unknown_table_and_acting_before_joining(server: Any) -> None:
    _, client = server
    with client.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "act", "seq": 0, "action": 0}))
        assert receive(ws)["code"] == "not_joined"
        ws.send_text(json.dumps({"type": "join", "table": "nosuchtable"}))
        assert receive(ws)["code"] == "unknown_table"
        ws.send_text(json.dumps({"type": "ping"}))
        assert receive(ws)["type"] == "pong"
        ws.send_bytes(b"\x00\x01")
        assert receive(ws)["code"] == "bad_message"


def test_spectator_cannot_act_or_ask_for_hints(server: Any) -> None:
    _, client = server
    made = create(client, game="bigtwo", seats=seats("human", "greedy", "greedy", "greedy"))
    with client.websocket_connect("/ws") as ws:
        join(ws, made["table"])
        ws.send_text(json.dumps({"type": "act", "seq": 0, "action": 0}))
        assert receive_error(ws)["code"] == "spectator"
        ws.send_text(json.dumps({"type": "hint", "seq": 0}))
        assert receive_error(ws)["code"] == "spectator"


def test_hint_names_a_legal_entry(seated: Any) -> None:
    _, ws, _, _, state = seated
    ws.send_text(json.dumps({"type": "hint", "seq": state["seq"]}))
    m = receive(ws)
    assert m["type"] == "hint" and m["seq"] == state["seq"]
    entry = state["legal"][m["action"]]
    assert entry["i"] == m["action"] and entry["text"] == m["text"]


def test_reconnect_gets_the_same_state(server: Any) -> None:
    srv, client = server
    made = create(client, game="bigtwo", seed=8, seats=seats("human", "greedy", "greedy", "greedy"))
    t, token = made["table"], made["seats"][0]["token"]
    with client.websocket_connect("/ws") as ws:
        state = until_my_turn(ws, join(ws, t, token))
        ws.send_text(json.dumps({"type": "act", "seq": state["seq"], "action": 0}))
        state = until_my_turn(ws, receive(ws))
    end = time.monotonic() + 10  # the server notices the closed socket in its own time
    while srv.tables[t].table.seats[0].connections and time.monotonic() < end:
        time.sleep(0.01)
    assert srv.tables[t].table.seats[0].connections == 0
    with client.websocket_connect("/ws") as ws:
        again = join(ws, t, token)
        assert again["seq"] == state["seq"]
        assert again["view"] == state["view"] and again["legal"] == state["legal"]
        assert again["seats"][0]["connected"] is True
        ws.send_text(json.dumps({"type": "act", "seq": again["seq"], "action": 0}))
        assert receive(ws)["type"] == "state"


# ----- what a seat is sent ------------------------------------------------------------------------

_BIGTWO_CARD = re.compile(r"^(10|[2-9TJQKA])[DCHS]$")


def _card_tokens(value: Any) -> Iterator[str]:
    """Every Big Two card named in ``value`` (its strings, walked), as ``10H`` (the
    engine writes ``TH``)."""
    if isinstance(value, str):
        for token in value.replace(",", " ").split():
            token = token.upper()
            if _BIGTWO_CARD.match(token):
                yield "10" + token[1:] if token.startswith("T") else token
    elif isinstance(value, dict):
        for v in value.values():
            yield from _card_tokens(v)
    elif isinstance(value, list):
        for v in value:
            yield from _card_tokens(v)


@pytest.mark.parametrize(
    ("preset", "options"),
    [
        ("standard", {}),
        ("hongkong", {}),
        ("taiwan", {}),
        ("mainland", {}),
        ("standard", {"players": "3"}),
        ("taiwan", {"players": "3"}),
    ],
)
def test_no_message_names_a_card_its_receiver_may_not_know(
    preset: str, options: dict[str, str]
) -> None:
    """Big Two has one card of each name. At every step of whole matches (every
    seat played at random), every card named anywhere in the message to a seat
    is in that seat's hand or was in it, or has been played, exposed or shown
    face up; a spectator's message names only played, exposed or shown cards.
    The deal's outcome, which reveals every hand when the deal is over, is left
    out. The messages are those the server sends (``Table.state``, as the
    broadcast uses it)."""
    import random

    from chupai.web.tables import Table, check_config

    players = int(options.get("players", 4))
    config = check_config(
        {
            "game": "bigtwo",
            "preset": preset,
            "options": options,
            "deals": 3,
            "seed": 12,
            "seats": [{"kind": "human"}] * players,
        }
    )
    table, _ = Table.create("t", config, 0.0)
    rng = random.Random(7)
    held: dict[tuple[int, int], set[str]] = {}
    checked = 0

    def cards_of(text: str) -> set[str]:
        return set(_card_tokens(text))

    while not table.over:
        deal = table.match.deals[-1]
        public: set[str] = set()
        for s in range(players):
            obs = deal.observe(s)
            public |= cards_of(deal.cards_text(obs.played[s]))
            public |= cards_of(deal.cards_text(obs.exposed))
            public |= cards_of(deal.cards_text(obs.leftover_shown))
        for s in [None, *range(players)]:
            msg = table.state(s)
            msg["match"] = {k: v for k, v in msg["match"].items() if k != "last_outcome"}
            msg["view"]["public"] = {
                k: v for k, v in msg["view"]["public"].items() if k != "outcome"
            }
            allowed = set(public)
            if s is not None:
                mine = held.setdefault((table.position, s), set())
                mine |= cards_of(deal.cards_text(deal.observe(s).hand))
                allowed |= mine
            named = set(_card_tokens(msg))
            assert named <= allowed, (s, named - allowed)
            if s is not None and deal.observe(s).hand:
                assert cards_of(deal.cards_text(deal.observe(s).hand)) <= named  # its own hand
            checked += 1
        action = rng.choice(table.legal())
        table.commit(table.prepare(table.to_act, action), action)
    assert checked > 100


def test_state_is_built_from_the_seats_own_observation(server: Any, monkeypatch: Any) -> None:
    """Building seat 2's message observes seat 2 only."""
    srv, client = server
    made = create(client, game="doudizhu", seed=4, seats=seats("human", "greedy", "human"))
    table = srv.tables[made["table"]].table
    deal = table.match.deals[-1]
    seen: list[int] = []
    original = type(deal).observe

    def spy(self: Any, seat: int) -> Any:
        seen.append(seat)
        return original(self, seat)

    monkeypatch.setattr(type(deal), "observe", spy)
    msg = table.state(2)
    assert set(seen) == {2}
    assert msg["view"]["private"]["seat"] == 2


def test_turn_timer_plays_for_a_seat_that_does_not_act(server: Any) -> None:
    srv, client = server
    made = create(
        client,
        game="bigtwo",
        seed=9,
        turn_seconds=5,
        seats=seats("human", "greedy", "greedy", "greedy"),
    )
    t = made["table"]
    with client.websocket_connect("/ws") as ws:
        state = until_my_turn(ws, join(ws, t, made["seats"][0]["token"]))
        deadline = state["turn"]["deadline_ms"]
        assert state["turn"]["seat"] == 0 and deadline is not None
        assert 1_000 <= deadline - time.time() * 1000 <= 5_100
        table = srv.tables[t].table
        n = len(table.log)
        after = receive(ws)  # nothing sent: the timer plays the hint bot's choice
        assert after["seq"] > state["seq"]
        assert time.time() * 1000 >= deadline - 50
        mine = [e for e in table.log[n:] if e.seat == 0]
        assert mine and mine[0].auto
        # marked for the seat (and in the public history): the page's notice and marks
        assert after["timed"] == [
            {
                "seq": mine[0].seq,
                "deal": 0,
                "seat": 0,
                "text": mine[0].text,
                "n": after["timed"][0]["n"],
            }
        ]
        n = after["timed"][0]["n"]
        assert [e for e in after["view"]["public"]["history"] if e["n"] == n][0]["seat"] == 0


def test_big_a_asks_a_human_to_declare_only_when_the_choices_change(server: Any) -> None:
    """Like ``chupai play``: the table declines for a human whose possible
    declarations are those of their last answer; every question asked shows a
    different set of choices from the previous one."""
    srv, client = server
    made = create(
        client, game="biga", seed=2, seats=seats("human", "greedy", "greedy", "greedy", "greedy")
    )
    t = made["table"]
    asked: list[frozenset[str]] = []
    with client.websocket_connect("/ws") as ws:
        state = join(ws, t, made["seats"][0]["token"])
        while state["view"]["public"]["phase"] == "draw" and not state["match"]["over"]:
            if state["legal"]:
                texts = frozenset(e["text"] for e in state["legal"])
                if state["view"]["private"]["info"].get("phase", "draw") == "draw":
                    asked.append(texts)
                decline = (
                    next(e for e in state["legal"] if e["text"] == "decline")
                    if any(e["text"] == "decline" for e in state["legal"])
                    else state["legal"][0]
                )
                ws.send_text(
                    json.dumps({"type": "act", "seq": state["seq"], "action": decline["i"]})
                )
            state = receive(ws)
            while state["type"] == "error":  # a state the table had already left
                assert state["code"] == "stale", state
                state = receive(ws)
    log = srv.tables[t].table.log
    auto = [e for e in log if e.seat == 0 and e.auto]
    mine = [e for e in log if e.seat == 0 and not e.auto]
    assert auto and all(e.text == "decline" for e in auto)
    assert len(mine) >= 1
    assert all(a != b for a, b in zip(asked, asked[1:]))


@pytest.mark.parametrize(
    ("game", "preset", "options", "deals"),
    [
        ("bigtwo", "standard", {}, 2),
        ("bigtwo", "taiwan", {}, 1),
        ("bigtwo", "standard", {"series": "class_struggle"}, 3),
        ("doudizhu", "classic", {}, 3),
        ("doudizhu", "four_player", {}, 1),
        ("biga", "standard", {}, 1),
    ],
)
def test_seq_moves_exactly_when_the_seat_sees_a_change(
    game: str, preset: str, options: dict[str, str], deals: int
) -> None:
    """A seat's ``seq`` never goes back, and it changes whenever the seat's view or
    legal list changes (so an action for an older state is always refused as
    stale), at every step of whole matches; it is built from the seat's own
    observation, so it moves with nothing the seat cannot see."""
    import random

    from chupai.web.tables import Table, check_config

    n = find_players(game, preset)
    config = check_config(
        {
            "game": game,
            "preset": preset,
            "options": options,
            "deals": deals,
            "seed": 17,
            "seats": [{"kind": "human"}] * n,
        }
    )
    table, _ = Table.create("t", config, 0.0)
    rng = random.Random(5)
    last = {
        s: (table.seat_seq(s), json.dumps([table.state(s)["view"], table.state(s)["legal"]]))
        for s in range(n)
    }
    steps = 0
    while not table.over:
        seat = table.to_act
        action = rng.choice(table.legal())
        table.commit(table.prepare(seat, action), action)
        steps += 1
        for s in range(n):
            seq = table.seat_seq(s)
            seen = json.dumps([table.state(s)["view"], table.state(s)["legal"]])
            old_seq, old_seen = last[s]
            assert seq >= old_seq
            if seen != old_seen:
                assert seq > old_seq, (game, steps, s)
            last[s] = (seq, seen)
    assert steps > 10


def find_players(game: str, preset: str) -> int:
    from chupai.games import resolve_rules

    return int(resolve_rules(game, preset).players)


def test_shared_public_part_gives_the_same_messages() -> None:
    """The server builds the public part once per change and hands it to every
    seat's message: each message equals the one built from the seat's own
    observation alone, at every step of a Big A deal and a Big Two exchange match."""
    import random

    from chupai.web.tables import Table, check_config

    for game, options, n in (("biga", {}, 5), ("bigtwo", {"series": "class_struggle"}, 4)):
        config = check_config(
            {
                "game": game,
                "options": options,
                "deals": 2,
                "seed": 3,
                "seats": [{"kind": "human"}] * n,
            }
        )
        table, _ = Table.create("t", config, 0.0)
        rng = random.Random(1)
        while not table.over:
            shared = table.public_part()
            for s in [None, *range(n)]:
                assert table.state(s, None, shared) == table.state(s)
            action = rng.choice(table.legal())
            table.commit(table.prepare(table.to_act, action), action)


def test_big_a_outcome_names_the_winning_team() -> None:
    """The Big A deal result names the team that won: the declarer's team when the
    declarer scores more than 0, the defenders when less, nobody on 0."""
    import random

    from chupai.web.tables import Table, check_config

    config = check_config({"game": "biga", "deals": 4, "seed": 8, "seats": [{"kind": "human"}] * 5})
    table, _ = Table.create("t", config, 0.0)
    rng = random.Random(2)
    while not table.over:
        action = rng.choice(table.legal())
        table.commit(table.prepare(table.to_act, action), action)
    seen = 0
    for deal in table.match.deals:
        oc = deal.outcome
        shown = table.state(None)  # spectators see it too, once the deal is over
        public = views_outcome(deal)
        if oc.redeal:
            assert public["winners"] == []
            continue
        d = oc.declarer
        team = {d} | ({oc.partner} if oc.partner is not None else set())
        want = (
            sorted(team)
            if oc.scores[d] > 0
            else [s for s in range(5) if s not in team]
            if oc.scores[d] < 0
            else []
        )
        assert public["winners"] == want
        assert all(oc.scores[s] > 0 for s in want)
        seen += 1
    assert (
        seen >= 3
        and shown["match"]["last_outcome"]["winners"]
        == views_outcome(table.match.deals[-1])["winners"]
    )


def views_outcome(deal: Any) -> dict[str, Any]:
    from chupai.web import views

    return dict(views.public_view("biga", deal.observe(0))["public"]["outcome"])


# ----- one game protocol: names from the registry, a game without a web view ------------------


def test_games_serve_the_registry_combination_names(server: Any) -> None:
    """The page shows the registry's combination names (the terminal's), served by
    ``/api/games``: every game, every type, every language."""
    from chupai.names import LANGUAGES
    from chupai.protocol import all_games

    _, client = server
    served = {g["key"]: g for g in client.get("/api/games").json()["games"]}
    for spec in all_games():
        names = served[spec.key]["combo_names"]
        assert set(names) == set(LANGUAGES)
        for lang in LANGUAGES:
            assert names[lang] == {kind: spec.combo_name(kind, lang) for kind in spec.combo_names}
        assert served[spec.key]["web_view"] is True or spec.key not in (
            "bigtwo",
            "doudizhu",
            "biga",
        )
    assert served["doudizhu"]["combo_names"]["zh"]["trio_pair"] == "三带一对"


@pytest.fixture
def toy() -> Iterator[Any]:
    """The test-only toy game (``tests/toygame``), registered for the test only."""
    import toygame.spec

    from chupai.protocol import register, unregister

    spec = register(toygame.spec.SPEC)
    try:
        yield spec
    finally:
        unregister("toy")


def _check_toy_state(state: dict[str, Any], seat: int | None) -> None:
    """A state of the generic view: the hand, counts, roles and top play from the
    game's facts; the legal actions as the deal writes them."""
    pub = state["view"]["public"]
    assert pub["counts"] and len(pub["roles"]) == 2 and pub["history"] == []
    if pub["top"] is not None:
        assert pub["top"]["text"] and pub["top"]["seat"] in (0, 1)
    private = state["view"]["private"]
    if seat is None:
        assert private is None and state["legal"] == []
        return
    assert private["seat"] == seat and len(private["hand"]) == pub["counts"][seat]
    for entry in state["legal"]:
        assert entry["kind"] in ("choice", "pass") and entry["cards"] == []
        assert entry["text"] == "pass" or entry["text"] in private["hand"]


def _join_all(
    sockets: list[Any], table: str, tokens: list[str], send: Any, recv: Any
) -> list[dict[str, Any]]:
    """Join every socket to ``table`` with its token, in order; the first state of
    each, updated by the state a later seat's joining sends (it is connected)."""
    states: list[dict[str, Any]] = []
    for ws, token in zip(sockets, tokens, strict=True):
        send(ws, {"type": "join", "table": table, "token": token})
        assert recv(ws)["type"] == "welcome"
        states = [recv(other) for other in sockets[: len(states)]] + [recv(ws)]
    return states


def _play_toy_seats(
    sockets: list[Any],
    states: list[dict[str, Any]],
    send: Any,
    recv: Any,
    actions: int | None = None,
    pick: int = 0,
) -> dict[str, Any]:
    """Play the toy's human seats (legal entry ``pick`` by text, or the last) for
    ``actions`` actions or until the match is over, checking every state; the
    last state of the first seat. With a bot at the table, only the first seat
    is a human."""
    while not states[0]["match"]["over"] and actions != 0:
        mover = next((i for i, st in enumerate(states) if st["legal"]), None)
        if mover is None:  # a bot is thinking: wait for the first seat's next state
            states[0] = recv(sockets[0])
            continue
        state = states[mover]
        _check_toy_state(state, state["seat"])
        entry = state["legal"][min(pick, len(state["legal"]) - 1)]
        send(sockets[mover], {"type": "act", "seq": state["seq"], "text": entry["text"].upper()})
        states = [recv(ws) for ws in sockets]
        assert all(st["type"] == "state" for st in states), states
        actions = None if actions is None else actions - 1
    return states[0]


def _play_toy(client: TestClient, table: str, tokens: list[str]) -> dict[str, Any]:
    """Play a toy table in process, every human seat until the match is over."""

    def send(ws: Any, msg: dict[str, Any]) -> None:
        ws.send_text(json.dumps(msg))

    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(client.websocket_connect("/ws")) for _ in tokens]
        states = _join_all(sockets, table, tokens, send, receive)
        return _play_toy_seats(sockets, states, send, receive)


def test_a_toy_match_between_humans_on_the_generic_view(server: Any, toy: Any) -> None:
    """A game registered at run time with no web view is playable at a table:
    views from its facts, legal actions from ``deal.action_text``, the actions
    sent by text and read back by the legal texts (the toy has no parser)."""
    _, client = server
    games = {g["key"]: g for g in client.get("/api/games").json()["games"]}
    assert games["toy"]["web_view"] is False
    assert games["toy"]["combo_names"]["zh"] == {"single": "单张"}
    made = create(client, game="toy", deals=2, seed=5, seats=seats("human", "human"))
    with client.websocket_connect("/ws") as watcher:
        _check_toy_state(join(watcher, made["table"]), None)
    tokens = [s["token"] for s in made["seats"]]
    with client.websocket_connect("/ws") as ws0, client.websocket_connect("/ws") as ws1:
        # a hint, on the generic path too (the toy has no bots: its first legal action)
        sockets = [ws0, ws1]
        states = _join_all(
            sockets, made["table"], tokens, lambda ws, msg: ws.send_text(json.dumps(msg)), receive
        )
        mover = next(i for i, st in enumerate(states) if st["legal"])
        sockets[mover].send_text(json.dumps({"type": "hint", "seq": states[mover]["seq"]}))
        hint = receive(sockets[mover])
        assert hint["type"] == "hint"
        assert hint["text"] == states[mover]["legal"][hint["action"]]["text"]
    last = _play_toy(client, made["table"], [s["token"] for s in made["seats"]])
    m = last["match"]
    assert m["over"] and m["deal"] == 2 and sum(m["totals"]) == 0
    assert last["match"]["last_outcome"]["scores"] == m["table"][-1]["scores"]
    rec = client.get(f"/api/records/{made['table']}").json()
    assert toy.replay_match(rec).totals == m["totals"]
    frames = client.get(f"/api/records/{made['table']}/frames").json()["frames"]
    assert frames[0]["hands"][0] and frames[-1]["public"]["outcome"] is not None


def test_a_toy_match_against_a_bot(server: Any, toy: Any) -> None:
    """A whole toy match over WebSocket, a human seat against a bot (the generic
    bots play a game without bots of its own)."""
    _, client = server
    made = create(client, game="toy", deals=3, seed=8, seats=seats("human", "random"))
    last = _play_toy(client, made["table"], [made["seats"][0]["token"]])
    m = last["match"]
    assert m["over"] and m["deal"] == 3 and sum(m["totals"]) == 0


def test_a_toy_game_named_by_chupai_games_in_a_server_process(tmp_path: Path) -> None:
    """``CHUPAI_GAMES=toygame.spec`` loads the toy game in a ``chupai serve``
    process; a toy table is played over WebSocket by text, survives a restart
    (its log replays through the legal texts: the toy has no parser) and ends."""
    import os
    import urllib.request

    pytest.importorskip("uvicorn")
    websockets = pytest.importorskip("websockets.sync.client")
    from web_helpers import ServerProcess

    tests_dir = str(Path(__file__).resolve().parents[1])
    path = os.pathsep.join(p for p in (tests_dir, os.environ.get("PYTHONPATH", "")) if p)
    server = ServerProcess(
        tmp_path / "toy.sqlite3", env={"CHUPAI_GAMES": "toygame.spec", "PYTHONPATH": path}
    )

    def recv(ws: Any) -> dict[str, Any]:
        msg = dict(json.loads(ws.recv(timeout=20)))
        SERVER_MESSAGES.validate_python(msg)
        return msg

    def send(ws: Any, msg: dict[str, Any]) -> None:
        ws.send(json.dumps(msg))

    def play(tokens: list[str], actions: int | None) -> dict[str, Any]:
        with contextlib.ExitStack() as stack:
            sockets = [stack.enter_context(websockets.connect(server.ws_url())) for _ in tokens]
            states = _join_all(sockets, table, tokens, send, recv)
            return _play_toy_seats(sockets, states, send, recv, actions, pick=99)

    server.start()
    try:
        with urllib.request.urlopen(server.url + "/api/games", timeout=10) as r:
            keys = [g["key"] for g in json.loads(r.read())["games"]]
        # the built-in games, then the one CHUPAI_GAMES names
        assert keys[:3] == ["bigtwo", "doudizhu", "biga"] and keys[-1] == "toy"
        made = server.post(
            "/api/tables", {"game": "toy", "deals": 2, "seed": 4, "seats": seats("human", "human")}
        )
        table, tokens = made["table"], [s["token"] for s in made["seats"]]
        before = play(tokens, 5)
        server.stop()
        server.start()
        again = play(tokens, 0)
        assert again["view"] == before["view"] and again["seq"] == before["seq"]
        last = play(tokens, None)
        assert last["match"]["over"] and last["match"]["deal"] == 2
        assert server.get(f"/api/records/{table}")["totals"] == last["match"]["totals"]
    finally:
        server.stop()
