"""Class struggle, tribute and ``pre_exchange`` with two packs (docs/bigtwo.md,
"Exchanges with two packs"): the worked examples of the docs, every exchange
decision against a brute-force list of the distinct sub-multisets, the starting
card after the exchanges, the sampler after them, and seeded random matches of
every exchange mix that finish and replay from their records.

The default run plays 105 matched deals and the exchanges of eight more (a few
seconds);
``-m slow`` plays 840 deals more (matches of six).
"""

from __future__ import annotations

import json
import random
from itertools import combinations

import pytest
import test_bigtwo_sizes_replay as sizes
from hypothesis import given, settings, strategies as st
from test_bigtwo_sizes_replay import state_of

from chupai.bigtwo import packs
from chupai.bigtwo.game import BigTwoDeal, Choice, Phase
from chupai.bigtwo.match import Match, replay_match
from chupai.bigtwo.phases import protected_cards
from chupai.bigtwo.record import replay, to_record
from chupai.bigtwo.rules import BigTwoRules, resolve
from chupai.bigtwo.sampling import DealSampler
from chupai.errors import CardParseError, IllegalActionError

_CHECK_PACKS = sizes.check_cards


def check_cards(deal: BigTwoDeal) -> None:
    """The cards add up to the two packs, the §12.4 pile and the face-down hands of
    ``choose_hands`` counted in."""
    pool, piles = deal.pool, list(deal.piles)
    deal.set_aside = packs.add(deal.set_aside, pool)
    for p in piles:
        deal.set_aside = packs.add(deal.set_aside, p)
    try:
        _CHECK_PACKS(deal)
    finally:
        deal.set_aside = packs.take(deal.set_aside, pool)
        for p in piles:
            deal.set_aside = packs.take(deal.set_aside, p)


def play_deal(deal: BigTwoDeal, rng: random.Random) -> None:
    """:func:`test_bigtwo_sizes_replay.play_deal`, with this file's card check."""
    sizes.check_cards = check_cards
    try:
        sizes.play_deal(deal, rng)
    finally:
        sizes.check_cards = _CHECK_PACKS


FIRST_TO_LAST = (0, 1, 2, 3, 4, 5)
"""A previous deal's ranking: seat 0 first ... seat 5 last."""


def rules(**over: str) -> BigTwoRules:
    base = {"players": "6", "packs": "2"}
    return resolve("standard", base | over)


def small(**over: str) -> BigTwoRules:
    """Six seats, two packs, three cards each (the rest set aside): hands short
    enough to write out."""
    return rules(hand_size="3", leftover_rule="set_aside", **over)


def deal_of(r: BigTwoRules, *hands: str, dealt_first: list[int] | None = None) -> BigTwoDeal:
    return BigTwoDeal.from_hands(
        r,
        [packs.parse(h, 2) for h in hands],
        ranking=FIRST_TO_LAST,
        first_deal=False,
        seed=1,
        dealt_first=dealt_first,
    )


def act(deal: BigTwoDeal, *moves: str) -> BigTwoDeal:
    for m in moves:
        deal.apply_action(deal.parse_action(m))
    return deal


def text(deal: BigTwoDeal, seat: int) -> str:
    return deal.cards_text(deal.hands[seat])


def refusal(deal: BigTwoDeal, move: str) -> str:
    with pytest.raises(IllegalActionError) as err:
        deal.apply_action(deal.parse_action(move))
    return str(err.value)


# ----- the worked examples of the docs --------------------------------------------------------


def test_tribute_one_card_gives_one_copy() -> None:
    """The last holds 2S twice: one 2S, its highest card, goes to the first."""
    deal = deal_of(
        small(series="tribute", tribute_method="one_card"),
        *["3D 4C 5H", "6D 7C 8H", "9D TC JH", "QD KC AS", "AH AH KD", "2S 2S 9H"],
    )
    assert (text(deal, 0), text(deal, 5)) == ("3D 4C 5H 2S", "9H 2S")
    act(deal, "give 2S")  # the first may hand back the copy it was given
    assert (text(deal, 0), text(deal, 5)) == ("3D 4C 5H", "9H 2S 2S")
    assert deal.phase is Phase.PLAY and deal.current_player == 5


