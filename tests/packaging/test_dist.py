"""``scripts/check-dist.sh``: the sdist and the wheel build, pass ``twine check`` and
install and run in fresh virtual environments.

The slow test runs the script's short form (``--pure``: no C compiler, the wheel only,
about 30-50 s); CI runs the whole script (the compiled wheel and the sdist, each in its
own venv) from ``.ci/run``. The fast test checks only that the script refuses what it
does not know.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "check-dist.sh"


def test_script_refuses_an_unknown_argument() -> None:
    if shutil.which("bash") is None:
        pytest.skip("no bash")
    done = subprocess.run(
        ["bash", str(SCRIPT), "--wheel-only"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert "unknown argument '--wheel-only'" in done.stderr


@pytest.mark.slow
def test_dists_build_check_and_install_clean(tmp_path: Path) -> None:
    for tool in ("build", "twine"):
        if importlib.util.find_spec(tool) is None:
            pytest.skip(f"{tool} is not installed (the test extra has it)")
    dist = tmp_path / "dist"
    env = {**os.environ, "PYTHON": sys.executable, "TMPDIR": str(tmp_path)}
    done = subprocess.run(
        ["bash", str(SCRIPT), "--pure", "--keep", str(dist)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, (done.stdout + done.stderr)[-4000:]
    assert "check-dist: OK" in done.stdout
    assert "one deal of bigtwo, doudizhu, biga, daguailuzi played" in done.stdout
    assert sorted(p.name for p in dist.iterdir()) == [
        "chupai-0.1.0-py3-none-any.whl",
        "chupai-0.1.0.tar.gz",
    ]
