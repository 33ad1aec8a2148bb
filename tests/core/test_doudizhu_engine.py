"""Tests of the Dou Dizhu engine (``doudizhu.md``): rules and presets, card input,
move generation against brute force, bidding and robbing (§4.3, §5), scoring
(§10.3), records, and seeded random deals replayed through their records."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterable

import pytest

from chupai.doudizhu.api import judge, moves
from chupai.doudizhu.combos import (
    SHIFTS,
    UNIT,
    Combo,
    Kind,
    beats,
    cards_text,
    classify_or_none,
    contains,
    deck_cards,
    pack,
    parse_cards,
    readings,
    size_of,
    tables,
    unpack,
)
from chupai.doudizhu.game import (
    NO_ROB,
    PASS,
    ROB,
    SHOW,
    Bid,
    DouDizhuDeal,
    Phase,
    deal_cards,
    new_deal,
)
from chupai.doudizhu.movegen import hand_combos, legal_plays
from chupai.doudizhu.record import replay, replay_steps, to_record
from chupai.doudizhu.rules import PRESETS, DouDizhuRules, resolve
from chupai.doudizhu.scoring import doubling_kinds, settle, unit
from chupai.errors import CardParseError, IllegalActionError, RecordError, RulesError
from chupai.games import find_game

CLASSIC = PRESETS["classic"]
FOUR = PRESETS["four_player"]

VARIANTS: dict[str, DouDizhuRules] = {
    "classic": CLASSIC,
    "four_player": FOUR,
    "classic+no_pair+match": resolve(
        "classic", {"four_with_two_kickers": "no_pair", "four_with_two_match": "true"}
    ),
    "classic+max3": resolve("classic", {"airplane_max_trios": "3"}),
    "four+four_with_pair": resolve("four_player", {"allow_four_with_pair": "true"}),
    "four+four_with_pair+max2": resolve(
        "four_player", {"allow_four_with_pair": "true", "airplane_max_trios": "2"}
    ),
}
"""Every preset and each combination option away from its default."""


# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------


@pytest.fixture
def rng(request: pytest.FixtureRequest) -> random.Random:
    """A ``random.Random`` seeded from the test's node id (reproducible per test)."""
    return random.Random(request.node.nodeid)


def stock(rules: DouDizhuRules) -> list[int]:
    p = rules.packs
    return [r for r in range(13) for _ in range(4 * p)] + [13] * p + [14] * p


def random_hand(rules: DouDizhuRules, n: int, rng: random.Random) -> int:
    deck = stock(rules)
    rng.shuffle(deck)
    return pack([deck[:n].count(r) for r in range(15)])


def clumped_hand(rules: DouDizhuRules, rng: random.Random, max_cards: int = 16) -> int:
    """A hand drawn from few ranks (often with runs), so that trios, bombs,
    airplanes and kicker plays are common."""
    p = rules.packs
    limit = [4 * p] * 13 + [p, p]
    counts = [0] * 15
    ranks = rng.sample(range(15), rng.randint(2, 8))
    if rng.random() < 0.6:
        s = rng.randint(0, 9)
        ranks += list(range(s, min(12, s + rng.randint(2, 5))))
    target = rng.randint(3, max_cards)
    n = 0
    while n < target and any(counts[r] < limit[r] for r in ranks):
        r = rng.choice(ranks)
        if counts[r] < limit[r]:
            counts[r] += 1
            n += 1
    return pack(counts)


def brute_force(hand: int, rules: DouDizhuRules) -> dict[tuple[int, Kind], Combo]:
    """Every sub-multiset of ``hand`` classified by ``readings``: one entry per
    multiset and kind (the kind's first, i.e. highest-key, reading)."""
    counts = unpack(hand)
    choices = [[k * UNIT[r] for k in range(c + 1)] for r, c in enumerate(counts)]
    out: dict[tuple[int, Kind], Combo] = {}
    for parts in itertools.product(*choices):
        sub = sum(parts)
        if not sub:
            continue
        for reading in readings(sub, rules):
            out.setdefault((sub, reading.kind), reading)
    return out


def generated(
    hand: int, rules: DouDizhuRules, top: Combo | None = None
) -> dict[tuple[int, Kind], Combo]:
    plays = legal_plays(hand, rules, top)
    out = {(c.cards, c.kind): c for c in plays}
    assert len(out) == len(plays), f"duplicate plays for {cards_text(hand)}"
    return out


def build(
    rules: DouDizhuRules,
    hands: dict[int, str],
    kitty: str,
    *,
    first_bidder: int,
    dealer: int = 0,
    full: dict[int, str] | None = None,
    doubled: bool = False,
) -> DouDizhuDeal:
    """A deal with the given hands (``full``: a landlord's 20/33 cards including the
    kitty) and the remaining cards handed out in rank order to the other seats."""
    kit = parse_cards(kitty, rules)
    given = {s: parse_cards(h, rules) for s, h in hands.items()}
    for s, text in (full or {}).items():
        cards = parse_cards(text, rules)
        assert contains(cards, kit), "the full hand must contain the kitty"
        given[s] = cards - kit
    rest = deck_cards(rules) - kit - sum(given.values())
    pool = [r for r, c in enumerate(unpack(rest)) for _ in range(c)]
    out = []
    for s in range(rules.players):
        if s in given:
            out.append(given[s])
        else:
            out.append(sum(UNIT[r] for r in pool[: rules.hand_size]))
            pool = pool[rules.hand_size :]
    return DouDizhuDeal.from_hands(
        rules, out, kit, dealer=dealer, first_bidder=first_bidder, doubled=doubled
    )


def act(deal: DouDizhuDeal, *texts: str) -> DouDizhuDeal:
    """Apply actions given as text (checked), each by the seat to act."""
    for text in texts:
        deal.apply_action(deal.parse_action(text))
    return deal


def random_playout(deal: DouDizhuDeal, rng: random.Random, checked: bool = False) -> DouDizhuDeal:
    apply = deal.apply_action if checked else deal.apply_unchecked
    for _ in range(5000):
        if deal.is_terminal():
            return deal
        legal = deal.legal_actions()
        apply(legal[rng.randrange(len(legal))])
    raise AssertionError("the deal did not end")


