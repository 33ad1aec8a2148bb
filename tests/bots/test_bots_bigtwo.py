"""Big Two bots and the bot registry: names, parameters and games; the heuristic
bot's plan, its tactics, its legality in every phase and option, its
determinism, and its strength against the greedy and random bots."""

from __future__ import annotations

import dataclasses
import math
import sys
import time
import types
from typing import Any

import pytest

from chupai.bigtwo.combos import Combo, classify
from chupai.bigtwo.game import PASS, BigTwoDeal, Choice, Phase, new_deal
from chupai.bigtwo.movegen import legal_plays
from chupai.bigtwo.rules import PRESETS, resolve
from chupai.bots import GreedyBot, RandomBot, bot_names, make_bot, parse_bot_spec, split_bot_list
from chupai.bots.bigtwo_heuristic import BigTwoHeuristicBot, control, decompose
from chupai.cards import format_cards, parse_mask
from chupai.errors import ChupaiError

STD = PRESETS["standard"]


def play_out(deal: BigTwoDeal, bots: list[Any], check: bool = True) -> BigTwoDeal:
    """Play ``deal`` to the end; each bot sees its seat's observation only."""
    while not deal.is_terminal():
        seat = deal.current_player
        legal = deal.legal_actions()
        action = bots[seat].act(deal.observe(seat), legal)
        if check:
            assert action in legal, (deal.action_text(action), deal)
            deal.apply_action(action)
        else:
            deal.apply_unchecked(action)
    return deal


# ----- the registry -----------------------------------------------------------------------


def test_bot_names_per_game_and_alias() -> None:
    assert bot_names() == [
        "random",
        "greedy",
        "heuristic",
        "search",
        "expert",
        "dmc",
        "shed",
        "control",
        "passer",
        "breaker",
    ]
    assert bot_names("Big2") == bot_names("bigtwo")
    assert bot_names("doudizhu") == [
        "random",
        "greedy",
        "heuristic",
        "search",
        "expert",
        "dmc",
        "rlcard",
    ]


def test_make_bot_keeps_the_two_argument_call() -> None:
    assert isinstance(make_bot("random", 3), RandomBot)
    assert isinstance(make_bot("greedy", 3), GreedyBot)
    assert isinstance(make_bot(" Heuristic ", 3), BigTwoHeuristicBot)
    assert isinstance(make_bot("heuristic", seed=3, game="big-two"), BigTwoHeuristicBot)
    assert make_bot("heuristic").name == "heuristic"


def test_random_bot_is_shared_by_the_games() -> None:
    bot = make_bot("random", 1, game="doudizhu")
    assert isinstance(bot, RandomBot)
    assert bot.act(None, ["a"]) == "a"


def test_doudizhu_bots_load_lazily() -> None:
    dd = pytest.importorskip("chupai.bots.doudizhu")
    assert isinstance(make_bot("greedy", 2, game="doudizhu"), dd.DouDizhuGreedyBot)
    ddh = pytest.importorskip("chupai.bots.doudizhu_heuristic")
    assert isinstance(make_bot("heuristic", 2, game="ddz"), ddh.DouDizhuHeuristicBot)


@pytest.mark.parametrize(
    "name,game,needle",
    [
        (
            "nobody",
            "bigtwo",
            "unknown bot 'nobody' for bigtwo; bots: random, greedy, heuristic, search, expert, dmc",
        ),
        ("greedy", "chess", "unknown game 'chess'"),
        ("greedy:depth=2", "bigtwo", "bot 'greedy' takes no parameters"),
        ("heuristic:x=1", "bigtwo", "bot 'heuristic' takes no parameters"),
        ("search:ms", "bigtwo", "bad bot parameter 'ms'"),
        ("search:ms=1,ms=2", "bigtwo", "given twice"),
        (":ms=1", "bigtwo", "expected NAME"),
    ],
)
def test_bad_bot_specs_raise_chupai_errors(name: str, game: str, needle: str) -> None:
    with pytest.raises(ChupaiError, match=needle.replace("(", r"\(")):
        make_bot(name, 1, game=game)


def test_parameters_are_parsed_into_keyword_arguments() -> None:
    assert parse_bot_spec("search:ms=200") == ("search", {"ms": 200})
    assert parse_bot_spec("Search: playouts=100, determinizations=8 ; c=1.5; fast=true; x=abc") == (
        "search",
        {"playouts": 100, "determinizations": 8, "c": 1.5, "fast": True, "x": "abc"},
    )
    assert parse_bot_spec("random") == ("random", {})
    assert split_bot_list("search:playouts=100,determinizations=8,heuristic, greedy") == [
        "search:playouts=100,determinizations=8",
        "heuristic",
        "greedy",
    ]
    assert split_bot_list("random") == ["random"]


