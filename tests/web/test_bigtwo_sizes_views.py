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

import importlib.util
import random
from collections.abc import Iterator

import pytest

from chupai.bigtwo.game import BigTwoDeal, new_deal
from chupai.bigtwo.rules import BigTwoRules, resolve
from chupai.bots import make_bot
from chupai.web.views import legal_entries, public_view, seat_view

GAME = "bigtwo"
TWO_PACKS = pytest.mark.skipif(
    importlib.util.find_spec("chupai.bigtwo.packs") is None,
    reason="the two-pack card model (chupai.bigtwo.packs, branch b2-packs) is not merged",
)


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


SIZES = [
    *[pytest.param(n, 1, id=f"{n}x1") for n in (2, 3, 5, 6, 7, 8)],
    *[pytest.param(n, 2, id=f"{n}x2", marks=TWO_PACKS) for n in (5, 6, 8)],
]
"""(players, packs) of the tables below."""


@pytest.mark.parametrize(("players", "packs"), SIZES)
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


@pytest.mark.parametrize(("players", "packs"), SIZES)
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


def _doubled(mask: int) -> list[int]:
    """The cards of which ``mask`` holds both copies."""
    return [c for c in range(52) if mask >> (c + 52) & 1]


@TWO_PACKS
def test_two_packs_a_second_copy_is_a_card_of_its_own() -> None:
    """Six seats, two packs: the hand lists an identical card twice, every legal
    entry reads back as its action (its cards as many times as it holds them),
    and a play of two identical cards shows both, at its seat and on top."""
    rules = _rules(6, 2)
    seen_pair = False
    for seed in range(40):
        deal = new_deal(rules, seed)
        for d in _steps(deal, seed):
            if d.is_terminal():
                break
            seat = d.current_player
            obs = d.observe(seat)
            hand = seat_view(GAME, obs)["private"]["hand"]
            assert len(hand) == d.hands[seat].bit_count()
            assert len(set(hand)) == len(hand) - len(_doubled(d.hands[seat]))
            legal = d.legal_actions()
            entries = legal_entries(GAME, obs, legal)
            for e, a in zip(entries, legal, strict=True):
                assert d.parse_action(e["text"]) == a, e
                if e["kind"] == "play":
                    assert len(e["cards"]) == a.mask.bit_count()
                    assert sorted(e["cards"]) == sorted(e["text"].split()[: len(e["cards"])])
            pairs = [a for a in legal if getattr(a, "mask", 0) and _doubled(a.mask)]
            if pairs and not seen_pair:
                play = pairs[0]
                d.apply_action(play)
                pub = public_view(GAME, d.observe(0))["public"]
                shown = pub["last"][seat]["cards"]
                assert len(shown) == play.mask.bit_count() and len(set(shown)) < len(shown)
                assert pub["top"]["cards"] == shown
                seen_pair = True
                break
        if seen_pair:
            break
    assert seen_pair
