"""The Big Two heuristic's scoring-aware and lock-out-aware play (issue #16) on
constructed positions: it stops an opponent on its last card, sheds a pair rather
than pass when an opponent is low, and weighs a pass that locks it out of the
trick under ``pass_lockout``. (The positions come from played deals; the previous
heuristic led the 3 into the low opponent and passed under the lock-out; it agreed
on the others.)"""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st
from test_bots_bigtwo import STD, act, situation

from chupai.bigtwo.combos import Combo
from chupai.bigtwo.game import LastCard
from chupai.bigtwo.rules import PRESETS, resolve
from chupai.bots.bigtwo_heuristic import BigTwoHeuristicBot
from chupai.cards import format_cards

# deal 165 of seed 0 (standard): every card already played, seat 2 led a pair of 9s
GONE_165 = (
    "3D 3C 3S 4C 4H 4S 5D 5S 6D 6C 6H 6S 7C 7S 8D 8C 8S 9D 9C 9H 9S TC JD JS QD QH QS "
    "KD KH AC AH AS 2S"
)
# deal 25 of seed 0 (standard), the seat to lead
GONE_25 = "3D 3S 4D 4C 5H 5S 6D 6H 7D 7C 7S 8S 9C 9H 9S TD JD JS QH QS KH KS AD AC AH 2D 2C 2H 2S"
# deal 1 of seed 0 (taiwan): seat 1 led the king of hearts
GONE_1 = "3D 3C 3H 5S 6D 7H 8H 8S 9D JD QH QS KH AC 2C 2H 2S"


@given(low=st.integers(1, 3))
@settings(max_examples=3, deadline=None)
def test_answers_a_pair_with_its_2s_when_an_opponent_is_low(low: int) -> None:
    hand = "5H 7H 8H JH QC 2D 2H"
    kw = {"top": "9D 9C", "top_player": 2, "played": GONE_165}
    # nobody close to going out: the 2s stay for control
    assert act(hand, counts=(7, 6, 6, 7), **kw) == "pass"
    assert act(hand, counts=(7, 4, 5, 7), **kw) == "pass"
    # an opponent on 1 to 3 cards: the penalty it risks outweighs control, the pair goes
    assert act(hand, counts=(7, low, 5, 7), **kw) == "2D 2H"


@pytest.mark.parametrize("low", [1, 3])
def test_leads_a_pair_rather_than_a_single_when_an_opponent_is_low(low: int) -> None:
    hand = "3C TH TS QC"
    # nobody low: the lowest single (the previous heuristic led it in every case)
    assert act(hand, counts=(4, 8, 8, 11), played=GONE_25) == "3C"
    assert act(hand, counts=(4, 5, 4, 11), played=GONE_25) == "3C"
    # an opponent on 1 or 3 cards: the penalty risk counts four times, two cards go
    assert act(hand, counts=(4, 5, low, 11), played=GONE_25) == "TH TS"
    # on 2 cards it could answer a pair with its whole hand: the single still leads
    assert act(hand, counts=(4, 5, 2, 11), played=GONE_25) == "3C"


def test_a_pass_under_lockout_gives_up_the_trick() -> None:
    hand = "TS JH QC 2D"
    kw = {"top": "KH", "top_player": 1, "counts": (4, 10, 11, 10), "played": GONE_1}
    taiwan = PRESETS["taiwan"]
    assert taiwan.pass_lockout
    assert act(hand, rules=taiwan, **kw) == "2D"
    assert act(hand, rules=resolve("taiwan", {"pass_lockout": "false"}), **kw) == "pass"
    assert act(hand, rules=STD, **kw) == "pass"
    assert act(hand, rules=resolve("standard", {"pass_lockout": "true"}), **kw) == "2D"


def test_leads_a_group_into_an_opponent_on_one_card() -> None:
    hand = "4D 6C 9C 9S KH"
    assert act(hand, counts=(5, 6, 7, 7)) == "4D"
    assert act(hand, counts=(5, 1, 7, 7)) == "9C 9S"


CARDS = [f"{r}{s}" for r in "3456789TJQKA2" for s in "DCHS"]


@given(
    cards=st.lists(st.sampled_from(CARDS), min_size=3, max_size=12, unique=True),
    seat=st.integers(1, 3),
)
@settings(max_examples=40, deadline=None)
def test_answers_a_single_with_its_highest_when_an_opponent_holds_one(
    cards: list[str], seat: int
) -> None:
    top, hand = cards[0], cards[1:]
    counts = [len(hand), 8, 8, 8]
    counts[seat] = 1
    obs, legal = situation(" ".join(hand), top=top, top_player=seat % 3 + 1, counts=tuple(counts))
    singles = [a for a in legal if isinstance(a, Combo) and a.mask.bit_count() == 1]
    action = BigTwoHeuristicBot(0).act(obs, legal)
    play = action.play if isinstance(action, LastCard) else action
    if singles and len(hand) > 1:
        assert isinstance(play, Combo)
        assert play == max(singles, key=lambda p: p.key), format_cards(play.mask)


def test_the_docs_example_runs() -> None:
    """docs/bigtwo.md, "The heuristic: penalties and the lock-out", as written."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "bigtwo.md").read_text("utf-8")
    section = text.split("## The heuristic: penalties and the lock-out", 1)[1].split("\n## ")[0]
    test = doctest.DocTestParser().get_doctest(section, {}, "bigtwo.md", None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert test.examples and runner.failures == 0
