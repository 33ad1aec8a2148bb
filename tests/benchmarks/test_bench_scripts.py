"""Smoke tests of the benchmark scripts: each runs with ``--quick`` in a subprocess
and must end with one JSON line holding its figures.

The Dou Dizhu script compares against RLCard and OpenSpiel when they are
importable; the expected peer keys follow what this interpreter can import, and
one run with both packages hidden checks that the script skips them cleanly.
About 75 s in all: the default run keeps the quick ones (search, 大怪路子 and its
ladder, the Big Two strength benchmark, about 5 s); ``-m slow`` runs the others too.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "benchmarks"


def importable(name: str) -> bool:
    try:
        importlib.import_module(name)
    except Exception:
        return False
    return True


HAVE_RLCARD = importable("rlcard")
HAVE_OPENSPIEL = importable("pyspiel")


def run_script(name: str, *args: str, env_path: Path | None = None) -> tuple[str, dict[str, Any]]:
    """Run ``benchmarks/<name>`` and return its stdout and its last line as JSON."""
    env = dict(os.environ)
    if env_path is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(env_path), env.get("PYTHONPATH")]))
    proc = subprocess.run(
        [sys.executable, str(BENCH / name), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    lines = proc.stdout.strip().splitlines()
    assert lines, "no output"
    data = json.loads(lines[-1])
    assert isinstance(data, dict)
    return proc.stdout, data


@pytest.fixture(scope="module")
def bigtwo() -> dict[str, Any]:
    return run_script("bench_bigtwo.py", "--quick")[1]


@pytest.fixture(scope="module")
def doudizhu() -> tuple[str, dict[str, Any]]:
    return run_script("bench_doudizhu.py", "--quick")


@pytest.mark.slow  # about 11 s: four presets, compiled and pure
def test_bigtwo_quick_json(bigtwo: dict[str, Any]) -> None:
    assert bigtwo["benchmark"] == "bigtwo"
    assert {"python", "method", "target_deals_per_s", "presets"} <= bigtwo.keys()
    assert set(bigtwo["presets"]) == {"standard", "hongkong", "taiwan", "mainland"}
    for figures in bigtwo["presets"].values():
        assert {"unchecked", "checked", "simulate", "movegen"} <= figures.keys()
        for mode in ("unchecked", "checked", "simulate"):
            assert figures[mode]["deals_per_s"] > 0
            assert figures[mode]["deals"] >= 1
        assert figures["movegen"]["lead_us"] > 0
        assert figures["movegen"]["combos_per_hand"] > 13  # at least every single card


CHUPAI_GAMES = (
    "chupai_unchecked",
    "chupai_checked",
    "chupai_bots",
    "chupai_four_player_unchecked",
    "chupai_four_player_checked",
    "chupai_four_player_bots",
)


def check_doudizhu(data: dict[str, Any], rlcard: bool, openspiel: bool) -> None:
    assert data["benchmark"] == "doudizhu"
    assert {
        "python",
        "method",
        "rounds",
        "peers",
        "skipped",
        "games",
        "movegen_lead_20",
        "presets",
        "ratios",
        "target",
    } <= data.keys()
    games = data["games"]
    expected = set(CHUPAI_GAMES)
    compiled_core = data["engine"] == "compiled"
    if compiled_core:  # whole games in the compiled core, interleaved with the others
        expected |= {"chupai_compiled", "chupai_four_player_compiled"}
    if rlcard:
        expected |= {"rlcard_game", "rlcard_env"}
    if openspiel:
        expected |= {"openspiel_python", "openspiel_cpp"}
    assert set(games) == expected
    for name, g in games.items():
        assert 0 < g["median_games_per_s"] <= g["games_per_s"], name
        assert g["games"] >= data["rounds"], name
        assert g["deals_per_game"] >= 1, name
    mg = data["movegen_lead_20"]
    want_gen = {"chupai_legal_plays", "chupai_legal_actions"}
    if rlcard:
        want_gen.add("rlcard_judger")
    if openspiel:
        want_gen.add("openspiel_legal_actions")
    assert set(mg) == want_gen | {"hands"}
    for name in want_gen:
        assert 0 < mg[name]["us"] <= mg[name]["median_us"], name
        assert mg[name]["mean_plays"] >= 10, name
    # the 明牌 action is listed at the first lead besides the plays
    assert mg["chupai_legal_actions"]["mean_plays"] == pytest.approx(
        mg["chupai_legal_plays"]["mean_plays"] + 1, abs=0.15
    )
    if rlcard:  # the same hands give (almost exactly) the same number of plays
        assert abs(mg["rlcard_judger"]["mean_plays"] - mg["chupai_legal_plays"]["mean_plays"]) < 1
    assert set(data["presets"]) == {"classic", "four_player"}
    for res in data["presets"].values():
        assert {"unchecked", "checked", "bots", "movegen", "landlord_first_lead"} <= res.keys()
    assert data["presets"]["classic"]["unchecked"] == games["chupai_unchecked"]
    ratio_keys = set(data["ratios"])
    peers = (["rlcard_game", "rlcard_env"] if rlcard else []) + (
        ["openspiel_python", "openspiel_cpp"] if openspiel else []
    )
    mine = ("chupai_unchecked", "chupai_checked") + (("chupai_compiled",) if compiled_core else ())
    want_ratios = {f"games {m}/{p}" for m in mine for p in peers}
    if rlcard:
        want_ratios.add("movegen chupai_legal_plays/rlcard_judger")
    if openspiel:
        want_ratios |= {
            "movegen chupai_legal_actions/openspiel_legal_actions",
            "movegen chupai_legal_plays/openspiel_legal_actions",
        }
    assert ratio_keys == want_ratios
    for k, v in data["ratios"].items():
        assert v["best"] > 0 and v["median"] > 0, k
    if rlcard:
        r = data["ratios"]["games chupai_unchecked/rlcard_game"]["best"]
        assert r == pytest.approx(
            games["chupai_unchecked"]["games_per_s"] / games["rlcard_game"]["games_per_s"], rel=0.01
        )
    assert ("rlcard" in data["skipped"]) is not rlcard
    assert ("open_spiel" in data["skipped"]) is not openspiel
    assert (data["peers"]["rlcard"] is None) is not rlcard
    assert (data["peers"]["open_spiel"] is None) is not openspiel
    assert ("meets_10x_rlcard_game" in data["target"]) is rlcard


@pytest.mark.slow  # about 5 s: the peers (RLCard, OpenSpiel) too
def test_doudizhu_quick_json(doudizhu: tuple[str, dict[str, Any]]) -> None:
    out, data = doudizhu
    check_doudizhu(data, HAVE_RLCARD, HAVE_OPENSPIEL)
    assert "random games/s" in out and "legal moves of a random 20-card landlord hand" in out


@pytest.mark.slow  # about 2 s
def test_doudizhu_skips_absent_peers(tmp_path: Path) -> None:
    """With rlcard and pyspiel shadowed by modules that fail to import, the script
    still runs, says it skipped them, and reports chupai's figures only."""
    (tmp_path / "rlcard").mkdir()
    (tmp_path / "rlcard" / "__init__.py").write_text("raise ImportError('hidden by the test')\n")
    (tmp_path / "pyspiel.py").write_text("raise ImportError('hidden by the test')\n")
    out, data = run_script(
        "bench_doudizhu.py",
        "--quick",
        "--rounds",
        "1",
        "--seconds",
        "0.1",
        "--hands",
        "20",
        env_path=tmp_path,
    )
    check_doudizhu(data, rlcard=False, openspiel=False)
    # the reason is the first import that failed: the stub's error, or numpy's
    # absence in an environment without the peers' dependencies
    assert "not importable" in data["skipped"]["rlcard"]
    assert "not importable" in data["skipped"]["open_spiel"]
    assert out.count("SKIPPED") == 2


