"""The pure-Python and the compiled Dou Dizhu engine side by side, for
``bench_doudizhu.py`` (which runs :func:`compiled_section` and puts its figures,
ratios and targets in its JSON line under ``compiled``).

* the 20-card landlord lead listing: ``movegen.legal_plays_py`` (pure) and the
  compiled ``legal_plays``, and the deal's first-lead ``legal_actions()`` with
  the deal's move generation bound to either (:func:`use_engine`: what
  ``CHUPAI_PURE=1`` binds, or the compiled functions);
* API random games (classic, ``apply_unchecked``) with either binding;
* the compiled ``random_games`` (whole deals in C: bidding, robbing, 明牌, play),
  the cards dealt in C (the shuffle ported) or in Python and handed over.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from typing import Any

from bench_doudizhu import (
    CLASSIC,
    Contender,
    LordDeal,
    play_game,
    rate_figures,
    ratio,
    time_rounds,
    us_figures,
)

from chupai import compiled
from chupai.doudizhu import game as ddz_game, movegen
from chupai.doudizhu.game import DouDizhuDeal
from chupai.doudizhu.rules import PRESETS

TARGET_COMPILED_GAMES_PER_S = 43_600
"""The compiled core's target: classic random games/s, bidding included (2x
OpenSpiel's C++ loop)."""
TARGET_COMPILED_LEAD_US = 4.0
"""The compiled core's target for the 20-card landlord lead listing."""
FAST: Any = compiled.load("chupai.doudizhu._fast")
"""The compiled core in use (None when not built or CHUPAI_PURE is set)."""


def use_engine(pure: bool) -> None:
    """Bind the deal's move generation to the pure-Python functions (what
    CHUPAI_PURE=1 binds) or to the compiled ones."""
    ddz_game._hand_combos = (  # type: ignore[attr-defined]
        movegen._hand_combos_py if pure or FAST is None else FAST.hand_combos_t
    )
    ddz_game._fast = None if pure else FAST  # type: ignore[attr-defined]


def engine_contenders(count: int) -> list[Contender]:
    """Pure and compiled: the 20-card landlord lead listing (legal_plays and the
    deal's first-lead legal_actions), API random games (classic, unchecked)."""
    rng = random.Random(20)
    deals = [LordDeal(rng) for _ in range(count)]
    hands = [d.hand for d in deals]
    cdeals = [d.chupai_deal() for d in deals]
    out: list[Contender] = []
    for pure in (True, False):
        tag = "pure" if pure else "compiled"
        gen = movegen.legal_plays_py if pure else FAST.legal_plays
        fresh: list[DouDizhuDeal] = []

        def listing(gen: Callable[..., Any] = gen) -> int:
            for h in hands:
                gen(h, CLASSIC)
            return 0

        def prepare(pure: bool = pure, fresh: list[DouDizhuDeal] = fresh) -> None:
            use_engine(pure)
            fresh[:] = [d.clone() for d in cdeals]

        def first_lead(pure: bool = pure, fresh: list[DouDizhuDeal] = fresh) -> int:
            use_engine(pure)
            for d in fresh:
                d.legal_actions()
            return 0

        seeds = iter(range(10**9))

        def api_game(pure: bool = pure, seeds: Any = seeds) -> int:
            use_engine(pure)
            return play_game(CLASSIC, next(seeds), "unchecked")

        out += [
            Contender(f"legal_plays_{tag}", f"legal_plays(hand) leading, {tag}", listing),
            Contender(
                f"legal_actions_{tag}",
                f"deal.legal_actions() at the first lead, {tag}",
                first_lead,
                prepare,
            ),
            Contender(
                f"api_games_{tag}", f"API random games (classic, unchecked), {tag}", api_game
            ),
        ]
    return out


