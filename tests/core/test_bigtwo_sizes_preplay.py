"""Instant wins and redeals with more than four players (docs/bigtwo.md, "Table
sizes and two packs", Scoring at any size): the worked examples of those bullets,
and a dragon that no hand of 5 or more players can hold."""

from __future__ import annotations

import random

import pytest

from chupai.bigtwo.game import BigTwoDeal, new_deal
from chupai.bigtwo.match import Match
from chupai.bigtwo.preplay import instant_win_kind
from chupai.bigtwo.rules import BigTwoRules, InstantWin, resolve
from chupai.bigtwo.values import Choice, Phase
from chupai.cards import parse_mask

TWOS = parse_mask("2D 2C 2H 2S")


def rules(**over: object) -> BigTwoRules:
    return resolve("standard", {k: str(v).lower() for k, v in over.items()})


def six_hands_with_four_twos_at(seat: int, seed: int) -> tuple[list[int], int]:
    """Six hands of 8 cards, ``seat`` holding the four 2s, and 4 leftover cards."""
    rest = [c for c in range(52) if not TWOS >> c & 1]
    random.Random(seed).shuffle(rest)
    hands = []
    for s in range(6):
        cards = rest[:4] if s == seat else rest[:8]
        rest = rest[len(cards) :]
        hands.append(sum(1 << c for c in cards) | (TWOS if s == seat else 0))
    return hands, sum(1 << c for c in rest)


def settle_leftover(deal: BigTwoDeal) -> None:
    while deal.phase is Phase.LEFTOVER:
        deal.apply_action(deal.legal_actions()[0])


@pytest.mark.parametrize("seed", range(3))
def test_four_twos_win_at_once_with_six_players(seed: int) -> None:
    """The docs' example: every loser pays its own count × 3, the leftover cards'
    receiver (12 cards) 36, the others 24; pairwise, the winner takes the sum (132,
    or 120 when the winner holds the leftover cards)."""
    r = rules(players=6, instant_wins="four_twos")
    hands, left = six_hands_with_four_twos_at(4, seed)
    deal = BigTwoDeal.from_hands(r, hands, leftover=left)
    settle_leftover(deal)
    assert deal.is_terminal()
    oc = deal.outcome
    assert oc.winner == 4 and oc.instant_win == "four_twos"
    counts = [h.bit_count() for h in deal.hands]
    assert sorted(counts) == [8, 8, 8, 8, 8, 12]
    assert list(oc.penalties) == [0 if s == 4 else 3 * counts[s] for s in range(6)]
    total = sum(oc.penalties)
    assert sum(counts) == 52
    # 132 when a loser received the leftover cards (12 + 4 × 8), 120 when the winner did
    assert total == 3 * (52 - counts[4]) in (132, 120)
    assert oc.scores[4] == total and sum(oc.scores) == 0


def test_no_hand_of_five_or_more_players_holds_a_dragon() -> None:
    """A dragon needs 13 cards: with 5 players the largest hand is 12 (10 and the 2
    leftover cards), 11 under round robin; the dealer never reports one."""
    wins = frozenset({InstantWin.DRAGON, InstantWin.SUITED_DRAGON})
    for over in ({"players": 5}, {"players": 5, "leftover_rule": "round_robin"}):
        r = rules(instant_wins="dragon,suited_dragon", **over)
        for seed in range(40):
            deal = new_deal(r, seed)
            settle_leftover(deal)
            assert max(h.bit_count() for h in deal.hands) <= 12
            assert all(instant_win_kind(h, wins) is None for h in deal.hands)
    every_rank = parse_mask("3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 2C")
    assert instant_win_kind(every_rank, wins) is InstantWin.DRAGON


def test_redeals_are_asked_of_every_seat_from_the_starting_player() -> None:
    """With six players and ``redeal_four_twos`` only the holder of the four 2s is
    asked; a redeal keeps the dealer and the match does not count it."""
    r = rules(players=6, redeal_four_twos="true")
    hands, left = six_hands_with_four_twos_at(3, 0)
    deal = BigTwoDeal.from_hands(r, hands, leftover=left)
    settle_leftover(deal)
    assert deal.phase is Phase.REDEAL and deal.to_act == 3
    assert deal.legal_actions() == [Choice("keep"), Choice("redeal")]
    deal.apply_action(Choice("redeal"))
    assert deal.is_terminal() and deal.outcome.redeal

    m = Match(rules(players=6, redeal_max_points="20"), 2, deals=2)
    m.play_out(
        lambda d: (
            Choice("redeal")
            if Choice("redeal") in d.legal_actions() and len(m.deals) == 1
            else d.legal_actions()[0]
        )
    )
    rows = m.table()
    assert [row.number for row in rows] == [None, 1, 2]
    assert rows[0].scores == (0,) * 6 and m.deals[1].dealer == m.deals[0].dealer
    assert all(len(row.totals) == 6 for row in rows) and sum(rows[-1].totals) == 0
