"""Matches of Dou Dizhu (``doudizhu.md`` §3, §4.2, §10.2): the dealer moving to the
next player after every deal (redeals included), redeals that do not count, the
doubling carried by ``all_pass=redeal_doubled_once``, running totals, match
records (replayed, tampered, the table recomputed from the record alone), seeded
random-bot matches of 50 deals, and the command line (``play doudizhu --deals``
and ``--to``, ``replay`` of a match record).
"""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Callable, Container
from pathlib import Path
from typing import Any

import pytest

from chupai.bigtwo.match import Match as BigTwoMatch
from chupai.bigtwo.match import deal_seed as bigtwo_deal_seed
from chupai.bigtwo.rules import PRESETS as BIGTWO_PRESETS
from chupai.bots import RandomBot
from chupai.bots.doudizhu import bid_for
from chupai.cli.main import main
from chupai.doudizhu.game import PASS, Action, DouDizhuDeal, Phase, deal_cards, new_deal
from chupai.doudizhu.match import (
    MATCH_FORMAT,
    Match,
    MatchRow,
    deal_seed,
    replay_match,
    table_from_record,
)
from chupai.doudizhu.record import to_record
from chupai.doudizhu.rules import PRESETS, DouDizhuRules, resolve
from chupai.errors import ChupaiError, RecordError

CLASSIC = PRESETS["classic"]
DOUBLED = resolve("classic", {"all_pass": "redeal_doubled_once"})

MATCH_RULES: dict[str, DouDizhuRules] = {
    "classic": CLASSIC,
    "four_player": PRESETS["four_player"],
    "classic all_pass=redeal_doubled_once": DOUBLED,
}


def random_match(
    rules: DouDizhuRules, seed: int, deals: int | None = 50, target: int | None = None
) -> Match:
    """A match played by one seeded RandomBot per seat, seeing only its observation."""
    bots = [RandomBot(seed * 100 + s) for s in range(rules.players)]

    def choose(deal: DouDizhuDeal) -> Action:
        seat = deal.current_player
        assert seat is not None
        return bots[seat].act(deal.observe(seat), deal.legal_actions())  # type: ignore[no-any-return]

    m = Match(rules, seed, deals=deals, target=target)
    m.play_out(choose)
    return m


def passing_at(positions: Container[int], match: Match) -> Callable[[DouDizhuDeal], Action]:
    """A chooser under which everybody passes in the bidding of the deals at
    ``positions`` (so they are redealt) and takes the first legal action
    elsewhere (``bid 1`` when bidding)."""

    def choose(deal: DouDizhuDeal) -> Action:
        if deal.phase is Phase.BID and len(match.deals) - 1 in positions:
            return PASS
        return deal.legal_actions()[0]

    return choose


def roundtrip(m: Match) -> dict[str, Any]:
    rec: dict[str, Any] = json.loads(json.dumps(m.to_record()))
    return rec


def assert_rotation(m: Match) -> None:
    """Every deal after the first is dealt by the next player and doubled exactly
    when the previous deal says so."""
    for prev, deal in zip(m.deals, m.deals[1:]):
        assert prev.outcome is not None
        assert deal.dealer == (prev.dealer + 1) % m.players
        assert deal.doubled == prev.outcome.next_doubled


# ----- who deals, redeals and doubling -------------------------------------------------------


def test_first_dealer_is_drawn_from_the_match_seed_or_given() -> None:
    d = Match(CLASSIC, 3, deals=1).next_deal()
    assert d.seed == deal_seed(3, 0) and not d.doubled
    assert d.dealer == deal_cards(CLASSIC, deal_seed(3, 0))[0]
    drawn = {Match(CLASSIC, s, deals=1).next_deal().dealer for s in range(20)}
    assert drawn == {0, 1, 2}
    given = Match(CLASSIC, 3, deals=1, dealer=2).next_deal()
    assert given.dealer == 2 and given.seed == d.seed
    # a given dealer leaves the shuffle's draw order, so seat (2 + k) gets card k
    assert given.dealt_hands == tuple(new_deal(CLASSIC, d.seed, dealer=2).dealt_hands)