def random_games_contender(preset: str, deal_in_c: bool, batch: int) -> Contender:
    """FAST.random_games: ``batch`` deals a unit; run() returns the games played
    out (deals that were not redealt)."""
    rules = PRESETS[preset]
    seeds = iter(range(0, 10**12, batch))

    def run() -> int:
        summary = FAST.random_games(rules, batch, next(seeds), deal_in_c)
        return int(summary["deals"] - summary["redeals"])

    where = "dealt in C" if deal_in_c else "dealt in Python"
    name = f"random_games_{preset}" + ("" if deal_in_c else "_pydeal")
    return Contender(name, f"compiled random_games, {preset}, {where}", run)


def compiled_section(count: int, rounds: int, seconds: float) -> dict[str, Any]:
    """The pure and compiled paths side by side (figures and ratios)."""
    if FAST is None:
        why = "CHUPAI_PURE is set" if compiled.pure_forced() else "not built"
        print(f"\ncompiled core: not measured ({why})")
        return {"skipped": why}
    engines = engine_contenders(count)
    time_rounds([c for c in engines if not c.name.startswith("api_")], rounds, 0.0)
    time_rounds([c for c in engines if c.name.startswith("api_")], rounds, seconds / rounds)
    batch = 200 if seconds < 1 else 2000
    randoms = [
        random_games_contender(p, c, batch)
        for p in ("classic", "four_player")
        for c in (True, False)
    ]
    time_rounds(randoms, rounds, seconds / rounds)
    use_engine(False)
    fig: dict[str, Any] = {}
    for c in engines:
        if c.name.startswith("api_games"):
            fig[c.name] = rate_figures(c)
        else:
            fig[c.name] = us_figures(c, count)
    for c in randoms:
        per_deal = c.deals / (c.units * batch)  # games played out per deal
        fig[c.name] = {
            "deals_per_s": round(max(c.rates) * batch, 1),
            "median_deals_per_s": round(statistics.median(c.rates) * batch, 1),
            "games_per_s": round(max(c.rates) * batch * per_deal, 1),
            "median_games_per_s": round(statistics.median(c.rates) * batch * per_deal, 1),
            "deals": c.units * batch,
        }
    best = fig["random_games_classic"]["games_per_s"]
    ratios = {
        "legal_plays compiled/pure": ratio(
            fig["legal_plays_pure"]["us"], fig["legal_plays_compiled"]["us"]
        ),
        "legal_actions compiled/pure": ratio(
            fig["legal_actions_pure"]["us"], fig["legal_actions_compiled"]["us"]
        ),
        "api_games compiled/pure": ratio(
            fig["api_games_compiled"]["games_per_s"], fig["api_games_pure"]["games_per_s"]
        ),
        "random_games_classic/api_games_pure": ratio(best, fig["api_games_pure"]["games_per_s"]),
        "random_games_classic/pydeal": ratio(
            best, fig["random_games_classic_pydeal"]["games_per_s"]
        ),
    }
    target = {
        "games_per_s": TARGET_COMPILED_GAMES_PER_S,
        "meets_games_per_s": best >= TARGET_COMPILED_GAMES_PER_S,
        "lead_us": TARGET_COMPILED_LEAD_US,
        "meets_lead_us": fig["legal_plays_compiled"]["us"] <= TARGET_COMPILED_LEAD_US,
    }
    print("\npure and compiled engines side by side (best round, median round)")
    for c in engines + randoms:
        f = fig[c.name]
        if "us" in f:
            print(f"  {c.label:66s} {f['us']:9.2f} us {f['median_us']:9.2f} us")
        else:
            print(f"  {c.label:66s} {f['games_per_s']:9.0f} games/s {f['median_games_per_s']:9.0f}")
    for k, v in ratios.items():
        print(f"  ratio {k:58s} {v}")
    print(
        f"  target: compiled classic random games {best:.0f}/s vs {TARGET_COMPILED_GAMES_PER_S}: "
        f"{'met' if target['meets_games_per_s'] else 'NOT met'}; lead listing "
        f"{fig['legal_plays_compiled']['us']} us vs {TARGET_COMPILED_LEAD_US}: "
        f"{'met' if target['meets_lead_us'] else 'NOT met'}"
    )
    return {"figures": fig, "ratios": ratios, "target": target}
