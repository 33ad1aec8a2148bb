"""A stand-in for ``chupai.analysis`` (development only, until the library part is
merged): contract-shaped JSON from a record, values made up from a hash."""

from __future__ import annotations

import hashlib
import sys
import types
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from chupai.errors import ChupaiError

BUDGETS = {"quick": 50, "default": 400, "deep": 2000}
LABELS = ("best", "good", "inaccuracy", "mistake", "blunder", "only")


def _value(seed: str) -> dict[str, Any]:
    h = int(hashlib.sha256(seed.encode()).hexdigest()[:8], 16)
    win = (h % 1000) / 1000
    score = ((h >> 10) % 200 - 100) / 10
    return {
        "win": win,
        "win_ci": [max(0, win - 0.05), min(1, win + 0.05)],
        "score": score,
        "score_ci": [score - 1, score + 1],
        "value": win + score / 50,
        "samples": 10,
    }


def analyse_record(
    record: Mapping[str, Any],
    *,
    seats: Sequence[int] | None = None,
    budget: str | int = "default",
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    if isinstance(budget, str) and budget not in BUDGETS:
        raise ChupaiError(f"unknown budget {budget!r}")
    deals = record["deals"] if record.get("format") == "chupai-match" else [record]
    players = len(deals[0]["hands"]) if "hands" in deals[0] else 4
    chosen = list(range(players)) if seats is None else list(seats)
    total = sum(1 for d in deals for a in d["actions"] if a["seat"] in chosen)
    out_deals, done = [], 0
    for i, d in enumerate(deals):
        decisions = []
        for step, a in enumerate(d["actions"]):
            if a["seat"] not in chosen:
                continue
            label = LABELS[(step * 7 + i) % len(LABELS)]
            played = _value(f"{i}/{step}")
            best = played if label == "best" else _value(f"{i}/{step}/b")
            if label == "only":
                decisions.append(
                    {
                        "step": step,
                        "seat": a["seat"],
                        "phase": "play",
                        "choices": 1,
                        "played": a["action"],
                        "best": a["action"],
                        "played_value": None,
                        "best_value": None,
                        "loss": 0.0,
                        "label": "only",
                        "alternatives": [],
                    }
                )
            else:
                decisions.append(
                    {
                        "step": step,
                        "seat": a["seat"],
                        "phase": "play",
                        "choices": 3,
                        "played": a["action"],
                        "best": a["action"] if label == "best" else "pass",
                        "played_value": played,
                        "best_value": best,
                        "loss": max(0.0, best["value"] - played["value"]),
                        "label": label,
                        "alternatives": [{"action": a["action"], **played}],
                    }
                )
            done += 1
            if progress is not None:
                progress(done, total)
        out_deals.append({"index": i, "players": players, "decisions": decisions})
    return {
        "format": "chupai-analysis",
        "version": 1,
        "game": record.get("game"),
        "budget": budget,
        "rollouts": BUDGETS.get(str(budget), budget),
        "seed": seed,
        "seats": chosen,
        "thresholds": {"inaccuracy": 0.05, "mistake": 0.10, "blunder": 0.20},
        "units": "match points" if record.get("format") == "chupai-match" else "deal points",
        "deals": out_deals,
    }


def budget_rollouts(spec: Any, budget: str | int) -> int:
    return budget if isinstance(budget, int) else BUDGETS[budget]


class _Value:
    def __init__(self, text: str, seed: str):
        v = _value(seed)
        self.text, self.win, self.score, self.value = text, v["win"], v["score"], v["value"]


class _Evaluation:
    def __init__(self, actions: list[_Value]):
        self.actions = tuple(actions)


class Evaluator:
    def __init__(self, game: str, *, rollouts: int = 400, seed: int = 0):
        self.game, self.rollouts, self.seed = game, rollouts, seed

    def evaluate(self, deal: Any, *, played: Any = None, key: str = "") -> _Evaluation:
        vals = [
            _Value(deal.action_text(a), f"{self.seed}/{key}/{i}")
            for i, a in enumerate(deal.legal_actions())
        ]
        return _Evaluation(sorted(vals, key=lambda v: -v.value))


def install() -> types.ModuleType:
    """Put the stand-in at ``chupai.analysis`` (a test's monkeypatch undoes it)."""
    mod = types.ModuleType("chupai.analysis")
    mod.analyse_record = analyse_record  # type: ignore[attr-defined]
    mod.BUDGETS = BUDGETS  # type: ignore[attr-defined]
    mod.Evaluator = Evaluator  # type: ignore[attr-defined]
    mod.budget_rollouts = budget_rollouts  # type: ignore[attr-defined]
    sys.modules["chupai.analysis"] = mod
    return mod