def assert_conserved(deal: DouDizhuDeal) -> None:
    total = sum(deal.hands) + sum(deal.played) + (0 if deal.kitty_taken else deal.kitty)
    assert total == deck_cards(deal.rules)


# ---------------------------------------------------------------------------
# rules and registry
# ---------------------------------------------------------------------------


def test_presets_structure() -> None:
    assert (CLASSIC.players, CLASSIC.packs, CLASSIC.hand_size, CLASSIC.kitty_size) == (3, 1, 17, 3)
    assert (FOUR.players, FOUR.packs, FOUR.hand_size, FOUR.kitty_size) == (4, 2, 25, 8)
    assert CLASSIC.four_with_two_match is False and FOUR.four_with_two_match is None
    assert FOUR.allow_four_with_pair is False and CLASSIC.allow_four_with_pair is None
    assert CLASSIC.rob_multipliers == (3, 6, 12)


@pytest.mark.parametrize(
    "preset,key",
    [
        ("classic", "players"),
        ("classic", "packs"),
        ("four_player", "hand_size"),
        ("four_player", "kitty_size"),
        ("four_player", "four_with_two_kickers"),
        ("four_player", "four_with_two_match"),
        ("classic", "allow_four_with_pair"),
        ("classic", "no_such_option"),
    ],
)
def test_resolve_rejects_keys(preset: str, key: str) -> None:
    with pytest.raises(RulesError) as info:
        resolve(preset, {key: "true"})
    assert info.value.key == key
    assert key in str(info.value)


@pytest.mark.parametrize(
    "key,value",
    [
        ("rob_multipliers", "1,2"),
        ("rob_multipliers", "none"),
        ("rob_multipliers", "3,x"),
        ("spring_multiplier", "0"),
        ("airplane_max_trios", "13"),
        ("airplane_max_trios", "1"),
        ("bidding", "twice"),
        ("ming_pai", "sometimes"),
        ("four_with_two_match", "none"),
    ],
)
def test_resolve_rejects_values(key: str, value: str) -> None:
    with pytest.raises(RulesError) as info:
        resolve("classic", {key: value})
    assert info.value.key == key


def test_rules_round_trip_and_spec() -> None:
    r = resolve("classic", {"rob_multipliers": "2,4,8", "bidding": "until_all_pass"})
    assert r.rob_multipliers == (2, 4, 8)
    assert DouDizhuRules.from_dict(json.loads(json.dumps(r.to_dict()))) == r
    assert r.spec() == "doudizhu(preset=classic,bidding=until_all_pass,rob_multipliers=2,4,8)"
    f = resolve("four_player", {"allow_four_with_pair": "true"})
    assert DouDizhuRules.from_dict(f.to_dict()) == f
    assert f.spec() == "doudizhu(preset=four_player,allow_four_with_pair=true)"
    assert DouDizhuRules.from_dict({"players": 4}) == FOUR
    for bad in (
        {"players": "3"},
        {"robbing": 1},
        {"rob_multipliers": [3, "6"]},
        {"rob_multipliers": 3},
        {"bidding": 2},
        {"unknown": 1},
        {"players": 5},
    ):
        with pytest.raises(RulesError):
            DouDizhuRules.from_dict(bad)


def test_rob_multiplier_doubles_past_the_list() -> None:
    assert [CLASSIC.rob_multiplier(k) for k in range(6)] == [1, 3, 6, 12, 24, 48]
    r = resolve("classic", {"rob_multipliers": "2"})
    assert [r.rob_multiplier(k) for k in range(4)] == [1, 2, 4, 8]


@pytest.mark.parametrize(
    "name", ["doudizhu", "Dou Dizhu", "DDZ", "fight the landlord", "斗地主", "鬥地主", "闘地主"]
)
def test_registry(name: str) -> None:
    info = find_game(name)
    assert info.key == "doudizhu"
    assert info.default_preset == "classic"
    assert info.names == {"en": "Dou Dizhu", "zh": "斗地主", "ja": "闘地主"}
    assert info.judge(info.resolve("classic", {}), "BJ RJ", None) == {
        "valid": True,
        "type": "rocket",
    }


# ---------------------------------------------------------------------------
# card input
# ---------------------------------------------------------------------------


def test_parse_cards_suits_do_not_matter() -> None:
    assert parse_cards("5S 5h 5", CLASSIC) == 3 * UNIT[2]
    assert cards_text(parse_cards("10s ah bj 3 rj", CLASSIC)) == "3 T A BJ RJ"
    assert parse_cards("3S 3S", FOUR) == 2 * UNIT[0]
    assert parse_cards("BJ BJ RJ RJ", FOUR) == 2 * UNIT[13] + 2 * UNIT[14]


@pytest.mark.parametrize(
    "rules,text,token",
    [
        (CLASSIC, "3S 3S", "3S"),
        (CLASSIC, "BJ BJ", "BJ"),
        (CLASSIC, "3 3 3 3 3", "3"),
        (CLASSIC, "3S 3 3 3 3H", "3H"),
        (FOUR, "3 3 3 3 3 3 3 3 3", "3"),
        (FOUR, "3S 3S 3S", "3S"),
        (FOUR, "RJ RJ RJ", "RJ"),
        (CLASSIC, "3 1S", "1S"),
    ],
)
def test_parse_cards_too_many_copies(rules: DouDizhuRules, text: str, token: str) -> None:
    with pytest.raises(CardParseError) as info:
        parse_cards(text, rules)
    assert info.value.token == token
    assert token in str(info.value).replace("'", " ").replace(",", " ").split()


# ---------------------------------------------------------------------------
# readings and comparisons beyond the spec tables
# ---------------------------------------------------------------------------


def test_readings_priority_order() -> None:
    found = readings(parse_cards("3 3 3 4 4 4 5 5 5 6 6 6", CLASSIC), CLASSIC)
    assert [(c.kind.value, c.key) for c in found] == [
        ("airplane", 3),
        ("airplane_singles", 3),
        ("airplane_singles", 2),
    ]
    assert readings(parse_cards("3 5", CLASSIC), CLASSIC) == []
    assert classify_or_none(pack([0, 0, 0, 4]), CLASSIC) == tables(CLASSIC).bombs[3][4]


