"""The 大怪路子 deal: offense leader and dealing, tribute and return, play, the
end of the deal and its result (``daguailuzi.md`` §2, §3, §7, §8, §10).

:class:`DaguailuziDeal` is the state machine of one deal, with the OpenSpiel
method names of every chupai deal (:class:`chupai.deal.Deal`) and the trick of
:mod:`chupai.trick`. Six seats; team A is seats 0, 2, 4 and team B seats 1, 3, 5.

**Setting up** (§3): the offense leader ``O`` is given, or drawn from the seed in
the first deal of a match; the dealer is ``(O − 1) mod 6``; the 162 cards are
shuffled with ``random.Random(seed)`` and card ``k`` goes to seat ``(O + k) mod 6``,
27 each. The trump level of the deal is the offense team's level when ``trumps``
is on (None otherwise); every classification and move generation uses it.

**Tribute and return** (§10, :mod:`chupai.daguailuzi.exchange`): only when the
deal is given ``givers`` (the players trapped in the previous won deal, under
``tribute``) and ``recipients`` (the winners in finishing order). Actions are
:class:`Gift` values: ``tribute RJ``, ``return 4D``, ``offer 4D 6S 9C``,
``take 6S``.

**Play** (§7): a play is a :class:`~chupai.daguailuzi.combos.Combo`, a pass
:data:`PASS`; no lock-out; after a player goes out with the top play, the lead
goes to the next active seat or (``lead_after_out = teammate``) to the nearest
active team-mate. The deal ends the moment all three players of one team are out
(§7.4); its :class:`~chupai.daguailuzi.scoring.Outcome` is then set.

>>> from chupai.daguailuzi.rules import PRESETS
>>> deal = new_deal(PRESETS["seed"], seed=1)
>>> deal.phase.value, deal.dealer == (deal.offense - 1) % 6
('play', True)
>>> while not deal.is_terminal():
...     _ = deal.apply_action(deal.legal_actions()[-1])    # pass, or the last play
>>> sum(deal.returns())
0
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from operator import itemgetter
from typing import Final, Self

from chupai.actions import PASS, Pass
from chupai.daguailuzi import (
    cards as dcards,
    messages as _messages,  # noqa: F401 (the translations)
)
from chupai.daguailuzi.cards import GUARD, PACK, rule_strengths
from chupai.daguailuzi.combos import Combo, beats, classify, explain
from chupai.daguailuzi.events import (
    PLAYERS,
    TEAM_MASKS,
    TEAM_NAMES,
    TEAM_SEATS,
    Action,
    Event,
    Gift,
    GiftKind,
    Phase,
    team_of,
)
from chupai.daguailuzi.exchange import PHASES, start_exchange
from chupai.daguailuzi.movegen import legal_plays
from chupai.daguailuzi.observation import Observation, observe
from chupai.daguailuzi.rules import DaguailuziRules
from chupai.daguailuzi.scoring import Outcome, deal_outcome
from chupai.deal import Deal, clone_slots, still_held
from chupai.errors import ChupaiError, IllegalActionError
from chupai.i18n import CardTokens, Msg
from chupai.phases import DecisionPhases
from chupai.trick import Trick, next_seat

__all__ = [
    "Phase",
    "Pass",
    "PASS",
    "Gift",
    "GiftKind",
    "Action",
    "Event",
    "Outcome",
    "Observation",
    "DaguailuziDeal",
    "new_deal",
    "deal_hands",
    "draw_leader",
    "TEAM_SEATS",
    "TEAM_NAMES",
    "team_of",
]

_GIFT_WORDS: Final = frozenset(k.value for k in GiftKind)
_KEY: Final = itemgetter(2)
"""A combination's comparison key (``Combo.key``)."""


def draw_leader(seed: int) -> int:
    """The offense leader a first deal of ``seed`` draws (§3.1)."""
    return random.Random(seed).randrange(PLAYERS)


