"""The reinforcement-learning layer: fixed action spaces, observation encodings,
PettingZoo and Gymnasium environments and a batch runner over the deal engines.

It imports the core and is never imported by it. It needs numpy (install the
``env`` extra: ``pip install 'chupai[env]'``, which also brings gymnasium and
pettingzoo). The names below are loaded on first use, and
importing ``chupai.env`` works without gymnasium or pettingzoo; only the
environment classes need them.

- :class:`~chupai.env.spaces.ActionSpace` (``chupai.env.spaces``): action ids and
  legality masks.
- :class:`~chupai.env.encode.Encoder` (``chupai.env.encode``): observation arrays.
- :class:`~chupai.env.aec.ChupaiAECEnv`, :func:`~chupai.env.aec.env`,
  :func:`~chupai.env.aec.raw_env`, :class:`~chupai.env.aec.ChupaiGymEnv`
  (``chupai.env.aec``): the PettingZoo and Gymnasium environments.
- :class:`~chupai.env.vector.VectorGames` (``chupai.env.vector``): many games
  stepped together.
- ``chupai.env.zoo``: PettingZoo-style modules, one per game
  (``from chupai.env.zoo import doudizhu_v0; doudizhu_v0.env()``).
- :func:`~chupai.env.registration.register_envs` (``chupai.env.registration``):
  the ids of ``gymnasium.make`` (``chupai/DouDizhu-v0``, ``chupai/BigTwo-v0``,
  ``chupai/BigA-v0``, ``chupai/DaGuaiLuZi-v0``).

When gymnasium is installed, importing ``chupai.env`` registers those ids (it
then imports gymnasium and the games' environment plugins, a few tenths of a
second), so ``import chupai.env`` before ``gymnasium.make("chupai/DouDizhu-v0")``
is enough, in either import order; ``gymnasium.make("chupai.env:chupai/DouDizhu-v0")``
imports it itself.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from chupai.env.spaces import ActionSpace

__all__ = [
    "ActionSpace",
    "ChupaiAECEnv",
    "ChupaiGymEnv",
    "Encoder",
    "VectorGames",
    "env",
    "raw_env",
    "register_envs",
]

_LAZY: dict[str, str] = {
    "ActionSpace": "spaces",
    "Encoder": "encode",
    "ChupaiAECEnv": "aec",
    "ChupaiGymEnv": "gym",
    "env": "aec",
    "raw_env": "aec",
    "VectorGames": "vector",
    "register_envs": "registration",
}
"""Exported name -> the submodule that defines it."""

_EXTRAS = ("numpy", "gymnasium", "pettingzoo")


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'chupai.env' has no attribute {name!r}")
    try:
        mod = import_module(f"chupai.env.{module}")
    except ModuleNotFoundError as exc:
        if exc.name in _EXTRAS:
            raise ImportError(
                f"chupai.env.{name} needs {exc.name}: pip install 'chupai[env]'"
            ) from exc
        raise
    value = getattr(mod, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


def _register() -> None:
    """Register the Gymnasium ids when gymnasium can be imported."""
    try:
        import gymnasium  # noqa: F401
    except ImportError:
        return
    from chupai.env.registration import register_envs

    register_envs()


_register()
