"""The core modules every game shares: the deal base class (:mod:`chupai.deal`), the
match base class and match-record helpers (:mod:`chupai.match`), the deal-record
helpers (:mod:`chupai.records`) and the packed-count sampler helpers
(:mod:`chupai.sampling`), tested on their own (with a toy game where a game is
needed) and for what the games rely on.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

import pytest

from chupai.biga.game import BigADeal
from chupai.bigtwo.game import BigTwoDeal
from chupai.bigtwo.match import deal_seed as bigtwo_deal_seed
from chupai.deal import Deal, copy_slots, still_held
from chupai.doudizhu.game import DouDizhuDeal
from chupai.doudizhu.match import deal_seed as doudizhu_deal_seed
from chupai.errors import ChupaiError, IllegalActionError, RecordError
from chupai.match import (
    MATCH_FORMAT,
    MATCH_VERSION,
    BaseMatch,
    match_deal_seed,
    recorded_deals,
)
from chupai.records import FORMAT, VERSION, check_result, deal_record, replay_deal
from chupai.sampling import check_known, deal_unseen, hidden_capacity

# ---------------------------------------------------------------------------
# A toy game: each seat in turn says a number; the deal ends after `length`
# actions and the last speaker scores +1, the next seat -1 (a redeal when the
# first number said is 0).
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ToyRules:
    players: int = 3
    length: int = 4

    def spec(self) -> str:
        return f"toy(players={self.players},length={self.length})"

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "length": self.length}


class ToyOutcome(NamedTuple):
    redeal: bool
    scores: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"redeal": self.redeal, "scores": list(self.scores)}


class ToyEvent(NamedTuple):
    seat: int
    action: int


class ToyDeal(Deal[int, ToyEvent, ToyOutcome]):
    __slots__ = ("rules", "players", "seed", "dealer", "to_act", "outcome", "history")

    def __init__(self, rules: ToyRules, seed: int | None = None, dealer: int = 0):
        self.rules = rules
        self.players = rules.players
        self.seed = seed
        self.dealer = dealer
        self.to_act: int | None = (dealer + 1) % rules.players
        self.outcome: ToyOutcome | None = None
        self.history: list[ToyEvent] = []

    def is_terminal(self) -> bool:
        return self.outcome is not None

    def legal_actions(self) -> list[int]:
        return [] if self.to_act is None else [0, 1, 2]

    def why_illegal(self, action: int) -> str | None:
        if self.to_act is None:
            return "the deal is over"
        return None if action in (0, 1, 2) else f"{action} is not 0, 1 or 2"

    def action_text(self, action: int) -> str:
        return str(action)

    def parse_action(self, text: str) -> int:
        return int(text)

    def apply_unchecked(self, action: int) -> ToyEvent:
        seat = self.to_act
        assert seat is not None
        ev = ToyEvent(seat, action)
        self.history.append(ev)
        n = self.players
        if len(self.history) == 1 and action == 0:
            self.outcome = ToyOutcome(True, (0,) * n)
            self.to_act = None
        elif len(self.history) >= self.rules.length:
            scores = [0] * n
            scores[seat] += 1
            scores[(seat + 1) % n] -= 1
            self.outcome = ToyOutcome(False, tuple(scores))
            self.to_act = None
        else:
            self.to_act = (seat + 1) % n
        return ev

    def clone(self) -> ToyDeal:
        other = ToyDeal.__new__(ToyDeal)
        for name in ToyDeal.__slots__:
            setattr(other, name, getattr(self, name))
        other.history = list(self.history)
        return other


def toy_record(deal: ToyDeal) -> dict[str, Any]:
    return deal_record("toy", deal, {"dealer": deal.dealer}, deal.history)


def toy_start(rec: Mapping[str, Any]) -> ToyDeal:
    check_result(rec)
    return ToyDeal(ToyRules(**rec["rules"]), rec["seed"], rec["dealer"])


class ToySetup(NamedTuple):
    seed: int
    dealer: int | None


class ToyRow(NamedTuple):
    number: int | None
    position: int
    scores: tuple[int, ...]
    totals: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"deal": self.number, "scores": list(self.scores), "totals": list(self.totals)}


class ToyMatch(BaseMatch[ToyRules, ToyDeal, ToySetup, ToyRow]):
    game = "toy"

    def setup(self) -> ToySetup:
        seed = match_deal_seed(self.game, self.seed, len(self.deals))
        if not self.deals:
            return ToySetup(seed, self.first_dealer)
        return ToySetup(seed, (self.deals[-1].dealer + 1) % self.players)

    def _deal(self, setup: ToySetup) -> ToyDeal:
        dealer = self._drawn_dealer(setup.seed) if setup.dealer is None else setup.dealer
        return ToyDeal(self.rules, setup.seed, dealer)

    def _drawn_dealer(self, seed: int) -> int:
        return seed % self.players

    def _setup_problems(self, deal: ToyDeal, setup: ToySetup) -> list[str]:
        return []

    def _row(
        self, number: int | None, position: int, deal: ToyDeal, totals: tuple[int, ...]
    ) -> ToyRow:
        assert deal.outcome is not None
        return ToyRow(number, position, deal.outcome.scores, totals)

    def _deal_record(self, deal: ToyDeal) -> dict[str, Any]:
        return toy_record(deal)

    @classmethod
    def _read_rules(cls, raw: dict[str, Any]) -> ToyRules:
        return ToyRules(**raw)

    @classmethod
    def _replay_deal(cls, rec: Any) -> ToyDeal:
        return replay_deal(toy_start, rec)


class ToyMatchWithCap(ToyMatch):
    records_max_deals = True


def play_toy(match: ToyMatch, first: int = 1) -> None:
    """Play every deal: the first action of each deal is ``first``, then 2s."""
    match.play_out(lambda d: first if not d.history else 2)


# ---------------------------------------------------------------------------
# chupai.deal
# ---------------------------------------------------------------------------

SHARED = ("current_player", "returns", "is_legal", "check", "apply_action", "child")
OWN = (
    "legal_actions",
    "apply_unchecked",
    "observe",
    "clone",
    "why_illegal",
    "action_text",
    "is_terminal",
)


@pytest.mark.parametrize("cls", [BigTwoDeal, DouDizhuDeal, BigADeal])
def test_games_inherit_the_shared_methods_and_keep_their_hot_paths(cls: type) -> None:
    assert issubclass(cls, Deal)
    for name in SHARED:
        assert name not in cls.__dict__ and getattr(cls, name) is getattr(Deal, name), name
    for name in OWN:
        assert name in cls.__dict__, name  # the game's own method, never a wrapper
    assert "__dict__" not in dir(cls)  # slots all the way down


def test_deal_shared_methods() -> None:
    deal = ToyDeal(ToyRules(), dealer=2)
    assert deal.current_player == 0 and deal.returns() == [0, 0, 0]
    assert deal.is_legal(2) and not deal.is_legal(5)
    with pytest.raises(IllegalActionError, match="5 is not 0, 1 or 2"):
        deal.check(5)
    with pytest.raises(IllegalActionError):
        deal.apply_action(5)
    assert deal.history == []
    child = deal.child(1)
    assert isinstance(child, ToyDeal) and deal.history == [] and child.current_player == 1
    assert deal.apply_action(1) == ToyEvent(0, 1)
    for _ in range(3):
        deal.apply_action(2)
    assert deal.current_player is None and deal.returns() == [1, -1, 0]
    with pytest.raises(IllegalActionError, match="the deal is over"):
        deal.check(1)


def test_deal_base_methods_are_left_to_the_games() -> None:
    class Bare(Deal[int, int, ToyOutcome]):
        __slots__ = ()

    bare = Bare()
    for name in ("why_illegal", "action_text", "apply_unchecked"):
        with pytest.raises(NotImplementedError):
            getattr(bare, name)(0)
    with pytest.raises(NotImplementedError):
        bare.clone()


def test_deal_states_the_protocol_interface() -> None:
    class Bare(Deal[int, int, ToyOutcome]):
        __slots__ = ()

    bare = Bare()
    for call in (
        bare.is_terminal,
        bare.legal_actions,
        lambda: bare.observe(0),
        lambda: bare.parse_action("1"),
    ):
        with pytest.raises(NotImplementedError):
            call()
    for name in ("players", "phase", "to_act", "history", "outcome"):
        assert name in Deal.__annotations__, name
    for name in (
        "is_terminal",
        "legal_actions",
        "observe",
        "parse_action",
        "why_illegal",
        "action_text",
        "apply_unchecked",
        "clone",
    ):
        assert getattr(Deal, name).__doc__, name


@pytest.mark.parametrize("cls", [BigTwoDeal, DouDizhuDeal, BigADeal])
def test_games_have_the_protocol_interface(cls: type) -> None:
    for name in ("is_terminal", "legal_actions", "observe", "parse_action"):
        assert getattr(cls, name) is not getattr(Deal, name), name
    # state a deal keeps: a slot of the class or of a base, or a property
    names = {s for klass in cls.__mro__ for s in getattr(klass, "__slots__", ())}
    for name in ("players", "phase", "to_act", "history", "outcome"):
        assert name in names or isinstance(getattr(cls, name, None), property), name


def test_copy_slots() -> None:
    deal = ToyDeal(ToyRules(), seed=5, dealer=1)
    deal.apply_action(2)
    other = copy_slots(deal, ToyDeal.__new__(ToyDeal), ToyDeal.__slots__, ("history",))
    assert other.history == deal.history and other.history is not deal.history
    assert other.rules is deal.rules and other.to_act == deal.to_act
    other.apply_action(1)
    assert len(deal.history) == 1 and len(other.history) == 2


def test_still_held() -> None:
    guard = (8 << 4) | 8  # two 3-bit fields, each with its guard bit
    plays = [("a", 1), ("aa", 2), ("b", 1 << 4), ("ab", (1 << 4) | 1)]
    assert still_held(plays, 2, guard) == [("a", 1), ("aa", 2)]
    assert still_held(plays, (1 << 4) | 1, guard) == [("a", 1), ("b", 16), ("ab", 17)]
    assert still_held(plays, 0, guard) == []


# ---------------------------------------------------------------------------
# chupai.records
# ---------------------------------------------------------------------------


def test_deal_record_order_and_content() -> None:
    deal = ToyDeal(ToyRules(), seed=5, dealer=1)
    rec = toy_record(deal)
    assert list(rec) == [
        "format",
        "version",
        "game",
        "spec",
        "rules",
        "seed",
        "dealer",
        "actions",
        "result",
    ]
    assert rec["format"] == FORMAT and rec["version"] == VERSION and rec["game"] == "toy"
    assert rec["result"] is None and rec["actions"] == []
    deal.apply_action(1)
    deal.apply_action(2)
    rec = toy_record(deal)
    assert rec["actions"] == [{"seat": 2, "action": "1"}, {"seat": 0, "action": "2"}]


def test_replay_deal() -> None:
    deal = ToyDeal(ToyRules(), seed=5, dealer=1)
    fresh = replay_deal(toy_start, toy_record(deal))
    assert fresh.history == [] and fresh is not deal
    for a in (1, 2, 2, 0):
        deal.apply_action(a)
    rec = toy_record(deal)
    again = replay_deal(toy_start, rec)
    assert again.history == deal.history and again.outcome == deal.outcome
    with pytest.raises(RecordError, match="differs from the replayed one"):
        replay_deal(toy_start, {**rec, "result": {"redeal": True, "scores": [0, 0, 0]}})
    with pytest.raises(RecordError, match="must be an object or null"):
        check_result({"result": [1]})
    check_result({"result": None})
    check_result({})


# ---------------------------------------------------------------------------
# chupai.match
# ---------------------------------------------------------------------------


def test_match_deal_seed_is_each_games_deal_seed() -> None:
    assert match_deal_seed("bigtwo", 7, 3) == bigtwo_deal_seed(7, 3)
    assert match_deal_seed("doudizhu", 7, 3) == doudizhu_deal_seed(7, 3)
    seeds = {
        match_deal_seed(g, s, i)
        for g in ("bigtwo", "doudizhu", "toy")
        for s in range(3)
        for i in range(3)
    }
    assert len(seeds) == 27


def test_base_match_plays_counts_and_ends() -> None:
    m = ToyMatch(ToyRules(), 4, deals=3, dealer=1)
    assert m.players == 3 and m.current is None and not m.is_over()
    deal = m.next_deal()
    assert m.current is deal and deal.dealer == 1
    with pytest.raises(ChupaiError, match="not over"):
        m.next_deal()
    play_toy(m)
    assert m.is_over() and m.counted == 3 and len(m.finished()) == 3
    assert [d.dealer for d in m.deals] == [1, 2, 0]
    rows = m.table()
    assert [r.number for r in rows] == [1, 2, 3]
    assert list(rows[-1].totals) == m.totals and sum(m.totals) == 0
    assert m.leaders() == [s for s, t in enumerate(m.totals) if t == max(m.totals)]
    with pytest.raises(ChupaiError, match="the match is over"):
        m.next_deal()


def test_base_match_redeals_do_not_count_and_max_deals_stops() -> None:
    m = ToyMatch(ToyRules(), 4, deals=2, max_deals=5)
    play_toy(m, first=0)  # every deal is a redeal
    assert len(m.deals) == 5 and m.counted == 0 and m.is_over()
    assert [r.number for r in m.table()] == [None] * 5 and m.totals == [0, 0, 0]


def test_base_match_target() -> None:
    class SameDealer(ToyMatch):
        def setup(self) -> ToySetup:
            return ToySetup(match_deal_seed(self.game, self.seed, len(self.deals)), 0)

    m = SameDealer(ToyRules(length=2), 1, target=3)
    play_toy(m)
    assert m.is_over() and len(m.deals) == 3 and m.totals == [-3, 0, 3]


def test_base_match_record_round_trip() -> None:
    m = ToyMatch(ToyRules(), 9, deals=2)
    play_toy(m)
    rec = m.to_record()
    assert list(rec) == [
        "format",
        "version",
        "game",
        "spec",
        "rules",
        "seed",
        "deal_count",
        "target",
        "first_dealer",
        "deals",
        "table",
        "totals",
    ]
    assert rec["format"] == MATCH_FORMAT and rec["version"] == MATCH_VERSION
    again = ToyMatch.from_record(rec)
    assert isinstance(again, ToyMatch) and again.to_record() == rec
    capped = ToyMatchWithCap(ToyRules(), 9, deals=2, max_deals=7)
    play_toy(capped)
    crec = capped.to_record()
    assert list(crec).index("max_deals") == list(crec).index("first_dealer") + 1
    assert ToyMatchWithCap.from_record(crec).max_deals == 7


@pytest.mark.parametrize(
    "change, message",
    [
        ({"format": "chupai-record"}, "not a chupai match record"),
        ({"version": 2}, "unsupported match record version 2"),
        ({"version": True}, "unsupported match record version True"),
        ({"game": "bigtwo"}, "match record game 'bigtwo' is not toy"),
        ({"rules": None}, "no 'rules' object"),
        ({"seed": "1"}, "field 'seed' must be an integer or null"),
        ({"seed": None}, "no integer 'seed'"),
        ({"deals": {}}, "'deals' must be a list"),
        ({"deal_count": 0}, "bad match record header: a match needs at least 1 deal"),
        ({"totals": [9, 9, 9]}, "the recorded totals"),
        ({"table": []}, "the recorded score table differs"),
    ],
)
def test_base_match_replay_errors(change: dict[str, Any], message: str) -> None:
    m = ToyMatch(ToyRules(), 2, deals=2)
    play_toy(m)
    with pytest.raises(RecordError, match=message):
        ToyMatch.from_record({**m.to_record(), **change})


def test_base_match_replay_names_the_bad_deal() -> None:
    m = ToyMatch(ToyRules(), 2, deals=2)
    play_toy(m)
    rec = m.to_record()
    deals = [dict(d) for d in rec["deals"]]
    deals[1]["seed"] = 12345
    with pytest.raises(
        RecordError, match="deal 2: the deal is not the match's next deal: its seed is 12345"
    ):
        ToyMatch.from_record({**rec, "deals": deals})
    with pytest.raises(RecordError, match="deal 3: .*match was already over"):
        ToyMatch.from_record({**rec, "deals": rec["deals"] + rec["deals"][:1]})


def test_base_match_lenient_version() -> None:
    class Lenient(ToyMatch):
        strict_version = False

    m = Lenient(ToyRules(), 2, deals=1)
    play_toy(m)
    assert Lenient.from_record({**m.to_record(), "version": True}).totals == m.totals


def test_recorded_deals() -> None:
    def drec(scores: Any, redeal: bool = False, **extra: Any) -> dict[str, Any]:
        return {"result": {"scores": scores, "redeal": redeal}, **extra}

    rec = {
        "deals": [
            drec([1, -1], dealer=0),
            drec([0, 0], True),
            {"result": None},
            "junk",
            drec([2, -2]),
        ]
    }
    got = list(recorded_deals(rec))
    assert [d.number for d in got] == [1, None, 2]
    assert [d.redeal for d in got] == [False, True, False]
    assert [d.totals for d in got] == [[1, -1], [1, -1], [3, -3]]
    assert got[0].record["dealer"] == 0 and got[2].scores == [2, -2]
    with pytest.raises(RecordError, match="deal 2: the result has no list of integer scores"):
        list(recorded_deals({"deals": [drec([1, -1]), drec([True, 0])]}))
    with pytest.raises(RecordError, match="deal 2: 3 scores for 2 players"):
        list(recorded_deals({"deals": [drec([1, -1]), drec([1, 0, -1])]}))
    bad: Any
    for bad in ({}, {"deals": {}}, [1]):
        with pytest.raises(RecordError, match="'deals' must be a list"):
            list(recorded_deals(bad))


# ---------------------------------------------------------------------------
# chupai.sampling
# ---------------------------------------------------------------------------


def _size(cards: int) -> int:
    n = 0
    while cards:
        n += cards & 31
        cards >>= 5
    return n


def _contains(hand: int, cards: int) -> bool:
    return all((hand >> (5 * f)) & 31 >= (cards >> (5 * f)) & 31 for f in range(8))


def _pack(*counts: int) -> int:
    return sum(c << (5 * f) for f, c in enumerate(counts))


def test_hidden_capacity() -> None:
    unseen, hand = _pack(2, 1, 3), _pack(1, 1)
    assert hidden_capacity(unseen, hand, (3, 2, 3), 1, _size) == (3, 0, 3)
    with pytest.raises(ChupaiError, match="counts do not add up"):
        hidden_capacity(unseen, hand, (3, 2, 2), 1, _size)
    with pytest.raises(ChupaiError, match="counts do not add up"):
        hidden_capacity(unseen, hand, (3, 3, 3), 1, _size)


def test_check_known() -> None:
    unseen = _pack(2, 1, 3)
    check_known(unseen, (_pack(2), 0, _pack(0, 1)), (3, 0, 3), _contains, _size)
    with pytest.raises(ChupaiError, match="known cards do not fit"):
        check_known(unseen, (_pack(3), 0, 0), (3, 0, 3), _contains, _size)  # not unseen
    with pytest.raises(ChupaiError, match="known cards do not fit"):
        check_known(unseen, (_pack(2, 1, 1), 0, 0), (3, 0, 3), _contains, _size)  # no room


def test_deal_unseen_keeps_the_known_cards_and_the_counts() -> None:
    unseen = _pack(3, 2, 0, 4, 1)
    known = (_pack(1), 0, _pack(0, 0, 0, 2))
    caps = (4, 0, 6)
    seen_hands = set()
    for seed in range(40):
        hands = deal_unseen(unseen, known, caps, 5, _size, random.Random(seed))
        assert sum(hands) == unseen and hands[1] == 0
        assert [_size(h) for h in hands] == list(caps)
        assert all(_contains(h, k) for h, k in zip(hands, known))
        assert hands == deal_unseen(unseen, known, caps, 5, _size, random.Random(seed))
        seen_hands.add(tuple(hands))
    assert len(seen_hands) > 5  # the rest really is shuffled
