"""What the environments share: reading the rules argument, the deal that follows
a redeal, and the ``reward="win"`` definitions (used by :mod:`chupai.env.aec` and
:mod:`chupai.env.vector`; no optional dependency)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from chupai.errors import RulesError
from chupai.games import find_game, resolve_rules

__all__ = ["redeal_kwargs", "resolve_env_rules", "win_rewards"]


_SPEC = re.compile(r"^\s*([^()]+?)\s*\((.*)\)\s*$", re.S)


def resolve_env_rules(game: str, rules: Any = None) -> tuple[str, Any]:
    """``(game key, rules object)`` of ``game`` (a key or alias) and ``rules``:
    None (the game's default preset), a rules object (returned as is), a preset
    name (``"classic"``), or a spec string: ``"classic,bidding=until_all_pass"``,
    ``"preset=classic,rob_multipliers=2,4,8"`` or the form ``rules.spec()``
    prints, ``"doudizhu(preset=classic,all_pass=redeal_doubled_once)"``. Raises
    :class:`~chupai.errors.RulesError` for an unknown game, preset or option.

    >>> resolve_env_rules("ddz", "classic,bidding=until_all_pass")[1].spec()
    'doudizhu(preset=classic,bidding=until_all_pass)'
    """
    key = find_game(game).key
    if rules is None:
        return key, resolve_rules(key)
    if not isinstance(rules, str):
        return key, rules
    text = rules.strip()
    m = _SPEC.match(text)
    if m is not None:
        named = find_game(m.group(1)).key
        if named != key:
            raise RulesError(f"rules {rules!r} are for {named}, not {key}", "game")
        text = m.group(2)
    preset: str | None = None
    items: list[list[str]] = []
    for token in text.split(","):
        token = token.strip()
        if not token:
            continue
        name, eq, value = token.partition("=")
        if eq:
            items.append([name.strip().lower(), value.strip()])
        elif items:  # a list value: "rob_multipliers=2,4,8"
            items[-1][1] += "," + token
        elif preset is None:
            preset = token
        else:
            raise RulesError(f"bad rules {rules!r}: expected PRESET[,KEY=VALUE...]", None)
    overrides = {k: v for k, v in items if k != "preset"}
    for k, v in items:
        if k == "preset":
            preset = v
    return key, resolve_rules(key, preset, overrides)


def redeal_kwargs(game: str) -> Callable[[Any], dict[str, Any]]:
    """The ``new_deal`` arguments of the deal that follows a redeal of ``game``."""
    if game == "doudizhu":
        return lambda d: {"dealer": (d.dealer + 1) % d.players,
                          "doubled": d.outcome.next_doubled}
    if game == "biga":
        return lambda d: {"first_drawer": d.outcome.next_first_drawer}
    return lambda d: {"dealer": d.dealer}


def win_rewards(game: str) -> Callable[[Any, int], list[float]]:
    """``(outcome, players) -> rewards`` of ``reward="win"`` for ``game``."""
    if game == "doudizhu":
        return lambda o, n: [1.0 if (s == o.landlord) == o.landlord_won else -1.0
                             for s in range(n)]
    if game == "bigtwo":
        return lambda o, n: [1.0 if s == o.winner else -1.0 / (n - 1) for s in range(n)]
    return lambda o, n: [float((x > 0) - (x < 0)) for x in o.scores]
