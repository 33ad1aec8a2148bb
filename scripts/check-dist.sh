#!/usr/bin/env bash
# Build chupai's sdist and wheel and prove that both install and run clean.
#
#   scripts/check-dist.sh [--pure] [--keep DIR]
#
# 1. python -m build: the sdist, then the wheel built from that sdist;
# 2. twine check --strict on both, and a look inside each (what must and must not ship);
# 3. the wheel into a fresh venv, core only (no extras): a smoke run that expects the
#    compiled core;
# 4. the sdist into another fresh venv, built with CHUPAI_PURE_BUILD=1: the same smoke
#    run, expecting the pure-Python engine (the path of a machine without a C compiler;
#    the compiled build from the sdist is step 1's wheel).
#
# --pure builds the wheel without the compiled core as well (a py3-none-any wheel, no C
# compiler run at all) and skips step 4, whose pure build from the sdist step 1 has then
# just made in its own fresh build environment: tests/packaging/test_dist.py uses it
# to stay short. --keep DIR
# leaves the dists in DIR. PYTHON picks the interpreter that builds (it needs the
# `build` and `twine` packages: the test extra has them); default .venv/bin/python,
# else python3. The fresh venvs use that interpreter's base Python. Each step prints
# its time; the last line is "check-dist: OK in N s".
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
# the fresh venvs must see nothing of this checkout (PYTHONPATH=src would make pip take
# the source tree's egg-info for an installed chupai)
unset PYTHONPATH PYTHONHOME PYTHONSTARTUP
PURE=0
KEEP=""
while [ $# -gt 0 ]; do
    case "$1" in
        --pure) PURE=1 ;;
        --keep) KEEP="${2:?--keep needs a folder}"; shift ;;
        *) echo "check-dist: unknown argument '$1' (use --pure, --keep DIR)" >&2; exit 2 ;;
    esac
    shift
done
if [ -z "${PYTHON:-}" ]; then
    if [ -x "$ROOT/.venv/bin/python" ]; then PYTHON="$ROOT/.venv/bin/python"; else PYTHON=python3; fi
fi
for tool in build twine; do
    "$PYTHON" -c "import $tool" 2>/dev/null || {
        echo "check-dist: $PYTHON has no '$tool' package: pip install build twine (the test" \
            "extra has them), or name another interpreter with PYTHON=..." >&2
        exit 2
    }
done

WORK="$(mktemp -d "${TMPDIR:-/tmp}/chupai-dist.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
DIST="${KEEP:-$WORK/dist}"
rm -rf "$DIST" && mkdir -p "$DIST"
START=$SECONDS
step() { echo "check-dist: [$((SECONDS - START)) s] $*"; }
fail() { echo "check-dist: FAILED: $*" >&2; exit 1; }

if [ "$PURE" = 1 ]; then export CHUPAI_PURE_BUILD=1; ENGINE="pure-Python engine"; else ENGINE="compiled core"; fi

step "building the sdist and the wheel ($PYTHON -m build)"
"$PYTHON" -m build --outdir "$DIST" "$ROOT" >"$WORK/build.log" 2>&1 || { tail -40 "$WORK/build.log"; fail "python -m build"; }
SDIST="$(ls "$DIST"/chupai-*.tar.gz)"
WHEEL="$(ls "$DIST"/chupai-*.whl)"
step "built $(basename "$SDIST") ($(du -k "$SDIST" | cut -f1) KiB), $(basename "$WHEEL") ($(du -k "$WHEEL" | cut -f1) KiB)"
grep -q "installing the pure-Python engine" "$WORK/build.log" && [ "$PURE" = 0 ] \
    && { grep "chupai:" "$WORK/build.log"; fail "the wheel was built without the compiled core"; }

step "twine check --strict"
"$PYTHON" -m twine check --strict "$SDIST" "$WHEEL"

step "looking inside the dists"
"$PYTHON" - "$SDIST" "$WHEEL" "$PURE" <<'PY'
import sys, tarfile, zipfile

sdist, wheel, pure = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
top = sdist.rsplit("/", 1)[1].removesuffix(".tar.gz") + "/"
with tarfile.open(sdist) as tar:
    in_sdist = {n.removeprefix(top) for n in tar.getnames()}
with zipfile.ZipFile(wheel) as whl:
    in_wheel = set(whl.namelist())
problems = []
for need in ("LICENSE", "README.md", "pyproject.toml", "setup.py", "MANIFEST.in",
             "docs/env.md", "examples/train_dmc.py", "benchmarks/bench_env.py",
             "tests/conftest.py", "src/chupai/web/static/index.html", "src/chupai/py.typed"):
    if need not in in_sdist:
        problems.append(f"sdist lacks {need}")
