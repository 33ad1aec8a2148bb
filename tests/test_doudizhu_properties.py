"""Hypothesis properties of the Dou Dizhu engine.

* every listed move is judged valid by the judge, and beats the previous play
  when following; every legal action of a deal passes the checked path;
* every play :func:`hand_combos` lists is the first reading of its kind of its
  cards, with no duplicates, and held by the hand;
* a reading round-trips through the action notation, and card text through
  :func:`parse_cards`; a multiset has readings exactly when :func:`explain` is empty;
* a random deal conserves the cards (hands + played + kitty = the pack) at every
  step, and settles zero-sum;
* an observation never reveals another seat's hidden cards: two deals that differ
  only in such cards give the same observation.
"""

from __future__ import annotations

import random

from hypothesis import assume, given, note
from hypothesis import strategies as st

from chupai.doudizhu import api
from chupai.doudizhu.combos import (
    NRANKS,
    SHIFTS,
    UNIT,
    Cards,
    Combo,
    Kind,
    beats,
    cards_text,
    contains,
    deck_cards,
    explain,
    parse_cards,
    readings,
    size_of,
    span,
    tables,
)
from chupai.doudizhu.game import Action, DouDizhuDeal, Phase, format_action, new_deal
from chupai.doudizhu.movegen import hand_combos, legal_plays
from chupai.doudizhu.notation import parse_action
from chupai.doudizhu.rules import DouDizhuRules, resolve
from chupai.doudizhu.shapes import PRIORITY, SHAPES, TWO, shapes_of

RULES: tuple[DouDizhuRules, ...] = (
    resolve("classic"),
    resolve("classic", {"four_with_two_kickers": "no_pair", "four_with_two_match": "true"}),
    resolve("classic", {"airplane_max_trios": "3", "bidding": "until_all_pass"}),
    resolve("classic", {"ming_pai": "always", "robbing": "false"}),
    resolve("four_player"),
    resolve("four_player", {"allow_four_with_pair": "true", "airplane_max_trios": "4"}),
)

rules_st = st.sampled_from(RULES)


def _pack_list(rules: DouDizhuRules) -> list[int]:
    """Every card of the decks as a rank index."""
    return [r for r in range(NRANKS) for _ in range((4 if r < 13 else 1) * rules.packs)]


@st.composite
def hands(draw: st.DrawFn, rules: DouDizhuRules, min_size: int = 1, max_size: int = 20) -> Cards:
    """A multiset of cards the decks can hold."""
    pack = _pack_list(rules)
    picks = draw(
        st.lists(st.integers(0, len(pack) - 1), min_size=min_size, max_size=max_size, unique=True)
    )
    return sum(UNIT[pack[i]] for i in picks)


@st.composite
def structured(draw: st.DrawFn, rules: DouDizhuRules) -> Cards:
    """A multiset near a combination: a run of equal counts plus a few extra cards."""
    most = 4 * rules.packs
    counts = [0] * NRANKS
    start = draw(st.integers(0, NRANKS - 1))
    length = draw(st.integers(1, 6))
    copies = draw(st.integers(1, most))
    for r in range(start, min(NRANKS, start + length)):
        counts[r] = copies if r < 13 else min(copies, rules.packs)
    for r in draw(st.lists(st.integers(0, NRANKS - 1), max_size=6)):
        counts[r] = min(counts[r] + 1, most if r < 13 else rules.packs)
    return sum(n * UNIT[r] for r, n in enumerate(counts))


def _sub(hand: Cards, rng: random.Random) -> Cards:
    """A random sub-multiset of ``hand``."""
    return sum(rng.randint(0, (hand >> s) & 31) * UNIT[r] for r, s in enumerate(SHIFTS))


# ---------------------------------------------------------------------------
# Moves and the judge
# ---------------------------------------------------------------------------


@given(st.data())
def test_listed_moves_are_valid_and_beat_the_previous_play(data: st.DataObject) -> None:
    rules = data.draw(rules_st)
    hand = data.draw(hands(rules, max_size=12))
    top_cards = data.draw(structured(rules))
    tops = readings(top_cards, rules)
    lead = data.draw(st.booleans())
    over = None if lead or not tops else cards_text(top_cards)
    note(f"{rules.spec()} hand={cards_text(hand)} over={over}")
    listed = api.moves(rules, cards_text(hand), over)["moves"]
    for move in listed:
        verdict = api.judge(rules, move["cards"], over)
        assert verdict["valid"] is True, (move, verdict)
        if over is not None:
            assert verdict["beats"] is True, (move, verdict)
    top = tops[0] if over is not None else None
    plays = legal_plays(hand, rules, top)
    assert len(plays) == len(listed)
    if top is not None:
        assert all(beats(p, top, rules) for p in plays)


@given(rules_st, st.data())
def test_hand_combos_are_first_readings_held_by_the_hand(
    rules: DouDizhuRules, data: st.DataObject
) -> None:
    hand = data.draw(hands(rules, max_size=14))
    combos = hand_combos(hand, rules)
    assert len({(c.kind, c.cards) for c in combos}) == len(combos)
    kinds = tables(rules).kinds
    for c in combos:
        assert contains(hand, c.cards)
        assert c.kind in kinds
        first = next(r for r in readings(c.cards, rules) if r.kind is c.kind)
        assert first == c


