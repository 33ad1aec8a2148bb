"""頂大 (§10.1), the "last card" call (§10.2), the 頂大 transfer in a deal (§11.4)
and the ranking of a finished deal (§12.1), from the worked examples of ``bigtwo.md``.

Deals are built with :meth:`BigTwoDeal.from_hands` from a few cards per seat (the
other cards are out of play), so that each example's position is reached in a few
moves.
"""

from __future__ import annotations

import random

import pytest

from chupai.bigtwo.combos import Combo
from chupai.bigtwo.game import PASS, BigTwoDeal, LastCard, Phase, transfer_penalties
from chupai.bigtwo.record import replay, to_record
from chupai.bigtwo.rules import BigTwoRules, resolve
from chupai.bigtwo.scoring import settle
from chupai.cards import parse_mask
from chupai.errors import IllegalActionError


def rules(**over: str) -> BigTwoRules:
    return resolve("standard", over)


def deal_of(r: BigTwoRules, *hands: str, leader: int = 0) -> BigTwoDeal:
    """A later deal (no starting-card requirement) led by ``leader``."""
    return BigTwoDeal.from_hands(r, [parse_mask(h) for h in hands], first_deal=False, leader=leader)


def play(deal: BigTwoDeal, *moves: str) -> BigTwoDeal:
    for m in moves:
        deal.apply_action(deal.parse_action(m))
    return deal


def texts(deal: BigTwoDeal) -> list[str]:
    return [deal.action_text(a) for a in deal.legal_actions()]


# ----- §10.1 頂大 ------------------------------------------------------------------------
# V holds 4D 9C KS 2H; N (the next seat) holds one card.

V_HAND = "4D 9C KS 2H"


def _v_follows(mode: str) -> BigTwoDeal:
    # seat 2 leads 8S, seat 3 passes; V (seat 0) must answer with N (seat 1) on one card
    d = deal_of(rules(ding_da=mode), V_HAND, "AS", "8S 5H 6H", "3C 4C 5C", leader=2)
    return play(d, "8S", "pass")


def test_s10_1_enforce_following_only_the_highest_single() -> None:
    d = _v_follows("enforce")
    assert d.current_player == 0
    assert texts(d) == ["2H", "pass"]
    for bad in ("9C", "KS"):
        reason = d.why_illegal(d.parse_action(bad))
        assert reason is not None and "頂大" in reason and "2H" in reason
        with pytest.raises(IllegalActionError):
            d.apply_action(d.parse_action(bad))


def test_s10_1_off_allows_any_single() -> None:
    d = _v_follows("off")
    assert texts(d) == ["9C", "KS", "2H", "pass"]


def test_s10_1_penalty_allows_the_play_and_makes_v_liable_when_n_goes_out() -> None:
    d = _v_follows("penalty")
    assert texts(d) == ["9C", "KS", "2H", "pass"]
    play(d, "9C", "AS")  # N goes out directly over the violating play
    out = d.outcome
    assert out is not None and out.winner == 1 and out.liable == 0
    # cards_wiki: V 3 cards touched = 3, seat 2 two cards = 2, seat 3 untouched 3 x 3 = 9
    assert out.penalties == (14, 0, 0, 0)
    assert out.scores == (14 - 4 * 14, 14, 14, 14)
    assert out.ranking == (1, 2, 3, 0)  # transferred penalties; ties: fewer cards first
    assert replay(to_record(d)).outcome == out


def test_s10_1_penalty_no_liability_without_a_violation() -> None:
    d = play(_v_follows("penalty"), "2H")  # the highest card: no violation
    assert d.current_player == 1
    assert texts(d) == ["pass"]  # AS does not beat 2H


def test_s10_1_penalty_no_liability_when_n_does_not_go_out_over_it() -> None:
    # V breaks the obligation, N passes; N goes out later in another trick
    d = play(_v_follows("penalty"), "9C", "pass", "pass", "pass")
    assert d.current_player == 0 and d.top is None and d.liable is None
    # V now leads its highest card each time, as the obligation asks; N goes out over KS
    play(d, "2H", "pass", "pass", "pass", "KS", "AS")
    out = d.outcome
    assert out is not None and out.winner == 1 and out.liable is None
    assert out.penalties == (1, 0, 2, 9)


def test_s10_1_penalty_a_violating_lead_counts_too() -> None:
    d = play(_v_follows("penalty"), "9C", "pass", "pass", "pass")
    play(d, "4D", "AS")  # leading 4D with N on one card breaks rule (a)
    assert d.outcome is not None and d.outcome.liable == 0


