"""Text wrapped by its width on the screen (East Asian width: a CJK character takes
two cells), for table cells that mix English with 中文 or 日本語.

Rich's own wrapping of such text can cut a word short with ``…`` (``…may rob the
landlord after th…``); :class:`Wrapped` measures every word with rich's cell width
and breaks only between words (a word wider than the whole cell, such as a run of
CJK characters without spaces, is folded where it must be).

>>> wrap_cells("搶地主: players who did not pass may rob", 20)
['搶地主: players who', 'did not pass may rob']
>>> wrap_cells("明牌明牌明牌", 5)
['明牌', '明牌', '明牌']
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions
from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style

__all__ = ["Wrapped", "wrap_cells"]


def _fold(word: str, width: int) -> list[str]:
    """``word`` cut into pieces of at most ``width`` cells: beside a CJK character
    where it can (:func:`_head`), anywhere where it must."""
    pieces = []
    while cell_len(word) > width:
        cut = _head(word, width)
        if not cut:  # no break opportunity: as many characters as fit
            cut = 1
            while cut < len(word) and cell_len(word[: cut + 1]) <= width:
                cut += 1
        pieces.append(word[:cut])
        word = word[cut:]
    return [*pieces, word]


_NO_LINE_START: Final = frozenset("、。，．）」』】〕：；！？ー…,.;:!?)")
"""Punctuation a line never starts with (it stays with the character before)."""


def _head(word: str, room: int) -> int:
    """How many characters of ``word`` fit in ``room`` cells before a line break
    (0 if none): a word holding CJK characters may break beside any of them, never
    before closing punctuation."""
    best = 0
    for i in range(1, len(word)):
        if cell_len(word[:i]) > room:
            break
        wide = cell_len(word[i - 1]) == 2 or cell_len(word[i]) == 2
        if wide and word[i] not in _NO_LINE_START:
            best = i
    return best


def wrap_cells(text: str, width: int) -> list[str]:
    """The lines of ``text`` at most ``width`` cells wide, broken between words
    (and inside a run of CJK characters, which has no spaces to break at).

    >>> wrap_cells("A を1枚見せる：宣言者になる", 12)
    ['A を1枚見せ', 'る：宣言者に', 'なる']
    """
    width = max(1, width)
    lines: list[str] = []
    line = ""
    for word in text.split():
        joined = f"{line} {word}" if line else word
        if cell_len(joined) <= width:
            line = joined
            continue
        cut = _head(word, width - cell_len(line) - 1) if line else 0
        if cut:  # the start of a CJK run fills the line
            line, word = f"{line} {word[:cut]}", word[cut:]
        if cut and cell_len(word) <= width:
            lines.append(line)
            line = word
            continue
        if line:
            lines.append(line)
        pieces = _fold(word, width) if cell_len(word) > width else [word]
        lines.extend(pieces[:-1])
        line = pieces[-1]
    if line or not lines:
        lines.append(line)
    return lines


def _narrowest(word: str) -> int:
    """The fewest cells ``word`` can be folded into without cutting a latin word:
    its widest piece between CJK characters (the whole word when it has none)."""
    pieces = re.split(r"[^\x00-\u1fff]", word)
    return max(2 if len(pieces) > 1 else 0, *(cell_len(piece) for piece in pieces))


class Wrapped:
    """A table cell of ``text`` wrapped with :func:`wrap_cells` to the width the
    table gives it (its narrowest: its widest word; its widest: the whole text on
    one line)."""

    def __init__(self, text: str, style: str = "") -> None:
        self.text = text
        self.style = style

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest_word = max((_narrowest(w) for w in self.text.split()), default=0)
        whole = cell_len(" ".join(self.text.split()))
        limit = options.max_width
        return Measurement(min(widest_word, limit), min(whole, limit))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Segment]:
        style = console.get_style(self.style) if self.style else Style()
        for line in wrap_cells(self.text, options.max_width):
            yield Segment(line, style)
            yield Segment.line()
