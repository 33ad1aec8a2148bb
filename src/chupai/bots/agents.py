"""Own agents in every tool: what may play a seat, by name, by reference or as an
object.

An **agent** is any of

- an object with ``act(observation, legal) -> action`` (the :class:`~chupai.bots.Bot`
  interface: ``legal`` is the list of the seat's legal engine actions, and the
  answer is one of them);
- a plain function ``policy(observation, legal) -> action`` (it is wrapped in a
  :class:`PolicyBot`);
- a class or factory of either, called with the seat's seed (``factory(seed)``;
  ``factory(seed, game=KEY)`` when it has a ``game`` parameter, plus the keyword
  parameters given after the name), so that every seat of a tournament gets its
  own, reproducibly seeded agent;
- a torch module, through the adapter :class:`chupai.bots.torch_policy.TorchPolicy`
  (scores over the environment's action ids from its observation encoding).

A function is told from a factory by its signature: one with exactly two required
positional parameters and none called ``seed`` is a policy, any other a factory.

Agents reach the tools three ways:

- **registered by name** with :func:`register_bot` (for one game or for all), then
  accepted wherever a bot name is (:func:`chupai.bots.make_bot`, ``chupai simulate
  --bots``, ``chupai play --bots``, :class:`~chupai.tournament.Tournament`, the
  environment's opponents);
- **named as** ``module:attribute`` (``mypkg.agents:Agent``; parameters after a
  second colon, ``mypkg.agents:Agent:path=model.pt``): the module is imported
  and the attribute (a class, a factory or an agent) used as above;
- **passed as objects** to :class:`~chupai.tournament.Tournament` and to
  :class:`~chupai.env.gym.ChupaiGymEnv` (``opponents=[agent, ...]``).

A web table never loads a module named in a request: ``chupai serve --bot
NAME=module:attribute`` registers an own agent for the server's operator.

>>> def first(observation, legal):
...     return legal[0]
>>> bot = build_agent(first, seed=1, game="bigtwo")
>>> bot.name, bot.act(None, ["a", "b"])
('first', 'a')
>>> is_module_ref("mypkg.agents:Agent"), is_module_ref("search:ms=200")
(True, False)
"""

from __future__ import annotations

import functools
import importlib
import inspect
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final

from chupai.errors import ChupaiError

__all__ = [
    "PolicyBot",
    "agent_kind",
    "agent_label",
    "build_agent",
    "check_agent",
    "check_params",
    "is_module_ref",
    "iter_registered",
    "load_agent",
    "register_bot",
    "registered",
    "registered_bots",
    "registry_items",
    "restore_registry",
    "split_module_ref",
    "unregister_bot",
]

NAME_PATTERN: Final = re.compile(r"[a-z][a-z0-9_-]*\Z")
"""What a registered bot's name looks like (lower case; it is matched after
lowering, as every bot name is)."""

_DOTTED: Final = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*\Z")

_REGISTERED: dict[tuple[str | None, str], Any] = {}
"""``(game key or None for every game, name)`` → the agent or factory (or its
``module:attribute`` text), in registration order."""


class PolicyBot:
    """A plain function ``policy(observation, legal) -> action`` as a bot.

    >>> PolicyBot(lambda obs, legal: legal[-1], name="last").act(None, [1, 2])
    2
    """

    def __init__(self, policy: Callable[[Any, Sequence[Any]], Any], name: str | None = None):
        self.policy = policy
        self.name = name or getattr(policy, "__name__", "policy")

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        """The policy's choice among ``legal``."""
        return self.policy(observation, legal)

    def __repr__(self) -> str:
        return f"PolicyBot({self.name!r})"


# ----- module:attribute -------------------------------------------------------------------


