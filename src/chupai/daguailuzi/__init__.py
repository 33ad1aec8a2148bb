"""大怪路子 (Da Guai Lu Zi, "Wild Escape"): six players in two teams of three,
three packs with six jokers, wild jokers, level trumps and tribute, as specified
by ``daguailuzi.md``.

Modules: :mod:`~chupai.daguailuzi.rules` (options and the ``seed`` and
``shanghai`` presets), :mod:`~chupai.daguailuzi.cards` (card types as packed
counts, the single-card order, notation), :mod:`~chupai.daguailuzi.combos`
(combinations with wild jokers, values, the beat relation),
:mod:`~chupai.daguailuzi.movegen` (legal plays), :mod:`~chupai.daguailuzi.api`
(the judge and moves interfaces) and :mod:`~chupai.daguailuzi.names` (display
names of the combination types).
"""
