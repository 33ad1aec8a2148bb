"""Evaluation of a checkpoint through the bot interface: ``dmc:path=FILE``
against each opponent in a seeded tournament under every seating
(:mod:`chupai.tournament`, exactly as ``chupai simulate`` plays it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["evaluate", "eval_scalars"]


def evaluate(
    path: str, game: str, rules: Any, opponents: Sequence[str], deals: int, seed: int
) -> list[dict[str, Any]]:
    """Per opponent: the checkpoint's and the opponent's win rates (with the
    checkpoint's 95% interval), the score difference per deal, the deals
    played and the seconds taken."""
    from chupai.tournament import Tournament, run_tournament, summarize

    name = f"dmc:path={path}"
    out = []
    for opp in opponents:
        t = Tournament(game, rules, (name, opp), deals, seed)
        run = run_tournament(t, workers=1)
        s = summarize(t, run.boards)
        me, them = s["results"][0], s["results"][1]
        h2h = s["head_to_head"]["matrix"][0][1]
        out.append(
            {
                "opponent": opp,
                "deals": deals,
                "seed": seed,
                "seat_deals": me["games"],
                "win_rate": me["win_rate"],
                "win_ci": me["win_ci"],
                "opponent_win_rate": them["win_rate"],
                "score_diff": h2h["score_diff"] if h2h else None,
                "score_diff_ci": h2h["score_diff_ci"] if h2h else None,
                "seconds": round(run.seconds, 1),
            }
        )
    return out


def eval_scalars(results: Sequence[dict[str, Any]]) -> dict[str, float]:
    """The scalars of one evaluation (``eval/OPPONENT/...``)."""
    out: dict[str, float] = {}
    for r in results:
        base = f"eval/{r['opponent']}"
        out[f"{base}/win_rate"] = float(r["win_rate"])
        out[f"{base}/opponent_win_rate"] = float(r["opponent_win_rate"])
        if r["score_diff"] is not None:
            out[f"{base}/score_diff"] = float(r["score_diff"])
    return out


def eval_text(results: Sequence[dict[str, Any]]) -> str:
    """One line of an evaluation's results."""
    return "; ".join(
        f"vs {r['opponent']}: dmc {r['win_rate']:.1%} [{r['win_ci'][0]:.1%}, "
        f"{r['win_ci'][1]:.1%}] / {r['opponent']} {r['opponent_win_rate']:.1%}"
        + ("" if r["score_diff"] is None else f", score diff {r['score_diff']:+.2f}/deal")
        for r in results
    )
