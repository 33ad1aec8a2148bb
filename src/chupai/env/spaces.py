"""Fixed, discrete action spaces for the games.

An :class:`ActionSpace` numbers every action that can arise in a deal of one game
under one set of combination options, so that a learner sees a fixed ``Discrete(n)``
space and a legality mask, while the engine keeps its own action values. It maps
both ways: :meth:`ActionSpace.index` turns an engine action (a value returned by a
deal's ``legal_actions()``) into its id with one dictionary lookup, and
:meth:`ActionSpace.action` turns an id back into the engine action, ready for
``apply_action`` or ``apply_unchecked``. :meth:`ActionSpace.mask` gives the
``int8`` mask of a list of legal actions.

Build a space with :meth:`ActionSpace.for_rules`; spaces are cached per game and
combination options, so every rules object whose options agree on what the
actions *are* gets the very same space (options of scoring, bidding, obligations
and the like never change it).

Each game's layout is built by its environment plugin (``chupai.env.games.<game>``,
found through :meth:`chupai.protocol.GameSpec.plugin`). A game without a plugin
gets one id per text of its spec's ``action_universe`` (in that order); its
space numbers action texts (:attr:`ActionSpace.by_text`) and matches a deal's
actions through ``deal.action_text`` (:meth:`ActionSpace.legal_ids`,
:meth:`ActionSpace.engine_action`).

>>> from chupai.doudizhu.game import new_deal
>>> from chupai.doudizhu.rules import PRESETS
>>> space = ActionSpace.for_rules("doudizhu", PRESETS["classic"])
>>> space.n
27864
>>> deal = new_deal(PRESETS["classic"], seed=7)
>>> [space.index(a) for a in deal.legal_actions()]
[1, 2, 3, 0]
>>> int(space.mask(deal.legal_actions()).sum())
4
>>> space.describe(3), space.action(3) == deal.legal_actions()[2]
('bid 3', True)

Layout
------

Every space begins with id 0 = ``PASS``, then the game's other non-play actions
(decisions of the phases before play), then every play of the full deck in the
canonical order **kind** (in the order of the game's kind enumeration), then the
engine's comparison **key**, then the **cards** (the card mask or packed counts as
an integer), then the blocks derived from plays. Each kind is one contiguous range
(:meth:`ActionSpace.layout` lists them, :meth:`ActionSpace.kinds` counts them).

**Big Two** (plays: ``hand_combos`` of the 52 cards)

======================= ===================================================
ids                     actions
======================= ===================================================
0                       ``PASS``
1..6                    ``Choice``: ``take``, ``leave``, ``swap``,
                        ``decline`` (the leftover card with 3 players),
                        ``keep``, ``redeal`` (redeal requests)
7 .. 7+P-1              the ``P`` plays (``Combo``), kind order ``single``,
                        ``pair``, ``triple``, ``straight``, ``flush``,
                        ``full_house``, ``four_of_a_kind``,
                        ``straight_flush`` (then ``two_pair_kicker``,
                        ``two_pair``, ``quad`` when enabled)
7+P .. 7+2P-1           only with ``last_card_call=true``: ``LastCard(play)``
                        for every play, in the order of the plays
======================= ===================================================

Sizes: ``standard``, ``hongkong``, ``mainland``: P = 19,898, n = 19,905
(single 7-58, pair 59-136, triple 137-188, straight 189-10388, flush
10389-15496, full_house 15497-19240, four_of_a_kind 19241-19864,
straight_flush 19865-19904); ``taiwan`` (no triples): P = 19,846, n = 19,853
(single 7-58, pair 59-136, straight 137-10336, flush 10337-15444, full_house
15445-19188, four_of_a_kind 19189-19812, straight_flush 19813-19852). Options
that add plays append kinds: ``four_card_play=two_pair`` 2,808 two_pair,
``four_card_play=quad`` 13 quad, ``allow_two_pair_kicker=true`` 123,552
two_pair_kicker. With ``last_card_call=true`` n = 7 + 2P (39,803 for
standard). hongkong and mainland share one space; standard differs from them
only in the flush keys (``flush_compare``).

The space cannot represent the card-carrying decisions of the exchanges, and
:meth:`ActionSpace.for_rules` raises :class:`~chupai.errors.UnsupportedOptionError`
naming the option: ``pre_exchange=true`` (giving 1 to 3 of the 52 cards would add
23,478 actions used once per deal) and ``series=class_struggle`` or
``series=tribute`` (naming, giving and keeping cards, choosing a face-down hand:
up to 23,478 more; these phases only arise in the later deals of a match, never
in a first deal, so a single-deal environment plays ``series=none`` the same).

**Dou Dizhu** (plays: ``hand_combos`` of the whole deck)

======================= ===================================================
ids                     actions
======================= ===================================================
0                       ``PASS`` (in the bidding and in play)
1..3                    ``Bid(1)``, ``Bid(2)``, ``Bid(3)``
4..6                    ``ROB``, ``NO_ROB``, ``SHOW`` (明牌)
7 .. 7+P-1              the plays (``Combo``), kind order ``single``, ``pair``,
                        ``trio``, ``trio_single``, ``trio_pair``,
                        ``straight``, ``pair_chain``, ``airplane``,
                        ``airplane_singles``, ``airplane_pairs``,
                        ``four_with_two``, ``four_with_two_pairs``,
                        ``four_with_pair``, ``bomb``, ``rocket``,
                        ``missile``, ``heaven_bomb``, ``heaven_lord`` (those
                        the preset has)
======================= ===================================================

Sizes: ``classic``: P = 27,857, n = 27,864 (single 7-21, pair 22-34, trio
35-47, trio_single 48-229, trio_pair 230-385, straight 386-421, pair_chain
422-476, airplane 477-521, airplane_singles 522-22726, airplane_pairs
22727-25665, four_with_two 25666-26991, four_with_two_pairs 26992-27849, bomb
27850-27862, rocket 27863); ``four_player``: P = 7,931, n = 7,938 (single 7-21,
pair 22-36, trio 37-49, trio_pair 50-231, straight 232-267, pair_chain 268-322,
airplane 323-367, airplane_pairs 368-7871, bomb 7872-7897, rocket 7898-7910,
missile 7911-7923, heaven_bomb 7924-7936, heaven_lord 7937). The options
``airplane_max_trios``, ``four_with_two_kickers`` and ``allow_four_with_pair``
change the plays (e.g. ``airplane_max_trios=2``: n = 4,259).
A multiset of cards with readings of several kinds (``333444555666`` as an
airplane and as airplane_singles) has one id per kind.

**Big A** (plays: the union of ``hand_combos`` of the normalized deck for every
Big Ace suit: none, D, C, H, S)

======================= ===================================================
ids                     actions
======================= ===================================================
0                       ``PASS``
1..5                    ``Choice``: ``decline``, ``show_second``,
                        ``keep_hidden``, ``reveal_partner``, ``stay_hidden``
6..13                   ``Declare``: ``show AD``, ``show AD AD``, ``show AC``,
                        ``show AC AC``, ``show AH``, ``show AH AH``,
                        ``show AS``, ``show AS AS``
14 .. 14+P-1            the plays (``Combo``), kind order ``single``, ``pair``,
                        ``sequence``, ``pair_sequence``, ``egg``,
                        ``big_egg``, ``two_jokers``, ``egg_sequence``,
                        ``fake_eight``, ``true_seven``, ``three_jokers``,
                        ``four_jokers``, ``two_big_aces``
14+P .. n-1             with ``fours_capture=true``: ``Capture(fours,
                        taken)`` for every egg and big egg ``taken`` of the
                        plays (in their order), ``fours`` its ``size - 1``
                        ordinary 4s
======================= ===================================================

Sizes: ``standard``: P = 581, 52 captures (13 eggs, 39 big eggs), n = 647
(single 14-32, pair 33-45, sequence 46-205, pair_sequence 206-449, egg 450-462,
big_egg 463-501, two_jokers 502-504, egg_sequence 505-532, fake_eight 533-561,
true_seven 562-587, three_jokers 588-589, four_jokers 590, two_big_aces 591-594,
capture 595-646). ``big_ace_in_sets=true``: n = 727; ``fours_capture=false``:
n = 595; ``sequence_order=chain_four_to_three``: n = 741.

**大怪路子** (too many distinct plays to number: the ids are **classes** of
plays, :attr:`ActionSpace.action_class`, see :mod:`chupai.env.games.daguailuzi`)

======================= ===================================================
ids                     actions
======================= ===================================================
0                       ``PASS``
1..108                  only with ``tribute=true``: ``tribute X`` and
                        ``return X`` for the 54 card types (then, under
                        ``return_rule=joker_candidates``, 560 ``offer``
                        rank sets and 54 ``take X``)
then                    the play classes ``(kind, size, key, bj, rj,
                        suit)``, by kind, key, ``BJ``, ``RJ``, suit
======================= ===================================================

Sizes: ``seed``: n = 39,266 (38,332 of them flush classes: flushes compare card by
card); ``shanghai``: n = 1,106. A legal action's id is its class's; the
environments play the first legal action of the class an id names.

:meth:`ActionSpace.describe` gives the deal's own action text (``Deal.action_text``),
except that a capture also names what it takes (``capture 4 4 (takes 7 7 7)``),
so that every id has its own text; a 大怪路子 class reads as its reading
(``straight_flush H T-A [BJ BJ RJ]``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from operator import index as _as_index
from types import ModuleType
from typing import Any, SupportsIndex, TypeAlias

import numpy as np
import numpy.typing as npt

from chupai.errors import ChupaiError
from chupai.protocol import GameSpec, all_games, get_game

__all__ = [
    "COMBINATION_OPTIONS",
    "ActionSpace",
    "Blocks",
    "TextFn",
    "env_plugin",
    "play_blocks",
    "play_order",
]

Action: TypeAlias = Any
"""An engine action of the space's game (a ``Combo``, ``PASS``, ``Bid``,
``Choice``, ``Declare``, ``Capture`` or ``LastCard``): hashable values that compare
by value. In the space of a game without an environment plugin, the action's text
(``deal.action_text``); in a space of classes (:attr:`ActionSpace.action_class`),
the class of actions."""

Blocks: TypeAlias = list[tuple[str, list[Action]]]
"""The labelled blocks of a space, in id order."""
TextFn: TypeAlias = Callable[[Action], str]
"""The text of one action of a space."""


def env_plugin(spec: GameSpec) -> ModuleType | None:
    """The game's environment plugin (``chupai.env.games.<game>``), or None for a
    game served by the generic path (its spec's ``card_universe`` and
    ``action_universe``)."""
    return spec.plugin("env")


class _CombinationOptions(Mapping[str, tuple[str, ...]]):
    """Game key -> the options of its plugin's ``COMBINATION_OPTIONS``."""

    def __getitem__(self, key: str) -> tuple[str, ...]:
        plugin = env_plugin(get_game(key))
        if plugin is None:
            raise KeyError(key)
        return tuple(plugin.COMBINATION_OPTIONS)

    def __iter__(self) -> Iterator[str]:
        return iter([g.key for g in all_games() if "env" in g.layers])

    def __len__(self) -> int:
        return sum(1 for _ in self)


