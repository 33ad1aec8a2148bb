"""The core stays pure (STYLE.md §8.6): importing it pulls in no layer (CLI, bots,
rich, numpy); its modules do no I/O, read no environment, log nothing and use no
global randomness; and it type-checks under ``mypy --strict``.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "chupai"

LAYERS = ("cli", "bots", "analysis", "env", "web", "train", "tournament.py", "tournament_backends.py")
"""Subpackages and modules that are layers over the core, free to do I/O."""

CORE_FILES = sorted(
    p
    for p in SRC.rglob("*.py")
    if p.relative_to(SRC).parts[0] not in LAYERS
    and p.relative_to(SRC).as_posix() != "__main__.py"  # the CLI entry point
)
"""The core modules: ``src/chupai/*.py`` and every game package
(``src/chupai/bigtwo/*.py``, ...), i.e. everything but the layers."""

CORE_MODULES = sorted(
    "chupai." + ".".join(p.relative_to(SRC).with_suffix("").parts).removesuffix(".__init__")
    for p in CORE_FILES
)


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def test_core_files_are_found() -> None:
    names = {_rel(p) for p in CORE_FILES}
    assert {
        "src/chupai/cards.py",
        "src/chupai/bigtwo/game.py",
        "src/chupai/bigtwo/record.py",
        "src/chupai/games.py",
    } <= names


# ---------------------------------------------------------------------------
# Importing the core loads no layer
# ---------------------------------------------------------------------------

_IMPORT_PROBE = textwrap.dedent("""
    import json, sys
    import importlib
    import chupai, chupai.bigtwo.game, chupai.bigtwo.record, chupai.bigtwo.api, chupai.games
    for name in sys.argv[1:]:  # every other core module too
        importlib.import_module(name)
    # use the core a little, so that lazy imports inside it happen too
    from chupai.games import find_game, resolve_rules
    from chupai.bigtwo.game import new_deal
    from chupai.bigtwo.record import to_record, replay
    info = find_game("bigtwo")
    rules = resolve_rules("bigtwo", "taiwan", {})
    info.judge(rules, "3D 4C 5H 6S 7D", None)
    info.moves(rules, "3D 3S 4H", None)
    deal = new_deal(rules, 5, dealer=0)
    while not deal.is_terminal():
        deal.apply_action(deal.legal_actions()[-1])
    replay(to_record(deal))
    print(json.dumps(sorted(sys.modules)))
""")

FORBIDDEN_MODULES = ("rich", "numpy", "chupai.cli", "chupai.bots", "chupai.train")


def test_importing_the_core_loads_no_layer() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", _IMPORT_PROBE, *CORE_MODULES],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    loaded = json.loads(proc.stdout.strip().splitlines()[-1])
    bad = [m for m in loaded if any(m == f or m.startswith(f + ".") for f in FORBIDDEN_MODULES)]
    assert bad == [], f"the core imported {bad}"
    assert "chupai.bigtwo.game" in loaded  # the probe really ran
    assert set(CORE_MODULES) <= set(loaded)


# ---------------------------------------------------------------------------
# Source checks (on the syntax tree, so docstrings and doctests do not count)
# ---------------------------------------------------------------------------

FORBIDDEN_CALLS = {"print", "input", "open", "breakpoint", "exit", "quit"}
FORBIDDEN_IMPORTS = {
    "logging",
    "os",
    "sys",
    "io",
    "pathlib",
    "time",
    "datetime",
    "threading",
    "multiprocessing",
    "subprocess",
    "socket",
    "asyncio",
    "shutil",
    "tempfile",
    "numpy",
    "rich",
    "chupai.cli",
    "chupai.bots",
    "warnings",
}


def _may_import_random(rel: str) -> bool:
    """Only a game's own modules (``src/chupai/<game>/*.py``: the deal engine builds
    ``random.Random(seed)``, the samplers type the generator they are handed) may
    import random; none may use the global generator (checked apart)."""
    parts = rel.split("/")
    return len(parts) == 4 and parts[:2] == ["src", "chupai"]


def _imported_names(tree: ast.AST) -> list[tuple[int, str]]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append((node.lineno, node.module))
            out += [(node.lineno, f"{node.module}.{a.name}") for a in node.names]
    return out


def _module_level_nodes(tree: ast.Module) -> list[ast.AST]:
    """Nodes executed at import time: everything outside function bodies."""
    out: list[ast.AST] = []
    stack: list[ast.AST] = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            out += node.decorator_list if not isinstance(node, ast.Lambda) else []
            continue
        out.append(node)
        stack.extend(ast.iter_child_nodes(node))
    return out


def core_violations(path: Path) -> list[str]:
    rel = _rel(path)
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=rel)
    problems = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in FORBIDDEN_CALLS
        ):
            problems.append(f"{rel}:{node.lineno}: calls {node.func.id}()")
        if isinstance(node, ast.Attribute) and node.attr in ("environ", "getenv", "putenv"):
            problems.append(f"{rel}:{node.lineno}: reads the environment (.{node.attr})")
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "random"
            and node.attr != "Random"
        ):
            problems.append(f"{rel}:{node.lineno}: uses the global generator random.{node.attr}")
    for line, name in _imported_names(tree):
        top = name.split(".")[0]
        if (
            any(name == f or name.startswith(f + ".") for f in FORBIDDEN_IMPORTS)
            or top in FORBIDDEN_IMPORTS
        ):
            problems.append(f"{rel}:{line}: imports {name}")
        if top == "random" and (not _may_import_random(rel) or name != "random"):
            problems.append(
                f"{rel}:{line}: imports {name} (only a game's modules may import random, "
                "and only as 'import random' for random.Random(seed))"
            )
    for node in _module_level_nodes(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "random"
        ):
            problems.append(
                f"{rel}:{node.lineno}: random.{node.func.attr}() at import time "
                "(a global generator)"
            )
    return problems


ENGINE_SWITCH = SRC / "compiled.py"
"""The one core module that reads the environment: ``CHUPAI_PURE`` chooses the
pure-Python engine over the compiled core (docs/compiled.md)."""


@pytest.mark.parametrize("path", CORE_FILES, ids=_rel)
def test_core_module_is_pure(path: Path) -> None:
    problems = core_violations(path)
    if path == ENGINE_SWITCH:
        problems = [
            p
            for p in problems
            if not p.endswith(("imports os", "reads the environment (.environ)"))
        ]
    assert problems == []


def test_the_engine_switch_reads_only_chupai_pure() -> None:
    tree = ast.parse(ENGINE_SWITCH.read_text(encoding="utf-8"))
    reads = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Attribute)
        and node.func.value.attr == "environ"
    ]
    assert reads, "chupai.compiled no longer reads CHUPAI_PURE"
    for call in reads:
        assert call.func.attr == "get"  # type: ignore[attr-defined]
        key = call.args[0]
        assert isinstance(key, ast.Constant) and key.value == "CHUPAI_PURE"


GAME_ENGINES = sorted(p for p in CORE_FILES if _rel(p).endswith("/game.py"))


@pytest.mark.parametrize("path", GAME_ENGINES, ids=_rel)
def test_game_uses_a_seeded_generator(path: Path) -> None:
    """A deal engine's randomness enters only as ``random.Random(seed)``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    calls = [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and isinstance(n.func.value, ast.Name)
        and n.func.value.id == "random"
    ]
    if path.parent.name == "bigtwo":
        assert calls, "game.py should build random.Random(seed)"
    for call in calls:
        assert isinstance(call.func, ast.Attribute) and call.func.attr == "Random"
        assert len(call.args) == 1, "random.Random() must be given the seed"


@pytest.mark.parametrize(
    "snippet, expected",
    [
        ("print('x')", "calls print()"),
        ("def f():\n    return open('f')", "calls open()"),
        ("import logging", "imports logging"),
        ("import os\nX = os.environ.get('A')", "reads the environment"),
        ("import random\nrandom.shuffle([1])", "global generator"),
        ("from random import shuffle", "imports random.shuffle"),
        ("import rich.console", "imports rich.console"),
        ("from chupai.bots import RandomBot", "imports chupai.bots"),
    ],
)
def test_the_purity_checker_catches_violations(
    tmp_path: Path, snippet: str, expected: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_root = tmp_path
    path = fake_root / "src" / "chupai" / "bigtwo" / "bad.py"
    path.parent.mkdir(parents=True)
    path.write_text(snippet, encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", fake_root)
    problems = core_violations(path)
    assert any(expected in p for p in problems), problems


def test_the_purity_checker_accepts_a_seeded_generator(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "src" / "chupai" / "bigtwo" / "game.py"
    path.parent.mkdir(parents=True)
    path.write_text(
        '"""print(x) in a docstring is fine."""\nimport random\n\n'
        "def deal(seed):\n    return random.Random(seed).random()\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert core_violations(path) == []


# ---------------------------------------------------------------------------
# mypy --strict
# ---------------------------------------------------------------------------


@pytest.mark.slow  # about 20 s; the lint step runs the same ``mypy --strict``
@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed")
def test_mypy_strict_on_the_core(tmp_path: Path) -> None:
    """``mypy --strict`` over the whole package (src/chupai: core and layers)."""
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Success" in proc.stdout
