"""Big A in tournaments (``chupai.tournament`` and ``chupai simulate biga``): five
seats, the winning team, redeals by the same first drawer, records, determinism
across workers, and the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from chupai.biga.game import deal_stock
from chupai.biga.record import replay
from chupai.biga.rules import STANDARD
from chupai.errors import ChupaiError
from chupai.tournament import (
    Tournament,
    biga_winners,
    redeal_seed,
    run_tournament,
    seatings,
    summarize,
)

REDEAL_SEED = 170
"""A seed whose two ``AH`` are both in the final round: with greedy players
(who seldom declare) nobody declares and the deal is redealt."""


def chupai(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "chupai", *args], capture_output=True, text=True, timeout=600
    )


def results_of(p: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    assert p.returncode == 0, p.stderr
    report = json.loads(p.stdout)
    del report["timing"]
    return dict(report)


# ----- seatings and winners -----------------------------------------------------------------


@pytest.mark.parametrize("bots", ["ab", "abc", "aab", "abcde", "abcdef", "a"])
def test_five_seat_seatings_are_balanced(bots: str) -> None:
    seats = seatings(list(bots), 5)
    count = Counter((name, seat) for s in seats for seat, name in enumerate(s))
    for name in set(bots):
        assert len({count[name, seat] for seat in range(5)}) == 1
    share = {name: count[name, 0] / bots.count(name) for name in set(bots)}
    assert len(set(share.values())) == 1


def test_two_bots_on_five_seats() -> None:
    seats = seatings(["a", "b"], 5)
    assert len(seats) == 10
    assert sorted("".join(s) for s in seats) == sorted(
        ["ababa", "babaa", "aabab", "abaab", "baaba", "babab", "ababb", "babba", "abbab", "bbaba"]
    )
    # every bot is three times against two copies of the other, twice against three
    assert Counter(s.count("a") for s in seats) == {3: 5, 2: 5}


class _Outcome(NamedTuple):
    declarer: int
    partner: int | None
    scores: tuple[int, ...]


def test_the_winning_team() -> None:
    # partner hidden, declarer team 1st and 2nd
    assert biga_winners(_Outcome(2, 4, (-3, -3, 6, -3, 3))) == (2, 4)
    # the defenders win: every seat but the declarer and its partner
    assert biga_winners(_Outcome(2, 4, (3, 3, -6, 3, -3))) == (0, 1, 3)
    # a zero score (positions 1 and 5, 2 and 3, ...): nobody wins
    assert biga_winners(_Outcome(2, 4, (0, 0, 0, 0, 0))) == ()
    # alone: the declarer, or the four others
    assert biga_winners(_Outcome(0, None, (32, -8, -8, -8, -8))) == (0,)
    assert biga_winners(_Outcome(0, None, (-64, 16, 16, 16, 16))) == (1, 2, 3, 4)
    # the table anomaly "partner 2, declarer 5": -4 / -2 / +1 each
    assert biga_winners(_Outcome(1, 3, (1, -4, 1, -2, 1))) == (0, 2, 4)


# ----- playing ---------------------------------------------------------------------------


def test_duplicate_deals_records_and_winners(tmp_path: Path) -> None:
    t = Tournament(
        "biga", STANDARD, ("greedy", "random"), 4, seed=3, records=str(tmp_path), verify=True
    )
    run = run_tournament(t)
    assert all(len(b.games) == 10 and b.error is None for b in run.boards)
    for seed in range(3, 7):
        stocks = set()
        for r in range(10):
            rec = json.loads((tmp_path / f"deal-{seed}-r{r}.json").read_text())
            stocks.add(rec["stock"])
            deal = replay(rec)
            assert deal.outcome is not None
            # the counted result is the record's, its winners those of biga_winners
            game = run.boards[seed - 3].games[r]
            if not deal.outcome.redeal:
                assert game.deals[0].scores == deal.outcome.scores
                assert game.deals[0].winners == biga_winners(deal.outcome)
        assert len(stocks) == 1  # the same cards under every seating
    rep = summarize(t, run.boards)
    for r in rep["results"]:
        assert r["games"] == 4 * 25  # 2.5 seats per deal in each of 10 seatings
        assert len({s["games"] for s in r["by_seat"]}) == 1
    assert rep["counted_deals"] == 40
    wins = sum(s["wins"] for s in rep["seats"])
    assert 0 < wins <= 40 * 4


def test_a_redeal_is_drawn_again_by_the_same_first_drawer(tmp_path: Path) -> None:
    first, stock = deal_stock(REDEAL_SEED)
    assert min(k for k, f in enumerate(stock) if f == 17) >= 103  # both AH in the final round
    t = Tournament(
        "biga", STANDARD, ("greedy",), 1, seed=REDEAL_SEED, records=str(tmp_path), verify=True
    )
    rep = summarize(t, run_tournament(t).boards)
    assert rep["redeals"] == 1 and rep["counted_deals"] == 1
    before = json.loads((tmp_path / f"deal-{REDEAL_SEED}.json").read_text())
    after = json.loads((tmp_path / f"deal-{REDEAL_SEED}.1.json").read_text())
    assert before["result"]["redeal"] is True
    assert after["first_drawer"] == before["first_drawer"] == first
    assert after["seed"] == redeal_seed("biga", REDEAL_SEED, 1)
    assert after["result"]["redeal"] is False


def test_processes_give_the_results_of_one_process() -> None:
    t = Tournament("biga", STANDARD, ("heuristic", "greedy"), 6, seed=11)
    one = run_tournament(t, workers=1)
    two = run_tournament(t, workers=2)
    assert two.workers == 2
    assert summarize(t, two.boards) == summarize(t, one.boards)


def test_match_tournament_records_replay(tmp_path: Path) -> None:
    """Boards of Big A matches (``--match-deals``): every record is a match record
    that replays, and each board counts its deals."""
    from chupai.biga.match import replay_match

    t = Tournament(
        "biga", STANDARD, ("greedy", "random"), 2, match_deals=2, records=str(tmp_path), verify=True
    )
    run_tournament(t)
    files = sorted(tmp_path.glob("*.json"))
    assert files
    for f in files:
        m = replay_match(json.loads(f.read_text()))
        assert m.counted == 2


# ----- the command line ----------------------------------------------------------------------


def test_cli_simulate_biga(tmp_path: Path) -> None:
    args = (
        "simulate",
        "biga",
        "--bots",
        "heuristic,greedy",
        "--deals",
        "3",
        "--seed",
        "1",
        "--json",
        "--no-progress",
    )
    one = chupai(*args)
    two = chupai(*args, "--workers", "2")
    assert json.loads(two.stdout)["timing"]["workers"] == 2
    report = results_of(one)
    assert report == results_of(two)
    assert report["game"] == "biga" and report["counted_deals"] == 30
    assert len(report["seatings"]) == 10
    assert {r["bot"] for r in report["results"]} == {"heuristic", "greedy"}
    p = chupai(
        "simulate",
        "biga",
        "--bots",
        "greedy,random",
        "--deals",
        "2",
        "--seed",
        "4",
        "--records",
        str(tmp_path),
        "--verify",
        "--no-progress",
    )
    assert p.returncode == 0, p.stderr
    assert "every record verified" in p.stdout
    assert len(list(tmp_path.glob("deal-*.json"))) == 20


def test_cli_simulate_biga_with_search() -> None:
    p = chupai(
        "simulate",
        "biga",
        "--bots",
        "search:playouts=3,heuristic,heuristic,heuristic,heuristic",
        "--deals",
        "1",
        "--seed",
        "2",
        "--json",
        "--no-progress",
    )
    report = results_of(p)
    assert report["counted_deals"] == 5  # one search seat in each of 5 rotations
    assert report["results"][0]["bot"] == "search:playouts=3"
    assert report["results"][0]["decisions"] > 0
