"""Analysing a whole record: every decision of the chosen seats, with the played
action's value, the best action's and a label (:func:`analyse_record`).

The result is the JSON-ready ``chupai-analysis`` object that ``chupai analyze
--json``, the browser and the server's store share (``docs/analysis.md``). A
deal record (``chupai-record``) is one deal; a match record (``chupai-match``)
is analysed deal by deal, its values in match points (the points each deal adds
to the match's running totals: a match adds up its deals' scores, which is
checked on the replayed match).

Budgets are rollouts per decision: a name of :data:`BUDGETS` (a game's bots
plugin may set its own numbers in its ``ANALYSIS`` mapping) or a number.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final

from chupai.analysis.evaluator import Evaluation, Evaluator
from chupai.analysis.labels import THRESHOLDS
from chupai.errors import ChupaiError, RecordError
from chupai.protocol import GameSpec, get_game

__all__ = ["BUDGETS", "FORMAT", "VERSION", "ALTERNATIVES", "analyse_record", "budget_rollouts"]

FORMAT: Final = "chupai-analysis"
VERSION: Final = 1
BUDGETS: Final[Mapping[str, int]] = MappingProxyType({"quick": 60, "default": 240, "deep": 1200})
"""Rollouts per decision of each named budget, for a game whose bots plugin sets
none (its ``ANALYSIS`` mapping)."""
ALTERNATIVES: Final = 12
"""The most evaluated actions listed per decision."""

Progress = Callable[[int, int], None]


def budget_rollouts(spec: GameSpec, budget: str | int) -> int:
    """The rollouts per decision of ``budget`` for ``spec``'s game: a named budget
    (the game's ``ANALYSIS`` numbers over :data:`BUDGETS`) or a positive number.
    Raises :class:`ChupaiError` naming a bad one."""
    if isinstance(budget, bool):
        raise ChupaiError(f"bad budget {budget!r}: quick, default, deep or a number of rollouts")
    if isinstance(budget, int):
        if budget < 1:
            raise ChupaiError(f"the budget must be at least 1 rollout, not {budget}")
        return budget
    plugin = spec.plugin("bots")
    own = getattr(plugin, "ANALYSIS", None) if plugin is not None else None
    named = {**BUDGETS, **(dict(own) if isinstance(own, Mapping) else {})}
    text = str(budget).strip().lower()
    if text in named:
        return int(named[text])
    if text.isdigit():
        return budget_rollouts(spec, int(text))
    raise ChupaiError(
        f"unknown budget {budget!r}: {', '.join(BUDGETS)} or a number of rollouts per decision"
    )


def _budget_name(budget: str | int) -> str:
    """The budget's name in the output: a named budget's, else ``custom``."""
    text = str(budget).strip().lower()
    return "custom" if isinstance(budget, int) or text.isdigit() else text


def _deal_records(spec: GameSpec, record: Mapping[str, Any]) -> tuple[list[Any], str]:
    """The deal records of ``record`` (checked by a replay) and the units of their
    scores."""
    if record.get("format") != "chupai-match":
        spec.replay(record)
        return [record], "deal points"
    match = spec.replay_match(record)
    deals = record["deals"]
    totals = [0] * match.players
    for d in match.deals:
        if d.outcome is not None:
            totals = [t + s for t, s in zip(totals, spec.result(d).scores, strict=True)]
    if list(match.totals) != totals:  # pragma: no cover - every built-in match adds them up
        raise ChupaiError(f"{spec.key}'s match points are not its deal scores: not analysed")
    return list(deals), "match points"


def _players(spec: GameSpec, record: Mapping[str, Any]) -> int:
    start = spec.replay({**record, "actions": [], "result": None})
    return int(spec.facts(start.observe(0)).players)


def _steps(spec: GameSpec, record: Mapping[str, Any]) -> Iterator[tuple[int, Any, Any, str]]:
    """(step, the deal before it, the parsed action, its recorded text) of each
    action of deal ``record``; the deal is applied the action after the caller has
    looked at it."""
    deal = spec.replay({**record, "actions": [], "result": None})
    for step, item in enumerate(record.get("actions") or ()):
        text = item["action"]
        action = deal.parse_action(text)
        legal = deal.legal_actions()
        if action in legal:
            action = legal[legal.index(action)]
        yield step, deal, action, text
        deal.apply_action(action)


def _decision(step: int, deal: Any, spec: GameSpec, text: str, ev: Evaluation) -> dict[str, Any]:
    obs = deal.observe(ev.seat)
    none = ev.played is None
    return {
        "step": step,
        "seat": ev.seat,
        "phase": spec.facts(obs).phase,
        "choices": ev.choices,
        "played": text,
        "best": text if none else ev.best.text,
        "played_value": None if none else ev.played.to_dict(),  # type: ignore[union-attr]
        "best_value": None if none else ev.best.to_dict(),
        "loss": round(ev.loss, 4),
        "label": ev.label,
        "sampling": ev.source,
        "alternatives": [a.to_dict(True) for a in ev.actions[:ALTERNATIVES]],
    }


def _check_seats(seats: Sequence[int] | None, players: int) -> list[int]:
    if seats is None:
        return list(range(players))
    out = []
    for s in seats:
        if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < players:
            raise ChupaiError(
                f"seat {s!r} is not a seat of this {players}-player game (0-{players - 1})"
            )
        if s not in out:
            out.append(s)
    return sorted(out)


def analyse_record(
    record: Mapping[str, Any],
    *,
    seats: Sequence[int] | None = None,
    budget: str | int = "default",
    seed: int = 0,
    progress: Progress | None = None,
    open_hand: bool = False,
) -> dict[str, Any]:
    """The analysis of every decision of ``seats`` (None: every seat) in ``record``
    (a deal or a match record of any game), at ``budget`` (a named budget or
    rollouts per decision), seeded by ``seed``; ``progress(done, total)`` is
    called after each decision. ``open_hand`` evaluates on the real deals
    (perfect information). Raises :class:`ChupaiError` (a :class:`RecordError`
    for a bad record) naming the problem."""
    if not isinstance(record, Mapping):
        raise RecordError("a record must be a JSON object")
    if record.get("format") not in ("chupai-record", "chupai-match"):
        raise RecordError(f"not a chupai deal or match record (format {record.get('format')!r})")
    game = record.get("game")
    if not isinstance(game, str):
        raise RecordError(f"record field 'game' is missing or not a string: {game!r}")
    spec = get_game(game)
    rollouts = budget_rollouts(spec, budget)
    deals, units = _deal_records(spec, record)
    sizes = [_players(spec, d) for d in deals]
    chosen = _check_seats(seats, max(sizes, default=0))
    evaluator = Evaluator(spec.key, rollouts=rollouts, seed=seed, open_hand=open_hand)
    total = sum(1 for d in deals for item in d.get("actions") or () if item.get("seat") in chosen)
    done = 0
    out_deals = []
    for index, drec in enumerate(deals):
        decisions = []
        for step, deal, action, text in _steps(spec, drec):
            if deal.current_player not in chosen:
                continue
            ev = evaluator.evaluate(deal.clone(), played=action, key=f"{index}:{step}")
            decisions.append(_decision(step, deal, spec, text, ev))
            done += 1
            if progress is not None:
                progress(done, total)
        out_deals.append({"index": index, "players": sizes[index], "decisions": decisions})
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": spec.key,
        "budget": _budget_name(budget),
        "rollouts": rollouts,
        "seed": seed,
        "seats": chosen,
        "thresholds": dict(THRESHOLDS),
        "units": units,
        "open_hand": bool(open_hand),
        "deals": out_deals,
    }
