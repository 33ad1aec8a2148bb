"""The words of a terminal session in the player's language: seat names, sentences
whose English verb agrees with the seat, and any message made elsewhere
(:class:`SeatWords`, a base of :class:`~chupai.cli.session.TerminalSession`).

Every text goes through :mod:`chupai.i18n`; the catalogs are
:mod:`chupai.cli.messages` and each game's ``chupai.cli.games.<key>.messages``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from chupai.cli.seat_groups import bots_text
from chupai.cli.terminal import third_person
from chupai.i18n import tr, translate

__all__ = ["SeatWords", "INPUT_NOTE"]

INPUT_NOTE: Final = (
    "Input is typed in English; these words work too: 过 不要 パス (pass), "
    "提示 ヒント (hint), 帮助 ヘルプ (help), 退出 終了 (quit)."
)
"""The help screen's note on the translated words that may be typed."""


class SeatWords:
    """Seat names and sentences in :attr:`lang`, seen from :attr:`human`'s seat."""

    human: int
    """The human's seat (``You``)."""
    lang: str
    """The language: ``en``, ``zh`` or ``ja``."""

    def t(self, template: str, /, **fields: Any) -> str:
        """``template`` with ``fields`` in the session's language (:func:`chupai.i18n.tr`;
        the catalogs: :mod:`chupai.cli.messages` and the games' ``messages``)."""
        return tr(self.lang, template, **fields)

    def say_text(self, text: str) -> str:
        """A message made elsewhere (an engine's reason, an error: a
        :class:`~chupai.i18n.Msg` or plain English) in the session's language."""
        return translate(text, self.lang)

    def name(self, seat: int) -> str:
        return self.t("You") if seat == self.human else self.seat_name(seat)

    def sentence(self, seat: int, you: str, other: str, /, **fields: Any) -> str:
        """The sentence about ``seat``: the template ``you`` when it is the human's,
        else ``other`` (English verbs agree; ``who`` is the seat's name), in the
        session's language.

        Both templates are English with the same fields, e.g. ``"{who} pass"`` and
        ``"{who} passes"``; the catalogs usually give both the same translation."""
        return self.t(you if seat == self.human else other, who=self.name(seat), **fields)

    def seat_name(self, seat: int) -> str:
        """``Seat 3`` in the session's language (the web's words: 座位 3, 席 3)."""
        return self.t("Seat {n}", n=seat)

    def verb(self, seat: int, verb: str) -> str:
        """``verb`` agreeing with the seat's name (``You pass``, ``Seat 1 passes``,
        ``Seat 2 does not rob``, ``Seat 3 is``), in the session's language (the
        catalogs translate both English forms)."""
        return self.t(verb if seat == self.human else third_person(verb))

    def seats_line(self, bots: Mapping[int, str]) -> str:
        """``You are Seat 0. Bots: Seat 1 greedy, ...`` for the bot names by seat."""
        names = bots_text(self.lang, bots)
        return self.t("You are {seat}. Bots: {bots}.", seat=self.seat_name(self.human), bots=names)
