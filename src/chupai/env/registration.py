"""The registration of the environments with Gymnasium's ``gymnasium.make``.

Each game's environment plugin names its id (``GYM_ID``, e.g.
``"chupai/DouDizhu-v0"``); :func:`register_envs` registers every game that has
one, with :class:`chupai.env.gym.ChupaiGymEnv` as the entry point and the game
key as its ``game`` argument, so that ``gymnasium.make(id, **kwargs)`` builds
``ChupaiGymEnv(game, **kwargs)`` (``rules=``, ``opponents=``, ``seat=``,
``obs_mode=``...). Importing :mod:`chupai.env` calls it when gymnasium is
installed (Gymnasium 1.x reads no entry points: the package that registers
must be imported, or named in the id: ``gymnasium.make("chupai.env:chupai/DouDizhu-v0")``).

Each game also gets a **self-play vector** id, its ``GYM_ID`` with ``SelfPlay``
after the name (``"chupai/DouDizhuSelfPlay-v0"``), whose vector entry point is
:class:`chupai.env.vector_env.ChupaiVectorEnv`:
``gymnasium.make_vec("chupai/DouDizhuSelfPlay-v0", num_envs=64, rules=...)`` builds
``ChupaiVectorEnv(game, num_envs=64, rules=...)`` (every seat's decisions in
many deals, stepped by the batch runner). It is a separate id because it is a
different environment: ``gymnasium.make_vec("chupai/DouDizhu-v0", num_envs=8)``
keeps Gymnasium's default, eight learner-against-bots environments in a
``SyncVectorEnv``.

>>> import gymnasium
>>> env_ids()["doudizhu"]
'chupai/DouDizhu-v0'
>>> gymnasium.spec("chupai/BigA-v0").kwargs
{'game': 'biga'}
"""

from __future__ import annotations

from typing import Final

from chupai.protocol import all_games

__all__ = ["ENTRY_POINT", "VECTOR_ENTRY_POINT", "env_ids", "register_envs", "vector_env_ids"]

ENTRY_POINT: Final = "chupai.env.gym:ChupaiGymEnv"
"""What ``gymnasium.make`` calls with ``game=`` and its keyword arguments."""
VECTOR_ENTRY_POINT: Final = "chupai.env.vector_env:ChupaiVectorEnv"
"""What ``gymnasium.make_vec`` calls for a self-play id, with ``num_envs=``,
``game=`` and its keyword arguments."""


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


def vector_env_ids() -> dict[str, str]:
    """Game key -> its self-play vector id: the :func:`env_ids` id with
    ``SelfPlay`` after the name (``chupai/DouDizhu-v0`` ->
    ``chupai/DouDizhuSelfPlay-v0``). Needs gymnasium."""
    from gymnasium.envs.registration import get_env_id, parse_env_id

    out: dict[str, str] = {}
    for key, env_id in env_ids().items():
        namespace, name, version = parse_env_id(env_id)
        out[key] = get_env_id(namespace, f"{name}SelfPlay", version)
    return out


def register_envs() -> tuple[str, ...]:
    """Register :func:`env_ids` and :func:`vector_env_ids` with Gymnasium (ids
    already registered are left as they are); returns the ids. Needs gymnasium."""
    from gymnasium.envs.registration import register, registry

    ids = env_ids()
    for key, env_id in ids.items():
        if env_id not in registry:
            register(id=env_id, entry_point=ENTRY_POINT, kwargs={"game": key})
    vector_ids = vector_env_ids()
    for key, env_id in vector_ids.items():
        if env_id not in registry:
            register(id=env_id, vector_entry_point=VECTOR_ENTRY_POINT, kwargs={"game": key})
    return (*ids.values(), *vector_ids.values())
