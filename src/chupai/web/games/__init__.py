"""The web views of the games that have one, one module per game, found through
the registry (``get_game(key).plugin("web")``): each provides ``view(obs)`` (a
:class:`chupai.web.viewkit.GameView`) and may provide ``quiet_answer(deal)``
(see :mod:`chupai.web.tables`) and ``PAGE`` (:class:`PageData`: what the page
needs to know of the game, served in ``/api/games``; see :func:`page_data`). A
game without one is shown by the generic view of :mod:`chupai.web.views`."""

from __future__ import annotations

from types import ModuleType
from typing import Any, TypedDict, cast

__all__ = ["PageData", "PromptRule", "page_data"]


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
