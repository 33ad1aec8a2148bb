"""Big A's environment plugin (``get_game("biga").plugin("env")``): the action
space's blocks (choices, declarations, the union of plays over every Big Ace suit,
captures), the codec over the 19 faces and the public actions of the render."""

from __future__ import annotations

from typing import Any, Final

from chupai.actions import PASS, Pass
from chupai.biga import cards as ba_cards, combos as ba_combos, game as ba_game
from chupai.biga.movegen import hand_combos
from chupai.biga.rules import STANDARD, BigARules
from chupai.env import codec as cd
from chupai.env.games import PLUGIN_API
from chupai.env.spaces import Blocks, TextFn, play_blocks, play_order
from chupai.protocol import Result

__all__ = ["BigACodec", *PLUGIN_API]

COMBINATION_OPTIONS: Final = ("rank_order", "sequence_order", "big_ace_in_sets", "fours_capture")
"""The options that decide the action space (see :mod:`chupai.env.spaces`)."""

GYM_ID: Final = "chupai/BigA-v0"
"""The id ``gymnasium.make`` knows this game by (:func:`chupai.env.registration.register_envs`)."""


# ----- the action space --------------------------------------------------------------

_CHOICES: Final = (
    ba_game.DECLINE,
    ba_game.SHOW_SECOND,
    ba_game.KEEP_HIDDEN,
    ba_game.REVEAL,
    ba_game.STAY_HIDDEN,
)
_DECLARES: Final = tuple(ba_game.Declare(s, two) for s in range(4) for two in (False, True))


def base_rules(rules: BigARules) -> BigARules:
    """The preset whose other options the space's canonical rules take."""
    return STANDARD


def check(rules: BigARules) -> None:
    """Every Big A option is representable."""
    return


def _big_suit_of(cards: int) -> int | None:
    """The suit of the Big Aces among normalized ``cards``, or None."""
    for s in range(4):
        if (cards >> (5 * (ba_cards.SUITED_ACE + s))) & 31:
            return s
    return None


def build_space(rules: BigARules) -> tuple[Blocks, TextFn]:
    """The blocks of the space of ``rules`` and the text of an action."""
    union: set[Any] = set()
    for suit in (None, 0, 1, 2, 3):
        union.update(hand_combos(ba_cards.normalize(ba_cards.DECK, suit), rules, suit))
    plays = sorted(union, key=play_order(list(ba_combos.Kind)))
    blocks: Blocks = [("pass", [PASS]), ("choice", list(_CHOICES)), ("declare", list(_DECLARES))]
    blocks += play_blocks(plays)
    if rules.fours_capture:
        fours = ba_combos.tables(rules, None).sets[ba_combos.FOUR]
        blocks.append(
            (
                "capture",
                [
                    ba_game.Capture(fours[c.size - 1], c)
                    for c in plays
                    if c.kind is ba_combos.Kind.EGG or c.kind is ba_combos.Kind.BIG_EGG
                ],
            )
        )

    def cards(c: Any) -> str:
        return ba_combos.combo_text(c, rules, _big_suit_of(c.cards))

    def text(a: Any) -> str:
        if isinstance(a, Pass):
            return "pass"
        if isinstance(a, ba_game.Choice):
            return str(a.name)
        if isinstance(a, ba_game.Declare):
            name = "A" + ba_game.SUIT_LETTERS[a.suit]
            return f"show {name} {name}" if a.two else f"show {name}"
        if isinstance(a, ba_game.Capture):
            return f"capture {cards(a.fours)} (takes {cards(a.taken)})"
        return cards(a)

    return blocks, text


# ----- the observation codec -----------------------------------------------------------


def _play_cards(a: Any) -> int | None:
    """The history key of an action (:meth:`Codec.recent`); None before play. A
    capture appears as the fours it played."""
    if isinstance(a, ba_combos.Combo):
        return a.cards
    if isinstance(a, ba_game.Capture):
        return a.fours.cards
    return cd.PASS_KEY if isinstance(a, Pass) else None


def _raise(lows: dict[tuple[int, int], int], key: tuple[int, int], count: int) -> None:
    lows[key] = max(lows.get(key, 0), count)


def _lows(o: ba_game.Observation) -> dict[tuple[int, int], int]:
    """Lower bounds ``(seat, face) -> count`` of what each seat held before play:
    declared Aces, one Big Ace for the declarer and a public partner, two for a
    declarer known to be alone."""
    lows: dict[tuple[int, int], int] = {}
    for _, ev in o.declarations:
        d = ev.action
        assert isinstance(d, ba_game.Declare)
        _raise(lows, (ev.seat, ba_cards.SUITED_ACE + d.suit), 2 if d.two else 1)
    suit = o.big_suit
    if suit is not None:
        big = ba_cards.SUITED_ACE + suit
        if o.declarer is not None:
            _raise(lows, (o.declarer, big), 2 if o.alone_known else 1)
        if o.partner is not None and o.partner != o.seat:
            _raise(lows, (o.partner, big), 1)
    return lows


def _role(o: ba_game.Observation) -> int:
    """This seat's role index: declarer, partner, defender, unknown."""
    me = o.seat
    if o.declarer == me:
        return 0
    if o.partner == me:
        return 1
    if o.declarer is None or o.phase is ba_game.Phase.DRAW:
        return 3
    return 2


def _playing(o: ba_game.Observation) -> bool:
    return o.phase is ba_game.Phase.PLAY or o.phase is ba_game.Phase.OVER


