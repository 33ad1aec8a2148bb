"""The Big A bots (``chupai.bots.biga`` and the search bot on Big A): hand
decomposition, control, team knowledge, legality in every phase (declarations,
the second Ace, revealing, captures), determinism, decisions from the observation
alone, set positions, the search bot's budget, and strength on duplicate deals."""

from __future__ import annotations

import dataclasses
import random
import time
from collections import Counter
from typing import Any

import pytest

from chupai.actions import PASS
from chupai.biga.cards import DECK, SHIFTS, UNIT, normalize, parse_cards, size_of
from chupai.biga.combos import Combo, Kind, classify
from chupai.biga.game import (
    DECLINE,
    KEEP_HIDDEN,
    REVEAL,
    SHOW_SECOND,
    STAY_HIDDEN,
    BigADeal,
    Capture,
    Choice,
    Declare,
    Phase,
    new_deal,
)
from chupai.biga.rules import STANDARD, BigARules, resolve
from chupai.biga.sampling import sample_deal
from chupai.bots import RandomBot, bot_names, make_bot
from chupai.bots.biga import (
    TURN,
    BigAGreedyBot,
    BigAHeuristicBot,
    beatable,
    decompose,
    strength,
    team_of,
)
from chupai.bots.search import SearchBot, prune_candidates

H = 2  # hearts: the Big Ace suit of the set positions


def _cards(text: str, big: int | None = H) -> int:
    return normalize(parse_cards(text, big), big)


def _kinds(text: str, rules: BigARules = STANDARD) -> list[str]:
    return sorted(g.kind.value for g in decompose(_cards(text), rules, H).groups)


def _texts(text: str, rules: BigARules = STANDARD) -> list[str]:
    return sorted(
        classify(g.cards, rules, H).text(H, rules)  # type: ignore[union-attr]
        for g in decompose(_cards(text), rules, H).groups
    )


# ----- decomposition -------------------------------------------------------------------------


def test_decompose_finds_sequences_and_keeps_bombs_and_controls() -> None:
    # a pair sequence, a sequence, an egg, the jokers kept as a bomb, the Big Ace alone
    assert _texts("5 6 7 8 9 9 T T J J K K K BJ RJ AH") == sorted(
        ["5 6 7 8", "9 9 T T J J", "K K K", "BJ RJ", "AH"]
    )
    # four or more of a rank stay a big egg, never feeding a sequence
    texts = _texts("5 6 7 7 7 7 8 9")
    assert "7 7 7 7" in texts
    # an Ace at the bottom of a sequence (A 2 3 ...) and the Ace at the top
    assert "A 2 3 4 5" in _texts("A 2 3 4 5 9 9")
    assert "Q K A" in _texts("Q K A 8 8")
    # two Big Aces are the top bomb; three jokers one bomb
    assert _kinds("AH AH BJ BJ RJ 4") == ["single", "three_jokers", "two_big_aces"]


def test_decompose_prefers_fewer_plays() -> None:
    plan = decompose(_cards("4 5 6 7 8 9 T J"), STANDARD, H)
    assert plan.turns == 1
    plan = decompose(_cards("4 4 5 5 6 6 7 7"), STANDARD, H)
    assert plan.turns == 1 and plan.groups[0].kind is Kind.PAIR_SEQUENCE
    # the chain order A 2 3 ... K A: K A 2 is no sequence
    assert decompose(_cards("K A 2"), STANDARD, H).turns == 3
    chain = resolve("standard", {"sequence_order": "chain_four_to_three"})
    assert decompose(_cards("K A 2"), chain, H).turns == 1