class _FakeSearch:
    name = "search"

    def __init__(
        self,
        seed: int | None = None,
        game: str = "bigtwo",
        *,
        ms: int = 1000,
        playouts: int | None = None,
    ):
        self.args = (seed, game, ms, playouts)


def test_search_parameters_reach_the_factory(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = types.ModuleType("chupai.bots.search")
    fake.SearchBot = _FakeSearch  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "chupai.bots.search", fake)
    bot = make_bot("search:ms=200,playouts=7", 5, game="doudizhu")
    assert isinstance(bot, _FakeSearch) and bot.args == (5, "doudizhu", 200, 7)
    assert make_bot("search", 1).args == (1, "bigtwo", 1000, None)  # type: ignore[attr-defined]
    with pytest.raises(
        ChupaiError, match="unknown parameter 'depth' for bot 'search'; parameters: ms, playouts"
    ):
        make_bot("search:depth=3", 1)


def test_a_missing_bot_module_is_a_chupai_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "chupai.bots.search", None)  # import fails
    with pytest.raises(ChupaiError, match="bot 'search' is not available for bigtwo"):
        make_bot("search", 1)


def test_registry_builds_the_same_greedy_and_random_bots() -> None:
    def history(bots: list[Any]) -> list[str]:
        deal = play_out(new_deal(STD, 21), bots)
        return [deal.action_text(ev.action) for ev in deal.history]

    assert history([make_bot("greedy", s) for s in range(4)]) == history(
        [GreedyBot(s) for s in range(4)]
    )
    assert history([make_bot("random", s) for s in range(4)]) == history(
        [RandomBot(s) for s in range(4)]
    )


# ----- the plan ---------------------------------------------------------------------------


def plays_text(plan: Any) -> list[str]:
    return sorted(format_cards(m) for m, _ in plan.plays)


def test_plan_keeps_combinations_together() -> None:
    plan = decompose(parse_mask("3D 4C 5H 6S 7D 9C 9D 2S"), STD)
    assert plays_text(plan) == ["2S", "3D 4C 5H 6S 7D", "9D 9C"]
    plan = decompose(parse_mask("5D 5C 5H KD KS 8C"), STD)
    assert plays_text(plan) == ["5D 5C 5H KD KS", "8C"]


def test_plan_finds_two_five_card_hands_that_only_pay_together() -> None:
    # each flush alone splits two pairs; both flushes together leave one single
    hand = parse_mask("6H 7H 9H KH AH 5S 6S 9S QS KS 3C")
    plan = decompose(hand, STD, known=parse_mask("2D 2C 2H 2S AD AC"), opponents=[4, 3, 2])
    assert plays_text(plan) == ["3C", "5S 6S 9S QS KS", "6H 7H 9H KH AH"]


def test_plan_respects_the_rules() -> None:
    taiwan = PRESETS["taiwan"]  # no triples
    plan = decompose(parse_mask("8D 8C 8H"), taiwan)
    assert sorted(m.bit_count() for m, _ in plan.plays) == [1, 2]
    assert [m.bit_count() for m, _ in decompose(parse_mask("8D 8C 8H"), STD).plays] == [3]


def test_control_follows_the_unseen_cards_and_the_counts() -> None:
    two = classify(parse_mask("2S"), STD)
    ace = classify(parse_mask("AS"), STD)
    hand = parse_mask("AS 2S 3D")
    assert control(two, hand, STD) == 1.0
    assert control(ace, hand, STD) < 0.1  # three 2s are out
    assert control(ace, hand, STD, known=parse_mask("2D 2C 2H")) == 1.0
    pair = classify(parse_mask("3D 3C"), STD)
    assert control(pair, parse_mask("3D 3C"), STD) < 0.01
    assert control(pair, parse_mask("3D 3C"), STD, opponents=[1, 1, 1]) == 1.0
    straight = classify(parse_mask("3D 4C 5H 6S 7D"), STD)
    early = control(straight, straight.mask, STD)
    late = control(straight, straight.mask, STD, opponents=[6, 5, 5])
    assert early < 0.1 < late < 1.0
    assert control(straight, straight.mask, STD, opponents=[4, 4, 3]) == 1.0


