"""DouZero's port of RLCard's rule agent seated in chupai, and DouZero's score.

DouZero (the ``douzero`` package, 1.1.0) evaluates its agents against its own
port of RLCard's rule agent, ``douzero.evaluation.rlcard_agent.RLCardAgent``.
:class:`DouZeroRLCardBot` is that agent as a chupai bot for classic Dou Dizhu
(``act(observation, legal)``), the ``douzero-rlcard`` opponent of
``benchmarks/strength_doudizhu.py``. DouZero is an optional dependency (the
``bench`` extra, ``pip install douzero``): it is imported on first use, and a
missing package raises :class:`~chupai.errors.ChupaiError`.

**Play phase.** The seat's :class:`~chupai.doudizhu.game.Observation` becomes the
``InfoSet`` DouZero's game hands its agents, built only from what the seat may see.
Cards are DouZero's integers (``3``..``14`` for 3..A, ``17`` for the 2, ``20`` and
``30`` for the black and red joker), each move a sorted list, a pass ``[]``;
positions are ``landlord``, ``landlord_down`` (the seat after the landlord, who
plays second) and ``landlord_up``. The fields:

* ``player_hand_cards``: the seat's cards, sorted;
* ``card_play_action_seq``: every play and pass since the landlord's first play;
  ``last_move`` and ``last_two_moves`` read from it as DouZero's game reads them
  (the last move is the last entry, or the one before it when the last is a pass;
  the last two moves are the newest first, padded with ``[]``);
* ``last_pid``: the position that made the last play that was not a pass
  (``landlord`` before any);
* ``legal_actions``: the list DouZero's own move generator gives for the hand and
  the move to beat (``GameEnv.get_legal_card_play_actions``: the same order, and
  the same repeated entries), less the plays chupai's classic rules do not allow
  (DouZero also lets both jokers be the two kickers of a four or the wings of an
  airplane); a chupai play DouZero does not list is added at the end;
* public fields the rule agent does not read: ``num_cards_left_dict``,
  ``played_cards``, ``last_move_dict``, ``other_hand_cards`` (the cards nobody has
  shown, which any player can work out), ``three_landlord_cards`` (the kitty cards
  the landlord has not played yet) and ``bomb_num``. ``all_handcards`` (every hand,
  which a real player cannot see) is left ``None``.

The agent's move goes back to the legal chupai play with those cards; when they
have several readings, the one of the kind DouZero's move detector gives them
(``333444555666`` is a plain airplane there). The agent draws from Python's
``random`` module when its rules do not decide; each bot keeps its own
:class:`random.Random` state, seeded from ``seed``, and restores the module's state
after every call, so games are reproducible.

**Other phases.** DouZero's game has no bidding: bids and robs go to chupai's
greedy bot as for :class:`~chupai.bots.games.doudizhu.rlcard.RLCardRuleBot`; 明牌 is
never chosen.

**DouZero's score.** :func:`douzero_score` is the landlord's score of a finished
deal as DouZero's game counts it: ``2 * 2**b`` on a win, ``-2 * 2**b`` on a loss,
``b`` the bombs and rockets played; no spring factor, no bid, no 明牌 (each
peasant gets minus half of it).

>>> from chupai.doudizhu.combos import parse_cards
>>> from chupai.doudizhu.rules import PRESETS
>>> douzero_position(seat=2, landlord=1), douzero_position(seat=0, landlord=1)
('landlord_down', 'landlord_up')
>>> douzero_cards(parse_cards("3 3 T A 2 BJ RJ", PRESETS["classic"]))
[3, 3, 10, 14, 17, 20, 30]
>>> douzero_score(landlord_won=True, bombs=2), douzero_score(landlord_won=False, bombs=0)
(8, -2)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any, Final

from chupai.doudizhu.combos import NRANKS, SHIFTS, Combo, Kind, deck_cards
from chupai.doudizhu.game import PASS, Observation, Pass, Phase
from chupai.errors import ChupaiError

__all__ = [
    "DOUZERO_VALUES",
    "POSITIONS",
    "DouZeroRLCardBot",
    "douzero_cards",
    "douzero_infoset",
    "douzero_position",
    "douzero_score",
    "require_douzero",
]

DOUZERO_VALUES: Final = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30)
"""DouZero's card value of each chupai rank index (3..A, 2, black and red joker)."""

