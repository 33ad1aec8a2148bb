"""Big Two at every table size: seeded random matches per size class play to the
end and replay from their records with identical states and scores.

The size classes are 2, 3 and 4 seats, 5-8, 9-13, 14-26 and 27-52 seats with one
pack, and 5-8 seats with two packs (without class struggle: the exchanges with
two packs are tests/core/test_bigtwo_packs_series.py's). Each class plays with the default rules, with
``leftover_rule=round_robin`` and with a few option mixes (the taiwan preset,
``ding_da=penalty``, ``play_until=last_remaining``, ``series=class_struggle``),
as matches of five deals so the deal-to-deal setup (dealer, leader, titles) is
exercised too.

At every step of every deal the test checks, from the rules and the public
state only:

* the cards of the hands, the played piles and the set-aside, exposed and
  leftover cards make up the pack(s) exactly;
* turn order in the play phase: after a play or a pass the next seat still
  holding cards (and, under a pass lock-out, not passed) acts; when a trick
  closes, its winner leads, or the next seat holding cards when it went out;
* when a deal is over, its scores are the settlement of its penalties
  (``settlement``) and sum to zero under the zero-sum settlements; the match's
  running totals are the sums of the deal scores.

The default run plays 50 deals per class (the mixes in turn; class struggle only
below 14 seats; 25 deals with two packs) in a few seconds; ``-m slow`` plays
10,000 per class with the default rules, 2,000 with ``round_robin`` and 500 per
class with each of the other mixes (250 of class struggle at 14 seats or more).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from chupai.actions import PASS
from chupai.bigtwo.game import BigTwoDeal, new_deal
from chupai.bigtwo.match import Match, replay_match
from chupai.bigtwo.record import replay, to_record
from chupai.bigtwo.rules import BigTwoRules, LeftoverRule, Settlement, resolve
from chupai.bigtwo.scoring import settle
from chupai.bigtwo.values import Phase

CLASSES: dict[str, tuple[tuple[int, ...], int]] = {
    "2": ((2,), 1),
    "3": ((3,), 1),
    "4": ((4,), 1),
    "5-8": (tuple(range(5, 9)), 1),
    "9-13": (tuple(range(9, 14)), 1),
    "14-26": (tuple(range(14, 27)), 1),
    "27-52": (tuple(range(27, 53)), 1),
    "5-8x2": (tuple(range(5, 9)), 2),
}
"""Size class -> (the seat counts it covers, packs)."""

MIXES: dict[str, tuple[str, dict[str, str]]] = {
    "default": ("standard", {}),
    "round_robin": ("standard", {"leftover_rule": "round_robin"}),
    "taiwan": ("taiwan", {}),
    "ding_da": ("standard", {"ding_da": "penalty"}),
    "last_remaining": ("standard", {"play_until": "last_remaining"}),
    "class_struggle": ("standard", {"series": "class_struggle"}),
}
"""Option mix -> (preset, overrides)."""

DEALS_PER_MATCH = 5
ONE_PACK = (1 << 52) - 1
SLOW_DEALS = {"default": 10_000, "round_robin": 2_000}
SLOW_OTHER = 500
MANY_SEATS = frozenset({"14-26", "27-52"})
"""Classes where a random class-struggle exchange takes thousands of actions a
deal (a random King names cards the Slave, holding one or two, rarely has): the
default run leaves that mix out there and the slow run plays 250 deals of it."""


def rules_for(mix: str, players: int, packs: int) -> BigTwoRules:
    preset, overrides = MIXES[mix]
    text = {**overrides, "players": str(players)}
    if packs != 1:
        text["packs"] = str(packs)
    return resolve(preset, text)


# ---------------------------------------------------------------------------
# Invariants
# ---------------------------------------------------------------------------


def check_cards(deal: BigTwoDeal) -> None:
    """Hands, played piles, set-aside, exposed and leftover cards are the packs:
    each card ``rules.packs`` times in all (a set holds a second copy of card ``c``
    at bit ``52 + c`` only beside the first)."""
    parts = [*deal.hands, *deal.played, deal.set_aside, deal.exposed, deal.leftover]
    once = twice = 0  # the cards counted once so far, and twice
    for part in parts:
        first, second = part & ONE_PACK, part >> 52
        assert second & ~first == 0, "a second copy without the first"
        for layer in (first, second):
            assert twice & layer == 0, "a card more often than the packs hold it"
            twice |= once & layer
            once ^= layer
    packs = deal.rules.packs
    assert (once, twice) == ((ONE_PACK, 0) if packs == 1 else (0, ONE_PACK)), "cards missing"


def check_deal_sizes(deal: BigTwoDeal) -> None:
    """The dealt hands have the sizes the rules give: under ``round_robin`` the
    first ``deck % n`` seats after the dealer hold one card more."""
    r = deal.rules
    sizes = [h.bit_count() for h in deal.dealt_hands]
    n, per = r.players, r.cards_per_hand
    if r.leftover_rule is LeftoverRule.ROUND_ROBIN and r.hand_size == "all":
        extra = r.deck_size % n
        assert r.extra_cards == extra
        long_seats = {(deal.dealer + k) % n for k in range(1, extra + 1)}
        assert sizes == [per + (s in long_seats) for s in range(n)]
        assert deal.leftover == 0 and deal.set_aside == 0
    else:
        assert sizes == [per] * n
        assert sum(sizes) + r.leftover_count == r.deck_size


def _next_holding(mask: int, seat: int, n: int) -> int:
    for k in range(1, n + 1):
        s = (seat + k) % n
        if mask >> s & 1:
            return s
    raise AssertionError("no seat holds cards")


def check_turn(deal: BigTwoDeal, actor: int, action: Any, top_player: int | None) -> None:
    """After ``actor``'s play or pass (in the play phase, deal not over), the
    right seat is to act."""
    n = deal.players
    holding = sum(1 << s for s in range(n) if deal.hands[s])
    if deal.top is not None:
        may = holding & ~deal.passed if deal.rules.pass_lockout else holding
        want = _next_holding(may, actor, n)
    else:  # the trick closed: its winner leads, or the next seat holding cards
        winner = actor if action is not PASS else top_player
        assert winner is not None
        want = winner if holding >> winner & 1 else _next_holding(holding, winner, n)
    assert deal.current_player == want, (actor, deal.current_player, want)


def check_outcome(deal: BigTwoDeal) -> None:
    """The deal scores are the settlement of the penalties."""
    out, r = deal.outcome, deal.rules
    assert out is not None
    assert len(out.scores) == len(out.penalties) == deal.players
    if out.redeal:
        assert set(out.scores) == {0}
        return
    assert out.winner is not None and out.penalties[out.winner] == 0
    assert list(out.scores) == settle(r, out.winner, out.penalties)
    if r.settlement in (Settlement.PAIRWISE, Settlement.WINNER_TAKES_ALL):
        assert sum(out.scores) == 0
    assert sorted(out.ranking) == list(range(deal.players))
    assert out.ranking[0] == out.winner
    if r.play_until.value == "last_remaining" and out.instant_win is None:
        assert len(out.finishing_order) == deal.players


def play_deal(deal: BigTwoDeal, rng: random.Random) -> None:
    """Play ``deal`` to its end with random legal actions, checking every step."""
    check_deal_sizes(deal)
    check_cards(deal)
    for _ in range(20_000):
        if deal.is_terminal():
            check_outcome(deal)
            return
        actor = deal.current_player
        assert actor is not None
        in_play = deal.phase is Phase.PLAY
        top_player = deal.top_player
        action = rng.choice(deal.legal_actions())
        deal.apply_action(action)
        check_cards(deal)
        if in_play and deal.phase is Phase.PLAY and not deal.is_terminal():
            check_turn(deal, actor, action, top_player)
    raise AssertionError("the deal did not end")


def state_of(deal: BigTwoDeal) -> tuple[object, ...]:
    return (
        deal.dealer,
        tuple(deal.dealt_hands),
        tuple(deal.hands),
        tuple(deal.played),
        deal.set_aside,
        deal.exposed,
        deal.leftover,
        tuple(deal.history),
        deal.outcome,
    )


def play_matches(cls: str, mixes: Sequence[str], matches: int, salt: int) -> int:
    """Play ``matches`` seeded matches of class ``cls`` (the ``mixes`` in turn, the
    class's seat counts spread) and replay each; returns the deals played."""
    sizes, packs = CLASSES[cls]
    played = 0
    for i in range(matches):
        seed = salt * 1_000_003 + i
        players = sizes[(i * 7) % len(sizes)]
        rules = rules_for(mixes[i % len(mixes)], players, packs)
        rng = random.Random(seed)
        m = Match(rules, seed, deals=DEALS_PER_MATCH)
        while not m.is_over():
            play_deal(m.next_deal(), rng)
        assert m.totals == [sum(col) for col in zip(*(d.outcome.scores for d in m.deals))]  # type: ignore[union-attr]
        again = replay_match(json.loads(json.dumps(m.to_record())))
        assert again.totals == m.totals
        assert [state_of(d) for d in again.deals] == [state_of(d) for d in m.deals]
        for d in m.deals:
            alone = replay(json.loads(json.dumps(to_record(d))))
            assert state_of(alone) == state_of(d)
        played += len(m.deals)
    return played


def _mixes(cls: str) -> list[str]:
    """The mixes the default run plays for ``cls``."""
    return [
        m for m in MIXES if _played(cls, m) and (m != "class_struggle" or cls not in MANY_SEATS)
    ]


def _played(cls: str, mix: str) -> bool:
    """Whether this file plays ``mix`` for ``cls``: not the exchanges between deals
    with two packs (tests/core/test_bigtwo_packs_series.py plays them)."""
    return not (CLASSES[cls][1] == 2 and mix == "class_struggle")


def _pairs(mixes: Sequence[str]) -> list[tuple[str, str]]:
    """Every (class, mix) the engine plays."""
    return [(c, m) for c in CLASSES for m in mixes if _played(c, m)]


# ---------------------------------------------------------------------------
# Tests
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("cls", list(CLASSES))
def test_fifty_deals_per_class_replay(cls: str) -> None:
    """50 deals per class: ten matches of five deals, the mixes in turn (25 deals
    with two packs, whose pure engine is slower)."""
    matches = 5 if CLASSES[cls][1] == 2 else 10
    assert play_matches(cls, _mixes(cls), matches, salt=1) == DEALS_PER_MATCH * matches


@pytest.mark.parametrize(("cls", "mix"), _pairs(["default", "round_robin"]))
def test_leftover_rules_at_every_size(cls: str, mix: str) -> None:
    """Every seat count of the class is accepted and deals with the leftover
    rule's hand sizes (one deal each, no play)."""
    sizes, packs = CLASSES[cls]
    for players in sizes:
        deal = new_deal(rules_for(mix, players, packs), players)
        check_deal_sizes(deal)
        check_cards(deal)


@pytest.mark.slow
@pytest.mark.parametrize(("cls", "mix"), _pairs(list(MIXES)))
def test_many_deals_per_class_replay(cls: str, mix: str) -> None:
    """10,000 deals per class with the default rules, 2,000 with ``round_robin``
    and 500 with each other mix (250 of class struggle at 14 seats or more): the
    issue's 10,000 per class within CI's time."""
    deals = SLOW_DEALS.get(mix, SLOW_OTHER)
    if mix == "class_struggle" and cls in MANY_SEATS:
        deals = 250
    salt = 100 + list(MIXES).index(mix)
    assert play_matches(cls, [mix], deals // DEALS_PER_MATCH, salt) == deals


def test_turn_check_rejects_a_wrong_seat() -> None:
    """The turn-order check is not vacuous: a deal whose seat to act is moved on
    fails it."""
    rules = rules_for("default", 6, 1)
    m = Match(rules, 5, deals=1)
    deal = m.next_deal()
    rng = random.Random(5)
    while deal.phase is not Phase.PLAY or deal.top is None:
        deal.apply_action(rng.choice(deal.legal_actions()))
    actor = deal.current_player
    assert actor is not None
    deal.to_act = (actor + 1) % deal.players
    with pytest.raises(AssertionError):
        check_turn(deal, (actor - 1) % deal.players, None, None)


def test_card_check_rejects_a_lost_card() -> None:
    deal = Match(rules_for("default", 9, 1), 3, deals=1).next_deal()
    check_cards(deal)
    seat = next(s for s, h in enumerate(deal.hands) if h)
    deal.hands[seat] &= deal.hands[seat] - 1
    with pytest.raises(AssertionError):
        check_cards(deal)