def test_s10_1_off_never_liable() -> None:
    d = play(_v_follows("off"), "9C", "AS")
    assert d.outcome is not None and d.outcome.liable is None
    assert d.outcome.penalties == (3, 0, 2, 9)


def test_s10_1_leading_without_a_longer_play_must_lead_the_highest_single() -> None:
    d = deal_of(rules(ding_da="enforce"), V_HAND, "AS", "8S 5H", "3C 4C")
    assert texts(d) == ["2H"]
    reason = d.why_illegal(d.parse_action("4D"))
    assert reason is not None and "highest card" in reason


def test_s10_1_leading_must_lead_two_or_more_cards_when_possible() -> None:
    d = deal_of(rules(ding_da="enforce"), "4D 4S 9C 2H", "AS", "8S 5H", "3C 4C")
    assert texts(d) == ["4D 4S"]
    reason = d.why_illegal(d.parse_action("2H"))
    assert reason is not None and "two or more cards" in reason
    d = deal_of(rules(ding_da="penalty"), "4D 4S 9C 2H", "AS", "8S 5H", "3C 4C")
    assert set(texts(d)) == {"4D", "4S", "9C", "2H", "4D 4S"}
    play(d, "2H", "pass", "pass", "pass", "4D")
    assert d.liable is None  # N passed on the violating lead
    d = deal_of(rules(ding_da="penalty"), "4D 4S 9C 2H", "AS", "8S 5H", "3C 4C")
    play(d, "9C", "AS")  # a single where a pair was possible, and N goes out over it
    assert d.outcome is not None and d.outcome.liable == 0


def test_s10_1_following_plays_of_two_or_more_cards_are_free() -> None:
    d = deal_of(rules(ding_da="enforce"), "4D 4S 9C 2H", "AS", "3H 3S 5H", "6C 7C", leader=2)
    play(d, "3H 3S", "pass")
    assert texts(d) == ["4D 4S", "pass"]


def test_s10_1_no_obligation_when_the_next_player_holds_more_cards() -> None:
    d = deal_of(rules(ding_da="enforce"), V_HAND, "AS KD", "8S 5H", "3C 4C", leader=2)
    play(d, "8S", "pass")
    assert texts(d) == ["9C", "KS", "2H", "pass"]


@pytest.mark.parametrize(
    "lockout, expected", [(True, ["2H", "pass"]), (False, ["KS", "2H", "pass"])]
)
def test_s10_1_with_pass_lockout_next_skips_locked_out_players(
    lockout: bool, expected: list[str]
) -> None:
    r = rules(ding_da="enforce", pass_lockout=str(lockout).lower())
    d = deal_of(r, "6H 4D 9C KS 2H", "3C 4C 5C 7C", "5H 9H QD", "3S 4S 5S", leader=2)
    play(d, "5H", "pass", "6H", "pass", "9H")
    if not lockout:
        play(d, "pass")  # seat 3 is asked again without the lock-out
    assert d.current_player == 0
    # with the lock-out seat 1 (locked) is skipped: N is seat 2, holding QD alone
    assert texts(d) == expected


def test_s10_1_liability_needs_n_to_be_the_winner_last_remaining() -> None:
    # seat 2 is out first; N then goes out over V's violation: no liability
    r = rules(ding_da="penalty", play_until="last_remaining")
    d = deal_of(r, "4D 9C KS 2H", "AS", "8S", "3C 4C 5C 6C", leader=2)
    play(d, "8S")  # seat 2 out, the winner
    play(d, "pass", "9C", "AS")  # seat 3 passes; V violates (N = seat 1 holds AS); N out
    assert d.liable is None
    while not d.is_terminal():
        d.apply_action(d.legal_actions()[0])
    assert d.outcome is not None and d.outcome.winner == 2 and d.outcome.liable is None


# ----- §11.4 the 頂大 transfer ------------------------------------------------------------


def test_s11_4_wiki_transfer_example() -> None:
    # V lost 3 points, the other two losers 1 and 4: V 8, the others 0
    assert transfer_penalties([0, 3, 1, 4], winner=0, liable=1) == [0, 8, 0, 0]
    assert settle(resolve("taiwan"), 0, [0, 8, 0, 0]) == [8, -8, 0, 0]
    assert settle(resolve("standard"), 0, [0, 8, 0, 0]) == [8, -24, 8, 8]


