"""大怪路子 combinations: the reading of wild plays against every assignment of the
jokers, joker-only plays, the wild count, the beat relation and the reasons
``explain`` gives."""

from __future__ import annotations

from daguailuzi_bruteforce import reference_read
from hypothesis import given, strategies as st

from chupai.daguailuzi.cards import BJ, RJ, UNIT, parse_cards, rule_strengths
from chupai.daguailuzi.combos import CAT_SHIFT, Combo, Kind, beats, classify, combo_text, explain
from chupai.daguailuzi.rules import DaguailuziRules, FlushCompare, Rank, TwoRank, WildRank, resolve

rules_st = st.builds(
    DaguailuziRules,
    two_rank=st.sampled_from(TwoRank),
    trumps=st.booleans(),
    level=st.sampled_from(Rank),
    wild_rank=st.sampled_from(WildRank),
    natural_beats_wild=st.booleans(),
    flush_compare=st.sampled_from(FlushCompare),
)
natural = st.tuples(st.integers(0, 12), st.integers(0, 3))
"""A natural card as (natural rank index, suit)."""


def _pack(naturals: list[tuple[int, int]], bj: int = 0, rj: int = 0) -> int:
    return sum(UNIT[4 * r + su] for r, su in naturals) + bj * UNIT[BJ] + rj * UNIT[RJ]


@st.composite
def five_cards(draw: st.DrawFn) -> tuple[list[tuple[int, int]], int, int]:
    """Five cards with 0..4 jokers; the naturals are often of few ranks or one suit,
    so that every type comes up."""
    jokers = draw(st.integers(0, 4))
    n = 5 - jokers
    ranks = draw(st.lists(st.integers(0, 12), min_size=1, max_size=3))
    suit_pool = draw(st.sampled_from([[0], [1, 2], [0, 1, 2, 3]]))
    if draw(st.booleans()):
        nat = draw(st.lists(natural, min_size=n, max_size=n))
    else:
        nat = draw(
            st.lists(
                st.tuples(st.sampled_from(ranks), st.sampled_from(suit_pool)),
                min_size=n,
                max_size=n,
            )
        )
    bj = draw(st.integers(0, jokers))
    return nat, bj, jokers - bj


@given(five_cards(), rules_st)
def test_five_card_reading_is_the_best_assignment(
    five: tuple[list[tuple[int, int]], int, int], rules: DaguailuziRules
) -> None:
    """§4.2 (d): the fixed procedure gives the highest type any assignment of the
    jokers reaches, and its greatest (least) value (§5 values)."""
    nat, bj, rj = five
    if any(nat.count(c) > 3 for c in nat):
        return
    level = rules.oracle_level()
    combo = classify(_pack(nat, bj, rj), rules, level)
    expected = reference_read(
        nat,
        bj + rj,
        rule_strengths(rules, level),
        rules.wild_rank is WildRank.HIGHEST,
        rules.flush_compare is FlushCompare.CARD_BY_CARD,
    )
    if expected is None:
        assert combo is None
        return
    assert combo is not None
    assert (combo.key >> CAT_SHIFT, combo.key & ((1 << CAT_SHIFT) - 1)) == expected
    assert combo.size == 5 and combo.wild == bj + rj


@given(st.lists(natural, min_size=1, max_size=3), st.integers(0, 2), rules_st)
def test_small_plays(nat: list[tuple[int, int]], jokers: int, rules: DaguailuziRules) -> None:
    """2 and 3 cards: legal iff the naturals share a rank; a pair/triple of it."""
    size = len(nat) + jokers
    combo = classify(_pack(nat, jokers), rules, rules.oracle_level())
    if size in (4, 5):
        return
    one_rank = len({r for r, _ in nat}) == 1
    assert (combo is not None) is one_rank
    if combo is not None:
        s = rule_strengths(rules, rules.oracle_level())
        assert combo.kind == (Kind.SINGLE, Kind.PAIR, Kind.TRIPLE)[size - 1]
        assert combo.key == s[nat[0][0]] and combo.wild == jokers