# ----- tactics ------------------------------------------------------------------------------


def situation(
    hand: str,
    *,
    top: str | None = None,
    top_player: int | None = None,
    counts: tuple[int, ...] = (13, 13, 13, 13),
    played: str = "",
    rules: Any = STD,
) -> tuple[Any, list[Any]]:
    """An observation of seat 0 in the play phase, and its legal actions."""
    base = new_deal(rules, 1).observe(0)
    mask = parse_mask(hand)
    top_combo = classify(parse_mask(top), rules) if top else None
    gone = parse_mask(played) if played else 0
    obs = dataclasses.replace(
        base,
        hand=mask,
        hand_counts=(mask.bit_count(),) + counts[1:],
        played=(0, gone, 0, 0),
        top=top_combo,
        top_player=top_player,
        current_player=0,
        must_contain=0,
        phase=Phase.PLAY,
    )
    legal: list[Any] = list(legal_plays(mask, rules, top_combo))
    if top_combo is not None:
        legal.append(PASS)
    return obs, legal


def act(hand: str, **kw: Any) -> str:
    obs, legal = situation(hand, **kw)
    action = BigTwoHeuristicBot(0).act(obs, legal)
    assert action in legal
    return "pass" if action == PASS else format_cards(action.mask)


def test_goes_out_when_the_hand_is_one_play() -> None:
    assert act("4D 4C 4H 9S 9D", top="3D 3C 3H 8S 8D", top_player=1) == "4D 4C 4H 9D 9S"
    assert act("5S 5H") == "5H 5S"


def test_follows_a_single_without_breaking_combinations() -> None:
    hand = "3D 4C 5H 6S 7D 9C 9D JS KH"
    assert act(hand, top="8D", top_player=1) == "JS"


def test_keeps_its_two_early_and_plays_it_to_run_out() -> None:
    early = "3D 4C 5H 6S 7D 9C 9D JS 2S"
    assert act(early, top="AH", top_player=1) == "pass"
    # late: the 2 wins the trick, then the straight goes out
    assert (
        act("3D 4C 5H 6S 7D 2S", top="AH", top_player=1, counts=(6, 3, 3, 4), played="2D 2C 2H")
        == "2S"
    )


def test_blocks_a_player_about_to_go_out() -> None:
    # seat 1 has one card: the highest single goes, even a 2
    assert act("3D 8C JD 2H", top="9S", top_player=1, counts=(4, 1, 5, 5)) == "2H"
    # leading with a one-card opponent: a pair, not a single
    assert act("3D 5C 5S 9H", counts=(4, 1, 5, 5)) == "5C 5S"


def test_leads_the_weak_part_of_the_plan_and_keeps_control() -> None:
    # a pair of 2s and a lone ace stay; the lowest loose play leads
    lead = act("4D 4C 6H 9S JD AS 2D 2S")
    assert "2" not in lead and "A" not in lead


def test_leads_the_starting_card_in_a_combination() -> None:
    deal = BigTwoDeal.from_hands(
        STD,
        [
            parse_mask("3D 4C 5H 6S 7D 8C 8D 9S TS JS QD KD AD"),
            parse_mask("3C 4D 5D 6D 7C 8H 9D TD JD QC KC AC 2D"),
            parse_mask("3H 4H 5C 6C 7H 8S 9C TC JC QH KH AH 2C"),
            parse_mask("3S 4S 5S 6H 7S 9H TH JH QS KS AS 2H 2S"),
        ],
    )
    action = BigTwoHeuristicBot(0).act(deal.observe(0), deal.legal_actions())
    assert action.mask & parse_mask("3D") and action.mask.bit_count() == 5


# ----- legality, phases, determinism --------------------------------------------------------

