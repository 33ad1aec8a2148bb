"""docs/agents.md runs as written: its ```python examples, in order and in one
namespace (a later example uses what an earlier one defined), print what their
comments say. A block that shows a file to write (its first line is a ``# path``
comment) is not run."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")


DOC = Path(__file__).resolve().parents[2] / "docs" / "agents.md"


@pytest.mark.usefixtures("clean_registry")
def test_the_examples_print_what_they_say() -> None:
    blocks = re.findall(r"^```python\n(.*?)^```", DOC.read_text(encoding="utf-8"), re.M | re.S)
    run = [b for b in blocks if not re.match(r"# [\w/]+\.py\n", b)]
    assert len(run) >= 4 and len(blocks) == len(run) + 1
    namespace: dict[str, object] = {"__name__": "agents_doc"}
    for block in run:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(block, str(DOC), "exec"), namespace)
        said = [m.strip() for m in re.findall(r"print\(.*\)\s+# (.+)$", block, re.M)]
        assert out.getvalue().splitlines() == said, block
