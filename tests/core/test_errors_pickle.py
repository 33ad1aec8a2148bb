"""chupai's errors cross process boundaries (tournament workers, Ray, the
vector environments): each pickles and unpickles with its message and fields,
including :class:`~chupai.errors.IllegalActionError`, whose ``__init__`` takes
two arguments, and a message that is a translated :class:`~chupai.i18n.Msg`."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, strategies as st

from chupai.cards import parse_mask
from chupai.errors import (
    CardParseError,
    ChupaiError,
    IllegalActionError,
    RecordError,
    RulesError,
    UnsupportedOptionError,
)
from chupai.i18n import Msg, error_text


def _round_trip(exc: ChupaiError) -> ChupaiError:
    back = pickle.loads(pickle.dumps(exc))
    assert type(back) is type(exc)
    assert str(back) == str(exc) and back.args == exc.args
    return back


@given(action=st.text(max_size=20), reason=st.text(max_size=40))
def test_an_illegal_action_pickles_with_its_action_and_reason(action: str, reason: str) -> None:
    back = _round_trip(IllegalActionError(action, reason))
    assert isinstance(back, IllegalActionError)
    assert (back.action, back.reason) == (action, reason)


def test_a_translated_reason_stays_a_message() -> None:
    reason = Msg("the leader may not pass")
    back = _round_trip(IllegalActionError("pass", reason))
    assert isinstance(back, IllegalActionError)
    assert isinstance(back.reason, Msg) and back.reason.template == reason.template


@pytest.mark.parametrize(
    ("exc", "fields"),
    [
        (CardParseError("bad", "zz", 3), {"token": "zz", "index": 3}),
        (RulesError("bad key", "packs", ("1", "2")), {"key": "packs", "allowed": ("1", "2")}),
        (UnsupportedOptionError("not yet", "x"), {"key": "x", "allowed": ()}),
        (RecordError("bad action", 7), {"action_index": 7}),
        (ChupaiError("plain"), {}),
    ],
)
def test_every_error_keeps_its_fields(exc: ChupaiError, fields: dict[str, object]) -> None:
    back = _round_trip(exc)
    assert {name: getattr(back, name) for name in fields} == fields


def test_a_card_parse_error_keeps_its_translation_through_pickle() -> None:
    with pytest.raises(CardParseError) as info:
        parse_mask("3d paas")
    back = _round_trip(info.value)
    assert isinstance(back, CardParseError) and (back.token, back.index) == ("paas", 1)
    assert error_text(back, "ja") == error_text(info.value, "ja") != str(back)
