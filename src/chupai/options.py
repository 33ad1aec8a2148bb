"""Rules as data: the generic machinery behind every game's options object.

Each game declares one frozen, keyword-only dataclass of options (e.g.
:class:`chupai.bigtwo.rules.BigTwoRules`) whose fields carry a one-line ``doc`` in
their metadata, and a mapping of named presets. This module reads and writes such
objects from text (``--set key=value``), from JSON-ready dicts, and as a one-line
spec string such as ``bigtwo(preset=taiwan,pass_lockout=true)``.

Value syntax (``../shared/rules/README.md``): booleans ``true``/``false``; integers
in decimal; enumerations by name; sets as comma-separated names, ``none`` for the
empty set; integer lists (``tuple[int, ...]``) as comma-separated integers without
spaces (``3,6,12``), ``none`` for the empty list. Unknown keys and bad values raise
:class:`RulesError` naming the key and listing what is allowed.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Literal, TypeVar, get_args, get_origin

from chupai.errors import RulesError

__all__ = [
    "option_fields",
    "allowed_text",
    "parse_value",
    "format_value",
    "apply_overrides",
    "to_dict",
    "from_dict",
    "spec_string",
    "parse_overrides",
    "option",
    "option_docs",
    "option_error",
    "preset_named",
]

T = TypeVar("T")


def option_fields(cls: type[Any]) -> dict[str, Any]:
    """The option names of an options class mapped to their resolved types."""
    hints = typing.get_type_hints(cls)
    return {f.name: hints[f.name] for f in dataclasses.fields(cls)}


def allowed_text(tp: Any) -> tuple[str, ...]:
    """The text forms of the values an option of type ``tp`` allows (for error
    messages and ``chupai rules --values``)."""
    if tp is bool:
        return ("true", "false")
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tuple(str(m.value) for m in tp)
    origin = get_origin(tp)
    if origin is frozenset:
        (inner,) = get_args(tp)
        return ("none",) + allowed_text(inner)
    if origin is tuple:
        return ("<comma-separated integers>",)
    if origin in (typing.Union, types.UnionType):
        out: tuple[str, ...] = ()
        for arg in get_args(tp):
            out += allowed_text(arg)
        return out
    if origin is Literal:
        return tuple(str(a) for a in get_args(tp))
    if tp is int:
        return ("<integer>",)
    if tp is type(None):
        return ("none",)
    return ()


_allowed_text = allowed_text  # the former name


def parse_value(key: str, tp: Any, text: str) -> Any:
    """Parse the text form of one option value of type ``tp``."""
    raw = text.strip()
    low = raw.lower()
    allowed = allowed_text(tp)

    def bad() -> RulesError:
        return RulesError(
            f"bad value {text!r} for option {key!r}; allowed: {', '.join(allowed)}",
            key,
            allowed,
        )

    if tp is bool:
        if low in ("true", "false"):
            return low == "true"
        raise bad()
    if tp is int:
        try:
            return int(raw, 10)
        except ValueError:
            raise bad() from None
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        for m in tp:
            if str(m.value).lower() == low:
                return m
        raise bad()
    origin = get_origin(tp)
    if origin in (frozenset, tuple):
        return _parse_collection(key, tp, raw, bad)
    if origin is Literal:
        for a in get_args(tp):
            if str(a).lower() == low:
                return a
        raise bad()
    if tp is type(None):
        if low == "none":
            return None
        raise bad()
    if origin in (typing.Union, types.UnionType):
        for arg in get_args(tp):
            try:
                return parse_value(key, arg, raw)
            except RulesError:
                continue
        raise bad()
    raise TypeError(f"unsupported option type {tp!r} for {key!r}")


def _parse_collection(
    key: str, tp: Any, raw: str, bad: Callable[[], RulesError]
) -> frozenset[Any] | tuple[Any, ...]:
    """Parse a set (``frozenset[E]``) or an integer list (``tuple[int, ...]``):
    comma-separated items, ``none`` or nothing for the empty one."""
    args = get_args(tp)
    low = raw.lower()
    if get_origin(tp) is frozenset:
        if low in ("none", ""):
            return frozenset()
        return frozenset(parse_value(key, args[0], part) for part in raw.split(","))
    if len(args) != 2 or args[1] is not Ellipsis:
        raise TypeError(f"unsupported option type {tp!r} for {key!r}")
    if low in ("none", ""):
        return ()
    try:
        return tuple(parse_value(key, args[0], part) for part in raw.split(","))
    except RulesError:
        raise bad() from None


def format_value(value: Any) -> str:
    """The text form of an option value (inverse of :func:`parse_value`)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, frozenset):
        if not value:
            return "none"
        return ",".join(sorted(format_value(v) for v in value))
    if isinstance(value, tuple):
        return ",".join(format_value(v) for v in value) if value else "none"
    if value is None:
        return "none"
    return str(value)


