"""RLCard's rule-based Dou Dizhu agent (``doudizhu-rule-v1``) seated in chupai.

:class:`RLCardRuleBot` is a chupai bot (``act(observation, legal)``) for classic
three-player Dou Dizhu whose play decisions are made by RLCard's
``DouDizhuRuleAgentV1`` (``rlcard.models.doudizhu_rule_models``), the outside
reference point of the strength benchmark (``benchmarks/strength_doudizhu.py``).
RLCard is an optional dependency: it is imported on first use, and a missing
package raises :class:`~chupai.errors.ChupaiError` (``pip install rlcard``).

**Play phase.** The seat's :class:`~chupai.doudizhu.game.Observation` is translated
into the raw state dict RLCard's game hands its agents
(``DoudizhuPlayer.get_state``), built only from what the seat may see:

* ``current_hand``: the seat's cards as an RLCard card string, ranks ascending in
  RLCard's order ``3456789TJQKA2BR`` (``B``/``R`` the black and red joker), e.g.
  ``'3345TT2BR'``; every action string uses the same notation (``'33'``,
  ``'3334'``, ``'7777'``, ``'BR'``, ``'pass'``);
* ``trace``: ``(seat, action)`` for every play and pass since the landlord's first
  play (bids, robs and 明牌 are not part of RLCard's game);
* ``played_cards``: each seat's played cards; ``num_cards_left``: each seat's
  card count; ``landlord`` and ``self``: seat numbers (chupai and RLCard both play
  to seat + 1, so seat numbers are used unchanged);
* ``others_hand``: the other two seats' cards together (the whole deck minus the
  seat's hand and everything played, which any player can work out);
* ``seen_cards``: the kitty, minus every rank the landlord has played (RLCard's
  rule for its public ``seen_cards``);
* ``actions``: the legal plays as action strings, each string once. When
  following they are ordered exactly as RLCard's ``get_gt_cards`` orders them
  (``'pass'`` first, then the top play's types, the rocket and bombs, by RLCard's
  table order), so that the agent's random choice, when it makes one, picks the
  same string RLCard's own game would for the same random state.

The agent's choice (a string) is translated back to the legal chupai action with
those cards; when the cards have several legal readings (``333444555666``), the
one of RLCard's first listed type for that string is taken. A string matching no
legal action raises :class:`ChupaiError`. The agent falls back on
``numpy.random.choice`` in some positions; each bot keeps its own numpy random
state, seeded from ``seed``, and restores numpy's global state after every call,
so games are reproducible and other numpy users are undisturbed.

**Other phases.** RLCard's game has no bidding (its seat 0 simply takes the
kitty), so bids and robs are delegated to chupai's greedy Dou Dizhu bot
(:class:`~chupai.bots.games.doudizhu.greedy.DouDizhuGreedyBot`) with the same
seed: bid by hand strength, rob only with a strong hand; 明牌 (``show``) is never
chosen. Benchmarks that measure play strength fix the landlord themselves and never
ask.

Only the classic preset is supported (RLCard plays three-player, one-pack Dou
Dizhu with the same combinations as chupai's ``classic`` defaults).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Final

from chupai.doudizhu.combos import NRANKS, SHIFTS, Combo, Kind, deck_cards
from chupai.doudizhu.game import PASS, Observation, Pass, Phase
from chupai.errors import ChupaiError

__all__ = [
    "RLCARD_RANKS",
    "RLCardRuleBot",
    "chupai_action",
    "require_rlcard",
    "rlcard_action",
    "rlcard_cards",
    "rlcard_state",
    "rlcard_type",
]

RLCARD_RANKS: Final = "3456789TJQKA2BR"
"""RLCard's one-character rank names, by chupai rank index (``B``/``R``: jokers)."""

_CHAR_RANK: Final = {ch: r for r, ch in enumerate(RLCARD_RANKS)}

_INSTALL: Final = "pip install rlcard"


def require_rlcard() -> Any:
    """Import and return ``rlcard.models.doudizhu_rule_models``; raise
    :class:`ChupaiError` naming the install command when RLCard is missing."""
    try:
        from rlcard.models import doudizhu_rule_models  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ChupaiError(
            f"the RLCard rule agent needs the rlcard package ({_INSTALL}): {exc}"
        ) from exc
    return doudizhu_rule_models


# ----- notation --------------------------------------------------------------------


def rlcard_cards(cards: int) -> str:
    """Packed chupai cards as an RLCard card string (ranks ascending, jokers
    ``B``/``R``), e.g. ``'3345TT2BR'``."""
    return "".join(RLCARD_RANKS[r] * ((cards >> SHIFTS[r]) & 31) for r in range(NRANKS))


