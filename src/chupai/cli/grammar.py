"""The input grammar every game of ``chupai play`` shares: hand indexes, the
suggestion for a mistyped word, and the rows that number a hand.

**Hand indexes.** Every hand is drawn with its index row: the cards in display
order, numbered from 0, the number above each card. In every game ``#N`` picks the
card numbered N and ``#N-M`` the cards N to M; the numbers that follow a ``#``
word are indexes too (``#0 3 5``, ``# 0 3 5``). Where a bare number cannot be a card (Big Two, 大怪路子, whose
cards always have a suit), bare numbers are indexes too (``0 1``), as they always
were; where a bare number is a rank (Dou Dizhu ``3 3``, Big A ``7 7``), it stays a
rank.

>>> split_indexes(["#0-2", "5h"], 13)
([0, 1, 2], ['5h'])
>>> split_indexes(["#", "4", "7"], 13)
([4, 7], [])
>>> split_indexes(["0", "3"], 13, bare=True)
([0, 3], [])

**Near misses.** A refused line whose first word is close to a word the game reads
(its commands and its action words) gets a suggestion:

>>> near_miss("paas", ["pass", "hint", "quit"])
'pass'
>>> near_miss("7h", ["pass"]) is None
True
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence

from rich.text import Text

from chupai.errors import ChupaiError
from chupai.i18n import Msg, add_translations

__all__ = ["split_indexes", "near_miss", "index_rows", "INDEX_HELP", "MESSAGES"]

INDEX_HELP = "pick cards by the number above each card: #0 #3, #0-4 (a range), # 0 3"
"""The help screens' line about hand indexes (the same in every game)."""


def _index(text: str, size: int, word: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise ChupaiError(
            Msg("{word} is not a hand index: write # then a number, e.g. #0", word=repr(word))
        )
    i = int(text)
    if i >= size == 1:
        raise ChupaiError(Msg("index {i} is out of range: your hand has 1 card, numbered 0", i=i))
    if i >= size:
        raise ChupaiError(
            Msg(
                "index {i} is out of range: your hand has {n} cards, numbered 0 to {last}",
                i=i,
                n=size,
                last=size - 1,
            )
        )
    return i


def _range(text: str, size: int, word: str) -> list[int]:
    first, dash, last = text.partition("-")
    if not dash:
        return [_index(first, size, word)]
    lo, hi = _index(first, size, word), _index(last, size, word)
    if hi < lo:
        raise ChupaiError(
            Msg("the range {word} runs backwards: write #{lo}-{hi}", word=repr(word), lo=hi, hi=lo)
        )
    return list(range(lo, hi + 1))


def split_indexes(
    words: Sequence[str], size: int, *, bare: bool = False
) -> tuple[list[int], list[str]]:
    """The hand indexes of ``words`` (a hand of ``size`` cards) and the other words,
    in order: ``#N``, ``#N-M``, and the numbers right after them or after a
    ``#`` alone (``#0 3 5``, ``# 0 3``); with ``bare``, every number and range. An index given twice, out of range or
    malformed is a :class:`ChupaiError` naming it."""
    indexes: list[int] = []
    others: list[str] = []
    after_hash = False
    for word in words:
        if word == "#":
            after_hash = True
            continue
        numeric = word.replace("-", "").isdigit() and word.isascii()
        if word.startswith("#"):
            found = _range(word[1:], size, word)
            after_hash = True
        elif numeric and (bare or after_hash):
            found = _range(word, size, word)
        else:
            after_hash = False
            others.append(word)
            continue
        for i in found:
            if i in indexes:
                raise ChupaiError(Msg("index {i} is given twice", i=i))
            indexes.append(i)
    return indexes, others


def near_miss(word: str, words: Iterable[str]) -> str | None:
    """The word of ``words`` that ``word`` is most likely a typo of (``paas`` →
    ``pass``), or None: only for a word of letters (never a card token) that is not
    itself one of ``words``."""
    word = word.lower()
    known = sorted({w for w in words if len(w) >= 3 and w.isascii()})
    if len(word) < 3 or not word.isalpha() or not word.isascii() or word in known:
        return None
    found = difflib.get_close_matches(word, known, n=1, cutoff=0.75)
    return found[0] if found else None


def index_rows(
    labels: Sequence[Text], width: int, most: int = 18, cell: int = 3
) -> list[tuple[Text, Text]]:
    """The rows of a hand drawn with its index row: for each row the indexes
    (dimmed, right-aligned above their card) and the cards; the fewest balanced
    rows, each at most ``most`` cards and ``width`` cells wide, a card taking at
    least ``cell`` cells (one more than its own width and its index's).

    >>> [(i.plain, f.plain) for i, f in index_rows([Text("3"), Text("10")], 80)]
    [('  0  1', '  3 10')]
    """
    if not labels:
        return []
    digits = len(str(len(labels) - 1)) + 1
    cells = [max(cell, digits, t.cell_len + 1) for t in labels]
    room = max(max(cells), width - 1)
    rows = 1
    while True:
        per_row = -(-len(labels) // rows)
        chunks = [range(i, min(len(labels), i + per_row)) for i in range(0, len(labels), per_row)]
        if per_row <= most and all(sum(cells[i] for i in c) <= room for c in chunks):
            break
        rows += 1
    out: list[tuple[Text, Text]] = []
    for chunk in chunks:
        idx, faces = Text(), Text()
        for i in chunk:
            idx.append(f"{i:>{cells[i]}}", style="dim")
            faces.append(" " * (cells[i] - labels[i].cell_len))
            faces.append_text(labels[i])
        out.append((idx, faces))
    return out


MESSAGES = {
    INDEX_HELP: (
        "按每张牌上方的序号选牌：#0 #3、#0-4（一段）、# 0 3",
        "札の上の番号で選ぶ：#0 #3、#0-4（範囲）、# 0 3",
    ),
    "{word} is not a hand index: write # then a number, e.g. #0": (
        "{word} 不是手牌序号：写 # 加数字，如 #0",
        "{word} は手札の番号ではありません：# の後に数字（例：#0）",
    ),
    "index {i} is out of range: your hand has {n} cards, numbered 0 to {last}": (
        "序号 {i} 超出范围：你有 {n} 张牌，序号 0 到 {last}",
        "番号 {i} は範囲外です：手札は {n} 枚で番号は 0〜{last}",
    ),
    "index {i} is out of range: your hand has 1 card, numbered 0": (
        "序号 {i} 超出范围：你只有 1 张牌，序号 0",
        "番号 {i} は範囲外です：手札は 1 枚で番号は 0",
    ),
    "the range {word} runs backwards: write #{lo}-{hi}": (
        "范围 {word} 写反了：应写 #{lo}-{hi}",
        "範囲 {word} が逆です：#{lo}-{hi} と書く",
    ),
    "index {i} is given twice": ("序号 {i} 给了两次", "番号 {i} が2回指定されています"),
    "{error} — did you mean {word}?": (
        "{error} — 你是想输入 {word} 吗？",
        "{error} — {word} のことですか？",
    ),
    "{question} [y/N]": ("{question} [y/N]", "{question} [y/N]"),
    "Not done.": ("未执行。", "取り消しました。"),
    "{n} legal play ({counts})": (
        "{n} 手合法出牌（{counts}）",
        "合法な出し方 {n} 通り（{counts}）",
    ),
    "you do not hold {cards}": ("你没有 {cards}", "{cards} を持っていません"),
    "you hold one {cards}": ("你只有一张 {cards}", "{cards} は1枚しか持っていません"),
}
"""The grammar's texts in 中文 and 日本語."""

add_translations(MESSAGES)
