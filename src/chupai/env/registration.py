"""The registration of the environments with Gymnasium's ``gymnasium.make``.

Each game's environment plugin names its id (``GYM_ID``, e.g.
``"chupai/DouDizhu-v0"``); :func:`register_envs` registers every game that has
one, with :class:`chupai.env.gym.ChupaiGymEnv` as the entry point and the game
key as its ``game`` argument, so that ``gymnasium.make(id, **kwargs)`` builds
``ChupaiGymEnv(game, **kwargs)`` (``rules=``, ``opponents=``, ``seat=``,
``obs_mode=``...). Importing :mod:`chupai.env` calls it when gymnasium is
installed (Gymnasium 1.x reads no entry points: the package that registers
must be imported, or named in the id: ``gymnasium.make("chupai.env:chupai/DouDizhu-v0")``).

>>> import gymnasium
>>> env_ids()["doudizhu"]
'chupai/DouDizhu-v0'
>>> gymnasium.spec("chupai/BigA-v0").kwargs
{'game': 'biga'}
"""

from __future__ import annotations

from typing import Final

from chupai.protocol import all_games

__all__ = ["ENTRY_POINT", "env_ids", "register_envs"]

ENTRY_POINT: Final = "chupai.env.gym:ChupaiGymEnv"
"""What ``gymnasium.make`` calls with ``game=`` and its keyword arguments."""


def env_ids() -> dict[str, str]:
    """Game key -> the Gymnasium id its environment plugin names (``GYM_ID``),
    for every registered game whose plugin has one."""
    out: dict[str, str] = {}
    for spec in all_games():
        plugin = spec.plugin("env")
        env_id = getattr(plugin, "GYM_ID", None)
        if isinstance(env_id, str):
            out[spec.key] = env_id
    return out


def register_envs() -> tuple[str, ...]:
    """Register :func:`env_ids` with Gymnasium (ids already registered are left
    as they are); returns the ids. Needs gymnasium."""
    from gymnasium.envs.registration import register, registry

    ids = env_ids()
    for key, env_id in ids.items():
        if env_id not in registry:
            register(id=env_id, entry_point=ENTRY_POINT, kwargs={"game": key})
    return tuple(ids.values())
