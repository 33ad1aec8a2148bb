"""The page knows no game by name: what it shows differently per game (decision
prompts, action words, Big Aces) comes from the game's web plugin (``PAGE``),
served with the game in ``/api/games``; its scripts never compare a game key."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from chupai.protocol import all_games, get_game
from chupai.web.games import page_data

STATIC = Path(__file__).resolve().parents[1] / "src" / "chupai" / "web" / "static"
SAMPLE_DATA = {"demo.js"}
"""Files that may name games: the demo's sample states are data."""

STRING = re.compile(r"""(["'`])((?:\\.|(?!\1).)*)\1""")


def game_names() -> set[str]:
    """Every game's key and alias, lower case."""
    return {name.lower() for spec in all_games() for name in (spec.key, *spec.aliases)}


def game_mentions(source: str, names: set[str]) -> list[str]:
    """The places of ``source`` (JavaScript) that name a game: a string literal
    that is a game's key or alias (``s.game === "biga"``, ``case "bigtwo":``,
    ``["doudizhu"]``), a comparison of a ``game`` with any string, or an object
    keyed by a game key (``{bigtwo: ...}``)."""
    found: list[str] = []
    for n, line in enumerate(source.splitlines(), start=1):
        code = line.split("//", 1)[0] if not line.lstrip().startswith("*") else ""
        for m in STRING.finditer(code):
            if m.group(2).strip().lower() in names:
                found.append(f"{n}: {line.strip()}")
        if re.search(r"""\bgame\s*[!=]==?\s*["'`]|["'`]\s*[!=]==?\s*\w*\.?game\b""", code):
            found.append(f"{n}: {line.strip()}")
        for key in names:
            if re.fullmatch(r"\w+", key) and re.search(rf"(?<![\w.$]){key}\s*:", code):
                found.append(f"{n}: {line.strip()}")
    return sorted(set(found))


def page_scripts() -> Iterator[Path]:
    return (f for f in sorted(STATIC.glob("*.js")) if f.name not in SAMPLE_DATA)


def test_the_scan_finds_what_it_looks_for() -> None:
    names = {"bigtwo", "doudizhu", "biga", "ddz", "打大a"}
    bad = [
        'if (s.game === "doudizhu") {',
        "} else if (game == 'biga') x();",
        'if ("bigtwo" !== ctx.game) return;',
        "switch (key) { case `ddz`: break; }",
        'const names = { bigtwo: "Big Two" };',
        'if (g.game !== "toy") return;',
        'const known = ["打大A"];',
    ]
    for line in bad:
        assert game_mentions(line, names), line
    good = [
        'const w = word("show_ddz"); // Dou Dizhu\'s "show"',
        'decline_biga: "Don\'t show", big_aces: true,',
        'if (ctx.bigAces && rank === "A") {',
        'return t("prompt_show_second");',
        "for (const g of games) if (g.key === key) return g;",
    ]
    for line in good:
        assert not game_mentions(line, names), line


def test_page_scripts_compare_no_game_key() -> None:
    names = game_names()
    assert {"bigtwo", "doudizhu", "biga"} <= names
    scripts = list(page_scripts())
    assert {f.name for f in scripts} >= {"app.js", "cards.js", "i18n.js"}
    found = {f.name: game_mentions(f.read_text(encoding="utf-8"), names) for f in scripts}
    assert {k: v for k, v in found.items() if v} == {}


def test_the_demo_states_are_the_only_ones_to_name_games() -> None:
    # the exception is used: without it the scan would fail
    demo = (STATIC / "demo.js").read_text(encoding="utf-8")
    assert game_mentions(demo, game_names())


# ---- /api/games serves each game's page data ---------------------------------------------------

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient  # noqa: E402

from chupai.web.app import ChupaiServer  # noqa: E402


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(ChupaiServer(str(tmp_path / "t.sqlite3"), bot_delay=0).app) as c:
        yield c


def served_games(client: TestClient) -> dict[str, dict[str, Any]]:
    return {g["key"]: g for g in client.get("/api/games").json()["games"]}


def test_api_games_serves_each_games_page_data(client: TestClient) -> None:
    games = served_games(client)
    for key, entry in games.items():
        spec = get_game(key)
        assert entry["page"] == page_data(spec.plugin("web")), key
        assert entry["web_view"] is (spec.plugin("web") is not None)
    ddz, biga, b2 = games["doudizhu"]["page"], games["biga"]["page"], games["bigtwo"]["page"]
    # the knowledge the page had of each game by name, now the games' own
    assert ddz["words"] == {"show": "show_ddz", "no": "no_rob"}
    assert biga["words"] == {"decline": "decline_biga"} and b2["words"] == {}
    assert (ddz["big_aces"], biga["big_aces"], b2["big_aces"]) == (False, True, False)
    assert [r["prompt"] for r in ddz["prompts"]] == ["prompt_bid", "prompt_rob", "prompt_show_ddz"]
    assert {"phase": "draw", "heads": ["show"], "prompt": "prompt_draw"} in biga["prompts"]
    give = {"heads": ["give"], "prompt": "prompt_give_to", "unnamed": "prompt_give"}
    assert give in b2["prompts"]
    assert [r["prompt"] for r in b2["prompts"]][-1] == "prompt_leftover"


def test_every_prompt_and_word_is_one_the_page_has() -> None:
    i18n = (STATIC / "i18n.js").read_text(encoding="utf-8")
    for spec in all_games():
        page = page_data(spec.plugin("web"))
        for rule in page["prompts"]:
            assert set(rule) <= {"heads", "phase", "prompt", "unnamed"}, rule
            assert "heads" in rule or "phase" in rule, rule
            for key in (rule["prompt"], rule.get("unnamed")):
                if key is not None:
                    # in the three languages' tables
                    assert len(re.findall(rf"^\s+{key}:", i18n, re.M)) == 3, key
        for word in page["words"].values():
            assert len(re.findall(rf"\b{word}:", i18n)) == 3, word


def test_a_game_without_a_web_plugin_gets_no_page_data(client: TestClient) -> None:
    import toygame.spec

    from chupai.protocol import register, unregister

    register(toygame.spec.SPEC)
    try:
        toy = served_games(client)["toy"]
    finally:
        unregister("toy")
    assert toy["web_view"] is False
    assert toy["page"] == {"prompts": [], "words": {}, "big_aces": False}