@pytest.mark.parametrize(
    "over", [{}, {"sequence_order": "chain_four_to_three"}, {"rank_order": "ace_high"}]
)
def test_every_plan_partitions_the_hand_into_real_combinations(over: dict[str, str]) -> None:
    rules = resolve("standard", over)
    rng = random.Random(7)
    deck = normalize(DECK, H)
    faces = [f for f in range(19) for _ in range((deck >> SHIFTS[f]) & 31)]
    for _ in range(300):
        rng.shuffle(faces)
        hand = sum(UNIT[f] for f in faces[: rng.randint(1, 22)])
        plan = decompose(hand, rules, H)
        assert sum(g.cards for g in plan.groups) == hand
        for g in plan.groups:
            combo = classify(g.cards, rules, H)
            assert combo is not None and combo.kind is g.kind and combo.size == g.size
        assert abs(plan.score - (sum(g.value for g in plan.groups) - TURN * plan.turns)) < 1e-9


def test_decompose_is_optimal_on_small_hands() -> None:
    """Against an exhaustive search over every choice of sequences and pair
    sequences (the rest scored rank by rank as the bot does)."""
    from chupai.biga.combos import positions
    from chupai.bots import biga as mod

    chain = positions(STANDARD.sequence_order)
    dec = mod._Decomposer(STANDARD, H)

    def rest_score(h: int) -> float:
        c = [(h >> s) & 31 for s in SHIFTS]
        total = dec._fixed(c, False)[0]
        return total + sum(dec.fv[f][c[f]] for f in range(13) if c[f])

    def best(h: int, start: int) -> float:
        out = rest_score(h)
        for s in range(start, len(chain)):
            for m in (1, 2):
                cards = 0
                for e in range(s, min(len(chain), s + 13)):
                    f = chain[e]
                    n = (h >> SHIFTS[f]) & 31
                    if n < m or n >= 4 or (e > s and f == chain[s]):
                        break
                    cards += m * UNIT[f]
                    if e - s >= 2 and all(((h - cards) >> SHIFTS[x]) & 31 <= 8 for x in range(19)):
                        value = mod._chain_value(m, s, e - s + 1) - sum(
                            m * dec.cc[chain[x]] for x in range(s, e + 1)
                        )
                        out = max(out, best(h - cards, s) + value - TURN)
        return out

    rng = random.Random(3)
    deck = normalize(DECK, H)
    faces = [f for f in range(19) for _ in range((deck >> SHIFTS[f]) & 31)]
    for _ in range(120):
        rng.shuffle(faces)
        hand = sum(UNIT[f] for f in faces[: rng.randint(3, 11)])
        assert abs(decompose(hand, STANDARD, H).score - best(hand, 0)) < 1e-9


def test_packed_states_order_like_the_states() -> None:
    """The plan search packs its states into ints that order like the tuples
    (ties between equal plans are broken by that order)."""
    from chupai.bots import biga as mod

    states = sorted({s for s, _, _ in mod._transitions()})
    ids = [mod._state_id(s) for s in states]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)
    assert [mod._state_of(i) for i in ids] == states


