"""Dou Dizhu's environment plugin: its action-space layout, its observation codec
and its rendering extras (found through ``get_game("doudizhu").plugin("env")``).

The layout and the encoding are documented in :mod:`chupai.env.spaces` and
:mod:`chupai.env.encode`.
"""

from __future__ import annotations

import math
from typing import Any, Final

from chupai.actions import PASS, Pass
from chupai.doudizhu import combos as dd_combos
from chupai.doudizhu import game as dd_game
from chupai.doudizhu.movegen import hand_combos
from chupai.doudizhu.rules import CLASSIC, FOUR_PLAYER, DouDizhuRules
from chupai.doudizhu.scoring import multipliers
from chupai.env.codec import (
    CACHE_LIMIT,
    PASS_KEY,
    SKIP_KEY,
    Block,
    Codec,
    Field,
    Vector,
    count_planes,
    sat_sub,
)
from chupai.env.spaces import Blocks, TextFn, play_blocks, play_order
from chupai.protocol import Result

__all__ = [
    "COMBINATION_OPTIONS",
    "DouDizhuCodec",
    "base_rules",
    "build_space",
    "check",
    "codec",
    "public_action",
    "role_notes",
    "win_rewards",
]

COMBINATION_OPTIONS: Final = ("players", "four_with_two_kickers", "four_with_two_match",
                              "allow_four_with_pair", "airplane_max_trios")
"""The options that decide the action space (see :mod:`chupai.env.spaces`)."""


# ----- the action space --------------------------------------------------------------

def base_rules(rules: DouDizhuRules) -> DouDizhuRules:
    """The preset whose other options the space's canonical rules take."""
    return CLASSIC if rules.players == 3 else FOUR_PLAYER


def check(rules: DouDizhuRules) -> None:
    """Every Dou Dizhu option is representable."""
    return


def build_space(rules: DouDizhuRules) -> tuple[Blocks, TextFn]:
    """The blocks of the space of ``rules`` and the text of an action."""
    plays = hand_combos(dd_combos.deck_cards(rules), rules)
    plays.sort(key=play_order(list(dd_combos.Kind)))
    blocks: Blocks = [("pass", [PASS]), ("bid", [dd_game.Bid(v) for v in (1, 2, 3)]),
                      ("choice", [dd_game.ROB, dd_game.NO_ROB, dd_game.SHOW])]
    blocks += play_blocks(plays)
    seen: set[int] = set()
    several: set[int] = set()  # card multisets with readings of more than one kind
    for c in plays:
        (several if c.cards in seen else seen).add(c.cards)

    def text(a: Any) -> str:
        if isinstance(a, Pass):
            return "pass"
        if isinstance(a, dd_game.Bid):
            return f"bid {a.value}"
        if isinstance(a, dd_game.Choice):
            return str(a.name)
        out = dd_combos.cards_text(a.cards)
        return out + " " + a.kind.value if a.cards in several else out

    return blocks, text


# ----- the observation codec -----------------------------------------------------------

_PHASES: Final = (dd_game.Phase.BID, dd_game.Phase.ROB, dd_game.Phase.PLAY, dd_game.Phase.OVER)


def _play_cards(a: Any) -> int | None:
    """The history key of an action of the play phase (:meth:`Codec.recent`)."""
    if isinstance(a, dd_combos.Combo):
        return int(a.cards)
    return PASS_KEY if isinstance(a, Pass) else SKIP_KEY


def _play_start(hist: Any) -> int:
    """Where the play phase starts: at the first play or 明牌 (a pass before it
    was a pass in the bidding)."""
    for i, ev in enumerate(hist):
        a = ev.action
        if isinstance(a, dd_combos.Combo) or isinstance(a, dd_game.Choice) and a.name == "show":
            return i
    return len(hist)