def test_dealer_moves_to_the_next_player_after_every_deal_including_redeals() -> None:
    m = Match(CLASSIC, 5, deals=4, dealer=1)
    m.play_out(passing_at({1, 2, 4}, m))
    assert len(m.deals) == 7 and m.counted == 4 and m.redeals == 3
    assert [d.dealer for d in m.deals] == [1, 2, 0, 1, 2, 0, 1]
    assert [d.seed for d in m.deals] == [deal_seed(5, i) for i in range(7)]
    assert_rotation(m)
    rows = m.table()
    assert [r.number for r in rows] == [1, None, None, 2, None, 3, 4]
    assert [r.redeal for r in rows] == [False, True, True, False, True, False, False]
    for r in rows:
        if r.redeal:
            assert r.scores == (0, 0, 0) and r.landlord is None and r.unit == 0
            assert r.totals == rows[r.position - 1].totals
    # plain redeals never double
    assert not any(d.doubled for d in m.deals)


def test_redeal_doubled_once_doubles_the_next_deal_only_once() -> None:
    m = Match(DOUBLED, 8, deals=2)
    m.play_out(passing_at({0, 1, 3}, m))
    assert [d.doubled for d in m.deals] == [False, True, False, False, True]
    oc = [d.outcome for d in m.deals]
    assert all(o is not None for o in oc)
    assert [o.next_doubled for o in oc if o is not None] == [True, False, False, True, False]
    assert_rotation(m)
    played = m.deals[4].outcome
    assert played is not None and not played.redeal and played.doubled == 2
    # the doubled deal's unit is twice the same deal's unit undoubled
    plain = new_deal(DOUBLED, m.deals[4].seed or 0, dealer=m.deals[4].dealer)
    for ev in m.deals[4].history:
        plain.apply_action(ev.action)
    assert plain.outcome is not None and played.unit == 2 * plain.outcome.unit
    assert played.scores == tuple(2 * v for v in plain.outcome.scores)
    assert [r.doubled for r in m.table()] == [False, True, False, False, True]


def test_running_totals_are_the_sums_of_the_deal_scores() -> None:
    m = random_match(CLASSIC, 4, deals=6)
    running = [0, 0, 0]
    for row in m.table():
        d = m.deals[row.position]
        assert d.outcome is not None and row.scores == d.outcome.scores
        assert sum(row.scores) == 0
        running = [t + v for t, v in zip(running, row.scores, strict=True)]
        assert list(row.totals) == running
    assert m.totals == running and sum(m.totals) == 0
    assert max(m.totals) in (m.totals[s] for s in m.leaders())


def test_match_to_a_target_score() -> None:
    m = random_match(CLASSIC, 2, deals=None, target=40)
    assert m.is_over() and any(abs(t) >= 40 for t in m.totals)
    before = m.table()[:-1]
    assert all(all(abs(t) < 40 for t in row.totals) for row in before)
    both = random_match(CLASSIC, 2, deals=2, target=10_000)
    assert both.counted == 2


def test_a_table_that_always_passes_still_ends() -> None:
    m = Match(CLASSIC, 1, deals=1, max_deals=5)
    m.play_out(lambda d: PASS)
    assert m.is_over() and len(m.deals) == 5 and m.counted == 0 and m.totals == [0, 0, 0]
    again = replay_match(roundtrip(m))
    assert len(again.deals) == 5 and again.is_over()


def test_match_argument_and_order_errors() -> None:
    with pytest.raises(ChupaiError, match="number of deals or a target"):
        Match(CLASSIC, 1)
    with pytest.raises(ChupaiError, match="at least 1 deal"):
        Match(CLASSIC, 1, deals=0)
    with pytest.raises(ChupaiError, match="target score"):
        Match(CLASSIC, 1, target=0)
    with pytest.raises(ChupaiError, match="dealer 3"):
        Match(CLASSIC, 1, deals=1, dealer=3)
    m = Match(CLASSIC, 1, deals=1)
    m.next_deal()
    with pytest.raises(ChupaiError, match="not over"):
        m.next_deal()
    m.play_out(lambda d: d.legal_actions()[0])
    with pytest.raises(ChupaiError, match="match is over"):
        m.next_deal()