if not any(n.endswith(".pyx") for n in in_sdist):
    problems.append("sdist lacks the .pyx sources")
problems += [f"sdist ships {n}" for n in in_sdist if n.endswith((".so", ".c", ".pyc"))]
for need in ("chupai/__init__.py", "chupai/py.typed", "chupai/web/static/index.html",
             "chupai/web/static/fonts/chupai-cjk-sc.woff2", "chupai/web/static/fonts/OFL.txt"):
    if need not in in_wheel:
        problems.append(f"wheel lacks {need}")
if not any(n.endswith("dist-info/licenses/LICENSE") for n in in_wheel):
    problems.append("wheel lacks the LICENSE in its dist-info")
problems += [f"wheel ships {n}" for n in in_wheel if not n.startswith("chupai")]
compiled = [n for n in in_wheel if n.endswith((".so", ".pyd"))]
sources = [n for n in in_sdist if n.endswith(".pyx")]
if len(compiled) != (0 if pure else len(sources)):
    problems.append(f"wheel holds {len(compiled)} compiled modules for {len(sources)} .pyx "
                    f"sources (pure build: {pure})")
if problems:
    sys.exit("check-dist: FAILED: " + "; ".join(problems))
print(f"  sdist {len(in_sdist)} entries, wheel {len(in_wheel)} ({len(compiled)} compiled modules)")
PY

# smoke VENV ENGINE: run the installed chupai from outside the source tree.
smoke() {
    local venv="$1" engine="$2" out
    cd "$WORK"
    out="$("$venv/bin/chupai" --version)"
    [[ "$out" == "chupai "*" ($engine)" ]] || fail "chupai --version says '$out', expected the $engine"
    out="$("$venv/bin/chupai" judge doudizhu "BJ RJ" --over "2 2 2 2")"
    [ "$out" = '{"valid": true, "type": "rocket", "beats": true}' ] || fail "chupai judge: $out"
    out="$("$venv/bin/chupai" moves bigtwo "3D 3S 4H" --over "3C")"
    [ "$out" = '{"moves": [{"cards": "3S", "type": "single"}, {"cards": "4H", "type": "single"}]}' ] \
        || fail "chupai moves: $out"
    "$venv/bin/python" - "$venv" <<'PY' || fail "the library smoke run in $venv"
import importlib.resources, importlib.util, sys
from pathlib import Path

import chupai
from chupai.protocol import all_games

venv = Path(sys.argv[1]).resolve()
assert venv in Path(chupai.__file__).resolve().parents, f"chupai imported from {chupai.__file__}"
played = []
for spec in all_games():
    deal = spec.new_deal(spec.resolve(), seed=7)
    while not deal.is_terminal():
        deal.apply_action(deal.legal_actions()[-1])
    played.append(spec.key)
assert {"bigtwo", "doudizhu", "biga", "daguailuzi"} <= set(played), played
page = importlib.resources.files("chupai.web").joinpath("static/index.html")
assert page.is_file(), "the web page is not installed"
# core only: no extra was asked for, so none of their packages may have come along
extras = [m for m in ("numpy", "torch", "starlette", "gymnasium") if importlib.util.find_spec(m)]
assert not extras, f"a core install pulled in {extras}"
print(f"  {chupai.__version__}: one deal of {', '.join(played)} played to the end")
PY
    "$venv/bin/python" -m pip check -q >/dev/null || fail "pip check in $venv"
    cd "$ROOT"
}

step "installing the wheel into a fresh venv (core only)"
"$PYTHON" -m venv "$WORK/venv-wheel"
"$WORK/venv-wheel/bin/python" -m pip install -q "$WHEEL" || fail "pip install of the wheel"
step "smoke run of the installed wheel"
smoke "$WORK/venv-wheel" "$ENGINE"

if [ "$PURE" = 1 ]; then
    echo "check-dist: OK in $((SECONDS - START)) s (--pure: the sdist's install is the wheel's build)"
    exit 0
fi
step "installing the sdist into a fresh venv (CHUPAI_PURE_BUILD=1, core only)"
"$PYTHON" -m venv "$WORK/venv-sdist"
CHUPAI_PURE_BUILD=1 "$WORK/venv-sdist/bin/python" -m pip install -q "$SDIST" || fail "pip install of the sdist"
step "smoke run of the installed sdist"
smoke "$WORK/venv-sdist" "pure-Python engine"

echo "check-dist: OK in $((SECONDS - START)) s"