def test_tribute_two_cards_counts_copies() -> None:
    """The last's two highest cards are both copies of 2S; the second to last's
    highest is one AH of two."""
    deal = deal_of(
        small(series="tribute", tribute_method="two_cards"),
        *["3D 4C 5H", "6D 7C 8H", "9D TC JH", "QD KC AS", "AH AH KD", "2S 2S 9H"],
    )
    assert (text(deal, 0), text(deal, 5)) == ("3D 4C 5H 2S 2S", "9H")
    assert (text(deal, 1), text(deal, 4)) == ("6D 7C 8H AH", "KD AH")
    choices = [deal.action_text(a) for a in deal.legal_actions()]
    assert "give 2S 2S" in choices and choices.count("give 3D 2S") == 1
    act(deal, "give 3D 2S", "give AH")
    assert (text(deal, 0), text(deal, 5)) == ("4C 5H 2S", "3D 9H 2S")
    assert (text(deal, 1), text(deal, 4)) == ("6D 7C 8H", "KD AH AH")


def test_draw_three_takes_the_highest_copies() -> None:
    deal = deal_of(
        small(series="tribute", tribute_method="draw_three"),
        *["3D 4C 5H", "6D 7C 8H", "9D TC JH", "QD KC AS", "AH KD 4D", "2S 2S 2H"],
    )
    assert text(deal, 0) == "3D 4C 5H 2H 2S 2S" and text(deal, 5) == ""
    act(deal, "keep 2S 2S 2H")
    assert text(deal, 0) == "2H 2S 2S" and text(deal, 1) == "3D 4C 5H 6D 7C 8H"


def test_class_struggle_names_the_other_copy() -> None:
    """The King holds one 2S and names the other from the Slave; holding both, it
    may not name 2S again (nobody else can hold one)."""
    deal = deal_of(
        small(series="class_struggle"),
        *["2S 4D 5C", "6D 7C 8H", "9D TC JH", "QD KC AS", "AH AH KD", "2S 7H 8S"],
    )
    assert deal.phase is Phase.CLASS_EXCHANGE and deal.current_player == 0
    act(deal, "name 2S")
    assert text(deal, 0) == "4D 5C 2S 2S" and text(deal, 5) == "7H 8S"
    act(deal, "give 4D")
    assert "seat 0 holds both copies of 2S already" in refusal(deal, "name 2S")
    names = {deal.action_text(a) for a in deal.legal_actions()}
    assert "name 2S" not in names and "name AH" in names  # seat 4 holds both AH: no matter
    act(deal, "name AH")
    assert text(deal, 0) == "5C AH 2S 2S" and text(deal, 4) == "KD AH"


def test_a_copy_out_of_play_may_still_be_named() -> None:
    """One copy of 9S face up (taiwan leftover left): the other may be named; both
    face up, neither."""
    r = small(series="class_struggle")
    deal = deal_of(r, *["2S 4D 5C", "6D 7C 8H", "9D TC JH", "QD KC AS", "AH AH KD", "9S 7H 8S"])
    deal.exposed = packs.parse("9S", 2)
    assert Choice("name", packs.parse("9S", 2)) in deal.legal_actions()
    deal.exposed = packs.parse("JS JS", 2)
    assert "JS is out of play" in refusal(deal, "name JS")


def test_protected_cards_are_protected_in_both_copies() -> None:
    r = small(series="class_struggle", class_protect_cards="true")
    deal = deal_of(r, *["2S 2S 3D", "6D 7C 8H", "9D TC JH", "QD KC AS", "AH AH KD", "3D 7H 8S"])
    assert "may not be exchanged" in refusal(deal, "name 3D")
    act(deal, "name 8S")
    assert {deal.action_text(a) for a in deal.legal_actions()} == {"give 8S"}
    assert protected_cards(r) == packs.parse("3D 2D 2C 2H 2S", 1)


def test_the_action_forms_write_each_copy() -> None:
    r = small(series="tribute", tribute_method="two_cards")
    deal = deal_of(r, *["3D 4C 5H", "6D 7C 8H", "9D TC JH", "QD KC AS", "AH AH KD", "2S 2S 9H"])
    assert deal.parse_action("give 2S 2S") == Choice("give", packs.parse("2S 2S", 2))
    assert deal.action_text(Choice("give", packs.parse("2S 2S", 2))) == "give 2S 2S"
    with pytest.raises(CardParseError, match="'2S' appears 3 times but the decks hold 2"):
        deal.parse_action("give 2S 2S 2S")
    act(deal, "give 3D 4C")
    assert "seat 1 holds only one AH;" in refusal(deal, "give AH AH")
    assert "seat 1 does not hold KD" in refusal(deal, "give KD")


