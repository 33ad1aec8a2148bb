"""The evaluator and ``analyse_record`` (issue #23): reproducible, from the seat's
information only, the played action always evaluated, losses and labels as
documented, every game (a short record each, a tiny budget), matches, and the
record resampling before play keeping the seat's observation."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

from chupai.analysis import THRESHOLDS, Evaluator, analyse_record, budget_rollouts
from chupai.analysis.determinize import Determinizer, replay_for
from chupai.analysis.labels import label
from chupai.bots.plugin import search_game
from chupai.bots.search import SearchBot
from chupai.errors import ChupaiError, RecordError
from chupai.protocol import get_game


def _play(deal: Any, stop: int | None = None) -> Any:
    """Play ``deal`` by the first legal action (``stop``: that many actions at most)."""
    n = 0
    while not deal.is_terminal() and (stop is None or n < stop):
        deal.apply_action(deal.legal_actions()[0])
        n += 1
    return deal


def _record(key: str, seed: int, *, cut: int | None = None, **rules: str) -> dict[str, Any]:
    """A deal record of ``key`` played by the first legal action, its actions cut
    to ``cut``."""
    spec = get_game(key)
    deal = _play(spec.new_deal(spec.resolve(None, rules), seed))
    rec: dict[str, Any] = spec.to_record(deal)
    if cut is not None:
        rec = {**rec, "actions": rec["actions"][:cut], "result": None}
    return rec


def _bigtwo_midgame() -> dict[str, Any]:
    """A Big Two record cut where seat 0 has several plays."""
    return _record("bigtwo", 4, cut=9)


# ----- reproducible, the played action evaluated, losses and labels ---------------------


def test_same_seed_same_analysis_and_another_seed_differs() -> None:
    rec = _bigtwo_midgame()
    one = analyse_record(rec, budget=60, seed=3)
    assert one == analyse_record(rec, budget=60, seed=3)
    assert json.loads(json.dumps(one)) == one  # JSON-ready
    other = analyse_record(rec, budget=60, seed=4)
    rated = [d for d in one["deals"][0]["decisions"] if d["played_value"] is not None]
    assert rated
    assert [d["alternatives"] for d in rated] != [
        d["alternatives"] for d in other["deals"][0]["decisions"] if d["played_value"]
    ]


def test_the_output_follows_the_contract() -> None:
    rec = _bigtwo_midgame()
    out = analyse_record(rec, seats=[1, 0], budget="quick", seed=0)
    assert out["format"] == "chupai-analysis" and out["version"] == 1
    assert out["game"] == "bigtwo" and out["budget"] == "quick"
    assert out["rollouts"] == budget_rollouts(get_game("bigtwo"), "quick")
    assert out["seats"] == [0, 1] and out["units"] == "deal points"
    assert out["thresholds"] == {"inaccuracy": 0.05, "mistake": 0.10, "blunder": 0.20}
    deal = out["deals"][0]
    assert deal["index"] == 0 and deal["players"] == 4
    steps = [d["step"] for d in deal["decisions"]]
    assert steps == sorted(steps)
    assert {rec["actions"][s]["seat"] for s in steps} <= {0, 1}
    for d in deal["decisions"]:
        assert d["played"] == rec["actions"][d["step"]]["action"]
        if d["choices"] == 1:
            assert d["label"] == "only" and d["played_value"] is None and d["alternatives"] == []
            continue
        fields = {"win", "win_ci", "score", "score_ci", "value", "samples"}
        assert set(d["played_value"]) == fields == set(d["best_value"])
        assert d["best"] == d["alternatives"][0]["action"]
        lo, hi = d["played_value"]["win_ci"]
        assert lo <= d["played_value"]["win"] <= hi


def test_the_played_action_is_evaluated_even_when_pruned() -> None:
    spec = get_game("bigtwo")
    deal = _play(spec.new_deal(spec.resolve(), 1), 1)
    legal = deal.legal_actions()
    assert len(legal) > 12
    odd = legal[len(legal) // 2]
    ev = Evaluator("bigtwo", rollouts=12, candidates=4).evaluate(deal, played=odd, key="k")
    assert ev.played is not None and ev.played.action == odd
    assert odd in [a.action for a in ev.actions] and len(ev.actions) <= 4
    assert ev.loss >= 0


def test_the_second_half_of_the_budget_goes_to_the_contenders() -> None:
    """With many candidates, the played action and the best two after the first
    half get the second half of the rollouts: more samples than the others, the
    budget spent as a whole, and the loss paired over shared determinizations."""
    spec = get_game("bigtwo")
    deal = _play(spec.new_deal(spec.resolve(), 1), 1)
    legal = deal.legal_actions()
    odd = legal[len(legal) // 2]
    ev = Evaluator("bigtwo", rollouts=240, candidates=8).evaluate(deal, played=odd, key="c")
    samples = sorted((a.samples for a in ev.actions), reverse=True)
    assert len(ev.actions) == 8 and ev.played is not None
    first = 120 // 8
    assert samples[-1] == first  # the others: the first half only
    assert samples[0] == first + 120 // len([n for n in samples if n > first])
    assert ev.played.samples > first  # the played action is always a contender
    assert sum(samples) == pytest.approx(240, abs=8)


def test_losses_are_never_negative_and_labels_follow_the_thresholds() -> None:
    out = analyse_record(_record("bigtwo", 8, cut=20), budget=40, seed=1)
    for d in out["deals"][0]["decisions"]:
        assert d["loss"] >= 0
        if d["label"] in THRESHOLDS:
            assert d["loss"] >= THRESHOLDS[d["label"]]
        if d["label"] == "best":
            assert d["best"] == d["played"] and d["loss"] == 0


@pytest.mark.parametrize(
    ("loss", "se", "want"),
    [
        (0.0, 0.0, "best"),  # a tie with the best
        (0.008, 0.005, "best"),
        (0.008, 0.001, "good"),  # small but significant
        (0.049, 0.001, "good"),
        (0.05, 0.001, "inaccuracy"),
        (0.10, 0.01, "mistake"),
        (0.20, 0.01, "blunder"),
        (0.5, 0.3, "good"),  # within two standard errors: not significant
    ],
)
def test_label_thresholds(loss: float, se: float, want: str) -> None:
    assert label(loss, se, played_is_best=False) == want


# ----- only the seat's information ----------------------------------------------------------


def _swap_hidden(rec: dict[str, Any], seat: int, hands_key: str = "hands") -> dict[str, Any]:
    """``rec`` with a card of two other hands swapped, neither card played in the
    record (the seed left out: the hands are no longer its deal)."""
    played = " ".join(a["action"] for a in rec["actions"]).split()
    hands = [h.split() for h in rec[hands_key]]
    a, b = [s for s in range(len(hands)) if s != seat][:2]
    x = next(c for c in hands[a] if c not in played and c not in hands[b])
    y = next(c for c in hands[b] if c not in played and c not in hands[a])
    hands[a][hands[a].index(x)] = y
    hands[b][hands[b].index(y)] = x
    return {**rec, "seed": None, hands_key: [" ".join(h) for h in hands]}


def test_hidden_cards_do_not_change_the_values_in_play() -> None:
    spec = get_game("bigtwo")
    rec = _bigtwo_midgame()
    seat = spec.replay(rec).current_player
    other = _swap_hidden(rec, seat)
    real, alt = spec.replay(rec), spec.replay(other)
    assert real.observe(seat) == alt.observe(seat) and real.dealt_hands != alt.dealt_hands
    ev = Evaluator("bigtwo", rollouts=120)
    assert ev.evaluate(real, key="x") == ev.evaluate(alt, key="x")
    # the open-hand value does see the hidden cards
    peek = Evaluator("bigtwo", rollouts=120, open_hand=True)
    assert peek.evaluate(real, key="x").source == "open hand"


def test_hidden_cards_do_not_change_the_values_before_play() -> None:
    spec = get_game("doudizhu")
    rec = _record("doudizhu", 5, cut=1)
    real = spec.replay(rec)
    seat = real.current_player
    assert real.phase.value == "bid"
    marker = real.observe(seat).marker
    other = dict(rec)
    for _ in range(20):  # a swap that keeps the marker's receiver a card of its rank
        other = _swap_hidden(other, seat)
        alt = spec.replay(other)
        if alt.observe(seat) == real.observe(seat) and alt.dealt_hands != real.dealt_hands:
            break
    assert alt.observe(seat) == real.observe(seat), marker
    ev = Evaluator("doudizhu", rollouts=8)
    one, two = ev.evaluate(real, key="b"), ev.evaluate(alt, key="b")
    assert one.source == "resample" and one == two


# ----- the record resampling before play ----------------------------------------------


def _pre_play(key: str, seed: int, preset: str | None = None, **rules: str) -> Any:
    """A deal of ``key`` at a decision before play, with more than one choice."""
    spec = get_game(key)
    m = spec.new_match(spec.resolve(preset, rules), seed, deals=3)
    while True:
        deal = m.next_deal()
        while not deal.is_terminal():
            if deal.phase.value != "play" and len(deal.legal_actions()) > 1:
                return deal
            deal.apply_action(deal.legal_actions()[0])


@pytest.mark.parametrize(
    ("key", "preset", "rules"),
    [
        ("doudizhu", None, {}),
        ("bigtwo", None, {"series": "class_struggle"}),
        ("bigtwo", None, {"redeal_max_points": "20"}),
        ("biga", None, {}),
        ("daguailuzi", "shanghai", {}),
    ],
    ids=["doudizhu-bid", "bigtwo-exchange", "bigtwo-redeal", "biga-draw", "daguailuzi-return"],
)
def test_resampled_records_keep_the_observation(
    key: str, preset: str | None, rules: dict[str, str]
) -> None:
    spec = get_game(key)
    deal = _pre_play(key, 0, preset, **rules)
    seat = deal.current_player
    obs = deal.observe(seat)
    hooks = search_game(spec)
    assert hooks is not None and hooks.resample is not None
    helper = SearchBot(1, key, playouts=1).helper
    dets = Determinizer(spec, hooks, deal, rng=random.Random(3), helper=helper)
    assert dets.source == "resample"
    drawn = [dets.draw() for _ in range(4)]
    kept = [d for d in drawn if d is not None]
    assert kept, "no resample reproduced the observation"
    for d in kept:
        assert d.observe(seat) == obs and d.current_player == seat
    record = spec.to_record(deal)
    fresh = hooks.resample(record, obs, random.Random(9))
    assert fresh != {**record, "seed": None}  # the hidden cards moved
    assert replay_for(spec, record, seat, helper) is not None


def test_without_a_resample_hook_the_true_deal_is_used_and_said() -> None:
    spec = get_game("doudizhu")
    deal = _pre_play("doudizhu", 1)
    hooks = search_game(spec)
    assert hooks is not None
    ev = Evaluator("doudizhu", rollouts=4)
    ev.hooks = dataclasses.replace(hooks, resample=None)
    assert ev.evaluate(deal, key="t").source == "true deal"


# ----- every game, a match, errors -----------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "cut", "seat"),
    [
        ("bigtwo", 12, 1),
        ("doudizhu", 8, 0),
        ("biga", 6, None),
        pytest.param("daguailuzi", 1, None, marks=pytest.mark.slow),  # 4 s: whole-deal rollouts
    ],
)
def test_every_game_analyses_a_short_record(key: str, cut: int, seat: int | None) -> None:
    rec = _record(key, 3, cut=cut)
    out = analyse_record(rec, seats=None if seat is None else [seat], budget=4, seed=0)
    decisions = out["deals"][0]["decisions"]
    assert decisions and out["budget"] == "custom" and out["rollouts"] == 4
    for d in decisions:
        assert d["label"] in ("only", "best", "good", "inaccuracy", "mistake", "blunder")
        assert d["sampling"] in ("none", "sampler", "resample", "true deal")
        if d["label"] != "only":
            assert d["played"] in [a["action"] for a in d["alternatives"]]


def test_daguailuzi_near_the_end_of_a_deal() -> None:
    """大怪路子 in the default suite: a decision near the end (short rollouts)."""
    spec = get_game("daguailuzi")
    rec = _record("daguailuzi", 3)
    deal = spec.replay({**rec, "actions": rec["actions"][:-6], "result": None})
    while len(deal.legal_actions()) == 1:
        deal.apply_action(deal.legal_actions()[0])
    played = deal.legal_actions()[-1]
    ev = Evaluator("daguailuzi", rollouts=8, candidates=3).evaluate(deal, played=played, key="e")
    assert ev.source == "sampler" and ev.played is not None and ev.played.samples >= 2
    assert ev.label in ("best", "good", "inaccuracy", "mistake", "blunder")


def test_a_match_record_is_analysed_deal_by_deal_in_match_points() -> None:
    spec = get_game("bigtwo")
    m = spec.new_match(spec.resolve(), 4, deals=2)
    while not m.is_over():
        _play(m.next_deal())
    out = analyse_record(m.to_record(), seats=[2], budget=24, seed=0)
    assert out["units"] == "match points"
    assert [d["index"] for d in out["deals"]] == [0, 1]
    assert all(d["seat"] == 2 for deal in out["deals"] for d in deal["decisions"])


def test_progress_counts_every_decision() -> None:
    seen: list[tuple[int, int]] = []
    rec = _record("bigtwo", 6, cut=10)
    analyse_record(rec, seats=[0], budget=8, progress=lambda d, t: seen.append((d, t)))
    mine = sum(1 for a in rec["actions"] if a["seat"] == 0)
    assert seen == [(i + 1, mine) for i in range(mine)]


@pytest.mark.parametrize(
    ("change", "error", "words"),
    [
        ({"format": "nope"}, RecordError, "not a chupai"),
        ({"actions": [{"seat": 9, "action": "3D"}]}, RecordError, "action 1"),
        ({"game": "chess"}, ChupaiError, "chess"),
    ],
)
def test_bad_records_are_refused(change: dict[str, Any], error: type, words: str) -> None:
    with pytest.raises(error, match=words):
        analyse_record({**_record("bigtwo", 1, cut=2), **change})


def test_bad_seats_and_budgets_are_refused() -> None:
    rec = _record("bigtwo", 1, cut=2)
    with pytest.raises(ChupaiError, match="seat 4 is not a seat"):
        analyse_record(rec, seats=[4])
    with pytest.raises(ChupaiError, match="unknown budget 'huge'"):
        analyse_record(rec, budget="huge")
    with pytest.raises(ChupaiError, match="at least 1"):
        analyse_record(rec, budget=0)
