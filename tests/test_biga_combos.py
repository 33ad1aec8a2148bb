"""Big A combinations and the beat relation: every example table of ``biga.md``
§5.1 and §6, and each rule option of §11 that concerns combinations.

All examples use ``big_ace_suit = H`` (``AH`` is a Big Ace) unless a row says
otherwise; options are given as ``key=value`` text as on the command line.
"""

from __future__ import annotations

import pytest

from chupai.biga.cards import UNIT, parse_cards
from chupai.biga.combos import (
    BIG_ACE_KEY,
    FOUR,
    Combo,
    Kind,
    beats,
    capture_size,
    classify,
    combo_text,
    explain,
    is_capture,
    tables,
)
from chupai.biga.movegen import captures
from chupai.biga.rules import BigARules, resolve

HEARTS = 2


def rules_of(opts: str = "") -> BigARules:
    """``"a=b;c=d"`` -> the standard preset with ``big_ace_suit=H`` and overrides."""
    overrides = {"big_ace_suit": "H"}
    for item in filter(None, opts.split(";")):
        key, _, value = item.partition("=")
        overrides[key] = value
    return resolve("standard", overrides)


def combo(text: str, rules: BigARules, big_suit: int | None = HEARTS) -> Combo:
    found = classify(parse_cards(text, big_suit), rules, big_suit)
    assert found is not None, (text, explain(parse_cards(text, big_suit), rules, big_suit))
    return found


def kind_of(text: str, rules: BigARules, big_suit: int | None = HEARTS) -> str | None:
    found = classify(parse_cards(text, big_suit), rules, big_suit)
    return None if found is None else found.kind.value


# ----- §5.1 singles and pairs -----------------------------------------------------------
SINGLES_PAIRS = [
    ("AH", "RJ", True),
    ("RJ", "BJ", True),
    ("BJ", "3", True),
    ("AS", "BJ", False),
    ("AS", "AH", False),
    ("AH", "AH", False),
    ("3", "2", True),
    ("2", "AS", True),
    ("AS", "K", True),
    ("4", "5", False),
    ("5", "4", True),
    ("K K", "Q Q", True),
    ("3 3", "2 2", True),
    ("4 4", "5 5", False),
    ("AS AD", "K K", True),
    ("K K", "Q", False),
]

# ----- §5.1 sequences (ace_both_ends) ---------------------------------------------------
SEQUENCES = [
    ("AS KD QC", "KH QD JC", True),
    ("AS 2 3", "4 5 6", False),
    ("4 5 6", "AS 2 3", True),
    ("3 4 5 6", "2 3 4 5", True),
    ("4 5 6 7", "3 4 5", False),
    ("Q Q K K AS AD", "J J Q Q K K", True),
    ("AS AD 2 2 3 3", "4 4 5 5 6 6", False),
    ("3 3 4 4 5 5 6 6", "9 9 T T J J", False),
    ("A 2 3", "Q K AS", False),
]

# ----- §5.1 eggs and big eggs -----------------------------------------------------------
EGGS = [
    ("7 7 7", "5 5 5", True),
    ("3 3 3", "2 2 2", True),
    ("4 4 4", "5 5 5", False),
    ("7 7 7", "K", True),
    ("7 7 7", "RJ", False),
    ("7 7 7", "BJ", False),
    ("7 7 7", "AH", False),
    ("7 7 7", "Q Q", True),
    ("7 7 7", "9 T J Q K", True),
    ("7 7 7", "J J T T 9 9", False),
    ("5 5 5 5", "K K K", True),
    ("6 6 6 6", "5 5 5 5", True),
    ("5 5 5 5 5", "3 3 3 3", True),
    ("3 3 3 3", "5 5 5 5 5", False),
    ("5 5 5 5", "RJ", True),
    ("5 5 5 5", "AH", False),
    ("5 5 5 5 5", "AH", True),
    ("5 5 5 5", "J J T T 9 9", True),
    ("8 8 8 8 8 8", "BJ BJ", False),
]

