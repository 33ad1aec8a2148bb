"""The pre-play phases of a Big Two deal: redeal requests (§4), the order of the
steps (§3.4), class struggle (§12.2), tribute (§12.3), seed 002's exchange
(§12.4), and what each seat may see of them (§13) — from the worked examples of
``bigtwo.md`` where it has them.
"""

from __future__ import annotations

import json
import random
from itertools import groupby
from typing import Any

import pytest

from chupai.bigtwo.game import (
    EVERYONE,
    BigTwoDeal,
    Choice,
    Event,
    Hidden,
    Phase,
    class_titles,
    new_deal,
    next_titles,
    protected_cards,
    redeal_reasons,
)
from chupai.bigtwo.match import Match
from chupai.bigtwo.record import replay, to_record
from chupai.bigtwo.rules import BigTwoRules, resolve
from chupai.bots import GreedyBot, RandomBot
from chupai.cards import cards_of, parse_mask
from chupai.errors import IllegalActionError

FULL = (1 << 52) - 1


def rules(preset: str = "standard", **over: str) -> BigTwoRules:
    return resolve(preset, over)


def hands(*texts: str) -> list[int]:
    return [parse_mask(t) for t in texts]


def act(deal: BigTwoDeal, *moves: str) -> BigTwoDeal:
    for m in moves:
        deal.apply_action(deal.parse_action(m))
    return deal


def text(deal: BigTwoDeal, seat: int) -> str:
    return deal.cards_text(deal.hands[seat])


def all_cards(deal: BigTwoDeal) -> int:
    seen = 0
    for part in [
        *deal.hands,
        *deal.played,
        deal.set_aside,
        deal.exposed,
        deal.leftover,
        deal.pool,
        *deal.piles,
    ]:
        assert part & seen == 0, "a card is in two places"
        seen |= part
    return seen


# ----- §4 redeal ---------------------------------------------------------------------------

ONE_POINT = "3D 4C 5H 6S 7D 8C 9H TS 3S 4H 5C 6D JD"


@pytest.mark.parametrize(
    "hand, m2, m3",
    [
        (ONE_POINT, True, True),  # 1 point
        (ONE_POINT.replace("JD", "QD"), True, True),  # 2 points
        (ONE_POINT.replace("JD", "KD"), False, True),  # 3 points
        (ONE_POINT.replace("JD", "2S"), False, False),  # 5 points
    ],
)
def test_s4_redeal_max_points_examples(hand: str, m2: bool, m3: bool) -> None:
    mask = parse_mask(hand)
    assert bool(redeal_reasons(rules(redeal_max_points="2"), mask)) == m2
    assert bool(redeal_reasons(rules(redeal_max_points="3"), mask)) == m3
    assert redeal_reasons(rules(), mask) == []


def test_s4_hong_kong_ten_high_is_max_points_zero() -> None:
    ten_high = parse_mask("3D 4C 5H 6S 7D 8C 9H TS 3S 4H 5C 6D TD")
    assert redeal_reasons(rules(redeal_max_points="0"), ten_high) == ["redeal_max_points"]
    assert redeal_reasons(rules(redeal_max_points="0"), parse_mask(ONE_POINT)) == []


def test_s4_two_faces_and_four_twos() -> None:
    r = rules(redeal_two_faces="true", redeal_four_twos="true")
    assert redeal_reasons(r, parse_mask("3D 4C 5H 6S 7D 8C 9H TS 3S 4H 5C JD QD")) == [
        "redeal_two_faces"
    ]
    assert redeal_reasons(r, parse_mask("3D 4C 5H 6S 7D 8C 9H TS 3S 4H JC JD QD")) == []
    assert redeal_reasons(r, parse_mask("3D 4C 5H 6S 7D 8C 9H TS 3S 4H 5C JD AD")) == []
    assert redeal_reasons(r, parse_mask("2D 2C 2H 2S 7D 8C 9H TS 3S 4H 5C 6D KD")) == [
        "redeal_four_twos"
    ]


STRONG = "2S 2H 2C AS AH AD KS KH KD QS QH QC JS"
TWO_POINTS = "4D 5D 6C 7C 8D 9D TD 4S 5S 6H 7S 8S QD"
RICH = "3C 3H 7H 8H 9C 9S TC TH JC JH KC AC 2D"


