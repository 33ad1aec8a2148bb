"""The ``check`` message of ``chupai serve``: is a selection legal, what is it,
and if not, why (``docs/protocol.md``, "Checking a selection").

The page sends the cards a player has selected (or a decision as it would be
typed) as the player selects them; the server answers with the engine's verdict
in the page's language: the combination and its cards when the action is legal
(``Pair 7♥ 7♠``), the engine's reason when it is not (the reason the terminal
gives, :meth:`why_illegal` of the deal, rendered with :func:`chupai.i18n.translate`).
Nothing here knows a game: the deal, its parser and its messages do.

Only the seat to act may ask, about its own action in the current state, so an
answer tells the seat nothing it could not learn by trying the action.

>>> limiter = CheckLimiter()
>>> all(limiter.allow(0.0) for _ in range(CHECK_BURST)), limiter.allow(0.0)
(True, False)
>>> limiter.allow(1.0)
True
"""

from __future__ import annotations

from typing import Any, Final

from chupai.errors import ChupaiError, IllegalActionError
from chupai.i18n import CardTokens, Msg, add_translations, translate
from chupai.web.tables import ActionRefused, Table

__all__ = ["CHECK_BURST", "CHECK_RATE", "CheckLimiter", "check", "describe"]

CHECK_RATE: Final = 10.0
"""Checks a socket may ask for each second, on average."""
CHECK_BURST: Final = 20
"""Checks a socket may ask for at once (a quick series of clicks)."""


class CheckLimiter:
    """A token bucket: :data:`CHECK_BURST` checks at once, refilled at
    :data:`CHECK_RATE` a second."""

    __slots__ = ("tokens", "when")

    def __init__(self) -> None:
        self.tokens = float(CHECK_BURST)
        self.when: float | None = None

    def allow(self, now: float) -> bool:
        """Whether a check at time ``now`` (seconds) is answered (and count it)."""
        if self.when is not None:
            self.tokens = min(float(CHECK_BURST), self.tokens + (now - self.when) * CHECK_RATE)
        self.when = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def describe(deal: Any, spec: Any, action: Any, lang: str) -> str:
    """A legal action in ``lang``: its combination type and its cards in the
    display form (``对子 7♥ 7♠``), or the action's text when it is no play (a
    pass, a choice)."""
    play = getattr(action, "play", action)  # a play with a call (Big Two's "last")
    kind = getattr(play, "kind", None)
    text = deal.action_text(action)
    if kind is None:
        return translate(text, lang)
    name = spec.combo_name(str(getattr(kind, "value", kind)), lang)
    return translate(Msg("{kind}: {cards}", kind=name, cards=CardTokens(text)), lang)


def check(table: Table, seat: int, seq: int, text: str, lang: str) -> dict[str, Any]:
    """The ``check`` answer for ``seat`` asking about ``text`` in the state
    ``seq``; raises :class:`ActionRefused` (``stale``, ``not_your_turn``,
    ``over``) when the seat may not ask now."""
    deal = table.deal
    if deal is None:
        raise ActionRefused("over", "the match is over")
    current = table.seat_seq(seat)
    if seq != current:
        raise ActionRefused("stale", f"seq {seq} is not the current state ({current})")
    if table.to_act != seat:
        raise ActionRefused("not_your_turn", "a selection is checked only on your turn")
    answer: dict[str, Any] = {
        "type": "check",
        "seq": seq,
        "query": text,
        "lang": lang,
        "legal": False,
        "text": None,
        "reason": None,
    }
    try:
        action = table.parse(text)
    except IllegalActionError as exc:
        answer["reason"] = translate(exc.reason, lang)
        return answer
    except ChupaiError as exc:
        answer["reason"] = translate(str(exc), lang)
        return answer
    reason = deal.why_illegal(action)
    if reason is not None:
        answer["reason"] = translate(reason, lang)
        return answer
    answer["legal"] = True
    answer["text"] = describe(deal, table.spec, action, lang)
    return answer


add_translations({"{kind}: {cards}": ("{kind}：{cards}", "{kind}：{cards}")})