CONFIGS: list[tuple[str, dict[str, str], set[str]]] = [
    ("standard", {}, set()),
    ("hongkong", {}, set()),
    ("taiwan", {}, set()),
    ("mainland", {}, set()),
    ("standard", {"players": "3", "leftover_rule": "malaysian"}, {"leftover"}),
    ("taiwan", {"players": "3"}, {"leftover"}),
    ("standard", {"players": "2"}, set()),
    ("standard", {"players": "3", "hand_size": "9"}, set()),
    ("standard", {"pre_exchange": "true"}, {"pre_exchange"}),
    ("standard", {"series": "class_struggle"}, {"class_exchange"}),
    (
        "standard",
        {"series": "class_struggle", "class_exchange": "demand", "class_protect_cards": "true"},
        {"class_exchange"},
    ),
    ("standard", {"series": "tribute"}, {"choose_hands"}),
    ("standard", {"series": "tribute", "tribute_method": "one_card"}, {"tribute"}),
    ("standard", {"series": "tribute", "tribute_method": "two_cards"}, {"tribute"}),
    ("standard", {"series": "tribute", "tribute_method": "draw_three"}, {"tribute"}),
    ("standard", {"redeal_max_points": "20"}, {"redeal"}),
    ("standard", {"ding_da": "enforce", "last_card_call": "true"}, set()),
    (
        "standard",
        {"ding_da": "penalty", "repeat_lead_lock": "true", "play_until": "last_remaining"},
        set(),
    ),
    ("standard", {"four_card_play": "quad"}, set()),
    ("standard", {"four_card_play": "two_pair", "allow_two_pair_kicker": "true"}, set()),
    ("standard", {"scoring": "taiwan_plus_minus", "settlement": "negated_penalty"}, set()),
    (
        "standard",
        {"allow_flush": "false", "allow_triples": "false", "straight_order": "jqka2_high"},
        set(),
    ),
]


def sweep(preset: str, overrides: dict[str, str], seeds: range) -> tuple[set[str], float]:
    """Play ``seeds`` deals (odd seeds as later deals of a series) with the heuristic
    bot in every seat; return the phases met and the slowest decision."""
    rules = resolve(preset, overrides)
    n = rules.players
    phases: set[str] = set()
    slowest = 0.0
    for seed in seeds:
        later = seed % 2 == 1
        kw: dict[str, Any] = {}
        if later:
            kw = {
                "first_deal": False,
                "leader": seed % n,
                "ranking": tuple((seed + i) % n for i in range(n)),
            }
        deal = new_deal(rules, seed, **kw)
        bots = [BigTwoHeuristicBot(seed * 10 + s) for s in range(n)]
        while not deal.is_terminal():
            seat = deal.current_player
            legal = deal.legal_actions()
            phases.add(deal.phase.value)
            obs = deal.observe(seat)
            t0 = time.perf_counter()
            action = bots[seat].act(obs, legal)
            slowest = max(slowest, time.perf_counter() - t0)
            assert action in legal, (preset, overrides, seed, deal.action_text(action))
            deal.apply_action(action)
        assert deal.outcome is not None
    return phases, slowest


@pytest.mark.parametrize("preset,overrides,phases", CONFIGS)
def test_heuristic_plays_legally_in_every_phase(
    preset: str, overrides: dict[str, str], phases: set[str]
) -> None:
    seen, _ = sweep(preset, overrides, range(6))
    assert "play" in seen
    assert phases <= seen, f"phases not met: {phases - seen}"


@pytest.mark.slow
@pytest.mark.parametrize("preset,overrides,phases", CONFIGS)
def test_heuristic_plays_legally_over_many_deals(
    preset: str, overrides: dict[str, str], phases: set[str]
) -> None:
    seen, _ = sweep(preset, overrides, range(6, 106))
    assert phases <= seen


def test_heuristic_is_deterministic_given_its_seed() -> None:
    def history(seed: int) -> list[str]:
        deal = play_out(new_deal(STD, 33), [BigTwoHeuristicBot(seed + s) for s in range(4)])
        return [deal.action_text(ev.action) for ev in deal.history]

    assert history(5) == history(5)


def test_heuristic_sees_only_its_observation() -> None:
    """Two deals that differ only in the other seats' hands look the same to seat 0,
    so its decisions (the first lead and the first follow) are the same."""
    rng_hands = [new_deal(STD, s).hands for s in (40, 41)]
    mine = parse_mask("3D 4C 5H 6S 8D 9C 9S JH QD QS KC AD 2C")
    rest = [c for c in range(52) if not mine >> c & 1]
    decisions = []
    for order in (rest, rest[::-1]):
        others = [sum(1 << c for c in order[k::3]) for k in range(3)]
        deal = BigTwoDeal.from_hands(STD, [mine, *others])
        first = BigTwoHeuristicBot(1).act(deal.observe(0), deal.legal_actions())
        decisions.append(first)
    assert rng_hands[0] != rng_hands[1]
    assert decisions[0] == decisions[1]