def _redeal_deal(**over: str) -> BigTwoDeal:
    # seat 1 holds 3D (the starting player) and 1 point; seat 3 two points
    return BigTwoDeal.from_hands(
        rules(redeal_max_points="2", **over), hands(STRONG, ONE_POINT, RICH, TWO_POINTS), dealer=0
    )


def test_s4_qualifying_players_are_asked_in_turn_order_from_the_starting_player() -> None:
    d = _redeal_deal()
    assert d.phase is Phase.REDEAL and d.starting_player == 1
    assert d.current_player == 1
    assert d.legal_actions() == [Choice("keep"), Choice("redeal")]
    act(d, "keep")
    assert d.phase is Phase.REDEAL and d.current_player == 3  # seat 2 does not qualify
    act(d, "keep")
    assert d.phase is Phase.PLAY and d.current_player == 1
    assert d.must_contain == parse_mask("3D")


def test_s4_a_request_ends_the_deal_without_a_winner() -> None:
    d = act(_redeal_deal(), "keep", "redeal")
    out = d.outcome
    assert d.is_terminal() and out is not None
    assert out.redeal and out.winner is None and out.scores == (0, 0, 0, 0)
    assert out.penalties == (0, 0, 0, 0) and out.ranking == ()
    # only the requesting hand is shown
    assert out.hands == (0, 0, 0, parse_mask(TWO_POINTS))
    assert out.to_dict()["redeal"] is True
    assert replay(json.loads(json.dumps(to_record(d)))).outcome == out


def test_s4_redeal_is_not_offered_outside_its_phase() -> None:
    d = act(_redeal_deal(), "keep", "keep")
    with pytest.raises(IllegalActionError):
        d.apply_action(Choice("redeal"))


def test_s4_redeal_choice_is_refused_during_the_redeal_phase_in_other_forms() -> None:
    d = _redeal_deal()
    for bad in (Choice("take"), Choice("give", parse_mask("3D")), d.parse_action("3D")):
        reason = d.why_illegal(bad)
        assert reason is not None and "redeal" in reason


def test_s3_4_instant_win_is_checked_before_redeal_requests() -> None:
    dragon = "AH 2C 3D 4S 5H 6C 7D 8S 9H TC JD QS KH"
    d = BigTwoDeal.from_hands(
        rules(redeal_max_points="20", instant_wins="dragon"), hands(dragon, "3C 4C", "5C", "6D")
    )
    assert d.is_terminal() and d.outcome is not None and d.outcome.instant_win == "dragon"


# ----- §3.4 the order of the steps ------------------------------------------------------------

ORDER = [
    Phase.CHOOSE_HANDS,
    Phase.LEFTOVER,
    Phase.REDEAL,
    Phase.PRE_EXCHANGE,
    Phase.CLASS_EXCHANGE,
    Phase.TRIBUTE,
    Phase.PLAY,
    Phase.OVER,
]


@pytest.mark.parametrize(
    "over",
    [
        {
            "players": "3",
            "leftover_rule": "taiwan_exposed",
            "redeal_max_points": "20",
            "pre_exchange": "true",
            "series": "class_struggle",
        },
        {
            "redeal_max_points": "20",
            "pre_exchange": "true",
            "series": "tribute",
            "tribute_method": "choose_hands",
        },
        {
            "redeal_max_points": "20",
            "pre_exchange": "true",
            "series": "tribute",
            "tribute_method": "draw_three",
        },
    ],
)
def test_s3_4_phases_come_in_order(over: dict[str, str]) -> None:
    r = resolve("standard", over)
    seen: set[Phase] = set()
    for seed in range(12):
        rng = random.Random(seed)
        d = new_deal(r, seed, dealer=0, first_deal=False, leader=0, ranking=list(range(r.players)))
        phases = [d.phase]
        while not d.is_terminal():
            # never ask for a redeal, so that the later phases are reached
            legal = [a for a in d.legal_actions() if a != Choice("redeal")]
            d.apply_action(rng.choice(legal))
            phases.append(d.phase)
        visited = [p for p, _ in groupby(phases)]
        assert visited == sorted(visited, key=ORDER.index), visited
        seen |= set(visited)
        assert all_cards(d) == FULL
    assert Phase.PRE_EXCHANGE in seen and Phase.REDEAL in seen


