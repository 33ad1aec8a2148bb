"""Big A's deal score in words (``biga.md`` §10): the declarer's (and partner's)
finishing places and the row of the score table they fall in, every number taken
from :mod:`chupai.biga.scoring`'s tables.

>>> from chupai.biga.game import new_deal
>>> from chupai.biga.rules import STANDARD
>>> from chupai.bots import make_bot
>>> deal = new_deal(STANDARD, 2)
>>> bot = make_bot("greedy", seed=0, game="biga")
>>> while not deal.is_terminal():
...     _ = deal.apply_action(bot.act(deal.observe(deal.current_player), deal.legal_actions()))
>>> for line in explain(deal).lines:
...     print(line)
Still holding cards, placed last in turn: Seat 1
Declarer Seat 0 finished 3rd, partner Seat 1 finished 5th
Partner not revealed before play: declarer −2, partner −1, each defender +1
>>> explain(deal).scores == deal.outcome.scores
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from chupai.biga.scoring import alone_values, partner_table
from chupai.explain import Explanation, Joined, seat_names, signed
from chupai.i18n import Msg, add_translations

__all__ = ["explain", "MESSAGES"]

_PLACES: Final = ("1st", "2nd", "3rd", "4th", "5th")


def _place(pos: int) -> Msg:
    return Msg(_PLACES[pos - 1])


def explain(deal: Any, names: Sequence[Any] | None = None) -> Explanation:
    """The finished ``deal``'s score in words, with the scores the words arrive at
    (``names``: the seats' names, default ``Seat 0``…)."""
    out = deal.outcome
    n = deal.players
    who = seat_names(n, names)
    if out.redeal:
        return Explanation(
            (Msg("Nobody declared: the cards are redealt, nobody scores"),), (0,) * n
        )
    pos = {seat: i + 1 for i, seat in enumerate(out.finishing_order)}
    d = out.declarer
    lines: list[Msg] = []
    if out.went_out < n:
        still = [who[s] for s in out.finishing_order[out.went_out :]]
        lines.append(
            Msg("Still holding cards, placed last in turn: {seats}", seats=Joined(still, ", "))
        )
    if out.alone:
        dv, ev = alone_values(pos[d], out.two_shown)
        lines.append(
            Msg(
                "Declarer {who} played alone and finished {place}", who=who[d], place=_place(pos[d])
            )
        )
        table = (
            "Two Big Aces shown, doubled: declarer {d}, each defender {e}"
            if out.two_shown
            else "Declarer {d}, each defender {e}"
        )
        lines.append(Msg(table, d=signed(dv), e=signed(ev)))
        scores = tuple(dv if s == d else ev for s in range(n))
        return Explanation(tuple(lines), scores)
    p = out.partner
    dv, pv, ev = partner_table(deal.rules, pos[d], pos[p], out.partner_revealed)
    lines.append(
        Msg(
            "Declarer {who} finished {place}, partner {partner} finished {pplace}",
            who=who[d],
            place=_place(pos[d]),
            partner=who[p],
            pplace=_place(pos[p]),
        )
    )
    table = (
        "Partner revealed before play: declarer {d}, partner {p}, each defender {e}"
        if out.partner_revealed
        else "Partner not revealed before play: declarer {d}, partner {p}, each defender {e}"
    )
    lines.append(Msg(table, d=signed(dv), p=signed(pv), e=signed(ev)))
    scores = tuple(dv if s == d else pv if s == p else ev for s in range(n))
    return Explanation(tuple(lines), scores)


MESSAGES: Final = {
    "1st": ("第 1", "1 位"),
    "2nd": ("第 2", "2 位"),
    "3rd": ("第 3", "3 位"),
    "4th": ("第 4", "4 位"),
    "5th": ("第 5", "5 位"),
    "Nobody declared: the cards are redealt, nobody scores": (
        "无人叫主：重新发牌，无人得分",
        "宣言なし：配り直し、得点なし",
    ),
    "Still holding cards, placed last in turn: {seats}": (
        "手里还有牌，按顺序排在最后：{seats}",
        "札が残り、順番に最後の順位：{seats}",
    ),
    "Declarer {who} played alone and finished {place}": (
        "庄家 {who} 独打，名次{place}",
        "宣言者 {who} は単独で {place}",
    ),
    "Two Big Aces shown, doubled: declarer {d}, each defender {e}": (
        "亮出两张大A，翻倍：庄家 {d}，每位闲家 {e}",
        "大A 2 枚公開で倍：宣言者 {d}、守備側それぞれ {e}",
    ),
    "Declarer {d}, each defender {e}": ("庄家 {d}，每位闲家 {e}", "宣言者 {d}、守備側それぞれ {e}"),
    "Declarer {who} finished {place}, partner {partner} finished {pplace}": (
        "庄家 {who} 名次{place}，帮手 {partner} 名次{pplace}",
        "宣言者 {who} は {place}、相棒 {partner} は {pplace}",
    ),
    "Partner revealed before play: declarer {d}, partner {p}, each defender {e}": (
        "帮手开打前已亮明：庄家 {d}，帮手 {p}，每位闲家 {e}",
        "相棒は開始前に名乗り済み：宣言者 {d}、相棒 {p}、守備側それぞれ {e}",
    ),
    "Partner not revealed before play: declarer {d}, partner {p}, each defender {e}": (
        "帮手开打前未亮明：庄家 {d}，帮手 {p}，每位闲家 {e}",
        "相棒は開始前に名乗らず：宣言者 {d}、相棒 {p}、守備側それぞれ {e}",
    ),
}
"""The explanation's words in 中文 and 日本語."""

add_translations(MESSAGES)
