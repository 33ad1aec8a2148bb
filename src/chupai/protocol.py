"""The game protocol: one spec per game, one registry, one set of facts per seat.

Every layer above the core (terminal, web, environment, bots, tournaments)
reaches a game through its :class:`GameSpec`, looked up with :func:`get_game`
by key or alias; no layer compares a game's name. A game package registers its
spec in its ``spec`` module; the games shipped with chupai are listed in
:data:`BUILTIN_SPECS`, and a third-party (or test-only) game calls
:func:`register` itself, or names its spec module under the ``chupai.games``
entry-point group.

A deal built by :meth:`GameSpec.new_deal` has one interface in every game
(:class:`chupai.deal.Deal`): ``phase``, ``current_player``,
``legal_actions()``, ``apply_action(a)`` (checked), ``apply_unchecked(a)``,
``observe(seat)``, ``history``, ``outcome``, ``is_terminal()``,
``action_text(a)``, ``clone()``; its record is :meth:`GameSpec.to_record`.
What a seat may know is decided once, by the game's ``observe``; the plain
:class:`SeatFacts` of an observation (:meth:`GameSpec.facts`) is what every
surface renders from for the facts all games share (hand, counts, roles, cards
shown face up, the trick, the result).

Per-game code a layer needs (a terminal renderer, an encoder, a web view, a
bot) lives in that layer's folder for the game and is found through
:meth:`GameSpec.plugin`; a game without one is served by the layer's generic
path.

>>> get_game("Big2").key
'bigtwo'
>>> get_game("锄大地").key
'bigtwo'
>>> get_game("Fight the Landlord").key
'doudizhu'
>>> get_game("打大A").key
'biga'
>>> [spec.key for spec in all_games()][:3]
['bigtwo', 'doudizhu', 'biga']
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from types import ModuleType
from typing import Any, Final

from chupai.errors import RecordError, RulesError
from chupai.records import state_record, state_text

__all__ = [
    "BUILTIN_SPECS",
    "GAMES_VARIABLE",
    "LAYERS",
    "GameSpec",
    "builtin_layers",
    "in_languages",
    "load_modules",
    "package_spec",
    "Result",
    "SeatFacts",
    "NextDeal",
    "all_games",
    "deserialize_state",
    "game_keys",
    "get_game",
    "register",
    "unregister",
]


@dataclass(frozen=True, slots=True)
class Result:
    """A finished deal as data: who won, each seat's score and finishing rank."""

    redeal: bool
    """The deal ended without play counting (a redeal): no winners, scores 0."""
    winners: tuple[int, ...]
    """The winning seats (a team's seats in a team game; empty on a redeal or a
    deal nobody won)."""
    scores: tuple[int, ...]
    order: tuple[int, ...]
    """The seats in finishing order, as far as the game decides it."""