# ----- §5.1 higher bombs ----------------------------------------------------------------
HIGHER_BOMBS = [
    ("BJ BJ", "K K", True),
    ("RJ RJ", "BJ BJ", True),
    ("BJ RJ", "AH", True),
    ("BJ BJ", "3 3 3 3 3 3", True),
    ("K K K Q Q Q J J J", "RJ RJ", True),
    ("K K K Q Q Q J J J", "T T T J J J Q Q Q", True),
    ("AS AS AD 2 2 2 3 3 3", "4 4 4 5 5 5 6 6 6", False),
    ("9 9 9 9 8 8 8 8", "K K K Q Q Q J J J", True),
    ("4 4 4 4 3 3 3 3", "3 3 3 3 2 2 2 2", True),
    ("K K K K AS AS AD AD", "Q Q Q Q K K K K", True),
    ("9 9 9 9 8 8 8 8", "T T T T T T T", False),
    ("5 5 5 5 5 5 5 5", "K K K K K K K", True),
    ("K K K K K K K", "Q Q Q Q Q Q Q", True),
    ("Q Q Q Q Q Q Q", "K K K K K K K", False),
    ("4 4 4 4 4 4 4", "AS AS AD AD 2 2 2 2", True),
    ("BJ BJ RJ", "5 5 5 5 5 5 5 5", True),
    ("3 3 3 3 3 3 3 3", "BJ BJ RJ", False),
    ("BJ BJ RJ RJ", "3 3 3 3 3 3 3 3", True),
    ("AH AH", "BJ BJ RJ RJ", True),
    ("AH AH", "3", True),
    ("BJ BJ RJ RJ", "AH AH", False),
]


@pytest.mark.parametrize(
    ("play", "over", "expected"),
    [
        pytest.param(*row, id=f"{row[0]} / {row[1]}")
        for row in SINGLES_PAIRS + SEQUENCES + EGGS + HIGHER_BOMBS
    ],
)
def test_beat_examples_of_section_5_1(play: str, over: str, expected: bool) -> None:
    rules = rules_of()
    new, top = combo(play, rules), combo(over, rules)
    assert beats(new, top, rules) is expected
    assert not is_capture(new, top, rules)


# ----- §5.1 classification --------------------------------------------------------------
CLASSIFICATION = [
    ("AH AS", None),
    ("AH AH", "two_big_aces"),
    ("BJ RJ", "two_jokers"),
    ("BJ 5 6", None),
    ("K AS 2", None),
    ("Q K AH", "sequence"),
    ("5 6 8", None),
    ("J J T T 9 9", "pair_sequence"),
    ("Q Q K K AH AS", "pair_sequence"),
    ("9 9 9 T T J J", None),
    ("AH AS AD", None),
    ("5 5 5 6 6 6", None),
    ("3 3 3 4 4 4 5 5 5 6 6 6", None),
    ("5 5 5 5 6 6 6 6 7 7 7 7", None),
    ("4 4 4 4 3 3 3 3", "fake_eight"),
    ("7 7 7 7 7 7 7 7", "true_seven"),
]


@pytest.mark.parametrize(
    ("cards", "expected"), CLASSIFICATION, ids=[row[0] for row in CLASSIFICATION]
)
def test_classification_examples_of_section_5_1(cards: str, expected: str | None) -> None:
    rules = rules_of()
    assert kind_of(cards, rules) == expected
    reason = explain(parse_cards(cards, HEARTS), rules, HEARTS)
    assert (reason == "") is (expected is not None)


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ("AH AS", "big_ace_in_sets"),
        ("BJ 5 6", "joker"),
        ("K AS 2", "wrap-around"),
        ("5 6 8", "consecutive"),
        ("9 9 9 T T J J", "same number of cards of each rank"),
        ("5 5 5 6 6 6", "neither an egg nor an egg_sequence"),
        ("3 3 3 4 4 4 5 5 5 6 6 6", "exactly three trios"),
        ("5 5 5 5 6 6 6 6 7 7 7 7", "exactly two quads"),
        ("5 6", "at least 3 cards"),
        ("5 5 6 6", "at least 3 consecutive pairs"),
        ("", "no cards"),
    ],
)
def test_explain_names_the_reason(cards: str, words: str) -> None:
    rules = rules_of()
    assert words in explain(parse_cards(cards, HEARTS), rules, HEARTS)


