"""The Big A determinization sampler (``chupai.biga.sampling``): a sampled deal is
indistinguishable for the observing seat (the same observation, the draw with its
declarations and the seat's own answers included, and the same legal actions),
its hands are a split of the unseen cards, every card the seat can place is
placed, and the other cards go everywhere they can be."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from chupai.actions import PASS
from chupai.biga import sampling as bs
from chupai.biga.cards import (
    ACE,
    DECK,
    NFACES,
    SHIFTS,
    SUITED_ACE,
    UNIT,
    contains,
    normalize,
    size_of,
)
from chupai.biga.game import (
    DECLINE,
    KEEP_HIDDEN,
    REVEAL,
    SHOW_SECOND,
    STAY_HIDDEN,
    BigADeal,
    Capture,
    Declare,
    Phase,
    new_deal,
)
from chupai.biga.rules import STANDARD, BigARules, resolve
from chupai.errors import ChupaiError


def _count(cards: int, face: int) -> int:
    return (cards >> SHIFTS[face]) & 31


class _Mixed:
    """A seeded player that declares now and then (so that single and double
    declarations, cancellations, the second Ace, reveals and forced declarations
    all occur), captures often and plays or passes at random."""

    def __init__(self, seed: int, declare: float, two: float = 0.3):
        self.rng = random.Random(seed)
        self.declare = declare
        self.two = two if declare else 0.0

    def act(self, deal: BigADeal) -> object:
        legal = deal.legal_actions()
        rng = self.rng
        if deal.phase is Phase.DRAW:
            decls = [a for a in legal if isinstance(a, Declare)]
            twos = [a for a in decls if a.two]
            if twos and rng.random() < self.two:
                return rng.choice(twos)
            if decls and rng.random() < self.declare:
                return rng.choice(decls)
            return DECLINE
        if deal.phase is not Phase.PLAY:
            return rng.choice(legal)
        caps = [a for a in legal if isinstance(a, Capture)]
        if caps and rng.random() < 0.7:
            return caps[0]
        plays = [a for a in legal if a is not PASS and not isinstance(a, Capture)]
        if plays and (deal.top is None or rng.random() < 0.6):
            return (
                min(plays, key=lambda p: (p.bomb, p.key))
                if rng.random() < 0.5
                else rng.choice(plays)
            )
        return legal[-1]


def positions(
    rules: BigARules, deals: int, seed: int, declare: float, per_deal: int = 2
) -> Iterator[BigADeal]:
    """Play-phase positions of deals played by :class:`_Mixed` players."""
    rng = random.Random(seed)
    for i in range(deals):
        deal = new_deal(rules, seed * 1000 + i)
        players = [_Mixed(seed * 7 + i * 5 + s, declare) for s in range(5)]
        snaps = []
        while not deal.is_terminal():
            if deal.phase is Phase.PLAY:
                snaps.append(deal.clone())
            seat = deal.current_player
            assert seat is not None
            deal.apply_action(players[seat].act(deal))  # type: ignore[arg-type]
        yield from rng.sample(snaps, min(per_deal, len(snaps)))


def check_sample(real: BigADeal, seat: int, sample: BigADeal) -> None:
    obs = real.observe(seat)
    assert sample.observe(seat) == obs
    assert sample.phase is Phase.PLAY
    deck = normalize(DECK, real.big_suit)
    total = sum(sample.hands) + sum(sample.played) - sum(sample.captured)
    assert total == deck, "the hands and the table are not the decks"
    for s in range(5):
        assert size_of(sample.hands[s]) == obs.hand_counts[s]
    assert sample.hands[seat] == real.hands[seat]
    assert sample.declarer == real.declarer and sample.big_suit == real.big_suit
    # the stock is a real stock whose draw the engine ran
    assert sorted(sample.stock) == sorted(real.stock)
    if real.current_player == seat:
        assert sample.legal_actions() == real.legal_actions()


# ----- consistency over many positions -----------------------------------------------------


@pytest.mark.parametrize("declare", [0.0, 0.004, 0.05])
def test_samples_match_the_observation(declare: float) -> None:
    """``declare`` 0: always the forced ♥A declaration; 0.004: late declarations;
    0.05: early ones, often cancelled by two shown."""
    rng = random.Random(int(declare * 1000))
    seen = Counter()
    count = 0
    for real in positions(STANDARD, deals=14, seed=3 + int(declare * 1000), declare=declare):
        count += 1
        seen["forced"] += real.forced
        seen["two"] += real.two_shown
        seen["revealed"] += real.partner_revealed
        seen["several"] += len(real.declarations) > 1
        seen["captured"] += any(real.captured)
        for seat in range(5):
            sampler = bs.DealSampler(real.observe(seat))
            for _ in range(2):
                check_sample(real, seat, sampler.sample(rng))
    assert count >= 20
    if declare == 0.0:
        assert seen["forced"] == count
    else:
        assert seen["forced"] < count
    assert seen["captured"] > 0


def test_samples_cover_every_kind_of_draw() -> None:
    """Declarations cancelled by two shown, a declarer showing its second Ace, a
    partner revealing itself and captures all occur in these positions, and the
    samples still match."""
    rng = random.Random(5)
    kinds = Counter()
    for real in positions(STANDARD, deals=30, seed=17, declare=0.03, per_deal=1):
        hist = real.history
        kinds["cancelled"] += len(real.declarations) > 1
        kinds["show_second"] += any(e.action == SHOW_SECOND for e in hist)
        kinds["keep_hidden"] += any(e.action == KEEP_HIDDEN for e in hist)
        kinds["reveal"] += any(e.action == REVEAL for e in hist)
        kinds["stay_hidden"] += any(e.action == STAY_HIDDEN for e in hist)
        kinds["alone"] += real.alone
        for seat in range(5):
            check_sample(real, seat, bs.sample_deal(real.observe(seat), rng))
    for kind in ("cancelled", "reveal", "stay_hidden", "alone"):
        assert kinds[kind] > 0, kinds


@pytest.mark.parametrize(
    "over",
    [
        {"sequence_order": "chain_four_to_three"},
        {"rank_order": "ace_high", "big_ace_in_sets": "true"},
        {"fours_capture": "false"},
    ],
)
def test_samples_under_options(over: dict[str, str]) -> None:
    rules = resolve("standard", over)
    rng = random.Random(str(over))
    for real in positions(rules, deals=5, seed=23, declare=0.01):
        for seat in range(5):
            sample = bs.sample_deal(real.observe(seat), rng)
            check_sample(real, seat, sample)
            # the sample plays on under the engine's rules
            while not sample.is_terminal():
                sample.apply_action(sample.legal_actions()[-1])


# ----- what the seat knows -----------------------------------------------------------------


def _first_position(
    pred: object, declare: float = 0.02, seed: int = 40, deals: int = 80
) -> tuple[BigADeal, int]:
    for real in positions(STANDARD, deals=deals, seed=seed, declare=declare, per_deal=4):
        for seat in range(5):
            if pred(real, seat):  # type: ignore[operator]
                return real, seat
    pytest.fail("no such position")  # pragma: no cover


def test_captured_cards_stay_with_the_capturer() -> None:
    """A capture put a known set into a hand: the capturer still holds what it
    has not played since (here: a set it captured and never played from)."""

    def pred(real: BigADeal, seat: int) -> bool:
        return any(
            real.captured[s] and s != seat and contains(real.hands[s], real.captured[s])
            for s in range(5)
        )

    real, seat = _first_position(pred)
    obs = real.observe(seat)
    know = bs.knowledge(obs)
    rng = random.Random(1)
    for s in range(5):
        if s == seat or not real.captured[s]:
            continue
        # every face the capturer gained and never played afterwards is known
        assert contains(real.hands[s], know.known[s])
        for _ in range(20):
            assert contains(bs.sample_deal(obs, rng).hands[s], know.known[s])
    assert any(know.known[s] for s in range(5) if s != seat and real.captured[s])


def test_declarer_keeps_its_shown_big_ace_and_the_revealed_partner_its_own() -> None:
    def pred(real: BigADeal, seat: int) -> bool:
        big = SUITED_ACE + (real.big_suit or 0)
        return (
            real.partner_revealed
            and seat not in (real.declarer, real.partner)
            and _count(real.hands[real.declarer or 0], big) == 1
            and real.partner is not None
            and _count(real.hands[real.partner], big) == 1
        )

    real, seat = _first_position(pred, declare=0.02, deals=150)
    assert real.declarer is not None and real.partner is not None
    big = SUITED_ACE + (real.big_suit or 0)
    know = bs.knowledge(real.observe(seat))
    assert _count(know.known[real.declarer], big) == 1
    assert _count(know.known[real.partner], big) == 1
    rng = random.Random(2)
    for _ in range(20):
        sample = bs.sample_deal(real.observe(seat), rng)
        assert _count(sample.hands[real.declarer], big) == 1
        assert sample.partner == real.partner


def test_hidden_partner_goes_anywhere_but_the_seat() -> None:
    """A defender does not know the partner: over many samples the other Big Ace
    lands with every other non-declarer (and the declarer holds one)."""

    def pred(real: BigADeal, seat: int) -> bool:
        return (
            not real.partner_revealed
            and not real.alone
            and real.public_partner is None
            and real.partner != seat
            and seat != real.declarer
            and not real.forced
            and len(real.finishing) == 0
        )

    real, seat = _first_position(pred, declare=0.02)
    obs = real.observe(seat)
    assert obs.partner is None
    sampler = bs.DealSampler(obs)
    rng = random.Random(3)
    partners = Counter(sampler.sample(rng).partner for _ in range(300))
    others = {s for s in range(5) if s not in (seat, real.declarer)}
    assert others <= set(partners), partners
    assert seat not in partners and real.declarer not in partners


def test_forced_declaration_constraint() -> None:
    """After the forced ♥A declaration, a seat before the declarer in turn order
    from the first drawer never holds an ``AH`` among its first cards: in every
    sample such a seat holds at most one, drawn as its last card."""

    def pred(real: BigADeal, seat: int) -> bool:
        return real.forced and seat == real.declarer and (seat - real.first_drawer) % 5 >= 2

    real, seat = _first_position(pred, declare=0.0)
    before = [(real.first_drawer + i) % 5 for i in range((seat - real.first_drawer) % 5)]
    rng = random.Random(4)
    last = {s: max(k for k in range(108) if (real.first_drawer + k) % 5 == s) for s in before}
    hearts = SUITED_ACE + 2
    for _ in range(40):
        sample = bs.sample_deal(real.observe(seat), rng)
        for s in before:
            early = [
                k
                for k in range(108)
                if (real.first_drawer + k) % 5 == s and sample.stock[k] == hearts and k != last[s]
            ]
            assert not early


def test_the_seats_own_answers_are_reproduced() -> None:
    """A seat that declined many times during the draw: its declines sit in its
    observation, and every sample asks it exactly as often, in the same order."""

    def pred(real: BigADeal, seat: int) -> bool:
        return sum(1 for e in real.history if e.seat == seat and e.action == DECLINE) >= 20

    real, seat = _first_position(pred, declare=0.01)
    obs = real.observe(seat)
    rng = random.Random(5)
    mine = [e for e in obs.history if e.seat == seat and e.action == DECLINE]
    for _ in range(10):
        sample = bs.sample_deal(obs, rng)
        assert [
            e for e in sample.observe(seat).history if e.seat == seat and e.action == DECLINE
        ] == mine


def test_unseen_cards_go_to_every_possible_seat() -> None:
    """Over 400 samples every free unseen face lands in every other hand with
    room for it, about in proportion to the hands' sizes."""
    real, seat = _first_position(
        lambda r, s: (
            len(r.finishing) == 0
            and sum(size_of(p) for p in r.played) >= 15
            and s != r.declarer
            and not any(r.captured)
        ),
        declare=0.01,
    )
    obs = real.observe(seat)
    know = bs.knowledge(obs)
    free = know.unseen - sum(know.known)
    sampler = bs.DealSampler(obs)
    rng = random.Random(6)
    seen: Counter[tuple[int, int]] = Counter()
    runs = 400
    others = [s for s in range(5) if s != seat]
    for _ in range(runs):
        sample = sampler.sample(rng)
        for s in others:
            for f in range(NFACES):
                if _count(sample.hands[s], f):
                    seen[f, s] += 1
    for f in range(NFACES):
        if _count(free, f) >= 3 and f != ACE:
            for s in others:
                assert seen[f, s] > runs * 0.2, (f, s, seen[f, s])


