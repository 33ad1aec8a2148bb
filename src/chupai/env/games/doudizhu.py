"""Dou Dizhu's environment plugin (``get_game("doudizhu").plugin("env")``): the
action space's blocks (bids, robs, 明牌, the plays of the deck), the count-plane
codec with the kitty and the stake, and the render's ``bidder`` note."""

from __future__ import annotations

import math
from typing import Any, Final

from chupai import compiled
from chupai.actions import PASS, Pass
from chupai.doudizhu import combos as dd_combos, game as dd_game
from chupai.doudizhu.movegen import hand_combos
from chupai.doudizhu.rules import CLASSIC, FOUR_PLAYER, AllPass, DouDizhuRules
from chupai.doudizhu.scoring import multipliers
from chupai.env import codec as cd
from chupai.env.games import PLUGIN_API
from chupai.env.spaces import ActionSpace, Blocks, TextFn, play_blocks, play_order
from chupai.protocol import Result

__all__ = ["VEC_MODULE", "DouDizhuCodec", "role_notes", "vec_runner", *PLUGIN_API]

COMBINATION_OPTIONS: Final = (
    "players",
    "four_with_two_kickers",
    "four_with_two_match",
    "allow_four_with_pair",
    "airplane_max_trios",
)
"""The options that decide the action space (see :mod:`chupai.env.spaces`)."""

GYM_ID: Final = "chupai/DouDizhu-v0"
"""The id ``gymnasium.make`` knows this game by (:func:`chupai.env.registration.register_envs`)."""


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
    blocks: Blocks = [
        ("pass", [PASS]),
        ("bid", [dd_game.Bid(v) for v in (1, 2, 3)]),
        ("choice", [dd_game.ROB, dd_game.NO_ROB, dd_game.SHOW]),
    ]
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
    return cd.PASS_KEY if isinstance(a, Pass) else cd.SKIP_KEY


def _play_start(hist: Any) -> int:
    """Where the play phase starts: at the first play or 明牌 (a pass before it
    was a pass in the bidding)."""
    for i, ev in enumerate(hist):
        a = ev.action
        if isinstance(a, dd_combos.Combo) or isinstance(a, dd_game.Choice) and a.name == "show":
            return i
    return len(hist)


def _stake_high(rules: DouDizhuRules) -> float:
    """The largest ``stake`` of ``rules``: bid 3, the costliest number of robs
    (at most one per seat), every card in doubling bombs (a bomb holds at least
    four natural cards, a rocket two jokers), the hand shown and the deal
    doubled."""
    packs = rules.packs
    bombs = 52 * packs // 4 + 2 * packs // 2
    robs = rules.players if rules.robbing else 0
    most = max(range(robs + 1), key=rules.rob_multiplier)
    unit = multipliers(
        rules,
        bid=3,
        robs=most,
        doubling_bombs=bombs,
        spring=False,
        anti_spring=False,
        shown=True,
        landlord_won=True,
        doubled=True,
    ).unit
    return math.log2(unit) / 10.0


