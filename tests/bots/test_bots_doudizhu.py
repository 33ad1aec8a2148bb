"""The heuristic Dou Dizhu bot: hand decomposition, control, legality in every
phase of both presets, determinism, sensible decisions in set positions, and
strength against the greedy and random bots on the same deals with the roles
swapped."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

import pytest

from chupai.bots import RandomBot, doudizhu_heuristic as heuristic_module
from chupai.bots.doudizhu_heuristic import (
    BOMB_KINDS,
    DouDizhuHeuristicBot,
    beatable,
    bid_for,
    decompose,
    hand_strength,
    robs_with,
)
from chupai.doudizhu.combos import (
    SHIFTS,
    Combo,
    Kind,
    cards_text,
    deck_cards,
    parse_cards,
    readings,
    size_of,
    unpack,
)
from chupai.doudizhu.game import (
    NO_ROB,
    PASS,
    ROB,
    SHOW,
    Bid,
    DouDizhuDeal,
    Observation,
    Phase,
    new_deal,
)
from chupai.doudizhu.movegen import legal_plays
from chupai.doudizhu.rules import PRESETS, DouDizhuRules, resolve

CLASSIC = PRESETS["classic"]
FOUR = PRESETS["four_player"]


def _cards(text: str, rules: DouDizhuRules = CLASSIC) -> int:
    return parse_cards(text, rules)


def _texts(hand: str, rules: DouDizhuRules = CLASSIC) -> list[str]:
    return [cards_text(g.cards) for g in decompose(_cards(hand, rules), rules).groups]


# ----- decomposition -----------------------------------------------------------------


def test_decompose_finds_chains_kickers_and_keeps_bombs() -> None:
    assert _texts("3 4 5 6 7 9 9 9 J Q Q K K A 2 BJ RJ") == [
        "3 4 5 6 7",
        "9 9 9 J",
        "Q Q",
        "K K",
        "A",
        "2",
        "BJ RJ",
    ]
    # an airplane takes the two lowest singles as wings
    plan = decompose(_cards("3 3 3 4 4 4 5 6 9 9 K"), CLASSIC)
    kinds = sorted(g.kind.value for g in plan.groups)
    assert kinds == ["airplane_singles", "pair", "single"]
    assert "3 3 3 4 4 4 5 6" in [cards_text(g.cards) for g in plan.groups]
    # two overlapping straights beat one straight and a pile of singles
    assert sorted(_texts("3 4 5 6 7 8 8 9 9 T T J J Q Q K")) == sorted(
        ["3 4 5 6 7 8 9 T J Q", "8 9 T J Q K"]
    )
    # a bomb is never broken for a chain, and the rocket stays whole
    texts = _texts("3 4 5 6 7 7 7 7 BJ RJ 9")
    assert "7 7 7 7" in texts and "BJ RJ" in texts
    # four_player: joker pairs, a six-card bomb (its "rocket"), pairs as kickers
    plan = decompose(_cards("3 3 3 5 5 8 8 8 8 8 8 BJ BJ K", FOUR), FOUR)
    found = {(g.kind, cards_text(g.cards)) for g in plan.groups}
    assert (Kind.ROCKET, "8 8 8 8 8 8") in found
    assert (Kind.TRIO_PAIR, "3 3 3 5 5") in found
    assert (Kind.PAIR, "BJ BJ") in found


@pytest.mark.parametrize(
    "rules",
    [CLASSIC, FOUR, resolve("classic", {"airplane_max_trios": "2"})],
    ids=["classic", "four_player", "classic-max2"],
)
def test_every_plan_partitions_the_hand_into_real_combinations(rules: DouDizhuRules) -> None:
    """For many dealt hands (and hands with the kitty): the groups add up to the
    hand, each group is a reading of its kind, and turns counts the groups."""
    rng = random.Random(5)
    for seed in range(150):
        deal = new_deal(rules, seed)
        for hand in (deal.hands[0], deal.hands[1] + deal.kitty, _some_of(deal.hands[2], rng)):
            plan = decompose(hand, rules)
            assert plan.turns == len(plan.groups)
            assert sum(g.cards for g in plan.groups) == hand
            for g in plan.groups:
                kinds = {r.kind for r in readings(g.cards, rules)}
                assert g.kind in kinds, (cards_text(hand), cards_text(g.cards), g.kind)
                if g.kind in (Kind.AIRPLANE, Kind.AIRPLANE_SINGLES, Kind.AIRPLANE_PAIRS):
                    assert (
                        g.size
                        // {Kind.AIRPLANE: 3, Kind.AIRPLANE_SINGLES: 4, Kind.AIRPLANE_PAIRS: 5}[
                            g.kind
                        ]
                        <= rules.airplane_max_trios
                    )


def _some_of(hand: int, rng: random.Random) -> int:
    """A random sub-multiset of ``hand`` (each card kept with probability 1/2)."""
    out = 0
    for r, n in enumerate(unpack(hand)):
        out += sum(1 for _ in range(n) if rng.random() < 0.5) << SHIFTS[r]
    return out


def test_decompose_prefers_fewer_plays() -> None:
    straight = decompose(_cards("3 4 5 6 7"), CLASSIC)
    assert straight.turns == 1
    singles = decompose(_cards("3 4 5 6 8"), CLASSIC)
    assert singles.turns == 5 and singles.score < straight.score
    assert decompose(_cards("3 3 3 4 4 4 5 5 5 6 7 8 9 9"), CLASSIC).turns == 2


# ----- control -------------------------------------------------------------------------


def test_beatable_looks_at_the_unseen_cards_and_their_room() -> None:
    pool = list(unpack(_cards("3 4 5 6 7 8 9 K K")))
    assert beatable(Kind.SINGLE, 9, 1, pool, 5, False)  # a K beats a Q
    assert not beatable(Kind.SINGLE, 10, 1, pool, 5, False)  # nothing beats a K
    assert beatable(Kind.PAIR, 9, 2, pool, 5, False)
    assert not beatable(Kind.PAIR, 9, 2, pool, 1, False)  # one card left: no pair
    assert beatable(Kind.STRAIGHT, 5, 5, pool, 9, False)  # 5 6 7 8 9 over 4..8
    assert not beatable(Kind.STRAIGHT, 6, 5, pool, 9, False)  # nothing over 5..9
    bombs = list(unpack(_cards("9 9 9 9 3")))
    assert beatable(Kind.SINGLE, 12, 1, bombs, 5, False)  # a bomb beats anything
    assert not beatable(Kind.SINGLE, 12, 1, bombs, 3, False)  # ... held in four cards
    assert not beatable(Kind.BOMB, 8, 4, bombs, 5, False)  # TTTT over 9999
    rocket = list(unpack(_cards("BJ RJ")))
    assert beatable(Kind.BOMB, 12, 4, rocket, 2, False)
    four = list(unpack(_cards("9 9 9 9 9 3", FOUR)))
    assert beatable(Kind.BOMB, 12, 4, four, 6, True)  # five 9s beat four 2s
    assert not beatable(Kind.BOMB, 12, 5, four, 6, True)


# ----- bidding, robbing, showing ----------------------------------------------------

STRONG = "3 4 5 6 7 9 T T J 2 2 2 2 A A BJ RJ"
WEAK = "3 3 4 5 6 7 8 8 9 T J J Q 4 5 6 9"


def test_bidding_follows_hand_strength() -> None:
    strong, weak = _cards(STRONG), _cards(WEAK)
    assert hand_strength(strong, CLASSIC) > hand_strength(weak, CLASSIC)
    assert bid_for(strong, CLASSIC) == 3 and bid_for(weak, CLASSIC) == 0
    assert robs_with(strong, CLASSIC) and not robs_with(weak, CLASSIC)
    bot = DouDizhuHeuristicBot(0)
    for first in (STRONG, WEAK):
        deal = _classic_deal(first)
        choice = bot.act(deal.observe(0), deal.legal_actions())
        assert choice == (Bid(3) if first == STRONG else PASS)
    # a fair hand bids what it is worth when the bid is still open, else passes
    counts = {0: 0, 1: 0, 2: 0, 3: 0}
    for seed in range(300):
        deal = new_deal(CLASSIC, seed)
        seat = deal.current_player
        assert seat is not None
        want = bid_for(deal.hands[seat], CLASSIC)
        counts[want] += 1
        assert bot.act(deal.observe(seat), deal.legal_actions()) == (Bid(want) if want else PASS)
        deal.apply_action(Bid(2))
        nxt = deal.current_player
        assert nxt is not None
        choice = bot.act(deal.observe(nxt), deal.legal_actions())
        assert choice == (Bid(3) if bid_for(deal.hands[nxt], CLASSIC) == 3 else PASS)
    assert all(counts[v] > 0 for v in counts)  # every bid occurs
    assert counts[0] > counts[3]  # but most hands are not worth a 3


def test_robs_only_with_a_strong_hand() -> None:
    seen = set()
    for seed in range(200):
        deal = new_deal(CLASSIC, seed)
        deal.apply_action(Bid(1))
        deal.apply_action(Bid(2))
        deal.apply_action(Bid(3))
        assert deal.phase is Phase.ROB
        seat = deal.current_player
        assert seat is not None
        choice = DouDizhuHeuristicBot(seed).act(deal.observe(seat), deal.legal_actions())
        assert (choice == ROB) == robs_with(deal.hands[seat], CLASSIC)
        seen.add(choice)
    assert seen == {ROB, NO_ROB}


def _classic_deal(hand0: str, kitty: str | None = None) -> DouDizhuDeal:
    """A classic deal with seat 0 first to bid holding ``hand0``; the kitty (the
    last cards in rank order unless given) and the other cards, dealt in rank
    order alternately to seats 1 and 2."""
    rest = deck_cards(CLASSIC) - _cards(hand0)
    if kitty is not None:
        rest -= _cards(kitty)
    ranks = [r for r in range(15) for _ in range((rest >> SHIFTS[r]) & 31)]
    h1 = sum(1 << SHIFTS[r] for r in ranks[0:34:2])
    h2 = sum(1 << SHIFTS[r] for r in ranks[1:34:2])
    kit = _cards(kitty) if kitty is not None else sum(1 << SHIFTS[r] for r in ranks[34:])
    return DouDizhuDeal.from_hands(CLASSIC, [_cards(hand0), h1, h2], kit, dealer=0, first_bidder=0)


def _lord_to_play(deal: DouDizhuDeal) -> DouDizhuDeal:
    """Seat 0 bids 3, nobody robs: seat 0 leads."""
    deal.apply_action(Bid(3))
    while deal.phase is Phase.ROB:
        deal.apply_action(NO_ROB)
    assert deal.phase is Phase.PLAY and deal.current_player == 0 and deal.landlord == 0
    return deal


def test_shows_the_hand_only_when_overwhelming() -> None:
    # a pair chain, then a 6..A straight, a bomb of 2s and the red joker: all safe
    # but the pair chain
    won = "3 4 5 6 7 8 9 T J Q K A 2 2 2 2 RJ"
    deal = _lord_to_play(_classic_deal(won, "3 4 5"))
    legal = deal.legal_actions()
    assert SHOW in legal
    assert DouDizhuHeuristicBot(0).act(deal.observe(0), legal) == SHOW
    # the black joker instead: the red one is out there, two plays can be beaten
    deal = _lord_to_play(_classic_deal(won.replace("RJ", "BJ"), "3 4 5"))
    assert DouDizhuHeuristicBot(0).act(deal.observe(0), deal.legal_actions()) != SHOW
    shows = 0
    for seed in range(100):
        deal = new_deal(CLASSIC, seed)
        deal.apply_action(Bid(3))
        while deal.phase is Phase.ROB:
            deal.apply_action(NO_ROB)
        lord = deal.current_player
        assert lord is not None
        shows += DouDizhuHeuristicBot(seed).act(deal.observe(lord), deal.legal_actions()) == SHOW
    assert shows <= 3  # ordinary hands never show
    # ming_pai=always doubles a loss too: one weak play is already too many
    always = resolve("classic", {"ming_pai": "always"})
    base = _classic_deal(won, "3 4 5")
    deal = DouDizhuDeal.from_hands(
        always, list(base.dealt_hands), base.kitty, dealer=0, first_bidder=0
    )
    deal.apply_action(Bid(3))
    while deal.phase is Phase.ROB:
        deal.apply_action(NO_ROB)
    legal = deal.legal_actions()
    assert SHOW in legal
    assert DouDizhuHeuristicBot(0).act(deal.observe(0), legal) != SHOW


# ----- play in set positions -----------------------------------------------------------

LORD = "3 4 5 6 7 9 9 J J Q K K A 2 2 BJ RJ"
LORD_KITTY = "3 T J"


def _in_play(hand0: str = LORD, kitty: str = LORD_KITTY) -> DouDizhuDeal:
    return _lord_to_play(_classic_deal(hand0, kitty))


def test_opening_lead_sheds_a_chain_and_keeps_the_rocket() -> None:
    deal = _in_play()
    play = DouDizhuHeuristicBot(0).act(deal.observe(0), deal.legal_actions())
    assert isinstance(play, Combo)
    assert play.kind is Kind.STRAIGHT
    assert play.cards & _cards("BJ RJ 2") == 0


def test_follows_cheaply_and_keeps_structure() -> None:
    # seat 1: two straights (3..9, 7..A), an ace and a 2; the landlord led a 3
    hand = "3 4 5 6 7 7 8 8 9 9 T J Q K A A 2"
    obs, legal = _obs(
        ["4 6 8 T J Q K 2 2 BJ RJ 5 5 6 6 7 3", hand, "4 4 5 9 T T J Q K"], 1, top="3", top_player=0
    )
    play = DouDizhuHeuristicBot(0).act(obs, legal)
    assert isinstance(play, Combo) and play.kind is Kind.SINGLE
    before = decompose(obs.hand, CLASSIC)
    after = decompose(obs.hand - play.cards, CLASSIC)
    assert after.turns == before.turns - 1  # a play of its plan: no straight broken
    assert play.cards == _cards("A")  # the cheapest of them (the 2 stays)


def test_peasant_lets_its_partner_win() -> None:
    deal = _in_play()
    deal.apply_action(deal.parse_action("3"))
    deal.apply_action(deal.parse_action("9"))  # seat 1, a peasant, beats the landlord
    deal.apply_action(deal.parse_action("A"))  # the landlord beats it
    legal = deal.legal_actions()
    assert DouDizhuHeuristicBot(0).act(deal.observe(2), legal) != PASS  # seat 2 fights the lord
    deal = _in_play()
    deal.apply_action(deal.parse_action("3"))
    deal.apply_action(deal.parse_action("9"))
    deal.apply_action(PASS)  # the landlord passes: seat 2 lets 9 stand
    legal = deal.legal_actions()
    assert any(isinstance(a, Combo) for a in legal)
    assert DouDizhuHeuristicBot(0).act(deal.observe(2), legal) == PASS


def _obs(
    hands: list[str],
    seat: int,
    *,
    lord: int = 0,
    top: str | None = None,
    top_player: int | None = None,
    rules: DouDizhuRules = CLASSIC,
) -> tuple[Any, list[Any]]:
    """The observation and legal actions of ``seat`` in a play position: the seats
    hold ``hands``, every other card has been played (it counts as the landlord's
    plays), and ``top`` (cards text, played by ``top_player``) is on the table."""
    held = [_cards(h, rules) for h in hands]
    gone = deck_cards(rules) - sum(held)
    played = tuple(gone if s == lord else 0 for s in range(rules.players))
    top_combo = None
    if top is not None:
        top_combo = readings(_cards(top, rules), rules)[0]
    legal: list[Any] = list(legal_plays(held[seat], rules, top_combo))
    if top_combo is not None:
        legal.append(PASS)
    obs = Observation(
        rules=rules,
        seat=seat,
        players=rules.players,
        phase=Phase.PLAY,
        current_player=seat,
        dealer=0,
        first_bidder=0,
        marker=None,
        hand=held[seat],
        hand_counts=tuple(size_of(h) for h in held),
        history=(),
        bid=3,
        landlord=lord,
        robs=0,
        kitty=0,
        landlord_hand=None,
        shown=False,
        played=played,
        top=top_combo,
        top_player=top_player if top_combo is not None else None,
        leader=top_player if top_combo is not None else seat,
        bombs=0,
        doubled=False,
        outcome=None,
    )
    return obs, legal


def test_cashes_controls_then_goes_out() -> None:
    obs, legal = _obs(["BJ RJ 3 3 3 3 8", "4 5 6 7 9 T J Q", "4 5 6 7 9 T J Q"], 0)
    play = DouDizhuHeuristicBot(0).act(obs, legal)
    assert isinstance(play, Combo) and play.kind in BOMB_KINDS  # the 8 comes last
    obs, legal = _obs(["8 9 9 9 8", "4 5 6 7 9 T J Q", "4 5 6 7 T J Q"], 0)
    play = DouDizhuHeuristicBot(0).act(obs, legal)
    assert isinstance(play, Combo) and play.cards == obs.hand  # out in one play
    # following: the whole hand beats the top play
    obs, legal = _obs(
        ["4 4 4 3 3", "4 5 6 7 9 T J Q", "5 6 7 T J Q"], 0, top="3 3 3 5 5", top_player=1
    )
    play = DouDizhuHeuristicBot(0).act(obs, legal)
    assert isinstance(play, Combo) and play.cards == obs.hand


def test_landlord_leads_no_single_into_a_one_card_peasant() -> None:
    obs, legal = _obs(["3 5 9 9 K", "Q", "4 4 6 6 7"], 0)
    play = DouDizhuHeuristicBot(0).act(obs, legal)
    assert isinstance(play, Combo) and play.kind is Kind.PAIR  # 9 9: the only non-single
    obs, legal = _obs(["3 5 K", "Q", "4 4 6 6 7"], 0)
    play = DouDizhuHeuristicBot(0).act(obs, legal)
    assert isinstance(play, Combo) and play.cards == _cards("K")  # singles only: the highest


def test_peasant_feeds_a_partner_with_one_card() -> None:
    # seat 2 leads; its partner, seat 1, holds one card and acts after the landlord
    obs, legal = _obs(["A A K K Q Q J 9", "5", "3 8 8 T"], 2)
    play = DouDizhuHeuristicBot(0).act(obs, legal)
    assert isinstance(play, Combo) and play.kind is Kind.SINGLE and play.key == 0  # the 3
    # seat 1 leads, its partner seat 2 is next with one card
    obs, legal = _obs(["A A K K Q Q J 9", "3 8 8 T", "5"], 1)
    play = DouDizhuHeuristicBot(0).act(obs, legal)
    assert isinstance(play, Combo) and play.cards == _cards("3")
    # partner with two cards: a low pair
    obs, legal = _obs(["A K Q J 9 7 6", "4 4 9 T", "5 5"], 1)
    play = DouDizhuHeuristicBot(0).act(obs, legal)
    assert isinstance(play, Combo) and play.cards == _cards("4 4")


def test_beats_with_a_control_when_that_wins() -> None:
    # seat 1 led a K; the landlord holds RJ (nothing beats it) and a pair: RJ, then out
    obs, legal = _obs(["RJ 5 5", "3 4 6", "7 8 9 T BJ"], 0, top="K", top_player=1)
    play = DouDizhuHeuristicBot(0).act(obs, legal)
    assert isinstance(play, Combo) and play.cards == _cards("RJ")
    # when the lord's leftover would be two weak plays, it does not waste the RJ on a 4
    obs, legal = _obs(
        ["RJ 5 5 3 8 J", "6 7 9 T Q Q Q K", "7 8 9 T BJ K A A"], 0, top="4", top_player=1
    )
    play = DouDizhuHeuristicBot(0).act(obs, legal)
    assert play != readings(_cards("RJ"), CLASSIC)[0]


def test_does_not_beat_a_partner_unless_that_helps() -> None:
    # seat 2's partner (seat 1) played 9; the landlord (seat 0) is next with many cards
    obs, legal = _obs(["3 4 5 6 7 8 Q Q K", "4 5 6 T", "J K A 7 7 2"], 2, top="9", top_player=1)
    assert DouDizhuHeuristicBot(0).act(obs, legal) == PASS
    # but it goes out when it can
    obs, legal = _obs(["3 4 5 6 7 8 Q Q K", "4 5 6 T", "K"], 2, top="9", top_player=1)
    assert DouDizhuHeuristicBot(0).act(obs, legal) == readings(_cards("K"), CLASSIC)[0]
    # and a weak partner play is covered when the landlord, next, is about to go out
    obs, legal = _obs(["Q J", "3 6 T", "5 8 9 A K"], 2, top="4", top_player=1)
    play = DouDizhuHeuristicBot(0).act(obs, legal)
    assert isinstance(play, Combo) and play.key >= 10  # K or A: the landlord cannot beat it


def test_landlord_bombs_a_peasant_about_to_go_out_and_saves_it_otherwise() -> None:
    obs, legal = _obs(["6 6 6 6 3 4 8", "Q Q 7", "5 7 9 J T"], 0, top="K K", top_player=1)
    play = DouDizhuHeuristicBot(0).act(obs, legal)
    assert isinstance(play, Combo) and play.kind is Kind.BOMB
    obs, legal = _obs(
        ["6 6 6 6 3 4 8", "Q Q 3 5 7 9 J T", "5 7 9 J 8 T K A"], 0, top="K K", top_player=1
    )
    assert DouDizhuHeuristicBot(0).act(obs, legal) == PASS


def test_four_player_partners_and_bombs() -> None:
    rules = FOUR
    # seat 3's partner (seat 2) leads a pair; the landlord (seat 0) is next with many cards
    obs, legal = _obs(
        ["3 4 5 6 7 8 9 T J Q K A A 2", "4 5 6", "8 9 T J", "Q Q K K 3"],
        3,
        top="7 7",
        top_player=2,
        rules=rules,
    )
    assert DouDizhuHeuristicBot(0).act(obs, legal) == PASS
    # the landlord plays a six-card bomb on a peasant about to go out
    obs, legal = _obs(
        ["5 5 5 5 5 5 3 4 8", "Q Q 3", "4 6 7 9 T", "J J K K 3"],
        0,
        top="A A",
        top_player=1,
        rules=rules,
    )
    play = DouDizhuHeuristicBot(0).act(obs, legal)
    assert isinstance(play, Combo) and play.power > 0


# ----- legality and determinism -----------------------------------------------------------

VARIANTS = {
    "classic": CLASSIC,
    "four_player": FOUR,
    "classic-variant": resolve(
        "classic",
        {
            "bidding": "until_all_pass",
            "four_with_two_match": "true",
            "ming_pai": "always",
            "airplane_max_trios": "3",
            "four_with_two_kickers": "no_pair",
        },
    ),
    "four_player-variant": resolve(
        "four_player", {"allow_four_with_pair": "true", "ming_pai": "off", "robbing": "false"}
    ),
}
DEALS = {"classic": 250, "four_player": 80, "classic-variant": 80, "four_player-variant": 40}


@pytest.mark.parametrize("name", list(VARIANTS))
def test_always_returns_a_legal_action(name: str) -> None:
    """Seeded deals from the bidding on; the heuristic bot in every seat, or
    mixed with random bots (so it also meets odd plays and odd bids); every one
    of its decisions is checked against the engine."""
    rules = VARIANTS[name]
    n = rules.players
    decisions = 0
    phases: set[Phase] = set()
    kinds: set[Kind] = set()
    for seed in range(DEALS[name]):
        deal = new_deal(rules, seed)
        mixed = seed % 2 == 1
        bots: list[Any] = [
            RandomBot(seed * 7 + s) if mixed and s == seed % n else DouDizhuHeuristicBot(seed + s)
            for s in range(n)
        ]
        for _ in range(2000):
            if deal.is_terminal():
                break
            seat = deal.current_player
            assert seat is not None
            legal = deal.legal_actions()
            obs = deal.observe(seat)
            action = bots[seat].act(obs, legal)
            if isinstance(bots[seat], DouDizhuHeuristicBot):
                assert action in legal, (name, seed, seat, action)
                assert deal.why_illegal(action) is None
                decisions += 1
                phases.add(deal.phase)
                if isinstance(action, Combo):
                    kinds.add(action.kind)
            deal.apply_action(action)
        assert deal.is_terminal()
    assert decisions > DEALS[name] * 10
    assert {Phase.BID, Phase.PLAY} <= phases
    assert {Kind.SINGLE, Kind.PAIR, Kind.STRAIGHT, Kind.TRIO_PAIR} <= kinds
    assert kinds & BOMB_KINDS


def _run(deal: DouDizhuDeal, bots: list[Any]) -> DouDizhuDeal:
    while not deal.is_terminal():
        seat = deal.current_player
        assert seat is not None
        deal.apply_action(bots[seat].act(deal.observe(seat), deal.legal_actions()))
    return deal


@pytest.mark.parametrize("rules", [CLASSIC, FOUR], ids=["classic", "four_player"])
def test_deterministic_and_independent_of_its_caches(rules: DouDizhuRules) -> None:
    n = rules.players
    for seed in range(12):
        first = _run(new_deal(rules, seed), [DouDizhuHeuristicBot(seed + s) for s in range(n)])
        heuristic_module._DECOMPOSERS.clear()  # cold caches give the same plans
        again = _run(new_deal(rules, seed), [DouDizhuHeuristicBot(seed + s) for s in range(n)])
        assert first.history == again.history
        assert first.outcome == again.outcome
    # one observation, asked of a bot that played before and of a fresh one: one answer
    bot = DouDizhuHeuristicBot(1)
    seen = []
    for seed in range(3):
        deal = new_deal(rules, seed)
        while not deal.is_terminal():
            seat = deal.current_player
            assert seat is not None
            obs, legal = deal.observe(seat), deal.legal_actions()
            a = bot.act(obs, legal)
            assert DouDizhuHeuristicBot(99).act(obs, legal) == a
            seen.append(a)
            deal.apply_action(a)
    assert sum(isinstance(a, Combo) for a in seen) > 10


# ----- strength ----------------------------------------------------------------------------


def _greedy_cls() -> Callable[[int], Any]:
    from chupai.bots.doudizhu import DouDizhuGreedyBot

    return DouDizhuGreedyBot


def _landlord_fixed(rules: DouDizhuRules, seed: int) -> tuple[DouDizhuDeal, int]:
    """Deal ``seed`` with the bidding scripted: the seat with the strongest hand
    bids 3 (the seats before it pass), nobody robs. Returns the deal at the
    landlord's first lead and the landlord's seat."""
    deal = new_deal(rules, seed)
    n = rules.players
    order = [(deal.first_bidder + i) % n for i in range(n)]
    lord = max(order, key=lambda s: (hand_strength(deal.hands[s], rules), -order.index(s)))
    for s in order:
        deal.apply_action(Bid(3) if s == lord else PASS)
        if s == lord:
            break
    while deal.phase is Phase.ROB:
        deal.apply_action(NO_ROB)
    assert deal.phase is Phase.PLAY and deal.landlord == lord
    return deal, lord


def _lord_wins(
    rules: DouDizhuRules,
    seeds: range,
    lord_cls: Callable[[int], Any],
    peasant_cls: Callable[[int], Any],
) -> list[bool]:
    out = []
    for seed in seeds:
        deal, lord = _landlord_fixed(rules, seed)
        bots = [
            (lord_cls if s == lord else peasant_cls)(seed * 10 + s) for s in range(rules.players)
        ]
        won = _run(deal, bots).outcome
        assert won is not None and won.landlord_won is not None
        out.append(won.landlord_won)
    return out


def _sign_test(better: list[bool], worse: list[bool]) -> tuple[int, int, float]:
    """Paired one-sided sign test on the same deals: (deals only ``better`` won,
    deals only ``worse`` won, the p-value of so lopsided a split by chance)."""
    b = sum(1 for x, y in zip(better, worse) if x and not y)
    c = sum(1 for x, y in zip(better, worse) if y and not x)
    m = b + c
    p = sum(math.comb(m, k) for k in range(b, m + 1)) / 2**m if m else 1.0
    return b, c, p


def _strength(rules: DouDizhuRules, deals: int, other: Callable[[int], Any]) -> dict[str, Any]:
    """The heuristic bot against ``other`` on the same deals, once as the landlord
    and once as the peasants, each compared with ``other`` against itself in the
    same seats: the win rates and the paired sign tests (see :func:`_sign_test`)."""
    seeds = range(deals)
    h = DouDizhuHeuristicBot
    base = _lord_wins(rules, seeds, other, other)  # other vs other
    as_lord = _lord_wins(rules, seeds, h, other)  # heuristic landlord
    as_peasants = _lord_wins(rules, seeds, other, h)  # heuristic peasants
    return {
        "base": sum(base) / deals,
        "lord": sum(as_lord) / deals,
        "peasants": 1 - sum(as_peasants) / deals,
        "lord_test": _sign_test(as_lord, base),
        "peasant_test": _sign_test([not x for x in as_peasants], [not x for x in base]),
    }


def _significant(test: tuple[int, int, float], deals: int, margin: float) -> bool:
    """A one-sided p below 0.01 and a net gain of at least ``margin`` of the deals."""
    b, c, p = test
    return p < 0.01 and (b - c) / deals >= margin


def test_beats_greedy_as_landlord_and_as_peasants_classic() -> None:
    """Measured on these 300 deals: greedy landlords win 77% against greedy
    peasants; the heuristic landlord wins 91% against them, and heuristic
    peasants hold greedy landlords to 62% (sign tests p < 1e-5)."""
    r = _strength(CLASSIC, 300, _greedy_cls())
    assert _significant(r["lord_test"], 300, 0.04), r
    assert _significant(r["peasant_test"], 300, 0.08), r
    assert r["lord"] > r["base"] > 1 - r["peasants"]


def test_beats_random_as_landlord_and_as_peasants_classic() -> None:
    r = _strength(CLASSIC, 100, RandomBot)
    assert _significant(r["lord_test"], 100, 0.2), r
    assert _significant(r["peasant_test"], 100, 0.2), r
    assert r["lord"] >= 0.9 and r["peasants"] >= 0.9


def test_beats_greedy_and_random_four_player() -> None:
    r = _strength(FOUR, 80, _greedy_cls())
    assert _significant(r["lord_test"], 80, 0.1), r
    assert _significant(r["peasant_test"], 80, 0.1), r
    r = _strength(FOUR, 60, RandomBot)
    assert _significant(r["lord_test"], 60, 0.3), r  # random landlords rarely win,
    assert _significant(r["peasant_test"], 60, 0.05), r  # so the peasants' room is small
    assert r["lord"] >= 0.9 and r["peasants"] >= 0.95


@pytest.mark.slow
@pytest.mark.parametrize("rules", [CLASSIC, FOUR], ids=["classic", "four_player"])
def test_beats_greedy_over_many_deals(rules: DouDizhuRules) -> None:
    r = _strength(rules, 1000, _greedy_cls())
    assert _significant(r["lord_test"], 1000, 0.05), r
    assert _significant(r["peasant_test"], 1000, 0.1), r
    assert r["lord"] > r["base"] > 1 - r["peasants"]


def test_last_peasant_before_the_landlord_beats_what_its_partner_let_through() -> None:
    # the landlord (seat 0) led an 8 and seat 1 passed: seat 2, the last to answer,
    # breaks its straight (6 7 8 9 T) to take the lead from the landlord
    lord, short, straight = "2 2 BJ RJ 3 3 5 5 J J", "2 2 3 3", "4 6 6 6 7 8 9 T"
    obs, legal = _obs([lord, short, straight], 2, top="8", top_player=0)
    play = DouDizhuHeuristicBot(0).act(obs, legal)
    assert isinstance(play, Combo) and play.kind is Kind.SINGLE and play.key > 5  # above the 8
    # seat 1 with the same hand, its partner still to answer, keeps its plan
    obs, legal = _obs([lord, straight, short], 1, top="8", top_player=0)
    assert DouDizhuHeuristicBot(0).act(obs, legal) == PASS


def test_peasant_blocks_with_a_high_card_only_when_the_landlord_is_low() -> None:
    # seat 1 (right after the landlord) answers the landlord's 4 with its cheapest
    # beat while the landlord holds ten cards, and with a J once it holds four
    peasant, partner = "5 6 7 J 9 9 9 3 3", "3 4 5 6 7 8"
    obs, legal = _obs(["4 4 6 6 8 8 T T Q Q", peasant, partner], 1, top="4", top_player=0)
    assert DouDizhuHeuristicBot(0).act(obs, legal) == readings(_cards("5"), CLASSIC)[0]
    obs, legal = _obs(["4 4 8 Q", peasant, partner], 1, top="4", top_player=0)
    assert DouDizhuHeuristicBot(0).act(obs, legal) == readings(_cards("J"), CLASSIC)[0]