@pytest.mark.parametrize(
    "over", [{}, {"sequence_order": "chain_four_to_three", "rank_order": "ace_high"}]
)
def test_plans_do_not_depend_on_what_the_caches_hold(
    over: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The decomposer's caches (prepared moves, the chains of a path of states,
    the fixed plays) never change a plan: a fresh decomposer with no prepared
    moves finds the same plans, groups in the same order, in the reverse order."""
    from chupai.bots import biga as mod

    rules = resolve("standard", over)
    rng = random.Random(5)
    deck = normalize(DECK, H)
    faces = [f for f in range(19) for _ in range((deck >> SHIFTS[f]) & 31)]
    hands = []
    for _ in range(300):
        rng.shuffle(faces)
        hands.append(sum(UNIT[f] for f in faces[: rng.randint(1, 27)]))
    warm = mod._Decomposer(rules, H)
    plans = [warm.plan(h) for h in hands]
    monkeypatch.setattr(mod._Decomposer, "_tables", {})
    fresh = mod._Decomposer(rules, H)
    assert [fresh.plan(h) for h in reversed(hands)] == plans[::-1]


# ----- control and strength ------------------------------------------------------------------


def test_beatable_looks_at_the_unseen_cards_and_their_room() -> None:
    def pool(text: str) -> list[int]:
        c = _cards(text)
        return [(c >> s) & 31 for s in SHIFTS]

    k = classify(_cards("K"), STANDARD, H)
    assert k is not None
    assert beatable(k, pool("A 5"), 2, STANDARD, H)
    assert not beatable(k, pool("Q 5"), 2, STANDARD, H)
    assert beatable(k, pool("5 5 5"), 3, STANDARD, H)  # an egg beats a single
    assert not beatable(k, pool("5 5 5"), 2, STANDARD, H)  # ... held by nobody with room
    rj = classify(_cards("RJ"), STANDARD, H)
    assert rj is not None
    assert not beatable(rj, pool("5 5 5 BJ"), 9, STANDARD, H)  # an egg does not beat a joker
    assert beatable(rj, pool("5 5 5 5"), 9, STANDARD, H)  # a big egg does
    big = classify(_cards("AH"), STANDARD, H)
    assert big is not None
    assert not beatable(big, pool("5 5 5 5 RJ"), 9, STANDARD, H)
    assert beatable(big, pool("5 5 5 5 5"), 9, STANDARD, H)
    pairs = classify(_cards("9 9 T T J J"), STANDARD, H)
    assert pairs is not None
    assert not beatable(pairs, pool("5 5 5 Q Q K K"), 9, STANDARD, H)
    assert beatable(pairs, pool("Q Q K K A A"), 9, STANDARD, H)


def test_strength_ranks_hands() -> None:
    weak = _cards("4 4 5 6 8 9 J Q 5 6 7 9 T J")
    strong = _cards("3 3 2 2 BJ RJ AH K K K 8 9 T J")
    assert strength(strong, STANDARD, H) > strength(weak, STANDARD, H) + 0.2
    assert strength(0, STANDARD, H) == 0.0


# ----- team knowledge ------------------------------------------------------------------------


def _play_until(deal: BigADeal, pred: Any, bots: list[Any]) -> bool:
    while not deal.is_terminal():
        if pred(deal):
            return True
        seat = deal.current_player
        assert seat is not None
        deal.apply_action(bots[seat].act(deal.observe(seat), deal.legal_actions()))
    return False


def test_team_knowledge_follows_the_observation() -> None:
    for seed in range(60):
        deal = new_deal(STANDARD, seed)
        bots = [BigAHeuristicBot(s) for s in range(5)]
        if not _play_until(deal, lambda d: d.phase is Phase.PLAY, bots):
            continue
        d, p = deal.declarer, deal.partner
        assert d is not None
        for seat in range(5):
            team = team_of(deal.observe(seat))
            assert seat not in team.mates | team.opponents | team.unknown
            assert len(team.mates | team.opponents | team.unknown) == 4
            if deal.alone:
                assert team.mates == (
                    frozenset() if seat == d else team.mates
                ) and d in team.opponents | {seat}
            elif seat == p:
                assert team.mates == {d}
            elif seat == d:
                assert team.mates == ({p} if deal.partner_revealed else set())
            else:
                assert d in team.opponents
                assert p not in team.mates  # a defender never takes the partner for a mate
                if deal.partner_revealed:
                    assert team.opponents == {d, p}


# ----- legality in every phase ----------------------------------------------------------------


def _play(deal: BigADeal, bots: list[Any], counter: Counter[str]) -> BigADeal:
    while not deal.is_terminal():
        seat = deal.current_player
        assert seat is not None
        legal = deal.legal_actions()
        obs = deal.observe(seat)
        action = bots[seat].act(obs, legal)
        assert action in legal, (bots[seat].name, action)
        counter[deal.phase.value] += 1
        if isinstance(action, Declare):
            counter["declare_two" if action.two else "declare"] += 1
        elif isinstance(action, Capture):
            counter["capture"] += 1
        elif isinstance(action, Choice) and action != DECLINE:
            counter[action.name] += 1
        deal.apply_action(action)
    return deal


class _Eager(BigAHeuristicBot):
    """The heuristic with low declaring thresholds (every phase occurs often)."""

    declare_at = 0.0
    declare_min_cards = 1
    two_at = 0.0
    second_at = 0.3
    reveal_at = 0.2


@pytest.mark.parametrize("name", ["greedy", "heuristic"])
def test_bots_always_return_a_legal_action(name: str) -> None:
    seen: Counter[str] = Counter()
    for seed in range(24):
        deal = new_deal(STANDARD, 500 + seed)
        bots: list[Any] = [make_bot(name, seed * 5 + s, game="biga") for s in range(5)]
        if seed % 3 == 1:
            bots[seed % 5] = _Eager(seed)
        if seed % 3 == 2:
            bots[(seed + 2) % 5] = RandomBot(seed)
        _play(deal, bots, seen)
    for what in ("draw", "play", "reveal", "capture", "declare", "stay_hidden"):
        assert seen[what] > 0, (what, seen)


def test_every_phase_occurs_with_eager_declarers() -> None:
    seen: Counter[str] = Counter()
    for seed in range(40):
        deal = new_deal(STANDARD, 900 + seed)
        bots: list[Any] = [_Eager(s) if (s + seed) % 2 else BigAGreedyBot(s) for s in range(5)]
        _play(deal, bots, seen)
    for what in (
        "declare",
        "declare_two",
        "show_second",
        "keep_hidden",
        "reveal_partner",
        "stay_hidden",
        "capture",
    ):
        assert seen[what] > 0, (what, seen)


@pytest.mark.parametrize(
    "over",
    [
        {"sequence_order": "chain_four_to_three"},
        {"rank_order": "ace_high", "big_ace_in_sets": "true", "egg_over_joker_single": "true"},
        {"fours_capture": "false"},
    ],
)
def test_bots_under_options(over: dict[str, str]) -> None:
    rules = resolve("standard", over)
    seen: Counter[str] = Counter()
    for seed in range(6):
        deal = new_deal(rules, seed)
        bots: list[Any] = [BigAHeuristicBot(s) if s % 2 else BigAGreedyBot(s) for s in range(5)]
        _play(deal, bots, seen)
    assert seen["play"] > 0


def test_bots_are_reproducible_and_decide_from_the_observation_only() -> None:
    """The same seed plays the same deal; and a decision depends on the
    observation and the legal actions alone: on a sampled deal that the seat
    cannot tell from the real one (another layout of the hidden cards) every bot
    chooses the same action."""
    for name in ("greedy", "heuristic", "random"):
        runs = []
        for _ in range(2):
            deal = new_deal(STANDARD, 77)
            bots = [make_bot(name, 3 + s, game="biga") for s in range(5)]
            _play(deal, bots, Counter())
            runs.append([deal.action_text(e.action) for e in deal.history])
        assert runs[0] == runs[1]
    rng = random.Random(1)
    deal = new_deal(STANDARD, 12)
    bots = [BigAHeuristicBot(s) for s in range(5)]
    checked = 0
    while not deal.is_terminal():
        seat = deal.current_player
        assert seat is not None
        obs = deal.observe(seat)
        legal = deal.legal_actions()
        if deal.phase is Phase.PLAY and len(legal) > 1:
            other = sample_deal(obs, rng)
            assert other.hands != deal.hands or checked > 5
            other_obs = other.observe(seat)
            assert other_obs == obs
            for bot in (BigAHeuristicBot(1), BigAGreedyBot(1)):
                assert bot.act(obs, legal) == bot.act(other_obs, other.legal_actions())
            # a bot never changes what it is shown
            frozen = dataclasses.replace(obs)
            BigAHeuristicBot(1).act(obs, legal)
            assert obs == frozen
            checked += 1
        deal.apply_action(bots[seat].act(obs, legal))
    assert checked > 10


# ----- set positions ---------------------------------------------------------------------------


def _legal(hand: int, top: Combo | None, rules: BigARules = STANDARD) -> list[Any]:
    from chupai.biga.movegen import captures, legal_plays

    out: list[Any] = list(legal_plays(hand, rules, H, top))
    if top is not None:
        out += [Capture(c, top) for c in captures(hand, rules, top)]
        out.append(PASS)
    return out


def _base_obs() -> Any:
    deal = new_deal(STANDARD, 2)
    while deal.phase is not Phase.PLAY:
        deal.apply_action(deal.legal_actions()[-1])
    return deal.observe(deal.current_player or 0)


def _set_obs(
    hand: str,
    *,
    seat: int = 0,
    declarer: int = 0,
    partner: int | None = None,
    top: str | None = None,
    top_player: int | None = None,
    counts: tuple[int, ...] = (10, 10, 10, 10, 10),
    alone_known: bool = False,
) -> tuple[Any, list[Any]]:
    """An observation in play for ``seat`` with ``hand`` (Big Ace suit hearts),
    the declarer, the partner as the seat knows it, the top play and the hand
    sizes; the other fields as in an opening position."""
    base = _base_obs()
    h = _cards(hand)
    topc = classify(_cards(top), STANDARD, H) if top else None
    counts = tuple(size_of(h) if s == seat else counts[s] for s in range(5))
    obs = dataclasses.replace(
        base,
        seat=seat,
        hand=h,
        hand_counts=counts,
        declarer=declarer,
        big_suit=H,
        partner=partner,
        alone_known=alone_known,
        top=topc,
        top_player=top_player,
        played=(0,) * 5,
        captured=(0,) * 5,
        finishing=(),
        current_player=seat,
        forced=False,
        two_shown=False,
        partner_revealed=partner is not None and partner != seat,
    )
    return obs, _legal(h, topc)


def test_opening_lead_sheds_a_long_play_and_keeps_controls() -> None:
    obs, legal = _set_obs("4 5 6 7 8 9 K K K BJ RJ AH 2")
    play = BigAHeuristicBot(0).act(obs, legal)
    assert play.cards == _cards("4 5 6 7 8 9")
    g = BigAGreedyBot(0).act(obs, legal)
    assert g.kind is Kind.SEQUENCE and g.cards & _cards("4")


def test_follows_cheaply_and_keeps_structure() -> None:
    obs, legal = _set_obs("6 8 8 9 J Q Q Q 2", seat=2, top="5", top_player=1, declarer=1)
    play = BigAHeuristicBot(0).act(obs, legal)
    assert play.cards == _cards("6")
    obs, legal = _set_obs("6 6 6 8 8 9 J 2", seat=2, top="7", top_player=1, declarer=1)
    play = BigAGreedyBot(0).act(obs, legal)
    assert play.cards == _cards("9")


def test_never_overtakes_a_known_team_mate() -> None:
    # the partner (seat 3, knows itself) does not beat the declarer's play
    obs, legal = _set_obs("6 8 8 9 J Q 2 AH", seat=3, declarer=0, partner=3, top="5", top_player=0)
    assert BigAHeuristicBot(0).act(obs, legal) == PASS
    # ... but goes out over it when it can
    obs, legal = _set_obs("9", seat=3, declarer=0, partner=3, top="5", top_player=0)
    assert BigAHeuristicBot(0).act(obs, legal).cards == _cards("9")
    # a defender beats the declarer's play
    obs, legal = _set_obs("6 8 8 9 J Q 2", seat=2, declarer=0, top="5", top_player=0)
    assert BigAHeuristicBot(0).act(obs, legal) != PASS


def test_captures_a_rivals_egg_but_not_a_mates() -> None:
    obs, legal = _set_obs("4 4 6 8 9 J Q", seat=2, declarer=0, top="7 7 7", top_player=0)
    assert any(isinstance(a, Capture) for a in legal)
    assert isinstance(BigAHeuristicBot(0).act(obs, legal), Capture)
    assert isinstance(BigAGreedyBot(0).act(obs, legal), Capture)
    obs, legal = _set_obs(
        "4 4 6 8 9 J Q AH", seat=3, declarer=0, partner=3, top="7 7 7", top_player=0
    )
    assert not isinstance(BigAHeuristicBot(0).act(obs, legal), Capture)


def test_feeds_a_team_mate_about_to_go_out() -> None:
    obs, legal = _set_obs(
        "5 9 9 J Q K K K AH", seat=3, declarer=0, partner=3, counts=(1, 10, 10, 9, 10)
    )
    play = BigAHeuristicBot(0).act(obs, legal)
    assert play.kind is Kind.SINGLE and play.cards == _cards("5")


def test_bombs_an_opponent_about_to_go_out() -> None:
    obs, legal = _set_obs(
        "6 7 7 7 9 J", seat=2, declarer=0, top="K", top_player=0, counts=(2, 10, 6, 10, 10)
    )
    play = BigAHeuristicBot(0).act(obs, legal)
    assert play != PASS and play.cards in (_cards("7 7 7"),)


# ----- declaring --------------------------------------------------------------------------------


def _draw_obs(hand: str, legal: list[Any]) -> Any:
    deal = new_deal(STANDARD, 3)
    obs = deal.observe(0)
    return dataclasses.replace(obs, hand=parse_cards(hand), phase=Phase.DRAW)


def test_declares_by_hand_strength() -> None:
    bot = BigAHeuristicBot(0)
    strong = "3 3 2 2 BJ RJ AS K K K 8 9 T J Q"
    weak = "4 4 5 6 8 9 J Q 5 6 7 9 T J AS"
    legal = [Declare(3, False), DECLINE]
    assert bot.act(_draw_obs(strong, legal), legal) == Declare(3, False)
    assert bot.act(_draw_obs(weak, legal), legal) == DECLINE
    # too few cards drawn to judge
    assert bot.act(_draw_obs("3 BJ AS", legal), legal) == DECLINE
    # one of a pair of Aces is not shown (that would be playing alone undoubled)
    pair = "3 3 2 2 BJ RJ AS AS K K K 8 9 T J Q"
    legal2 = [Declare(3, False), Declare(3, True), DECLINE]
    assert bot.act(_draw_obs(pair, legal2), legal2) in (Declare(3, True), DECLINE)
    # the greedy bot declines unless it holds two jokers
    assert BigAGreedyBot(0).act(_draw_obs(weak, legal), legal) == DECLINE
    assert BigAGreedyBot(0).act(_draw_obs(strong, legal), legal) == Declare(3, False)


def test_show_second_and_reveal_by_strength() -> None:
    bot = BigAHeuristicBot(0)
    base = _base_obs()
    strong = dataclasses.replace(
        base, hand=_cards("3 3 2 2 BJ RJ AH AH K K K 8 9 T J Q"), phase=Phase.SHOW_SECOND
    )
    weak = dataclasses.replace(
        base, hand=_cards("4 4 5 6 8 9 J Q 5 6 7 9 T J AH"), phase=Phase.REVEAL
    )
    assert bot.act(strong, [SHOW_SECOND, KEEP_HIDDEN]) == SHOW_SECOND
    assert (
        bot.act(
            dataclasses.replace(weak, hand=weak.hand + _cards("AH"), phase=Phase.SHOW_SECOND),
            [SHOW_SECOND, KEEP_HIDDEN],
        )
        == KEEP_HIDDEN
    )
    assert bot.act(weak, [REVEAL, STAY_HIDDEN]) == STAY_HIDDEN
    partner = dataclasses.replace(strong, hand=strong.hand - _cards("AH"), phase=Phase.REVEAL)
    assert bot.act(partner, [REVEAL, STAY_HIDDEN]) == REVEAL
    assert BigAGreedyBot(0).act(strong, [SHOW_SECOND, KEEP_HIDDEN]) == KEEP_HIDDEN
    assert BigAGreedyBot(0).act(weak, [REVEAL, STAY_HIDDEN]) == STAY_HIDDEN


# ----- registry and search -------------------------------------------------------------------


def test_registry_builds_the_big_a_bots() -> None:
    assert bot_names("biga") == ["random", "greedy", "heuristic", "search", "expert", "dmc"]
    assert isinstance(make_bot("greedy", 1, game="biga"), BigAGreedyBot)
    assert isinstance(make_bot("heuristic", 1, game="biga"), BigAHeuristicBot)
    bot = make_bot("heuristic:declare_at=0.3", 1, game="biga")
    assert isinstance(bot, BigAHeuristicBot) and bot.declare_at == 0.3
    search = make_bot("search:playouts=10", 1, game="biga")
    assert isinstance(search, SearchBot) and search.game == "biga"


def test_search_candidates_keep_captures() -> None:
    obs, legal = _set_obs("4 4 6 8 9 J Q", seat=2, declarer=0, top="7 7 7", top_player=0)
    cands = prune_candidates(legal, 3, [PASS])
    assert any(isinstance(c, Capture) for c in cands)


def _search_game(seed: int, bot: SearchBot, seat: int, on_move: Any = None) -> BigADeal:
    deal = new_deal(STANDARD, seed)
    bots: list[Any] = [BigAHeuristicBot(s) for s in range(5)]
    bots[seat] = bot
    while not deal.is_terminal():
        s = deal.current_player
        assert s is not None
        legal = deal.legal_actions()
        obs = deal.observe(s)
        t0 = time.perf_counter()
        action = bots[s].act(obs, legal)
        secs = time.perf_counter() - t0
        assert action in legal
        if on_move is not None and s == seat:
            on_move(deal, legal, action, secs)
        deal.apply_action(action)
    return deal


def test_search_bot_plays_legal_reproducible_big_a() -> None:
    runs = []
    searched = []
    for _ in range(2):
        bot = SearchBot(5, "biga", playouts=12)

        def note(deal: BigADeal, legal: list[Any], action: Any, secs: float) -> None:
            if deal.phase is Phase.PLAY and len(legal) > 1:
                searched.append(bot.last_stats.get("rollouts", 0))

        deal = _search_game(31, bot, 1, note)
        runs.append([deal.action_text(e.action) for e in deal.history])
    assert runs[0] == runs[1]
    assert any(searched)


def test_search_bot_outside_play_follows_the_heuristic() -> None:
    bot = SearchBot(1, "biga", playouts=8)
    legal = [Declare(3, False), DECLINE]
    obs = _draw_obs("3 3 2 2 BJ RJ AS K K K 8 9 T J Q", legal)
    assert bot.act(obs, legal) == BigAHeuristicBot(1).act(obs, legal)


def test_search_time_budget_is_respected() -> None:
    bot = SearchBot(3, "biga", ms=200)
    times: list[float] = []

    def note(deal: BigADeal, legal: list[Any], action: Any, secs: float) -> None:
        if deal.phase is Phase.PLAY and len(legal) > 1:
            times.append(secs)

    _search_game(8, bot, 0, note)
    assert times
    assert max(times) < 0.2 * 1.25 + 0.05, max(times)


# ----- strength ---------------------------------------------------------------------------------


def _duel(a: str, b: str, deals: int, seed: int) -> tuple[float, float, float]:
    from chupai.tournament import Tournament, run_tournament, summarize

    t = Tournament("biga", STANDARD, (a, b), deals, seed)
    rep = summarize(t, run_tournament(t).boards)
    cell = rep["head_to_head"]["matrix"][0][1]
    lo, hi = cell["score_diff_ci"]
    return cell["score_diff"], lo, hi


def test_greedy_beats_random() -> None:
    diff, lo, hi = _duel("greedy", "random", 20, 1)
    assert diff > 0 and lo > 0, (diff, lo, hi)


def test_heuristic_beats_greedy_on_a_few_deals() -> None:
    diff, lo, hi = _duel("heuristic", "greedy", 12, 1)
    assert diff > 0, (diff, lo, hi)


@pytest.mark.slow
def test_heuristic_beats_greedy_over_many_deals() -> None:
    diff, lo, hi = _duel("heuristic", "greedy", 200, 1)
    assert lo > 0, (diff, lo, hi)
