"""Peak memory of a random-play loop, per game and engine path.

Run ``python benchmarks/bench_memory.py`` (about a minute) or ``--quick``. Each
measurement runs in a fresh child process (peak resident memory is per process):
import chupai, then play ``--deals`` seeded random deals of the game's default
preset, either through the Python API (``legal_actions`` and ``apply_unchecked``,
a uniform choice from ``random.Random(1)``) on the compiled core and on the
pure-Python engine (``CHUPAI_PURE=1``), or as the core's ``random_games`` (every
deal played inside compiled code). The child reports its peak resident set size
(``ru_maxrss``); the issue's target is at most 45 MiB. This is a script, not a
test: it asserts nothing. The last line is JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from typing import Any

from chupai.protocol import all_games

TARGET_MIB = 45

CHILD = """
import importlib, random, resource, sys
from chupai.protocol import get_game
game, mode, deals = sys.argv[1], sys.argv[2], int(sys.argv[3])
spec = get_game(game)
rules = spec.resolve(spec.default_preset)
if mode == "core":
    importlib.import_module(f"chupai.{game}.playout").random_games(rules, deals, 0)
else:
    rng = random.Random(1)
    for seed in range(deals):
        deal = spec.new_deal(rules, seed)
        while not deal.is_terminal():
            legal = deal.legal_actions()
            deal.apply_unchecked(legal[rng.randrange(len(legal))])
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""

MODES = {"api": {}, "api-pure": {"CHUPAI_PURE": "1"}, "core": {}}
"""How each figure is measured: the loop and the environment of the child."""


def peak_mib(game: str, mode: str, deals: int) -> float:
    env = dict(os.environ, **MODES[mode])
    loop = "core" if mode == "core" else "api"
    out = subprocess.run(
        [sys.executable, "-c", CHILD, game, loop, str(deals)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return round(float(out.stdout.strip().splitlines()[-1]), 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    deals = 100 if args.quick else args.deals
    result: dict[str, Any] = {"target_mib": TARGET_MIB, "deals": deals, "peak_mib": {}}
    for spec in all_games():
        has_core = _has_playout(spec.key)
        for mode in MODES:
            if mode == "core" and not has_core:
                continue
            mib = peak_mib(spec.key, mode, deals)
            result["peak_mib"][f"{spec.key}/{mode}"] = mib
            print(f"{spec.key:9} {mode:9} peak {mib:6.1f} MiB")
    peaks = result["peak_mib"].values()
    result["max_mib"] = max(peaks) if peaks else None
    result["meets_target"] = bool(peaks) and max(peaks) <= TARGET_MIB
    print(json.dumps(result))


def _has_playout(game: str) -> bool:
    import importlib.util

    try:
        return importlib.util.find_spec(f"chupai.{game}.playout") is not None
    except ModuleNotFoundError:
        return False


if __name__ == "__main__":
    main()
