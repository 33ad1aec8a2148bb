"""Tournaments (``chupai.tournament`` and ``chupai simulate``): balanced seatings on
duplicate deals, determinism across workers and Ray, the statistics, the CLI."""

from __future__ import annotations

import importlib.util
import json
import math
import subprocess
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from chupai.bigtwo.match import replay_match
from chupai.errors import ChupaiError, RecordError
from chupai.games import resolve_rules
from chupai.tournament import (
    BoardResult,
    DealResult,
    GameResult,
    Tournament,
    bot_seed,
    chunks,
    fit_elo,
    mean_ci,
    play_out,
    redeal_seed,
    run_tournament,
    seatings,
    summarize,
    t_quantile,
    wilson,
)

HAS_RAY = importlib.util.find_spec("ray") is not None
HAS_MPL = importlib.util.find_spec("matplotlib") is not None


def chupai(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "chupai", *args], capture_output=True, text=True, timeout=300
    )


def results_of(p: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    assert p.returncode == 0, p.stderr
    report = json.loads(p.stdout)
    del report["timing"]
    return dict(report)


# ----- seatings ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "bots, players",
    [
        ("abcd", 4),
        ("ab", 4),
        ("abc", 4),
        ("a", 4),
        ("ab", 3),
        ("abc", 3),
        ("abcd", 3),
        ("abcde", 3),
        ("abcdef", 4),
        ("ab", 2),
        ("abc", 2),
        ("aab", 3),
        ("aabc", 4),
        ("aabc", 3),
    ],
)
def test_every_bot_plays_every_seat_equally_often(bots: str, players: int) -> None:
    entries = list(bots)
    seats = seatings(entries, players)
    assert seats and all(len(s) == players for s in seats)
    count = Counter((name, seat) for s in seats for seat, name in enumerate(s))
    for name in set(entries):
        per_seat = {count[name, seat] for seat in range(players)}
        assert len(per_seat) == 1, (name, per_seat)  # the same in every seat
    # and in proportion to how often a bot is listed
    share = {name: count[name, 0] / entries.count(name) for name in set(entries)}
    assert len(set(share.values())) == 1, share
    if len(set(entries)) == len(entries) > players:
        # more bots than seats: every pair meets equally often
        pairs = Counter(frozenset(p) for s in seats for p in combinations(s, 2))
        assert len(set(pairs.values())) == 1 and len(pairs) == math.comb(len(entries), 2)


def test_seating_designs() -> None:
    assert seatings(["h", "g", "r", "r"], 4) == [
        ("h", "g", "r", "r"),
        ("g", "r", "r", "h"),
        ("r", "r", "h", "g"),
        ("r", "h", "g", "r"),
    ]
    assert seatings(["a", "b"], 4) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    # Dou Dizhu with two bots: each bot alone against two copies of the other, in every seat
    two = seatings(["a", "b"], 3)
    assert sorted(two) == sorted(
        {
            p
            for p in [
                ("a", "b", "a"),
                ("b", "a", "a"),
                ("a", "a", "b"),
                ("b", "a", "b"),
                ("a", "b", "b"),
                ("b", "b", "a"),
            ]
        }
    )
    assert len(seatings(["a", "b", "c", "d"], 3)) == 12  # 4 choices x 3 rotations
    assert seatings(["x"], 4) == [("x",) * 4]
    with pytest.raises(ChupaiError):
        seatings([], 4)