@pytest.mark.slow  # about 3 s
def test_biga_quick_json() -> None:
    out, data = run_script("bench_biga.py", "--quick")
    assert data["benchmark"] == "biga"
    figures = data["figures"]
    for mode in ("unchecked", "checked", "bots", "decline"):
        assert figures[mode]["deals_per_s"] > 0
        # a deal draws 108 cards and plays them out: many more actions than seats
        assert figures[mode]["actions_per_deal"] > 20
    # never declaring asks every Ace holder at every checkpoint: longer deals
    assert figures["decline"]["actions_per_deal"] > figures["unchecked"]["actions_per_deal"]
    assert figures["movegen"]["plays_per_hand"] >= 10
    assert "move generation" in out


def test_daguailuzi_quick_json() -> None:
    out, data = run_script("bench_daguailuzi.py", "--quick")
    assert data["benchmark"] == "daguailuzi"
    figures = data["figures"]
    for row in ("lead", "lead_3_jokers", "lead_6_jokers"):
        assert 0 < figures[row]["median_ms"] <= figures[row]["p99_ms"] <= figures[row]["max_ms"]
        # 27 cards hold far more plays than cards
        assert figures[row]["plays_median"] > 27
    # following lists only what beats the top: fewer plays than leading
    assert set(figures["follow"]) == {"single", "pair", "triple", "five"}
    assert figures["follow"]["single"]["plays_max"] <= 27
    assert figures["classify"]["plays_per_s"] > 0
    assert 0 < figures["classify"]["random_sets_legal"] < 1
    assert "lead listing" in out and "follow listing" in out


