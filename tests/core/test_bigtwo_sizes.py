"""Big Two at every table size with one pack (docs/bigtwo.md, "Table sizes and two
packs"): the deal and its leftover cards, the starting card, move generation against
brute force at the hand sizes of 2, 3, 5, 8 and 13 seats, scoring, class struggle and
tribute with more than four players, matches and records at any size. Every worked
example of that docs section is a test here."""

from __future__ import annotations

import json
import random

import pytest
from conftest import COMBO_VARIANTS
from hypothesis import given, settings, strategies as st
from test_movegen_bruteforce import (
    VARIANT_IDS,
    check_hand,
    random_hand,
    ref_beats,
    ref_classify,
    subsets,
)

from chupai.bigtwo.combos import Combo, tables
from chupai.bigtwo.game import PASS, deal_cards, new_deal
from chupai.bigtwo.match import Match
from chupai.bigtwo.observation import class_titles
from chupai.bigtwo.rules import BigTwoRules, exchange_places, resolve
from chupai.bigtwo.scoring import penalty, settle, transfer_penalties
from chupai.bigtwo.values import Choice, Phase
from chupai.cards import card_name, cards_of, parse_card, parse_mask
from chupai.errors import RulesError


def rules(preset: str = "standard", **over: object) -> BigTwoRules:
    return resolve(preset, {k: str(v).lower() for k, v in over.items()})


def play_randomly(deal: object, rng: random.Random) -> None:
    while not deal.is_terminal():  # type: ignore[attr-defined]
        deal.apply_action(rng.choice(deal.legal_actions()))  # type: ignore[attr-defined]


# ----- options -------------------------------------------------------------------------


def test_players_range_depends_on_the_packs() -> None:
    assert rules(players=52).cards_per_hand == 1
    assert rules(players=2).cards_per_hand == 26
    for bad, words in (
        ({"players": 53}, "2 to 52"),
        ({"players": 1}, "2 to 52"),
        ({"players": 4, "packs": 2}, "5 to 8"),
        ({"players": 9, "packs": 2}, "5 to 8"),
        ({"packs": 3}, "allowed: 1, 2"),
    ):
        with pytest.raises(RulesError, match=words) as err:
            rules(**bad)
        assert err.value.key == next(iter(bad)) or err.value.key == "players"
    with pytest.raises(RulesError, match="hand_size x players <= 52"):
        rules(players=13, hand_size=5)
    with pytest.raises(RulesError, match="at least 4 players") as err:
        rules(players=3, series="tribute")
    assert err.value.key == "series"


# ----- the deal -----------------------------------------------------------------------


