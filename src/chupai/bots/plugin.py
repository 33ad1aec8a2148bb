"""What a game's bots plugin declares, and how the bots layer reads it.

A game names its bots module in its spec's ``layers`` mapping (key ``"bots"``);
:meth:`chupai.protocol.GameSpec.plugin` imports it. The module may declare:

``LEVELS``
    A mapping from bot name to a factory: a callable ``factory(seed, **params)``
    (``factory(seed, game=KEY, **params)`` when it has a ``game`` parameter), or
    the text ``"module:attribute"`` of one, imported only when the bot is built
    (for bots with optional dependencies). The levels ``random``, ``greedy``,
    ``heuristic``, ``search``, ``expert`` and ``dmc`` exist for every game (:data:`GENERIC_LEVELS`);
    a plugin's ``greedy`` or ``heuristic`` replaces the generic one, and other names
    (Dou Dizhu's ``rlcard``) come after ``dmc``.
``EXTRAS``
    A mapping from bot name to the chupai extra that installs what its module
    needs (``{"rlcard": "rlcard"}``): a bot whose module fails to import then says
    ``pip install 'chupai[rlcard]'`` (:func:`extra_of`).
``EXPERT``
    A mapping of the search bot's keyword arguments that make the game's
    ``expert`` level (:mod:`chupai.bots.expert`).
``ANALYSIS``
    A mapping from budget name (``quick``, ``default``, ``deep``) to the
    evaluator's rollouts per decision (:mod:`chupai.analysis`), over
    :data:`chupai.analysis.BUDGETS`.
``SEARCH``
    A :class:`SearchGame`: what the search bot (and the evaluator of
    :mod:`chupai.analysis`) needs of the game. A plugin
    without one may offer a plain ``sampler`` (an observation → a deal sampler);
    the search bot then uses the generic parts of :class:`SearchGame`.

A game without a bots plugin is played by the generic bots: ``random``, the
protocol-only greedy bot of :mod:`chupai.bots.generic` for ``greedy`` and
``heuristic``; ``search`` needs a sampler, so it raises a ChupaiError naming the
game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Final

from chupai.protocol import GameSpec, all_games

__all__ = [
    "GENERIC_LEVELS",
    "SearchGame",
    "extra_of",
    "levels",
    "search_action_types",
    "search_game",
    "value_scale",
]

GENERIC_LEVELS: Final[Mapping[str, str]] = {
    "random": "chupai.bots:RandomBot",
    "greedy": "chupai.bots.generic:GenericGreedyBot",
    "heuristic": "chupai.bots.generic:GenericHeuristicBot",
    "search": "chupai.bots.search:SearchBot",
    "expert": "chupai.bots.expert:make_expert",
    "dmc": "chupai.train.agent:make_dmc_bot",
}
"""The levels every game has, weakest first, as ``module:attribute`` (the
generic bots, replaced by a plugin's own); ``dmc`` plays a checkpoint of
``chupai train dmc`` (``dmc:path=FILE``, needs ``pip install 'chupai[rl]'``)."""


@dataclass(frozen=True, slots=True)
class SearchGame:
    """What the search bot (:mod:`chupai.bots.search`) needs of one game."""

    sampler: Callable[[Any], Any]
    """An observation → a sampler whose ``sample(rng)`` draws a full deal
    consistent with it (raising :class:`~chupai.errors.ChupaiError` when it
    cannot)."""
    win_and_score: Callable[[Any, int], tuple[float, float]] | None = None
    """A finished deal and a seat → (1.0 for a win else 0.0, the seat's score);
    None: from :meth:`GameSpec.result` (a win is being among the winners)."""
    scale: Callable[[Any], float] | None = None
    """An observation → a typical size of a deal score, to bring scores near
    [-1, 1]; None: twice the cards in every hand."""
    candidates: int = 12
    """The default number of candidate actions compared."""
    objective: str = "mixed"
    """The default objective: ``mixed``, ``win`` or ``score``."""
    pass_like: tuple[type, ...] = ()
    """Actions listed right after the pass among the candidates (Big A's
    captures)."""
    calls: tuple[type, ...] = ()
    """Actions wrapping a play (``.play``) that replace that play among the
    candidates (Big Two's "last card" call)."""
    playouts: Callable[[Any, Sequence[int], int, Any], Sequence[Sequence[int]]] | None = None
    """A deal, indices of its legal actions, a seed and a policy (``greedy`` or
    ``random``) → for each index, the deal's returns after that action and a
    playout by the policy inside the engine's core (compiled where built: the
    game's ``playout.playout_each``, :mod:`chupai.playouts`); None: the game has
    no core playouts, and the ``core`` rollouts are not offered."""
    resample: Callable[[Mapping[str, Any], Any, Any], dict[str, Any]] | None = None
    """A deal record cut at a decision, the observation of the seat to decide and
    a seeded generator → the record with the cards hidden from that seat dealt
    anew at random (its own cards and every card it has seen where it knows them
    to be): the evaluator's determinizations outside the play phase, where the
    sampler refuses (:mod:`chupai.analysis.determinize`); None: the game has
    none (those decisions are evaluated on the true deal, and say so)."""


def _plugin(spec: GameSpec) -> ModuleType | None:
    return spec.plugin("bots")


def levels(spec: GameSpec) -> dict[str, Any]:
    """The bot levels of ``spec``'s game in order: name → factory or
    ``module:attribute``."""
    out: dict[str, Any] = dict(GENERIC_LEVELS)
    plugin = _plugin(spec)
    if plugin is not None:
        out.update(getattr(plugin, "LEVELS", {}))
    return out


def extra_of(spec: GameSpec, name: str) -> str | None:
    """The chupai extra that the bot ``name`` of ``spec``'s game needs (its plugin's
    ``EXTRAS``), or None."""
    plugin = _plugin(spec)
    extra = getattr(plugin, "EXTRAS", {}).get(name) if plugin is not None else None
    return extra if isinstance(extra, str) else None


def search_game(spec: GameSpec) -> SearchGame | None:
    """The search hooks of ``spec``'s game (None: it offers no sampler)."""
    plugin = _plugin(spec)
    if plugin is None:
        return None
    found = getattr(plugin, "SEARCH", None)
    if isinstance(found, SearchGame):
        return found
    sampler = getattr(plugin, "sampler", None)
    return SearchGame(sampler) if callable(sampler) else None


def value_scale(spec: GameSpec, hooks: SearchGame, obs: Any) -> float:
    """A typical size of a deal score of ``spec``'s game seen in ``obs``, to bring
    scores near [-1, 1] (the search's and the evaluator's ``win + score / scale``):
    the game's ``scale`` hook, else twice the cards in every hand."""
    if hooks.scale is not None:
        return hooks.scale(obs)
    return 2.0 * max(1, sum(spec.facts(obs).counts))


def search_action_types() -> tuple[tuple[type, ...], tuple[type, ...]]:
    """The pass-like and call action types of every registered game (for a
    caller of :func:`chupai.bots.search.prune_candidates` that names no game)."""
    pass_like: list[type] = []
    calls: list[type] = []
    for spec in all_games():
        found = search_game(spec)
        if found is not None:
            pass_like += [t for t in found.pass_like if t not in pass_like]
            calls += [t for t in found.calls if t not in calls]
    return tuple(pass_like), tuple(calls)
