"""Big Two's environment plugin (``get_game("bigtwo").plugin("env")``): the
action space's blocks (choices, the plays of the 52 or 104 cards, last-card
calls), the codec (52-bit card planes, or 104 values with two packs: a
thermometer of copies) with what the exchanges showed, and the public actions of
the render. Every table size from 2 to 52 seats is served; the layout has one
entry per seat in every per-seat segment."""

from __future__ import annotations

import dataclasses
from typing import Any, Final

from chupai.actions import PASS, Pass
from chupai.bigtwo import combos as b2_combos, game as b2_game, packs as b2_packs
from chupai.bigtwo.movegen import hand_combos
from chupai.bigtwo.rules import STANDARD, BigTwoRules, Series
from chupai.env import codec as cd
from chupai.env.games import PLUGIN_API
from chupai.env.spaces import Blocks, TextFn, play_blocks, play_order
from chupai.errors import UnsupportedOptionError
from chupai.protocol import Result

__all__ = ["BigTwoCodec", *PLUGIN_API]

COMBINATION_OPTIONS: Final = (
    "suit_order",
    "allow_triples",
    "allow_flush",
    "allow_two_pair_kicker",
    "four_card_play",
    "straight_order",
    "flush_compare",
    "five_card_rule",
    "last_card_call",
    "packs",
)
"""The options that decide the action space (see :mod:`chupai.env.spaces`)."""

GYM_ID: Final = "chupai/BigTwo-v0"
"""The id ``gymnasium.make`` knows this game by (:func:`chupai.env.registration.register_envs`)."""


# ----- the action space --------------------------------------------------------------

_CHOICES: Final = tuple(
    b2_game.Choice(name) for name in ("take", "leave", "swap", "decline", "keep", "redeal")
)


def base_rules(rules: BigTwoRules) -> BigTwoRules:
    """The preset whose other options the space's canonical rules take (with two
    packs, at five seats: the plays do not depend on the table's size)."""
    if rules.packs == 1:
        return STANDARD
    return dataclasses.replace(STANDARD, players=5, packs=rules.packs)


def check(rules: BigTwoRules) -> None:
    """Raise :class:`UnsupportedOptionError` for the exchanges the space cannot hold."""
    if rules.pre_exchange:
        raise UnsupportedOptionError(
            "option 'pre_exchange': the action space cannot represent the §12.4 exchange "
            "(giving 1 to 3 cards would add 23,478 actions); use pre_exchange=false",
            "pre_exchange",
        )
    if rules.series is not Series.NONE:
        raise UnsupportedOptionError(
            f"option 'series': the action space cannot represent the exchanges between "
            f"deals of series={rules.series.value} (naming, giving and keeping cards, "
            "choosing a hand); a single first deal never has them: use series=none",
            "series",
        )


def build_space(rules: BigTwoRules) -> tuple[Blocks, TextFn]:
    """The blocks of the space of ``rules`` and the text of an action."""
    plays = hand_combos(b2_packs.FULL[rules.packs], rules)
    plays.sort(key=play_order(list(b2_combos.ComboKind)))
    blocks: Blocks = [("pass", [PASS]), ("choice", list(_CHOICES))]
    blocks += play_blocks(plays)
    if rules.last_card_call:
        blocks.append(("last_card", [b2_game.LastCard(c) for c in plays]))
    strength = b2_combos.tables(rules).card_strength

    def text(a: Any) -> str:
        if isinstance(a, Pass):
            return "pass"
        if isinstance(a, b2_game.Choice):
            return str(a.name)
        if isinstance(a, b2_game.LastCard):
            return a.play.cards_text(strength) + " last"
        return str(a.cards_text(strength))

    return blocks, text


# ----- the observation codec -----------------------------------------------------------

_FULL: Final = (1 << 52) - 1
_TO_RECEIVER: Final = frozenset({"give", "tribute"})
"""Exchange steps whose cards go to the event's ``to`` seat."""
_TO_ACTOR: Final = frozenset({"draw", "receive", "keep"})
"""Exchange steps whose cards end in the event's own seat's hand."""
_PLAY_ACTIONS: Final = (b2_combos.Combo, b2_game.LastCard, Pass)