@pytest.mark.parametrize(
    "settlement, scores", [("pairwise", (8, -24, 8, 8)), ("winner_takes_all", (0, -8, 8, 0))]
)
def test_s11_4_wiki_transfer_example_through_a_deal(
    settlement: str, scores: tuple[int, ...]
) -> None:
    r = rules(ding_da="penalty", settlement=settlement)
    # seat 1 is V; seat 2 is N (one card); seat 0 ends with 4 cards and seat 3 with 1
    d = deal_of(r, "3C 4C 5C 6C 7C 6H", V_HAND, "AS", "5H 8S", leader=3)
    play(d, "5H", "6H", "pass", "pass", "pass")  # seat 0 wins the trick and leads
    play(d, "3C", "9C")  # V breaks 頂大: N (seat 2) holds one card and 2H was required
    play(d, "AS")  # N goes out directly over it
    out = d.outcome
    assert out is not None and out.winner == 2 and out.liable == 1
    # the scheme gives 4, 3 (V) and 1; V takes them all: 8, the others 0
    assert [d.win_hands[s].bit_count() for s in (0, 1, 3)] == [4, 3, 1]
    assert out.penalties == (0, 8, 0, 0)
    assert out.scores == scores


# ----- §10.2 "last card" ------------------------------------------------------------------

LCC = rules(last_card_call="true")


def test_s10_2_plays_leaving_one_card_are_offered_with_the_call() -> None:
    d = deal_of(LCC, "5D 6D 9S", "3C 4C", "7H 8H", "TC JC")
    legal = d.legal_actions()
    calls = [a for a in legal if isinstance(a, LastCard)]
    assert sorted(d.action_text(a) for a in calls) == []  # leading with 3 cards: 2 left
    play(d, "9S", "pass", "pass", "pass")
    calls = [a for a in d.legal_actions() if isinstance(a, LastCard)]
    assert sorted(d.action_text(a) for a in calls) == ["5D last", "6D last"]
    call = d.parse_action("5D last")
    assert isinstance(call, LastCard) and call in d.legal_actions()
    assert d.action_text(call) == "5D last"


def test_s10_2_a_call_is_illegal_unless_it_leaves_one_card() -> None:
    d = deal_of(LCC, "5D 6D 9S", "3C 4C", "7H 8H", "TC JC")
    reason = d.why_illegal(d.parse_action("9S last"))
    assert reason is not None and "one card" in reason
    off = deal_of(rules(), "5D 6D", "3C 4C", "7H 8H", "TC JC")
    reason = off.why_illegal(off.parse_action("5D last"))
    assert reason is not None and "last_card_call" in reason


def test_s10_2_without_the_call_the_player_is_blocked_and_the_lead_passes_on() -> None:
    d = deal_of(LCC, "5D 6D", "3C 4C 9S", "7H 8H 9H", "TC JC QC")
    play(d, "5D")  # no call: seat 0 holds one card and is blocked
    assert d.blocked == 1 and d.observe(2).blocked == (0,)
    play(d, "pass", "pass", "pass")
    # seat 0 won the trick but is blocked: the next active player not blocked leads
    assert d.top is None and d.current_player == 1 and d.leader == 1
    play(d, "3C")
    play(d, "pass", "pass")
    assert d.current_player == 0
    assert d.legal_actions() == [PASS]  # 6D beats 3C, but a blocked player may not go out
    reason = d.why_illegal(d.parse_action("6D"))
    assert reason is not None and "last card" in reason


def test_s10_2_with_the_call_the_player_may_go_out() -> None:
    d = deal_of(LCC, "5D 6D", "3C 4C 9S", "7H 8H 9H", "TC JC QC")
    play(d, "5D last", "pass", "pass", "pass")
    assert d.blocked == 0 and d.current_player == 0
    play(d, "6D")
    assert d.outcome is not None and d.outcome.winner == 0
    assert [d.action_text(e.action) for e in d.history][0] == "5D last"
    assert replay(to_record(d)).outcome == d.outcome


def test_s10_2_when_every_active_player_is_blocked_the_blocks_are_lifted() -> None:
    r = resolve("standard", {"last_card_call": "true", "players": "2"})
    d = deal_of(r, "5D 6D", "7D 8D")
    play(d, "5D", "7D")  # both forget the call: both blocked
    assert d.blocked == 0b11
    play(d, "pass")  # seat 0 must pass; seat 1 would lead, blocked like everyone else
    assert d.blocked == 0 and d.current_player == 1
    play(d, "8D")
    assert d.outcome is not None and d.outcome.winner == 1


def test_s10_2_a_player_dealt_one_card_is_never_blocked() -> None:
    r = resolve("standard", {"last_card_call": "true", "hand_size": "1"})
    d = deal_of(r, "5D", "7D", "8D", "9D")
    assert d.legal_actions() == [d.parse_action("5D")]
    play(d, "5D")
    assert d.outcome is not None and d.outcome.winner == 0


