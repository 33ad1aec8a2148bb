"""A tiny test-only climbing game registered through the game protocol.

Two seats, twelve cards (ranks 1-6 in suits x and y), one combination type (a
single card). The holder of ``1x`` leads; a single beats a lower rank; a seat
that passes ends the trick and the top player leads the next one. The first
seat out wins one point per card the other still holds.

It lives in the tests only, to prove that a new game is one package plus a
registration: ``import toygame.spec`` (with ``tests/`` on ``sys.path``), or
``CHUPAI_GAMES=toygame.spec`` for a server process.
"""