def test_copies_are_dealt_as_physical_cards() -> None:
    """Two unseen 3s and two unseen 5s into two hands of two: a hand gets both 3s
    with the odds of a real deal (1 in 6)."""
    know = bs.Knowledge(
        unseen=2 * UNIT[0] + 2 * UNIT[2],
        capacity=(0, 2, 2, 0, 0),
        known=(0, 0, 0, 0, 0),
        big_max=(2,) * 5,
    )
    rng = random.Random(1)
    both = sum(bs.sample_hands(know, rng)[1] == 2 * UNIT[0] for _ in range(6000))
    assert 800 < both < 1200


# ----- errors and determinism --------------------------------------------------------------


def test_sampling_needs_the_play_phase() -> None:
    deal = new_deal(STANDARD, 1)
    assert deal.phase is Phase.DRAW
    with pytest.raises(ChupaiError, match="play phase"):
        bs.sample_deal(deal.observe(0), random.Random(0))


def test_samples_are_reproducible_from_the_rng() -> None:
    real = next(positions(STANDARD, deals=1, seed=9, declare=0.01, per_deal=1))
    seat = real.current_player or 0
    obs = real.observe(seat)
    a = bs.sample_deal(obs, random.Random(9))
    b = bs.sample_deal(obs, random.Random(9))
    assert a.hands == b.hands and a.stock == b.stock
    assert any(bs.sample_deal(obs, random.Random(k)).hands != a.hands for k in range(3))


