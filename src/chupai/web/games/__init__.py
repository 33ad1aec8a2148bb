"""The web views of the games that have one, one module per game, found through
the registry (``get_game(key).plugin("web")``): each provides ``view(obs)`` (a
:class:`chupai.web.viewkit.GameView`) and may provide ``quiet_answer(deal)``
(see :mod:`chupai.web.tables`). A game without one is shown by the generic view
of :mod:`chupai.web.views`."""