# ----- §12.2 class struggle ------------------------------------------------------------------

TITLES = (0, 1, 2, 3)  # seat 0 King, 1 Noble, 2 Commoner, 3 Slave


def _class_deal(exchange: str = "swap", **over: str) -> BigTwoDeal:
    r = rules(series="class_struggle", class_exchange=exchange, **over)
    return BigTwoDeal.from_hands(
        r,
        hands("4D 5C 6D 7D", "AH 8D 9D TD", "AC JD QD KD", "2S 3D 3C 3H"),
        first_deal=False,
        leader=0,
        ranking=TITLES,
    )


def test_s12_2_titles() -> None:
    assert class_titles(4) == ("King", "Noble", "Commoner", "Slave")
    assert class_titles(3) == ("King", "Commoner", "Slave")
    assert class_titles(2) == ("King", "Slave")


def test_s12_2_swap_example() -> None:
    d = _class_deal()
    assert d.phase is Phase.CLASS_EXCHANGE and d.current_player == 0
    assert d.observe(0).partner == 3  # the King deals with the Slave first
    act(d, "name 2S")  # the Slave holds it and gives it
    assert text(d, 0) == "4D 5C 6D 7D 2S" and d.current_player == 0
    assert [c.name for c in d.legal_actions()] == ["give"] * 5
    act(d, "give 4D")
    assert d.observe(0).partner == 2  # then the Commoner
    act(d, "name AH")  # not held: name another or give up
    assert d.current_player == 0 and text(d, 2) == "JD QD KD AC"
    with pytest.raises(IllegalActionError, match="named already"):
        d.apply_action(d.parse_action("name AH"))
    act(d, "name AC", "give 5C")
    act(d, "skip")  # the King gives up the exchange with the Noble
    assert d.current_player == 1 and d.observe(1).partner == 3
    act(d, "skip", "skip")  # the Noble with the Slave and the Commoner
    assert d.current_player == 2 and d.observe(2).partner == 3
    act(d, "skip")  # the Commoner with the Slave
    assert d.phase is Phase.PLAY and d.current_player == 0
    assert text(d, 0) == "6D 7D AC 2S"
    assert text(d, 3) == "3D 3C 3H 4D"
    assert text(d, 2) == "5C JD QD KD"
    assert all(h.bit_count() == 4 for h in d.hands)  # hand sizes never change


def test_s12_2_naming_limits() -> None:
    d = _class_deal()
    with pytest.raises(IllegalActionError, match="holds"):
        d.apply_action(d.parse_action("name 6D"))  # a card the King holds
    with pytest.raises(IllegalActionError):
        d.apply_action(d.parse_action("give 4D"))  # nothing received yet
    assert Choice("skip") in d.legal_actions()
    names = [c for c in d.legal_actions() if c.name == "name"]
    assert len(names) == 52 - 4


def test_s12_2_demand_the_king_takes_from_everyone_then_gives_back() -> None:
    d = _class_deal("demand")
    act(d, "name 2S")  # from the Slave
    assert d.current_player == 0 and d.observe(0).partner == 2
    act(d, "name AC")  # from the Commoner
    act(d, "name AH")  # from the Noble
    # only now does the King give back one card to each, lowest first
    assert d.observe(0).partner == 3 and text(d, 0) == "4D 5C 6D 7D AC AH 2S"
    act(d, "give 4D")
    assert d.observe(0).partner == 2
    act(d, "give 5C")
    assert d.observe(0).partner == 1
    act(d, "give 6D")
    assert d.current_player == 1  # the Noble's demands
    act(d, "name 3D")  # held by the Slave
    act(d, "skip")  # nothing from the Commoner
    act(d, "give 8D")  # back to the Slave only
    assert d.current_player == 2
    act(d, "name 9S")  # not held by the Slave
    act(d, "skip")
    assert d.phase is Phase.PLAY
    assert [h.bit_count() for h in d.hands] == [4, 4, 4, 4]
    assert text(d, 0) == "7D AC AH 2S"
    assert text(d, 3) == "3C 3H 4D 8D"


