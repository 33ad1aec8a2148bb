"""The toy game's rules, deal, observation, records and match."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from chupai.actions import PASS, Pass
from chupai.deal import Deal
from chupai.errors import RecordError, RulesError
from chupai.match import BaseMatch, match_deal_seed

RANKS = ("1", "2", "3", "4", "5", "6")
SUITS = ("x", "y")
PACK = tuple(r + s for r in RANKS for s in SUITS)


@dataclass(frozen=True, slots=True)
class ToyRules:
    players: int = 2
    preset: str = "standard"
    scoring: str = "cards"
    """``cards``: the winner gets one point per card the loser holds; ``flat``: 1."""

    def spec(self) -> str:
        return f"toy(preset={self.preset}, scoring={self.scoring})"

    def to_dict(self) -> dict[str, Any]:
        return {"preset": self.preset, "players": self.players, "scoring": self.scoring}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> ToyRules:
        scoring = raw.get("scoring", "cards")
        if scoring not in ("cards", "flat") or raw.get("players", 2) != 2:
            raise RecordError(f"bad toy rules {dict(raw)!r}")
        return cls(preset=str(raw.get("preset", "standard")), scoring=scoring)


PRESETS: Mapping[str, ToyRules] = {
    "standard": ToyRules(),
    "flat": ToyRules(preset="flat", scoring="flat"),
}


def resolve(preset: str, overrides: Mapping[str, str]) -> ToyRules:
    if preset not in PRESETS:
        raise RulesError(
            f"unknown preset {preset!r}; presets: {', '.join(PRESETS)}", "preset", tuple(PRESETS)
        )
    rules = PRESETS[preset]
    for key, value in overrides.items():
        if key != "scoring":
            raise RulesError(f"unknown option {key!r}; options: scoring", "option", ("scoring",))
        if value not in ("cards", "flat"):
            raise RulesError(
                f"bad value {value!r} for option 'scoring'", "scoring", ("cards", "flat")
            )
        rules = ToyRules(preset=rules.preset, scoring=value)
    return rules


def rank(card: str) -> int:
    return RANKS.index(card[0])


class Play(NamedTuple):
    card: str


class Event(NamedTuple):
    seat: int
    action: Play | Pass


class Outcome(NamedTuple):
    redeal: bool
    winner: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Observation:
    rules: ToyRules
    seat: int
    players: int
    phase: str
    current_player: int | None
    hand: tuple[str, ...]
    hand_counts: tuple[int, ...]
    history: tuple[Event, ...]
    top: Play | None
    top_player: int | None
    outcome: Outcome | None

    @property
    def roles(self) -> tuple[str, ...]:
        return ("",) * self.players

    public_roles = roles


class ToyDeal(Deal[Play | Pass, Event, Outcome]):
    __slots__ = (
        "rules",
        "seed",
        "dealer",
        "players",
        "hands",
        "to_act",
        "top",
        "top_player",
        "history",
        "outcome",
        "start",
    )

    def __init__(
        self, rules: ToyRules, hands: list[list[str]], dealer: int, seed: int | None = None
    ):
        self.rules = rules
        self.seed = seed
        self.dealer = dealer
        self.players = 2
        self.hands = [sorted(h, key=PACK.index) for h in hands]
        self.start = [list(h) for h in self.hands]
        self.to_act: int | None = 0 if "1x" in self.hands[0] else 1
        self.top: Play | None = None
        self.top_player: int | None = None
        self.history: list[Event] = []
        self.outcome: Outcome | None = None

    @property
    def phase(self) -> str:
        return "over" if self.outcome is not None else "play"

    def is_terminal(self) -> bool:
        return self.outcome is not None

    def legal_actions(self) -> list[Play | Pass]:
        if self.to_act is None:
            return []
        hand = self.hands[self.to_act]
        if self.top is None:
            if not self.history:
                return [Play("1x")]
            return [Play(c) for c in hand]
        return [*(Play(c) for c in hand if rank(c) > rank(self.top.card)), PASS]

    def why_illegal(self, action: Play | Pass) -> str | None:
        if self.to_act is None:
            return "the deal is over"
        if action in self.legal_actions():
            return None
        if isinstance(action, Pass):
            return "the leader may not pass"
        if action.card not in self.hands[self.to_act]:
            return f"{action.card} is not in the hand"
        if not self.history:
            return "the first play is 1x"
        return f"{action.card} does not beat {self.top.card if self.top else '-'}"

    def action_text(self, action: Play | Pass) -> str:
        return "pass" if isinstance(action, Pass) else action.card

    def parse(self, text: str) -> Play | Pass:
        text = text.strip().lower()
        if text == "pass":
            return PASS
        if text not in PACK:
            raise RulesError(f"unknown card token {text!r}", "card", PACK)
        return Play(text)

    def apply_unchecked(self, action: Play | Pass) -> Event:
        seat = self.to_act
        assert seat is not None
        ev = Event(seat, action)
        self.history.append(ev)
        other = 1 - seat
        if isinstance(action, Pass):
            self.top = None
            self.top_player = None
            self.to_act = other
            return ev
        self.hands[seat].remove(action.card)
        self.top, self.top_player = action, seat
        if not self.hands[seat]:
            left = len(self.hands[other])
            won = left if self.rules.scoring == "cards" else 1
            scores = [0, 0]
            scores[seat], scores[other] = won, -won
            self.outcome = Outcome(False, seat, tuple(scores))
            self.to_act = None
        else:
            self.to_act = other
        return ev

    def observe(self, seat: int) -> Observation:
        return Observation(
            rules=self.rules,
            seat=seat,
            players=2,
            phase=self.phase,
            current_player=self.to_act,
            hand=tuple(self.hands[seat]),
            hand_counts=tuple(len(h) for h in self.hands),
            history=tuple(self.history),
            top=self.top,
            top_player=self.top_player,
            outcome=self.outcome,
        )

    def clone(self) -> ToyDeal:
        c = ToyDeal.__new__(ToyDeal)
        c.rules, c.seed, c.dealer, c.players = self.rules, self.seed, self.dealer, 2
        c.hands = [list(h) for h in self.hands]
        c.start = self.start
        c.to_act, c.top, c.top_player = self.to_act, self.top, self.top_player
        c.history = list(self.history)
        c.outcome = self.outcome
        return c


def new_deal(rules: ToyRules, seed: int, *, dealer: int | None = None) -> ToyDeal:
    rng = random.Random(seed)
    cards = list(PACK)
    rng.shuffle(cards)
    if dealer is None:
        dealer = rng.randrange(2)
    return ToyDeal(rules, [cards[0::2], cards[1::2]], dealer, seed)


def to_record(deal: ToyDeal) -> dict[str, Any]:
    return {
        "format": "chupai-toy",
        "game": "toy",
        "rules": deal.rules.to_dict(),
        "seed": deal.seed,
        "dealer": deal.dealer,
        "hands": [" ".join(h) for h in deal.start],
        "actions": [deal.action_text(ev.action) for ev in deal.history],
        "result": None
        if deal.outcome is None
        else {"winner": deal.outcome.winner, "scores": list(deal.outcome.scores)},
    }


def replay(rec: Mapping[str, Any]) -> ToyDeal:
    if not isinstance(rec, Mapping) or rec.get("format") != "chupai-toy":
        raise RecordError("not a toy deal record")
    rules = ToyRules.from_dict(rec.get("rules") or {})
    hands = [str(h).split() for h in rec.get("hands", [])]
    if len(hands) != 2 or sorted(hands[0] + hands[1]) != sorted(PACK):
        raise RecordError("the record's hands are not the pack")
    deal = ToyDeal(rules, hands, int(rec.get("dealer", 0)), rec.get("seed"))
    for i, text in enumerate(rec.get("actions", [])):
        try:
            deal.apply_action(deal.parse(str(text)))
        except Exception as exc:
            raise RecordError(f"action {i + 1} ({text!r}): {exc}") from None
    return deal


class Setup(NamedTuple):
    seed: int
    dealer: int | None


class Row(NamedTuple):
    number: int | None
    winner: int
    scores: tuple[int, ...]
    totals: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "deal": self.number,
            "winner": self.winner,
            "scores": list(self.scores),
            "totals": list(self.totals),
        }


class ToyMatch(BaseMatch[ToyRules, ToyDeal, Setup, Row]):
    game = "toy"

    def setup(self) -> Setup:
        seed = match_deal_seed("toy", self.seed, len(self.deals))
        if not self.deals:
            return Setup(seed, self.first_dealer)
        return Setup(seed, 1 - self.deals[-1].dealer)

    def _deal(self, setup: Setup) -> ToyDeal:
        return new_deal(self.rules, setup.seed, dealer=setup.dealer)

    def _drawn_dealer(self, seed: int) -> int:
        return new_deal(self.rules, seed).dealer

    def _setup_problems(self, deal: ToyDeal, setup: Setup) -> list[str]:
        return []

    def _row(
        self, number: int | None, position: int, deal: ToyDeal, totals: tuple[int, ...]
    ) -> Row:
        assert deal.outcome is not None
        return Row(number, deal.outcome.winner, deal.outcome.scores, totals)

    def _deal_record(self, deal: ToyDeal) -> dict[str, Any]:
        return to_record(deal)

    @classmethod
    def _read_rules(cls, raw: dict[str, Any]) -> ToyRules:
        return ToyRules.from_dict(raw)

    @classmethod
    def _replay_deal(cls, rec: Any) -> ToyDeal:
        return replay(rec)