def test_every_kind_has_its_bomb_class() -> None:
    rules = rules_of()
    samples = {
        "5": (Kind.SINGLE, 0),
        "5 5": (Kind.PAIR, 0),
        "5 6 7": (Kind.SEQUENCE, 0),
        "5 5 6 6 7 7": (Kind.PAIR_SEQUENCE, 0),
        "5 5 5": (Kind.EGG, 1),
        "5 5 5 5 5 5": (Kind.BIG_EGG, 2),
        "BJ RJ": (Kind.TWO_JOKERS, 3),
        "5 5 5 6 6 6 7 7 7": (Kind.EGG_SEQUENCE, 4),
        "5 5 5 5 6 6 6 6": (Kind.FAKE_EIGHT, 5),
        "5 5 5 5 5 5 5": (Kind.TRUE_SEVEN, 6),
        "BJ RJ RJ": (Kind.THREE_JOKERS, 7),
        "BJ BJ RJ RJ": (Kind.FOUR_JOKERS, 8),
        "AH AH": (Kind.TWO_BIG_ACES, 9),
    }
    for text, (kind, bomb) in samples.items():
        c = combo(text, rules)
        assert (c.kind, c.bomb, c.size) == (kind, bomb, len(text.split())), text
    assert {k for k, _ in samples.values()} == set(Kind)


def test_two_joker_bombs_rank_by_red_jokers_and_equal_ones_do_not_beat() -> None:
    rules = rules_of()
    bb, br, rr = (combo(t, rules) for t in ("BJ BJ", "BJ RJ", "RJ RJ"))
    assert beats(rr, br, rules) and beats(br, bb, rules) and beats(rr, bb, rules)
    assert not beats(bb, br, rules) and not beats(br, br, rules)


def test_normal_combinations_never_beat_bombs_and_need_same_type_and_size() -> None:
    rules = rules_of()
    egg = combo("4 4 4", rules)
    for text in ("AH", "3 3", "Q K AS", "J J Q Q K K"):
        assert not beats(combo(text, rules), egg, rules)
    assert not beats(combo("5 6 7 8", rules), combo("4 5 6", rules), rules)
    assert not beats(combo("6 6 7 7 8 8", rules), combo("4 5 6 7 8 9", rules), rules)


# ----- the 13-rank sequence (the only multiset with two position ranges) ----------------


def test_the_full_sequence_reads_ace_high() -> None:
    rules = rules_of()
    full = combo("A 2 3 4 5 6 7 8 9 T J Q K", rules)
    assert full.kind is Kind.SEQUENCE and full.key == 2
    assert combo_text(full, rules, HEARTS) == "2 3 4 5 6 7 8 9 T J Q K A"
    assert combo("2 3 4 5 6 7 8 9 T J Q K", rules).key == 2
    assert beats(full, combo("AH 2 3 4 5 6 7 8 9 T J Q K", rules), rules) is False


# ----- §6 the fours rule ----------------------------------------------------------------
CAPTURES = [
    ("7 7 7", "4 4", "pair"),
    ("9 9 9 9", "4 4 4", "egg"),
    ("K K K K K", "4 4 4 4", "big_egg"),
    ("8 8 8 8 8 8", "4 4 4 4 4", "big_egg"),
    ("4 4 4", "4 4", "pair"),
]


@pytest.mark.parametrize(("top", "fours", "kind"), CAPTURES, ids=[r[0] for r in CAPTURES])
def test_capture_examples_of_section_6(top: str, fours: str, kind: str) -> None:
    rules = rules_of()
    t, f = combo(top, rules), combo(fours, rules)
    assert is_capture(f, t, rules)
    assert not beats(f, t, rules)  # a capture is never an ordinary beat
    assert capture_size(t, rules) == f.size == t.size - 1
    assert f.kind.value == kind
    # a hand with enough fours (and more) can capture; one four short cannot
    hand = parse_cards(fours + " 4 5 6", HEARTS)
    assert captures(hand, rules, t) == [f]
    short = parse_cards(" ".join(fours.split()[1:]) + " 5 5", HEARTS)
    assert captures(short, rules, t) == []
    off = rules_of("fours_capture=false")
    assert not is_capture(combo(fours, off), combo(top, off), off)
    assert captures(hand, off, combo(top, off)) == []
    assert capture_size(combo(top, off), off) == 0


@pytest.mark.parametrize(
    ("top", "play"),
    [
        ("7 7 7", "4"),
        ("7 7 7", "4 4 4"),
        ("7 7 7 7 7 7 7", "4 4 4 4 4 4"),
        ("7 7", "4"),
        ("BJ BJ", "4"),
        ("5 5 5 6 6 6 7 7 7", "4 4 4 4 4 4"),
        ("BJ BJ RJ", "4 4"),
    ],
)
def test_illegal_fours_plays_of_section_6(top: str, play: str) -> None:
    rules = rules_of()
    t, p = combo(top, rules), combo(play, rules)
    assert not is_capture(p, t, rules)
    assert not beats(p, t, rules)
    found = captures(parse_cards("4 4 4 4 4 4 4 4", HEARTS), rules, t)
    if t.kind in (Kind.EGG, Kind.BIG_EGG):
        assert [c.size for c in found] == [t.size - 1] != [p.size]
    else:
        assert found == []