def test_deal_seeds_are_stable_and_not_big_twos() -> None:
    assert deal_seed(7, 3) == 6660185055829473383
    assert deal_seed(7, 3) != bigtwo_deal_seed(7, 3)
    assert len({deal_seed(7, i) for i in range(100)}) == 100


# ----- 50-deal matches ------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(MATCH_RULES))
def test_seeded_random_bot_matches_of_50_deals_replay(name: str) -> None:
    rules = MATCH_RULES[name]
    m = random_match(rules, 17)
    assert m.is_over() and m.counted == 50 and len(m.deals) == 50 + m.redeals
    assert m.redeals >= 1  # random bidders all pass now and then (seeded)
    assert sum(m.totals) == 0 and all(sum(r.scores) == 0 for r in m.table())
    assert_rotation(m)
    if rules.all_pass.value == "redeal_doubled_once":
        assert any(d.doubled for d in m.deals)
    else:
        assert not any(d.doubled for d in m.deals)
    rec = roundtrip(m)
    again = replay_match(rec)
    assert again.totals == m.totals and again.table() == m.table()
    assert [d.history for d in again.deals] == [d.history for d in m.deals]
    # the score table is recomputed from the record alone (no engine)
    live = [row.to_dict() for row in m.table()]
    assert table_from_record(rec) == rec["table"] == live
    assert table_from_record(rec)[-1]["totals"] == m.totals == rec["totals"]


# ----- records ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def match_record() -> dict[str, Any]:
    m = Match(DOUBLED, 3, deals=4)
    m.play_out(passing_at({1}, m))  # deal 2 is redealt, deal 3 doubled
    return roundtrip(m)


def test_match_record_shape(match_record: dict[str, Any]) -> None:
    rec = match_record
    assert rec["format"] == MATCH_FORMAT == "chupai-match" and rec["game"] == "doudizhu"
    assert rec["deal_count"] == 4 and rec["target"] is None and rec["seed"] == 3
    assert rec["rules"]["all_pass"] == "redeal_doubled_once"
    assert all(d["format"] == "chupai-record" and d["game"] == "doudizhu" for d in rec["deals"])
    assert [d["doubled"] for d in rec["deals"]] == [False, False, True, False, False]
    assert [row["deal"] for row in rec["table"]] == [1, None, 2, 3, 4]
    assert rec["totals"] == rec["table"][-1]["totals"]
    assert set(rec["table"][0]) == set(MatchRow._fields) - {"number", "position"} | {"deal"}


def _broken(rec: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    bad = copy.deepcopy(rec)
    change(bad)
    return bad


def _set_action(rec: dict[str, Any]) -> None:
    deal = rec["deals"][2]
    last = deal["actions"][-1]
    last["action"] = "pass" if last["action"] != "pass" else "3"


def _consistent(
    rec: dict[str, Any], index: int, *, dealer_shift: int = 0, flip_doubled: bool = False
) -> None:
    """Replace deal ``index`` by a valid deal record of the same seed that is not
    the match's next deal (another dealer, or the other doubling)."""
    old = rec["deals"][index]
    rules = DOUBLED
    deal = new_deal(
        rules,
        old["seed"],
        dealer=(old["dealer"] + dealer_shift) % 3,
        doubled=old["doubled"] != flip_doubled,
    )
    if dealer_shift:
        while not deal.is_terminal():
            deal.apply_action(deal.legal_actions()[0])
    else:
        for a in old["actions"]:
            deal.apply_action(deal.parse_action(a["action"]))
    rec["deals"][index] = to_record(deal)
    rec.pop("table")
    rec.pop("totals")


TAMPERS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("an action", _set_action, "deal 3"),
    (
        "a deal's seed",
        lambda r: r["deals"][1].__setitem__("seed", r["deals"][1]["seed"] + 1),
        "deal 2",
    ),
    (
        "the dealer of a valid deal",
        lambda r: _consistent(r, 3, dealer_shift=1),
        "deal 4: the deal is not the match's next deal: the dealer is seat",
    ),
    (
        "the doubling of a valid deal",
        lambda r: _consistent(r, 2, flip_doubled=True),
        "deal 3: the deal is not the match's next deal: doubled is False, not True",
    ),
    ("the totals", lambda r: r["totals"].__setitem__(0, r["totals"][0] + 1), "totals"),
    ("a table row", lambda r: r["table"][0]["scores"].__setitem__(0, 99), "table"),
    ("a deal too many", lambda r: r["deals"].append(r["deals"][-1]), "over"),
    ("deals swapped", lambda r: r["deals"].__setitem__(slice(0, 2), r["deals"][1::-1]), "deal 1"),
    ("a redeal removed", lambda r: r["deals"].pop(1), "deal 2"),
    ("the rules", lambda r: r["rules"].__setitem__("all_pass", "redeal"), "deal 1"),
    ("the version", lambda r: r.__setitem__("version", 9), "version"),
    ("the game", lambda r: r.__setitem__("game", "bigtwo"), "game"),
    ("the seed", lambda r: r.__setitem__("seed", "3"), "seed"),
]


