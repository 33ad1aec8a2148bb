"""The setup line of ``chupai play`` at large tables (``chupai.cli.seat_groups``):
beyond eight seats the bots are written as seat ranges, so the line "You are
Seat 0. Bots: ..." fits a 100-column terminal at 13 and at 52 seats; up to eight
seats it names every seat as before."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, strategies as st
from scripted_play import play_args, run_scripted

from chupai.cli.play import run_play
from chupai.cli.seat_groups import bots_text, seat_ranges
from chupai.cli.terminal import COMPACT_SEATS
from chupai.i18n import LANGUAGES

BOT_NAMES = ("random", "greedy", "heuristic", "search", "expert")


def read_ranges(text: str) -> list[int]:
    """The seats of ``seat_ranges`` text (any language's separator)."""
    seats: list[int] = []
    for part in re.split(r", |、", text):
        a, _, b = part.partition("–")
        seats += range(int(a), int(b or a) + 1)
    return seats


@given(st.lists(st.integers(0, 51), min_size=1, unique=True), st.sampled_from(LANGUAGES))
def test_seat_ranges_read_back(seats: list[int], lang: str) -> None:
    seats.sort()
    assert read_ranges(seat_ranges(seats, lang)) == seats


@given(
    st.integers(COMPACT_SEATS + 1, 52),
    st.data(),
    st.lists(st.sampled_from(BOT_NAMES), min_size=1, max_size=4),
)
def test_a_large_table_fits_one_line(players: int, data: st.DataObject, names: list[str]) -> None:
    human = data.draw(st.integers(0, players - 1))
    seats = [s for s in range(players) if s != human]
    bots = {s: names[i % len(names)] for i, s in enumerate(seats)}
    line = f"You are Seat {human}. Bots: {bots_text('en', bots)}."
    assert len(line) <= 100, line
    found = re.match(r"Seats? ([\d–, ]+?):? [a-z]", line.split("Bots: ")[1])
    assert found is not None
    where = found.group(1)
    if len(set(names)) == 1 or len(names) * 2 <= len(seats):
        assert read_ranges(where) == seats  # every bot seat, in ranges


def test_up_to_eight_seats_every_seat_is_named() -> None:
    bots = {1: "greedy", 2: "random", 3: "greedy"}
    assert bots_text("en", bots) == "Seat 1 greedy, Seat 2 random, Seat 3 greedy"
    mixed = {s: ("greedy", "greedy", "random")[s % 3] for s in range(1, 12)}
    assert bots_text("en", mixed) == "Seats 1–11: greedy, random, greedy in turn"
    odd = {**{s: "greedy" for s in range(1, 12)}, 4: "search"}
    assert bots_text("en", odd) == "Seats 1–3, 5–11 greedy; Seat 4 search"
    assert bots_text("ja", mixed) == "席 1–11：貪欲、ランダム、貪欲 の順に交代"


@pytest.mark.parametrize("players", [13, 52])
def test_the_terminal_says_it_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], players: int
) -> None:
    args = play_args("bigtwo", seed=1, bots="greedy", overrides=[f"players={players}"])
    code, out = run_scripted(monkeypatch, capsys, run_play, args, "quit\n", columns=100)
    assert f"You are Seat 0. Bots: Seats 1–{players - 1} greedy.\n" in out


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Seat 1 expert, Seat 2 search:ms=200, Seat 3 pkg.mod:Agent"),
        ("zh", "座位 1 专家，座位 2 搜索:ms=200，座位 3 pkg.mod:Agent"),
        ("ja", "席 1 エキスパート、席 2 探索:ms=200、席 3 pkg.mod:Agent"),
    ],
)
def test_level_names_are_translated_and_own_agents_kept(lang: str, expected: str) -> None:
    """The setup line names the bot levels in the player's language (the browser's
    words), keeps their parameters, and leaves an own agent's name as typed."""
    bots = {1: "expert", 2: "search:ms=200", 3: "pkg.mod:Agent"}
    assert bots_text(lang, bots) == expected


def test_grouped_seats_use_the_translated_level() -> None:
    bots = {s: "heuristic" for s in range(1, 13)}
    assert bots_text("ja", bots) == "席 1–12 ヒューリスティック"


@pytest.mark.parametrize(
    ("game", "lang", "bots", "words"),
    [
        ("doudizhu", "zh", "greedy,random", ("座位 1 贪心", "座位 2 随机")),
        ("bigtwo", "ja", "greedy,random,greedy", ("席 1 貪欲", "席 2 ランダム")),
        ("daguailuzi", "ja", "greedy,random,greedy,random,greedy", ("席 1 貪欲", "席 2 ランダム")),
    ],
)
def test_the_seat_table_names_the_levels_in_the_language(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    game: str,
    lang: str,
    bots: str,
    words: tuple[str, ...],
) -> None:
    """The table of seats under the setup line names each bot's level in the
    player's language, never the English word."""
    args = play_args(game, seed=2, bots=bots, lang=lang)
    code, out = run_scripted(monkeypatch, capsys, run_play, args, "quit\n", columns=100)
    table = [line for line in out.splitlines() if "greedy" in line or "random" in line]
    assert code == 0 and table == [], table
    assert all(re.search(rf"{w}( |（|$)", out, re.M) for w in words), out
