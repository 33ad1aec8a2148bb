"""``chupai replay`` of Big A records: the printout of a good record (draw
declarations, plays, captures, the result) and the verdict naming the first bad
action of a tampered one."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from chupai.biga.cards import FACE_NAMES, cards_text
from chupai.biga.game import DECLINE, BigADeal, Capture, Declare, new_deal
from chupai.biga.record import replay, to_record
from chupai.biga.rules import STANDARD
from chupai.cli.main import main
from chupai.cli.play_biga import table_row
from chupai.cli.replay_biga import dealt_hands


@pytest.fixture(autouse=True)
def _wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """A wide console: no note is wrapped."""
    monkeypatch.setenv("COLUMNS", "200")


def played(deal: BigADeal, pick: int) -> dict[str, Any]:
    """Play ``deal`` out with seeded random choices (declining in the draw half the
    time less than uniformly, so that deals see declarations and captures)."""
    rng = random.Random(pick)
    while not deal.is_terminal():
        legal = deal.legal_actions()
        caps = [a for a in legal if isinstance(a, Capture)]
        if caps:
            action = caps[0]
        elif DECLINE in legal and rng.random() < 0.9:
            action = DECLINE
        else:
            action = legal[rng.randrange(len(legal))]
        deal.apply_action(action)
    return to_record(deal)


def declined(deal: BigADeal) -> dict[str, Any]:
    """Play ``deal`` with the last legal action every time: decline, keep hidden,
    stay hidden, pass, or the strongest play when leading."""
    while not deal.is_terminal():
        deal.apply_action(deal.legal_actions()[-1])
    return to_record(deal)


def run(
    tmp_path: Path, rec: Any, *extra: str, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    code = main(["replay", str(path), *extra])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture(scope="module")
def rec() -> dict[str, Any]:
    """A finished deal with a declaration during the draw and a capture."""
    for seed in range(1, 200):
        r = played(new_deal(STANDARD, seed), seed)
        acts = [a["action"] for a in r["actions"]]
        if (
            not r["result"]["redeal"]
            and any(a.startswith("show") for a in acts)
            and any(a.startswith("capture") for a in acts)
        ):
            return r
    raise AssertionError("no such seed")


def test_replay_prints_the_deal_and_exits_0(
    tmp_path: Path, rec: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(tmp_path, rec, capsys=capsys)
    assert code == 0, err
    n = len(rec["actions"])
    assert out.rstrip().endswith(f"valid record: {n} actions")
    assert "Big A  biga(preset=standard)" in out
    assert f"seed {rec['seed']}   first drawer seat {rec['first_drawer']}" in out
    stock = tuple(FACE_NAMES.index(t) for t in rec["stock"].split())
    hands, last = dealt_hands(stock, rec["first_drawer"])
    for seat in range(5):  # each seat's cards of the draw, then its last card
        size = 22 if (seat - rec["first_drawer"]) % 5 < 3 else 21
        drawn, final = re.escape(cards_text(hands[seat])), re.escape(cards_text(last[seat]))
        assert re.search(rf"^seat {seat}\s+\({size}\)\s+{drawn}\s+last card {final}\s*$", out, re.M)
    # every declaration is listed with its number, the checkpoint and its meaning
    for i, a in enumerate(rec["actions"]):
        if a["action"].startswith("show"):
            row = next(
                line
                for line in out.splitlines()
                if line.split()[:3] == [str(i + 1), str(a["seat"]), "show"]
            )
            assert "declare" in row and "after card " in row
    # declines are counted, not listed
    declines = sum(a["action"] == "decline" for a in rec["actions"])
    assert f"({declines} 'decline' answers of the draw not listed)" in out
    assert not any(
        line.split()[2:3] == ["decline"]
        for line in out.splitlines()
        if re.match(r"\s*\d+\s+\d\s", line)
    )
    # captures are named
    k = next(i for i, a in enumerate(rec["actions"]) if a["action"].startswith("capture"))
    key = [str(k + 1), str(rec["actions"][k]["seat"])]
    row = next(line for line in out.splitlines() if line.split()[:2] == key)
    assert "capture" in row and "captures " in row
    # the result: the team, the finishing order, the scoring row, the scores
    deal = replay(rec)
    oc = deal.outcome
    assert oc is not None
    assert f"declarer seat {oc.declarer}" in out
    assert f"scoring: {table_row(oc)}" in out
    assert "finishing order: " + ", ".join(f"seat {s}" for s in oc.finishing_order[:1]) in out
    for seat in range(5):
        assert re.search(
            rf"^\s*{seat}\s+(declarer|partner|defender)\s+\d\s.*"
            rf"{re.escape(f'{oc.scores[seat]:+d}')}\s*$",
            out,
            re.M,
        )
    assert f"next first drawer: seat {oc.next_first_drawer}" in out


def test_quiet_prints_only_the_verdict(
    tmp_path: Path, rec: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(tmp_path, rec, "--quiet", capsys=capsys)
    assert code == 0
    assert out == f"valid record: {len(rec['actions'])} actions\n"


def test_tampered_records_name_the_first_bad_action(
    tmp_path: Path, rec: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    k = next(
        i
        for i, a in enumerate(rec["actions"])
        if i > 0
        and a["action"] not in ("pass", "decline")
        and not a["action"].startswith(("show", "capture"))
        and a["action"] not in ("reveal_partner", "stay_hidden", "keep_hidden", "show_second")
    )
    bad = json.loads(json.dumps(rec))
    bad["actions"][k]["action"] = "BJ BJ RJ RJ"
    code, out, err = run(tmp_path, bad, capsys=capsys)
    assert code == 1
    seat = bad["actions"][k]["seat"]
    assert err.startswith(f"invalid record: action {k + 1} by seat {seat}: ")
    assert "valid record" not in out
    bad = json.loads(json.dumps(rec))
    bad["actions"][k]["seat"] = (bad["actions"][k]["seat"] + 1) % 5
    code, _, err = run(tmp_path, bad, "-q", capsys=capsys)
    assert code == 1 and err.startswith(f"invalid record: action {k + 1}")
    assert "turn" in err
    bad = json.loads(json.dumps(rec))
    bad["actions"].append({"seat": 0, "action": "pass"})
    code, _, err = run(tmp_path, bad, "-q", capsys=capsys)
    assert code == 1 and "the deal was already over" in err
    bad = json.loads(json.dumps(rec))
    bad["result"]["scores"] = [0, 0, 0, 0, 0] if any(rec["result"]["scores"]) else [1] * 5
    code, _, err = run(tmp_path, bad, "-q", capsys=capsys)
    assert code == 1 and "differs from the replayed one" in err


def test_forced_declaration_and_redeal_are_noted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    r = declined(new_deal(STANDARD, 4))  # everybody declines: forced ♥A
    code, out, err = run(tmp_path, r, capsys=capsys)
    assert code == 0, err
    assert re.search(
        r"draw over: nobody declared; forced declaration: seat \d holds an AH "
        r"and is the declarer, hearts are the Big Ace suit",
        out,
    )
    assert "final round (cards 103-107) drawn" in out
    assert re.search(r"declarer seat \d \(AH, forced\)", out)
    # both AH among the last five cards, nobody declares: a redeal
    stock = list(new_deal(STANDARD, 4).stock)
    ah = FACE_NAMES.index("AH")
    where = [k for k, f in enumerate(stock) if f == ah]
    for k, target in zip(where, (103, 104), strict=True):
        stock[k], stock[target] = stock[target], stock[k]
    deal = BigADeal.from_stock(STANDARD, stock, 0)
    r = declined(deal)
    assert r["result"]["redeal"]
    code, out, err = run(tmp_path, r, capsys=capsys)
    assert code == 0, err
    assert "nobody holds an AH among cards 0-102: redeal" in out
    assert "redeal: no score; seat 0 draws first again" in out
    assert "no seed (stock given)" in out


def test_double_show_is_noted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for seed in range(1, 300):
        deal = new_deal(STANDARD, seed)
        while not deal.is_terminal():
            legal = deal.legal_actions()
            two = [a for a in legal if isinstance(a, Declare) and a.two]
            deal.apply_action(two[0] if two else legal[-1])
        if deal.outcome is not None and deal.outcome.two_shown:
            break
    code, out, _ = run(tmp_path, to_record(deal), capsys=capsys)
    assert code == 0
    assert re.search(
        r"show A([DCHS]) A\1\s+declare\s+after card \d+; 反大A: declarer, \w+, "
        "alone, scores doubled",
        out,
    )
    assert "alone, two Big Aces shown" in out
    assert "declarer alone, position" in out and "two Big Aces shown (doubled)" in out


def test_chupai_replay_command(tmp_path: Path, rec: dict[str, Any]) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    p = subprocess.run(
        [sys.executable, "-m", "chupai", "replay", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert p.returncode == 0, p.stderr
    assert p.stdout.rstrip().endswith(f"valid record: {len(rec['actions'])} actions")
    bad = json.loads(json.dumps(rec))
    bad["actions"][0]["action"] = "show RJ"
    path.write_text(json.dumps(bad), encoding="utf-8")
    p = subprocess.run(
        [sys.executable, "-m", "chupai", "replay", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert p.returncode == 1
    assert p.stderr.startswith(f"invalid record: action 1 by seat {bad['actions'][0]['seat']}: ")