def test_judge_over_takes_first_beating_reading() -> None:
    # 333444555666 over an airplane_singles of body 3..5: the airplane reading
    # does not beat it, the airplane_singles reading (body 4..6) does
    assert judge(CLASSIC, "3 3 3 4 4 4 5 5 5 6 6 6", "3 3 3 4 4 4 5 5 5 7 8 9") == {
        "valid": True,
        "type": "airplane_singles",
        "beats": True,
    }
    assert judge(CLASSIC, "3 3 3 4 4 4 5 5 5 6 6 6", "4 4 4 5 5 5 6 6 6 7 7 7") == {
        "valid": True,
        "type": "airplane",
        "beats": False,
    }
    assert judge(CLASSIC, "3 3 3 4 4 4 5 5 5 6 6 6") == {"valid": True, "type": "airplane"}
    with pytest.raises(CardParseError):
        judge(CLASSIC, "3", "3 4")
    assert judge(CLASSIC, "")["valid"] is False


def test_moves_listing_format() -> None:
    out = moves(CLASSIC, "3s 3 rj bj")["moves"]
    assert out == [
        {"cards": "3", "type": "single"},
        {"cards": "BJ", "type": "single"},
        {"cards": "RJ", "type": "single"},
        {"cards": "3 3", "type": "pair"},
        {"cards": "BJ RJ", "type": "rocket"},
    ]
    out = moves(CLASSIC, "3 3 3 4 4 4 5 5 5 6 6 6")["moves"]
    twelve = [m["type"] for m in out if len(m["cards"].split()) == 12]
    assert twelve == ["airplane", "airplane_singles"]
    following = moves(CLASSIC, "3 3 3 4 4 4 5 5 5 6 6 6 BJ RJ", "3 3 3 4 4 4 5 5 5 7 8 9")["moves"]
    assert following[0] == {"cards": "BJ RJ", "type": "rocket"}
    plain = [m for m in following if m["cards"] == "3 3 3 4 4 4 5 5 5 6 6 6"]
    assert plain == [{"cards": "3 3 3 4 4 4 5 5 5 6 6 6", "type": "airplane_singles"}]
    assert {m["type"] for m in following[1:]} == {"airplane_singles"}
    assert all(len(m["cards"].split()) == 12 for m in following[1:])


def test_four_with_two_match() -> None:
    r = VARIANTS["classic+no_pair+match"]
    assert judge(r, "5 5 5 5 6 6")["valid"] is False
    m = resolve("classic", {"four_with_two_match": "true"})
    assert judge(m, "5 5 5 5 6 7", "4 4 4 4 K A")["beats"] is True
    assert judge(m, "5 5 5 5 6 6", "4 4 4 4 K K")["beats"] is True
    assert judge(m, "5 5 5 5 6 6", "4 4 4 4 K A")["beats"] is False


def test_doubling_kinds() -> None:
    assert doubling_kinds(CLASSIC) == {Kind.BOMB, Kind.ROCKET}
    assert doubling_kinds(FOUR) == {Kind.ROCKET, Kind.MISSILE, Kind.HEAVEN_BOMB, Kind.HEAVEN_LORD}
    assert doubling_kinds(resolve("classic", {"bomb_doubling": "false"})) == frozenset()


def test_bomb_family_ladder_four_player() -> None:
    ladder = [
        "3 3 3 3",
        "2 2 2 2",
        "3 3 3 3 3",
        "2 2 2 2 2",
        "3 3 3 3 3 3",
        "2 2 2 2 2 2",
        "3 3 3 3 3 3 3",
        "2 2 2 2 2 2 2",
        "3 3 3 3 3 3 3 3",
        "2 2 2 2 2 2 2 2",
        "BJ BJ RJ RJ",
    ]
    combos = [classify_or_none(parse_cards(t, FOUR), FOUR) for t in ladder]
    assert all(c is not None for c in combos)
    for i, a in enumerate(combos):
        for j, b in enumerate(combos):
            assert a is not None and b is not None
            assert beats(a, b, FOUR) == (i > j), (ladder[i], ladder[j])


# ---------------------------------------------------------------------------
# move generation against brute force
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(VARIANTS))
def test_movegen_matches_brute_force_small(name: str, rng: random.Random) -> None:
    rules = VARIANTS[name]
    for i in range(120):
        hand = clumped_hand(rules, rng) if i % 2 else random_hand(rules, rng.randint(1, 12), rng)
        assert generated(hand, rules) == brute_force(hand, rules), cards_text(hand)


@pytest.mark.parametrize(
    "name", ["classic", "four_player", "classic+no_pair+match", "four+four_with_pair"]
)
def test_movegen_following_matches_brute_force(name: str, rng: random.Random) -> None:
    rules = VARIANTS[name]
    for _ in range(60):
        hand = clumped_hand(rules, rng, 13)
        every = brute_force(hand, rules)
        other = hand_combos(clumped_hand(rules, rng, 14), rules)
        for top in rng.sample(other, min(6, len(other))):
            want = {k: c for k, c in every.items() if beats(c, top, rules)}
            assert generated(hand, rules, top) == want, (cards_text(hand), top)


@pytest.mark.parametrize(
    "rules,size,count",
    [
        (CLASSIC, 17, 2),
        (CLASSIC, 20, 2),
        (FOUR, 25, 1),
    ],
)
def test_movegen_matches_brute_force_full_hands(
    rules: DouDizhuRules, size: int, count: int, rng: random.Random
) -> None:
    for _ in range(count):
        hand = random_hand(rules, size, rng)
        assert generated(hand, rules) == brute_force(hand, rules), cards_text(hand)


