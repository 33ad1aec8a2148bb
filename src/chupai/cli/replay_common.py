"""What the replayers of ``chupai replay`` share (:mod:`chupai.cli.replay`, the
command and the generic replay, and each game's renderer
``chupai.cli.games.<game>.replay``): the verdict, the header lines, the dealt
hands, the numbered table of actions and the score table of a match record."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import partial
from typing import Any, Final

from rich.console import Console, JustifyMethod
from rich.table import Table
from rich.text import Text

import chupai.cli.messages  # noqa: F401  (the terminal's translations)
from chupai.cli.main import EXIT_INVALID, EXIT_OK
from chupai.errors import RecordError
from chupai.i18n import Msg, plural, tr, translate

__all__ = [
    "Replayer",
    "ReplayConsole",
    "lang_of",
    "rt",
    "kind_name",
    "describe_error",
    "verdict",
    "print_title",
    "seed_text",
    "print_hands",
    "action_table",
    "add_action",
    "replay_table",
    "replay_printed",
    "print_explained",
    "outcome_or_note",
    "print_match",
    "history_actions",
    "check_match",
    "match_replayer",
]

Replayer = Callable[[Mapping[str, Any], Console | None], int]
"""Validate ``record`` (printing it to the console if one is given) and return its
number of actions; raise :class:`RecordError` at the first problem."""


class ReplayConsole(Console):
    """The console a replay is printed on, in ``lang`` (``en``, ``zh``, ``ja``):
    the replayers translate their words with :func:`rt`."""

    def __init__(self, *, lang: str = "en", **options: Any):
        super().__init__(**options)
        self.lang = lang


class _ReplayTable(Table):
    """The table of actions of a replay, in ``lang`` (its notes are translated by
    :func:`add_action`)."""

    def __init__(self, lang: str, **options: Any):
        super().__init__(**options)
        self.lang = lang


def lang_of(out: Console | Table | None) -> str:
    """The language a replay is printed in (English unless ``out`` is a
    :class:`ReplayConsole` or its table of actions in another)."""
    lang = getattr(out, "lang", "en")
    return lang if isinstance(lang, str) else "en"


def rt(out: Console | Table | None, template: str, /, **fields: Any) -> str:
    """``template`` with ``fields`` in the language of ``out``
    (:func:`chupai.i18n.tr`)."""
    return tr(lang_of(out), template, **fields)


class _Kind(str):
    """A combination type of a game (its judge name), named in any language."""

    game: str

    def __new__(cls, game: str, kind: str) -> _Kind:
        self = super().__new__(cls, kind)
        self.game = game
        return self

    def text(self, lang: str) -> str:
        """The game's name of the type in ``lang``."""
        from chupai.protocol import get_game

        return str(self) if lang == "en" else get_game(self.game).combo_name(str(self), lang)


def kind_name(game: str, kind: str) -> str:
    """The type column of an action: ``kind`` (a judge name such as ``pair``) of
    ``game``, shown in the table's language by :func:`add_action`."""
    return _Kind(game, kind)


_PREFIX: Final = re.compile(r"^action \d+(?: \(.*?\))?(?: by seat [^:]*)?: ")


def describe_error(exc: RecordError, rec: Mapping[str, Any]) -> str:
    """``action K by seat S: reason`` (K 1-based) for a bad action, else the message."""
    i = exc.action_index
    msg = str(exc)
    if i is None:
        return msg
    reason = _PREFIX.sub("", msg, count=1)
    seat: Any = None
    actions = rec.get("actions") if isinstance(rec, Mapping) else None
    if isinstance(actions, list) and 0 <= i < len(actions) and isinstance(actions[i], Mapping):
        seat = actions[i].get("seat")
    who = f" by seat {seat}" if seat is not None else ""
    return f"action {i + 1}{who}: {reason}"


def verdict(replayer: Replayer, rec: Mapping[str, Any], out: Console | None) -> int:
    """Replay ``rec`` with ``replayer`` (printing it on ``out`` if given), then the
    verdict: ``valid record: N actions`` on standard output and exit status 0, or
    ``invalid record: action K by seat S: reason`` on standard error and 1."""
    try:
        count = replayer(rec, out)
    except RecordError as exc:
        if out is not None:
            out.file.flush()
        sys.stdout.flush()
        sys.stderr.write(f"invalid record: {describe_error(exc, rec)}\n")
        return EXIT_INVALID
    if out is not None:
        out.file.flush()
    sys.stdout.write(f"valid record: {count} action{'s' if count != 1 else ''}\n")
    return EXIT_OK


def print_title(out: Console, name: str, rec: Mapping[str, Any]) -> None:
    """The first line of a replay: the game (``name``, its English name) and the
    record's rules."""
    out.print(
        Text(f"{_title(name, lang_of(out))}  {rec.get('spec', '?')}", style="bold"), soft_wrap=True
    )