HAVE_ENV = all(importable(m) for m in ("numpy", "gymnasium", "pettingzoo"))
ENV_GAMES = (
    "bigtwo_standard",
    "doudizhu_classic",
    "doudizhu_four_player",
    "biga_standard",
    "daguailuzi_seed",
    "daguailuzi_shanghai",
)


@pytest.mark.slow  # about 30 s: the env benchmark runs every game twice (compiled and pure)
@pytest.mark.skipif(not HAVE_ENV, reason="needs the env extra (numpy, gymnasium, pettingzoo)")
def test_env_quick_json() -> None:
    """Steps/s of the AEC env and the batch runner for every game, with the
    peers that this interpreter can import, and the Dou Dizhu ratios."""
    out, data = run_script("bench_env.py", "--quick")
    assert data["benchmark"] == "env"
    assert {
        "python",
        "method",
        "rounds",
        "num_games",
        "peers",
        "skipped",
        "steps_per_s",
        "median_steps_per_s",
        "figures",
        "ratios",
        "ratios_median",
        "target",
    } <= data.keys()
    expected = {f"{kind}_{g}" for kind in ("aec", "vector") for g in ENV_GAMES}
    # the docs' loop before and after random_legal, the Gymnasium VectorEnv
    mine = ("aec_docs_flatnonzero", "aec_random_legal", "vector_env", "vector_env_nocopy")
    expected |= {f"{kind}_doudizhu_classic" for kind in mine}
    if HAVE_RLCARD:
        expected |= {"rlcard_doudizhu", "rlcard_doudizhu_run"}
    if HAVE_OPENSPIEL:
        expected.add("openspiel_dou_dizhu")
    if data["engine"].startswith("engine compiled"):  # the batched Dou Dizhu runner
        expected |= {
            f"vector_{kind}_doudizhu_{preset}"
            for kind in ("py", "sample")
            for preset in ("classic", "four_player")
        }
    assert set(data["steps_per_s"]) == expected
    for name, f in data["figures"].items():
        assert 0 < f["median_steps_per_s"] <= f["steps_per_s"] == data["steps_per_s"][name], name
        assert f["steps"] >= data["rounds"], name
    # whole episodes were played through the AEC loop (resets included)
    for g in ENV_GAMES:
        f = data["figures"][f"aec_{g}"]
        assert f["episodes"] >= 1 and f["steps_per_episode"] > 4, g
    assert data["figures"]["vector_doudizhu_classic"]["steps"] % data["num_games"] == 0
    peers = (
        [("rlcard", "rlcard_doudizhu"), ("rlcard_run", "rlcard_doudizhu_run")]
        if HAVE_RLCARD
        else []
    ) + ([("openspiel", "openspiel_dou_dizhu")] if HAVE_OPENSPIEL else [])
    runner = data["engine"].startswith("engine compiled")
    kinds = ("", "vector_") + (("vector_sample_",) if runner else ())
    want = {f"{p}doudizhu_vs_{short}" for p in kinds for short, _ in peers}
    if runner:
        want |= {f"vector_doudizhu_{p}_c_runner_vs_py_deals" for p in ("classic", "four_player")}
    want |= {
        f"{r}_doudizhu_classic"
        for r in (
            "aec_random_legal_vs_flatnonzero",
            "vector_env_vs_vector_games",
            "vector_env_nocopy_vs_vector_games",
        )
    }
    assert set(data["ratios"]) == set(data["ratios_median"]) == want
    for short, peer in peers:
        assert data["ratios"][f"doudizhu_vs_{short}"] == pytest.approx(
            data["steps_per_s"]["aec_doudizhu_classic"] / data["steps_per_s"][peer], abs=0.006
        )  # rounded to 2 decimals
    assert ("rlcard" in data["skipped"]) is not HAVE_RLCARD
    assert ("open_spiel" in data["skipped"]) is not HAVE_OPENSPIEL
    assert data["target"]["steps_per_s"] == 2000
    assert ("meets_10x_rlcard" in data["target"]) is HAVE_RLCARD
    assert "steps/s" in out and out.count("SKIPPED") == (
        (0 if HAVE_RLCARD else 1) + (0 if HAVE_OPENSPIEL else 1)
    )


