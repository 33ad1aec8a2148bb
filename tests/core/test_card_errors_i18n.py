"""The card parsers' refusals (``unknown card token 'paas'``, a joker where the
game has none, a card named more often than the decks hold) are
:class:`chupai.i18n.Msg`: their English is what ``chupai judge`` always printed,
and a surface shows them in 中文 and 日本語."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, strategies as st

from chupai.biga.cards import parse_cards as biga_parse
from chupai.bigtwo.packs import parse as packs_parse
from chupai.cards import parse_mask, parse_tokens
from chupai.daguailuzi.cards import parse_cards as dglz_parse
from chupai.doudizhu.combos import parse_cards as ddz_parse
from chupai.doudizhu.rules import PRESETS as DDZ
from chupai.errors import CardParseError
from chupai.i18n import Msg, error_text, translation

PARSERS: dict[str, Callable[[str], Any]] = {
    "core": parse_mask,
    "bigtwo_packs": lambda text: packs_parse(text, 2),
    "biga": biga_parse,
    "daguailuzi": dglz_parse,
    "doudizhu": lambda text: ddz_parse(text, DDZ["classic"]),
}

REFUSALS = [
    (parse_mask, "3d paas", "unknown card token 'paas'", "'paas' 不是牌"),
    (parse_mask, "s3", "unknown card token 's3': write the rank first, e.g. 3S", "先写点数"),
    (
        parse_mask,
        "7",
        "card '7' has no suit: a card token is a rank and a suit, e.g. '7S' "
        "(bare ranks are not allowed in this game)",
        "没有花色",
    ),
    (
        parse_mask,
        "bj",
        "card 'BJ' is a joker, and this game is played without jokers",
        "'BJ' 是王",
    ),
    (
        PARSERS["bigtwo_packs"],
        "rj",
        "card 'RJ' is a joker, and this game is played without jokers",
        "不用王",
    ),
    (
        PARSERS["bigtwo_packs"],
        "3d 3d 3d",
        "card '3D' appears 3 times but the decks hold 2",
        "'3D' 出现了 3 次，但牌里只有 2 张",
    ),
    (biga_parse, "3d 3d 3d", "card '3D' appears 3 times but the decks hold 2", "只有 2 张"),
    (
        biga_parse,
        "4 4 4 4 4 4 4 4 4",
        "rank '4' appears 9 times but the decks hold 8 (at token '4')",
        "点数 '4' 出现了 9 次",
    ),
    (
        lambda text: biga_parse(text, 3),
        "A " * 7,
        "ordinary Aces ('A') appear 7 times but the decks hold 6",
        "普通的 A 出现了 7 次",
    ),
    (
        dglz_parse,
        "3d 3d 3d 3d",
        'card "3D" appears 4 times but the decks hold 3',
        '"3D" 出现了 4 次',
    ),
]


@pytest.mark.parametrize(("parse", "text", "english", "chinese"), REFUSALS)
def test_a_refusal_keeps_its_english_and_has_chinese_and_japanese(
    parse: Callable[[str], Any], text: str, english: str, chinese: str
) -> None:
    with pytest.raises(CardParseError) as info:
        parse(text)
    said = info.value.args[0]
    assert isinstance(said, Msg) and str(info.value) == english
    assert chinese in error_text(info.value, "zh")
    assert translation(said.template, "ja") is not None
    assert error_text(info.value, "ja") != english


@given(
    token=st.text(alphabet="abcdefghijklmnopqrstuvwxyz!?", min_size=2, max_size=6),
    game=st.sampled_from(sorted(PARSERS)),
)
def test_any_unreadable_token_is_refused_in_every_language(token: str, game: str) -> None:
    try:
        parse_tokens(token, bare_ranks=True)
    except CardParseError:
        pass
    else:  # a real token (bj, 10s): nothing to refuse
        return
    with pytest.raises(CardParseError) as info:
        PARSERS[game](f"3d {token}")
    assert info.value.token == token
    for lang in ("zh", "ja"):
        text = error_text(info.value, lang)
        assert repr(token) in text and "unknown card token" not in text
