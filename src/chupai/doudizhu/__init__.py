"""Dou Dizhu (斗地主 / 鬥地主, Fight the Landlord): presets ``classic`` (3 players,
one pack) and ``four_player`` (4 players, two packs), as specified by
``doudizhu.md``.

Modules: :mod:`~chupai.doudizhu.rules` (options and presets),
:mod:`~chupai.doudizhu.combos` (cards as rank counts, combinations, readings, the
beat relation), :mod:`~chupai.doudizhu.movegen` (legal plays),
:mod:`~chupai.doudizhu.game` (the deal: marker card, bidding, robbing, kitty,
明牌, play), :mod:`~chupai.doudizhu.scoring` (multipliers and settlement),
:mod:`~chupai.doudizhu.record` (JSON records and replay) and
:mod:`~chupai.doudizhu.api` (the judge and moves interfaces).
"""
