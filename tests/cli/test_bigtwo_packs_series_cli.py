"""``chupai play`` and ``chupai simulate`` of the exchanges with two packs
(docs/bigtwo.md, "Exchanges with two packs"): a six-seat tribute match played to
the end by a scripted human against bots, whose record replays; a card held twice
given to the §12.4 pile by its token typed twice; simulate with every exchange."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from scripted_play import play_args, run_scripted

from chupai.bigtwo import packs
from chupai.bigtwo.match import Match, replay_match
from chupai.bigtwo.rules import resolve
from chupai.cli.games.bigtwo.play_view import leftover_note
from chupai.cli.main import main
from chupai.cli.play import run_play

SCRIPT = "skip\n0 1 2\n0 1\n0\npass\n" * 800
"""Every prompt ends in a move: ``skip`` a class-struggle naming, three, two or
one card(s) by index for a give, keep or play, ``pass`` to follow; a refused line
is explained and the next one read."""
SIX_TWO = ["players=6", "packs=2"]


def play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], first: str, **kw: Any
) -> tuple[int, str]:
    args = play_args("bigtwo", **({"seed": 1, "bots": "greedy"} | kw))
    return run_scripted(monkeypatch, capsys, run_play, args, first + SCRIPT, columns=100)


def test_a_six_seat_two_pack_tribute_match_plays_to_the_end(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "tribute.json"
    over = [*SIX_TWO, "series=tribute", "tribute_method=two_cards"]
    code, out = play(monkeypatch, capsys, "", overrides=over, deals=3, record=str(path))
    assert code == 0 and "Match over" in out and "After 3 deals" in out
    assert out.count("— tribute —") == 2 and "pay tribute to" in out
    record = json.loads(path.read_text())
    again = replay_match(record)
    assert again.totals == record["totals"] and len(again.deals) == 3


def test_a_card_held_twice_is_given_by_its_token_typed_twice(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    r = resolve("standard", {"players": "6", "packs": "2", "pre_exchange": "true"})
    seed = next(s for s in range(1, 50) if Match(r, s, deals=1).next_deal().hands[0] >> 52)
    deal = Match(r, seed, deals=1).next_deal()
    twice = packs.names(deal.hands[0] >> 52).split()[0]  # a card seat 0 holds twice
    first = f"give {twice} {twice} {twice}\ngive {twice} {twice}\n"
    code, out = play(
        monkeypatch, capsys, first, overrides=[*SIX_TWO, "pre_exchange=true"], deals=1, seed=seed
    )
    assert code == 0 and "appears 3 times but the decks hold 2" in out
    put = next(line for line in out.splitlines() if line.startswith("  You put "))
    words = put.split()
    assert words[2] == words[3] and words[4] == "face"  # "You put X X face down ..."


@pytest.mark.parametrize(
    "extra",
    [
        ["series=tribute", "tribute_method=draw_three", "pre_exchange=true"],
        pytest.param(["series=class_struggle", "class_exchange=demand"], marks=pytest.mark.slow),
        pytest.param(["series=tribute"], marks=pytest.mark.slow),
    ],
)
def test_simulate_plays_the_exchanges(capsys: pytest.CaptureFixture[str], extra: list[str]) -> None:
    argv = ["simulate", "bigtwo", "--deals", "2", "--match-deals", "2", "--verify"]
    for o in [*SIX_TWO, *extra]:
        argv += ["--set", o]
    assert main([*argv, "--bots", "random,greedy,heuristic", "--no-progress"]) == 0
    assert "every record verified" in capsys.readouterr().out


def test_no_leftover_note_while_the_hands_are_face_down() -> None:
    """Tribute ``choose_hands``: the leftover cards go to the lowest card's holder
    after the hands are chosen, so the opening names nobody."""
    r = resolve("standard", {"players": "6", "series": "tribute"})
    m = Match(r, 1, deals=2)
    first = m.next_deal()
    while not first.is_terminal():
        first.apply_action(first.legal_actions()[0])
    second = m.next_deal()
    assert any(second.piles) and leftover_note(second, str, "en") is None
    while any(second.piles):
        second.apply_action(second.legal_actions()[0])
    assert leftover_note(second, str, "en") is not None
