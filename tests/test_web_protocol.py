"""The protocol's documents: the JSON schema file is generated from the message
models and current; the command line's ``serve`` refuses bad arguments."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pydantic")

from chupai.web.protocol import CLIENT_MESSAGE, ERROR_CODES, json_schema  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def test_schema_file_is_current() -> None:
    on_disk = json.loads((ROOT / "docs" / "protocol.schema.json").read_text(encoding="utf-8"))
    assert on_disk == json.loads(json.dumps(json_schema())), (
        "regenerate: python -m chupai.web.schema > docs/protocol.schema.json"
    )


def test_every_error_code_is_documented() -> None:
    doc = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    for code in ERROR_CODES:
        assert f"| `{code}` |" in doc, code
    source = (ROOT / "src" / "chupai" / "web").glob("*.py")
    used = set()
    for f in source:
        text = f.read_text(encoding="utf-8")
        for code in ERROR_CODES:
            if f'"{code}"' in text and f.name != "protocol.py":
                used.add(code)
    assert used == set(ERROR_CODES)


@pytest.mark.parametrize(
    "text",
    [
        '{"type": "join", "table": ""}',
        '{"type": "join", "table": "x", "token": 5}',
        '{"type": "act", "seq": 1.5, "action": 0}',
        '{"type": "act", "seq": true, "action": 0}',
        '{"type": "ping", "x": 1}',
        '{"type": "hint"}',
    ],
)
def test_client_models_are_strict(text: str) -> None:
    with pytest.raises(ValueError):
        CLIENT_MESSAGE.validate_json(text)


def _chupai(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "chupai", *args], capture_output=True, text=True, timeout=60
    )


def test_serve_help_and_bad_arguments() -> None:
    out = _chupai("serve", "--help")
    assert out.returncode == 0 and "--db" in out.stdout and "--port" in out.stdout
    bad = _chupai("serve", "--port", "70000")
    assert bad.returncode == 2 and "70000" in bad.stderr
    bad = _chupai("serve", "--bot-delay", "-1")
    assert bad.returncode == 2 and "--bot-delay" in bad.stderr


def test_serve_refuses_a_database_it_cannot_use(tmp_path: Path) -> None:
    bad = _chupai("serve", "--db", str(tmp_path / "no" / "such" / "dir.sqlite3"))
    assert bad.returncode == 2 and "cannot use the database" in bad.stderr
    junk = tmp_path / "junk.sqlite3"
    junk.write_text("this is not a database\n" * 100)
    bad = _chupai("serve", "--db", str(junk))
    assert bad.returncode == 2 and "junk.sqlite3" in bad.stderr
    assert "Traceback" not in bad.stderr
