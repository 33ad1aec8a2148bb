"""A deal's score explained in words: the pieces every game's explanation shares.

Each game says where every point of a finished deal came from in its own
``scoring_words`` module (``explain(deal, names) -> Explanation``) and exposes the
lines through its spec (:attr:`chupai.protocol.GameSpec.explain_score`). An
:class:`Explanation` carries the lines (:class:`chupai.i18n.Msg`, English strings
that render in 中文 and 日本語) and the deal scores its numbers arrive at, computed
with the game's own scoring functions, so a test can check that the words add up
to the deal's scores.

>>> signed(22), signed(-22), signed(0)
('+22', '−22', '0')
>>> added([22, 6, 3])
'22 + 6 + 3'
>>> from chupai.i18n import translate
>>> who = seat_names(3, None)[2]
>>> who, translate(who, "zh"), translate(who, "ja")
('Seat 2', '座位 2', '席 2')
>>> str(Joined([Msg("Seat {n}", n=1), "x"], " / "))
'Seat 1 / x'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from chupai.i18n import Msg, add_translations, translate

__all__ = ["Explanation", "Joined", "added", "seat_names", "signed", "MESSAGES"]


@dataclass(frozen=True, slots=True)
class Explanation:
    """Where a deal's points came from: the ``lines`` in words and the ``scores``
    (one per seat) that the numbers in them arrive at."""

    lines: tuple[Msg, ...]
    scores: tuple[int, ...]


def signed(value: int) -> str:
    """A score with its sign (``+22``, ``−22`` with a minus sign, ``0``)."""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def added(values: Iterable[int]) -> str:
    """Numbers as a sum (``22 + 6 + 3``; a negative one in brackets)."""
    return " + ".join(str(v) if v >= 0 else f"({signed(v)})" for v in values)


_LIST_SEP: Final = {"zh": "、", "ja": "、"}
"""How a list of names is separated in 中文 and 日本語."""


class Joined:
    """Several texts (messages or plain strings) joined by ``sep``, rendered in the
    language asked for: a :class:`~chupai.i18n.Msg` field made of parts."""

    __slots__ = ("parts", "sep")

    def __init__(self, parts: Sequence[str], sep: str) -> None:
        self.parts = tuple(parts)
        self.sep = sep

    def text(self, lang: str) -> str:
        """The parts in ``lang``, joined."""
        sep = _LIST_SEP.get(lang, self.sep) if self.sep == ", " else self.sep
        return sep.join(translate(p, lang) for p in self.parts)

    def __str__(self) -> str:
        return self.text("en")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Joined) and (self.parts, self.sep) == (other.parts, other.sep)

    def __hash__(self) -> int:
        return hash((self.parts, self.sep))

    def __reduce__(self) -> Any:
        return (Joined, (self.parts, self.sep))


def seat_names(players: int, names: Sequence[Any] | None) -> tuple[Any, ...]:
    """The names the lines give the seats: ``names`` (a surface's: ``You``, a
    player's name), else ``Seat 0``, ``Seat 1``… in every language."""
    if names is not None:
        if len(names) != players:
            raise ValueError(f"{len(names)} names for {players} seats")
        return tuple(names)
    return tuple(Msg("Seat {n}", n=s) for s in range(players))


MESSAGES: Final = {
    "Seat {n}": ("座位 {n}", "席 {n}"),
}
"""The shared words in 中文 and 日本語."""

add_translations(MESSAGES)
