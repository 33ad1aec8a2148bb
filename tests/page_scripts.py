"""Run a few lines of the page's JavaScript under Node.js, for tests of the page's
modules that need no browser (``static/tableopts.js``, ``cards.js``, ``i18n.js``).

``run_page_script(body)`` stubs the few browser globals the modules read at import
(``document``, ``localStorage``, ``navigator``), runs ``body`` as an ES module in
``chupai/web/static`` and returns the JSON it prints. :data:`NEEDS_NODE` skips a test
where Node is missing (``scripts/install-browser.sh`` installs it where it can);
``CHUPAI_REQUIRE_NODE=1`` makes a missing Node a failure instead."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

STATIC = Path(__file__).resolve().parents[1] / "src" / "chupai" / "web" / "static"
NODE = shutil.which("node")
if NODE is None and os.environ.get("CHUPAI_REQUIRE_NODE") == "1":
    raise RuntimeError("Node.js is missing: run scripts/install-browser.sh")
NEEDS_NODE = pytest.mark.skipif(NODE is None, reason="Node.js is not installed")

STUBS = """
globalThis.document = { getElementById: () => null, documentElement: {} };
globalThis.localStorage = { getItem: () => null, setItem() {}, removeItem() {} };
globalThis.navigator = { language: "en" };
"""


def run_page_script(body: str) -> Any:
    """The JSON that ``body`` (an ES module in ``static/``, after the stubs) prints."""
    assert NODE is not None
    run = subprocess.run(
        [NODE, "--experimental-default-type=module", "--input-type=module", "-e", STUBS + body],
        cwd=STATIC,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(run.stdout)
