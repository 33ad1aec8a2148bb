"""Every worked example of ``doudizhu.md`` that the pure interfaces can check.

Test names carry the rule's section (``test_s8_3_classification[...]`` for §8.3).
Each row names the rules it is checked under as a *rules spec*: a preset name,
optionally followed by ``:key=value,key=value`` overrides (the same text as
``--set``; a comma-separated part without ``=`` continues the previous value, as in
``classic:rob_multipliers=2,3,4``), chosen so that exactly the options the example
names are in force.

Covered here through ``chupai.doudizhu.api.judge`` / ``moves``, ``rules.resolve``
and ``scoring.unit`` / ``settle``: the card notation (README §1 as Dou Dizhu uses
it, doudizhu.md §1), the type of an ambiguous play (§7), every classification and
comparison row of §8.3 and §9.3, the wing and kicker rules of §8.1/§9.1 beyond the
tables, every worked example of §10.3, and the option table of §11. The bidding and
robbing examples of §4.3/§5 need a deal engine and are not covered here.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pytest

from chupai.doudizhu import api, scoring
from chupai.doudizhu.rules import PRESETS, resolve
from chupai.errors import CardParseError, ChupaiError, RulesError


# ----- helpers ----------------------------------------------------------------------
def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"classic:rob_multipliers=2,3,4,ming_pai=always"`` -> preset and overrides."""
    preset, _, rest = spec.partition(":")
    overrides: dict[str, str] = {}
    key = ""
    for item in filter(None, rest.split(",")):
        if "=" in item:
            key, value = item.split("=", 1)
            overrides[key] = value
        else:
            overrides[key] += "," + item
    return preset, overrides


@lru_cache(maxsize=None)
def rules_of(spec: str) -> Any:
    preset, overrides = parse_spec(spec)
    return resolve(preset, overrides)


def judge(play: str, spec: str = "classic", over: str | None = None) -> dict[str, Any]:
    return api.judge(rules_of(spec), play, over)


def kind_of(play: str, spec: str = "classic") -> str | None:
    """The judge's type of a lead, ``None`` for an invalid combination (checking
    the shape of both answers)."""
    out = judge(play, spec)
    if out["valid"]:
        assert set(out) == {"valid", "type"}, out
        assert out["valid"] is True and isinstance(out["type"], str)
        return str(out["type"])
    assert set(out) == {"valid", "reason"}, out
    assert out["valid"] is False
    assert isinstance(out["reason"], str) and out["reason"].strip()
    return None


