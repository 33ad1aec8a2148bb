"""The deal-result dialog's words: every message's ``match.explained`` holds the last
finished deal's scoring explanation in en, zh and ja, the same for a seat and a
spectator (scores are public), with the seats left for the page to name."""

from __future__ import annotations

import random
import re

import pytest

pytest.importorskip("pydantic")

from chupai.i18n import translate  # noqa: E402
from chupai.web.explained import SeatMark, explained  # noqa: E402
from chupai.web.protocol import MatchInfo  # noqa: E402
from chupai.web.tables import Table, check_config  # noqa: E402


def _table(game: str, seats: int) -> Table:
    config = check_config(
        {"game": game, "deals": 2, "seed": 3, "seats": [{"kind": "human"}] * seats}
    )
    return Table.create("t", config, 0.0)[0]


def _play_to_the_end_of_a_deal(table: Table, rng: random.Random) -> None:
    position = table.position
    while table.position == position and not table.over:
        action = rng.choice(table.legal())
        table.commit(table.prepare(table.to_act, action), action)


@pytest.mark.parametrize(("game", "seats"), [("doudizhu", 3), ("bigtwo", 4)])
def test_the_result_is_explained_in_every_language(game: str, seats: int) -> None:
    table = _table(game, seats)
    assert table.state(None)["match"]["explained"] == {}
    _play_to_the_end_of_a_deal(table, random.Random(1))
    finished = next(d for d in reversed(table.match.deals) if d.is_terminal())
    spectator = table.state(None)["match"]
    MatchInfo.model_validate(spectator)
    words = spectator["explained"]
    assert sorted(words) == ["en", "ja", "zh"]
    want = table.spec.explain(finished, [SeatMark(s) for s in range(seats)])
    assert words["en"] == [str(line) for line in want] and words["en"]
    assert words["zh"] == [translate(line, "zh") for line in want]
    assert words["zh"] != words["en"] and words["ja"] != words["en"]
    assert any(re.search(r"\{seat\d\}", line) for line in words["en"])
    for seat in range(seats):
        assert table.state(seat)["match"]["explained"] == words


def test_nothing_to_explain_before_a_deal_ends() -> None:
    table = _table("doudizhu", 3)
    assert explained(table.spec, table.match.deals) == {}
    assert str(SeatMark(2)) == "{seat2}" and SeatMark(0).text("ja") == "{seat0}"
