"""The ``expert`` bot as the web's top level, and the bots' think times in the
``state`` message (issue 16): every game offers ``expert`` last among chupai's own
levels, a table takes it (with its budget capped like ``search``'s), and each
public bot action's think time goes to every receiver beside its place in the
public history, never a private one's. In process (Starlette's test client)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient  # noqa: E402

from chupai.protocol import all_games  # noqa: E402
from chupai.web.app import ChupaiServer  # noqa: E402
from chupai.web.guards import think  # noqa: E402
from chupai.web.protocol import SERVER_MESSAGES  # noqa: E402
from chupai.web.tableconfig import WEB_BOTS, TableError, check_config, web_bot_levels  # noqa: E402
from chupai.web.tables import THINKS_KEPT, Table  # noqa: E402


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    srv = ChupaiServer(str(tmp_path / "t.sqlite3"), bot_delay=0)
    with TestClient(srv.app) as c:
        yield c


def test_every_game_offers_the_expert_last_among_chupais_levels(client: TestClient) -> None:
    assert WEB_BOTS[-1] == "expert"
    for entry in client.get("/api/games").json()["games"]:
        own = [b for b in entry["bots"] if b in WEB_BOTS]
        assert own[-1] == "expert", entry["key"]
        assert own == sorted(own, key=WEB_BOTS.index)
    assert {s.key for s in all_games()} <= {
        e["key"] for e in client.get("/api/games").json()["games"]
    }
    assert web_bot_levels("bigtwo")[-2:] == ["search", "expert"]


def test_a_table_takes_the_expert_within_the_servers_limits() -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "level": "expert"}]
    seats += [{"kind": "bot", "level": "expert:ms=50"}, {"kind": "bot", "level": "search"}]
    config = check_config({"game": "bigtwo", "seats": seats})
    assert [s["level"] for s in config["seats"][1:]] == ["expert", "expert:ms=50", "search"]
    assert config["seats"][1]["name"] == "expert bot 2"
    with pytest.raises(TableError, match="ms=9000") as err:
        check_config(
            {"game": "bigtwo", "seats": [*seats[:3], {"kind": "bot", "level": "expert:ms=9000"}]}
        )
    assert err.value.field == "seats.3.level"


def test_think_returns_the_seconds_the_decision_took() -> None:
    from chupai.bots import make_bot
    from chupai.protocol import get_game

    deal = get_game("bigtwo").new_deal(get_game("bigtwo").resolve(), 4)
    legal = deal.legal_actions()
    index, _, seconds = think(
        make_bot("expert:ms=30", 1, game="bigtwo"), deal.observe(deal.current_player), legal
    )
    assert 0 <= index < len(legal) and 0.0 < seconds < 5.0


def test_a_public_bot_action_has_its_think_time_for_everybody() -> None:
    """A bot's public action is kept with its place in the public history and the
    seconds it took, for every seat and spectator; a private one (Big A's declining
    at a checkpoint) has none; at most :data:`THINKS_KEPT` are kept."""
    config = check_config(
        {
            "game": "bigtwo",
            "seed": 2,
            "seats": [{"kind": "human"}, *[{"kind": "bot", "level": "greedy"}] * 3],
        }
    )
    table, _ = Table.create("t", config, 0.0)
    seat = table.to_act
    assert seat is not None
    _, action = table.hint(seat)
    table.commit(table.prepare(seat, action, auto=True), action, thought=0.08321)
    assert table.thinks == [{"deal": 0, "seat": seat, "n": 0, "s": 0.083}]
    for receiver in (None, 0, 1, 2, 3):
        msg = table.state(receiver)
        SERVER_MESSAGES.validate_python(json.loads(json.dumps(msg)))
        assert msg["thinks"] == table.thinks
    for _ in range(THINKS_KEPT + 5):
        seat = table.to_act
        if seat is None:
            break
        _, action = table.hint(seat)
        table.commit(table.prepare(seat, action, auto=True), action, thought=0.001)
    assert len(table.thinks) <= THINKS_KEPT


def test_a_private_bot_action_has_no_think_time() -> None:
    config = check_config(
        {
            "game": "biga",
            "seed": 1,
            "seats": [{"kind": "human"}, *[{"kind": "bot", "level": "greedy"}] * 4],
        }
    )
    table, _ = Table.create("t", config, 0.0)
    private = 0
    for _ in range(60):
        seat = table.to_act
        if seat is None:
            break
        before = len(table.thinks)
        public = len(table.public_part()["history"])
        _, action = table.hint(seat)
        table.commit(table.prepare(seat, action, auto=True), action, thought=0.01)
        shown = len(table.public_part()["history"]) > public
        assert len(table.thinks) == before + shown or len(table.thinks) == THINKS_KEPT
        private += not shown
    assert private > 0  # the draw's checkpoints were answered, unseen


def _receive(ws: Any) -> dict[str, Any]:
    msg = ws.receive_json()
    SERVER_MESSAGES.validate_python(msg)
    return dict(msg)


def test_the_state_message_carries_the_experts_think_times(client: TestClient) -> None:
    """A table of expert bots (a short budget, for the test's time): once they
    have played, the human's ``state`` names each bot play's think time beside its
    place in the public history, measured where the bot ran."""
    bots = [{"kind": "bot", "level": "expert:ms=20"}] * 3
    made = client.post(
        "/api/tables", json={"game": "bigtwo", "seed": 7, "seats": [{"kind": "human"}, *bots]}
    )
    assert made.status_code == 201, made.text
    body = made.json()
    with client.websocket_connect("/ws") as ws:
        ws.send_text(
            json.dumps({"type": "join", "table": body["table"], "token": body["seats"][0]["token"]})
        )
        assert _receive(ws)["type"] == "welcome"
        state = _receive(ws)
        while len([e for e in state["view"]["public"]["history"] if e["seat"] != 0]) < 3:
            if state["legal"]:
                ws.send_text(
                    json.dumps(
                        {"type": "act", "seq": state["seq"], "text": state["legal"][0]["text"]}
                    )
                )
            state = _receive(ws)
    history = {e["n"]: e for e in state["view"]["public"]["history"]}
    thinks = state["thinks"]
    assert len(thinks) >= 3
    for mark in thinks:
        assert history[mark["n"]]["seat"] == mark["seat"] != 0 and mark["deal"] == 0
        assert 0 <= mark["s"] < 10  # a forced pass may take under half a millisecond
    assert any(mark["s"] >= 0.005 for mark in thinks)  # a search of 20 ms at least once
    played = {n for n, e in history.items() if e["seat"] != 0}
    assert played == {m["n"] for m in thinks}


def test_the_page_names_every_level_in_three_languages() -> None:
    """Every level a table offers has its name in the page's three languages (the
    lobby's menu, "Bot 2 (expert)"), and the page reads a bot named after it."""
    static = Path(__file__).resolve().parents[2] / "src" / "chupai" / "web" / "static"
    i18n = (static / "i18n.js").read_text(encoding="utf-8")
    names = i18n.split("export function botLevelName", 1)[1].split("};", 1)[0]
    rows = dict(re.findall(r"(en|zh|ja): \{([^}]*)\}", names))
    assert set(rows) == {"en", "zh", "ja"}
    for lang, row in rows.items():
        assert set(re.findall(r"(\w+):", row)) == set(WEB_BOTS), lang
    assert re.search(r'expert: "专家"', rows["zh"]) and re.search(
        r'expert: "エキスパート"', rows["ja"]
    )
    common = (static / "common.js").read_text(encoding="utf-8")
    pattern = re.search(r"BOT_NAME = /\^\(([a-z|]+)\) bot", common)
    assert pattern is not None and set(pattern.group(1).split("|")) == set(WEB_BOTS)
