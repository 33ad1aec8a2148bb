"""The help screen of the 大怪路子 terminal game (:mod:`.play`) in English, 中文
and 日本語: sections of (what to type, what it does). What one types stays
English in every language."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from chupai.cli.terminal import HelpSections, commands_help

__all__ = ["HELP", "HELPS", "help_for"]

HELP: Final[HelpSections] = (
    (
        "Your move",
        (
            ("7s 7h, 10h, bj", "play cards by token: rank then suit (10h or th, 7♠), jokers BJ RJ"),
            (
                "#0 #1, #0-4, 0 1",
                "pick cards by the number above each card: #0 #3, #0-4 (a range), # 0 3",
            ),
            ("pass, p", "pass (not when you lead the trick)"),
            (
                "",
                "A play has 1, 2, 3 or 5 cards; a joker in a play of 2 or more cards is "
                "wild (the play takes its highest reading).",
            ),
        ),
    ),
    (
        "Before play",
        (
            ("rj, tribute rj, 12", "tribute: give one of your highest cards (trapped last deal)"),
            ("4d, return 4d", "return any card to the player whose tribute you received"),
            ("offer 4d 6s 9c", "return_rule=joker_candidates: offer cards of different ranks"),
            ("take 6s", "joker_candidates: take one of the cards offered to you"),
        ),
    ),
    commands_help(
        ("hint", "suggest a play (a bot's choice) and count the legal plays"),
        ("hint all", "list the legal plays of each type with their indexes"),
        ("hint pair", "list every legal play of one type (pair, straight, flush, ...)"),
    ),
)
"""The English help screen."""

HELPS: Final[Mapping[str, HelpSections]] = {
    "en": HELP,
    "zh": (
        (
            "出牌",
            (
                ("7s 7h, 10h, bj", "按牌出牌：点数加花色（10h 或 th，7♠），王 BJ RJ"),
                ("#0 #1, #0-4, 0 1", "按每张牌上方的序号选牌：#0 #3、#0-4（一段）、# 0 3"),
                ("pass, p", "过（领出时不能过）"),
                ("", "一手牌为1、2、3或5张；两张以上的牌里王是百搭（按最大的读法）。"),
            ),
        ),
        (
            "出牌前",
            (
                ("rj, tribute rj, 12", "进贡：交出一张最大的牌（上局被关时）"),
                ("4d, return 4d", "还贡：任选一张牌还给向你进贡的人"),
                ("offer 4d 6s 9c", "return_rule=joker_candidates：拿出几张不同点数的牌"),
                ("take 6s", "joker_candidates：从对方拿出的牌中挑一张"),
            ),
        ),
        (
            "命令",
            (
                ("hint", "提示一手牌（电脑的选择）并统计合法出牌"),
                ("hint all", "按牌型列出合法出牌及其序号"),
                ("hint pair", "列出某一牌型的全部合法出牌（pair、straight、flush……）"),
                ("table", "重新显示牌桌（空行也可以）"),
                ("help", "本帮助"),
                ("quit", "退出（也可按 Ctrl-D）"),
            ),
        ),
    ),
    "ja": (
        (
            "あなたの手",
            (
                (
                    "7s 7h, 10h, bj",
                    "カードで出す：ランク＋スート（10h か th、7♠）、ジョーカー BJ RJ",
                ),
                ("#0 #1, #0-4, 0 1", "札の上の番号で選ぶ：#0 #3、#0-4（範囲）、# 0 3"),
                ("pass, p", "パス（リードのときは不可）"),
                (
                    "",
                    "役は1・2・3・5枚。2枚以上の役ではジョーカーはワイルド（最も強い読み方）。",
                ),
            ),
        ),
        (
            "プレイの前",
            (
                ("rj, tribute rj, 12", "貢ぎ：最も強いカードを1枚渡す（前のディールで残ったとき）"),
                ("4d, return 4d", "返し：貢いでくれた人に好きなカードを1枚返す"),
                ("offer 4d 6s 9c", "return_rule=joker_candidates：ランクの違うカードを差し出す"),
                ("take 6s", "joker_candidates：差し出されたカードから1枚取る"),
            ),
        ),
        (
            "コマンド",
            (
                ("hint", "手を提案（ボットの選択）し、出せる役を数える"),
                ("hint all", "出せる役を種類ごとに番号付きで一覧"),
                ("hint pair", "ある種類の出せる役をすべて一覧（pair、straight、flush…）"),
                ("table", "テーブルを再表示（空行でも）"),
                ("help", "このヘルプ"),
                ("quit", "終了（Ctrl-D でも）"),
            ),
        ),
    ),
}
"""The help screen by language."""


def help_for(lang: str) -> HelpSections:
    """The help screen in ``lang`` (English for an unknown one)."""
    return HELPS.get(lang, HELP)
