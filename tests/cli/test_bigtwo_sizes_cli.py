"""``chupai play`` and ``chupai simulate`` of Big Two at every table size (issue
#22): many seats drawn compactly, long hands wrapped, the leftover notes, and whole
matches at 13 and 6 seats played to the end by a scripted human against bots."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, strategies as st
from rich.console import Console
from scripted_play import play_args, run_scripted

from chupai.bigtwo.game import new_deal
from chupai.bigtwo.packs import add, ids
from chupai.bigtwo.rules import resolve
from chupai.cards import parse_mask
from chupai.cli.games.bigtwo.play_cards import check_held, parse_multiset, pick_indexes
from chupai.cli.games.bigtwo.play_view import LANGS, WORDS, word
from chupai.cli.main import main
from chupai.cli.play import run_play
from chupai.cli.terminal import COMPACT_SEATS, seat_blocks, seat_scores_table
from chupai.errors import CardParseError, ChupaiError
from chupai.i18n import tr

AUTOPLAY = "0\npass\n" * 3000
"""Every prompt ends in a move: ``0`` leads the lowest single (it holds the
starting card), ``pass`` follows; a refused line is explained and the next read."""
WIDTH = 100


def play(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    first: str = "",
    **kw: Any,
) -> tuple[int, str]:
    """Big Two with ``first`` then ``AUTOPLAY`` at seat 0 against greedy bots,
    100 columns wide."""
    args = play_args("bigtwo", **({"seed": 1, "bots": "greedy"} | kw))
    return run_scripted(monkeypatch, capsys, run_play, args, first + AUTOPLAY, columns=WIDTH)


def score_rows(out: str, players: int) -> dict[str, list[int]]:
    """The last score table's rows (seat name → its numbers) of a many-seat match."""
    table = out.rsplit("Score table", 1)[1].splitlines()[2 : 2 + players]
    rows = {}
    for line in table:
        name, numbers = re.match(r"(You|Seat \d+)\s+(.*)", line).groups()  # type: ignore[union-attr]
        rows[name] = [int(v) for v in numbers.split()]
    return rows


