"""The shape of the code base: layers reach games through the protocol only, files
and functions stay small (docs/architecture.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from chupai.protocol import BUILTIN_SPECS

SRC = Path(__file__).resolve().parents[1] / "src" / "chupai"
GAME_KEYS = frozenset(module.split(".")[1] for module in BUILTIN_SPECS)
MAX_LINES = 600
MAX_COMPLEXITY = 25


def _game_folder(path: Path) -> str | None:
    """The game whose own folder holds ``path`` (a game package, or a layer's
    per-game module or folder), else None."""
    rel = path.relative_to(SRC).parts
    if rel[0] in GAME_KEYS:
        return rel[0]
    if len(rel) >= 3 and rel[1] == "games":
        return Path(rel[2]).stem
    return None


def _sources() -> list[Path]:
    return sorted(SRC.rglob("*.py"))


def _game_computed(node: ast.AST) -> bool:
    """Whether ``node`` is an f-string module name ``chupai.{...}...`` (a game
    package chosen at run time)."""
    if not isinstance(node, ast.JoinedStr) or len(node.values) < 2:
        return False
    first, second = node.values[0], node.values[1]
    return (
        isinstance(first, ast.Constant)
        and first.value == "chupai."
        and isinstance(second, ast.FormattedValue)
    )


def _name_uses(path: Path) -> list[str]:
    """Places where ``path`` compares a game key, keys a mapping by one, or imports a
    module by a computed name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    where = path.relative_to(SRC) if path.is_relative_to(SRC) else path.name
    found = []

    def is_key(node: ast.AST) -> bool:
        return isinstance(node, ast.Constant) and node.value in GAME_KEYS

    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            consts = [o for o in operands if is_key(o)]
            for o in operands:
                if isinstance(o, (ast.Tuple, ast.List, ast.Set)):
                    consts += [e for e in o.elts if is_key(e)]
            if consts:
                found.append(f"{where}:{node.lineno} compares a game name")
        elif isinstance(node, ast.Dict) and any(k is not None and is_key(k) for k in node.keys):
            found.append(f"{where}:{node.lineno} keys a mapping by game names")
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if (
                name in ("import_module", "find_spec")
                and node.args
                and _game_computed(node.args[0])
            ):
                found.append(f"{where}:{node.lineno} imports a game by a computed name")
    return found


def test_no_layer_compares_a_game_name() -> None:
    offenders = [
        use for path in _sources() if _game_folder(path) is None for use in _name_uses(path)
    ]
    assert not offenders, "\n".join(offenders)


def test_the_check_finds_a_comparison(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        'if game == "biga":\n    pass\nX = {"bigtwo": 1}\n'
        'import importlib\nimportlib.import_module(f"chupai.{g}.game")\n'
    )
    assert len(_name_uses(bad)) == 3


def test_no_source_file_is_over_600_lines() -> None:
    long = [
        f"{p.relative_to(SRC)}: {n}"
        for p in _sources()
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    ]
    assert not long, "\n".join(long)


def test_no_function_is_over_complexity_25() -> None:
    radon = pytest.importorskip("radon.complexity")
    over = []
    for path in _sources():
        for block in radon.cc_visit(path.read_text(encoding="utf-8")):
            if block.complexity > MAX_COMPLEXITY:
                over.append(
                    f"{path.relative_to(SRC)}:{block.lineno} {block.name} {block.complexity}"
                )
    assert not over, "\n".join(over)
