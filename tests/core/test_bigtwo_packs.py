"""Big Two with two packs (``packs=2``, docs/bigtwo.md "Table sizes and two packs"):
the unary card sets of :mod:`chupai.bigtwo.packs` against ``Counter`` arithmetic,
classification and comparison with identical cards (every worked example of the
docs), move generation against brute force over every distinct sub-multiset, and
whole deals that keep the 104 cards, score zero-sum and replay from their records."""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings, strategies as st

from chupai.bigtwo import packs
from chupai.bigtwo.combos import beats, classify_or_none, explain
from chupai.bigtwo.game import PASS, new_deal
from chupai.bigtwo.match import Match
from chupai.bigtwo.movegen import hand_combos, legal_plays
from chupai.bigtwo.record import replay, to_record
from chupai.bigtwo.rules import BigTwoRules, resolve
from chupai.cards import card_name
from chupai.errors import CardParseError


def rules(preset: str = "standard", **over: object) -> BigTwoRules:
    base = {"players": "6", "packs": "2"}
    return resolve(preset, base | {k: str(v).lower() for k, v in over.items()})


TWO = rules()


def kind(text: str, r: BigTwoRules = TWO) -> str | None:
    c = classify_or_none(packs.parse(text, 2), r)
    return c.kind.value if c else None


def combo(text: str, r: BigTwoRules = TWO):  # type: ignore[no-untyped-def]
    c = classify_or_none(packs.parse(text, 2), r)
    assert c is not None, (text, explain(packs.parse(text, 2), r))
    return c


# ----- the card sets ---------------------------------------------------------------------

multiset = st.lists(st.integers(0, 51), max_size=30).map(
    lambda xs: Counter({c: min(n, 2) for c, n in Counter(xs).items()})
)


def mask_of(cards: Counter[int]) -> int:
    return packs.parse([card_name(c) for c in cards.elements()], 2)


def counter_of(mask: int) -> Counter[int]:
    return Counter(packs.ids(mask))


@settings(max_examples=200, deadline=None)
@given(a=multiset, b=multiset)
def test_take_and_add_are_multiset_arithmetic(a: Counter[int], b: Counter[int]) -> None:
    ma, mb = mask_of(a), mask_of(b)
    assert counter_of(ma) == a and ma.bit_count() == sum(a.values())
    both = a & b
    assert counter_of(packs.take(ma, mask_of(both))) == a - both
    total = a + b
    if all(n <= 2 for n in total.values()):
        assert counter_of(packs.add(ma, mb)) == total
        assert packs.add(ma, mb) == packs.add(mb, ma)
    assert packs.norm(ma) == ma
    assert (mask_of(both) & ~ma) == 0  # containment is plain bit containment


def test_parse_and_names() -> None:
    assert packs.names(packs.parse("5S 3D 3D", 2)) == "3D 3D 5S"
    with pytest.raises(CardParseError, match="appears 3 times but the decks hold 2"):
        packs.parse("3D 3D 3D", 2)
    with pytest.raises(CardParseError, match="joker"):
        packs.parse("RJ", 2)
    assert packs.parse("3D 4C", 1) == packs.parse("3D 4C", 2)


# ----- combinations: the worked examples of the docs ---------------------------------------


def test_identical_cards_form_pairs_triples_and_groups() -> None:
    assert kind("3D 3D") == "pair"
    assert kind("9H 9H 9S") == "triple"
    assert kind("5C 5C 5D KS KS") == "full_house"
    assert kind("8D 8D 8S 8S 2C") == "four_of_a_kind"
    assert kind("3D 3D 3S 3S 3H") is None  # five of one rank: no combination
    assert kind("3D 4D 5D 6D 7D") == "straight_flush"
    assert kind("3D 3D 5D 9D JD") == "flush"  # five of one suit with a pair inside
    assert kind("3D 3D 5D 9D JD", rules(allow_flush=False)) is None
    assert kind("3D 3D 5D 5D JD", rules(allow_flush=False, allow_two_pair_kicker=True)) == (
        "two_pair_kicker"
    )


def test_ties_compare_card_by_card_and_identical_plays() -> None:
    # the same one-pack key (top card 3S), the next card decides: 3H > 3D
    assert beats(combo("3S 3H"), combo("3S 3D"), TWO)
    assert not beats(combo("3S 3D"), combo("3S 3H"), TWO)
    # two full houses of the same triple: the triple's cards, then the pair's
    assert beats(combo("8S 8S 8H 4D 4D"), combo("8S 8H 8H 4D 4D"), TWO)
    assert beats(combo("8S 8H 8H 5D 5D"), combo("8S 8H 8H 4S 4S"), TWO)
    # identical plays: the later does not beat, unless identical_beats
    for text in ("3D 3D", "KS", "8S 8S 8H 4D 4D", "3D 4D 5D 6D 7D"):
        assert not beats(combo(text), combo(text), TWO)
        ib = rules(identical_beats=True)
        assert beats(combo(text, ib), combo(text, ib), ib)
    # one pack: an equal play never beats, identical_beats or not
    one = resolve("standard", {"identical_beats": "true"})
    c = classify_or_none(packs.parse("2S", 1), one)
    assert c is not None and not beats(c, c, one)