def _cards_of(text: str) -> int:
    """Packed chupai cards from an RLCard card string."""
    out = 0
    for ch in text:
        r = _CHAR_RANK.get(ch)
        if r is None:
            raise ChupaiError(f"not an RLCard card string: {text!r} (bad character {ch!r})")
        out += 1 << SHIFTS[r]
    return out


def rlcard_action(action: Any) -> str:
    """The RLCard action string of a chupai play (``'3334'``, ``'BR'``) or pass
    (``'pass'``). Bids, robs and 明牌 have no RLCard equivalent: ChupaiError."""
    if isinstance(action, Combo):
        return rlcard_cards(action.cards)
    if isinstance(action, Pass):
        return "pass"
    raise ChupaiError(f"{action!r} has no RLCard action string (RLCard's game has plays only)")


_KIND_TYPES: Final = {
    Kind.SINGLE: "solo",
    Kind.PAIR: "pair",
    Kind.TRIO: "trio",
    Kind.TRIO_SINGLE: "trio_solo",
    Kind.TRIO_PAIR: "trio_pair",
    Kind.FOUR_WITH_TWO: "four_two_solo",
    Kind.FOUR_WITH_TWO_PAIRS: "four_two_pair",
    Kind.BOMB: "bomb",
    Kind.ROCKET: "rocket",
}
_CHAIN_TYPES: Final = {
    Kind.STRAIGHT: ("solo_chain", 1),
    Kind.PAIR_CHAIN: ("pair_chain", 2),
    Kind.AIRPLANE: ("trio_chain", 3),
    Kind.AIRPLANE_SINGLES: ("trio_solo_chain", 4),
    Kind.AIRPLANE_PAIRS: ("trio_pair_chain", 5),
}


def rlcard_type(combo: Combo) -> str:
    """RLCard's type name for a chupai play's reading: ``solo``, ``trio_solo``,
    ``solo_chain_5``, ``trio_pair_chain_2``, ``four_two_solo``, ``rocket``, ..."""
    name = _KIND_TYPES.get(combo.kind)
    if name is not None:
        return name
    chain = _CHAIN_TYPES.get(combo.kind)
    if chain is None:
        raise ChupaiError(f"{combo.kind.value} is not a play of classic Dou Dizhu (RLCard)")
    return f"{chain[0]}_{combo.size // chain[1]}"


class _Tables:
    """RLCard's card tables, loaded once: ``card_type[s]`` lists the ``(type,
    weight)`` readings of action string ``s``; ``order[t][s]`` is ``(weight,
    position)`` of ``s`` in RLCard's iteration of type ``t``'s candidates."""

    def __init__(self) -> None:
        require_rlcard()
        from rlcard.games.doudizhu.utils import CARD_TYPE, TYPE_CARD  # type: ignore[import-untyped, import-not-found, unused-ignore]

        self.card_type: dict[str, list[tuple[str, int]]] = {
            s: [(t, int(w)) for t, w in readings] for s, readings in CARD_TYPE[0].items()
        }
        self.order: dict[str, dict[str, tuple[int, int]]] = {}
        for t, by_weight in TYPE_CARD.items():
            pos: dict[str, tuple[int, int]] = {}
            i = 0
            for w, strings in by_weight.items():
                for s in strings:
                    if s not in pos:
                        pos[s] = (int(w), i)
                    i += 1
            self.order[t] = pos


@lru_cache(maxsize=1)
def _tables() -> _Tables:
    return _Tables()


def _follow_order(strings: list[str], target: str, tab: _Tables) -> list[str]:
    """``strings`` (legal plays when following ``target``) in the order RLCard's
    ``get_gt_cards`` lists them; strings RLCard would not list go last."""
    types: dict[str, int] = {}
    for t, w in tab.card_type.get(target, []):
        types.setdefault(t, w)
    types.setdefault("rocket", -1)
    types.setdefault("bomb", -1)
    rank = {t: i for i, t in enumerate(types)}
    far = (len(types), 0)

    def key(s: str) -> tuple[int, int]:
        best = far
        for t, _ in tab.card_type.get(s, []):
            i = rank.get(t)
            if i is None:
                continue
            w, pos = tab.order[t].get(s, (-2, 0))
            if w > types[t] and (i, pos) < best:
                best = (i, pos)
        return best

    return sorted(strings, key=key)


# ----- observation -> RLCard state --------------------------------------------------


def _check_classic(obs: Observation) -> None:
    if obs.players != 3 or obs.rules.players != 3:
        raise ChupaiError(
            "the RLCard rule agent plays classic (three-player) Dou Dizhu only, "
            f"not {obs.rules.spec()}"
        )