def test_after_a_capture_the_fours_are_an_ordinary_top_play() -> None:
    rules = rules_of()
    pair4 = combo("4 4", rules)
    assert beats(combo("5 5", rules), pair4, rules)
    assert beats(combo("3 3 3", rules), pair4, rules)
    egg4 = combo("4 4 4", rules)
    assert is_capture(pair4, egg4, rules)


def test_capture_tables_do_not_depend_on_the_big_ace_suit() -> None:
    rules = rules_of()
    for suit in (None, 0, 1, 2, 3):
        assert tables(rules, suit).sets[FOUR][2] == tables(rules, None).sets[FOUR][2]
        assert tables(rules, suit).sets[FOUR][2].cards == 2 * UNIT[FOUR]  # type: ignore[union-attr]


# ----- rule options ---------------------------------------------------------------------
OPTION_ROWS = [
    # rank_order = ace_high: 2 lowest ... A, jokers, Big Ace
    ("rank_order=ace_high", "2", "AS", False),
    ("rank_order=ace_high", "AS", "2", True),
    ("rank_order=ace_high", "AS", "3", True),
    ("rank_order=ace_high", "3", "2", True),
    ("rank_order=ace_high", "4", "3", True),
    ("rank_order=ace_high", "2 2", "K K", False),
    ("rank_order=ace_high", "A A A", "3 3 3", True),
    ("rank_order=ace_high", "3 3 3", "2 2 2", True),
    ("rank_order=ace_high", "K K K K", "2 2 2 2", True),
    ("rank_order=ace_high", "BJ", "AS", True),
    ("rank_order=ace_high", "AH", "RJ", True),
    ("rank_order=ace_high", "A 2 3", "4 5 6", False),
    # sequence_order = chain_four_to_three
    ("sequence_order=chain_four_to_three", "A 2 3", "Q K AS", True),
    ("sequence_order=chain_four_to_three", "K AS 2", "Q K AS", True),
    ("sequence_order=chain_four_to_three", "5 6 7", "4 5 6", True),
    ("sequence_order=chain_four_to_three", "A A 2 2 3 3", "K K A A 2 2", True),
    ("sequence_order=chain_four_to_three", "A A A 2 2 2 3 3 3", "Q Q Q K K K A A A", True),
    ("sequence_order=chain_four_to_three", "2 2 2 2 3 3 3 3", "A A A A 2 2 2 2", True),
    ("sequence_order=chain_four_to_three", "4 4 4 4 5 5 5 5", "A A A A 2 2 2 2", False),
    # big_ace_in_sets
    ("big_ace_in_sets=true", "AH AS", "K K", True),
    ("big_ace_in_sets=true", "AH AS", "AD AD", False),
    ("big_ace_in_sets=true", "AH AS AD", "K K K", True),
    ("big_ace_in_sets=true", "AH AH A", "3 3 3", False),
    ("big_ace_in_sets=true", "AH AH", "BJ BJ RJ RJ", True),
    # egg_over_joker_single
    ("egg_over_joker_single=true", "7 7 7", "RJ", True),
    ("egg_over_joker_single=true", "7 7 7", "BJ", True),
    ("egg_over_joker_single=true", "7 7 7", "AH", False),
    ("egg_over_joker_single=true", "7 7 7", "J J T T 9 9", False),
    # egg_over_pair_sequence
    ("egg_over_pair_sequence=true", "7 7 7", "J J T T 9 9", True),
    ("egg_over_pair_sequence=true", "7 7 7", "RJ", False),
    # big_ace_single_min_big_egg
    ("big_ace_single_min_big_egg=4", "5 5 5 5", "AH", True),
    ("big_ace_single_min_big_egg=6", "5 5 5 5 5", "AH", False),
    ("big_ace_single_min_big_egg=6", "5 5 5 5 5 5", "AH", True),
    ("big_ace_single_min_big_egg=6", "5 5 5 5", "RJ", True),
    ("big_ace_single_min_big_egg=6", "5 5 5 5", "AS", True),
]


@pytest.mark.parametrize(
    ("opts", "play", "over", "expected"),
    OPTION_ROWS,
    ids=[f"{r[0]}: {r[1]} / {r[2]}" for r in OPTION_ROWS],
)
def test_rule_options(opts: str, play: str, over: str, expected: bool) -> None:
    rules = rules_of(opts)
    assert beats(combo(play, rules), combo(over, rules), rules) is expected


