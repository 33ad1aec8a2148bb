"""RLCard's rule agent seated in chupai's Dou Dizhu (chupai.bots.rlcard_agent) and
the strength benchmark script. Skipped when rlcard is not installed.

The strongest checks drive RLCard's own ``DoudizhuGame`` and a chupai deal with the
same hands side by side: the state dict the adapter builds from a chupai
observation must equal the one RLCard's game hands its agent, key by key, and the
adapter must choose the same action as the agent inside RLCard's game for the same
numpy random state. About 10 s in all.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("rlcard")

import numpy as np  # noqa: E402  (rlcard depends on numpy)
from rlcard.games.doudizhu.game import DoudizhuGame  # noqa: E402
from rlcard.games.doudizhu.judger import DoudizhuJudger  # noqa: E402
from rlcard.games.doudizhu.utils import CARD_TYPE, get_gt_cards  # noqa: E402
from rlcard.models.doudizhu_rule_models import DouDizhuRuleAgentV1  # noqa: E402

from chupai.bots import RandomBot  # noqa: E402
from chupai.bots.rlcard_agent import (  # noqa: E402
    RLCardRuleBot,
    chupai_action,
    require_rlcard,
    rlcard_action,
    rlcard_cards,
    rlcard_state,
    rlcard_type,
)
from chupai.doudizhu.combos import Combo, parse_cards  # noqa: E402
from chupai.doudizhu.game import NO_ROB, PASS, SHOW, Bid, DouDizhuDeal, Phase, new_deal  # noqa: E402
from chupai.doudizhu.rules import PRESETS  # noqa: E402
from chupai.errors import ChupaiError  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CLASSIC = PRESETS["classic"]


class _Card:
    """Just enough of RLCard's Card for ``cards2str``: jokers have rank ''."""

    def __init__(self, ch: str):
        self.rank, self.suit = ("", {"B": "BJ", "R": "RJ"}[ch]) if ch in "BR" else (ch, "S")


class _Player:
    def __init__(self, hand: str = "", played: str = ""):
        self.current_hand = [_Card(c) for c in hand]
        self.played_cards = played


def rlcard_moves(hand: str, top: str | None) -> list[str]:
    """RLCard's own legal actions for ``hand`` (leading when ``top`` is None)."""
    if top is None:
        return sorted(DoudizhuJudger.playable_cards_from_hand(hand))
    return list(get_gt_cards(_Player(hand), _Player(played=top)))


def play_positions(seeds: range, rng_seed: int = 1):
    """Yield ``(deal, legal)`` at every play-phase decision of random games
    (the first bidder bids 3, nobody robs; then uniformly random play)."""
    rng = random.Random(rng_seed)
    for seed in seeds:
        deal = new_deal(CLASSIC, seed)
        while not deal.is_terminal():
            legal = deal.legal_actions()
            if deal.phase is not Phase.PLAY:
                deal.apply_action(Bid(3) if Bid(3) in legal else NO_ROB)
                continue
            yield deal, legal
            choices = [a for a in legal if a != SHOW]
            deal.apply_action(choices[rng.randrange(len(choices))])


# ----- notation -------------------------------------------------------------------------


def test_card_and_action_strings() -> None:
    assert rlcard_cards(parse_cards("RJ 2 3 T 3 BJ 4", CLASSIC)) == "334T2BR"
    assert rlcard_cards(0) == ""
    deal = new_deal(CLASSIC, 0)
    assert rlcard_action(PASS) == "pass"
    with pytest.raises(ChupaiError):
        rlcard_action(Bid(1))
    with pytest.raises(ChupaiError):
        rlcard_action(SHOW)
    trio = deal.parse_action("7 7 7 3")
    assert rlcard_action(trio) == "3777" and rlcard_type(trio) == "trio_solo"
    plane = deal.parse_action("3 3 3 4 4 4 5 5 6 6 airplane_pairs")
    assert rlcard_action(plane) == "3334445566" and rlcard_type(plane) == "trio_pair_chain_2"
    assert rlcard_type(deal.parse_action("3 4 5 6 7 8")) == "solo_chain_6"
    assert rlcard_type(deal.parse_action("BJ RJ")) == "rocket"


