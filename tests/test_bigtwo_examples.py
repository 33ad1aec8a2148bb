"""Every worked example of ``bigtwo.md`` as a table-driven test.

Test names carry the rule's section (``test_s8_5_...`` for §8.5). Each table row
names the rules it is checked under as a *rules spec*: a preset name, optionally
followed by ``:key=value,key=value`` overrides (the same text as ``--set``), chosen
so that exactly the options the example names are in force.

Sections whose options the deal engine does not play yet (§4 redeal requests, §7.3
repeat-lead lock, §10 頂大 and "last card", §12 series) are covered only where a
pure function exists (§4 hand points, §11.4 settlement).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any
from itertools import combinations

import pytest

from chupai.bigtwo.combos import Combo, beats, classify, classify_or_none, explain, tables
from chupai.bigtwo.game import PASS, BigTwoDeal, Choice, Phase
from chupai.bigtwo.movegen import hand_combos
from chupai.bigtwo.rules import PRESETS, BigTwoRules, resolve
from chupai.bigtwo.scoring import hand_points, penalty, settle, winner_multiplier
from chupai.cards import RANKS, card_name, cards_of, parse_card, parse_mask
from chupai.errors import RulesError

PRESET_NAMES = tuple(PRESETS)
STRAIGHT_ORDERS = ("bigtwo", "poker_a2345_second", "taiwan", "jqka2_high")
FLUSH_COMPARES = ("card_by_card", "top_card", "suit_first")


# ----- helpers ----------------------------------------------------------------------
@lru_cache(maxsize=None)
def rules_of(spec: str) -> BigTwoRules:
    """``"taiwan"`` or ``"standard:straight_order=taiwan,players=3"`` -> rules.

    A comma-separated part without ``=`` continues the previous (set) value:
    ``instant_wins=dragon,suited_dragon``."""
    preset, _, rest = spec.partition(":")
    overrides: dict[str, str] = {}
    key = ""
    for item in filter(None, rest.split(",")):
        if "=" in item:
            key, value = item.split("=", 1)
            overrides[key] = value
        else:
            overrides[key] += "," + item
    return resolve(preset, overrides)


def kind_of(cards: str, spec: str) -> str | None:
    combo = classify_or_none(parse_mask(cards), rules_of(spec))
    return None if combo is None else combo.kind.value


def does_beat(play: str, over: str, spec: str) -> bool:
    r = rules_of(spec)
    new = classify(parse_mask(play), r)
    top = classify(parse_mask(over), r)
    return beats(new, top, r)


def make_hands(
    sizes: Sequence[int], fixed: dict[int, str], leftover: str = ""
) -> tuple[list[int], int]:
    """Hands of the given sizes: each seat's ``fixed`` cards, then the remaining
    cards of the pack in id order (low cards to low seats). Filling by blocks of
    consecutive cards keeps the filled hands far from any dragon."""
    left = parse_mask(leftover)
    hands = [parse_mask(fixed.get(s, "")) for s in range(len(sizes))]
    used = left
    for h in hands:
        assert not used & h, "fixed cards overlap"
        used |= h
    pool = [c for c in range(52) if not used >> c & 1]
    for seat, size in enumerate(sizes):
        while hands[seat].bit_count() < size:
            hands[seat] |= 1 << pool.pop(0)
    return hands, left


def first_n_cards(n: int) -> int:
    """A hand of ``n`` cards (for schemes that only count cards)."""
    return (1 << n) - 1


def play(deal: BigTwoDeal, text: str) -> None:
    """Apply an action given as text (checked)."""
    deal.apply_action(deal.parse_action(text))


def lead_masks(deal: BigTwoDeal) -> list[int]:
    """The card masks of the legal plays (the player to act is leading)."""
    masks = []
    for action in deal.legal_actions():
        assert isinstance(action, Combo), action
        masks.append(action.mask)
    return masks


def row_id(*parts: object) -> str:
    return " | ".join(str(p) for p in parts)


# ----- §1 cards: single-card order --------------------------------------------------
S1_ORDER = [
    ("2D", "AS", "standard", "rank first: 2 > A"),
    ("2S", "2H", "standard", "same rank, spades > hearts"),
    ("3C", "3D", "standard", "SHCD: clubs > diamonds"),
    ("3D", "3C", "taiwan", "SHDC: diamonds > clubs"),
    ("AH", "KS", "standard", "rank first"),
    # the rank-first rows hold under either suit order
    ("2D", "AS", "taiwan", "rank first: 2 > A"),
    ("2S", "2H", "taiwan", "same rank, spades > hearts"),
    ("AH", "KS", "taiwan", "rank first"),
]


@pytest.mark.parametrize(
    "higher, lower, spec, why", S1_ORDER, ids=[row_id(*r[:3]) for r in S1_ORDER]
)
def test_s1_single_card_order(higher: str, lower: str, spec: str, why: str) -> None:
    strength = tables(rules_of(spec)).card_strength
    assert strength[parse_card(higher)] > strength[parse_card(lower)], why
    # and the same answer through the beat relation of singles (§8.1)
    assert does_beat(higher, lower, spec)
    assert not does_beat(lower, higher, spec)


@pytest.mark.parametrize(
    "spec, lowest, highest", [("standard", "3D", "2S"), ("taiwan", "3C", "2S")]
)
def test_s1_52_distinct_strengths_lowest_and_highest(spec: str, lowest: str, highest: str) -> None:
    strength = tables(rules_of(spec)).card_strength
    assert len(set(strength)) == 52
    order = sorted(range(52), key=strength.__getitem__)
    assert card_name(order[0]) == lowest
    assert card_name(order[-1]) == highest
    # rank first: every card of a higher rank is stronger than every card of a lower one
    for a in range(52):
        for b in range(52):
            if a >> 2 > b >> 2:
                assert strength[a] > strength[b]


def test_s1_starting_card_is_lowest_card_held() -> None:
    # hand_size=5: 3D, 3C are undealt, so the starting card is the lowest card held
    spec = "standard:hand_size=5"
    hands, _ = make_hands(
        [5] * 4,
        {0: "9D 9C 9H 9S TD", 1: "3S 8D 8C 8H 8S", 2: "3H 7D 7C 7H 7S", 3: "4D 4C 4H 4S 5D"},
    )
    deal = BigTwoDeal.from_hands(rules_of(spec), hands)
    assert card_name(deal.starting_card) == "3H"
    assert deal.starting_player == 2
    assert deal.current_player == 2
    assert all(m & parse_mask("3H") for m in lead_masks(deal))


# ----- §3 dealing ---------------------------------------------------------------------
@pytest.mark.parametrize("players, size, leftover", [(4, 13, 0), (3, 17, 1), (2, 26, 0)])
def test_s3_2_hand_size_all(players: int, size: int, leftover: int) -> None:
    from chupai.bigtwo.game import deal_cards

    r = rules_of(f"standard:players={players}")
    dealer, hands, left = deal_cards(r, seed=11, dealer=0)
    assert dealer == 0
    assert [h.bit_count() for h in hands] == [size] * players
    assert left.bit_count() == leftover
    union = left
    for h in hands:
        assert not union & h
        union |= h
    assert union == (1 << 52) - 1


def _three_player_leftover(spec: str, leftover: str, fixed: dict[int, str]) -> BigTwoDeal:
    hands, left = make_hands([17, 17, 17], fixed, leftover)
    return BigTwoDeal.from_hands(rules_of(spec), hands, leftover=left)


def test_s3_3_example_leftover_3d_to_3c_holder() -> None:
    # 3 players, L = 3D; P0 holds 3C and receives 3D; now S = 3D and P0 must include it
    deal = _three_player_leftover("standard:players=3", "3D", {1: "3C"})
    assert deal.phase is Phase.PLAY
    assert deal.hands[1].bit_count() == 18
    assert deal.hands[1] & parse_mask("3D 3C") == parse_mask("3D 3C")
    assert card_name(deal.starting_card) == "3D"
    assert deal.starting_player == 1 and deal.current_player == 1
    legal = lead_masks(deal)
    assert legal and all(m & parse_mask("3D") for m in legal)
    reason = deal.why_illegal(deal.parse_action("3C"))
    assert reason is not None and "3D" in reason
    assert deal.is_legal(deal.parse_action("3D 3C"))
    # given face down: nobody else sees it, nothing is exposed
    for seat in range(3):
        obs = deal.observe(seat)
        assert obs.exposed == 0 and obs.leftover_shown == 0


def test_s3_3_to_starting_card_holder_normal_case() -> None:
    # L = 2S; the 3D holder (P0) gets it and keeps 3D as starting card
    deal = _three_player_leftover("standard:players=3", "2S", {2: "3D"})
    assert deal.hands[2].bit_count() == 18 and deal.hands[2] >> parse_card("2S") & 1
    assert card_name(deal.starting_card) == "3D" and deal.current_player == 2


def test_s3_3_set_aside() -> None:
    deal = _three_player_leftover("standard:players=3,leftover_rule=set_aside", "3D", {1: "3C"})
    assert deal.phase is Phase.PLAY
    assert [h.bit_count() for h in deal.hands] == [17, 17, 17]
    assert not any(h >> parse_card("3D") & 1 for h in deal.hands)
    assert card_name(deal.starting_card) == "3C" and deal.current_player == 1
    assert all(m & parse_mask("3C") for m in lead_masks(deal))
    # removed face down, unseen
    assert deal.observe(0).exposed == 0 and deal.observe(0).leftover_shown == 0


@pytest.mark.parametrize("choice", ["take", "leave"])
def test_s3_3_taiwan_exposed(choice: str) -> None:
    # taiwan (SHDC): L = 3C is the lowest card; P0 is the 3D holder
    deal = _three_player_leftover("taiwan:players=3", "3C", {2: "3D"})
    assert deal.phase is Phase.LEFTOVER
    assert deal.current_player == 2
    assert set(deal.legal_actions()) == {Choice("take"), Choice("leave")}
    assert deal.why_illegal(Choice("swap")) is not None
    assert deal.why_illegal(deal.parse_action("3D")) is not None  # decide first
    for seat in range(3):  # turned face up for all to see
        assert deal.observe(seat).leftover_shown == parse_mask("3C")
    deal.apply_action(Choice(choice))
    assert deal.observe(0).phase is Phase.PLAY
    assert deal.current_player == 2
    if choice == "take":
        assert deal.hands[2].bit_count() == 18
        assert card_name(deal.starting_card) == "3C"
        assert deal.observe(0).exposed == 0
    else:
        assert deal.hands[2].bit_count() == 17
        assert card_name(deal.starting_card) == "3D"
        for seat in range(3):  # a card left is removed from play, still public
            assert deal.observe(seat).exposed == parse_mask("3C")
    must = parse_mask(card_name(deal.starting_card))
    assert all(m & must for m in lead_masks(deal))


def test_s3_3_malaysian_swap_voids_first_lead_requirement() -> None:
    # L = 2S stays face down; P0 (3D holder) swaps: 3D goes face up out of play
    deal = _three_player_leftover(
        "standard:players=3,leftover_rule=malaysian", "2S", {0: "3D", 1: "3C"}
    )
    assert deal.phase is Phase.LEFTOVER and deal.current_player == 0
    assert set(deal.legal_actions()) == {Choice("swap"), Choice("decline")}
    assert deal.why_illegal(Choice("take")) is not None
    assert all(deal.observe(s).leftover_shown == 0 for s in range(3))  # unseen
    deal.apply_action(Choice("swap"))
    assert deal.observe(0).phase is Phase.PLAY
    hand = deal.hands[0]
    assert hand.bit_count() == 17
    assert not hand >> parse_card("3D") & 1 and hand >> parse_card("2S") & 1
    for seat in range(3):
        assert deal.observe(seat).exposed == parse_mask("3D")
    # P0 is still the starting player although 3C (seat 1) is now the lowest card held
    assert deal.hands[1] >> parse_card("3C") & 1
    assert deal.current_player == 0
    # and may lead anything: every combination of the hand is legal
    legal = deal.legal_actions()
    assert len(legal) == len(hand_combos(hand, deal.rules))
    assert deal.is_legal(deal.parse_action("2S"))


def test_s3_3_malaysian_decline() -> None:
    deal = _three_player_leftover("standard:players=3,leftover_rule=malaysian", "2S", {0: "3D"})
    deal.apply_action(Choice("decline"))
    assert deal.phase is Phase.PLAY
    assert deal.hands[0].bit_count() == 17
    assert not any(h >> parse_card("2S") & 1 for h in deal.hands)
    assert all(deal.observe(s).exposed == 0 for s in range(3))  # removed unseen
    assert card_name(deal.starting_card) == "3D" and deal.current_player == 0
    assert all(m & parse_mask("3D") for m in lead_masks(deal))
    assert deal.why_illegal(deal.parse_action("2S")) is not None


# ----- §4 redeal: hand points ---------------------------------------------------------
BASE_13 = "3D 4C 5H 6S 7D 8C 9H TS 3S 4H 5C 6D"
S4_POINTS = [
    (BASE_13 + " JD", 1, True, True),
    (BASE_13 + " QD", 2, True, True),
    (BASE_13 + " KD", 3, False, True),
    (BASE_13 + " 2S", 5, False, False),
    ("JS QS KS AS 2S", 15, False, False),
]


@pytest.mark.parametrize(
    "hand, points, under_m2, under_m3", S4_POINTS, ids=[r[0][-2:] for r in S4_POINTS]
)
def test_s4_hand_points(hand: str, points: int, under_m2: bool, under_m3: bool) -> None:
    p = hand_points(parse_mask(hand))
    assert p == points
    assert (p <= 2) is under_m2
    assert (p <= 3) is under_m3


def test_s4_redeal_four_twos_excludes_four_twos_instant_win() -> None:
    with pytest.raises(RulesError) as exc:
        rules_of("standard:redeal_four_twos=true,instant_wins=four_twos")
    assert "redeal_four_twos" in str(exc.value)


# ----- §5 instant wins ------------------------------------------------------------------
DRAGON = "AH 2C 3D 4S 5H 6C 7D 8S 9H TC JD QS KH"
SUITED_DRAGON = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"
S5_INSTANT = [
    ("taiwan", DRAGON, "dragon", 39, 117),
    ("taiwan", SUITED_DRAGON, "suited_dragon", 52, 156),
    (
        "standard:instant_wins=dragon,suited_dragon,settlement=winner_takes_all",
        DRAGON,
        "dragon",
        39,
        117,
    ),
    (
        "standard:instant_wins=dragon,suited_dragon,settlement=winner_takes_all",
        SUITED_DRAGON,
        "suited_dragon",
        52,
        156,
    ),
    # penalties go through the active settlement: pairwise with 39 each is also +117
    ("standard:instant_wins=dragon,suited_dragon", DRAGON, "dragon", 39, 117),
    ("standard:instant_wins=dragon", SUITED_DRAGON, "dragon", 39, 117),
    (
        "standard:instant_wins=four_twos,settlement=winner_takes_all",
        "2D 2C 2H 2S 3D 4D 5D 6D 7D 8D 9D TD JD",
        "four_twos",
        39,
        117,
    ),
]


@pytest.mark.parametrize(
    "spec, hand, kind, each, total", S5_INSTANT, ids=[row_id(r[0], r[2]) for r in S5_INSTANT]
)
def test_s5_instant_win_example(spec: str, hand: str, kind: str, each: int, total: int) -> None:
    west = 2
    hands, _ = make_hands([13] * 4, {west: hand})
    deal = BigTwoDeal.from_hands(rules_of(spec), hands)
    assert deal.is_terminal()
    assert deal.legal_actions() == [] and deal.current_player is None
    out = deal.outcome
    assert out is not None
    assert out.instant_win == kind and out.winner == west
    assert out.penalties == tuple(0 if s == west else each for s in range(4))
    assert out.scores == tuple(total if s == west else -each for s in range(4))
    assert deal.returns() == list(out.scores)
    assert out.hands[west] == parse_mask(hand)  # the winning hand is shown
    assert deal.observe(0).history == ()  # no card is played


def test_s5_instant_win_with_winner_bonus() -> None:
    # negated_penalty: losers -39, the winner gets the bonus
    spec = "standard:instant_wins=dragon,settlement=negated_penalty,winner_bonus=5"
    hands, _ = make_hands([13] * 4, {1: DRAGON})
    out = BigTwoDeal.from_hands(rules_of(spec), hands).outcome
    assert out is not None and out.scores == (-39, 5, -39, -39)


def test_s5_standard_plays_on_with_a_dragon() -> None:
    hands, _ = make_hands([13] * 4, {2: DRAGON})
    deal = BigTwoDeal.from_hands(PRESETS["standard"], hands)
    assert not deal.is_terminal() and deal.phase is Phase.PLAY


def _dragon(suits: str) -> str:
    """One card of every rank, suits taken from ``suits`` in turn."""
    return " ".join(RANKS[r] + suits[r % len(suits)] for r in range(13))


def _two_dragon_hands(first: str, second: str) -> list[int]:
    """Seats 0 and 1 hold the dragons ``first`` and ``second``; seats 2 and 3
    split the other 26 cards by id (ranks 3-9 and 9-2: no dragon)."""
    h0, h1 = parse_mask(first), parse_mask(second)
    assert not h0 & h1
    rest = [c for c in range(52) if not (h0 | h1) >> c & 1]
    low = sum(1 << c for c in rest[:13])
    high = sum(1 << c for c in rest[13:])
    return [h0, h1, low, high]


def test_s5_several_dragons_first_in_turn_order_from_starting_player() -> None:
    # taiwan: seat 1's dragon holds 3C, so seat 1 starts and precedes seat 0
    hands = _two_dragon_hands(_dragon("HS"), _dragon("CD"))
    deal = BigTwoDeal.from_hands(PRESETS["taiwan"], hands)
    assert deal.starting_player == 1
    out = deal.outcome
    assert out is not None and out.instant_win == "dragon" and out.winner == 1
    assert out.scores == (-39, 117, -39, -39)
    # under SHCD seat 2 holds 3D and starts: order 2, 3, 0, 1 -> seat 0 wins
    spec = "standard:instant_wins=dragon,settlement=winner_takes_all"
    deal = BigTwoDeal.from_hands(rules_of(spec), hands)
    assert deal.starting_player == 2
    out = deal.outcome
    assert out is not None and out.winner == 0


def test_s5_stronger_instant_win_beats_turn_order() -> None:
    # seat 1 (dragon, starting player) comes first; seat 0's suited dragon is stronger
    hands = _two_dragon_hands(_dragon("H"), _dragon("CD"))
    deal = BigTwoDeal.from_hands(PRESETS["taiwan"], hands)
    assert deal.starting_player == 1
    out = deal.outcome
    assert out is not None and out.instant_win == "suited_dragon" and out.winner == 0
    assert out.penalties == (0, 52, 52, 52)


# ----- §6.2 straights ---------------------------------------------------------------------
STRAIGHT_RANKING = {
    "bigtwo": "34567 45678 56789 6789T 789TJ 89TJQ 9TJQK TJQKA 23456 A2345",
    "poker_a2345_second": "23456 34567 45678 56789 6789T 789TJ 89TJQ 9TJQK A2345 TJQKA",
    "taiwan": "A2345 34567 45678 56789 6789T 789TJ 89TJQ 9TJQK TJQKA 23456",
    "jqka2_high": "34567 45678 56789 6789T 789TJ 89TJQ 9TJQK TJQKA JQKA2",
}


def _mixed_straight(ranks: str, tb_suit: str = "S") -> str:
    """Five cards of ``ranks``, not all of one suit: the tie-break card (highest
    Big Two rank) has suit ``tb_suit``, the others are one club and three diamonds."""
    top = max(ranks, key=RANKS.index)
    fillers = iter("CDDD")
    return " ".join(r + (tb_suit if r == top else next(fillers)) for r in ranks)


@pytest.mark.parametrize("order", STRAIGHT_ORDERS)
def test_s6_2_which_rank_sets_are_straights(order: str) -> None:
    spec = f"standard:straight_order={order}"
    found = []
    for ranks in combinations(RANKS, 5):
        if kind_of(_mixed_straight("".join(ranks)), spec) == "straight":
            found.append(frozenset(ranks))
    expected = [frozenset(s) for s in STRAIGHT_RANKING[order].split()]
    assert set(found) == set(expected)
    assert len(found) == (9 if order == "jqka2_high" else 10)


@pytest.mark.parametrize("order", STRAIGHT_ORDERS)
def test_s6_2_straight_ranking(order: str) -> None:
    spec = f"standard:straight_order={order}"
    chain = STRAIGHT_RANKING[order].split()
    for i, low in enumerate(chain):
        for high in chain[i + 1 :]:
            # a higher straight beats a lower one even with the lowest tie-break suit
            assert does_beat(_mixed_straight(high, "D"), _mixed_straight(low, "S"), spec), (
                high,
                low,
            )
            assert not does_beat(_mixed_straight(low, "S"), _mixed_straight(high, "D"), spec)


def test_s6_2_bigtwo_order_is_lexicographic_by_big_two_ranks() -> None:
    chain = STRAIGHT_RANKING["bigtwo"].split()
    desc = [sorted((RANKS.index(r) for r in s), reverse=True) for s in chain]
    assert desc == sorted(desc)


@pytest.mark.parametrize("order", STRAIGHT_ORDERS)
def test_s6_2_tie_break_card_is_highest_big_two_rank(order: str) -> None:
    spec = f"standard:straight_order={order}"
    for ranks in STRAIGHT_RANKING[order].split():
        hi = _mixed_straight(ranks, "S")
        lo = _mixed_straight(ranks, "H")
        assert does_beat(hi, lo, spec) and not does_beat(lo, hi, spec), ranks


# ----- §6.3 classification -----------------------------------------------------------------
S6_3_CLASSIFY = [
    ("3D 4C 5H 6S 7D", "standard", "straight"),
    ("AD 2C 3H 4S 5D", "standard", "straight"),
    ("AD 2C 3H 4S 5D", "standard:straight_order=jqka2_high", None),
    ("2D 3C 4H 5S 6D", "standard", "straight"),
    ("2D 3C 4H 5S 6D", "standard:straight_order=jqka2_high", None),
    ("TD JC QH KS AD", "standard", "straight"),
    ("TD JC QH KS AD", "standard:straight_order=jqka2_high", "straight"),
    ("JD QC KH AS 2D", "standard", None),
    ("JD QC KH AS 2D", "taiwan", None),
    ("JD QC KH AS 2D", "standard:straight_order=poker_a2345_second", None),
    ("JD QC KH AS 2D", "standard:straight_order=jqka2_high", "straight"),
    ("QD KC AH 2S 3D", "standard", None),
    ("KD AC 2H 3S 4D", "standard", None),
    ("QD KC AH 2S 3D", "standard:straight_order=jqka2_high", None),
    ("KD AC 2H 3S 4D", "standard:straight_order=jqka2_high", None),
    ("3D 5D 7D 9D JD", "standard", "flush"),
    ("3D 5D 7D 9D JD", "standard:allow_flush=false", None),
    ("3S 4S 5S 6S 7S", "standard", "straight_flush"),
    ("3S 4S 5S 6S 7S", "standard:allow_flush=false", "straight_flush"),
    ("AS 2S 3S 4S 5S", "standard", "straight_flush"),
    ("AS 2S 3S 4S 5S", "standard:straight_order=jqka2_high", "flush"),
    ("JS QS KS AS 2S", "standard", "flush"),
    ("JS QS KS AS 2S", "standard:straight_order=jqka2_high", "straight_flush"),
    ("3D 3C 3H 2S 2H", "standard", "full_house"),
    ("9S 9H 9C 9D 3S", "standard", "four_of_a_kind"),
    ("9S 9H 9C 9D", "standard", None),
    ("9S 9H 9C 9D", "standard:four_card_play=two_pair", None),
    ("9S 9H 9C 9D", "standard:four_card_play=quad", "quad"),
    ("3D 3C 4D 4C 5S", "standard", None),
    ("3D 3C 4D 4C 5S", "standard:allow_two_pair_kicker=true", "two_pair_kicker"),
    ("3D 3C 4D 4C", "standard", None),
    ("3D 3C 4D 4C", "standard:four_card_play=two_pair", "two_pair"),
    ("3D 3C 4D 4C", "standard:four_card_play=quad", None),
    ("5D 5C 5H", "standard", "triple"),
    ("5D 5C 5H", "taiwan", None),
    ("3D 4D", "standard", None),
    ("3D 4D 5D 6D 7D 8D", "standard", None),
    ("3D 4C 5H 6S", "standard", None),
    # the five-card types under every preset
    *[
        (cards, p, k)
        for p in PRESET_NAMES
        for cards, k in [
            ("3D", "single"),
            ("2S 2D", "pair"),
            ("3D 4C 5H 6S 7D", "straight"),
            ("3D 5D 7D 9D JD", "flush"),
            ("3D 3C 3H 2S 2H", "full_house"),
            ("9S 9H 9C 9D 3S", "four_of_a_kind"),
            ("3S 4S 5S 6S 7S", "straight_flush"),
        ]
    ],
]


@pytest.mark.parametrize(
    "cards, spec, expected", S6_3_CLASSIFY, ids=[row_id(*r) for r in S6_3_CLASSIFY]
)
def test_s6_3_classification(cards: str, spec: str, expected: str | None) -> None:
    assert kind_of(cards, spec) == expected
    reason = explain(parse_mask(cards), rules_of(spec))
    if expected is None:
        assert reason  # an invalid set always comes with a reason
    else:
        assert reason == ""


# ----- §7.1 first lead -------------------------------------------------------------------
FIRST_LEAD_HAND = "3D 3C 3H 3S 4C 5H 6S 7D 9S 9D KH KD 2C"
S7_1_LEADS = [
    ("3D", True),
    ("3D 3S", True),
    ("3D 4C 5H 6S 7D", True),
    ("3D 3C 3H 9S 9D", True),
    ("4C", False),
    ("3S 3H", False),
]


@pytest.mark.parametrize("lead, legal", S7_1_LEADS, ids=[r[0] for r in S7_1_LEADS])
def test_s7_1_first_lead_must_contain_starting_card(lead: str, legal: bool) -> None:
    hands, _ = make_hands([13] * 4, {2: FIRST_LEAD_HAND})
    deal = BigTwoDeal.from_hands(PRESETS["standard"], hands, dealer=1)
    assert card_name(deal.starting_card) == "3D"
    assert deal.current_player == 2
    action = deal.parse_action(lead)
    assert deal.is_legal(action) is legal
    assert (action in deal.legal_actions()) is legal
    if not legal:
        reason = deal.why_illegal(action)
        assert reason is not None and "3D" in reason


def test_s7_1_legal_first_leads_are_exactly_those_containing_3d() -> None:
    hands, _ = make_hands([13] * 4, {2: FIRST_LEAD_HAND})
    deal = BigTwoDeal.from_hands(PRESETS["standard"], hands)
    every = hand_combos(deal.hands[2], deal.rules)
    with_3d = {c for c in every if c.mask & parse_mask("3D")}
    assert set(deal.legal_actions()) == with_3d
    assert PASS not in deal.legal_actions()
    assert deal.why_illegal(PASS) is not None  # the leader may not pass


def test_s7_1_later_deal_previous_winner_leads_freely() -> None:
    hands, _ = make_hands([13] * 4, {2: FIRST_LEAD_HAND})
    deal = BigTwoDeal.from_hands(PRESETS["standard"], hands, first_deal=False, leader=0)
    assert deal.current_player == 0
    assert len(deal.legal_actions()) == len(hand_combos(deal.hands[0], deal.rules))
    # the first deal ignores a given leader
    deal1 = BigTwoDeal.from_hands(PRESETS["standard"], hands, first_deal=True, leader=0)
    assert deal1.current_player == 2


def test_s7_1_taiwan_every_deal_starts_with_3c() -> None:
    hands, _ = make_hands([13] * 4, {1: "3C 3D 3S 8H 9H"})
    deal = BigTwoDeal.from_hands(PRESETS["taiwan"], hands, first_deal=False, leader=3)
    assert card_name(deal.starting_card) == "3C"
    assert deal.current_player == 1
    assert deal.is_legal(deal.parse_action("3C 3D"))
    assert not deal.is_legal(deal.parse_action("3D 3S"))
    assert all(m & parse_mask("3C") for m in lead_masks(deal))


# ----- §7.2 turns and pass lock-out --------------------------------------------------------
def _lockout_deal(lockout: bool) -> BigTwoDeal:
    # A, B, C, D = seats 0..3; B holds AS and D holds 2H, so both could beat KD
    spec = f"standard:pass_lockout={'true' if lockout else 'false'}"
    hands, _ = make_hands([13] * 4, {0: "5D KD 6D", 1: "AS", 2: "9C", 3: "2H"})
    deal = BigTwoDeal.from_hands(rules_of(spec), hands, first_deal=False, leader=0)
    assert deal.current_player == 0
    play(deal, "5D")
    play(deal, "pass")  # B
    play(deal, "9C")  # C
    play(deal, "pass")  # D
    assert deal.current_player == 0
    play(deal, "KD")  # A
    return deal


def test_s7_2_pass_lockout_example() -> None:
    deal = _lockout_deal(True)
    assert deal.current_player == 2  # B is skipped (locked)
    assert sorted(deal.observe(0).passed) == [1, 3]
    play(deal, "pass")  # C; D is skipped too: the trick ends
    assert deal.top is None
    assert deal.current_player == 0  # A leads the next trick
    assert deal.observe(0).passed == ()
    play(deal, "6D")
    assert deal.current_player == 1  # B may play again
    assert deal.is_legal(deal.parse_action("AS"))


def test_s7_2_without_lockout_everyone_is_asked_again() -> None:
    deal = _lockout_deal(False)
    assert deal.current_player == 1  # B is asked
    assert deal.is_legal(deal.parse_action("AS"))  # ... and could still play
    play(deal, "pass")
    assert deal.current_player == 2
    play(deal, "pass")
    assert deal.current_player == 3
    assert deal.is_legal(deal.parse_action("2H"))  # D could still play
    assert deal.top is not None  # two passes do not end the trick
    play(deal, "pass")  # the third pass in a row ends it
    assert deal.top is None and deal.current_player == 0


@pytest.mark.parametrize("lockout, next_seat", [(True, 2), (False, 1)])
def test_s7_2_trick_ends_when_all_others_have_passed(lockout: bool, next_seat: int) -> None:
    # A leads 5D, B passes, C plays 9C, D passes, A passes: with lock-out every
    # player other than C has now passed and C leads; without it B is asked again
    spec = f"standard:pass_lockout={'true' if lockout else 'false'}"
    hands, _ = make_hands([13] * 4, {0: "5D KD 6D", 1: "AS", 2: "9C", 3: "2H"})
    deal = BigTwoDeal.from_hands(rules_of(spec), hands, first_deal=False, leader=0)
    for text in ("5D", "pass", "9C", "pass", "pass"):
        play(deal, text)
    assert deal.current_player == next_seat
    if lockout:
        assert deal.top is None  # C leads a new trick
    else:
        assert deal.top is not None and deal.is_legal(deal.parse_action("AS"))


# ----- §7.4 end of the deal ---------------------------------------------------------------
def _small_deal(spec: str) -> BigTwoDeal:
    hands = [parse_mask(h) for h in ("3D AS", "4D 5D", "6D 7D", "8D 9D")]
    deal = BigTwoDeal.from_hands(rules_of(spec), hands)
    for text in ("3D", "4D", "6D", "8D", "AS"):  # seat 0 goes out over 8D
        play(deal, text)
    return deal


def test_s7_4_first_out_ends_the_deal() -> None:
    deal = _small_deal("standard:hand_size=2")
    assert deal.is_terminal()
    out = deal.outcome
    assert out is not None and out.winner == 0 and out.finishing_order == (0,)
    assert out.penalties == (0, 1, 1, 1)
    assert out.scores == (3, -1, -1, -1)


def test_s7_4_last_remaining_lead_passes_to_next_active() -> None:
    deal = _small_deal("standard:hand_size=2,play_until=last_remaining")
    assert not deal.is_terminal()
    assert deal.current_player == 1
    play(deal, "pass")
    play(deal, "pass")
    assert deal.current_player == 3
    play(deal, "pass")  # every remaining active player passed once: trick over
    assert deal.top is None and deal.current_player == 1  # next active after seat 0
    play(deal, "5D")  # seat 1 goes out
    play(deal, "pass")
    play(deal, "pass")
    assert deal.current_player == 2  # next active after seat 1
    play(deal, "7D")
    assert deal.is_terminal()
    out = deal.outcome
    assert out is not None
    assert out.winner == 0 and out.finishing_order == (0, 1, 2, 3)
    # scored on the hands at the moment the winner went out
    assert out.penalties == (0, 1, 1, 1) and out.scores == (3, -1, -1, -1)


# ----- §8 comparing two combinations of the same type ---------------------------------
def _rows(table: Sequence[tuple[str, str, Sequence[str], bool]]) -> list[Any]:
    out = []
    for play_, over, specs, expected in table:
        for spec in specs:
            out.append(pytest.param(play_, over, spec, expected, id=row_id(play_, over, spec)))
    return out


ALL_PRESETS = PRESET_NAMES
ANY_STRAIGHT = tuple(f"standard:straight_order={o}" for o in STRAIGHT_ORDERS)
ANY_FLUSH = tuple(f"standard:flush_compare={f}" for f in FLUSH_COMPARES)
CARD_BY_CARD = ("standard",)
TOP_CARD = ("hongkong", "mainland")
SUIT_FIRST = ("standard:flush_compare=suit_first",)

S8_1_SINGLE = [
    ("2S", "2H", ALL_PRESETS, True),
    ("2D", "AS", ALL_PRESETS, True),
    ("AS", "2D", ALL_PRESETS, False),
    ("3C", "3D", ("standard",), True),
    ("3C", "3D", ("taiwan",), False),
    ("4D", "4C", ("standard",), False),
    ("4D", "4C", ("taiwan",), True),
    ("KS", "AD", ALL_PRESETS, False),
]

S8_2_PAIR = [
    ("9S 9D", "9H 9C", ALL_PRESETS, True),
    ("9H 9C", "9S 9D", ALL_PRESETS, False),
    ("4D 4C", "3S 3H", ALL_PRESETS, True),
    ("2D 2C", "AS AH", ALL_PRESETS, True),
    ("3C 3S", "3D 3H", ("taiwan", "standard"), True),
    ("KH KD", "KS KC", ALL_PRESETS, False),
]

TRIPLE_PRESETS = ("standard", "hongkong", "mainland", "taiwan:allow_triples=true")
S8_3_TRIPLE = [
    ("5D 5C 5H", "4S 4H 4C", TRIPLE_PRESETS, True),
    ("4S 4H 4C", "5D 5C 5H", TRIPLE_PRESETS, False),
    ("2D 2C 2H", "AS AH AC", TRIPLE_PRESETS, True),
]

S8_4_STRAIGHT = [
    ("4D 5C 6D 7C 8D", "3S 4H 5H 6H 7S", ANY_STRAIGHT, True),
    ("2D 3C 4H 5S 6D", "TS JH QC KD AS", ("standard",), True),
    ("TS JH QC KD AS", "2D 3C 4H 5S 6D", ("standard",), False),
    ("AD 2C 3H 4S 5D", "2S 3D 4C 5H 6S", ("standard",), True),
    ("3S 4H 5C 6D 7H", "AD 2C 3H 4S 5D", ("standard",), False),
    ("TS JH QC KD AS", "9D TC JD QS KH", ANY_STRAIGHT, True),
    ("3C 4D 5D 6D 7S", "3S 4S 5S 6C 7H", ("standard",), True),
    ("2S 3D 4D 5D 6D", "2H 3S 4S 5S 6S", ("standard",), True),
    ("AD 2S 3D 4D 5C", "AS 2H 3S 4S 5S", ("standard",), True),
    ("TS JH QC KD AS", "AD 2C 3H 4S 5D", ("standard:straight_order=poker_a2345_second",), True),
    ("AD 2C 3H 4S 5D", "9D TC JD QS KH", ("standard:straight_order=poker_a2345_second",), True),
    ("3S 4H 5C 6D 7H", "2D 3C 4H 5S 6D", ("standard:straight_order=poker_a2345_second",), True),
    ("2D 3C 4H 5S 6D", "TS JH QC KD AS", ("taiwan", "standard:straight_order=taiwan"), True),
    ("AD 2C 3H 4S 5D", "3S 4H 5C 6D 7H", ("taiwan", "standard:straight_order=taiwan"), False),
    ("3C 4H 5C 6C 7S", "3H 4S 5D 6H 7H", ("taiwan",), True),
    ("3S 4S 5S 6S 7D", "3H 4H 5H 6H 7C", ("taiwan",), True),
    ("3S 4S 5S 6S 7D", "3H 4H 5H 6H 7C", ("taiwan:suit_order=SHCD",), False),
    ("JD QC KH AS 2D", "TS JH QC KD AS", ("standard:straight_order=jqka2_high",), True),
]

S8_5_FLUSH = [
    ("2C AC KC 8C 3C", "2H AH QH TH 8H", CARD_BY_CARD, True),
    ("2C 4C 5C 6C 8C", "2H 4H 5H 6H 8H", CARD_BY_CARD, False),
    ("AC KC JC 8C 3C", "AH QH JH TH 8H", CARD_BY_CARD, True),
    ("KC QC 9C 7C 5C", "KS QS 9S 7S 4S", CARD_BY_CARD, True),
    ("2D 4D 5D 6D 8D", "AS KS QS JS 9S", CARD_BY_CARD + TOP_CARD, True),
    ("AD 6D 5D 4D 3D", "KS QS JS TS 8S", CARD_BY_CARD + TOP_CARD, True),
    ("AD 6D 5D 4D 3D", "AS 6S 5S 4S 3S", ANY_FLUSH + ("taiwan",), False),
    ("AH QH JH TH 8H", "AC KC JC 8C 3C", TOP_CARD, True),
    ("AC KC JC 8C 3C", "AH QH JH TH 8H", TOP_CARD, False),
    ("2C AC KC 8C 3C", "2H AH QH TH 8H", TOP_CARD, False),
    ("KC QC 9C 7C 5C", "KS QS 9S 7S 4S", TOP_CARD, False),
    ("3H 4H 5H 6H AH", "9C JC QC KC AC", ("taiwan",), True),
    ("3H 4H 5H 6H KH", "9C JC QC KC AC", TOP_CARD + ("taiwan",), False),
    ("AD QD JD TD 8D", "AC KC JC 8C 3C", ("taiwan",), True),
    ("3S 5S 7S 9S JS", "2H AH KH QH 9H", SUIT_FIRST, True),
    # contrasts implied by the rules' text
    ("AD QD JD TD 8D", "AC KC JC 8C 3C", ("hongkong",), False),  # SHCD: clubs > diamonds
    ("3S 5S 7S 9S JS", "2H AH KH QH 9H", CARD_BY_CARD + TOP_CARD, False),
    ("2C 4C 5C 6C 8C", "AC KC QC JC 9C", SUIT_FIRST, True),  # same suit: card by card
    ("AC KC QC JC 9C", "2C 4C 5C 6C 8C", SUIT_FIRST, False),
]

S8_6_FULL_HOUSE = [
    ("4D 4C 8D 8C 8H", "5D 5C 7D 7C 7H", ALL_PRESETS, True),
    ("2D 2C 2H 3S 3H", "AD AC AH KS KH", ALL_PRESETS, True),
    ("3D 3C 3H 2S 2H", "KD KC KH AS AH", ALL_PRESETS, False),
]

S8_7_FOUR = [
    ("TS TH TC TD 3D", "9S 9H 9C 9D 2S", ALL_PRESETS, True),
    ("4S 4H 4C 4D 5D", "3S 3H 3C 3D 2S", ALL_PRESETS, True),
    ("9S 9H 9C 9D 3S", "TS TH TC TD 3D", ALL_PRESETS, False),
]

S8_8_STRAIGHT_FLUSH = [
    ("AH 2H 3H 4H 5H", "2S 3S 4S 5S 6S", ("standard",), True),
    ("2D 3D 4D 5D 6D", "TS JS QS KS AS", ("standard",), True),
    ("3S 4S 5S 6S 7S", "3H 4H 5H 6H 7H", ANY_STRAIGHT + ("taiwan",), True),
    ("4D 5D 6D 7D 8D", "3S 4S 5S 6S 7S", ANY_STRAIGHT + ("taiwan",), True),
    ("2S 3S 4S 5S 6S", "AH 2H 3H 4H 5H", ("taiwan",), True),
    ("AS 2S 3S 4S 5S", "3H 4H 5H 6H 7H", ("taiwan",), False),
]

S8_9_OPTIONAL = [
    ("KS KH 4D 4C 9S", "QS QH JD JC AS", ("standard:allow_two_pair_kicker=true",), True),
    ("KH KC 9H 9C 2S", "KS KD 5H 5C 3D", ("standard:allow_two_pair_kicker=true",), True),
    ("KS KC 9D 9C 3S", "KH KD 9H 9S 2S", ("standard:allow_two_pair_kicker=true",), True),
    ("KS KH 4D 4C", "QS QH JD JC", ("standard:four_card_play=two_pair",), True),
    ("KH KC 9H 9C", "KS KD 5H 5C", ("standard:four_card_play=two_pair",), True),
    ("KS KC 9D 9C", "KH KD 9H 9S", ("standard:four_card_play=two_pair",), True),
    ("5S 5H 5C 5D", "4S 4H 4C 4D", ("standard:four_card_play=quad",), True),
    ("2S 2H 2C 2D", "AS AH AC AD", ("standard:four_card_play=quad",), True),
    ("3S 3H 3C 3D", "4S 4H 4C 4D", ("standard:four_card_play=quad",), False),
    # the reverse directions: never reflexive, the kicker never matters
    ("QS QH JD JC AS", "KS KH 4D 4C 9S", ("standard:allow_two_pair_kicker=true",), False),
    ("KH KD 9H 9S 2S", "KS KC 9D 9C 3S", ("standard:allow_two_pair_kicker=true",), False),
    ("KH KD 9H 9S", "KS KC 9D 9C", ("standard:four_card_play=two_pair",), False),
]


@pytest.mark.parametrize("play_, over, spec, expected", _rows(S8_1_SINGLE))
def test_s8_1_single(play_: str, over: str, spec: str, expected: bool) -> None:
    assert does_beat(play_, over, spec) is expected


@pytest.mark.parametrize("play_, over, spec, expected", _rows(S8_2_PAIR))
def test_s8_2_pair(play_: str, over: str, spec: str, expected: bool) -> None:
    assert does_beat(play_, over, spec) is expected


@pytest.mark.parametrize("play_, over, spec, expected", _rows(S8_3_TRIPLE))
def test_s8_3_triple(play_: str, over: str, spec: str, expected: bool) -> None:
    assert does_beat(play_, over, spec) is expected


@pytest.mark.parametrize("play_, over, spec, expected", _rows(S8_4_STRAIGHT))
def test_s8_4_straight(play_: str, over: str, spec: str, expected: bool) -> None:
    assert kind_of(play_, spec) == kind_of(over, spec) == "straight"
    assert does_beat(play_, over, spec) is expected


@pytest.mark.parametrize("play_, over, spec, expected", _rows(S8_5_FLUSH))
def test_s8_5_flush(play_: str, over: str, spec: str, expected: bool) -> None:
    assert kind_of(play_, spec) == kind_of(over, spec) == "flush"
    assert does_beat(play_, over, spec) is expected


@pytest.mark.parametrize("play_, over, spec, expected", _rows(S8_6_FULL_HOUSE))
def test_s8_6_full_house(play_: str, over: str, spec: str, expected: bool) -> None:
    assert kind_of(play_, spec) == kind_of(over, spec) == "full_house"
    assert does_beat(play_, over, spec) is expected


@pytest.mark.parametrize("play_, over, spec, expected", _rows(S8_7_FOUR))
def test_s8_7_four_of_a_kind(play_: str, over: str, spec: str, expected: bool) -> None:
    assert kind_of(play_, spec) == kind_of(over, spec) == "four_of_a_kind"
    assert does_beat(play_, over, spec) is expected


@pytest.mark.parametrize("play_, over, spec, expected", _rows(S8_8_STRAIGHT_FLUSH))
def test_s8_8_straight_flush(play_: str, over: str, spec: str, expected: bool) -> None:
    assert kind_of(play_, spec) == kind_of(over, spec) == "straight_flush"
    assert does_beat(play_, over, spec) is expected


@pytest.mark.parametrize("play_, over, spec, expected", _rows(S8_9_OPTIONAL))
def test_s8_9_optional_types(play_: str, over: str, spec: str, expected: bool) -> None:
    assert kind_of(play_, spec) == kind_of(over, spec) is not None
    assert does_beat(play_, over, spec) is expected


@pytest.mark.parametrize("spec", ["standard", "taiwan"])
def test_s8_1_single_order_is_total_and_strict(spec: str) -> None:
    r = rules_of(spec)
    strength = tables(r).card_strength
    singles = [classify(1 << c, r) for c in range(52)]
    for a in singles:
        for b in singles:
            ca, cb = cards_of(a.mask)[0], cards_of(b.mask)[0]
            assert beats(a, b, r) is (strength[ca] > strength[cb])


# ----- §9 the beat relation ---------------------------------------------------------------
S9_STANDARD = [
    ("3D 4D 5D 6D 8D", "AS 2S 3H 4H 5H", True),
    ("AS 2S 3H 4H 5H", "3D 4D 5D 6D 8D", False),
    ("3D 3C 3H 4D 4C", "2S AS KS QS 9S", True),
    ("3D 3C 3H 4D 4C", "AS 2S 3S 4H 5H", True),
    ("3D 3C 3H 3S 4D", "2D 2C 2H AS AH", True),
    ("3D 4D 5D 6D 7D", "2D 2C 2H 2S AS", True),
    ("2D 2C 2H 2S AS", "3D 4D 5D 6D 7D", False),
    ("5D 5C", "3D", False),
    ("2S", "3D 3C", False),
    ("5D 5C 5H", "4S 4H", False),
    ("3D 4C 5H 6S 7D", "2D 2C 2H", False),
    ("9S 9H 9C 9D 3S", "2S", False),
]

S9_TAIWAN = [
    ("3D 4D 5D 6D 8D", "AS 2S 3H 4H 5H", False),
    ("3D 3C 3H 4D 4C", "AS 2S 3S 4H 5H", False),
    ("3D 3C 3H 4D 4C", "2S AS KS QS 9S", False),
    ("9S 9H 9C 9D 3S", "TD JC QH KS AD", True),
    ("3S 3H 3C 3D 4C", "2S AS KS QS 9S", True),
    ("3S 3H 3C 3D 4D", "2D 2C 2H AS AH", True),
    ("3D 4D 5D 6D 7D", "2S 2H 2C 2D AS", True),
    ("9S 9H 9C 9D 3S", "2S", True),
    ("9S 9H 9C 9D 3S", "2S 2H", True),
    ("3D 4D 5D 6D 7D", "2S", True),
    ("3D 4C 5H 6S 7D", "2S", False),
    ("9S 9H 9C 9D 3S", "TS TH TC TD 3D", False),
]


@pytest.mark.parametrize(
    "play_, over, expected", S9_STANDARD, ids=[row_id(*r) for r in S9_STANDARD]
)
@pytest.mark.parametrize("spec", ["standard", "hongkong", "mainland"])
def test_s9_category_rule(play_: str, over: str, expected: bool, spec: str) -> None:
    assert does_beat(play_, over, spec) is expected


@pytest.mark.parametrize("play_, over, expected", S9_TAIWAN, ids=[row_id(*r) for r in S9_TAIWAN])
def test_s9_same_type_or_monster_rule(play_: str, over: str, expected: bool) -> None:
    assert does_beat(play_, over, "taiwan") is expected


S9_EXTRA = [
    # monster_over_small also covers triples when they are allowed (§15 decision 5)
    ("9S 9H 9C 9D 3S", "2S 2H 2D", "taiwan:allow_triples=true", True),
    # without monster_over_small, monsters beat only five-card plays
    ("9S 9H 9C 9D 3S", "2S", "standard:five_card_rule=same_type_or_monster", False),
    ("9S 9H 9C 9D 3S", "TD JC QH KS AD", "standard:five_card_rule=same_type_or_monster", True),
    # never over a four-card play, and a four-card quad is never a monster
    ("9S 9H 9C 9D 3S", "4S 4H 4C 4D", "taiwan:four_card_play=quad", False),
    ("5S 5H 5C 5D", "2S", "taiwan:four_card_play=quad", False),
    ("5S 5H 5C 5D", "4S 4H 4C 4D", "taiwan:four_card_play=quad", True),
    ("3S 4S 5S 6S 7S", "KS KH 4D 4C", "taiwan:four_card_play=two_pair", False),
    # after a monster over a small play only a higher monster beats it
    ("2S", "9S 9H 9C 9D 3S", "taiwan", False),
    ("TS TH TC TD 3D", "9S 9H 9C 9D 3S", "taiwan", True),
    ("3D 4D 5D 6D 7D", "9S 9H 9C 9D 3S", "taiwan", True),
    # two_pair_kicker: lowest category / same type only under taiwan
    ("3D 4C 5H 6S 7D", "KS KH 4D 4C 9S", "standard:allow_two_pair_kicker=true", True),
    ("KS KH 4D 4C 9S", "3D 4C 5H 6S 7D", "standard:allow_two_pair_kicker=true", False),
    ("3D 4C 5H 6S 7D", "KS KH 4D 4C 9S", "taiwan:allow_two_pair_kicker=true", False),
    ("KS KH 4D 4C 9S", "QS QH JD JC AS", "taiwan:allow_two_pair_kicker=true", True),
    ("9S 9H 9C 9D 3S", "KS KH 4D 4C 2S", "taiwan:allow_two_pair_kicker=true", True),
    # four-card plays: same type only
    ("5S 5H 5C 5D", "KS KH 4D 4C", "standard:four_card_play=two_pair", None),
    ("KS KH 4D 4C", "2S", "standard:four_card_play=two_pair", False),
]


@pytest.mark.parametrize(
    "play_, over, spec, expected", S9_EXTRA, ids=[row_id(*r) for r in S9_EXTRA]
)
def test_s9_rules_without_table(play_: str, over: str, spec: str, expected: bool | None) -> None:
    if expected is None:  # the play is not even a combination under these rules
        assert kind_of(play_, spec) is None
        return
    assert does_beat(play_, over, spec) is expected


@pytest.mark.parametrize("spec", PRESET_NAMES)
def test_s9_never_reflexive(spec: str) -> None:
    r = rules_of(spec)
    for c in hand_combos(parse_mask("3D 3C 4D 5H 6S 7D 7C 7H 7S 9D JD QD 2S"), r):
        assert not beats(c, c, r)


# ----- §11.1 penalty schemes --------------------------------------------------------------
S11_1_COUNTS = [
    # (spec, cards left, untouched, penalty)
    ("standard", 5, False, 5),
    ("standard", 10, False, 10),
    ("standard", 11, False, 22),
    ("standard", 13, True, 39),
    ("standard:players=3", 17, True, 51),
    ("standard:players=3", 18, True, 54),
    ("standard:players=3", 17, False, 34),
    ("standard:players=2", 26, True, 78),
    ("standard:scoring=cards_seed001", 9, False, 9),
    ("standard:scoring=cards_seed001", 10, False, 20),
    ("standard:scoring=cards_seed001", 12, False, 24),
    ("standard:scoring=cards_seed001", 13, True, 39),
    ("standard:scoring=cards_seed001", 13, False, 39),
    ("standard:scoring=cards_seed001,players=3", 11, False, 11),
    ("standard:scoring=cards_seed001,players=3", 12, False, 24),
    ("standard:scoring=cards_seed001,players=3", 16, False, 32),
    ("standard:scoring=cards_seed001,players=3", 17, True, 51),
    ("standard:scoring=cards_seed001,players=3", 17, False, 51),
    ("standard:scoring=cards_seed001,players=3", 18, True, 54),
    ("standard:scoring=cards_seed001,players=2", 9, False, 9),
    ("standard:scoring=cards_seed001,players=2", 10, False, 20),
    ("standard:scoring=cards_seed001,players=2", 25, False, 50),
    ("standard:scoring=cards_seed001,players=2", 26, True, 78),
    ("mainland", 7, False, 7),
    ("mainland", 8, False, 16),
    ("mainland", 9, False, 18),
    ("mainland", 10, False, 30),
    ("mainland", 12, False, 36),
    ("mainland", 13, True, 52),
    ("mainland", 13, False, 52),
    ("mainland:players=3", 14, False, 56),
    ("mainland:players=3", 17, True, 68),
    ("mainland:players=3", 17, False, 68),
]


@pytest.mark.parametrize(
    "spec, c, untouched, expected", S11_1_COUNTS, ids=[row_id(*r) for r in S11_1_COUNTS]
)
def test_s11_1_card_count_schemes(spec: str, c: int, untouched: bool, expected: int) -> None:
    assert penalty(rules_of(spec), first_n_cards(c), untouched=untouched) == expected


S11_1_HANDS = [
    ("standard:scoring=card_points", "2S KD 9C 3H", 40),
    ("standard:scoring=card_points", "AH 5D", 19),
    ("standard:scoring=card_points", "TD JD QD", 33),
    ("standard:scoring=taiwan_deduction", "2S JD 5H 8C", 73),
    ("standard:scoring=taiwan_deduction", "3D 4C 5C 5S 6D 6C 9H QS", 58),
    ("standard:scoring=taiwan_deduction", "AS 3D", 33),
    ("standard:scoring=taiwan_deduction", "TS KH", 30),
    ("standard:scoring=taiwan_deduction,deduction_spade_ace_40=true", "AS 3D", 43),
    ("standard:scoring=taiwan_deduction,deduction_spade_ace_40=true", "AH 3D", 33),
    ("standard:scoring=taiwan_plus_minus,settlement=negated_penalty", "2S JD 5H 8C", 8),
    ("standard:scoring=taiwan_plus_minus,settlement=negated_penalty", "2S 2H KD 3C", 12),
    ("standard:scoring=taiwan_plus_minus,settlement=negated_penalty", "AS KS 9D", 5),
    ("standard:scoring=taiwan_plus_minus,settlement=negated_penalty", "2S 2H 2C 2D", 0),
    ("standard:scoring=taiwan_plus_minus,settlement=negated_penalty", "2S", 0),
]


@pytest.mark.parametrize("spec, hand, expected", S11_1_HANDS, ids=[row_id(*r) for r in S11_1_HANDS])
def test_s11_1_card_value_schemes(spec: str, hand: str, expected: int) -> None:
    for untouched in (False, True):  # these schemes ignore the untouched tier
        assert penalty(rules_of(spec), parse_mask(hand), untouched=untouched) == expected


def test_s11_1_taiwan_deduction_b_is_the_bigger_loser() -> None:
    r = rules_of("standard:scoring=taiwan_deduction,settlement=negated_penalty")
    b = penalty(r, parse_mask("2S JD 5H 8C"), untouched=False)
    c = penalty(r, parse_mask("3D 4C 5C 5S 6D 6C 9H QS"), untouched=False)
    assert settle(r, 0, [0, b, c]) == [0, -73, -58]


@pytest.mark.parametrize("bonus", [0, 5])
def test_s11_1_taiwan_plus_minus_winner_scores_plus_one(bonus: int) -> None:
    r = rules_of(
        f"standard:scoring=taiwan_plus_minus,settlement=negated_penalty,winner_bonus={bonus}"
    )
    assert settle(r, 0, [0, 8, 12, 5]) == [1, -8, -12, -5]


def test_s11_1_taiwan_plus_minus_requires_negated_penalty() -> None:
    with pytest.raises(RulesError) as exc:
        rules_of("standard:scoring=taiwan_plus_minus")
    assert "settlement" in str(exc.value)


# ----- §11.2 taiwan_basic -----------------------------------------------------------------
S11_2_LOSERS = [
    ("5D 9C", 2),
    ("2S 2H 7D 8C 9S", 20),
    ("2D KS KH KD KC 3D 4D 5C 6H 8S 9D", 88),
    ("3D 4D 5D 6D 7D 9C 9H 9S TD TC", 40),  # 10 cards, straight flush (monster), no 2
    ("3D 4C 5H 6S 7D 9C 9H 9S TD TC", 20),  # 10 cards, no 2, no monster
    ("2D 2C 2H", 18),
    ("2D 2C 2H 2S", 64),  # four 2s x8, a monster x2
]


@pytest.mark.parametrize("hand, expected", S11_2_LOSERS, ids=[r[0] for r in S11_2_LOSERS])
def test_s11_2_taiwan_basic_loser_penalty(hand: str, expected: int) -> None:
    assert penalty(PRESETS["taiwan"], parse_mask(hand), untouched=False) == expected


S11_2_WINNER = [
    ("7H", "single", 1),
    ("2C", "single", 2),
    ("2C 2S", "pair", 2),
    ("2D 2C 2H 2S 3S", "four_of_a_kind", 4),
    ("9D 9C 9H 9S 3S", "four_of_a_kind", 2),
    ("3S 4S 5S 6S 7S", "straight_flush", 2),
    ("2H 3H 4H 5H 6H", "straight_flush", 4),
    ("2D 3C 4H 5S 6D", "straight", 2),
    ("3D 4C 5H 6S 7D", "straight", 1),
]


@pytest.mark.parametrize("final, kind, mult", S11_2_WINNER, ids=[r[0] for r in S11_2_WINNER])
def test_s11_2_winner_multipliers(final: str, kind: str, mult: int) -> None:
    combo = classify(parse_mask(final), PRESETS["taiwan"])
    assert combo.kind.value == kind
    assert winner_multiplier(PRESETS["taiwan"], combo.mask, combo.kind) == mult
    # other schemes have no winner multiplier
    assert winner_multiplier(PRESETS["standard"], combo.mask, combo.kind) == 1


@pytest.mark.parametrize(
    "final, penalties, total",
    [
        ("7H", (2, 20, 88), 110),
        ("2C", (4, 40, 176), 220),
    ],
)
def test_s11_2_worked_example_through_a_deal(
    final: str, penalties: tuple[int, ...], total: int
) -> None:
    # the winner (seat 0) holds only its final play and leads it; taiwan first_lead
    # is relaxed so that the winner may lead freely in a later deal
    spec = "taiwan:first_lead=starting_card_first_deal"
    hands = [
        parse_mask(h)
        for h in (final, "5D 9C", "2S 2H 7D 8C 9S", "2D KS KH KD KC 3D 4D 5C 6H 8S 9D")
    ]
    deal = BigTwoDeal.from_hands(rules_of(spec), hands, first_deal=False, leader=0)
    play(deal, final)
    assert deal.is_terminal()
    out = deal.outcome
    assert out is not None and out.winner == 0
    assert out.penalties == (0, *penalties)
    assert out.scores == (total, *(-p for p in penalties))


# ----- §11.3 settlement and §11.4 the 頂大 transfer ----------------------------------------
S11_3_SETTLE = [
    ("standard:settlement=winner_takes_all", [16, -3, -5, -8]),
    ("taiwan", [16, -3, -5, -8]),
    ("standard:settlement=winner_takes_all,winner_bonus=5", [16, -3, -5, -8]),  # ignored
    ("standard", [16, 4, -4, -16]),
    ("standard:winner_bonus=5", [31, -1, -9, -21]),
    ("standard:settlement=negated_penalty,winner_bonus=5", [5, -3, -5, -8]),
    ("standard:settlement=negated_penalty", [0, -3, -5, -8]),
]


@pytest.mark.parametrize("spec, scores", S11_3_SETTLE, ids=[r[0] for r in S11_3_SETTLE])
def test_s11_3_settlement(spec: str, scores: list[int]) -> None:
    r = rules_of(spec)
    assert settle(r, 0, [0, 3, 5, 8]) == scores
    # the winner's entry is ignored, and the winner may sit anywhere
    assert settle(r, 0, [99, 3, 5, 8]) == scores
    rotated = scores[-1:] + scores[:-1]
    assert settle(r, 1, [8, 0, 3, 5]) == rotated


@pytest.mark.parametrize("bonus", [0, 5, 10])
def test_s11_3_pairwise_is_zero_sum(bonus: int) -> None:
    r = rules_of(f"standard:winner_bonus={bonus}")
    assert sum(settle(r, 2, [7, 1, 0, 13])) == 0


S11_4_TRANSFER = [
    ("taiwan", [8, -8, 0, 0]),
    ("standard", [8, -24, 8, 8]),
]


@pytest.mark.parametrize("spec, scores", S11_4_TRANSFER, ids=[r[0] for r in S11_4_TRANSFER])
def test_s11_4_transfer_settlement(spec: str, scores: list[int]) -> None:
    # after the transfer: W=0, V=3+1+4=8, the others 0
    assert settle(rules_of(spec), 0, [0, 8, 0, 0]) == scores
