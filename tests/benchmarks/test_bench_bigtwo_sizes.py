"""Smoke test of ``benchmarks/bench_bigtwo_sizes.py --quick`` (about 3 s, so
``-m slow``): one JSON line with a figure for every table it measures."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_sizes_quick_json() -> None:
    proc = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_bigtwo_sizes.py"), "--quick"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    data = json.loads(proc.stdout.strip().splitlines()[-1])
    assert data["benchmark"] == "bigtwo_sizes"
    tables = data["tables"]
    names = {"2", "6", "13", "52"} | ({"4_compiled", "4_pure"} if "4" not in tables else {"4"})
    assert names <= set(tables)
    assert ("6x2" in tables) != ("6x2" in data["skipped"])
    for name, fig in tables.items():
        assert fig["deals_per_s"] > 0 and fig["deals"] >= 1, name
        assert fig["lead_us"] > 0 and fig["combos_per_hand"] >= 1, name
    assert tables["52"]["cards_per_hand"] == 1 and tables["13"]["cards_per_hand"] == 4