def _json_value(value: Any) -> Any:
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, frozenset):
        return sorted(_json_value(v) for v in value)
    if isinstance(value, tuple):
        return [_json_value(v) for v in value]
    return value


def to_dict(rules: Any) -> dict[str, Any]:
    """The options as a JSON-ready dict (every field, resolved; a ``later`` option
    only when it differs from its default, see :func:`option`)."""
    return {name: _json_value(getattr(rules, name)) for name in written_fields(rules)}


def _unknown_key(cls: type[Any], key: str) -> RulesError:
    names = tuple(option_fields(cls))
    return RulesError(f"unknown option {key!r}; known options: {', '.join(names)}", key, names)


def _from_json(key: str, tp: Any, value: Any) -> Any:
    if isinstance(value, bool):
        return parse_value(key, tp, "true" if value else "false")
    if value is None:
        return parse_value(key, tp, "none")
    if isinstance(value, list):
        return parse_value(key, tp, ",".join(str(v) for v in value) or "none")
    return parse_value(key, tp, str(value))


def from_dict(cls: type[T], data: Mapping[str, Any]) -> T:
    """Build an options object from a dict written by :func:`to_dict` (strict:
    unknown keys are errors; missing keys take the class defaults)."""
    return cls(**_typed_values(cls, data, _from_json))


def _typed_values(
    cls: type[Any], values: Mapping[str, Any], convert: Callable[[str, Any, Any], Any]
) -> dict[str, Any]:
    """``values`` by option name, each converted by ``convert(key, type, value)``
    (an unknown key is an error)."""
    fields = option_fields(cls)
    out: dict[str, Any] = {}
    for key, value in values.items():
        if key not in fields:
            raise _unknown_key(cls, key)
        out[key] = convert(key, fields[key], value)
    return out


def parse_overrides(items: list[str] | tuple[str, ...]) -> dict[str, str]:
    """Split ``key=value`` strings (as given to ``--set``) into a dict."""
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise RulesError(f"bad option setting {item!r}: expected KEY=VALUE", None)
        out[key.strip().lower()] = value.strip()
    return out


def apply_overrides(base: T, overrides: Mapping[str, str]) -> T:
    """Return ``base`` with text overrides applied (and the result validated)."""
    changes = _typed_values(type(base), overrides, parse_value)
    return dataclasses.replace(base, **changes)  # type: ignore[type-var]


def spec_string(game: str, rules: Any, presets: Mapping[str, Any]) -> str:
    """A one-line spec such as ``bigtwo(preset=taiwan,pass_lockout=true)``.

    The preset chosen is the one with the fewest differing options (ties go to
    the first preset listed).
    """
    best_name, best_diff = "", None
    for name, preset in presets.items():
        diff = [
            f.name
            for f in dataclasses.fields(rules)
            if getattr(rules, f.name) != getattr(preset, f.name)
        ]
        if best_diff is None or len(diff) < len(best_diff):
            best_name, best_diff = name, diff
    parts = [f"preset={best_name}"] + [
        f"{k}={format_value(getattr(rules, k))}" for k in (best_diff or [])
    ]
    return f"{game}({','.join(parts)})"


# ----- what every game's rules module writes the same way -------------------------
def option(default: Any, doc: str, *, later: bool = False) -> Any:
    """A field of a rules dataclass with its default and one-line ``doc`` (read by
    :func:`option_docs` and the generated option tables). A ``later`` option was
    added after records were first written: :func:`to_dict` leaves it out while it
    holds its default, so the records of tables that do not use it stay as they
    were (older readers still read them, the golden files stay byte-exact)."""
    return dataclasses.field(default=default, metadata={"doc": doc, "later": later})


def written_fields(rules: Any) -> list[str]:
    """The option names :func:`to_dict` writes for ``rules``: every field but the
    ``later`` ones that hold their default."""
    return [
        f.name
        for f in dataclasses.fields(rules)
        if not (f.metadata.get("later") and getattr(rules, f.name) == f.default)
    ]


def option_docs(cls: type[Any]) -> dict[str, str]:
    """Each option of the rules dataclass ``cls`` with its one-line doc."""
    return {f.name: f.metadata["doc"] for f in dataclasses.fields(cls)}


def option_error(key: str, msg: str, allowed: tuple[str, ...] = ()) -> RulesError:
    """The :class:`RulesError` of a bad option value: ``option 'key': msg``."""
    return RulesError(f"option {key!r}: {msg}", key, allowed)


def preset_named(game: str, presets: Mapping[str, Any], preset: str) -> str:
    """The name of ``preset`` (case and spaces folded) among the ``presets`` of
    ``game``; raises :class:`RulesError` listing them when there is none."""
    name = preset.strip().lower()
    if name not in presets:
        raise RulesError(
            f"unknown preset {preset!r} for {game}; presets: {', '.join(presets)}",
            "preset",
            tuple(presets),
        )
    return name
