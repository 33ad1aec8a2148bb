"""The Big A deal engine (``biga.md`` §3, §6–§8): the draw and its declaration
checkpoints, the forced declaration and the redeal, the steps before play, play
with captures, lead passing by public knowledge, the end of the deal, observations
(hidden information) and seeded random deals."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import NamedTuple

import pytest

from chupai.actions import PASS
from chupai.biga.cards import ACE, DECK, FACE_NAMES, SUITED_ACE, UNIT, normalize, parse_cards
from chupai.biga.combos import Combo, Kind, beats, classify
from chupai.biga.game import (
    DECLINE,
    KEEP_HIDDEN,
    REVEAL,
    SHOW_SECOND,
    STAY_HIDDEN,
    Action,
    BigADeal,
    Capture,
    Choice,
    Declare,
    Event,
    Phase,
    deal_stock,
    new_deal,
    parse_stock,
    stock_text,
)
from chupai.biga.movegen import captures, legal_plays
from chupai.biga.rules import STANDARD, BigARules, resolve
from chupai.errors import CardParseError, IllegalActionError

FACE = {name: f for f, name in enumerate(FACE_NAMES)}
D, C, H, S = 0, 1, 2, 3
PRIVATE = (DECLINE, KEEP_HIDDEN, STAY_HIDDEN)


# ---------------------------------------------------------------------------
# Helpers: stocks with the Aces where a test wants them, scripted draws
# ---------------------------------------------------------------------------


def pos(first: int, seat: int, i: int) -> int:
    """Stock index of ``seat``'s ``i``-th card (0-based) when ``first`` draws first."""
    return (seat - first) % 5 + 5 * i


def last_index(first: int, seat: int) -> int:
    """``i`` of ``seat``'s last card (21 for the first three drawers, else 20)."""
    return 21 if (seat - first) % 5 < 3 else 20


def make_stock(first: int, cards: Mapping[tuple[int, int], str], seed: int = 5) -> tuple[int, ...]:
    """A stock with ``cards[(seat, i)]`` as ``seat``'s ``i``-th card. All eight
    suited Aces must be placed; the rest is filled with the other faces in a seeded
    order."""
    stock: list[int | None] = [None] * 108
    pool = Counter({f: (DECK >> (5 * f)) & 31 for f in range(len(FACE_NAMES))})
    for (seat, i), name in cards.items():
        k = pos(first, seat, i)
        assert stock[k] is None and 0 <= k < 108, (seat, i)
        f = FACE[name]
        stock[k] = f
        pool[f] -= 1
        assert pool[f] >= 0, name
    assert all(pool[SUITED_ACE + s] == 0 for s in range(4)), "place all eight suited Aces"
    rest = sorted(pool.elements())
    random.Random(seed).shuffle(rest)
    it = iter(rest)
    return tuple(f if f is not None else next(it) for f in stock)


class Asked(NamedTuple):
    phase: str
    card: int
    """Index of the last card drawn (the checkpoint's card), -1 before any."""
    seat: int
    action: str


def drive(
    deal: BigADeal,
    script: Mapping[tuple[int, int], str] | None = None,
    pre: Mapping[str, str] | None = None,
) -> list[Asked]:
    """Answer every question before play: at the checkpoint after card ``k``, seat
    ``s`` answers ``script[(k, s)]`` (default ``decline``); the steps of §3.5 take
    ``pre["show_second"]`` / ``pre["reveal"]`` (default ``keep_hidden`` /
    ``stay_hidden``). Returns every question asked, in order."""
    script = script or {}
    pre = pre or {}
    asked = []
    while deal.phase in (Phase.DRAW, Phase.SHOW_SECOND, Phase.REVEAL):
        seat = deal.current_player
        assert seat is not None
        if deal.phase is Phase.DRAW:
            text = script.get((deal.drawn - 1, seat), "decline")
        elif deal.phase is Phase.SHOW_SECOND:
            text = pre.get("show_second", "keep_hidden")
        else:
            text = pre.get("reveal", "stay_hidden")
        asked.append(Asked(deal.phase.value, deal.drawn - 1, seat, text))
        deal.apply_action(deal.parse_action(text))
    return asked


def deal_of(
    first: int, cards: Mapping[tuple[int, int], str], rules: BigARules = STANDARD
) -> BigADeal:
    return BigADeal.from_stock(rules, make_stock(first, cards), first)


def play(deal: BigADeal, *texts: str) -> None:
    """Apply actions in text form (checked)."""
    for t in texts:
        deal.apply_action(deal.parse_action(t))


# The Aces of the §3.6 examples: F = 0, seat 2 draws AS as card 12, seat 4 holds
# AD AD from cards 4 and 39; the rest are last cards or late.
EXAMPLE_ACES = {
    (2, 2): "AS",
    (3, 5): "AS",
    (4, 0): "AD",
    (4, 7): "AD",
    (0, 21): "AH",
    (1, 21): "AH",
    (2, 21): "AC",
    (3, 20): "AC",
}


# ---------------------------------------------------------------------------
# The draw
# ---------------------------------------------------------------------------


def test_card_k_goes_to_seat_first_plus_k() -> None:
    stock = deal_stock(9)[1]
    for first in range(5):
        deal = BigADeal.from_stock(STANDARD, stock, first)
        drive(deal)
        want = [0] * 5
        for k, f in enumerate(stock):
            want[(first + k) % 5] += UNIT[f]
        if deal.phase is Phase.PLAY:
            want = [normalize(h, deal.big_suit) for h in want]
        else:
            assert deal.outcome is not None and deal.outcome.redeal
        assert deal.hands == want
        sizes = [sum((h >> (5 * f)) & 31 for f in range(19)) for h in deal.hands]
        assert [sizes[(first + i) % 5] for i in range(5)] == [22, 22, 22, 21, 21]


def test_seed_draws_the_first_drawer_before_shuffling() -> None:
    f, stock = deal_stock(123)
    assert f == random.Random(123).randrange(5)
    for other in range(5):
        assert deal_stock(123, other) == (other, stock)
    assert sorted(stock) == sorted(deal_stock(124)[1]) and stock != deal_stock(124)[1]
    deal = new_deal(STANDARD, 123, first_drawer=(f + 2) % 5)
    assert deal.first_drawer == (f + 2) % 5 and deal.stock == stock and deal.seed == 123


