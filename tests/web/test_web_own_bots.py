"""The operator's own bots at ``chupai serve`` tables: ``--bot NAME=module:attribute``
registers an agent that the lobby offers as a bot level, while a web request can
never name a module (``os:system`` or any ``module:attr`` level is refused, naming
the field); own bots take no parameters from a request, and bots that think in
worker processes must pickle."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient  # noqa: E402

from chupai.bots import agents, make_bot, register_bot  # noqa: E402
from chupai.cli.main import main  # noqa: E402
from chupai.errors import ChupaiError  # noqa: E402
from chupai.web.app import ChupaiServer  # noqa: E402
from chupai.web.serve_options import register_own_bots  # noqa: E402
from chupai.web.tableconfig import check_config, own_levels  # noqa: E402
from chupai.web.tables import Table  # noqa: E402
from tests import agents_fixture as fx  # noqa: E402


def _seats(*levels: str | None) -> list[dict[str, Any]]:
    return [{"kind": "human"} if v is None else {"kind": "bot", "level": v} for v in levels]


@pytest.mark.usefixtures("clean_registry")
def test_the_lobby_offers_the_operators_bots_and_refuses_modules(tmp_path: Path) -> None:
    names = register_own_bots(
        [
            "Fixture=tests.agents_fixture:Agent",
            "rnd@doudizhu=tests.agents_fixture:Agent:pick=random",
        ]
    )
    assert names == ["fixture", "rnd"]
    srv = ChupaiServer(str(tmp_path / "t.sqlite3"), bot_delay=0, own_bots=names)
    with TestClient(srv.app) as client:
        games = {g["key"]: g for g in client.get("/api/games").json()["games"]}
        assert games["bigtwo"]["bots"][-1] == "fixture"
        assert games["doudizhu"]["bots"][-2:] == ["fixture", "rnd"]
        for level in ("os:system", "tests.agents_fixture:Agent", "fixture:pick=random", "rnd"):
            r = client.post(
                "/api/tables", json={"game": "bigtwo", "seats": _seats(None, level, level, level)}
            )
            assert r.status_code == 400, level
            assert r.json()["field"] == "seats.1.level"
        r = client.post(
            "/api/tables", json={"game": "bigtwo", "seats": _seats(None, *["os:system"] * 3)}
        )
        assert "names a module" in r.json()["error"] and "chupai serve --bot" in r.json()["error"]
        r = client.post(
            "/api/tables",
            json={
                "game": "bigtwo",
                "seats": _seats(None, "fixture:pick=random", "greedy", "greedy"),
            },
        )
        assert r.json()["error"] == "bot 'fixture' takes no parameters on this server"
        r = client.post(
            "/api/tables", json={"game": "doudizhu", "seats": _seats(None, "rnd", "Fixture")}
        )
        assert r.status_code == 201, r.text
        assert [s["level"] for s in r.json()["seats"]] == [None, "rnd", "fixture"]


@pytest.mark.usefixtures("clean_registry")
def test_an_own_bot_plays_its_seat() -> None:
    register_bot("fixture", fx.Agent)
    own = own_levels(["fixture"], ["bigtwo"])
    config = check_config(
        {"game": "bigtwo", "seed": 3, "seats": _seats(None, *["fixture"] * 3)}, own
    )
    table, _ = Table.create("t", config, 0.0)
    while table.to_act == 0:
        table.commit(*_human_first(table))
    seat, bot, obs, legal = table.bot_choice()
    assert seat != 0 and isinstance(bot, fx.Agent) and bot.act(obs, legal) == legal[0]


def _human_first(table: Table) -> tuple[Any, Any]:
    action = table.legal()[0]
    return table.prepare(0, action, auto=False), action


@pytest.mark.usefixtures("clean_registry")
def test_bad_own_bots_are_refused_before_serving() -> None:
    for spec, needle in (
        ("mine", "expected NAME=module:attribute"),
        ("mine=heuristic", "expected NAME=module:attribute"),
        ("mine=no_such_module_zz.a:B", "cannot load bot"),
        ("random=tests.agents_fixture:Agent", "'random' is a built-in bot"),
        ("x=tests.agents_fixture:INSTANCE:pick=random", "is an agent object, with no parameters"),
        ("x=tests.agents_fixture:Agent:colour=red", "unknown parameter 'colour'"),
    ):
        with pytest.raises(ChupaiError, match=needle):
            register_own_bots([spec])
    with pytest.raises(ChupaiError, match="no own bot 'ghost' is registered"):
        own_levels(["ghost"], ["bigtwo"])
    register_bot("lam", lambda observation, legal: legal[0])
    assert own_levels(["lam"], ["bigtwo"]) == {"bigtwo": ["lam"]}  # threads: no pickling
    with pytest.raises(ChupaiError, match="'lam' cannot be sent to the bot worker processes"):
        own_levels(["lam"], ["bigtwo"], pickled=True)
    assert make_bot("lam", 1).act(None, [5, 6]) == 5


@pytest.mark.usefixtures("clean_registry")
def test_serve_stops_on_a_bad_bot_option(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "s.sqlite3")
    assert main(["serve", "--db", db, "--bot", "mine=no_such_module_zz:B"]) == 2
    assert "cannot load bot 'no_such_module_zz:B'" in capsys.readouterr().err
    # a callable that builds no bot for any game (os.system called with a seed) is
    # refused before the server says it serves, naming the bot and the error
    assert main(["serve", "--db", db, "--bot", "mine=os:system"]) == 2
    err = capsys.readouterr().err
    assert "own bot 'mine' plays no game here" in err and "TypeError" in err
    assert "serving on" not in err


@pytest.mark.usefixtures("clean_registry")
def test_a_table_goes_on_when_its_own_bot_is_gone(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A restarted server not given an own bot again plays the hint bot's choice for
    that seat (logged) instead of stopping the table."""
    register_bot("fixture", fx.Agent)
    srv = ChupaiServer(str(tmp_path / "t.sqlite3"), bot_delay=0, own_bots=["fixture"])
    agents._REGISTERED.clear()  # as if the server had restarted without --bot
    with TestClient(srv.app) as client:
        r = client.post(
            "/api/tables",
            json={"game": "doudizhu", "seed": 2, "seats": _seats("fixture", None, "random")},
        )
        assert r.status_code == 201, r.text
        table = srv.tables[r.json()["table"]].table
        for _ in range(200):
            if table.to_act == 1 or table.over:
                break
            time.sleep(0.01)
        assert table.to_act == 1 or table.over
    assert "cannot be built" in caplog.text
