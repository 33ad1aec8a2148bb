"""Big Two's penalties in words: how the cards a loser held became the penalty
(``11 cards left, doubled for 11 or more: 22``), for the schemes that count cards.

>>> from chupai.bigtwo.rules import PRESETS
>>> from chupai.cards import parse_mask
>>> str(penalty_words(PRESETS["standard"], parse_mask("3D 4D 5D 6D 7D 8D 9D TD JD QD KD"), False))
'11 cards left, doubled for 11 or more: 22'
>>> str(penalty_words(PRESETS["standard"], parse_mask("3D 4D"), True))
'2 cards left and none played, tripled: 6'
>>> penalty_words(PRESETS["standard"], parse_mask("3D 4D"), False) is None
True
"""

from __future__ import annotations

from typing import Final

from chupai.bigtwo.rules import BigTwoRules, Scoring
from chupai.bigtwo.scoring import SCHEMES
from chupai.cards import CardMask
from chupai.i18n import Msg, add_translations, plural

__all__ = ["penalty_words", "MESSAGES"]

_COUNTING: Final = frozenset({Scoring.CARDS_WIKI, Scoring.CARDS_SEED001, Scoring.CARDS_MAINLAND})
"""The schemes whose penalty is the cards left times a factor."""

_TIMES: Final = {2: "doubled", 3: "tripled", 4: "quadrupled"}


def _times(factor: int) -> Msg:
    word = _TIMES.get(factor)
    return Msg(word) if word else Msg("×{factor}", factor=factor)


def penalty_words(rules: BigTwoRules, hand: CardMask, untouched: bool) -> Msg | None:
    """Why ``hand`` (the cards a loser held when the winner went out; ``untouched``:
    the loser played none) costs its penalty, when the scheme multiplies the cards
    left; None when the penalty is simply the cards left, or the scheme counts
    otherwise."""
    if rules.scoring not in _COUNTING:
        return None
    scheme = SCHEMES[rules.scoring]
    count = hand.bit_count()
    paid = scheme(rules, hand, untouched)
    if not count or paid == count or paid % count:
        return None
    cards = plural(count, "{n} card left", "{n} cards left")
    factor = paid // count
    if untouched and paid != scheme(rules, hand, False):
        return Msg(
            "{cards} and none played, {times}: {paid}",
            cards=cards,
            times=_times(factor),
            paid=paid,
        )
    lowest = min(k for k in range(1, count + 1) if scheme(rules, (1 << k) - 1, False) == k * factor)
    return Msg(
        "{cards}, {times} for {k} or more: {paid}",
        cards=cards,
        times=_times(factor),
        k=lowest,
        paid=paid,
    )


MESSAGES: Final = {
    "{n} card left": ("剩 {n} 张", "残り {n} 枚"),
    "{n} cards left": ("剩 {n} 张", "残り {n} 枚"),
    "doubled": ("翻倍", "2倍"),
    "tripled": ("三倍", "3倍"),
    "quadrupled": ("四倍", "4倍"),
    "×{factor}": ("×{factor}", "×{factor}"),
    "{cards} and none played, {times}: {paid}": (
        "{cards}且一张未出，{times}：{paid}",
        "{cards}で1枚も出していないので{times}：{paid}",
    ),
    "{cards}, {times} for {k} or more: {paid}": (
        "{cards}，满 {k} 张{times}：{paid}",
        "{cards}、{k} 枚以上は{times}：{paid}",
    ),
    "Penalties: ": ("罚分：", "ペナルティ："),
}
"""The penalties' words in 中文 and 日本語."""

add_translations(MESSAGES)