COMBINATION_OPTIONS: Mapping[str, tuple[str, ...]] = _CombinationOptions()
"""The options that decide each game's action space (its plugin's
``COMBINATION_OPTIONS``): which plays exist, their comparison keys (part of the
engine's ``Combo`` values) and the extra blocks (``last_card_call``,
``fours_capture``). Rules objects that agree on these share one space."""


class ActionSpace:
    """The fixed numbering of every action of one game under one set of
    combination options (see the module docstring for the layouts).

    Build it with :meth:`for_rules` (cached); do not mutate it."""

    __slots__ = (
        "_get",
        "_ids",
        "_layout",
        "_rules",
        "_text",
        "action_class",
        "actions",
        "by_text",
        "game",
        "n",
        "options",
    )

    game: str
    """The game key (``bigtwo``, ``doudizhu``, ``biga``...)."""
    n: int
    """The number of actions (ids ``0 .. n - 1``)."""
    actions: tuple[Action, ...]
    """The engine action of each id (its text in a space built from the game's
    ``action_universe``)."""
    options: tuple[tuple[str, Any], ...]
    """The combination options this space was built for, as ``(key, value)``."""
    by_text: bool
    """Whether the ids number action texts (a game without an environment
    plugin): :meth:`legal_ids` and :meth:`engine_action` then match the deal's
    actions through ``deal.action_text``."""
    action_class: Callable[[Action], Any] | None
    """For a space whose ids number **classes** of engine actions (a game whose
    plugin defines ``action_class``, where one id per distinct play would be far
    too many): the class of an engine action (a class is its own class). Several
    legal actions may then share one id; :meth:`engine_action` plays the first
    of them in the deal's legal order. None: every id is one engine action."""

    def __init__(
        self,
        game: str,
        options: tuple[tuple[str, Any], ...],
        blocks: Blocks,
        text: TextFn,
        *,
        by_text: bool = False,
        action_class: Callable[[Action], Any] | None = None,
        rules: Any = None,
    ) -> None:
        """Number the ``blocks`` (label, actions or action classes) in order;
        ``text`` describes one; ``action_class`` maps an engine action to its
        class (see :attr:`action_class`); ``rules``: rules it was built for (what
        a pickle of it holds). Use :meth:`for_rules` rather than this
        constructor."""
        actions: list[Action] = []
        layout: list[tuple[str, int, int]] = []
        for label, block in blocks:
            if block:
                layout.append((label, len(actions), len(actions) + len(block)))
                actions.extend(block)
        ids = {a: i for i, a in enumerate(actions)}
        if len(ids) != len(actions):
            raise RuntimeError(f"the {game} action space lists an action twice")
        self.game = game
        self.options = options
        self.by_text = by_text
        self.actions = tuple(actions)
        self.n = len(actions)
        self._ids = ids
        self.action_class = action_class
        if action_class is None:
            self._get = ids.__getitem__
        else:
            get = ids.__getitem__
            self._get = lambda a: get(action_class(a))
        self._layout = tuple(layout)
        self._text = text
        self._rules = rules

    # ----- construction ----------------------------------------------------------
    @classmethod
    def for_rules(cls, game_key: str, rules: Any = None) -> ActionSpace:
        """The (cached) space of game ``game_key`` (a key or alias) under
        ``rules``: a rules object of that game, a preset name, or None for the
        game's default preset.

        Raises :class:`~chupai.errors.RulesError` for an unknown game or preset,
        :class:`~chupai.errors.ChupaiError` for rules of another game, and
        :class:`~chupai.errors.UnsupportedOptionError` naming an option whose
        actions the space cannot represent (Big Two ``pre_exchange`` and
        ``series``). A game without an environment plugin gets the space of its
        spec's ``action_universe`` (one id per action text)."""
        spec = get_game(game_key)
        rules = _rules_of(spec, rules)
        plugin = env_plugin(spec)
        if plugin is None:
            return _generic_space(spec, rules)
        return _plugin_space(spec, plugin, rules)

    # ----- the actions of a deal -------------------------------------------------------
    def legal_ids(self, deal: Any, legal: Sequence[Action]) -> npt.NDArray[np.int64]:
        """The ids of ``legal`` (engine actions of ``deal``), in order."""
        if self.by_text:
            text = deal.action_text
            return self.indices([text(a) for a in legal])
        return self.indices(legal)

    @property
    def concrete(self) -> bool:
        """Whether every id is one engine action (neither a text nor a class of
        actions): then ``actions[i]`` is the action id ``i`` plays."""
        return not self.by_text and self.action_class is None

    def engine_action(self, i: int, legal: Sequence[Action], ids: npt.NDArray[np.int64]) -> Action:
        """The engine action of id ``i`` among ``legal`` (whose ids are ``ids``,
        :meth:`legal_ids`): the first action of ``legal`` with that id when ids
        number texts or classes of actions."""
        if self.by_text or self.action_class is not None:
            return legal[int(np.flatnonzero(ids == i)[0])]
        return self.actions[i]

    def id_of(self, deal: Any, action: Action) -> int:
        """The id of the engine action ``action`` of ``deal``."""
        return self.index(deal.action_text(action) if self.by_text else action)

    # ----- ids and actions ---------------------------------------------------------
    def index(self, action: Action) -> int:
        """The id of ``action`` (of its class in a space of classes); raises
        :class:`~chupai.errors.ChupaiError` naming it when it is not in the
        space."""
        try:
            return self._get(action)
        except (KeyError, TypeError):
            raise self._missing(action) from None

    def action(self, i: SupportsIndex) -> Action:
        """The engine action of id ``i`` (``0 <= i < n``); in a space of classes
        of actions (:attr:`action_class`), the class."""
        k = _as_index(i)
        if not 0 <= k < self.n:
            raise ChupaiError(
                f"action id {i!r} is out of range 0..{self.n - 1} of the {self.game} action space"
            )
        return self.actions[k]

    def indices(self, legal: Sequence[Action]) -> npt.NDArray[np.int64]:
        """The ids of the actions ``legal``, in order, as an ``int64`` array."""
        try:
            return np.fromiter(map(self._get, legal), np.int64, len(legal))
        except (KeyError, TypeError):
            raise self._missing(next(a for a in legal if not self._has(a))) from None

    def mask(self, legal: Sequence[Action]) -> npt.NDArray[np.int8]:
        """The legality mask of ``legal``: an ``int8`` array of length :attr:`n`,
        1 at the id of each action of ``legal``, 0 elsewhere."""
        out = np.zeros(self.n, np.int8)
        out[self.indices(legal)] = 1
        return out

    def describe(self, i: SupportsIndex) -> str:
        """The text of action ``i`` (the deal's ``action_text``; a Big A capture
        also names the cards it takes)."""
        return self._text(self.action(i))

    def __len__(self) -> int:
        return self.n

    def __contains__(self, action: object) -> bool:
        return self._has(action)

    def __repr__(self) -> str:
        opts = ",".join(f"{k}={getattr(v, 'value', v)}" for k, v in self.options)
        return f"<ActionSpace {self.game}({opts}) n={self.n}>"

    # ----- summaries -----------------------------------------------------------------
    def layout(self) -> tuple[tuple[str, int, int], ...]:
        """The contiguous id ranges as ``(label, first, stop)``, in id order. Labels:
        ``pass``, ``choice``, ``bid``, ``declare``, each play kind's name,
        ``last_card``, ``capture``."""
        return self._layout

    def kinds(self) -> dict[str, int]:
        """How many ids each label of :meth:`layout` has, in id order."""
        return {label: stop - first for label, first, stop in self._layout}

    # ----- copies and pickles ----------------------------------------------------------
    def __reduce__(self) -> tuple[Callable[[str, Any], ActionSpace], tuple[str, Any]]:
        """Pickled as its game and rules: the receiving process takes its own
        cached space (:meth:`for_rules`), so a pickle stays small."""
        if self._rules is None:
            raise TypeError(f"{self!r} was not built by ActionSpace.for_rules: no pickle")
        return ActionSpace.for_rules, (self.game, self._rules)

    def __copy__(self) -> ActionSpace:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> ActionSpace:
        """A space is immutable: a copy (of an environment) shares it."""
        return self

    # ----- helpers ---------------------------------------------------------------------
    def _has(self, action: object) -> bool:
        try:
            self._get(action)
        except (KeyError, TypeError):  # absent, unhashable or not an action
            return False
        return True

    def _missing(self, action: object) -> ChupaiError:
        opts = ", ".join(f"{k}={getattr(v, 'value', v)}" for k, v in self.options)
        return ChupaiError(f"action {action!r} is not in the {self.game} action space ({opts})")