@pytest.mark.parametrize("n", [5, 6, 7, 8, 9, 11, 13, 17, 26, 52])
def test_every_card_is_dealt_once_and_leftovers_go_by_the_rule(n: int) -> None:
    for rule in ("to_starting_card_holder", "set_aside", "round_robin"):
        r = rules(players=n, leftover_rule=rule)
        for seed in range(5):
            dealer, hands, leftover = deal_cards(r, seed)
            assert sum(h.bit_count() for h in hands) + leftover.bit_count() == 52
            total = 0
            for h in hands + [leftover]:
                assert total & h == 0
                total |= h
            extra = 52 % n
            sizes = [h.bit_count() for h in hands]
            if rule == "round_robin":
                assert leftover == 0
                firsts = {(dealer + 1 + k) % n for k in range(extra)}
                assert sizes == [52 // n + (s in firsts) for s in range(n)]
            else:
                assert leftover.bit_count() == extra and set(sizes) == {52 // n}
            deal = new_deal(r, seed)
            if rule == "to_starting_card_holder" and extra:
                holder = deal.starting_player
                assert deal.hands[holder] == hands[holder] | leftover
            if rule == "set_aside":
                assert deal.set_aside == leftover


def test_round_robin_example_of_the_docs() -> None:
    r = rules(players=5, leftover_rule="round_robin")
    _, hands, _ = deal_cards(r, 3, dealer=0)
    assert [h.bit_count() for h in hands] == [10, 11, 11, 10, 10]


def test_two_to_four_players_deal_as_before() -> None:
    """Round robin changes nothing where the pack divides evenly, and the other
    leftover rules keep the shuffle of 2 to 4 players (the golden files rest on it)."""
    for n in (2, 4):
        a = deal_cards(rules(players=n), 11)
        b = deal_cards(rules(players=n, leftover_rule="round_robin"), 11)
        assert a == b


@pytest.mark.parametrize("rule", ["taiwan_exposed", "malaysian"])
def test_several_leftover_cards_are_taken_or_left_together(rule: str) -> None:
    r = rules(players=6, leftover_rule=rule)
    for seed in range(6):
        for choice in (0, 1):
            deal = new_deal(r, seed)
            assert deal.phase is Phase.LEFTOVER
            p0 = deal.to_act
            left = deal.leftover
            assert left.bit_count() == 4
            before = deal.hands[p0]
            s0 = deal.starting_card
            action = deal.legal_actions()[choice]
            deal.apply_action(action)
            taken = action.name in ("take", "swap")
            if not taken:
                assert deal.hands[p0] == before
            elif action.name == "take":
                assert deal.hands[p0] == before | left
            else:  # the swap: the lowest card dealt goes face up, the four come in
                assert deal.hands[p0] == (before & ~(1 << s0)) | left
                assert deal.exposed == 1 << s0
            if rule == "taiwan_exposed" and not taken:
                assert deal.exposed == left


def test_the_lowest_card_dealt_starts_when_the_starting_card_is_not_dealt() -> None:
    r = rules(players=13, hand_size=2)
    strength = tables(r).card_strength
    seen_other = False
    for seed in range(40):
        deal = new_deal(r, seed)
        dealt = 0
        for h in deal.hands:
            dealt |= h
        lowest = min(cards_of(dealt), key=strength.__getitem__)
        assert deal.starting_card == lowest
        assert deal.hands[deal.starting_player] >> lowest & 1
        assert deal.current_player == deal.starting_player
        plays = deal.legal_actions()
        assert plays and all(isinstance(a, Combo) and a.mask >> lowest & 1 for a in plays)
        seen_other |= lowest != parse_card("3D")
    assert seen_other


def test_fifty_two_players_hold_one_card_and_three_of_diamonds_wins() -> None:
    deal = new_deal(rules(players=52), 5)
    assert all(h.bit_count() == 1 for h in deal.hands)
    assert [card_name(c) for c in cards_of(deal.hands[deal.current_player])] == ["3D"]
    deal.apply_action(deal.legal_actions()[0])
    assert deal.is_terminal() and deal.winner == deal.starting_player
    # every loser untouched with one card pays 3 (cards_wiki); pairwise: P - 52 p
    assert deal.outcome.scores == tuple(153 if s == deal.winner else -3 for s in range(52))


# ----- move generation against brute force ----------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 5, 8, 13])
@pytest.mark.parametrize("preset", ["standard", "taiwan"])
def test_move_generation_matches_brute_force_at_each_table_size(n: int, preset: str) -> None:
    """The dealt hands of real deals at 2, 3, 5, 8 and 13 seats (26, 17–18, 10–12,
    6–10 and 4 cards) against the brute-force reference, then every play step of the
    deal against it."""
    r = rules(preset, players=n, instant_wins="none")  # a 26-card hand is often a dragon
    rng = random.Random(f"sizes/{preset}/{n}")
    seeds = 1 if n == 2 else 3
    steps = 0
    for seed in range(seeds):
        deal = new_deal(r, seed)
        for hand in deal.hands[:2]:
            check_hand(hand, r, rng, check_classify=hand.bit_count() <= 13, follow_tops=2)
        while not deal.is_terminal():
            actions = deal.legal_actions()
            if deal.phase is Phase.PLAY:
                plays = sorted(a.mask for a in actions if isinstance(a, Combo))
                seat = deal.current_player
                if deal.top is None:
                    assert PASS not in actions
                else:
                    top = ref_classify(deal.top.mask, r)
                    assert top is not None
                    if deal.hands[seat].bit_count() <= 12:
                        want = sorted(
                            m
                            for m in subsets(deal.hands[seat])
                            if (ref := ref_classify(m, r)) is not None and ref_beats(ref, top, r)
                        )
                        assert plays == want
                steps += 1
            deal.apply_action(rng.choice(actions))
    assert steps > 5


SEAT_HAND_SIZES = {2: (26,), 3: (17, 18), 5: (10, 11, 12), 8: (6, 7, 10), 13: (4,)}
"""The hand sizes of each table size with one pack: the even share, one more under
round robin, the leftover cards' receiver (5 players: 10 + 2; 8 players: 6 + 4)."""


@settings(max_examples=25, deadline=None, derandomize=True)
@given(
    size=st.sampled_from(sorted({k for ks in SEAT_HAND_SIZES.values() for k in ks} - {26})),
    variant=st.sampled_from(VARIANT_IDS),
    seed=st.integers(0, 2**32 - 1),
)
def test_random_hands_of_each_table_size_match_brute_force(
    size: int, variant: str, seed: int
) -> None:
    """Random hands of the sizes of 3, 5, 8 and 13 seats, under every combination
    variant of the brute-force tests: hand_combos, the lead (free and with a card
    it must contain) and legal_plays over random tops, against every subset of up
    to five cards classified by the reference."""
    rng = random.Random(seed)
    check_hand(random_hand(rng, size), COMBO_VARIANTS[variant], rng, follow_tops=2)


@pytest.mark.slow
@settings(max_examples=10, deadline=None, derandomize=True)
@given(variant=st.sampled_from(VARIANT_IDS), seed=st.integers(0, 2**32 - 1))
def test_random_two_seat_hands_match_brute_force(variant: str, seed: int) -> None:
    """26-card hands (2 seats) under every variant (slow: 83,681 subsets each)."""
    rng = random.Random(seed)
    check_hand(random_hand(rng, 26), COMBO_VARIANTS[variant], rng, check_classify=False)


# ----- scoring -------------------------------------------------------------------------


def test_cards_seed001_with_six_players() -> None:
    r = rules(players=6, scoring="cards_seed001")
    eight = parse_mask("3D 4D 5D 6D 7D 8D 9D TD")
    twelve = eight | parse_mask("JD QD KD AD")
    assert penalty(r, eight, untouched=True) == 24
    assert penalty(r, eight, untouched=False) == 8
    assert penalty(r, twelve, untouched=True) == 36
    assert penalty(r, twelve, untouched=False) == 24


def test_pairwise_settlement_example_with_six_players() -> None:
    r = rules(players=6)
    pens = [0, 2, 3, 5, 8, 24]
    assert settle(r, 0, pens) == [42, 30, 24, 12, -6, -102]
    r = rules(players=6, settlement="winner_takes_all")
    assert settle(r, 0, pens) == [42, -2, -3, -5, -8, -24]


def test_negated_penalty_example_with_six_players() -> None:
    pens = [0, 2, 3, 5, 8, 24]
    assert settle(rules(players=6, settlement="negated_penalty"), 0, pens) == [
        0,
        -2,
        -3,
        -5,
        -8,
        -24,
    ]
    plus_minus = rules(players=6, scoring="taiwan_plus_minus", settlement="negated_penalty")
    assert settle(plus_minus, 0, pens)[0] == 1


def test_ding_da_transfer_example_with_six_players() -> None:
    pens = transfer_penalties([0, 3, 1, 4, 2, 6], winner=0, liable=1)
    assert pens == [0, 16, 0, 0, 0, 0]
    assert settle(rules(players=6), 0, pens) == [16, -80, 16, 16, 16, 16]


@pytest.mark.parametrize("n", [5, 6, 8, 13])
@pytest.mark.parametrize("preset", ["standard", "taiwan", "mainland"])
def test_random_deals_score_zero_sum_at_any_size(n: int, preset: str) -> None:
    r = rules(preset, players=n, ding_da="penalty")
    for seed in range(15):
        deal = new_deal(r, seed)
        play_randomly(deal, random.Random(seed))
        out = deal.outcome
        assert len(out.scores) == n
        if r.settlement.value != "negated_penalty":
            assert sum(out.scores) == 0
        assert deal.winner is not None and out.scores[deal.winner] >= 0


# ----- class struggle and tribute ------------------------------------------------------


def test_titles_and_exchange_places() -> None:
    assert class_titles(4) == ("King", "Noble", "Commoner", "Slave")
    assert class_titles(7) == ("King", "Noble") + ("Commoner",) * 4 + ("Slave",)
    assert exchange_places(2) == (0, 1)
    assert exchange_places(13) == (0, 1, 11, 12)


def _second_deal(r: BigTwoRules, seed: int) -> tuple[object, tuple[int, ...]]:
    """The second deal of a match of ``r`` after a randomly played first deal."""
    m = Match(r, seed, deals=2)
    play_randomly(m.next_deal(), random.Random(seed))
    deal = m.next_deal()
    assert deal.ranking is not None
    return deal, deal.ranking


@pytest.mark.parametrize("n", [6, 9])
def test_class_struggle_exchanges_only_the_first_two_and_last_two(n: int) -> None:
    r = rules(players=n, series="class_struggle")
    for seed in range(4):
        deal, ranking = _second_deal(r, seed)
        assert deal.phase is Phase.CLASS_EXCHANGE
        places = {ranking[p] for p in exchange_places(n)}
        obs_roles = deal.observe(0).public_roles
        assert obs_roles[ranking[0]] == "king" and obs_roles[ranking[-1]] == "slave"
        assert [obs_roles[s] for s in ranking[2:-1]] == ["commoner"] * (n - 3)
        rng = random.Random(seed)
        while deal.phase is Phase.CLASS_EXCHANGE:
            assert deal.current_player in places
            deal.apply_action(rng.choice(deal.legal_actions()))
        for ev in deal.history:
            if isinstance(ev.action, Choice):
                assert ev.seat in places and (ev.to == -1 or ev.to in places)


@pytest.mark.parametrize("method", ["one_card", "two_cards", "draw_three", "choose_hands"])
def test_tribute_with_seven_players(method: str) -> None:
    r = rules(players=7, series="tribute", tribute_method=method)
    strength = tables(r).card_strength
    for seed in range(4):
        m = Match(r, seed, deals=2)
        play_randomly(m.next_deal(), random.Random(seed))
        deal = m.next_deal()
        ranking = deal.ranking
        assert ranking is not None
        roles = deal.observe(0).public_roles
        one, two, three, four = (ranking[p] for p in (0, 1, 5, 6))
        assert (roles[one], roles[two], roles[three], roles[four]) == ("1st", "2nd", "3rd", "4th")
        assert sum(1 for x in roles if x) == 4
        before = list(deal.dealt_hands)
        if method == "one_card":
            top = max(cards_of(before[four]), key=strength.__getitem__)
            assert deal.hands[one] >> top & 1 and not deal.hands[four] >> top & 1
        rng = random.Random(seed)
        choosers = []
        while deal.phase is not Phase.PLAY and not deal.is_terminal():
            assert deal.current_player in (one, two, three, four) or method == "choose_hands"
            if deal.phase is Phase.CHOOSE_HANDS:
                choosers.append((deal.current_player, len(deal.legal_actions())))
            deal.apply_action(rng.choice(deal.legal_actions()))
        steps = [(ev.action.name, ev.seat) for ev in deal.history if isinstance(ev.action, Choice)]
        want = {
            "one_card": [("tribute", four), ("give", one)],
            "two_cards": [("tribute", four), ("tribute", three), ("give", one), ("give", two)],
            "draw_three": [("tribute", four), ("keep", one), ("draw", two), ("keep", two)]
            + [("draw", three), ("keep", three), ("draw", four)],
        }
        if method in want and deal.phase is Phase.PLAY:
            assert steps == want[method]
        if method == "choose_hands":  # in finishing order; the last takes the hand left
            assert choosers == [(s, 7 - k) for k, s in enumerate(ranking[:-1])]
        if method in ("one_card", "two_cards") and deal.phase is Phase.PLAY:
            assert deal.current_player == four
        middle = [s for s in range(7) if s not in (one, two, three, four)]
        if method != "choose_hands":
            for s in middle:  # untouched by the tribute (one may hold the leftover cards)
                assert before[s] & ~deal.hands[s] == 0
                assert (deal.hands[s] & ~before[s]).bit_count() in (0, 52 % 7)


# ----- matches and records ------------------------------------------------------------


@pytest.mark.parametrize(
    "over",
    [
        {"players": 6},
        {"players": 13},
        {"players": 5, "leftover_rule": "round_robin"},
        {"players": 8, "series": "class_struggle", "class_exchange": "demand"},
        {"players": 9, "series": "tribute", "tribute_method": "draw_three"},
        {"players": 7, "leftover_rule": "malaysian", "ding_da": "penalty"},
        {"players": 26, "play_until": "last_remaining"},
    ],
    ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()),
)
def test_matches_play_and_replay_from_their_records(over: dict[str, object]) -> None:
    for preset in ("standard", "taiwan"):
        r = rules(preset, **over)
        m = Match(r, 3, deals=3)
        rng = random.Random(3)
        m.play_out(lambda d: rng.choice(d.legal_actions()))
        rec = json.loads(json.dumps(m.to_record()))
        again = Match.from_record(rec)
        assert again.totals == m.totals and len(again.totals) == r.players
        assert len(m.table()) >= 3 and all(len(row.scores) == r.players for row in m.table())