def test_s12_2_protected_cards_are_neither_named_nor_given() -> None:
    d = _class_deal(class_protect_cards="true")
    prot = protected_cards(d.rules)
    assert prot == parse_mask("3D 2D 2C 2H 2S")
    names = {c.cards for c in d.legal_actions() if c.name == "name"}
    assert not any(m & prot for m in names)
    with pytest.raises(IllegalActionError, match="class_protect_cards"):
        d.apply_action(d.parse_action("name 2S"))
    taiwan = rules("taiwan", series="class_struggle", class_protect_cards="true")
    assert protected_cards(taiwan) == parse_mask("3C 2D 2C 2H 2S")
    # a King holding a 2 may not give it back
    r = rules(series="class_struggle", class_protect_cards="true")
    d = BigTwoDeal.from_hands(
        r,
        hands("2D 5C 6D 7D", "AH 8D 9D TD", "AC JD QD KD", "4S 3D 3C 3H"),
        first_deal=False,
        leader=0,
        ranking=TITLES,
    )
    act(d, "name 4S")
    gives = {c.cards for c in d.legal_actions()}
    assert parse_mask("2D") not in gives and parse_mask("4S") in gives


def test_s12_2_king_demotion_example() -> None:
    r = rules(series="class_struggle", class_king_demotion="true")
    a, b, c, dd = 0, 1, 2, 3
    # King A finishes 2nd behind B, then C, D -> B King, C Noble, D Commoner, A Slave
    assert next_titles(r, (a, b, c, dd), (b, a, c, dd)) == (b, c, dd, a)
    assert next_titles(r, (a, b, c, dd), (a, c, b, dd)) == (a, c, b, dd)  # King stays 1st
    off = rules(series="class_struggle")
    assert next_titles(off, (a, b, c, dd), (b, a, c, dd)) == (b, a, c, dd)
    assert next_titles(r, None, (b, a, c, dd)) == (b, a, c, dd)  # no King yet


def test_s12_2_three_and_two_players() -> None:
    for n in (2, 3):
        r = rules(series="class_struggle", players=str(n))
        d = new_deal(r, 5, dealer=0, first_deal=False, leader=0, ranking=list(range(n)))
        pairs = []
        while d.phase is Phase.CLASS_EXCHANGE:
            pairs.append((d.current_player, d.observe(d.current_player or 0).partner))
            d.apply_action(Choice("skip"))
        expected = [(0, 2), (0, 1), (1, 2)] if n == 3 else [(0, 1)]
        assert pairs == expected


# ----- §12.3 tribute ------------------------------------------------------------------------

RANKS = (0, 1, 2, 3)  # seat 0 1st ... seat 3 4th


def _tribute(method: str, *hand_texts: str, **over: str) -> BigTwoDeal:
    r = rules(series="tribute", tribute_method=method, **over)
    return BigTwoDeal.from_hands(r, hands(*hand_texts), first_deal=False, leader=0, ranking=RANKS)


def test_s12_3_one_card_example() -> None:
    d = _tribute("one_card", "3H 6C 7C 8C", "9D 9C TD TC", "JD JC QD QC", "2D AS 4C 5C")
    # the tribute is automatic: the 4th's highest card, 2D, went to the 1st
    assert d.phase is Phase.TRIBUTE and d.current_player == 0
    assert text(d, 0) == "3H 6C 7C 8C 2D" and text(d, 3) == "4C 5C AS"
    tribute = d.history[0]
    assert tribute.auto and tribute.action == Choice("tribute", parse_mask("2D"))
    act(d, "give 3H")  # the 1st returns any card
    assert d.phase is Phase.PLAY
    assert text(d, 0) == "6C 7C 8C 2D" and text(d, 3) == "3H 4C 5C AS"
    # the 4th leads, with no card requirement
    assert d.current_player == 3 and d.must_contain == 0
    assert len(d.legal_actions()) == len(d.combos_of(3))


def test_s12_3_two_cards() -> None:
    d = _tribute("two_cards", "3H 6C 7C 8C", "9D 9C TD TC", "JD JC QD 3S", "2D AS 4C 5C")
    assert text(d, 0) == "3H 6C 7C 8C AS 2D" and text(d, 1) == "9D 9C TD TC QD"
    assert d.current_player == 0
    gives = d.legal_actions()
    assert all(c.cards.bit_count() == 2 for c in gives) and len(gives) == 15
    act(d, "give 3H 6C")
    assert d.current_player == 1
    act(d, "give 9D")
    assert d.phase is Phase.PLAY and d.current_player == 3 and d.must_contain == 0
    assert [h.bit_count() for h in d.hands] == [4, 4, 4, 4]
    assert text(d, 3) == "3H 4C 5C 6C" and text(d, 2) == "3S 9D JD JC"