def test_stock_text_round_trip_and_errors() -> None:
    stock = deal_stock(4)[1]
    assert parse_stock(stock_text(stock)) == stock
    with pytest.raises(ValueError, match="not a face"):
        parse_stock(stock_text(stock).replace("AH", "XX", 1))
    with pytest.raises(ValueError, match="107 cards"):
        parse_stock(stock_text(stock[1:]))
    with pytest.raises(ValueError, match="wrong counts of"):
        BigADeal.from_stock(STANDARD, (0,) + stock[1:], 0)
    with pytest.raises(ValueError, match="first drawer"):
        BigADeal.from_stock(STANDARD, stock, 5)


def test_example_3_6_single_then_fan_da_a() -> None:
    """§3.6: seat 2 shows AS after card 12; after card 40 seat 4 shows AD AD."""
    deal = deal_of(0, EXAMPLE_ACES)
    asked = drive(deal, {(12, 2): "show AS", (40, 4): "show AD AD"})
    # before card 12 only seat 4 (one AD since card 4) has a declaration
    assert asked[:8] == [Asked("draw", k, 4, "decline") for k in range(4, 12)]
    assert asked[8] == Asked("draw", 12, 2, "show AS")
    # then only a seat holding both Aces of a suit is asked: seat 4 from card 39
    assert asked[9:] == [Asked("draw", 39, 4, "decline"), Asked("draw", 40, 4, "show AD AD")]
    assert deal.declarer == 4 and deal.big_suit == D and deal.two_shown and deal.alone
    assert deal.partner is None and not deal.forced
    # nobody is asked anything before play (two shown, alone): the declarer leads
    assert deal.phase is Phase.PLAY and deal.current_player == 4 == deal.leader
    # seat 2's AS is an ordinary Ace again
    assert (deal.hands[2] >> (5 * SUITED_ACE + 5 * S)) & 31 == 0
    assert (deal.hands[2] >> (5 * ACE)) & 31 >= 1
    assert deal.exposed == [0] * 5
    assert [(k, ev.seat, deal.action_text(ev.action)) for k, ev in deal.declarations] == [
        (13, 2, "show AS"),
        (41, 4, "show AD AD"),
    ]


def test_exposed_aces_during_the_draw() -> None:
    deal = deal_of(0, EXAMPLE_ACES)
    while deal.drawn < 13:
        play(deal, "decline")
    play(deal, "show AS")
    assert deal.exposed == [0, 0, UNIT[SUITED_ACE + S], 0, 0]
    assert deal.declarer == 2 and deal.big_suit == S and not deal.two_shown
    while not (deal.drawn == 41 and deal.current_player == 4):
        play(deal, "decline")
    play(deal, "show AD AD")
    # nothing more is asked after two were shown: play starts, the Aces go back
    assert deal.phase is Phase.PLAY and deal.exposed == [0] * 5


def test_example_3_6_forced_declaration() -> None:
    """No declaration through card 102; seat 0 holds no AH, seat 1 does -> seat 1
    declares hearts; its last card is the other AH: alone; shows it: two_shown."""
    aces = {
        (1, 3): "AH",
        (1, 21): "AH",
        (0, 2): "AS",
        (2, 4): "AS",
        (3, 1): "AC",
        (4, 6): "AC",
        (2, 9): "AD",
        (3, 10): "AD",
    }
    for answer in ("show_second", "keep_hidden"):
        deal = deal_of(0, aces)
        asked = drive(deal, pre={"show_second": answer})
        assert deal.forced and deal.declarer == 1 and deal.big_suit == H
        assert deal.alone and deal.partner is None
        assert asked[-1] == Asked("show_second", 107, 1, answer)
        assert all(a.phase == "draw" for a in asked[:-1])
        assert deal.two_shown is (answer == "show_second")
        assert deal.phase is Phase.PLAY and deal.current_player == 1
        assert not deal.partner_revealed


def test_forced_declaration_with_a_partner() -> None:
    aces = {
        (1, 3): "AH",
        (3, 7): "AH",
        (0, 2): "AS",
        (2, 4): "AS",
        (3, 1): "AC",
        (4, 6): "AC",
        (2, 9): "AD",
        (3, 10): "AD",
    }
    deal = deal_of(0, aces)
    asked = drive(deal, pre={"reveal": "reveal_partner"})
    assert deal.forced and deal.declarer == 1 and deal.partner == 3 and not deal.alone
    assert asked[-1] == Asked("reveal", 107, 3, "reveal_partner")
    assert deal.partner_revealed and deal.public_partner == 3
    assert not any(a.phase == "show_second" for a in asked)


def test_forced_declarer_is_the_first_in_turn_order_from_the_first_drawer() -> None:
    # F = 3: seats 1 and 4 hold an AH -> turn order 3, 4, 0, 1, 2 -> seat 4
    aces = {
        (1, 0): "AH",
        (4, 5): "AH",
        (0, 2): "AS",
        (2, 4): "AS",
        (3, 1): "AC",
        (4, 6): "AC",
        (2, 9): "AD",
        (3, 10): "AD",
    }
    deal = deal_of(3, aces)
    drive(deal)
    assert deal.forced and deal.declarer == 4 and deal.partner == 1


def test_forced_declaration_ignores_last_cards() -> None:
    # F = 0: seat 0's AH is its last card (k = 105); seat 2 holds the other early
    aces = {
        (0, 21): "AH",
        (2, 0): "AH",
        (0, 2): "AS",
        (2, 4): "AS",
        (3, 1): "AC",
        (4, 6): "AC",
        (2, 9): "AD",
        (3, 10): "AD",
    }
    deal = deal_of(0, aces)
    drive(deal)
    assert deal.forced and deal.declarer == 2 and deal.partner == 0


def test_example_3_6_redeal_when_no_ah_before_the_final_round() -> None:
    aces = {
        (0, 21): "AH",
        (1, 21): "AH",
        (0, 2): "AS",
        (2, 4): "AS",
        (3, 1): "AC",
        (4, 6): "AC",
        (2, 9): "AD",
        (3, 10): "AD",
    }
    for first in (0, 3):
        cards = {(s, i if i < 21 else last_index(first, s)): n for (s, i), n in aces.items()}
        deal = deal_of(first, cards)
        asked = drive(deal)
        assert all(a.action == "decline" for a in asked)
        assert deal.is_terminal() and deal.outcome is not None
        out = deal.outcome
        assert out.redeal and out.declarer is None and out.scores == (0,) * 5
        assert out.next_first_drawer == first == out.first_drawer
        assert deal.returns() == [0] * 5 and deal.legal_actions() == []
        assert sum(out.hands) == DECK  # the final round was drawn (to check)
        assert out.to_dict()["redeal"] is True


