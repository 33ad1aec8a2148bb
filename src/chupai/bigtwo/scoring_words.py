"""Big Two's deal score in words (``bigtwo.md`` §11): each loser's penalty and how
the cards left made it, the winner's multipliers, the 頂大 transfer and the
settlement, every number computed with :mod:`chupai.bigtwo.scoring`.

>>> from chupai.bigtwo.game import new_deal
>>> from chupai.bigtwo.rules import PRESETS
>>> from chupai.bots import make_bot
>>> deal = new_deal(PRESETS["standard"], 1)
>>> bot = make_bot("greedy", seed=0, game="bigtwo")
>>> while not deal.is_terminal():
...     _ = deal.apply_action(bot.act(deal.observe(deal.current_player), deal.legal_actions()))
>>> for line in explain(deal).lines:
...     print(line)
Seat 0: 5 cards left → 5
Seat 2: 8 cards left → 8
Seat 3: 2 cards left → 2
Pairwise settlement: each score is all penalties (15) − 4 × the player's own penalty
Seat 0: 15 − 4 × 5 = −5
Seat 1: 15 − 4 × 0 = +15
Seat 2: 15 − 4 × 8 = −17
Seat 3: 15 − 4 × 2 = +7
>>> explain(deal).scores == deal.outcome.scores
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from chupai.bigtwo import packs
from chupai.bigtwo.combos import ComboKind
from chupai.bigtwo.rules import BigTwoRules, Scoring, Settlement
from chupai.bigtwo.scoring import (
    SCHEMES,
    has_monster,
    penalty,
    settle,
    transfer_penalties,
    winner_multiplier,
)
from chupai.cards import CardMask
from chupai.explain import Explanation, Joined, added, seat_names, signed
from chupai.i18n import Msg, add_translations, plural

__all__ = ["explain", "MESSAGES"]

_COUNTING: Final = frozenset({Scoring.CARDS_WIKI, Scoring.CARDS_SEED001, Scoring.CARDS_MAINLAND})
"""The schemes whose penalty is the cards left times a factor."""
_TWO: Final = 12


_TIMES: Final = {2: "doubled", 3: "tripled", 4: "quadrupled"}


def _times(factor: int) -> Msg:
    word = _TIMES.get(factor)
    return Msg(word) if word else Msg("×{factor}", factor=factor)


def _cards(count: int) -> Msg:
    return plural(count, "{n} card left", "{n} cards left")


def _counted(rules: BigTwoRules, who: Any, hand: CardMask, untouched: bool, pen: int) -> Msg:
    """A counting scheme's penalty: the cards left, times the tier's factor."""
    count = hand.bit_count()
    if not count or pen == count or pen % count:
        return Msg("{who}: {cards} → {penalty}", who=who, cards=_cards(count), penalty=pen)
    scheme = SCHEMES[rules.scoring]
    factor = pen // count
    if untouched and pen != scheme(rules, hand, False):
        return Msg(
            "{who}: {cards}, none played, {times} → {penalty}",
            who=who,
            cards=_cards(count),
            times=_times(factor),
            penalty=pen,
        )
    lowest = min(k for k in range(1, count + 1) if scheme(rules, (1 << k) - 1, False) == k * factor)
    return Msg(
        "{who}: {cards}, {times} for {k} or more → {penalty}",
        who=who,
        cards=_cards(count),
        times=_times(factor),
        k=lowest,
        penalty=pen,
    )


def _card_values(rules: BigTwoRules, hand: CardMask) -> list[int]:
    """Each card's value under ``card_points`` or ``taiwan_deduction`` (the scheme
    itself, card by card), highest first."""
    scheme = SCHEMES[rules.scoring]
    return sorted((scheme(rules, 1 << c, False) for c in packs.ids(hand)), reverse=True)


def _basic_factors(rules: BigTwoRules, hand: CardMask) -> list[Msg]:
    """``taiwan_basic``'s loser multipliers (§11.2) as words."""
    out: list[Msg] = []
    twos = packs.count_in(hand, 15 << (4 * _TWO))
    if twos:
        out.append(plural(twos, "× {m} ({n} two)", "× {m} ({n} twos)", m=2 * twos))
    if has_monster(rules, hand):
        out.append(Msg("× 2 (four of a kind or straight flush)"))
    if hand.bit_count() >= 10:
        out.append(Msg("× 2 (10 or more cards)"))
    return out