def test_search_quick_json() -> None:
    out, data = run_script("bench_search.py", "--quick", "--ms", "5", "--games", "bigtwo")
    assert data["engine"] in ("compiled", "partial", "pure")
    game = data["games"]["bigtwo"]
    assert set(game["rollouts"]) == {"heuristic", "core", "core-random"}
    for row in game["rollouts"].values():
        assert row["decisions"] >= 1 and row["rollouts_per_s"] > 0
    assert game["core_over_heuristic_rollouts"] > 0
    duel = game["strength"]
    assert duel["deals"] == 4  # --quick
    bots = [k for k in duel if k.startswith("search")]
    assert len(bots) == 2 and all(-1 <= duel[b]["win_rate"] <= 1 for b in bots)
    assert "rollout=core" in out


def test_strength_bigtwo_quick_json() -> None:
    out, data = run_script("strength_bigtwo.py", "--quick")
    assert data["benchmark"] == "strength_bigtwo" and data["deals"] == 3
    rows = data["presets"]["standard"]["heuristic"]
    assert list(rows) == ["shed", "control", "passer", "breaker"]  # not itself
    for row in rows.values():
        assert row["games"] == 3 * 4 and row["deals"] == 3  # every seat of every deal
        # standard scores are zero-sum: the bot's points are the opponents' losses
        assert abs(row["points"] + 3 * row["opponents"]) < 1e-3
        lo, hi = row["points_ci"]
        assert lo <= row["points"] <= hi
        assert row["win_ci"][0] <= row["win"] <= row["win_ci"][1]
        assert 0 <= row["big_losses"] <= 1 and row["median_ms"] > 0
    assert "vs 3x" in out and "shed" in out


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--bots", "nope"], "unknown bot 'nope'"),
        (["--opponents", ","], "--opponents names nothing"),
        (["--presets", "nope"], "unknown preset 'nope'"),
        (["--deals", "0"], "--deals must be at least 1, got 0"),
        (["--players", "1"], "option 'players': bad value 1"),
    ],
)
def test_strength_bigtwo_names_a_bad_argument(
    args: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = importlib.util.spec_from_file_location("strength_bigtwo", BENCH / "strength_bigtwo.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.main(["--quick", "--timing-deals", "0", *args]) == 2
    assert says in capsys.readouterr().err


@pytest.mark.slow  # about 3 s: two runs, one in two processes
def test_strength_bigtwo_figures_do_not_depend_on_workers() -> None:
    args = ("strength_bigtwo.py", "--quick", "--opponents", "shed", "--players", "3")
    one, two = run_script(*args)[1], run_script(*args, "--workers", "2")[1]
    drop = {"mean_ms", "median_ms"}
    for d in (one, two):
        for row in d["presets"]["standard"]["heuristic"].values():
            assert row["games"] == 3 * 3
            for k in drop:
                row.pop(k)
    assert one["presets"] == two["presets"]


@pytest.mark.slow  # about 5 s: one child process per game and engine
def test_memory_quick_json() -> None:
    _, data = run_script("bench_memory.py", "--quick")
    assert data["target_mib"] == 45
    peaks = data["peak_mib"]
    assert {"bigtwo/api", "bigtwo/api-pure", "doudizhu/api", "biga/api"} <= set(peaks)
    assert all(5 < v < 1000 for v in peaks.values())
    assert data["max_mib"] == max(peaks.values())
    assert data["meets_target"] == (data["max_mib"] <= 45)


def test_ladder_daguailuzi_quick_json() -> None:
    out, data = run_script("ladder_daguailuzi.py", "--quick")
    assert data["benchmark"] == "ladder_daguailuzi"
    assert set(data["pairs"]) == {"random-greedy", "greedy-heuristic", "heuristic-search"}
    for fig in data["pairs"].values():
        assert fig["deals"] == 3 and fig["games"] == 6
        assert sum(fig["wins"]) + fig["draws"] == fig["games"]
        lo, hi = fig["win_diff_ci"]
        assert -2 <= lo <= fig["win_diff_per_deal"] <= hi <= 2
        assert fig["significant"] == (lo > 0)
    assert data["ladder_holds"] == all(f["significant"] for f in data["pairs"].values())
    assert "paired win difference" in out


@pytest.mark.slow  # about 10 s: every game's env, gym env and vector runner built
@pytest.mark.skipif(not HAVE_ENV, reason="needs the env extra (numpy, gymnasium, pettingzoo)")
def test_copy_quick_json() -> None:
    """Copy, pickle and state-string figures for every game, a deep copy of an
    environment within a small multiple of the deal's clone."""
    _, data = run_script("bench_copy.py", "--quick")
    assert data["benchmark"] == "copy"
    assert set(data["games"]) == {"bigtwo", "doudizhu", "biga", "daguailuzi"}
    for figures in data["games"].values():
        assert {"clone", "env_deepcopy", "env_pickle_bytes", "env_state_chars"} <= figures.keys()
        assert 0 < figures["clone"] and 0 < figures["env_pickle_bytes"] < 20_000
        assert figures["env_deepcopy"] < 100 * figures["clone"]


@pytest.mark.slow
def test_analysis_calibration_and_stability_json() -> None:
    """``benchmarks/analysis.py`` on a few Big Two positions (the timing part, a few
    minutes with Big A and 大怪路子, is left out)."""
    out, data = run_script(
        "analysis.py",
        "--parts",
        "calibration,stability",
        "--positions",
        "12",
        "--stability",
        "6",
        "--budget",
        "quick",
    )
    cal, stab = data["calibration"], data["stability"]
    assert cal["positions"] == 12 and 0 <= cal["predicted"] <= 1 and 0 <= cal["brier"] <= 1
    assert sum(b["positions"] for b in cal["bins"]) == 12
    assert stab["decisions"] == 6 and 0 <= stab["judgement_flip_rate"] <= stab["flip_rate"] <= 1
    assert "2. calibration" in out and "3. label stability" in out