def test_every_legal_play_round_trips_and_matches_rlcards_moves() -> None:
    """At every position of many random games: each legal chupai play becomes an
    RLCard action string of one of its RLCard readings and comes back as a legal
    play with the same cards; the set of strings is exactly RLCard's own legal
    set for that hand and top play, and the adapter's ``actions`` list equals
    RLCard's ``get_gt_cards`` list (order included) when following."""
    positions = 0
    for deal, legal in play_positions(range(120)):
        positions += 1
        seat = deal.current_player
        hand = rlcard_cards(deal.hands[seat])
        top = rlcard_cards(deal.top.cards) if deal.top is not None else None
        plays = [a for a in legal if isinstance(a, Combo)]
        strings = set()
        for a in plays:
            s = rlcard_action(a)
            strings.add(s)
            assert s in CARD_TYPE[2], (deal, a)
            back = chupai_action(s, legal)
            assert back in legal and back.cards == a.cards
            if sum(1 for b in plays if b.cards == a.cards) == 1:
                assert back == a
                assert rlcard_type(a) in [t for t, _ in CARD_TYPE[0][s]]
        theirs = rlcard_moves(hand, top)
        state = rlcard_state(deal.observe(seat), legal)
        if top is None:
            assert strings == set(theirs)
            assert sorted(state["raw_obs"]["actions"]) == theirs
            with pytest.raises(ChupaiError):
                chupai_action("pass", legal)
        else:
            assert strings | {"pass"} == set(theirs)
            assert state["raw_obs"]["actions"] == theirs
            assert chupai_action("pass", legal) == PASS
    assert positions > 3000


def test_state_and_choices_match_rlcards_own_game() -> None:
    """RLCard's game and a chupai deal with the same hands (RLCard's seat 0 is
    the landlord: in chupai it bids 1 and the others pass), played in lockstep
    with the agent's choices: the adapter's raw state equals RLCard's at every
    step, every key, and the adapter chooses what the agent chooses inside
    RLCard's game from the same numpy random state."""
    agent = DouDizhuRuleAgentV1()
    to_cards = {
        ch: parse_cards(tok, CLASSIC)
        for ch, tok in zip("3456789TJQKA2BR", "3 4 5 6 7 8 9 T J Q K A 2 BJ RJ".split())
    }

    def cards(text: str) -> int:
        return sum(to_cards[c] for c in text)

    steps = 0
    followed = 0
    for seed in range(40):
        game = DoudizhuGame()
        game.np_random = np.random.RandomState(seed)
        game.init_game()
        kitty = game.round.seen_cards
        hands = [cards(p.initial_hand) for p in game.players]
        hands[0] -= cards(kitty)
        deal = DouDizhuDeal.from_hands(CLASSIC, hands, cards(kitty), first_bidder=0)
        for a in (Bid(1), PASS, PASS):
            deal.apply_action(a)
        assert deal.phase is Phase.PLAY and deal.landlord == 0
        bot = RLCardRuleBot(seed)
        k = 0
        while not game.is_over():
            seat = game.round.current_player
            assert seat == deal.current_player
            theirs = game.get_state(seat)
            obs, legal = deal.observe(seat), deal.legal_actions()
            mine = rlcard_state(obs, legal)["raw_obs"]
            assert set(mine) == set(theirs)
            for key, value in theirs.items():
                if key == "actions" and deal.top is None:
                    assert sorted(mine[key]) == sorted(value)
                elif key == "played_cards":
                    assert mine[key] == list(value)
                elif key == "trace":
                    assert mine[key] == [tuple(x) for x in value]
                else:
                    assert mine[key] == value, (seed, k, key)
            followed += deal.top is not None
            k += 1
            np.random.seed(k)
            native = str(agent.step({"raw_obs": theirs}))
            bot._ensure_agent()
            bot._np_state = np.random.RandomState(k).get_state()
            action = bot.act(obs, legal)
            assert rlcard_action(action) == native, (seed, k)
            game.step(native)
            deal.apply_action(action)
            steps += 1
        assert deal.is_terminal() and deal.outcome is not None
        assert deal.outcome.winner == game.winner_id
    assert steps > 1000 and followed > 500


# ----- the bot in whole games ---------------------------------------------------------------


def play_game(seed: int, bots: list[Any]) -> DouDizhuDeal:
    deal = new_deal(CLASSIC, seed)
    while not deal.is_terminal():
        seat = deal.current_player
        legal = deal.legal_actions()
        action = bots[seat].act(deal.observe(seat), legal)
        assert action in legal
        deal.apply_action(action)
    return deal