def test_only_seats_with_a_declaration_are_asked_starting_with_the_drawer() -> None:
    aces = {
        (1, 0): "AS",
        (3, 0): "AC",
        (0, 21): "AH",
        (1, 21): "AH",
        (2, 21): "AD",
        (3, 20): "AD",
        (4, 20): "AS",
        (4, 19): "AC",
    }
    deal = deal_of(0, aces)
    asked = drive(deal)
    # card 1: seat 1 (AS); card 2: seat 1; card 3: seat 3 drew AC -> 3 then 1
    assert [(a.card, a.seat) for a in asked[:5]] == [(1, 1), (2, 1), (3, 3), (3, 1), (4, 1)]
    for a in asked:
        assert a.seat in (1, 3, 4)
        # seat 4's Aces are cards 96 and 101 (positions 19 and 20 of seat 4)
        assert a.seat != 4 or a.card >= pos(0, 4, 19)
    assert len(asked) == sum(
        1
        for k in range(103)
        for s in (1, 3, 4)
        if (s == 1 and k >= 1) or (s == 3 and k >= 3) or (s == 4 and k >= pos(0, 4, 19))
    )


def test_last_cards_never_declare() -> None:
    # seat 0's only Ace is its last card: it is never asked
    aces = {
        (0, 21): "AS",
        (1, 0): "AS",
        (1, 1): "AH",
        (2, 1): "AH",
        (3, 2): "AC",
        (4, 3): "AC",
        (2, 5): "AD",
        (3, 5): "AD",
    }
    deal = deal_of(0, aces)
    asked = drive(deal)
    assert asked and all(a.seat != 0 for a in asked)


def test_show_one_only_while_nobody_declared() -> None:
    deal = deal_of(0, EXAMPLE_ACES)
    while deal.drawn < 13:
        play(deal, "decline")
    assert deal.current_player == 2
    assert deal.legal_actions() == [Declare(S, False), DECLINE]
    play(deal, "show AS")
    # seat 4 holds one AD only: no longer asked
    while deal.current_player != 4:
        play(deal, "decline")
    assert deal.drawn == 40 and deal.legal_actions() == [Declare(D, True), DECLINE]
    assert "already declared" in str(deal.why_illegal(Declare(D, False)))
    assert "does not hold both AS" in str(deal.why_illegal(Declare(S, True)))
    assert "does not hold an AH" not in str(deal.why_illegal(Declare(H, False)))
    with pytest.raises(IllegalActionError, match="already declared"):
        play(deal, "show AD")


def test_declaration_errors() -> None:
    deal = deal_of(0, EXAMPLE_ACES)
    assert deal.current_player == 4 and deal.drawn == 5
    assert deal.legal_actions() == [Declare(D, False), DECLINE]
    assert "does not hold an AH" in str(deal.why_illegal(Declare(H, False)))
    assert "does not hold both AD" in str(deal.why_illegal(Declare(D, True)))
    assert "not a declaration" in str(deal.why_illegal(Declare(7, False)))
    assert "not a declaration" in str(deal.why_illegal(Declare(True, False)))
    assert "must declare" in str(deal.why_illegal(PASS))
    assert "not an action of the draw" in str(deal.why_illegal(SHOW_SECOND))
    for bad in ("show AH AS", "show", "show 7", "show AD AD AD", "show A"):
        with pytest.raises(IllegalActionError):
            deal.parse_action(bad)
    assert deal.parse_action("Show ad") == Declare(D, False)
    assert deal.parse_action("show AD AD") == Declare(D, True)
    assert deal.action_text(Declare(D, True)) == "show AD AD"


def test_single_declarer_shows_its_second_ace() -> None:
    aces = {
        (1, 0): "AH",
        (1, 3): "AH",
        (0, 21): "AS",
        (2, 5): "AS",
        (3, 20): "AC",
        (4, 6): "AC",
        (2, 9): "AD",
        (3, 10): "AD",
    }
    deal = deal_of(0, aces)
    asked = drive(deal, {(1, 1): "show AH", (16, 1): "show AH AH"})
    assert deal.declarer == 1 and deal.two_shown and deal.alone and deal.big_suit == H
    # between the two showings only seat 1 (both AH from card 16) is asked, and after
    # two were shown nobody is asked anything, not even show_second
    assert asked[-1] == Asked("draw", 16, 1, "show AH AH")
    assert all(a.seat == 1 for a in asked if a.card > 1)
    assert deal.phase is Phase.PLAY


def test_fan_da_a_at_the_same_checkpoint_and_nothing_after() -> None:
    # seat 1 shows AS after card 11 (seat 1 drew it); seat 3 (AD AD since card 8)
    # answers with 反大A at the same checkpoint; seat 0 (AC AC) is asked nothing more
    aces = {
        (1, 2): "AS",
        (2, 21): "AS",
        (3, 0): "AD",
        (3, 1): "AD",
        (0, 0): "AC",
        (0, 1): "AC",
        (0, 21): "AH",
        (4, 20): "AH",
    }
    deal = deal_of(0, aces)
    asked = drive(deal, {(11, 1): "show AS", (11, 3): "show AD AD"})
    i = asked.index(Asked("draw", 11, 1, "show AS"))
    assert asked[i + 1] == Asked("draw", 11, 3, "show AD AD")
    assert len(asked) == i + 2
    assert deal.declarer == 3 and deal.big_suit == D and deal.two_shown and deal.alone


def test_single_declarer_may_show_two_of_another_suit() -> None:
    # the wording of §3.2 allows it: the declarer changes suit and plays alone
    aces = {
        (1, 0): "AS",
        (2, 4): "AS",
        (1, 1): "AC",
        (1, 2): "AC",
        (0, 21): "AH",
        (4, 20): "AH",
        (2, 9): "AD",
        (3, 10): "AD",
    }
    deal = deal_of(0, aces)
    drive(deal, {(1, 1): "show AS", (11, 1): "show AC AC"})
    assert deal.declarer == 1 and deal.big_suit == C and deal.two_shown and deal.alone


