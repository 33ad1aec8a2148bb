"""大怪路子's reasons in 中文 and 日本語 (:mod:`chupai.i18n`): why a play is
refused, as the terminal and the browser show them.

>>> from chupai.daguailuzi.cards import parse_cards
>>> from chupai.daguailuzi.combos import explain
>>> from chupai.daguailuzi.rules import PRESETS
>>> from chupai.i18n import translate
>>> translate(explain(parse_cards("3D 4D 5D 6D"), PRESETS["seed"], 0), "ja")
'4枚の手はありません：出せるのは 1、2、3、5 枚です'
"""

from __future__ import annotations

from typing import Final

import chupai.messages  # noqa: F401 (the shared texts)
from chupai.i18n import add_translations

__all__ = ["CATALOG"]

CATALOG: Final = {
    # play
    "no {gift} during play": ("出牌阶段不能 {gift}", "出す段階では {gift} はできません"),
    "{action!r} is no action of this game": (
        "{action!r} 不是本游戏的操作",
        "{action!r} はこのゲームの操作ではありません",
    ),
    "you do not hold {cards}": ("你没有 {cards}", "{cards} を持っていません"),
    "{cards} is not that combination": ("{cards} 不是那种牌型", "{cards} はその役ではありません"),
    "a play of {n} card(s) is needed, not {size}": (
        "需要出 {n} 张，不是 {size} 张",
        "{n} 枚で出す必要があります（{size} 枚ではなく）",
    ),
    "{cards} does not beat {top}": ("{cards} 压不过 {top}", "{cards} では {top} に勝てません"),
    # tribute and return
    "the tribute phase: give one card of your highest rank (e.g. 'tribute RJ')": (
        "进贡阶段：交出一张你最大点数的牌（例如 'tribute RJ'）",
        "貢ぎの段階：一番強いランクのカードを1枚出してください（例：'tribute RJ'）",
    ),
    "a tribute is exactly one card": ("进贡正好是一张牌", "貢ぎはちょうど1枚です"),
    "a tribute must be a card of your highest rank: {cards}": (
        "进贡必须是你最大点数的牌：{cards}",
        "貢ぎは一番強いランクのカードでなければなりません：{cards}",
    ),
    "the return phase: give a card back before play": (
        "还贡阶段：出牌前先还一张牌",
        "返しの段階：出す前にカードを1枚返してください",
    ),
    "take one of the offered cards: {cards}": (
        "从给出的牌中拿一张：{cards}",
        "差し出されたカードから1枚取ってください：{cards}",
    ),
    "take exactly one of the offered cards: {cards}": (
        "从给出的牌中正好拿一张：{cards}",
        "差し出されたカードからちょうど1枚取ってください：{cards}",
    ),
    "return one card to seat {giver} (e.g. 'return 4D')": (
        "还给 {giver} 号座一张牌（例如 'return 4D'）",
        "{giver} 番席にカードを1枚返してください（例：'return 4D'）",
    ),
    "a return is exactly one card": ("还贡正好是一张牌", "返しはちょうど1枚です"),
    "offer seat {giver} {n} cards of different ranks (e.g. 'offer 4D 6S 9C')": (
        "给 {giver} 号座 {n} 张不同点数的牌供其挑选（例如 'offer 4D 6S 9C'）",
        "{giver} 番席に違うランクのカードを {n} 枚差し出してください（例：'offer 4D 6S 9C'）",
    ),
    "offer exactly {n} cards of different ranks": (
        "正好给出 {n} 张不同点数的牌",
        "違うランクのカードをちょうど {n} 枚差し出してください",
    ),
    "the {n} offered cards must be of different ranks": (
        "给出的 {n} 张牌必须点数各不相同",
        "差し出す {n} 枚は違うランクでなければなりません",
    ),
    # combinations
    "a legal play": ("可以出的牌", "出せる手"),
    "no cards: a play has 1, 2, 3 or 5 cards": (
        "没有选牌：出牌为 1、2、3 或 5 张",
        "カードがありません：出せるのは 1、2、3、5 枚です",
    ),
    "no four-card play: a play has 1, 2, 3 or 5 cards": (
        "不能出四张：出牌为 1、2、3 或 5 张",
        "4枚の手はありません：出せるのは 1、2、3、5 枚です",
    ),
    "no play of {size} cards: a play has 1, 2, 3 or 5 cards": (
        "不能出 {size} 张：出牌为 1、2、3 或 5 张",
        "{size} 枚の手はありません：出せるのは 1、2、3、5 枚です",
    ),
    "a pair needs 2 cards of one rank (jokers are wild), not {ranks}": (
        "对子需要 2 张同点数的牌（王可作任意牌），不是 {ranks}",
        "ペアには同じランクの2枚が必要です（ジョーカーは万能）。{ranks} ではなりません",
    ),
    "a triple needs 3 cards of one rank (jokers are wild), not {ranks}; there is no "
    "three-card run": (
        "三条需要 3 张同点数的牌（王可作任意牌），不是 {ranks}；没有三张的顺子",
        "スリーカードには同じランクの3枚が必要です（ジョーカーは万能）。{ranks} ではなりません。3枚のストレートはありません",
    ),
    "two pairs are no play (no type of §4.1 has them)": (
        "两对不能出（§4.1 没有这种牌型）",
        "ツーペアは出せません（§4.1 にその役はありません）",
    ),
    "not a run: no run A2345 … TJQKA contains {ranks} (runs never wrap round the Ace), "
    "and the cards are not all of one suit": (
        "不是顺子：A2345 … TJQKA 中没有包含 {ranks} 的顺子（顺子不能绕过 A），而且不是同一花色",
        "ストレートではありません：A2345 … TJQKA に {ranks} を含むものはありません（A をまたいで回りません）。同じスートでもありません",
    ),
    "no five-card type: {ranks} are three ranks or more, of several suits, with a rank "
    "repeated (neither a flush nor a run of different ranks)": (
        "不成五张牌型：{ranks} 有三个以上点数、多种花色且有重复点数（既不是同花也不是顺子）",
        "5枚の役になりません：{ranks} は3ランク以上・複数のスートで、ランクが重複しています（フラッシュでもストレートでもありません）",
    ),
}
"""大怪路子's texts: English template → (中文, 日本語)."""

add_translations(CATALOG)
