"""Differential tests: move generation and the beat relation against brute force.

The reference here is deliberately obvious and independent of
``chupai.bigtwo.combos``: it reads card names, counts ranks, and applies the
combination table (``bigtwo.md`` §6), the comparison rules (§8) and the beat
relation (§9) as written. ``movegen.hand_combos`` and ``movegen.legal_plays`` must
produce exactly the reference set of plays, each once, for random small hands and
full hands, under every preset and every combination option that changes which
card sets are plays or how they compare.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from itertools import combinations
from typing import NamedTuple

import pytest

from chupai.bigtwo.combos import Combo, beats, classify_or_none
from chupai.bigtwo.game import PASS, BigTwoDeal, new_deal
from chupai.bigtwo.movegen import hand_combos, legal_plays
from chupai.bigtwo.rules import BigTwoRules
from chupai.cards import card_name, cards_of
from conftest import COMBO_VARIANTS

VARIANT_IDS = list(COMBO_VARIANTS)

# ---------------------------------------------------------------------------
# The reference, written from the rules text
# ---------------------------------------------------------------------------

RANK_ORDER = "3456789TJQKA2"
"""§1: ranks low to high."""

# §6.2: the straights, as sets of rank characters, ranked low -> high.
TEN_STRAIGHTS = [
    "A2345",
    "23456",
    "34567",
    "45678",
    "56789",
    "6789T",
    "789TJ",
    "89TJQ",
    "9TJQK",
    "TJQKA",
]
STRAIGHT_RANKING = {
    "bigtwo": [
        "34567",
        "45678",
        "56789",
        "6789T",
        "789TJ",
        "89TJQ",
        "9TJQK",
        "TJQKA",
        "23456",
        "A2345",
    ],
    "poker_a2345_second": [
        "23456",
        "34567",
        "45678",
        "56789",
        "6789T",
        "789TJ",
        "89TJQ",
        "9TJQK",
        "A2345",
        "TJQKA",
    ],
    "taiwan": [
        "A2345",
        "34567",
        "45678",
        "56789",
        "6789T",
        "789TJ",
        "89TJQ",
        "9TJQK",
        "TJQKA",
        "23456",
    ],
    "jqka2_high": ["34567", "45678", "56789", "6789T", "789TJ", "89TJQ", "9TJQK", "TJQKA", "JQKA2"],
}
assert all(
    sorted(v) == sorted(TEN_STRAIGHTS) for k, v in STRAIGHT_RANKING.items() if k != "jqka2_high"
)

FIVE_CATEGORY = [
    "two_pair_kicker",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
]
"""§9 rule 2, ``category``: low -> high."""
MONSTERS = {"four_of_a_kind", "straight_flush"}


class Ref(NamedTuple):
    """A reference classification: type name and a comparison key (a tuple that
    orders plays of that type under the rules, §8)."""

    kind: str
    key: tuple[object, ...]
    size: int


def rank_value(ch: str) -> int:
    return RANK_ORDER.index(ch)


def suit_value(ch: str, rules: BigTwoRules) -> int:
    order = str(rules.suit_order.value)  # highest first, e.g. "SHCD"
    return 3 - order.index(ch)


def ref_classify(mask: int, rules: BigTwoRules) -> Ref | None:
    """Classify a set of cards from their names, following §6.1 literally."""
    names = [card_name(c) for c in cards_of(mask)]
    n = len(names)
    ranks = [nm[0] for nm in names]
    suits = [nm[1] for nm in names]
    count = Counter(ranks)
    shape = sorted(count.values(), reverse=True)
    sv = {nm: suit_value(nm[1], rules) for nm in names}

    def top_suit_of_rank(r: str) -> int:
        return max(sv[nm] for nm in names if nm[0] == r)

    if n == 1:
        return Ref("single", (rank_value(ranks[0]), sv[names[0]]), 1)
    if n == 2:
        if shape == [2]:
            return Ref("pair", (rank_value(ranks[0]), top_suit_of_rank(ranks[0])), 2)
        return None
    if n == 3:
        if shape == [3] and rules.allow_triples:
            return Ref("triple", (rank_value(ranks[0]),), 3)
        return None
    pair_ranks = sorted((r for r, k in count.items() if k == 2), key=rank_value)
    two_pair_key = None
    if len(pair_ranks) == 2:
        hi, lo = pair_ranks[1], pair_ranks[0]
        two_pair_key = (rank_value(hi), rank_value(lo), top_suit_of_rank(hi))
    if n == 4:
        if shape == [4] and rules.four_card_play.value == "quad":
            return Ref("quad", (rank_value(ranks[0]),), 4)
        if shape == [2, 2] and rules.four_card_play.value == "two_pair":
            assert two_pair_key is not None
            return Ref("two_pair", two_pair_key, 4)
        return None
    if n != 5:
        return None
    if shape == [4, 1]:
        four = next(r for r, k in count.items() if k == 4)
        return Ref("four_of_a_kind", (rank_value(four),), 5)
    if shape == [3, 2]:
        three = next(r for r, k in count.items() if k == 3)
        return Ref("full_house", (rank_value(three),), 5)
    if shape == [2, 2, 1]:
        if rules.allow_two_pair_kicker:
            assert two_pair_key is not None
            return Ref("two_pair_kicker", two_pair_key, 5)
        return None
    if shape != [1, 1, 1, 1, 1]:
        return None
    one_suit = len(set(suits)) == 1
    ranking = STRAIGHT_RANKING[rules.straight_order.value]
    run = next((s for s in ranking if set(s) == set(ranks)), None)
    if run is not None:
        # tie-break card: the card of highest Big Two rank (§6.2)
        tb = max(names, key=lambda nm: rank_value(nm[0]))
        key = (ranking.index(run), sv[tb])
        return Ref("straight_flush" if one_suit else "straight", key, 5)
    if one_suit:
        if not rules.allow_flush:
            return None
        desc = tuple(sorted((rank_value(r) for r in ranks), reverse=True))
        suit = sv[names[0]]
        how = rules.flush_compare.value
        if how == "card_by_card":
            fkey: tuple[object, ...] = (desc, suit)
        elif how == "top_card":
            fkey = (desc[0], suit)
        else:  # suit_first
            fkey = (suit, desc)
        return Ref("flush", fkey, 5)
    return None


def ref_beats(new: Ref, top: Ref, rules: BigTwoRules) -> bool:
    """§9, literally."""
    same_type_rule = rules.five_card_rule.value == "same_type_or_monster"
    # rule 3: monsters over small plays
    if rules.monster_over_small and new.kind in MONSTERS and top.size in (1, 2, 3):
        return True
    # rule 1: size
    if new.size != top.size:
        return False
    # rule 2
    if new.size < 5:
        return new.kind == top.kind and new.key > top.key
    if not same_type_rule:
        cn, ct = FIVE_CATEGORY.index(new.kind), FIVE_CATEGORY.index(top.kind)
        if cn != ct:
            return cn > ct
        return new.key > top.key
    if new.kind == top.kind:
        return new.key > top.key
    if new.kind in MONSTERS and top.kind not in MONSTERS:
        return True
    if new.kind in MONSTERS and top.kind in MONSTERS:
        return new.kind == "straight_flush"  # straight flush beats four of a kind
    return False


def subsets(mask: int, max_size: int = 5) -> Iterable[int]:
    """Every subset of ``mask`` with 1..``max_size`` cards (as masks)."""
    cards = cards_of(mask)
    for k in range(1, max_size + 1):
        for combo in combinations(cards, k):
            m = 0
            for c in combo:
                m |= 1 << c
            yield m


def ref_hand_plays(hand: int, rules: BigTwoRules) -> dict[int, Ref]:
    """Brute force: every subset of the hand that the reference classifies."""
    out: dict[int, Ref] = {}
    for m in subsets(hand):
        ref = ref_classify(m, rules)
        if ref is not None:
            out[m] = ref
    return out


def parse(text: str) -> int:
    m = 0
    for tok in text.split():
        m |= 1 << (RANK_ORDER.index(tok[0]) * 4 + "DCHS".index(tok[1]))
    return m


# ---------------------------------------------------------------------------
# Self-check of the reference on worked examples of bigtwo.md §6.3, §8, §9
# ---------------------------------------------------------------------------

STD = COMBO_VARIANTS["preset=standard"]
TW = COMBO_VARIANTS["preset=taiwan"]
HK = COMBO_VARIANTS["preset=hongkong"]


@pytest.mark.parametrize(
    "cards, rules_id, kind",
    [
        ("3D 4C 5H 6S 7D", "preset=standard", "straight"),
        ("AD 2C 3H 4S 5D", "preset=standard", "straight"),
        ("AD 2C 3H 4S 5D", "straight_order=jqka2_high", None),
        ("JD QC KH AS 2D", "preset=standard", None),
        ("JD QC KH AS 2D", "straight_order=jqka2_high", "straight"),
        ("KD AC 2H 3S 4D", "preset=standard", None),
        ("3D 5D 7D 9D JD", "preset=standard", "flush"),
        ("3D 5D 7D 9D JD", "allow_flush=false", None),
        ("AS 2S 3S 4S 5S", "preset=standard", "straight_flush"),
        ("AS 2S 3S 4S 5S", "straight_order=jqka2_high", "flush"),
        ("JS QS KS AS 2S", "preset=standard", "flush"),
        ("JS QS KS AS 2S", "straight_order=jqka2_high", "straight_flush"),
        ("3D 3C 3H 2S 2H", "preset=standard", "full_house"),
        ("9S 9H 9C 9D 3S", "preset=standard", "four_of_a_kind"),
        ("9S 9H 9C 9D", "preset=standard", None),
        ("9S 9H 9C 9D", "four_card_play=quad", "quad"),
        ("3D 3C 4D 4C 5S", "preset=standard", None),
        ("3D 3C 4D 4C 5S", "allow_two_pair_kicker=true", "two_pair_kicker"),
        ("5D 5C 5H", "preset=taiwan", None),
        ("3D 4D 5D 6D 7D 8D", "preset=standard", None),
    ],
)
def test_reference_classifier_matches_section_6_3(
    cards: str, rules_id: str, kind: str | None
) -> None:
    ref = ref_classify(parse(cards), COMBO_VARIANTS[rules_id])
    assert (ref.kind if ref else None) == kind


@pytest.mark.parametrize(
    "play, over, rules_id, expected",
    [
        ("3C", "3D", "preset=standard", True),
        ("3C", "3D", "preset=taiwan", False),
        ("9S 9D", "9H 9C", "preset=standard", True),
        ("2D 3C 4H 5S 6D", "TS JH QC KD AS", "preset=standard", True),
        ("AD 2C 3H 4S 5D", "2S 3D 4C 5H 6S", "preset=standard", True),
        ("2S 3D 4D 5D 6D", "2H 3S 4S 5S 6S", "preset=standard", True),
        ("TS JH QC KD AS", "AD 2C 3H 4S 5D", "straight_order=poker_a2345_second", True),
        ("2D 3C 4H 5S 6D", "TS JH QC KD AS", "preset=taiwan", True),
        ("AD 2C 3H 4S 5D", "3S 4H 5C 6D 7H", "preset=taiwan", False),
        ("3S 4S 5S 6S 7D", "3H 4H 5H 6H 7C", "preset=taiwan", True),
        ("3S 4S 5S 6S 7D", "3H 4H 5H 6H 7C", "preset=standard", False),
        ("2C AC KC 8C 3C", "2H AH QH TH 8H", "preset=standard", True),
        ("2C AC KC 8C 3C", "2H AH QH TH 8H", "preset=hongkong", False),
        ("KC QC 9C 7C 5C", "KS QS 9S 7S 4S", "preset=standard", True),
        ("AH QH JH TH 8H", "AC KC JC 8C 3C", "preset=hongkong", True),
        ("3H 4H 5H 6H AH", "9C JC QC KC AC", "preset=taiwan", True),
        ("3S 5S 7S 9S JS", "2H AH KH QH 9H", "flush_compare=suit_first", True),
        ("3D 4D 5D 6D 8D", "AS 2S 3H 4H 5H", "preset=standard", True),
        ("3D 4D 5D 6D 8D", "AS 2S 3H 4H 5H", "preset=taiwan", False),
        ("3D 3C 3H 4D 4C", "2S AS KS QS 9S", "preset=taiwan", False),
        ("3D 4D 5D 6D 7D", "2D 2C 2H 2S AS", "preset=standard", True),
        ("2D 2C 2H 2S AS", "3D 4D 5D 6D 7D", "preset=standard", False),
        ("9S 9H 9C 9D 3S", "2S", "preset=standard", False),
        ("9S 9H 9C 9D 3S", "2S", "preset=taiwan", True),
        ("9S 9H 9C 9D 3S", "2S 2H", "preset=taiwan", True),
        ("3D 4C 5H 6S 7D", "2S", "preset=taiwan", False),
        ("9S 9H 9C 9D 3S", "TS TH TC TD 3D", "preset=taiwan", False),
        ("KS KC 9D 9C 3S", "KH KD 9H 9S 2S", "allow_two_pair_kicker=true", True),
        ("KH KC 9H 9C", "KS KD 5H 5C", "four_card_play=two_pair", True),
        ("3S 3H 3C 3D", "4S 4H 4C 4D", "four_card_play=quad", False),
    ],
)
def test_reference_beats_matches_worked_examples(
    play: str, over: str, rules_id: str, expected: bool
) -> None:
    rules = COMBO_VARIANTS[rules_id]
    new, top = ref_classify(parse(play), rules), ref_classify(parse(over), rules)
    assert new is not None and top is not None
    assert ref_beats(new, top, rules) is expected


# ---------------------------------------------------------------------------
# Random hands
# ---------------------------------------------------------------------------


def random_hand(rng: random.Random, size: int) -> int:
    """A random hand of ``size`` cards; half the time drawn from a few ranks or
    suits so that five-card combinations are common in small hands."""
    style = rng.random()
    if style < 0.5 or size > 12:
        pool = list(range(52))
    elif style < 0.75:
        start = rng.randrange(13)
        ranks = [(start + i) % 13 for i in range(rng.randint(3, 6))]
        pool = [r * 4 + s for r in ranks for s in range(4)]
    else:
        suits = rng.sample(range(4), rng.randint(1, 2))
        pool = [r * 4 + s for r in range(13) for s in suits]
    if len(pool) < size:
        pool = list(range(52))
    m = 0
    for c in rng.sample(pool, size):
        m |= 1 << c
    return m


def random_top(rng: random.Random, exclude: int, rules: BigTwoRules) -> Combo:
    """A random combination from cards outside ``exclude``."""
    rest = [c for c in range(52) if not exclude >> c & 1]
    while True:
        size = rng.choice([1, 1, 2, 2, 3, 4, 5, 5, 5])
        pool = rest
        if size == 5 and rng.random() < 0.7:
            # draw from a few ranks or one suit so that five-card types come up
            if rng.random() < 0.5:
                ranks = set(rng.sample(range(13), 6))
                pool = [c for c in rest if c >> 2 in ranks]
            else:
                suit = rng.randrange(4)
                pool = [c for c in rest if c & 3 == suit]
        if len(pool) < size:
            continue
        m = 0
        for c in rng.sample(pool, size):
            m |= 1 << c
        combo = classify_or_none(m, rules)
        if combo is not None:
            return combo


def check_hand(
    hand: int,
    rules: BigTwoRules,
    rng: random.Random,
    *,
    check_classify: bool = True,
    follow_tops: int = 3,
) -> None:
    ref = ref_hand_plays(hand, rules)
    combos = hand_combos(hand, rules)
    masks = [c.mask for c in combos]
    assert len(masks) == len(set(masks)), "hand_combos produced a card set twice"
    got = {c.mask: c.kind.value for c in combos}
    want = {m: r.kind for m, r in ref.items()}
    missing = {m: k for m, k in want.items() if got.get(m) != k}
    extra = {m: k for m, k in got.items() if want.get(m) != k}
    assert not missing and not extra, (
        f"hand {' '.join(card_name(c) for c in cards_of(hand))}: "
        f"missing {[(' '.join(card_name(c) for c in cards_of(m)), k) for m, k in list(missing.items())[:5]]} "
        f"extra {[(' '.join(card_name(c) for c in cards_of(m)), k) for m, k in list(extra.items())[:5]]}"
    )
    # the generator's keys agree with classify (legal_plays compares keys)
    for c in combos:
        assert classify_or_none(c.mask, rules) == c
    if check_classify:
        # classify itself agrees with the reference on every subset
        for m in subsets(hand):
            c2 = classify_or_none(m, rules)
            r = ref.get(m)
            assert (c2.kind.value if c2 else None) == (r.kind if r else None), " ".join(
                card_name(x) for x in cards_of(m)
            )

    # leading, free or with a card that must be included
    lead = legal_plays(hand, rules)
    assert sorted(c.mask for c in lead) == sorted(want)
    must = 1 << rng.choice(cards_of(hand))
    lead_must = legal_plays(hand, rules, must_contain=must)
    lead_masks = [c.mask for c in lead_must]
    assert len(lead_masks) == len(set(lead_masks))
    assert sorted(lead_masks) == sorted(m for m in want if m & must)

    # following random top plays
    for _ in range(follow_tops):
        top = random_top(rng, hand, rules)
        top_ref = ref_classify(top.mask, rules)
        assert top_ref is not None
        follow = legal_plays(hand, rules, top)
        fm = [c.mask for c in follow]
        assert len(fm) == len(set(fm)), "legal_plays produced a card set twice"
        expected = sorted(m for m, r in ref.items() if ref_beats(r, top_ref, rules))
        assert sorted(fm) == expected, (
            f"following {top.kind.value} {' '.join(card_name(c) for c in cards_of(top.mask))}"
        )


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_small_hands_match_brute_force(variant: str) -> None:
    rules = COMBO_VARIANTS[variant]
    rng = random.Random(f"small/{variant}")
    for _ in range(120):
        hand = random_hand(rng, rng.randint(5, 9))
        check_hand(hand, rules, rng, follow_tops=4)


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_full_hands_match_brute_force(variant: str) -> None:
    rules = COMBO_VARIANTS[variant]
    rng = random.Random(f"full/{variant}")
    for size, count in ((13, 4), (17, 2)):
        for _ in range(count):
            check_hand(random_hand(rng, size), rules, rng, check_classify=(size == 13))


# 26-card hands: 83,681 subsets of 1..5 cards each, so only a few hands, under the
# presets and the options that change the five-card combinations most.
BIG_VARIANTS = [
    "preset=standard",
    "preset=taiwan",
    "allow_two_pair_kicker=true",
    "taiwan+two_pair+jqka2_high+suit_first",
    "four_card_play=quad",
    "same_type_or_monster+monster_over_small",
]


@pytest.mark.parametrize("variant", BIG_VARIANTS)
def test_26_card_hands_match_brute_force(variant: str) -> None:
    rules = COMBO_VARIANTS[variant]
    rng = random.Random(f"26/{variant}")
    check_hand(random_hand(rng, 26), rules, rng, check_classify=False, follow_tops=5)


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_full_deck_counts_match_brute_force_of_five_card_types(variant: str) -> None:
    """Every five-card type is counted correctly over the whole deck, via
    combinatorics rather than enumeration (a check independent of both)."""
    rules = COMBO_VARIANTS[variant]
    full = (1 << 52) - 1
    counts = Counter(c.kind.value for c in hand_combos(full, rules))
    n_straight_sets = len(STRAIGHT_RANKING[rules.straight_order.value])
    expected = {
        "single": 52,
        "pair": 13 * 6,
        "four_of_a_kind": 13 * 48,
        "full_house": 13 * 4 * 12 * 6,
        "straight_flush": n_straight_sets * 4,
        "straight": n_straight_sets * (4**5 - 4),
    }
    if rules.allow_triples:
        expected["triple"] = 13 * 4
    if rules.allow_flush:
        expected["flush"] = 4 * (1287 - n_straight_sets)  # C(13,5) rank sets per suit
    if rules.allow_two_pair_kicker:
        expected["two_pair_kicker"] = 78 * 36 * 44  # C(13,2) rank pairs, 6*6 suits, 44 kickers
    if rules.four_card_play.value == "two_pair":
        expected["two_pair"] = 78 * 36
    if rules.four_card_play.value == "quad":
        expected["quad"] = 13
    assert dict(counts) == expected


# ---------------------------------------------------------------------------
# The beat relation
# ---------------------------------------------------------------------------


def combo_pool(rules: BigTwoRules, rng: random.Random) -> list[Combo]:
    """A varied sample of combinations of every kind the rules allow."""
    by_kind: dict[str, list[Combo]] = {}
    for _ in range(6):
        for c in hand_combos(random_hand(rng, 13), rules):
            by_kind.setdefault(c.kind.value, []).append(c)
    for _ in range(30):
        for c in hand_combos(random_hand(rng, 8), rules):
            by_kind.setdefault(c.kind.value, []).append(c)
    pool: list[Combo] = []
    for kind, items in sorted(by_kind.items()):
        pool += rng.sample(items, min(len(items), 40))
    return pool


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_beats_matches_reference_on_all_pairs_of_a_sample(variant: str) -> None:
    rules = COMBO_VARIANTS[variant]
    rng = random.Random(f"beats/{variant}")
    pool = combo_pool(rules, rng)
    refs = [ref_classify(c.mask, rules) for c in pool]
    assert all(r is not None and r.kind == c.kind.value for r, c in zip(refs, pool))
    kinds = {c.kind.value for c in pool}
    assert {"single", "pair", "straight", "full_house"} <= kinds
    bad = []
    for a, ra in zip(pool, refs):
        for b, rb in zip(pool, refs):
            assert ra is not None and rb is not None
            if beats(a, b, rules) != ref_beats(ra, rb, rules):
                bad.append(
                    (
                        a.kind.value,
                        " ".join(card_name(c) for c in cards_of(a.mask)),
                        b.kind.value,
                        " ".join(card_name(c) for c in cards_of(b.mask)),
                        ref_beats(ra, rb, rules),
                    )
                )
    assert not bad, f"{len(bad)} disagreements, e.g. {bad[:5]}"


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_beats_is_irreflexive_and_antisymmetric(variant: str) -> None:
    rules = COMBO_VARIANTS[variant]
    rng = random.Random(f"anti/{variant}")
    pool = combo_pool(rules, rng)
    for a in pool:
        assert not beats(a, a, rules)
        for b in rng.sample(pool, 40):
            assert not (beats(a, b, rules) and beats(b, a, rules))


# ---------------------------------------------------------------------------
# The deal's own legal-action list (it filters plays itself)
# ---------------------------------------------------------------------------


def rich_hands(rng: random.Random) -> list[int]:
    """Four 13-card hands of three whole ranks each plus one card of the last
    rank: quads, triples and full houses abound (monster answers are common)."""
    ranks = list(range(13))
    rng.shuffle(ranks)
    suits = list(range(4))
    rng.shuffle(suits)
    hands = []
    for seat in range(4):
        h = 1 << (ranks[12] * 4 + suits[seat])
        for r in ranks[3 * seat : 3 * seat + 3]:
            h |= 15 << (4 * r)
        hands.append(h)
    return hands


DEAL_VARIANTS = [
    "preset=standard",
    "preset=hongkong",
    "preset=taiwan",
    "preset=mainland",
    "same_type_or_monster+monster_over_small",
    "taiwan+triples+two_pair_kicker+quad",
    "four_card_play=two_pair",
]


@pytest.mark.parametrize("variant", DEAL_VARIANTS)
def test_deal_legal_actions_match_reference(variant: str) -> None:
    rules = COMBO_VARIANTS[variant]
    rng = random.Random(f"deal/{variant}")
    steps = 0
    for seed in range(40):
        if seed % 2:
            deal = new_deal(rules, seed, dealer=seed % rules.players)
        else:
            deal = BigTwoDeal.from_hands(rules, rich_hands(rng), dealer=seed % 4)
        while not deal.is_terminal():
            seat = deal.current_player
            assert seat is not None
            actions = deal.legal_actions()
            if deal.phase.value == "play":
                hand = deal.hands[seat]
                plays = [a for a in actions if isinstance(a, Combo)]
                masks = [c.mask for c in plays]
                assert len(masks) == len(set(masks))
                all_combos = hand_combos(hand, rules)
                if deal.top is None:
                    assert PASS not in actions
                    mc = deal.must_contain
                    want = sorted(c.mask for c in all_combos if c.mask & mc == mc)
                else:
                    assert actions[-1] == PASS and actions.count(PASS) == 1
                    top_ref = ref_classify(deal.top.mask, rules)
                    assert top_ref is not None
                    want = sorted(
                        c.mask
                        for c in all_combos
                        if ref_beats(ref_classify(c.mask, rules), top_ref, rules)  # type: ignore[arg-type]
                    )
                assert sorted(masks) == want
                steps += 1
            deal.apply_action(rng.choice(actions))
    assert steps > 200
