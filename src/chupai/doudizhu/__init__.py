"""Dou Dizhu (斗地主 / 鬥地主, Fight the Landlord): presets ``classic`` (3 players,
one pack) and ``four_player`` (4 players, two packs), as specified by
``doudizhu.md``.

Modules: :mod:`~chupai.doudizhu.rules` (options and presets),
:mod:`~chupai.doudizhu.shapes` (the combination shapes as one table),
:mod:`~chupai.doudizhu.combos` (cards as rank counts, combinations, readings, the
beat relation), :mod:`~chupai.doudizhu.diagnoses` (why cards form no
combination), :mod:`~chupai.doudizhu.movegen` (legal plays),
:mod:`~chupai.doudizhu.game` (the deal: marker card, bidding, robbing, kitty,
明牌, play; its values in :mod:`~chupai.doudizhu.state`, the auction in
:mod:`~chupai.doudizhu.auction`, dealing in :mod:`~chupai.doudizhu.dealing`, the
action notation in :mod:`~chupai.doudizhu.notation`),
:mod:`~chupai.doudizhu.scoring` (multipliers and settlement),
:mod:`~chupai.doudizhu.record` (JSON records and replay) and
:mod:`~chupai.doudizhu.api` (the judge and moves interfaces).
"""
