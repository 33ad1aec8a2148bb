"""The greedy Dou Dizhu bot: always legal, sensible in each phase, and clearly
stronger than the random bot."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from chupai.bots import RandomBot
from chupai.bots.doudizhu import DouDizhuGreedyBot, bid_for, hand_strength, robs_with
from chupai.doudizhu.combos import Combo, Kind, parse_cards
from chupai.doudizhu.game import NO_ROB, PASS, ROB, SHOW, Bid, DouDizhuDeal, Phase, new_deal
from chupai.doudizhu.rules import PRESETS, DouDizhuRules

CLASSIC = PRESETS["classic"]
FOUR = PRESETS["four_player"]


def _cards(text: str, rules: DouDizhuRules = CLASSIC) -> int:
    return parse_cards(text, rules)


# ----- legality ------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["classic", "four_player"])
def test_greedy_always_returns_a_legal_action(preset: str) -> None:
    """500 seeded deals per preset; greedy in every seat or mixed with random bots
    (so the greedy bot also meets odd plays), every decision checked."""
    rules = PRESETS[preset]
    n = rules.players
    decisions = 0
    phases: set[Phase] = set()
    kinds: set[Kind] = set()
    for seed in range(500):
        deal = new_deal(rules, seed)
        mixed = seed % 2 == 1
        bots = [
            RandomBot(seed * 7 + s) if mixed and s == seed % n else DouDizhuGreedyBot(seed + s)
            for s in range(n)
        ]
        for _ in range(1000):
            if deal.is_terminal():
                break
            seat = deal.current_player
            assert seat is not None
            legal = deal.legal_actions()
            action = bots[seat].act(deal.observe(seat), legal)
            if isinstance(bots[seat], DouDizhuGreedyBot):
                assert action in legal, (seed, seat, action)
                assert deal.why_illegal(action) is None
                assert action != SHOW
                decisions += 1
                phases.add(deal.phase)
                if isinstance(action, Combo):
                    kinds.add(action.kind)
            deal.apply_action(action)
        assert deal.is_terminal()
    assert decisions > 500 * 20
    assert phases == {Phase.BID, Phase.ROB, Phase.PLAY}
    assert {Kind.SINGLE, Kind.PAIR, Kind.STRAIGHT, Kind.BOMB} <= kinds


# ----- bidding, robbing, showing ----------------------------------------------------------


def test_hand_strength_orders_hands() -> None:
    weak = _cards("3 4 5 7 8 9 9 T J J Q Q K 6 6 4 3")
    strong = _cards("3 4 5 6 7 9 T T J 2 2 2 2 A A BJ RJ")
    assert hand_strength(strong) > hand_strength(weak)
    assert bid_for(weak) == 0
    assert bid_for(strong) == 3


FULL = _cards(" ".join(["3 4 5 6 7 8 9 T J Q K A 2"] * 4) + " BJ RJ")
"""Every card of the classic pack."""


def _deal_with(hand0: str, *, dealer: int = 1, first_bidder: int = 1) -> DouDizhuDeal:
    """A classic deal in which seat 0 holds ``hand0``; the other cards are dealt
    in rank order to seats 1 and 2 and the kitty."""
    rest = FULL - _cards(hand0)
    ranks = [r for r in range(15) for _ in range((rest >> (5 * r)) & 31)]
    names = ["3456789TJQKA2"[r] if r < 13 else ("BJ", "RJ")[r - 13] for r in ranks]
    return DouDizhuDeal.from_hands(
        CLASSIC,
        [hand0, " ".join(names[0:34:2]), " ".join(names[1:34:2])],
        " ".join(names[34:]),
        dealer=dealer,
        first_bidder=first_bidder,
    )


def _bid_obs(hand0: str, highest: int) -> tuple[Any, list[Any]]:
    """Seat 0's observation and legal actions holding ``hand0`` when seats 1 and 2
    have spoken first and pushed the bid to ``highest`` (0: both passed)."""
    deal = _deal_with(hand0)
    deal.apply_action(Bid(highest) if highest else PASS)
    deal.apply_action(PASS)
    assert deal.current_player == 0
    return deal.observe(0), deal.legal_actions()


def test_bids_its_value_only_when_legal_else_passes() -> None:
    middling = "3 4 5 6 7 8 9 T J Q K A A 2 2 4 6"
    want = bid_for(_cards(middling))
    assert 1 <= want <= 2
    obs, legal = _bid_obs(middling, 0)
    assert DouDizhuGreedyBot(1).act(obs, legal) == Bid(want)
    obs, legal = _bid_obs(middling, want)  # the bid is already as high as it would go
    assert Bid(want) not in legal
    assert DouDizhuGreedyBot(1).act(obs, legal) == PASS
    strong = "3 4 5 6 7 9 T T J 2 2 2 2 A A BJ RJ"
    obs, legal = _bid_obs(strong, 2)
    assert DouDizhuGreedyBot(1).act(obs, legal) == Bid(3)
    weak = "3 3 4 5 6 7 8 8 9 T J J Q 4 5 6 9"
    obs, legal = _bid_obs(weak, 0)
    assert DouDizhuGreedyBot(1).act(obs, legal) == PASS


def test_robs_with_a_strong_hand_only() -> None:
    seen = set()
    for seed in range(300):
        deal = new_deal(CLASSIC, seed)
        deal.apply_action(Bid(1))
        deal.apply_action(Bid(2))
        deal.apply_action(Bid(3))  # nobody passed: both others may rob
        assert deal.phase is Phase.ROB
        seat = deal.current_player
        assert seat is not None and seat != deal.landlord
        obs = deal.observe(seat)
        choice = DouDizhuGreedyBot(0).act(obs, deal.legal_actions())
        assert (choice == ROB) == robs_with(obs.hand)
        seen.add(choice)
    assert seen == {ROB, NO_ROB}
    strong = _cards("3 4 5 6 7 9 T T J 2 2 2 2 A A BJ RJ")
    weak = _cards("3 3 4 5 6 7 8 8 9 T J J Q 4 5 6 9")
    assert robs_with(strong) and not robs_with(weak)


def test_never_shows_the_hand() -> None:
    for seed in range(40):
        deal = new_deal(CLASSIC, seed)
        deal.apply_action(Bid(3))
        while deal.phase is Phase.ROB:
            deal.apply_action(NO_ROB)
        lord = deal.current_player
        assert lord is not None
        legal = deal.legal_actions()
        assert SHOW in legal
        assert DouDizhuGreedyBot(seed).act(deal.observe(lord), legal) != SHOW


# ----- play ------------------------------------------------------------------------------


def _play_deal(hand0: str, kitty: str, hand2: str) -> DouDizhuDeal:
    """A classic deal in play: seat 0 holds ``hand0`` and becomes the landlord (bid
    3, no robs) with ``kitty``; seat 2 holds ``hand2``, seat 1 the rest."""
    hand1 = FULL - _cards(hand0) - _cards(kitty) - _cards(hand2)
    deal = DouDizhuDeal.from_hands(
        CLASSIC, [_cards(hand0), hand1, _cards(hand2)], _cards(kitty), dealer=0, first_bidder=0
    )
    deal.apply_action(Bid(3))
    while deal.phase is Phase.ROB:
        deal.apply_action(NO_ROB)
    assert deal.phase is Phase.PLAY and deal.landlord == 0 and deal.current_player == 0
    return deal


LORD = "3 4 5 6 7 9 9 J J Q K K A 2 2 BJ RJ"
LORD_KITTY = "3 T J"
SEAT2 = "3 4 4 5 5 6 6 7 8 8 T T Q Q A 2 K"
JOKERS = _cards("BJ RJ")


def test_leads_low_and_keeps_the_rocket() -> None:
    deal = _play_deal(LORD, LORD_KITTY, SEAT2)
    play = DouDizhuGreedyBot(0).act(deal.observe(0), deal.legal_actions())
    assert isinstance(play, Combo)
    assert play.kind is Kind.STRAIGHT and play.key <= 4  # 3 4 5 6 7: the low run
    assert play.cards & JOKERS == 0


def test_follows_with_the_weakest_play_that_keeps_pairs() -> None:
    deal = _play_deal(LORD, LORD_KITTY, SEAT2)
    deal.apply_action(deal.parse_action("3"))  # the landlord leads a low single
    assert deal.current_player == 1
    obs = deal.observe(1)
    play = DouDizhuGreedyBot(0).act(obs, deal.legal_actions())
    assert isinstance(play, Combo) and play.kind is Kind.SINGLE
    held = [r for r in range(15) if (obs.hand >> (5 * r)) & 31 == 1 and r > 0]
    assert play.key == min(held)  # the lowest lone card above the 3


def test_peasant_does_not_beat_its_partner() -> None:
    deal = _play_deal(LORD, LORD_KITTY, SEAT2)
    deal.apply_action(deal.parse_action("3"))
    deal.apply_action(deal.parse_action("9"))  # seat 1, a peasant, beats the landlord
    assert deal.current_player == 2
    legal = deal.legal_actions()
    assert any(isinstance(a, Combo) for a in legal)
    assert DouDizhuGreedyBot(0).act(deal.observe(2), legal) == PASS


def test_bombs_only_when_an_opponent_is_close_to_going_out() -> None:
    deal = _play_deal(
        "3 4 5 6 7 8 9 T J A A K K 2 BJ RJ 9", "A 3 4", "Q Q Q Q 2 3 5 5 6 6 7 7 8 8 T J 4"
    )
    deal.apply_action(deal.parse_action("A A A K K"))
    deal.apply_action(PASS)
    assert deal.current_player == 2
    legal = deal.legal_actions()
    assert [a.kind for a in legal if isinstance(a, Combo)] == [Kind.BOMB]
    obs = deal.observe(2)
    assert obs.hand_counts[0] == 15
    assert DouDizhuGreedyBot(0).act(obs, legal) == PASS
    # the same position with the landlord down to 2 cards: the bomb comes out
    near = replace(obs, hand_counts=(2, *obs.hand_counts[1:]))
    bomb = DouDizhuGreedyBot(0).act(near, legal)
    assert isinstance(bomb, Combo) and bomb.kind is Kind.BOMB


def test_goes_out_when_the_whole_hand_is_one_play() -> None:
    deal = _play_deal(LORD, LORD_KITTY, SEAT2)
    obs = deal.observe(0)
    rocket_only = replace(obs, hand=JOKERS)
    legal = [a for a in deal.legal_actions() if isinstance(a, Combo) and a.cards & ~JOKERS == 0]
    assert DouDizhuGreedyBot(0).act(rocket_only, legal).kind is Kind.ROCKET


# ----- strength against the random bot ------------------------------------------------------


def _forced_landlord_games(
    rules: DouDizhuRules, deals: int, lord_bot: str, peasant_bot: str
) -> tuple[int, int]:
    """Seeded deals in which seat ``seed % n`` becomes the landlord (it bids 3, the
    others pass, nobody robs): (landlord wins, the landlord's total score)."""
    n = rules.players
    wins = total = 0
    for seed in range(deals):
        deal = new_deal(rules, 10_000 + seed)
        lord = seed % n
        while deal.phase is Phase.BID:
            deal.apply_action(Bid(3) if deal.current_player == lord else PASS)
        while deal.phase is Phase.ROB:
            deal.apply_action(NO_ROB)
        assert deal.landlord == lord
        bots: list[DouDizhuGreedyBot | RandomBot] = []
        for s in range(n):
            kind = lord_bot if s == lord else peasant_bot
            bots.append(
                DouDizhuGreedyBot(seed + s) if kind == "greedy" else RandomBot(seed * 11 + s)
            )
        while not deal.is_terminal():
            to_act = deal.current_player
            assert to_act is not None
            deal.apply_action(bots[to_act].act(deal.observe(to_act), deal.legal_actions()))
        out = deal.outcome
        assert out is not None
        wins += bool(out.landlord_won)
        total += out.scores[lord]
    return wins, total


@pytest.mark.parametrize("preset,deals", [("classic", 300), ("four_player", 150)])
def test_greedy_beats_random(preset: str, deals: int) -> None:
    rules = PRESETS[preset]
    base_wins, _ = _forced_landlord_games(rules, deals, "random", "random")
    lord_wins, lord_score = _forced_landlord_games(rules, deals, "greedy", "random")
    peasant_lord_wins, peasant_lord_score = _forced_landlord_games(rules, deals, "random", "greedy")
    # measured: random landlords win about 30-35 %, greedy landlords against random
    # peasants about 95 %, random landlords against greedy peasants about 2 %
    assert lord_wins >= 0.75 * deals
    assert lord_wins >= base_wins + 0.3 * deals
    assert lord_score > 0
    assert peasant_lord_wins <= 0.15 * deals
    assert peasant_lord_wins <= base_wins - 0.15 * deals
    assert peasant_lord_score < 0


def test_greedy_is_deterministic_for_a_seed() -> None:
    rng = random.Random(5)
    for _ in range(20):
        seed = rng.randrange(10**6)
        runs = []
        for _ in range(2):
            deal = new_deal(CLASSIC, seed)
            bots = [DouDizhuGreedyBot(s) for s in range(3)]
            while not deal.is_terminal():
                s = deal.current_player
                assert s is not None
                deal.apply_action(bots[s].act(deal.observe(s), deal.legal_actions()))
            runs.append([deal.action_text(ev.action) for ev in deal.history])
        assert runs[0] == runs[1]