@pytest.mark.slow
@pytest.mark.parametrize(
    "rules,size,count",
    [
        (CLASSIC, 17, 10),
        (CLASSIC, 20, 10),
        (FOUR, 25, 5),
        (VARIANTS["classic+no_pair+match"], 20, 5),
        (VARIANTS["four+four_with_pair"], 25, 3),
    ],
)
def test_movegen_matches_brute_force_full_hands_many(
    rules: DouDizhuRules, size: int, count: int, rng: random.Random
) -> None:
    for _ in range(count):
        hand = random_hand(rules, size, rng)
        assert generated(hand, rules) == brute_force(hand, rules), cards_text(hand)


def test_movegen_big_airplane_hand() -> None:
    hand = parse_cards("3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 9 T", CLASSIC)
    assert generated(hand, CLASSIC) == brute_force(hand, CLASSIC)
    kinds = {c.kind for c in hand_combos(hand, CLASSIC)}
    assert {Kind.AIRPLANE, Kind.AIRPLANE_SINGLES, Kind.AIRPLANE_PAIRS} <= kinds


# ---------------------------------------------------------------------------
# deal, bidding (§4.3) and robbing (§5)
# ---------------------------------------------------------------------------


def test_new_deal_marker_and_dealing() -> None:
    for seed in range(30):
        for rules in (CLASSIC, FOUR):
            deal = new_deal(rules, seed)
            dealer, hands, kitty, m, marker = deal_cards(rules, seed)
            assert deal.dealer == dealer and deal.marker_index == m and deal.marker == marker
            assert 0 <= m < rules.players * rules.hand_size
            assert deal.first_bidder == (dealer + m) % rules.players
            assert (hands[deal.first_bidder] >> SHIFTS[marker]) & 31 >= 1
            assert all(size_of(h) == rules.hand_size for h in hands)
            assert size_of(kitty) == rules.kitty_size
            assert sum(hands) + kitty == deck_cards(rules)
            assert deal.current_player == deal.first_bidder and deal.phase is Phase.BID
            # a given dealer leaves the shuffle unchanged: hands rotate
            d2 = deal_cards(rules, seed, (dealer + 1) % rules.players)
            assert d2[1] == hands[-1:] + hands[:-1] and d2[2] == kitty and d2[3] == m


def _classic(first_bidder: int = 1, **opts: str) -> DouDizhuDeal:
    rules = resolve("classic", opts) if opts else CLASSIC
    deal = new_deal(rules, 5)
    return DouDizhuDeal.from_hands(rules, deal.dealt_hands, deal.kitty, first_bidder=first_bidder)


def test_bidding_examples_4_3() -> None:
    d = act(_classic(), "pass", "bid 1", "bid 2")
    assert (d.first_landlord, d.bid) == (0, 2)
    d = act(_classic(), "bid 3")
    assert (d.first_landlord, d.bid, d.bids) == (1, 3, [(1, 3)])
    d = act(_classic(robbing="false"), "bid 1", "pass", "pass")
    assert (d.landlord, d.bid, d.phase) == (1, 1, Phase.PLAY)
    d = act(_classic(), "bid 2")
    assert d.current_player == 2
    assert d.legal_actions() == [Bid(3), PASS]
    with pytest.raises(IllegalActionError):
        d.apply_action(Bid(1))
    with pytest.raises(IllegalActionError):
        d.apply_action(Bid(2))
    d = act(_classic(), "pass", "pass", "pass")
    assert d.is_terminal() and d.outcome is not None and d.outcome.redeal
    assert d.returns() == [0, 0, 0] and d.outcome.next_doubled is False


def test_bidding_until_all_pass() -> None:
    d = act(_classic(bidding="until_all_pass"), "bid 1", "bid 2", "pass")
    assert d.current_player == 1 and d.phase is Phase.BID
    act(d, "pass")
    assert (d.first_landlord, d.bid) == (2, 2)
    d = act(_classic(bidding="until_all_pass"), "bid 1", "pass", "bid 2", "pass")
    assert (d.first_landlord, d.bid) == (0, 2)
    d = act(_classic(bidding="until_all_pass"), "pass", "pass", "bid 1")
    assert (d.first_landlord, d.bid) == (0, 1)
    d = act(_classic(bidding="until_all_pass"), "pass", "pass", "pass")
    assert d.outcome is not None and d.outcome.redeal


def test_robbing_examples_5() -> None:
    d = act(_classic(), "pass", "bid 1", "bid 2")
    assert d.phase is Phase.ROB and d.current_player == 2  # seat 1 passed: skipped
    act(d, "rob")
    assert (d.landlord, d.current_player) == (2, 0)
    act(d, "rob")
    assert (d.landlord, d.bid, d.robs, d.rules.rob_multiplier(d.robs)) == (0, 2, 2, 6)
    assert d.phase is Phase.PLAY and d.current_player == 0 and size_of(d.hands[0]) == 20

    d = act(_classic(), "bid 3")
    assert d.current_player == 2
    act(d, "no")
    assert d.current_player == 0
    act(d, "rob")
    assert d.current_player == 1
    act(d, "no")
    assert (d.landlord, d.bid, d.robs) == (0, 3, 1)

    d = act(_classic(), "bid 1", "pass", "pass")
    assert (d.phase, d.landlord, d.robs) == (Phase.PLAY, 1, 0)

    # seat 1 bid and was outbid: eligible; seat 2 passed: skipped; L0 = 0 last
    d = act(_classic(), "bid 2", "pass", "bid 3")
    assert d.phase is Phase.ROB and d.current_player == 1
    act(d, "no")
    assert (d.landlord, d.robs) == (0, 0) and d.phase is Phase.PLAY

    rules = FOUR
    deal = new_deal(rules, 3)
    d = DouDizhuDeal.from_hands(rules, deal.dealt_hands, deal.kitty, first_bidder=1)
    act(d, "bid 3")
    order = []
    for _ in range(4):
        order.append(d.current_player)
        act(d, "rob")
    assert order == [2, 3, 0, 1]
    assert (d.landlord, d.bid, d.robs, rules.rob_multiplier(d.robs)) == (1, 3, 4, 24)
    assert size_of(d.hands[1]) == 33


def test_rob_phase_actions() -> None:
    d = act(_classic(), "bid 3")
    assert d.legal_actions() == [ROB, NO_ROB]
    assert d.parse_action("pass") == NO_ROB
    assert not d.is_legal(PASS) and not d.is_legal(Bid(3))


