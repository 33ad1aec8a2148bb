"""What a table of ``chupai serve`` may be made of: the checks of a table's
configuration (game, preset, options, deals, turn timer, seats and their bot levels
with capped budgets), refused with the offending field named.

A seat's bot is one of the levels the server offers: chupai's own
(:data:`WEB_BOTS`) and the own agents its operator registered (``chupai serve
--bot NAME=module:attribute``, passed here as ``own``). A request never names a
module: a ``module:attribute`` level is refused, whatever it names."""

from __future__ import annotations

import math
import pickle
import secrets
from collections.abc import Mapping, Sequence
from typing import Any, Final

from chupai.errors import ChupaiError, RulesError
from chupai.protocol import get_game

__all__ = [
    "BOT_LIMITS",
    "MAX_SEATS",
    "HINT_BOT",
    "HUMAN_DEFAULT_NAMES",
    "MAX_NAME",
    "WEB_BOTS",
    "TableError",
    "check_config",
    "check_name",
    "own_levels",
    "web_bot_levels",
]

HINT_BOT: Final = "heuristic"
"""The bot that answers hints and plays for a seat whose turn timer ran out."""

WEB_BOTS: Final = ("random", "greedy", "heuristic", "search", "expert")
"""The bot levels a web table offers (those of them the game has), weakest first:
``expert`` (:mod:`chupai.bots.expert`), each game's strongest bot at about 0.1 s a
decision, is the top level. The others (Dou Dizhu's ``rlcard``, ``dmc:path=FILE``)
read server files or load large libraries, and are for the terminal and ``chupai
simulate`` only."""

BOT_LIMITS: Final[dict[str, tuple[float, float]]] = {
    "ms": (1, 5000),
    "limit_ms": (1, 5000),
    "playouts": (1, 2000),
    "determinizations": (1, 200),
    "candidates": (1, 64),
    "margin": (0, 100),
}
"""The bounds of a web bot's numeric parameters (``search:ms=…`` or
``expert:ms=…`` is the time budget of a decision in milliseconds, ``limit_ms`` the
cap over a fixed number of ``playouts``, its rollouts): a table's bot may not take
the server's cores for itself."""

MAX_SEATS: Final = 8
"""The most seats a web table has, whatever the game allows (Big Two's engine
plays up to 52): the page lays out at most eight seats around the felt, each
with its name, card count and last play readable on a phone."""

HUMAN_DEFAULT_NAMES: Final = ("",) * MAX_SEATS
"""The name of a human seat whose player gave none: empty, which every page shows
as "Seat N" in its language (one naming scheme from the lobby to the records)."""

MAX_NAME: Final = 40
"""The longest seat name kept (a longer one is cut)."""


class TableError(ChupaiError):
    """A bad table configuration; ``field`` names the offending field."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field


def _make_bot(level: str, seed: int, game: str) -> Any:
    from chupai.bots import make_bot  # a layer importing a layer: the web layer plays bots

    return make_bot(level, seed, game=game)


def _bot_levels(game: str) -> list[str]:
    """The bot levels a table of ``game`` offers (none for a game the bots do not play)."""
    from chupai.bots import bot_names

    try:
        return bot_names(game)
    except (ChupaiError, KeyError):
        return []


def web_bot_levels(game: str, own: Sequence[str] = ()) -> list[str]:
    """The bot levels a web table of ``game`` offers (:data:`WEB_BOTS`): those its
    bots can build (a game whose bots offer no deal sampler has no ``search``),
    then the operator's own bots ``own`` for this game (:func:`own_levels`)."""
    found = [b for b in _bot_levels(game) if b in WEB_BOTS and _buildable(b, game)]
    return found + [b for b in own if b not in found]


def own_levels(
    names: Sequence[str], games: Sequence[str], pickled: bool = False
) -> dict[str, list[str]]:
    """For each game key of ``games``, the registered bots among ``names`` that it
    can build (:func:`chupai.bots.register_bot`; one that fails for a game is not
    offered for it). A name registered for no game raises :class:`ChupaiError`, and
    so does, with ``pickled`` (bots thinking in worker processes), a bot that does
    not pickle."""
    from chupai.bots import registered_bots

    known = set(registered_bots())
    out: dict[str, list[str]] = {}
    for name in names:
        if name.lower() not in known:
            raise ChupaiError(f"no own bot {name!r} is registered (chupai.bots.register_bot)")
    for g in games:
        out[g] = [n.lower() for n in names if n.lower() in _bot_levels(g) and _buildable(n, g)]
        for n in out[g] if pickled else ():
            try:
                pickle.dumps(_make_bot(n, 0, g))
            except Exception as exc:
                raise ChupaiError(
                    f"own bot {n!r} cannot be sent to the bot worker processes: it does "
                    f"not pickle ({exc}); define it at the top level of an importable module"
                ) from None
    for name in names:
        if not any(name.lower() in levels for levels in out.values()):
            try:  # the reason it builds for no game: the error of its first game
                _make_bot(name, 0, next(g for g in games if name.lower() in _bot_levels(g)))
            except (ChupaiError, StopIteration) as exc:
                raise ChupaiError(f"own bot {name!r} plays no game here: {exc}") from None
    return out


def _buildable(level: str, game: str) -> bool:
    try:
        _make_bot(level, 0, game)
    except ChupaiError:
        return False
    return True


def _check_bot_params(level: str, field: str) -> None:
    """Refuse a parameter out of :data:`BOT_LIMITS` (or not finite), naming it."""
    from chupai.bots import parse_bot_spec

    try:
        _, params = parse_bot_spec(level)
    except ChupaiError as exc:
        raise TableError(str(exc), field) from None
    for key, value in params.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            if key in BOT_LIMITS:
                raise TableError(f"bot parameter {key!r} must be a number, not {value!r}", field)
            continue
        low, high = BOT_LIMITS.get(key, (-1e6, 1e6))
        if not math.isfinite(value) or not low <= value <= high:
            raise TableError(
                f"bot parameter {key}={value!r} is out of bounds: {key} must be "
                f"between {low:g} and {high:g} on this server",
                field,
            )


