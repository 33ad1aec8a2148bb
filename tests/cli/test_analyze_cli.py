"""``chupai analyze``: the table in three languages, ``--json`` (exactly the
analysis), and exit 2 with one line naming the problem for input it cannot
analyse."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from chupai.analysis import analyse_record
from chupai.cli.main import main
from chupai.protocol import get_game


@pytest.fixture
def record(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    spec = get_game("bigtwo")
    deal = spec.new_deal(spec.resolve(), 2)
    for _ in range(10):
        deal.apply_action(deal.legal_actions()[0])
    rec: dict[str, Any] = spec.to_record(deal)
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    return path, rec


def test_json_is_exactly_the_analysis(
    record: tuple[Path, dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    path, rec = record
    assert (
        main(["analyze", str(path), "--seat", "1", "--budget", "30", "--seed", "2", "--json"]) == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert out == analyse_record(rec, seats=[1], budget=30, seed=2)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["step", "played", "best", "label", "Seat 1:"]),
        ("zh", ["步", "最佳", "评价"]),
        ("ja", ["手番", "最善", "評価"]),
    ],
)
def test_the_table_speaks_three_languages(
    record: tuple[Path, dict[str, Any]],
    capsys: pytest.CaptureFixture[str],
    lang: str,
    words: list[str],
) -> None:
    path, _ = record
    assert main(["analyze", str(path), "--seat", "1", "--budget", "quick", "--lang", lang]) == 0
    out = capsys.readouterr().out
    for word in words:
        assert word in out


def _error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("chupai: error: ") and err.count("\n") == 1
    return err


def test_errors_exit_2_naming_the_problem(
    record: tuple[Path, dict[str, Any]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, rec = record
    assert "missing" in _error(["analyze", str(tmp_path / "none.json")], capsys)
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert "not valid JSON" in _error(["analyze", str(bad)], capsys)
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({**rec, "actions": [{"seat": 3, "action": "2S"}]}), "utf-8")
    assert "action 1" in _error(["analyze", str(broken)], capsys)
    assert "seat 7 is not a seat" in _error(["analyze", str(path), "--seat", "7"], capsys)
    assert "unknown budget 'lots'" in _error(["analyze", str(path), "--budget", "lots"], capsys)


@pytest.mark.parametrize(
    ("lang", "game", "phase"),
    [("zh", "斗地主", ("叫地主", "抢地主")), ("ja", "闘地主", ("入札", "地主の奪い合い"))],
)
def test_the_table_names_the_game_and_the_phases_in_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, game: str, phase: tuple[str, str]
) -> None:
    """A Dou Dizhu deal cut in its bidding: the header names the game and each row
    its phase in the chosen language."""
    spec = get_game("doudizhu")
    deal = spec.new_deal(spec.resolve(), 4)
    while deal.observe(deal.current_player).phase.value != "play":
        deal.apply_action(deal.legal_actions()[0])  # the lowest bid: the bidding goes on
    path = tmp_path / "ddz.json"
    path.write_text(json.dumps(spec.to_record(deal)), encoding="utf-8")
    assert main(["analyze", str(path), "--budget", "4", "--lang", lang, "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith(game), out
    assert all(word in out for word in phase), out