@dataclass(frozen=True, slots=True)
class SeatFacts:
    """What one seat knows of a deal, as plain data shared by every game. Built
    only from that seat's observation (:meth:`GameSpec.facts`), so every surface
    that renders from it shows the same facts."""

    seat: int
    players: int
    phase: str
    to_act: int | None
    """The seat to act, as this seat may know it (None while another seat makes
    a private decision, and at the end)."""
    hand: tuple[str, ...]
    """This seat's cards, in the game's notation and display order."""
    counts: tuple[int, ...]
    """How many cards each seat holds."""
    roles: tuple[str, ...]
    """Each seat's role as this seat knows it (``""``: unknown or none)."""
    public_roles: tuple[str, ...]
    """Each seat's role as every seat knows it (what a spectator sees)."""
    shown: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Cards face up on the table by name: ``kitty``, ``hand 2`` (an open hand),
    ``exposed``, ``aces 3``..."""
    top: str | None = None
    """The text of the play to beat (None when leading)."""
    top_player: int | None = None
    finished: tuple[int, ...] = ()
    """The seats that have gone out, in order."""
    result: Result | None = None


@dataclass(frozen=True, slots=True)
class NextDeal:
    """How the deal after a redeal is dealt: by ``dealer`` (None: drawn), with the
    game's extra keyword arguments of :meth:`GameSpec.new_deal`."""

    dealer: int | None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Everything the layers know of one game: static facts, rules, notation,
    names in every language and constructors."""

    key: str
    """The game key (``bigtwo``): records, URLs and command lines use it."""
    names: Mapping[str, str]
    """Display names by language code (``en``, ``zh``, ``ja``)."""
    aliases: tuple[str, ...]
    seats: tuple[int, ...]
    """The table sizes the game supports."""
    default_preset: str
    presets: Callable[[], Mapping[str, Any]]
    """The named presets: name → rules object."""
    resolve_preset: Callable[[str, Mapping[str, str]], Any]
    """``(preset, {option: text})`` → rules (raises :class:`RulesError`)."""
    rules_from_dict: Callable[[Mapping[str, Any]], Any]
    """A record's ``rules`` object → rules."""
    judge: Callable[[Any, str, str | None], dict[str, Any]]
    moves: Callable[[Any, str, str | None], dict[str, Any]]
    combo_names: Mapping[str, Mapping[str, str]]
    """Combination type → {language: name}: one table shared by every surface."""
    deal: Callable[..., Any]
    """``deal(rules, seed, dealer=None, **extra)`` → a new deal."""
    match: type
    """The match class: ``match(rules, seed, deals=N, target=T, dealer=D)``."""
    to_record: Callable[[Any], dict[str, Any]]
    replay: Callable[[Mapping[str, Any]], Any]
    """A deal record → the replayed deal (raises :class:`RecordError`)."""
    replay_match: Callable[[Mapping[str, Any]], Any]
    facts: Callable[[Any], SeatFacts]
    """An observation → its :class:`SeatFacts`."""
    result: Callable[[Any], Result]
    """A finished deal → its :class:`Result`."""
    after_redeal: Callable[[Any], NextDeal]
    """A deal that ended in a redeal → how the next deal is dealt."""
    layers: Mapping[str, str] = field(default_factory=dict)
    """Layer name (``cli.play``, ``cli.replay``, ``web``, ``env``, ``bots``) → the
    module holding this game's code for that layer (see :meth:`plugin`)."""
    card_universe: Callable[[Any], tuple[str, ...]] | None = None
    """For a small game without an encoder of its own: every distinct card token
    of ``rules``' pack, in display order (the environment's generic encoding)."""
    action_universe: Callable[[Any], tuple[str, ...]] | None = None
    """For a small game without an encoder of its own: the text
    (``deal.action_text``) of every action that can ever be legal under ``rules``
    (the environment's generic action ids)."""
    explain_score: Callable[..., Any] | None = None
    """``explain_score(deal, names=None)`` → the finished ``deal``'s score in words:
    where each point came from, one :class:`chupai.i18n.Msg` a line (English that
    renders in 中文 and 日本語), with ``names`` the seats' names (default
    ``Seat 0``…), as a sequence of lines or a :class:`chupai.explain.Explanation`
    (its ``lines``); None for a game that does not explain (see :meth:`explain`)."""

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # a spec is the registry's: pickled by its key (a bot sent to a worker process)
        return get_game, (self.key,)

    # ----- constructors ------------------------------------------------------------
    def resolve(self, preset: str | None = None, overrides: Mapping[str, str] | None = None) -> Any:
        """The rules of ``preset`` (default: the game's default) with text overrides."""
        return self.resolve_preset(preset or self.default_preset, overrides or {})

    def new_deal(self, rules: Any, seed: int, *, dealer: int | None = None, **extra: Any) -> Any:
        """A new deal of ``rules`` from ``seed`` (deterministic), dealt by
        ``dealer`` (None: drawn from the seed)."""
        return self.deal(rules, seed, dealer=dealer, **extra)

    def new_match(
        self,
        rules: Any,
        seed: int,
        *,
        deals: int | None = None,
        target: int | None = None,
        dealer: int | None = None,
    ) -> Any:
        """A new match of ``rules``."""
        return self.match(rules, seed, deals=deals, target=target, dealer=dealer)

    def serialize_state(self, deal: Any) -> str:
        """``deal``'s position as a compact printable string (:meth:`state_of`,
        packed: :func:`chupai.records.state_text`) that :meth:`deserialize_state`
        turns back into the same position."""
        return state_text(self.state_of(deal))

    def deserialize_state(self, text: str) -> Any:
        """The deal of a string written by :meth:`serialize_state` (replayed from
        its record, every action checked); raises
        :class:`~chupai.errors.RecordError` saying what is wrong with a bad one."""
        return self.deal_of_state(state_record(text))

    def state_of(self, deal: Any) -> dict[str, Any]:
        """What a state string holds: the deal's record, and for a deal whose
        order of legal actions depends on when it listed them (``cache_notes()``,
        Big A's) those notes."""
        record = self.to_record(deal)
        notes = getattr(deal, "cache_notes", None)
        return record if notes is None else {**record, "cache_notes": notes()}

    def deal_of_state(self, state: Mapping[str, Any]) -> Any:
        """The deal of :meth:`state_of`'s object (raises
        :class:`~chupai.errors.RecordError`)."""
        record = dict(state)
        notes = record.pop("cache_notes", None)
        deal = self.replay(record)
        if notes is not None:
            try:
                deal.restore_cache_notes(notes)
            except (AttributeError, ValueError) as exc:
                raise RecordError(f"bad state: {exc}") from None
        return deal

    def explain(self, deal: Any, names: Sequence[Any] | None = None) -> tuple[Any, ...]:
        """The finished ``deal``'s score in words (:attr:`explain_score`'s lines;
        none for a game without it, or a deal not over)."""
        if self.explain_score is None or deal.outcome is None:
            return ()
        said = self.explain_score(deal, names)
        return tuple(getattr(said, "lines", said))

    def name(self, lang: str = "en") -> str:
        """The game's name in ``lang`` (English when not translated)."""
        return self.names.get(lang) or self.names["en"]

    def combo_name(self, kind: str, lang: str = "en") -> str:
        """The name of combination type ``kind`` in ``lang`` (the type key when
        the game does not name it)."""
        names = self.combo_names.get(kind)
        if not names:
            return kind.replace("_", " ")
        return names.get(lang) or names.get("en") or kind.replace("_", " ")

    def plugin(self, layer: str) -> ModuleType | None:
        """This game's module for ``layer``, or None when the game has none (the
        layer then uses its generic path)."""
        name = self.layers.get(layer)
        return None if name is None else importlib.import_module(name)

    def matches(self, name: str) -> bool:
        """Whether ``name`` is this game's key or one of its aliases
        (case-insensitive)."""
        low = name.strip().lower()
        return low == self.key or low in (a.lower() for a in self.aliases)


