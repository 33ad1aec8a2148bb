"""Visibility is decided once, by the engine's observation: every surface (the web
views, the environment's render, the terminal, the bots' view of the partner) shows
the same facts of every seat at every step of seeded deals of every game.

The default run plays 40 deals per game, or fewer when a game's deals are long: it
stops after the deal that brings the seat-steps checked to 33,000 (the other games
play all 40; 大怪路子, six seats and ~240 actions a deal, about 23); ``-m slow``
plays up to 1,000, stopping after 300,000 seat-steps (Big Two and Dou Dizhu play
about 1,000 deals, 大怪路子 about 210: the CI's time budget).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from chupai.protocol import BUILTIN_SPECS, GameSpec, get_game
from chupai.web.views import seat_view

pytest.importorskip("numpy")
from chupai.env.common import EnvGame  # noqa: E402
from chupai.env.render import public_roles  # noqa: E402

BUILTIN = tuple(module.split(".")[1] for module in BUILTIN_SPECS)


def _token(card: str) -> str:
    """The page writes a ten ``10`` where the notation writes ``T``."""
    return "10" + card[1:] if card.startswith("T") else card


def _steps(spec: GameSpec, seed: int) -> Iterator[Any]:
    """Each state of a seeded random deal of ``spec`` (the start, then after every
    action)."""
    deal = spec.new_deal(spec.resolve(), seed)
    rng = random.Random(seed)
    yield deal
    while not deal.is_terminal():
        deal.apply_action(rng.choice(deal.legal_actions()))
        yield deal


def _check_seat(spec: GameSpec, env_game: Any, deal: Any, seat: int) -> None:
    obs = deal.observe(seat)
    facts = spec.facts(obs)
    where = f"{spec.key} seed {deal.seed} step {len(deal.history)} seat {seat}"
    # the engine's shared facts are the observation's
    assert facts.roles == obs.roles and facts.public_roles == obs.public_roles, where
    assert facts.counts == tuple(obs.hand_counts), where
    # the web: public roles for everyone, the private role and hand for the seat
    view = seat_view(spec.key, obs)
    web_public = [r or "" for r in view["public"]["roles"]]
    assert web_public == list(obs.public_roles), where
    assert (view["private"].get("role") or "") == obs.roles[seat], where
    assert view["private"]["hand"] == [_token(c) for c in facts.hand], where
    assert view["public"]["counts"] == list(facts.counts), where
    # the environment's render: the public role column (a role may be several
    # words, "A offense"; a note may follow it) shows each public role and no other
    roles = list(obs.public_roles)
    for col, role in zip(public_roles(env_game, obs, facts), roles):
        head = col.split(" out#")[0] if col else ""
        shown = next(
            (
                r
                for r in sorted(set(roles), key=len, reverse=True)
                if r and (head + " ").startswith(r + " ")
            ),
            "",
        )
        assert shown == role, where


def _play(key: str, deals: int, most: int) -> int:
    """Check ``deals`` seeded deals of ``key``, stopping after the deal that brings
    the seat-steps checked to ``most``; returns how many were checked."""
    spec = get_game(key)
    env_game = EnvGame(spec)
    checked = 0
    for seed in range(deals):
        if checked >= most:
            break
        for deal in _steps(spec, seed):
            for seat in range(deal.players):
                _check_seat(spec, env_game, deal, seat)
                checked += 1
    return checked


@pytest.mark.parametrize("key", BUILTIN)
def test_every_surface_shows_the_observations_facts(key: str) -> None:
    assert _play(key, 40, 33_000) > 1000


@pytest.mark.slow
@pytest.mark.parametrize("key", BUILTIN)
def test_every_surface_shows_the_observations_facts_1000_deals(key: str) -> None:
    assert _play(key, 1000, 300_000) > 10_000


def test_biga_seed_6_partner_public_by_a_big_ace() -> None:
    """The case the surfaces disagreed on: seed 6's partner becomes public by
    playing a Big Ace, not by revealing itself; every surface then shows all roles."""
    spec = get_game("biga")
    for deal in _steps(spec, 6):
        obs = deal.observe(0)
        if obs.public_partner is not None and not obs.partner_revealed:
            assert "" not in obs.public_roles
            view = seat_view("biga", obs)
            assert None not in view["public"]["roles"]
            return
    pytest.fail("seed 6 no longer makes the partner public by a Big Ace")
