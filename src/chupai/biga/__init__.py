"""Big A (打大A): five players, two packs with four jokers, a declarer and a hidden
partner holding identical Aces against three defenders, as specified by
``biga.md``.

Modules: :mod:`~chupai.biga.rules` (options and the ``standard`` preset),
:mod:`~chupai.biga.cards` (cards as packed counts, notation),
:mod:`~chupai.biga.combos` (combinations, the bomb ladder, the beat relation and
the fours capture), :mod:`~chupai.biga.movegen` (legal plays),
:mod:`~chupai.biga.game` (the deal: the draw with its declarations, play,
observations), built from :mod:`~chupai.biga.events` (phases, actions, events,
outcome), :mod:`~chupai.biga.state`, :mod:`~chupai.biga.draw`,
:mod:`~chupai.biga.play`, :mod:`~chupai.biga.observation` and
:mod:`~chupai.biga.notation` (stock and action text),
:mod:`~chupai.biga.sampling` (determinization, with
:mod:`~chupai.biga.knowledge` and :mod:`~chupai.biga.redraw`),
:mod:`~chupai.biga.scoring` (the three scoring tables),
:mod:`~chupai.biga.record` (JSON records and replay) and
:mod:`~chupai.biga.api` (the judge and moves interfaces).
"""
