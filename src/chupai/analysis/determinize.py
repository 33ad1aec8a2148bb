"""The evaluator's determinizations: full deals that the deciding seat cannot tell
from the real one (:mod:`chupai.analysis.evaluator`).

:class:`Determinizer` draws them for one decision, from that seat's information
only, by the first of these that applies (its :attr:`~Determinizer.source` says
which, and the analysis writes it as the decision's ``"sampling"``):

``sampler``
    In the play phase, the game's deal sampler (the search bot's, with the same
    inference from the passes: the :class:`~chupai.bots.plugin.SearchGame`
    ``sampler``): the other hands are drawn at random consistently with the
    observation, the passes included.
``resample``
    Before play (bids, robs, declarations, exchanges, tribute), where the sampler
    refuses: the game's ``resample`` hook deals the cards hidden from the seat
    anew in the deal's record cut at the decision; the record is replayed up to
    the decision (:func:`replay_for`) and kept only when the seat's observation
    is the real one (rejection, :data:`TRIES` tries a determinization).
``true deal``
    The fallback where neither gives a single determinization (a game without a
    ``resample`` hook, or a position no resample reproduced): the real deal
    itself, so the values use cards the seat could not see. The output says so.
``open hand``
    Asked for (``open_hand=True``): the real deal, on purpose (the
    perfect-information value).

Randomness comes only from the generator handed in.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence
from typing import Any, Final

from chupai.bots.plugin import SearchGame
from chupai.errors import ChupaiError
from chupai.protocol import GameSpec

__all__ = ["SOURCES", "TRIES", "Determinizer", "replay_for"]

TRIES: Final = 20
"""Resampled records tried for one determinization before giving it up."""
SOURCES: Final = ("sampler", "resample", "true deal", "open hand")
"""Where a decision's determinizations come from (see the module)."""
_MOVES: Final = 64
"""The most moves of other seats that :func:`replay_for` adds."""


def _bot_move(deal: Any, helper: Any) -> None:
    """The seat to act in ``deal`` makes ``helper``'s choice."""
    seat = deal.current_player
    legal = deal.legal_actions()
    deal.apply_action(legal[0] if len(legal) == 1 else helper.act(deal.observe(seat), legal))


def replay_for(spec: GameSpec, record: Mapping[str, Any], seat: int, helper: Any) -> Any | None:
    """The deal of ``record`` replayed up to its end, where ``seat`` is to act: the
    recorded actions, except that another seat's action that no longer fits the
    dealt cards (a private exchange of cards it no longer holds) is decided afresh
    by ``helper``, another seat's action that the deal does not ask for (a private
    answer to a question it is not asked) is left out, and another seat asked a
    question the record does not hold answers by ``helper``. None when the
    ``seat``'s own actions do not replay, or the deal does not come to ``seat``.
    The caller compares the seat's observation: a public action decided afresh
    shows in it."""
    try:
        deal = spec.replay({**record, "actions": [], "result": None})
    except ChupaiError:
        return None
    items: Sequence[Any] = record.get("actions") or ()
    i = added = 0
    try:
        while i < len(items) or deal.current_player != seat:
            if deal.is_terminal() or added > _MOVES:
                return None
            now = deal.current_player
            want = items[i]["seat"] if i < len(items) else seat
            if i < len(items) and now == want:
                i += 1
                try:
                    deal.apply_action(deal.parse_action(items[i - 1]["action"]))
                    continue
                except ChupaiError:
                    if now == seat:
                        return None
            elif want != seat:
                i += 1  # another seat's move this deal does not ask for
                continue
            elif now is None or now == seat:
                return None
            _bot_move(deal, helper)
            added += 1
    except (ChupaiError, KeyError, TypeError):
        return None
    return deal


class Determinizer:
    """Draws determinizations of the decision of ``deal`` (its current player's) with
    ``rng`` (see the module). ``infer`` is the sampler's inference from the
    passes (where the game's sampler takes it); ``helper`` decides the other
    seats' moves that a resampled record no longer fits; ``open_hand`` draws the
    real deal on purpose."""

    def __init__(
        self,
        spec: GameSpec,
        hooks: SearchGame,
        deal: Any,
        *,
        rng: Any,
        helper: Any,
        infer: float = 0.0,
        open_hand: bool = False,
    ):
        self.spec = spec
        self.hooks = hooks
        self.deal = deal
        self.seat: int = deal.current_player
        self.observation = deal.observe(self.seat)
        self.rng = rng
        self.helper = helper
        self._sampler: Any = None
        self._record: dict[str, Any] | None = None
        self.source = "open hand" if open_hand else self._start(infer)
        """Where the determinizations come from (one of :data:`SOURCES`)."""

    def _start(self, infer: float) -> str:
        sampler: Any = self.hooks.sampler
        try:
            if infer and "infer" in inspect.signature(sampler).parameters:
                self._sampler = sampler(self.observation, infer=infer)
            else:
                self._sampler = sampler(self.observation)
            return "sampler"
        except ChupaiError:
            pass
        if self.hooks.resample is None:
            return "true deal"
        self._record = {**self.spec.to_record(self.deal), "result": None}
        return "resample"

    def give_up(self) -> None:
        """Draw the real deal from now on (no determinization could be drawn)."""
        if self.source != "open hand":
            self.source = "true deal"

    def draw(self) -> Any | None:
        """One determinization (a deal at the decision, the seat to act), or None
        when this draw failed."""
        if self.source in ("true deal", "open hand"):
            return self.deal.clone()
        if self.source == "sampler":
            try:
                return self._sampler.sample(self.rng)
            except ChupaiError:
                return None
        return self._resampled()

    def _resampled(self) -> Any | None:
        resample = self.hooks.resample
        assert resample is not None and self._record is not None
        for _ in range(TRIES):
            try:
                record = resample(self._record, self.observation, self.rng)
            except ChupaiError:
                return None
            deal = replay_for(self.spec, record, self.seat, self.helper)
            if deal is not None and deal.observe(self.seat) == self.observation:
                return deal
        return None