def test_redeal_doubled_once() -> None:
    d = act(_classic(all_pass="redeal_doubled_once"), "pass", "pass", "pass")
    assert d.outcome is not None and d.outcome.redeal and d.outcome.next_doubled
    rules = d.rules
    again = new_deal(rules, 6, dealer=(d.dealer + 1) % 3, doubled=True)
    while again.current_player is not None and again.phase is Phase.BID:
        act(again, "pass")
    assert again.outcome is not None and again.outcome.redeal
    assert again.outcome.next_doubled is False  # only once more


# ---------------------------------------------------------------------------
# play
# ---------------------------------------------------------------------------


def test_play_turns_show_hand_and_observation() -> None:
    d = build(
        CLASSIC,
        {},
        "2 BJ RJ",
        first_bidder=1,
        full={1: "3 4 5 5 5 5 6 7 8 9 T J Q K A 2 2 2 BJ RJ"},
    )
    act(d, "bid 3", "no", "no")
    assert d.landlord == 1 and d.current_player == 1
    legal = d.legal_actions()
    assert legal[-1] == SHOW and PASS not in legal
    obs0 = d.observe(0)
    assert obs0.kitty == parse_cards("2 BJ RJ", CLASSIC) and obs0.landlord_hand is None
    assert obs0.hand == d.hands[0] and obs0.hand_counts == (17, 20, 17)
    act(d, "show")
    assert d.observe(2).landlord_hand == d.hands[1]
    assert SHOW not in d.legal_actions() and d.current_player == 1
    act(d, "3")
    assert d.current_player == 2 and d.legal_actions()[-1] == PASS
    assert not d.is_legal(SHOW)
    act(d, "pass", "pass")
    assert d.current_player == 1 and d.top is None  # trick over: top player leads
    with pytest.raises(IllegalActionError):
        d.apply_action(PASS)
    with pytest.raises(IllegalActionError):
        d.apply_action(d.parse_action("3 3"))  # seat 1 holds no 3 any more


def test_observation_hides_other_hands() -> None:
    deal = new_deal(CLASSIC, 11)
    hands = list(deal.dealt_hands)
    a, b = [s for s in range(3) if s != 0][:2]
    # swap one card between the two other seats: seat 0's view must not change
    ra = next(
        r for r in range(15) if (hands[a] >> SHIFTS[r]) & 31 and not (hands[b] >> SHIFTS[r]) & 31
    )
    rb = next(
        r for r in range(15) if (hands[b] >> SHIFTS[r]) & 31 and not (hands[a] >> SHIFTS[r]) & 31
    )
    swapped = list(hands)
    swapped[a] += UNIT[rb] - UNIT[ra]
    swapped[b] += UNIT[ra] - UNIT[rb]
    d1 = DouDizhuDeal.from_hands(CLASSIC, hands, deal.kitty, first_bidder=0)
    d2 = DouDizhuDeal.from_hands(CLASSIC, swapped, deal.kitty, first_bidder=0)
    assert d1.observe(0) == d2.observe(0)
    assert d1.observe(a) != d2.observe(a)


def test_clone_is_independent() -> None:
    deal = new_deal(CLASSIC, 21)
    rng = random.Random(1)
    for _ in range(8):
        deal.apply_action(rng.choice(deal.legal_actions()))
    assert not deal.is_terminal()
    before = to_record(deal)
    copy = deal.clone()
    random_playout(copy, random.Random(2))
    assert copy.is_terminal() and not deal.is_terminal()
    assert to_record(deal) == before
    child = deal.child(deal.legal_actions()[0])
    assert len(child.history) == len(deal.history) + 1
    assert to_record(deal) == before


def test_parse_action_and_text_round_trip() -> None:
    d = build(
        CLASSIC, {}, "7 8 9", first_bidder=0, full={0: "3 3 3 4 4 4 5 5 5 6 6 6 7 8 9 T J Q K A"}
    )
    act(d, "bid 3", "no", "no")
    plane = d.parse_action("3 3 3 4 4 4 5 5 5 6 6 6")
    assert isinstance(plane, Combo) and plane.kind is Kind.AIRPLANE
    wings = d.parse_action("3 3 3 4 4 4 5 5 5 6 6 6 airplane_singles")
    assert isinstance(wings, Combo) and wings.kind is Kind.AIRPLANE_SINGLES and wings.key == 3
    assert d.action_text(wings) == "3 3 3 4 4 4 5 5 5 6 6 6 airplane_singles"
    assert d.action_text(d.parse_action("7 8 9 T J")) == "7 8 9 T J"
    assert d.parse_action(d.action_text(wings)) == wings
    with pytest.raises(IllegalActionError):
        d.parse_action("3 3 3 4 4 4 5 5 5 6 6 6 straight")
    with pytest.raises(IllegalActionError):
        d.parse_action("3 5")
    with pytest.raises(CardParseError):
        d.parse_action("3S 3S")
    # a lower-key reading of the same kind is not a legal move
    low = readings(wings.cards, CLASSIC)[2]
    assert low.kind is Kind.AIRPLANE_SINGLES and low.key == 2 and not d.is_legal(low)
    assert d.is_legal(wings) and wings in d.legal_actions()