_CACHE: dict[tuple[str, tuple[Any, ...]], ActionSpace] = {}


def _rules_of(spec: GameSpec, rules: Any) -> Any:
    """``rules`` (None or a preset name: resolved) checked to be ``spec``'s."""
    if rules is None or isinstance(rules, str):
        return spec.resolve(rules)
    expected = type(spec.resolve())
    if not isinstance(rules, expected):
        raise ChupaiError(
            f"rules {rules!r} are not {spec.key} rules (expected {expected.__name__})"
        )
    return rules


def _plugin_space(spec: GameSpec, plugin: ModuleType, rules: Any) -> ActionSpace:
    plugin.check(rules)
    options = tuple((k, getattr(rules, k)) for k in plugin.COMBINATION_OPTIONS)
    key = (spec.key, options)
    space = _CACHE.get(key)
    if space is None:
        canonical = dataclasses.replace(plugin.base_rules(rules), **dict(options))
        blocks, text = plugin.build_space(canonical)
        space = _CACHE[key] = ActionSpace(
            spec.key,
            options,
            blocks,
            text,
            action_class=getattr(plugin, "action_class", None),
            rules=rules,
        )
    return space


def _generic_space(spec: GameSpec, rules: Any) -> ActionSpace:
    if spec.action_universe is None:
        raise ChupaiError(
            f"the game {spec.key} has neither an environment plugin nor "
            "an action universe: no action space"
        )
    texts = tuple(spec.action_universe(rules))
    key = (spec.key, ("action_universe",) + texts)
    space = _CACHE.get(key)
    if space is None:
        space = ActionSpace(spec.key, (), [("action", list(texts))], str, by_text=True, rules=rules)
        _CACHE[key] = space
    return space


def play_order(kinds: Sequence[Any]) -> Callable[[Any], tuple[int, int, int]]:
    """Sort key of plays: kind (in ``kinds`` order), key, cards."""
    pos = {k: i for i, k in enumerate(kinds)}
    return lambda c: (pos[c[0]], c[2], c[1])


def play_blocks(plays: list[Any]) -> Blocks:
    """Sorted ``plays`` cut into one block per kind."""
    blocks: Blocks = []
    for c in plays:
        if not blocks or blocks[-1][0] != c[0].value:
            blocks.append((c[0].value, []))
        blocks[-1][1].append(c)
    return blocks
