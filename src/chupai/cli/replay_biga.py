"""``chupai replay`` of Big A records (kept for compatibility: the renderer is
:mod:`chupai.cli.games.biga.replay`, found through the game's spec)."""

from __future__ import annotations

from chupai.cli.games.biga.replay import (
    dealt_hands,
    replay_deal as replay_biga,
    replay_match as replay_biga_match,
)

__all__ = ["replay_biga", "replay_biga_match", "dealt_hands"]