def split_module_ref(spec: str) -> tuple[str, str, str] | None:
    """``(module, attribute, parameters)`` of a bot spec that names an object by
    ``module:attribute[:KEY=VALUE,...]``, or None for a bot name
    (``NAME[:KEY=VALUE,...]``).

    A spec is a reference when the part before the first colon holds a dot, or
    when the part after it begins with a word that is no ``KEY=VALUE`` pair.

    >>> split_module_ref("mypkg.agents:Agent:path=m.pt")
    ('mypkg.agents', 'Agent', 'path=m.pt')
    >>> split_module_ref("agents:make")
    ('agents', 'make', '')
    >>> split_module_ref("search:ms=200") is None, split_module_ref("heuristic") is None
    (True, True)
    """
    head, sep, rest = spec.partition(":")
    head = head.strip()
    if not sep:
        return None
    first = re.split(r"[,;:]", rest, maxsplit=1)[0].strip()
    if "." not in head and (not first or "=" in first):
        return None
    attr, _, params = rest.partition(":")
    return head, attr.strip(), params


def is_module_ref(spec: str) -> bool:
    """Whether the bot spec ``spec`` names an object as ``module:attribute``."""
    return split_module_ref(spec) is not None


def load_agent(ref: str) -> Any:
    """The object that ``module:attribute`` names (the attribute may be dotted:
    ``mypkg.agents:Agents.strong``), importing the module; raises
    :class:`ChupaiError` naming what is missing.

    >>> load_agent("chupai.bots:RandomBot").__name__
    'RandomBot'
    """
    module_name, sep, attr = ref.partition(":")
    module_name, attr = module_name.strip(), attr.strip()
    if not sep or not _DOTTED.match(module_name) or not _DOTTED.match(attr):
        raise ChupaiError(f"bad agent reference {ref!r}: expected module:attribute")
    try:
        found: Any = importlib.import_module(module_name)
    except ImportError as exc:
        raise ChupaiError(f"cannot load bot {ref!r}: {exc}") from exc
    for part in attr.split("."):
        try:
            found = getattr(found, part)
        except AttributeError:
            raise ChupaiError(f"cannot load bot {ref!r}: {module_name} has no {attr}") from None
    return found


# ----- agents -----------------------------------------------------------------------------


def _signature(obj: Any) -> inspect.Signature | None:
    try:
        return inspect.signature(obj)
    except (TypeError, ValueError):
        return None


def _is_policy(fn: Any) -> bool:
    """Whether the callable ``fn`` is a policy ``f(observation, legal)`` (exactly two
    required positional parameters, none called ``seed``) rather than a factory."""
    sig = _signature(fn)
    if sig is None:
        return False
    params = sig.parameters
    if "seed" in params:
        return False
    positional = [
        p
        for p in params.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty
    ]
    return len(positional) == 2


def _is_torch_module(obj: Any) -> bool:
    return any(
        c.__module__.startswith("torch.nn") and c.__name__ == "Module" for c in type(obj).__mro__
    )


def agent_kind(agent: Any) -> str:
    """``"class"``, ``"instance"``, ``"policy"`` or ``"factory"``; raises
    :class:`ChupaiError` for anything else."""
    if isinstance(agent, type):
        return "class"
    if callable(getattr(agent, "act", None)):
        return "instance"
    if _is_torch_module(agent):
        raise ChupaiError(
            f"{type(agent).__name__} is a torch module, not an agent: wrap it in "
            "chupai.bots.torch_policy.TorchPolicy(module, game=..., rules=...)"
        )
    if callable(agent):
        return "policy" if _is_policy(agent) else "factory"
    raise ChupaiError(
        f"{agent!r} is not an agent: expected an object with act(observation, legal), "
        "a function policy(observation, legal), or a class or factory of one"
    )


def check_agent(agent: Any) -> None:
    """Raise :class:`ChupaiError` unless ``agent`` is an agent, an agent's class or
    factory, or a ``module:attribute`` text (not imported here)."""
    if isinstance(agent, str):
        if not is_module_ref(agent):
            raise ChupaiError(f"bad agent reference {agent!r}: expected module:attribute")
        return
    agent_kind(agent)


