"""The environment plugins of the games shipped with chupai, one module per game
(named by each game's spec: ``layers={"env": "chupai.env.games.<game>"}``).

A plugin module provides:

- ``COMBINATION_OPTIONS``: the rules options that decide the action space;
  ``base_rules(rules)``: the preset whose other options the space's canonical
  rules take; ``check(rules)``: raise
  :class:`~chupai.errors.UnsupportedOptionError` for an option the space cannot
  represent; ``build_space(rules) -> (blocks, text)``: the labelled blocks of
  engine actions, in id order, and the text of an action
  (:mod:`chupai.env.spaces`);
- ``codec(rules)``: the observation codec (:class:`chupai.env.codec.Codec`);
  optionally ``GYM_ID``: the game's ``gymnasium.make`` id
  (:mod:`chupai.env.registration`; a game without one is not registered);
- ``public_action(event) -> bool``: whether the renderer shows an event of the
  history as its seat's last action; optionally ``role_notes(obs)``: a public
  note per seat beside its role;
- optionally ``win_rewards(result, players)``: the rewards of ``reward="win"``
  (default: +1 to each winner, -1 to every other seat);
- optionally ``action_class(action)``: for a game whose distinct plays are far too
  many to number, the class of an engine action (a class is its own class); the
  blocks of ``build_space`` then list classes, several legal actions may share an
  id, and the environments play the first legal action of the class an id names
  (:attr:`chupai.env.spaces.ActionSpace.action_class`);
- optionally ``hidden_parts(rules)`` and ``hidden_values(deal)``: the parts of
  the perfect-information state (:mod:`chupai.env.state`) that the observations
  need not show (cards no seat has seen, a partner's identity) and their values;
- optionally ``vec_runner(rules, num_games, space, codec, reward, module=None)``:
  a compiled batched runner that steps the deals inside C for
  :class:`~chupai.env.vector.VectorGames` (None where the compiled core is not
  built or does not cover the rules; ``module``: that compiled module, whatever
  ``CHUPAI_PURE`` says), and ``VEC_MODULE``, its module's name.

A game without a plugin is served by the generic path (the spec's
``card_universe`` and ``action_universe``, :mod:`chupai.env.generic`).
"""

from typing import Final

PLUGIN_API: Final = (
    "COMBINATION_OPTIONS",
    "base_rules",
    "build_space",
    "check",
    "codec",
    "public_action",
    "win_rewards",
)
"""The names a plugin module exports (each shipped plugin also names its codec
class, the Dou Dizhu plugin its ``role_notes``, ``vec_runner`` and
``VEC_MODULE``, the 大怪路子 plugin its ``action_class``; the Dou Dizhu, Big Two
and Big A plugins their ``hidden_parts`` and ``hidden_values``)."""