def _check_level(game: str, level: str, field: str, own: Sequence[str]) -> bool:
    """Refuse a level the server does not offer for ``game`` (and any
    ``module:attribute``); whether it is one of the operator's own bots ``own``."""
    from chupai.bots import is_module_ref

    levels = web_bot_levels(game, own)
    if is_module_ref(level):
        raise TableError(
            f"bot level {level!r} names a module: a table's bots are chosen among the "
            f"levels this server offers ({', '.join(levels)}); own agents are added by "
            "the server's operator (chupai serve --bot NAME=module:attribute)",
            field,
        )
    base = level.split(":", 1)[0].strip().lower()
    if base not in levels:
        raise TableError(
            f"unknown bot level {level!r} for {game}; levels: {', '.join(levels)}", field
        )
    if base in own and base not in WEB_BOTS:
        if ":" in level:
            raise TableError(f"bot {base!r} takes no parameters on this server", field)
        return True
    return False


def _check_seat(game: str, i: int, s: Mapping[str, Any], own: Sequence[str] = ()) -> dict[str, Any]:
    """Seat ``i`` of a new table, checked (an unnamed bot is named by :func:`_name_bots`)."""
    if s["kind"] != "bot":
        name = (s.get("name") or "").strip() or HUMAN_DEFAULT_NAMES[i]
        return {"kind": "human", "name": name[:MAX_NAME], "level": None}
    level = (s.get("level") or "greedy").strip()
    if _check_level(game, level, f"seats.{i}.level", own):
        name = (s.get("name") or "").strip()
        return {"kind": "bot", "name": name[:40], "level": level.lower(), "named": bool(name)}
    _check_bot_params(level, f"seats.{i}.level")
    try:
        _finite_parameters(level)
        _make_bot(level, 0, game)
    except ChupaiError as exc:
        raise TableError(str(exc), f"seats.{i}.level") from None
    name = (s.get("name") or "").strip()
    return {"kind": "bot", "name": name[:40], "level": level, "named": bool(name)}


def _finite_parameters(level: str) -> None:
    """Refuse a bot level with a parameter that is not a finite number where a
    number is written (``search:margin=nan``, ``search:ms=inf``)."""
    from chupai.bots import parse_bot_spec

    for key, value in parse_bot_spec(level)[1].items():
        if isinstance(value, float) and not math.isfinite(value):
            raise ChupaiError(f"bot parameter {key}={value} is not a finite number")


def _name_bots(clean: list[dict[str, Any]]) -> None:
    """An unnamed bot is called after its level and its seat number ("heuristic
    bot 2" for seat 2, shown "Bot 2 (heuristic)" in the page's language), so two
    bots never share a name, and a seat is "Seat N" or "Bot N" wherever it is
    shown."""
    for i, c in enumerate(clean):
        if not c.pop("named", True):
            c["name"] = f"{c['level'].split(':', 1)[0]} bot {i + 1}"


def check_name(raw: str) -> str:
    """A player's name for their seat, stripped and cut to :data:`MAX_NAME`
    characters; an empty one (only spaces or control characters) raises
    :class:`TableError` naming the field ``name``."""
    name = "".join(ch for ch in raw if ch.isprintable()).strip()[:MAX_NAME]
    if not name:
        raise TableError("a name needs at least one visible character", "name")
    return name


def check_config(
    raw: Mapping[str, Any], own: Mapping[str, Sequence[str]] | None = None
) -> dict[str, Any]:
    """The validated configuration of a new table (the fields of
    :class:`~chupai.web.protocol.CreateTable`, already type-checked): the game
    and preset resolved, the options applied, one seat per player, bot levels
    known (``own``: the operator's own bots by game key, :func:`own_levels`).
    Raises :class:`TableError` naming the field."""
    try:
        info = get_game(raw["game"])
    except RulesError as exc:
        raise TableError(str(exc), "game") from None
    preset = raw.get("preset") or info.default_preset
    options = {str(k): str(v) for k, v in (raw.get("options") or {}).items()}
    try:
        rules = info.resolve(preset, options)
    except RulesError as exc:
        field = "preset" if exc.key == "preset" else f"options.{exc.key}" if exc.key else "options"
        raise TableError(str(exc), field) from None
    seats = list(raw["seats"])
    if rules.players > MAX_SEATS:
        raise TableError(
            f"a web table has at most {MAX_SEATS} seats, not {rules.players}: "
            f"{info.key} ({preset}) with more players is played in the terminal "
            "(chupai play) or by chupai simulate",
            "options.players" if "players" in options else "preset",
        )
    if len(seats) != rules.players:
        raise TableError(
            f"{info.key} ({preset}) is played by {rules.players} players, not {len(seats)}", "seats"
        )
    if not any(s["kind"] == "human" for s in seats):
        raise TableError("a table needs at least one human seat", "seats")
    mine = (own or {}).get(info.key, ())
    clean = [_check_seat(info.key, i, s, mine) for i, s in enumerate(seats)]
    _name_bots(clean)
    seed = raw.get("seed")
    if seed is None:
        seed = secrets.randbelow(2**62)
    return {
        "game": info.key,
        "preset": preset,
        "options": options,
        "spec": rules.spec(),
        "deals": int(raw.get("deals") or 1),
        "turn_seconds": raw.get("turn_seconds"),
        "continue_seconds": raw.get("continue_seconds"),
        "seed": int(seed),
        "seats": clean,
    }