# ---------------------------------------------------------------------------
# Before play
# ---------------------------------------------------------------------------

PARTNER_ACES = {
    (1, 0): "AH",
    (3, 0): "AH",
    (0, 21): "AS",
    (2, 21): "AS",
    (3, 20): "AC",
    (4, 20): "AC",
    (1, 21): "AD",
    (0, 20): "AD",
}
"""F = 0: seat 1 draws AH as card 1 and declares; seat 3 holds the other AH."""


def test_reveal_is_asked_only_of_the_partner() -> None:
    for answer in ("reveal_partner", "stay_hidden"):
        deal = deal_of(0, PARTNER_ACES)
        asked = drive(deal, {(1, 1): "show AH"}, {"reveal": answer})
        assert asked[-1] == Asked("reveal", 107, 3, answer)
        assert [a.phase for a in asked].count("reveal") == 1
        assert "show_second" not in [a.phase for a in asked]
        assert deal.partner == 3 and not deal.alone
        assert deal.partner_revealed is (answer == "reveal_partner")
        assert deal.public_partner == (3 if answer == "reveal_partner" else None)
        assert deal.phase is Phase.PLAY and deal.current_player == 1


def test_pre_play_actions_are_checked() -> None:
    deal = deal_of(0, PARTNER_ACES)
    drive_until = {(1, 1): "show AH"}
    while deal.phase is Phase.DRAW:
        seat = deal.current_player
        assert seat is not None
        play(deal, drive_until.get((deal.drawn - 1, seat), "decline"))
    assert deal.phase is Phase.REVEAL and deal.legal_actions() == [REVEAL, STAY_HIDDEN]
    assert "reveal" in str(deal.why_illegal(SHOW_SECOND))
    assert deal.parse_action("reveal") == REVEAL == deal.parse_action("reveal_partner")
    assert deal.action_text(REVEAL) == "reveal_partner"


def test_declarer_with_both_is_asked_show_second() -> None:
    aces = {
        (1, 0): "AH",
        (1, 21): "AH",
        (0, 21): "AS",
        (2, 21): "AS",
        (3, 20): "AC",
        (4, 20): "AC",
        (3, 0): "AD",
        (0, 20): "AD",
    }
    deal = deal_of(0, aces)
    while deal.phase is Phase.DRAW:
        play(deal, "show AH" if deal.drawn == 2 and deal.current_player == 1 else "decline")
    assert deal.phase is Phase.SHOW_SECOND and deal.current_player == 1
    assert deal.legal_actions() == [SHOW_SECOND, KEEP_HIDDEN]
    play(deal, "show_second")
    assert deal.two_shown and deal.alone and deal.phase is Phase.PLAY


# ---------------------------------------------------------------------------
# Play
# ---------------------------------------------------------------------------


def position(hands: list[str], reveal: bool = False) -> BigADeal:
    """Declarer seat 1 (hearts), partner seat 3, play about to start with the given
    hands (a test position: only the hands are replaced)."""
    deal = deal_of(0, PARTNER_ACES)
    drive(deal, {(1, 1): "show AH"}, {"reveal": "reveal_partner" if reveal else "stay_hidden"})
    assert deal.phase is Phase.PLAY and deal.current_player == 1
    deal.hands = [normalize(parse_cards(h, H), H) for h in hands]
    return deal


def test_play_starts_with_normalized_hands_and_the_declarer_leading() -> None:
    deal = deal_of(0, PARTNER_ACES)
    drive(deal, {(1, 1): "show AH"})
    for h in deal.hands:
        assert all((h >> (5 * (SUITED_ACE + s))) & 31 == 0 for s in (D, C, S))
    assert (deal.hands[1] >> (5 * (SUITED_ACE + H))) & 31 == 1
    assert (deal.hands[3] >> (5 * (SUITED_ACE + H))) & 31 == 1
    assert deal.current_player == 1 == deal.leader and deal.top is None
    acts = deal.legal_actions()
    assert PASS not in acts and all(type(a) is Combo for a in acts)
    assert acts == legal_plays(deal.hands[1], STANDARD, H)
    assert "leader may not pass" in str(deal.why_illegal(PASS))


def test_trick_with_passes_and_replay_by_passed_players() -> None:
    deal = position(["7 8 9", "5 7 K", "8 Q 2", "6 T J", "9 J 3"])
    play(deal, "5", "pass", "6", "pass", "pass", "7")
    # seat 2 passed earlier in this trick and may play again
    assert (
        deal.current_player == 2 and classify(parse_cards("8"), STANDARD, H) in deal.legal_actions()
    )
    play(deal, "8")
    assert deal.top_player == 2 and deal.top is not None and deal.top.cards == UNIT[5]
    play(deal, "pass", "pass", "pass")
    assert deal.top is not None
    play(deal, "pass")  # the 4th pass in a row: seat 2 leads
    assert deal.top is None and deal.current_player == 2 == deal.leader


def test_follow_must_beat_and_legal_actions_match_movegen() -> None:
    deal = position(["7 8 9 RJ", "5 5 7 K", "8 Q 2 2", "4 4 T J", "9 J 3 3"])
    play(deal, "5 5")
    acts = deal.legal_actions()
    top = deal.top
    assert top is not None
    assert acts[-1] == PASS
    assert acts[:-1] == legal_plays(deal.hands[2], STANDARD, H, top)
    assert all(type(a) is Combo and beats(a, top, STANDARD) for a in acts[:-1])
    with pytest.raises(IllegalActionError, match="does not beat"):
        play(deal, "Q")
    with pytest.raises(IllegalActionError, match="does not hold"):
        play(deal, "K K")
    with pytest.raises(IllegalActionError, match="not a combination"):
        play(deal, "8 Q")
    with pytest.raises(IllegalActionError, match="the draw and the declarations are over"):
        deal.apply_action(DECLINE)


