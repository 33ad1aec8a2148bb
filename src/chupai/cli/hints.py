"""The hint lists of the turn loop (:class:`~chupai.cli.session.DealSession`):
``hint all`` and ``hint TYPE`` count and list the legal plays by combination type,
in the session's language."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rich.columns import Columns
from rich.text import Text

from chupai.cli.terminal import HINT_CAP, HINT_TEXTS

if TYPE_CHECKING:
    from chupai.protocol import GameSpec

__all__ = ["HintLists"]


class HintLists:
    """The hint lists of a deal's session (a mixin of
    :class:`~chupai.cli.session.DealSession`, which gives it :meth:`say`,
    :meth:`error`, :meth:`t`, :meth:`cards`, :attr:`spec` and :attr:`lang`)."""

    if TYPE_CHECKING:
        spec: GameSpec
        lang: str

        def say(self, *parts: Any, **kw: Any) -> None: ...
        def error(self, message: str | Text) -> None: ...
        def t(self, template: str, /, **fields: Any) -> str: ...
        def cards(self, cards: int) -> Text: ...

    # ----- hints -----------------------------------------------------------------------
    def list_plays(
        self, by_kind: Mapping[Any, Sequence[Any]], arg: str, *, passing: bool, types: Iterable[str]
    ) -> None:
        """Count the legal plays (``by_kind``: each type's, in the order to list) and,
        with ``arg`` ``all`` or a type (:meth:`find_kind`), list them: at most
        :data:`HINT_CAP` a type for ``all``. ``types`` are the type names an
        unknown ``arg`` is told."""
        w = self.hint_text
        plays = sum(len(v) for v in by_kind.values())
        counts = self.t(", ").join(f"{self.kind(k)} {len(v)}" for k, v in by_kind.items())
        count = w("n_play" if plays == 1 else "n_plays", n=plays, counts=counts)
        self.say(count + (w("or_pass") if passing else ""))
        if not arg:
            self.say(Text(w("hint_more"), style="dim"))
            return
        cap: int | None = HINT_CAP
        if arg == "all":
            kinds = list(by_kind)
        else:
            kind = self.find_kind(arg)
            if kind is None:
                self.error(w("unknown_type", arg=arg, types=", ".join(types)))
                return
            if kind not in by_kind:
                self.say(w("no_type_now", kind=self.kind(kind)))
                return
            kinds, cap = [kind], None
        for k in kinds:
            combos = by_kind[k]
            shown = combos if cap is None else combos[:cap]
            title = Text(f"{self.kind(k)} ({len(combos)})", style="cyan")
            if len(combos) > len(shown):
                title.append(w("first_n", n=len(shown), kind=k.value), style="dim")
            self.say(title)
            self.say(Columns([self.play_item(c) for c in shown], padding=(0, 3)))

    def hint_text(self, key: str, **fields: Any) -> str:
        """The text ``key`` of :data:`HINT_TEXTS` with ``fields`` filled in (a
        session in another language answers its own words for the same keys)."""
        return self.t(HINT_TEXTS[key], **fields)

    def kind(self, kind: Any) -> str:
        """The display name of a combination type (the game's, in :attr:`lang`)."""
        return self.spec.combo_name(kind.value, self.lang)

    def find_kind(self, text: str) -> Any:
        """The combination type ``text`` names, or None."""
        raise NotImplementedError

    def play_item(self, play: Any) -> Text:
        """A play in the lists of 'hint all' and 'hint TYPE'."""
        return self.cards(play.cards)
