"""A table of ``chupai serve``: a match of one game, its seats, its action log,
and what each seat may be told.

This module holds no socket and no database; :mod:`chupai.web.app` drives it.
The server is the only judge: an action is first checked here
(:meth:`Table.prepare`, which changes nothing), then committed to the database,
then applied (:meth:`Table.commit`) and only then shown to anybody.

**What a seat is told.** Every message to a seat is built from that seat's
observation alone (``deal.observe(seat)`` through :mod:`chupai.web.views`);
spectators get the public view, which the tests check is the same whichever
seat's observation it is built from. The ``seq`` a seat is shown is the number of
times *that seat's* observation has changed: it moves whenever the seat may see
something new and with nothing else, so a private decision of another seat (a
Big A declaration checkpoint, a Big Two exchange) does not move it, while an
action meant for a state the seat no longer has is always refused as stale.

**Restart.** A table is rebuilt from its configuration and log by replaying every
logged action through the engine (:meth:`Table.restore`); the deals follow from
the match seed, so the log is all that must be kept.
"""

from __future__ import annotations

import copy
import hashlib
import hmac
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from chupai.errors import ChupaiError
from chupai.protocol import get_game
from chupai.seeds import digest_seed
from chupai.web import views
from chupai.web.explained import explained
from chupai.web.store import LogEntry, StoredSeat, StoredTable
from chupai.web.tableconfig import (
    BOT_LIMITS,
    HINT_BOT,
    HUMAN_DEFAULT_NAMES,
    WEB_BOTS,
    TableError,
    _bot_levels,
    _make_bot,
    check_config,
    web_bot_levels,
)
from chupai.web.viewkit import HISTORY_LIMIT

__all__ = [
    "Table",
    "TableError",
    "ActionRefused",
    "Seat",
    "new_token",
    "token_hash",
    "HUMAN_DEFAULT_NAMES",
    "HINT_BOT",
    "WEB_BOTS",
    "BOT_LIMITS",
    "web_bot_levels",
    "check_config",
]


THINKS_KEPT = HISTORY_LIMIT
"""The bots' think times a table keeps: as many as the public history a state
shows (:data:`chupai.web.viewkit.HISTORY_LIMIT`), so each bot action there has its
own."""


class ActionRefused(ChupaiError):
    """An action the table refuses; ``code`` is the protocol's error code."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


def new_token() -> str:
    """An unguessable seat token (192 random bits)."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


_derive = digest_seed
"""A table's bot and hint seeds (:mod:`chupai.seeds`)."""


@dataclass(slots=True)
class Seat:
    seat: int
    kind: str
    name: str
    level: str | None
    token_hash: str | None
    connections: int = 0

    def info(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "name": self.name,
            "level": self.level,
            "connected": self.kind == "bot" or self.connections > 0,
        }


def _no_answer(deal: Any) -> Any:
    """The quiet answer of a game whose web plugin names none (no decision has one)."""
    return None


