"""The deal: offense leader, dealer and dealing (§3), play (§7), the end of the
deal (§7.4), checked and unchecked actions, notation and cloning."""

from __future__ import annotations

import random

import pytest
from dgl_helpers import SEED, SHANGHAI, deal_of, play_random, script, variant
from hypothesis import given, strategies as st

from chupai.actions import PASS
from chupai.daguailuzi.cards import PACK, parse_cards, size_of
from chupai.daguailuzi.game import DaguailuziDeal, Phase, deal_hands, draw_leader, new_deal
from chupai.daguailuzi.movegen import legal_plays
from chupai.errors import ChupaiError, IllegalActionError


@given(st.integers(0, 2**32), st.integers(0, 5))
def test_dealing_gives_27_cards_from_the_offense_leader(seed: int, leader: int) -> None:
    hands = deal_hands(seed, leader)
    assert [size_of(h) for h in hands] == [27] * 6
    assert sum(hands) == PACK
    # card k goes to seat (O + k) mod 6: rotating the leader rotates the hands
    other = deal_hands(seed, (leader + 1) % 6)
    assert other == hands[-1:] + hands[:-1]


def test_leader_dealer_and_trumps() -> None:
    deal = new_deal(SEED, 7)
    assert deal.offense == draw_leader(7)
    assert deal.dealer == (deal.offense - 1) % 6
    assert deal.level is None and deal.phase is Phase.PLAY and deal.to_act == deal.offense
    given = new_deal(SHANGHAI, 7, offense=3, levels=(4, 9))
    assert given.level == 9 and given.offense_team == 1
    assert new_deal(SHANGHAI, 7, dealer=2).offense == 3
    with pytest.raises(ChupaiError, match="dealer 0 does not sit just before"):
        new_deal(SEED, 7, dealer=0, offense=3)
    with pytest.raises(ChupaiError, match="offense leader 6"):
        new_deal(SEED, 7, offense=6)


def test_from_hands_refuses_bad_setups() -> None:
    with pytest.raises(ChupaiError, match="6 hands"):
        deal_of(SEED, ["3S"] * 5, 0)
    with pytest.raises(ChupaiError, match="more than three times"):
        deal_of(SEED, ["3S 3S", "3S 3S", "4S", "5S", "6S", "7S"], 0)
    with pytest.raises(ChupaiError, match="one team"):
        deal_of(SEED, ["3S", "4S", "5S", "6S", "7S", "8S"], 0, givers=(1, 2), recipients=(0, 3))


def test_the_leader_must_play_and_equal_plays_never_beat() -> None:
    deal = deal_of(SEED, ["7S 9D", "7H 3D 3H", "8S 4D", "8H", "9S", "9H"], 0)
    assert deal.why_illegal(PASS) == "the leader may not pass"
    script(deal, ["7S"])
    reason = deal.why_illegal(deal.parse_action("7H"))
    assert reason is not None and "does not beat" in reason
    assert "hold" in (deal.why_illegal(deal.parse_action("KS")) or "")
    assert "1 card" in (deal.why_illegal(deal.parse_action("3D 3H")) or "x")
    with pytest.raises(IllegalActionError, match="9S 9H 9C 9D"):
        deal.parse_action("9S 9H 9C 9D")


def test_lead_after_out_next_active_and_teammate() -> None:
    """§7.3: seat 2 plays its last cards AS AH; seats 3, 4, 5, 0, 1 pass."""
    hands = ["3D 4D", "5S 5H", "AS AH", "3S 4S", "3H 4H", "3C 4C"]
    passes = ["pass"] * 5
    deal = script(deal_of(SEED, hands, 2), ["AS AH", *passes])
    assert deal.finishing == [2] and deal.to_act == 3 and deal.top is None
    mate = variant(lead_after_out="teammate")
    deal = script(deal_of(mate, hands, 2), ["AS AH", *passes])
    assert deal.to_act == 4
    # seat 4 gone out first: the lead skips it to seat 0
    hands = ["3D 3D 4D", "5S 5H", "AS AH", "3S 4S", "KS", "3C 4C"]
    deal = script(deal_of(mate, hands, 4), ["KS", *passes, "3D 3D", "pass", "AS AH"])
    assert deal.finishing == [4, 2] and deal.to_act == 3
    script(deal, ["pass"] * 4)
    assert deal.to_act == 0 and deal.leader == 0
    same = script(deal_of(SEED, hands, 4), ["KS", *passes])
    assert same.to_act == 5