def test_s12_3_draw_three() -> None:
    r = rules(series="tribute", tribute_method="draw_three")
    d = new_deal(r, 11, dealer=0, first_deal=False, leader=0, ranking=RANKS)
    assert d.phase is Phase.TRIBUTE and d.current_player == 0
    assert [h.bit_count() for h in d.hands] == [16, 13, 13, 10]
    keep = d.legal_actions()[-1]
    assert keep.name == "keep" and keep.cards.bit_count() == 3 and len(d.legal_actions()) == 560
    before = d.hands[0]
    d.apply_action(keep)
    drawn = d.history[-1]
    assert drawn.auto and drawn.seat == 1 and drawn.action.name == "draw"
    assert (
        drawn.action.cards & keep.cards == 0 and drawn.action.cards & before == drawn.action.cards
    )
    assert [h.bit_count() for h in d.hands] == [13, 16, 13, 10]
    assert d.current_player == 1 and len(d.legal_actions()) == 120  # keeps 2 of 16
    d.apply_action(d.legal_actions()[0])
    assert [h.bit_count() for h in d.hands] == [13, 13, 16, 10]
    assert len(d.legal_actions()) == 16  # the 3rd keeps 1
    d.apply_action(d.legal_actions()[0])
    assert [h.bit_count() for h in d.hands] == [13, 13, 13, 13]
    # the holder of the starting card leads, with it
    assert d.phase is Phase.PLAY and d.current_player == d.starting_player
    assert d.hands[d.starting_player] & 1 and d.must_contain == 1
    # the random draws come from the deal's seed: the same record gives the same deal
    again = replay(json.loads(json.dumps(to_record(d))))
    assert again.hands == d.hands


def test_s12_3_draw_three_with_a_small_hand_size() -> None:
    r = rules(series="tribute", tribute_method="draw_three", hand_size="3")
    d = new_deal(r, 2, dealer=0, first_deal=False, leader=0, ranking=RANKS)
    while d.phase is Phase.TRIBUTE:
        d.apply_action(d.legal_actions()[0])
    assert [h.bit_count() for h in d.hands] == [3, 3, 3, 3]


def test_s12_3_choose_hands() -> None:
    r = rules(series="tribute")
    d = new_deal(r, 4, dealer=2, first_deal=False, leader=1, ranking=(1, 3, 0, 2))
    dealt = d.dealt_hands
    assert d.phase is Phase.CHOOSE_HANDS and d.current_player == 1
    # hand k is what the deal gives to seat (dealer + 1 + k) mod 4
    assert d.piles == [dealt[3], dealt[0], dealt[1], dealt[2]]
    assert d.observe(3).piles == (0, 1, 2, 3) and d.observe(3).hand == 0
    act(d, "hand 2")
    assert d.current_player == 3 and d.legal_actions() == [
        Choice("hand", 0, 0),
        Choice("hand", 0, 1),
        Choice("hand", 0, 3),
    ]
    with pytest.raises(IllegalActionError):
        d.apply_action(Choice("hand", 0, 2))
    act(d, "hand 0", "hand 3")
    # the 4th takes the last hand; then play, led by the previous winner (first_lead)
    assert d.phase is Phase.PLAY and d.current_player == 1 and d.must_contain == 0
    assert d.hands == [dealt[2], dealt[1], dealt[0], dealt[3]]
    assert d.history[-1].auto and d.history[-1].seat == 2


def test_s12_3_first_deal_is_normal() -> None:
    r = rules(series="tribute", tribute_method="one_card")
    d = new_deal(r, 4, first_deal=True, ranking=RANKS)
    assert d.phase is Phase.PLAY and d.ranking is None
    assert d.must_contain == 1 << d.starting_card


# ----- §12.4 seed 002's exchange -------------------------------------------------------------


