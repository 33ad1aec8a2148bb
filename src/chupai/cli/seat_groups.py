"""The bots of a large table in one short line: ``Seats 1–12 heuristic``.

``chupai play`` says who sits where before the first deal (``You are Seat 0. Bots:
Seat 1 greedy, Seat 2 greedy, ...``). Up to :data:`~chupai.cli.terminal.COMPACT_SEATS`
seats every bot is named with its seat; beyond, the seats are written as ranges and
grouped (:func:`bots_text`), so a Big Two table of 13 or 52 seats keeps the line
within a 100-column terminal:

>>> bots = {s: "heuristic" for s in range(1, 13)}
>>> bots_text("en", bots)
'Seats 1–12 heuristic'
>>> bots_text("en", {s: ("random", "greedy")[s % 2] for s in range(1, 13)})
'Seats 1–12: greedy, random in turn'
>>> bots_text("zh", {s: "greedy" for s in range(13) if s != 5})
'座位 0–4、6–12 贪心'
>>> bots_text("en", {1: "expert:playouts=50", 2: "mypkg.agents:Agent"})
'Seat 1 expert:playouts=50, Seat 2 mypkg.agents:Agent'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from chupai.cli.terminal import COMPACT_SEATS
from chupai.i18n import add_translations, tr

__all__ = ["bot_name", "bots_text", "seat_ranges"]

RANGE_DASH: Final = "–"

_SEP: Final = {"en": ", ", "zh": "、", "ja": "、"}
"""The separator of a list of seat numbers or bot names."""


_LEVELS: Final = {
    "zh": {
        "random": "随机",
        "greedy": "贪心",
        "heuristic": "启发式",
        "search": "搜索",
        "expert": "专家",
    },
    "ja": {
        "random": "ランダム",
        "greedy": "貪欲",
        "heuristic": "ヒューリスティック",
        "search": "探索",
        "expert": "エキスパート",
    },
}
"""The bot levels' names in 中文 and 日本語 (the browser's words, ``botLevelName``)."""


def bot_name(lang: str, name: str) -> str:
    """A bot's name as the setup line shows it: a level's name in ``lang`` with its
    parameters as typed (``expert:playouts=50``); any other name (an own agent's
    ``module:attribute``) as it is.

    >>> bot_name("zh", "search:ms=200"), bot_name("en", "expert"), bot_name("ja", "pkg:Bot")
    ('搜索:ms=200', 'expert', 'pkg:Bot')
    """
    base, colon, params = name.partition(":")
    level = _LEVELS.get(lang, {}).get(base)
    return name if level is None else level + colon + params


def seat_ranges(seats: Sequence[int], lang: str = "en") -> str:
    """``seats`` (ascending) as runs: ``1–12``, ``0–4, 6–12``, ``3``.

    >>> seat_ranges([0, 1, 2, 4, 6, 7])
    '0–2, 4, 6–7'
    """
    runs: list[list[int]] = []
    for s in seats:
        if runs and s == runs[-1][1] + 1:
            runs[-1][1] = s
        else:
            runs.append([s, s])
    parts = [str(a) if a == b else f"{a}{RANGE_DASH}{b}" for a, b in runs]
    return _SEP.get(lang, ", ").join(parts)


def _where(lang: str, seats: Sequence[int]) -> str:
    if len(seats) == 1:
        return tr(lang, "Seat {n}", n=seats[0])
    return tr(lang, "Seats {seats}", seats=seat_ranges(seats, lang))


def _period(names: Sequence[str]) -> int:
    """The shortest ``p`` with ``names[i] == names[i % p]`` for every ``i``."""
    return next(
        p for p in range(1, len(names) + 1) if all(n == names[i % p] for i, n in enumerate(names))
    )


def bots_text(lang: str, bots: Mapping[int, str]) -> str:
    """The bots of ``bots`` (seat -> bot name, in seating order) for the setup line.

    Up to :data:`COMPACT_SEATS` seats: every seat with its bot (``Seat 1 greedy,
    Seat 2 random``). Beyond: one bot everywhere is ``Seats 1–12 heuristic``; a
    rotation of names (the seating of ``--bots a,b,c``) is ``Seats 1–12: a, b, c
    in turn``; anything else is grouped by bot (``Seats 1–3 greedy; Seats 4–12
    random``)."""
    items = [(s, bot_name(lang, n)) for s, n in bots.items()]
    sep = _SEP.get(lang, ", ")
    if len(items) < COMPACT_SEATS:
        return tr(lang, ", ").join(f"{tr(lang, 'Seat {n}', n=s)} {n}" for s, n in items)
    seats = [s for s, _ in items]
    names = [n for _, n in items]
    if len(set(names)) == 1:
        return f"{_where(lang, seats)} {names[0]}"
    p = _period(names)
    if 2 * p <= len(names):
        return tr(
            lang, "{seats}: {bots} in turn", seats=_where(lang, seats), bots=sep.join(names[:p])
        )
    groups: dict[str, list[int]] = {}
    for s, n in items:
        groups.setdefault(n, []).append(s)
    return "; ".join(f"{_where(lang, sorted(ss))} {n}" for n, ss in groups.items())


add_translations(
    {
        "Seats {seats}": ("座位 {seats}", "席 {seats}"),
        "{seats}: {bots} in turn": ("{seats}：{bots} 轮流", "{seats}：{bots} の順に交代"),
    }
)
