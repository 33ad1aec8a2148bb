"""大怪路子's web view keeps the secrecy contract and writes what the page needs
(``chupai.web.games.daguailuzi``).

* The public part is common knowledge: the same from every seat's observation,
  at every step of random deals (tribute and return included), and the seat's
  own view holds the same public part.
* A seat's view holds no other hand: two deals that differ only in how the
  other seats' cards are shared out look the same to it; and a return, an offer
  and a take are seen with their cards by the two seats concerned only.
* Every legal entry reads back as its action; tribute, return, offer and take
  are choices with their cards, plays are plays with theirs.
* A state lists at most ``PLAY_LIST_LIMIT`` plays; those left out are played by
  their text.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from chupai.bots import make_bot
from chupai.daguailuzi.cards import parse_cards
from chupai.daguailuzi.game import DaguailuziDeal, Gift, GiftKind, new_deal
from chupai.daguailuzi.rules import PRESETS, resolve
from chupai.web.tableconfig import check_config
from chupai.web.tables import Table
from chupai.web.views import PLAY_LIST_LIMIT, legal_entries, listed_entries, public_view, seat_view

GAME = "daguailuzi"
SHANGHAI = PRESETS["shanghai"]
CANDIDATES = resolve("shanghai", {"return_rule": "joker_candidates"})
TRIBUTE = {"levels": (3, 1), "givers": (1, 3, 5), "recipients": (2, 0, 4)}
"""A deal after a win of team A with team B all trapped: three tributes."""

CARD = re.compile(r"^(10|[2-9JQKA])[SHCD]$|^(BJ|RJ)$")


def _steps(deal: DaguailuziDeal, seed: int, bot: str = "random") -> Iterator[DaguailuziDeal]:
    """The deal at every step of a game of ``bot`` bots, its end included."""
    player = make_bot(bot, seed, game=GAME)
    while True:
        yield deal
        if deal.is_terminal():
            return
        obs = deal.observe(deal.current_player)
        deal.apply_action(player.act(obs, deal.legal_actions()))


def _deals() -> Iterator[tuple[str, DaguailuziDeal]]:
    yield "seed", new_deal(PRESETS["seed"], 1)
    yield "shanghai-tribute", new_deal(SHANGHAI, 2, offense=2, **TRIBUTE)  # type: ignore[arg-type]
    yield "candidates", new_deal(CANDIDATES, 3, offense=2, **TRIBUTE)  # type: ignore[arg-type]


# ----- 1. the public part is common knowledge -------------------------------------


@pytest.mark.parametrize(("name", "deal"), list(_deals()), ids=[n for n, _ in _deals()])
def test_public_view_is_common_knowledge(name: str, deal: DaguailuziDeal) -> None:
    phases = set()
    for d in _steps(deal, seed=7):
        views = [public_view(GAME, d.observe(s)) for s in range(6)]
        assert all(v == views[0] for v in views[1:])
        pub = views[0]["public"]
        phases.add(pub["phase"])
        json.dumps(views[0])
        seat = d.current_player if d.current_player is not None else 0
        assert seat_view(GAME, d.observe(seat))["public"] == pub
        assert pub["dealer"] is None and len(pub["roles"]) == 6
        # every seat's side: the offense leader's team (A = 0, 2, 4; B = 1, 3, 5) attacks
        side = pub["info"]["offense_leader"] % 2
        for s, role in enumerate(pub["roles"]):
            assert role == ("offense" if s % 2 == side else "defense")
        if pub["phase"] == "play" and pub["top"] is not None:
            assert pub["last"][pub["top"]["seat"]]["cards"] == pub["top"]["cards"]
    assert "over" in phases
    if name != "seed":
        assert {"tribute", "return", "play"} <= phases
    out = pub["outcome"]
    assert out["winners"] in ([], [0, 2, 4], [1, 3, 5])
    assert sum(map(len, out["hands"])) == sum(pub["counts"])
    assert set(out["detail"]["trapped"]) <= {s for s in range(6) if pub["counts"][s]}


def test_a_seed_deal_shows_no_trump_and_shanghai_its_trump_rank() -> None:
    seed = public_view(GAME, new_deal(PRESETS["seed"], 1).observe(0))["public"]["info"]
    assert seed["trump"] is None and seed["offense_level"] == seed["defense_level"] == "2"
    deal = new_deal(SHANGHAI, 2, offense=2, **TRIBUTE)  # type: ignore[arg-type]
    info = public_view(GAME, deal.observe(0))["public"]["info"]
    # team A (the offense, seat 2) is at level 5 (index 3), team B at 3
    assert (info["offense_level"], info["defense_level"], info["trump"]) == ("5", "3", "5")
    assert info["offense_leader"] == 2
    deal = new_deal(SHANGHAI, 2, offense=1, levels=(3, 1))  # team B attacks, at its level 3
    info = public_view(GAME, deal.observe(0))["public"]["info"]
    assert (info["offense_level"], info["defense_level"], info["trump"]) == ("3", "5", "3")


# ----- 2. no other hand, no other pair's return ------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_a_seat_sees_the_same_whoever_holds_the_other_cards(seed: int) -> None:
    """Share the cards of the five other seats out differently (same counts):
    the seat's view of the deal's start does not change."""
    rng = random.Random(seed)
    base = new_deal(SHANGHAI, seed, offense=2, **TRIBUTE)  # type: ignore[arg-type]
    for me in range(6):
        others = [s for s in range(6) if s != me]
        pool = [t for s in others for t in _cards(base.hands[s])]
        rng.shuffle(pool)
        hands = list(base.hands)
        for s in others:
            size = len(_cards(base.hands[s]))
            hands[s] = sum(1 << (3 * t) for t in pool[:size])
            pool = pool[size:]
        other = DaguailuziDeal.from_hands(SHANGHAI, hands, 2, **TRIBUTE)  # type: ignore[arg-type]
        assert hands != list(base.hands)
        assert seat_view(GAME, other.observe(me)) == seat_view(GAME, base.observe(me))


def _cards(packed: int) -> list[int]:
    """The card types of packed counts, one per card."""
    return [t for t in range(54) for _ in range((packed >> (3 * t)) & 7)]


def _to_return(deal: DaguailuziDeal, seed: int) -> DaguailuziDeal:
    """``deal`` played by random bots up to its first return step."""
    for d in _steps(deal, seed):
        if d.phase.value == "return":
            return d
    raise AssertionError("no return step")


@pytest.mark.parametrize("rules", [SHANGHAI, CANDIDATES], ids=["any", "joker_candidates"])
def test_a_return_is_seen_with_its_cards_by_the_two_seats_only(rules: Any) -> None:
    deal = _to_return(new_deal(rules, 5, offense=2, **TRIBUTE), 5)  # type: ignore[arg-type]
    while deal.phase.value == "return":
        seat = deal.current_player
        choices = deal.legal_actions()
        assert all(isinstance(a, Gift) for a in choices) and len(choices) >= 2
        pair = {seat, *(g if seat == r else r for g, r, _ in deal.tributes if seat in (g, r))}
        ends = []
        for a in choices[:2]:
            d = deal.clone()
            d.apply_action(a)
            ends.append(d)
        for s in range(6):
            views = [seat_view(GAME, d.observe(s)) for d in ends]
            if s in pair:
                assert views[0] != views[1], s  # the two seats concerned see which card
                note = views[0]["private"]["notes"][-1]
                assert note["cards"] and note["kind"] == "choice"
            else:
                assert views[0] == views[1], s  # the others see that it happened
        last = public_view(GAME, ends[0].observe(0))["public"]["history"][-1]
        assert last["cards"] == [] and re.fullmatch(
            r"(return|offer|take) \(\d cards?\)", last["text"]
        )
        deal = ends[0]


def test_an_offer_shows_how_many_cards_it_offers() -> None:
    deal = _to_return(new_deal(CANDIDATES, 3, offense=2, **TRIBUTE), 3)  # type: ignore[arg-type]
    texts = []
    for d in _steps(deal, 3):
        texts = [h["text"] for h in public_view(GAME, d.observe(0))["public"]["history"]]
        if d.phase.value == "play":
            break
    offers = [t for t in texts if t.startswith("offer")]
    jokers = [t for t in texts if t in ("tribute BJ", "tribute RJ")]
    assert len(offers) == len(jokers)
    for offer, joker in zip(offers, jokers, strict=True):
        assert offer == ("offer (3 cards)" if joker.endswith("RJ") else "offer (2 cards)")


# ----- 3. legal entries -------------------------------------------------------------


@pytest.mark.parametrize(("name", "deal"), list(_deals()), ids=[n for n, _ in _deals()])
def test_legal_entries_read_back(name: str, deal: DaguailuziDeal) -> None:
    rng = random.Random(1)
    for d in _steps(deal, seed=11):
        if d.is_terminal():
            break
        obs = d.observe(d.current_player)
        legal = d.legal_actions()
        entries = legal_entries(GAME, obs, legal)
        for e, a in zip(entries, legal, strict=True):
            if e["kind"] != "play" or rng.random() < 0.05:
                assert d.parse_action(e["text"]) == a, e
            if isinstance(a, Gift):
                assert e["kind"] == "choice" and e["text"].split()[0] == a.kind.value
                assert e["cards"] == e["text"].split()[1:] and e["type"] is None
            elif e["kind"] == "play":
                assert e["cards"] == e["text"].split() and e["type"] == a.kind.value
                assert all(CARD.match(c) for c in e["cards"])
            else:
                assert e["kind"] == "pass" and e["text"] == "pass"


def test_the_hand_is_in_display_order_with_three_copies_and_jokers() -> None:
    hands = ["9S 9S 9S BJ RJ 2H 10D", "3S", "4S", "5S", "6S", "7S"]
    deal = DaguailuziDeal.from_hands(PRESETS["seed"], hands, 0)
    assert seat_view(GAME, deal.observe(0))["private"]["hand"] == [
        "2H", "9S", "9S", "9S", "10D", "BJ", "RJ",
    ]  # fmt: skip
    deal = DaguailuziDeal.from_hands(SHANGHAI, hands, 0, levels=(7, 0))  # the 9s are trumps
    assert seat_view(GAME, deal.observe(0))["private"]["hand"] == [
        "2H", "10D", "9S", "9S", "9S", "BJ", "RJ",
    ]  # fmt: skip


def _table(seed: int) -> Table:
    config = check_config(
        {
            "game": GAME,
            "preset": "seed",
            "seed": seed,
            "deals": 1,
            "seats": [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * 5,
        }
    )
    return Table.create("t", config, 0.0)[0]


def test_a_lead_lists_at_most_the_limit_and_the_rest_play_by_text() -> None:
    big = None
    for seed in range(40):
        table = _table(seed)
        if table.to_act == 0 and len(table.legal()) > PLAY_LIST_LIMIT:
            big = table
            break
    assert big is not None, "no first lead over the limit in 40 seeds"
    state = big.state(0)
    legal = big.legal()
    entries = state["legal"]
    assert len(entries) == PLAY_LIST_LIMIT and state["unlisted"] == len(legal) - PLAY_LIST_LIMIT
    assert [e["i"] for e in entries] == list(range(PLAY_LIST_LIMIT))  # the first, in order
    assert len(json.dumps(state)) < 80_000
    # a play left out, given by its cards, is the play the deal lists
    index = len(legal) - 1
    text = " ".join(reversed(legal_entries(GAME, big.deal.observe(0), legal)[index]["cards"]))
    assert big.resolve(0, big.seat_seq(0), None, text) == legal[index]
    # every legal action but the plays is always listed
    entries, unlisted = listed_entries(GAME, big.deal.observe(0), legal, limit=3)
    assert [e["i"] for e in entries] == [0, 1, 2] and unlisted == len(legal) - 3


def test_a_follow_lists_the_pass_even_past_the_limit() -> None:
    deal = new_deal(PRESETS["seed"], 4)
    d = next(d for d in _steps(deal, 4) if d.top is not None and d.current_player is not None)
    legal = d.legal_actions()
    entries, unlisted = listed_entries(GAME, d.observe(d.current_player), legal, limit=0)
    assert [e["kind"] for e in entries] == ["pass"] and entries[0]["i"] == len(legal) - 1
    assert unlisted == len(legal) - 1


def test_views_reject_another_games_observation() -> None:
    from chupai.bigtwo.game import new_deal as bigtwo_deal
    from chupai.bigtwo.rules import PRESETS as BIGTWO
    from chupai.web.games import daguailuzi

    with pytest.raises(ValueError, match="daguailuzi"):
        daguailuzi.view(bigtwo_deal(BIGTWO["standard"], 1).observe(0))


def test_tribute_cards_are_public_with_giver_and_recipient() -> None:
    deal = new_deal(SHANGHAI, 2, offense=2, **TRIBUTE)  # type: ignore[arg-type]
    for d in _steps(deal, 2):
        if d.phase.value != "tribute":
            break
    info = public_view(GAME, d.observe(1))["public"]["info"]
    assert [t["seat"] for t in info["tributes"]] == [g for g, _, _ in d.tributes]
    assert {t["to"] for t in info["tributes"]} == {2, 0, 4}
    for t, (_, _, card) in zip(info["tributes"], d.tributes, strict=True):
        assert t["text"] == "tribute " + " ".join(t["cards"]) and len(t["cards"]) == 1
        assert parse_cards(t["cards"][0]) == card


def test_an_offer_lists_at_most_the_limit_of_its_choices() -> None:
    """Offering three cards of different ranks for a big joker: thousands of
    choices, of which a state lists the limit; one left out is read from its
    text (its word and its cards) as the same offer."""
    for seed in range(6):
        deal = new_deal(CANDIDATES, seed, offense=2, **TRIBUTE)  # type: ignore[arg-type]
        step = next((d for d in _steps(deal, seed) if d.phase.value != "tribute"), deal)
        legal = step.legal_actions()
        if step.phase.value == "return" and len(legal) > PLAY_LIST_LIMIT:
            break
    else:
        raise AssertionError("no offer over the limit in 6 seeds")
    assert {a.kind for a in legal} == {GiftKind.OFFER}
    obs = step.observe(step.current_player)
    entries, unlisted = listed_entries(GAME, obs, legal)
    assert len(entries) == PLAY_LIST_LIMIT and unlisted == len(legal) - PLAY_LIST_LIMIT
    assert [e["i"] for e in entries] == list(range(PLAY_LIST_LIMIT))
    assert len(json.dumps(entries)) < 60_000
    left_out = legal_entries(GAME, obs, legal[-1:])[0]
    text = "offer " + " ".join(reversed(left_out["cards"]))  # as the page would send it
    assert step.parse_action(text) == legal[-1] and step.why_illegal(legal[-1]) is None


def _table_of(source: str, name: str) -> dict[str, str]:
    """Each language's part of the table ``const NAME = {...}`` of ``i18n.js``."""
    block = source[source.index(f"const {name} = {{") :]
    block = block[: block.index("\n};")]
    parts = re.split(r"^  (en|zh|ja): \{", block, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_every_word_the_view_shows_is_in_the_three_languages() -> None:
    """The facts' labels, the sides, the phases and the deal's result: in
    English, 中文 and 日本語 (``static/i18n.js``)."""
    from pathlib import Path

    source = (Path(__file__).parents[2] / "src/chupai/web/static/i18n.js").read_text("utf-8")
    info, roles, phases, sides = (
        _table_of(source, n) for n in ("INFO", "ROLES", "PHASES", "SIDES")
    )
    keys: set[str] = set()
    words: set[str] = set()
    for _, deal in _deals():
        for d in _steps(deal, 3):
            view = seat_view(GAME, d.observe(d.current_player or 0))
            keys |= set(view["public"]["info"]) | set(view["private"]["info"])
            words |= {r for r in view["public"]["roles"] if r} | {view["public"]["phase"]}
        keys |= set(view["public"]["outcome"]["detail"])
        words.add(view["public"]["outcome"]["detail"]["result"])
    keys -= {"phase", "to_act"}  # the page's own
    for lang in ("en", "zh", "ja"):
        for key in keys:
            assert re.search(rf"\b{key}:", info[lang]), (lang, key)
        for word in words:  # a side, a phase; the result (win, draw) as a side's word
            assert re.search(rf"\b{word}:", roles[lang] + phases[lang] + sides[lang]), (lang, word)