def test_the_deal_ends_the_moment_a_team_is_out() -> None:
    """§7.4: team B (1, 3, 5) goes out, seat 1 first: B wins, A's three are trapped
    (and the last play ends the deal though others could still answer it)."""
    hands = ["3D 4D", "AS", "5S 5H", "KS", "3H 4H", "QS"]
    deal = script(deal_of(SEED, hands, 1), ["AS", "pass", "pass", "pass", "pass", "pass"])
    assert deal.to_act == 2  # next active after seat 1
    script(deal, ["5S 5H", "pass", "pass", "pass", "pass"])
    assert deal.to_act == 3  # next active after seat 2 (out): seat 3
    script(deal, ["KS"])
    assert not deal.is_terminal()
    script(deal, ["pass", "pass", "pass"])  # 4, 5, 0: seat 3 is out, 4 leads
    assert deal.to_act == 4
    script(deal, ["3H", "QS"])
    assert deal.is_terminal() and deal.to_act is None and deal.legal_actions() == []
    oc = deal.outcome
    assert oc is not None
    assert oc.finishing_order == (1, 2, 3, 5)
    assert oc.result == "win" and oc.winner == 1 and oc.trapped == (0, 4)
    assert oc.scores == (-2, 2, -2, 2, -2, 2)
    assert deal.why_illegal(PASS) == "the deal is over"


def test_a_draw() -> None:
    """§8: the first player out is seat 1 (team B), but team A is all out first."""
    hands = ["9S", "AS", "7S", "3S 4S", "8S", "3H 4H"]
    deal = script(
        deal_of(SEED, hands, 1),
        ["AS", "pass", "pass", "pass", "pass", "pass", "7S", "pass", "8S", "pass", "9S"],
    )
    oc = deal.outcome
    assert oc is not None and oc.result == "draw" and oc.winner is None
    assert oc.finishing_order == (1, 2, 4, 0) and oc.scores == (0,) * 6
    assert deal.returns() == [0] * 6


@pytest.mark.parametrize(
    "rules",
    [SEED, SHANGHAI, variant("shanghai", natural_beats_wild=True, two_rank="high")],
    ids=["seed", "shanghai", "natural_beats_wild"],
)
@pytest.mark.parametrize("seed", [11, 12])
def test_legal_actions_are_movegen_plays_and_pass(rules: object, seed: int) -> None:
    rng = random.Random(seed)
    deal = new_deal(rules, seed)  # type: ignore[arg-type]
    for _ in range(400):
        if deal.is_terminal():
            break
        seat = deal.to_act
        assert seat is not None
        actions = deal.legal_actions()
        plays = legal_plays(deal.hands[seat], deal.top, deal.rules, deal.level)
        expected = plays if deal.top is None else [*plays, PASS]
        assert actions == expected
        action = rng.choice(actions)
        assert deal.is_legal(action)
        assert deal.parse_action(deal.action_text(action)) == action
        deal.apply_action(action)


def test_clone_is_independent() -> None:
    deal = new_deal(SHANGHAI, 3)
    rng = random.Random(1)
    for _ in range(30):
        deal.apply_action(rng.choice(deal.legal_actions()))
    copy = deal.clone()
    before = (list(deal.hands), list(deal.history), deal.to_act)
    play_random(copy, random.Random(2))
    assert (deal.hands, deal.history, deal.to_act) == before
    assert not deal.is_terminal() and copy.is_terminal()
    child = deal.child(deal.legal_actions()[0])
    assert len(child.history) == len(deal.history) + 1


def test_hands_and_played_cards_add_up() -> None:
    deal = play_random(new_deal(SEED, 21), random.Random(21))
    assert sum(deal.hands) + sum(deal.played) == PACK
    assert parse_cards(deal.cards_text(deal.hands[0])) == deal.hands[0]


def test_a_non_deal_value_is_refused() -> None:
    deal = new_deal(SEED, 1)
    assert "no action" in (deal.why_illegal("7S") or "")  # type: ignore[arg-type]
    assert isinstance(deal, DaguailuziDeal)