@pytest.mark.parametrize(
    ("opts", "cards", "expected"),
    [
        ("sequence_order=chain_four_to_three", "K AS 2", "sequence"),
        ("sequence_order=chain_four_to_three", "2 3 4", None),
        ("sequence_order=chain_four_to_three", "A 2 3 4", None),
        ("sequence_order=chain_four_to_three", "3 3 3 3 4 4 4 4", None),
        ("sequence_order=chain_four_to_three", "4 5 6 7 8 9 T J Q K AH 2 3", "sequence"),
        ("sequence_order=chain_four_to_three", "5 6 7 8 9 T J Q K AH 2 3", "sequence"),
        ("", "5 6 7 8 9 T J Q K AH 2 3", None),
        ("", "4 5 6 7 8 9 T J Q K AH 2 3", "sequence"),
        ("", "2 3 4 5 6 7 8 9 T J Q K AH", "sequence"),
        ("big_ace_in_sets=true", "AH AS", "pair"),
        ("big_ace_in_sets=true", "AH AS AD", "egg"),
        ("big_ace_in_sets=true", "AH AH A", "egg"),
        ("big_ace_in_sets=true", "AH AH A A A A", "big_egg"),
        ("big_ace_in_sets=true", "AH AH A A A A A", "true_seven"),
        ("big_ace_in_sets=true", "AH AH", "two_big_aces"),
        ("big_ace_in_sets=true", "AH AH A A A A A A", "true_seven"),
        ("", "AH AH A A A A A A", None),
        ("", "A A A A A A", "big_egg"),
    ],
)
def test_classification_under_options(opts: str, cards: str, expected: str | None) -> None:
    assert kind_of(cards, rules_of(opts)) == expected


def test_rank_order_changes_single_keys_only_within_the_order() -> None:
    std, ace = rules_of(), rules_of("rank_order=ace_high")
    assert combo("AH", std).key == combo("AH", ace).key == BIG_ACE_KEY
    assert combo("4", std).key == 0 and combo("2", ace).key == 0
    assert combo("3", std).key > combo("2", std).key > combo("A", std).key


def test_big_ace_in_sets_capture_of_an_egg_holding_a_big_ace() -> None:
    rules = rules_of("big_ace_in_sets=true")
    egg = combo("AH A A", rules)
    assert egg.kind is Kind.EGG
    assert is_capture(combo("4 4", rules), egg, rules)
    # by default a Big Ace is never in an egg, so it can never be captured
    assert classify(parse_cards("AH A A", HEARTS), rules_of(), HEARTS) is None


def test_without_a_big_ace_suit_every_ace_is_ordinary() -> None:
    rules = resolve("standard", {})
    assert rules.big_suit is None
    assert kind_of("AH AH", rules, None) == "pair"
    assert kind_of("AH AS", rules, None) == "pair"
    assert kind_of("AH AH AS AS AD AD AC AC", rules, None) == "true_seven"
    ah = combo("AH", rules, None)
    assert ah.key == combo("A", rules, None).key != BIG_ACE_KEY
    assert ah.cards == parse_cards("A")
    assert beats(combo("7 7 7", rules, None), ah, rules)
    assert beats(combo("2", rules, None), ah, rules)


def test_big_ace_suit_changes_which_aces_are_big() -> None:
    rules = rules_of("big_ace_suit=S")
    spades = 3
    assert kind_of("AS AS", rules, spades) == "two_big_aces"
    assert kind_of("AH AH", rules, spades) == "pair"
    assert combo("AS", rules, spades).key == BIG_ACE_KEY
    assert combo("AH", rules, spades).key != BIG_ACE_KEY


def test_combo_text_orders_sequences_by_the_chain() -> None:
    rules = rules_of()
    chain = rules_of("sequence_order=chain_four_to_three")
    assert combo("3 AH 2", rules).text(HEARTS, rules) == "AH 2 3"
    assert combo("3 A 2", chain).text(HEARTS, chain) == "A 2 3"
    assert combo("AS A K K Q Q", rules).text(HEARTS, rules) == "Q Q K K A A"
    assert combo("AH A K K Q Q", rules).text(HEARTS, rules) == "Q Q K K A AH"
    assert combo("3 3 RJ".split()[2], rules).text(HEARTS, rules) == "RJ"
    assert combo("2 2 2 2", rules).text(HEARTS, rules) == "2 2 2 2"
