"""Golden files (tests/data/golden/): the engines must reproduce them byte for byte.

The files are written by ``scripts/make_golden.py``; after a deliberate change of
the engines' behaviour (or of an observation's fields), rewrite them with
``python scripts/make_golden.py`` and review the diff. Every file is regenerated
in memory here (about a second for all of them).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from chupai.games import find_game
from chupai.protocol import BUILTIN_SPECS

BUILTIN_GAMES = tuple(module.split(".")[1] for module in BUILTIN_SPECS)

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "make_golden.py"
GOLDEN = ROOT / "tests" / "data" / "golden"


def _load_script() -> ModuleType:
    name = "_chupai_make_golden"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


mg = _load_script()
FILES = mg.golden_files()


@pytest.mark.parametrize("name", list(FILES))
def test_golden_file(name: str) -> None:
    path = GOLDEN / name
    assert path.exists(), f"{path} is missing: run `python scripts/make_golden.py` and commit it"
    golden = path.read_bytes().decode("utf-8")
    generated = mg.render(FILES[name]())
    msg = mg.first_difference(name, golden, generated)
    assert msg is None, (
        "the engine no longer reproduces the golden file\n"
        + msg
        + "\n(if the change is deliberate, rewrite the files with "
        "`python scripts/make_golden.py` and review the diff)"
    )


def test_no_stray_golden_files() -> None:
    on_disk = {p.name for p in GOLDEN.iterdir() if p.is_file()}
    assert on_disk == set(FILES), f"unexpected or missing: {sorted(on_disk ^ set(FILES))}"


def test_every_preset_has_a_playthrough() -> None:
    listed = {(v.game, v.preset) for v in mg.VARIANTS}
    for game in BUILTIN_GAMES:  # the games chupai ships (a test's own game is not one)
        for preset in find_game(game).presets():
            assert (game, preset) in listed, (
                f"{game} preset {preset!r} has no golden playthrough: add it to "
                "VARIANTS in scripts/make_golden.py"
            )


def test_bigtwo_three_players_covered() -> None:
    assert any(v.game == "bigtwo" and ("players", "3") in v.overrides for v in mg.VARIANTS)


def test_first_difference_names_line_and_column() -> None:
    assert mg.first_difference("f.txt", "a\nb\n", "a\nb\n") is None
    msg = mg.first_difference("f.txt", "a\nbcd\ne\n", "a\nbXd\ne\n")
    assert msg is not None and msg.startswith("f.txt:2: first difference at column 2")
    msg = mg.first_difference("f.txt", "a\n", "a\nb\n")
    assert msg is not None and msg.startswith("f.txt:2:")


def test_serializer_is_stable() -> None:
    from enum import Enum
    from typing import NamedTuple

    class Colour(Enum):
        RED = "red"

    class Pair(NamedTuple):
        a: int
        b: tuple[object, ...] = ()

    text = mg.ser(Pair(1, (frozenset({"y", "x"}), Colour.RED, None, (2,))))
    assert text == 'Pair(a=1, b=(frozenset({"x", "y"}), "red", None, (2,)))'

    class Opaque:
        pass

    with pytest.raises(TypeError):
        mg.ser(Opaque())


def test_check_mode_reports_first_difference(tmp_path: Path) -> None:
    name = next(n for n in FILES if n.startswith("movecounts_"))
    for n in FILES:
        (tmp_path / n).write_bytes((GOLDEN / n).read_bytes())
    lines = (GOLDEN / name).read_text(encoding="utf-8").split("\n")
    lines[-2] = lines[-2] + "x"
    (tmp_path / name).write_text("\n".join(lines), encoding="utf-8")
    assert mg.main(["--check", "--dir", str(tmp_path)]) == 1
    (tmp_path / name).write_bytes((GOLDEN / name).read_bytes())
    assert mg.main(["--check", "--dir", str(tmp_path)]) == 0
