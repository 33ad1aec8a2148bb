"""The Big Two deal engine: dealing, determinism, tricks, illegal actions, the
``last_remaining`` finishing order, unsupported options, tampered records, and
many seeded random-bot deals whose records must replay.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from chupai.bigtwo.combos import Combo, ComboKind, classify
from chupai.bigtwo.game import PASS, BigTwoDeal, Choice, Phase, new_deal
from chupai.bigtwo.record import replay, replay_steps, to_record
from chupai.bigtwo.rules import PRESETS, BigTwoRules
from chupai.bigtwo.combos import tables
from chupai.cards import cards_of, format_cards, parse_mask
from chupai.errors import (
    ChupaiError,
    IllegalActionError,
    RecordError,
    RulesError,
    UnsupportedOptionError,
)
from conftest import (
    FULL_DECK,
    PRESET_NAMES,
    assert_cards_conserved,
    bot_playout,
    random_playout,
    rules_variant,
)

# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------


def hands_of(*texts: str) -> list[int]:
    return [parse_mask(t) for t in texts]


def act(deal: BigTwoDeal, text: str) -> None:
    deal.apply_action(deal.parse_action(text))


def fingerprint(deal: BigTwoDeal) -> tuple[object, ...]:
    """Everything observable about a deal, to check that it did not change."""
    return (
        json.dumps(to_record(deal), sort_keys=True),
        tuple(deal.observe(s) for s in range(deal.players)),
        tuple(deal.hands),
        tuple(deal.played),
        tuple(deal.history),
        deal.phase,
        deal.current_player,
        deal.top,
        deal.top_player,
        deal.passed,
        deal.leader,
        tuple(deal.finished),
        tuple(deal.legal_actions()),
        deal.set_aside,
        deal.exposed,
        deal.leftover,
        deal.must_contain,
        deal.outcome,
        deal.is_terminal(),
    )


def trick_winner(deal: BigTwoDeal) -> int:
    """The seat of the last play made (the top player of a trick that just ended)."""
    return next(ev.seat for ev in reversed(deal.history) if isinstance(ev.action, Combo))


def reference_stock(seed: int, players: int, dealer: int | None) -> tuple[int, list[int]]:
    """The documented deal: ``random.Random(seed)`` draws a dealer (always, so that
    a given dealer leaves the shuffle unchanged; the draw is used when no dealer is
    given), then shuffles the canonical deck 0..51 once."""
    rng = random.Random(seed)
    drawn = rng.randrange(players)
    if dealer is None:
        dealer = drawn
    deck = list(range(52))
    rng.shuffle(deck)
    return dealer, deck


# ---------------------------------------------------------------------------
# Dealing
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("players, size, leftover", [(2, 26, 0), (3, 17, 1), (4, 13, 0)])
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_deal_sizes_with_hand_size_all(players: int, size: int, leftover: int, preset: str) -> None:
    rules = rules_variant(preset, players=players)
    for seed in range(20):
        deal = new_deal(rules, seed)
        assert len(deal.dealt_hands) == players == len(deal.hands)
        assert [h.bit_count() for h in deal.dealt_hands] == [size] * players
        union = 0
        for h in deal.dealt_hands:
            assert union & h == 0
            union |= h
        assert (FULL_DECK & ~union).bit_count() == leftover
        assert_cards_conserved(deal)
        if leftover and rules.leftover_rule.value == "to_starting_card_holder":
            # the leftover went to the holder of the lowest dealt card (§3.3)
            strength = tables(rules).card_strength
            lowest = min(
                (c for h in deal.dealt_hands for c in cards_of(h)), key=strength.__getitem__
            )
            p0 = next(s for s in range(players) if deal.dealt_hands[s] >> lowest & 1)
            for seat in range(players):
                extra = FULL_DECK & ~union if seat == p0 else 0
                assert deal.hands[seat] == deal.dealt_hands[seat] | extra


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("hand_size", [1, 5, 13])
def test_deal_sizes_with_integer_hand_size(players: int, hand_size: int) -> None:
    rules = rules_variant(players=players, hand_size=hand_size)
    for seed in range(10):
        deal = new_deal(rules, seed)
        assert [h.bit_count() for h in deal.hands] == [hand_size] * players
        assert deal.phase is Phase.PLAY, "no leftover rule applies to an integer hand_size"
        assert deal.set_aside.bit_count() == 52 - players * hand_size
        assert_cards_conserved(deal)
        random_playout(deal, random.Random(seed))
        assert deal.is_terminal()


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("hand_size", ["all", 7])
@pytest.mark.parametrize("given_dealer", [True, False])
def test_dealing_order_card_k_goes_to_seat_after_dealer_plus_k(
    players: int, hand_size: str | int, given_dealer: bool
) -> None:
    rules = rules_variant(players=players, hand_size=hand_size, leftover_rule="set_aside")
    for seed in range(15):
        dealer_arg = seed % players if given_dealer else None
        deal = new_deal(rules, seed, dealer=dealer_arg)
        dealer, deck = reference_stock(seed, players, dealer_arg)
        assert deal.dealer == dealer
        h = rules.cards_per_hand
        for k in range(h * players):
            seat = (dealer + 1 + k) % players
            assert deal.dealt_hands[seat] >> deck[k] & 1, f"stock card {k} is not seat {seat}'s"
        left = sum(1 << c for c in deck[h * players : h * players + rules.leftover_count])
        if hand_size == "all" and players == 3:
            assert left.bit_count() == 1 and deal.set_aside == left  # the last card, index 51
            assert deck[51] == cards_of(left)[0]
        else:
            assert deal.set_aside == sum(1 << c for c in deck[h * players :])


@pytest.mark.parametrize("preset", PRESET_NAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_deals_are_deterministic_given_a_seed(preset: str, players: int) -> None:
    rules = rules_variant(preset, players=players)
    seen = set()
    for seed in range(8):
        a, b = new_deal(rules, seed), new_deal(rules, seed)
        assert (a.dealer, a.dealt_hands, a.hands) == (b.dealer, b.dealt_hands, b.hands)
        random_playout(a, random.Random(seed))
        random_playout(b, random.Random(seed))
        assert to_record(a) == to_record(b)
        seen.add(a.dealt_hands)
    assert len(seen) == 8, "different seeds should give different deals"


def test_first_player_and_must_contain_after_dealing() -> None:
    deal = new_deal(PRESETS["standard"], 11, dealer=2)
    holder = next(s for s in range(4) if deal.hands[s] & 1)  # 3D is card 0
    assert deal.starting_card == 0 and deal.starting_player == holder
    assert deal.current_player == holder and deal.must_contain == 1
    tw = new_deal(PRESETS["taiwan"], 11, dealer=2)
    holder_3c = next(s for s in range(4) if tw.hands[s] & 2)  # 3C is card 1
    if tw.phase is Phase.PLAY:
        assert tw.current_player == holder_3c and tw.must_contain == 2


# ---------------------------------------------------------------------------
# Tricks
# ---------------------------------------------------------------------------

STD = PRESETS["standard"]


def test_trick_ends_after_all_others_pass_and_winner_leads() -> None:
    deal = BigTwoDeal.from_hands(STD, hands_of("3D 4C", "5D 6D", "7D 8D", "9D TD"))
    assert deal.current_player == 0
    act(deal, "3D")
    act(deal, "5D")
    act(deal, "pass")
    act(deal, "pass")
    # two passes: the trick goes on, back to seat 0
    assert deal.top is not None and deal.top.mask == parse_mask("5D")
    assert deal.current_player == 0 and PASS in deal.legal_actions()
    act(deal, "pass")
    # three passes in a row: seat 1 won the trick and leads
    assert deal.top is None
    assert deal.current_player == 1 and deal.leader == 1
    assert PASS not in deal.legal_actions()
    with pytest.raises(IllegalActionError):
        deal.apply_action(PASS)
    # the winner may lead anything: no requirement carries over
    assert {a.mask for a in deal.legal_actions() if isinstance(a, Combo)} == {parse_mask("6D")}
    act(deal, "6D")
    assert deal.is_terminal() and deal.outcome is not None and deal.outcome.winner == 1


def test_a_player_who_passed_may_play_again_without_lockout() -> None:
    deal = BigTwoDeal.from_hands(STD, hands_of("3D 4C", "5D 6D 2S", "7D 8D", "9D TD"))
    act(deal, "3D")
    act(deal, "pass")  # seat 1
    act(deal, "7D")  # seat 2
    act(deal, "pass")  # seat 3
    act(deal, "pass")  # seat 0
    assert deal.current_player == 1
    act(deal, "2S")  # seat 1 plays after having passed
    assert deal.top_player == 1


def test_trick_winner_leads_next_in_random_deals() -> None:
    """After every trick the top player leads (first_out), in many random deals."""
    for preset in PRESET_NAMES:
        for seed in range(40):
            deal = new_deal(PRESETS[preset], seed, dealer=seed % 4)
            rng = random.Random(seed)
            while not deal.is_terminal():
                action = rng.choice(deal.legal_actions())
                in_trick = deal.top is not None or isinstance(action, Combo)
                deal.apply_action(action)
                if in_trick and deal.top is None and not deal.is_terminal():
                    # the trick just ended (under pass_lockout it can end on a play)
                    assert deal.current_player == trick_winner(deal) == deal.leader
                    assert PASS not in deal.legal_actions()


# ---------------------------------------------------------------------------
# Illegal actions leave the state unchanged
# ---------------------------------------------------------------------------


def _forged(kind: ComboKind, text: str, key: int = 0, group: int = 0) -> Combo:
    return Combo(kind, parse_mask(text), key, group)


def _after(deal: BigTwoDeal, *texts: str) -> BigTwoDeal:
    for t in texts:
        act(deal, t)
    return deal


def _std_deal() -> BigTwoDeal:
    return BigTwoDeal.from_hands(
        STD, hands_of("3D 3S 4C 9H", "5D 6D 6S 2H", "4D 4H KD 2S", "9D TD JD QC")
    )


def _three_player(rule: str) -> BigTwoDeal:
    rules = rules_variant(players=3, leftover_rule=rule)
    deal = new_deal(rules, 3, dealer=0)
    assert deal.phase is Phase.LEFTOVER
    return deal


ILLEGAL: list[tuple[str, Callable[[], BigTwoDeal], Callable[[BigTwoDeal], Any]]] = [
    ("leader passes", _std_deal, lambda d: PASS),
    ("first lead without 3D", _std_deal, lambda d: classify(parse_mask("4C"), STD)),
    ("first lead pair without 3D", _std_deal, lambda d: classify(parse_mask("6D 6S"), STD)),
    ("cards not held", _std_deal, lambda d: classify(parse_mask("3D 3C"), STD)),
    ("another seat's cards", _std_deal, lambda d: classify(parse_mask("5D"), STD)),
    ("not a combination", _std_deal, lambda d: _forged(ComboKind.PAIR, "3D 4C", 1, 1)),
    ("forged key", _std_deal, lambda d: _forged(ComboKind.SINGLE, "3D", 999, 0)),
    ("forged kind", _std_deal, lambda d: _forged(ComboKind.TRIPLE, "3D", 0, 2)),
    ("choice in play phase", _std_deal, lambda d: Choice("take")),
    ("unknown choice", _std_deal, lambda d: Choice("redeal")),
    (
        "lower single",
        lambda: _after(_std_deal(), "3D", "6S"),
        lambda d: classify(parse_mask("4D"), STD),
    ),
    (
        "pair over a single",
        lambda: _after(_std_deal(), "3D", "6S"),
        lambda d: classify(parse_mask("4D 4H"), STD),
    ),
    (
        "single over a pair",
        lambda: _after(_std_deal(), "3D 3S"),
        lambda d: classify(parse_mask("2H"), STD),
    ),
    (
        "lower pair",
        lambda: _after(_std_deal(), "3D 3S", "6D 6S"),
        lambda d: classify(parse_mask("4D 4H"), STD),
    ),
    (
        "out of turn cards",
        lambda: _after(_std_deal(), "3D"),
        lambda d: classify(parse_mask("9D"), STD),
    ),
    (
        "after the end",
        lambda: _after(BigTwoDeal.from_hands(STD, hands_of("3D", "4D", "5D", "6D")), "3D"),
        lambda d: PASS,
    ),
    (
        "play after the end",
        lambda: _after(BigTwoDeal.from_hands(STD, hands_of("3D", "4D", "5D", "6D")), "3D"),
        lambda d: classify(parse_mask("4D"), STD),
    ),
    ("pass in leftover phase", lambda: _three_player("taiwan_exposed"), lambda d: PASS),
    (
        "play in leftover phase",
        lambda: _three_player("malaysian"),
        lambda d: classify(1 << cards_of(d.hands[d.to_act or 0])[0], d.rules),
    ),
    (
        "malaysian choice under taiwan_exposed",
        lambda: _three_player("taiwan_exposed"),
        lambda d: Choice("swap"),
    ),
    ("taiwan choice under malaysian", lambda: _three_player("malaysian"), lambda d: Choice("take")),
]


@pytest.mark.parametrize("name, make, action", ILLEGAL, ids=[x[0] for x in ILLEGAL])
def test_illegal_actions_raise_and_leave_the_state_unchanged(
    name: str, make: Callable[[], BigTwoDeal], action: Callable[[BigTwoDeal], Any]
) -> None:
    deal = make()
    a = action(deal)
    before = fingerprint(deal)
    assert deal.why_illegal(a)
    assert not deal.is_legal(a)
    assert a not in deal.legal_actions()
    with pytest.raises(IllegalActionError) as info:
        deal.apply_action(a)
    assert isinstance(info.value, ChupaiError) and info.value.reason
    assert fingerprint(deal) == before
    # the deal still plays on normally
    if not deal.is_terminal():
        random_playout(deal, random.Random(0))


def test_legal_actions_are_accepted_in_random_deals_and_others_rejected() -> None:
    rng = random.Random(1)
    for preset in PRESET_NAMES:
        deal = new_deal(PRESETS[preset], 99, dealer=1)
        while not deal.is_terminal():
            legal = deal.legal_actions()
            for a in legal:
                assert deal.why_illegal(a) is None
            if deal.phase is Phase.PLAY:
                seat = deal.current_player
                assert seat is not None
                other = (seat + 1) % deal.players
                stolen = [c for c in deal.combos_of(other)][:3]
                for c in stolen:
                    before = fingerprint(deal)
                    with pytest.raises(IllegalActionError):
                        deal.apply_action(c)
                    assert fingerprint(deal) == before
            deal.apply_action(rng.choice(legal))


@pytest.mark.parametrize("leader", [-1, 4, 9])
def test_leader_must_be_a_seat(leader: int) -> None:
    with pytest.raises(ValueError):
        new_deal(STD, 1, dealer=0, first_deal=False, leader=leader)
    with pytest.raises(ValueError):
        BigTwoDeal.from_hands(STD, new_deal(STD, 1).dealt_hands, first_deal=False, leader=leader)


# ---------------------------------------------------------------------------
# play_until = last_remaining
# ---------------------------------------------------------------------------

LAST = rules_variant(play_until="last_remaining")


def test_last_remaining_full_order_and_lead_passes_to_next_active() -> None:
    deal = BigTwoDeal.from_hands(LAST, hands_of("3D 2S", "5D", "4D 6D 7D", "8D 9D TD"))
    act(deal, "3D")
    act(deal, "5D")  # seat 1 goes out first: the winner
    assert deal.finished == [1] and not deal.is_terminal()
    win_hands = tuple(deal.hands)
    act(deal, "pass")  # seat 2
    act(deal, "pass")  # seat 3
    assert deal.current_player == 0
    act(deal, "2S")  # seat 0 goes out over seat 1's play
    assert deal.finished == [1, 0]
    act(deal, "pass")  # seat 2
    assert deal.top is not None and deal.current_player == 3
    act(deal, "pass")  # seat 3: trick over, its top player is out
    # the lead passes to the next active seat after seat 0 (seat 1 is out too)
    assert deal.top is None and deal.current_player == 2 and deal.leader == 2
    assert PASS not in deal.legal_actions()
    act(deal, "4D")
    act(deal, "8D")
    act(deal, "pass")  # seat 2: trick over, seat 3 leads
    assert deal.current_player == 3 and deal.top is None
    act(deal, "9D")
    act(deal, "pass")
    act(deal, "TD")  # seat 3 goes out; seat 2 is left
    assert deal.is_terminal()
    out = deal.outcome
    assert out is not None
    assert out.finishing_order == (1, 0, 3, 2)
    assert out.winner == 1
    # scoring uses the hands at the moment the winner went out (cards_wiki)
    assert out.hands == win_hands
    assert out.penalties == (1, 0, 9, 9)
    assert sum(out.scores) == 0


def test_last_remaining_lead_passes_when_the_first_player_out_led() -> None:
    deal = BigTwoDeal.from_hands(LAST, hands_of("3D", "4D 5D", "6D 7D", "8D 9D"))
    act(deal, "3D")  # seat 0 leads its last card and goes out
    assert deal.finished == [0] and deal.current_player == 1
    for _ in range(3):
        act(deal, "pass")
    assert deal.top is None and deal.current_player == 1
    act(deal, "5D")
    act(deal, "7D")
    act(deal, "9D")
    act(deal, "pass")  # seat 1 (seat 0 is skipped: out)
    act(deal, "pass")  # seat 2
    assert deal.current_player == 3 and deal.top is None
    act(deal, "8D")  # seat 3 goes out
    assert deal.finished == [0, 3]
    act(deal, "pass")  # seat 1
    act(deal, "pass")  # seat 2: the lead passes to seat 1 (after 3, 0 out)
    assert deal.current_player == 1 and deal.top is None
    act(deal, "4D")  # seat 1 goes out; seat 2 is left
    assert deal.outcome is not None and deal.outcome.finishing_order == (0, 3, 1, 2)


@pytest.mark.parametrize("preset", PRESET_NAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_last_remaining_random_deals(preset: str, players: int) -> None:
    rules = rules_variant(preset, players=players, play_until="last_remaining")
    for seed in range(30):
        deal = new_deal(rules, seed, dealer=seed % players)
        rng = random.Random(seed)
        while not deal.is_terminal():
            action = rng.choice(deal.legal_actions())
            in_trick = deal.top is not None or isinstance(action, Combo)
            deal.apply_action(action)
            if in_trick and deal.top is None and not deal.is_terminal():
                top_player = trick_winner(deal)
                active = deal.active_seats()
                assert deal.current_player in active
                if top_player in active:
                    assert deal.current_player == top_player
                else:
                    nxt = next(
                        s
                        for s in ((top_player + i) % players for i in range(1, players))
                        if s in active
                    )
                    assert deal.current_player == nxt
        out = deal.outcome
        assert out is not None
        if out.instant_win is None:
            assert sorted(out.finishing_order) == list(range(players))
            assert out.finishing_order[0] == out.winner
        replay(json.loads(json.dumps(to_record(deal))))


# ---------------------------------------------------------------------------
# Options played between and around deals (formerly unsupported)
# ---------------------------------------------------------------------------

AROUND_DEAL_OPTIONS = [
    ("ding_da", "penalty"),
    ("ding_da", "enforce"),
    ("last_card_call", "true"),
    ("redeal_max_points", "3"),
    ("redeal_two_faces", "true"),
    ("redeal_four_twos", "true"),
    ("series", "class_struggle"),
    ("series", "tribute"),
    ("pre_exchange", "true"),
]


@pytest.mark.parametrize("key, value", AROUND_DEAL_OPTIONS)
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_around_deal_options_play_a_whole_deal_that_replays(
    key: str, value: str, preset: str
) -> None:
    try:
        rules = rules_variant(preset, **{key: value})
    except RulesError:
        pytest.skip("not a valid combination with this preset (e.g. tribute needs 4 players)")
    deal = random_playout(new_deal(rules, 1), random.Random(1))
    assert deal.is_terminal() and deal.outcome is not None
    again = replay(json.loads(json.dumps(to_record(deal))))
    assert again.outcome == deal.outcome


# ---------------------------------------------------------------------------
# Records
# ---------------------------------------------------------------------------


def _finished_record(seed: int, preset: str = "standard") -> dict[str, Any]:
    deal = bot_playout(new_deal(PRESETS[preset], seed, dealer=seed % 4), seed)
    rec: dict[str, Any] = json.loads(json.dumps(to_record(deal)))
    return rec


def _index_error(rec: dict[str, Any]) -> int | None:
    with pytest.raises(RecordError) as info:
        replay(rec)
    return info.value.action_index


@pytest.mark.parametrize("seed", range(6))
def test_tampered_action_is_reported_at_its_index(seed: int) -> None:
    rec = _finished_record(seed)
    n = len(rec["actions"])
    rng = random.Random(seed)
    for i in sorted(rng.sample(range(n), min(n, 8))):
        bad = json.loads(json.dumps(rec))
        seat = bad["actions"][i]["seat"]
        # a card this seat never held: illegal wherever it appears
        foreign = next(c for c in rec["hands"][(seat + 1) % 4].split())
        bad["actions"][i]["action"] = foreign
        assert _index_error(bad) == i
        # a pass where a lead is required, or a bogus text
        bad["actions"][i]["action"] = "3D 4D"  # never a combination
        assert _index_error(bad) == i
        # the wrong seat acting
        bad = json.loads(json.dumps(rec))
        bad["actions"][i]["seat"] = (seat + 1) % 4
        assert _index_error(bad) == i
        # the steps before the bad action replay fine
        steps = replay_steps(bad)
        for _ in range(i):
            next(steps)
        with pytest.raises(RecordError):
            next(steps)


@pytest.mark.parametrize("seed", range(6))
def test_tampered_leading_pass_is_reported(seed: int) -> None:
    rec = _finished_record(seed)
    leads = [i for i, (_, prev_top) in enumerate(_tops(rec)) if prev_top is None]
    assert leads and leads[0] == 0
    for i in (leads[0], leads[-1]):
        bad = json.loads(json.dumps(rec))
        bad["actions"][i]["action"] = "pass"
        assert _index_error(bad) == i


def _tops(rec: dict[str, Any]) -> list[tuple[Any, Combo | None]]:
    """Each event of a record with the top play before it."""
    out = []
    deal = replay({**rec, "actions": [], "result": None})
    for item in rec["actions"]:
        out.append((item, deal.top))
        deal.apply_action(deal.parse_action(item["action"]))
    return out


@pytest.mark.parametrize("seed", range(6))
def test_tampered_hands_are_rejected(seed: int) -> None:
    rec = _finished_record(seed)
    hands = [parse_mask(h) for h in rec["hands"]]
    # swap the highest card of seats 1 and 2 (never 3D, so the first lead stays)
    a, b = 1 << (hands[1].bit_length() - 1), 1 << (hands[2].bit_length() - 1)
    moved = list(hands)
    moved[1], moved[2] = hands[1] & ~a | b, hands[2] & ~b | a
    bad = json.loads(json.dumps(rec))
    bad["hands"] = [format_cards(h) for h in moved]
    # with the seed kept: the hands no longer match the seed's deal
    assert _index_error(bad) is None
    # without a seed: the first action that plays a moved card is the bad one
    bad["seed"] = None
    first_use = min(
        (
            i
            for i, item in enumerate(rec["actions"])
            if item["action"] != "pass" and parse_mask(item["action"]) & (a | b)
        ),
        default=None,
    )
    assert _index_error(bad) == first_use


def test_truncated_and_extended_records_are_rejected() -> None:
    rec = _finished_record(3)
    short = {**rec, "actions": rec["actions"][:-1]}
    assert _index_error(short) is None  # a result the actions do not reach
    longer = {**rec, "actions": rec["actions"] + [{"seat": 0, "action": "pass"}]}
    assert _index_error(longer) == len(rec["actions"])
    in_progress = {**rec, "actions": rec["actions"][:-1], "result": None}
    assert not replay(in_progress).is_terminal()


def test_tampered_result_is_rejected() -> None:
    rec = _finished_record(4)
    bad = json.loads(json.dumps(rec))
    bad["result"]["scores"][0] += 1
    assert _index_error(bad) is None


@pytest.mark.parametrize("seed", range(5))
def test_record_of_a_deal_with_a_drawn_dealer_replays(seed: int) -> None:
    deal = bot_playout(new_deal(STD, seed), seed)
    again = replay(json.loads(json.dumps(to_record(deal))))
    assert again.outcome == deal.outcome


# ---------------------------------------------------------------------------
# Many seeded random-bot deals, every record replayed
# ---------------------------------------------------------------------------


def _simulate_and_replay(rules: BigTwoRules, count: int, salt: int) -> dict[str, int]:
    stats = {"deals": 0, "instant": 0, "actions": 0}
    for i in range(count):
        seed = salt * 1_000_003 + i
        deal = bot_playout(new_deal(rules, seed, dealer=i % rules.players), seed)
        out = deal.outcome
        assert out is not None
        assert_cards_conserved(deal)
        assert sum(out.scores) == 0  # every preset settles pairwise or winner-takes-all
        rec = json.loads(json.dumps(to_record(deal)))
        again = replay(rec)
        assert again.outcome == out and again.history == deal.history
        stats["deals"] += 1
        stats["instant"] += out.instant_win is not None
        stats["actions"] += len(deal.history)
    return stats


@pytest.mark.parametrize("preset", PRESET_NAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_300_random_bot_deals_replay(preset: str, players: int) -> None:
    rules = rules_variant(preset, players=players)
    stats = _simulate_and_replay(rules, 300, salt=players)
    assert stats["deals"] == 300
    assert stats["actions"] > 300 * 5


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_10000_random_bot_deals_replay(preset: str) -> None:
    stats = _simulate_and_replay(PRESETS[preset], 10_000, salt=7)
    assert stats["deals"] == 10_000