def in_languages(en: str, zh: str, ja: str) -> Mapping[str, str]:
    """A name in English, 中文 and 日本語 (a game's or a combination type's)."""
    return {"en": en, "zh": zh, "ja": ja}


LAYERS: Final = ("cli.play", "cli.replay", "env", "web", "bots")
"""The layers that may hold a game's own code (:meth:`GameSpec.plugin`)."""


def builtin_layers(key: str) -> Mapping[str, str]:
    """Where the layers keep the code of the built-in game ``key``:
    ``chupai.cli.games.KEY.play``, ``...replay``, ``chupai.env.games.KEY``,
    ``chupai.web.games.KEY`` and ``chupai.bots.games.KEY``."""
    return {
        "cli.play": f"chupai.cli.games.{key}.play",
        "cli.replay": f"chupai.cli.games.{key}.replay",
        "env": f"chupai.env.games.{key}",
        "web": f"chupai.web.games.{key}",
        "bots": f"chupai.bots.games.{key}",
    }


def package_spec(
    key: str, *, rules: ModuleType, api: ModuleType, record: ModuleType, match: Any, **facts: Any
) -> GameSpec:
    """The spec of a game package laid out as chupai's games are: ``rules``
    (``PRESETS``, ``resolve`` and the rules class's ``from_dict`` named by
    ``facts["rules_type"]``), ``api`` (``judge``, ``moves``), ``record``
    (``to_record``, ``replay``), the match class ``match`` (``from_record``) and its
    layers where :func:`builtin_layers` says; ``facts`` gives the other fields."""
    rules_type = facts.pop("rules_type")

    return GameSpec(
        key=key,
        presets=lambda: rules.PRESETS,
        resolve_preset=lambda preset, overrides: rules.resolve(preset, overrides),
        rules_from_dict=rules_type.from_dict,
        judge=api.judge,
        moves=api.moves,
        to_record=lambda deal: record.to_record(deal),
        # looked up when called, so that a test may patch the module's function
        replay=lambda rec: record.replay(rec),
        match=match,
        replay_match=match.from_record,
        layers=builtin_layers(key),
        **facts,
    )