def test_duplicate_deals_seat_every_bot_on_the_same_cards(tmp_path: Path) -> None:
    t = Tournament(
        "doudizhu",
        resolve_rules("doudizhu"),
        ("greedy", "random"),
        8,
        seed=3,
        records=str(tmp_path),
        verify=True,
    )
    run = run_tournament(t)
    assert [b.seed for b in run.boards] == list(range(3, 11))
    assert all(len(b.games) == 6 and b.error is None for b in run.boards)
    for seed in range(3, 11):
        hands = {
            json.dumps(json.loads((tmp_path / f"deal-{seed}-r{r}.json").read_text())["hands"])
            for r in range(6)
        }
        assert len(hands) == 1  # the same cards under every seating
    rep = summarize(t, run.boards)
    for r in rep["results"]:
        assert r["games"] == 8 * 9  # per deal: 2 seats in 3 seatings, 1 seat in the other 3
        assert len({s["games"] for s in r["by_seat"]}) == 1  # every seat equally often
    assert rep["counted_deals"] == 8 * 6


# ----- seeds and determinism ---------------------------------------------------------


def test_bot_seeds_are_stable_and_distinct() -> None:
    seeds = {bot_seed(s, seat, r) for s in range(-20, 20) for seat in range(4) for r in range(5)}
    assert len(seeds) == 40 * 4 * 5
    # seating 0 is the derivation of 'chupai play', so one seating plays like a game
    import hashlib

    want = int.from_bytes(hashlib.blake2b(b"chupai-bot:43:2", digest_size=8).digest(), "big")
    assert bot_seed(43, 2) == want
    assert redeal_seed("doudizhu", 5, 1) != redeal_seed("doudizhu", 5, 2)
    assert redeal_seed("doudizhu", 5, 1) < 10**9


def test_chunks_cover_the_boards_in_order() -> None:
    for boards, workers in ((0, 2), (1, 4), (7, 2), (1000, 3), (5000, 2)):
        parts = chunks(boards, workers)
        assert [k for a, b in parts for k in range(a, b)] == list(range(boards))


def _bigtwo(**over: str) -> Any:
    return resolve_rules("bigtwo", "standard", over)


def test_tournament_is_deterministic_and_depends_on_the_seed() -> None:
    t = Tournament("bigtwo", _bigtwo(), ("greedy", "random"), 12, seed=5)
    a = summarize(t, run_tournament(t).boards)
    b = summarize(t, run_tournament(t).boards)
    assert a == b
    other = Tournament("bigtwo", _bigtwo(), ("greedy", "random"), 12, seed=6)
    assert summarize(other, run_tournament(other).boards)["results"] != a["results"]


def test_processes_give_the_results_of_one_process() -> None:
    cases = [
        Tournament("doudizhu", resolve_rules("doudizhu"), ("greedy", "random"), 10, seed=1),
        Tournament(
            "bigtwo",
            _bigtwo(series="tribute", tribute_method="two_cards"),
            ("greedy", "random"),
            9,
            seed=2,
            match_deals=4,
        ),
    ]
    for t in cases:
        one = run_tournament(t, workers=1)
        two = run_tournament(t, workers=2)
        assert two.workers == 2
        assert [b.board for b in two.boards] == list(range(t.boards))
        assert summarize(t, two.boards) == summarize(t, one.boards)


def test_cli_workers_2_equals_1() -> None:
    args = (
        "simulate",
        "doudizhu",
        "--bots",
        "greedy,random,random",
        "--deals",
        "12",
        "--seed",
        "9",
        "--json",
        "--no-progress",
    )
    one, two = chupai(*args), chupai(*args, "--workers", "2")
    assert json.loads(two.stdout)["timing"]["workers"] == 2
    assert results_of(one) == results_of(two)


@pytest.mark.skipif(not HAS_RAY, reason="ray is not installed (pip install 'chupai[ray]')")
@pytest.mark.slow
def test_ray_gives_the_results_of_one_process() -> None:
    t = Tournament("bigtwo", _bigtwo(), ("greedy", "random", "random"), 10, seed=4)
    ray_run = run_tournament(t, backend="ray", workers=2)
    assert ray_run.backend == "ray"
    assert summarize(t, ray_run.boards) == summarize(t, run_tournament(t).boards)


# ----- redeals, matches, records -----------------------------------------------------


