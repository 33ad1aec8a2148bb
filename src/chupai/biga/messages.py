"""Big A's reasons in 中文 and 日本語 (:mod:`chupai.i18n`): why a play is refused,
as the terminal and the browser show them.

>>> from chupai.biga.cards import parse_cards
>>> from chupai.biga.combos import explain
>>> from chupai.biga.rules import STANDARD
>>> from chupai.i18n import translate
>>> translate(explain(parse_cards("3 5"), STANDARD), "zh")
'龙至少要 3 张；两张不同点数的牌不成牌型'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

import chupai.messages as _shared
from chupai.biga.names import COMBO_NAMES
from chupai.i18n import add_translations

__all__ = ["CATALOG", "kind_name"]


def kind_name(kind: str) -> Mapping[str, str]:
    """A Big A combination type as a message field (:func:`chupai.messages.kind_name`)."""
    return _shared.kind_name(kind, COMBO_NAMES)


CATALOG: Final = {
    # play
    "the draw and the declarations are over": (
        "摸牌和亮牌已经结束",
        "ドローと宣言は終わっています",
    ),
    "a capture is never a lead": ("吃牌不能用来首出", "取り（キャプチャ）でリードはできません"),
    "a capture takes the current top play": (
        "吃牌只能吃当前最大的牌",
        "取りは場の一番上の手に対してだけです",
    ),
    "captures by fours are off (fours_capture=false)": (
        "本规则不能用 4 吃牌（fours_capture=false）",
        "このルールでは 4 による取りはありません（fours_capture=false）",
    ),
    "not a play of fours": ("这不是一手 4", "4 の手ではありません"),
    "{kind} {cards} cannot be captured": ("{kind} {cards} 不能被吃", "{kind} {cards} は取れません"),
    "capturing {cards} takes exactly {n} ordinary 4s": (
        "吃 {cards} 正好需要 {n} 张普通的 4",
        "{cards} を取るにはちょうど {n} 枚の普通の 4 が必要です",
    ),
    "the play does not match its cards' reading": (
        "出牌与其牌的读法不符",
        "出した手がカードの読み方と一致しません",
    ),
    " (write a capture as 'capture ...')": (
        "（吃牌请写作 'capture ...'）",
        "（取りは 'capture ...' と書いてください）",
    ),
    # the draw and the declarations
    "seat {seat} must show the second Big Ace or keep it hidden": (
        "{seat} 号座必须亮出第二张大A，或者不亮",
        "{seat} 番席は2枚目の大A を見せるか、隠したままにしてください",
    ),
    "seat {seat} must reveal itself as the partner or stay hidden": (
        "{seat} 号座必须表明自己是同伴，或者继续隐藏",
        "{seat} 番席は相棒だと明かすか、隠れたままにしてください",
    ),
    "{name!r} is not an action of the draw (declare or decline)": (
        "{name!r} 不是摸牌阶段的操作（亮牌或不亮）",
        "{name!r} はドローの操作ではありません（宣言か見送り）",
    ),
    "seat {seat} must declare (show AX / show AX AX) or decline": (
        "{seat} 号座必须亮牌（show AX / show AX AX）或不亮",
        "{seat} 番席は宣言する（show AX / show AX AX）か見送ってください",
    ),
    "not a declaration: {d!r}": ("不是亮牌：{d!r}", "宣言ではありません：{d!r}"),
    "two Aces have been shown: no further declaration": (
        "已经亮出两张 A：不能再亮牌",
        "A が2枚見せられました：これ以上の宣言はできません",
    ),
    "seat {seat} does not hold both {card}": (
        "{seat} 号座没有两张 {card}",
        "{seat} 番席は {card} を2枚とも持っていません",
    ),
    "seat {declarer} has already declared (only two Aces may be shown now)": (
        "{declarer} 号座已经亮过牌（现在只能亮两张 A）",
        "{declarer} 番席がもう宣言しています（今は A 2枚だけ見せられます）",
    ),
    "seat {seat} does not hold an {card}": (
        "{seat} 号座没有 {card}",
        "{seat} 番席は {card} を持っていません",
    ),
    # combinations
    "a joker combines only with other jokers (two_jokers, three_jokers, four_jokers): "
    "jokers are never part of a sequence or a set of one rank": (
        "王只能和王组合（双王、三张王、四张王）：王不能用在龙里，也不能和同点数的牌组合",
        "ジョーカーはジョーカーとだけ組めます（双王、3張王、4張王）：竜にも同じランクの組にも使えません",
    ),
    "{n} jokers form nothing (there are only four)": (
        "{n} 张王不成牌型（一共只有四张）",
        "ジョーカー {n} 枚は役になりません（全部で4枚です）",
    ),
    "a Big Ace may not join ordinary Aces in a pair, egg, big egg or true seven "
    "(big_ace_in_sets = false)": (
        "大A 不能和普通的 A 组成对子、蛋子、大蛋子或真七（big_ace_in_sets = false）",
        "大A は普通の A と対子・蛋子・大蛋子・真七を組めません（big_ace_in_sets = false）",
    ),
    "{n} cards of one rank form nothing (there are only eight)": (
        "{n} 张同点数的牌不成牌型（每种只有八张）",
        "同じランク {n} 枚は役になりません（各ランク8枚です）",
    ),
    "cards of several ranks form a combination only as a sequence type, with the same "
    "number of cards of each rank (one: sequence, two: pair_sequence, three: egg_sequence, "
    "four: fake_eight)": (
        "不同点数的牌只有组成龙类牌型才行，且每个点数张数相同（一张：龙，两张：双龙，三张：连珠蛋，四张：假八）",
        "違うランクのカードは、各ランク同じ枚数の竜の類でだけ役になります（1枚：竜、2枚：双竜、3枚：連珠蛋、4枚：仮八）",
    ),
    "{m} cards of each of several ranks form no sequence type (at most four each)": (
        "每个点数 {m} 张不成龙类牌型（每个点数最多四张）",
        "各ランク {m} 枚では竜の類になりません（各ランク4枚まで）",
    ),
    "a sequence needs at least 3 cards; two cards of different ranks form nothing": (
        "龙至少要 3 张；两张不同点数的牌不成牌型",
        "竜は3枚以上必要です。ランクの違う2枚は役になりません",
    ),
    "a pair_sequence needs at least 3 consecutive pairs": (
        "双龙至少要 3 个相连的对子",
        "双竜には連続する3組以上の対子が必要です",
    ),
    "an egg_sequence has exactly three trios of consecutive ranks (two trios are neither an "
    "egg nor an egg_sequence)": (
        "连珠蛋正好是三个相连的三张（两个三张既不是蛋子也不是连珠蛋）",
        "連珠蛋は連続したランクのちょうど3組の3枚です（3枚2組は蛋子でも連珠蛋でもありません）",
    ),
    "an egg_sequence has exactly three trios of consecutive ranks": (
        "连珠蛋正好是三个相连的三张",
        "連珠蛋は連続したランクのちょうど3組の3枚です",
    ),
    "a fake_eight has exactly two quads of consecutive ranks": (
        "假八正好是两个相连的四张",
        "仮八は連続したランクのちょうど2組の4枚です",
    ),
    "the ranks of {what} must be consecutive in the sequence order {order}": (
        "{what}的点数必须按顺序 {order} 相连",
        "{what}のランクは順番 {order} で連続していなければなりません",
    ),
    "these {n} cards form no combination": ("这 {n} 张牌不成牌型", "この {n} 枚は役になりません"),
}
"""Big A's texts: English template → (中文, 日本語)."""

add_translations(CATALOG)
