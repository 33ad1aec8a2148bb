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

from collections.abc import Iterator

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions
from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style

__all__ = ["Wrapped", "wrap_cells"]


def _fold(word: str, width: int) -> list[str]:
    """``word`` cut into pieces of at most ``width`` cells."""
    pieces = [""]
    for ch in word:
        if pieces[-1] and cell_len(pieces[-1] + ch) > width:
            pieces.append("")
        pieces[-1] += ch
    return pieces


def wrap_cells(text: str, width: int) -> list[str]:
    """The lines of ``text`` at most ``width`` cells wide, broken between words."""
    width = max(1, width)
    lines: list[str] = []
    line = ""
    for word in text.split():
        joined = f"{line} {word}" if line else word
        if cell_len(joined) <= width:
            line = joined
            continue
        if line:
            lines.append(line)
        pieces = _fold(word, width) if cell_len(word) > width else [word]
        lines.extend(pieces[:-1])
        line = pieces[-1]
    if line or not lines:
        lines.append(line)
    return lines


class Wrapped:
    """A table cell of ``text`` wrapped with :func:`wrap_cells` to the width the
    table gives it (its narrowest: its widest word; its widest: the whole text on
    one line)."""

    def __init__(self, text: str, style: str = "") -> None:
        self.text = text
        self.style = style

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest_word = max((cell_len(w) for w in self.text.split()), default=0)
        whole = cell_len(" ".join(self.text.split()))
        limit = options.max_width
        return Measurement(min(widest_word, limit), min(whole, limit))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Segment]:
        style = console.get_style(self.style) if self.style else Style()
        for line in wrap_cells(self.text, options.max_width):
            yield Segment(line, style)
            yield Segment.line()
