"""Training as a product: ``chupai train dmc GAME`` trains a Deep Monte-Carlo
agent for any registered game, and the checkpoint plays as ``dmc:path=FILE``.

- :mod:`chupai.train.features`: the action features of every game (numpy);
- :mod:`chupai.train.network`: the Q-network (torch);
- :mod:`chupai.train.checkpoint`: checkpoints, resumable;
- :mod:`chupai.train.actor`, :mod:`chupai.train.learner`: self-play and updates;
- :mod:`chupai.train.dmc`: the training run; :mod:`chupai.train.cli`: its options;
- :mod:`chupai.train.logs`: scalars (CSV, JSON lines) and the progress bar;
- :mod:`chupai.train.evaluate`: evaluation through ``chupai.tournament``;
- :mod:`chupai.train.agent`: the ``dmc`` bot of every game.

Importing this package loads nothing else: numpy and torch (``pip install
'chupai[rl]'``) are needed only by the modules that use them. See
``docs/training.md``.
"""
