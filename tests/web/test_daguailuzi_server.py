"""大怪路子 at a ``chupai serve`` table: created over HTTP with one human and
five bots, played through the WebSocket with the legal entries (and a play the
list leaves out, by its text) to the end of the match; a spectator sees no hand."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from test_web_server import create, join, receive, seats, server  # noqa: E402, F401

from chupai.actions import Pass  # noqa: E402
from chupai.bots import make_bot  # noqa: E402
from chupai.daguailuzi.match import Match  # noqa: E402
from chupai.web.views import PLAY_LIST_LIMIT  # noqa: E402

GAME = "daguailuzi"


def test_the_game_is_offered_with_its_presets_six_seats_and_bots(server: Any) -> None:  # noqa: F811
    _, client = server
    games = {g["key"]: g for g in client.get("/api/games").json()["games"]}
    game = games[GAME]
    assert game["names"]["zh"] == "大怪路子" and game["web_view"] is True
    assert {p["name"]: p["players"] for p in game["presets"]} == {"seed": 6, "shanghai": 6}
    assert {"random", "greedy", "heuristic"} <= set(game["bots"])
    for level in game["bots"]:  # only bots that can play it are offered (search needs a sampler)
        make_bot(level, 1, game=GAME)
    prompts = {r["prompt"] for r in game["page"]["prompts"]}
    assert {"prompt_tribute_highest", "prompt_return_to", "prompt_offer_to"} <= prompts
    # five seats are not enough, and a bad option is named
    r = client.post("/api/tables", json={"game": GAME, "seats": seats("human", *["greedy"] * 4)})
    assert r.status_code == 400 and r.json()["field"] == "seats"
    body = {"game": GAME, "options": {"trumps": "maybe"}, "seats": seats("human", *["greedy"] * 5)}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400 and r.json()["field"] == "options.trumps"


def _act(ws: Any, state: dict[str, Any], **what: Any) -> dict[str, Any]:
    """Act, and read up to the state that follows the action (or an error)."""
    ws.send_text(json.dumps({"type": "act", "seq": state["seq"], **what}))
    msg = receive(ws)
    assert msg["type"] == "state", msg
    return msg


def _play_match(running: Any, seed: int, seen: dict[str, int]) -> None:
    """Create a ``shanghai`` table of two deals (one human, five greedy bots) and
    play the human's turns through the WebSocket to the end: a random legal
    entry, or (half the time, when the state leaves actions out) the last legal
    action by its text. Counts the kinds of entry acted in ``seen``."""
    srv, client = running
    made = create(
        client,
        game=GAME,
        preset="shanghai",
        deals=2,
        seed=seed,
        seats=seats("human", *["greedy"] * 5),
    )
    tid, token = made["table"], made["seats"][0]["token"]
    assert made["spec"].startswith("daguailuzi(preset=shanghai")
    table = srv.tables[tid].table
    rng = random.Random(seed)
    with client.websocket_connect("/ws") as ws, client.websocket_connect("/ws") as watch:
        state = join(ws, tid, token)
        spectator = join(watch, tid)
        assert spectator["view"]["private"] is None and spectator["legal"] == []
        assert len(state["view"]["private"]["hand"]) == 27 and state["players"] == 6
        while not state["match"]["over"]:
            if not state["legal"]:
                state = receive(ws)
                continue
            legal = state["legal"]
            plays = [e for e in legal if e["kind"] == "play"]
            assert len(plays) <= PLAY_LIST_LIMIT and len(json.dumps(state)) < 100_000
            assert state["unlisted"] == len(table.legal()) - len(legal)
            kind = legal[0]["kind"]
            seen[kind] = seen.get(kind, 0) + 1
            if state["unlisted"] and rng.random() < 0.5:
                # an action the list leaves out, sent as its text
                action = next(a for a in reversed(table.legal()) if not isinstance(a, Pass))
                text, at = table.deal.action_text(action), len(table.log)
                seen["by_text"] = seen.get("by_text", 0) + 1
                state = _act(ws, state, text=text)
                assert (table.log[at].seat, table.log[at].text) == (0, text)
            else:
                state = _act(ws, state, action=rng.choice(legal)["i"])
    m = state["match"]
    assert m["deal"] == 2 and len(m["table"]) == 2
    assert state["view"]["public"]["outcome"] is not None
    rec = client.get(f"/api/records/{tid}").json()
    assert Match.from_record(rec).totals == m["totals"]
    frames = client.get(f"/api/records/{tid}/frames").json()["frames"]
    assert all(len(f["hands"]) == 6 for f in frames)


def test_a_match_through_the_websocket_with_five_bots(server: Any) -> None:  # noqa: F811
    """Tables until the human has had a tribute step (a choice) too."""
    seen: dict[str, int] = {}
    for seed in range(1, 9):
        _play_match(server, seed, seen)
        if seen.get("choice"):
            break
    assert seen.get("play", 0) > 5 and seen.get("by_text", 0) > 0, seen
    assert seen.get("choice", 0) > 0, seen
