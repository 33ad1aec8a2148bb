"""docs/env.md (and the sizes in the README's research environment section) cannot
drift from the code.

Every ```python example of the page runs as written, in a fresh interpreter and within
a time limit. Every table marked ``<!-- check: KIND ARGS -->`` matches the code:

- ``sizes``: one row per preset of every game (players, ``ActionSpace.n``, encoding size);
- ``actions GAME PRESETS...``: the id range of every kind, one column per group of
  presets (``ActionSpace.layout()``);
- ``options GAME PRESET``: ``n`` and the encoding size under one override (or
  several, comma-separated), or ``error`` for an option the action space cannot
  represent;
- ``encoding GAME PRESET``: the segments (``Encoder.layout``), repeated segments
  written once as ``COUNT × LENGTH``.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numpy")

from chupai.env.encode import HISTORY_LENGTH, Encoder  # noqa: E402
from chupai.env.spaces import ActionSpace  # noqa: E402
from chupai.errors import UnsupportedOptionError  # noqa: E402
from chupai.games import find_game, resolve_rules  # noqa: E402
from chupai.protocol import BUILTIN_SPECS  # noqa: E402

GAMES = tuple(module.split(".")[1] for module in BUILTIN_SPECS)
"""The games chupai ships (docs/env.md documents them; a test's own game is not one)."""

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "env.md"
TEXT = DOC.read_text(encoding="utf-8")

TIME_LIMIT = 10.0
"""Seconds an example may take, interpreter start included. Each one is written to run
in under 5 s (1 to 2 s on the development machine); the margin absorbs a loaded CI
machine."""


# ----- parsing -------------------------------------------------------------------------


def _examples() -> list[tuple[str, str]]:
    """``(id, code)`` of every python block; the id names the section and the block's
    position in it."""
    out: list[tuple[str, str]] = []
    heading = "top"
    count: dict[str, int] = {}
    for m in re.finditer(r"^(#{2,3}) ([^\n]+)$|^```python\n(.*?)^```", TEXT, flags=re.M | re.S):
        if m.group(2) is not None:
            heading = re.sub(r"[^a-z0-9]+", "-", m.group(2).lower()).strip("-")
            continue
        count[heading] = count.get(heading, 0) + 1
        out.append((f"{heading}-{count[heading]}", m.group(3)))
    return out


def _tables() -> list[tuple[list[str], list[list[str]]]]:
    """``(marker words, rows of cells)`` of every checked table (header and rule rows
    dropped)."""
    out = []
    for m in re.finditer(r"^<!-- check: (.*?) -->\n((?:\|.*\n)+)", TEXT, flags=re.M):
        lines = m.group(2).strip().splitlines()[2:]
        rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in lines]
        out.append((m.group(1).split(), rows))
    return out


EXAMPLES = _examples()
TABLES = _tables()


def _checks(kind: str) -> list[tuple[list[str], list[list[str]]]]:
    """``(marker arguments, rows)`` of the tables marked ``check: kind``."""
    return [(words[1:], rows) for words, rows in TABLES if words[0] == kind]


def _params(kind: str) -> list[object]:
    return [pytest.param(args, rows, id="-".join(args)) for args, rows in _checks(kind)]


def _num(cell: str) -> int:
    return int(cell.replace(",", ""))


def _code(cell: str) -> str:
    return cell.strip("`")


def _ids(cell: str) -> tuple[int, int] | None:
    """``first–last`` (or one id) as ``(first, stop)``; None for ``—``."""
    if cell == "—":
        return None
    first, _, last = cell.partition("–")
    return _num(first), _num(last or first) + 1


# ----- the checked tables ----------------------------------------------------------------


def test_the_page_checks_every_preset() -> None:
    presets = {(g, p) for g in GAMES for p in find_game(g).presets()}
    in_sizes = {(row[0], _code(row[1])) for _, rows in _checks("sizes") for row in rows}
    assert in_sizes == presets
    in_actions = {
        (args[0], p) for args, _ in _checks("actions") for col in args[1:] for p in col.split(",")
    }
    assert in_actions == presets
    assert {a[0] for a, _ in _checks("options")} == set(GAMES)
    assert {a[0] for a, _ in _checks("encoding")} == set(GAMES)
    sections = {i.rsplit("-", 1)[0] for i, _ in EXAMPLES}  # a training loop per game
    assert {"big-two", "dou-dizhu-classic", "dou-dizhu-four-players", "big-a"} <= sections


