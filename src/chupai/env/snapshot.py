"""Copies and snapshots of the environments: the cheap deep copy of
:class:`~chupai.env.aec.ChupaiAECEnv` (and of anything built like it) and the
state string of an environment's position.

A deep copy (:func:`copy_env`) costs about a deal's ``clone()``: the deal is
cloned, the generator's state copied, the episode's small dictionaries and lists
copied, and the immutable parts named by the class (rules, action space,
encoder, spaces) shared by reference. An attribute it does not know is deep
copied, so a new attribute is never shared by mistake.

An environment's state string (:func:`env_state`, read by :func:`restore_env`)
is one printable line ``chupai-env/1:<base64>`` (:func:`chupai.records.pack_state`)
holding the game, the rules, the reward mode, the generator's state, the redeal
count, the current deal's record and PettingZoo's bookkeeping: everything the
environment needs to go on exactly as the original would.
"""

from __future__ import annotations

import copy
from collections.abc import Set
from typing import Any, Final

import numpy as np

from chupai.errors import RecordError
from chupai.protocol import get_game
from chupai.records import pack_state, unpack_state

__all__ = [
    "ENV_PREFIX",
    "copy_env",
    "copy_generator",
    "env_state",
    "read_env_state",
    "restore_env",
]

ENV_PREFIX: Final = "chupai-env/1:"
"""The start of an environment's state string."""

_ATOMIC: Final = frozenset({int, float, bool, str, bytes, type(None)})
_SEED: Final = np.random.SeedSequence(0)
"""Seeds the bit generator of a copied generator before its state is set (any
seed will do; a fixed one skips the operating system's entropy)."""


def copy_generator(rng: Any) -> Any:
    """An independent copy of a ``numpy.random.Generator`` (its bit generator's
    state copied; about 10 µs, a tenth of ``copy.deepcopy``); anything else is
    deep copied."""
    if type(rng) is not np.random.Generator:
        return copy.deepcopy(rng)
    bits = rng.bit_generator
    twin = type(bits)(_SEED)
    twin.state = bits.state
    return np.random.Generator(twin)


def _copy_value(value: Any, memo: dict[int, Any]) -> Any:
    kind = type(value)
    if kind is dict:
        return {k: v if type(v) in _ATOMIC else _copy_value(v, memo) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _ATOMIC else _copy_value(v, memo) for v in value]
    if kind is np.random.Generator:
        return copy_generator(value)
    return copy.deepcopy(value, memo)


def copy_env(env: Any, memo: dict[int, Any], shared: Set[str]) -> Any:
    """A deep copy of ``env`` (an object with a ``__dict__``) that shares the
    attributes named in ``shared`` (immutable, or never changed in place) and
    copies the others: the deal by its ``clone()`` (a deal's ``__deepcopy__``),
    plain dictionaries and lists of plain values by ``copy()``, a generator by
    :func:`copy_generator`, anything else by ``copy.deepcopy``."""
    cls: Any = type(env)
    twin = cls.__new__(cls)
    memo[id(env)] = twin
    d = twin.__dict__
    d.update(env.__dict__)
    for k, v in d.items():
        if type(v) not in _ATOMIC and k not in shared:
            d[k] = _copy_value(v, memo)
    return twin


# ----- state strings ---------------------------------------------------------------

_BOOKS: Final = ("rewards", "_cumulative_rewards", "terminations", "truncations", "infos")
"""PettingZoo's per-agent dictionaries, carried by a state string."""


def env_state(env: Any) -> str:
    """The state string of a :class:`~chupai.env.aec.ChupaiAECEnv`."""
    spec = get_game(env.game)
    rng = env.np_random
    state: dict[str, Any] = {
        "game": env.game,
        "rules": env.rules.to_dict(),
        "reward": env.reward_mode,
        "max_redeals": env.max_redeals,
        "rng": None if rng is None else rng.bit_generator.state,
        "redeals": env.redeals,
        "over": env._over,
        "deal": None if env.deal is None else spec.to_record(env.deal),
        "agents": list(env.agents),
        "agent_selection": env.agent_selection,
        "skip": getattr(env, "_skip_agent_selection", None),
        **{k: getattr(env, k) for k in _BOOKS},
    }
    return pack_state(state, ENV_PREFIX)


def _field(state: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in state:
        raise RecordError(f"bad environment state: no {key!r}")
    value = state[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"bad environment state: {key!r} is {value!r}")
    return value


def read_env_state(text: Any) -> dict[str, Any]:
    """The checked JSON object of an environment's state string (raises
    :class:`RecordError` naming what is wrong)."""
    state = unpack_state(text, ENV_PREFIX)
    _field(state, "game", str)
    _field(state, "rules", dict)
    _field(state, "reward", str)
    _field(state, "max_redeals", int)
    _field(state, "rng", (dict, type(None)))
    _field(state, "redeals", int)
    _field(state, "over", bool)
    _field(state, "deal", (dict, type(None)))
    _field(state, "agents", list)
    _field(state, "agent_selection", str)
    _field(state, "skip", (str, type(None)))
    for key in _BOOKS:
        _field(state, key, dict)
    return state


def restore_env(env: Any, state: dict[str, Any]) -> None:
    """Put ``env`` (a :class:`~chupai.env.aec.ChupaiAECEnv` of the state's game and
    rules) in the position of ``state`` (:func:`read_env_state`)."""
    spec = get_game(state["game"])
    if spec.key != env.game:
        raise RecordError(f"the state is of {spec.key}, the environment of {env.game}")
    try:
        rules = spec.rules_from_dict(state["rules"])
    except Exception as exc:  # each game raises its own error for bad options
        raise RecordError(f"bad environment state: rules: {exc}") from None
    if rules != env.rules:
        raise RecordError(
            f"the state's rules {rules.spec()} are not the environment's {env.rules.spec()}"
        )
    names = set(env.possible_agents)
    agents = state["agents"]
    known = [*agents, state["agent_selection"], *(k for b in _BOOKS for k in state[b])]
    if state["skip"] is not None:
        known.append(state["skip"])
    if not set(known) <= names:
        raise RecordError(f"bad environment state: agents {known!r} are not {sorted(names)}")
    rng = None
    if state["rng"] is not None:
        try:
            rng = np.random.Generator(getattr(np.random, state["rng"]["bit_generator"])(_SEED))
            rng.bit_generator.state = state["rng"]
        except (AttributeError, KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"bad environment state: rng: {exc!r}") from None
    env.deal = None if state["deal"] is None else spec.replay(state["deal"])
    env.np_random = rng
    env.redeals = state["redeals"]
    env._over = state["over"] or env.deal is None
    env._legal = env._mask = None
    env.agents = list(agents)
    env.agent_selection = state["agent_selection"]
    env._skip_agent_selection = state["skip"]
    for key in _BOOKS:
        setattr(env, key, dict(state[key]))
