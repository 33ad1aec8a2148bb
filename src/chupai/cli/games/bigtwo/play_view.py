"""Big Two's terminal at many seats: the compact seat list, the score table with a
row per seat and the texts about the leftover cards, in English, 中文 and 日本語.

Up to :data:`~chupai.cli.terminal.COMPACT_SEATS` seats the session draws its
usual one-table seat list and a score table with a column per seat. Beyond, the
seat list is split into side-by-side blocks (:func:`compact_seats`): each seat's
name (the bots are named once in the setup line), a ``D`` for the dealer, its card
count and its last play in the trick; and the score table has a row per seat
(:func:`match_scores`), so that 13 seats (and 52) stay readable at 100 columns.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from chupai.bigtwo.rules import LeftoverRule
from chupai.cli.terminal import seat_blocks, seat_scores_table, side_by_side
from chupai.i18n import tr

__all__ = [
    "WORDS",
    "LANGS",
    "word",
    "compact_seats",
    "match_scores",
    "leftover_note",
    "seat_extra",
]

LANGS: Final = ("en", "zh", "ja")
"""The languages of these texts."""

WORDS: Final[dict[str, dict[str, str]]] = {
    "seat": {"en": "Seat", "zh": "座位", "ja": "席"},
    "cards": {"en": "Cards", "zh": "张数", "ja": "枚数"},
    "trick": {"en": "This trick", "zh": "本轮", "ja": "この場"},
    "dealer_mark": {"en": "D", "zh": "庄", "ja": "親"},
    "dealer_note": {
        "en": "D: the dealer",
        "zh": "庄：发牌者",
        "ja": "親：配り手",
    },
    "out": {"en": "out #{place}", "zh": "第{place}名出完", "ja": "{place}位で上がり"},
    "score_table": {"en": "Score table", "zh": "计分表", "ja": "得点表"},
    "deal": {"en": "Deal", "zh": "局", "ja": "局"},
    "total": {"en": "Total", "zh": "合计", "ja": "合計"},
    "winner": {"en": "Winner", "zh": "赢家", "ja": "勝者"},
    "to_holder": {
        "en": "The {n} leftover cards went face down to {seat} (holder of the lowest card).",
        "zh": "剩下的{n}张牌背面朝下给了{seat}（最小牌的持有者）。",
        "ja": "余りの{n}枚は裏向きで{seat}（最も弱い札の持ち主）に渡りました。",
    },
    "set_aside": {
        "en": "The {n} leftover cards are set aside face down.",
        "zh": "剩下的{n}张牌背面朝下放在一旁，不参与本局。",
        "ja": "余りの{n}枚は裏向きのまま脇に置かれます。",
    },
    "to_holder_1": {
        "en": "The leftover card went face down to {seat} (holder of the lowest card).",
        "zh": "剩下的一张牌背面朝下给了{seat}（最小牌的持有者）。",
        "ja": "余りの1枚は裏向きで{seat}（最も弱い札の持ち主）に渡りました。",
    },
    "set_aside_1": {
        "en": "The leftover card is set aside face down.",
        "zh": "剩下的一张牌背面朝下放在一旁，不参与本局。",
        "ja": "余りの1枚は裏向きのまま脇に置かれます。",
    },
    "round_robin": {
        "en": "Every card is dealt: {seats} hold one card more.",
        "zh": "所有牌都已发出：{seats}各多一张。",
        "ja": "全ての札が配られました：{seats}は1枚多く持ちます。",
    },
}
"""Every text by key: language → template (``str.format`` fields)."""


def word(key: str, lang: str, **fields: Any) -> str:
    """The text ``key`` in ``lang`` (English for an unknown language)."""
    forms = WORDS[key]
    return forms.get(lang, forms["en"]).format(**fields)


def compact_seats(
    obs: Any,
    lang: str,
    *,
    name: Callable[[int], Text],
    marker: Callable[[int], Text],
    trick: Callable[[int], Text],
    extra: Callable[[int], Text],
) -> RenderableType:
    """The seat list of many seats in side-by-side blocks: per seat the turn
    marker, ``name`` (with ``D`` at the dealer and ``extra``: a title, ``blocked``),
    the card count (``out #k`` once out) and ``trick`` (the last play)."""
    tables = []
    for block in seat_blocks(obs.players):
        table = Table(
            box=None, show_header=True, header_style="bold", pad_edge=False, padding=(0, 1)
        )
        table.add_column("", width=1)
        table.add_column(word("seat", lang), no_wrap=True)
        table.add_column(word("cards", lang), justify="right", no_wrap=True)
        table.add_column(word("trick", lang))
        for seat in block:
            label = name(seat)
            if seat == obs.dealer:
                label.append(" " + word("dealer_mark", lang), style="dim")
            label.append_text(extra(seat))
            count = obs.hand_counts[seat]
            if seat in obs.finished and count == 0:
                place = obs.finished.index(seat) + 1
                cards = Text(word("out", lang, place=place), style="yellow")
            else:
                cards = Text(str(count), style="bold red" if count == 1 else "")
            table.add_row(marker(seat), label, cards, trick(seat))
        tables.append(table)
    return side_by_side(tables)


def match_scores(match: Any, lang: str, name: Callable[[int], Text | str]) -> Table:
    """The score table of a Big Two match of many seats: a row per seat, the
    last six deals (a redeal's column is labelled ``redeal``) and the total."""
    rows = match.table()
    deals = [
        (tr(lang, "redeal") if row.redeal else str(row.number), list(row.scores)) for row in rows
    ]
    winners = ["—" if row.winner is None else str(name(row.winner)) for row in rows]
    return seat_scores_table(
        [name(s) for s in range(match.players)],
        deals,
        match.totals,
        title=word("score_table", lang),
        headers=(word("seat", lang), word("deal", lang), word("total", lang)),
        winners=(word("winner", lang), winners),
    )


def leftover_note(deal: Any, name: Callable[[int], str], lang: str) -> str | None:
    """The sentence on the leftover cards said at the deal, or None: who holds one
    card more under ``round_robin`` (the seats after the dealer), or where the
    leftover cards went when they go to the starting card's holder or aside
    (the Malaysian and face-up readings are asked about as decisions). None while
    the hands of tribute ``choose_hands`` are still face down: who holds what is
    not known yet."""
    if any(getattr(deal, "piles", ())):
        return None
    rules = deal.rules
    if rules.extra_cards:
        seats = [name((deal.dealer + i) % deal.players) for i in range(1, rules.extra_cards + 1)]
        return word("round_robin", lang, seats=tr(lang, ", ").join(seats))
    n = rules.leftover_count
    key = {
        LeftoverRule.TO_STARTING_CARD_HOLDER: "to_holder",
        LeftoverRule.SET_ASIDE: "set_aside",
    }.get(rules.leftover_rule)
    if not n or key is None:
        return None
    return word(key if n > 1 else key + "_1", lang, n=n, seat=name(deal.starting_player))


def seat_extra(obs: Any, seat: int, title: Callable[[int], str], lang: str = "en") -> Text:
    """The seat's ``title`` (class struggle, tribute) and ``blocked`` mark."""
    t = Text()
    if obs.ranking is not None:
        t.append(f" {title(seat)}", style="magenta")
    if seat in obs.blocked:
        t.append(tr(lang, " blocked"), style="red")
    return t
