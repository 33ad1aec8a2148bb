"""The ``check`` message of ``chupai serve`` (:mod:`chupai.web.checks`): a seat
asks about a selection on its turn and is told, in its language, what the
selection is when legal and why not when illegal; bad asks are refused with a
clear error and change nothing."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient  # noqa: E402

from chupai.web.app import ChupaiServer  # noqa: E402
from chupai.web.checks import CHECK_BURST  # noqa: E402
from chupai.web.protocol import SERVER_MESSAGES  # noqa: E402

PLAYERS = {"bigtwo": 4, "doudizhu": 3, "biga": 5, "daguailuzi": 6}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ChupaiServer, TestClient]]:
    path = Path(tmp_path_factory.mktemp("checks")) / "t.sqlite3"
    srv = ChupaiServer(str(path), bot_delay=0, reveal_seconds=0)
    with TestClient(srv.app) as client:
        yield srv, client


def receive(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (or an error), past the states."""
    while True:
        msg = dict(ws.receive_json())
        SERVER_MESSAGES.validate_python(msg)
        if msg["type"] in (kind, "error"):
            return msg
        assert msg["type"] == "state", msg


def ask(ws: Any, seq: int, text: str, lang: str = "en") -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "check", "seq": seq, "text": text, "lang": lang}))
    return receive(ws, "check")


def to_play(ws: Any) -> dict[str, Any]:
    """Act the first legal entry until the seat is asked for a play."""
    state = receive(ws, "state")
    while True:
        if state["match"]["over"]:
            pytest.skip("the match ended before a play")
        kinds = {e["kind"] for e in state["legal"]}
        if "play" in kinds and not state["view"].get("public", {}).get("redeal"):
            return state
        if state["legal"]:
            ws.send_text(json.dumps({"type": "act", "seq": state["seq"], "action": 0}))
        state = receive(ws, "state")


def seated(client: TestClient, game: str) -> tuple[Any, Any, dict[str, Any]]:
    n = PLAYERS[game]
    body = {
        "game": game,
        "seed": 5,
        "seats": [{"kind": "human"}] + [{"kind": "bot", "level": "greedy"}] * (n - 1),
    }
    made = client.post("/api/tables", json=body).json()
    ws = client.websocket_connect("/ws")
    ws.__enter__()
    ws.send_text(
        json.dumps({"type": "join", "table": made["table"], "token": made["seats"][0]["token"]})
    )
    assert receive(ws, "welcome")["type"] == "welcome"
    return made, ws, to_play(ws)


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_a_legal_selection_is_described_and_an_illegal_one_explained(
    server: Any, game: str
) -> None:
    srv, client = server
    made, ws, state = seated(client, game)
    try:
        seq = state["seq"]
        play = next(e for e in state["legal"] if e["kind"] == "play")
        yes = ask(ws, seq, play["text"])
        assert yes["legal"] and yes["reason"] is None and yes["text"], yes
        assert yes["seq"] == seq and yes["query"] == play["text"]
        deal = srv.tables[made["table"]].table.deal
        hand = srv.tables[made["table"]].table.spec.facts(deal.observe(0)).hand
        illegal = None
        for a, b in itertools.combinations(hand, 2):
            answer = ask(ws, seq, f"{a} {b}")
            if not answer["legal"]:
                illegal = f"{a} {b}"
                break
        assert illegal is not None
        en = ask(ws, seq, illegal)
        assert en["reason"] and en["text"] is None
        for lang in ("zh", "ja"):
            other = ask(ws, seq, illegal, lang)
            assert other["lang"] == lang and other["reason"]
            if game in ("bigtwo", "doudizhu"):  # their reasons are all translated
                assert other["reason"] != en["reason"]
                assert not any(w in other["reason"] for w in ("does not", "form", "cards"))
        again = srv.tables[made["table"]].table
        assert again.seat_seq(0) == seq  # asking changed nothing
    finally:
        ws.__exit__(None, None, None)


def test_bad_checks_are_refused_with_a_clear_error(server: Any) -> None:
    srv, client = server
    made, ws, state = seated(client, "bigtwo")
    try:
        seq = state["seq"]
        err = ask(ws, seq + 7, "3D")
        assert err["type"] == "error" and err["code"] == "stale" and str(seq + 7) in err["message"]
        for bad, field in (
            ({"type": "check", "seq": seq, "text": "3D", "lang": "fr"}, "lang"),
            ({"type": "check", "seq": seq, "text": ""}, "text"),
            ({"type": "check", "seq": seq, "text": "3D " * 200}, "text"),
            ({"type": "check", "text": "3D"}, "seq"),
        ):
            ws.send_text(json.dumps(bad))
            err = receive(ws, "check")
            assert err["type"] == "error" and err["code"] == "bad_message", err
            assert field in err["message"]
        nonsense = ask(ws, seq, "hello")
        assert not nonsense["legal"] and "hello" in nonsense["reason"].lower()
        codes = []
        for _ in range(CHECK_BURST + 5):
            ws.send_text(json.dumps({"type": "check", "seq": seq, "text": "3D"}))
        for _ in range(CHECK_BURST + 5):
            codes.append(receive(ws, "check").get("code"))
        assert "too_many" in codes
    finally:
        ws.__exit__(None, None, None)
    with client.websocket_connect("/ws") as watch:  # a spectator may not ask
        watch.send_text(json.dumps({"type": "join", "table": made["table"]}))
        receive(watch, "welcome")
        watch.send_text(json.dumps({"type": "check", "seq": 0, "text": "3D"}))
        assert receive(watch, "check")["code"] == "spectator"
    with client.websocket_connect("/ws") as early:  # nor a socket that has not joined
        early.send_text(json.dumps({"type": "check", "seq": 0, "text": "3D"}))
        assert receive(early, "check")["code"] == "not_joined"


def test_only_the_seat_to_act_may_ask(server: Any) -> None:
    _, client = server
    body = {"game": "bigtwo", "seed": 5, "seats": [{"kind": "human"}] * 4}
    made = client.post("/api/tables", json=body).json()
    if True:
        for seat in range(4):
            ws2 = client.websocket_connect("/ws")
            ws2.__enter__()
            try:
                ws2.send_text(
                    json.dumps(
                        {
                            "type": "join",
                            "table": made["table"],
                            "token": made["seats"][seat]["token"],
                        }
                    )
                )
                receive(ws2, "welcome")
                state = receive(ws2, "state")
                answer = ask(ws2, state["seq"], "3D")
                if state["turn"]["seat"] == seat:
                    assert answer["type"] == "check"
                else:
                    assert answer["code"] == "not_your_turn"
            finally:
                ws2.__exit__(None, None, None)