def _loser(rules: BigTwoRules, who: Any, hand: CardMask, untouched: bool) -> Msg:
    """One loser's penalty before the winner's multipliers, in words."""
    pen = penalty(rules, hand, untouched=untouched)
    scheme = rules.scoring
    if scheme in _COUNTING:
        return _counted(rules, who, hand, untouched, pen)
    if scheme in (Scoring.CARD_POINTS, Scoring.TAIWAN_DEDUCTION):
        values = _card_values(rules, hand)
        return Msg(
            "{who}: card values {values} = {penalty}",
            who=who,
            values=added(values) or "0",
            penalty=pen,
        )
    if scheme is Scoring.TAIWAN_PLUS_MINUS:
        low = sum(1 for c in packs.ids(hand) if (c >> 2) < 7)
        high = sum(1 for c in packs.ids(hand) if 7 <= (c >> 2) < _TWO)
        twos = packs.count_in(hand, 15 << (4 * _TWO))
        return Msg(
            "{who}: ({low} + 2 × {high}) × 2^{twos} = {penalty}",
            who=who,
            low=low,
            high=high,
            twos=twos,
            penalty=pen,
        )
    factors = _basic_factors(rules, hand)
    if not factors:
        return Msg(
            "{who}: {cards} → {penalty}", who=who, cards=_cards(hand.bit_count()), penalty=pen
        )
    return Msg(
        "{who}: {cards} {factors} = {penalty}",
        who=who,
        cards=_cards(hand.bit_count()),
        factors=Joined(factors, " "),
        penalty=pen,
    )


def _settlement(
    rules: BigTwoRules,
    names: Sequence[Any],
    winner: int,
    pens: Sequence[int],
    scores: Sequence[int],
) -> list[Msg]:
    n = len(pens)
    losers = [pens[s] for s in range(n) if s != winner]
    if rules.settlement is Settlement.WINNER_TAKES_ALL:
        return [
            Msg(
                "Every loser pays their penalty to {who}: {parts} = {total}",
                who=names[winner],
                parts=added(losers),
                total=signed(scores[winner]),
            )
        ]
    if rules.settlement is Settlement.PAIRWISE:
        p = list(pens)
        p[winner] = -rules.winner_bonus
        total = sum(p)
        lines = [
            Msg(
                "Pairwise settlement: each score is all penalties ({total}) − {n} × the player's own penalty",
                total=total,
                n=n,
            )
        ]
        lines += [
            Msg(
                "{who}: {total} − {n} × {own} = {score}",
                who=names[s],
                total=total,
                n=n,
                own=p[s] if p[s] >= 0 else f"({p[s]})",
                score=signed(scores[s]),
            )
            for s in range(n)
        ]
        return lines
    return [
        Msg(
            "Each loser scores minus their penalty; {who} scores {bonus}",
            who=names[winner],
            bonus=signed(scores[winner]),
        )
    ]


def explain(deal: Any, names: Sequence[Any] | None = None) -> Explanation:
    """The finished ``deal``'s score in words, with the scores the words arrive at
    (``names``: the seats' names, default ``Seat 0``…)."""
    out = deal.outcome
    rules: BigTwoRules = deal.rules
    n = deal.players
    who = seat_names(n, names)
    if out.redeal:
        return Explanation((Msg("Redeal: nobody scores"),), (0,) * n)
    winner: int = out.winner
    hands, played = deal.win_hands, deal.win_played
    lines: list[Msg] = []
    if out.instant_win is not None:
        factor = 4 if out.instant_win == "suited_dragon" else 3
        lines.append(
            Msg(
                "{who} wins at once ({kind}): × {factor} for every card left",
                who=who[winner],
                kind=out.instant_win,
                factor=factor,
            )
        )
        pens = [0 if s == winner else hands[s].bit_count() * factor for s in range(n)]
        lines += [
            Msg(
                "{who}: {cards} × {factor} = {penalty}",
                who=who[s],
                cards=_cards(hands[s].bit_count()),
                factor=factor,
                penalty=pens[s],
            )
            for s in range(n)
            if s != winner
        ]
    else:
        lines += [_loser(rules, who[s], hands[s], played[s] == 0) for s in range(n) if s != winner]
        pens = [
            0 if s == winner else penalty(rules, hands[s], untouched=played[s] == 0)
            for s in range(n)
        ]
        play = deal.winning_play
        mult = winner_multiplier(rules, play.mask, play.kind)
        if mult > 1:
            reasons = []
            if (play.mask >> (4 * _TWO)) & 15:
                reasons.append(Msg("a 2"))
            if play.kind in (ComboKind.FOUR_OF_A_KIND, ComboKind.STRAIGHT_FLUSH):
                reasons.append(Msg("a four of a kind or straight flush"))
            lines.append(
                Msg(
                    "{who} went out with {what}: every penalty × {m}",
                    who=who[winner],
                    what=Joined(reasons, ", "),
                    m=mult,
                )
            )
            pens = [p * mult for p in pens]
        if out.liable is not None:
            pens = transfer_penalties(pens, winner, out.liable)
            lines.append(
                Msg(
                    "{who} let the winner out (頂大) and takes every penalty: {total}",
                    who=who[out.liable],
                    total=pens[out.liable],
                )
            )
    scores = settle(rules, winner, pens)
    lines += _settlement(rules, who, winner, pens, scores)
    return Explanation(tuple(lines), tuple(scores))