def test_s12_4_everyone_gives_one_to_three_cards_in_order_from_the_dealers_next() -> None:
    r = rules(pre_exchange="true")
    d = new_deal(r, 9, dealer=1)
    order = []
    counts = {2: 1, 3: 3, 0: 2, 1: 1}
    gave = {}
    while d.phase is Phase.PRE_EXCHANGE:
        seat = d.current_player
        assert seat is not None
        order.append(seat)
        legal = d.legal_actions()
        assert len(legal) == 13 + 78 + 286
        pick = next(c for c in legal if c.cards.bit_count() == counts[seat])
        gave[seat] = pick.cards
        before = [len(d.observe(s).history) for s in range(4)]
        d.apply_action(pick)
        assert all_cards(d) == FULL
        # only the count is public
        for other in range(4):
            ev = d.observe(other).history[before[other]]
            assert ev.seat == seat
            if other == seat:
                assert ev.action == pick
            else:
                assert ev.action == Hidden("give", counts[seat])
    assert order == [2, 3, 0, 1]
    assert d.phase is Phase.PLAY and [h.bit_count() for h in d.hands] == [13] * 4
    received = {ev.seat: ev.action.cards for ev in d.history if ev.action.name == "receive"}
    assert {s: m.bit_count() for s, m in received.items()} == counts
    pile = 0
    for m in gave.values():
        pile |= m
    assert sum(received.values()) == pile  # the same cards, handed out again
    for seat in range(4):
        seen = [
            ev
            for ev in d.observe(seat).history
            if isinstance(ev.action, Choice) and ev.action.name == "receive"
        ]
        assert [ev.seat for ev in seen] == [seat]  # nobody learns what others got
    # deterministic from the seed
    again = replay(json.loads(json.dumps(to_record(d))))
    assert again.hands == d.hands


def test_s12_4_never_more_cards_than_held() -> None:
    r = rules(pre_exchange="true", hand_size="2")
    d = new_deal(r, 1, dealer=0)
    assert {c.cards.bit_count() for c in d.legal_actions()} == {1, 2}


# ----- §13 what each seat sees ------------------------------------------------------------------

PRIVATE = {"give", "name", "not_held", "tribute", "draw", "keep", "receive"}
"""Decision names whose cards only the parties see (keep: with cards)."""

EXCHANGE_RULES = [
    {"series": "class_struggle", "pre_exchange": "true"},
    {
        "series": "class_struggle",
        "class_exchange": "demand",
        "class_protect_cards": "true",
        "class_king_demotion": "true",
    },
    {"series": "class_struggle", "players": "3", "leftover_rule": "malaysian"},
    {"series": "tribute", "tribute_method": "one_card"},
    {"series": "tribute", "tribute_method": "two_cards", "pre_exchange": "true"},
    {"series": "tribute", "tribute_method": "draw_three"},
    {"series": "tribute", "tribute_method": "choose_hands", "redeal_max_points": "4"},
]


def _parties(ev: Event) -> int:
    return (1 << ev.seat) | ((1 << ev.to) if ev.to >= 0 else 0)


def _check_secrecy(deal: BigTwoDeal) -> None:
    if deal.is_terminal():
        return
    truth = deal.history
    for seat in range(deal.players):
        obs = deal.observe(seat)
        assert obs.hand == deal.hands[seat]
        bit = 1 << seat
        # the ground truth: a private card-carrying event is visible to its parties only
        for ev in truth:
            act = ev.action
            if isinstance(act, Choice) and act.cards and act.name in PRIVATE:
                assert ev.visible == _parties(ev), ev
        others = 0
        for s in range(deal.players):
            if s != seat:
                others |= deal.hands[s]
        known = 0  # cards of other hands this seat has legitimately seen
        expected = []
        for ev in truth:
            act = ev.action
            private = isinstance(act, Choice) and act.cards and act.name in PRIVATE
            if not private or ev.visible & bit:
                expected.append(ev)
                if _parties(ev) & bit and isinstance(act, Choice):
                    known |= act.cards
            elif ev.shown & bit:
                expected.append(ev._replace(action=Hidden(act.name, act.cards.bit_count())))
        assert list(obs.history) == expected
        shown = obs.exposed | obs.leftover_shown
        for ev in obs.history:
            act = ev.action
            if isinstance(act, Hidden):
                continue
            shown |= getattr(act, "cards", 0) | getattr(act, "mask", 0)
        leak = shown & others & ~known & ~obs.leftover_shown
        assert leak == 0, f"seat {seat} sees {deal.cards_text(leak)} of other hands"
        if not (deal.current_player == seat):
            assert obs.partner is None