BUILTIN_SPECS: Final = (
    "chupai.bigtwo.spec",
    "chupai.doudizhu.spec",
    "chupai.biga.spec",
    "chupai.daguailuzi.spec",
)
"""The spec modules of the games shipped with chupai, in display order."""
ENTRY_POINT_GROUP: Final = "chupai.games"
"""Third-party games name their spec module under this entry-point group."""
GAMES_VARIABLE: Final = "CHUPAI_GAMES"
"""The environment variable in which the command line (:mod:`chupai.cli.main`)
reads more spec modules to load, comma-separated (a game that is not installed
as a package, e.g. a test's): see :func:`load_modules`."""

_REGISTRY: dict[str, GameSpec] = {}
_loaded = False


def register(spec: GameSpec) -> GameSpec:
    """Add ``spec`` to the registry (replacing a spec of the same key)."""
    _REGISTRY[spec.key] = spec
    return spec


def unregister(key: str) -> None:
    """Remove the game ``key`` (tests register and remove their own games)."""
    _REGISTRY.pop(key, None)


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for module in BUILTIN_SPECS:
        importlib.import_module(module)
    try:
        points: Sequence[Any] = metadata.entry_points(group=ENTRY_POINT_GROUP)
    except Exception:  # pragma: no cover - broken metadata of another package
        points = ()
    for point in points:
        try:
            point.load()
        except Exception:  # pragma: no cover - a broken plug-in must not stop chupai
            continue


def load_modules(names: str) -> None:
    """Import the spec modules named in ``names`` (comma-separated), each of which
    registers its game; raises :class:`RulesError` naming a module that cannot be
    imported."""
    for module in (n.strip() for n in names.split(",")):
        if not module:
            continue
        try:
            importlib.import_module(module)
        except ImportError as exc:
            raise RulesError(
                f"cannot load the game module {module!r}: {exc}", "game", game_keys()
            ) from None


def all_games() -> Iterator[GameSpec]:
    """Every registered game, the built-in games first in :data:`BUILTIN_SPECS`
    order (whichever was imported first), then the others as registered."""
    _load()
    builtin = [module.split(".")[1] for module in BUILTIN_SPECS]
    first = [_REGISTRY[key] for key in builtin if key in _REGISTRY]
    return iter(first + [spec for spec in _REGISTRY.values() if spec.key not in builtin])


def game_keys() -> tuple[str, ...]:
    """The keys of every registered game."""
    return tuple(spec.key for spec in all_games())


def deserialize_state(text: str) -> Any:
    """The deal of a state string of any game (:meth:`GameSpec.serialize_state`;
    the string names its game)."""
    rec = state_record(text)
    game = rec.get("game")
    if not isinstance(game, str):
        raise RulesError(f"the state names no game (game {game!r})", "game", game_keys())
    return get_game(game).deserialize_state(text)


def get_game(name: str) -> GameSpec:
    """The game named ``name`` (a key or an alias, case-insensitive); raises
    :class:`RulesError` listing the games for an unknown name."""
    for spec in all_games():
        if spec.matches(name):
            return spec
    keys = game_keys()
    raise RulesError(f"unknown game {name!r}; games: {', '.join(keys)}", "game", keys)