MESSAGES: Final = {
    "{n} card left": ("剩 {n} 张", "残り {n} 枚"),
    "{n} cards left": ("剩 {n} 张", "残り {n} 枚"),
    "{who}: {cards} → {penalty}": ("{who}：{cards} → {penalty}", "{who}：{cards} → {penalty}"),
    "doubled": ("翻倍", "2倍"),
    "tripled": ("三倍", "3倍"),
    "quadrupled": ("四倍", "4倍"),
    "×{factor}": ("×{factor}", "×{factor}"),
    "{who}: {cards}, none played, {times} → {penalty}": (
        "{who}：{cards}，一张未出，{times} → {penalty}",
        "{who}：{cards}、1 枚も出していないので{times} → {penalty}",
    ),
    "{who}: {cards}, {times} for {k} or more → {penalty}": (
        "{who}：{cards}，满 {k} 张{times} → {penalty}",
        "{who}：{cards}、{k} 枚以上は{times} → {penalty}",
    ),
    "{who}: card values {values} = {penalty}": (
        "{who}：牌点 {values} = {penalty}",
        "{who}：札の点 {values} = {penalty}",
    ),
    "{who}: ({low} + 2 × {high}) × 2^{twos} = {penalty}": (
        "{who}：({low} + 2 × {high}) × 2^{twos} = {penalty}",
        "{who}：({low} + 2 × {high}) × 2^{twos} = {penalty}",
    ),
    "{who}: {cards} {factors} = {penalty}": (
        "{who}：{cards} {factors} = {penalty}",
        "{who}：{cards} {factors} = {penalty}",
    ),
    "× {m} ({n} two)": ("× {m}（{n} 张 2）", "× {m}（2 が {n} 枚）"),
    "× {m} ({n} twos)": ("× {m}（{n} 张 2）", "× {m}（2 が {n} 枚）"),
    "× 2 (four of a kind or straight flush)": (
        "× 2（炸弹或同花顺）",
        "× 2（フォーカードかストレートフラッシュ）",
    ),
    "× 2 (10 or more cards)": ("× 2（10 张以上）", "× 2（10 枚以上）"),
    "a 2": ("2", "2"),
    "a four of a kind or straight flush": ("炸弹或同花顺", "フォーカードかストレートフラッシュ"),
    "{who} went out with {what}: every penalty × {m}": (
        "{who} 以{what}出完：每人罚分 × {m}",
        "{who} が{what}で上がり：全員のペナルティ × {m}",
    ),
    "{who} let the winner out (頂大) and takes every penalty: {total}": (
        "{who} 放走了赢家（顶大），承担全部罚分：{total}",
        "{who} が勝者を上がらせた（頂大）ので全員のペナルティを負う：{total}",
    ),
    "{who} wins at once ({kind}): × {factor} for every card left": (
        "{who} 直接获胜（{kind}）：每张剩牌 × {factor}",
        "{who} の即勝ち（{kind}）：残り札 1 枚につき × {factor}",
    ),
    "{who}: {cards} × {factor} = {penalty}": (
        "{who}：{cards} × {factor} = {penalty}",
        "{who}：{cards} × {factor} = {penalty}",
    ),
    "Every loser pays their penalty to {who}: {parts} = {total}": (
        "每位输家把罚分付给 {who}：{parts} = {total}",
        "負けた全員がペナルティを {who} に払う：{parts} = {total}",
    ),
    "Pairwise settlement: each score is all penalties ({total}) − {n} × the player's own penalty": (
        "两两结算：得分 = 罚分总和（{total}）− {n} × 自己的罚分",
        "総当たり精算：得点 = ペナルティ合計（{total}）− {n} × 自分のペナルティ",
    ),
    "{who}: {total} − {n} × {own} = {score}": (
        "{who}：{total} − {n} × {own} = {score}",
        "{who}：{total} − {n} × {own} = {score}",
    ),
    "Each loser scores minus their penalty; {who} scores {bonus}": (
        "每位输家得负的罚分；{who} 得 {bonus}",
        "負けた人はペナルティをマイナス、{who} は {bonus}",
    ),
    "Redeal: nobody scores": ("重新发牌：无人得分", "配り直し：得点なし"),
}
"""The explanation's words in 中文 and 日本語."""

add_translations(MESSAGES)