def deal_hands(seed: int, leader: int) -> list[int]:
    """The six hands ``seed`` deals when ``leader`` is the offense leader (§3.2):
    ``random.Random(seed)`` first draws a leader (used when none is given), then
    shuffles the 162 cards; card ``k`` goes to seat ``(leader + k) mod 6``."""
    rng = random.Random(seed)
    rng.randrange(PLAYERS)
    pack = [t for t in range(54) for _ in range(3)]
    rng.shuffle(pack)
    hands = [0] * PLAYERS
    for k, t in enumerate(pack):
        hands[(leader + k) % PLAYERS] += 1 << (3 * t)
    return hands


class DaguailuziDeal(DecisionPhases, Trick, Deal[Action, Event, Outcome]):
    """One deal of 大怪路子. Build with :func:`new_deal` or :meth:`from_hands`."""

    __slots__ = (
        "rules",
        "players",
        "seed",
        "offense",
        "dealer",
        "levels",
        "level",
        "strength",
        "initial",
        "givers",
        "recipients",
        "phase",
        "to_act",
        "history",
        "outcome",
        "hands",
        "played",
        "finishing",
        "tributes",
        "returned",
        "offers",
        "offer",
        "top",
        "top_player",
        "leader",
        "passed",
        "_active",
        "_lockout",
        "_combos",
        "_seen",
    )
    _COPIED = (
        "history",
        "hands",
        "played",
        "finishing",
        "tributes",
        "returned",
        "offers",
        "_combos",
        "_seen",
    )
    _CACHES = ("_combos",)
    _REPR = ("offense",)
    _PHASES = PHASES

    rules: DaguailuziRules
    seed: int | None
    offense: int
    """The offense leader (§3.1); its team is the offense team."""
    dealer: int
    """The dealer, ``(offense − 1) mod 6`` (§3.2)."""
    levels: tuple[int, int]
    """Team A's and team B's levels (natural rank indices 0..12) at the start."""
    level: int | None
    """The trump rank of the deal (the offense team's level), None without trumps."""
    strength: tuple[int, ...]
    """Each rank's single-card strength in this deal
    (:func:`~chupai.daguailuzi.cards.rule_strengths`)."""
    initial: tuple[int, ...]
    """The hands as dealt (before tribute)."""
    givers: tuple[int, ...]
    """The tribute givers in the order they give (§10.3 tie order)."""
    recipients: tuple[int, ...]
    """The tribute recipients in the order they receive (winners' finishing order)."""
    phase: Phase
    hands: list[int]
    played: list[int]
    """The cards each seat has played."""
    finishing: list[int]
    tributes: list[tuple[int, int, int]]
    """``(giver, recipient, card)`` of each tribute (public; recipient -1 until
    every giver has chosen), in the order the cards were handed (§10.3)."""
    returned: list[tuple[int, int, int]]
    """``(recipient, giver, card)`` of each return (private to the two seats)."""
    offers: list[tuple[int, int, int]]
    """``(recipient, giver, cards)`` of each ``joker_candidates`` offer (private)."""
    offer: int | None
    """The candidates waiting for the giver's ``take``, else None."""
    _combos: list[tuple[int, dict[int, list[Combo]]] | None]
    """Per seat, its hand and the plays it may lead by size (:meth:`plays_by_size`)."""
    _seen: list[tuple[int, tuple[Event, ...]]]
    """Per seat, how many events its observed history has read, and that history."""

    # ----- construction -----------------------------------------------------
    @classmethod
    def from_hands(
        cls,
        rules: DaguailuziRules,
        hands: Sequence[int | str],
        offense: int,
        *,
        seed: int | None = None,
        levels: tuple[int, int] = (0, 0),
        givers: Sequence[int] = (),
        recipients: Sequence[int] = (),
    ) -> DaguailuziDeal:
        """A deal from given hands (packed counts or card text; any sizes, for
        tests and records), offense leader ``offense``, both teams' ``levels``,
        the tribute ``givers`` (any order: they give in turn order from the seat
        after ``offense``) and ``recipients`` (the winners in finishing order).
        Raises :class:`ChupaiError` naming what is wrong."""
        packed = [dcards.parse_cards(h) if isinstance(h, str) else h for h in hands]
        _check_setup(packed, offense, levels, givers, recipients)
        self = cls.__new__(cls)
        self.rules = rules
        self.players = PLAYERS
        self.seed = seed
        self.offense = offense
        self.dealer = (offense - 1) % PLAYERS
        self.levels = (levels[0], levels[1])
        self.level = levels[team_of(offense)] if rules.trumps else None
        self.strength = rule_strengths(rules, self.level)
        self.initial = tuple(packed)
        order = [(offense + 1 + i) % PLAYERS for i in range(PLAYERS)]
        self.givers = tuple(s for s in order if s in givers)
        self.recipients = tuple(recipients[: len(self.givers)])
        self.phase = Phase.TRIBUTE
        self.to_act = None
        self.history = []
        self.outcome = None
        self.hands = list(packed)
        self.played = [0] * PLAYERS
        self.finishing = []
        self.tributes = []
        self.returned = []
        self.offers = []
        self.offer = None
        self._no_trick()
        self._combos = [None] * PLAYERS
        self._seen = [(0, ())] * PLAYERS
        start_exchange(self)
        return self

    def _start_play(self) -> None:
        """Start play (§7.1): the offense leader leads, or under ``next_leader =
        top_tribute`` the giver of the highest tribute."""
        self.phase = Phase.PLAY
        lead = self.offense
        if self.tributes and self.rules.next_leader == "top_tribute":
            lead = self.tributes[0][0]
        self._combos = [None] * PLAYERS
        self._open_play(lead)

    # ----- queries ----------------------------------------------------------
    @property
    def offense_team(self) -> int:
        """The offense team (0 = A, 1 = B)."""
        return team_of(self.offense)

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def plays_by_size(self, seat: int) -> dict[int, list[Combo]]:
        """Every distinct play ``seat``'s hand may lead, by size (1, 2, 3, 5), each
        list in the order of :func:`~chupai.daguailuzi.movegen.legal_plays` (by
        key): cached, and filtered as cards leave the hand."""
        cached = self._combos[seat]
        hand = self.hands[seat]
        if cached is None:
            by_size: dict[int, list[Combo]] = {1: [], 2: [], 3: [], 5: []}
            for c in legal_plays(hand, None, self.rules, self.level):
                by_size[c.size].append(c)
        elif cached[0] != hand:
            by_size = {n: still_held(plays, hand, GUARD) for n, plays in cached[1].items()}
        else:
            return cached[1]
        self._combos[seat] = (hand, by_size)
        return by_size

    def plays_of(self, seat: int) -> list[Combo]:
        """Every distinct play ``seat``'s hand may lead (what
        ``legal_plays(hand, None, ...)`` lists)."""
        by_size = self.plays_by_size(seat)
        return by_size[1] + by_size[2] + by_size[3] + by_size[5]

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to act: in play the plays (in the order
        of :func:`~chupai.daguailuzi.movegen.legal_plays`) then ``pass`` when
        following; before play the tribute, return, offer or take choices."""
        seat = self.to_act
        if seat is None:
            return []
        if self.phase is not Phase.PLAY:
            return self._phase_choices(seat)
        top = self.top
        if top is None:
            return self.plays_of(seat)  # type: ignore[return-value]
        # a play of the top's size beats it iff its key is higher (§6), or equal
        # with fewer wild jokers under natural_beats_wild: the plays are by key
        plays = self.plays_by_size(seat).get(top.size, [])
        key = top.key
        if self.rules.natural_beats_wild:
            at = bisect_left(plays, key, key=_KEY)
            wild = top.wild
            out: list[Action] = [c for c in plays[at:] if c.key > key or c.wild < wild]
        else:
            out = plays[bisect_right(plays, key, key=_KEY) :]  # type: ignore[assignment]
        out.append(PASS)
        return out

    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` is illegal now, or None if it is legal."""
        seat = self.to_act
        if seat is None or self.phase is not Phase.PLAY:
            return self._refusal_outside_play(seat, action)
        if isinstance(action, Pass):
            return Msg("the leader may not pass") if self.top is None else None
        if isinstance(action, Gift):
            return Msg("no {gift} during play", gift=action.kind.value)
        if not isinstance(action, Combo):
            return Msg("{action!r} is no action of this game", action=action)
        hand = self.hands[seat]
        if (hand + GUARD - action.cards) & GUARD != GUARD:
            return Msg("you do not hold {cards}", cards=CardTokens(self.cards_text(action.cards)))
        real = classify(action.cards, self.rules, self.level)
        if real != action:
            return Msg(
                "{cards} is not that combination", cards=CardTokens(self.cards_text(action.cards))
            )
        top = self.top
        if top is not None:
            if action.size != top.size:
                return Msg(
                    "a play of {n} card(s) is needed, not {size}", n=top.size, size=action.size
                )
            if not beats(action, top, self.rules):
                return Msg(
                    "{cards} does not beat {top}",
                    cards=CardTokens(self.cards_text(action.cards)),
                    top=CardTokens(self.cards_text(top.cards)),
                )
        return None

    def observe(self, seat: int) -> Observation:
        """The observation of ``seat``: only what that seat may know."""
        return observe(self, seat)

    def clone(self) -> Self:
        """An independent copy (lists copied; immutable values shared)."""
        return clone_slots(self, self._COPIED)

    # ----- notation ---------------------------------------------------------
    def cards_text(self, cards: int) -> str:
        """The text of ``cards`` in display order under this deal's trump rank."""
        return dcards.cards_text(cards, self.rules, self.level)

    def action_text(self, action: Action) -> str:
        """``pass``, ``tribute RJ`` / ``return 4D`` / ``offer 4D 6S 9C`` /
        ``take 6S`` (``return ?`` for a move whose card is hidden), or the cards
        of a play."""
        if isinstance(action, Pass):
            return "pass"
        if isinstance(action, Gift):
            cards = self.cards_text(action.cards) if action.cards else "?"
            return f"{action.kind.value} {cards}"
        return self.cards_text(action.cards)

    def parse_action(self, text: str) -> Action:
        """Read an action from text: ``pass``/``p``, ``tribute X``, ``return X``,
        ``offer X Y [Z]``, ``take X``, or card tokens — a play in play, the
        tribute, return, offer or take the phase asks for before play. Not checked
        for legality (see :meth:`check`). Raises :class:`CardParseError` for bad
        tokens and :class:`IllegalActionError` when the text is no action."""
        words = text.strip().split()
        if not words:
            raise IllegalActionError(text, "empty action")
        first = words[0].lower()
        if len(words) == 1 and first in ("pass", "p"):
            return PASS
        if first in _GIFT_WORDS:
            if len(words) == 1:
                raise IllegalActionError(text, f"name the card(s) after {first!r}")
            return Gift(GiftKind(first), dcards.parse_cards(" ".join(words[1:])))
        cards = dcards.parse_cards(text)
        if self.phase is Phase.TRIBUTE:
            return Gift(GiftKind.TRIBUTE, cards)
        if self.phase is Phase.RETURN:
            if self.offer is not None:
                return Gift(GiftKind.TAKE, cards)
            single = dcards.size_of(cards) == 1
            return Gift(GiftKind.RETURN if single else GiftKind.OFFER, cards)
        combo = classify(cards, self.rules, self.level)
        if combo is None:
            raise IllegalActionError(text, explain(cards, self.rules, self.level))  # a Msg
        return combo

    # ----- transitions ------------------------------------------------------
    def apply_unchecked(self, action: Action) -> Event:
        """Apply ``action`` WITHOUT checking legality (fast path for simulators that
        choose from :meth:`legal_actions`). An illegal action corrupts the state."""
        seat = self.to_act
        assert seat is not None
        ev = Event(seat, action)
        self.history.append(ev)
        if type(action) is Pass:
            self._trick_pass(seat)
        elif self.phase is Phase.PLAY:
            self._play(seat, action)  # type: ignore[arg-type]
        else:
            self._phase_apply(seat, action)
        return ev

    def _play(self, seat: int, combo: Combo) -> None:
        cards = combo.cards
        hand = self.hands[seat] - cards
        self.hands[seat] = hand
        self.played[seat] += cards
        if not hand:
            self._went_out(seat)
            self.finishing.append(seat)
            if not self._active & TEAM_MASKS[team_of(seat)]:
                self.top = combo
                self.top_player = seat
                self._finish()
                return
        self._trick_play(seat, combo)

    def _lead_after(self, gone: int) -> int:
        """Who leads after ``gone`` went out with the top play (§7.3)."""
        if self.rules.lead_after_out == "teammate":
            for step in (2, 4):
                mate = (gone + step) % PLAYERS
                if self._active >> mate & 1:
                    return mate
        return next_seat(self._active, gone)

    def _finish(self) -> None:
        self.phase = Phase.OVER
        self.to_act = None
        self.outcome = deal_outcome(
            tuple(self.finishing), self._active, self.offense, self.levels, self.rules
        )


