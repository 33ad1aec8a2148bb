"""RLCard's rule-based Dou Dizhu agent seated in chupai (kept for compatibility:
it lives in :mod:`chupai.bots.games.doudizhu.rlcard`, the Dou Dizhu bots)."""

from chupai.bots.games.doudizhu.rlcard import (
    RLCARD_RANKS,
    RLCardRuleBot,
    chupai_action,
    require_rlcard,
    rlcard_action,
    rlcard_cards,
    rlcard_state,
    rlcard_type,
)

__all__ = [
    "RLCARD_RANKS",
    "RLCardRuleBot",
    "chupai_action",
    "require_rlcard",
    "rlcard_action",
    "rlcard_cards",
    "rlcard_state",
    "rlcard_type",
]
