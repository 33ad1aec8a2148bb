"""Big Two with two packs on the way out of the engine: notation reads and writes
identical cards twice, the protocol's seat facts and the record name both copies,
and a deal replays from its record at every step (docs/bigtwo.md, "Table sizes and
two packs")."""

from __future__ import annotations

import json
import random

from chupai.bigtwo import packs
from chupai.bigtwo.combos import beats
from chupai.bigtwo.game import PASS, new_deal
from chupai.bigtwo.movegen import hand_combos
from chupai.bigtwo.notation import format_action, parse_action
from chupai.bigtwo.record import replay, to_record
from chupai.bigtwo.rules import resolve
from chupai.bigtwo.spec import facts

TWO = resolve("standard", {"players": "6", "packs": "2"})


def test_notation_round_trips_identical_cards() -> None:
    for text in ("3D 3D", "9H 9H 9S", "4C 4C 9H 9H 9S", "3D 3D 5D 9D JD", "3D 8H 8H 8S 8S"):
        action = parse_action(TWO, text)
        assert format_action(TWO, action) == text
        assert action.mask == packs.parse(text, 2)  # type: ignore[union-attr]


def test_facts_and_records_name_both_copies() -> None:
    """A seat's hand in the protocol's facts counts every copy, and an action of
    identical cards is written twice in the record; the record replays."""
    seen_pair_in_hand = seen_pair_played = False
    for seed in range(15):
        deal = new_deal(TWO, seed)
        rng = random.Random(seed)
        while not deal.is_terminal():
            for seat in range(6):
                f = facts(deal.observe(seat))
                assert len(f.hand) == deal.hands[seat].bit_count()
                assert sorted(f.hand) == sorted(packs.names(deal.hands[seat]).split())
                seen_pair_in_hand |= len(set(f.hand)) < len(f.hand)
            plays = deal.legal_actions()
            twins = [a for a in plays if a is not PASS and a.mask >> 52]  # type: ignore[union-attr]
            action = rng.choice(twins) if twins and rng.random() < 0.5 else rng.choice(plays)
            deal.apply_action(action)
        shown = deal.outcome.to_dict()["hands"]  # the end-of-deal hands, copies counted
        assert [packs.parse(h, 2) for h in shown] == list(deal.hands)
        rec = json.loads(json.dumps(to_record(deal)))
        for hand, dealt in zip(rec["hands"], deal.dealt_hands, strict=True):
            assert packs.parse(hand, 2) == dealt
        for step in rec["actions"]:
            words = step["action"].split()
            seen_pair_played |= len(set(words)) < len(words)
        again = replay(rec)
        assert again.outcome == deal.outcome and again.hands == deal.hands
    assert seen_pair_in_hand and seen_pair_played


def test_a_deals_follows_are_the_plays_that_beat() -> None:
    """In play, the legal follows of a two-pack deal are exactly the held plays that
    beat the top (:func:`beats`), identical plays included or not by the option."""
    for over in (
        {},
        {"identical_beats": "true"},
        {"five_card_rule": "same_type_or_monster", "monster_over_small": "true"},
        {"four_card_play": "quad", "identical_beats": "true"},
    ):
        r = resolve("standard", {"players": "5", "packs": "2"} | over)
        for seed in range(2):
            deal = new_deal(r, seed)
            rng = random.Random(seed)
            while not deal.is_terminal():
                top, seat = deal.top, deal.current_player
                plays = deal.legal_actions()
                if top is not None and seat is not None:
                    want = {c.mask for c in hand_combos(deal.hands[seat], r) if beats(c, top, r)}
                    assert {a.mask for a in plays if a is not PASS} == want  # type: ignore[union-attr]
                deal.apply_action(rng.choice(plays))