def agent_label(agent: Any) -> str:
    """The name an agent object is reported under: its ``name`` attribute (a text),
    else its class's or function's name.

    >>> from chupai.bots import RandomBot
    >>> agent_label(RandomBot(1)), agent_label(RandomBot), agent_label(print)
    ('random', 'random', 'print')
    """
    if isinstance(agent, str):
        return agent
    if isinstance(agent, functools.partial):  # parameters bound: the name of what it calls
        agent = agent.func
    name = getattr(agent, "name", None)
    if isinstance(name, str) and name.strip():
        return name.strip()
    named = agent if isinstance(agent, type) or callable(agent) else type(agent)
    return str(getattr(named, "__name__", type(agent).__name__))


def _takes_game(factory: Callable[..., Any]) -> bool:
    sig = _signature(factory)
    return sig is not None and "game" in sig.parameters


def check_params(name: str, factory: Callable[..., Any], params: dict[str, Any]) -> None:
    """Refuse keyword ``params`` that ``factory`` does not take, naming the first
    and listing those it takes (the seed and the game are not parameters)."""
    if not params:
        return
    sig = _signature(factory)
    if sig is None or any(p.kind is p.VAR_KEYWORD for p in sig.parameters.values()):
        return
    allowed = [
        p.name
        for p in sig.parameters.values()
        if p.name not in ("self", "seed", "game")
        and p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    bad = [k for k in params if k not in allowed]
    if bad:
        if allowed:
            raise ChupaiError(
                f"unknown parameter {bad[0]!r} for bot {name!r}; parameters: {', '.join(allowed)}"
            )
        raise ChupaiError(f"bot {name!r} takes no parameters (got {bad[0]!r})")


def _as_bot(made: Any, name: str) -> Any:
    """What a factory returned, as a bot (a policy function is wrapped)."""
    if callable(getattr(made, "act", None)):
        return made
    if _is_torch_module(made) or not callable(made) or not _is_policy(made):
        raise ChupaiError(
            f"bot {name!r} made {made!r}, which is no agent (no act(observation, legal))"
        )
    return PolicyBot(made, agent_label(made))


def build_agent(
    agent: Any,
    seed: int | None,
    game: str,
    params: dict[str, Any] | None = None,
    name: str = "",
    *,
    check: bool = True,
) -> Any:
    """The bot of one seat from ``agent`` (see the module documentation): a class or
    factory is called with ``seed`` (and ``game`` when it takes it, and ``params``),
    a policy function is wrapped, an agent object is used as it is (``params`` then
    raise). ``name`` names the agent in errors; ``check=False`` returns what a
    factory makes unchecked (chupai's own bots)."""
    params = params or {}
    name = name or agent_label(agent)
    kind = agent_kind(agent)
    if kind in ("instance", "policy"):
        if params:
            raise ChupaiError(f"bot {name!r} is an object, which takes no parameters")
        return agent if kind == "instance" else PolicyBot(agent, agent_label(agent))
    check_params(name, agent, params)
    try:
        if _takes_game(agent):
            made = agent(seed, game=game, **params)
        else:
            made = agent(seed, **params)
    except TypeError as exc:
        if params:
            raise ChupaiError(f"bad parameters for bot {name!r}: {exc}") from exc
        if not check:  # chupai's own bots: a bug, shown as one
            raise
        raise ChupaiError(
            f"bot {name!r} could not be built: calling it with the seat's seed raised "
            f"TypeError: {exc} (a class or factory is called as f(seed), with game=KEY "
            "when it takes game)"
        ) from exc
    except ChupaiError:
        raise
    except Exception as exc:
        if not check:
            raise
        raise ChupaiError(f"bot {name!r} could not be built: {type(exc).__name__}: {exc}") from exc
    return _as_bot(made, name) if check else made


# ----- the registry ---------------------------------------------------------------------


def _builtin_levels(game: str | None) -> set[str]:
    from chupai.bots.plugin import GENERIC_LEVELS, levels
    from chupai.protocol import all_games, get_game

    if game is not None:
        return set(levels(get_game(game)))
    out = set(GENERIC_LEVELS)
    for spec in all_games():
        out |= set(levels(spec))
    return out


def _game_key(game: str | None) -> str | None:
    from chupai.protocol import get_game

    return None if game is None else get_game(game).key


def register_bot(name: str, factory: Any, game: str | None = None, *, replace: bool = False) -> str:
    """Register an own agent under ``name`` (lower-cased), for ``game`` (a key or
    alias) or for every game (None), and return the name.

    ``factory`` is an agent, a class or factory of one, a policy function (see the
    module documentation) or the text ``module:attribute`` of one (imported when
    the bot is first built). The name is then accepted wherever a bot name is:
    ``make_bot(name, seed, game)``, ``chupai simulate --bots name,...``, tournaments,
    the environment's opponents. It must look like ``[a-z][a-z0-9_-]*`` and may not
    be a built-in bot's; registering it again raises unless ``replace``.

    >>> def first(observation, legal):
    ...     return legal[0]
    >>> register_bot("first", first, game="bigtwo")
    'first'
    >>> from chupai.bots import make_bot
    >>> make_bot("first", seed=1, game="bigtwo").act(None, ["x", "y"])
    'x'
    >>> unregister_bot("first", game="bigtwo")
    """
    if not isinstance(name, str):
        raise ChupaiError(f"a bot name is a text, not {name!r}")
    key = name.strip().lower()
    if not NAME_PATTERN.match(key):
        raise ChupaiError(
            f"bad bot name {name!r}: a letter, then letters, digits, '_' or '-' "
            "(no ':', ',', '=' or spaces)"
        )
    check_agent(factory)
    game_key = _game_key(game)
    if key in _builtin_levels(game_key):
        raise ChupaiError(f"bot name {key!r} is a built-in bot of {game_key or 'a game'}")
    if (game_key, key) in _REGISTERED and not replace:
        raise ChupaiError(
            f"bot {key!r} is already registered for {game_key or 'every game'} "
            "(replace=True replaces it)"
        )
    _REGISTERED[(game_key, key)] = factory
    return key


def unregister_bot(name: str, game: str | None = None) -> None:
    """Forget the bot registered as ``name`` for ``game`` (None: for every game);
    raises :class:`ChupaiError` when there is none."""
    key = (_game_key(game), name.strip().lower())
    if _REGISTERED.pop(key, None) is None:
        raise ChupaiError(f"no bot {key[1]!r} is registered for {key[0] or 'every game'}")


def registered(name: str, game: str) -> Any | None:
    """The agent or factory registered as ``name`` for ``game`` (a key), else for
    every game, else None."""
    found = _REGISTERED.get((game, name))
    return found if found is not None else _REGISTERED.get((None, name))


def registered_bots(game: str | None = None) -> list[str]:
    """The names registered for ``game`` (a key or alias; with those for every
    game), or every registered name when ``game`` is None, in registration order."""
    key = _game_key(game)
    return list(dict.fromkeys(n for g, n in _REGISTERED if key is None or g in (None, key)))


def registry_items(names: Sequence[str], game: str) -> list[tuple[str | None, str, Any]]:
    """``(game, name, factory)`` of each registered name among ``names`` that
    ``game`` plays (for a worker process, which has its own registry)."""
    out = []
    for name in dict.fromkeys(names):
        for g in (game, None):
            if (g, name) in _REGISTERED:
                out.append((g, name, _REGISTERED[(g, name)]))
                break
    return out


def restore_registry(items: Sequence[tuple[str | None, str, Any]]) -> None:
    """Register ``items`` (:func:`registry_items`) in this process."""
    for g, name, factory in items:
        _REGISTERED[(g, name)] = factory


def iter_registered() -> Iterator[tuple[str | None, str, Any]]:
    """Every registration as ``(game, name, factory)``."""
    for (g, name), factory in list(_REGISTERED.items()):
        yield g, name, factory