def test_capture_by_fours() -> None:
    """§6: 4 4 on 7 7 7 takes the egg into the hand; the fours are the top play."""
    deal = position(["7 8", "7 7 7 K", "4 4 5", "6 T", "9 J"])
    play(deal, "7 7 7")
    acts = deal.legal_actions()
    cap = [a for a in acts if type(a) is Capture]
    top = deal.top
    assert top is not None
    assert cap == [Capture(c, top) for c in captures(deal.hands[2], STANDARD, top)]
    assert len(cap) == 1 and deal.action_text(cap[0]) == "capture 4 4"
    assert deal.parse_action("4 4") == cap[0] == deal.parse_action("capture 4 4")
    ev = deal.apply_action(deal.parse_action("4 4"))
    assert ev == Event(2, cap[0])
    assert deal.hands[2] == parse_cards("5 7 7 7")
    assert deal.captured[2] == parse_cards("7 7 7")
    assert deal.played[2] == parse_cards("4 4") and deal.played[1] == parse_cards("7 7 7")
    assert deal.top == classify(parse_cards("4 4"), STANDARD, H)
    assert deal.top is not None and deal.top.kind is Kind.PAIR
    assert deal.top_player == 2 and deal.current_player == 3
    # after 4 4 captured 777: 5 5 would beat the pair of 4s; an egg beats it too
    assert deal.legal_actions() == [PASS]
    play(deal, "pass", "pass", "pass", "pass")
    assert deal.current_player == 2 and deal.top is None


def test_capture_again_and_illegal_captures() -> None:
    deal = position(["7 8", "9 9 9 9 K", "4 4 4 5", "4 4 T", "9 J"])
    play(deal, "9 9 9 9")
    # three 4s capture a big egg of four
    play(deal, "capture 4 4 4")
    assert deal.top is not None and deal.top.kind is Kind.EGG
    # and two 4s capture the egg of 4s
    assert deal.parse_action("4 4") == Capture(
        classify(parse_cards("4 4"), STANDARD, H) or PASS, deal.top
    )  # type: ignore[arg-type]
    play(deal, "4 4")
    assert deal.hands[3] == parse_cards("4 4 4 T") and deal.top_player == 3
    assert deal.top is not None and deal.top.kind is Kind.PAIR
    # wrong count / lead / uncapturable top
    deal2 = position(["7 8", "7 7 7 K", "4 4 4 5", "6 T", "9 J"])
    with pytest.raises(IllegalActionError, match="a capture is never a lead"):
        deal2.apply_action(
            Capture(
                classify(parse_cards("4 4"), STANDARD, H),  # type: ignore[arg-type]
                classify(parse_cards("7 7 7"), STANDARD, H),
            )
        )  # type: ignore[arg-type]
    play(deal2, "7 7 7")
    with pytest.raises(IllegalActionError, match="takes exactly 2"):
        play(deal2, "capture 4 4 4")
    with pytest.raises(IllegalActionError, match="does not beat"):
        play(deal2, "4 4 4")  # an egg of 4s does not beat 777
    deal3 = position(["7 8", "7 7 K", "4 5", "6 T", "9 J"])
    play(deal3, "7 7")
    with pytest.raises(IllegalActionError, match="cannot be captured"):
        play(deal3, "capture 4")


def test_capture_off() -> None:
    rules = resolve("standard", {"fours_capture": "false"})
    deal = BigADeal.from_stock(rules, make_stock(0, PARTNER_ACES), 0)
    drive(deal, {(1, 1): "show AH"})
    deal.hands = [
        normalize(parse_cards(h, H), H) for h in ["7 8", "7 7 7 K", "4 4 5", "6 T", "9 J"]
    ]
    play(deal, "7 7 7")
    assert deal.legal_actions() == [PASS]
    assert type(deal.parse_action("4 4")) is Combo
    with pytest.raises(IllegalActionError, match="fours_capture=false"):
        play(deal, "capture 4 4")


def test_captured_set_of_a_player_who_went_out() -> None:
    # seat 1 (declarer) leads its last cards 7 7 7 and goes out; seat 2 captures them
    deal = position(["7 8", "7 7 7", "4 4 5", "6 T", "9 J"], reveal=True)
    play(deal, "7 7 7")
    assert deal.finishing == [1]
    play(deal, "4 4")
    assert deal.finishing == [1] and deal.hands[1] == 0 and deal.hands[2] == parse_cards("5 7 7 7")
    assert deal.current_player == 3 and deal.top_player == 2


# ----- lead passing (§7), declarer seat 1 -------------------------------------


def test_lead_passing_revealed_partner_goes_out_declarer_leads() -> None:
    deal = position(["7 8", "5 9 AH", "6 T", "K", "3 J"], reveal=True)
    play(deal, "5", "6", "K")
    assert deal.finishing == [3]
    play(deal, "pass", "pass", "pass", "pass")
    assert deal.current_player == 1 and deal.top is None  # not seat 4


def test_lead_passing_hidden_partner_defender_goes_out() -> None:
    deal = position(["K", "5 9", "6 T", "7 J", "3 Q"])
    play(deal, "5", "6", "pass", "pass", "K")
    assert deal.finishing == [0]
    play(deal, "pass", "pass", "pass", "pass")
    # the next active non-declarer after seat 0: seat 1 is skipped, seat 2 leads
    assert deal.current_player == 2


def test_lead_passing_hidden_partner_declarer_goes_out() -> None:
    deal = position(["7 8", "K", "6 T", "5 J", "3 Q"])
    play(deal, "K")
    assert deal.finishing == [1]
    play(deal, "pass", "pass", "pass", "pass")
    assert deal.current_player == 2


def test_lead_passing_known_partner_after_declarer_goes_out() -> None:
    # seat 3 becomes publicly known by playing its Big Ace; the declarer then goes out
    deal = position(["J J", "5 Q", "6 7", "AH 9 3", "8 T"])
    play(deal, "5", "6", "AH")
    assert deal.public_partner == 3 and deal.observe(0).partner == 3
    play(deal, "pass", "pass", "pass", "pass")
    assert deal.current_player == 3
    play(deal, "9", "T", "pass", "Q")
    assert deal.finishing == [1]
    play(deal, "pass", "pass", "pass", "pass")
    assert deal.current_player == 3  # not seat 2


def test_lead_passing_defender_out_with_known_partner_skips_the_team() -> None:
    # partner seat 3 revealed; defender seat 2 goes out -> next public defender
    # after seat 2 is seat 4 (seat 3 is on the other team)
    deal = position(["7 8", "5 9", "K", "6 T", "3 J"], reveal=True)
    play(deal, "5", "K", "pass", "pass", "pass", "pass")
    assert deal.finishing == [2] and deal.current_player == 4