def _check_setup(
    hands: list[int],
    offense: int,
    levels: Sequence[int],
    givers: Sequence[int],
    recipients: Sequence[int],
) -> None:
    """Raise :class:`ChupaiError` naming what is wrong with a deal's setup."""
    _check_hands(hands)
    if isinstance(offense, bool) or not isinstance(offense, int) or not 0 <= offense < PLAYERS:
        raise ChupaiError(f"offense leader {offense!r} is not a seat of {PLAYERS}")
    if len(levels) != 2 or any(not 0 <= lv <= 12 for lv in levels):
        raise ChupaiError(f"levels {tuple(levels)!r} must be two rank indices 0..12 (2 … A)")
    _check_tribute(givers, recipients)


def _check_hands(hands: list[int]) -> None:
    if len(hands) != PLAYERS:
        raise ChupaiError(f"a deal needs {PLAYERS} hands, not {len(hands)}")
    total = 0
    for seat, h in enumerate(hands):
        if h <= 0 or h & GUARD:
            raise ChupaiError(f"hand {seat} is empty or malformed")
        total += h
        if (PACK + GUARD - total) & GUARD != GUARD:
            raise ChupaiError("the hands hold a card more than three times (the pack holds 3)")


def _check_tribute(givers: Sequence[int], recipients: Sequence[int]) -> None:
    if len(set(givers)) != len(givers) or any(not 0 <= s < PLAYERS for s in givers):
        raise ChupaiError(f"tribute givers {tuple(givers)!r} must be distinct seats")
    if not givers:
        return
    team = team_of(givers[0])
    if any(team_of(s) != team for s in givers):
        raise ChupaiError("the tribute givers must be of one team")
    if len(recipients) < len(givers) or any(team_of(s) == team for s in recipients):
        raise ChupaiError("each tribute giver needs a recipient of the other team")
    if len(set(recipients)) != len(recipients) or any(not 0 <= s < PLAYERS for s in recipients):
        raise ChupaiError(f"tribute recipients {tuple(recipients)!r} must be distinct seats")


def new_deal(
    rules: DaguailuziRules,
    seed: int,
    *,
    dealer: int | None = None,
    offense: int | None = None,
    levels: tuple[int, int] = (0, 0),
    givers: Sequence[int] = (),
    recipients: Sequence[int] = (),
) -> DaguailuziDeal:
    """Deal a deal from ``seed`` (§3): the offense leader is ``offense``, or the
    seat after ``dealer``, or else drawn from the seed (:func:`draw_leader`); the
    other arguments are those of :meth:`DaguailuziDeal.from_hands`."""
    if offense is None:
        offense = draw_leader(seed) if dealer is None else (dealer + 1) % PLAYERS
    elif dealer is not None and dealer != (offense - 1) % PLAYERS:
        raise ChupaiError(f"dealer {dealer} does not sit just before offense leader {offense}")
    if isinstance(offense, bool) or not isinstance(offense, int) or not 0 <= offense < PLAYERS:
        raise ChupaiError(f"offense leader {offense!r} is not a seat of {PLAYERS}")
    hands = deal_hands(seed, offense)
    return DaguailuziDeal.from_hands(
        rules, hands, offense, seed=seed, levels=levels, givers=givers, recipients=recipients
    )
