"""``chupai play``: after a deal the terminal says where the points came from (the
game's scoring explanation, :meth:`chupai.protocol.GameSpec.explain`) under the
result, in the session's language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from scripted_play import play_args, run_scripted

from chupai.cli.play import run_play
from chupai.i18n import translate
from chupai.protocol import get_game

SCRIPT = "0 1\n0\npass\n" * 60
"""A Big Two deal played to its end from seat 2 (seed 5): the human keeps 11 cards."""


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_finished_deal_is_explained_under_the_result(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str
) -> None:
    path = tmp_path / "deal.json"
    namespace = play_args("bigtwo", seed=5, bots="greedy", seat=2, record=str(path), lang=lang)
    code, out = run_scripted(monkeypatch, capsys, run_play, namespace, SCRIPT, columns=120)
    assert code == 0
    spec = get_game("bigtwo")
    deal = spec.replay(json.loads(path.read_text(encoding="utf-8")))
    you = translate("You", lang)
    names = [you if s == 2 else f"S{s}" for s in range(deal.players)]
    lines = [translate(line, lang) for line in spec.explain(deal, names)]
    assert len(lines) >= 4
    mine = [line for line in lines if line.startswith(you)]  # named as the terminal names
    assert mine and all("  " + line in out for line in mine)
    if lang == "en":
        assert "  You: 11 cards left, doubled for 11 or more → 22" in out
        assert "Pairwise settlement: each score is all penalties" in out
    else:
        assert "  你：剩 11 张，满 11 张翻倍 → 22" in out
        assert "两两结算" in out