def test_adapter_plays_whole_games_legally_and_reproducibly() -> None:
    np.random.seed(12345)
    before = np.random.get_state()[1].copy()
    histories = []
    played = 0
    for seed in range(30):
        mixed = seed % 2 == 1
        bots = (
            [RLCardRuleBot(seed), RandomBot(seed), RLCardRuleBot(seed + 100)]
            if mixed
            else [RLCardRuleBot(seed * 3 + s) for s in range(3)]
        )
        deal = play_game(seed, bots)
        assert deal.outcome is not None
        if not mixed:
            assert SHOW not in [e.action for e in deal.history]
        if not deal.outcome.redeal:
            played += 1
            assert sum(deal.outcome.scores) == 0
        histories.append(deal.history)
    assert played >= 20
    again = [
        play_game(seed, [RLCardRuleBot(seed * 3 + s) for s in range(3)]).history
        for seed in range(0, 30, 2)
    ]
    assert again == histories[0::2]
    # numpy's global random state is left alone
    assert (np.random.get_state()[1] == before).all()


def test_bidding_is_delegated_and_show_never_chosen() -> None:
    deal = new_deal(CLASSIC, 11)
    bot = RLCardRuleBot(3)
    legal = deal.legal_actions()
    assert bot.act(deal.observe(deal.current_player), legal) in legal
    # a landlord's first lead offers show; the agent plays a card instead
    deal = new_deal(CLASSIC, 11)
    while deal.phase is not Phase.PLAY:
        deal.apply_action(Bid(3) if Bid(3) in deal.legal_actions() else NO_ROB)
    legal = deal.legal_actions()
    assert SHOW in legal
    action = bot.act(deal.observe(deal.current_player), legal)
    assert isinstance(action, Combo)
    # the rule agent leads a play holding its lowest card
    hand = deal.hands[deal.current_player]
    lowest = min(r for r in range(15) if (hand >> 5 * r) & 31)
    assert (action.cards >> 5 * lowest) & 31


def test_errors() -> None:
    four = new_deal(PRESETS["four_player"], 1)
    with pytest.raises(ChupaiError, match="classic"):
        RLCardRuleBot(0).act(four.observe(four.current_player), four.legal_actions())
    deal = new_deal(CLASSIC, 2)
    with pytest.raises(ChupaiError, match="phase"):
        rlcard_state(deal.observe(0), deal.legal_actions())
    while deal.phase is not Phase.PLAY:
        deal.apply_action(Bid(3) if Bid(3) in deal.legal_actions() else NO_ROB)
    legal = deal.legal_actions()
    absent = next(
        s
        for s in ("BR", "2222", "AAAA", "3333")
        if s not in {rlcard_action(a) for a in legal if isinstance(a, Combo)}
    )
    with pytest.raises(ChupaiError, match="not a legal play"):
        chupai_action(absent, legal)
    with pytest.raises(ChupaiError, match="not an RLCard card string"):
        chupai_action("3X", legal)


def test_missing_rlcard_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "rlcard.models", None)
    monkeypatch.setitem(sys.modules, "rlcard.models.doudizhu_rule_models", None)
    with pytest.raises(ChupaiError, match="pip install rlcard"):
        require_rlcard()


# ----- the benchmark script -------------------------------------------------------------------


def run_bench(*args: str) -> dict[str, Any]:
    proc = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "strength_doudizhu.py"),
            "--protocol",
            "chupai",
            *args,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    data = json.loads(proc.stdout.strip().splitlines()[-1])
    assert isinstance(data, dict)
    return data


@pytest.mark.slow  # about 6 s: two benchmark runs in child processes
def test_strength_benchmark_smoke() -> None:
    one = run_bench("--games", "24", "--bots", "greedy", "--chunk", "5")
    two = run_bench(
        "--games", "24", "--bots", "greedy", "--chunk", "5", "--workers", "2", "--no-native"
    )
    assert one["games"] == 24 and one["benchmark"] == "strength_doudizhu"
    base = one["baseline"]
    assert base["landlord"]["wins"] + base["peasants"]["wins"] == 24
    for role in ("landlord", "peasants"):
        e = one["bots"]["greedy"][role]
        assert 0 <= e["wins"] <= 24 and e["win_rate"] == e["wins"] / 24
        assert e["ci95"][0] <= e["win_rate"] <= e["ci95"][1]
        assert e["baseline_win_rate"] == base[role]["win_rate"]
        assert abs(e["diff"] - (e["win_rate"] - e["baseline_win_rate"])) < 1e-12
        assert 0 <= e["p_value"] <= 1 and e["decisions"] > 0
        # the same deals and seeds give the same figures in two processes
        f = two["bots"]["greedy"][role]
        assert (f["wins"], f["mean_score"]) == (e["wins"], e["mean_score"])
    assert one["native_rlcard"]["games"] == 24 and two["native_rlcard"] is None