class DouDizhuCodec(Codec):
    """The Dou Dizhu encoding (count planes, the kitty plane, bidding state)."""

    def __init__(self, rules: Any) -> None:
        packs = rules.packs
        planes = count_planes(tuple([4 * packs] * 13 + [packs] * 2))
        super().__init__(rules.players, planes, rules.hand_size + rules.kitty_size)
        self.rules = rules
        n = self.players
        self.deck = dd_combos.deck_cards(rules)
        self._phase_index = {ph: i for i, ph in enumerate(_PHASES)}
        kinds = tuple(dd_combos.Kind)
        self._kind_index = {k: i for i, k in enumerate(kinds)}
        self._stakes: dict[tuple[int, int, int, bool, bool], float] = {}
        self.block = Block([
            Field("phase", "onehot", 4, "phase one-hot: bid, rob, play, over"),
            Field("landlord", "onehot", n, "the (current) landlord, relative seat"),
            Field("first_bidder", "onehot", n, "the receiver of the marker card"),
            Field("to_act", "onehot", n, "the seat to act"),
            Field("top_player", "onehot", n, "who made the top play"),
            Field("leader", "onehot", n, "who led the current trick"),
            Field("leading", "bits", 1, "1 when this seat is to act with no top play"),
            Field("top_kind", "onehot", len(kinds), "the top play's reading (Kind order)"),
            Field("bid", "onehot", 4, "the highest bid so far, 0..3"),
            Field("robs", "onehot", 4, "robs so far: 0, 1, 2, >= 3"),
            Field("bombs", "onehot", 5, "doubling bombs played: 0..3, >= 4"),
            Field("shown", "bits", 1, "the landlord showed the hand (明牌)"),
            Field("doubled", "bits", 1, "this deal carries D = 2"),
            Field("stake", "scalar", 1,
                  "log2(unit if the landlord won now without spring) / 10; 0 before a bid"),
        ])
        self.common_head([("kitty", "the kitty once taken (face up), else 0")])
        self.add_block(self.block)
        self.history_layout()
        self.finish_layout()

    def _stake(self, bid: int, robs: int, bombs: int, shown: bool, doubled: bool) -> float:
        key = (bid, robs, bombs, shown, doubled)
        s = self._stakes.get(key)
        if s is None:
            s = 0.0
            if bid >= 1:
                u = multipliers(self.rules, bid=bid, robs=robs, doubling_bombs=bombs,
                                spring=False, anti_spring=False, shown=shown,
                                landlord_won=True, doubled=doubled).unit
                s = math.log2(u) / 10.0
            if len(self._stakes) < CACHE_LIMIT:
                self._stakes[key] = s
        return s

    def _known(self, o: dd_game.Observation) -> list[int]:
        """Lower bounds of the other seats' holdings: the marker card was dealt to
        the first bidder, the kitty went to the landlord; minus their plays; the
        whole landlord hand once shown."""
        n = self.players
        me = o.seat
        lord = o.landlord
        base = [0] * n
        if o.marker is not None:
            base[o.first_bidder] += dd_combos.UNIT[o.marker]
        if o.kitty is not None and lord is not None:
            base[lord] += o.kitty
        known = [0] * n
        for s in range(n):
            if s != me and base[s]:
                known[s] = sat_sub(base[s], o.played[s], dd_combos.GUARD)
        if o.landlord_hand is not None and lord is not None and lord != me:
            known[lord] = o.landlord_hand
        return known

    def _state(self, o: dd_game.Observation) -> Vector:
        n = self.players
        me = o.seat
        lord = o.landlord
        top = o.top
        cur = o.current_player
        return self.block.get((
            self._phase_index[o.phase],
            -1 if lord is None else (lord - me) % n,
            (o.first_bidder - me) % n,
            -1 if cur is None else (cur - me) % n,
            -1 if o.top_player is None else (o.top_player - me) % n,
            -1 if o.leader is None else (o.leader - me) % n,
            1 if (top is None and cur == me) else 0,
            -1 if top is None else self._kind_index[top.kind],
            o.bid,
            min(o.robs, 3),
            min(o.bombs, 4),
            1 if o.shown else 0,
            1 if o.doubled else 0,
            self._stake(o.bid, o.robs, o.bombs, o.shown, o.doubled),
        ))

    def parts(self, obs: Any) -> list[Vector]:
        o: dd_game.Observation = obs
        me = o.seat
        played = o.played
        known = self._known(o)
        unseen = self.deck - o.hand - sum(played) - sum(known)
        parts = self.head(o.hand, unseen, played, known,
                          (0 if o.kitty is None else o.kitty,),
                          0 if o.top is None else o.top.cards, o.hand_counts, me)
        parts.append(self._state(o))
        hist = o.history
        if o.phase is dd_game.Phase.PLAY or o.phase is dd_game.Phase.OVER:
            parts += self.recent(hist, me, _play_start(hist), _play_cards)
        else:
            parts += self.history([])
        return parts


def codec(rules: DouDizhuRules) -> Codec:
    """The observation codec of ``rules`` (what :class:`~chupai.env.encode.Encoder` uses)."""
    return DouDizhuCodec(rules)


# ----- rendering and rewards -----------------------------------------------------------

def public_action(event: Any) -> bool:
    """Whether ``event`` is shown as its seat's last action: every action is public."""
    return isinstance(event.action, (dd_combos.Combo, Pass, dd_game.Bid, dd_game.Choice))


def role_notes(obs: dd_game.Observation) -> tuple[str, ...]:
    """The public note beside a seat before the landlord is settled: ``bidder`` for
    the current high bidder."""
    notes = [""] * obs.players
    if obs.landlord is not None and obs.phase in (dd_game.Phase.BID, dd_game.Phase.ROB):
        notes[obs.landlord] = "bidder"
    return tuple(notes)


def win_rewards(result: Result, players: int) -> list[float]:
    """``reward="win"``: +1 to each seat of the winning side, -1 to the others."""
    return [1.0 if s in result.winners else -1.0 for s in range(players)]
