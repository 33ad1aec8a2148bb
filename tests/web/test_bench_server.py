"""Smoke test of ``benchmarks/bench_server.py``: a tiny load (3 tables, 3 s) against
a real ``chupai serve`` subprocess; the script must end with one JSON line whose
figures show that actions were played through the server without any error.
About 6 s.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("websockets")
pytest.importorskip("uvicorn")

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "bench_server.py"

KEYS = {
    "benchmark",
    "python",
    "cores",
    "game",
    "tables",
    "connections",
    "window_s",
    "actions",
    "actions_acked",
    "actions_per_s",
    "batches",
    "actions_per_batch",
    "latency_ms",
    "state_messages",
    "state_chars_mean",
    "deals_finished",
    "errors",
    "error_codes",
    "failures",
    "server_rss_mib",
    "server_kib_per_table",
    "server_cpu_s",
    "server_cores",
    "client_cpu_s",
    "client_cores",
    "machine_busy_cores",
    "db_mib",
}


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_bench_server_tiny_run(tmp_path: Path) -> None:
    db = tmp_path / "bench.sqlite3"
    proc = subprocess.run(
        [
            sys.executable,
            str(SCRIPT),
            "--tables",
            "3",
            "--seconds",
            "3",
            "--warmup",
            "0.5",
            "--db",
            str(db),
            "--seed",
            "7",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    lines = proc.stdout.strip().splitlines()
    data = json.loads(lines[-1])
    assert KEYS <= data.keys()
    assert data["benchmark"] == "server" and data["game"] == "bigtwo"
    # 3 Big Two tables, one client per seat, all connected through the window
    assert data["tables"] == 3 and data["connections"] == 12
    assert data["errors"] == 0 and data["error_codes"] == {} and data["failures"] == {}
    assert data["actions"] > 0
    assert data["actions_per_s"] == pytest.approx(data["actions"] / data["window_s"], rel=0.01)
    # every applied action commits in some batch; the clients saw (almost) all of
    # them: only those still on their way when the window closed may be missing, and
    # the server's count is read a moment after the clients' (tables play on
    # meanwhile: a few more on a loaded machine, bounded by 2 % here)
    assert 0 < data["batches"] <= data["actions"]
    slack = max(3, data["actions"] // 50)
    assert 0 < data["actions_acked"] <= data["actions"] + 3
    assert data["actions_acked"] >= data["actions"] - slack
    lat = data["latency_ms"]
    assert 0 < lat["p50"] <= lat["p90"] <= lat["p99"] <= lat["max"]
    # each action changes what every seat sees: a state to each of the 4 clients
    assert data["state_messages"] >= 4 * data["actions_acked"] - 12
    assert data["state_chars_mean"] > 100
    rss = data["server_rss_mib"]
    assert 0 < rss["idle"] <= rss["peak"] and rss["end"] <= rss["peak"]
    assert data["server_cpu_s"] > 0 and data["client_cpu_s"] > 0
    # the database the script was given holds the played actions
    assert db.exists() and data["db_mib"] > 0
    assert "latency act -> state" in proc.stdout