def _title(name: str, lang: str) -> str:
    """The game called ``name`` in English (``Big Two``, ``Big Two match``) in
    ``lang``."""
    from chupai.protocol import all_games

    base, match = (name[: -len(" match")], True) if name.endswith(" match") else (name, False)
    for spec in all_games():
        if spec.name() == base:
            title = spec.name(lang)
            return tr(lang, "{game} match", game=title) if match else title
    return name


def seed_text(rec: Mapping[str, Any], given: str = "hands") -> Msg:
    """``seed N``, or ``no seed (hands given)`` for a record of chosen cards (a
    message: it translates)."""
    seed = rec.get("seed")
    if seed is not None:
        return Msg("seed {seed}", seed=seed)
    if given == "hands":
        return Msg("no seed (hands given)")
    return Msg("no seed ({given} given)", given=given)


def print_hands(out: Console, hands: Iterable[Sequence[str | Text]]) -> None:
    """The dealt hands: one grid row per seat, ``seat S`` then the given cells
    (the card count, the cards, ...)."""
    grid = Table.grid(padding=(0, 2))
    for seat, cells in enumerate(hands):
        grid.add_row(rt(out, "seat {n}", n=seat), *cells)
    out.print(grid)


@contextmanager
def action_table(out: Console | None) -> Iterator[Table]:
    """The numbered table of actions (``#``, seat, action, type, notes) to fill;
    printed on ``out`` at the end when it has rows, also when the replay stops at
    a bad action."""
    table = _ReplayTable(lang_of(out), box=None, header_style="bold", pad_edge=False)
    table.add_column("#", justify="right")
    table.add_column(rt(out, "seat"), justify="right")
    for name in ("action", "type"):
        table.add_column(rt(out, name))
    table.add_column("")
    try:
        yield table
    finally:
        if out is not None and table.row_count:
            out.print(table)


def add_action(
    table: Table, i: int, seat: int, text: str, style: str, kind: str, notes: Sequence[str]
) -> None:
    """Action ``i`` (0-based) of ``seat``: its text in ``style``, its type and notes
    (messages, translated into the table's language)."""
    lang = lang_of(table)
    said = "; ".join(translate(note, lang) for note in notes)
    table.add_row(
        str(i + 1),
        str(seat),
        Text(text, style=style),
        (kind.text(lang) if isinstance(kind, _Kind) else translate(kind, lang)),
        Text(said, style="cyan"),
    )


def replay_table(
    out: Console | None,
    steps: Iterable[tuple[int, Any, Any]],
    row: Callable[[Table, int, Any, Any], None],
) -> tuple[int, Any]:
    """Run a game's ``replay_steps`` (``(index, deal, event)``, raising
    :class:`RecordError` at the first problem), calling ``row(table, i, deal,
    event)`` for each action when printing on ``out``; the number of actions and
    the last deal (None when the record has no actions)."""
    deal = None
    count = 0
    with action_table(out) as table:
        for i, deal, ev in steps:
            count = i + 1
            if out is not None:
                row(table, i, deal, ev)
    return count, deal


def replay_printed(
    rec: Mapping[str, Any],
    out: Console | None,
    game: tuple[Callable[..., Iterable[tuple[int, Any, Any]]], Callable[..., Any]],
    header: Callable[[Mapping[str, Any], Console], None],
    row: Callable[[Table, int, Any, Any], None],
    result: Callable[[Any, Console], None],
    note: Callable[[Console], None] | None = None,
) -> int:
    """A game's ``replay_deal``: validate ``rec`` with ``game`` (its ``replay_steps``
    and ``replay``), printing on ``out`` if given its ``header``, one ``row`` per
    action, then ``note`` (if any) and the ``result``; the number of actions."""
    steps, replay = game
    if out is not None:
        header(rec, out)
    count, deal = replay_table(out, steps(rec), row)
    if out is not None:
        if note is not None:
            note(out)
        final = deal if deal is not None else replay(rec)
        result(final, out)
        print_explained(out, rec, final)
    return count


def print_explained(out: Console, rec: Mapping[str, Any], deal: Any) -> None:
    """Where the finished ``deal``'s points came from, in words (the game's
    :meth:`~chupai.protocol.GameSpec.explain`, as ``chupai play`` says it after a
    deal), dimmed; nothing for a game without it or a deal not over."""
    for line in _explained(rec, deal):
        out.print(Text("  " + translate(line, lang_of(out)), style="dim"), soft_wrap=True)


def _explained(rec: Mapping[str, Any], deal: Any) -> tuple[Any, ...]:
    """The explanation lines of ``deal`` of ``rec``'s game (none when the deal is
    not over, or the record names no game)."""
    from chupai.protocol import get_game

    game = rec.get("game")
    if not isinstance(game, str) or getattr(deal, "outcome", None) is None:
        return ()
    return get_game(game).explain(deal)