def test_a_13_seat_match_plays_to_the_end_readably(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "m13.json"
    first = "hint\n3d 3d\n"
    code, out = play(
        monkeypatch, capsys, first, overrides=["players=13"], deals=3, record=str(path), seed=4
    )
    assert code == 0
    assert "Hint: " in out and "✗ card 3♦ appears 2 times, but the deck has only one" in out
    assert "Match over" in out and "After 3 deals" in out
    assert max(len(line) for line in out.splitlines()) <= WIDTH
    # the seat list: two blocks side by side, every seat on one of 7 lines
    header = next(line for line in out.splitlines() if line.count("This trick") == 2)
    assert header.count("Cards") == 2
    # the score table: a row per seat, each total the sum of its deals
    rows = score_rows(out, 13)
    assert list(rows) == ["You"] + [f"Seat {s}" for s in range(1, 13)]
    assert all(sum(r[:-1]) == r[-1] for r in rows.values())
    winners = out.rsplit("Score table", 1)[1].splitlines()[2 + 13]
    assert winners.startswith("Winner") and len(re.findall(r"You|Seat \d+", winners)) == 3
    record = json.loads(path.read_text())
    assert [rows[n][-1] for n in rows] == record["totals"]


def test_a_6_seat_match_plays_to_the_end(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = play(monkeypatch, capsys, overrides=["players=6"], deals=2, seed=2)
    assert code == 0 and "After 2 deals" in out
    # up to COMPACT_SEATS seats: the one-table seat list with the bots' names
    assert 6 <= COMPACT_SEATS
    assert "Seat 5 greedy" in out and "(dealer)" in out
    assert max(len(line) for line in out.splitlines()) <= WIDTH


def test_two_players_hold_26_cards_in_two_rows(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = play(monkeypatch, capsys, overrides=["players=2"], bots="random", seed=3)
    assert code == 0
    lines = out.splitlines()
    at = lines.index(next(line for line in lines if line.startswith("Your hand (")))
    n = int(lines[at].split("(")[1].split(")")[0])
    indexes = lines[at + 1].split() + lines[at + 3].split()
    assert indexes == [str(i) for i in range(n)] and n > 18


@pytest.mark.parametrize("lang", LANGS)
def test_leftover_notes_count_the_cards(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    code, out = play(monkeypatch, capsys, overrides=["players=5"], seed=1, lang=lang)
    deal = new_deal(resolve("standard", {"players": "5"}), 1)
    holder = (
        tr(lang, "You")
        if deal.starting_player == 0
        else tr(lang, "Seat {n}", n=deal.starting_player)
    )
    assert word("to_holder", lang, n=2, seat=holder) in out
    code, out = play(
        monkeypatch, capsys, overrides=["players=5", "leftover_rule=round_robin"], lang=lang
    )
    deal = new_deal(resolve("standard", {"players": "5", "leftover_rule": "round_robin"}), 1)
    more = [(deal.dealer + i) % 5 for i in (1, 2)]
    # (the seats after the dealer are dealt the extra cards: the engine's part, b2-seats)
    names = tr(lang, ", ").join(
        tr(lang, "You") if s == 0 else tr(lang, "Seat {n}", n=s) for s in more
    )
    assert word("round_robin", lang, seats=names) in out


def test_every_text_has_every_language() -> None:
    assert all(set(forms) == set(LANGS) for forms in WORDS.values())


@given(st.integers(2, 52))
def test_seat_blocks_split_the_seats_in_order(players: int) -> None:
    blocks = seat_blocks(players)
    assert [s for b in blocks for s in b] == list(range(players))
    assert len(blocks) == (1 if players <= COMPACT_SEATS else 2 if players <= 26 else 3)
    sizes = [len(b) for b in blocks]
    assert sizes == sorted(sizes, reverse=True) and sizes[0] - sizes[-1] <= 1


def test_the_seat_score_table_keeps_the_last_deals_and_the_total() -> None:
    deals = [(str(d + 1), [d, -d, 0]) for d in range(9)]
    totals = [sum(range(9)), -sum(range(9)), 0]
    table = seat_scores_table(
        ["A", "B", "C"], deals, totals, title="T", headers=("Seat", "Deal", "Total")
    )
    console = Console(width=120, record=True)
    console.print(table)
    lines = console.export_text().splitlines()
    assert "Deal 1–3" in lines[1] and "Deal 4" in lines[1] and "Deal 3 " not in lines[1]
    row = [int(v) for v in lines[2].split()[1:]]
    assert row == [0 + 1 + 2, 3, 4, 5, 6, 7, 8, 36]


@pytest.mark.parametrize(
    "players, packs, deals", [(13, 1, 2), pytest.param(52, 1, 1, marks=pytest.mark.slow), (6, 2, 2)]
)
def test_simulate_many_seats(
    capsys: pytest.CaptureFixture[str], players: int, packs: int, deals: int
) -> None:
    argv = ["simulate", "bigtwo", "--set", f"players={players}", "--deals", str(deals)]
    argv += ["--set", f"packs={packs}"]
    assert main([*argv, "--bots", "random,greedy,heuristic", "--no-progress"]) == 0
    out = capsys.readouterr().out
    seats = out.split("by seat (all bots):")[1].splitlines()[2 : 2 + players]
    assert [int(line.split()[0]) for line in seats] == list(range(players))
    assert main([*argv, "--json", "--no-progress"]) == 0
    assert len(json.loads(capsys.readouterr().out)["seats"]) == players


# ----- two packs: identical cards typed and shown twice --------------------------------------

THREE_D, FIVE_S = parse_mask("3D"), parse_mask("5S")


def two(mask: int) -> int:
    """Both copies of the cards of ``mask`` (the unary count form)."""
    return mask | mask << 52


def test_identical_cards_are_typed_twice_and_checked_against_the_hand() -> None:
    assert parse_multiset(["3d", "3D"], 2) == two(THREE_D)
    assert ids(parse_multiset(["3d", "5s", "3d"], 2)) == [0, 0, FIVE_S.bit_length() - 1]
    with pytest.raises(CardParseError, match="'3D' appears 3 times but the decks hold 2"):
        parse_multiset(["3d"] * 3, 2)
    with pytest.raises(CardParseError, match="appears 2 times"):  # one pack: as before
        parse_multiset(["3d", "3d"], 1)
    hand = THREE_D | two(FIVE_S)
    check_held(two(FIVE_S) | THREE_D, hand)
    with pytest.raises(ChupaiError, match="^you hold one 3D$"):
        check_held(two(THREE_D), hand)
    with pytest.raises(ChupaiError, match="^you do not hold 4D$"):
        check_held(parse_mask("4D") | THREE_D, hand)


@given(st.lists(st.integers(0, 51), max_size=30))
def test_a_multiset_reads_back_its_cards(cards: list[int]) -> None:
    cards = [c for c in cards if cards.count(c) <= 2]
    mask = 0
    for c in cards:
        mask = add(mask, 1 << c)
    assert ids(mask) == sorted(cards)
    assert (mask >> 52) & ~mask == 0  # a second copy only where there is a first
    order = sorted(cards)
    assert [order[i] for i in pick_indexes(order, mask)] == order


def test_a_6_seat_two_pack_match_plays_to_the_end(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "m6x2.json"
    code, out = play(
        monkeypatch, capsys, overrides=["players=6", "packs=2"], deals=2, seed=3, record=str(path)
    )
    assert code == 0 and "After 2 deals" in out
    assert "Rules: bigtwo(preset=standard,players=6,packs=2)" in out
    assert max(len(line) for line in out.splitlines()) <= WIDTH
    totals = out.rsplit("Total", 1)[1].split("\n", 1)[0].split()
    assert [int(t) for t in totals] == json.loads(path.read_text())["totals"]


def test_identical_cards_in_a_two_pack_deal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = resolve("standard", {"players": "6", "packs": "2"})
    hand = new_deal(rules, 2).hands[0]
    assert set(ids(hand >> 52)) == set(ids(parse_mask("9D AH")))  # the seed's pairs
    assert not hand & parse_mask("3D")
    first = "3c 3c\n9d 9d 9d\n3d\n"
    code, out = play(monkeypatch, capsys, first, overrides=["players=6", "packs=2"], seed=2)
    assert code == 0
    hand_line = out.split("Your hand (", 1)[1].splitlines()[2]
    assert "9♦  9♦" in hand_line and "A♥  A♥" in hand_line
    assert "✗ you hold one 3♣" in out
    assert "✗ card '9D' appears 3 times but the decks hold 2" in out
    assert "✗ you do not hold 3♦" in out