def rlcard_state(observation: Observation, legal: Sequence[Any]) -> dict[str, Any]:
    """The state dict RLCard's rule agent reads (``{'raw_obs': ...,
    'raw_legal_actions': ...}``) for a play-phase observation and its legal
    actions. Only the observation is read (see the module docstring)."""
    obs = observation
    _check_classic(obs)
    if obs.phase is not Phase.PLAY or obs.landlord is None:
        raise ChupaiError(f"RLCard's agent only plays; the deal is in the {obs.phase.value} phase")
    tab = _tables()
    trace: list[tuple[int, str]] = []
    started = False
    for ev in obs.history:
        a = ev.action
        if isinstance(a, Combo):
            started = True
            trace.append((ev.seat, rlcard_cards(a.cards)))
        elif started and isinstance(a, Pass):
            trace.append((ev.seat, "pass"))
    strings: list[str] = []
    seen: set[str] = set()
    for a in legal:
        if isinstance(a, Combo):
            s = rlcard_cards(a.cards)
            if s not in seen and s in tab.card_type:
                seen.add(s)
                strings.append(s)
    if obs.top is not None:
        target = rlcard_cards(obs.top.cards)
        if target not in tab.card_type:
            raise ChupaiError(f"the top play {target!r} is not in RLCard's action space")
        actions = ["pass"] + _follow_order(strings, target, tab)
    else:
        actions = strings
    lord = obs.landlord
    lord_played = obs.played[lord]
    kitty = rlcard_cards(obs.kitty or 0)
    seen_cards = "".join(ch for ch in kitty if not (lord_played >> SHIFTS[_CHAR_RANK[ch]]) & 31)
    others = deck_cards(obs.rules) - obs.hand - sum(obs.played)
    raw = {
        "seen_cards": seen_cards,
        "landlord": lord,
        "trace": trace,
        "played_cards": [rlcard_cards(p) for p in obs.played],
        "self": obs.seat,
        "current_hand": rlcard_cards(obs.hand),
        "others_hand": rlcard_cards(others),
        "num_cards_left": list(obs.hand_counts),
        "actions": actions,
    }
    return {"raw_obs": raw, "raw_legal_actions": list(actions)}


def chupai_action(text: str, legal: Sequence[Any]) -> Any:
    """The element of ``legal`` for RLCard action string ``text``: ``'pass'`` or
    the play with those cards (of RLCard's first listed type for the string when
    the cards have several legal readings). ChupaiError when none matches."""
    if text == "pass":
        if PASS in legal:
            return PASS
        raise ChupaiError("RLCard's agent passed, but passing is not legal here")
    cards = _cards_of(text)
    found = [a for a in legal if isinstance(a, Combo) and a.cards == cards]
    if not found:
        raise ChupaiError(f"RLCard's agent chose {text!r}, which is not a legal play here")
    if len(found) > 1:
        types = [t for t, _ in _tables().card_type.get(text, [])]
        for t in types:
            for a in found:
                if rlcard_type(a) == t:
                    return a
    return found[0]


# ----- the bot -------------------------------------------------------------------------


class RLCardRuleBot:
    """RLCard's ``DouDizhuRuleAgentV1`` as a chupai bot for classic Dou Dizhu (see
    the module docstring): RLCard plays, chupai's greedy bot bids and robs."""

    name = "rlcard"

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self._agent: Any = None
        self._np_state: Any = None
        self._bid_bot: Any = None

    def _ensure_agent(self) -> None:
        if self._agent is None:
            models = require_rlcard()
            import numpy as np

            self._agent = models.DouDizhuRuleAgentV1()
            s = None if self.seed is None else self.seed % (1 << 32)
            self._np_state = np.random.RandomState(s).get_state()

    def _bidder(self) -> Any:
        if self._bid_bot is None:
            from chupai.bots.games.doudizhu.greedy import DouDizhuGreedyBot

            self._bid_bot = DouDizhuGreedyBot(self.seed)
        return self._bid_bot

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        """One element of ``legal`` for the seat of ``observation``."""
        if not legal:
            raise ValueError("no legal action to choose from")
        _check_classic(observation)
        if observation.phase is not Phase.PLAY:
            return self._bidder().act(observation, legal)
        state = rlcard_state(observation, legal)
        text = self.choose(state)
        return chupai_action(text, legal)

    def choose(self, state: dict[str, Any]) -> str:
        """The agent's action string for an RLCard state dict, drawn with this
        bot's own numpy random state (numpy's global state is left as it was)."""
        self._ensure_agent()
        import numpy as np

        saved = np.random.get_state()
        np.random.set_state(self._np_state)
        try:
            text = self._agent.step(state)
        finally:
            self._np_state = np.random.get_state()
            np.random.set_state(saved)
        return str(text)
