"""Big A deal records: the format, replay with every action re-validated, tampering
caught at the right action, and (slow) 10,000 random deals that replay."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from chupai.biga.cards import FACE_NAMES
from chupai.biga.game import DECLINE, BigADeal, Phase, deal_stock, new_deal, stock_text
from chupai.biga.record import GAME, replay, replay_steps, to_record
from chupai.biga.rules import STANDARD, BigARules, resolve
from chupai.errors import RecordError


def random_deal(rules: BigARules, seed: int, *, decline_bias: float = 0.0) -> BigADeal:
    deal = new_deal(rules, seed)
    rng = random.Random(seed)
    while not deal.is_terminal():
        acts = deal.legal_actions()
        if deal.phase is Phase.DRAW and rng.random() < decline_bias:
            a = DECLINE
        else:
            a = rng.choice(acts)
        deal.apply_unchecked(a)
    return deal


def test_record_format() -> None:
    deal = random_deal(STANDARD, 3)
    rec = to_record(deal)
    assert rec["format"] == "chupai-record" and rec["version"] == 1 and rec["game"] == GAME
    assert rec["rules"] == STANDARD.to_dict() and rec["spec"] == STANDARD.spec()
    assert rec["seed"] == 3 and rec["first_drawer"] == deal.first_drawer
    assert rec["stock"] == stock_text(deal_stock(3)[1]) and len(rec["stock"].split()) == 108
    assert len(rec["actions"]) == len(deal.history)
    assert all(set(a) == {"seat", "action"} for a in rec["actions"])
    assert rec["result"] == deal.outcome.to_dict()  # type: ignore[union-attr]
    json.dumps(rec)  # JSON-ready
    assert {
        "declarer",
        "partner",
        "alone",
        "partner_revealed",
        "two_shown",
        "finishing_order",
        "scores",
        "hands",
        "next_first_drawer",
        "redeal",
    } <= set(rec["result"])


@pytest.mark.parametrize("seed", range(30))
def test_records_replay(seed: int) -> None:
    rules = STANDARD if seed % 2 else resolve("standard", {"big_ace_in_sets": "true"})
    deal = random_deal(rules, seed, decline_bias=0.9 if seed % 3 == 0 else 0.0)
    rec = json.loads(json.dumps(to_record(deal)))
    again = replay(rec)
    assert again.outcome == deal.outcome and again.history == deal.history
    assert again.hands == deal.hands
    steps = list(replay_steps(rec))
    assert [i for i, _, _ in steps] == list(range(len(deal.history)))
    assert [ev for _, _, ev in steps] == deal.history


def test_a_record_in_progress_replays() -> None:
    deal = new_deal(STANDARD, 5)
    rng = random.Random(2)
    for _ in range(40):
        deal.apply_action(rng.choice(deal.legal_actions()))
    rec = to_record(deal)
    assert rec["result"] is None
    again = replay(rec)
    assert again.history == deal.history and again.current_player == deal.current_player


def test_record_without_seed_replays_from_its_stock() -> None:
    deal = random_deal(STANDARD, 11)
    rec = to_record(deal)
    rec["seed"] = None
    assert replay(rec).outcome == deal.outcome


def _play_index(rec: dict[str, Any]) -> int:
    return next(
        i
        for i, a in enumerate(rec["actions"])
        if a["action"] not in ("decline", "pass")
        and not a["action"].startswith("show")
        and a["action"] not in ("keep_hidden", "stay_hidden", "reveal_partner", "show_second")
    )


def test_tampered_action_fails_at_its_index() -> None:
    deal = random_deal(STANDARD, 21)
    rec = to_record(deal)
    i = _play_index(rec)
    before = replay({**rec, "actions": rec["actions"][:i], "result": None})
    seat = before.current_player
    assert seat is not None and before.phase is Phase.PLAY
    missing = next(f for f in range(15) if not (before.hands[seat] >> (5 * f)) & 31)
    bad = copy.deepcopy(rec)
    bad["actions"][i]["action"] = FACE_NAMES[missing]  # a card the player does not hold
    with pytest.raises(RecordError) as err:
        replay(bad)
    assert err.value.action_index == i and f"action {i + 1}" in str(err.value)
    assert "does not hold" in str(err.value)
    # a play turned into a pass, a wrong seat, a malformed entry, a bad card token
    for mutate, fragment in (
        (lambda a: a.update(action="pass"), None),
        (lambda a: a.update(seat=(a["seat"] + 1) % 5), "turn"),
        (lambda a: a.update(action=7), "malformed"),
        (lambda a: a.update(action="3 XX"), "XX"),
    ):
        bad = copy.deepcopy(rec)
        mutate(bad["actions"][i])
        with pytest.raises(RecordError) as err:
            for _ in replay_steps(bad):
                pass
        if fragment is not None:
            assert fragment in str(err.value)
            assert err.value.action_index == i
        else:  # a pass may be legal (following): then a later action or the result fails
            assert err.value.action_index is None or err.value.action_index >= i


def test_tampered_declaration_fails_at_its_index() -> None:
    for seed in range(50):
        deal = random_deal(STANDARD, seed)
        rec = to_record(deal)
        shows = [i for i, a in enumerate(rec["actions"]) if a["action"].startswith("show ")]
        if shows:
            break
    i = shows[0]
    suit = rec["actions"][i]["action"].split()[1]
    other = next(s for s in ("AS", "AH", "AC", "AD") if s != suit)
    bad = copy.deepcopy(rec)
    bad["actions"][i]["action"] = f"show {other} {other}"
    with pytest.raises(RecordError) as err:
        replay(bad)
    assert err.value.action_index == i and "does not hold both" in str(err.value)


def test_extra_action_and_result_mismatch() -> None:
    deal = random_deal(STANDARD, 4)
    rec = to_record(deal)
    extra = copy.deepcopy(rec)
    extra["actions"].append({"seat": 0, "action": "pass"})
    with pytest.raises(RecordError, match="already over") as err:
        replay(extra)
    assert err.value.action_index == len(rec["actions"])
    wrong = copy.deepcopy(rec)
    wrong["result"]["scores"] = [9, 9, 9, 9, 9]
    with pytest.raises(RecordError, match="differs"):
        replay(wrong)
    short = copy.deepcopy(rec)
    short["actions"].pop()
    with pytest.raises(RecordError, match="do not finish"):
        replay(short)


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda r: r.update(game="doudizhu"), "not biga"),
        (lambda r: r.update(format="x"), "not a chupai record"),
        (lambda r: r.update(stock=r["stock"].replace("BJ", "AH", 1)), "bad record header"),
        (lambda r: r.update(stock="3 4 5"), "bad record header"),
        (lambda r: r.update(first_drawer=9), "first drawer"),
        (lambda r: r.update(first_drawer="0"), "wrong type"),
        (lambda r: r.update(rules={"fours_capture": "maybe"}), "bad record header"),
        (lambda r: r.update(seed=r["seed"] + 1), "does not match the deal of the recorded seed"),
        (lambda r: r.pop("stock"), "no 'stock'"),
        (lambda r: r.update(result=3), "object or null"),
        (lambda r: r.update(actions={}), "wrong type"),
    ],
)
def test_bad_headers(change: Any, message: str) -> None:
    rec = to_record(random_deal(STANDARD, 6))
    change(rec)
    with pytest.raises(RecordError, match=message):
        replay(rec)


@pytest.mark.slow
def test_ten_thousand_random_deals_score_and_replay() -> None:
    """10,000 seeded random-action deals (a third declining every declaration, so
    that forced declarations and redeals occur) finish, score as the tables say,
    and replay as valid records."""
    kinds: dict[str, int] = {}
    for seed in range(10_000):
        deal = random_deal(STANDARD, seed, decline_bias=1.0 if seed % 3 == 0 else 0.0)
        out = deal.outcome
        assert out is not None
        total = sum(out.scores)
        if out.redeal:
            kind = "redeal"
            assert out.scores == (0,) * 5
        elif out.alone:
            kind = "alone"
            assert total == 0
        else:
            kind = "partner"
            d, p = out.declarer, out.partner
            pos = {s: i + 1 for i, s in enumerate(out.finishing_order)}
            assert d is not None and p is not None
            p2d5 = (pos[d], pos[p]) == (5, 2) and not out.partner_revealed
            assert total == (-3 if p2d5 else 0)
        kinds[kind] = kinds.get(kind, 0) + 1
        if out.forced:
            kinds["forced"] = kinds.get("forced", 0) + 1
        again = replay(json.loads(json.dumps(to_record(deal))))
        assert again.outcome == out
    assert set(kinds) == {"redeal", "alone", "partner", "forced"}, kinds
