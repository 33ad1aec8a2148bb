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
import random
from collections.abc import Set
from typing import Any, Final

import numpy as np

from chupai.env.common import KeptRewards
from chupai.errors import ChupaiError, RecordError
from chupai.protocol import get_game
from chupai.records import pack_state, unpack_state

__all__ = [
    "ENV_PREFIX",
    "copy_env",
    "copy_generator",
    "copy_vector",
    "env_state",
    "read_env_state",
    "restore_env",
    "restore_vector",
    "vector_state",
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

_BOOKS: Final = (
    "rewards",
    "_cumulative_rewards",
    "terminations",
    "truncations",
    "infos",
    "final_rewards",
)
"""PettingZoo's per-agent dictionaries and the final rewards kept past the
episode, carried by a state string."""


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
    final = env.final_rewards
    env.rewards = KeptRewards(env.rewards, final)
    env._cumulative_rewards = KeptRewards(env._cumulative_rewards, final)


# ----- the vector runner -----------------------------------------------------------

_VECTOR_DERIVED: Final = frozenset({"_runner", "_live", "_id_of"})
"""What a pickle of a :class:`~chupai.env.vector.VectorGames` leaves out: the
compiled runner and the id table (rebuilt). (It holds no views of its buffers: the
Python path writes mask rows through fresh views.)"""
_VECTOR_SHARED: Final = frozenset(
    {"rules", "space", "encoder", "_game", "_new_deal", "_show_masks", "_id_of", "_rows"}
)
"""What a deep copy of a :class:`~chupai.env.vector.VectorGames` shares."""
_VECTOR_ROWS: Final = frozenset({"_legal", "_ids", "_raw"})
"""Per-game lists of a :class:`~chupai.env.vector.VectorGames` whose items (legal
actions, their ids, observations) are replaced at each step, never changed."""
_MAX_DRAWS: Final = 1 << 24
"""The most deal seeds a game's generator is searched through (see
:func:`_python_games`)."""


def _python_games(venv: Any) -> dict[str, Any]:
    """The games of ``venv``'s compiled runner as the Python path holds them: each
    game's live deal (replayed from its seed and actions), its generator (the
    Python generator seeded at the last seeded reset, which the runner leaves
    alone, advanced past the live deal's seed: the runner's generator is the same
    generator, drawing the same seeds), its episode's step count and the
    statistics."""
    runner = venv._runner
    venv.stats()  # copies the runner's statistics into venv's own arrays
    deals = [runner.replay(i) for i in range(venv.num_games)]
    rngs = []
    for i, deal in enumerate(deals):
        rng = random.Random(0)
        rng.setstate(venv._rngs[i].getstate())
        for _ in range(_MAX_DRAWS):
            if rng.getrandbits(63) == deal.seed:
                break
        else:  # pragma: no cover - a runner out of step with its generators
            raise ChupaiError(f"game {i}: the live deal's seed is not among the generator's")
        rngs.append(rng)
    steps = [runner.episode_steps(i) for i in range(venv.num_games)]
    return {
        "_deals": deals,
        "_rngs": rngs,
        "_steps": np.array(steps, np.int64),
        "_legal": [[] for _ in deals],
        "_ids": [[] for _ in deals],
        "_raw": [None] * len(deals),
        "_episodes": venv._episodes.copy(),
        "_length_sum": venv._length_sum.copy(),
    }


def vector_state(venv: Any) -> dict[str, Any]:
    """The pickled state of a :class:`~chupai.env.vector.VectorGames`: its
    attributes but views and tables rebuilt on unpickling; with the compiled Dou
    Dizhu runner under way, its games as Python deals (:func:`_python_games`):
    the copy steps them on the Python path, with the same batches."""
    state = {k: v for k, v in venv.__dict__.items() if k not in _VECTOR_DERIVED}
    if venv._runner is not None and venv._ready:
        state.update(_python_games(venv), _from_runner=True)
    return state


def restore_vector(venv: Any, state: dict[str, Any]) -> None:
    """Unpickle a :class:`~chupai.env.vector.VectorGames` (:func:`vector_state`)."""
    from_runner = state.pop("_from_runner", False)
    venv.__dict__.update(state)
    venv._live = {}
    if "_id_of" not in state:
        concrete = venv._show_masks is not None
        venv._id_of = {a: k for k, a in enumerate(venv.space.actions)} if concrete else {}
    venv._runner = None if venv._ready else venv._compiled_runner()
    if from_runner:
        venv._show()


def copy_vector(venv: Any, memo: dict[int, Any]) -> Any:
    """A deep copy of a :class:`~chupai.env.vector.VectorGames`: the buffers, deals
    and generators copied, the tables shared (a copy of a compiled runner's games
    runs on the Python path, as a pickle does)."""
    cls: Any = type(venv)
    twin = cls.__new__(cls)
    memo[id(venv)] = twin
    state = vector_state(venv)
    if "_id_of" in venv.__dict__:
        state["_id_of"] = venv._id_of
    copied = {}
    for k, v in state.items():
        if k in _VECTOR_SHARED or type(v) in _ATOMIC:
            copied[k] = v
        elif k == "_rngs":
            copied[k] = [_copy_random(r) for r in v]
        elif k in _VECTOR_ROWS:
            copied[k] = list(v)  # per game, values replaced, never changed in place
        else:
            copied[k] = copy.deepcopy(v, memo)
    restore_vector(twin, copied)
    return twin


def _copy_random(rng: random.Random) -> random.Random:
    twin = random.Random(0)
    twin.setstate(rng.getstate())
    return twin
