"""The lines that report a move in ``chupai play`` (:class:`MoveLines`, a base of
:class:`~chupai.cli.session.DealSession`): who moved, a pass, the cards a play
leaves, and the think time of a bot that searches.

**Think time.** A bot of :data:`THINK_LEVELS` (``search``, ``expert``: they search
until a time budget runs out, about a tenth of a second for the expert) has the
seconds its decision took written at the end of the line reporting its move::

      Seat 2 plays pair 7♠ 7♥  (0.11 s)

The other bots decide in well under a hundredth of a second; their lines stay as
they were, so a transcript of a game against them stays the same from run to run.
The time is measured around the bot's ``act`` (the pause between moves on a
terminal is not counted) and is never part of a record.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any, Final

from rich.text import Text

from chupai.cli.seat_words import SeatWords
from chupai.i18n import plural

__all__ = ["MoveLines", "THINK_LEVELS", "think_text"]

THINK_LEVELS: Final = ("search", "expert")
"""The bots (by name) whose moves carry their think time."""


def think_text(seconds: float) -> str:
    """A think time as the terminal writes it: ``0.11``, ``<0.01``, ``12.3``."""
    if seconds < 0.01:
        return "<0.01"
    return f"{seconds:.2f}" if seconds < 10 else f"{seconds:.1f}"


class MoveLines(SeatWords):
    """The words of a move's line, in the session's language."""

    bots: dict[int, Any]
    """The bots by seat."""
    trick: dict[int, Any]
    """Each seat's last action in the current trick."""
    _thought: tuple[int, float] | None = None
    """The seat of the bot whose move is being reported and its think time."""
    _thought_line: Text | None = None
    """The line that reports that move, once begun (:meth:`actor`)."""

    def bot_act(self, seat: int, observation: Any, legal: Sequence[Any]) -> Any:
        """The choice of the bot of ``seat``; its think time is kept for the line
        reporting its move when it is one of :data:`THINK_LEVELS`
        (:meth:`moved` forgets it once the move is reported)."""
        bot = self.bots[seat]
        start = time.perf_counter()
        action = bot.act(observation, legal)
        seconds = time.perf_counter() - start
        timed = getattr(bot, "name", None) in THINK_LEVELS
        self._thought, self._thought_line = ((seat, seconds) if timed else None), None
        return action

    def moved(self) -> None:
        """The bot's move is reported: its think time is not written after it."""
        self._thought, self._thought_line = None, None

    def move_line(self, seat: int, line: Text) -> Text:
        """``line``, the start of the line reporting the move of ``seat``; a bot's
        think time goes at its end when it is written (:meth:`with_note`)."""
        if self._thought is not None and self._thought[0] == seat:
            self._thought_line = line
        return line

    def with_note(self, part: Any) -> Any:
        """``part`` as it is written: the line reporting a searching bot's move
        ends with its think time, ``(0.11 s)``."""
        line, thought = self._thought_line, self._thought
        if line is None or part is not line or thought is None:
            return part
        self._thought, self._thought_line = None, None
        return line.append(self.t("  ({s} s)", s=think_text(thought[1])), style="dim")

    def note_trick(self, seat: int, action: Any, leading: bool) -> None:
        """Keep the seat's action as its last in the trick (a lead starts a new one)."""
        if leading:
            self.trick = {}
        self.trick[seat] = action

    def actor(self, seat: int) -> Text:
        """The start of a line reporting the seat's move (``  You ``, bold)."""
        line = Text(f"  {self.name(seat)} ", style="bold" if seat == self.human else "")
        return self.move_line(seat, line)

    def append_pass(self, line: Text, seat: int, word: str) -> None:
        """``pass`` agreeing with the seat, dimmed; in another language than English
        the game's ``word`` for it (不要, 不叫, パス)."""
        line.append(self.verb(seat, "pass") if self.lang == "en" else word, style="dim")

    def note_left(self, line: Text, left: int, *, warn: int = 2, out: str = "  — out!") -> None:
        """Mark a play that leaves ``left`` cards: ``— 2 cards left!`` at ``warn``
        cards or fewer, ``out`` at none."""
        if left == 0:
            line.append(self.t(out), style="bold yellow")
        elif left <= warn:
            left_text = plural(left, "  — {n} card left!", "  — {n} cards left!")
            line.append(self.say_text(left_text), style="bold red")