def test_knowledge_counts_add_up() -> None:
    for real in positions(STANDARD, deals=6, seed=31, declare=0.02):
        for seat in range(5):
            know = bs.knowledge(real.observe(seat))
            assert size_of(know.unseen) == sum(know.capacity)
            assert know.capacity[seat] == 0 and know.known[seat] == 0
            for s in range(5):
                assert contains(real.hands[s], know.known[s]) or s == seat
                big = SUITED_ACE + (real.big_suit or 0)
                assert _count(real.hands[s], big) <= know.big_max[s]


# ----- later samples: the template with other hands ------------------------------------


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    declare=st.sampled_from([0.0, 0.004, 0.05]),
    seat=st.integers(0, 4),
)
def test_later_samples_are_consistent(seed: int, declare: float, seat: int) -> None:
    """Whatever the seat inferred (captures, shown and revealed Big Aces, the
    forced declaration), every sample after the first (the template with other
    hands) is consistent with the observation, its partner is the other holder of
    a Big Ace at the start of play, and it plays to its end."""
    real = next(positions(STANDARD, deals=1, seed=seed, declare=declare, per_deal=1))
    sampler = bs.DealSampler(real.observe(seat))
    rng = random.Random(seed)
    first = sampler.sample(rng)
    big = SUITED_ACE + (real.big_suit or 0)
    for _ in range(4):
        sample = sampler.sample(rng)
        check_sample(real, seat, sample)
        begin = [h + p - c for h, p, c in zip(sample.hands, sample.played, sample.captured)]
        held = [_count(h, big) for h in begin]
        d = real.declarer
        assert d is not None and held[d] >= 1
        assert sample.alone == (held[d] == 2)
        if not sample.alone:
            assert sample.partner != d and held[sample.partner] == 1
        assert sample.stock == first.stock  # the template's draw
        sample.apply_unchecked(sample.legal_actions()[-1])
        while not sample.is_terminal():
            sample.apply_unchecked(sample.legal_actions()[-1])


def test_rebuild_runs_the_draw_for_every_sample() -> None:
    real = next(positions(STANDARD, deals=1, seed=5, declare=0.01, per_deal=1))
    seat = (real.current_player or 0) + 1
    sampler = bs.DealSampler(real.observe(seat % 5), rebuild=True)
    rng = random.Random(5)
    stocks = {sampler.sample(rng).stock for _ in range(3)}
    assert len(stocks) == 3