def test_one_pack_keys_are_unchanged_by_the_two_pack_reading() -> None:
    """Plays without identical cards keep their one-pack order with two packs."""
    one = resolve("standard", {})
    rng = random.Random(3)
    pool = list(range(52))
    samples = []
    for _ in range(300):
        size = rng.choice((1, 2, 3, 5))
        m = sum(1 << c for c in rng.sample(pool, size))
        a, b = classify_or_none(m, one), classify_or_none(m, TWO)
        assert (a is None) == (b is None)
        if a is not None and b is not None:
            assert a.kind == b.kind
            samples.append((a, b))
    for (a1, b1), (a2, b2) in combinations(samples[:80], 2):
        if beats(a1, a2, one):
            assert beats(b1, b2, TWO)


# ----- move generation against brute force ------------------------------------------------


def sub_multisets(hand: int, size: int) -> set[int]:
    ids = packs.ids(hand)
    return {mask_of(Counter(pick)) for pick in combinations(ids, size)}


def random_hand(rng: random.Random, size: int) -> int:
    deck = [c % 52 for c in range(104)]
    rng.shuffle(deck)
    hand = 0
    for c in deck[:size]:
        hand = packs.add(hand, 1 << c)
    return hand


VARIANTS = {
    "standard": rules(),
    "taiwan": rules("taiwan"),
    "quad+kicker": rules(four_card_play="quad", allow_two_pair_kicker=True),
    "two_pair+no_flush": rules(four_card_play="two_pair", allow_flush=False),
    "monsters": rules(five_card_rule="same_type_or_monster", monster_over_small=True),
}


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_hand_combos_match_brute_force(variant: str) -> None:
    r = VARIANTS[variant]
    rng = random.Random(variant)
    for size in (6, 9, 13, 17):
        hand = random_hand(rng, size)
        want = {}
        for k in (1, 2, 3, 4, 5):
            for m in sub_multisets(hand, k):
                c = classify_or_none(m, r)
                if c is not None:
                    want[m] = c
        got = hand_combos(hand, r)
        assert len({c.mask for c in got}) == len(got), "a play listed twice"
        assert {c.mask: c for c in got} == want
        plays = list(want.values())
        for top in rng.sample(plays, min(6, len(plays))):
            follow = legal_plays(hand, r, top)
            assert sorted(c.mask for c in follow) == sorted(
                m for m, c in want.items() if beats(c, top, r)
            )


def test_a_twenty_card_lead_is_listed() -> None:
    hand = random_hand(random.Random(20), 20)
    plays = legal_plays(hand, TWO)
    assert plays and all(packs.take(hand, c.mask).bit_count() == 20 - c.size for c in plays)


# ----- deals ---------------------------------------------------------------------------


def cards_everywhere(deal) -> int:  # type: ignore[no-untyped-def]
    total = 0
    for m in [*deal.hands, *deal.played, deal.set_aside, deal.exposed, deal.leftover]:
        total = packs.add(total, m)
    return total


@pytest.mark.parametrize("n", [5, 6, 7, 8])
def test_random_deals_keep_the_104_cards_and_replay(n: int) -> None:
    for preset in ("standard", "taiwan"):
        r = resolve(preset, {"players": str(n), "packs": "2", "ding_da": "penalty"})
        for seed in range(12):
            deal = new_deal(r, seed)
            assert (
                sum(h.bit_count() for h in deal.dealt_hands) + deal.leftover.bit_count() >= 104 - n
            )
            rng = random.Random(seed)
            while not deal.is_terminal():
                assert cards_everywhere(deal) == packs.FULL[2]
                assert all(packs.norm(h) == h for h in deal.hands)
                deal.apply_action(rng.choice(deal.legal_actions()))
            if r.settlement.value != "negated_penalty":
                assert sum(deal.outcome.scores) == 0
            again = replay(json.loads(json.dumps(to_record(deal))))
            assert again.outcome == deal.outcome


def test_the_starting_copy() -> None:
    """With both copies of 3D in different hands, turn_order takes the first holder
    from the seat after the dealer, first_dealt the seat dealt a copy first."""
    differ = 0
    for seed in range(60):
        a = new_deal(rules(starting_copy="turn_order"), seed)
        b = new_deal(rules(starting_copy="first_dealt"), seed)
        assert a.dealt_hands == b.dealt_hands and a.starting_card == b.starting_card
        holders = [s for s in range(6) if a.dealt_hands[s] >> a.starting_card & 1]
        order = [(a.dealer + 1 + i) % 6 for i in range(6)]
        assert a.starting_player == min(holders, key=order.index)
        assert b.starting_player in holders
        differ += a.starting_player != b.starting_player
        lead = a.legal_actions()
        assert lead and all(c.mask >> a.starting_card & 1 for c in lead)
    assert differ > 0


def test_identical_plays_in_a_deal() -> None:
    """Following a single with the same card is legal only under identical_beats."""
    for ib in (False, True):
        r = rules(identical_beats=ib)
        found = False
        for seed in range(40):
            deal = new_deal(r, seed)
            rng = random.Random(seed)
            while not deal.is_terminal() and not found:
                top = deal.top
                seat = deal.current_player
                if top is not None and top.size == 1 and deal.hands[seat] & top.mask:
                    same = [a for a in deal.legal_actions() if a is not PASS and a.mask == top.mask]
                    assert bool(same) == ib
                    found = True
                deal.apply_action(rng.choice(deal.legal_actions()))
            if found:
                break
        assert found


def test_a_two_pack_match_plays_and_replays() -> None:
    r = rules(players=8, leftover_rule="round_robin")
    m = Match(r, 5, deals=3)
    rng = random.Random(5)
    m.play_out(lambda d: rng.choice(d.legal_actions()))
    again = Match.from_record(json.loads(json.dumps(m.to_record())))
    assert again.totals == m.totals and len(m.table()) == 3
