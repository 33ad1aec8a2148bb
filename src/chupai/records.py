"""What every game's JSON records share: the header, typed field access, writing
a deal record, and the move-by-move replay of an action list against a deal.

A deal record is a JSON object ``{"format": "chupai-record", "version": 1, "game":
GAME, "rules": {...}, ..., "actions": [{"seat": S, "action": TEXT}, ...], "result":
{...} | null}``; each game adds its own header fields (seed, dealer, hands, ...).
Every problem is a :class:`~chupai.errors.RecordError`, never another exception.

A position travels as a **state string** (:func:`state_text`, read back by
:func:`state_record`): the deal's record (the engine is deterministic, so the
rules, the dealt cards and the actions so far give the position exactly),
compressed into one printable line ``chupai-state/1:<base64>``. A game's spec
turns it into a deal (:meth:`chupai.protocol.GameSpec.deserialize_state`).
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Final, Protocol, TypeVar

from chupai.errors import ChupaiError, RecordError

__all__ = [
    "FORMAT",
    "VERSION",
    "is_int",
    "field",
    "check_header",
    "check_result",
    "RecordableDeal",
    "deal_record",
    "ReplayableDeal",
    "replay_actions",
    "replay_deal",
    "check_match_plan",
    "header_errors",
    "replayers",
    "recorder",
    "card_strings",
    "JsonValue",
    "RecordedRules",
    "STATE_PREFIX",
    "pack_state",
    "unpack_state",
    "state_text",
    "state_record",
]

FORMAT: Final = "chupai-record"
VERSION: Final = 1


def is_int(value: Any) -> bool:
    """A JSON integer (``true``/``false`` are not integers)."""
    return isinstance(value, int) and not isinstance(value, bool)


def field(
    rec: Mapping[str, Any],
    key: str,
    kind: type | tuple[type, ...],
    *,
    optional: bool = False,
    default: Any = None,
) -> Any:
    """``rec[key]`` checked to be of JSON type ``kind`` (``int`` excludes booleans).

    A missing or null optional field gives ``default``."""
    if key not in rec:
        if optional:
            return default
        raise RecordError(f"record has no {key!r} field")
    value = rec[key]
    if value is None and optional:
        return default
    ok = is_int(value) if kind is int else isinstance(value, kind)
    if not ok:
        raise RecordError(f"record field {key!r} has the wrong type: {value!r}")
    return value


def card_strings(rec: Mapping[str, Any], key: str) -> list[str]:
    """``rec[key]`` checked to be a list of card strings (a record's hands)."""
    value: list[Any] = field(rec, key, list)
    if not all(isinstance(h, str) for h in value):
        raise RecordError(f"record field {key!r} must be a list of card strings")
    return value


def check_header(rec: Any, game: str) -> None:
    """Check that ``rec`` is a chupai deal record of ``game``, version 1."""
    if not isinstance(rec, Mapping):
        raise RecordError("a record must be a JSON object")
    if rec.get("format") != FORMAT:
        raise RecordError(f"not a chupai record (format {rec.get('format')!r})")
    if rec.get("version") != VERSION or isinstance(rec.get("version"), bool):
        raise RecordError(f"unsupported record version {rec.get('version')!r}")
    if rec.get("game") != game:
        raise RecordError(f"record game {rec.get('game')!r} is not {game}")


def check_result(rec: Mapping[str, Any]) -> None:
    """Check that the record's ``result`` is an object or null."""
    result = rec.get("result")
    if result is not None and not isinstance(result, Mapping):
        raise RecordError(f"record field 'result' must be an object or null, not {result!r}")


class JsonValue(Protocol):
    """A value with a JSON-ready form (a deal's result, a score table row)."""

    def to_dict(self) -> dict[str, Any]: ...


class RecordedRules(JsonValue, Protocol):
    """Rules as a record writes them: the spec text and the options."""

    def spec(self) -> str: ...


class _Event(Protocol):
    @property
    def seat(self) -> int: ...

    @property
    def action(self) -> Any: ...


class RecordableDeal(Protocol):
    """What :func:`deal_record` needs of a deal."""

    @property
    def rules(self) -> RecordedRules: ...

    @property
    def seed(self) -> int | None: ...

    @property
    def outcome(self) -> JsonValue | None: ...

    def action_text(self, action: Any) -> str: ...


def deal_record(
    game: str, deal: RecordableDeal, fields: Mapping[str, Any], events: Iterable[_Event]
) -> dict[str, Any]:
    """The JSON-ready record of ``deal`` of ``game``: the header (format, version,
    game, spec, resolved rules, seed), then the game's own ``fields``, then the
    ``events`` as actions (``{"seat": S, "action": TEXT}``) and the result (null
    while the deal runs)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game,
        "spec": deal.rules.spec(),
        "rules": deal.rules.to_dict(),
        "seed": deal.seed,
        **fields,
        "actions": [{"seat": ev.seat, "action": deal.action_text(ev.action)} for ev in events],
        "result": deal.outcome.to_dict() if deal.outcome is not None else None,
    }


R = TypeVar("R", bound=RecordableDeal)


def _history(deal: Any) -> Iterable[_Event]:
    return deal.history  # type: ignore[no-any-return]


def recorder(
    game: str,
    header: Callable[[R], Mapping[str, Any]],
    events: Callable[[R], Iterable[_Event]] = _history,
) -> Callable[[R], dict[str, Any]]:
    """A game's ``to_record`` (:func:`deal_record` of ``game``) from its ``header``
    (a deal → the game's own header fields) and the ``events`` it records (by
    default every event of the deal's ``history``)."""

    def to_record(deal: R) -> dict[str, Any]:
        """The JSON-ready record of ``deal`` (finished or in progress)."""
        return deal_record(game, deal, header(deal), events(deal))

    return to_record


class ReplayableDeal(Protocol):
    """What :func:`replay_actions` needs of a deal."""

    @property
    def current_player(self) -> int | None: ...

    @property
    def outcome(self) -> JsonValue | None: ...

    def is_terminal(self) -> bool: ...

    def parse_action(self, text: str) -> Any: ...

    def apply_action(self, action: Any) -> Any: ...


D = TypeVar("D", bound=ReplayableDeal)


def replay_actions(deal: D, rec: Mapping[str, Any]) -> Iterator[tuple[int, D, Any]]:
    """Apply the record's actions to ``deal`` one by one, checking each, and yield
    ``(index, deal, event)``; then compare the final result with the recorded one.

    Raises :class:`RecordError` naming the first action that is malformed, out of
    turn or illegal (``action_index`` is its 0-based index).
    """
    actions = field(rec, "actions", list)
    for i, item in enumerate(actions):
        if (
            not isinstance(item, Mapping)
            or not isinstance(item.get("action"), str)
            or not is_int(item.get("seat"))
        ):
            raise RecordError(f"action {i + 1}: malformed entry {item!r}", i)
        if deal.is_terminal():
            raise RecordError(f"action {i + 1}: the deal was already over", i)
        if item["seat"] != deal.current_player:
            raise RecordError(
                f"action {i + 1} ({item['action']!r}): seat {item['seat']!r} acted but "
                f"it was seat {deal.current_player}'s turn",
                i,
            )
        try:
            ev = deal.apply_action(deal.parse_action(item["action"]))
        except ChupaiError as exc:
            raise RecordError(f"action {i + 1} by seat {item['seat']}: {exc}", i) from None
        yield i, deal, ev
    check_result(rec)
    result = rec.get("result")
    if result is not None:
        outcome = deal.outcome
        if outcome is None:
            raise RecordError("the record has a result but its actions do not finish the deal")
        if dict(result) != outcome.to_dict():
            raise RecordError(
                f"the recorded result {dict(result)!r} differs from the replayed one "
                f"{outcome.to_dict()!r}"
            )


def replay_deal(start: Callable[[Mapping[str, Any]], D], rec: Mapping[str, Any]) -> D:
    """Build the deal of ``rec`` with ``start`` (which checks the header), replay
    every action (:func:`replay_actions`) and return the final deal."""
    deal = start(rec)
    for _ in replay_actions(deal, rec):
        pass
    return deal


def check_match_plan(
    players: int, deals: int | None, target: int | None, dealer: int | None, max_deals: int
) -> None:
    """Validate the plan of a match of any game (number of deals or target score,
    first dealer, safety cap), raising :class:`ChupaiError` with the reason."""
    if deals is None and target is None:
        raise ChupaiError("a match needs a number of deals or a target score")
    if deals is not None and deals < 1:
        raise ChupaiError(f"a match needs at least 1 deal, not {deals}")
    if target is not None and target < 1:
        raise ChupaiError(f"the target score must be at least 1, not {target}")
    if dealer is not None and not 0 <= dealer < players:
        raise ChupaiError(f"dealer {dealer} is not a seat of {players} players")
    if max_deals < 1:
        raise ChupaiError(f"max_deals must be at least 1, not {max_deals}")


@contextmanager
def header_errors(*kinds: type[Exception]) -> Iterator[None]:
    """Inside the block, an exception of ``kinds`` (default: :class:`ChupaiError`)
    becomes the :class:`RecordError` ``bad record header: ...`` (a game's
    ``_start`` reading its header)."""
    caught = kinds or (ChupaiError,)
    try:
        yield
    except caught as exc:
        raise RecordError(f"bad record header: {exc}") from None


def replayers(
    start: Callable[[Mapping[str, Any]], D],
) -> tuple[
    Callable[[Mapping[str, Any]], Iterator[tuple[int, D, Any]]], Callable[[Mapping[str, Any]], D]
]:
    """A game's ``replay_steps`` and ``replay`` from its ``start`` (a record → the
    deal before its first action, the header checked)."""

    def replay_steps(rec: Mapping[str, Any]) -> Iterator[tuple[int, D, Any]]:
        """Yield ``(index, deal, event)`` after each action, checking every one.

        Raises :class:`RecordError` at the first action that is malformed, out of
        turn or illegal, or when the final result differs from the recorded one.
        """
        yield from replay_actions(start(rec), rec)

    def replay(rec: Mapping[str, Any]) -> D:
        """Replay a whole record and return the final deal (see ``replay_steps``)."""
        return replay_deal(start, rec)

    return replay_steps, replay


# ----- state strings ----------------------------------------------------------------

STATE_PREFIX: Final = "chupai-state/1:"
"""The start of a deal's state string (:func:`state_text`)."""
_MAX_STATE: Final = 1 << 24
"""The most bytes a state string may unpack to."""


def pack_state(value: Mapping[str, Any], prefix: str = STATE_PREFIX) -> str:
    """``value`` (JSON-ready) as one printable line: ``prefix``, then the URL-safe
    base64 (unpadded) of its zlib-compressed compact JSON."""
    raw = json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()
    return prefix + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")


def unpack_state(text: Any, prefix: str = STATE_PREFIX) -> dict[str, Any]:
    """The JSON object of a string written by :func:`pack_state` with ``prefix``;
    raises :class:`RecordError` saying what is wrong (not a string, another
    prefix, damaged base64 or compression, not a JSON object)."""
    if not isinstance(text, str):
        raise RecordError(f"a state must be a string, not {type(text).__name__}")
    text = text.strip()
    if not text.startswith(prefix):
        raise RecordError(
            f"not a state string: expected {prefix!r} at the start, got {text[:24]!r}"
        )
    body = text[len(prefix) :]
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        inflate = zlib.decompressobj()
        raw = inflate.decompress(packed, _MAX_STATE)
        if inflate.unconsumed_tail or not inflate.eof:
            raise ValueError("truncated or too long")
        value = json.loads(raw)
    except (binascii.Error, ValueError, zlib.error) as exc:
        raise RecordError(f"damaged state string after {prefix!r}: {exc}") from None
    if not isinstance(value, dict):
        raise RecordError("damaged state string: it does not hold a JSON object")
    return value


def state_text(record: Mapping[str, Any]) -> str:
    """The state string of a deal record (a game's ``to_record``; its result is
    left out, the replay finds it again)."""
    return pack_state({**record, "result": None})


def state_record(text: Any) -> dict[str, Any]:
    """The deal record inside a state string (:func:`state_text`), for a game's
    ``replay``; raises :class:`RecordError` for a string that is not one."""
    return unpack_state(text)
