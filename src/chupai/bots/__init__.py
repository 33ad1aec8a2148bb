"""Bots: players that choose an action from a seat's observation.

A bot sees exactly what a human in its seat sees: the seat's observation (for
example :class:`~chupai.bigtwo.game.Observation`) and the list of legal actions,
and returns one of those actions; it covers every phase of its game. Bots are
seeded and reproducible.

Bots are built by name for a game with :func:`make_bot`: ``random`` (any game),
``greedy``, ``heuristic`` and ``search``, each game's bots living in their own
module and imported only when built; Dou Dizhu also has ``rlcard`` (RLCard's rule
agent) and ``dmc`` (a trained Deep Monte-Carlo network: ``dmc:path=FILE``, needs
``pip install 'chupai[rl]'``). A name may carry keyword parameters after a
colon (``"search:ms=200"``). ``make_bot("random", seed=1)`` builds a Big Two bot.
"""

from __future__ import annotations

import importlib
import inspect
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, cast

from chupai.errors import ChupaiError

__all__ = ["Bot", "RandomBot", "GreedyBot", "BOTS", "make_bot", "bot_names",
           "parse_bot_spec", "split_bot_list"]


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


class GreedyBot:
    """A simple greedy player for Big Two.

    Leading: the play that sheds the most cards among those containing the
    weakest card in hand (so low cards leave first, in groups when possible).
    Following: the weakest play that beats the top play; pass when there is none.
    A play that leaves one card is made with the "last card" call when offered.
    Phase decisions: take / swap the leftover card, keep the hand rather than ask
    for a redeal, give away the lowest cards, name the highest card it lacks, keep
    the highest cards, choose the first face-down hand.
    """

    name = "greedy"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        from chupai.bigtwo.combos import Combo
        from chupai.bigtwo.game import Choice, LastCard

        plays = [a for a in legal if isinstance(a, Combo)]
        if not plays:
            choices = [a for a in legal if isinstance(a, Choice)]
            return _greedy_choice(choices) if choices else legal[0]
        if observation.top is None:
            low = _weakest_card(plays)
            with_low = [c for c in plays if c.mask & low] or plays
            best = max(with_low, key=lambda c: (c.mask.bit_count(), -c.key))
        else:
            best = min(plays, key=lambda c: (c.group != observation.top.group, c.key))
        call = LastCard(best)
        return call if call in legal else best


def _high_first(mask: int) -> tuple[int, ...]:
    """Card ids from the highest down (the id order is rank, then suit)."""
    return tuple(sorted((c for c in range(52) if mask >> c & 1), reverse=True))


def _greedy_choice(choices: Sequence[Any]) -> Any:
    by_name: dict[str, list[Any]] = {}
    for c in choices:
        by_name.setdefault(c.name, []).append(c)
    if "keep" in by_name and "redeal" in by_name:
        return by_name["keep"][0]
    if "name" in by_name:
        return max(by_name["name"], key=lambda c: c.cards)
    if "give" in by_name:
        gives = by_name["give"]
        fewest = min(c.cards.bit_count() for c in gives)
        return min((c for c in gives if c.cards.bit_count() == fewest),
                   key=lambda c: _high_first(c.cards))
    if "keep" in by_name:
        return max(by_name["keep"], key=lambda c: _high_first(c.cards))
    return choices[0]


def _weakest_card(plays: Sequence[Any]) -> int:
    singles = [c for c in plays if c.mask.bit_count() == 1]
    if singles:
        return int(min(singles, key=lambda c: c.key).mask)
    first = int(plays[0].mask)
    return first & -first


# ----- the registry --------------------------------------------------------------------

_REGISTRY: dict[str, dict[str, str]] = {
    "bigtwo": {
        "random": "chupai.bots:RandomBot",
        "greedy": "chupai.bots:GreedyBot",
        "heuristic": "chupai.bots.bigtwo_heuristic:BigTwoHeuristicBot",
        "search": "chupai.bots.search:SearchBot",
    },
    "doudizhu": {
        "random": "chupai.bots:RandomBot",
        "greedy": "chupai.bots.doudizhu:DouDizhuGreedyBot",
        "heuristic": "chupai.bots.doudizhu_heuristic:DouDizhuHeuristicBot",
        "search": "chupai.bots.search:SearchBot",
        "rlcard": "chupai.bots.rlcard_agent:RLCardRuleBot",
        "dmc": "chupai.bots.dmc:DMCBot",
    },
    "biga": {
        "random": "chupai.bots:RandomBot",
        "greedy": "chupai.bots.biga:BigAGreedyBot",
        "heuristic": "chupai.bots.biga:BigAHeuristicBot",
        "search": "chupai.bots.search:SearchBot",
    },
}
"""For each game key, each bot name's factory as ``module:attribute`` (imported
only when the bot is built, so a game's bots load only that game's code)."""

