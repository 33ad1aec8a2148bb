"""Dou Dizhu's reasons in 中文 and 日本語 (:mod:`chupai.i18n`): why a play, a bid
or a decision is refused, as the terminal and the browser show them (the
reasons of :mod:`chupai.doudizhu.diagnoses` among them).

>>> from chupai.doudizhu.combos import explain, parse_cards
>>> from chupai.doudizhu.rules import PRESETS
>>> from chupai.i18n import translate
>>> why = explain(parse_cards("3 4", PRESETS["classic"]), PRESETS["classic"])
>>> why, translate(why, "ja")
('two cards of different ranks do not form a pair', 'ランクの違う2枚はペアになりません')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

import chupai.messages as _shared
from chupai.doudizhu.names import COMBO_NAMES
from chupai.i18n import add_translations

__all__ = ["CATALOG", "kind_name", "kind_names"]


def kind_name(kind: str) -> Mapping[str, str]:
    """A Dou Dizhu combination type as a message field (:func:`chupai.messages.kind_name`)."""
    return _shared.kind_name(kind, COMBO_NAMES)


def kind_names(kinds: list[str]) -> Mapping[str, str]:
    """Several types as one field (:func:`chupai.messages.kind_names`)."""
    return _shared.kind_names(kinds, COMBO_NAMES)


CATALOG: Final = {
    # play and bidding
    "明牌 is not allowed (ming_pai=off)": (
        "本规则不能明牌（ming_pai=off）",
        "このルールでは明牌はできません（ming_pai=off）",
    ),
    "only the landlord may show the hand, and only before its first play": (
        "只有地主能明牌，而且只能在第一次出牌之前",
        "明牌できるのは地主だけで、最初に出す前に限ります",
    ),
    "{cards} cannot be read as {kind}; it reads as {kinds}": (
        "{cards} 不能当作{kind}，只能当作{kinds}",
        "{cards} は{kind}としては読めません。読めるのは{kinds}です",
    ),
    "the play does not match its cards' reading (a kind is always read with its highest key)": (
        "出牌与其牌的读法不符（牌型总按最大的读法）",
        "出した手がカードの読み方と一致しません（役は常に一番強い読み方になります）",
    ),
    "seat {seat} must decide whether to rob the landlord (rob or no)": (
        "{seat} 号座必须决定是否抢地主（rob 或 no）",
        "{seat} 番席は地主を奪うかどうか決めてください（rob か no）",
    ),
    "a bid is 1, 2 or 3, not {bid!r}": (
        "叫分只能是 1、2 或 3，不是 {bid!r}",
        "ビッドは 1、2、3 のどれかです（{bid!r} ではありません）",
    ),
    "a bid must be higher than the highest bid so far ({bid})": (
        "叫分必须高于目前最高的叫分（{bid}）",
        "ビッドはこれまでの最高（{bid}）より高くしてください",
    ),
    "seat {seat} must bid (1..3) or pass": (
        "{seat} 号座必须叫分（1..3）或不叫",
        "{seat} 番席はビッド（1..3）かパスをしてください",
    ),
    # combinations (chupai.doudizhu.diagnoses)
    "BJ RJ is not a pair (four_player: only jokers of the same colour pair)": (
        "小王和大王不是对子（four_player：只有同色的王成对）",
        "BJ と RJ はペアではありません（four_player：同じ色のジョーカーだけがペアです）",
    ),
    "three jokers form nothing (heaven_lord is all four jokers)": (
        "三张王不成牌型（天王是四张王）",
        "ジョーカー3枚は役になりません（天王はジョーカー4枚です）",
    ),
    "two cards of different ranks do not form a pair": (
        "两张不同点数的牌不成对子",
        "ランクの違う2枚はペアになりません",
    ),
    "three cards must all be of one rank 3..2 to form a trio": (
        "三张牌必须是 3..2 中同一点数才成三张",
        "トリオには 3..2 の同じランクの3枚が必要です",
    ),
    "four_player has no trio_single: a trio takes a pair (trio_pair)": (
        "四人斗地主没有三带一：三张只能带一对（trio_pair）",
        "4人用には3枚+1枚はありません：トリオはペアを付けます（trio_pair）",
    ),
    "four_player has no four_with_two; four_with_pair needs the option allow_four_with_pair=true": (
        "四人斗地主没有四带二；四带一对需要选项 allow_four_with_pair=true",
        "4人用には4枚+2枚はありません。4枚+ペアには allow_four_with_pair=true が必要です",
    ),
    "four_player has no four_with_two (four of a rank take no two single kickers)": (
        "四人斗地主没有四带二（四张不能带两张单牌）",
        "4人用には4枚+2枚はありません（4枚に単札2枚は付けられません）",
    ),
    "four_player has no four_with_two_pairs": (
        "四人斗地主没有四带两对",
        "4人用には4枚+2ペアはありません",
    ),
    "four_player airplanes take pairs as wings (airplane_pairs), not single cards": (
        "四人斗地主的飞机只能带对子作翅膀（airplane_pairs），不能带单牌",
        "4人用の飛行機はペアを翼にします（airplane_pairs）。単札は付けられません",
    ),
    "the wings of an airplane may not hold all four jokers (the heaven_lord)": (
        "飞机的翅膀不能是全部四张王（天王）",
        "飛行機の翼にジョーカー4枚すべては使えません（天王）",
    ),
    "BJ and RJ may not both be wings of an airplane (they are the rocket)": (
        "小王和大王不能同时作飞机的翅膀（它们是王炸）",
        "BJ と RJ を両方とも飛行機の翼にはできません（ロケットです）",
    ),
    "no airplane reading: a wing pair may never have the rank of a body trio, and the wing "
    "pairs must be of different ranks": (
        "不成飞机：翅膀的对子不能与机身三张同点数，且各对点数必须不同",
        "飛行機になりません：翼のペアは胴体のトリオと同じランクにできず、翼のペアは互いに違うランクでなければなりません",
    ),
    "no airplane reading: a wing may never have the rank of a body trio, and the wings "
    "never hold four of one rank": (
        "不成飞机：翅膀不能与机身三张同点数，翅膀中也不能有四张同点数",
        "飛行機になりません：翼は胴体のトリオと同じランクにできず、翼に同じランク4枚も入れられません",
    ),
    "BJ RJ is not a pair, so a trio cannot take them": (
        "小王大王不是对子，三张不能带它们",
        "BJ RJ はペアではないので、トリオに付けられません",
    ),
    "four of a rank and one card form nothing (no four-with-one)": (
        "四张加一张不成牌型（没有四带一）",
        "同じランク4枚と1枚では役になりません（4枚+1枚はありません）",
    ),
    "four_with_two may not take BJ and RJ together (they are the rocket)": (
        "四带二不能同时带小王和大王（它们是王炸）",
        "4枚+2枚に BJ と RJ を一緒には付けられません（ロケットです）",
    ),
    "four_with_two_kickers=no_pair: the two kickers must differ in rank": (
        "four_with_two_kickers=no_pair：带的两张必须点数不同",
        "four_with_two_kickers=no_pair：2枚のキッカーは違うランクでなければなりません",
    ),
    "two quads are not a four_with_two_pairs (its pairs must differ in rank)": (
        "两个炸弹不是四带两对（两对必须点数不同）",
        "4枚組2つは4枚+2ペアではありません（ペアは違うランクでなければなりません）",
    ),
    "BJ RJ is not a pair": ("小王大王不是对子", "BJ RJ はペアではありません"),
    "four_with_two_pairs needs two pairs of different ranks": (
        "四带两对需要两对不同点数的对子",
        "4枚+2ペアには違うランクの2ペアが必要です",
    ),
    "a 2 or a joker can never be part of a straight, pair chain or airplane": (
        "2 和王不能用在顺子、连对或飞机里",
        "2 とジョーカーはストレート、連続ペア、飛行機には使えません",
    ),
    "a straight has at most 12 cards (3 to A)": (
        "顺子最多 12 张（3 到 A）",
        "ストレートは最大12枚です（3 から A）",
    ),
    "the ranks of a straight must be consecutive (no gaps, no wrap-around)": (
        "顺子的点数必须连续（不能断开，不能首尾相接）",
        "ストレートのランクは連続していなければなりません（抜けも折り返しも不可）",
    ),
    "a straight needs at least 5 cards": ("顺子至少要 5 张", "ストレートは5枚以上必要です"),
    "a pair chain needs at least 3 consecutive pairs": (
        "连对至少要 3 个相连的对子",
        "連続ペアには連続する3ペア以上が必要です",
    ),
    "the pairs of a pair chain must be of consecutive ranks": (
        "连对的点数必须连续",
        "連続ペアのランクは連続していなければなりません",
    ),
    "an airplane has at most {max_air} trios (airplane_max_trios)": (
        "飞机最多 {max_air} 个三张（airplane_max_trios）",
        "飛行機のトリオは最大 {max_air} 組です（airplane_max_trios）",
    ),
    "the trios of an airplane must be of consecutive ranks 3..A": (
        "飞机的三张必须是 3..A 中连续的点数",
        "飛行機のトリオは 3..A の連続したランクでなければなりません",
    ),
    "no airplane reading: the body must be consecutive trios of ranks 3..A with exactly as "
    "many wings, never of a body rank and never four of one rank": (
        "不成飞机：机身须是 3..A 中相连的三张，带同样多的翅膀，翅膀不能与机身同点数，也不能有四张同点数",
        "飛行機になりません：胴体は 3..A の連続したトリオで、同じ数の翼が必要です。翼は胴体のランクにできず、同じランク4枚も不可です",
    ),
    "no airplane reading: the body must be consecutive trios of ranks 3..A with exactly as "
    "many wings, never of a body rank, the wings pairs of different ranks": (
        "不成飞机：机身须是 3..A 中相连的三张，带同样多的翅膀，翅膀不能与机身同点数，翅膀的对子点数各不相同",
        "飛行機になりません：胴体は 3..A の連続したトリオで、同じ数の翼が必要です。翼は胴体のランクにできず、翼のペアは互いに違うランクです",
    ),
    "three of a rank and one card of another rank form a trio_single; this is not one": (
        "三张加一张不同点数的牌才是三带一；这不是",
        "同じランク3枚と別のランク1枚で3枚+1枚になります。これは違います",
    ),
    "these {n} cards form no combination": ("这 {n} 张牌不成牌型", "この {n} 枚は役になりません"),
}
"""Dou Dizhu's texts: English template → (中文, 日本語)."""

add_translations(CATALOG)
