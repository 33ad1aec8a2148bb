"""``chupai replay`` dispatches through the registry: a game's ``cli.replay``
plugin renders its records, and a game without one is replayed generically (each
action's text and the result of its spec)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from chupai import protocol
from chupai.cli.main import main
from chupai.cli.replay import replayer_for
from chupai.protocol import get_game


def _played(key: str, seed: int) -> Any:
    spec = get_game(key)
    deal = spec.new_deal(spec.resolve(), seed)
    while not deal.is_terminal():
        deal.apply_action(deal.legal_actions()[0])
    return deal


def _match_record(key: str, seed: int) -> dict[str, Any]:
    spec = get_game(key)
    m = spec.new_match(spec.resolve(), seed, deals=2)
    while not m.is_over():
        deal = m.next_deal()
        while not deal.is_terminal():
            deal.apply_action(deal.legal_actions()[0])
    rec: dict[str, Any] = m.to_record()
    return rec


@pytest.fixture
def without_plugins() -> Iterator[None]:
    """Every built-in game without its replay renderer."""
    originals = [get_game(k) for k in ("bigtwo", "doudizhu", "biga")]
    for spec in originals:
        protocol.register(dataclasses.replace(spec, layers={}))
    try:
        yield
    finally:
        for spec in originals:
            protocol.register(spec)


def _replay(
    tmp_path: Path, rec: Any, capsys: pytest.CaptureFixture[str], *args: str
) -> tuple[int, str, str]:
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    rc = main(["replay", *args, str(path)])
    out = capsys.readouterr()
    return rc, out.out, out.err


@pytest.mark.parametrize("key", ["bigtwo", "doudizhu", "biga"])
def test_plugins_are_found_through_the_spec(key: str) -> None:
    plugin = get_game(key).plugin("cli.replay")
    assert plugin is not None
    assert replayer_for(get_game(key)) is plugin.replay_deal
    assert replayer_for(get_game(key), match=True) is plugin.replay_match


@pytest.mark.parametrize("key, seed", [("bigtwo", 5), ("doudizhu", 6), ("biga", 7)])
def test_a_game_without_a_renderer_replays_generically(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], without_plugins: None, key: str, seed: int
) -> None:
    deal = _played(key, seed)
    rec = get_game(key).to_record(deal)
    rc, out, err = _replay(tmp_path, rec, capsys)
    assert rc == 0, err
    assert out.splitlines()[-1] == f"valid record: {len(rec['actions'])} actions"
    first = rec["actions"][0]["action"]
    assert first in out and get_game(key).name() in out
    result = get_game(key).result(deal)
    if result.redeal:
        assert "redeal" in out
    else:
        assert "winners: " + ", ".join(f"seat {s}" for s in result.winners) in out
    # a bad record gets the same verdict as with the renderer
    protocol.register(dataclasses.replace(get_game(key), layers={}))
    bad = json.loads(json.dumps(rec))
    bad["actions"][1]["seat"] = (bad["actions"][1]["seat"] + 1) % deal.players
    rc, out, err = _replay(tmp_path, bad, capsys, "--quiet")
    assert rc == 1 and err.startswith("invalid record: action 2")


@pytest.mark.parametrize("key", ["bigtwo", "doudizhu", "biga"])
def test_a_match_without_a_renderer_replays_generically(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], key: str
) -> None:
    rec = _match_record(key, 3)
    rc, plugin_out, _ = _replay(tmp_path, rec, capsys)
    assert rc == 0
    spec = get_game(key)
    protocol.register(dataclasses.replace(spec, layers={}))
    try:
        rc, out, err = _replay(tmp_path, rec, capsys)
    finally:
        protocol.register(spec)
    assert rc == 0, err
    assert out.splitlines()[-1] == plugin_out.splitlines()[-1]  # the same action count
    assert f"{spec.name()} match" in out and "total" in out