def expand(rows: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """Rows whose first column lists several card sets (``"3 | RJ"``) -> one row each."""
    out = []
    for row in rows:
        for cards in row[0].split("|"):
            out.append((cards.strip(), *row[1:]))
    return out


def row_id(*parts: object) -> str:
    return " | ".join(str(p) for p in parts)


def move_set(hand: str, spec: str = "classic", over: str | None = None) -> set[tuple[str, str]]:
    out = api.moves(rules_of(spec), hand, over)
    assert set(out) == {"moves"}
    pairs = [(m["cards"], m["type"]) for m in out["moves"]]
    assert len(pairs) == len(set(pairs)), "a move is listed twice"
    return set(pairs)


# ----- README §1 / doudizhu.md §1: card notation ------------------------------------
S1_SPELLINGS = [
    # (spellings that must all read the same, preset, expected type)
    (
        [
            "T J Q K A",
            "10 J Q K A",
            "t j q k a",
            "10S JH QC KD AS",
            "10s jh qc kd as",
            "10♠ J♥ Q♣ K♦ A♠",
            "T♤ J♡ Q♧ K♢ A",
            "A K Q J 10",
            "  T   J Q K A  ",
        ],
        "classic",
        "straight",
    ),
    (["BJ RJ", "bj rj", "Rj bJ"], "classic", "rocket"),
    (["5 5", "5S 5H", "5s 5", "5♦ 5C"], "classic", "pair"),
    (["7 7 7 BJ", "7S 7H 7D bj", "7 7C 7 BJ"], "classic", "trio_single"),
    (["3S 3S", "3S 3", "3 3", "3s 3S"], "four_player", "pair"),
    (["BJ BJ", "bj BJ"], "four_player", "pair"),
    (["BJ BJ RJ RJ", "rj bj RJ BJ"], "four_player", "heaven_lord"),
    (
        ["3S 3S 3 3 3 3 3 3", "3 3 3 3 3 3 3 3", "3S 3S 3H 3H 3C 3C 3D 3D"],
        "four_player",
        "heaven_bomb",
    ),
]


@pytest.mark.parametrize(
    "spellings, spec, kind", S1_SPELLINGS, ids=[row_id(r[0][0], r[1]) for r in S1_SPELLINGS]
)
def test_s1_notation_spellings_read_alike(spellings: list[str], spec: str, kind: str) -> None:
    for text in spellings:
        assert kind_of(text, spec) == kind, text


S1_MALFORMED = [
    # (text, preset, fragment the error must name)
    ("1S", "classic", "1S"),
    ("3D 1S 4C", "classic", "1S"),
    ("11", "classic", "11"),
    ("X", "classic", "X"),
    ("♠A", "classic", "♠A"),
    ("JJ", "classic", "JJ"),
    ("3SS", "classic", "3SS"),
    ("B", "classic", "B"),
    ("3S 3S", "classic", "3S"),
    ("3s 3S", "classic", "3S"),
    ("BJ BJ", "classic", "BJ"),
    ("RJ rj", "classic", "RJ"),
    ("3 3 3 3 3", "classic", "3"),
    ("2 2 2 2 2", "classic", "2"),
    ("10 10 T T 10", "classic", "T|10"),
    ("3S 3S 3S", "four_player", "3S"),
    ("BJ BJ BJ", "four_player", "BJ"),
    ("RJ RJ RJ", "four_player", "RJ"),
    ("3 3 3 3 3 3 3 3 3", "four_player", "3"),
    ("AH AH A A A A A A A", "four_player", "A"),
]


@pytest.mark.parametrize(
    "text, spec, fragment", S1_MALFORMED, ids=[row_id(*r[:2]) for r in S1_MALFORMED]
)
def test_s1_malformed_cards_raise_naming_the_token(text: str, spec: str, fragment: str) -> None:
    r = rules_of(spec)
    for play, over, moves in ((text, None, False), ("3", text, False), (text, None, True)):
        with pytest.raises(CardParseError) as exc:
            if moves:
                api.moves(r, play, over)
            else:
                api.judge(r, play, over)
        assert any(f in str(exc.value) for f in fragment.split("|")), str(exc.value)


def test_s1_bare_rank_counts_against_the_rank_total() -> None:
    # a suited card plus bare cards of its rank: fine up to four (classic) ...
    assert kind_of("3S 3 3 3") == "bomb"
    with pytest.raises(CardParseError):
        judge("3S 3 3 3 3")
    # ... and up to eight in four_player, with at most two of one suited face
    assert kind_of("3S 3S 3H 3 3 3 3", "four_player") == "missile"
    with pytest.raises(CardParseError):
        judge("3S 3S 3H 3 3 3 3 3 3", "four_player")


def test_s1_previous_play_that_is_no_combination_is_an_error() -> None:
    with pytest.raises(ChupaiError):
        judge("4", "classic", "3 5 7")
    with pytest.raises(ChupaiError):
        api.moves(rules_of("classic"), "3 4 5", "5 6")
    with pytest.raises(ChupaiError):
        judge("4", "four_player", "BJ RJ")


def test_s1_moves_print_bare_ranks_ascending() -> None:
    out = api.moves(rules_of("classic"), "4H 3S 10d rj 4", None)
    got = {(m["cards"], m["type"]) for m in out["moves"]}
    assert got == {
        ("3", "single"),
        ("4", "single"),
        ("T", "single"),
        ("RJ", "single"),
        ("4 4", "pair"),
    }
    assert len(out["moves"]) == 5


def test_s1_two_cards_of_one_rank_never_beat_each_other() -> None:
    assert judge("3S", "classic", "3H")["beats"] is False
    assert judge("3H", "classic", "3S")["beats"] is False
    assert judge("2D", "classic", "2S")["beats"] is False
    assert judge("3S", "four_player", "3S")["beats"] is False


# ----- §7 the type of a play with several readings ------------------------------------
S7_TYPES = [
    # (play, over, spec, type, beats) -- beats None when leading
    ("3 3 3 4 4 4 5 5 5 6 6 6", None, "classic", "airplane", None),
    # over an airplane_singles of three trios: only the airplane_singles reading beats
    ("3 3 3 4 4 4 5 5 5 6 6 6", "3 3 3 4 4 4 5 5 5 6 8 J", "classic", "airplane_singles", True),
    ("4 4 4 5 5 5 6 6 6 7 7 7", "3 3 3 4 4 4 5 5 5 6 8 J", "classic", "airplane_singles", True),
    # the previous play 333444555666 reads as an airplane (the first reading) ...
    ("4 4 4 5 5 5 6 6 6 7 7 7", "3 3 3 4 4 4 5 5 5 6 6 6", "classic", "airplane", True),
    # ... and as that airplane it is not beaten by a lower one of the same size
    ("3 3 3 4 4 4 5 5 5 6 6 6", "3 3 3 4 4 4 5 5 5 6 6 6", "classic", "airplane", False),
    # nothing beats: the first reading is reported
    ("3 3 3 4 4 4 5 5 5 6 6 6", "3 3 3 4 4 4 5 5 5", "classic", "airplane", False),
    ("3 3 3 4 4 4 5 5 5 6 6 6", "7 7 7 7", "classic", "airplane", False),
    # airplane_singles with the higher body is the reading that beats key 5
    ("3 3 3 4 4 4 5 5 5 6 6 6", "4 4 4 5 5 5 6 6 6 3 8 J", "classic", "airplane", False),
    # 20 cards: five trios 3..7 + 8 8 8 9 9 (key 7) or 4..8 + 3 3 3 9 9 (key 8): only
    # the key-8 reading beats an airplane_singles of key 7
    (
        "3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8 8 9 9",
        "3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 9 T J Q K",
        "classic",
        "airplane_singles",
        True,
    ),
    # airplane_max_trios = 3: 333444555666 has only the airplane_singles readings
    ("3 3 3 4 4 4 5 5 5 6 6 6", None, "classic:airplane_max_trios=3", "airplane_singles", None),
    # four_player: 333444555666 is an airplane of four trios (no single wings there)
    ("3 3 3 4 4 4 5 5 5 6 6 6", None, "four_player", "airplane", None),
]


@pytest.mark.parametrize(
    "play, over, spec, kind, beats", S7_TYPES, ids=[row_id(*r[:3]) for r in S7_TYPES]
)
def test_s7_type_of_an_ambiguous_play(
    play: str, over: str | None, spec: str, kind: str, beats: bool | None
) -> None:
    out = judge(play, spec, over)
    if over is None:
        assert out == {"valid": True, "type": kind}
    else:
        assert out == {"valid": True, "type": kind, "beats": beats}


def test_s7_moves_list_every_reading() -> None:
    got = move_set("3 3 3 4 4 4 5 5 5 6 6 6")
    whole = "3 3 3 4 4 4 5 5 5 6 6 6"
    assert (whole, "airplane") in got
    assert (whole, "airplane_singles") in got
    # following an airplane_singles of 12 cards, only that reading is legal
    follow = move_set(whole, "classic", "3 3 3 4 4 4 5 5 5 6 8 J")
    assert (whole, "airplane_singles") in follow
    assert (whole, "airplane") not in follow
    # following an airplane of four trios, only the airplane reading is legal
    follow = move_set("4 4 4 5 5 5 6 6 6 7 7 7", "classic", whole)
    assert ("4 4 4 5 5 5 6 6 6 7 7 7", "airplane") in follow
    assert ("4 4 4 5 5 5 6 6 6 7 7 7", "airplane_singles") not in follow


# ----- §8.3 classification (classic) ---------------------------------------------------
S8_3_CLASSIFICATION = expand(
    [
        ("3 | RJ", "classic", "single"),
        ("5 5 | 5S 5H", "classic", "pair"),
        ("5 6", "classic", None),
        ("7 7 7", "classic", "trio"),
        ("7 7 7 3 | 7 7 7 BJ", "classic", "trio_single"),
        ("7 7 7 7", "classic", "bomb"),
        ("7 7 7 3 3", "classic", "trio_pair"),
        ("7 7 7 BJ RJ", "classic", None),
        ("3 3 3 3 4", "classic", None),
        ("3 4 5 6 7 | T J Q K A | 10 J Q K A", "classic", "straight"),
        ("3 4 5 6 7 8 9 T J Q K A", "classic", "straight"),
        ("J Q K A 2 | Q K A 2 3 | J Q K A BJ", "classic", None),
        ("3 4 5 6 | 3 4 5 6 8", "classic", None),
        ("3 3 4 4 5 5 | 3 3 4 4 5 5 6 6 7 7 | Q Q K K A A", "classic", "pair_chain"),
        ("K K A A 2 2 | 3 3 4 4 | 3 3 4 4 6 6", "classic", None),
        ("3 3 3 4 4 4 | 3 3 3 4 4 4 5 5 5", "classic", "airplane"),
        ("A A A 2 2 2 | 3 3 3 5 5 5", "classic", None),
        ("3 3 3 4 4 4 6 8 | 6 6 6 7 7 7 3 5 | 3 3 3 4 4 4 6 6", "classic", "airplane_singles"),
        (
            "3 3 3 4 4 4 5 5 5 6 8 J | 3 3 3 4 4 4 5 5 5 6 6 6 7 9 J K",
            "classic",
            "airplane_singles",
        ),
        ("3 3 3 4 4 4 BJ 5", "classic", "airplane_singles"),
        ("3 3 3 4 4 4 BJ RJ", "classic", None),
        ("3 3 3 4 4 4 4 5", "classic", None),
        ("3 3 3 4 4 4 6 6 8 8 | 3 3 3 4 4 4 5 5 5 6 6 8 8 9 9", "classic", "airplane_pairs"),
        ("3 3 3 4 4 4 5 5 BJ RJ", "classic", None),
        ("3 3 3 3 4 5 | 3 3 3 3 4 4 | 3 3 3 3 BJ 5", "classic", "four_with_two"),
        ("3 3 3 3 BJ RJ", "classic", None),
        ("3 3 3 3 4 4", "classic:four_with_two_kickers=no_pair", None),
        ("3 3 3 3 4 4 5 5 | 3 3 3 3 5 5 7 7", "classic", "four_with_two_pairs"),
        ("3 3 3 3 4 4 BJ RJ", "classic", None),
        ("BJ RJ | RJ BJ", "classic", "rocket"),
        ("3 5 7", "classic", None),
    ]
)


@pytest.mark.parametrize(
    "cards, spec, kind", S8_3_CLASSIFICATION, ids=[row_id(*r) for r in S8_3_CLASSIFICATION]
)
def test_s8_3_classification(cards: str, spec: str, kind: str | None) -> None:
    assert kind_of(cards, spec) == kind


# §8.3 comparisons: (play, over, spec, beats, type of the play)
S8_3_COMPARISONS = [
    ("2", "A", "classic", True, "single"),
    ("BJ", "2", "classic", True, "single"),
    ("RJ", "BJ", "classic", True, "single"),
    ("3S", "3H", "classic", False, "single"),
    ("5 5", "4", "classic", False, "pair"),
    ("2 2", "A A", "classic", True, "pair"),
    ("5S 5H", "5C 5D", "classic", False, "pair"),
    ("3 3", "4 4", "classic", False, "pair"),
    ("8 8 8", "7 7 7", "classic", True, "trio"),
    ("8 8 8", "7 7", "classic", False, "trio"),
    ("2 2 2", "A A A", "classic", True, "trio"),
    ("8 8 8 3", "7 7 7 2", "classic", True, "trio_single"),
    ("6 6 6 2", "7 7 7 3", "classic", False, "trio_single"),
    ("8 8 8 3", "7 7 7", "classic", False, "trio_single"),
    ("2 2 2 3 3", "A A A K K", "classic", True, "trio_pair"),
    ("8 8 8 3 3", "7 7 7 A A", "classic", True, "trio_pair"),
    ("7 7 7 2 2", "8 8 8 3 3", "classic", False, "trio_pair"),
    ("4 5 6 7 8", "3 4 5 6 7", "classic", True, "straight"),
    ("3 4 5 6 7", "4 5 6 7 8", "classic", False, "straight"),
    ("4 5 6 7 8 9", "3 4 5 6 7", "classic", False, "straight"),
    ("T J Q K A", "9 T J Q K", "classic", True, "straight"),
    ("4 4 5 5 6 6", "3 3 4 4 5 5", "classic", True, "pair_chain"),
    ("3 3 4 4 5 5 6 6", "7 7 8 8 9 9", "classic", False, "pair_chain"),
    ("Q Q K K A A", "J J Q Q K K", "classic", True, "pair_chain"),
    ("5 5 5 6 6 6", "3 3 3 4 4 4", "classic", True, "airplane"),
    ("5 5 5 6 6 6 7 7 7", "3 3 3 4 4 4", "classic", False, "airplane"),
    ("6 6 6 7 7 7", "3 3 4 4 5 5", "classic", False, "airplane"),
    ("8 8 9 9 T T", "6 6 6 7 7 7", "classic", False, "pair_chain"),
    ("7 7 7 8 8 8 3 4", "5 5 5 6 6 6 9 T", "classic", True, "airplane_singles"),
    ("5 5 5 6 6 6 9 T", "7 7 7 8 8 8 3 4", "classic", False, "airplane_singles"),
    ("7 7 7 8 8 8 3 4", "5 5 5 6 6 6", "classic", False, "airplane_singles"),
    ("7 7 7 8 8 8 3 3 4 4", "5 5 5 6 6 6 9 9 T T", "classic", True, "airplane_pairs"),
    ("K K K A A A 3 3 4 4", "Q Q Q K K K 5 5 6 6", "classic", True, "airplane_pairs"),
    ("5 5 5 6 6 6 9 9 T T", "7 7 7 8 8 8 3 3 4 4", "classic", False, "airplane_pairs"),
    ("5 5 5 5 6 6", "4 4 4 4 K A", "classic", True, "four_with_two"),
    ("4 4 4 4 K A", "5 5 5 5 6 6", "classic", False, "four_with_two"),
    ("5 5 5 5 6 6", "4 4 4 4 K A", "classic:four_with_two_match=true", False, "four_with_two"),
    ("5 5 5 5 6 7", "4 4 4 4", "classic", False, "four_with_two"),
    ("6 6 6 6 3 3 4 4", "5 5 5 5 8 8 9 9", "classic", True, "four_with_two_pairs"),
    ("6 6 6 6 3 3 4 4", "5 5 5 5 8 9", "classic", False, "four_with_two_pairs"),
    ("2 2 2 2 3 3 4 4", "A A A A K K Q Q", "classic", True, "four_with_two_pairs"),
    ("3 3 3 3", "2", "classic", True, "bomb"),
    ("2 2 2 2", "3 4 5 6 7 8 9 T J Q K A", "classic", True, "bomb"),
    ("3 3 3 3", "7 7 7 8 8 8 4 4 5 5", "classic", True, "bomb"),
    ("4 4 4 4", "5 5 5 5 6 7", "classic", True, "bomb"),
    ("8 8 8 3", "7 7 7 7", "classic", False, "trio_single"),
    ("8 8 8 8", "7 7 7 7", "classic", True, "bomb"),
    ("7 7 7 7", "8 8 8 8", "classic", False, "bomb"),
    ("2 2 2 2", "A A A A", "classic", True, "bomb"),
    ("BJ RJ", "2 2 2 2", "classic", True, "rocket"),
    ("BJ RJ", "2 2", "classic", True, "rocket"),
    ("RJ BJ", "2", "classic", True, "rocket"),
    ("2 2 2 2", "BJ RJ", "classic", False, "bomb"),
]


@pytest.mark.parametrize(
    "play, over, spec, beats, kind",
    S8_3_COMPARISONS,
    ids=[row_id(*r[:3]) for r in S8_3_COMPARISONS],
)
def test_s8_3_comparison(play: str, over: str, spec: str, beats: bool, kind: str) -> None:
    assert judge(play, spec, over) == {"valid": True, "type": kind, "beats": beats}


def test_s8_3_four_with_two_match_same_structures_still_compare() -> None:
    spec = "classic:four_with_two_match=true"
    assert judge("5 5 5 5 6 6", spec, "4 4 4 4 K K")["beats"] is True
    assert judge("5 5 5 5 6 7", spec, "4 4 4 4 K A")["beats"] is True
    assert judge("5 5 5 5 6 7", spec, "4 4 4 4 K K")["beats"] is False
    # a bomb still beats both structures
    assert judge("3 3 3 3", spec, "4 4 4 4 K K")["beats"] is True


# ----- §8.1 wing and kicker rules beyond the tables -----------------------------------
S8_1_RULES = expand(
    [
        # a wing or kicker never has a body/quad rank
        ("3 3 3 4 4 4 3 5", "classic", None),
        ("3 3 3 4 4 4 5 5 5 5", "classic", None),
        # equal wings, and three equal wings
        ("3 3 3 4 4 4 5 5 5 7 7 7", "classic", "airplane_singles"),
        ("3 3 3 4 4 4 5 5 5 6 6 6 8 8 8 9", "classic", "airplane_singles"),
        # no four cards of one rank among the wings
        ("3 3 3 4 4 4 5 5 5 6 6 6 8 8 8 8", "classic", None),
        # one joker as a wing, with any k; never both jokers
        ("3 3 3 4 4 4 5 5 5 BJ 7 9", "classic", "airplane_singles"),
        ("3 3 3 4 4 4 5 5 5 BJ RJ 9", "classic", None),
        # the wings of airplane_pairs have pairwise different ranks
        ("3 3 3 4 4 4 6 6 6 6", "classic", None),
        ("3 3 3 4 4 4 5 5 5 6 6 6 6 8 8", "classic", None),
        # a 2 may be a wing or kicker, but never part of a body or chain
        ("3 3 3 4 4 4 2 2", "classic", "airplane_singles"),
        ("3 3 3 4 4 4 2 2 A A", "classic", "airplane_pairs"),
        ("K K K A A A 2 2 2 3 4 5", "classic", None),
        ("3 3 3 3 2 BJ", "classic", "four_with_two"),
        ("3 3 3 3 2 2 BJ", "classic", None),
        # four_with_two_pairs needs two different pair ranks; two quads are nothing
        ("3 3 3 3 4 4 4 4", "classic", None),
        ("3 3 3 3 2 2 A A", "classic", "four_with_two_pairs"),
        # no_pair: kickers of different ranks stay legal
        (
            "3 3 3 3 4 5 | 3 3 3 3 BJ 5 | 3 3 3 3 2 RJ",
            "classic:four_with_two_kickers=no_pair",
            "four_with_two",
        ),
        ("3 3 3 3 4 4 5 5", "classic:four_with_two_kickers=no_pair", "four_with_two_pairs"),
        # trio with a kicker of its own rank is a bomb, never a trio_single
        ("2 2 2 2", "classic", "bomb"),
        ("2 2 2 BJ", "classic", "trio_single"),
        ("2 2 2 A A", "classic", "trio_pair"),
        # longest chains
        ("3 3 4 4 5 5 6 6 7 7 8 8 9 9 T T J J Q Q K K A A", "classic", "pair_chain"),
        ("3 4 5 6 7 8 9 T J Q K A 2", "classic", None),
        ("3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8 8", "classic", "airplane"),
        ("3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 9 T J Q K", "classic", "airplane_singles"),
        ("3 3 3 4 4 4 5 5 5 6 6 6 8 8 9 9 T T J J", "classic", "airplane_pairs"),
        # airplane_max_trios lowers every airplane type's limit
        ("3 3 3 4 4 4 5 5 5", "classic:airplane_max_trios=2", None),
        ("3 3 3 4 4 4", "classic:airplane_max_trios=2", "airplane"),
        ("3 3 3 4 4 4 5 5 5 7 8 9", "classic:airplane_max_trios=2", None),
        ("3 3 3 4 4 4 5 5 5 7 7 8 8 9 9", "classic:airplane_max_trios=2", None),
        ("3 3 3 4 4 4 7 7 8 8", "classic:airplane_max_trios=2", "airplane_pairs"),
        ("3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8 8", "classic:airplane_max_trios=5", None),
        ("3 3 3 4 4 4 5 5 5 6 6 6 7 7 7", "classic:airplane_max_trios=5", "airplane"),
        ("3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 9 T J Q K", "classic:airplane_max_trios=4", None),
        # a larger value lengthens the bare airplane only; the wing types keep the table's
        # k limits (5 single-wing trios, 4 pair-wing trios: the 20-card hand)
        ("3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8 8 9 9 9", "classic", None),
        ("3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8 8 9 9 9", "classic:airplane_max_trios=12", "airplane"),
        ("3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8 8 9 T J Q K A", "classic:airplane_max_trios=12", None),
        (
            "3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 9 9 T T J J Q Q K K",
            "classic:airplane_max_trios=12",
            None,
        ),
    ]
)


@pytest.mark.parametrize("cards, spec, kind", S8_1_RULES, ids=[row_id(*r) for r in S8_1_RULES])
def test_s8_1_wing_and_kicker_rules(cards: str, spec: str, kind: str | None) -> None:
    assert kind_of(cards, spec) == kind


# ----- §9.3 classification (four_player) ----------------------------------------------
S9_3_CLASSIFICATION = expand(
    [
        ("7 7 7 3", "four_player", None),
        ("3 3 3 3 4 5 | 3 3 3 3 4 4", "four_player", None),
        ("3 3 3 3 4 4", "four_player:allow_four_with_pair=true", "four_with_pair"),
        ("3 3 3 3 4 5", "four_player:allow_four_with_pair=true", None),
        ("3 3 3 3 4 4 5 5", "four_player", None),
        ("3 3 3 4 4 4 6 8", "four_player", None),
        ("BJ BJ | RJ RJ | 3S 3S", "four_player", "pair"),
        ("BJ RJ", "four_player", None),
        ("7 7 7", "four_player", "trio"),
        ("7 7 7 3 3 | 7 7 7 BJ BJ", "four_player", "trio_pair"),
        ("7 7 7 BJ RJ", "four_player", None),
        ("3 4 5 6 7", "four_player", "straight"),
        ("3 3 4 4 5 5", "four_player", "pair_chain"),
        ("3 3 3 4 4 4 5 5 5", "four_player", "airplane"),
        ("3 3 3 4 4 4 6 6 8 8 | 6 6 6 7 7 7 3 3 5 5", "four_player", "airplane_pairs"),
        (
            "3 3 3 4 4 4 5 5 5 6 6 8 8 J J | 3 3 3 4 4 4 5 5 5 6 6 6 7 7 9 9 J J K K",
            "four_player",
            "airplane_pairs",
        ),
        ("3 3 3 4 4 4 6 6 BJ BJ", "four_player", "airplane_pairs"),
        ("3 3 3 4 4 4 BJ BJ RJ RJ", "four_player", None),
        ("3 3 3 4 4 4 6 6 6 6", "four_player", None),
        ("7 7 7 7 | 7 7 7 7 7", "four_player", "bomb"),
        ("3 3 3 3 3 3", "four_player", "rocket"),
        ("3 3 3 3 3 3 3", "four_player", "missile"),
        ("3 3 3 3 3 3 3 3", "four_player", "heaven_bomb"),
        ("BJ BJ RJ RJ | BJ RJ BJ RJ", "four_player", "heaven_lord"),
        ("BJ BJ RJ", "four_player", None),
    ]
)


@pytest.mark.parametrize(
    "cards, spec, kind", S9_3_CLASSIFICATION, ids=[row_id(*r) for r in S9_3_CLASSIFICATION]
)
def test_s9_3_classification(cards: str, spec: str, kind: str | None) -> None:
    assert kind_of(cards, spec) == kind


# §9.3 comparisons: (play, over, spec, beats, type of the play)
S9_3_COMPARISONS = [
    ("RJ", "BJ", "four_player", True, "single"),
    ("BJ", "BJ", "four_player", False, "single"),
    ("RJ RJ", "BJ BJ", "four_player", True, "pair"),
    ("BJ BJ", "2 2", "four_player", True, "pair"),
    ("8 8 8 BJ BJ", "7 7 7 RJ RJ", "four_player", True, "trio_pair"),
    ("6 6 6 7 7 7 3 3 5 5", "3 3 3 4 4 4 6 6 8 8", "four_player", True, "airplane_pairs"),
    ("3 3 3 3 3", "2 2 2 2", "four_player", True, "bomb"),
    ("2 2 2 2", "3 3 3 3 3", "four_player", False, "bomb"),
    ("8 8 8 8", "7 7 7 7", "four_player", True, "bomb"),
    ("7 7 7 7 7", "8 8 8 8 8", "four_player", False, "bomb"),
    ("3 3 3 3", "6 6 6 7 7 7 4 4 5 5", "four_player", True, "bomb"),
    ("3 3 3 3", "RJ", "four_player", True, "bomb"),
    ("3 3 3 3 3 3", "2 2 2 2 2", "four_player", True, "rocket"),
    ("2 2 2 2 2", "3 3 3 3 3 3", "four_player", False, "bomb"),
    ("4 4 4 4 4 4", "3 3 3 3 3 3", "four_player", True, "rocket"),
    ("3 3 3 3 3 3 3", "2 2 2 2 2 2", "four_player", True, "missile"),
    ("A A A A A A A", "K K K K K K K", "four_player", True, "missile"),
    ("K K K K K K K", "A A A A A A A", "four_player", False, "missile"),
    ("3 3 3 3 3 3 3 3", "2 2 2 2 2 2 2", "four_player", True, "heaven_bomb"),
    ("4 4 4 4 4 4 4 4", "3 3 3 3 3 3 3 3", "four_player", True, "heaven_bomb"),
    ("BJ RJ BJ RJ", "2 2 2 2 2 2 2 2", "four_player", True, "heaven_lord"),
    ("2 2 2 2 2 2 2 2", "BJ BJ RJ RJ", "four_player", False, "heaven_bomb"),
    ("4 4 4 4 5 5", "3 3 3 3 K K", "four_player:allow_four_with_pair=true", True, "four_with_pair"),
    ("3 3 3 3", "4 4 4 4 5 5", "four_player:allow_four_with_pair=true", True, "bomb"),
]


@pytest.mark.parametrize(
    "play, over, spec, beats, kind",
    S9_3_COMPARISONS,
    ids=[row_id(*r[:3]) for r in S9_3_COMPARISONS],
)
def test_s9_3_comparison(play: str, over: str, spec: str, beats: bool, kind: str) -> None:
    assert judge(play, spec, over) == {"valid": True, "type": kind, "beats": beats}


# ----- §9.1/§9.2 rules beyond the tables ----------------------------------------------
S9_1_RULES = expand(
    [
        ("7 7 7 7 7", "four_player", "bomb"),
        ("3 3 3 4 4 4 3 3 5 5", "four_player", None),  # wing pair of a body rank
        ("3 3 3 4 4 4 5 5 5 6 6 6", "four_player", "airplane"),
        ("3 3 3 3 3 3 4 4 4 4 4 4", "four_player", None),
        ("3 3 3 3 4 4 4 4 5 5 5 5", "four_player", None),
        ("3 3 3 4 4 4 RJ RJ 6 6", "four_player", "airplane_pairs"),
        ("7 7 7 RJ RJ", "four_player", "trio_pair"),
        ("7 7 7 7 RJ RJ", "four_player:allow_four_with_pair=true", "four_with_pair"),
        ("7 7 7 7 7 7", "four_player:allow_four_with_pair=true", "rocket"),
        ("7 7 7 7 8 8 8 8", "four_player:allow_four_with_pair=true", None),
        ("2 2 2 2 2 2 2 2", "four_player", "heaven_bomb"),
        ("BJ RJ RJ | BJ RJ", "four_player", None),
        ("3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8 8", "four_player", "airplane"),
        (
            "3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8 8 9 9 T T J J Q Q K K A A",
            "four_player",
            "airplane_pairs",
        ),
        ("3 3 3 4 4 4 5 5 5", "four_player:airplane_max_trios=2", None),
        ("3 3 3 4 4 4 5 5 5 7 7 8 8 9 9", "four_player:airplane_max_trios=2", None),
        ("3 3 3 4 4 4 7 7 8 8", "four_player:airplane_max_trios=2", "airplane_pairs"),
        ("3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8 8 9 9 9", "four_player", None),
        (
            "3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8 8 9 9 9",
            "four_player:airplane_max_trios=7",
            "airplane",
        ),
        # 2 <= k <= 6 for airplane_pairs whatever airplane_max_trios says (§9.1 table)
        (
            "3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8 8 9 9 9 T T J J Q Q K K A A 2 2 BJ BJ",
            "four_player:airplane_max_trios=12",
            None,
        ),
    ]
)


@pytest.mark.parametrize("cards, spec, kind", S9_1_RULES, ids=[row_id(*r) for r in S9_1_RULES])
def test_s9_1_four_player_rules(cards: str, spec: str, kind: str | None) -> None:
    assert kind_of(cards, spec) == kind


S9_2_BEATS = [
    # the family order, lowest member against the highest of the next lower size
    ("3 3 3 3 3 3 3", "2 2 2 2 2 2", True),
    ("2 2 2 2 2 2", "3 3 3 3 3 3 3", False),
    ("3 3 3 3 3 3 3 3", "2 2 2 2 2 2 2", True),
    ("BJ BJ RJ RJ", "2 2 2 2", True),
    ("2 2 2 2", "BJ BJ RJ RJ", False),
    ("BJ BJ RJ RJ", "BJ BJ RJ RJ", False),
    # family over every type outside it, including the joker pair
    ("3 3 3 3", "RJ RJ", True),
    ("3 3 3 3", "3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8 8", True),
    ("RJ RJ", "3 3 3 3", False),
    # same type, same size, higher key
    ("RJ RJ", "2 2", True),
    ("2 2", "BJ BJ", False),
    ("4 5 6 7 8", "3 4 5 6 7 8", False),
    ("4 4 4 5 5 5 6 6 6", "3 3 3 4 4 4 5 5 5", True),
    ("3 3 3 BJ BJ", "2 2 2 3 3", False),
]


@pytest.mark.parametrize("play, over, beats", S9_2_BEATS, ids=[row_id(*r[:2]) for r in S9_2_BEATS])
def test_s9_2_beat_relation(play: str, over: str, beats: bool) -> None:
    out = judge(play, "four_player", over)
    assert out["valid"] is True and out["beats"] is beats


# ----- §10.3 scoring worked examples ---------------------------------------------------
def unit(
    spec: str,
    *,
    bid: int,
    robs: int = 0,
    doubling_bombs: int = 0,
    spring: bool = False,
    anti_spring: bool = False,
    shown: bool = False,
    landlord_won: bool,
    doubled: bool = False,
) -> int:
    return scoring.unit(
        rules_of(spec),
        bid=bid,
        robs=robs,
        doubling_bombs=doubling_bombs,
        spring=spring,
        anti_spring=anti_spring,
        shown=shown,
        landlord_won=landlord_won,
        doubled=doubled,
    )


def settle(spec: str, landlord: int, landlord_won: bool, u: int) -> list[int]:
    players = 3 if spec.startswith("classic") else 4
    return list(scoring.settle(rules_of(spec), landlord, landlord_won, u, players))


S10_3 = [
    # (example, spec, unit kwargs, expected unit, landlord seat, expected scores)
    (
        "1 seed 004",
        "classic",
        dict(bid=3, robs=1, doubling_bombs=2, landlord_won=True),
        36,
        0,
        [72, -36, -36],
    ),
    ("2 landlord loses", "classic", dict(bid=2, landlord_won=False), 2, 0, [-4, 2, 2]),
    ("3 bid 3 wins", "classic", dict(bid=3, landlord_won=True), 3, 1, [-3, 6, -3]),
    (
        "4 robs and spring",
        "classic",
        dict(bid=2, robs=2, doubling_bombs=1, spring=True, landlord_won=True),
        48,
        0,
        [96, -48, -48],
    ),
    (
        "5 anti-spring",
        "classic",
        dict(bid=3, doubling_bombs=1, anti_spring=True, landlord_won=False),
        12,
        2,
        [12, 12, -24],
    ),
    ("6 ming_pai win", "classic", dict(bid=2, shown=True, landlord_won=True), 4, 0, [8, -4, -4]),
    ("6 ming_pai loss", "classic", dict(bid=2, shown=True, landlord_won=False), 2, 0, [-4, 2, 2]),
    (
        "6 ming_pai always",
        "classic:ming_pai=always",
        dict(bid=2, shown=True, landlord_won=False),
        4,
        0,
        [-8, 4, 4],
    ),
    (
        "7 three doubling bombs, landlord wins",
        "classic",
        dict(bid=2, doubling_bombs=3, landlord_won=True),
        16,
        0,
        [32, -16, -16],
    ),
    (
        "7 three doubling bombs, landlord loses",
        "classic",
        dict(bid=2, doubling_bombs=3, landlord_won=False),
        16,
        0,
        [-32, 16, 16],
    ),
    (
        "8 four_player rocket",
        "four_player",
        dict(bid=3, robs=1, doubling_bombs=1, landlord_won=True),
        18,
        0,
        [54, -18, -18, -18],
    ),
    (
        "9 four_player heaven_lord and missile",
        "four_player",
        dict(bid=1, doubling_bombs=2, landlord_won=False),
        4,
        3,
        [4, 4, 4, -12],
    ),
    (
        "10 redeal doubled once",
        "classic:all_pass=redeal_doubled_once",
        dict(bid=2, doubled=True, landlord_won=True),
        4,
        0,
        [8, -4, -4],
    ),
]


@pytest.mark.parametrize(
    "name, spec, kwargs, expected_unit, landlord, scores", S10_3, ids=[r[0] for r in S10_3]
)
def test_s10_3_worked_example(
    name: str,
    spec: str,
    kwargs: dict[str, Any],
    expected_unit: int,
    landlord: int,
    scores: list[int],
) -> None:
    u = unit(spec, **kwargs)
    assert u == expected_unit
    got = settle(spec, landlord, kwargs["landlord_won"], u)
    assert got == scores
    assert sum(got) == 0


S10_1_UNITS = [
    # (why, spec, kwargs, expected)
    ("no rob: R = 1", "classic", dict(bid=1, landlord_won=True), 1),
    ("three robs: R = 12", "classic", dict(bid=3, robs=3, landlord_won=True), 36),
    ("four robs: last value doubled", "four_player", dict(bid=3, robs=4, landlord_won=True), 72),
    ("five robs: doubled again", "four_player", dict(bid=1, robs=5, landlord_won=True), 48),
    (
        "rob_multipliers=2,3,4",
        "classic:rob_multipliers=2,3,4",
        dict(bid=2, robs=2, landlord_won=True),
        6,
    ),
    (
        "rob_multipliers=2,4,8 k=3",
        "classic:rob_multipliers=2,4,8",
        dict(bid=1, robs=3, landlord_won=False),
        8,
    ),
    (
        "rob_multipliers=5 k=2",
        "classic:rob_multipliers=5",
        dict(bid=1, robs=2, landlord_won=True),
        10,
    ),
    (
        "spring_multiplier=3",
        "classic:spring_multiplier=3",
        dict(bid=1, spring=True, landlord_won=True),
        3,
    ),
    (
        "spring_multiplier=1 disables",
        "classic:spring_multiplier=1",
        dict(bid=2, spring=True, landlord_won=True),
        2,
    ),
    (
        "anti_spring_multiplier=1 disables",
        "classic:anti_spring_multiplier=1",
        dict(bid=2, anti_spring=True, landlord_won=False),
        2,
    ),
    (
        "anti_spring_multiplier=3",
        "classic:anti_spring_multiplier=3",
        dict(bid=2, anti_spring=True, landlord_won=False),
        6,
    ),
    (
        "spring thunder needs a bomb",
        "classic:spring_thunder_multiplier=3",
        dict(bid=1, spring=True, landlord_won=True),
        2,
    ),
    (
        "spring thunder with a bomb",
        "classic:spring_thunder_multiplier=3",
        dict(bid=1, doubling_bombs=1, spring=True, landlord_won=True),
        12,
    ),
    (
        "spring thunder default 1",
        "classic",
        dict(bid=1, doubling_bombs=1, spring=True, landlord_won=True),
        4,
    ),
    (
        "spring thunder not without spring",
        "classic:spring_thunder_multiplier=3",
        dict(bid=1, doubling_bombs=1, landlord_won=True),
        2,
    ),
    (
        "ming_pai=off: showing doubles nothing",
        "classic:ming_pai=off",
        dict(bid=2, landlord_won=True),
        2,
    ),
    ("ming_pai win_only, not shown", "classic", dict(bid=2, shown=False, landlord_won=True), 2),
    (
        "ming_pai always, shown, win",
        "classic:ming_pai=always",
        dict(bid=2, shown=True, landlord_won=True),
        4,
    ),
    (
        "everything",
        "classic:all_pass=redeal_doubled_once,spring_thunder_multiplier=2",
        dict(
            bid=3,
            robs=2,
            doubling_bombs=2,
            spring=True,
            shown=True,
            doubled=True,
            landlord_won=True,
        ),
        3 * 6 * 4 * 2 * 2 * 2 * 2,
    ),
]


@pytest.mark.parametrize(
    "why, spec, kwargs, expected", S10_1_UNITS, ids=[r[0] for r in S10_1_UNITS]
)
def test_s10_1_unit_factors(why: str, spec: str, kwargs: dict[str, Any], expected: int) -> None:
    assert unit(spec, **kwargs) == expected


S10_1_DOUBLING = [
    ("classic", {"bomb", "rocket"}),
    ("four_player", {"rocket", "missile", "heaven_bomb", "heaven_lord"}),
    ("classic:bomb_doubling=false", set()),
    ("four_player:bomb_doubling=false", set()),
]


@pytest.mark.parametrize("spec, kinds", S10_1_DOUBLING, ids=[r[0] for r in S10_1_DOUBLING])
def test_s10_1_doubling_bombs(spec: str, kinds: set[str]) -> None:
    """Which plays count in ``b`` (``unit`` takes ``b`` as counted by the caller, so
    ``bomb_doubling = false`` shows as no doubling kind at all)."""
    assert {str(getattr(k, "value", k)) for k in scoring.doubling_kinds(rules_of(spec))} == kinds


@pytest.mark.parametrize("landlord", [0, 1, 2])
@pytest.mark.parametrize("won", [True, False])
def test_s10_2_payment_classic(landlord: int, won: bool) -> None:
    got = settle("classic", landlord, won, 7)
    expected = [(-7 if won else 7)] * 3
    expected[landlord] = 14 if won else -14
    assert got == expected


@pytest.mark.parametrize("landlord", [0, 1, 2, 3])
@pytest.mark.parametrize("won", [True, False])
def test_s10_2_payment_four_player(landlord: int, won: bool) -> None:
    got = settle("four_player", landlord, won, 5)
    expected = [(-5 if won else 5)] * 4
    expected[landlord] = 15 if won else -15
    assert got == expected


# ----- §11 options and presets -------------------------------------------------------------
def test_s11_presets() -> None:
    assert set(PRESETS) == {"classic", "four_player"}
    classic, four = PRESETS["classic"], PRESETS["four_player"]
    assert (classic.players, classic.packs, classic.hand_size, classic.kitty_size) == (3, 1, 17, 3)
    assert (four.players, four.packs, four.hand_size, four.kitty_size) == (4, 2, 25, 8)
    for r in (classic, four):
        assert list(r.rob_multipliers) == [3, 6, 12]
        assert r.robbing is True and r.bomb_doubling is True
        assert (r.spring_multiplier, r.anti_spring_multiplier, r.spring_thunder_multiplier) == (
            2,
            2,
            1,
        )
        assert r.airplane_max_trios == 6
        assert str(getattr(r.bidding, "value", r.bidding)) == "once"
        assert str(getattr(r.all_pass, "value", r.all_pass)) == "redeal"
        assert str(getattr(r.ming_pai, "value", r.ming_pai)) == "win_only"
    assert resolve("classic", {}) == classic
    assert resolve("four_player", {}) == four


S11_GOOD = [
    ("classic", {"bidding": "until_all_pass"}),
    ("classic", {"all_pass": "redeal_doubled_once"}),
    ("classic", {"robbing": "false"}),
    ("classic", {"rob_multipliers": "2,4,8"}),
    ("classic", {"rob_multipliers": "2"}),
    ("classic", {"ming_pai": "off"}),
    ("classic", {"ming_pai": "always"}),
    ("classic", {"spring_multiplier": "1"}),
    ("classic", {"spring_multiplier": "3"}),
    ("classic", {"anti_spring_multiplier": "1"}),
    ("classic", {"spring_thunder_multiplier": "4"}),
    ("classic", {"bomb_doubling": "false"}),
    ("classic", {"four_with_two_kickers": "no_pair"}),
    ("classic", {"four_with_two_kickers": "any"}),
    ("classic", {"four_with_two_match": "true"}),
    ("classic", {"airplane_max_trios": "2"}),
    ("classic", {"airplane_max_trios": "12"}),
    ("four_player", {"allow_four_with_pair": "true"}),
    ("four_player", {"bidding": "until_all_pass", "rob_multipliers": "2,3,4"}),
    ("four_player", {"airplane_max_trios": "3"}),
]


@pytest.mark.parametrize("preset, overrides", S11_GOOD, ids=[row_id(p, o) for p, o in S11_GOOD])
def test_s11_valid_overrides(preset: str, overrides: dict[str, str]) -> None:
    r = resolve(preset, overrides)
    assert r != PRESETS[preset] or overrides in ({"four_with_two_kickers": "any"},)


def test_s11_override_values_are_read() -> None:
    r = resolve(
        "classic",
        {
            "rob_multipliers": "2,4,8",
            "airplane_max_trios": "3",
            "spring_multiplier": "3",
            "robbing": "false",
        },
    )
    assert list(r.rob_multipliers) == [2, 4, 8]
    assert r.airplane_max_trios == 3 and r.spring_multiplier == 3 and r.robbing is False
    assert list(resolve("four_player", {"rob_multipliers": "5"}).rob_multipliers) == [5]


S11_BAD = [
    # (preset, overrides, key the error must name)
    ("classic", {"players": "4"}, "players"),
    ("classic", {"players": "3"}, "players"),
    ("classic", {"packs": "2"}, "packs"),
    ("classic", {"hand_size": "20"}, "hand_size"),
    ("classic", {"kitty_size": "3"}, "kitty_size"),
    ("four_player", {"players": "3"}, "players"),
    ("four_player", {"packs": "1"}, "packs"),
    ("four_player", {"hand_size": "25"}, "hand_size"),
    ("four_player", {"kitty_size": "4"}, "kitty_size"),
    ("four_player", {"four_with_two_kickers": "no_pair"}, "four_with_two_kickers"),
    ("four_player", {"four_with_two_kickers": "any"}, "four_with_two_kickers"),
    ("four_player", {"four_with_two_match": "true"}, "four_with_two_match"),
    ("four_player", {"four_with_two_match": "false"}, "four_with_two_match"),
    ("classic", {"allow_four_with_pair": "true"}, "allow_four_with_pair"),
    ("classic", {"allow_four_with_pair": "false"}, "allow_four_with_pair"),
    ("classic", {"nosuch_option": "1"}, "nosuch_option"),
    ("classic", {"bidding": "twice"}, "bidding"),
    ("classic", {"all_pass": "replay"}, "all_pass"),
    ("classic", {"robbing": "maybe"}, "robbing"),
    ("classic", {"rob_multipliers": ""}, "rob_multipliers"),
    ("classic", {"rob_multipliers": "1,2"}, "rob_multipliers"),
    ("classic", {"rob_multipliers": "3,6,x"}, "rob_multipliers"),
    ("classic", {"rob_multipliers": "0"}, "rob_multipliers"),
    ("classic", {"rob_multipliers": "none"}, "rob_multipliers"),
    ("classic", {"ming_pai": "sometimes"}, "ming_pai"),
    ("classic", {"spring_multiplier": "0"}, "spring_multiplier"),
    ("classic", {"anti_spring_multiplier": "-2"}, "anti_spring_multiplier"),
    ("classic", {"spring_thunder_multiplier": "0"}, "spring_thunder_multiplier"),
    ("classic", {"spring_multiplier": "two"}, "spring_multiplier"),
    ("classic", {"bomb_doubling": "yes"}, "bomb_doubling"),
    ("classic", {"four_with_two_kickers": "pair_only"}, "four_with_two_kickers"),
    ("classic", {"airplane_max_trios": "1"}, "airplane_max_trios"),
    ("classic", {"airplane_max_trios": "13"}, "airplane_max_trios"),
    ("four_player", {"airplane_max_trios": "0"}, "airplane_max_trios"),
]


@pytest.mark.parametrize("preset, overrides, key", S11_BAD, ids=[row_id(*r) for r in S11_BAD])
def test_s11_bad_overrides_name_the_key(preset: str, overrides: dict[str, str], key: str) -> None:
    with pytest.raises(RulesError) as exc:
        resolve(preset, overrides)
    assert key in str(exc.value)


def test_s11_unknown_preset() -> None:
    with pytest.raises(RulesError) as exc:
        resolve("five_player", {})
    assert "five_player" in str(exc.value)


def test_s11_bad_enum_value_lists_the_allowed_values() -> None:
    with pytest.raises(RulesError) as exc:
        resolve("classic", {"ming_pai": "sometimes"})
    message = str(exc.value)
    for allowed in ("off", "win_only", "always"):
        assert allowed in message