class BigACodec(cd.Codec):
    """The Big A encoding (count planes over the 19 faces, declarations, teams)."""

    history_keys = cd.HistoryKeys(
        ((ba_combos.Combo, ("cards",)), (ba_game.Capture, ("fours", "cards"))), (Pass,), None
    )
    """:func:`_play_cards` as data (the compiled writer)."""

    def __init__(self, rules: Any) -> None:
        nf = ba_cards.NFACES
        maxes = tuple((ba_cards.DECK >> (5 * f)) & 31 for f in range(nf))
        maxes = tuple(max(m, 8 if f == ba_cards.ACE else 0) for f, m in enumerate(maxes))
        n = rules.players
        full = -(-ba_game.STOCK_SIZE // n)
        super().__init__(n, cd.count_planes(maxes), full)
        phases = tuple(ba_game.Phase)
        self._phase_index = {ph: i for i, ph in enumerate(phases)}
        kinds = tuple(ba_combos.Kind)
        self._kind_index = {k: i for i, k in enumerate(kinds)}
        self._decks: dict[int | None, int] = {None: ba_cards.DECK}
        for s in range(4):
            self._decks[s] = ba_cards.normalize(ba_cards.DECK, s)
        self.block = cd.Block(
            [
                cd.Field(
                    "phase",
                    "onehot",
                    len(phases),
                    "phase one-hot: "
                    + ", ".join(p.value for p in phases)
                    + " (another seat's show_second decision shows as reveal)",
                ),
                cd.Field("drawn", "scalar", 1, "cards drawn / 108"),
                cd.Field("first_drawer", "onehot", n, "the first drawer"),
                cd.Field(
                    "to_act",
                    "onehot",
                    n,
                    "the seat to act (none during another seat's private decision)",
                ),
                *cd.trick_fields(n, len(kinds), "the top play's type (Kind order)"),
                cd.Field("declarer", "onehot", n, "the declarer"),
                cd.Field("big_suit", "onehot", 4, "the Big Ace suit: D, C, H, S"),
                cd.Field("forced", "bits", 1, "the declaration was the forced hearts one"),
                cd.Field("two_shown", "bits", 1, "both Big Aces were shown"),
                cd.Field("partner_revealed", "bits", 1, "the partner revealed itself"),
                cd.Field(
                    "partner",
                    "onehot",
                    n,
                    "the partner as this seat knows it (itself if it holds the other Big Ace)",
                ),
                cd.Field("alone_known", "bits", 1, "it is public that the declarer plays alone"),
                cd.Field(
                    "role", "onehot", 4, "this seat's role: declarer, partner, defender, unknown"
                ),
                cd.finish_order_field(n),
            ]
        )
        self.lay_out(self.block, [])

    def _known(self, o: ba_game.Observation, normalized: bool) -> tuple[list[int], int]:
        """What each other seat is known to hold now (its :func:`_lows` and the sets
        it captured, minus its plays), and the cards on the table."""
        n = self.players
        me = o.seat
        played = o.played
        captured = o.captured
        base = [0] * n
        for (s, f), c in _lows(o).items():
            if s != me:
                base[s] += c << (5 * f)
        known = [0] * n
        on_table = 0
        for s in range(n):
            on_table += played[s] - captured[s]
            if s != me:
                b = base[s]
                if b and normalized:
                    b = ba_cards.normalize(b, o.big_suit)
                b += captured[s]
                if b:
                    known[s] = cd.sat_sub(b, played[s], ba_cards.GUARD)
        return known, on_table

    def _state(self, o: ba_game.Observation) -> cd.Vector:
        return self.block.get(self._state_values(o))

    def _state_values(self, o: ba_game.Observation) -> tuple[Any, ...]:
        n = self.players
        me = o.seat
        return (
            self._phase_index[o.phase],
            o.drawn / ba_game.STOCK_SIZE,
            (o.first_drawer - me) % n,
            cd.rel(o.current_player, me, n),
            *cd.trick_values(o, self._kind_index, n),
            cd.rel(o.declarer, me, n),
            -1 if o.big_suit is None else o.big_suit,
            1 if o.forced else 0,
            1 if o.two_shown else 0,
            1 if o.partner_revealed else 0,
            cd.rel(o.partner, me, n),
            1 if o.alone_known else 0,
            _role(o),
            cd.order(o.finishing, me, n),
        )

    def values(self, obs: Any) -> cd.RowValues:
        o: ba_game.Observation = obs
        playing = _playing(o)
        normalized = playing and o.big_suit is not None
        known, on_table = self._known(o, normalized)
        deck = self._decks[o.big_suit if normalized else None]
        unseen = deck - o.hand - on_table - sum(known)
        return self.row_values(
            o,
            unseen=unseen,
            known=known,
            extra=(),
            top=0 if o.top is None else o.top.cards,
            state=self._state_values(o),
            hist=o.history if playing else None,
            cards_of=_play_cards,
        )


def codec(rules: BigARules) -> cd.Codec:
    """The observation codec of ``rules`` (what :class:`~chupai.env.encode.Encoder` uses)."""
    return BigACodec(rules)


# ----- rendering and rewards -----------------------------------------------------------

_PUBLIC: Final = (ba_combos.Combo, Pass, ba_game.Capture, ba_game.Declare)


def public_action(event: Any) -> bool:
    """Whether ``event`` is shown as its seat's last action: plays, passes,
    captures and declarations (declines, keep_hidden and stay_hidden are private)."""
    return isinstance(event.action, _PUBLIC)


def win_rewards(result: Result, players: int) -> list[float]:
    """``reward="win"``: the sign of each seat's score (+1, -1 or 0): whether its
    team won."""
    return [float((x > 0) - (x < 0)) for x in result.scores]