def test_hidden_partner_playing_a_big_ace_becomes_known() -> None:
    deal = position(["7 8", "5 9", "6 T", "AH J Q", "3 K"])
    assert deal.observe(0).partner is None and deal.observe(3).partner == 3
    assert deal.observe(1).partner is None  # the declarer does not know its partner
    play(deal, "5", "6", "AH")
    assert deal.public_partner == 3
    assert all(deal.observe(s).partner == 3 for s in range(5))


def test_alone_declarer_playing_both_big_aces_becomes_known() -> None:
    aces = {
        (1, 0): "AH",
        (1, 21): "AH",
        (0, 21): "AS",
        (2, 21): "AS",
        (3, 20): "AC",
        (4, 20): "AC",
        (3, 0): "AD",
        (0, 20): "AD",
    }
    deal = deal_of(0, aces)
    drive(deal, {(1, 1): "show AH"})
    assert deal.alone and not deal.two_shown and not deal.alone_known
    deal.hands = [
        normalize(parse_cards(h, H), H) for h in ["7 8", "AH 5 AH 9", "6 T", "K J Q", "3 K"]
    ]
    play(deal, "AH")
    assert not deal.alone_known
    play(deal, "pass", "pass", "pass", "pass", "AH")
    assert deal.alone_known and deal.observe(2).alone_known


# ----- end of the deal (§8) ---------------------------------------------------


def test_deal_ends_when_declarer_team_is_out() -> None:
    deal = position(["7 8", "K", "6 T", "AH", "3 J"], reveal=True)
    play(deal, "K", "pass", "AH")
    assert deal.is_terminal() and deal.outcome is not None
    out = deal.outcome
    # positions 1 and 2, revealed: +9 +9 -6; the remaining seats in turn order
    # from the seat after the last player out (seat 3): 4, 0, 2
    assert out.finishing_order == (1, 3, 4, 0, 2) and out.went_out == 2
    assert out.scores == (-6, 9, -6, 9, -6) and deal.returns() == list(out.scores)
    assert out.next_first_drawer == 1 and not out.redeal
    assert deal.legal_actions() == [] and deal.current_player is None
    assert "the deal is over" in str(deal.why_illegal(PASS))


def test_deal_ends_when_all_defenders_are_out() -> None:
    deal = position(["K", "5 9", "Q", "6 7", "J"])
    play(deal, "5", "Q", "pass", "pass", "K")
    assert deal.finishing == [2, 0]
    play(deal, "pass", "pass", "pass")  # 3 active: seats 1, 3, 4
    # the nearest active non-declarer after seat 0 is seat 3 (the hidden partner)
    assert deal.current_player == 3
    play(deal, "6", "J")
    assert deal.is_terminal() and deal.outcome is not None
    # hidden partner, declarer and partner 4th and 5th: -6 -3 +3
    assert deal.outcome.finishing_order == (2, 0, 4, 1, 3)
    assert deal.outcome.scores == (3, -6, 3, -3, 3)


def test_alone_deal_ends_when_the_declarer_goes_out() -> None:
    aces = {
        (1, 0): "AH",
        (1, 21): "AH",
        (0, 21): "AS",
        (2, 21): "AS",
        (3, 20): "AC",
        (4, 20): "AC",
        (3, 0): "AD",
        (0, 20): "AD",
    }
    deal = deal_of(0, aces)
    drive(deal, {(1, 1): "show AH"})
    deal.hands = [normalize(parse_cards(h, H), H) for h in ["7 8", "AH AH", "6 T", "K J Q", "3 K"]]
    play(deal, "AH AH")
    assert deal.is_terminal() and deal.outcome is not None
    assert deal.outcome.alone and deal.outcome.scores == (-8, 32, -8, -8, -8)


# ---------------------------------------------------------------------------
# Notation
# ---------------------------------------------------------------------------


def test_action_text_round_trip_examples() -> None:
    deal = position(["7 8", "3 4 5 AH 2", "6 T", "K", "3 J"])
    for text in ("3 4 5", "AH 2 3", "AH", "pass"):
        if text == "pass":
            continue
        a = deal.parse_action(text)
        assert deal.action_text(a) == text
    with pytest.raises(CardParseError):
        deal.parse_action("3 X")
    with pytest.raises(IllegalActionError, match="no top play"):
        deal.parse_action("capture 4 4")
    with pytest.raises(IllegalActionError, match="not a combination"):
        deal.parse_action("3 5")


# ---------------------------------------------------------------------------
# Observations and hidden information
# ---------------------------------------------------------------------------


def test_declines_and_private_turns_are_hidden() -> None:
    deal = deal_of(0, EXAMPLE_ACES)
    assert deal.current_player == 4
    obs0 = deal.observe(0)
    assert obs0.current_player is None and obs0.phase is Phase.DRAW
    assert deal.observe(4).current_player == 4
    play(deal, "decline")
    assert deal.observe(0).history == ()
    assert deal.observe(4).history == (Event(4, DECLINE),)
    play(deal, "decline")
    assert deal.observe(0).history == () and deal.observe(4).history == (Event(4, DECLINE),) * 2
    # a declaration is public, with its draw position
    while deal.drawn < 13:
        play(deal, "decline")
    play(deal, "show AS")
    obs = deal.observe(0)
    assert obs.history == (Event(2, Declare(S, False)),)
    assert obs.declarations == ((13, Event(2, Declare(S, False))),)
    assert obs.declarer == 2 and obs.big_suit == S and obs.exposed[2] == UNIT[SUITED_ACE + S]
    # seat 3 holds the other AS: it knows it is the partner, nobody else does
    assert deal.observe(3).partner == 3 and obs.partner is None
    assert deal.observe(2).partner is None


