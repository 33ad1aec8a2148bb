"""The registration (:mod:`chupai.daguailuzi.spec`): names, aliases, the deal and
match through the protocol, the shared facts and the result."""

from __future__ import annotations

import random

import pytest
from dgl_helpers import SHANGHAI, deal_of, script

from chupai.daguailuzi import spec as dgl_spec
from chupai.names import LANGUAGES
from chupai.protocol import BUILTIN_SPECS, builtin_layers, get_game


@pytest.mark.parametrize(
    "alias", ["daguailuzi", "大怪路子", "Wild Escape", "wild_escape", "The Joker's Way", "DGL"]
)
def test_every_alias_finds_the_game(alias: str) -> None:
    assert get_game(alias).key == "daguailuzi"


def test_the_spec() -> None:
    spec = get_game("daguailuzi")
    assert "chupai.daguailuzi.spec" in BUILTIN_SPECS
    assert spec.seats == (6,) and spec.default_preset == "seed"
    assert set(spec.presets()) == {"seed", "shanghai"}
    assert all(spec.name(lang) for lang in LANGUAGES)
    assert spec.name("zh") == "大怪路子"
    # only the layers that exist are listed; a missing one is the generic path
    listed = dict(spec.layers)
    assert listed == {k: v for k, v in builtin_layers("daguailuzi").items() if k in listed}
    assert set(listed) == set(dgl_spec._LAYERS)
    for layer in ("cli.play", "cli.replay", "env", "web", "bots"):
        assert (spec.plugin(layer) is None) == (layer not in listed)


def test_a_deal_and_a_match_through_the_protocol() -> None:
    spec = get_game("dgl")
    rules = spec.resolve("shanghai", {"lead_after_out": "teammate"})
    deal = spec.new_deal(rules, 5, dealer=0)
    assert deal.offense == 1 and deal.dealer == 0
    rng = random.Random(5)
    while not deal.is_terminal():
        deal.apply_action(rng.choice(deal.legal_actions()))
    result = spec.result(deal)
    assert result.redeal is False and result.scores == deal.outcome.scores
    assert result.order == deal.outcome.finishing_order
    assert result.winners == deal.outcome.winners
    assert spec.replay(spec.to_record(deal)).outcome == deal.outcome
    match = spec.new_match(rules, 3, deals=2)
    match.play_out(lambda d: rng.choice(d.legal_actions()))
    assert spec.replay_match(match.to_record()).totals == match.totals


def test_facts_show_tributes_while_handed_and_the_hands_at_the_end() -> None:
    hands = ["5H 7S", "RJ 8S 4S", "4D 9S", "3C 3H AS KD", "6S", "6H"]
    deal = deal_of(SHANGHAI, hands, 2, levels=(1, 0), givers=(1, 3), recipients=(2, 0))
    script(deal, ["tribute 3C"])
    facts = get_game("daguailuzi").facts(deal.observe(5))
    assert facts.phase == "tribute" and facts.shown == {"tribute 3": ("3C",)}
    assert facts.roles == ("offense", "defense") * 3 == facts.public_roles
    script(deal, ["tribute RJ"])
    facts = get_game("daguailuzi").facts(deal.observe(5))
    assert facts.shown == {"tribute 1→2": ("RJ",), "tribute 3→0": ("3C",)}
    script(deal, ["return 4D", "return 5H"])
    assert get_game("daguailuzi").facts(deal.observe(5)).shown == {}
    # seat 2 leads 9S, all pass, it leads its RJ and is out
    script(deal, ["9S", *["pass"] * 5, "RJ"])
    facts = get_game("daguailuzi").facts(deal.observe(4))
    assert facts.finished == (2,) and facts.top == "RJ" and facts.top_player == 2
    script(deal, [*["pass"] * 5, "5H", "6S", "pass", "7S", "pass", "pass", "pass", "3C"])
    # team A (0, 2, 4) is out: A wins, B's hands are shown to everyone
    facts = get_game("daguailuzi").facts(deal.observe(4))
    assert facts.finished == (2, 4, 0) and facts.result is not None
    assert facts.result.winners == (0, 2, 4) and facts.result.scores == (3, -3) * 3
    assert facts.shown == {
        "hand 1": ("4S", "4D", "8S"),
        "hand 3": ("KD", "AS", "3H"),
        "hand 5": ("6H",),
    }