@pytest.mark.parametrize("what, change, where", TAMPERS, ids=[t[0] for t in TAMPERS])
def test_tampered_match_records_are_refused(
    match_record: dict[str, Any], what: str, change: Callable[[dict[str, Any]], None], where: str
) -> None:
    bad = _broken(match_record, change)
    with pytest.raises(RecordError) as info:
        replay_match(bad)
    assert where in str(info.value)
    replay_match(match_record)  # the original is untouched and valid


def test_an_unfinished_match_record_replays() -> None:
    m = Match(CLASSIC, 4, deals=3)
    d = m.next_deal()
    for _ in range(5):
        d.apply_action(d.legal_actions()[0])
    rec = roundtrip(m)
    again = replay_match(rec)
    assert again.current is not None and again.counted == 0 and table_from_record(rec) == []
    assert again.current.history == d.history


def test_table_from_record_refuses_bad_scores(match_record: dict[str, Any]) -> None:
    bad = _broken(match_record, lambda r: r["deals"][0]["result"].__setitem__("scores", "x"))
    with pytest.raises(RecordError, match="deal 1"):
        table_from_record(bad)
    with pytest.raises(RecordError, match="deals"):
        table_from_record({"deals": None})


# ----- command line ---------------------------------------------------------------------------

# every prompt ends in a move: "bid 3" while bidding, "#0" (the lowest card: always
# legal when leading), "pass" (legal when following; read as 'no' while robbing)
AUTOPLAY = "bid 3\n#0\npass\n" * 1000


def run_cli(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    stdin: str = "",
) -> tuple[int, str, str]:
    """``chupai ARGV`` in-process with ``stdin``: (exit status, stdout, stderr)."""
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def total_line(out: str) -> list[str]:
    last = out[out.rindex("Score table") :]
    return next(line for line in last.splitlines() if line.startswith("Total")).split()[1:]


