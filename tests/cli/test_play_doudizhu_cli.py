"""The Dou Dizhu terminal game, driven in-process by a script on standard input.

``run_play_doudizhu`` is not wired into ``chupai play`` yet, so the tests build
the ``chupai play`` argument namespace themselves, replace standard input with
the script and read the transcript from the captured standard output. The engine,
run on the same seed, tells the tests what the seats hold and what the bots do.
"""

from __future__ import annotations

import argparse
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, strategies as st
from rich.console import Console
from scripted_play import play_args, run_scripted

from chupai.bots.doudizhu import DouDizhuGreedyBot, bid_for
from chupai.cli.play_doudizhu import (
    Command,
    bot_seed,
    hand_ranks,
    read_input,
    redeal_seed,
    run_play_doudizhu,
)
from chupai.cli.replay_doudizhu import print_doudizhu_replay
from chupai.doudizhu.combos import Combo, Kind, parse_cards
from chupai.doudizhu.game import NO_ROB, PASS, ROB, SHOW, Bid, DouDizhuDeal, Phase, new_deal
from chupai.doudizhu.record import replay, to_record
from chupai.doudizhu.rules import PRESETS
from chupai.errors import ChupaiError

CLASSIC = PRESETS["classic"]

# Every prompt ends in a move: "bid 3" while bidding (else it is refused and the
# next line is read), "#0" (the lowest card: always legal when leading), "pass"
# (always legal when following and while bidding; read as 'no' while robbing).
AUTOPLAY = "bid 3\n#0\npass\n" * 400


def args(**kw: Any) -> argparse.Namespace:
    """The namespace ``chupai play`` builds, for doudizhu."""
    return play_args("doudizhu", **({"seed": 11, "bots": "greedy"} | kw))


def play(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    script: str,
    columns: int = 200,
    **kw: Any,
) -> tuple[int, str]:
    """Run the game with ``script`` on standard input: (exit status, transcript)."""
    return run_scripted(monkeypatch, capsys, run_play_doudizhu, args(**kw), script, columns=columns)


def greedy_would_bid(seed: int, seat: int) -> int:
    deal = new_deal(CLASSIC, seed)
    return bid_for(deal.hands[seat])


def first_bidder_seed(seat: int = 0, quiet_bots: bool = False) -> int:
    """A seed whose first bidder is ``seat`` (and, with ``quiet_bots``, whose
    greedy bots would neither bid nor rob)."""
    for seed in range(1, 500):
        deal = new_deal(CLASSIC, seed)
        if deal.first_bidder != seat:
            continue
        if quiet_bots and any(greedy_would_bid(seed, s) for s in range(3) if s != seat):
            continue
        return seed
    raise AssertionError("no such seed")


def moves(out: str) -> list[str]:
    return [
        line.strip()
        for line in out.splitlines()
        if line.startswith("  ") and re.match(r"\s+(You|Seat \d)", line)
    ]


# ----- a whole game ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, str, dict[str, Any]]:
    """A whole classic game through the CLI: (exit status, transcript, record)."""
    path = tmp_path_factory.mktemp("ddz") / "deal.json"
    mp = pytest.MonkeyPatch()
    buf = io.StringIO()
    try:
        mp.setenv("COLUMNS", "200")
        mp.setattr("sys.stdin", io.StringIO(AUTOPLAY))
        mp.setattr("sys.stdout", buf)
        code = run_play_doudizhu(args(seed=11, record=str(path)))
    finally:
        mp.undo()
    return code, buf.getvalue(), json.loads(path.read_text(encoding="utf-8"))


def test_whole_game_finishes_with_scores_and_record(
    finished: tuple[int, str, dict[str, Any]],
) -> None:
    code, out, rec = finished
    assert code == 0
    assert "Seed 11" in out
    assert "Deal over" in out
    assert re.search(r"Stake \d+ = bid \d( × \d+ \([^)]+\))*", out)
    assert "Your score: " in out
    assert rec["game"] == "doudizhu" and rec["result"] is not None
    result = rec["result"]
    mine = result["scores"][0]
    assert f"Your score: {mine:+d}" in out
    assert sum(result["scores"]) == 0
    lord = result["landlord"]
    lord_name = "You" if lord == 0 else f"Seat {lord}"
    if result["side"] == "landlord":
        assert f"The landlord ({lord_name}) win" in out
    else:
        winner = "You" if result["winner"] == 0 else f"Seat {result['winner']}"
        assert f"The peasants win: {winner} went out first; the landlord ({lord_name}) lose" in out
    # the human played cards: "bid 3" made it the landlord or a bot bid first
    assert any(m.startswith(("You lead", "You play")) for m in moves(out))


