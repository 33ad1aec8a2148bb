"""Tribute and return (§10): who gives what to whom, the return, the
``joker_candidates`` offers, the first lead after a tribute, and what is public."""

from __future__ import annotations

import pytest
from dgl_helpers import SHANGHAI, deal_of, script, variant

from chupai.daguailuzi.cards import parse_cards
from chupai.daguailuzi.game import Gift, GiftKind, Phase
from chupai.errors import IllegalActionError

# §10 example: after §9.3 example 1 (finishing 2, 5, 0, 4; seats 1 and 3 trapped),
# team A is at level 3 (index 1) and the offense; seat 1 holds an RJ, seat 3 no
# joker and several 3s (the trumps).
HANDS = ["5H 7S", "RJ 8S 4S", "4D 9S", "3C 3H AS KD", "6S", "6H"]
SETUP = dict(levels=(1, 0), givers=(1, 3), recipients=(2, 0, 4))


def tribute_deal(**overrides: object):  # type: ignore[no-untyped-def]
    rules = variant("shanghai", **overrides) if overrides else SHANGHAI
    return deal_of(rules, HANDS, 2, **SETUP)


def cards(text: str) -> int:
    return parse_cards(text)


def test_givers_give_in_tie_order_and_only_their_highest_rank() -> None:
    deal = tribute_deal()
    assert deal.phase is Phase.TRIBUTE and deal.level == 1
    assert deal.givers == (3, 1)  # turn order from the seat after the first out (2)
    assert deal.to_act == 3
    assert set(deal.legal_actions()) == {
        Gift(GiftKind.TRIBUTE, cards("3H")),
        Gift(GiftKind.TRIBUTE, cards("3C")),
    }
    reason = deal.why_illegal(deal.parse_action("tribute AS"))
    assert reason is not None and "highest rank" in reason and "3C" in reason
    assert "do not hold" in (deal.why_illegal(deal.parse_action("tribute 3D")) or "")
    assert "exactly one" in (deal.why_illegal(deal.parse_action("tribute 3C 3H")) or "")
    script(deal, ["tribute 3C"])
    assert deal.to_act == 1
    assert deal.legal_actions() == [Gift(GiftKind.TRIBUTE, cards("RJ"))]
    # a tribute card stays with its giver until every giver has chosen
    assert deal.hands[3] == cards("3C 3H AS KD")


def test_the_worked_example_of_section_10() -> None:
    deal = script(tribute_deal(), ["tribute 3C", "RJ"])
    # RJ (seat 1) is the highest tribute: to seat 2, the first out; 3C to seat 0
    assert deal.tributes == [(1, 2, cards("RJ")), (3, 0, cards("3C"))]
    assert deal.phase is Phase.RETURN and deal.to_act == 2
    assert deal.hands[2] == cards("4D 9S RJ") and deal.hands[1] == cards("8S 4S")
    assert len(deal.legal_actions()) == 3  # any card of the hand, the tribute included
    script(deal, ["return 4D"])
    assert deal.to_act == 0
    script(deal, ["5H"])
    assert deal.phase is Phase.PLAY and deal.to_act == 2 and deal.leader == 2
    assert deal.hands[1] == cards("4D 4S 8S") and deal.hands[3] == cards("3H 5H AS KD")
    assert deal.hands[0] == cards("3C 7S") and deal.returned == [
        (2, 1, cards("4D")),
        (0, 3, cards("5H")),
    ]


def test_top_tribute_leads_under_next_leader_top_tribute() -> None:
    deal = script(tribute_deal(next_leader="top_tribute"), ["tribute 3C", "tribute RJ", "4D", "5H"])
    assert deal.phase is Phase.PLAY and deal.to_act == 1


def test_joker_candidates_offer_then_take() -> None:
    hands = ["5H 7S", "RJ 8S 4S", "4D 6S 9C 9S", "3C 3H AS KD", "6D", "6H"]
    rules = variant("shanghai", return_rule="joker_candidates")
    deal = script(deal_of(rules, hands, 2, **SETUP), ["tribute 3C", "tribute RJ"])
    assert deal.to_act == 2
    offers = deal.legal_actions()
    assert all(a.kind is GiftKind.OFFER for a in offers)  # type: ignore[union-attr]
    # 3 cards of different ranks from 4D 6S 9C 9S RJ: ranks {4, 6, 9, RJ} choose 3,
    # with either 9: 1 + 2 + 2 + 2 = 7
    assert len(offers) == 7
    assert "different ranks" in (deal.why_illegal(deal.parse_action("offer 9C 9S 4D")) or "")
    assert "exactly 3" in (deal.why_illegal(deal.parse_action("offer 9C 4D")) or "")
    assert "offer" in (deal.why_illegal(deal.parse_action("return 4D")) or "")
    script(deal, ["offer 4D 6S 9C"])
    assert deal.to_act == 1 and deal.offer == cards("4D 6S 9C")
    assert set(deal.legal_actions()) == {Gift(GiftKind.TAKE, cards(t)) for t in ("4D", "6S", "9C")}
    assert "offered" in (deal.why_illegal(deal.parse_action("take 9S")) or "")
    script(deal, ["take 6S"])
    assert deal.hands[1] == cards("4S 6S 8S") and deal.to_act == 0
    # 3C is no joker: seat 0 returns directly
    assert all(a.kind is GiftKind.RETURN for a in deal.legal_actions())  # type: ignore[union-attr]
    script(deal, ["return 5H"])
    assert deal.phase is Phase.PLAY


def test_private_moves_are_hidden_from_the_other_seats() -> None:
    hands = ["5H 7S", "RJ 8S 4S", "4D 6S 9C 9S", "3C 3H AS KD", "6D", "6H"]
    rules = variant("shanghai", return_rule="joker_candidates")
    deal = deal_of(rules, hands, 2, **SETUP)
    script(deal, ["tribute 3C", "tribute RJ", "offer 4D 6S 9C"])
    for seat in range(6):
        obs = deal.observe(seat)
        assert obs.tributes == ((1, 2, cards("RJ")), (3, 0, cards("3C")))  # public
        if seat in (1, 2):
            assert obs.offer == cards("4D 6S 9C") and obs.offers
        else:
            assert obs.offer is None and obs.offers == ()
            assert obs.history[-1].action == Gift(GiftKind.OFFER, 0)
    script(deal, ["take 6S", "return 5H"])
    for seat in range(6):
        obs = deal.observe(seat)
        seen = {(r, g) for r, g, _ in obs.returned}
        assert seen == {(r, g) for r, g, _ in deal.returned if seat in (r, g)}
        hidden = [ev for ev in obs.history if isinstance(ev.action, Gift) and not ev.action.cards]
        assert len(hidden) == {0: 2, 1: 1, 2: 1, 3: 2}.get(seat, 3)


def test_gift_text_round_trips_and_refuses_bad_text() -> None:
    deal = tribute_deal()
    for action in deal.legal_actions():
        assert deal.parse_action(deal.action_text(action)) == action
    with pytest.raises(IllegalActionError, match="name the card"):
        deal.parse_action("tribute")
    assert "no tribute during play" in (
        deal_of(SHANGHAI, HANDS, 2).why_illegal(Gift(GiftKind.TRIBUTE, cards("RJ"))) or ""
    )