def test_heuristic_is_fast() -> None:
    _, slowest = sweep("standard", {}, range(100, 106))
    assert slowest < 0.25  # typically well under 5 ms; generous for loaded machines
    rules = STD
    deal = new_deal(rules, 77)
    bot = BigTwoHeuristicBot(0)
    spent = 0.0
    decisions = 0
    while not deal.is_terminal():
        seat = deal.current_player
        legal = deal.legal_actions()
        obs = deal.observe(seat)
        t0 = time.perf_counter()
        action = bot.act(obs, legal)
        spent += time.perf_counter() - t0
        decisions += 1
        deal.apply_action(action)
    assert spent / decisions < 0.02


# ----- strength -----------------------------------------------------------------------------


def duel(hero: str, villain: str, deals: int, preset: str = "standard") -> tuple[float, float]:
    """``hero`` in one seat against ``villain`` in the others, each deal played once
    with the hero in every seat (duplicate deals): (win rate, average score)."""
    rules = PRESETS[preset]
    n = rules.players
    wins = 0
    score = 0
    counted = 0
    for k in range(deals):
        for hero_seat in range(n):
            deal = new_deal(rules, 5000 + k)
            bots = [make_bot(hero if s == hero_seat else villain, 97 * k + s) for s in range(n)]
            play_out(deal, bots, check=False)
            out = deal.outcome
            assert out is not None
            if out.redeal:
                continue
            counted += 1
            wins += out.winner == hero_seat
            score += out.scores[hero_seat]
    return wins / counted, score / counted


def significantly_above(rate: float, games: int, p0: float) -> bool:
    """One-sided binomial z-test at about 1% (z > 2.33) against rate ``p0``."""
    return (rate - p0) / math.sqrt(p0 * (1 - p0) / games) > 2.33


def test_heuristic_beats_greedy() -> None:
    rate, score = duel("heuristic", "greedy", 150)  # 600 games
    assert significantly_above(rate, 600, 0.25), rate
    assert rate > 0.30
    assert score > 0


def test_greedy_beats_random() -> None:
    rate, score = duel("greedy", "random", 75)
    assert significantly_above(rate, 300, 0.25), rate
    assert rate > 0.5 and score > 0


def test_heuristic_beats_random() -> None:
    rate, score = duel("heuristic", "random", 75)
    assert rate > 0.5 and score > 0


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["hongkong", "taiwan", "mainland"])
def test_heuristic_beats_greedy_in_other_presets(preset: str) -> None:
    rate, _ = duel("heuristic", "greedy", 250, preset)
    assert significantly_above(rate, 1000, 0.25), rate


def test_phase_choices_are_sensible() -> None:
    bot = BigTwoHeuristicBot(0)
    # class struggle (swap): the King names the highest card it lacks, gives its lowest
    rules = resolve("standard", {"series": "class_struggle"})
    deal = new_deal(rules, 9, first_deal=False, ranking=(0, 1, 2, 3), leader=0)
    assert deal.phase is Phase.CLASS_EXCHANGE and deal.current_player == 0
    named = bot.act(deal.observe(0), deal.legal_actions())
    assert named.name == "name"
    held = deal.hands[0]
    missing_twos = [c for c in range(48, 52) if not held >> c & 1]
    if missing_twos:
        assert named.cards.bit_length() - 1 >= 44  # an ace or a 2
    # pre-exchange: one card, a low loose one
    rules = resolve("standard", {"pre_exchange": "true"})
    deal = new_deal(rules, 3)
    seat = deal.current_player
    give = bot.act(deal.observe(seat), deal.legal_actions())
    assert give.name == "give" and give.cards.bit_count() == 1
    assert give.cards.bit_length() - 1 < 36  # below the jacks
    # a redeal with a weak hand, keep with a strong one (and with four 2s)
    rules = resolve("standard", {"redeal_max_points": "20", "redeal_four_twos": "true"})
    base = new_deal(rules, 1).observe(0)
    offer = [Choice("keep"), Choice("redeal")]
    for hand, want in [
        ("3D 4C 5H 6S 8D 9C TS JH 3S 4H 6D 7C 9D", "redeal"),
        ("2D 2C AS AD KD KS QS 3D 4D 5D 6D 8D 9C", "keep"),
        ("2D 2C 2H 2S 3C 4H 5S 6D 7C 8H 9S TD JC", "keep"),
    ]:
        obs = dataclasses.replace(base, hand=parse_mask(hand), phase=Phase.REDEAL)
        assert bot.act(obs, offer).name == want, hand


def test_legal_plays_helper_matches_the_deal() -> None:
    obs, legal = situation("3D 3C 9S", top="4D", top_player=1)
    assert PASS in legal and all(isinstance(a, Combo) for a in legal if a != PASS)