# ---------------------------------------------------------------------------
# scoring (§10.3)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "preset,kw,won,u,lord_score",
    [
        ("classic", dict(bid=3, robs=1, doubling_bombs=2), True, 36, 72),
        ("classic", dict(bid=2, robs=0, doubling_bombs=0), False, 2, -4),
        ("classic", dict(bid=3, robs=0, doubling_bombs=0), True, 3, 6),
        ("classic", dict(bid=2, robs=2, doubling_bombs=1, spring=True), True, 48, 96),
        ("classic", dict(bid=3, robs=0, doubling_bombs=1, anti_spring=True), False, 12, -24),
        ("classic", dict(bid=2, robs=0, doubling_bombs=0, shown=True), True, 4, 8),
        ("classic", dict(bid=2, robs=0, doubling_bombs=0, shown=True), False, 2, -4),
        ("classic", dict(bid=2, robs=0, doubling_bombs=3), True, 16, 32),
        ("four_player", dict(bid=3, robs=1, doubling_bombs=1), True, 18, 54),
        ("four_player", dict(bid=1, robs=0, doubling_bombs=2), False, 4, -12),
        ("classic", dict(bid=2, robs=0, doubling_bombs=0, doubled=True), True, 4, 8),
    ],
)
def test_scoring_examples_10_3(
    preset: str, kw: dict[str, int], won: bool, u: int, lord_score: int
) -> None:
    rules = PRESETS[preset]
    args = dict(spring=False, anti_spring=False, shown=False, doubled=False) | kw
    got = unit(rules, landlord_won=won, **args)  # type: ignore[arg-type]
    assert got == u
    scores = settle(rules, landlord=1, landlord_won=won, unit=got)
    assert scores[1] == lord_score and sum(scores) == 0
    assert all(s == -lord_score // (rules.players - 1) for i, s in enumerate(scores) if i != 1)


def test_scoring_ming_pai_always_and_thunder() -> None:
    always = resolve("classic", {"ming_pai": "always"})
    assert (
        unit(
            always,
            bid=2,
            robs=0,
            doubling_bombs=0,
            spring=False,
            anti_spring=False,
            shown=True,
            landlord_won=False,
            doubled=False,
        )
        == 4
    )
    thunder = resolve("classic", {"spring_thunder_multiplier": "3", "spring_multiplier": "3"})
    assert (
        unit(
            thunder,
            bid=1,
            robs=0,
            doubling_bombs=1,
            spring=True,
            anti_spring=False,
            shown=False,
            landlord_won=True,
            doubled=False,
        )
        == 1 * 2 * 3 * 3
    )
    assert (
        unit(
            thunder,
            bid=1,
            robs=0,
            doubling_bombs=0,
            spring=True,
            anti_spring=False,
            shown=False,
            landlord_won=True,
            doubled=False,
        )
        == 3
    )
    with pytest.raises(ValueError):
        unit(
            CLASSIC,
            bid=1,
            robs=0,
            doubling_bombs=0,
            spring=True,
            anti_spring=False,
            shown=False,
            landlord_won=False,
            doubled=False,
        )


def _outcome(deal: DouDizhuDeal) -> tuple[int, ...]:
    assert deal.outcome is not None
    o = deal.outcome
    return (o.unit, *o.scores)


def test_scoring_example_1_deal() -> None:
    d = build(
        CLASSIC,
        {},
        "2 BJ RJ",
        first_bidder=1,
        full={2: "3 4 5 5 5 5 6 7 8 9 T J Q K A 2 2 2 BJ RJ"},
    )
    act(d, "bid 3", "rob", "no", "no")
    assert d.landlord == 2 and d.robs == 1
    act(
        d,
        "3",
        "6",
        "pass",
        "5 5 5 5",
        "pass",
        "pass",
        "BJ RJ",
        "pass",
        "pass",
        "6 7 8 9 T J Q K A",
        "pass",
        "pass",
        "2 2 2 4",
    )
    o = d.outcome
    assert o is not None and o.landlord_won and o.side == "landlord" and o.bombs == 2
    assert not o.spring and o.rob_multiplier == 3
    assert _outcome(d) == (36, -36, -36, 72)


def test_scoring_example_2_deal() -> None:
    d = build(CLASSIC, {2: "2 3 4 5 6 7 8 9 T J Q K A A A 7 7"}, "Q K A", first_bidder=1)
    act(d, "bid 2", "pass", "pass")
    assert d.landlord == 1 and d.phase is Phase.PLAY
    lord = d.hands[1]
    low = min(r for r in range(15) if (lord >> SHIFTS[r]) & 31)
    act(d, cards_text(UNIT[low]), "pass", "pass")
    lord = d.hands[1]
    low2 = min(r for r in range(15) if (lord >> SHIFTS[r]) & 31)
    assert low2 < 12
    act(
        d,
        cards_text(UNIT[low2]),
        "2",
        "pass",
        "pass",
        "3 4 5 6 7 8 9 T J Q K",
        "pass",
        "pass",
        "A A A 7 7",
    )
    assert d.outcome is not None and d.outcome.side == "peasants" and not d.outcome.anti_spring
    assert _outcome(d) == (2, 2, -4, 2)


def test_scoring_example_3_deal() -> None:
    d = build(
        CLASSIC, {}, "K K K", first_bidder=1, full={1: "3 2 5 6 7 8 9 T J Q K A 8 8 8 9 9 K K K"}
    )
    act(
        d,
        "bid 3",
        "no",
        "no",
        "3",
        "T",
        "pass",
        "2",
        "pass",
        "pass",
        "5 6 7 8 9 T J Q K A",
        "pass",
        "pass",
        "8 8 8 9 9",
        "pass",
        "pass",
        "K K K",
    )
    assert _outcome(d) == (3, -3, 6, -3)


def test_scoring_example_4_deal_spring() -> None:
    d = build(
        CLASSIC, {}, "A A A", first_bidder=1, full={0: "3 3 3 3 4 5 6 7 8 9 T J Q K A A A 2 2 BJ"}
    )
    act(d, "pass", "bid 1", "bid 2", "rob", "rob")
    assert (d.landlord, d.bid, d.robs) == (0, 2, 2)
    act(
        d,
        "3 3 3 3",
        "pass",
        "pass",
        "4 5 6 7 8 9 T J Q K",
        "pass",
        "pass",
        "A A A 2 2",
        "pass",
        "pass",
        "BJ",
    )
    o = d.outcome
    assert o is not None and o.spring and o.bombs == 1
    assert _outcome(d) == (48, 96, -48, -48)


def test_scoring_example_5_deal_anti_spring() -> None:
    d = build(CLASSIC, {2: "7 7 7 7 8 9 T J Q K A 2 2 2 5 5 6"}, "3 3 3", first_bidder=1)
    act(d, "bid 3", "no", "no")
    lord = d.hands[1]
    low = min(r for r in range(15) if (lord >> SHIFTS[r]) & 31)
    act(
        d,
        cards_text(UNIT[low]),
        "7 7 7 7",
        "pass",
        "pass",
        "8 9 T J Q K A",
        "pass",
        "pass",
        "2 2 2 5 5",
        "pass",
        "pass",
        "6",
    )
    o = d.outcome
    assert o is not None and o.anti_spring and o.bombs == 1
    assert _outcome(d) == (12, 12, -24, 12)


@pytest.mark.parametrize(
    "ming,won,u", [("win_only", True, 4), ("win_only", False, 2), ("always", False, 4)]
)
def test_scoring_example_6_deal_ming_pai(ming: str, won: bool, u: int) -> None:
    rules = resolve("classic", {"ming_pai": ming})
    if won:
        d = build(
            rules, {}, "K K K", first_bidder=1, full={1: "3 2 5 6 7 8 9 T J Q K A 8 8 8 9 9 K K K"}
        )
        act(
            d,
            "bid 2",
            "pass",
            "pass",
            "show",
            "3",
            "T",
            "pass",
            "2",
            "pass",
            "pass",
            "5 6 7 8 9 T J Q K A",
            "pass",
            "pass",
            "8 8 8 9 9",
            "pass",
            "pass",
            "K K K",
        )
    else:
        d = build(rules, {2: "2 3 4 5 6 7 8 9 T J Q K A A A 7 7"}, "Q K A", first_bidder=1)
        act(d, "bid 2", "pass", "pass", "show")
        lows = [r for r in range(12) if (d.hands[1] >> SHIFTS[r]) & 31][:2]
        act(
            d,
            cards_text(UNIT[lows[0]]),
            "pass",
            "pass",
            cards_text(UNIT[lows[1]]),
            "2",
            "pass",
            "pass",
            "3 4 5 6 7 8 9 T J Q K",
            "pass",
            "pass",
            "A A A 7 7",
        )
    o = d.outcome
    assert o is not None and o.landlord_won is won and d.shown
    assert o.unit == u and o.scores[1] == (2 * u if won else -2 * u)


def test_scoring_example_7_deal_bombs_beaten() -> None:
    d = build(
        CLASSIC,
        {2: "7 7 7 7 3 3 3 4 4 4 5 5 5 6 6 6 8", 0: "9 9 9 9 8 8 8 T T T J J J Q Q Q K"},
        "K K K",
        first_bidder=1,
        full={1: "3 4 5 6 T J Q K K K A A A A 2 2 2 2 BJ RJ"},
    )
    act(d, "bid 2", "pass", "pass", "3", "7 7 7 7", "9 9 9 9", "BJ RJ", "pass", "pass")
    for lead in ("K K K 4", "A A A 5", "2 2 2 6", "T", "J", "Q", "A"):
        act(d, lead, "pass", "pass")
    act(d, "2")
    o = d.outcome
    assert o is not None and o.bombs == 3 and o.landlord_won and not o.spring
    assert _outcome(d) == (16, -16, 32, -16)


def test_scoring_example_8_deal_four_player_no_spring() -> None:
    d = build(
        FOUR,
        {3: "3 4 5 6 7 8 9 T J Q K A 3 3 4 4 5 5 6 6 7 7 8 8 9"},
        "2 2 2 2 2 2 A A",
        first_bidder=1,
        full={2: "3 3 3 3 3 T 5 6 7 8 9 T J Q K A 4 5 6 7 8 9 T J Q K A 2 2 2 2 2 2"},
    )
    act(d, "bid 3", "rob", "no", "no", "no")
    act(
        d,
        "T",
        "J",
        "pass",
        "pass",
        "3 3 3 3 3",
        "pass",
        "pass",
        "pass",
        "2 2 2 2 2 2",
        "pass",
        "pass",
        "pass",
        "5 6 7 8 9 T J Q K A",
        "pass",
        "pass",
        "pass",
        "5 6 7 8 9 T J Q K A",
        "pass",
        "pass",
        "pass",
        "4",
    )
    o = d.outcome
    assert o is not None and o.bombs == 1 and o.landlord_won and not o.spring
    assert o.unit == 18 and o.scores == (-18, -18, 54, -18)


def test_scoring_example_9_deal_four_player() -> None:
    d = build(
        FOUR,
        {2: "BJ BJ RJ RJ 9 9 9 9 9 9 9 3 4 5 6 7 8 T J Q K A 2 3 4"},
        "A A A A A A A 2",
        first_bidder=1,
    )
    act(d, "bid 1", "pass", "pass", "pass")
    assert (d.landlord, d.robs, d.phase) == (1, 0, Phase.PLAY)
    low = min(r for r in range(12) if (d.hands[1] >> SHIFTS[r]) & 31)
    act(
        d,
        cards_text(UNIT[low]),
        "BJ BJ RJ RJ",
        "pass",
        "pass",
        "pass",
        "3",
        "pass",
        "pass",
        "A",
        "9 9 9 9 9 9 9",
        "pass",
        "pass",
        "pass",
    )
    for lead in ("3 4 5 6 7 8", "T J Q K A", "2"):
        act(d, lead, "pass", "pass", "pass")
    act(d, "4")
    o = d.outcome
    assert o is not None and not o.landlord_won and o.bombs == 2 and not o.anti_spring
    assert _outcome(d) == (4, 4, -12, 4, 4)


def test_scoring_example_10_deal_doubled() -> None:
    rules = resolve("classic", {"all_pass": "redeal_doubled_once"})
    d = build(
        rules,
        {},
        "K K K",
        first_bidder=1,
        doubled=True,
        full={1: "3 2 5 6 7 8 9 T J Q K A 8 8 8 9 9 K K K"},
    )
    act(
        d,
        "bid 2",
        "pass",
        "pass",
        "3",
        "T",
        "pass",
        "2",
        "pass",
        "pass",
        "5 6 7 8 9 T J Q K A",
        "pass",
        "pass",
        "8 8 8 9 9",
        "pass",
        "pass",
        "K K K",
    )
    assert d.outcome is not None and d.outcome.doubled == 2
    assert _outcome(d) == (4, -4, 8, -4)


# ---------------------------------------------------------------------------
# records
# ---------------------------------------------------------------------------


def test_record_round_trip_and_json() -> None:
    deal = random_playout(new_deal(CLASSIC, 3), random.Random(3), checked=True)
    rec = json.loads(json.dumps(to_record(deal), ensure_ascii=False))
    assert rec["game"] == "doudizhu" and rec["format"] == "chupai-record" and rec["version"] == 1
    assert rec["marker_index"] == deal.marker_index and isinstance(rec["hands"][0], str)
    again = replay(rec)
    assert again.outcome == deal.outcome and again.history == deal.history
    steps = list(replay_steps(rec))
    assert len(steps) == len(rec["actions"])


def test_record_tampered_action() -> None:
    seed = 4
    while True:
        deal = random_playout(new_deal(CLASSIC, seed), random.Random(seed), checked=True)
        if deal.outcome is not None and not deal.outcome.redeal:
            break
        seed += 1
    rec = to_record(deal)
    # replace the first play by a card the player does not hold / an illegal bid
    rec["actions"][0] = {"seat": rec["actions"][0]["seat"], "action": "bid 4"}
    with pytest.raises(RecordError) as info:
        replay(rec)
    assert info.value.action_index == 0
    rec = to_record(deal)
    i = next(i for i, a in enumerate(rec["actions"]) if a["action"] == "pass" and i > 6)
    rec["actions"][i] = {"seat": rec["actions"][i]["seat"], "action": "rob"}
    with pytest.raises(RecordError) as info:
        replay(rec)
    assert info.value.action_index == i
    rec = to_record(deal)
    rec["actions"] = rec["actions"][:-1]
    with pytest.raises(RecordError):
        replay(rec)
    rec = to_record(deal)
    rec["result"]["unit"] += 1
    with pytest.raises(RecordError):
        replay(rec)


@pytest.mark.parametrize(
    "key,value",
    [
        ("seed", "1"),
        ("seed", True),
        ("dealer", 1.0),
        ("dealer", None),
        ("hands", "3 4"),
        ("hands", [1, 2, 3]),
        ("kitty", 5),
        ("rules", []),
        ("rules", {"players": "3"}),
        ("rules", {"rob_multipliers": "3,6"}),
        ("marker_index", "2"),
        ("marker", 3),
        ("marker", "Z"),
        ("first_bidder", "0"),
        ("doubled", "no"),
        ("actions", {}),
        ("result", []),
        ("version", True),
        ("game", "bigtwo"),
        ("marker_index", 999),
    ],
)
def test_record_header_types(key: str, value: object) -> None:
    deal = random_playout(new_deal(CLASSIC, 8), random.Random(8))
    rec = to_record(deal)
    rec[key] = value
    with pytest.raises(RecordError):
        replay(rec)


def test_record_actions_malformed_entries() -> None:
    deal = random_playout(new_deal(CLASSIC, 9), random.Random(9))
    for bad in (["bid 1"], {"seat": "0", "action": "bid 1"}, {"seat": 0, "action": 3}, None):
        rec = to_record(deal)
        rec["actions"][0] = bad
        with pytest.raises(RecordError) as info:
            replay(rec)
        assert info.value.action_index == 0
    rec = to_record(deal)
    rec["hands"][0], rec["hands"][1] = rec["hands"][1], rec["hands"][0]
    with pytest.raises(RecordError):
        replay(rec)


# ---------------------------------------------------------------------------
# seeded random deals replayed through their records
# ---------------------------------------------------------------------------


def _random_deals(rules: DouDizhuRules, seeds: Iterable[int]) -> None:
    for seed in seeds:
        deal = new_deal(rules, seed)
        rng = random.Random(seed)
        while not deal.is_terminal():
            legal = deal.legal_actions()
            assert legal
            deal.apply_unchecked(legal[rng.randrange(len(legal))])
        assert_conserved(deal)
        o = deal.outcome
        assert o is not None and sum(o.scores) == 0
        if not o.redeal:
            assert size_of(deal.hands[o.winner]) == 0  # type: ignore[index]
            assert (
                o.unit
                == o.bid
                * o.rob_multiplier
                * (1 << o.bombs)
                * o.spring_factor
                * o.thunder
                * o.ming
                * o.doubled
            )
        rec = json.loads(json.dumps(to_record(deal)))
        again = replay(rec)
        assert again.outcome == o


@pytest.mark.parametrize("preset", ["classic", "four_player"])
def test_random_deals_replay(preset: str) -> None:
    _random_deals(PRESETS[preset], range(300))


@pytest.mark.parametrize(
    "overrides",
    [
        {"bidding": "until_all_pass", "all_pass": "redeal_doubled_once"},
        {"robbing": "false", "ming_pai": "always", "bomb_doubling": "false"},
        {"ming_pai": "off", "four_with_two_kickers": "no_pair", "four_with_two_match": "true"},
    ],
)
def test_random_deals_replay_variants(overrides: dict[str, str]) -> None:
    _random_deals(resolve("classic", overrides), range(60))


def test_random_deals_replay_four_player_variant() -> None:
    _random_deals(
        resolve("four_player", {"allow_four_with_pair": "true", "bidding": "until_all_pass"}),
        range(60),
    )


def test_random_deals_checked_legal_actions() -> None:
    """Every listed legal action is accepted by the checked path, and plays are
    exactly the move generator's plays."""
    for seed in range(40):
        rules = CLASSIC if seed % 2 else FOUR
        deal = new_deal(rules, seed)
        rng = random.Random(seed)
        while not deal.is_terminal():
            legal = deal.legal_actions()
            for a in legal:
                assert deal.is_legal(a), deal.action_text(a)
            if deal.phase is Phase.PLAY:
                seat = deal.current_player
                assert seat is not None
                plays = [a for a in legal if isinstance(a, Combo)]
                want = legal_plays(deal.hands[seat], rules, deal.top)
                assert sorted(plays) == sorted(want)
            deal.apply_action(legal[rng.randrange(len(legal))])


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["classic", "four_player"])
def test_random_deals_replay_many(preset: str) -> None:
    _random_deals(PRESETS[preset], range(10_000))