def test_s10_2_random_deals_with_every_obligation_finish_and_replay() -> None:
    for preset in ("standard", "hongkong", "taiwan", "mainland"):
        for mode in ("penalty", "enforce"):
            r = resolve(
                preset, {"ding_da": mode, "last_card_call": "true", "play_until": "last_remaining"}
            )
            for seed in range(15):
                rng = random.Random(seed)
                from chupai.bigtwo.game import new_deal

                d = new_deal(r, seed)
                steps = 0
                while not d.is_terminal():
                    d.apply_action(rng.choice(d.legal_actions()))
                    steps += 1
                    assert steps < 3000
                assert d.outcome is not None
                assert sorted(d.outcome.ranking) == [0, 1, 2, 3]
                assert replay(to_record(d)).outcome == d.outcome


# ----- §12.1 ranking ---------------------------------------------------------------------


def test_s12_1_ranking_ties_go_by_cards_then_turn_order_after_the_winner() -> None:
    # seat 2 goes out at once; seats 0 and 3 hold 2 untouched cards (6 each), seat 1 3 (9)
    d = deal_of(rules(), "4D 5D", "6D 7D 8D", "3D", "9D TD", leader=2)
    play(d, "3D")
    out = d.outcome
    assert out is not None and out.penalties == (6, 9, 0, 6)
    assert out.ranking == (2, 3, 0, 1)


def test_s12_1_ranking_by_penalty_then_fewer_cards() -> None:
    r = rules(scoring="card_points")
    # seat 1: TD = 10 (1 card); seat 3: 4D 6D = 10 (2 cards); seat 0: 3C = 3
    d = deal_of(r, "3C", "TD", "2S", "4D 6D", leader=2)
    play(d, "2S")
    out = d.outcome
    assert out is not None and out.penalties == (3, 10, 0, 10)
    assert out.ranking == (2, 0, 1, 3)


def test_s12_1_last_remaining_ranking_is_the_finishing_order() -> None:
    r = rules(play_until="last_remaining")
    d = deal_of(r, "4D 8C", "3S 5D 9C", "2S", "6D 7D 7S 7H", leader=2)
    play(d, "2S", "pass", "pass", "pass")  # seat 2 out first; seat 3 leads next
    assert d.current_player == 3
    while not d.is_terminal():
        d.apply_action(d.legal_actions()[0])
    out = d.outcome
    assert out is not None and out.finishing_order[0] == 2
    assert out.ranking == out.finishing_order and sorted(out.ranking) == [0, 1, 2, 3]


def test_s12_1_instant_win_ranking() -> None:
    r = resolve("taiwan")
    dragon = "AH 2C 3D 4S 5H 6C 7D 8S 9H TC JD QS KH"
    d = BigTwoDeal.from_hands(r, [parse_mask(h) for h in ("3C 4C", dragon, "5C", "6D 7C 8C")])
    out = d.outcome
    assert out is not None and out.instant_win == "dragon" and out.winner == 1
    assert out.ranking == (1, 2, 0, 3)


def test_plays_are_still_combos_and_the_pass_singleton() -> None:
    d = _v_follows("enforce")
    assert all(isinstance(a, Combo) or a is PASS for a in d.legal_actions())
    assert d.phase is Phase.PLAY


# ----- §7.3 repeat-lead lock (the wiki's example) ---------------------------------------------


def test_s7_3_repeat_lead_lock_example() -> None:
    d = deal_of(
        rules(repeat_lead_lock="true"),
        "TS TD JC JD QS QH 9S 9C 3D",
        "KS KH 4D",
        "AS AH 5D",
        "2S 2H 6D",
    )
    play(d, "TS TD", "pass", "pass", "pass")  # A leads 10s; all pass
    play(d, "JC JD")  # a higher pair: the others must pass
    assert d.forced_trick and d.legal_actions() == [PASS] and d.observe(2).forced_trick
    reason = d.why_illegal(d.parse_action("KS KH"))
    assert reason is not None and "repeat_lead_lock" in reason
    play(d, "pass", "pass", "pass", "QS QH")  # Q > 10: must pass again
    assert d.legal_actions() == [PASS]
    play(d, "pass", "pass", "pass", "9S 9C")  # 9s do not beat the 10s: the lock is over
    assert not d.forced_trick
    assert "KH KS" in texts(d)
    off = deal_of(rules(), "TS TD JC JD 3D", "KS KH 4D", "AS AH 5D", "2S 2H 6D")
    play(off, "TS TD", "pass", "pass", "pass", "JC JD")
    assert "KH KS" in texts(off)