def test_show_second_is_seen_as_reveal_by_the_others() -> None:
    aces = {
        (1, 0): "AH",
        (1, 21): "AH",
        (0, 21): "AS",
        (2, 21): "AS",
        (3, 20): "AC",
        (4, 20): "AC",
        (3, 0): "AD",
        (0, 20): "AD",
    }
    deal = deal_of(0, aces)
    while deal.phase is Phase.DRAW:
        play(deal, "show AH" if deal.drawn == 2 and deal.current_player == 1 else "decline")
    assert deal.phase is Phase.SHOW_SECOND
    assert deal.observe(1).phase is Phase.SHOW_SECOND and deal.observe(1).current_player == 1
    for s in (0, 2, 3, 4):
        assert deal.observe(s).phase is Phase.REVEAL and deal.observe(s).current_player is None
    play(deal, "keep_hidden")
    assert Event(1, KEEP_HIDDEN) in deal.observe(1).history
    assert all(Event(1, KEEP_HIDDEN) not in deal.observe(s).history for s in (0, 2, 3, 4))


class Logged(NamedTuple):
    phase: Phase
    drawn: int
    seat: int
    action: Action


def _policy(deal: BigADeal, rng: random.Random) -> Action:
    acts = deal.legal_actions()
    if deal.phase is Phase.DRAW:
        decl = [a for a in acts if a != DECLINE]
        return rng.choice(decl) if decl and rng.random() < 0.03 else DECLINE
    return rng.choice(acts)


Key = tuple[int, int, int, bool, str]


def _key(deal: BigADeal, observer: int) -> Key:
    """Where the observer is, as it can tell: cards drawn, public events seen, own
    events, whether it is to act, and whether the draw, the steps before play or
    play is on."""
    seen = sum(1 for ev in deal.history if ev.seat == observer or ev.action not in PRIVATE)
    own = sum(1 for ev in deal.history if ev.seat == observer)
    stage = "pre" if deal.phase in (Phase.SHOW_SECOND, Phase.REVEAL) else deal.phase.value
    return deal.drawn, seen, own, deal.current_player == observer, stage


def _observed_playout(seed: int, observer: int) -> tuple[BigADeal, list[Logged], dict[Key, object]]:
    """A random deal, its log, and the observer's observation at every step, by
    :func:`_key` (checking that the observation does not change while only other
    seats' private answers happen)."""
    deal = new_deal(STANDARD, seed)
    rng = random.Random(seed * 7 + 1)
    log: list[Logged] = []
    snaps: dict[Key, object] = {}
    while not deal.is_terminal():
        seat = deal.current_player
        assert seat is not None
        obs = deal.observe(observer)
        assert snaps.setdefault(_key(deal, observer), obs) == obs
        a = _policy(deal, rng)
        log.append(Logged(deal.phase, deal.drawn, seat, a))
        deal.apply_action(a)
    return deal, log, snaps


def _compare_alt_world(
    stock: tuple[int, ...], first: int, log: list[Logged], observer: int, snaps: dict[Key, object]
) -> int:
    """Replay the public part of ``log`` on another stock, answering every other
    private question with the private answer, and compare the observer's
    observations with ``snaps`` while the public events agree. Returns the number
    of observations compared."""
    alt = BigADeal.from_stock(STANDARD, stock, first)
    draw = {(e.drawn, e.seat): e.action for e in log if e.phase is Phase.DRAW}
    pre = {(e.phase, e.seat): e.action for e in log if e.phase in (Phase.SHOW_SECOND, Phase.REVEAL)}
    plays = [e.action for e in log if e.phase is Phase.PLAY]
    public = [Event(e.seat, e.action) for e in log if e.seat == observer or e.action not in PRIVATE]
    pi = 0
    compared = 0
    forced_declarer: tuple[int | None, bool] | None = None
    while not alt.is_terminal():
        seen = _public(alt.history, observer)
        if seen != public[: len(seen)]:
            break  # the swap contradicts a public action
        if alt.phase is not Phase.DRAW:
            if forced_declarer is None:
                forced_declarer = (alt.declarer, alt.forced)
                orig = [o for k, o in snaps.items() if k[0] == 108]
                if (
                    orig
                    and (getattr(orig[0], "declarer"), getattr(orig[0], "forced"))
                    != forced_declarer
                ):
                    break  # a different forced declarer: a public fact differs
        want = snaps.get(_key(alt, observer))
        if want is not None:
            assert alt.observe(observer) == want
            compared += 1
        seat = alt.current_player
        assert seat is not None
        ph = alt.phase
        a: Action
        if ph is Phase.DRAW:
            a = draw.get((alt.drawn, seat), DECLINE)
        elif ph is Phase.PLAY:
            if pi >= len(plays):
                break
            a = plays[pi]
            pi += 1
        else:
            a = pre.get((ph, seat), KEEP_HIDDEN if ph is Phase.SHOW_SECOND else STAY_HIDDEN)
        if alt.why_illegal(a) is not None:
            break
        alt.apply_action(a)
    return compared


def _public(history: list[Event] | tuple[Event, ...], observer: int) -> list[Event]:
    return [ev for ev in history if ev.seat == observer or ev.action not in PRIVATE]


@pytest.mark.parametrize("seed", range(12))
def test_observation_is_invariant_under_hidden_swaps(seed: int) -> None:
    """Swapping two cards the observer cannot see (other seats' cards, cards not yet
    drawn when it looks) never changes its observation while every public action
    is still legal: declines, keep_hidden, stay_hidden and whose private turn it is
    stay hidden."""
    observer = seed % 5
    deal, log, snaps = _observed_playout(seed, observer)
    rng = random.Random(seed)
    first, stock = deal.first_drawer, deal.stock
    mine = {k for k in range(108) if (first + k) % 5 == observer}
    compared = 0
    aces = [k for k in range(108) if stock[k] >= SUITED_ACE]
    for n in range(60):
        i, j = rng.sample(range(108), 2)
        if n % 2:  # half of the swaps move an Ace: that changes who is asked what
            i = rng.choice([k for k in aces if k != j])
        if stock[i] == stock[j]:
            continue
        alt_stock = list(stock)
        alt_stock[i], alt_stock[j] = alt_stock[j], alt_stock[i]
        # the observer's snapshots taken before it drew card i or j stay valid
        cut = min([k for k in (i, j) if k in mine] + [108])
        valid = {key: o for key, o in snaps.items() if key[0] <= cut}
        compared += _compare_alt_world(tuple(alt_stock), first, log, observer, valid)
    assert compared >= 50