@pytest.mark.parametrize(
    "over", EXCHANGE_RULES, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items())
)
def test_s13_observations_never_show_private_exchange_cards(over: dict[str, str]) -> None:
    r = resolve("standard", over)
    for seed in range(6):
        rng = random.Random(seed)
        match = Match(r, seed, deals=4)
        while not match.is_over():
            deal = match.next_deal()
            while not deal.is_terminal():
                _check_secrecy(deal)
                deal.apply_action(rng.choice(deal.legal_actions()))
        assert match.counted == 4


def test_s13_class_exchange_example_visibility() -> None:
    d = act(_class_deal(), "name 2S", "give 4D", "name AH", "name AC", "give 5C")
    noble = [(ev.seat, ev.to, ev.action) for ev in d.observe(1).history]
    assert noble == [(0, 3, Hidden("give", 1)), (0, 2, Hidden("give", 1))]
    slave = [(ev.seat, d.action_text(ev.action)) for ev in d.observe(3).history]
    assert slave == [(0, "name 2S"), (3, "give 2S"), (0, "give 4D"), (0, "give (1 card)")]
    commoner = [d.action_text(ev.action) for ev in d.observe(2).history]
    assert commoner == ["give (1 card)", "name AH", "not_held AH", "name AC", "give AC", "give 5C"]
    king = [d.action_text(ev.action) for ev in d.observe(0).history]
    assert king == [
        "name 2S",
        "give 2S",
        "give 4D",
        "name AH",
        "not_held AH",
        "name AC",
        "give AC",
        "give 5C",
    ]


def test_s13_tribute_visibility() -> None:
    d = _tribute("one_card", "3H 6C 7C 8C", "9D 9C TD TC", "JD JC QD QC", "2D AS 4C 5C")
    assert d.observe(1).history[0].action == Hidden("tribute", 1)
    assert d.observe(0).history[0].action == Choice("tribute", parse_mask("2D"))
    assert d.observe(3).history[0].action == Choice("tribute", parse_mask("2D"))
    act(d, "give 3H")
    assert d.observe(2).history[-1].action == Hidden("give", 1)
    assert d.observe(3).history[-1].action == Choice("give", parse_mask("3H"))


# ----- records and bots through the phases ------------------------------------------------------


@pytest.mark.parametrize(
    "over", EXCHANGE_RULES, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items())
)
@pytest.mark.parametrize("bot", [RandomBot, GreedyBot])
def test_bots_play_every_phase_and_records_replay(over: dict[str, str], bot: Any) -> None:
    r = resolve("standard", over)
    for seed in range(4):
        d = new_deal(
            r,
            seed,
            dealer=seed % r.players,
            first_deal=False,
            leader=0,
            ranking=[(seed + k) % r.players for k in range(r.players)],
        )
        bots = [bot(seed * 7 + s) for s in range(r.players)]
        while not d.is_terminal():
            seat = d.current_player
            assert seat is not None
            legal = d.legal_actions()
            choice = bots[seat].act(d.observe(seat), legal)
            assert choice in legal
            if d.phase is not Phase.PLAY:  # every decision's text form reads back
                for a in legal:
                    assert d.parse_action(d.action_text(a)) == a
            d.apply_action(choice)
        rec = json.loads(json.dumps(to_record(d)))
        assert all(
            not item["action"].startswith(("tribute", "draw", "receive", "not_held"))
            for item in rec["actions"]
        )  # automatic steps are not in the record
        assert replay(rec).outcome == d.outcome


def test_greedy_bot_decisions() -> None:
    g = GreedyBot(0)
    d = _redeal_deal()
    assert g.act(d.observe(1), d.legal_actions()) == Choice("keep")
    d = _class_deal()
    assert g.act(d.observe(0), d.legal_actions()) == Choice("name", parse_mask("2S"))
    act(d, "name 2S")
    assert g.act(d.observe(0), d.legal_actions()) == Choice("give", parse_mask("4D"))
    r = rules(pre_exchange="true")
    d = new_deal(r, 3, dealer=3)
    lowest = min(cards_of(d.hands[0]))
    assert g.act(d.observe(0), d.legal_actions()) == Choice("give", 1 << lowest)
