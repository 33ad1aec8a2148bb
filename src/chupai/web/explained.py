"""The last finished deal's score in words, for the deal-result dialog.

The server renders the game's explanation (:meth:`chupai.protocol.GameSpec.explain`)
in every language the page speaks, once per finished deal, and sends it in the
``match`` part of every message (the same for every receiver: scores are public,
so a spectator reads the same lines). The seats are written as ``{seat2}``: the
page puts in each seat's name as it names seats everywhere else.

>>> from chupai.protocol import get_game
>>> spec = get_game("doudizhu")
>>> deal = spec.new_deal(spec.resolve("classic"), 1)
>>> from chupai.bots import make_bot
>>> bot = make_bot("greedy", seed=0, game="doudizhu")
>>> while not deal.is_terminal():
...     _ = deal.apply_action(bot.act(deal.observe(deal.current_player), deal.legal_actions()))
>>> words = explained(spec, [deal])
>>> words["en"][1]
'The landlord wins: each peasant pays 6 to {seat0} → +12'
>>> words["zh"][0]
'倍数 6 = 叫分 3 × 2（1 个炸弹）'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chupai.i18n import LANGUAGES, translate
from chupai.protocol import GameSpec

__all__ = ["SeatMark", "explained"]


class SeatMark:
    """A seat in a line, written ``{seat2}`` in every language (the page names it)."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def text(self, lang: str) -> str:
        """``{seatN}`` whatever the language."""
        return f"{{seat{self.seat}}}"

    def __str__(self) -> str:
        return self.text("en")


def explained(spec: GameSpec, deals: Sequence[Any]) -> dict[str, list[str]]:
    """The explanation of the last finished deal of ``deals`` by language
    (``{"en": [...], "zh": [...], "ja": [...]}``); empty before any deal ends."""
    for deal in reversed(deals):
        if deal.is_terminal():
            lines = spec.explain(deal, [SeatMark(s) for s in range(deal.players)])
            return {lang: [translate(line, lang) for line in lines] for lang in LANGUAGES}
    return {}