class DouDizhuCodec(cd.Codec):
    """The Dou Dizhu encoding (count planes, the kitty plane, bidding state)."""

    history_keys = cd.HistoryKeys(((dd_combos.Combo, ("cards",)),), (Pass,), cd.SKIP_KEY)
    """:func:`_play_cards` as data (the compiled writer)."""

    def __init__(self, rules: Any) -> None:
        packs = rules.packs
        planes = cd.count_planes(tuple([4 * packs] * 13 + [packs] * 2))
        full = rules.hand_size + rules.kitty_size
        super().__init__(rules.players, planes, full, max_hold=full)
        self.rules = rules
        n = self.players
        self.deck = dd_combos.deck_cards(rules)
        self._phase_index = {ph: i for i, ph in enumerate(_PHASES)}
        kinds = tuple(dd_combos.Kind)
        self._kind_index = {k: i for i, k in enumerate(kinds)}
        self._stakes: dict[tuple[int, int, int, bool, bool], float] = {}
        self.block = cd.Block(
            [
                cd.Field("phase", "onehot", 4, "phase one-hot: bid, rob, play, over"),
                cd.Field("landlord", "onehot", n, "the (current) landlord, relative seat"),
                cd.Field("first_bidder", "onehot", n, "the receiver of the marker card"),
                cd.Field("to_act", "onehot", n, "the seat to act"),
                *cd.trick_fields(n, len(kinds), "the top play's reading (Kind order)"),
                cd.Field("bid", "onehot", 4, "the highest bid so far, 0..3"),
                cd.Field("robs", "onehot", 4, "robs so far: 0, 1, 2, >= 3"),
                cd.Field("bombs", "onehot", 5, "doubling bombs played: 0..3, >= 4"),
                cd.Field("shown", "bits", 1, "the landlord showed the hand (明牌)"),
                cd.Field("doubled", "bits", 1, "this deal carries D = 2"),
                cd.Field(
                    "stake",
                    "scalar",
                    1,
                    "log2(unit if the landlord won now without spring) / 10; 0 before a bid",
                    _stake_high(rules),
                ),
            ]
        )
        self.lay_out(self.block, [("kitty", "the kitty once taken (face up), else 0")])

    def _stake(self, bid: int, robs: int, bombs: int, shown: bool, doubled: bool) -> float:
        key = (bid, robs, bombs, shown, doubled)
        s = self._stakes.get(key)
        if s is None:
            s = 0.0
            if bid >= 1:
                u = multipliers(
                    self.rules,
                    bid=bid,
                    robs=robs,
                    doubling_bombs=bombs,
                    spring=False,
                    anti_spring=False,
                    shown=shown,
                    landlord_won=True,
                    doubled=doubled,
                ).unit
                s = math.log2(u) / 10.0
            if len(self._stakes) < cd.CACHE_LIMIT:
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
                known[s] = cd.sat_sub(base[s], o.played[s], dd_combos.GUARD)
        if o.landlord_hand is not None and lord is not None and lord != me:
            known[lord] = o.landlord_hand
        return known

    def _state(self, o: dd_game.Observation) -> cd.Vector:
        return self.block.get(self._state_values(o))

    def _state_values(self, o: dd_game.Observation) -> tuple[Any, ...]:
        n = self.players
        me = o.seat
        return (
            self._phase_index[o.phase],
            cd.rel(o.landlord, me, n),
            (o.first_bidder - me) % n,
            cd.rel(o.current_player, me, n),
            *cd.trick_values(o, self._kind_index, n),
            o.bid,
            min(o.robs, 3),
            min(o.bombs, 4),
            1 if o.shown else 0,
            1 if o.doubled else 0,
            self._stake(o.bid, o.robs, o.bombs, o.shown, o.doubled),
        )

    def values(self, obs: Any) -> cd.RowValues:
        o: dd_game.Observation = obs
        known = self._known(o)
        unseen = self.deck - o.hand - sum(o.played) - sum(known)
        hist = o.history
        playing = o.phase is dd_game.Phase.PLAY or o.phase is dd_game.Phase.OVER
        return self.row_values(
            o,
            unseen=unseen,
            known=known,
            extra=(0 if o.kitty is None else o.kitty,),
            top=0 if o.top is None else o.top.cards,
            state=self._state_values(o),
            hist=hist if playing else None,
            cards_of=_play_cards,
            stop=_play_start(hist) if playing else 0,
        )


def codec(rules: DouDizhuRules) -> cd.Codec:
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


# ----- the compiled batched runner -------------------------------------------------------

VEC_MODULE: Final = "chupai.doudizhu._fast_vec"
"""The compiled batched runner's module (``VecRunner``)."""


def vec_runner(
    rules: DouDizhuRules,
    num_games: int,
    space: ActionSpace,
    codec: cd.Codec,
    reward: str,
    module: Any = None,
) -> Any:
    """The compiled runner of ``num_games`` deals of ``rules`` for
    :class:`~chupai.env.vector.VectorGames` (``chupai.doudizhu._fast_vec.VecRunner``:
    the same batches as the Python deals), or None where the compiled core is not
    built (or ``CHUPAI_PURE=1``) or does not cover the rules. ``module``: the
    compiled module to use whatever ``CHUPAI_PURE`` says (the differential tests)."""
    if module is None:
        module = compiled.load(VEC_MODULE)
    if module is None or space.by_text or not module.supported(rules):
        return None
    return module.VecRunner(
        rules,
        num_games,
        space,
        codec,
        rules.all_pass is AllPass.REDEAL_DOUBLED_ONCE,
        reward == "win",
    )
