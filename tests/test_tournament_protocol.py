"""Tournaments, simulations and names through the game protocol: every game is
reached through its spec (a game registered by a test plays like a built-in one),
and every seed is derived in :mod:`chupai.seeds` with the values it always had."""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Iterator

import pytest

from chupai import protocol, seeds
from chupai.protocol import get_game
from chupai.tournament import Tournament, redeal_seed, run_tournament, summarize


def _digest(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


# ----- seeds -------------------------------------------------------------------------


def test_seed_values_are_the_historical_ones() -> None:
    assert seeds.bot_seed(11, 2) == _digest("chupai-bot:11:2")
    assert seeds.bot_seed(11, 2, 3) == _digest("chupai-bot:11:2:3")
    assert seeds.redeal_seed("doudizhu", 5, 1) == _digest("chupai-doudizhu-redeal:5:1") % 10**9
    assert seeds.match_deal_seed("bigtwo", 7, 3) == 12233482320362886363
    assert seeds.series_seed("biga", 42, 1) == 42
    assert seeds.series_seed("biga", 42, 2) == _digest("chupai-biga-deal:42:2") % 10**9
    assert seeds.table_bot_seed(9, 2, 1) == _digest("chupai-table-bot:9:2:1")
    assert seeds.hint_seed(9, 14) == _digest("chupai-hint:9:14")
    assert seeds.board_seed(100, 7) == 107


def test_every_seed_function_agrees_with_chupai_seeds() -> None:
    from chupai.biga.match import deal_seed as biga_deal_seed
    from chupai.bigtwo.match import deal_seed as bigtwo_deal_seed
    from chupai.cli.session import derive_seed
    from chupai.cli.simulate import bot_seed as simulate_bot_seed
    from chupai.doudizhu.match import deal_seed as doudizhu_deal_seed
    from chupai.match import match_deal_seed

    for s in (0, 1, 12345):
        for n in range(4):
            assert bigtwo_deal_seed(s, n) == seeds.match_deal_seed("bigtwo", s, n)
            assert doudizhu_deal_seed(s, n) == seeds.match_deal_seed("doudizhu", s, n)
            assert biga_deal_seed(s, n) == seeds.match_deal_seed("biga", s, n)
            assert match_deal_seed("x", s, n) == seeds.match_deal_seed("x", s, n)
            assert simulate_bot_seed(s, n) == seeds.bot_seed(s, n)
            assert redeal_seed("biga", s, n) == seeds.redeal_seed("biga", s, n)
            assert derive_seed("chupai-biga-redeal", s, n) == seeds.redeal_seed("biga", s, n)


def test_a_match_derives_its_deal_seeds() -> None:
    spec = get_game("doudizhu")
    m = spec.new_match(spec.resolve(), 5, deals=1)
    assert m.next_deal().seed == seeds.match_deal_seed("doudizhu", 5, 0) == m.deal_seed(0)


# ----- a game registered at run time -------------------------------------------------


@pytest.fixture
def copied_game() -> Iterator[str]:
    """Dou Dizhu under another key (what a third-party game looks like to the
    tournament: nothing but its spec)."""
    spec = dataclasses.replace(
        get_game("doudizhu"), key="ddzcopy", aliases=("ddz copy",), layers={}
    )
    protocol.register(spec)
    try:
        yield spec.key
    finally:
        protocol.unregister(spec.key)


def test_a_registered_game_plays_tournaments_and_matches(
    copied_game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import chupai.tournament as tournament
    from chupai.bots import make_bot

    # the copy has no bots of its own: Dou Dizhu's play it
    monkeypatch.setattr(
        tournament, "new_bot", lambda name, seed, game: make_bot(name, seed, game="doudizhu")
    )
    assert copied_game in tournament.GAMES
    rules = get_game(copied_game).resolve()
    t = Tournament(copied_game, rules, ("greedy", "random"), 3, seed=4)
    rep = summarize(t, run_tournament(t).boards)
    assert rep["game"] == copied_game and rep["counted_deals"] == 3 * len(t.seatings)
    m = Tournament(copied_game, rules, ("greedy", "random"), 4, seed=4, match_deals=2, verify=True)
    boards = run_tournament(m).boards
    assert all(b.error is None for b in boards)
    assert summarize(m, boards)["counted_deals"] == 4 * len(m.seatings)


def test_an_unknown_game_is_refused() -> None:
    from chupai.errors import ChupaiError

    with pytest.raises(ChupaiError, match="tournaments do not support"):
        Tournament("nogame", get_game("bigtwo").resolve(), ("random",), 1)


def test_registered_winners_are_the_specs() -> None:
    """Tournament winners are :meth:`GameSpec.result`'s, for every game."""
    from chupai.tournament import play_out

    for key in ("bigtwo", "doudizhu", "biga"):
        spec = get_game(key)
        rules = spec.resolve()
        t = Tournament(key, rules, ("greedy",), 1, seed=2)
        (game,) = run_tournament(t).boards[0].games
        deal = spec.new_deal(rules, 2)
        from chupai.bots import make_bot

        play_out(
            deal, [make_bot("greedy", seeds.bot_seed(2, s), game=key) for s in range(rules.players)]
        )
        result = spec.result(deal)
        if not result.redeal:
            assert game.deals[0].winners == result.winners
            assert game.deals[0].scores == result.scores


# ----- simulate helpers --------------------------------------------------------------


@pytest.mark.parametrize("key", ["bigtwo", "doudizhu", "biga"])
def test_play_deal_and_play_match_deal_the_named_game(key: str) -> None:
    from chupai.cli.simulate import play_deal, play_match

    spec = get_game(key)
    rules = spec.resolve()
    deal = play_deal(rules, 3, ["random"] * rules.players, game=key)
    assert deal.is_terminal() and spec.to_record(deal)["game"] == key
    match = play_match(rules, 3, ["random"] * rules.players, 1, game=key)
    assert match.is_over() and match.to_record()["game"] == key


# ----- names -------------------------------------------------------------------------


def test_names_come_from_the_registry() -> None:
    from chupai.names import BIGA_COMBO_NAMES, COMBO_NAMES, GAME_NAMES, combo_name, game_name

    assert combo_name("four_of_a_kind", "zh") == "铁支"
    assert combo_name("trio_pair", "zh", game="doudizhu") == "三带一对"
    assert combo_name("rocket", "xx", game="doudizhu") == "rocket"
    assert combo_name("no_such_kind", "en", game="biga") == "no_such_kind"
    assert combo_name("pair", "en", game="nogame") == "pair"
    assert game_name("doudizhu", "zh") == "斗地主" == get_game("doudizhu").name("zh")
    assert game_name("nogame") == "nogame"
    assert COMBO_NAMES["ja"]["pair"] == "ペア"
    assert BIGA_COMBO_NAMES["zh"]["sequence"] == "龙"
    assert set(GAME_NAMES) >= {"bigtwo", "doudizhu", "biga"}


def test_worker_processes_import_the_games_named_in_chupai_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game that is not an installed package (named in ``CHUPAI_GAMES``) is
    imported by every worker before it plays."""
    import sys

    import chupai.tournament as tournament

    monkeypatch.setenv(protocol.GAMES_VARIABLE, " json , ,chupai.seeds")
    assert tournament._game_modules() == ("json", "chupai.seeds")
    monkeypatch.delitem(sys.modules, "chupai.seeds")
    t = Tournament("bigtwo", get_game("bigtwo").resolve(), ("random",), 1, seed=3)
    (board,) = tournament._worker_chunk(t, 0, 1, ("chupai.seeds",))
    assert board.games[0].deals == tournament.play_chunk(t, 0, 1)[0].games[0].deals
    assert "chupai.seeds" in sys.modules
