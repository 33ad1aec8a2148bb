"""The Dou Dizhu strength benchmark under DouZero's protocol
(``benchmarks/strength_doudizhu.py``): its score on constructed deals (bombs, a
rocket, a spring DouZero does not count, both roles), its statistics paired by
deal, and (slow, when RLCard and DouZero import) a smoke run of the script.
"""

from __future__ import annotations

import importlib.util
import json
import math
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from chupai.bots.games.doudizhu.douzero import douzero_score
from chupai.doudizhu.game import PASS, Bid, DouDizhuDeal, Phase
from chupai.doudizhu.rules import PRESETS
from chupai.errors import ChupaiError

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "benchmarks"
CLASSIC = PRESETS["classic"]


def _load(name: str) -> ModuleType:
    """Import ``benchmarks/<name>.py`` as module ``name`` (once)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


_load("strength_doudizhu_chupai")  # the script imports its statistics from there
bench = _load("strength_doudizhu")


def played(hands: list[str], kitty: str, plays: list[str]) -> DouDizhuDeal:
    """A classic deal of ``hands`` (seat 0 the first bidder, bidding 1, the others
    passing: seat 0 is the landlord) played out with ``plays`` (``""``: a pass)."""
    deal = DouDizhuDeal.from_hands(CLASSIC, hands, kitty, first_bidder=0)
    while deal.phase is not Phase.PLAY:
        deal.apply_action(Bid(1) if deal.current_player == 0 else PASS)
    for text in plays:
        deal.apply_action(deal.parse_action(text) if text else PASS)
    assert deal.is_terminal()
    return deal


def test_landlord_spring_with_two_bombs_and_a_rocket() -> None:
    deal = played(
        [
            "3 3 3 3 4 4 4 4 BJ RJ 5 6 7 8 9 T J",
            "5 5 5 6 6 6 7 7 7 8 8 8 9 9 9 T T",
            "T J J J Q Q Q K K K A A A 2 2 2 2",
        ],
        "Q K A",
        ["3 3 3 3", "", "", "4 4 4 4", "", "", "BJ RJ", "", "", "5 6 7 8 9 T J Q K A"],
    )
    assert bench.bombs_of(deal) == 3
    # DouZero: +2 * 2**3, no spring factor; chupai's own scoring doubles the spring
    assert bench.protocol_result(deal) == (True, 3, 16)
    out = deal.outcome
    assert out is not None and out.spring and out.scores[0] == 2 * 16


def test_peasants_win_after_a_peasant_bomb() -> None:
    deal = played(
        [
            "3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8",
            "2 2 2 2 3 4 5 6 7 8 9 T J Q K A K",
            "8 9 9 T T T J J J Q Q Q K K A A A",
        ],
        "BJ RJ 9",
        ["3", "2 2 2 2", "", "", "3 4 5 6 7 8 9 T J Q K A", "", "", "K"],
    )
    # the landlord held the rocket and never played it: only the peasant's bomb counts
    assert bench.protocol_result(deal) == (False, 1, -4)
    out = deal.outcome
    assert out is not None and out.anti_spring  # chupai would double; DouZero does not


def test_score_and_unfinished_deal() -> None:
    assert douzero_score(landlord_won=True, bombs=0) == 2
    assert douzero_score(landlord_won=False, bombs=4) == -32
    with pytest.raises(ChupaiError, match="-1 bombs"):
        douzero_score(landlord_won=True, bombs=-1)
    deal = DouDizhuDeal.from_hands(
        CLASSIC,
        [
            "3 3 3 3 4 4 4 4 BJ RJ 5 6 7 8 9 T J",
            "5 5 5 6 6 6 7 7 7 8 8 8 9 9 9 T T",
            "T J J J Q Q Q K K K A A A 2 2 2 2",
        ],
        "Q K A",
    )
    with pytest.raises(ChupaiError, match="not finished"):
        bench.protocol_result(deal)


def test_paired_figures_by_hand() -> None:
    # deal 0: A wins as landlord (+2) and as peasants (B lord loses: +2)
    # deal 1: A loses as landlord with a bomb (-4), B wins as landlord (A: -2)
    f = bench.protocol_figures([(True, 0, False, 0), (False, 1, True, 0)])
    assert f["deals"] == 2
    assert f["landlord"]["wins"] == 1 and f["peasants"]["wins"] == 1
    assert f["landlord"]["adp"] == -1.0 and f["peasants"]["adp"] == 0.0
    assert f["wp"] == 0.5 and f["adp"] == -0.5
    # per-deal means 1 and 0 (WP), 2 and -3 (ADP): sample sd / sqrt(2) = 0.5 and 2.5
    assert f["wp_ci95"] == pytest.approx([0.5 - bench.Z95 * 0.5, 0.5 + bench.Z95 * 0.5])
    assert f["adp_ci95"] == pytest.approx([-0.5 - bench.Z95 * 2.5, -0.5 + bench.Z95 * 2.5])
    with pytest.raises(ChupaiError, match="at least 2"):
        bench.protocol_figures([(True, 0, False, 0)])


deals = st.lists(
    st.tuples(st.booleans(), st.integers(0, 3), st.booleans(), st.integers(0, 3)),
    min_size=2,
    max_size=40,
)


@settings(max_examples=40, deadline=None)
@given(deals)
def test_paired_figures_are_the_means_of_the_roles(
    pairs: list[tuple[bool, int, bool, int]],
) -> None:
    f = bench.protocol_figures(pairs)
    lo, pe = f["landlord"], f["peasants"]
    assert lo["games"] == pe["games"] == f["deals"] == len(pairs)
    assert f["wp"] == pytest.approx((lo["wp"] + pe["wp"]) / 2)
    assert f["adp"] == pytest.approx((lo["adp"] + pe["adp"]) / 2)
    # A's side as peasants scores the opposite of B as landlord
    assert pe["adp"] == pytest.approx(
        -sum(douzero_score(landlord_won=b, bombs=k) for _, _, b, k in pairs) / len(pairs)
    )
    for key in ("wp", "adp"):
        a, b = f[f"{key}_ci95"]
        assert a <= f[key] + 1e-12 and f[key] <= b + 1e-12
    for role in (lo, pe):
        a, b = role["wp_wilson95"]
        assert 0 <= a <= role["wp"] <= b <= 1
    a, b = f["wp_wilson95"]
    assert 0 <= a <= f["wp"] <= b <= 1


def test_percentile() -> None:
    assert bench.percentile([], 0.9) == 0.0
    xs = [float(x) for x in range(1, 11)]
    assert bench.percentile(xs, 0.5) == 5.0 and bench.percentile(xs, 0.9) == 9.0
    assert bench.percentile(xs, 1.0) == 10.0


def importable(name: str) -> bool:
    try:
        importlib.import_module(name)
    except Exception:
        return False
    return True


def run_script(*args: str) -> dict[str, Any]:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(
            filter(None, [str(ROOT / "src"), os.environ.get("PYTHONPATH")])
        ),
    }
    proc = subprocess.run(
        [sys.executable, str(BENCH / "strength_doudizhu.py"), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    data = json.loads(proc.stdout.strip().splitlines()[-1])
    assert isinstance(data, dict)
    return data


@pytest.mark.slow  # about 15 s of CPU: two runs of 6 deals in child processes
@pytest.mark.skipif(
    not (importable("rlcard") and importable("douzero")), reason="needs rlcard and douzero"
)
def test_quick_run() -> None:
    bots = "heuristic,search:playouts=4"
    one = run_script("--quick", "--games", "6", "--bots", bots)
    two = run_script(
        "--quick", "--games", "6", "--bots", bots, "--workers", "2", "--chunk", "2", "--no-check"
    )
    assert one["benchmark"] == "strength_doudizhu" and one["protocol"] == "douzero"
    assert one["games"] == 6 and two["checks"] is None
    for bot in ("heuristic", "search:playouts=4"):
        entry = one["bots"][bot]
        assert set(entry["vs"]) == {"rlcard", "douzero-rlcard", "random"}
        assert entry["decisions"] > 0 and 0 < entry["ms_median"] <= entry["ms_p90"]
        for opp, f in entry["vs"].items():
            assert f["deals"] == 6 and f["landlord"]["games"] == 6
            assert f["wp"] == pytest.approx((f["landlord"]["wp"] + f["peasants"]["wp"]) / 2)
            # every deal scores a multiple of 2 for each role, at most 2 * 2**4 here
            assert abs(f["adp"]) <= 32 and math.isfinite(f["adp"])
            # the same deals and seeds give the same figures in two processes
            g = two["bots"][bot]["vs"][opp]
            assert (g["wp"], g["adp"]) == (f["wp"], f["adp"])
        assert set(one["meets"][bot]) == {"ms_median", "rlcard", "random"}
    checks = one["checks"]
    for name in ("rlcard", "douzero"):
        assert 0 <= checks[name]["native_landlord_win_rate"] <= 1
        assert 0 <= checks[name]["p_value"] <= 1
    assert 0 <= checks["douzero"]["same_winner"] <= 1
    assert 0 <= checks["douzero_vs_rlcard"]["wp"] <= 1
