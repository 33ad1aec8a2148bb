"""Hypothesis properties of the Big Two engine.

* every legal play is a combination of cards in hand that beats the trick (and
  holds the starting card on the first lead);
* card notation, options (dict, JSON, text, spec string) and deal records
  round-trip;
* cards are conserved at every step; scores sum to zero where the settlement says so;
* observations hide other seats' cards (invariant under hidden-card swaps);
* ``clone()`` is independent of the original;
* parsers return a value or raise ``ChupaiError``, never anything else.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from conftest import (
    COMBO_VARIANTS,
    FULL_DECK,
    PRESET_NAMES,
    assert_cards_conserved,
    bot_playout,
    initial_leftover,
    random_playout,
    rules_variant,
)
from hypothesis import assume, given, note, strategies as st

from chupai.bigtwo.combos import Combo, beats, classify_or_none, tables
from chupai.bigtwo.game import PASS, BigTwoDeal, Choice, Observation, Phase, new_deal
from chupai.bigtwo.movegen import hand_combos, legal_plays
from chupai.bigtwo.record import replay, to_record
from chupai.bigtwo.rules import PRESETS, BigTwoRules, resolve
from chupai.bigtwo.scoring import settle
from chupai.cards import RANKS, CardSet, card_name, cards_of, format_cards, parse_card, parse_mask
from chupai.errors import ChupaiError, IllegalActionError, RecordError, RulesError
from chupai.games import find_game, resolve_rules
from chupai.options import format_value, option_fields, parse_overrides, parse_value

# ---------------------------------------------------------------------------
# Strategies
# ---------------------------------------------------------------------------

card_ids = st.integers(0, 51)


def masks(min_size: int = 0, max_size: int = 52) -> st.SearchStrategy[int]:
    return st.sets(card_ids, min_size=min_size, max_size=max_size).map(
        lambda s: sum(1 << c for c in s)
    )


combo_rules = st.sampled_from(list(COMBO_VARIANTS.values()))

# combination options that stay valid on top of any preset
_COMBO_OVERRIDES: list[dict[str, object]] = [
    {},
    {},
    {},
    {"allow_two_pair_kicker": True},
    {"four_card_play": "quad"},
    {"four_card_play": "two_pair"},
    {"allow_flush": False},
    {"allow_triples": True},
    {"straight_order": "jqka2_high"},
    {"flush_compare": "suit_first"},
]


@st.composite
def deal_rules(draw: st.DrawFn, players: tuple[int, ...] = (2, 3, 4)) -> BigTwoRules:
    """Rules the deal engine plays: a preset, a player count and playable options."""
    preset = draw(st.sampled_from(PRESET_NAMES))
    n = draw(st.sampled_from(players))
    ov: dict[str, object] = {"players": n}
    ov.update(draw(st.sampled_from(_COMBO_OVERRIDES)))
    if draw(st.booleans()):
        ov["play_until"] = draw(st.sampled_from(["first_out", "last_remaining"]))
    if draw(st.booleans()):
        ov["pass_lockout"] = draw(st.booleans())
    if draw(st.integers(0, 3)) == 0:
        ov["repeat_lead_lock"] = True
    if n == 3:
        ov["leftover_rule"] = draw(
            st.sampled_from(["to_starting_card_holder", "malaysian", "taiwan_exposed", "set_aside"])
        )
    if draw(st.integers(0, 4)) == 0:
        ov["hand_size"] = draw(st.integers(1, 52 // n))
    if preset != "taiwan" and draw(st.integers(0, 3)) == 0:
        ov["five_card_rule"] = "same_type_or_monster"
        ov["monster_over_small"] = draw(st.booleans())
    if draw(st.integers(0, 3)) == 0:
        ov["instant_wins"] = draw(
            st.sampled_from(["none", "dragon", "dragon,suited_dragon,four_twos"])
        )
    return rules_variant(preset, **ov)


@st.composite
def deals(draw: st.DrawFn, players: tuple[int, ...] = (2, 3, 4)) -> BigTwoDeal:
    """A freshly dealt deal: random rules, seed, dealer, first deal or not."""
    rules = draw(deal_rules(players))
    seed = draw(st.integers(0, 2**32))
    dealer = draw(st.one_of(st.none(), st.integers(0, rules.players - 1)))
    if draw(st.booleans()):
        return new_deal(rules, seed, dealer=dealer)
    leader = draw(st.integers(0, rules.players - 1))
    return new_deal(rules, seed, dealer=dealer, first_deal=False, leader=leader)


def reference_lowest(deal: BigTwoDeal) -> int:
    """The lowest card in any hand (§1: rank first, then suit under suit_order)."""
    order = str(deal.rules.suit_order.value)  # highest first
    held = [c for h in deal.hands for c in cards_of(h)]
    return min(held, key=lambda c: (RANKS.index(card_name(c)[0]), -order.index(card_name(c)[1])))


# ---------------------------------------------------------------------------
# Legal plays
# ---------------------------------------------------------------------------


@given(rules=combo_rules, hand=masks(1, 13), other=masks(1, 5), data=st.data())
def test_legal_plays_are_combinations_in_hand_that_beat_the_top(
    rules: BigTwoRules, hand: int, other: int, data: st.DataObject
) -> None:
    top = classify_or_none(other & ~hand, rules) if other & ~hand else None
    must = 0
    if top is None and data.draw(st.booleans()):
        must = 1 << data.draw(st.sampled_from(cards_of(hand)))
    plays = legal_plays(hand, rules, top, must_contain=must)
    masks_seen = set()
    for play in plays:
        assert play.mask and play.mask & ~hand == 0, "play uses cards not in hand"
        assert classify_or_none(play.mask, rules) == play
        assert play.mask & must == must
        if top is not None:
            assert beats(play, top, rules)
        assert play.mask not in masks_seen
        masks_seen.add(play.mask)
    # and nothing legal is left out
    for c in hand_combos(hand, rules):
        legal = (c.mask & must == must) if top is None else beats(c, top, rules)
        assert (c.mask in masks_seen) == legal


@given(deal=deals(), seed=st.integers(0, 10**6))
def test_every_legal_action_of_a_deal_is_legal(deal: BigTwoDeal, seed: int) -> None:
    rng = random.Random(seed)
    rules = deal.rules
    plays_made = 0
    while not deal.is_terminal():
        seat = deal.current_player
        assert seat is not None
        actions = deal.legal_actions()
        assert actions, "a player to act always has an action"
        if deal.phase is Phase.PLAY:
            hand = deal.hands[seat]
            if deal.top is None:
                assert PASS not in actions, "the leader may not pass"
            else:
                assert PASS in actions
            first_lead = plays_made == 0 and deal.top is None
            swapped = any(
                isinstance(e.action, Choice) and e.action.name == "swap" for e in deal.history
            )
            starting_rule = deal.first_deal or rules.first_lead.value == "starting_card_every_deal"
            if first_lead and starting_rule and not swapped:
                assert deal.starting_card == reference_lowest(deal)
                assert deal.hands[seat] >> deal.starting_card & 1
            for a in actions:
                if isinstance(a, Combo):
                    assert a.mask & ~hand == 0
                    assert classify_or_none(a.mask, rules) == a
                    if deal.top is not None:
                        assert beats(a, deal.top, rules)
                    if first_lead and starting_rule and not swapped:
                        assert a.mask >> deal.starting_card & 1, (
                            "the first lead must contain the starting card"
                        )
                    assert deal.is_legal(a)
                else:
                    assert a == PASS
        else:
            assert all(isinstance(a, Choice) for a in actions)
        action = rng.choice(actions)
        if isinstance(action, Combo):
            plays_made += 1
        deal.apply_action(action)
    assert deal.outcome is not None


# ---------------------------------------------------------------------------
# Notation round trips
# ---------------------------------------------------------------------------

_SUIT_ALIASES = {"S": "S♠♤", "H": "H♥♡", "C": "C♣♧", "D": "D♦♢"}


@st.composite
def written_cards(draw: st.DrawFn) -> tuple[int, str]:
    """A mask and one of its many spellings (aliases, case, order, spacing)."""
    cards = draw(st.lists(card_ids, unique=True, max_size=20))
    tokens = []
    for c in cards:
        name = card_name(c)
        rank = "10" if name[0] == "T" and draw(st.booleans()) else name[0]
        suit = draw(st.sampled_from(_SUIT_ALIASES[name[1]]))
        tok = rank + suit
        if draw(st.booleans()):
            tok = tok.lower()
        tokens.append(tok)
    seps = [" " * draw(st.integers(1, 3)) for _ in tokens]
    text = " " * draw(st.integers(0, 2)) + "".join(t + s for t, s in zip(tokens, seps))
    return sum(1 << c for c in cards), text


@given(written=written_cards())
def test_card_lists_round_trip(written: tuple[int, str]) -> None:
    mask, text = written
    assert parse_mask(text) == mask
    canonical = format_cards(mask)
    assert parse_mask(canonical) == mask
    assert format_cards(parse_mask(text)) == canonical
    assert canonical == canonical.upper() and "10" not in canonical
    assert CardSet.parse(str(CardSet(mask))) == CardSet(mask)
    assert len(CardSet(mask)) == mask.bit_count()


@given(mask=masks(), rules=combo_rules)
def test_display_order_round_trips(mask: int, rules: BigTwoRules) -> None:
    order = tables(rules).card_strength
    text = format_cards(mask, order)
    assert parse_mask(text) == mask
    shown = [parse_card(t) for t in text.split()]
    assert [order[c] for c in shown] == sorted(order[c] for c in shown)


def test_every_card_name_round_trips() -> None:
    assert sorted(parse_card(card_name(c)) for c in range(52)) == list(range(52))
    assert len({card_name(c) for c in range(52)}) == 52


# ---------------------------------------------------------------------------
# Options round trips
# ---------------------------------------------------------------------------

FIELDS = option_fields(BigTwoRules)
_INT_RANGES = {
    "players": (2, 52),
    "packs": (1, 1),
    "hand_size": (1, 26),
    "redeal_max_points": (0, 20),
    "winner_bonus": (0, 50),
}


@st.composite
def option_text(draw: st.DrawFn, key: str) -> str:
    """A valid text value for option ``key`` (valid alone; combinations may not be)."""
    default = getattr(BigTwoRules(), key)
    choices: list[str] = []
    if isinstance(default, bool):
        choices = ["true", "false"]
    elif key in _INT_RANGES:
        lo, hi = _INT_RANGES[key]
        choices = [str(draw(st.integers(lo, hi)))]
        if key == "hand_size":
            choices.append("all")
        if key == "redeal_max_points":
            choices.append("none")
    elif isinstance(default, frozenset):
        members = ["dragon", "suited_dragon", "four_twos"]
        subset = draw(st.lists(st.sampled_from(members), unique=True))
        return ",".join(subset) if subset else "none"
    else:
        choices = [str(m.value) for m in type(default)]
    value = draw(st.sampled_from(choices))
    return value.upper() if draw(st.integers(0, 4)) == 0 else value


@st.composite
def overrides(draw: st.DrawFn) -> dict[str, str]:
    keys = draw(st.lists(st.sampled_from(sorted(FIELDS)), unique=True, max_size=8))
    return {k: draw(option_text(k)) for k in keys}


def parse_spec(spec: str) -> BigTwoRules:
    """Read ``bigtwo(preset=P,key=value,...)`` (a list value's later items carry
    no ``=`` and belong to the previous key)."""
    assert spec.startswith("bigtwo(") and spec.endswith(")")
    items: list[list[str]] = []
    for part in spec[len("bigtwo(") : -1].split(","):
        if "=" in part:
            items.append(part.split("=", 1))
        else:
            items[-1][1] += "," + part
    assert items[0][0] == "preset"
    return resolve(items[0][1], {k: v for k, v in items[1:]})


@given(preset=st.sampled_from(PRESET_NAMES), ov=overrides())
def test_options_round_trip(preset: str, ov: dict[str, str]) -> None:
    try:
        rules = resolve(preset, ov)
    except RulesError as exc:
        # only combinations may be refused, and the error names an option
        assert exc.key in FIELDS
        return
    for key, text in ov.items():
        assert format_value(getattr(rules, key)) == format_value(
            parse_value(key, FIELDS[key], text)
        )
        assert getattr(rules, key) == parse_value(key, FIELDS[key], text)
    d = rules.to_dict()
    assert BigTwoRules.from_dict(d) == rules
    assert BigTwoRules.from_dict(json.loads(json.dumps(d))) == rules
    as_text = {k: format_value(getattr(rules, k)) for k in FIELDS}
    assert resolve("standard", as_text) == rules
    assert parse_spec(rules.spec()) == rules
    assert resolve_rules("bigtwo", preset, ov) == rules
    untouched = [k for k in FIELDS if k not in ov]
    for k in untouched:
        assert getattr(rules, k) == getattr(PRESETS[preset], k)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_presets_round_trip(preset: str) -> None:
    rules = PRESETS[preset]
    assert BigTwoRules.from_dict(rules.to_dict()) == rules
    assert rules.spec() == f"bigtwo(preset={preset})"
    assert parse_spec(rules.spec()) == rules


# ---------------------------------------------------------------------------
# Records, conservation, scores
# ---------------------------------------------------------------------------


@given(deal=deals(), seed=st.integers(0, 10**6))
def test_records_serialize_and_replay_to_the_same_outcome(deal: BigTwoDeal, seed: int) -> None:
    bot_playout(deal, seed)
    rec = to_record(deal)
    text = json.dumps(rec)
    back = json.loads(text)
    assert back == rec
    again = replay(back)
    assert again.is_terminal()
    assert again.outcome == deal.outcome
    assert again.history == deal.history
    assert again.hands == deal.hands
    assert to_record(again) == rec


@given(deal=deals(), seed=st.integers(0, 10**6))
def test_cards_are_conserved_at_every_step(deal: BigTwoDeal, seed: int) -> None:
    leftover = initial_leftover(deal)

    def check(d: BigTwoDeal) -> None:
        assert_cards_conserved(d)
        for seat in range(d.players):
            # a seat plays only cards it was dealt (or the leftover it received)
            assert d.played[seat] & ~(d.dealt_hands[seat] | leftover) == 0

    random_playout(deal, random.Random(seed), each_step=check)
    out = deal.outcome
    assert out is not None
    if out.instant_win is None:
        assert out.hands[out.winner] == 0, "the winner went out"


_ZERO_SUM = [
    {"settlement": "pairwise", "scoring": s}
    for s in (
        "cards_wiki",
        "cards_seed001",
        "cards_mainland",
        "card_points",
        "taiwan_deduction",
        "taiwan_basic",
    )
] + [
    {"settlement": "winner_takes_all", "scoring": s}
    for s in ("cards_wiki", "cards_mainland", "taiwan_basic", "card_points")
]


@given(
    setting=st.sampled_from(_ZERO_SUM),
    bonus=st.integers(0, 20),
    preset=st.sampled_from(PRESET_NAMES),
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 10**6),
)
def test_scores_sum_to_zero(
    setting: dict[str, object], bonus: int, preset: str, players: int, seed: int
) -> None:
    rules = rules_variant(preset, players=players, winner_bonus=bonus, **setting)
    deal = random_playout(new_deal(rules, seed, dealer=seed % players), random.Random(seed))
    out = deal.outcome
    assert out is not None
    assert sum(out.scores) == 0
    assert sum(deal.returns()) == 0
    assert out.scores[out.winner] == max(out.scores)
    assert all(p >= 0 for p in out.penalties) and out.penalties[out.winner] == 0


@given(
    setting=st.sampled_from(["pairwise", "winner_takes_all"]),
    bonus=st.integers(0, 20),
    pens=st.lists(st.integers(0, 500), min_size=2, max_size=4),
    data=st.data(),
)
def test_settlement_is_zero_sum(
    setting: str, bonus: int, pens: list[int], data: st.DataObject
) -> None:
    rules = rules_variant(settlement=setting, winner_bonus=bonus, players=len(pens))
    winner = data.draw(st.integers(0, len(pens) - 1))
    scores = settle(rules, winner, pens)
    assert sum(scores) == 0
    assert len(scores) == len(pens)


# ---------------------------------------------------------------------------
# Hidden information
# ---------------------------------------------------------------------------


def _public_masks(obs: Observation) -> int:
    m: int = 0
    for part in obs.played:
        m |= part
    m |= obs.exposed | obs.leftover_shown
    if obs.top is not None:
        m |= obs.top.mask
    for ev in obs.history:
        if isinstance(ev.action, Combo):
            m |= ev.action.mask
    return m


@given(deal=deals(players=(3, 4)), seed=st.integers(0, 10**6), data=st.data())
def test_observation_is_invariant_under_hidden_card_swaps(
    deal: BigTwoDeal, seed: int, data: st.DataObject
) -> None:
    rng = random.Random(seed)
    rules = deal.rules
    leftover = initial_leftover(deal)
    start = deal.clone()
    # play some actions, remembering them
    actions = []
    for _ in range(data.draw(st.integers(0, 60), label="steps")):
        if deal.is_terminal():
            break
        a = rng.choice(deal.legal_actions())
        actions.append(a)
        deal.apply_action(a)
    assume(not deal.is_terminal())
    observer = data.draw(st.integers(0, rules.players - 1), label="observer")
    a_seat, b_seat = data.draw(
        st.lists(
            st.sampled_from([s for s in range(rules.players) if s != observer]),
            min_size=2,
            max_size=2,
            unique=True,
        ),
        label="swap seats",
    )
    # the cards whose place is known or decides the lead: never swapped
    lowest_dealt = min(
        (c for h in deal.dealt_hands for c in cards_of(h)),
        key=tables(rules).card_strength.__getitem__,
    )
    fixed = leftover | (1 << deal.starting_card) | (1 << lowest_dealt)
    ca = [c for c in cards_of(deal.hands[a_seat]) if not fixed >> c & 1]
    cb = [c for c in cards_of(deal.hands[b_seat]) if not fixed >> c & 1]
    assume(ca and cb)
    k = data.draw(st.integers(1, min(len(ca), len(cb))), label="cards swapped")
    xa = sum(1 << c for c in data.draw(st.permutations(ca))[:k])
    xb = sum(1 << c for c in data.draw(st.permutations(cb))[:k])
    hands = list(deal.dealt_hands)
    assert hands[a_seat] & xa == xa and hands[b_seat] & xb == xb
    hands[a_seat] = hands[a_seat] & ~xa | xb
    hands[b_seat] = hands[b_seat] & ~xb | xa
    note(f"swap {format_cards(xa)} (seat {a_seat}) <-> {format_cards(xb)} (seat {b_seat})")
    twin = BigTwoDeal.from_hands(
        rules,
        hands,
        leftover=leftover,
        dealer=deal.dealer,
        first_deal=deal.first_deal,
        leader=start._given_leader,
    )
    # The original never ended (by an instant win or otherwise) before the last
    # action; a swap that gives the twin an instant win changes public facts.
    assume(twin.instant_win is None)
    original = start
    assert twin.observe(observer) == original.observe(observer)
    for a in actions:
        original.apply_action(a)
        twin.apply_action(a)
        assume(twin.instant_win is None)
        assert twin.observe(observer) == original.observe(observer)
    assert twin.hands[observer] == original.hands[observer]
    assert twin.hands != original.hands


@pytest.mark.parametrize("seed", range(4))
def test_later_deal_observation_hides_the_lowest_card_holder(seed: int) -> None:
    """§7.1: in a later deal (``starting_card_first_deal``) the previous winner
    leads freely, so who holds 3D is hidden information."""
    rules = PRESETS["standard"]
    hands = list(new_deal(rules, seed, dealer=0).dealt_hands)
    if hands[0] & 1:  # 3D is card 0; keep it away from the observer, seat 0
        hands[0], hands[1] = hands[1], hands[0]
    holder = next(s for s in range(4) if hands[s] & 1)
    other = 1 + holder % 3  # another seat among 1..3
    x = hands[other] & -hands[other]  # any card of that seat
    swapped = list(hands)
    swapped[holder] = hands[holder] & ~1 | x
    swapped[other] = hands[other] & ~x | 1
    a = BigTwoDeal.from_hands(rules, hands, dealer=0, first_deal=False, leader=0)
    b = BigTwoDeal.from_hands(rules, swapped, dealer=0, first_deal=False, leader=0)
    assert a.hands[0] == b.hands[0] and a.hands != b.hands
    assert a.observe(0) == b.observe(0)


@given(deal=deals(), seed=st.integers(0, 10**6))
def test_observation_never_shows_other_hands(deal: BigTwoDeal, seed: int) -> None:
    def check(d: BigTwoDeal) -> None:
        if d.is_terminal():
            return  # every remaining hand is shown at the end (§13)
        for seat in range(d.players):
            obs = d.observe(seat)
            assert obs.hand == d.hands[seat]
            others = 0
            for s in range(d.players):
                if s != seat:
                    others |= d.hands[s]
            leak = _public_masks(obs) & others & ~d.leftover_shown
            assert leak == 0, f"seat {seat} sees {format_cards(leak)} of other hands"
            assert obs.hand_counts == tuple(h.bit_count() for h in d.hands)
            if not (d.current_player == seat and d.top is None):
                assert obs.must_contain == 0

    random_playout(deal, random.Random(seed), each_step=check)


# ---------------------------------------------------------------------------
# clone()
# ---------------------------------------------------------------------------


def _snapshot(deal: BigTwoDeal) -> tuple[object, ...]:
    return (
        json.dumps(to_record(deal), sort_keys=True),
        tuple(deal.observe(s) for s in range(deal.players)),
        tuple(deal.hands),
        tuple(deal.played),
        tuple(deal.history),
        deal.phase,
        deal.current_player,
        deal.top,
        tuple(deal.legal_actions()),
        deal.is_terminal(),
        deal.set_aside,
        deal.exposed,
        deal.leftover,
        tuple(deal.finished),
    )


@given(deal=deals(), seed=st.integers(0, 10**6), data=st.data())
def test_clone_is_independent(deal: BigTwoDeal, seed: int, data: st.DataObject) -> None:
    rng = random.Random(seed)
    for _ in range(data.draw(st.integers(0, 40))):
        if deal.is_terminal():
            break
        deal.apply_action(rng.choice(deal.legal_actions()))
    assume(not deal.is_terminal())
    before = _snapshot(deal)
    twin = deal.clone()
    assert _snapshot(twin) == before
    random_playout(twin, random.Random(seed + 1))
    assert _snapshot(deal) == before, "playing the clone changed the original"
    twin_after = _snapshot(twin)
    random_playout(deal, random.Random(seed + 2))
    assert _snapshot(twin) == twin_after, "playing the original changed the clone"
    child = deal.clone()
    assert _snapshot(child) == _snapshot(deal)


# ---------------------------------------------------------------------------
# Parsers never fail with anything but ChupaiError
# ---------------------------------------------------------------------------

_CARDISH = st.text(alphabet="0123456789TJQKAtjqkaSHCDshcd♠♥♣♦♤♡♧♢BRJbrj \t\n,x-", max_size=40)
any_text = st.one_of(st.text(max_size=40), _CARDISH)


def _value_or_chupai_error(fn: Any, *args: Any) -> Any:
    try:
        return fn(*args)
    except ChupaiError:
        return None


@given(text=any_text)
def test_parse_mask_returns_or_raises_chupai_error(text: str) -> None:
    m = _value_or_chupai_error(parse_mask, text)
    if m is not None:
        assert 0 <= m <= FULL_DECK
        assert len(text.split()) == m.bit_count()
    _value_or_chupai_error(parse_card, text)
    _value_or_chupai_error(CardSet.parse, text)


@given(
    preset=st.one_of(st.sampled_from(PRESET_NAMES), any_text),
    key=st.one_of(st.sampled_from(sorted(FIELDS)), any_text),
    value=any_text,
)
def test_resolve_returns_or_raises_chupai_error(preset: str, key: str, value: str) -> None:
    r = _value_or_chupai_error(resolve, preset, {key: value})
    if r is not None:
        assert isinstance(r, BigTwoRules)
    _value_or_chupai_error(resolve_rules, "bigtwo", preset, {key: value})
    _value_or_chupai_error(parse_overrides, [f"{key}={value}", value])
    _value_or_chupai_error(find_game, value)


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-5, 60), st.text(max_size=12)),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)


@given(
    data=st.dictionaries(
        st.one_of(st.sampled_from(sorted(FIELDS)), st.text(max_size=10)), json_values, max_size=4
    )
)
def test_rules_from_dict_returns_or_raises_chupai_error(data: dict[str, Any]) -> None:
    r = _value_or_chupai_error(BigTwoRules.from_dict, data)
    if r is not None:
        assert BigTwoRules.from_dict(r.to_dict()) == r


@given(deal=deals(), text=any_text, seed=st.integers(0, 1000))
def test_parse_action_returns_or_raises_chupai_error(
    deal: BigTwoDeal, text: str, seed: int
) -> None:
    rng = random.Random(seed)
    for _ in range(rng.randrange(10)):
        if deal.is_terminal():
            break
        deal.apply_action(rng.choice(deal.legal_actions()))
    before = to_record(deal)
    action = _value_or_chupai_error(deal.parse_action, text)
    if action is not None and deal.why_illegal(action) is not None:
        # a parsed but illegal action is refused with IllegalActionError
        with pytest.raises(IllegalActionError):
            deal.apply_action(action)
    if action is None or deal.why_illegal(action) is not None:
        assert to_record(deal) == before


_small_ints = st.one_of(st.integers(-3, 60), st.none())
_text_lists = st.lists(any_text, max_size=5)
_action_items = st.fixed_dictionaries({"seat": st.integers(-1, 5), "action": any_text})
_RECORD_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "format": any_text,
    "game": any_text,
    "spec": any_text,
    "leftover": any_text,
    "version": _small_ints,
    "seed": _small_ints,
    "dealer": _small_ints,
    "leader": _small_ints,
    "first_deal": st.booleans(),
    "hands": _text_lists,
    "actions": st.lists(_action_items, max_size=5),
    "rules": st.dictionaries(st.sampled_from(sorted(FIELDS)), json_values, max_size=3),
    "result": st.dictionaries(st.text(max_size=8), json_values, max_size=3),
}


@given(
    deal=deals(),
    seed=st.integers(0, 10**6),
    field=st.sampled_from(sorted(_RECORD_VALUES)),
    data=st.data(),
)
def test_replay_of_a_damaged_record_returns_or_raises_chupai_error(
    deal: BigTwoDeal, seed: int, field: str, data: st.DataObject
) -> None:
    """Fields of a record replaced by plausible values (a string where a string
    belongs, ...) or by arbitrary JSON: replay answers or raises ChupaiError."""
    random_playout(deal, random.Random(seed))
    rec = json.loads(json.dumps(to_record(deal)))
    how = data.draw(st.sampled_from(["field", "item", "action part"]))
    if how == "item" and field == "hands":
        i = data.draw(st.integers(0, len(rec["hands"]) - 1))
        rec["hands"][i] = data.draw(st.one_of(any_text, json_values))
    elif how == "item" and field == "actions" and rec["actions"]:
        i = data.draw(st.integers(0, len(rec["actions"]) - 1))
        rec["actions"][i] = data.draw(st.one_of(_action_items, json_values))
    elif how == "action part" and rec["actions"]:
        item = rec["actions"][data.draw(st.integers(0, len(rec["actions"]) - 1))]
        part = data.draw(st.sampled_from(["seat", "action"]))
        item[part] = data.draw(
            st.one_of(st.integers(-1, 5) if part == "seat" else any_text, json_values)
        )
    else:
        rec[field] = data.draw(st.one_of(_RECORD_VALUES[field], json_values))
    try:
        again = replay(rec)
    except ChupaiError:
        return
    assert isinstance(again, BigTwoDeal)


# Regressions: values of the wrong JSON type once escaped as TypeError,
# AttributeError or a bare ValueError instead of RecordError.
@pytest.mark.parametrize(
    "path, value",
    [
        (("hands", 0), None),
        (("hands", 1), [None]),
        (("leftover",), [None]),
        (("result",), True),
        (("result",), "x"),
    ],
)
def test_replay_of_a_wrongly_typed_record_raises_record_error(
    path: tuple[Any, ...], value: Any
) -> None:
    deal = random_playout(new_deal(PRESETS["standard"], 5, dealer=1), random.Random(5))
    rec = json.loads(json.dumps(to_record(deal)))
    target: Any = rec
    for p in path[:-1]:
        target = target[p]
    target[path[-1]] = value
    with pytest.raises(RecordError):
        replay(rec)


@given(value=json_values)
def test_replay_of_arbitrary_json_returns_or_raises_chupai_error(value: Any) -> None:
    with pytest.raises(ChupaiError):
        replay(value)