_RANK_OF: Final = {v: r for r, v in enumerate(DOUZERO_VALUES)}

POSITIONS: Final = ("landlord", "landlord_down", "landlord_up")
"""DouZero's positions, in playing order from the landlord."""

_INSTALL: Final = "pip install douzero"

# DouZero's move types (douzero.env.utils TYPE_*) and the chupai kind of each
_TYPE_KINDS: Final = {
    1: Kind.SINGLE,
    2: Kind.PAIR,
    3: Kind.TRIO,
    4: Kind.BOMB,
    5: Kind.ROCKET,
    6: Kind.TRIO_SINGLE,
    7: Kind.TRIO_PAIR,
    8: Kind.STRAIGHT,
    9: Kind.PAIR_CHAIN,
    10: Kind.AIRPLANE,
    11: Kind.AIRPLANE_SINGLES,
    12: Kind.AIRPLANE_PAIRS,
    13: Kind.FOUR_WITH_TWO,
    14: Kind.FOUR_WITH_TWO_PAIRS,
}


def require_douzero() -> SimpleNamespace:
    """Import DouZero's pieces the adapter uses (``agent``: its RLCard port class,
    ``game``: ``douzero.env.game``, ``detector``: ``douzero.env.move_detector``);
    raise :class:`ChupaiError` naming the install command when DouZero is missing."""
    try:
        from douzero.env import game, move_detector  # type: ignore[import-untyped, import-not-found, unused-ignore]
        from douzero.evaluation.rlcard_agent import RLCardAgent  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ChupaiError(
            f"DouZero's RLCard agent needs the douzero package ({_INSTALL}): {exc}"
        ) from exc
    return SimpleNamespace(agent=RLCardAgent, game=game, detector=move_detector)


def douzero_score(*, landlord_won: bool, bombs: int) -> int:
    """The landlord's score of a deal in DouZero's evaluation: ``±2 * 2**bombs``
    (``bombs``: bombs and rockets played), no spring, no bid, no 明牌."""
    if bombs < 0:
        raise ChupaiError(f"a deal cannot have {bombs} bombs")
    unit = 2 * (1 << bombs)
    return unit if landlord_won else -unit


def douzero_cards(cards: int) -> list[int]:
    """Packed chupai cards as DouZero's sorted list of card values."""
    return [DOUZERO_VALUES[r] for r in range(NRANKS) for _ in range((cards >> SHIFTS[r]) & 31)]


def _packed(values: Sequence[int]) -> int:
    out = 0
    for v in values:
        r = _RANK_OF.get(v)
        if r is None:
            raise ChupaiError(f"{v!r} is not a DouZero card value")
        out += 1 << SHIFTS[r]
    return out


def douzero_position(seat: int, landlord: int) -> str:
    """DouZero's position name of ``seat`` (three players, seats play in order)."""
    return POSITIONS[(seat - landlord) % 3]


def _check_classic(obs: Observation) -> None:
    if obs.players != 3 or obs.rules.players != 3:
        raise ChupaiError(
            "DouZero's RLCard agent plays classic (three-player) Dou Dizhu only, "
            f"not {obs.rules.spec()}"
        )


def _check_play(obs: Observation) -> int:
    """The landlord of a classic play-phase observation; ChupaiError otherwise."""
    _check_classic(obs)
    if obs.phase is not Phase.PLAY or obs.landlord is None:
        raise ChupaiError(f"DouZero's agent only plays; the deal is in the {obs.phase.value} phase")
    return obs.landlord


def _card_play(obs: Observation) -> list[tuple[int, list[int]]]:
    """``(seat, move)`` for every play and pass since the landlord's first play."""
    out: list[tuple[int, list[int]]] = []
    for ev in obs.history:
        a = ev.action
        if isinstance(a, Combo):
            out.append((ev.seat, douzero_cards(a.cards)))
        elif out and isinstance(a, Pass):
            out.append((ev.seat, []))
    return out


def _legal_actions(
    dz: SimpleNamespace, pos: str, hand: list[int], seq: list[list[int]], legal: Sequence[Any]
) -> list[list[int]]:
    """DouZero's legal list for the hand and sequence, restricted to ``legal``."""
    env = SimpleNamespace(
        info_sets={pos: SimpleNamespace(player_hand_cards=list(hand))},
        acting_player_position=pos,
        card_play_action_seq=[list(m) for m in seq],
    )
    theirs: list[list[int]] = dz.game.GameEnv.get_legal_card_play_actions(env)
    ours: set[int] = {a.cards for a in legal if isinstance(a, Combo)}
    can_pass = PASS in legal
    kept = [m for m in theirs if (_packed(m) in ours if m else can_pass)]
    listed = {_packed(m) for m in kept if m}
    for cards in sorted(ours - listed):
        kept.append(douzero_cards(cards))
    if can_pass and [] not in kept:
        kept.append([])
    return kept