class Table:
    """One table: a match of ``config["deals"]`` counted deals and its seats."""

    def __init__(
        self, table_id: str, config: Mapping[str, Any], seats: Sequence[Seat], created: float
    ):
        self.id = table_id
        self.config = dict(config)
        self.game: str = config["game"]
        self.created = created
        self.spec = get_game(self.game)
        self.rules = self.spec.resolve(config["preset"], config["options"])
        self.seats = list(seats)
        self.match = self.spec.new_match(
            self.rules, int(config["seed"]), deals=int(config["deals"])
        )
        plugin = self.spec.plugin("web")
        self._quiet_answer: Callable[[Any], Any] = getattr(plugin, "quiet_answer", _no_answer)
        self._private_step: Callable[[Any], Any] = getattr(plugin, "private_step", _no_answer)
        self.log: list[LogEntry] = []
        self._bots: dict[tuple[int, int], Any] = {}
        self._versions = [0] * self.players
        """Per seat: how many times its observation has changed (its ``seq``)."""
        self._observed: list[Any] = [None] * self.players
        self._legal_cache: tuple[int, list[Any]] | None = None
        self._match_info: tuple[int, dict[str, Any]] | None = None
        self._answered: dict[tuple[int, int], frozenset[Any]] = {}
        """Per (deal position, seat): the legal actions of a human's last answer
        at a decision with a quiet answer (Big A's declarations)."""
        self.status = "playing"
        self.waiting: set[int] | None = None
        """Between deals: the seats whose ``continue`` the next deal waits for."""
        self.wait_deadline_ms: int | None = None
        self.timed: list[dict[str, Any]] = []
        """The actions the turn timer played (kept in memory only: the log's
        ``auto`` flag does not tell them from the bots' and quiet answers)."""
        self.thinks: list[dict[str, Any]] = []
        """The think times of the bots' last public actions (at most
        :data:`THINKS_KEPT`; in memory only, never in the log or the record)."""
        self.rematch: dict[str, Any] | None = None
        """The rematch offered once the match is over: ``by``, ``accepted``, ``table``."""
        self.match.next_deal()
        self._advance()

    # ----- construction -------------------------------------------------------------------
    @classmethod
    def create(
        cls, table_id: str, config: Mapping[str, Any], created: float
    ) -> tuple[Table, list[str | None]]:
        """A new table of a checked ``config`` and the seats' tokens (None for bots)."""
        tokens: list[str | None] = []
        seats = []
        for i, s in enumerate(config["seats"]):
            token = new_token() if s["kind"] == "human" else None
            tokens.append(token)
            seats.append(
                Seat(
                    i,
                    s["kind"],
                    s["name"],
                    s["level"],
                    None if token is None else token_hash(token),
                )
            )
        return cls(table_id, config, seats, created), tokens

    @classmethod
    def restore(cls, stored: StoredTable) -> Table:
        """Rebuild a table from the database by replaying its log through the
        engine; raises :class:`ChupaiError` if the log does not replay."""
        seats = [Seat(s.seat, s.kind, s.name, s.level, s.token_hash) for s in stored.seats]
        table = cls(stored.id, stored.config, seats, stored.created)
        for entry in stored.log:
            deal = table.deal
            if deal is None:
                raise ChupaiError(f"table {stored.id}: action {entry.seq} after the match ended")
            if entry.seq != len(table.log) or entry.deal != table.position:
                raise ChupaiError(f"table {stored.id}: action {entry.seq} is out of order")
            if entry.seat != deal.current_player:
                raise ChupaiError(
                    f"table {stored.id}: action {entry.seq} by seat {entry.seat}, "
                    f"but seat {deal.current_player} was to act"
                )
            action = table.parse(entry.text)
            deal.check(action)
            table.commit(entry, action)
        return table

    def stored_seats(self) -> list[StoredSeat]:
        return [StoredSeat(s.seat, s.kind, s.name, s.level, s.token_hash) for s in self.seats]

    # ----- state -------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return int(self.rules.players)

    @property
    def deal(self) -> Any:
        """The deal being played, or None once the match is over."""
        return self.match.current

    @property
    def position(self) -> int:
        """The position of the current (or last) deal in the match, redeals included."""
        return len(self.match.deals) - 1

    @property
    def over(self) -> bool:
        return self.match.current is None and self.match.is_over()

    @property
    def to_act(self) -> int | None:
        deal = self.deal
        return None if deal is None else deal.current_player

    def seat_of_token(self, token: str) -> int | None:
        """The seat whose token is ``token`` (compared in constant time), or None."""
        digest = token_hash(token)
        found = None
        for s in self.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                found = s.seat
        return found

    def is_bot(self, seat: int) -> bool:
        return self.seats[seat].kind == "bot"

    @property
    def practice(self) -> bool:
        """A practice table: one human seat, every other seat a bot. Only there may
        the human ask for the win chances of their choices (``evaluate``): at a
        table of several humans it would be outside help against people."""
        return sum(1 for s in self.seats if s.kind == "human") == 1

    def legal(self) -> list[Any]:
        """The legal actions of the seat to act (cached until the next action)."""
        key = len(self.log)
        if self._legal_cache is None or self._legal_cache[0] != key:
            deal = self.deal
            self._legal_cache = (key, [] if deal is None else list(deal.legal_actions()))
        return self._legal_cache[1]

    def seat_seq(self, seat: int) -> int:
        """The seat's version of the table (see the module docs)."""
        return self._versions[seat]

    def _advance(self) -> None:
        """Deal the next deal when the current one is over and the match goes on;
        then move the ``seq`` of every seat whose observation changed."""
        while self.match.deals[-1].is_terminal():
            if self.match.is_over():
                self.status = "over"
                break
            self.match.next_deal()
        last = self.match.deals[-1]
        for s in range(self.players):
            obs = last.observe(s)
            if obs != self._observed[s]:
                self._versions[s] += 1
                self._observed[s] = obs

    # ----- actions ----------------------------------------------------------------------------
    def resolve(self, seat: int, seq: int, index: int | None, text: str | None) -> Any:
        """The action a seat's ``act`` message names, checked; raises
        :class:`ActionRefused`. Changes nothing."""
        deal = self.deal
        if deal is None:
            raise ActionRefused("over", "the match is over")
        if self.waiting is not None:
            raise ActionRefused(
                "waiting", "the next deal has not started: it waits for every player's continue"
            )
        current = self.seat_seq(seat)
        if seq != current:  # first: a double click after the turn passed is stale
            raise ActionRefused(
                "stale",
                f"seq {seq} is not the current state ({current}); the action was not applied",
            )
        if deal.current_player != seat:
            raise ActionRefused("not_your_turn", f"it is not seat {seat}'s turn")
        legal = self.legal()
        if index is not None and text is not None:
            raise ActionRefused("bad_message", "give either 'action' or 'text', not both")
        if index is not None:
            if index >= len(legal):
                raise ActionRefused(
                    "illegal", f"action {index} is not in the legal list (0..{len(legal) - 1})"
                )
            return legal[index]
        if text is None:
            raise ActionRefused("bad_message", "an act message needs 'action' or 'text'")
        try:
            action = self.parse(text)
        except ChupaiError as exc:
            raise ActionRefused("illegal", str(exc)) from None
        reason = deal.why_illegal(action)
        if reason is not None:
            raise ActionRefused("illegal", f"{deal.action_text(action)!r}: {reason}")
        return action

    def parse(self, text: str) -> Any:
        """The action ``text`` names in the current deal, not checked: read by the
        game's parser (``deal.parse_action``), or for a game without one, the legal
        action written ``text`` (``deal.action_text``, case aside). Raises
        :class:`ChupaiError`."""
        deal = self.deal
        assert deal is not None
        parse = getattr(deal, "parse_action", None)
        if parse is not None:
            try:
                return parse(text)
            except NotImplementedError:  # the Deal base's: the game has no parser
                pass
        want = text.strip().casefold()
        for action in self.legal():
            if deal.action_text(action).casefold() == want:
                return action
        raise ChupaiError(f"{text.strip()!r} is not a legal action now")

    def prepare(self, seat: int, action: Any, *, auto: bool = False) -> LogEntry:
        """The log entry of a checked ``action`` (nothing is applied yet)."""
        deal = self.deal
        assert deal is not None and deal.current_player == seat
        return LogEntry(len(self.log), self.position, seat, deal.action_text(action), auto)

    def auto_action(self) -> Any:
        """An answer the server gives for a human without asking, or None.

        A game's web plugin may name a *quiet answer* for a decision that comes
        back again and again (``quiet_answer(deal)``; none by default): Big A
        offers a declaration at every checkpoint of the draw where a seat has one,
        up to a hundred times a deal, and its quiet answer is to decline. Like
        ``chupai play``, the table asks a human only when their legal actions
        changed since their last answer at such a decision (they drew an Ace,
        somebody declared) and gives the quiet answer for them otherwise. Nobody
        else learns of it: it is a private answer like any other.
        """
        deal = self.deal
        if deal is None or deal.current_player is None or self.is_bot(deal.current_player):
            return None
        quiet = self._quiet_answer(deal)
        if quiet is None:
            return None
        last = self._answered.get((self.position, deal.current_player))
        if last is not None and frozenset(self.legal()) == last and quiet in last:
            return quiet
        return None

    def commit(
        self, entry: LogEntry, action: Any, *, timed: bool = False, thought: float | None = None
    ) -> None:
        """Apply a committed action and deal on when its deal ends; ``timed``: the
        turn timer played it (kept in :attr:`timed` with its place in the public
        history, for the marks and the notice); ``thought``: the seconds a bot
        took to choose it (kept in :attr:`thinks` with its place in the public
        history when it is public: a private decision's think time is nobody
        else's business, and could tell what the bot holds)."""
        deal = self.deal
        assert deal is not None
        if not entry.auto and not self.is_bot(entry.seat) and self._quiet_answer(deal) is not None:
            self._answered[(self.position, entry.seat)] = frozenset(self.legal())
        position, text = self.position, deal.action_text(action)
        marked = timed or thought is not None
        before = _public_events(self.spec, deal) if marked else 0
        deal.apply_action(action)
        self.log.append(entry)
        if marked:
            after = _public_events(self.spec, deal)
            n = after - 1 if after > before else None
            if timed:
                mark = {"seq": entry.seq, "deal": position, "seat": entry.seat, "text": text}
                self.timed = [*self.timed[-19:], {**mark, "n": n}]
            if thought is not None and n is not None:
                think = {"deal": position, "seat": entry.seat, "n": n, "s": round(thought, 3)}
                self.thinks = [*self.thinks[1 - THINKS_KEPT :], think]
        self._advance()

    def timed_for(self, seat: int | None) -> list[dict[str, Any]]:
        """The timer's actions ``seat`` (None: a spectator) may know of: its own,
        and the others' public ones."""
        return [m for m in self.timed if m["n"] is not None or m["seat"] == seat]

    def record_after(self, action: Any) -> dict[str, Any] | None:
        """The match record if ``action`` (checked, not yet applied) ends the match,
        else None: the finish is committed with the action, in one transaction."""
        deal = self.deal
        assert deal is not None
        probe = deal.clone()
        probe.apply_action(action)
        if not probe.is_terminal():
            return None
        match = copy.deepcopy(self.match)
        match.deals[-1].apply_action(action)
        return dict(match.to_record()) if match.is_over() else None

    def private_step(self) -> bool:
        """Whether the seat to act answers a *private step*: a decision nobody
        else may know is theirs, whose length the server makes the same whoever is
        asked (the game's web plugin says which: Big A's reveal step)."""
        deal = self.deal
        if deal is None or deal.current_player is None:
            return False
        return bool(self._private_step(deal))

    def drop_bot(self, seat: int) -> None:
        """Forget the bot of ``seat`` in this deal (one that overran its time is
        still thinking in its thread; a new one takes the seat)."""
        self._bots.pop((self.position, seat), None)

    def keep_bot(self, seat: int, bot: Any) -> None:
        """Keep ``bot`` as the bot of ``seat`` in this deal (a bot that decided in a
        worker process comes back as a new object, its state moved on)."""
        self._bots[(self.position, seat)] = bot

    def bot_choice(self) -> tuple[int, Any, Any, list[Any]]:
        """``(seat, bot, observation, legal)`` for the bot to act (the bot of a
        seat is built once per deal, seeded by the table seed, deal and seat)."""
        deal = self.deal
        assert deal is not None
        seat = deal.current_player
        key = (self.position, seat)
        bot = self._bots.get(key)
        if bot is None:
            level = self.seats[seat].level or "greedy"
            bot = _make_bot(
                level, _derive("chupai-table-bot", self.config["seed"], *key), self.game
            )
            self._bots = {k: v for k, v in self._bots.items() if k[0] == self.position}
            self._bots[key] = bot
        return seat, bot, deal.observe(seat), self.legal()

    def hint(self, seat: int) -> tuple[int, Any]:
        """The hint bot's choice for ``seat`` (to act): its index and action. A
        game without the :data:`HINT_BOT` level is hinted by its greedy or random
        bot, and a game the bots do not play by its first legal action."""
        deal = self.deal
        assert deal is not None and deal.current_player == seat
        legal = self.legal()
        levels = _bot_levels(self.game)
        level = next((b for b in (HINT_BOT, "greedy", "random") if b in levels), None)
        if level is None:
            return 0, legal[0]
        bot = _make_bot(
            level, _derive("chupai-hint", self.config["seed"], len(self.log)), self.game
        )
        action = bot.act(deal.observe(seat), legal)
        return legal.index(action), action

    # ----- messages -------------------------------------------------------------------------
    def last_outcome(self) -> dict[str, Any] | None:
        """The public outcome of the last finished deal (its scores, the hands
        revealed): once the next deal has started it is no longer in the view, and
        a player wants to see how the deal ended. It is common knowledge, so any
        seat's observation gives it."""
        for deal in reversed(self.match.deals):
            if deal.is_terminal():
                out = views.public_view(self.spec, deal.observe(0))
                return dict(out["public"]["outcome"])
        return None

    def match_info(self) -> dict[str, Any]:
        """The ``match`` part of every message (the same for every receiver; built
        once per action, not once per message)."""
        key = len(self.log)
        if self._match_info is None or self._match_info[0] != key:
            m = self.match
            running = m.current is not None
            counted = m.counted
            self._match_info = (
                key,
                {
                    "last_outcome": self.last_outcome(),
                    "explained": explained(self.spec, m.deals),
                    "deal": counted + 1 if running else max(counted, 1),
                    "deals": m.planned,
                    "redeals": len(m.deals) - counted - (1 if running else 0),
                    "totals": list(m.totals),
                    "table": [_jsonable(row.to_dict()) for row in m.table()],
                    "over": self.over,
                },
            )
        return dict(self._match_info[1])

    def public_part(self) -> dict[str, Any]:
        """The public part of the current view (the same for every seat)."""
        return dict(views.public_view(self.spec, self.match.deals[-1].observe(0))["public"])

    def state(
        self, seat: int | None, deadline_ms: int | None = None, public: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """The ``state`` message for ``seat`` (None: a spectator); ``public`` is
        :meth:`public_part` if already built for this moment."""
        last = self.match.deals[-1]
        obs = last.observe(0 if seat is None else seat)
        view: dict[str, Any]
        if seat is None:
            view = (
                views.public_view(self.spec, obs)
                if public is None
                else {"public": public, "private": None}
            )
            seq = None
        else:
            view = views.seat_view(self.spec, obs, public)
            seq = self.seat_seq(seat)
        legal: list[dict[str, Any]] = []
        unlisted = 0
        shown: dict[str, Any] = view["public"]
        turn_seat = shown.get("to_act")
        waiting = self.waiting is not None
        if (
            seat is not None
            and not waiting
            and not last.is_terminal()
            and last.current_player == seat
        ):
            legal, unlisted = views.listed_entries(self.spec, obs, self.legal(), last.action_text)
            turn_seat = seat
        return {
            "type": "state",
            "seq": seq,
            "table": self.id,
            "game": self.game,
            "spec": self.config["spec"],
            "players": self.players,
            "seat": seat,
            "seats": [s.info() for s in self.seats],
            "match": self.match_info(),
            "view": view,
            "legal": legal,
            "unlisted": unlisted,
            "turn": {
                "seat": turn_seat,
                "deadline_ms": deadline_ms if turn_seat is not None and not waiting else None,
            },
            "between": None
            if self.waiting is None
            else {"waiting": sorted(self.waiting), "deadline_ms": self.wait_deadline_ms},
            "timed": self.timed_for(seat),
            "thinks": self.thinks,
            "rematch": None
            if self.rematch is None
            else {**self.rematch, "accepted": sorted(self.rematch["accepted"])},
            "practice": self.practice,
        }

    def public_info(self) -> dict[str, Any]:
        """What the lobby lists of a table."""
        info = self.match_info()
        return {
            "table": self.id,
            "game": self.game,
            "preset": self.config["preset"],
            "spec": self.config["spec"],
            "status": self.status,
            "created": self.created,
            "seats": [s.info() for s in self.seats],
            "deal": info["deal"],
            "deals": info["deals"],
        }


def _public_events(spec: Any, deal: Any) -> int:
    """How many public events ``deal`` has had (the ``n`` of its next one)."""
    history = views.public_view(spec, deal.observe(0))["public"]["history"]
    return int(history[-1]["n"]) + 1 if history else 0


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value
