"""What the environments share: reading the rules argument, dealing (the deal that
follows a redeal included), and the rewards (used by :mod:`chupai.env.aec` and
:mod:`chupai.env.vector`; no optional dependency). Everything goes through the
game's spec (:mod:`chupai.protocol`) and its environment plugin."""

from __future__ import annotations

import re
from collections.abc import Callable
from types import ModuleType
from typing import Any

from chupai.errors import RulesError
from chupai.protocol import GameSpec, Result, get_game

__all__ = ["EnvGame", "KeptRewards", "default_win_rewards", "resolve_env_rules"]


_SPEC = re.compile(r"^\s*([^()]+?)\s*\((.*)\)\s*$", re.DOTALL)


def _parse(rules: str, key: str) -> tuple[str | None, dict[str, str]]:
    """``(preset, overrides)`` of a rules spec string of game ``key``."""
    text = rules.strip()
    m = _SPEC.match(text)
    if m is not None:
        named = get_game(m.group(1)).key
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
    return preset, overrides


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
    spec = get_game(game)
    if rules is None:
        return spec.key, spec.resolve()
    if not isinstance(rules, str):
        return spec.key, rules
    preset, overrides = _parse(rules, spec.key)
    return spec.key, spec.resolve(preset, overrides)


def default_win_rewards(result: Result, players: int) -> list[float]:
    """``reward="win"`` of a game whose plugin does not define it: +1 to each
    winner, -1 to every other seat (zeros when nobody won)."""
    if not result.winners:
        return [0.0] * players
    return [1.0 if s in result.winners else -1.0 for s in range(players)]


class EnvGame:
    """One game as the environments use it: dealing, redeals and rewards through
    its spec (and its plugin's ``win_rewards``)."""

    __slots__ = ("_win", "plugin", "spec")

    spec: GameSpec
    plugin: ModuleType | None
    """The game's environment plugin (None: the generic path)."""

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        self.plugin = spec.plugin("env")
        win: Callable[[Result, int], list[float]] = getattr(
            self.plugin, "win_rewards", default_win_rewards
        )
        self._win = win

    def __reduce__(self) -> tuple[type[EnvGame], tuple[GameSpec]]:
        return EnvGame, (self.spec,)  # the spec pickles as its key

    def __copy__(self) -> EnvGame:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> EnvGame:
        """Immutable: a copy (of an environment) shares it."""
        return self

    def new_deal(self, rules: Any, seed: int, prev: Any = None) -> Any:
        """The first deal of an episode (``prev`` None) or the deal after the
        redeal ``prev`` (dealt as the spec's ``after_redeal`` says)."""
        if prev is None:
            return self.spec.new_deal(rules, seed)
        return self.spec.new_deal(rules, seed, **self.redeal_kwargs(prev))

    def redeal_kwargs(self, prev: Any) -> dict[str, Any]:
        """The keyword arguments of :meth:`GameSpec.new_deal` for the deal after
        the redeal ``prev``."""
        nxt = self.spec.after_redeal(prev)
        return {"dealer": nxt.dealer, **nxt.extra}

    def result(self, deal: Any) -> Result:
        """The result of the finished ``deal``."""
        return self.spec.result(deal)

    def rewards(self, result: Result, mode: str, players: int) -> list[float]:
        """The final rewards of ``result`` under reward ``mode`` (``score``: the
        deal scores; ``win``: see the plugin's ``win_rewards``)."""
        if mode == "score":
            return [float(x) for x in result.scores]
        return self._win(result, players)


class KeptRewards(dict[str, float]):
    """PettingZoo's ``rewards`` (or ``_cumulative_rewards``) dictionary whose keys
    are the live agents, as PettingZoo requires, but which still answers an agent
    that left with its final reward (from ``final``, the environment's
    :attr:`ChupaiAECEnv.final_rewards`)."""

    final: dict[str, float]

    def __init__(self, agents: list[str], final: dict[str, float]) -> None:
        super().__init__(dict.fromkeys(agents, 0.0))
        self.final = final

    def __missing__(self, agent: str) -> float:
        try:
            return self.final[agent]
        except KeyError:
            raise KeyError(agent) from None

    def get(self, agent: str, default: Any = None) -> Any:
        if agent in self:
            return dict.__getitem__(self, agent)
        return self.final.get(agent, default)
