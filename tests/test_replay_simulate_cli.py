"""``chupai replay`` and ``chupai simulate``, run as subprocesses."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from chupai.bigtwo.combos import beats, classify
from chupai.bigtwo.game import BigTwoDeal, new_deal
from chupai.bigtwo.record import to_record
from chupai.bigtwo.rules import PRESETS, resolve
from chupai.cards import card_name, cards_of, parse_mask
from chupai.cli.simulate import bot_seed


def chupai(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "chupai", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def played_record(rules: Any, seed: int, dealer: int = 1, pick: int = 0) -> dict[str, Any]:
    """A finished deal's record, random legal play (seeded by ``pick``)."""
    deal = new_deal(rules, seed, dealer=dealer)
    rng = random.Random(pick)
    while not deal.is_terminal():
        legal = deal.legal_actions()
        deal.apply_action(legal[rng.randrange(len(legal))])
    return to_record(deal)


@pytest.fixture(scope="module")
def rec() -> dict[str, Any]:
    return played_record(PRESETS["standard"], seed=11)


def write(tmp_path: Path, obj: Any, name: str = "rec.json") -> str:
    path = tmp_path / name
    path.write_text(obj if isinstance(obj, str) else json.dumps(obj), encoding="utf-8")
    return str(path)


def held_by(rec: dict[str, Any], seat: int, index: int) -> int:
    """The cards ``seat`` holds just before action ``index``."""
    hand = parse_mask(rec["hands"][seat])
    for item in rec["actions"][:index]:
        if item["seat"] == seat and item["action"] != "pass":
            hand &= ~parse_mask(item["action"])
    return hand


# ----- replay --------------------------------------------------------------------


def test_replay_valid_record_prints_and_exits_0(tmp_path: Path, rec: dict[str, Any]) -> None:
    p = chupai("replay", write(tmp_path, rec))
    n = len(rec["actions"])
    assert p.returncode == 0, p.stderr
    assert p.stdout.rstrip().endswith(f"valid record: {n} actions")
    assert "bigtwo(preset=standard)" in p.stdout
    assert f"seed {rec['seed']}" in p.stdout
    # every dealt hand appears, in the rules' order (3D lowest, 2S highest)
    for hand in rec["hands"]:
        assert hand in p.stdout
    # numbered lines: the first and the last action
    first, last = rec["actions"][0], rec["actions"][-1]
    assert any(
        line.split()[:3] == ["1", str(first["seat"]), first["action"].split()[0]]
        for line in p.stdout.splitlines()
    )
    last_line = next(line for line in p.stdout.splitlines() if line.split()[:1] == [str(n)])
    assert last["action"] in last_line and "wins" in last_line
    assert f"winner: seat {rec['result']['winner']}" in p.stdout


def test_replay_quiet_and_stdin(rec: dict[str, Any]) -> None:
    p = chupai("replay", "-", "--quiet", stdin=json.dumps(rec))
    assert p.returncode == 0, p.stderr
    assert p.stdout == f"valid record: {len(rec['actions'])} actions\n"


def test_replay_shows_leftover_choice(tmp_path: Path) -> None:
    rules = resolve("taiwan", {"players": "3"})
    rec = played_record(rules, seed=5)
    assert rec["actions"][0]["action"] in ("take", "leave")
    p = chupai("replay", write(tmp_path, rec))
    assert p.returncode == 0, p.stderr
    assert "taiwan_exposed" in p.stdout
    assert "choice" in p.stdout


def test_replay_instant_win_without_actions(tmp_path: Path) -> None:
    dragon = sum(1 << (4 * r + r % 4) for r in range(13))  # one card of every rank
    rest = [c for c in range(52) if not dragon >> c & 1]
    hands = [dragon] + [sum(1 << c for c in rest[13 * i : 13 * i + 13]) for i in range(3)]
    deal = BigTwoDeal.from_hands(PRESETS["taiwan"], hands)
    p = chupai("replay", write(tmp_path, to_record(deal)))
    assert p.returncode == 0, p.stderr
    assert "instant win (dragon)" in p.stdout
    assert p.stdout.endswith("valid record: 0 actions\n")


def _first_follow(rec: dict[str, Any]) -> int:
    """Index of the first action that is a play on another player's play."""
    acts = rec["actions"]
    for i in range(1, len(acts)):
        if acts[i]["action"] != "pass" and acts[i - 1]["action"] != "pass":
            return i
    raise AssertionError("no following play in this record")