def outcome_or_note(deal: Any, out: Console) -> Any:
    """The deal's outcome, or None after saying the deal is not finished."""
    if deal.outcome is None:
        out.print(Text(rt(out, "deal not finished"), style="yellow"))
    return deal.outcome


def print_match(
    out: Console,
    name: str,
    rec: Mapping[str, Any],
    match: Any,
    *,
    played: str,
    columns: Sequence[tuple[str, JustifyMethod]],
    count: int,
    actions: Callable[[Any], int],
    cells: Callable[[Any, Any], Sequence[str]],
) -> None:
    """A match record's plan and score table: one row per deal, ``cells(deal,
    row)`` (the ``columns`` before the actions; ``row`` None for an unfinished
    deal), the deal's ``actions``, each seat's score; then the totals.
    ``played`` says which deals counted."""
    plan = []
    if match.planned is not None:
        plan.append(translate(plural(match.planned, "{n} deal", "{n} deals"), lang_of(out)))
    if match.target is not None:
        plan.append(rt(out, "to ±{target}", target=match.target))
    print_title(out, f"{name} match", rec)
    out.print(
        rt(
            out,
            "match seed {seed}   {plan}   {deals} ({played})",
            seed=match.seed,
            plan=rt(out, " or ").join(plan),
            deals=plural(len(match.deals), "{n} deal played", "{n} deals played"),
            played=played,
        )
    )
    table = Table(box=None, header_style="bold", pad_edge=False)
    for header, justify in (*columns, ("actions", "right")):
        table.add_column(rt(out, header), justify=justify)
    for s in range(match.players):
        table.add_column(rt(out, "seat {n}", n=s), justify="right")
    rows = _rows_by_position(match)
    for i, deal in enumerate(match.deals):
        row = rows.get(i)
        scores = [""] * match.players if row is None else [f"{v:+d}" for v in _scores(row)]
        table.add_row(
            *(translate(c, lang_of(out)) for c in cells(deal, row)), str(actions(deal)), *scores
        )
    table.add_row(
        Text(rt(out, "total"), style="bold"),
        *([""] * (len(columns) - 1)),
        str(count),
        *(Text(f"{t:+d}", style="bold") for t in match.totals),
    )
    out.print(table)
    for i, deal in enumerate(match.deals):  # where each counted deal's points came from
        if i in rows and _explained(rec, deal):
            out.print(Text(rt(out, "Deal {n}", n=i + 1), style="bold"))
            print_explained(out, rec, deal)


def _rows_by_position(match: Any) -> dict[int, Any]:
    """The score-table rows by the position of their deal in ``match.deals``
    (rows without a ``position``, a game's own kind, are the finished deals'
    rows in order)."""
    rows = match.table()
    if all(hasattr(row, "position") for row in rows):
        return {row.position: row for row in rows}
    finished = [i for i, deal in enumerate(match.deals) if deal.outcome is not None]
    return dict(zip(finished, rows, strict=False))


def _scores(row: Any) -> Sequence[int]:
    scores: Sequence[int] | None = getattr(row, "scores", None)
    return row.to_dict()["scores"] if scores is None else scores


def history_actions(deal: Any) -> int:
    """The actions of a deal decided by a player (automatic steps left out)."""
    return sum(1 for ev in deal.history if not getattr(ev, "auto", False))


def check_match(
    rec: Mapping[str, Any],
    out: Console | None,
    name: str,
    replay: Callable[[Mapping[str, Any]], Any],
    *,
    columns: Sequence[tuple[str, JustifyMethod]],
    cells: Callable[[Any, Any], Sequence[str]],
    actions: Callable[[Any], int] = history_actions,
    redeals: bool = True,
) -> int:
    """Replay match record ``rec`` with ``replay`` (raising :class:`RecordError`
    naming the first bad deal), print its plan and score table on ``out`` if given
    (:func:`print_match`; ``redeals``: say how many deals were redealt) and return
    its number of actions over all deals."""
    match = replay(rec)
    count = sum(actions(d) for d in match.deals)
    if out is not None:
        played = rt(out, "{n} counted", n=match.counted)
        if redeals:
            played += rt(out, ", {n} redealt", n=match.redeals)
        print_match(
            out,
            name,
            rec,
            match,
            played=played,
            columns=columns,
            count=count,
            actions=actions,
            cells=cells,
        )
    return count


def match_replayer(
    name: str,
    replay: Callable[[Mapping[str, Any]], Any],
    *,
    columns: Sequence[tuple[str, JustifyMethod]],
    cells: Callable[[Any, Any], Sequence[str]],
    redeals: bool = True,
) -> Replayer:
    """The :data:`Replayer` of a game's match records: :func:`check_match` with
    the game's ``name``, match ``replay`` and score-table ``columns`` and
    ``cells``."""
    return partial(
        check_match, name=name, replay=replay, columns=columns, cells=cells, redeals=redeals
    )