def test_sizes_table() -> None:
    [(_, rows)] = _checks("sizes")
    for game, preset, players, n, size in rows:
        rules = resolve_rules(game, _code(preset))
        assert _num(players) == rules.players, (game, preset)
        assert _num(n) == ActionSpace.for_rules(game, rules).n, (game, preset)
        assert _num(size) == Encoder.for_rules(game, rules).size, (game, preset)


def test_readme_sizes() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    m = re.search(r"Dou Dizhu classic ([\d,]+) ids, Big Two\s+([\d,]+), Big A ([\d,]+)", readme)
    assert m is not None, "the README's research environment section names the sizes"
    assert [_num(x) for x in m.groups()] == [
        ActionSpace.for_rules(g, p).n
        for g, p in (("doudizhu", "classic"), ("bigtwo", "standard"), ("biga", "standard"))
    ]


@pytest.mark.parametrize("args,rows", _params("actions"))
def test_action_layout_table(args: list[str], rows: list[list[str]]) -> None:
    game, columns = args[0], args[1:]
    for col, presets in enumerate(columns, start=1):
        doc = [(_code(row[0]), ids) for row in rows if (ids := _ids(row[col])) is not None]
        for preset in presets.split(","):
            space = ActionSpace.for_rules(game, preset)
            assert [(label, (a, b)) for label, a, b in space.layout()] == doc, (game, preset)
    for row in rows:
        counts = {b - a for cell in row[1:-1] if (ids := _ids(cell)) for a, b in [ids]}
        assert counts == {_num(row[-1])}, row


@pytest.mark.parametrize("args,rows", _params("options"))
def test_option_table(args: list[str], rows: list[list[str]]) -> None:
    game, preset = args
    base = ActionSpace.for_rules(game, preset)
    for override, n, size, effect in rows:
        # one override, or several in one cell: `players=6, packs=2`
        pairs = [o.partition("=") for o in _code(override).split(", ")]
        key = pairs[0][0]
        rules = resolve_rules(game, preset, {k: v for k, _, v in pairs})
        if n == "error":
            with pytest.raises(UnsupportedOptionError, match=key):
                ActionSpace.for_rules(game, rules)
            continue
        space = ActionSpace.for_rules(game, rules)
        assert space.n == _num(n), override
        assert Encoder(game, rules).size == _num(size), override
        if "same space" in effect:
            assert space is base, override
        elif "another space" in effect or "other keys" in effect:
            assert space is not base and space.actions != base.actions, override


@pytest.mark.parametrize("args,rows", _params("encoding"))
def test_encoding_table(args: list[str], rows: list[list[str]]) -> None:
    game, preset = args
    enc = Encoder.for_rules(game, preset)
    covered: list[str] = []
    for start, length, name, meaning in rows:
        pattern = re.escape(_code(name)).replace(r"\.k", r"\.\d+").replace(r"\.i", r"\.\d+")
        segs = [s for s in enc.layout if re.fullmatch(pattern, s.name)]
        count, _, each = length.rpartition(" × ")
        assert len(segs) == (_num(count) if count else 1), name
        assert segs[0].start == _num(start), name
        assert all(s.length == _num(each) for s in segs), name
        covered += [s.name for s in segs]
        stride = re.search(r"entry i starts at ([\d,]+) \+ (\d+) i", meaning)
        if stride:
            assert len(segs) == HISTORY_LENGTH
            assert [s.start for s in segs] == [
                _num(stride[1]) + i * int(stride[2]) for i in range(HISTORY_LENGTH)
            ], name
    assert sorted(covered) == sorted(s.name for s in enc.layout)


# ----- the examples ----------------------------------------------------------------------


@pytest.mark.parametrize("code", [c for _, c in EXAMPLES], ids=[i for i, _ in EXAMPLES])
def test_example_runs(code: str, tmp_path: Path) -> None:
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "src"), env.get("PYTHONPATH")]))
    # small matrix products: BLAS threads only contend with the test workers
    for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        env[var] = "1"
    try:
        done = subprocess.run(
            [sys.executable, "-c", code],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=TIME_LIMIT,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"the example took more than {TIME_LIMIT:.0f} s")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip(), "every example prints its result"
