"""Tribute and return, the two phases before play (``daguailuzi.md`` §10).

Each phase is a decision of one kind (:mod:`chupai.phases`): :data:`PHASES` maps
``tribute`` and ``return`` to their :class:`~chupai.phases.PhaseRules`.

* ``tribute``: each giver (a player trapped in the previous deal), in turn order
  from the seat after the offense leader (the previous first player out), gives
  one card of the **highest rank** of its hand by the deal's single-card order
  (§10.2): one legal action per distinct card of that rank. The card stays in the
  giver's hand until every giver has chosen; then the cards are ordered from the
  highest rank down (ties in giver order, the tie order of §10.3) and the ``i``-th
  goes to the ``i``-th recipient (the winners in finishing order).
* ``return``: each recipient in turn gives one card of its hand back to its giver
  (``return_rule = any``). Under ``joker_candidates``, after a ``BJ`` tribute the
  recipient offers 2 cards of different ranks, after an ``RJ`` 3 (a joker is a
  rank of its own), and the giver takes one (§10.4).

Then play starts, led by the offense leader (or, under ``next_leader =
top_tribute``, by the giver of the highest tribute).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any, Final

from chupai.daguailuzi.cards import BJ, RJ, UNIT, counts, rank_of
from chupai.daguailuzi.events import Gift, GiftKind, Phase
from chupai.i18n import CardTokens, Msg
from chupai.phases import PhaseRules

if TYPE_CHECKING:
    from chupai.daguailuzi.game import DaguailuziDeal

__all__ = [
    "PHASES",
    "kinds_of",
    "highest_types",
    "offer_size",
    "start_exchange",
]


def kinds_of(cards: int) -> list[int]:
    """The distinct card types in ``cards``, ascending."""
    return [t for t, _ in counts(cards)]


def highest_types(deal: DaguailuziDeal, hand: int) -> list[int]:
    """The card types of ``hand``'s highest rank by the deal's single-card order
    (§10.2), ascending."""
    strength = deal.strength
    held = kinds_of(hand)
    best = max(strength[rank_of(t)] for t in held)
    return [t for t in held if strength[rank_of(t)] == best]


def offer_size(tribute: int) -> int:
    """How many candidates a recipient offers for the tribute card type
    ``tribute`` under ``joker_candidates`` (0: it returns a card directly)."""
    return 3 if tribute == RJ else 2 if tribute == BJ else 0


def _one(cards: int) -> int | None:
    """The card type of a one-card set, else None."""
    if cards <= 0 or cards & (cards - 1):
        return None
    t, bit = divmod(cards.bit_length() - 1, 3)
    return t if bit == 0 else None


def start_exchange(deal: DaguailuziDeal) -> None:
    """Open the tribute phase of a deal with givers, or start play."""
    if deal.givers:
        deal.phase = Phase.TRIBUTE
        deal.to_act = deal.givers[0]
    else:
        deal._start_play()


def _not_held(deal: DaguailuziDeal, cards: int) -> Msg:
    return Msg("you do not hold {cards}", cards=CardTokens(deal.cards_text(cards)))


# ----- tribute -----------------------------------------------------------------------
def _tribute_choices(deal: DaguailuziDeal, seat: int) -> list[Gift]:
    return [Gift(GiftKind.TRIBUTE, UNIT[t]) for t in highest_types(deal, deal.hands[seat])]


def _tribute_refusal(deal: DaguailuziDeal, seat: int, action: Any) -> str | None:
    if not isinstance(action, Gift) or action.kind is not GiftKind.TRIBUTE:
        return Msg("the tribute phase: give one card of your highest rank (e.g. 'tribute RJ')")
    t = _one(action.cards)
    if t is None:
        return Msg("a tribute is exactly one card")
    allowed = highest_types(deal, deal.hands[seat])
    if t not in allowed:
        if not deal.hands[seat] >> (3 * t) & 7:
            return _not_held(deal, action.cards)
        names = CardTokens(" ".join(deal.cards_text(UNIT[a]) for a in allowed))
        return Msg("a tribute must be a card of your highest rank: {cards}", cards=names)
    return None


def _tribute_apply(deal: DaguailuziDeal, seat: int, action: Gift) -> None:
    deal.tributes.append((seat, -1, action.cards))
    given = len(deal.tributes)
    if given < len(deal.givers):
        deal.to_act = deal.givers[given]
        return
    # every giver chose: order the cards (highest rank first, ties in giver order)
    strength = deal.strength
    order = sorted(
        range(given),
        key=lambda i: (-strength[rank_of(_one(deal.tributes[i][2]) or 0)], i),
    )
    moved = []
    for place, i in enumerate(order):
        giver, _, card = deal.tributes[i]
        to = deal.recipients[place]
        deal.hands[giver] -= card
        deal.hands[to] += card
        moved.append((giver, to, card))
    deal.tributes = moved
    deal.phase = Phase.RETURN
    deal.to_act = moved[0][1]


# ----- return ------------------------------------------------------------------------
def _pending(deal: DaguailuziDeal) -> tuple[int, int, int]:
    """The tribute whose return is being made: (giver, recipient, card)."""
    return deal.tributes[len(deal.returned)]


def _needs_offer(deal: DaguailuziDeal) -> int:
    """How many candidates the current recipient must offer (0: a plain return)."""
    if deal.rules.return_rule != "joker_candidates":
        return 0
    return offer_size(_one(_pending(deal)[2]) or 0)


def _return_choices(deal: DaguailuziDeal, seat: int) -> list[Gift]:
    if deal.offer is not None:
        return [Gift(GiftKind.TAKE, UNIT[t]) for t in kinds_of(deal.offer)]
    hand = deal.hands[seat]
    n = _needs_offer(deal)
    if not n:
        return [Gift(GiftKind.RETURN, UNIT[t]) for t in kinds_of(hand)]
    by_rank: dict[int, list[int]] = {}
    for t in kinds_of(hand):
        by_rank.setdefault(rank_of(t), []).append(t)
    out = []
    for ranks in combinations(sorted(by_rank), n):
        for pick in _product([by_rank[r] for r in ranks]):
            out.append(Gift(GiftKind.OFFER, sum(UNIT[t] for t in pick)))
    return out


def _product(lists: list[list[int]]) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = [()]
    for options in lists:
        out = [p + (t,) for p in out for t in options]
    return out


def _return_refusal(deal: DaguailuziDeal, seat: int, action: Any) -> str | None:
    if not isinstance(action, Gift):
        return Msg("the return phase: give a card back before play")
    if deal.offer is not None:
        offered = CardTokens(deal.cards_text(deal.offer))
        if action.kind is not GiftKind.TAKE:
            return Msg("take one of the offered cards: {cards}", cards=offered)
        t = _one(action.cards)
        if t is None or not deal.offer >> (3 * t) & 7:
            return Msg("take exactly one of the offered cards: {cards}", cards=offered)
        return None
    n = _needs_offer(deal)
    giver = _pending(deal)[0]
    if not n:
        if action.kind is not GiftKind.RETURN:
            return Msg("return one card to seat {giver} (e.g. 'return 4D')", giver=giver)
        t = _one(action.cards)
        if t is None:
            return Msg("a return is exactly one card")
        if not deal.hands[seat] >> (3 * t) & 7:
            return _not_held(deal, action.cards)
        return None
    if action.kind is not GiftKind.OFFER:
        return Msg(
            "offer seat {giver} {n} cards of different ranks (e.g. 'offer 4D 6S 9C')",
            giver=giver,
            n=n,
        )
    types = kinds_of(action.cards)
    if len(types) != n or any(action.cards >> (3 * t) & 7 != 1 for t in types):
        return Msg("offer exactly {n} cards of different ranks", n=n)
    if len({rank_of(t) for t in types}) != n:
        return Msg("the {n} offered cards must be of different ranks", n=n)
    hand = deal.hands[seat]
    missing = [t for t in types if not hand >> (3 * t) & 7]
    if missing:
        return _not_held(deal, sum(UNIT[t] for t in missing))
    return None


def _return_apply(deal: DaguailuziDeal, seat: int, action: Gift) -> None:
    giver, recipient, _ = _pending(deal)
    if action.kind is GiftKind.OFFER:
        deal.offer = action.cards
        deal.offers.append((recipient, giver, action.cards))
        deal.to_act = giver
        return
    deal.offer = None
    card = action.cards
    deal.hands[recipient] -= card
    deal.hands[giver] += card
    deal.returned.append((recipient, giver, card))
    if len(deal.returned) < len(deal.tributes):
        deal.to_act = deal.tributes[len(deal.returned)][1]
        return
    deal._start_play()


PHASES: Final = {
    Phase.TRIBUTE: PhaseRules(_tribute_choices, _tribute_refusal, _tribute_apply),
    Phase.RETURN: PhaseRules(_return_choices, _return_refusal, _return_apply),
}
"""The decision phases before play (see the module)."""
