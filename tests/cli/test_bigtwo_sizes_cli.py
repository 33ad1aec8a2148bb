"""The terminal at every Big Two table size: a scripted human plays a 6-seat
two-pack match and a 13-seat match to the end (the records replay), two-pack input
(identical cards by token and by index) is read and explained, and ``chupai
simulate`` plays both sizes."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from chupai.bigtwo import packs
from chupai.bigtwo.game import new_deal
from chupai.bigtwo.match import Match
from chupai.bigtwo.rules import resolve
from chupai.cli.games.bigtwo.play_input import hand_order, read_input
from chupai.cli.main import main
from chupai.errors import ChupaiError

AUTOPLAY = "0\npass\n" * 1500
"""Every prompt ends in a move: ``0`` leads the lowest card, ``pass`` follows (a
refused line is explained and the next one read)."""


def run(monkeypatch: pytest.MonkeyPatch, argv: list[str], script: str = "") -> tuple[int, str]:
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    code = main(argv)
    return code, out.getvalue()


@pytest.mark.parametrize(
    ("sets", "seats"),
    [(["players=6", "packs=2"], 6), (["players=13"], 13)],
    ids=["6-seats-two-packs", "13-seats"],
)
def test_a_scripted_human_plays_a_whole_match(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, sets: list[str], seats: int
) -> None:
    path = tmp_path / "match.json"
    argv = ["play", "bigtwo", "--seed", "4", "--deals", "2", "--bots", "greedy"]
    argv += [a for s in sets for a in ("--set", s)] + ["--record", str(path)]
    code, out = run(monkeypatch, argv, AUTOPLAY)
    assert code == 0, out[-2000:]
    assert "Match over" in out
    rec = json.loads(path.read_text(encoding="utf-8"))
    m = Match.from_record(rec)
    assert m.is_over() and len(m.totals) == seats and sum(m.totals) == 0
    # the score table has a column per seat and the totals line every seat's total
    total_line = next(line for line in out.splitlines() if line.startswith("Total"))
    assert len(re.findall(r"[+-]\d+|\b0\b", total_line)) == seats
    if seats == 6:  # two packs: identical cards are shown twice somewhere in the hands
        assert "Your hand (17):" in out


def test_two_pack_input_by_token_and_index() -> None:
    rules = resolve("standard", {"players": "6", "packs": "2"})
    for seed in range(200):
        deal = new_deal(rules, seed)
        seat = deal.current_player
        hand = deal.hands[seat]
        if not hand >> 52:
            continue
        twice = (hand >> 52).bit_length() - 1  # a card this seat holds twice
        name = packs.names(1 << twice)
        order = hand_order(deal, seat)
        assert order.count(twice) == 2
        i = order.index(twice)
        by_token = read_input(deal, seat, f"{name} {name}")
        by_index = read_input(deal, seat, f"{i} {i + 1}")
        mixed = read_input(deal, seat, f"{i} {name}")
        assert by_token.mask == by_index.mask == mixed.mask == packs.parse(f"{name} {name}", 2)
        with pytest.raises(ChupaiError, match="more often than the two packs"):
            read_input(deal, seat, f"{i} {i + 1} {name}")
        once = next(c for c in packs.ids(hand) if order.count(c) == 1)
        with pytest.raises(ChupaiError, match="you hold only one"):
            one = packs.names(1 << once)
            read_input(deal, seat, f"{one} {one}")
        return
    raise AssertionError("no dealt hand holds a card twice")


@pytest.mark.parametrize("sets", [["players=6", "packs=2"], ["players=13"]])
def test_simulate_plays_any_size(monkeypatch: pytest.MonkeyPatch, sets: list[str]) -> None:
    argv = ["simulate", "bigtwo", "--deals", "12", "--bots", "greedy,heuristic"]
    argv += [a for s in sets for a in ("--set", s)]
    code, out = run(monkeypatch, argv)
    assert code == 0
    seats = int(sets[0].split("=")[1])
    rows = [line for line in out.splitlines() if re.match(r"^\s+\d+\s+\d+\s", line)]
    assert len(rows) == seats
