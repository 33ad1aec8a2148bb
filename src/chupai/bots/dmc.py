"""The Deep Monte-Carlo bot (kept for compatibility: it lives in
:mod:`chupai.bots.games.doudizhu.dmc`, the Dou Dizhu bots)."""

from chupai.bots.games.doudizhu.dmc import (
    DEFAULT_HIDDEN,
    FEATURES,
    FORMAT,
    VERSION,
    ActionTables,
    DMCBot,
    QNetwork,
    load_checkpoint,
    make_header,
    require_torch,
    save_checkpoint,
)

__all__ = [
    "DEFAULT_HIDDEN",
    "FEATURES",
    "FORMAT",
    "VERSION",
    "ActionTables",
    "DMCBot",
    "QNetwork",
    "load_checkpoint",
    "make_header",
    "require_torch",
    "save_checkpoint",
]