def test_joker_only_plays() -> None:
    """§4.2 (c) and (e): rank RJ only when every card is RJ; w counts the RJ
    standing for BJ; the wild_rank option does not apply."""
    for rules in (resolve("seed"), resolve("shanghai", {"wild_rank": "lowest"})):
        cases = {
            "BJ BJ": (Kind.PAIR, 13, 0),
            "BJ RJ": (Kind.PAIR, 13, 1),
            "RJ RJ": (Kind.PAIR, 14, 0),
            "BJ BJ RJ": (Kind.TRIPLE, 13, 1),
            "BJ RJ RJ": (Kind.TRIPLE, 13, 2),
            "RJ RJ RJ": (Kind.TRIPLE, 14, 0),
            "BJ BJ BJ RJ RJ": (Kind.FIVE_OF_A_KIND, 13, 2),
            "BJ BJ RJ RJ RJ": (Kind.FIVE_OF_A_KIND, 13, 3),
        }
        for text, (kind, value, wild) in cases.items():
            combo = classify(parse_cards(text), rules, rules.oracle_level())
            assert combo is not None
            assert (combo.kind, combo.key & 0xFF, combo.wild) == (kind, value, wild)
        assert classify(parse_cards("BJ BJ RJ RJ"), rules, 0) is None


def _c(text: str, rules: DaguailuziRules) -> Combo:
    combo = classify(parse_cards(text), rules, rules.oracle_level())
    assert combo is not None
    return combo


def test_categories_beat_every_lower_category() -> None:
    rules = resolve("seed")
    ladder = [
        "TS JS QS KH AS",  # the best straight
        "2S 3S 4S 5S 7S",  # the worst flush
        "2S 2H 2C 3S 3H",  # the worst full house
        "2S 2H 2C 2D 3S",  # the worst four
        "AS 2S 3S 4S 5S",  # the worst straight flush
        "2S 2H 2C 2D 2S",  # the worst five of a kind
    ]
    combos = [_c(text, rules) for text in ladder]
    for i, low in enumerate(combos):
        for high in combos[i + 1 :]:
            assert beats(high, low, rules) and not beats(low, high, rules)


def test_sizes_never_beat_across() -> None:
    rules = resolve("seed")
    assert not beats(_c("BJ BJ BJ RJ RJ", rules), _c("3S", rules), rules)
    assert not beats(_c("RJ", rules), _c("3S 3H", rules), rules)


def test_natural_beats_wild_only_breaks_ties() -> None:
    plain = resolve("seed")
    strict = resolve("seed", {"natural_beats_wild": "true"})
    nat, wild = _c("9S 9H 9C 9D 9S", strict), _c("9S 9H 9C 9D BJ", strict)
    assert not beats(nat, wild, plain) and not beats(wild, nat, plain)
    assert beats(nat, wild, strict) and not beats(wild, nat, strict)
    # a higher value still beats whatever its wild count
    assert beats(_c("TS BJ", strict), _c("9S 9H", strict), strict)
    assert not beats(_c("9S BJ", strict), _c("9H BJ", strict), strict)  # equal w


def test_the_level_rank_keeps_its_place_in_runs() -> None:
    rules = resolve("shanghai", {"level": "5"})
    run = _c("3S 4H 5D 6C 7S", rules)
    assert run.kind is Kind.STRAIGHT and run.key & 0xFF == 7


def test_explain_gives_a_reason() -> None:
    rules = resolve("seed")

    def why(text: str) -> str:
        return explain(parse_cards(text), rules, None)

    assert why("9S 9H 9C 9D") == "no four-card play: a play has 1, 2, 3 or 5 cards"
    assert why("3S 3H 4S 4H 5D").startswith("two pairs are no play")
    assert why("KS AH 2D 3C 4S").startswith("not a run")
    assert "no three-card run" in why("7S 8S BJ")
    assert "pair needs 2 cards of one rank" in why("7S 8S")
    assert "6 cards" in why("9S 9H 9C 9D 9S 9H")
    assert why("").startswith("no cards")
    assert "no five-card type" in why("3S 3H 4S 5D 9C")
    assert why("7S BJ") == "a legal play"


def test_combo_text_is_display_order() -> None:
    rules = resolve("shanghai")
    assert combo_text(_c("BJ 2S 3D 4H 5S", rules), rules, 0) == "3D 4H 5S 2S BJ"