def douzero_infoset(observation: Observation, legal: Sequence[Any]) -> Any:
    """DouZero's ``InfoSet`` for a play-phase observation and its legal actions,
    read only from the observation (see the module docstring)."""
    obs = observation
    lord = _check_play(obs)
    dz = require_douzero()
    pos = douzero_position(obs.seat, lord)
    moves = _card_play(obs)
    seq = [m for _, m in moves]
    hand = douzero_cards(obs.hand)
    info = dz.game.InfoSet(pos)
    info.player_hand_cards = hand
    info.card_play_action_seq = seq
    info.legal_actions = _legal_actions(dz, pos, hand, seq, legal)
    last = seq[-1] if seq and seq[-1] else (seq[-2] if len(seq) > 1 else [])
    info.last_move = list(last)
    two = [list(m) for m in reversed(seq[-2:])]
    info.last_two_moves = (two + [[], []])[:2]
    info.last_pid = "landlord"
    last_move_dict: dict[str, list[int]] = {p: [] for p in POSITIONS}
    played: dict[str, list[int]] = {p: [] for p in POSITIONS}
    bombs = 0
    for seat, m in moves:
        p = douzero_position(seat, lord)
        last_move_dict[p] = list(m)
        played[p] += m
        if m:
            info.last_pid = p
        if m == [20, 30] or (len(m) == 4 and len(set(m)) == 1):
            bombs += 1
    info.last_move_dict = last_move_dict
    info.played_cards = played
    info.bomb_num = bombs
    info.num_cards_left_dict = {douzero_position(s, lord): n for s, n in enumerate(obs.hand_counts)}
    info.other_hand_cards = douzero_cards(deck_cards(obs.rules) - obs.hand - sum(obs.played))
    kitty = douzero_cards(obs.kitty or 0)
    for v in played["landlord"]:
        if v in kitty:
            kitty.remove(v)
    info.three_landlord_cards = kitty
    info.all_handcards = None
    return info


def _chupai_play(dz: SimpleNamespace, move: Sequence[int], legal: Sequence[Any]) -> Any:
    """The element of ``legal`` for DouZero's move (``[]`` is a pass)."""
    if not move:
        if PASS in legal:
            return PASS
        raise ChupaiError("DouZero's agent passed, but passing is not legal here")
    cards = _packed(move)
    found = [a for a in legal if isinstance(a, Combo) and a.cards == cards]
    if not found:
        raise ChupaiError(f"DouZero's agent chose {list(move)}, which is not a legal play here")
    kind = _TYPE_KINDS.get(dz.detector.get_move_type(sorted(move))["type"])
    return next((a for a in found if a.kind is kind), found[0])


class DouZeroRLCardBot:
    """DouZero's port of RLCard's rule agent (``douzero.evaluation.rlcard_agent``)
    as a chupai bot for classic Dou Dizhu (see the module docstring)."""

    name = "douzero-rlcard"

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self._rng = random.Random(seed)
        self._agents: dict[str, Any] = {}
        self._bid_bot: Any = None

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        """One element of ``legal`` for the seat of ``observation``."""
        if not legal:
            raise ValueError("no legal action to choose from")
        if observation.phase is not Phase.PLAY:
            _check_classic(observation)
            if self._bid_bot is None:
                from chupai.bots.games.doudizhu.greedy import DouDizhuGreedyBot

                self._bid_bot = DouDizhuGreedyBot(self.seed)
            return self._bid_bot.act(observation, legal)
        dz = require_douzero()
        info = douzero_infoset(observation, legal)
        pos = info.player_position
        agent = self._agents.get(pos)
        if agent is None:
            agent = self._agents[pos] = dz.agent(pos)
        saved = random.getstate()
        random.setstate(self._rng.getstate())
        try:
            move = agent.act(info)
        finally:
            self._rng.setstate(random.getstate())
            random.setstate(saved)
        return _chupai_play(dz, move, legal)
