#!/usr/bin/env python
"""Train a Deep Monte-Carlo agent for Dou Dizhu: ``chupai train dmc doudizhu``.

    pip install 'chupai[rl]'
    python examples/train_dmc.py --minutes 30 --out dmc.pt
    chupai simulate doudizhu --bots dmc:path=dmc.pt,greedy --deals 1000 --seed 1

The trainer is part of the package (:mod:`chupai.train`) and trains every game:
this script only runs ``chupai train dmc doudizhu`` with its arguments (see
``chupai train dmc --help`` and docs/training.md).
"""

from __future__ import annotations

import sys

from chupai.cli.main import main

if __name__ == "__main__":
    sys.exit(main(["train", "dmc", "doudizhu", *sys.argv[1:]]))
