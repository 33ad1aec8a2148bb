"""Bots: players that choose an action from a seat's observation.

A bot sees exactly what a human in its seat sees: the seat's observation (for
example :class:`~chupai.bigtwo.game.Observation`) and the list of legal actions,
and returns one of those actions; it covers every phase of its game. Bots are
seeded and reproducible.

Bots are built by name for a game with :func:`make_bot`: ``random``, ``greedy``,
``heuristic``, ``search`` and ``expert`` (the top level, :mod:`chupai.bots.expert`)
exist for every game. Each game's bots live in its
bots plugin (the module its spec names for the ``bots`` layer, found through the
game registry: :mod:`chupai.bots.games.bigtwo`, :mod:`chupai.bots.games.doudizhu`,
:mod:`chupai.bots.games.biga`), imported only when one of them is built; what a
plugin declares is described in :mod:`chupai.bots.plugin`. Every game also has
``dmc`` (a network trained by ``chupai train dmc``: ``dmc:path=FILE``, needs
``pip install 'chupai[rl]'``); Dou Dizhu has ``rlcard`` (RLCard's rule agent). A game without a bots
plugin is played by the generic bots (:mod:`chupai.bots.generic`). A name may
carry keyword parameters after a colon (``"search:ms=200"``).
``make_bot("random", seed=1)`` builds a Big Two bot.

Own agents (:mod:`chupai.bots.agents`) enter by the same door: a name registered
with :func:`register_bot`, or ``module:attribute`` (``"mypkg.agents:Agent"``, with
parameters after a second colon) naming a class, a factory, a policy function or
an agent object; see ``docs/agents.md``.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast

from chupai.bots.agents import (
    PolicyBot,
    build_agent,
    is_module_ref,
    load_agent,
    register_bot,
    registered,
    registered_bots,
    split_module_ref,
    unregister_bot,
)
from chupai.errors import ChupaiError

if TYPE_CHECKING:
    from chupai.protocol import GameSpec

__all__ = [
    "BOTS",
    "Bot",
    "GreedyBot",
    "PolicyBot",
    "RandomBot",
    "bot_names",
    "is_module_ref",
    "make_bot",
    "parse_bot_spec",
    "register_bot",
    "registered_bots",
    "split_bot_list",
    "unregister_bot",
]


class Bot(Protocol):
    """The bot interface: one decision from an observation and the legal actions."""

    name: str

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        """Return one element of ``legal``."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        return legal[self.rng.randrange(len(legal))]


# ----- the registry --------------------------------------------------------------------
# Each game's bots live in its bots plugin (``spec.plugin("bots")``, see
# chupai.bots.plugin), imported only when one of its bots is built.


def _game(game: str) -> GameSpec:
    from chupai.protocol import get_game

    return get_game(game)


def bot_names(game: str = "bigtwo") -> list[str]:
    """The bot names of ``game`` (a game key or alias), the built-in ones weakest
    first, then those registered with :func:`register_bot`.

    >>> bot_names("bigtwo")[:5]
    ['random', 'greedy', 'heuristic', 'search', 'expert']
    """
    from chupai.bots.plugin import levels

    spec = _game(game)
    names = list(levels(spec))
    return names + [n for n in registered_bots(spec.key) if n not in names]


