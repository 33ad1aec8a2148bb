"""One input grammar in every game's terminal (:mod:`chupai.cli.grammar`): hand
indexes ``#N`` / ``#N-M`` and an index row above every hand, ``table``/``look``
redraw, near-miss words answered with "did you mean ...?", 明牌 confirmed, the
stakes and penalties in words, ``chupai rules`` wrapping CJK text, and the CLI's
messages (``--deals 0``, plurals, card tokens as displayed)."""

from __future__ import annotations

import doctest
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, strategies as st
from rich.cells import cell_len
from rich.console import Console
from scripted_play import play_args, run_scripted

from chupai.biga.game import Phase as BigAPhase, new_deal as new_biga
from chupai.biga.rules import STANDARD as BIGA
from chupai.bigtwo.game import new_deal as new_bigtwo
from chupai.bigtwo.rules import STANDARD
from chupai.cli.games.biga.play_input import face_label, hand_faces, read_input as read_biga
from chupai.cli.games.bigtwo.play_input import read_input as read_bigtwo
from chupai.cli.grammar import INDEX_HELP, near_miss, split_indexes
from chupai.cli.main import main
from chupai.cli.play import run_play
from chupai.cli.wrap import Wrapped, wrap_cells
from chupai.errors import ChupaiError

GAMES = ("bigtwo", "doudizhu", "biga", "daguailuzi")
INDEX_ROW = re.compile(r"^ +0 +1 +2 +3 ", re.M)


def transcript(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], game: str, script: str
) -> str:
    bots = "heuristic" if game == "biga" else "greedy" if game != "daguailuzi" else "random"
    code, out = run_scripted(
        monkeypatch, capsys, run_play, play_args(game, seed=3, bots=bots), script, columns=100
    )
    assert code == 0
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_game_reads_alike(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], game: str
) -> None:
    out = transcript(monkeypatch, capsys, game, "help\npaas\nlook\nquit\n")
    assert "#0-4" in out and INDEX_HELP.split(":")[0] in out  # the help: one index grammar
    assert INDEX_ROW.search(out)  # every hand has its index row
    assert "did you mean 'pass'?" in out
    assert out.count("Your hand (") == 2  # 'look' drew the table again


@given(st.integers(0, 30), st.integers(0, 30))
def test_a_range_is_every_index_between(lo: int, hi: int) -> None:
    size = 31
    if lo <= hi:
        assert split_indexes([f"#{lo}-{hi}", "5h"], size) == (list(range(lo, hi + 1)), ["5h"])
        assert split_indexes(["#", str(lo)], size) == ([lo], [])
    else:
        with pytest.raises(ChupaiError, match=f"runs backwards: write #{hi}-{lo}"):
            split_indexes([f"#{lo}-{hi}"], size)


def test_index_errors_name_the_token() -> None:
    with pytest.raises(ChupaiError, match="index 13 is out of range: your hand has 13 cards"):
        split_indexes(["#13"], 13)
    with pytest.raises(ChupaiError, match="your hand has 1 card, numbered 0$"):
        split_indexes(["#1"], 1)
    with pytest.raises(ChupaiError, match="index 2 is given twice"):
        split_indexes(["#2", "#1-3"], 13)
    with pytest.raises(ChupaiError, match="'#x' is not a hand index"):
        split_indexes(["#x"], 13)
    assert split_indexes(["3", "3"], 13) == ([], ["3", "3"])  # ranks stay ranks
    assert split_indexes(["#0", "3", "5"], 13) == ([0, 3, 5], [])  # numbers after '#'


def reading(read: Any, deal: Any, seat: int, line: str) -> Any:
    """What ``read`` makes of ``line``: the action, or the refusal's text."""
    try:
        return read(deal, seat, line)
    except ChupaiError as exc:
        return str(exc)


def test_indexes_pick_the_same_cards_as_tokens() -> None:
    deal = new_bigtwo(STANDARD, 1)
    seat = deal.current_player
    assert seat is not None
    for a, b in (("#0-4", "0 1 2 3 4"), ("# 0 1", "#0 #1"), ("#3", "3")):
        assert reading(read_bigtwo, deal, seat, a) == reading(read_bigtwo, deal, seat, b)
    biga = new_biga(BIGA, 2)
    while biga.phase is not BigAPhase.PLAY:
        biga.apply_unchecked(biga.legal_actions()[-1])
    mover = biga.current_player
    assert mover is not None
    faces = hand_faces(biga, biga.hands[mover])
    assert read_biga(biga, mover, "#0") == read_biga(biga, mover, face_label(faces[0]))


def test_near_miss_only_for_words() -> None:
    words = ["pass", "hint", "quit", "table", "mingpai"]
    assert near_miss("paas", words) == "pass"
    assert near_miss("hnit", words) == "hint"
    assert near_miss("minpai", words) == "mingpai"
    assert near_miss("pass", words) is None  # a word the game reads is no miss
    assert near_miss("10h", words) is None and near_miss("zz", words) is None


def test_rules_wraps_cjk_without_cutting_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "doudizhu"]) == 0
    out = capsys.readouterr().out
    assert "…" not in out
    assert "may rob the landlord after the" in " ".join(out.split())
    lines = wrap_cells("搶地主: players who did not pass may rob the landlord", 21)
    assert all(cell_len(line) <= 21 for line in lines)
    assert " ".join(lines) == "搶地主: players who did not pass may rob the landlord"
    console = Console(width=30, record=True)
    console.print(Wrapped("明牌: the landlord may expose the hand"))
    assert console.export_text().split() == "明牌: the landlord may expose the hand".split()


@pytest.mark.parametrize("deals", ["0", "-3"])
def test_simulate_refuses_no_deals(capsys: pytest.CaptureFixture[str], deals: str) -> None:
    assert main(["simulate", "bigtwo", "--deals", deals]) == 2
    assert f"--deals must be at least 1, got {deals}" in capsys.readouterr().err


def test_simulate_counts_in_the_singular(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["simulate", "bigtwo", "--deals", "1", "--seed", "3", "--bots", "greedy,random"]) == 0
    )
    out = capsys.readouterr().out
    assert any(line.startswith("1 deal of bigtwo") for line in out.splitlines()), out
    # "771 deals/s" is a rate, not a count: only a count of exactly one must be singular
    assert re.search(r"(?<![\d.])1 deals\b", out) is None, out


def test_play_help_lists_every_games_presets(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for game in GAMES:
        assert f"{game}:" in text


def test_stakes_and_penalties_in_words(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scripted(
        monkeypatch,
        capsys,
        run_play,
        play_args("doudizhu", seed=6, bots="greedy"),
        "bid 3\nshow\nmingpai\nn\nquit\n",
        columns=100,
    )
    assert code == 0
    assert "Stake 3 = bid 3 (no bombs yet)" in out and "2^b" not in out
    assert "'show' is no command in Dou Dizhu" in out  # 'show' means no two things
    assert "This doubles the stake to 6 if you win. Show your hand (明牌)? [y/N]" in out
    assert "Not done." in out and "You show the hand" not in out
    code, out = run_scripted(
        monkeypatch,
        capsys,
        run_play,
        play_args("bigtwo", seed=5, bots="greedy", seat=2),
        "0 1\n0\npass\n" * 60,
        columns=100,
    )
    assert code == 0
    assert "You: 11 cards left, doubled for 11 or more → 22" in out


def test_the_terminal_page_examples_run() -> None:
    page = Path(__file__).parents[2] / "docs" / "terminal.md"
    result = doctest.testfile(str(page), module_relative=False)
    assert result.failed == 0 and result.attempted >= 2
