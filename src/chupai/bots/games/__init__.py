"""Each game's bots, one package per game: the module a game's spec names for
the ``bots`` layer (:mod:`chupai.bots.plugin` says what it declares)."""
