"""The match frame of ``chupai play``: a match of any game (the game's match
class, from :meth:`chupai.protocol.GameSpec.new_match`) played deal after deal,
with the score table after each deal and the match record at the end."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.console import JustifyMethod
from rich.table import Table
from rich.text import Text

from chupai.cli.session import TerminalSession
from chupai.cli.terminal import outcome_table, rules_text
from chupai.i18n import plural

__all__ = ["BaseMatchSession"]


class BaseMatchSession(TerminalSession):
    """A match between a human seat and bots: deal after deal (:meth:`play_match_deal`),
    with the score table after each one, then who leads.

    A game fills in :meth:`label`, :meth:`score_table` and :meth:`play_match_deal`
    (and :meth:`title` where its name is not the spec's)."""

    INTRO_NOTE: ClassVar[str] = ""
    """Said after the plan in the intro (the game's rules of a match)."""
    END_TITLE: ClassVar[str] = "Match over"
    """The title of the rule before the match's result."""

    def __init__(self, match: Any, human: int, bot_names: list[str], **options: Any):
        super().__init__(human, **options)
        self.match = match
        self.bot_names = bot_names

    def plan(self) -> str:
        """``10 deals``, ``until a total reaches ±50`` or both, joined by ``or``."""
        m = self.match
        parts = []
        if m.planned is not None:
            parts.append(self.say_text(plural(m.planned, "{n} deal", "{n} deals")))
        if m.target is not None:
            parts.append(self.t("until a total reaches ±{target}", target=m.target))
        return self.t(" or ").join(parts)

    def deal_label(self, again: str = "") -> str:
        """``Deal 3 of 10`` (the next deal, out of the planned number if any), then
        ``again`` (`` (redeal)`` after a redeal)."""
        m = self.match
        if m.planned is None:
            return self.t("Deal {n}", n=m.counted + 1) + again
        return self.t("Deal {n} of {total}", n=m.counted + 1, total=m.planned) + again

    def score_columns(self, *columns: str | tuple[str, JustifyMethod]) -> Table:
        """The empty score table: ``Deal``, the game's ``columns``, then each seat."""
        return outcome_table(
            ("Deal", "right"),
            *columns,
            *((self.name(s), "right") for s in range(self.match.players)),
            title="Score table",
            title_justify="left",
            title_style="bold",
            lang=self.lang,
        )

    def deal_options(self) -> dict[str, Any]:
        """The keywords of a deal's session in the match: the same console, input,
        pause and language."""
        return {
            "console": self.console,
            "lang": self.lang,
            "read_line": self.read_line,
            "echo_input": self.echo_input,
            "pause": self.pause,
        }

    def intro(self) -> None:
        m = self.match
        note = self.t(self.INTRO_NOTE) if self.INTRO_NOTE else ""
        self.say_intro(
            self.t("{game} — match", game=self.title()),
            rules_text(m.rules),
            self.t(
                "Match seed {seed}{random}; {plan}.",
                seed=m.seed,
                random=self.random_note(m.seed),
                plan=self.plan(),
            )
            + note,
            self.seated(self.bot_names, m.players),
        )

    def play_all(self) -> None:
        m = self.match
        while not m.is_over():
            label = self.label()
            self.play_match_deal(m.next_deal(), label)
            self.say(self.score_table())

    def abandoned(self) -> str:
        return self.t("the match is abandoned (match seed {seed})", seed=self.match.seed)

    def finish(self) -> None:
        m = self.match
        self.rule(self.t(self.END_TITLE))
        leaders = m.leaders()
        totals = m.totals
        names = self.t(" and ").join(self.name(s) for s in leaders)
        many = len(leaders) > 1 or leaders[0] == self.human
        after = plural(m.counted, "After {n} deal", "After {n} deals")
        lead = (
            "{after}{note}: {names} lead with {best}."
            if many
            else ("{after}{note}: {names} leads with {best}.")
        )
        line = self.t(
            lead,
            after=after,
            note=self.redeals_note(),
            names=names,
            best=f"{totals[leaders[0]]:+d}",
        )
        total = self.t("Your total: {total}", total=f"{totals[self.human]:+d}")
        self.say(Text(f"{line} {total}", style="bold"))
        if self.record:
            self.save_record(m.to_record(), what="Match record")

    def redeals_note(self) -> str:
        """Said after the number of deals at the end (redeals that did not count)."""
        return ""

    def title(self) -> str:
        """The game's name (in :attr:`lang`)."""
        return self.spec.name(self.lang)

    def label(self) -> str:
        """The next deal's place in the match (``Deal 3 of 10``)."""
        raise NotImplementedError

    def score_table(self) -> Table:
        """The score table so far."""
        raise NotImplementedError

    def play_match_deal(self, deal: Any, label: str) -> None:
        """Play ``deal`` of the match, labelled ``label``, and show its outcome."""
        raise NotImplementedError