def test_a_redeal_is_followed_by_the_next_deal(tmp_path: Path) -> None:
    rules = resolve_rules("doudizhu", "classic", {"all_pass": "redeal_doubled_once"})
    t = Tournament("doudizhu", rules, ("random",), 300, records=str(tmp_path), verify=True)
    run = run_tournament(t)
    rep = summarize(t, run.boards)
    assert rep["redeals"] > 0  # random bidders all pass now and then
    assert rep["counted_deals"] == 300 and rep["void"] == 0  # every deal is played out
    follow = sorted(tmp_path.glob("deal-*.1.json"))
    assert len(follow) > 0
    for path in follow:
        first = json.loads(path.with_name(path.name.replace(".1.json", ".json")).read_text())
        after = json.loads(path.read_text())
        assert first["result"]["redeal"] is True
        assert after["dealer"] == (first["dealer"] + 1) % 3  # dealt by the next seat
        assert after["doubled"] is True  # redeal_doubled_once
        assert after["seed"] == redeal_seed("doudizhu", first["seed"], 1)


def test_matches_under_every_seating(tmp_path: Path) -> None:
    t = Tournament(
        "bigtwo",
        _bigtwo(series="tribute", tribute_method="two_cards"),
        ("greedy", "random"),
        7,
        match_deals=3,
        records=str(tmp_path),
        verify=True,
    )
    rep = summarize(t, run_tournament(t).boards)
    assert rep["boards"] == 3 and len(rep["seatings"]) == 2
    assert rep["counted_deals"] == 7 * 2
    assert sum(s["wins"] for s in rep["seats"]) == 14
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        f"match-{m}-r{r}.json" for m in range(3) for r in range(2)
    ]
    assert replay_match(json.loads((tmp_path / "match-2-r1.json").read_text())).counted == 1


def test_doudizhu_matches(tmp_path: Path) -> None:
    match = pytest.importorskip("chupai.doudizhu.match")
    rules = resolve_rules("doudizhu", "classic", {"all_pass": "redeal_doubled_once"})
    t = Tournament(
        "doudizhu",
        rules,
        ("greedy", "random"),
        5,
        seed=80,
        match_deals=5,
        records=str(tmp_path),
        verify=True,
    )
    rep = summarize(t, run_tournament(t).boards)
    assert rep["boards"] == 1 and rep["counted_deals"] == 5 * 6
    m = match.replay_match(json.loads((tmp_path / "match-80-r5.json").read_text()))
    assert m.counted == 5


