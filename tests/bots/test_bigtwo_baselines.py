"""The scripted Big Two baselines (:mod:`chupai.bots.games.bigtwo.baselines`): each
one's rule on constructed positions, the rules they share (going out, the "last
card" call, the other phases), and complete deals under every preset, table size
and two packs."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from chupai.bigtwo.combos import classify
from chupai.bigtwo.game import PASS, Choice, LastCard, Phase, new_deal
from chupai.bigtwo.movegen import legal_plays
from chupai.bigtwo.rules import PRESETS, resolve
from chupai.bots import bot_names, make_bot
from chupai.bots.games.bigtwo.baselines import BASELINES, ControlBot, PasserBot
from chupai.cards import format_cards, parse_mask
from chupai.protocol import get_game
from chupai.tournament import play_out

STD = PRESETS["standard"]
NAMES = ("shed", "control", "passer", "breaker")


def pick(
    bot: str,
    hand: str,
    *,
    top: str | None = None,
    counts: tuple[int, ...] = (13, 13, 13),
    rules: Any = STD,
) -> str:
    """What baseline ``bot`` plays in seat 0 holding ``hand`` (``top``: the play
    to beat, by seat 1; ``counts``: the other seats' cards)."""
    mask = parse_mask(hand)
    combo = classify(parse_mask(top), rules) if top else None
    obs = dataclasses.replace(
        new_deal(rules, 1).observe(0),
        hand=mask,
        hand_counts=(mask.bit_count(), *counts),
        top=combo,
        top_player=1 if top else None,
        current_player=0,
        must_contain=0,
        phase=Phase.PLAY,
    )
    legal: list[Any] = list(legal_plays(mask, rules, combo))
    if rules.last_card_call:  # as the deal offers it: the play, and the play with the call
        legal += [LastCard(c) for c in legal if c.size == mask.bit_count() - 1]
    if combo is not None:
        legal.append(PASS)
    action = make_bot(bot, 0).act(obs, legal)
    assert action in legal
    if isinstance(action, LastCard):
        return format_cards(action.play.mask) + " last"
    return "pass" if action == PASS else format_cards(action.mask)


def test_the_baselines_are_bot_levels_of_big_two_only() -> None:
    assert bot_names("bigtwo")[-4:] == list(NAMES) == list(BASELINES)
    assert "shed" not in bot_names("doudizhu")
    assert make_bot("passer:cheap=9", 1).cheap == 9
    with pytest.raises(TypeError, match="unknown parameter 'name'"):
        ControlBot(1, name="x")


def test_shed_plays_the_largest_play_and_never_passes() -> None:
    hand = "3D 4C 5H 6S 7D 9C 9D 2S"
    assert pick("shed", hand) == "3D 4C 5H 6S 7D"
    assert pick("shed", "3D 9C 9D JS 2S", top="8D") == "9D"
    assert pick("shed", "3D 9C 9D JS 2S", top="QH") == "2S"


def test_control_keeps_aces_twos_and_bombs_for_the_end() -> None:
    assert pick("control", "3D 9C JS AS 2S", top="8D") == "9C"
    assert pick("control", "3D 4C AS 2S", top="KD") == "pass"
    assert pick("control", "3D 4C AS 2S", top="KD", counts=(4, 2, 5)) == "AS"
    # a 5 would break the four 5s (a bomb): the 9 goes
    assert pick("control", "5D 5C 5H 5S 9D", top="4C") == "9D"
    # leading: the largest play of free cards with the weakest one
    assert pick("control", "4D 4C 6H 9S AS 2D") == "4D 4C"
    # only control cards left: it plays them
    assert pick("control", "AS AH 2S", top="KD") == "AH"


def test_passer_plays_only_cheap_cards_unless_pressed() -> None:
    assert pick("passer", "3D 6C JS KS", top="5D") == "6C"
    assert pick("passer", "3D TC JS KS", top="9D") == "pass"
    assert pick("passer", "3D TC JS KS", top="9D", counts=(8, 1, 8)) == "TC"
    assert pick("passer", "8D 8C JS KS", top="4D 4C") == "8D 8C"
    assert pick("passer", "3D 4C 5H 6S 7D 8H 9H", top="3C 4D 5D 6C 7C") == "pass"
    assert pick("passer", "3D 3C 5H JS") == "3D 3C"


def test_breaker_breaks_pairs_for_singles_and_leads_its_weakest_single() -> None:
    assert pick("breaker", "3D 9C 9D JS JH", top="8D") == "9D"
    assert pick("breaker", "3D 3C 4H 4S 5D") == "3D"
    assert pick("breaker", "3D 9C 9D JS JH", top="8D 8C") == "9D 9C"


@pytest.mark.parametrize("bot", NAMES)
def test_every_baseline_goes_out_and_calls_its_last_card(bot: str) -> None:
    assert pick(bot, "4D 4C 4H 9S 9D", top="3D 3C 3H 8S 8D") == "4D 4C 4H 9D 9S"
    calls = resolve("standard", {"last_card_call": "true"})
    assert pick(bot, "5D 6C", top="4D", rules=calls) == "5D last"
    lead = pick(bot, "3D 3C 5H", rules=calls)
    assert lead == ("3D" if bot == "breaker" else "3D 3C last")


@pytest.mark.parametrize("bot", NAMES)
def test_every_baseline_plays_every_preset_and_size(bot: str) -> None:
    for k, preset in enumerate(PRESETS):
        for players in (3, 4):
            rules = resolve(preset, {"players": str(players)})
            deal = play_out(new_deal(rules, seed=k), [make_bot(bot, s) for s in range(players)])
            assert deal.outcome is not None
    two = resolve("standard", {"players": "6", "packs": "2"})
    deal = play_out(new_deal(two, seed=2), [make_bot(bot, s) for s in range(6)])
    assert deal.outcome is not None and deal.outcome.winner is not None


def test_the_baselines_play_the_exchanges_of_a_series() -> None:
    rules = resolve("standard", {"series": "class_struggle"})
    match = get_game("bigtwo").new_match(rules, 4, deals=2)
    bots = [make_bot(n, s) for s, n in enumerate(NAMES)]
    while not match.is_over():
        play_out(match.next_deal(), bots)
    assert all(d.outcome is not None for d in match.deals)
    names = {ev.action.name for ev in match.deals[1].history if isinstance(ev.action, Choice)}
    assert "name" in names


def test_the_baselines_are_deterministic() -> None:
    rules = resolve("taiwan", {"players": "4"})
    a = play_out(new_deal(rules, seed=9), [make_bot(n, 1) for n in NAMES])
    b = play_out(new_deal(rules, seed=9), [make_bot(n, 2) for n in NAMES])
    assert a.history == b.history
    assert PasserBot.cheap == 7