def _play_cards(a: Any) -> int | None:
    """The history key of an action (:meth:`Codec.recent`); None before play."""
    if isinstance(a, b2_combos.Combo):
        return a.mask
    if isinstance(a, b2_game.LastCard):
        return a.play.mask
    return cd.PASS_KEY if isinstance(a, Pass) else None


def _moved(o: b2_game.Observation, ev: Any) -> tuple[int, int]:
    """``(cards, seat)`` of an exchange step this seat saw: the cards and where
    they went (``(0, -1)`` for a step that moves none)."""
    name = ev.action.name
    if name in ("take", "swap"):
        return o.leftover_shown, ev.seat
    if name in _TO_RECEIVER:
        return ev.action.cards, ev.to
    if name in _TO_ACTOR:
        return ev.action.cards, ev.seat
    return 0, -1


class BigTwoCodec(cd.Codec):
    """The Big Two encoding (52-bit card planes, 104 with two packs; exchange
    knowledge)."""

    history_keys = cd.HistoryKeys(
        ((b2_combos.Combo, ("mask",)), (b2_game.LastCard, ("play", "mask"))), (Pass,), None
    )
    """:func:`_play_cards` as data (the compiled writer)."""

    def __init__(self, rules: Any) -> None:
        # the largest hand: the seats dealt one more (round_robin), or the
        # starting card's holder with every leftover card
        full = rules.cards_per_hand + rules.leftover_count + (1 if rules.extra_cards else 0)
        super().__init__(rules.players, cd.mask_planes(52 * rules.packs), full)
        self._two_packs = rules.packs == 2
        self._full = b2_packs.FULL[rules.packs]
        n = self.players
        phases = tuple(b2_game.Phase)
        self._phase_index = {ph: i for i, ph in enumerate(phases)}
        kinds = tuple(b2_combos.ComboKind)
        self._kind_index = {k: i for i, k in enumerate(kinds)}
        self.block = cd.Block(
            [
                cd.Field(
                    "phase",
                    "onehot",
                    len(phases),
                    "phase one-hot: " + ", ".join(p.value for p in phases),
                ),
                cd.Field("to_act", "onehot", n, "the seat to act"),
                *cd.trick_fields(n, len(kinds), "the top play's type (ComboKind order)"),
                cd.Field("passed", "bits", n, "seats that passed since the top play"),
                cd.finish_order_field(n),
                cd.Field("starting_player", "onehot", n, "the public holder of the starting card"),
                cd.Field(
                    "must_contain", "bits", 1, "this seat's lead must contain the starting card"
                ),
                cd.Field(
                    "forced_trick", "bits", 1, "repeat_lead_lock: all but the top player pass"
                ),
                cd.Field("blocked", "bits", n, "seats blocked for a missed last-card call"),
                cd.Field(
                    "ranking",
                    "order",
                    n * n,
                    "per relative seat, one-hot of its rank in the previous deal (exchanges)",
                ),
                cd.Field(
                    "partner", "onehot", n, "the other party of this seat's exchange decision"
                ),
                cd.Field("piles", "bits", n, "tribute method 1: hand indexes still to choose"),
            ]
        )
        self.lay_out(
            self.block,
            [("exposed", "cards out of play face up, and a face-up leftover")],
            "cards this seat last saw go to relative seat {k} (exchanges)",
        )

    def _known(self, o: b2_game.Observation) -> list[int]:
        """Cards this seat last saw go to each other seat before play (exchanges,
        a face-up leftover taken), per seat; not yet reduced by plays."""
        n = self.players
        me = o.seat
        known = [0] * n
        for ev in o.history:
            a = ev.action
            if isinstance(a, _PLAY_ACTIONS):
                break  # play has begun: no more exchanges
            if not isinstance(a, b2_game.Choice):
                continue  # Hidden: another seat's private step
            cards, to = _moved(o, ev)
            if not cards or to < 0:
                continue
            for s in range(n):
                known[s] &= ~cards
            if to != me:
                known[to] |= cards
        return known

    def _state(self, o: b2_game.Observation) -> cd.Vector:
        return self.block.get(self._state_values(o))

    def _state_values(self, o: b2_game.Observation) -> tuple[Any, ...]:
        n = self.players
        me = o.seat
        return (
            self._phase_index[o.phase],
            cd.rel(o.current_player, me, n),
            *cd.trick_values(o, self._kind_index, n),
            cd.bits(o.passed, me, n),
            cd.order(o.finished, me, n),
            cd.rel(o.starting_player, me, n),
            1 if o.must_contain else 0,
            1 if o.forced_trick else 0,
            cd.bits(o.blocked, me, n),
            cd.order(o.ranking, me, n) if o.ranking is not None else (-1,) * n,
            cd.rel(o.partner, me, n),
            sum(1 << k for k in o.piles),
        )

    def values(self, obs: Any) -> cd.RowValues:
        o: b2_game.Observation = obs
        if self._two_packs:
            return self._values_two_packs(o)
        n = self.players
        me = o.seat
        played = o.played
        hand = o.hand
        on_table = 0
        for p in played:
            on_table |= p
        hist = o.history
        shown = o.exposed | o.leftover_shown
        seen = hand | on_table | shown
        known = [0] * n
        if hist and not isinstance(hist[0].action, _PLAY_ACTIONS):
            known = self._known(o)
            for s in range(n):
                if s != me:
                    known[s] &= ~on_table & ~hand
                    seen |= known[s]
        return self.row_values(
            o,
            unseen=_FULL & ~seen,
            known=known,
            extra=(shown,),
            top=0 if o.top is None else o.top.mask,
            state=self._state_values(o),
            hist=hist,
            cards_of=_play_cards,
        )

    def _values_two_packs(self, o: b2_game.Observation) -> cd.RowValues:
        """:meth:`values` with two packs: the masks count copies (bit ``52 + c``:
        a second copy of card ``c``), so sets of different physical cards are
        summed and taken away with :mod:`chupai.bigtwo.packs`. A card known to go
        to a seat leaves that seat's known plane when that seat plays it."""
        n = self.players
        me = o.seat
        played = o.played
        on_table = 0
        for p in played:
            on_table = b2_packs.add(on_table, p)
        hist = o.history
        # a face-up leftover is in exposed (left), a hand (taken) or still on the
        # table (being decided on); both views name the same physical cards: the
        # per-card maximum (``|``) is the union
        shown = o.exposed | o.leftover_shown
        seen = b2_packs.add(b2_packs.add(o.hand, on_table), o.exposed)
        if o.phase is b2_game.Phase.LEFTOVER:
            seen = b2_packs.add(seen, o.leftover_shown)
        known = [0] * n
        if hist and not isinstance(hist[0].action, _PLAY_ACTIONS):
            known = self._known(o)
            for s in range(n):
                if s != me:
                    known[s] = b2_packs.take(known[s], played[s])
                    seen = b2_packs.add(seen, known[s])
        return self.row_values(
            o,
            unseen=b2_packs.take(self._full, seen),
            known=known,
            extra=(shown,),
            top=0 if o.top is None else o.top.mask,
            state=self._state_values(o),
            hist=hist,
            cards_of=_play_cards,
        )


def codec(rules: BigTwoRules) -> cd.Codec:
    """The observation codec of ``rules`` (what :class:`~chupai.env.encode.Encoder` uses)."""
    return BigTwoCodec(rules)


# ----- rendering and rewards -----------------------------------------------------------


def public_action(event: Any) -> bool:
    """Whether ``event`` is shown as its seat's last action: plays, passes and
    last-card calls every seat sees (exchange steps are private or carry cards)."""
    return isinstance(event.action, _PLAY_ACTIONS) and event.visible == b2_game.EVERYONE


def win_rewards(result: Result, players: int) -> list[float]:
    """``reward="win"``: +1 to the winner, ``-1/(n-1)`` to each other seat."""
    return [1.0 if s in result.winners else -1.0 / (players - 1) for s in range(players)]
