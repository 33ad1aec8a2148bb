"""The web views of the games that have one, one module per game, found through
the registry (``get_game(key).plugin("web")``): each provides ``view(obs)`` (a
:class:`chupai.web.viewkit.GameView`) and may provide ``quiet_answer(deal)``
(see :mod:`chupai.web.tables`), ``PAGE`` (:class:`PageData`: what the page
needs to know of the game, served in ``/api/games``; see :func:`page_data`) and
``TABLE_OPTIONS`` (the options the lobby offers as menus; see
:func:`table_options`). A game without one is shown by the generic view of
:mod:`chupai.web.views`."""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any, TypedDict, cast

from chupai.options import allowed_text, format_value, option_docs, option_fields

__all__ = ["PageData", "PromptRule", "TableOption", "page_data", "preset_values", "table_options"]


class PromptRule(TypedDict, total=False):
    """When the page shows a sentence above a decision's buttons. The first
    rule that matches wins: ``phase`` (if given) is the public phase, and one of
    ``heads`` (if given) is the first word of a legal action. ``prompt`` is the
    key of the page's sentence (``i18n.js``), given the other seat of an
    exchange as ``{name}`` ("?" when unknown); ``unnamed`` (optional) the one
    shown instead when that seat is unknown."""

    heads: list[str]
    phase: str
    prompt: str
    unnamed: str


class PageData(TypedDict):
    """What the page knows of a game beyond its protocol messages."""

    prompts: list[PromptRule]
    """The decision prompts, in order (:class:`PromptRule`)."""
    words: dict[str, str]
    """An action word the game labels with another of the page's words
    (``{"show": "show_ddz"}``: Dou Dizhu's 明牌, not Big A's 亮)."""
    big_aces: bool
    """Whether a suited Ace is drawn as a Big Ace (after the draw, or once its
    suit is the public ``info.big_suit``)."""


def page_data(plugin: ModuleType | None) -> PageData:
    """The page data of a game's web plugin (its ``PAGE``, missing fields
    empty); a game without a plugin gets none (the generic view).

    >>> page_data(None)
    {'prompts': [], 'words': {}, 'big_aces': False}
    """
    page: dict[str, Any] = dict(getattr(plugin, "PAGE", None) or {})
    return {
        "prompts": [cast(PromptRule, dict(rule)) for rule in page.get("prompts", ())],
        "words": dict(page.get("words", {})),
        "big_aces": bool(page.get("big_aces", False)),
    }


class TableOption(TypedDict):
    """An option the lobby offers as a menu (``/api/games``: ``table_options``)."""

    key: str
    """The option's name, as ``--set`` writes it (``packs``)."""
    values: list[str]
    """Its values as text, in the menu's order."""
    doc: str
    """Its one-line doc (English; the page has the labels in every language)."""


def table_options(plugin: ModuleType | None, presets: Mapping[str, Any]) -> list[TableOption]:
    """The options the lobby of a game offers as menus: its web plugin's
    ``TABLE_OPTIONS`` (option name → its values as text, or None for every
    value its type names: an enumeration's members, ``true``/``false``), each
    with its doc, read from the rules class of the game's ``presets``. The
    others are written ``key=value`` in the options box.

    >>> table_options(None, {})
    []
    """
    wanted: Mapping[str, Any] = getattr(plugin, "TABLE_OPTIONS", None) or {}
    if not wanted or not presets:
        return []
    cls = type(next(iter(presets.values())))
    types, docs = option_fields(cls), option_docs(cls)
    out: list[TableOption] = []
    for key, values in wanted.items():
        if values is None:
            values = [v for v in allowed_text(types[key]) if not v.startswith("<")]
        out.append({"key": key, "values": [str(v) for v in values], "doc": docs[key]})
    return out


def preset_values(options: list[TableOption], rules: Any) -> dict[str, str]:
    """The values ``rules`` (a preset) gives the lobby's ``options``, as text."""
    return {o["key"]: format_value(getattr(rules, o["key"])) for o in options}
