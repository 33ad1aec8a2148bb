"""A deal's score explained in words (``GameSpec.explain_score``): for every game
and preset (and Big Two's other scoring schemes and settlements), across seeded
random deals, the explanation's numbers arrive at the deal's actual scores, and
every line reads in 中文 and 日本語 with no English template left."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import Any

import pytest

from chupai.bots import make_bot
from chupai.i18n import Msg, translation
from chupai.protocol import GameSpec, all_games, get_game

BUILTIN = ("bigtwo", "doudizhu", "biga", "daguailuzi")

BIGTWO_VARIANTS = (
    {"scoring": "card_points", "settlement": "winner_takes_all"},
    {"scoring": "taiwan_deduction", "deduction_spade_ace_40": "true", "winner_bonus": "5"},
    {"scoring": "taiwan_plus_minus", "settlement": "negated_penalty"},
    {"scoring": "cards_seed001", "players": "3"},
    {"scoring": "cards_mainland", "winner_bonus": "5", "settlement": "negated_penalty"},
    {"ding_da": "penalty", "winner_bonus": "3"},
    {"instant_wins": "dragon,suited_dragon,four_twos", "hand_size": "5", "players": "2"},
    {"redeal_max_points": "20", "players": "2"},
)
"""Big Two's schemes, settlements, 頂大, instant wins and redeals beyond the presets."""


def _cases() -> Iterator[tuple[str, str | None, dict[str, str]]]:
    for key in BUILTIN:
        for preset in get_game(key).presets():
            yield key, preset, {}
    for overrides in BIGTWO_VARIANTS:
        yield "bigtwo", None, overrides


CASES = list(_cases())


def _finished(spec: GameSpec, rules: Any, seed: int) -> Any:
    deal = spec.new_deal(rules, seed)
    bot = make_bot("random", seed=seed, game=spec.key)
    while not deal.is_terminal():
        deal.apply_action(bot.act(deal.observe(deal.current_player), deal.legal_actions()))
    return deal


def _templates(msg: Any) -> Iterator[str]:
    """Every template in ``msg`` and its fields (nested messages and lists)."""
    if isinstance(msg, Msg):
        yield msg.template
        for value in msg.fields.values():
            yield from _templates(value)
    for part in getattr(msg, "parts", ()):
        yield from _templates(part)


def _check(spec: GameSpec, rules: Any, seed: int) -> None:
    deal = _finished(spec, rules, seed)
    words = importlib.import_module(f"chupai.{spec.key}.scoring_words")
    explained = words.explain(deal)
    assert explained.scores == tuple(deal.outcome.scores), (spec.key, seed, explained.lines)
    assert spec.explain(deal) == explained.lines and explained.lines
    for line in explained.lines:
        for template in _templates(line):
            for lang in ("zh", "ja"):
                assert translation(template, lang), (template, lang)


@pytest.mark.parametrize(("key", "preset", "overrides"), CASES)
def test_the_words_add_up_to_the_scores(
    key: str, preset: str | None, overrides: dict[str, str]
) -> None:
    spec = get_game(key)
    rules = spec.resolve(preset, overrides)
    for seed in range({"biga": 4, "daguailuzi": 5}.get(key, 12)):
        _check(spec, rules, seed)


@pytest.mark.slow
@pytest.mark.parametrize(("key", "preset", "overrides"), CASES)
def test_the_words_add_up_over_many_deals(
    key: str, preset: str | None, overrides: dict[str, str]
) -> None:
    spec = get_game(key)
    rules = spec.resolve(preset, overrides)
    for seed in range(100, 100 + {"biga": 30, "daguailuzi": 30}.get(key, 100)):
        _check(spec, rules, seed)


def test_names_and_languages() -> None:
    spec = get_game("doudizhu")
    deal = _finished(spec, spec.resolve("classic"), 1)
    lord = deal.outcome.landlord
    names = [Msg("You") if s == 0 else f"Bot {s}" for s in range(3)]
    lines = spec.explain(deal, names)
    assert any(("You" if lord == 0 else f"Bot {lord}") in line for line in lines)
    zh = [line.text("zh") for line in lines]
    assert zh[0].startswith("倍数") and "地主" in zh[1]
    with pytest.raises(ValueError, match="2 names for 3 seats"):
        spec.explain(deal, ["a", "b"])


def test_a_deal_not_over_and_a_game_without_words_explain_nothing() -> None:
    spec = get_game("bigtwo")
    assert spec.explain(spec.new_deal(spec.resolve(), 0)) == ()
    assert all(s.explain_score is not None for s in all_games() if s.key in BUILTIN)


def test_big_two_penalties_in_words() -> None:
    from chupai.bigtwo.rules import PRESETS
    from chupai.bigtwo.scoring_words import _loser
    from chupai.cards import parse_mask

    standard, taiwan = PRESETS["standard"], PRESETS["taiwan"]
    eleven = parse_mask("3D 4D 5D 6D 7D 8D 9D TD JD QD KD")
    assert (
        _loser(standard, "Bob", eleven, False) == "Bob: 11 cards left, doubled for 11 or more → 22"
    )
    assert (
        _loser(standard, "Bob", parse_mask("3D 4D"), True)
        == "Bob: 2 cards left, none played, tripled → 6"
    )
    hand = parse_mask("2D KS KH KD KC 3D 4D 5C 6H 8S 9D")
    line = _loser(taiwan, "Cy", hand, False)
    assert (
        line
        == "Cy: 11 cards left × 2 (1 two) × 2 (four of a kind or straight flush) × 2 (10 or more cards) = 88"
    )
    assert line.text("zh").startswith("Cy：剩 11 张 × 2（1 张 2）")


