"""``chupai play`` shows the think time of the bots that search (``search`` and the
top level ``expert``) at the end of their moves' lines, in the player's language,
and nothing for the quick bots, whose transcripts stay the same from run to run;
``chupai simulate`` says which bots decide by the clock (issue 16)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, strategies as st
from scripted_play import play_args, run_scripted

from chupai.cli.move_lines import THINK_LEVELS, think_text
from chupai.cli.play import run_play
from chupai.cli.simulate import timed_bots

NOTE = r"  \((<0\.01|\d+\.\d\d?) s\)$"


def _moves(out: str, seat: int) -> list[str]:
    """The lines reporting the moves of ``seat`` (Big Two, English)."""
    return [
        line for line in out.splitlines() if re.match(rf"  Seat {seat} (leads|plays|pass)", line)
    ]


def test_the_moves_of_searching_bots_carry_their_think_time(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bots = "expert:ms=20,greedy,search:playouts=4"
    args = play_args("bigtwo", seed=3, bots=bots)
    code, out = run_scripted(
        monkeypatch, capsys, run_play, args, "pass\n" * 3 + "quit\n", columns=100
    )
    assert code == 0
    assert "Bots: Seat 1 expert, Seat 2 greedy, Seat 3 search." in out
    for seat in (1, 3):  # the expert and the search bot
        lines = _moves(out, seat)
        assert lines and all(re.search(NOTE, line) for line in lines), lines
    greedy = _moves(out, 2)
    assert greedy and not any(re.search(r"\d s\)$", line) for line in greedy), greedy


def test_the_think_time_is_written_in_the_players_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = play_args("doudizhu", seed=3, bots="expert:ms=20", lang="ja", seat=2)
    _, out = run_scripted(monkeypatch, capsys, run_play, args, "no\nquit\n", columns=100)
    notes = re.findall(r"（(<0\.01|\d+\.\d\d?) 秒）$", out, re.M)
    assert notes, out
    assert " s)" not in out


def test_a_game_against_quick_bots_has_no_think_times(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = "pass\n" * 6 + "quit\n"
    runs = [
        run_scripted(
            monkeypatch,
            capsys,
            run_play,
            play_args("bigtwo", seed=5, bots="greedy,heuristic,random"),
            script,
            columns=90,
        )[1]
        for _ in range(2)
    ]
    assert runs[0] == runs[1]
    assert not re.search(r"\d s\)", runs[0])


@given(st.floats(min_value=0, max_value=1e4, allow_nan=False))
def test_think_text_is_short_and_close(seconds: float) -> None:
    text = think_text(seconds)
    if seconds < 0.01:
        assert text == "<0.01"
    else:
        assert abs(float(text) - seconds) <= (0.005 if seconds < 10 else 0.05) + 1e-9
        assert len(text.split(".")[1]) in (1, 2)


def test_simulate_names_the_bots_that_decide_by_the_clock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert set(THINK_LEVELS) == {"search", "expert"}
    names = ["expert", "expert:playouts=5", "search", "search:playouts=3", "heuristic"]
    # Big Two's expert plays a fixed number of rollouts: only the clocked search is named
    assert timed_bots(names, "bigtwo") == ["search"]
    # an expert whose game's settings give only a time budget decides by the clock
    monkeypatch.setattr("chupai.bots.expert.expert_settings", lambda game: {"ms": 100.0})
    assert timed_bots(names, "bigtwo") == ["expert", "search"]


def test_the_terminal_pages_example_is_what_the_table_shows(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``docs/terminal.md``'s example: its command, and its lines as the table writes
    them (the moves and times of the bots that search vary with the machine and the
    bots' settings: their lines are compared by their shape)."""
    page = (Path(__file__).parents[2] / "docs" / "terminal.md").read_text(encoding="utf-8")
    block = page.split("## The bots, and the expert's think time", 1)[1]
    block = block.split("```text\n", 1)[1].split("```", 1)[0].splitlines()
    command = block[0].removeprefix("$ chupai play ").split()
    assert command[:2] == ["bigtwo", "--bots"] and command[3] == "--seed"
    args = play_args(
        "bigtwo", seed=int(command[4]), bots=command[2].replace("expert", "expert:ms=20")
    )
    _, out = run_scripted(monkeypatch, capsys, run_play, args, "pass\nquit\n", columns=100)
    shown = [line.rstrip() for line in out.splitlines()]
    for line in block[1:]:
        seat = re.match(r"  Seat (\d) ", line)
        if seat is None:  # the bots line, the prompt, the human's move
            assert line in shown, line
            continue
        # a bot's move, compared by its shape: a searching bot's ends with its time
        moves = [s for s in shown if s.startswith(seat.group(0))]
        timed = re.search(NOTE, line) is not None
        assert moves and all((re.search(NOTE, s) is not None) == timed for s in moves), line
