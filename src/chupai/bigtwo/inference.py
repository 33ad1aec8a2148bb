"""What the passes of a Big Two deal suggest about the hands that made them.

A seat that passes over a single or a pair usually had no cheap way to beat it:
players rarely pass when they hold a low single that belongs to no set (a pair,
a triple) or a low pair, since playing it sheds a card they would otherwise be
stuck with. :class:`PassEvidence` records each such pass of the play history
(who passed, over which single or pair, and which cards that seat has played
since), and :func:`violations` counts the passes a drawn deal would contradict.
:class:`~chupai.bigtwo.sampling.DealSampler` (``infer=p``) rejects a draw
with probability ``p`` for each contradicted pass, which weighs the hands by the
likelihood of a simple model of play (a seat holding a cheap beater passes with
probability ``1 - p``, any other seat always may).

"Cheap" means below the two highest ranks (below the ace and the two in every
preset): a seat keeping an ace or a two back for control is not assumed. A pass
is evidence only when the seat could have played: not over its own play, not in
a trick the repeat-lead lock forces everyone to pass, not while blocked for a
missed "last card" call. Only one pack is read (with two packs every pass is
kept as no evidence).

>>> from chupai.bigtwo.game import BigTwoDeal
>>> from chupai.bigtwo.rules import PRESETS
>>> from chupai.cards import parse_mask
>>> hands = [parse_mask(t) for t in ("3D 8H KS", "4C 5C", "6D 7D 9C", "TD JD QD")]
>>> deal = BigTwoDeal.from_hands(PRESETS["standard"], hands)
>>> for move in ("3D", "pass"):
...     _ = deal.apply_action(deal.parse_action(move))
>>> ev = PassEvidence.read(deal, 1, deal.top, later=0)
>>> violations([ev], [0, parse_mask("4C 5C"), 0, 0])   # 4C was a cheap beater
1
>>> violations([ev], [0, parse_mask("AC 2C"), 0, 0])   # only control cards
0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from chupai.bigtwo.combos import Combo, ComboKind, beats, classify_or_none, tables
from chupai.bigtwo.game import BigTwoDeal
from chupai.cards import CardMask, cards_of

__all__ = ["PassEvidence", "violations"]

_CONTROL_RANKS: Final = 2
"""The highest ranks (ace, two) a seat may keep back without being assumed to."""


class PassEvidence(NamedTuple):
    """One informative pass: ``seat`` passed while holding ``later`` (the cards it
    has played since) plus its current hand; a single in ``singles`` that is not
    part of a pair or triple, or a pair among ``pairs``, would have beaten the top."""

    seat: int
    singles: CardMask
    """Cheap cards whose single beats the top (0 when the top is not a single)."""
    pairs: tuple[CardMask, ...]
    """Cheap pairs that beat the top (empty when the top is not a pair)."""
    later: CardMask

    @classmethod
    def read(cls, deal: BigTwoDeal, seat: int, top: Combo, later: CardMask) -> PassEvidence:
        """The evidence of ``seat``'s pass over ``top`` in ``deal`` (its state at
        the pass), ``later`` the cards ``seat`` played after it."""
        rules = deal.rules
        strength = tables(rules).card_strength
        cheap_below = 4 * (13 - _CONTROL_RANKS)
        singles = 0
        pairs: list[CardMask] = []
        if top.kind is ComboKind.SINGLE:
            floor = strength[top.mask.bit_length() - 1]
            for c in range(52):
                if floor < strength[c] < cheap_below:
                    singles |= 1 << c
        elif top.kind is ComboKind.PAIR:
            for c in range(52):
                if strength[c] >= cheap_below:
                    continue
                for d in range(c + 1, (c | 3) + 1):  # the same rank, a higher suit id
                    if strength[d] >= cheap_below:
                        continue
                    pair = classify_or_none(1 << c | 1 << d, rules)
                    if pair is not None and beats(pair, top, rules):
                        pairs.append(1 << c | 1 << d)
        return cls(seat, singles, tuple(pairs), later)

    def contradicted(self, hand: CardMask) -> bool:
        """Whether a seat holding ``hand`` now had a cheap beater at the pass."""
        held = hand | self.later
        cand = held & self.singles
        for c in cards_of(cand):
            if ((held >> (c & ~3)) & 15).bit_count() == 1:  # a lone card of its rank
                return True
        for pair in self.pairs:
            if held & pair == pair:
                low = (pair & -pair).bit_length() - 1
                if ((held >> (low & ~3)) & 15).bit_count() == 2:  # not out of a triple
                    return True
        return False


def violations(evidence: Sequence[PassEvidence], hands: Sequence[CardMask]) -> int:
    """How many of the passes in ``evidence`` the current ``hands`` (one mask per
    seat) contradict."""
    return sum(1 for ev in evidence if ev.contradicted(hands[ev.seat]))