def test_record_replays_with_the_engine_and_the_printer(
    finished: tuple[int, str, dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    _, _, rec = finished
    deal = replay(rec)
    assert deal.outcome is not None
    assert deal.outcome.to_dict() == rec["result"]
    console = Console(file=io.StringIO(), width=100, highlight=False)
    assert print_doudizhu_replay(rec, console, False) == 0
    captured = capsys.readouterr()
    n = len(rec["actions"])
    assert captured.out == f"valid record: {n} actions\n"
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert "Dou Dizhu  doudizhu(preset=classic)" in text
    assert f"seed {rec['seed']}" in text
    assert f"kitty: {rec['kitty']}" in text
    assert "bid 3" in text
    assert "takes the kitty" in text
    assert re.search(rf"^\s*{n}\s+\d\s", text, re.M)  # the numbered play lines
    assert "= unit " in text
    # quiet: only the verdict
    quiet = Console(file=io.StringIO(), width=100)
    assert print_doudizhu_replay(rec, quiet, True) == 0
    assert quiet.file.getvalue() == ""  # type: ignore[attr-defined]
    assert capsys.readouterr().out == f"valid record: {n} actions\n"


def test_tampered_record_is_invalid_naming_the_action(
    finished: tuple[int, str, dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    _, _, rec = finished
    bad = json.loads(json.dumps(rec))
    k = next(
        i
        for i, a in enumerate(bad["actions"])
        if a["action"] not in ("pass", "no") and not a["action"].startswith("bid") and i > 3
    )
    bad["actions"][k]["action"] = "BJ RJ BJ"
    assert print_doudizhu_replay(bad, Console(file=io.StringIO()), False) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"invalid record: action {k + 1} by seat {bad['actions'][k]['seat']}: ")
    bad = json.loads(json.dumps(rec))
    bad["actions"].append({"seat": 0, "action": "pass"})
    assert print_doudizhu_replay(bad, None, True) == 1
    assert "the deal was already over" in capsys.readouterr().err


def test_replay_of_a_redeal_and_of_a_broken_header(capsys: pytest.CaptureFixture[str]) -> None:
    deal = new_deal(CLASSIC, 1)
    while not deal.is_terminal():
        deal.apply_action(PASS)
    rec = to_record(deal)
    console = Console(file=io.StringIO(), width=100, highlight=False)
    assert print_doudizhu_replay(rec, console, False) == 0
    assert capsys.readouterr().out == "valid record: 3 actions\n"
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert "everybody passed: redeal" in text
    assert "everybody passed: redeal, no score" in text
    del rec["rules"]
    assert print_doudizhu_replay(rec, Console(file=io.StringIO()), False) == 1
    assert capsys.readouterr().err == "invalid record: record has no 'rules' field\n"


def test_bidding_is_shown_as_it_happens(finished: tuple[int, str, dict[str, Any]]) -> None:
    _, out, rec = finished
    deal = new_deal(CLASSIC, 11)
    assert deal.marker is not None
    marker = "3 4 5 6 7 8 9 10 J Q K A 2".split()[deal.marker]
    first = "You bid first" if deal.first_bidder == 0 else f"Seat {deal.first_bidder} bids first"
    assert f"Marker card {marker} → {first}" in out
    lines = moves(out)
    bids = [
        a
        for a in rec["actions"]
        if a["action"].startswith("bid") or (a["action"] == "pass" and rec["actions"].index(a) < 3)
    ]
    assert bids
    for a in rec["actions"][:3]:
        who = "You" if a["seat"] == 0 else f"Seat {a['seat']}"
        if a["action"].startswith("bid"):
            verb = "bid" if a["seat"] == 0 else "bids"
            assert f"{who} {verb} {a['action'].split()[1]}" in lines
        elif a["action"] == "pass":
            assert f"{who} {'pass' if a['seat'] == 0 else 'passes'}" in lines
    lord = rec["result"]["landlord"]
    lord_name = "You are" if lord == 0 else f"Seat {lord} is"
    kitty = " ".join("10" if c == "T" else c for c in rec["kitty"].split())
    assert f"{lord_name} the landlord" in out
    assert f"the kitty: {kitty}" in out


# ----- input handling ---------------------------------------------------------------------


def test_bad_inputs_are_explained_and_asked_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seed = first_bidder_seed(0)
    script = (
        "\n".join(
            [
                "bid 7",
                "rob",
                "3 3",
                "bid",
                "bid 3",  # bidding: only 'bid 3' is taken
                "pass",
                "no",
                "3 5",
                "0",
                "#0 #0",
                "#99",
                "zz",
                "BJ BJ",
                "bid 2",  # leading: refused
                "#0",
                "quit",
            ]
        )
        + "\n"
    )
    code, out = play(monkeypatch, capsys, script, seed=seed)
    assert code == 0
    errors = [line for line in out.splitlines() if line.startswith("✗ ")]
    deal = new_deal(CLASSIC, seed)
    deal.apply_action(Bid(3))
    robbed = False
    while deal.phase is Phase.ROB:  # the greedy bots may rob: then "pass" is a 'no'
        seat = deal.current_player
        assert seat is not None
        action = DouDizhuGreedyBot(bot_seed(seed, seat)).act(
            deal.observe(seat), deal.legal_actions()
        )
        robbed |= action == ROB
        deal.apply_action(action)
    assert "✗ a bid is 1, 2 or 3: type 'bid 2' (or just 2), or 'pass'" in errors
    assert any("bidding is not over" in e for e in errors)
    assert any(e.startswith("✗ now bid:") for e in errors)
    assert "You bid 3" in moves(out)
    if robbed:
        pytest.skip("a bot robbed the landlord in this seed")
    assert "✗ you lead this trick, so you may not pass: play a combination" in errors
    assert "✗ 'no' belongs to the bidding, which is over; now play cards or pass" in errors
    assert any(e.startswith("✗ not a combination:") for e in errors)
    assert any("'0' is not a rank" in e and "#0" in e for e in errors)
    assert "✗ index 0 is given twice" in errors
    assert any(e.startswith("✗ index 99 is out of range: your hand has 20 cards") for e in errors)
    assert any("unknown card token 'zz'" in e for e in errors)
    assert any("BJ" in e and "the deck has only one" in e for e in errors)
    low = hand_ranks(deal.hands[0])[0]
    label = ("3 4 5 6 7 8 9 10 J Q K A 2 BJ RJ".split())[low]
    assert f"You lead single {label}" in moves(out)
    assert "You quit; the deal is abandoned" in out


def test_quit_and_end_of_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    seed = first_bidder_seed(0)
    path = tmp_path / "r.json"
    code, out = play(monkeypatch, capsys, "quit\n", seed=seed, record=str(path))
    assert code == 0
    assert f"You quit; the deal is abandoned (seed {seed})." in out
    assert "No record written." in out and not path.exists()
    code, out = play(monkeypatch, capsys, "hint\n", seed=seed)
    assert code == 1
    assert "Hint: " in out
    assert f"End of input; the deal is abandoned (seed {seed})." in out


def test_help_hint_and_redraw(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seed = first_bidder_seed(0)
    code, out = play(
        monkeypatch,
        capsys,
        "help\nhint\nbid 3\n\nhint\nhint all\nhint pair\nhint nonsense\ntable\nquit\n",
        seed=seed,
    )
    assert code == 0
    assert "#0 #1, #0-4, # 0 1" in out and "quit" in out
    assert "Possible: bid 1, bid 2, bid 3, pass" in out
    assert re.search(r"Hint: (bid [123]|pass)", out)
    assert re.search(r"\d+ legal plays \(single \d+, pair \d+", out)
    assert "✗ unknown combination type 'nonsense'" in out
    assert out.count("Your hand (") >= 4  # first bid, first lead, the empty line, 'table'


def test_redeal_when_everybody_passes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seed = first_bidder_seed(0, quiet_bots=True)
    code, out = play(
        monkeypatch, capsys, "pass\nquit\n", seed=seed, overrides=["all_pass=redeal_doubled_once"]
    )
    assert code == 0
    deal = new_deal(CLASSIC, seed)
    nxt = redeal_seed(seed, 1)
    dealer = (deal.dealer + 1) % 3
    name = "You" if dealer == 0 else f"Seat {dealer}"
    assert "Everybody passed: no landlord." in out
    assert f"Redeal: {name} deal" in out and f"(seed {nxt})" in out
    assert "the next deal counts double (D ×2)" in out
    assert f"Redeal 1 · seed {nxt} · this deal counts double (D ×2)" in out
    # the redealt deal is the engine's deal of the derived seed, dealt by the next player
    again = new_deal(CLASSIC, nxt, dealer=dealer, doubled=True)
    assert again.marker is not None
    marker = "3 4 5 6 7 8 9 10 J Q K A 2".split()[again.marker]
    assert f"Dealer: {name} · Marker card {marker}" in out
    assert redeal_seed(seed, 1) == nxt and redeal_seed(seed, 2) != nxt


def test_redeal_then_play_writes_the_redealt_record(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    seed = first_bidder_seed(0, quiet_bots=True)
    path = tmp_path / "r.json"
    code, out = play(monkeypatch, capsys, "pass\n" + AUTOPLAY, seed=seed, record=str(path))
    assert code == 0
    rec = json.loads(path.read_text(encoding="utf-8"))
    assert rec["seed"] != seed and "Everybody passed" in out
    assert replay(rec).outcome is not None
    assert "Deal over" in out


def test_show_hand_as_landlord(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seed = first_bidder_seed(0)
    code, out = play(
        monkeypatch,
        capsys,
        "bid 3\npass\npass\nmingpai\nn\nmingpai\ny\nmingpai\n#0\nquit\n",
        seed=seed,
    )
    assert code == 0
    if "Seat 1 robs" in out or "Seat 2 robs" in out:
        pytest.skip("a bot robbed the landlord in this seed")
    assert "This doubles the stake to 6 if you win. Show your hand (明牌)? [y/N]" in out
    assert out.count("You show the hand (明牌): ") == 1  # not after 'n'
    assert "✗ only the landlord may show the hand, and only before its first play" in out
    assert "×2 (明牌) if the landlord wins" in out


def test_four_player_game_finishes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = play(
        monkeypatch,
        capsys,
        AUTOPLAY,
        seed=3,
        rules="four_player",
        seat=2,
        bots="random,greedy,greedy",
    )
    assert code == 0
    assert "doudizhu(preset=four_player)" in out
    assert "You are Seat 2. Bots: Seat 0 random, Seat 1 greedy, Seat 3 greedy." in out
    assert "Deal over" in out and "Your score: " in out


def test_chinese_names(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = play(monkeypatch, capsys, AUTOPLAY, seed=11, lang="zh")
    assert code == 0
    assert "斗地主" in out
    assert "地主" in out and "农民" in out
    assert "单张" in out or "对子" in out
    deal = new_deal(CLASSIC, 11)
    if any(deal.hands[0] >> (5 * r) & 31 for r in (13, 14)):
        assert "小王" in out or "大王" in out


def test_setup_errors() -> None:
    with pytest.raises(ChupaiError, match="--players 4 does not fit .*--rules four_player"):
        run_play_doudizhu(args(players=4))
    with pytest.raises(ChupaiError, match="--seat 3 is not a seat"):
        run_play_doudizhu(args(seat=3))
    with pytest.raises(ChupaiError, match="unknown bot 'clever'"):
        run_play_doudizhu(args(bots="clever"))
    with pytest.raises(ChupaiError, match="--bots names 3 bots but there are 2"):
        run_play_doudizhu(args(bots="random,random,random"))
    with pytest.raises(ChupaiError, match="--deals must be at least 1"):
        run_play_doudizhu(args(deals=0))
    with pytest.raises(ChupaiError, match="players"):
        run_play_doudizhu(args(overrides=["players=4"]))


def test_screen_fits_80_columns(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = play(monkeypatch, capsys, AUTOPLAY, columns=80, seed=11)
    assert code == 0
    lines = out.splitlines()
    assert max(len(line) for line in lines if not line.startswith(("> ", "bid 3", "#0"))) <= 80
    # a hand row is never wrapped: index rows hold consecutive numbers
    hand_rows = [line for line in lines if re.fullmatch(r"(\s+\d+)+", line)]
    assert hand_rows


# ----- read_input ------------------------------------------------------------------------


def lead_deal() -> DouDizhuDeal:
    """Seat 0 is the landlord at its first lead holding 3 3 3 4 4 4 5 5 5 6 6 6 ..."""
    hand0 = "3 3 3 4 4 4 5 5 5 6 6 6 7 8 9 T J"
    full = parse_cards(" ".join(["3 4 5 6 7 8 9 T J Q K A 2"] * 4) + " BJ RJ", CLASSIC)
    rest = full - parse_cards(hand0, CLASSIC)
    ranks = [r for r in range(15) for _ in range((rest >> (5 * r)) & 31)]
    names = ["3456789TJQKA2"[r] if r < 13 else ("BJ", "RJ")[r - 13] for r in ranks]
    deal = DouDizhuDeal.from_hands(
        CLASSIC,
        [hand0, " ".join(names[0:34:2]), " ".join(names[1:34:2])],
        " ".join(names[34:]),
        dealer=0,
        first_bidder=0,
    )
    deal.apply_action(Bid(3))
    while deal.phase is Phase.ROB:
        deal.apply_action(NO_ROB)
    return deal


def play_of(deal: DouDizhuDeal, text: str) -> Combo:
    got = read_input(deal, 0, text)
    assert isinstance(got, Combo), text
    return got


def test_read_input_cards_indexes_and_type_names() -> None:
    deal = lead_deal()
    air = "3 3 3 4 4 4 5 5 5 6 6 6"
    assert play_of(deal, air).kind is Kind.AIRPLANE
    for text in (
        air + " airplane_singles",
        "333444555666 airplane_singles",
        "3s 3h 3d 4 4 4 5 5 5 6 6 6 airplane-singles",
        air + " airplane singles",
    ):
        assert play_of(deal, text).kind is Kind.AIRPLANE_SINGLES, text
    assert play_of(deal, "#0 #1").cards == parse_cards("3 3", CLASSIC)
    assert play_of(deal, "# 0 1 2").kind is Kind.TRIO
    assert play_of(deal, "3 #1").kind is Kind.PAIR
    assert play_of(deal, "7 8 9 10 J").kind is Kind.STRAIGHT
    assert play_of(deal, "小王 大王").kind is Kind.ROCKET
    assert read_input(deal, 0, "pass") == PASS
    assert read_input(deal, 0, "mingpai") == SHOW == read_input(deal, 0, "明牌")
    with pytest.raises(ChupaiError, match="'table' or 'look' draws the table again"):
        read_input(deal, 0, "show")
    assert read_input(deal, 0, "") == Command("table")
    assert read_input(deal, 0, "hint pair") == Command("hint", "pair")
    for bad, message in (
        ("3 3 3 3", "you hold 3 × 3, not 4"),
        ("K", "you hold no K"),
        ("3 4", "not a combination"),
        (air + " bomb", "cannot be read as bomb"),
        ("1", "'1' is not a rank"),
        ("#x", "not a hand index"),
    ):
        with pytest.raises(ChupaiError, match=re.escape(message)):
            read_input(deal, 0, bad)


def test_read_input_bidding_and_robbing() -> None:
    deal = new_deal(CLASSIC, 4)
    seat = deal.current_player
    assert seat is not None
    assert read_input(deal, seat, "bid 2") == Bid(2)
    assert read_input(deal, seat, "3") == Bid(3)
    assert read_input(deal, seat, "pass") == PASS
    for bad in ("bid 4", "bid", "4", "3 3", "rob"):
        with pytest.raises(ChupaiError):
            read_input(deal, seat, bad)
    deal.apply_action(Bid(1))
    deal.apply_action(Bid(2))
    deal.apply_action(Bid(3))
    robber = deal.current_player
    assert deal.phase is Phase.ROB and robber is not None
    assert read_input(deal, robber, "rob") == ROB
    assert read_input(deal, robber, "no") == NO_ROB
    assert read_input(deal, robber, "pass") == NO_ROB
    with pytest.raises(ChupaiError, match="'rob' or 'no'"):
        read_input(deal, robber, "bid 3")


@given(
    st.lists(
        st.one_of(
            st.sampled_from(
                [
                    "3",
                    "10",
                    "#0",
                    "#",
                    "bid",
                    "2",
                    "rob",
                    "no",
                    "pass",
                    "BJ",
                    "小王",
                    "333",
                    "airplane",
                    "3s",
                    "²",
                    "٣",
                    "#٣",
                    "0",
                    "99",
                    "show",
                    "hint",
                ]
            ),
            st.text(max_size=6),
        ),
        max_size=6,
    )
)
def test_read_input_never_fails_with_anything_but_a_message(words: list[str]) -> None:
    text = " ".join(words)
    for deal, seat in READ_DEALS:
        try:
            got = read_input(deal, seat, text)
        except ChupaiError:
            continue
        assert isinstance(got, (Command, Combo, Bid)) or got in (PASS, ROB, NO_ROB, SHOW)


def _read_deals() -> list[tuple[DouDizhuDeal, int]]:
    bidding = new_deal(CLASSIC, 4)
    robbing = new_deal(CLASSIC, 4)
    for value in (1, 2, 3):
        robbing.apply_action(Bid(value))
    out = [(bidding, bidding.current_player), (robbing, robbing.current_player), (lead_deal(), 0)]
    return [(d, s) for d, s in out if s is not None]


READ_DEALS = _read_deals()