def test_big_two_worked_example_of_taiwan_basic() -> None:
    """``bigtwo.md`` §11.2: the winner went out with the single 2C, every penalty
    doubles: 4, 40, 176; the winner +220."""
    from types import SimpleNamespace

    from chupai.bigtwo.combos import ComboKind
    from chupai.bigtwo.rules import PRESETS
    from chupai.bigtwo.scoring_words import explain
    from chupai.cards import parse_mask

    hands = [
        parse_mask(h) for h in ("", "5D 9C", "2S 2H 7D 8C 9S", "2D KS KH KD KC 3D 4D 5C 6H 8S 9D")
    ]
    out = SimpleNamespace(redeal=False, winner=0, instant_win=None, liable=None)
    play = SimpleNamespace(mask=parse_mask("2C"), kind=ComboKind.SINGLE)
    deal = SimpleNamespace(
        outcome=out,
        rules=PRESETS["taiwan"],
        players=4,
        win_hands=hands,
        win_played=[1] * 4,
        winning_play=play,
    )
    got = explain(deal, ["W", "L1", "L2", "L3"])
    assert got.scores == (220, -4, -40, -176)
    assert "W went out with a 2: every penalty × 2" in got.lines
    assert got.lines[-1] == "Every loser pays their penalty to W: 4 + 40 + 176 = +220"
    assert got.lines[-1].text("ja") == "負けた全員がペナルティを W に払う：4 + 40 + 176 = +220"


@pytest.mark.parametrize(
    ("facts", "words", "unit"),
    [
        (
            {"bid": 3, "bombs": 2, "spring": True},
            "Stake 24 = bid 3 × 4 (2 bombs) × 2 (spring)",
            24,
        ),
        (
            {"bid": 2, "robs": 2, "anti_spring": True},
            "Stake 24 = bid 2 × 6 (2 robs) × 2 (anti-spring)",
            24,
        ),
        (
            {"bid": 1, "doubled": True, "shown": True},
            "Stake 4 = bid 1 × 2 (明牌) × 2 (doubled after a redeal)",
            4,
        ),
    ],
)
def test_dou_dizhu_factors(facts: dict[str, Any], words: str, unit: int) -> None:
    from types import SimpleNamespace

    from chupai.doudizhu.rules import PRESETS
    from chupai.doudizhu.scoring_words import explain

    won = not facts.get("anti_spring", False)
    out = SimpleNamespace(
        redeal=False,
        landlord=1,
        landlord_won=won,
        bid=facts["bid"],
        robs=facts.get("robs", 0),
        bombs=facts.get("bombs", 0),
        spring=facts.get("spring", False),
        anti_spring=facts.get("anti_spring", False),
        doubled=2 if facts.get("doubled") else 1,
    )
    deal = SimpleNamespace(
        outcome=out, rules=PRESETS["classic"], players=3, shown=facts.get("shown", False)
    )
    got = explain(deal)
    assert got.lines[0] == words
    sign = 1 if won else -1
    assert got.scores == (-sign * unit, 2 * sign * unit, -sign * unit)


def test_dou_dizhu_redeal_doubles_the_next_deal() -> None:
    from types import SimpleNamespace

    from chupai.doudizhu.scoring_words import explain

    deal = SimpleNamespace(outcome=SimpleNamespace(redeal=True, next_doubled=True), players=3)
    got = explain(deal)
    assert got.scores == (0, 0, 0) and got.lines[-1] == "The next deal counts double"


def test_big_a_alone_with_two_aces_shown() -> None:
    """``biga.md`` §10.4 example 6: a 反大A declarer is last: −64, each defender +16."""
    from types import SimpleNamespace

    from chupai.biga.rules import STANDARD
    from chupai.biga.scoring_words import explain

    out = SimpleNamespace(
        redeal=False,
        finishing_order=(0, 1, 2, 3, 4),
        declarer=4,
        alone=True,
        two_shown=True,
        went_out=4,
    )
    got = explain(SimpleNamespace(outcome=out, rules=STANDARD, players=5))
    assert got.scores == (16, 16, 16, 16, -64)
    assert got.lines[-1] == "Two Big Aces shown, doubled: declarer −64, each defender +16"


def test_daguailuzi_levels_at_the_target() -> None:
    """A team that scores at the target level wins the match; under
    ``level_advance=trapped`` a level stops at the target."""
    from chupai.daguailuzi.scoring_words import explain

    spec = get_game("daguailuzi")
    for levels, overrides, want in (
        ((12, 12), {}, "Team {team} scored at the target level {level}: it wins the match"),
        (
            (11, 11),
            {"level_advance": "trapped"},
            "Team {team}: level {start} → {after} (stops at the target level)",
        ),
    ):
        rules = spec.resolve("shanghai", {"only_offense_scores": "false", **overrides})
        seen: set[str] = set()
        for seed in range(12):
            deal = spec.new_deal(rules, seed, levels=levels)
            bot = make_bot("random", seed=seed, game="daguailuzi")
            while not deal.is_terminal():
                deal.apply_action(bot.act(deal.observe(deal.current_player), deal.legal_actions()))
            got = explain(deal)
            assert got.scores == deal.outcome.scores
            seen.update(line.template for line in got.lines)
            if want in seen:
                break
        assert want in seen


@pytest.mark.parametrize("page", ["architecture", "bigtwo", "doudizhu", "biga", "daguailuzi"])
def test_the_pages_examples_run(page: str) -> None:
    import doctest
    from pathlib import Path

    path = Path(__file__).parents[2] / "docs" / f"{page}.md"
    result = doctest.testfile(str(path), module_relative=False)
    assert result.attempted >= 5 and result.failed == 0
