"""The PettingZoo-style modules of the games: one module per game, named as
PettingZoo names its environment modules (``<game>_v<version>``), holding the
``env`` and ``raw_env`` constructors with the game bound.

PettingZoo keeps no registry: its convention is a module per environment
(``from pettingzoo.classic import chess_v6; chess_v6.env()``). Here
``chupai.env.zoo.<key>_v0`` is that module for every game with an environment
layer (the game keys of :func:`chupai.protocol.all_games`, so a game registered
later is served too), importable either way:

>>> from chupai.env.zoo import doudizhu_v0
>>> e = doudizhu_v0.env(rules="classic")
>>> e.reset(seed=0)
>>> e.unwrapped.metadata["name"]
'chupai_doudizhu_v0'
>>> import chupai.env.zoo.bigtwo_v0 as b2
>>> b2.raw_env().possible_agents
['seat_0', 'seat_1', 'seat_2', 'seat_3']
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import Any, Final

from chupai.protocol import all_games

__all__ = ["VERSION", "module_name", "modules"]

VERSION: Final = 0
"""The version in the module names (``_v0``): that of the environments' metadata
names (``chupai_<game>_v0``)."""


def module_name(key: str) -> str:
    """The PettingZoo-style module name of game ``key`` (``doudizhu_v0``)."""
    return f"{key}_v{VERSION}"


def _module(key: str) -> ModuleType:
    """The module of game ``key``: ``env`` and ``raw_env`` with ``game=key``."""
    name = module_name(key)
    mod = ModuleType(f"{__name__}.{name}", f"The {key} environment, PettingZoo style.")

    def env(rules: Any = None, **kwargs: Any) -> Any:
        """:func:`chupai.env.aec.env` of this game (keywords as there)."""
        from chupai.env import aec

        return aec.env(key, rules, **kwargs)

    def raw_env(rules: Any = None, **kwargs: Any) -> Any:
        """:func:`chupai.env.aec.raw_env` of this game (keywords as there)."""
        from chupai.env import aec

        return aec.raw_env(key, rules, **kwargs)

    for fn in (env, raw_env):
        fn.__module__ = mod.__name__
        fn.__qualname__ = fn.__name__
        setattr(mod, fn.__name__, fn)
    mod.__all__ = ["env", "raw_env"]  # type: ignore[attr-defined]
    return mod


def modules() -> dict[str, ModuleType]:
    """Module name -> module, for every game with an environment layer (games
    registered since the last call are added)."""
    found = globals()
    out = {}
    for spec in all_games():
        if "env" not in spec.layers:
            continue
        name = module_name(spec.key)
        mod = found.get(name)
        if not isinstance(mod, ModuleType):
            mod = found[name] = _module(spec.key)
            sys.modules[mod.__name__] = mod
        out[name] = mod
    return out


def __getattr__(name: str) -> ModuleType:
    mod = modules().get(name)
    if mod is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return mod


modules()
