"""Big Two's reasons in 中文 and 日本語 (:mod:`chupai.i18n`): why a play or a
decision is refused, as the terminal and the browser show them.

>>> from chupai.bigtwo.rules import PRESETS
>>> from chupai.bigtwo.combos import explain
>>> from chupai.cards import parse_mask
>>> from chupai.i18n import translate
>>> why = explain(parse_mask("3H 4C"), PRESETS["standard"])
>>> why, translate(why, "zh")
('two cards of different ranks do not form a pair', '两张不同点数的牌不成对子')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

import chupai.messages as _shared
from chupai.bigtwo.names import COMBO_NAMES
from chupai.i18n import CardTokens, Msg, add_translations

__all__ = ["CATALOG", "ding_da", "first_lead", "forced_pass", "kind_name", "no_last_call"]


def kind_name(kind: str) -> Mapping[str, str]:
    """A Big Two combination type as a message field (:func:`chupai.messages.kind_name`)."""
    return _shared.kind_name(kind, COMBO_NAMES)


def first_lead(card: str) -> Msg:
    """The first lead lacks the starting ``card`` (a token)."""
    return Msg("the first lead must contain {card}", card=CardTokens(card))


def forced_pass(seat: int, top_player: int | None) -> Msg:
    """``seat`` must pass under ``repeat_lead_lock``."""
    return Msg(
        "seat {seat} must pass: seat {top_player} repeats a lead that nobody could beat "
        "(repeat_lead_lock)",
        seat=seat,
        top_player=top_player,
    )


def no_last_call(seat: int) -> Msg:
    """``seat`` may not go out: it did not call "last card"."""
    return Msg(
        "seat {seat} did not call 'last card' and may not go out with its last card "
        "(last_card_call)",
        seat=seat,
    )


def ding_da(nxt: int | None, seat: int, card: str | None) -> Msg:
    """頂大: ``nxt`` holds one card, so ``seat`` must lead two or more cards
    (``card`` None) or play its highest ``card`` as a single."""
    if card is None:
        return Msg(
            "頂大: seat {next} holds one card, so seat {seat} must lead two or more cards",
            next=nxt,
            seat=seat,
        )
    return Msg(
        "頂大: seat {next} holds one card, so a single must be seat {seat}'s highest card, {card}",
        next=nxt,
        seat=seat,
        card=CardTokens(card),
    )


CATALOG: Final = {
    # play
    "the play does not match its cards' classification": (
        "出牌与其牌的牌型不符",
        "出した手がカードの役と一致しません",
    ),
    "'last' (the last-card call) is not an option of these rules (last_card_call=false)": (
        "本规则没有“报单”（last_card_call=false）",
        "このルールでは「ラスト宣言」はありません（last_card_call=false）",
    ),
    "'last' may only be called by a play that leaves one card": (
        "只有出完剩一张牌时才能报单（last）",
        "「ラスト」は残り1枚になる出し方でのみ宣言できます",
    ),
    "the first lead must contain {card}": (
        "首轮出牌必须包含 {card}",
        "最初の手には {card} を含めてください",
    ),
    "seat {seat} must pass: seat {top_player} repeats a lead that nobody could beat "
    "(repeat_lead_lock)": (
        "{seat} 号座必须过：{top_player} 号座重复了无人能压的首出（repeat_lead_lock）",
        "{seat} 番席はパスしかできません：{top_player} 番席が誰も勝てなかったリードを繰り返しています（repeat_lead_lock）",
    ),
    " (the same cards do not beat: identical_beats=false)": (
        "（相同的牌压不过：identical_beats=false）",
        "（同じカードでは勝てません：identical_beats=false）",
    ),
    " (equal ranks: the cards compare one by one from the highest)": (
        "（点数相同：从最大的牌起逐张比较）",
        "（同じランク：一番強いカードから一枚ずつ比べます）",
    ),
    "seat {seat} did not call 'last card' and may not go out with its last card (last_card_call)": (
        "{seat} 号座没有报单，不能用最后一张牌出完（last_card_call）",
        "{seat} 番席は「ラスト」を宣言していないので、最後の1枚で上がれません（last_card_call）",
    ),
    "頂大: seat {next} holds one card, so seat {seat} must lead two or more cards": (
        "顶大：{next} 号座只剩一张牌，{seat} 号座必须出两张或以上",
        "頂大：{next} 番席が残り1枚なので、{seat} 番席は2枚以上で出してください",
    ),
    "頂大: seat {next} holds one card, so a single must be seat {seat}'s highest card, {card}": (
        "顶大：{next} 号座只剩一张牌，{seat} 号座出单张必须出最大的牌 {card}",
        "頂大：{next} 番席が残り1枚なので、{seat} 番席のシングルは一番強い {card} でなければなりません",
    ),
    # decisions before play
    "seat {seat} must decide on the leftover card first ({names})": (
        "{seat} 号座必须先决定余牌（{names}）",
        "{seat} 番席はまず余りカードを決めてください（{names}）",
    ),
    "seat {seat} must first say whether it asks for a redeal (keep, redeal)": (
        "{seat} 号座必须先说是否要求重新发牌（keep、redeal）",
        "{seat} 番席はまず配り直しを求めるか決めてください（keep、redeal）",
    ),
    "seat {seat} must first choose one of the face-down hands (hand {left})": (
        "{seat} 号座必须先选一手扣着的牌（hand {left}）",
        "{seat} 番席はまず伏せた手札から1つ選んでください（hand {left}）",
    ),
    "{bad}; seat {seat} must {what}": (
        "{bad}；{seat} 号座必须{what}",
        "{bad}。{seat} 番席は次をしてください：{what}",
    ),
    "seat {seat} must {what}": ("{seat} 号座必须{what}", "{seat} 番席は次をしてください：{what}"),
    "seat {seat} holds {cards} already": (
        "{seat} 号座已经有 {cards}",
        "{seat} 番席はもう {cards} を持っています",
    ),
    "seat {seat} holds both copies of {cards} already": (
        "{seat} 号座两张 {cards} 都有了",
        "{seat} 番席は {cards} を2枚とも持っています",
    ),
    "seat {seat} holds only one {cards}": (
        "{seat} 号座只有一张 {cards}",
        "{seat} 番席は {cards} を1枚しか持っていません",
    ),
    "{cards} was named already": ("{cards} 已经被点过了", "{cards} はもう指名されています"),
    "{cards} may not be exchanged (class_protect_cards)": (
        "{cards} 不能交换（class_protect_cards）",
        "{cards} は交換できません（class_protect_cards）",
    ),
    "{cards} is out of play": ("{cards} 不在牌局中", "{cards} は場にありません"),
    "give 1 to 3 cards face down (give CARDS)": (
        "扣着给出 1 到 3 张牌（give 牌）",
        "1〜3枚を伏せて渡す（give カード）",
    ),
    "act": ("行动", "行動する"),
    "name a card wanted from seat {other} (name CARD) or give up that exchange (skip)": (
        "点一张想从 {other} 号座要的牌（name 牌），或放弃这次交换（skip）",
        "{other} 番席から欲しいカードを1枚指名する（name カード）か、その交換をやめる（skip）",
    ),
    "give a card to seat {other} (give CARDS)": (
        "给 {other} 号座一张牌（give 牌）",
        "{other} 番席にカードを1枚渡す（give カード）",
    ),
    "give {n} cards to seat {other} (give CARDS)": (
        "给 {other} 号座 {n} 张牌（give 牌）",
        "{other} 番席にカードを {n} 枚渡す（give カード）",
    ),
    "choose {n} cards to keep (keep CARDS)": (
        "选 {n} 张留下（keep 牌）",
        "残すカードを {n} 枚選ぶ（keep カード）",
    ),
    # combinations
    "Big Two is played without jokers": ("锄大地不用王牌", "大老二にジョーカーはありません"),
    "no combination has {n} cards (plays have 1, 2, 3 or 5 cards)": (
        "没有 {n} 张的牌型（出牌为 1、2、3 或 5 张）",
        "{n} 枚の役はありません（出せるのは 1、2、3、5 枚）",
    ),
    "not a set of cards of two packs": ("不是两副牌中的牌", "2組のデッキのカードではありません"),
    "two cards of different ranks do not form a pair": (
        "两张不同点数的牌不成对子",
        "ランクの違う2枚はペアになりません",
    ),
    "three cards must all be of one rank to form a triple": (
        "三张牌必须点数相同才成三条",
        "スリーカードには同じランクの3枚が必要です",
    ),
    "four cards form no combination": ("四张牌不成牌型", "4枚では役になりません"),
    "five cards form no combination": ("五张牌不成牌型", "5枚では役になりません"),
    "five cards of one rank form no combination (Big Two has no five of a kind)": (
        "五张同点数的牌不成牌型（锄大地没有五条）",
        "同じランクの5枚は役になりません（大老二にファイブカードはありません）",
    ),
    "five cards of different ranks that are not a straight (under straight_order="
    "{rules.straight_order.value}) and not all of one suit form no combination": (
        "五张不同点数的牌既不成顺子（straight_order={rules.straight_order.value}）也不同花，不成牌型",
        "ランクの違う5枚でも、ストレート（straight_order={rules.straight_order.value}）でもフラッシュでもなければ役になりません",
    ),
    "triples are not allowed under these rules (allow_triples=false)": (
        "本规则不允许出三条（allow_triples=false）",
        "このルールではスリーカードは出せません（allow_triples=false）",
    ),
    "four of a kind needs a fifth card (a kicker); four-card plays are not allowed "
    "(four_card_play={rules.four_card_play.value})": (
        "铁支需要第五张牌（带一张）；不能出四张（four_card_play={rules.four_card_play.value}）",
        "フォーカードには5枚目（キッカー）が必要です。4枚では出せません（four_card_play={rules.four_card_play.value}）",
    ),
    "two pairs are not a play under these rules (four_card_play={rules.four_card_play.value})": (
        "本规则不能出两对（four_card_play={rules.four_card_play.value}）",
        "このルールではツーペアは出せません（four_card_play={rules.four_card_play.value}）",
    ),
    "two pairs and a kicker are not a play (allow_two_pair_kicker=false)": (
        "不能出两对带一张（allow_two_pair_kicker=false）",
        "ツーペア+1は出せません（allow_two_pair_kicker=false）",
    ),
    "flushes are not allowed under these rules (allow_flush=false)": (
        "本规则不允许出同花（allow_flush=false）",
        "このルールではフラッシュは出せません（allow_flush=false）",
    ),
}
"""Big Two's texts: English template → (中文, 日本語)."""

add_translations(CATALOG)