def test_cli_play_a_match_of_two_deals_with_the_score_table(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "match.json"
    code, out, err = run_cli(
        monkeypatch,
        capsys,
        [
            "play",
            "doudizhu",
            "--deals",
            "2",
            "--seed",
            "5",
            "--bots",
            "random",
            "--record",
            str(path),
        ],
        AUTOPLAY,
    )
    assert code == 0 and err == ""
    assert out.count("Score table") == 2 and "Match seed 5; 2 deals." in out
    assert "Deal 1 of 2" in out and "Deal 2 of 2" in out and "Match over" in out
    assert f"Match record written to {path}" in out
    rec = json.loads(path.read_text(encoding="utf-8"))
    m = replay_match(rec)
    assert m.counted == 2 and m.seed == 5
    assert total_line(out) == [f"{t:+d}" for t in m.totals]
    assert f"Your total: {m.totals[0]:+d}" in out
    for d in m.deals:
        name = "You" if d.dealer == 0 else f"Seat {d.dealer}"
        assert f"Dealer: {name} · Marker card" in out

    code, out, err = run_cli(monkeypatch, capsys, ["replay", str(path)])
    assert code == 0 and err == "", err
    assert "Dou Dizhu match" in out and out.rstrip().endswith(
        f"valid record: {sum(len(d.history) for d in m.deals)} actions"
    )
    assert "2 deals played (2 counted, 0 redealt)" in out


def _redeal_first_seed() -> int:
    """A match seed whose first deal the greedy bots (seats 1 and 2) do not bid on."""
    for seed in range(200):
        deal = new_deal(CLASSIC, deal_seed(seed, 0))
        if not any(bid_for(deal.hands[s]) for s in (1, 2)):
            return seed
    raise AssertionError("no such seed")


def test_cli_match_with_a_redeal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    seed = _redeal_first_seed()
    path = tmp_path / "m.json"
    code, out, err = run_cli(
        monkeypatch,
        capsys,
        [
            "play",
            "doudizhu",
            "--deals",
            "1",
            "--seed",
            str(seed),
            "--record",
            str(path),
            "--set",
            "all_pass=redeal_doubled_once",
        ],
        "pass\n" + AUTOPLAY,
    )
    assert code == 0 and err == ""
    assert "Everybody passed: no landlord, no score" in out
    assert "the next deal counts double" in out
    assert "Deal 1 of 1 (redeal)" in out and "this deal counts double" in out
    assert out.count("Score table") == 2
    m = replay_match(json.loads(path.read_text(encoding="utf-8")))
    assert m.redeals == 1 and m.counted == 1 and m.deals[1].doubled
    assert m.deals[1].dealer == (m.deals[0].dealer + 1) % 3
    table = out[out.rindex("Score table") :]
    assert any(line.split()[:1] == ["redeal"] for line in table.splitlines())
    assert "(doubled)" in table


def test_cli_play_to_a_target_score(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_cli(
        monkeypatch,
        capsys,
        ["play", "doudizhu", "--to", "12", "--seed", "2", "--bots", "random"],
        AUTOPLAY,
    )
    assert code == 0 and err == ""
    assert "until a total reaches ±12" in out and "Match over" in out
    assert any(abs(int(t)) >= 12 for t in total_line(out))


def test_cli_quit_end_of_input_and_bad_arguments(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run_cli(
        monkeypatch, capsys, ["play", "doudizhu", "--deals", "2", "--seed", "4"], "quit\n"
    )
    assert code == 0 and "the match is abandoned (match seed 4)" in out
    code, out, _ = run_cli(monkeypatch, capsys, ["play", "doudizhu", "--deals", "2"], "")
    assert code == 1 and "End of input" in out
    code, _, err = run_cli(monkeypatch, capsys, ["play", "doudizhu", "--deals", "0"], "quit\n")
    assert code == 2 and "--deals must be at least 1" in err
    code, _, err = run_cli(monkeypatch, capsys, ["play", "doudizhu", "--to", "-5"], "quit\n")
    assert code == 2 and "--to must be at least 1" in err


def test_cli_replay_refuses_a_tampered_match(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    match_record: dict[str, Any],
) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(match_record), encoding="utf-8")
    code, out, err = run_cli(monkeypatch, capsys, ["replay", "--quiet", str(good)])
    assert code == 0 and out.startswith("valid record") and err == ""
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(_broken(match_record, _set_action)), encoding="utf-8")
    code, out, err = run_cli(monkeypatch, capsys, ["replay", "--quiet", str(bad)])
    assert code == 1 and err.startswith("invalid record: deal 3")


def test_cli_replay_still_replays_big_two_matches(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    m = BigTwoMatch(BIGTWO_PRESETS["standard"], 3, deals=2)
    m.play_out(lambda d: d.legal_actions()[0])
    path = tmp_path / "b2.json"
    path.write_text(json.dumps(m.to_record()), encoding="utf-8")
    code, out, err = run_cli(monkeypatch, capsys, ["replay", str(path)])
    assert code == 0 and err == "" and "Big Two match" in out
    assert "valid record" in out
