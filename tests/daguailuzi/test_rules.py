"""大怪路子 options (``daguailuzi.md`` §12): presets, text values, errors, round trips."""

from __future__ import annotations

import pytest

from chupai.daguailuzi.rules import (
    PRESETS,
    SEED,
    DaguailuziRules,
    Rank,
    TargetRank,
    _field_docs,
    rank_index,
    resolve,
)
from chupai.errors import RulesError

# key: (seed, shanghai) as text, the table of §12
TABLE = {
    "players": ("6", "6"),
    "two_rank": ("low", "low"),
    "trumps": ("false", "true"),
    "level": ("2", "2"),
    "wild_rank": ("highest", "highest"),
    "natural_beats_wild": ("false", "false"),
    "flush_compare": ("card_by_card", "top_card"),
    "next_leader": ("first_out", "first_out"),
    "lead_after_out": ("next_active", "next_active"),
    "scoring": ("trapped_points", "levels"),
    "only_offense_scores": ("false", "true"),
    "target_score": ("none", "none"),
    "level_advance": ("one", "one"),
    "target_level": ("A", "A"),
    "level_fail_limit": ("none", "none"),
    "tribute": ("false", "true"),
    "return_rule": ("any", "any"),
}


def _text(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@pytest.mark.parametrize(("index", "preset"), [(0, "seed"), (1, "shanghai")])
def test_presets_match_the_table(index: int, preset: str) -> None:
    rules = PRESETS[preset]
    assert list(rules.to_dict()) == list(TABLE)
    assert {k: _text(v) for k, v in rules.to_dict().items()} == {
        k: v[index] for k, v in TABLE.items()
    }
    assert rules.preset_name == preset
    assert resolve(preset) == rules


def test_seed_is_the_default() -> None:
    assert resolve() == SEED == DaguailuziRules()


def test_every_option_has_help() -> None:
    docs = _field_docs()
    assert list(docs) == list(TABLE)
    assert all(len(text) > 10 for text in docs.values())


@pytest.mark.parametrize(
    ("key", "value", "expected"),
    [
        ("level", "10", Rank.T),
        ("level", "t", Rank.T),
        ("level", "a", Rank.A),
        ("level", "2", Rank.R2),
        ("target_level", "10", TargetRank.T),
        ("target_level", "5", TargetRank.R5),
        ("target_score", "12", 12),
        ("target_score", "NONE", None),
        ("level_fail_limit", "3", 3),
        ("wild_rank", "LOWEST", "lowest"),
        ("two_rank", "High", "high"),
        ("natural_beats_wild", "TRUE", True),
    ],
)
def test_text_values(key: str, value: str, expected: object) -> None:
    assert getattr(resolve("seed", {key: value}), key) == expected


@pytest.mark.parametrize(
    ("key", "value", "allowed"),
    [
        ("level", "1", "2, 3, 4, 5, 6, 7, 8, 9, T, J, Q, K, A"),
        ("level", "B", "T, J, Q, K, A"),
        ("target_level", "2", "3, 4, 5, 6, 7, 8, 9, T, J, Q, K, A"),
        ("target_score", "0", "none"),
        ("target_score", "-2", "none"),
        ("target_score", "many", "<integer>, none"),
        ("level_fail_limit", "0", "none"),
        ("trumps", "yes", "true, false"),
        ("wild_rank", "middle", "highest, lowest"),
        ("flush_compare", "suit", "card_by_card, top_card"),
        ("next_leader", "x", "first_out, top_tribute"),
        ("lead_after_out", "x", "next_active, teammate"),
        ("scoring", "x", "trapped_points, levels"),
        ("level_advance", "x", "one, trapped"),
        ("return_rule", "x", "any, joker_candidates"),
        ("two_rank", "x", "low, high"),
    ],
)
def test_bad_values_name_the_option_and_list_the_allowed(
    key: str, value: str, allowed: str
) -> None:
    with pytest.raises(RulesError) as err:
        resolve("shanghai", {key: value})
    assert err.value.key == key
    assert repr(key) in str(err.value)
    assert allowed in str(err.value)


def test_unknown_key_preset_and_fixed_players() -> None:
    with pytest.raises(RulesError, match="unknown option 'jokers'"):
        resolve("seed", {"jokers": "6"})
    with pytest.raises(RulesError, match="unknown preset 'beijing'.*seed, shanghai"):
        resolve("beijing")
    with pytest.raises(RulesError, match="players"):
        resolve("seed", {"players": "6"})
    with pytest.raises(RulesError, match="players"):
        DaguailuziRules(players=4)


def test_spec_dict_round_trips() -> None:
    rules = resolve("shanghai", {"level": "10", "target_score": "7", "wild_rank": "lowest"})
    assert rules.spec() == "daguailuzi(preset=shanghai,level=T,wild_rank=lowest,target_score=7)"
    assert DaguailuziRules.from_dict(rules.to_dict()) == rules
    assert DaguailuziRules.from_dict({"level": 10, "trumps": True}).level is Rank.T
    with pytest.raises(RulesError, match="unknown option 'x'"):
        DaguailuziRules.from_dict({"x": 1})
    with pytest.raises(RulesError, match="must be an object"):
        DaguailuziRules.from_dict([])  # type: ignore[arg-type]
    assert str(SEED) == "daguailuzi(preset=seed)"


def test_levels() -> None:
    assert rank_index("2") == 0 and rank_index("10") == 8 and rank_index(Rank.A) == 12
    with pytest.raises(RulesError, match="bad rank"):
        rank_index("1")
    assert resolve("seed", {"level": "9"}).oracle_level() is None
    assert resolve("shanghai", {"level": "9"}).oracle_level() == 7
    assert resolve("shanghai").deal_level(5) == 5 and SEED.deal_level(5) is None
    assert resolve("shanghai", {"target_level": "5"}).target_index == 3
