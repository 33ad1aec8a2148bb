"""Matches with more than four players (docs/bigtwo.md, "Table sizes and two packs"):
the round-robin extra cards follow the dealer from deal to deal, and a King who does
not finish first is demoted under ``class_king_demotion`` at any size (the worked
example of the docs)."""

from __future__ import annotations

import random

import pytest

from chupai.bigtwo.match import Match
from chupai.bigtwo.preplay import next_titles
from chupai.bigtwo.rules import BigTwoRules, resolve
from chupai.bigtwo.values import Phase


def rules(**over: object) -> BigTwoRules:
    return resolve("standard", {k: str(v).lower() for k, v in over.items()})


def test_king_demotion_example_of_the_docs() -> None:
    """Six players: the King (seat 0) finishes second behind seat 2; seat 0 becomes
    the Slave and everyone below it moves up one place."""
    r = rules(players=6, series="class_struggle", class_king_demotion="true")
    titles = (0, 1, 2, 3, 4, 5)
    assert next_titles(r, titles, (2, 0, 1, 3, 4, 5)) == (2, 1, 3, 4, 5, 0)
    assert next_titles(r, titles, (0, 2, 1, 5, 4, 3)) == (0, 2, 1, 5, 4, 3)  # kept the crown
    off = rules(players=6, series="class_struggle")
    assert next_titles(off, titles, (2, 0, 1, 3, 4, 5)) == (2, 0, 1, 3, 4, 5)


@pytest.mark.parametrize("n", [5, 7, 11])
def test_round_robin_extra_cards_follow_the_dealer_through_a_match(n: int) -> None:
    r = rules(players=n, leftover_rule="round_robin")
    extra = 52 % n
    m = Match(r, n, deals=4)
    rng = random.Random(n)
    dealers = set()
    while not m.is_over():
        deal = m.next_deal()
        dealers.add(deal.dealer)
        firsts = {(deal.dealer + 1 + k) % n for k in range(extra)}
        sizes = [h.bit_count() for h in deal.dealt_hands]
        assert sizes == [52 // n + (s in firsts) for s in range(n)]
        while not deal.is_terminal():
            deal.apply_action(rng.choice(deal.legal_actions()))
    assert len(dealers) > 1  # the winner deals next: the extra cards moved


def test_demotion_through_a_match_of_eight() -> None:
    """Each deal's titles come from the previous deal's ranking, the King demoted to
    Slave whenever it did not finish first."""
    r = rules(players=8, series="class_struggle", class_king_demotion="true")
    m = Match(r, 5, deals=6)
    rng = random.Random(5)
    prev_titles: tuple[int, ...] | None = None
    prev_ranking: tuple[int, ...] | None = None
    demoted = 0
    while not m.is_over():
        deal = m.next_deal()
        if prev_ranking is not None:
            want = next_titles(r, prev_titles, prev_ranking)
            assert deal.ranking == want
            if prev_titles is not None and prev_ranking[0] != prev_titles[0]:
                assert want[-1] == prev_titles[0]
                demoted += 1
        while not deal.is_terminal():
            if deal.phase is Phase.CLASS_EXCHANGE:
                assert deal.ranking is not None
            deal.apply_action(rng.choice(deal.legal_actions()))
        prev_titles, prev_ranking = deal.ranking, deal.outcome.ranking
    assert demoted > 0
    assert len(m.totals) == 8 and sum(m.totals) == 0
