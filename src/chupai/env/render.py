"""The public text of a deal (:meth:`chupai.env.aec.ChupaiAECEnv.render`), rendered
from the shared facts of an observation (:meth:`chupai.protocol.GameSpec.facts`):
the same phase, card counts, roles, play to beat and scores the engine's
observation gives every seat. No hand is ever shown."""

from __future__ import annotations

from typing import Any

from chupai.env.common import EnvGame
from chupai.protocol import SeatFacts

__all__ = ["public_roles", "public_text", "rules_text"]


def rules_text(rules: Any) -> str:
    """``rules.spec()``, or the rules' ``repr`` for rules without one."""
    spec = getattr(rules, "spec", None)
    return str(spec()) if callable(spec) else repr(rules)


def public_roles(game: EnvGame, obs: Any, facts: SeatFacts) -> list[str]:
    """Each seat's role column: its public role, the plugin's public note
    (``role_notes``) and ``out#k`` once it went out k-th."""
    n = facts.players
    note = getattr(game.plugin, "role_notes", None)
    notes: tuple[str, ...] = ("",) * n if note is None else tuple(note(obs))
    out = []
    for s in range(n):
        words = [facts.public_roles[s], notes[s]]
        words += [f"out#{k + 1}" for k, t in enumerate(facts.finished) if t == s]
        out.append(" ".join(w for w in words if w))
    return out


def _last_actions(game: EnvGame, deal: Any, obs: Any, n: int) -> list[str]:
    """Each seat's last public action (the plugin's ``public_action`` decides;
    without a plugin every event the observation shows)."""
    public = getattr(game.plugin, "public_action", None)
    last = ["-"] * n
    for ev in getattr(obs, "history", ()):
        if public is None or public(ev):
            last[ev.seat] = deal.action_text(ev.action)
    return last


def public_text(game: EnvGame, deal: Any, name: str, rules: str, redeals: int) -> str:
    """The text table of ``deal``'s public state: its title line (``name``,
    ``rules``, the phase, the redeals), one row per seat (role, cards held, last
    public action), the table and, once over, the scores."""
    to_act = deal.to_act
    # the view of a seat that is not deciding: private turns stay hidden
    watcher = ((to_act if to_act is not None else -1) + 1) % deal.players
    obs = deal.observe(watcher)
    f = game.spec.facts(obs)
    n = f.players
    names = [f"seat_{s}" for s in range(n)]
    roles = public_roles(game, obs, f)
    last = _last_actions(game, deal, obs, n)
    lines = [f"{name} {rules}  phase {f.phase}" + (f"  (redeals {redeals})" if redeals else "")]
    lines.append(f"{'agent':8} {'role':10} {'cards':>5}  last")
    for s in range(n):
        lines.append(f"{names[s]:8} {roles[s]:10} {f.counts[s]:5d}  {last[s]}")
    top = "-" if f.top is None or f.top_player is None else f"{f.top} by {names[f.top_player]}"
    who = "-" if f.to_act is None else names[f.to_act]
    lines.append(f"table: {top}   to act: {who}")
    if f.result is not None:
        lines.append(
            "scores: " + "  ".join(f"{names[s]} {x:+d}" for s, x in enumerate(f.result.scores))
        )
    return "\n".join(lines)