def parse_bot_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split ``NAME[:KEY=VALUE,...]`` into the name and its keyword parameters.

    Values are read as int, float, bool (``true``/``false``), ``none``, or kept as
    text; parameters may be separated by ``,`` or ``;``. A spec naming an object as
    ``module:attribute[:KEY=VALUE,...]`` (:func:`chupai.bots.agents.split_module_ref`)
    gives ``"module:attribute"`` as its name, its case kept.

    >>> parse_bot_spec("search:ms=200,playouts=100")
    ('search', {'ms': 200, 'playouts': 100})
    >>> parse_bot_spec(" Heuristic ")
    ('heuristic', {})
    >>> parse_bot_spec("mypkg.agents:Agent:path=m.pt")
    ('mypkg.agents:Agent', {'path': 'm.pt'})
    """
    ref = split_module_ref(spec)
    if ref is not None:
        module, attr, rest = ref
        name, sep = f"{module}:{attr}", ":"
        if not module or not attr:
            raise ChupaiError(f"bad bot {spec!r}: expected module:attribute[:KEY=VALUE,...]")
    else:
        name, sep, rest = spec.partition(":")
        name = name.strip().lower()
    if not name:
        raise ChupaiError(f"bad bot {spec!r}: expected NAME or NAME:KEY=VALUE,...")
    params: dict[str, Any] = {}
    if sep:
        for item in rest.replace(";", ",").split(","):
            item = item.strip()
            if not item:
                continue
            key, eq, value = item.partition("=")
            key = key.strip().lower()
            if not eq or not key.isidentifier():
                raise ChupaiError(f"bad bot parameter {item!r} in {spec!r}: expected KEY=VALUE")
            if key in params:
                raise ChupaiError(f"bot parameter {key!r} is given twice in {spec!r}")
            params[key] = _param_value(value.strip())
    return name, params


def _param_value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    if low == "none":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def split_bot_list(text: str) -> list[str]:
    """Split a comma-separated list of bot specs, keeping the parameters of a spec
    with it: ``"search:ms=100,playouts=50,greedy"`` gives
    ``["search:ms=100,playouts=50", "greedy"]`` (an item with ``=`` and no ``:``
    continues the spec before it).

    >>> split_bot_list("search:ms=100,playouts=50, greedy,random")
    ['search:ms=100,playouts=50', 'greedy', 'random']
    """
    out: list[str] = []
    for item in text.split(","):
        item = item.strip()
        if "=" in item and ":" not in item and out and ":" in out[-1]:
            out[-1] += "," + item
        else:
            out.append(item)
    return out


def _missing_extra(spec: GameSpec, name: str, exc: ImportError) -> str:
    """The install hint of a bot whose module failed to import: the extra its
    plugin names for it (``EXTRAS``), or the import error alone."""
    from chupai.bots.plugin import extra_of

    extra = extra_of(spec, name)
    if extra is None:
        return str(exc)
    missing = f"{exc.name} is missing" if exc.name else str(exc)
    return f"{missing}; install it with pip install 'chupai[{extra}]'"


def _factory(spec: GameSpec, name: str) -> tuple[Any, bool]:
    """The factory of the bot ``name`` of ``spec``'s game: a built-in level, else a
    registered agent (:func:`register_bot`); and whether it is an own agent."""
    from chupai.bots.plugin import levels

    game = spec.key
    bots = levels(spec)
    if name not in bots:
        own = registered(name, game)
        if own is not None:
            return (load_agent(own) if isinstance(own, str) else own), True
        names = [*bots, *(n for n in registered_bots(game) if n not in bots)]
        raise ChupaiError(f"unknown bot {name!r} for {game}; bots: {', '.join(names)}")
    found = bots[name]
    if not isinstance(found, str):
        return found, False
    module_name, _, attr = found.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ChupaiError(
            f"bot {name!r} is not available for {game}: {_missing_extra(spec, name, exc)}"
        ) from exc
    factory = getattr(module, attr, None)
    if factory is None:
        raise ChupaiError(f"bot {name!r} is not available for {game}: {module_name} has no {attr}")
    return factory, False


def make_bot(name: str, seed: int | None = None, game: str = "bigtwo") -> Bot:
    """Build the bot ``name`` of ``game`` (default Big Two), seeded with ``seed``.

    ``name`` is one of :func:`bot_names` (``random``, ``greedy``, ``heuristic``,
    ``search``), optionally with keyword parameters after a colon:
    ``"search:ms=200"``, ``"search:playouts=100,determinizations=8"``,
    ``"dmc:path=dmc.pt"`` (a path may not contain ``,`` or ``;``). An unknown
    game, name or parameter raises :class:`ChupaiError` listing what is allowed.
    ``name`` may also be a name registered with :func:`register_bot`, or
    ``module:attribute[:KEY=VALUE,...]`` naming an agent, its class or factory
    (:mod:`chupai.bots.agents`).

    >>> make_bot("greedy", 1).name
    'greedy'
    >>> make_bot("random", 1, game="doudizhu").name
    'random'
    >>> make_bot("chupai.bots:RandomBot", 1, game="doudizhu").name
    'random'
    """
    spec = _game(game)
    base, params = parse_bot_spec(name)
    if is_module_ref(name):
        module, _, attr = base.partition(":")
        if "." not in module and module.lower() in bot_names(spec.key):
            # "search:ms" is a parameter without a value, not the module "search"
            raise ChupaiError(f"bad bot parameter {attr!r} in {name!r}: expected KEY=VALUE")
        return cast(Bot, build_agent(load_agent(base), seed, spec.key, params, base))
    factory, own = _factory(spec, base)
    return cast(Bot, build_agent(factory, seed, spec.key, params, base, check=own))


def __getattr__(name: str) -> Any:
    # Big Two's greedy bot and the old table of this module's bots, kept for
    # compatibility (the bots live in chupai.bots.games.bigtwo)
    if name in ("GreedyBot", "BOTS"):
        from chupai.bots.games.bigtwo.greedy import GreedyBot

        bots: Mapping[str, Callable[[int | None], Bot]] = {"random": RandomBot, "greedy": GreedyBot}
        return GreedyBot if name == "GreedyBot" else bots
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