def test_an_invalid_record_is_reported(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import chupai.bigtwo.record as record
    from chupai.cli.main import main

    def broken(rec: Any) -> Any:
        raise RecordError("action 3 by seat 1: tampered")

    monkeypatch.setattr(record, "replay", broken)
    assert main(["simulate", "--deals", "3", "--verify", "--no-progress"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("invalid record of the deal of seed 0") and "tampered" in err


def test_an_illegal_bot_action_is_an_error() -> None:
    from chupai.bigtwo.game import new_deal

    class Cheat:
        name = "cheat"

        def act(self, observation: Any, legal: Any) -> Any:
            return "3D 3S"

    with pytest.raises(ChupaiError, match="illegal action"):
        play_out(new_deal(_bigtwo(), 1), [Cheat()] * 4)


# ----- statistics --------------------------------------------------------------------


def test_wilson_interval_on_known_numbers() -> None:
    assert wilson(8, 10) == pytest.approx((0.4902, 0.9433), abs=5e-5)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=5e-5)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=5e-5)
    assert wilson(500, 1000) == pytest.approx((0.4691, 0.5309), abs=5e-5)
    assert wilson(0, 0) == (0.0, 1.0)


def test_t_quantile_and_mean_interval() -> None:
    for df, want in ((1, 12.7062), (2, 4.3027), (5, 2.5706), (30, 2.0423), (1000, 1.9623)):
        assert t_quantile(0.975, df) == pytest.approx(want, abs=1e-4)
    mean, lo, hi = mean_ci([2.0, 4.0, 6.0, 8.0, 10.0])
    half = 2.7764451 * math.sqrt(10.0 / 5)  # t(0.975, 4) * sd / sqrt(n)
    assert (mean, lo, hi) == pytest.approx((6.0, 6.0 - half, 6.0 + half))
    assert mean_ci([3.0]) == (3.0, None, None)
    assert mean_ci([1.0, 1.0, 1.0]) == (1.0, 1.0, 1.0)


def test_elo_ordering_and_scale() -> None:
    # a beats b 75%, b beats c 75%, a beats c 90%: ratings a > b > c, mean 1500
    games = [[0, 400, 400], [400, 0, 400], [400, 400, 0]]
    points = [[0, 300, 360], [100, 0, 300], [40, 100, 0]]
    a, b, c = fit_elo(points, games)
    assert a > b > c
    assert (a + b + c) / 3 == pytest.approx(1500)
    # two players: the closed form 400 log10(w / l)
    x, y = fit_elo([[0, 75], [25, 0]], [[0, 100], [100, 0]], prior=0)
    assert x - y == pytest.approx(400 * math.log10(3))
    # a perfect record stays finite (the prior), and more evidence means a wider gap
    small = fit_elo([[0, 10], [0, 0]], [[0, 10], [10, 0]])
    large = fit_elo([[0, 100], [0, 0]], [[0, 100], [100, 0]])
    assert all(math.isfinite(r) for r in small + large)
    assert 0 < small[0] - small[1] < large[0] - large[1]
    assert fit_elo([[0, 5], [5, 0]], [[0, 10], [10, 0]]) == pytest.approx([1500, 1500])


def _board(k: int, *games: tuple[int, tuple[int, int], int]) -> BoardResult:
    """A board of a two-seat tournament: (seating, scores, winning seat) per game."""
    return BoardResult(
        k,
        k,
        tuple(
            GameResult(r, (DealResult(scores, (w,)),), 0, 10, (1, 1), (0.0, 0.0))
            for r, scores, w in games
        ),
    )


def test_summary_of_known_results() -> None:
    t = Tournament("bigtwo", _bigtwo(players="2"), ("a", "b"), 3)
    assert t.seatings == [("a", "b"), ("b", "a")]
    boards = [
        _board(0, (0, (4, -4), 0), (1, (-2, 2), 1)),  # a wins both seatings
        _board(1, (0, (6, -6), 0), (1, (3, -3), 0)),  # b wins the second (b in seat 0)
        _board(2, (0, (1, -1), 0), (1, (0, 0), 0)),  # a wins; a draw by score
    ]
    rep = summarize(t, boards)
    a, b = rep["results"]
    assert (a["bot"], a["games"], a["wins"], b["wins"]) == ("a", 6, 4, 2)
    # a's mean score per deal, board by board: (4+2)/2, (6-3)/2, (1+0)/2
    assert a["mean_score"] == pytest.approx((3 + 1.5 + 0.5) / 3, abs=1e-4)
    assert b["mean_score"] == pytest.approx(-a["mean_score"], abs=1e-4)
    assert a["win_ci"] == pytest.approx(list(wilson(4, 6)), abs=1e-4)
    cell = rep["head_to_head"]["matrix"][0][1]
    assert (cell["wins"], cell["draws"], cell["losses"], cell["games"]) == (4, 1, 1, 6)
    assert cell["score"] == pytest.approx(4.5 / 6, abs=1e-4)
    assert rep["head_to_head"]["matrix"][1][0]["wins"] == 1
    assert rep["head_to_head"]["matrix"][0][0] is None
    assert a["elo"] > 1500 > b["elo"] and a["rank"] == 1
    assert [s["games"] for s in a["by_seat"]] == [3, 3]
    assert rep["actions"] == 60 and rep["counted_deals"] == 6


# ----- the command line --------------------------------------------------------------


def test_cli_json_shape() -> None:
    p = chupai(
        "simulate",
        "bigtwo",
        "--bots",
        "greedy,random,random,random",
        "--deals",
        "6",
        "--seed",
        "11",
        "--json",
        "--no-progress",
    )
    assert p.returncode == 0, p.stderr
    rep = json.loads(p.stdout)
    assert p.stdout.count("\n") == 1  # one JSON object
    assert {
        "game",
        "spec",
        "bots",
        "seed",
        "deals",
        "seatings",
        "results",
        "elo",
        "head_to_head",
        "seats",
        "timing",
    } <= set(rep)
    assert rep["game"] == "bigtwo" and rep["deals"] == 6 and len(rep["seatings"]) == 4
    assert {"seconds", "deals_per_s", "workers", "backend", "ms_per_decision"} <= set(rep["timing"])
    names = [r["bot"] for r in rep["results"]]
    assert names == ["greedy", "random"]
    for r in rep["results"]:
        assert {
            "games",
            "wins",
            "win_rate",
            "win_ci",
            "mean_score",
            "score_ci",
            "elo",
            "rank",
            "by_seat",
        } <= set(r)
        lo, hi = r["win_ci"]
        assert 0 <= lo <= r["win_rate"] <= hi <= 1
        lo, hi = r["score_ci"]
        assert lo <= r["mean_score"] <= hi
    assert rep["results"][0]["games"] == 24 and rep["results"][1]["games"] == 72
    matrix = rep["head_to_head"]["matrix"]
    assert len(matrix) == 2 and matrix[0][0] is None and matrix[0][1]["games"] > 0
    assert [e["bot"] for e in rep["elo"]] == sorted(
        names, key=lambda n: -next(r["elo"] for r in rep["results"] if r["bot"] == n)
    )


def test_cli_human_report_and_bad_arguments() -> None:
    p = chupai("simulate", "doudizhu", "--bots", "greedy,random", "--deals", "4", "--no-progress")
    assert p.returncode == 0, p.stderr
    for text in (
        "doudizhu(preset=classic)",
        "6 seatings",
        "win rate",
        "Elo",
        "head to head",
        "deals/s",
    ):
        assert text in p.stdout
    for args, message in (
        (("--workers", "0"), "--workers must be at least 1"),
        (("--bots", "greedy,nobody"), "unknown bot 'nobody'"),
        (("--match-deals", "0"), "--match-deals must be at least 1"),
    ):
        q = chupai("simulate", "doudizhu", "--deals", "2", "--no-progress", *args)
        assert q.returncode == 2 and message in q.stderr and q.stdout == ""


@pytest.mark.skipif(not HAS_MPL, reason="matplotlib is not installed (pip install 'chupai[plot]')")
def test_plot_writes_a_png(tmp_path: Path) -> None:
    out = tmp_path / "results.png"
    p = chupai(
        "simulate",
        "--bots",
        "greedy,random",
        "--deals",
        "4",
        "--plot",
        str(out),
        "--json",
        "--no-progress",
    )
    assert p.returncode == 0, p.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert out.stat().st_size > 5000


@pytest.mark.parametrize(
    "module, args, message",
    [
        ("ray", ("--backend", "ray"), "pip install 'chupai[ray]'"),
        ("matplotlib", ("--plot", "x.png"), "pip install 'chupai[plot]'"),
    ],
)
def test_missing_extras_say_what_to_install(
    tmp_path: Path, module: str, args: tuple[str, ...], message: str
) -> None:
    code = (
        "import sys; sys.modules[%r] = None\n"
        "from chupai.cli.main import main\n"
        "raise SystemExit(main(['simulate', '--deals', '2', '--no-progress', *%r]))"
        % (module, args)
    )
    p = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=120
    )
    assert p.returncode == 2, p.stderr
    assert message in p.stderr
    assert not (tmp_path / "x.png").exists()
