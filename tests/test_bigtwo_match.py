"""Matches of Big Two (a series of deals, ``bigtwo.md`` §3.1, §7.1, §12): who deals
and leads each deal, redeals, titles and ranks carried from deal to deal, the
running score table, match records (replayed, tampered, recomputed from the record
alone), seeded random-bot matches of 50 deals under every preset and every
exchange and tribute method, and the command line (``play --deals/--to``,
``rules``, ``replay`` and ``simulate --match-deals``).
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from chupai.bigtwo.game import Action, BigTwoDeal, Choice, Phase
from chupai.bigtwo.match import Match, deal_seed, replay_match, table_from_record
from chupai.bigtwo.record import replay_any
from chupai.bigtwo.rules import PRESETS, BigTwoRules, resolve
from chupai.bots import RandomBot
from chupai.errors import ChupaiError, RecordError


def random_match(
    rules: BigTwoRules, seed: int, deals: int | None = 50, target: int | None = None
) -> Match:
    """A match played by one seeded RandomBot per seat, seeing only its observation."""
    bots = [RandomBot(seed * 100 + s) for s in range(rules.players)]

    def choose(deal: BigTwoDeal) -> Action:
        seat = deal.current_player
        assert seat is not None
        return bots[seat].act(deal.observe(seat), deal.legal_actions())  # type: ignore[no-any-return]

    m = Match(rules, seed, deals=deals, target=target)
    m.play_out(choose)
    return m


def first_choice(deal: BigTwoDeal) -> Action:
    return deal.legal_actions()[0]


def roundtrip(m: Match) -> dict[str, Any]:
    rec: dict[str, Any] = json.loads(json.dumps(m.to_record()))
    return rec


# ----- who deals and leads -------------------------------------------------------------------


def test_first_deal_dealer_is_drawn_or_given() -> None:
    m = Match(PRESETS["standard"], 3, deals=1)
    d = m.next_deal()
    assert d.first_deal and d.seed == deal_seed(3, 0) and d.ranking is None
    assert d.must_contain == 1 << d.starting_card
    given = Match(PRESETS["standard"], 3, deals=1, dealer=2).next_deal()
    assert given.dealer == 2 and given.hands != d.hands or given.dealer == d.dealer


def test_later_deals_are_dealt_and_led_by_the_previous_winner() -> None:
    m = Match(PRESETS["standard"], 8, deals=4)
    while not m.is_over():
        d = m.next_deal()
        if len(m.deals) > 1:
            prev = m.deals[-2].outcome
            assert prev is not None
            assert d.dealer == prev.winner and not d.first_deal
            assert d.current_player == prev.winner and d.must_contain == 0
        while not d.is_terminal():
            d.apply_action(d.legal_actions()[0])
    assert m.counted == 4 and len(m.table()) == 4


def test_taiwan_every_deal_starts_with_the_starting_card() -> None:
    m = Match(PRESETS["taiwan"], 8, deals=3)
    while not m.is_over():
        d = m.next_deal()
        if not d.is_terminal():  # not an instant win
            assert d.current_player == d.starting_player
            assert d.must_contain == 1 << d.starting_card
        while not d.is_terminal():
            d.apply_action(d.legal_actions()[-1])


def test_a_redeal_keeps_the_dealer_and_does_not_count() -> None:
    r = resolve("standard", {"redeal_max_points": "20", "series": "class_struggle"})
    m = Match(r, 1, deals=3)

    def choose(deal: BigTwoDeal) -> Action:
        legal = deal.legal_actions()
        if Choice("redeal") in legal:  # redeal the first deal and the third attempt
            return Choice("redeal") if len(m.deals) in (1, 3) else Choice("keep")
        return legal[0]

    m.play_out(choose)
    rows = m.table()
    assert [r.number for r in rows] == [None, 1, None, 2, 3]
    assert m.counted == 3 and len(m.deals) == 5
    for i, row in enumerate(rows):
        if row.redeal:
            again = m.deals[i + 1]
            assert again.dealer == m.deals[i].dealer
            assert again.first_deal == m.deals[i].first_deal
            assert again.ranking == m.deals[i].ranking
            assert row.scores == (0, 0, 0, 0)
    assert m.deals[1].first_deal  # the first deal was redealt: still the first deal
    assert not m.deals[2].first_deal


def test_a_table_that_always_asks_for_a_redeal_still_ends() -> None:
    r = resolve("standard", {"redeal_max_points": "20"})
    m = Match(r, 1, deals=3, max_deals=6)
    m.play_out(
        lambda d: (
            Choice("redeal") if Choice("redeal") in d.legal_actions() else d.legal_actions()[0]
        )
    )
    assert m.is_over() and len(m.deals) == 6 and m.counted == 0


def test_titles_and_ranks_follow_the_previous_ranking() -> None:
    for over in ({"series": "class_struggle"}, {"series": "tribute", "tribute_method": "one_card"}):
        m = random_match(resolve("standard", over), 4, deals=6)
        for prev, d in zip(m.deals, m.deals[1:]):
            assert prev.outcome is not None and d.ranking == prev.outcome.ranking


def test_king_demotion_through_a_match() -> None:
    r = resolve("standard", {"series": "class_struggle", "class_king_demotion": "true"})
    m = random_match(r, 5, deals=12)
    demoted = 0
    for i in range(2, len(m.deals)):
        prev, d = m.deals[i - 1], m.deals[i]
        assert prev.ranking is not None and prev.outcome is not None and d.ranking is not None
        king, order = prev.ranking[0], prev.outcome.ranking
        if order[0] == king:
            assert d.ranking == order
        else:
            demoted += 1
            assert d.ranking == tuple(s for s in order if s != king) + (king,)
    assert demoted > 0


# ----- scores, target, errors ----------------------------------------------------------------


def test_running_totals_are_the_sums_of_the_deal_scores() -> None:
    m = random_match(PRESETS["standard"], 2, deals=10)
    totals = [0, 0, 0, 0]
    for row, d in zip(m.table(), m.deals):
        assert d.outcome is not None and row.scores == d.outcome.scores
        totals = [t + v for t, v in zip(totals, row.scores)]
        assert list(row.totals) == totals
    assert m.totals == totals and sum(totals) == 0  # pairwise settlement is zero-sum


def test_match_to_a_target_score() -> None:
    m = random_match(PRESETS["standard"], 6, deals=None, target=60)
    assert m.is_over() and any(abs(t) >= 60 for t in m.totals)
    rows = m.table()
    for row in rows[:-1]:
        assert all(abs(t) < 60 for t in row.totals)
    both = random_match(PRESETS["standard"], 6, deals=2, target=10_000)
    assert both.counted == 2


def test_match_argument_and_order_errors() -> None:
    with pytest.raises(ChupaiError):
        Match(PRESETS["standard"], 1)
    with pytest.raises(ChupaiError):
        Match(PRESETS["standard"], 1, deals=0)
    with pytest.raises(ChupaiError):
        Match(PRESETS["standard"], 1, deals=1, dealer=4)
    m = Match(PRESETS["standard"], 1, deals=1)
    m.next_deal()
    with pytest.raises(ChupaiError, match="not over"):
        m.next_deal()
    m.play_out(first_choice)
    with pytest.raises(ChupaiError, match="over"):
        m.next_deal()


def test_deal_seeds_are_stable() -> None:
    assert deal_seed(0, 0) == deal_seed(0, 0) != deal_seed(0, 1) != deal_seed(1, 0)
    assert deal_seed(7, 3) == 12233482320362886363


# ----- 50-deal matches under every preset and every exchange ---------------------------------

MATCH_RULES = {
    **{f"preset={p}": resolve(p) for p in PRESETS},
    "class_struggle swap": resolve("standard", {"series": "class_struggle"}),
    "class_struggle demand": resolve(
        "standard", {"series": "class_struggle", "class_exchange": "demand"}
    ),
    "class_struggle demand protect demotion 3p": resolve(
        "standard",
        {
            "series": "class_struggle",
            "class_exchange": "demand",
            "players": "3",
            "class_protect_cards": "true",
            "class_king_demotion": "true",
        },
    ),
    **{
        f"tribute {m}": resolve("standard", {"series": "tribute", "tribute_method": m})
        for m in ("choose_hands", "one_card", "two_cards", "draw_three")
    },
    "pre_exchange": resolve("standard", {"pre_exchange": "true"}),
    "taiwan tribute draw_three + pre_exchange": resolve(
        "taiwan", {"series": "tribute", "tribute_method": "draw_three", "pre_exchange": "true"}
    ),
    "obligations and redeals": resolve(
        "hongkong",
        {
            "ding_da": "penalty",
            "last_card_call": "true",
            "redeal_max_points": "3",
            "redeal_two_faces": "true",
            "redeal_four_twos": "true",
        },
    ),
    "enforce last_remaining": resolve(
        "taiwan", {"ding_da": "enforce", "play_until": "last_remaining"}
    ),
}


@pytest.mark.parametrize("name", list(MATCH_RULES))
def test_seeded_random_bot_matches_of_50_deals_replay(name: str) -> None:
    r = MATCH_RULES[name]
    m = random_match(r, 17)
    assert m.is_over() and m.counted == 50
    rec = roundtrip(m)
    again = replay_match(rec)
    assert again.totals == m.totals and again.table() == m.table()
    assert replay_any(rec).totals == m.totals  # type: ignore[union-attr]
    # the score table is recomputed from the record alone (no engine)
    assert table_from_record(rec) == rec["table"] == [row.to_dict() for row in m.table()]
    assert table_from_record(rec)[-1]["totals"] == m.totals
    if r.series.value != "none":
        assert sum(1 for d in m.deals if d.ranking is not None) >= 49


# ----- records ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def match_record() -> dict[str, Any]:
    r = resolve("standard", {"series": "class_struggle", "redeal_max_points": "4"})
    return roundtrip(random_match(r, 3, deals=5))


def test_match_record_shape(match_record: dict[str, Any]) -> None:
    rec = match_record
    assert rec["format"] == "chupai-match" and rec["game"] == "bigtwo"
    assert rec["deal_count"] == 5 and rec["target"] is None and rec["seed"] == 3
    assert all(d["format"] == "chupai-record" for d in rec["deals"])
    assert rec["totals"] == rec["table"][-1]["totals"]


def _broken(rec: dict[str, Any], change: Any) -> dict[str, Any]:
    bad = copy.deepcopy(rec)
    change(bad)
    return bad


def _set_action(rec: dict[str, Any]) -> None:
    deal = rec["deals"][1]
    deal["actions"][-1]["action"] = "pass" if deal["actions"][-1]["action"] != "pass" else "3D"


TAMPERS = [
    ("an action", _set_action, "deal 2"),
    (
        "a deal's seed",
        lambda r: r["deals"][1].__setitem__("seed", r["deals"][1]["seed"] + 1),
        "deal 2",
    ),
    ("the totals", lambda r: r["totals"].__setitem__(0, r["totals"][0] + 1), "totals"),
    ("a table row", lambda r: r["table"][0]["scores"].__setitem__(0, 99), "table"),
    ("a deal too many", lambda r: r["deals"].append(r["deals"][-1]), "over"),
    ("deals swapped", lambda r: r["deals"].__setitem__(slice(0, 2), r["deals"][1::-1]), "deal 1"),
    (
        "a deal's leader",
        lambda r: r["deals"][2].__setitem__("leader", (r["deals"][2]["leader"] + 1) % 4),
        "deal 3",
    ),
    ("the rules", lambda r: r["rules"].__setitem__("series", "tribute"), "deal 1"),
    ("the format", lambda r: r.__setitem__("version", 9), "version"),
]


@pytest.mark.parametrize("what, change, where", TAMPERS, ids=[t[0] for t in TAMPERS])
def test_tampered_match_records_are_refused(
    match_record: dict[str, Any], what: str, change: Any, where: str
) -> None:
    bad = _broken(match_record, change)
    with pytest.raises(RecordError) as info:
        replay_match(bad)
    assert where in str(info.value)
    replay_match(match_record)  # the original is untouched and valid


def test_an_unfinished_match_record_replays(match_record: dict[str, Any]) -> None:
    m = Match(resolve("standard"), 4, deals=3)
    d = m.next_deal()
    for _ in range(5):
        d.apply_action(d.legal_actions()[0])
    rec = roundtrip(m)
    again = replay_match(rec)
    assert again.current is not None and again.counted == 0
    assert again.current.history == d.history


# ----- command line ---------------------------------------------------------------------------


def chupai(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "NO_COLOR")}
    env.update(PYTHONIOENCODING="utf-8", COLUMNS="200")
    return subprocess.run(
        [sys.executable, "-m", "chupai", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        env=env,
    )


# every prompt ends in a move: a decision, a pair or single of the lowest cards, or pass
AUTOPLAY = "keep\ngive 0\nskip\n0 1\n0\npass\n" * 500


def test_cli_play_a_match_of_deals_with_the_score_table(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    p = chupai(
        "play",
        "--deals",
        "3",
        "--seed",
        "4",
        "--bots",
        "random",
        "--set",
        "series=class_struggle",
        "--record",
        str(path),
        stdin=AUTOPLAY,
    )
    assert p.returncode == 0, p.stderr
    out = p.stdout
    assert out.count("Score table") == 3
    assert "Deal 1 of 3" in out and "Deal 3 of 3" in out
    assert "Titles: " in out and "Match over" in out
    assert f"Match record written to {path}" in out
    rec = json.loads(path.read_text(encoding="utf-8"))
    m = replay_match(rec)
    assert m.counted == 3
    last_table = out[out.rindex("Score table") :]
    total_line = next(line for line in last_table.splitlines() if line.startswith("Total"))
    assert total_line.split()[1:] == [f"{t:+d}" for t in m.totals]
    r = chupai("replay", str(path))
    assert r.returncode == 0, r.stderr
    assert "valid record" in r.stdout and "Big Two match" in r.stdout


def test_cli_play_to_a_target_score() -> None:
    p = chupai("play", "--to", "30", "--seed", "2", "--bots", "random", stdin=AUTOPLAY)
    assert p.returncode == 0, p.stderr
    assert "until a total reaches ±30" in p.stdout and "Match over" in p.stdout


def test_cli_play_decisions_are_prompted() -> None:
    # seat 0 is the 4th after deal 1 under one_card tribute, or decides something
    p = chupai(
        "play",
        "--deals",
        "2",
        "--seed",
        "4",
        "--bots",
        "random",
        "--set",
        "pre_exchange=true",
        stdin=AUTOPLAY,
    )
    assert p.returncode == 0, p.stderr
    assert "put 1 to 3 cards face down" in p.stdout
    assert "You put " in p.stdout and "You get from the pile:" in p.stdout


def test_cli_quit_in_a_match() -> None:
    p = chupai("play", "--deals", "2", "--seed", "4", stdin="quit\n")
    assert p.returncode == 0 and "the match is abandoned" in p.stdout
    p = chupai("play", "--deals", "2", "--seed", "4", stdin="")
    assert p.returncode == 1 and "End of input" in p.stdout


def test_cli_bad_match_arguments() -> None:
    p = chupai("play", "--deals", "0", stdin="quit\n")
    assert p.returncode == 2 and "--deals" in p.stderr
    p = chupai("play", "--to", "-5", stdin="quit\n")
    assert p.returncode == 2 and "--to" in p.stderr


def test_cli_rules_lists_every_option_with_value_and_meaning() -> None:
    p = chupai("rules", "bigtwo", "--rules", "taiwan", "--set", "ding_da=penalty")
    assert p.returncode == 0, p.stderr
    out = p.stdout
    assert "bigtwo(preset=taiwan,ding_da=penalty)" in out
    rules = resolve("taiwan", {"ding_da": "penalty"})
    import dataclasses

    for f in dataclasses.fields(rules):
        line = next(line for line in out.splitlines() if line.startswith(f.name + " "))
        assert f.metadata["doc"][:30] in " ".join(out.split())
        assert line.split()[0] == f.name
    ding = next(line for line in out.splitlines() if line.startswith("ding_da "))
    assert "penalty *" in ding
    j = chupai("rules", "--json", "--rules", "taiwan")
    data = json.loads(j.stdout)
    keys = [o["key"] for o in data["options"]]
    assert keys == [f.name for f in dataclasses.fields(rules)]
    suit = next(o for o in data["options"] if o["key"] == "suit_order")
    assert suit["value"] == "SHDC" and suit["allowed"] == ["SHCD", "SHDC"] and suit["doc"]
    v = chupai("rules", "--values")
    assert "starting_card_first_deal, starting_card_every_deal" in v.stdout
    bad = chupai("rules", "--set", "nosuch=1")
    assert bad.returncode == 2 and "nosuch" in bad.stderr


def test_cli_replay_refuses_a_tampered_match(tmp_path: Path, match_record: dict[str, Any]) -> None:
    bad = _broken(match_record, _set_action)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    p = chupai("replay", "--quiet", str(path))
    assert p.returncode == 1 and "invalid record: deal 2" in p.stderr


def test_cli_simulate_matches(tmp_path: Path) -> None:
    out = tmp_path / "recs"
    p = chupai(
        "simulate",
        "--deals",
        "12",
        "--match-deals",
        "5",
        "--set",
        "series=tribute",
        "--set",
        "tribute_method=two_cards",
        "--verify",
        "--json",
        "--records",
        str(out),
    )
    assert p.returncode == 0, p.stderr
    rep = json.loads(p.stdout)
    assert rep["deals"] == 12 and rep["match_deals"] == 5
    assert sum(s["wins"] for s in rep["seats"]) == 12
    files = sorted(f.name for f in out.iterdir())
    assert files == ["match-0.json", "match-1.json", "match-2.json"]
    last = replay_match(json.loads((out / "match-2.json").read_text(encoding="utf-8")))
    assert last.counted == 2
    r = chupai("replay", "-q", str(out / "match-0.json"))
    assert r.returncode == 0 and r.stdout.startswith("valid record")


def test_phase_of_a_fresh_match_deal() -> None:
    m = Match(resolve("standard", {"pre_exchange": "true"}), 1, deals=1)
    assert m.next_deal().phase is Phase.PRE_EXCHANGE