def test_observation_never_shows_another_seats_private_answer() -> None:
    for seed in range(20):
        deal = new_deal(STANDARD, seed)
        rng = random.Random(seed)
        saw_private = False
        while not deal.is_terminal():
            for s in range(5):
                obs = deal.observe(s)
                for ev in obs.history:
                    assert ev.seat == s or ev.action not in PRIVATE
                assert obs.hand == deal.hands[s]
                if deal.phase is not Phase.PLAY and deal.current_player != s:
                    assert obs.current_player is None
            saw_private |= any(ev.action in PRIVATE for ev in deal.history)
            deal.apply_action(_policy(deal, rng))
        assert saw_private


def test_observation_fields_in_play() -> None:
    deal = position(["7 8", "7 7 7 K", "4 4 5", "6 T", "9 J"])
    play(deal, "7 7 7", "4 4")
    obs = deal.observe(0)
    assert obs.phase is Phase.PLAY and obs.current_player == 3
    assert obs.played[1] == parse_cards("7 7 7") and obs.captured[2] == parse_cards("7 7 7")
    assert obs.top == deal.top and obs.top_player == 2 and obs.leader == 1
    assert obs.hand_counts == (2, 1, 4, 2, 2) and obs.hand == parse_cards("7 8")
    assert obs.declarer == 1 and obs.big_suit == H and obs.exposed == (0,) * 5
    assert obs.finishing == () and obs.outcome is None and obs.drawn == 108
    assert obs.seat == 0 and obs.players == 5 and obs.first_drawer == 0


# ---------------------------------------------------------------------------
# Seeded random deals
# ---------------------------------------------------------------------------

RULE_VARIANTS = [
    STANDARD,
    resolve("standard", {"rank_order": "ace_high", "sequence_order": "chain_four_to_three"}),
    resolve(
        "standard",
        {
            "big_ace_in_sets": "true",
            "egg_over_joker_single": "true",
            "egg_over_pair_sequence": "true",
            "big_ace_single_min_big_egg": "4",
        },
    ),
    resolve("standard", {"fours_capture": "false", "p2d5_defender_points": "2"}),
]


def check_invariants(deal: BigADeal) -> None:
    if (
        deal.phase in (Phase.PLAY, Phase.OVER)
        and deal.big_suit is not None
        and deal.outcome is None
        or (deal.outcome is not None and not deal.outcome.redeal)
    ):
        total = sum(deal.hands) + sum(deal.played) - sum(deal.captured)
        assert total == normalize(DECK, deal.big_suit)
    elif deal.phase is Phase.DRAW:
        assert sum(deal.hands) == sum(UNIT[f] for f in deal.stock[: deal.drawn])


def random_deal(rules: BigARules, seed: int, checked: bool = True) -> BigADeal:
    deal = new_deal(rules, seed)
    rng = random.Random(seed)
    steps = 0
    while not deal.is_terminal():
        acts = deal.legal_actions()
        assert acts
        a = rng.choice(acts)
        if checked:
            assert deal.why_illegal(a) is None, (deal.action_text(a), deal.why_illegal(a))
            assert deal.parse_action(deal.action_text(a)) == a
            deal.apply_action(a)
        else:
            deal.apply_unchecked(a)
        steps += 1
        assert steps < 5000
    return deal


def check_outcome(deal: BigADeal) -> None:
    out = deal.outcome
    assert out is not None
    if out.redeal:
        assert out.scores == (0,) * 5
        return
    assert sorted(out.finishing_order) == list(range(5))
    assert out.finishing_order[: out.went_out] == tuple(deal.finishing)
    assert all(deal.hands[s] == 0 for s in deal.finishing)
    assert all(deal.hands[s] != 0 for s in out.finishing_order[out.went_out :])
    total = sum(out.scores)
    d = out.declarer
    assert d is not None
    pos = {s: i + 1 for i, s in enumerate(out.finishing_order)}
    if out.alone:
        assert total == 0 and out.partner is None
        assert not deal.hands[d] or out.went_out == 4
    else:
        assert out.partner is not None
        p2d5 = (pos[d], pos[out.partner]) == (5, 2) and not out.partner_revealed
        assert total == (3 * deal.rules.p2d5_defender_points - 6 if p2d5 else 0)
    assert out.next_first_drawer == out.finishing_order[0]


@pytest.mark.parametrize("rules", RULE_VARIANTS, ids=lambda r: r.spec())
def test_seeded_random_deals(rules: BigARules) -> None:
    for seed in range(60):
        deal = random_deal(rules, seed)
        check_outcome(deal)


def test_random_deals_with_mostly_declines_and_invariants() -> None:
    """A policy that nearly always declines exercises long draws and the forced
    declaration; cards are conserved at every step."""
    kinds = Counter()
    for seed in range(120):
        deal = new_deal(STANDARD, seed)
        rng = random.Random(seed)
        while not deal.is_terminal():
            check_invariants(deal)
            acts = deal.legal_actions()
            if deal.phase is Phase.DRAW:
                a = (
                    next((x for x in acts if x != DECLINE), DECLINE)
                    if rng.random() < 0.005
                    else DECLINE
                )
            else:
                a = rng.choice(acts)
            deal.apply_action(a)
        check_outcome(deal)
        out = deal.outcome
        assert out is not None
        kinds["redeal" if out.redeal else "forced" if out.forced else "declared"] += 1
    assert kinds["forced"] > 0 and kinds["declared"] > 0


def test_clone_is_independent() -> None:
    deal = new_deal(STANDARD, 8)
    rng = random.Random(1)
    while deal.phase is not Phase.PLAY:
        deal.apply_action(rng.choice(deal.legal_actions()))
    copy = deal.clone()
    a = deal.legal_actions()[0]
    child = deal.child(a)
    assert copy.hands == deal.hands and copy.history == deal.history
    assert child.history[-1] == Event(deal.current_player or 0, a)
    assert len(child.history) == len(deal.history) + 1
    while not child.is_terminal():
        child.apply_action(rng.choice(child.legal_actions()))
    assert deal.outcome is None and copy.hands == deal.hands


def test_choice_values() -> None:
    assert DECLINE == Choice("decline") and isinstance(SHOW_SECOND, Choice)
    deal = new_deal(STANDARD, 0)
    for c in (DECLINE, SHOW_SECOND, KEEP_HIDDEN, REVEAL, STAY_HIDDEN):
        assert deal.parse_action(deal.action_text(c)) == c
    assert deal.parse_action("p") == PASS and deal.action_text(PASS) == "pass"