@given(rules_st, st.integers(0, 2**32 - 1), st.integers(0, 60))
def test_legal_actions_pass_the_checked_path(rules: DouDizhuRules, seed: int, steps: int) -> None:
    deal = new_deal(rules, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if deal.is_terminal():
            break
        actions = deal.legal_actions()
        for a in actions:
            assert deal.why_illegal(a) is None, deal.action_text(a)
        deal.apply_action(rng.choice(actions))


# ---------------------------------------------------------------------------
# Notation
# ---------------------------------------------------------------------------


@given(rules_st, st.data())
def test_readings_round_trip_through_notation(rules: DouDizhuRules, data: st.DataObject) -> None:
    cards = data.draw(st.one_of(structured(rules), hands(rules, max_size=10)))
    text = cards_text(cards)
    assert cards == 0 or parse_cards(text, rules) == cards
    found = readings(cards, rules)
    assert (explain(cards, rules) == "") == bool(found)
    for r in found:
        assert r.cards == cards and r.size == size_of(cards)
    firsts: dict[Kind, Combo] = {}
    for r in found:
        firsts.setdefault(r.kind, r)
    for r in firsts.values():
        written = format_action(rules, r)
        assert parse_action(rules, Phase.PLAY, None, written) == r, written
    if found:
        assert parse_action(rules, Phase.PLAY, None, text) == found[0]


# ---------------------------------------------------------------------------
# Deals
# ---------------------------------------------------------------------------


def _play(deal: DouDizhuDeal, rng: random.Random, steps: int) -> list[Action]:
    played: list[Action] = []
    for _ in range(steps):
        if deal.is_terminal():
            break
        action = rng.choice(deal.legal_actions())
        deal.apply_unchecked(action)
        played.append(action)
    return played


@given(rules_st, st.integers(0, 2**32 - 1))
def test_a_deal_conserves_the_cards(rules: DouDizhuRules, seed: int) -> None:
    deal = new_deal(rules, seed)
    rng = random.Random(seed ^ 0x5EED)
    pack = deck_cards(rules)
    while True:
        kitty = 0 if deal.kitty_taken else deal.kitty
        assert sum(deal.hands) + sum(deal.played) + kitty == pack
        for seat in range(rules.players):
            assert deal.observe(seat).hand == deal.hands[seat]
        if deal.is_terminal():
            break
        deal.apply_unchecked(rng.choice(deal.legal_actions()))
    assert deal.outcome is not None and sum(deal.outcome.scores) == 0


def _hidden_swap(
    deal: DouDizhuDeal, observer: int, rng: random.Random
) -> tuple[list[Cards], Cards] | None:
    """The dealt hands and kitty with one card swapped between two places the
    observer cannot see (another seat's unplayed cards, or the kitty while it
    lies face down), keeping the public marker card; None if there is none."""
    places: list[int] = [
        s for s in range(deal.players) if s != observer and not (deal.shown and s == deal.landlord)
    ]
    places += [-1] if not deal.kitty_taken else []
    dealt = list(deal.dealt_hands)

    def holding(place: int) -> list[int]:
        now = deal.kitty if place < 0 else deal.hands[place]
        then = deal.kitty if place < 0 else dealt[place]
        keep = 2 if place == deal.first_bidder else 1
        return [
            r
            for r in range(NRANKS)
            if (now >> SHIFTS[r]) & 31
            and (then >> SHIFTS[r]) & 31
            and ((then >> SHIFTS[r]) & 31 >= keep or r != deal.marker)
        ]

    pairs = [(x, y) for x in places for y in places if x < y]
    rng.shuffle(pairs)
    for x, y in pairs:
        ax, by = holding(x), holding(y)
        options = [(a, b) for a in ax for b in by if a != b]
        if options:
            a, b = rng.choice(options)
            kitty = deal.kitty
            for place, out, into in ((x, a, b), (y, b, a)):
                if place < 0:
                    kitty += UNIT[into] - UNIT[out]
                else:
                    dealt[place] += UNIT[into] - UNIT[out]
            return dealt, kitty
    return None


@given(rules_st, st.integers(0, 2**32 - 1), st.integers(0, 40), st.data())
def test_observation_hides_other_seats_cards(
    rules: DouDizhuRules, seed: int, steps: int, data: st.DataObject
) -> None:
    deal = new_deal(rules, seed)
    rng = random.Random(seed)
    history = _play(deal, rng, steps)
    assume(not deal.is_terminal())
    observer = data.draw(st.integers(0, rules.players - 1))
    swapped = _hidden_swap(deal, observer, rng)
    assume(swapped is not None)
    assert swapped is not None
    dealt, kitty = swapped
    other = DouDizhuDeal.from_hands(
        rules,
        dealt,
        kitty,
        dealer=deal.dealer,
        marker_index=deal.marker_index,
        marker=deal.marker,
        doubled=deal.doubled,
    )
    for action in history:
        other.apply_action(action)
    assert other.hands != deal.hands or other.kitty != deal.kitty
    assert other.observe(observer) == deal.observe(observer)


# ---------------------------------------------------------------------------
# The shape table
# ---------------------------------------------------------------------------


def test_every_shape_reads_its_own_example() -> None:
    """Each row of the shape table, at its shortest and longest body with the
    highest free ranks as wings, reads as its kind; the rows follow §7's order."""
    assert list(PRIORITY) == list(dict.fromkeys(s.kind for s in SHAPES))
    for rules in RULES:
        for sh in shapes_of(rules):
            for length in {sh.lo, sh.hi}:
                body = span(sh.low, sh.low + length - 1, sh.copies)
                free = [r for r in range(TWO, -1, -1) if not sh.low <= r < sh.low + length]
                wings = sum(sh.wings.value * UNIT[r] for r in free[: sh.per * length])
                found = readings(body + wings, rules)
                assert sh.kind in [r.kind for r in found], (rules.spec(), sh.kind, length)
                assert explain(body + wings, rules) == ""
