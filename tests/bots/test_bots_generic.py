"""The bots of a game without a bots plugin: a tiny test-only game ("ladder"),
registered with :func:`chupai.protocol.register` and removed after, is played by
the generic bots (``random``; ``greedy`` and ``heuristic`` from the protocol
alone); ``search`` needs a sampler from the game's bots plugin."""

from __future__ import annotations

import random
import sys
import types
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any, NamedTuple

import pytest

from chupai.actions import PASS, Pass
from chupai.bots import bot_names, make_bot
from chupai.bots.generic import GenericGreedyBot, GenericHeuristicBot
from chupai.bots.search import SearchBot, prune_candidates
from chupai.errors import ChupaiError
from chupai.protocol import GameSpec, NextDeal, Result, SeatFacts, register, unregister

RANKS = 8
"""Cards are ranks 0..7, one of each; a hand is a bit mask."""


class Phase(Enum):
    PLAY = "play"
    END = "end"


class Play(NamedTuple):
    """One card, or two cards of consecutive ranks (``key``: the higher rank)."""

    cards: int
    key: int

    @property
    def kind(self) -> str:
        return "single" if self.cards.bit_count() == 1 else "run"


@dataclass(frozen=True)
class Outcome:
    winner: int
    scores: tuple[int, int]


@dataclass(frozen=True)
class Obs:
    seat: int
    players: int
    phase: Phase
    hand: int
    hand_counts: tuple[int, ...]
    top: Play | None
    top_player: int | None
    current_player: int | None
    unseen: int


@dataclass
class Ladder:
    """Two seats, four cards each; a trick is led with any play and followed by
    a play of the same size and a higher key, or a pass (the trick ends); the
    first seat out wins the cards the other holds."""

    hands: list[int]
    current_player: int | None = 0
    top: Play | None = None
    top_player: int | None = None
    history: list[tuple[int, Any]] = field(default_factory=list)
    outcome: Outcome | None = None
    players: int = 2

    @property
    def phase(self) -> Phase:
        return Phase.END if self.outcome else Phase.PLAY

    def is_terminal(self) -> bool:
        return self.outcome is not None

    def legal_actions(self) -> list[Any]:
        hand = self.hands[self.current_player or 0]
        ranks = [r for r in range(RANKS) if hand >> r & 1]
        plays = [Play(1 << r, r) for r in ranks]
        plays += [Play(3 << r, r + 1) for r in ranks if hand >> (r + 1) & 1]
        if self.top is None:
            return plays
        top = self.top
        return [PASS] + [
            p for p in plays if p.cards.bit_count() == top.cards.bit_count() and p.key > top.key
        ]

    def apply_action(self, action: Any) -> None:
        assert action in self.legal_actions()
        self.apply_unchecked(action)

    def apply_unchecked(self, action: Any) -> None:
        seat = self.current_player
        assert seat is not None
        self.history.append((seat, action))
        if isinstance(action, Pass):
            self.top = self.top_player = None
        else:
            self.hands[seat] &= ~action.cards
            self.top, self.top_player = action, seat
            if not self.hands[seat]:
                left = self.hands[1 - seat].bit_count()
                scores = [-left, -left]
                scores[seat] = left
                self.outcome = Outcome(seat, (scores[0], scores[1]))
                self.current_player = None
                return
        self.current_player = 1 - seat

    def observe(self, seat: int) -> Obs:
        return Obs(
            seat,
            2,
            self.phase,
            self.hands[seat],
            tuple(h.bit_count() for h in self.hands),
            self.top,
            self.top_player,
            self.current_player,
            self.hands[1 - seat],
        )

    def action_text(self, action: Any) -> str:
        return "pass" if isinstance(action, Pass) else f"{action.cards:08b}"

    def clone(self) -> Ladder:
        return replace(self, hands=list(self.hands), history=list(self.history))


def new_ladder(rules: Any, seed: int, *, dealer: int | None = None, **extra: Any) -> Ladder:
    ranks = list(range(RANKS))
    random.Random(seed).shuffle(ranks)
    return Ladder([sum(1 << r for r in ranks[:4]), sum(1 << r for r in ranks[4:])])


def _facts(obs: Obs) -> SeatFacts:
    return SeatFacts(
        seat=obs.seat,
        players=2,
        phase=obs.phase.value,
        to_act=obs.current_player,
        hand=tuple(str(r) for r in range(RANKS) if obs.hand >> r & 1),
        counts=obs.hand_counts,
        roles=("", ""),
        public_roles=("", ""),
    )


def _result(deal: Ladder) -> Result:
    assert deal.outcome is not None
    return Result(False, (deal.outcome.winner,), deal.outcome.scores, ())


def _unused(*args: Any, **kwargs: Any) -> Any:  # pragma: no cover - not asked here
    raise NotImplementedError


def _spec(layers: dict[str, str] | None = None) -> GameSpec:
    return GameSpec(
        key="ladder",
        names={"en": "Ladder"},
        aliases=("ladder",),
        seats=(2,),
        default_preset="plain",
        presets=lambda: {"plain": None},
        resolve_preset=lambda preset, over: None,
        rules_from_dict=_unused,
        judge=_unused,
        moves=_unused,
        combo_names={},
        deal=new_ladder,
        match=object,
        to_record=_unused,
        replay=_unused,
        replay_match=_unused,
        facts=_facts,
        result=_result,
        after_redeal=lambda deal: NextDeal(None),
        layers=layers or {},
    )