def _tamper_card_not_held(rec: dict[str, Any]) -> tuple[dict[str, Any], int]:
    bad = json.loads(json.dumps(rec))
    k = _first_follow(rec)
    seat = rec["actions"][k]["seat"]
    other = (seat + 1) % 4
    card = cards_of(held_by(rec, other, k))[-1]
    bad["actions"][k]["action"] = card_name(card)
    return bad, k


def _tamper_weak_play(rec: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """Replace a following play by a card of the seat's own that does not beat the top."""
    rules = PRESETS["standard"]
    acts = rec["actions"]
    for k in range(1, len(acts)):
        prev, cur = acts[k - 1]["action"], acts[k]["action"]
        if cur == "pass" or prev == "pass":
            continue
        top = classify(parse_mask(prev), rules)
        hand = held_by(rec, acts[k]["seat"], k)
        weak = [c for c in cards_of(hand) if not beats(classify(1 << c, rules), top, rules)]
        if weak:
            bad = json.loads(json.dumps(rec))
            bad["actions"][k]["action"] = card_name(weak[0])
            return bad, k
    raise AssertionError("no play to weaken in this record")


def _tamper_seat(rec: dict[str, Any]) -> tuple[dict[str, Any], int]:
    bad = json.loads(json.dumps(rec))
    k = 5
    bad["actions"][k]["seat"] = (rec["actions"][k]["seat"] + 2) % 4
    return bad, k


def _tamper_not_combo(rec: dict[str, Any]) -> tuple[dict[str, Any], int]:
    bad = json.loads(json.dumps(rec))
    k = 3
    seat = rec["actions"][k]["seat"]
    hand = cards_of(held_by(rec, seat, k))
    a = hand[0]
    b = next(c for c in hand if c >> 2 != a >> 2)  # different rank: no pair
    bad["actions"][k]["action"] = f"{card_name(a)} {card_name(b)}"
    return bad, k


def _tamper_leader_passes(rec: dict[str, Any]) -> tuple[dict[str, Any], int]:
    bad = json.loads(json.dumps(rec))
    bad["actions"][0]["action"] = "pass"
    return bad, 0


@pytest.mark.parametrize(
    "tamper, reason",
    [
        (_tamper_card_not_held, "does not hold"),
        (_tamper_weak_play, "does not beat"),
        (_tamper_seat, "turn"),
        (_tamper_not_combo, "not a combination"),
        (_tamper_leader_passes, "may not pass"),
    ],
)
def test_replay_tampered_record_names_first_bad_action(
    tmp_path: Path,
    rec: dict[str, Any],
    tamper: Any,
    reason: str,
) -> None:
    bad, k = tamper(rec)
    assert bad != rec
    p = chupai("replay", write(tmp_path, bad))
    assert p.returncode == 1, (p.stdout, p.stderr)
    seat = bad["actions"][k]["seat"]
    line = p.stderr.strip()
    assert line.startswith(f"invalid record: action {k + 1} by seat {seat}: "), line
    assert reason in line
    assert "valid record" not in p.stdout
    q = chupai("replay", "--quiet", write(tmp_path, bad))
    assert (q.returncode, q.stdout, q.stderr) == (1, "", p.stderr)


def test_replay_the_earlier_of_two_bad_actions_is_named(
    tmp_path: Path, rec: dict[str, Any]
) -> None:
    bad = json.loads(json.dumps(rec))
    bad["actions"][9]["seat"] = (bad["actions"][9]["seat"] + 1) % 4
    bad["actions"][20]["action"] = "pass pass"
    p = chupai("replay", write(tmp_path, bad))
    assert p.returncode == 1
    assert "invalid record: action 10 by seat" in p.stderr


def test_replay_tampered_result(tmp_path: Path, rec: dict[str, Any]) -> None:
    bad = json.loads(json.dumps(rec))
    bad["result"]["scores"][0] += 1
    p = chupai("replay", write(tmp_path, bad))
    assert p.returncode == 1
    assert p.stderr.startswith("invalid record: the recorded result")


def test_replay_missing_actions(tmp_path: Path, rec: dict[str, Any]) -> None:
    bad = json.loads(json.dumps(rec))
    del bad["actions"][-1]
    p = chupai("replay", write(tmp_path, bad))
    assert p.returncode == 1
    assert "do not finish the deal" in p.stderr


def test_replay_truncated_json_exits_2(tmp_path: Path, rec: dict[str, Any]) -> None:
    text = json.dumps(rec)
    p = chupai("replay", write(tmp_path, text[: len(text) // 2]))
    assert p.returncode == 2
    assert "not valid JSON" in p.stderr
    assert p.stdout == ""


@pytest.mark.parametrize(
    "content, message",
    [
        ("[1, 2]", "not a record object"),
        (json.dumps({"format": "pgn"}), "not a chupai record"),
    ],
)
def test_replay_not_a_record_exits_2(tmp_path: Path, content: str, message: str) -> None:
    p = chupai("replay", write(tmp_path, content))
    assert p.returncode == 2
    assert message in p.stderr


def test_replay_unknown_game_and_missing_file_exit_2(tmp_path: Path, rec: dict[str, Any]) -> None:
    other = dict(rec, game="chess")
    p = chupai("replay", write(tmp_path, other))
    assert p.returncode == 2
    assert "unknown game 'chess'" in p.stderr
    p = chupai("replay", str(tmp_path / "missing.json"))
    assert p.returncode == 2
    assert "cannot read" in p.stderr


# ----- simulate ------------------------------------------------------------------


def _results(p: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    assert p.returncode == 0, p.stderr
    report = json.loads(p.stdout)
    del report["timing"]
    return dict(report)


def test_simulate_is_deterministic() -> None:
    args = (
        "simulate",
        "--deals",
        "30",
        "--seed",
        "7",
        "--bots",
        "random,greedy,random,greedy",
        "--json",
        "--no-progress",
    )
    a = _results(chupai(*args))
    b = _results(chupai(*args))
    assert a == b
    assert a["deals"] == 30 and a["seed"] == 7
    assert a["bots"] == ["random", "greedy", "random", "greedy"]
    # the seats are rotated: RGRG and GRGR, each on the same 30 deals
    assert a["seatings"] == [
        ["random", "greedy", "random", "greedy"],
        ["greedy", "random", "greedy", "random"],
    ]
    seats = a["seats"]
    assert sum(s["wins"] for s in seats) == 60
    assert sum(s["avg_score"] for s in seats) == pytest.approx(0, abs=1e-3)  # pairwise: zero-sum
    # the greedy bots beat the random ones over 30 deals
    by_bot = {r["bot"]: r for r in a["results"]}
    assert by_bot["greedy"]["wins"] + by_bot["random"]["wins"] == 60
    assert by_bot["greedy"]["wins"] > by_bot["random"]["wins"]
    c = _results(
        chupai(
            "simulate",
            "--deals",
            "30",
            "--seed",
            "8",
            "--bots",
            "random,greedy,random,greedy",
            "--json",
            "--no-progress",
        )
    )
    assert c["results"] != a["results"]


def test_simulate_human_report() -> None:
    p = chupai("simulate", "--deals", "5", "--rules", "taiwan", "--no-progress")
    assert p.returncode == 0, p.stderr
    assert "bigtwo(preset=taiwan)" in p.stdout
    assert "win rate" in p.stdout and "deals/s" in p.stdout


def test_simulate_records_and_verify(tmp_path: Path) -> None:
    out = tmp_path / "recs"
    p = chupai(
        "simulate",
        "--deals",
        "6",
        "--seed",
        "40",
        "--records",
        str(out),
        "--verify",
        "--json",
        "--no-progress",
    )
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["verified"] is True
    files = sorted(f.name for f in out.iterdir())
    assert files == sorted(f"deal-{s}.json" for s in range(40, 46))
    # a deal is reproducible on its own: seed 43 alone writes the same record
    alone = tmp_path / "alone"
    q = chupai("simulate", "--deals", "1", "--seed", "43", "--records", str(alone), "--no-progress")
    assert q.returncode == 0, q.stderr
    assert (alone / "deal-43.json").read_text() == (out / "deal-43.json").read_text()
    r = chupai("replay", "--quiet", str(out / "deal-43.json"))
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("valid record")


def test_simulate_three_players_verify() -> None:
    p = chupai(
        "simulate",
        "--rules",
        "taiwan",
        "--set",
        "players=3",
        "--deals",
        "10",
        "--verify",
        "--json",
        "--no-progress",
    )
    report = _results(p)
    assert len(report["seats"]) == 3


@pytest.mark.parametrize(
    "bots, message",
    [
        ("random,nobody,random,random", "unknown bot 'nobody'"),
        ("random,,greedy", "empty bot name"),
    ],
)
def test_simulate_bad_bots_exit_2(bots: str, message: str) -> None:
    p = chupai("simulate", "--deals", "2", "--bots", bots, "--no-progress")
    assert p.returncode == 2
    assert message in p.stderr
    assert p.stdout == ""


def test_bot_seeds_are_stable_and_distinct() -> None:
    seeds = {bot_seed(s, seat) for s in range(-50, 50) for seat in range(4)}
    assert len(seeds) == 400
    assert bot_seed(3, 1) == bot_seed(3, 1)