_TAKES_GAME: frozenset[str] = frozenset({"search", "dmc"})
"""Bots whose factory takes ``game=KEY`` (shared between games, or checking it)."""


def _game_key(game: str) -> str:
    from chupai.games import find_game

    return find_game(game).key


def bot_names(game: str = "bigtwo") -> list[str]:
    """The bot names of ``game`` (a game key or alias), weakest first.

    >>> bot_names("bigtwo")
    ['random', 'greedy', 'heuristic', 'search']
    """
    return list(_REGISTRY[_game_key(game)])


def parse_bot_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split ``NAME[:KEY=VALUE,...]`` into the name and its keyword parameters.

    Values are read as int, float, bool (``true``/``false``), ``none``, or kept as
    text; parameters may be separated by ``,`` or ``;``.

    >>> parse_bot_spec("search:ms=200,playouts=100")
    ('search', {'ms': 200, 'playouts': 100})
    >>> parse_bot_spec(" Heuristic ")
    ('heuristic', {})
    """
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
                raise ChupaiError(
                    f"bad bot parameter {item!r} in {spec!r}: expected KEY=VALUE")
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


def _factory(game: str, name: str) -> Callable[..., Bot]:
    bots = _REGISTRY[game]
    if name not in bots:
        raise ChupaiError(f"unknown bot {name!r} for {game}; bots: {', '.join(bots)}")
    module_name, _, attr = bots[name].partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ChupaiError(f"bot {name!r} is not available for {game}: {exc}") from exc
    factory = getattr(module, attr, None)
    if factory is None:
        raise ChupaiError(f"bot {name!r} is not available for {game}: "
                          f"{module_name} has no {attr}")
    return cast(Callable[..., Bot], factory)


def _check_params(name: str, factory: Callable[..., Any], params: dict[str, Any]) -> None:
    if not params:
        return
    try:
        sig = inspect.signature(factory)
    except (TypeError, ValueError):  # pragma: no cover - builtins only
        return
    if any(p.kind is p.VAR_KEYWORD for p in sig.parameters.values()):
        return
    allowed = [p.name for p in sig.parameters.values()
               if p.name not in ("self", "seed", "game")
               and p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)]
    bad = [k for k in params if k not in allowed]
    if bad:
        if allowed:
            raise ChupaiError(f"unknown parameter {bad[0]!r} for bot {name!r}; "
                              f"parameters: {', '.join(allowed)}")
        raise ChupaiError(f"bot {name!r} takes no parameters (got {bad[0]!r})")


def make_bot(name: str, seed: int | None = None, game: str = "bigtwo") -> Bot:
    """Build the bot ``name`` of ``game`` (default Big Two), seeded with ``seed``.

    ``name`` is one of :func:`bot_names` (``random``, ``greedy``, ``heuristic``,
    ``search``), optionally with keyword parameters after a colon:
    ``"search:ms=200"``, ``"search:playouts=100,determinizations=8"``,
    ``"dmc:path=dmc.pt"`` (Dou Dizhu; a path may not contain ``,`` or ``;``). An unknown
    game, name or parameter raises :class:`ChupaiError` listing what is allowed.

    >>> make_bot("greedy", 1).name
    'greedy'
    >>> make_bot("random", 1, game="doudizhu").name
    'random'
    """
    key = _game_key(game)
    base, params = parse_bot_spec(name)
    factory = _factory(key, base)
    _check_params(base, factory, params)
    try:
        if base in _TAKES_GAME:
            return factory(seed, game=key, **params)
        return factory(seed, **params)
    except TypeError as exc:
        if params:
            raise ChupaiError(f"bad parameters for bot {base!r}: {exc}") from exc
        raise


BOTS: Mapping[str, Callable[[int | None], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
}
"""The Big Two bots defined in this module (kept for compatibility; use
:func:`make_bot` and :func:`bot_names`, which know every bot of every game)."""