class _Sampler:
    """Deals the cards the seat has not seen to the other seat at random."""

    def __init__(self, obs: Obs):
        self.obs = obs

    def sample(self, rng: random.Random) -> Ladder:
        obs = self.obs
        hands = [0, 0]
        hands[obs.seat] = obs.hand
        hands[1 - obs.seat] = obs.unseen  # two seats: the unseen cards are the other hand
        return Ladder(hands, obs.current_player, obs.top, obs.top_player)


@pytest.fixture
def ladder() -> Iterator[GameSpec]:
    spec = register(_spec())
    try:
        yield spec
    finally:
        unregister("ladder")


@pytest.fixture
def ladder_with_sampler(monkeypatch: pytest.MonkeyPatch) -> Iterator[GameSpec]:
    plugin = types.ModuleType("ladder_bots")
    plugin.sampler = _Sampler  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "ladder_bots", plugin)
    spec = register(_spec({"bots": "ladder_bots"}))
    try:
        yield spec
    finally:
        unregister("ladder")


def _play(deal: Ladder, bots: list[Any]) -> Ladder:
    while not deal.is_terminal():
        seat = deal.current_player
        assert seat is not None
        deal.apply_action(bots[seat].act(deal.observe(seat), deal.legal_actions()))
    return deal


def test_every_level_exists_for_a_game_without_bots(ladder: GameSpec) -> None:
    assert bot_names("ladder") == ["random", "greedy", "heuristic", "search", "expert", "dmc"]
    assert make_bot("random", 1, game="ladder").name == "random"
    greedy = make_bot("greedy", 1, game="ladder")
    heuristic = make_bot("heuristic", 1, game="Ladder")
    assert type(greedy) is GenericGreedyBot and greedy.name == "greedy"
    assert type(heuristic) is GenericHeuristicBot and heuristic.name == "heuristic"
    # the search bot needs a sampler, which this game lacks: its expert is its heuristic
    expert = make_bot("expert", 1, game="ladder")
    assert type(expert) is GenericHeuristicBot and expert.name == "expert"
    with pytest.raises(
        ChupaiError,
        match="unknown bot 'rlcard' for ladder; bots: random, greedy, heuristic, search, expert, dmc",
    ):
        make_bot("rlcard", 1, game="ladder")


def test_the_generic_greedy_bot_sheds_most_cards_and_follows_weakest(ladder: GameSpec) -> None:
    bot = make_bot("greedy", 1, game="ladder")
    deal = Ladder([0b00110101, 0b11001010])
    # leading: the two-card plays shed the most; the weakest of them
    assert bot.act(deal.observe(0), deal.legal_actions()) == Play(0b00110000, 5)
    deal.apply_action(Play(0b1, 0))
    # following a single: the weakest single that beats it, not the pass
    assert bot.act(deal.observe(1), deal.legal_actions()) == Play(0b10, 1)
    deal.apply_action(Play(0b10000000, 7))
    assert deal.legal_actions() == [PASS]
    assert bot.act(deal.observe(0), [PASS]) is PASS


def test_generic_bots_play_whole_deals(ladder: GameSpec) -> None:
    for seed in range(20):
        for name in ("random", "greedy", "heuristic"):
            deal = _play(
                ladder.new_deal(None, seed), [make_bot(name, seed + s, "ladder") for s in range(2)]
            )
            assert deal.outcome is not None and sum(deal.outcome.scores) == 0
    first = _play(new_ladder(None, 3), [make_bot("random", 7, "ladder") for _ in range(2)])
    again = _play(new_ladder(None, 3), [make_bot("random", 7, "ladder") for _ in range(2)])
    assert first.history == again.history


def test_search_without_a_sampler_is_a_clear_error(ladder: GameSpec) -> None:
    with pytest.raises(ChupaiError, match="search bot does not play 'ladder'"):
        make_bot("search", 1, game="ladder")


def test_search_plays_with_the_plugins_sampler(ladder_with_sampler: GameSpec) -> None:
    bot = make_bot("search:playouts=16", 1, game="ladder")
    assert isinstance(bot, SearchBot) and bot.game == "ladder" and bot.candidates == 12
    for seed in range(3):
        bots: list[Any] = [bot, make_bot("greedy", 2, "ladder")]
        deal = _play(new_ladder(None, seed), bots)
        assert deal.outcome is not None
    # the candidates: the first given, then plays across kinds
    deal = Ladder([0b00110101, 0b11001010])
    legal = deal.legal_actions()
    cands = prune_candidates(legal, 3, [legal[-1]], "ladder")
    assert cands[0] == legal[-1] and len(cands) == 3
    assert {c.kind for c in cands} == {"single", "run"}


@pytest.mark.parametrize("game", ["bigtwo", "doudizhu", "biga"])
def test_builtin_games_name_their_bots_plugin(game: str) -> None:
    from chupai.bots.plugin import SearchGame
    from chupai.protocol import get_game

    plugin = get_game(game).plugin("bots")
    assert plugin is not None and plugin.__name__ == f"chupai.bots.games.{game}"
    assert isinstance(plugin.SEARCH, SearchGame)
    assert bot_names(game)[:4] == ["random", "greedy", "heuristic", "search"]
    for name in ("greedy", "heuristic"):
        assert make_bot(name, 1, game=game).name == name
        assert type(make_bot(name, 1, game=game)) is plugin.LEVELS[name]