def test_pre_exchange_pools_identical_cards() -> None:
    """Two seats give 7H each: the pile holds 7H twice and hands them out."""
    deal = deal_of(
        small(pre_exchange="true"),
        *["3D 7H 5H", "6D 7C 7H", "9D TC JH", "QD KC AS", "AH AH KD", "2S 2S 9H"],
    )
    act(deal, "give 7C 7H", "give JH", "give AS", "give AH AH", "give 2S 2S", "give 7H")
    assert deal.phase is Phase.PLAY and deal.pool == 0
    held = [packs.ids(h) for h in deal.hands]
    assert sorted(c for h in held for c in h) == sorted(
        packs.ids(packs.parse("3D 5H 7H 7H 7C 6D 9D TC JH QD KC AS AH AH KD 2S 2S 9H", 2))
    )
    assert [len(h) for h in held] == [3] * 6


def test_the_first_dealt_copy_follows_the_chosen_hand() -> None:
    """``starting_copy=first_dealt`` with ``choose_hands``: the seat that takes the
    pile whose 3D was dealt first leads, whoever holds the other 3D."""
    r = small(
        series="tribute",
        tribute_method="choose_hands",
        starting_copy="first_dealt",
        first_lead="starting_card_every_deal",
    )
    first = [-1] * 52
    first[0] = 3  # seat 3 was dealt the first 3D (pile 2: dealer 0, piles from seat 1)
    deal = deal_of(
        r,
        *["9D 4C 5H", "3D 7C 8H", "9S TC JH", "3D KC AS", "AH AH KD", "2S 2S 9H"],
        dealt_first=first,
    )
    act(deal, "hand 2", "hand 0", "hand 1", "hand 4", "hand 3")
    assert text(deal, 0) == "3D KC AS" and deal.phase is Phase.PLAY
    assert deal.current_player == 0 and deal.must_contain == packs.parse("3D", 2)


def test_the_starting_card_after_an_exchange_is_found_in_turn_order() -> None:
    """Tribute ``draw_three`` moves 3D: the first holder in turn order from the
    seat after the dealer (0) leads with it."""
    r = small(series="tribute", tribute_method="draw_three")
    deal = deal_of(r, *["4D 4C 5H", "6D 7C 8H", "9D TC JH", "QD KC AS", "AH KD 3D", "2S 3D 2H"])
    act(deal, "keep 2S 2H 4D")
    holders = [s for s in range(6) if deal.hands[s] & 1]
    while deal.phase is not Phase.PLAY:
        deal.apply_action(deal.legal_actions()[0])
    holders = [s for s in range(6) if deal.hands[s] & 1]
    assert deal.current_player == holders[0] and deal.must_contain == 1


# ----- every decision against brute force ----------------------------------------------------

MIXES = {
    "swap": {"series": "class_struggle"},
    "demand": {
        "series": "class_struggle",
        "class_exchange": "demand",
        "class_protect_cards": "true",
    },
    "one_card": {"series": "tribute", "tribute_method": "one_card"},
    "two_cards": {"series": "tribute", "tribute_method": "two_cards"},
    "draw_three": {"series": "tribute", "tribute_method": "draw_three"},
    "choose_hands": {"series": "tribute", "starting_copy": "first_dealt"},
    "pre_exchange": {
        "pre_exchange": "true",
        "series": "class_struggle",
        "leftover_rule": "taiwan_exposed",
    },
}


def brute_subsets(hand: int, k: int) -> set[int]:
    """Every distinct ``k``-card sub-multiset of ``hand``, listed the slow way."""
    return {packs.fold(c) for c in set(combinations(packs.ids(hand), k))}


