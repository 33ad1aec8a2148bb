"""Matches of Big A (``biga.md`` §3.1, §3.3, §9): the first drawer drawn by the
first deal's seed or given, the first player out drawing first in the next deal,
redeals that keep the first drawer and do not count, running totals, matches to a
target, match records (JSON round trip, replayed, tampered, the table recomputed
from the record alone) and seeded bot matches that are deterministic.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Container
from typing import Any

import pytest

from chupai.biga.cards import FACE_NAMES
from chupai.biga.game import DECLINE, LAST_CHECKPOINT, Action, BigADeal, Phase, deal_stock
from chupai.biga.game import new_deal
from chupai.biga.match import (
    MATCH_FORMAT,
    Match,
    MatchDeal,
    MatchRow,
    deal_seed,
    replay_match,
    table_from_record,
)
from chupai.biga.record import to_record
from chupai.biga.rules import STANDARD, resolve
from chupai.bots import make_bot
from chupai.doudizhu.match import deal_seed as doudizhu_deal_seed
from chupai.errors import ChupaiError, RecordError

AH = FACE_NAMES.index("AH")


def redealt(seed: int) -> bool:
    """Whether the deal of ``seed`` is redealt when nobody declares: both ``AH``
    are among the five cards of the final round (§3.3)."""
    return deal_stock(seed)[1][LAST_CHECKPOINT + 1 :].count(AH) == 2


def seed_redealt_at(position: int, others: range) -> int:
    """The first match seed whose deal at ``position`` would be redealt when
    nobody declares, and none of whose deals at ``others`` would."""
    for s in range(100_000):
        if redealt(deal_seed(s, position)) and not any(
            redealt(deal_seed(s, i)) for i in others if i != position
        ):
            return s
    raise AssertionError("no such seed")  # pragma: no cover


def bot_chooser(
    name: str, seed: int, match: Match, declining_at: Container[int] = ()
) -> Callable[[MatchDeal], Action]:
    """One seeded bot per seat, seeing only its observation; at the match
    positions ``declining_at`` every seat declines during the draw instead."""
    bots = [make_bot(name, seed * 10 + s, game="biga") for s in range(5)]

    def choose(deal: MatchDeal) -> Action:
        seat = deal.current_player
        assert seat is not None
        legal = deal.legal_actions()
        if deal.phase is Phase.DRAW and len(match.deals) - 1 in declining_at:
            assert DECLINE in legal
            return DECLINE
        return bots[seat].act(deal.observe(seat), legal)  # type: ignore[no-any-return]

    return choose


def bot_match(
    name: str,
    seed: int,
    deals: int | None = 4,
    target: int | None = None,
    declining_at: Container[int] = (),
    **kwargs: Any,
) -> Match:
    m = Match(STANDARD, seed, deals=deals, target=target, **kwargs)
    m.play_out(bot_chooser(name, seed, m, declining_at))
    return m


def roundtrip(m: Match) -> dict[str, Any]:
    rec: dict[str, Any] = json.loads(json.dumps(m.to_record()))
    return rec


def assert_first_drawers(m: Match) -> None:
    """Every deal after the first is drawn first by the previous deal's first
    player out, or by the same first drawer after a redeal."""
    for prev, deal in zip(m.deals, m.deals[1:]):
        oc = prev.outcome
        assert oc is not None
        if oc.redeal:
            assert deal.first_drawer == prev.first_drawer
        else:
            assert deal.first_drawer == oc.finishing_order[0] != -1
            assert oc.went_out >= 1


# ----- who draws first --------------------------------------------------------------------


def test_first_drawer_is_drawn_from_the_first_deal_seed_or_given() -> None:
    d = Match(STANDARD, 3, deals=1).next_deal()
    assert d.seed == deal_seed(3, 0)
    assert d.first_drawer == d.dealer == deal_stock(deal_seed(3, 0))[0]
    drawn = {Match(STANDARD, s, deals=1).next_deal().first_drawer for s in range(40)}
    assert drawn == {0, 1, 2, 3, 4}
    other = (d.first_drawer + 2) % 5
    for given in (
        Match(STANDARD, 3, deals=1, first_drawer=other),
        Match(STANDARD, 3, deals=1, dealer=other),
    ):
        assert given.first_drawer == other
        g = given.next_deal()
        # a given first drawer leaves the shuffle: the same stock, drawn from another seat
        assert g.first_drawer == other and g.seed == d.seed and g.stock == d.stock
    with pytest.raises(ChupaiError, match="differ"):
        Match(STANDARD, 3, deals=1, first_drawer=1, dealer=2)
    with pytest.raises(ChupaiError, match="dealer 5"):
        Match(STANDARD, 3, deals=1, first_drawer=5)


def test_the_first_player_out_draws_first_in_the_next_deal() -> None:
    m = bot_match("random", 5, deals=6)
    assert m.is_over() and m.counted == 6
    assert [d.seed for d in m.deals] == [deal_seed(5, i) for i in range(len(m.deals))]
    assert_first_drawers(m)
    # the first drawer is not always the same seat, so it really follows the deals
    assert len({d.first_drawer for d in m.deals}) > 1


def test_a_redeal_keeps_the_first_drawer_and_does_not_count() -> None:
    seed = seed_redealt_at(1, range(4))
    m = bot_match("random", seed, deals=3, declining_at={1})
    assert len(m.deals) == 4 and m.counted == 3 and m.redeals == 1
    redeal = m.deals[1]
    assert redeal.outcome is not None and redeal.outcome.redeal
    assert redeal.outcome.scores == (0,) * 5 and redeal.outcome.finishing_order == ()
    first_out = m.deals[0].outcome.finishing_order[0]  # type: ignore[union-attr]
    assert redeal.first_drawer == first_out == m.deals[2].first_drawer
    # a redeal is a new shuffle (the next position's seed)
    assert m.deals[2].seed == deal_seed(seed, 2) and m.deals[2].stock != redeal.stock
    assert_first_drawers(m)
    rows = m.table()
    assert [r.number for r in rows] == [1, None, 2, 3]
    assert [r.redeal for r in rows] == [False, True, False, False]
    r = rows[1]
    assert r.declarer is None and r.partner is None and r.big_suit is None
    assert r.scores == (0,) * 5 and r.totals == rows[0].totals and r.first_drawer == first_out
    again = replay_match(roundtrip(m))
    assert again.redeals == 1 and again.table() == m.table()


def test_a_table_that_always_redeals_still_ends() -> None:
    seed = seed_redealt_at(0, range(0))
    m = Match(STANDARD, seed, deals=1, max_deals=1)
    m.play_out(lambda d: DECLINE)
    assert m.is_over() and m.counted == 0 and m.redeals == 1 and m.totals == [0] * 5
    assert replay_match(roundtrip(m)).is_over()


# ----- totals and the end of a match ------------------------------------------------------


@pytest.mark.parametrize("bot", ["heuristic", "random"])
def test_a_bot_match_ends_after_its_deals_with_summed_totals(bot: str) -> None:
    m = bot_match(bot, 11, deals=5)
    assert m.is_over() and m.current is None
    assert m.counted == 5 and len(m.deals) == 5 + m.redeals
    with pytest.raises(ChupaiError, match="match is over"):
        m.next_deal()
    running = [0] * 5
    for row in m.table():
        d = m.deals[row.position]
        oc = d.outcome
        assert oc is not None and row.scores == oc.scores
        assert row.declarer == oc.declarer and row.partner == oc.partner
        assert row.alone == oc.alone and row.finishing_order == oc.finishing_order
        assert sorted(row.finishing_order) == (list(range(5)) if not row.redeal else [])
        running = [t + v for t, v in zip(running, row.scores, strict=True)]
        assert list(row.totals) == running
    assert m.totals == running
    assert any(v != 0 for v in m.totals)
    assert max(m.totals) in (m.totals[s] for s in m.leaders())


def test_match_to_a_target_score() -> None:
    m = bot_match("random", 2, deals=None, target=6)
    assert m.is_over() and any(abs(t) >= 6 for t in m.totals)
    assert all(all(abs(t) < 6 for t in row.totals) for row in m.table()[:-1])
    both = bot_match("random", 2, deals=2, target=10_000)
    assert both.counted == 2


def test_match_order_errors() -> None:
    with pytest.raises(ChupaiError, match="number of deals or a target"):
        Match(STANDARD, 1)
    m = Match(STANDARD, 1, deals=1)
    m.next_deal()
    with pytest.raises(ChupaiError, match="not over"):
        m.next_deal()


def test_deal_seeds_are_stable_and_not_another_games() -> None:
    assert deal_seed(7, 3) == deal_seed(7, 3) != doudizhu_deal_seed(7, 3)
    assert len({deal_seed(7, i) for i in range(100)}) == 100


def test_match_deals_are_big_a_deals_with_a_dealer() -> None:
    m = bot_match("random", 4, deals=1)
    d = m.deals[0]
    assert isinstance(d, BigADeal) and isinstance(d, MatchDeal) and d.dealer == d.first_drawer
    c = d.clone()
    assert isinstance(c, MatchDeal) and c.dealer == d.dealer and c.history == d.history
    assert c.history is not d.history
    again = replay_match(roundtrip(m))
    assert all(isinstance(x, MatchDeal) for x in again.deals)


def test_add_deal_refuses_a_deal_with_another_first_drawer() -> None:
    m = Match(STANDARD, 9, deals=2)
    first = deal_stock(deal_seed(9, 0))[0]
    wrong = MatchDeal.adopt(new_deal(STANDARD, deal_seed(9, 0), first_drawer=(first + 1) % 5))
    with pytest.raises(ChupaiError, match=f"not seat {first}"):
        m.add_deal(wrong)
    m.add_deal(MatchDeal.adopt(new_deal(STANDARD, deal_seed(9, 0))))
    assert m.current is not None


# ----- records --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def played() -> Match:
    return bot_match("heuristic", 21, deals=3)


@pytest.fixture(scope="module")
def match_record(played: Match) -> dict[str, Any]:
    return roundtrip(played)


def test_match_record_shape(match_record: dict[str, Any], played: Match) -> None:
    rec = match_record
    assert rec["format"] == MATCH_FORMAT == "chupai-match" and rec["game"] == "biga"
    assert rec["deal_count"] == 3 and rec["target"] is None and rec["seed"] == 21
    assert rec["first_dealer"] is None and rec["max_deals"] == played.max_deals
    assert rec["spec"] == STANDARD.spec()
    assert all(d["format"] == "chupai-record" and d["game"] == "biga" for d in rec["deals"])
    assert [d["first_drawer"] for d in rec["deals"]] == [d.first_drawer for d in played.deals]
    assert [row["deal"] for row in rec["table"]] == [1, 2, 3]
    assert rec["totals"] == rec["table"][-1]["totals"] == played.totals
    assert set(rec["table"][0]) == set(MatchRow._fields) - {"number", "position"} | {"deal"}


def test_match_record_json_round_trip_replays(match_record: dict[str, Any], played: Match) -> None:
    again = replay_match(match_record)
    assert again.totals == played.totals and again.table() == played.table()
    assert [d.history for d in again.deals] == [d.history for d in played.deals]
    assert [d.first_drawer for d in again.deals] == [d.first_drawer for d in played.deals]
    assert again.is_over() and again.to_record() == match_record
    # the score table is recomputed from the record alone (no engine)
    live = [row.to_dict() for row in played.table()]
    assert table_from_record(match_record) == match_record["table"] == live


def test_a_given_first_drawer_is_recorded_and_replayed() -> None:
    m = bot_match("random", 6, deals=2, first_drawer=3)
    rec = roundtrip(m)
    assert rec["first_dealer"] == 3 and rec["deals"][0]["first_drawer"] == 3
    assert replay_match(rec).first_drawer == 3
    rec["first_dealer"] = 4
    with pytest.raises(RecordError, match="deal 1: .*not seat 4"):
        replay_match(rec)


def test_two_matches_of_the_same_seed_and_bots_are_identical() -> None:
    a = bot_match("random", 13, deals=3).to_record()
    b = bot_match("random", 13, deals=3).to_record()
    assert a == b
    c = bot_match("random", 14, deals=3).to_record()
    assert [d["stock"] for d in c["deals"]] != [d["stock"] for d in a["deals"]]


def _broken(rec: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    bad = copy.deepcopy(rec)
    change(bad)
    return bad


def _other_action(rec: dict[str, Any]) -> None:
    """Replace the first action of deal 2 that had another legal choice by that
    other choice (a legal action in its place: only the replay's later steps or
    the result can tell)."""
    drec = rec["deals"][1]
    deal = new_deal(STANDARD, drec["seed"], first_drawer=drec["first_drawer"])
    for item in drec["actions"]:
        legal = deal.legal_actions()
        taken = deal.parse_action(item["action"])
        others = [a for a in legal if a != taken]
        if others and deal.phase is Phase.PLAY:
            item["action"] = deal.action_text(others[0])
            return
        deal.apply_action(taken)
    raise AssertionError("no choice in deal 2")  # pragma: no cover


def _consistent_other_drawer(rec: dict[str, Any]) -> None:
    """Replace deal 3 by a valid deal record of the same seed drawn first by
    another seat (so only the match can tell it is wrong)."""
    old = rec["deals"][2]
    deal = new_deal(STANDARD, old["seed"], first_drawer=(old["first_drawer"] + 1) % 5)
    while not deal.is_terminal():
        deal.apply_action(deal.legal_actions()[0])
    rec["deals"][2] = to_record(deal)
    rec.pop("table")
    rec.pop("totals")


TAMPERS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("an action", _other_action, "deal 2"),
    (
        "an action's seat",
        lambda r: r["deals"][0]["actions"][-1].__setitem__(
            "seat", (r["deals"][0]["actions"][-1]["seat"] + 1) % 5
        ),
        "deal 1",
    ),
    (
        "a deal's seed",
        lambda r: r["deals"][1].__setitem__("seed", r["deals"][1]["seed"] + 1),
        "deal 2",
    ),
    ("the match seed", lambda r: r.__setitem__("seed", r["seed"] + 1), "deal 1"),
    (
        "the first drawer of a valid deal",
        _consistent_other_drawer,
        "deal 3: the deal is not the match's next deal",
    ),
    ("a deal's scores", lambda r: r["deals"][0]["result"]["scores"].__setitem__(0, 99), "deal 1"),
    ("the totals", lambda r: r["totals"].__setitem__(0, r["totals"][0] + 1), "totals"),
    ("a table row", lambda r: r["table"][0]["scores"].__setitem__(0, 99), "table"),
    ("a deal too many", lambda r: r["deals"].append(r["deals"][-1]), "over"),
    ("deals swapped", lambda r: r["deals"].__setitem__(slice(0, 2), r["deals"][1::-1]), "deal 1"),
    ("the rules", lambda r: r["rules"].__setitem__("fours_capture", False), "deal 1"),
    ("the version", lambda r: r.__setitem__("version", 2), "version"),
    ("the version as true", lambda r: r.__setitem__("version", True), "version"),
    ("the game", lambda r: r.__setitem__("game", "doudizhu"), "game"),
]


@pytest.mark.parametrize("what, change, where", TAMPERS, ids=[t[0] for t in TAMPERS])
def test_tampered_match_records_are_refused(
    match_record: dict[str, Any], what: str, change: Callable[[dict[str, Any]], None], where: str
) -> None:
    bad = _broken(match_record, change)
    assert json.dumps(bad) != json.dumps(match_record)
    with pytest.raises(RecordError) as info:
        replay_match(bad)
    assert where in str(info.value)
    replay_match(match_record)  # the original is untouched and valid


def test_an_unfinished_match_record_replays() -> None:
    m = Match(resolve("standard", {"fours_capture": "false"}), 4, deals=3)
    d = m.next_deal()
    for _ in range(5):
        d.apply_action(d.legal_actions()[-1])
    rec = roundtrip(m)
    again = replay_match(rec)
    assert again.current is not None and again.counted == 0 and table_from_record(rec) == []
    assert again.current.history == d.history and again.rules == m.rules


def test_table_from_record_refuses_bad_scores(match_record: dict[str, Any]) -> None:
    bad = _broken(match_record, lambda r: r["deals"][0]["result"].__setitem__("scores", "x"))
    with pytest.raises(RecordError, match="deal 1"):
        table_from_record(bad)
    with pytest.raises(RecordError, match="deals"):
        table_from_record({"deals": None})
