"""Big Two at every table size the browser offers (2 to 8 seats) at a ``chupai
serve`` table: the lobby's menus in ``/api/games``, the refusal of a ninth seat
naming the field, and 6- and 8-seat matches created over HTTP with one human and
bots, played through the WebSocket to the end."""

from __future__ import annotations

import importlib.util
import json
import random
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from test_web_server import create, join, receive, seats, server  # noqa: E402, F401

from chupai.bigtwo.match import Match  # noqa: E402
from chupai.web.tableconfig import MAX_SEATS  # noqa: E402

GAME = "bigtwo"
TWO_PACKS = pytest.mark.skipif(
    importlib.util.find_spec("chupai.bigtwo.packs") is None,
    reason="the two-pack card model (chupai.bigtwo.packs, branch b2-packs) is not merged",
)


def _game(client: Any) -> dict[str, Any]:
    games = {g["key"]: g for g in client.get("/api/games").json()["games"]}
    return dict(games[GAME])


def test_the_lobby_offers_two_to_eight_seats_and_the_table_menus(server: Any) -> None:  # noqa: F811
    _, client = server
    game = _game(client)
    assert game["seats"] == list(range(2, MAX_SEATS + 1)) and MAX_SEATS == 8
    menus = {o["key"]: o["values"] for o in game["table_options"]}
    assert list(menus) == ["players", "packs", "leftover_rule", "starting_copy", "identical_beats"]
    assert menus["players"] == [str(n) for n in game["seats"]]
    assert menus["packs"] == ["1", "2"] and "round_robin" in menus["leftover_rule"]
    assert set(menus["identical_beats"]) == {"true", "false"}
    assert all(o["doc"] for o in game["table_options"])
    # each preset says its own value of every menu: the lobby shows it, sends what differs
    for preset in game["presets"]:
        assert set(preset["options"]) == set(menus)
        assert preset["options"]["players"] == str(preset["players"])
        assert preset["options"]["packs"] == "1"
    # a game whose plugin names no menus offers none, and its one size
    dgl = {g["key"]: g for g in client.get("/api/games").json()["games"]}["daguailuzi"]
    assert dgl["table_options"] == [] and dgl["seats"] == [6]


@pytest.mark.parametrize("players", [9, 13, 52])
def test_more_than_eight_seats_are_refused_naming_the_field(
    server: Any,  # noqa: F811
    players: int,
) -> None:
    _, client = server
    body = {
        "game": GAME,
        "options": {"players": str(players)},
        "seats": seats("human", *["greedy"] * 7),
    }
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400
    assert r.json()["field"] == "options.players"
    assert f"at most {MAX_SEATS} seats, not {players}" in r.json()["error"]


def test_a_bad_table_size_or_pack_count_is_named(server: Any) -> None:  # noqa: F811
    _, client = server
    six = seats("human", *["greedy"] * 5)
    # five seats for six players
    r = client.post(
        "/api/tables", json={"game": GAME, "options": {"players": "6"}, "seats": six[:5]}
    )
    assert r.status_code == 400 and r.json()["field"] == "seats"
    # two packs are for 5 to 8 players
    body = {"game": GAME, "options": {"players": "4", "packs": "2"}, "seats": six[:4]}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400 and r.json()["field"].startswith("options.")
    body = {"game": GAME, "options": {"players": "6", "packs": "3"}, "seats": six}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400 and r.json()["field"] == "options.packs"


def _act(ws: Any, state: dict[str, Any], entry: int) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "act", "seq": state["seq"], "action": entry}))
    msg = receive(ws)
    assert msg["type"] == "state", msg
    return msg


def _play(running: Any, players: int, options: dict[str, str], seed: int) -> dict[str, Any]:
    """A two-deal table of ``players`` seats (a human at seat 0, greedy bots),
    the human playing a random legal entry, to the end of the match. Checks
    every state's table size on the way; returns the last state."""
    srv, client = running
    made = create(
        client,
        game=GAME,
        options={"players": str(players), **options},
        deals=2,
        seed=seed,
        seats=seats("human", *["greedy"] * (players - 1)),
    )
    tid, token = made["table"], made["seats"][0]["token"]
    rules = srv.tables[tid].table.match.rules
    assert rules.players == players
    rng = random.Random(seed)
    acted = 0
    with client.websocket_connect("/ws") as ws, client.websocket_connect("/ws") as watch:
        state = join(ws, tid, token)
        spectator = join(watch, tid)
        assert spectator["view"]["private"] is None and spectator["legal"] == []
        pub = state["view"]["public"]
        assert state["players"] == players and len(pub["counts"]) == players
        assert len(state["view"]["private"]["hand"]) == pub["counts"][0]
        while not state["match"]["over"]:
            if not state["legal"]:
                state = receive(ws)
                continue
            pub = state["view"]["public"]
            assert len(pub["counts"]) == len(pub["roles"]) == players
            assert len(state["view"]["private"]["hand"]) == pub["counts"][0]
            state = _act(ws, state, rng.choice(state["legal"])["i"])
            acted += 1
    assert acted >= 2
    m = state["match"]
    assert m["deal"] == 2 and len(m["table"]) == 2 and len(m["totals"]) == players
    rec = client.get(f"/api/records/{tid}").json()
    assert Match.from_record(rec).totals == m["totals"]
    frames = client.get(f"/api/records/{tid}/frames").json()["frames"]
    assert all(len(f["hands"]) == players for f in frames)
    return state


@pytest.mark.parametrize(
    ("players", "options"),
    [
        pytest.param(6, {}, id="6-seats"),
        pytest.param(8, {"leftover_rule": "set_aside"}, id="8-seats-set-aside"),
        pytest.param(6, {"packs": "2"}, id="6-seats-two-packs", marks=TWO_PACKS),
        pytest.param(
            6,
            {"packs": "2", "series": "class_struggle", "pre_exchange": "true"},
            id="6-seats-two-packs-exchanges",
        ),
    ],
)
def test_a_match_at_six_and_eight_seats_through_the_websocket(
    server: Any,  # noqa: F811
    players: int,
    options: dict[str, str],
) -> None:
    state = _play(server, players, options, seed=players)
    out = state["view"]["public"]["outcome"]
    assert out is not None and len(out["scores"]) == players