def brute_choices(deal: BigTwoDeal) -> set[Choice]:
    seat = deal.current_player
    assert seat is not None
    hand = deal.hands[seat]
    if deal.phase is Phase.PRE_EXCHANGE:
        return {Choice("give", m) for k in (1, 2, 3) for m in brute_subsets(hand, k)}
    task = deal._tasks[0]
    if task.kind == "name":
        out = {Choice("skip")}
        for c in range(52):
            copies = packs.ids(packs.add(hand, deal.exposed)).count(c)
            named = deal._named.get((seat, task.other), 0) >> c & 1
            guarded = deal.rules.class_protect_cards and protected_cards(deal.rules) >> c & 1
            if copies < 2 and not named and not guarded:
                out.add(Choice("name", 1 << c))
        return out
    if task.kind == "give" and deal.phase is Phase.CLASS_EXCHANGE:
        hand &= ~packs.both(protected_cards(deal.rules)) if deal.rules.class_protect_cards else -1
    return {Choice(task.kind, m) for m in brute_subsets(hand, task.size)}


def exchange_deal(mix: str, seed: int) -> BigTwoDeal:
    """The second deal of a seeded match of ``mix`` (after a random first deal)."""
    r = rules(**MIXES[mix], players=str(5 + seed % 4))
    m = Match(r, seed, deals=2)
    rng = random.Random(seed)
    play_deal(m.next_deal(), rng)
    return m.next_deal()


@settings(max_examples=8, deadline=None)
@given(st.sampled_from([m for m in MIXES if m != "choose_hands"]), st.integers(0, 10_000))
def test_exchange_choices_are_the_brute_force_ones(mix: str, seed: int) -> None:
    deal = exchange_deal(mix, seed)
    rng = random.Random(seed)
    while deal.phase not in (Phase.PLAY,) and not deal.is_terminal():
        legal = deal.legal_actions()
        if deal.phase in (Phase.PRE_EXCHANGE, Phase.CLASS_EXCHANGE, Phase.TRIBUTE):
            assert len(set(legal)) == len(legal)
            assert set(legal) == brute_choices(deal)
            wrong = Choice(
                "give", packs.add(deal.hands[deal.current_player], 1 << rng.randrange(52))
            )
            if wrong not in legal:
                assert deal.why_illegal(wrong) is not None
        deal.apply_action(rng.choice(legal))
        check_cards(deal)


# ----- the sampler after exchanges -----------------------------------------------------------


@pytest.mark.parametrize("mix", ["swap", "demand", "draw_three", "pre_exchange"])
def test_samples_after_exchanges_are_consistent(mix: str) -> None:
    deal = exchange_deal(mix, 7)
    rng = random.Random(7)
    while deal.phase is not Phase.PLAY:
        deal.apply_action(rng.choice(deal.legal_actions()))
    for _ in range(6):
        deal.apply_action(rng.choice(deal.legal_actions()))
    obs = deal.observe(deal.current_player)  # type: ignore[arg-type]
    sampler = DealSampler(obs)
    for k in range(3):
        assert sampler.sample(random.Random(k)).observe(obs.seat) == obs


# ----- seeded random matches finish and replay -----------------------------------------------


def play_matches(mix: str, matches: int, salt: int, deals: int = 3) -> int:
    played = 0
    for i in range(matches):
        seed = salt * 1_000_003 + i
        r = rules(**MIXES[mix], players=str(5 + i % 4))
        rng = random.Random(seed)
        m = Match(r, seed, deals=deals)
        while not m.is_over():
            play_deal(m.next_deal(), rng)
        again = replay_match(json.loads(json.dumps(m.to_record())))
        assert again.totals == m.totals
        assert [state_of(d) for d in again.deals] == [state_of(d) for d in m.deals]
        last = m.deals[-1]
        assert state_of(replay(json.loads(json.dumps(to_record(last))))) == state_of(last)
        played += len(m.deals)
    return played


@pytest.mark.parametrize("mix", list(MIXES))
def test_random_matches_of_every_mix_replay(mix: str) -> None:
    """Five matches of three deals per mix: 105 deals in all."""
    assert play_matches(mix, 5, salt=1) == 15


@pytest.mark.slow
@pytest.mark.parametrize("mix", list(MIXES))
def test_many_random_matches_replay(mix: str) -> None:
    """20 matches of six deals per mix (840 deals in all)."""
    assert play_matches(mix, 20, salt=2, deals=6) == 120
