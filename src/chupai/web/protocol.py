"""The messages of the ``chupai serve`` protocol, as typed models.

Everything a client may send is validated against these models before the server
looks at it: a message that is not JSON, not an object, of an unknown ``type``,
with a missing, mistyped or unknown field, or longer than :data:`MAX_MESSAGE`
characters is answered with an ``error`` message and changes nothing. The
server's own messages are documented by models too (:data:`SERVER_MESSAGES`);
the tests validate every message the server sends against them, and
``docs/protocol.schema.json`` is generated from both (:func:`json_schema`).

The prose description of the protocol is ``docs/protocol.md``.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

__all__ = [
    "PROTOCOL_VERSION",
    "MAX_MESSAGE",
    "ERROR_CODES",
    "Join",
    "Act",
    "HintRequest",
    "EvaluateRequest",
    "CheckRequest",
    "Ping",
    "Continue",
    "Rematch",
    "SetName",
    "ClientMessage",
    "CLIENT_MESSAGE",
    "SeatSpec",
    "CreateTable",
    "Welcome",
    "State",
    "Error",
    "HintReply",
    "EvaluationReply",
    "EvaluatedAction",
    "CheckReply",
    "Pong",
    "SERVER_MESSAGES",
    "json_schema",
]

PROTOCOL_VERSION: Final = 1
MAX_MESSAGE: Final = 16_384
"""The longest client message accepted, in characters (a real one is < 200)."""

ERROR_CODES: Final = {
    "bad_message": "not JSON, not an object, an unknown type or a bad field",
    "too_large": f"a message longer than {MAX_MESSAGE} characters (the socket is closed)",
    "not_joined": "an act, hint before a join (or a second join)",
    "unknown_table": "no table has that id",
    "bad_token": "the token is no seat's token at that table (the socket is closed)",
    "spectator": "a spectator tried to act or ask for a hint",
    "not_your_turn": "the seat is not the one to act",
    "stale": "the seq is not the seat's current one (a duplicate or late action)",
    "illegal": "the engine refused the action (the message says why)",
    "over": "the match is over",
    "waiting": "the next deal waits for every player's continue (or its countdown)",
    "not_over": "a rematch is offered only once the match is over",
    "too_many": "more checks than a socket may send (20 at once, then 10 a second), or an "
    "evaluate while the last one is still being computed; not answered",
    "not_practice": "an evaluate at a table that is not a practice table (one human, the "
    "other seats bots)",
    "unavailable": "the evaluation could not be made (it took too long or failed; the message "
    "says which)",
    "storage": "the server could not store the table's last action; it retries, the table waits",
    "full": "a connection limit is reached: the server's, the table's or its spectators' "
    "(the socket is closed, code 4013)",
    "idle": "no join within the join timeout (the socket is closed, code 4408)",
}
"""Every ``code`` of an ``error`` message, with its meaning."""

_STRICT = ConfigDict(extra="forbid", strict=True)


# ----- client to server -------------------------------------------------------------------


class Join(BaseModel):
    """The first message on a socket: sit at ``table`` as the seat of ``token``, or
    watch it (no token)."""

    model_config = _STRICT
    type: Literal["join"]
    table: Annotated[str, Field(min_length=1, max_length=64)]
    token: Annotated[str, Field(min_length=1, max_length=256)] | None = None


class Act(BaseModel):
    """Play: ``action`` is the index of an entry of the ``legal`` list of the state
    whose ``seq`` is given, or ``text`` an action typed as in the terminal."""

    model_config = _STRICT
    type: Literal["act"]
    seq: int
    action: Annotated[int, Field(ge=0)] | None = None
    text: Annotated[str, Field(min_length=1, max_length=512)] | None = None


class HintRequest(BaseModel):
    """Ask which action the hint bot would take in the state ``seq``."""

    model_config = _STRICT
    type: Literal["hint"]
    seq: int


class EvaluateRequest(BaseModel):
    """Ask for the win chances of the seat's best actions in the state ``seq`` (the
    evaluator's, from the seat's own observation; only at a practice table, on the
    seat's own turn: answered by an ``evaluation`` message)."""

    model_config = _STRICT
    type: Literal["evaluate"]
    seq: int


class CheckRequest(BaseModel):
    """Ask whether the action ``text`` (a selection's cards, or a choice as typed)
    is legal for the seat in the state ``seq``, with the reason in ``lang`` when it
    is not (answered by a ``check`` message; only on the seat's own turn)."""

    model_config = _STRICT
    type: Literal["check"]
    seq: int
    text: Annotated[str, Field(min_length=1, max_length=512)]
    lang: Literal["en", "zh", "ja"] = "en"


class Ping(BaseModel):
    model_config = _STRICT
    type: Literal["ping"]


class Continue(BaseModel):
    """The player has read the last deal's result: the next deal may start (it
    starts once every seated human still connected has sent this, or when the
    countdown ``between.deadline_ms`` of the state runs out)."""

    model_config = _STRICT
    type: Literal["continue"]


class Rematch(BaseModel):
    """Once the match is over: offer a rematch (the first one sent) or accept the
    one offered. It starts when every seated human still connected has sent it: a
    new table of the same game, options, seats and bots (a new seed), where every
    seat's token is the same; the state's ``rematch.table`` names it."""

    model_config = _STRICT
    type: Literal["rematch"]


class SetName(BaseModel):
    """The name the player of this seat wants shown (a friend who joined by a link)."""

    model_config = _STRICT
    type: Literal["name"]
    name: Annotated[str, Field(min_length=1, max_length=40)]


ClientMessage = Annotated[
    Join | Act | HintRequest | EvaluateRequest | CheckRequest | Ping | Continue | Rematch | SetName,
    Field(discriminator="type"),
]
CLIENT_MESSAGE: Final[
    TypeAdapter[
        Join
        | Act
        | HintRequest
        | EvaluateRequest
        | CheckRequest
        | Ping
        | Continue
        | Rematch
        | SetName
    ]
] = TypeAdapter(ClientMessage)


# ----- HTTP: creating a table ---------------------------------------------------------------


class SeatSpec(BaseModel):
    """Who sits in a seat: a human (the creator takes the first human seat; the
    others are invitations) or a bot of ``level``."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["human", "bot"]
    name: Annotated[str, Field(max_length=40)] | None = None
    level: Annotated[str, Field(max_length=80)] | None = None


class CreateTable(BaseModel):
    """The body of ``POST /api/tables``."""

    model_config = ConfigDict(extra="forbid")
    game: Annotated[str, Field(min_length=1, max_length=40)]
    preset: Annotated[str, Field(max_length=40)] | None = None
    options: dict[Annotated[str, Field(max_length=60)], Annotated[str, Field(max_length=200)]] = {}
    deals: Annotated[int, Field(ge=1, le=100, strict=True)] = 1
    seats: Annotated[list[SeatSpec], Field(min_length=1, max_length=8)]
    turn_seconds: Annotated[float, Field(ge=5, le=3600, strict=True)] | None = None
    continue_seconds: Annotated[float, Field(ge=0, le=600, strict=True)] | None = None
    """How long the next deal waits for the players' ``continue`` after a deal
    ends (None or 0: it starts at once; the page's lobby asks for 30 s)."""
    seed: Annotated[int, Field(ge=0, lt=2**63, strict=True)] | None = None


# ----- server to client -----------------------------------------------------------------------


class Welcome(BaseModel):
    type: Literal["welcome"]
    table: str
    seat: int | None
    """The seat joined, or None for a spectator."""
    protocol: int


class SeatInfo(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    name: str
    level: str | None
    connected: bool


class MatchInfo(BaseModel):
    deal: int
    """The number of the deal being played (1-based, redeals not counted)."""
    deals: int
    redeals: int
    totals: list[int]
    table: list[dict[str, Any]]
    """The score table: one row per finished deal (the game's match rows)."""
    over: bool
    last_outcome: dict[str, Any] | None
    """The public outcome of the last finished deal (scores, every hand revealed),
    still there once the next deal has started; None before any deal ends."""
    explained: dict[str, list[str]] = {}
    """The last finished deal's score in words (where each point came from) by
    language, ``en``, ``zh``, ``ja``; seats written ``{seat2}`` for the page to
    name; empty before any deal ends."""


class Turn(BaseModel):
    seat: int | None
    """The seat to act, when the receiver may know it."""
    deadline_ms: int | None
    """When the turn timer plays for the seat (Unix time in ms), if set."""


class Between(BaseModel):
    """Between two deals: the seats whose ``continue`` the next deal waits for."""

    waiting: list[int]
    deadline_ms: int | None
    """When the next deal starts anyway (Unix time in ms)."""


class TimedAction(BaseModel):
    """An action the turn timer played for a seat whose time ran out."""

    seq: int
    """Its position in the table's log (a client tells a new one by it)."""
    deal: int
    """The position of its deal in the match (redeals included)."""
    seat: int
    text: str
    n: int | None
    """Its position ``n`` in the deal's public history; None for a private action
    (then only its own seat is told of it)."""


class ThinkTime(BaseModel):
    """How long a bot took to choose one of its public actions."""

    deal: int
    """The position of its deal in the match (redeals included)."""
    seat: int
    n: int
    """Its position ``n`` in the deal's public history (a private action has no
    think time shown)."""
    s: float
    """The seconds of wall clock the bot's decision took where it ran (a bot
    worker process), to the millisecond; the table's pacing between moves
    (``chupai serve --bot-delay``) is not counted."""


class RematchOffer(BaseModel):
    by: int
    """The seat that offered it."""
    accepted: list[int]
    table: str | None
    """The new table once every player accepted (the same tokens sit there)."""


class LegalEntry(BaseModel):
    i: int
    text: str
    kind: Literal["play", "pass", "choice"]
    cards: list[str]
    type: str | None


class State(BaseModel):
    """The whole table as the receiver may see it; sent after every change the
    receiver can see (and only then)."""

    type: Literal["state"]
    seq: int | None
    """The receiver's version of the table: echo it in ``act`` and ``hint``
    (None for spectators). It counts the events the seat has been shown, so it
    reveals nothing the seat does not see."""
    table: str
    game: str
    spec: str
    players: int
    seat: int | None
    seats: list[SeatInfo]
    match: MatchInfo
    view: dict[str, Any]
    """The deal as the receiver sees it (``chupai.web.views``)."""
    legal: list[LegalEntry]
    """The receiver's legal actions when it is to act, else empty: the plays, and
    the card choices of one word, up to a limit each
    (``chupai.web.views.PLAY_LIST_LIMIT``); every other action."""
    unlisted: int = 0
    """How many legal actions ``legal`` leaves out (0: it lists every one); one is
    acted by ``act`` with ``text`` (a play's cards, a choice's word and cards)."""
    turn: Turn
    between: Between | None = None
    """Set between two deals while the next one waits for the players."""
    timed: list[TimedAction] = []
    """The last actions the turn timer played that the receiver may know of."""
    thinks: list[ThinkTime] = []
    """The think times of the bots' last public actions (as many as the public
    history shows), the same for every receiver."""
    rematch: RematchOffer | None = None
    practice: bool = False
    """A practice table (one human, every other seat a bot): its human may ask
    for the win chances of their choices (``evaluate``); never at a table with
    two humans or more."""


class Error(BaseModel):
    type: Literal["error"]
    code: str
    message: str
    seq: int | None = None


class HintReply(BaseModel):
    type: Literal["hint"]
    seq: int
    action: int
    text: str


class EvaluatedAction(BaseModel):
    action: int | None
    """The action's index in the state's legal list (``act`` it by this), or None
    for an action the list leaves out (``act`` it by ``text``)."""
    text: str
    win: float
    """The estimated probability that the seat's side wins the deal with it."""
    score: float
    """The seat's expected score of the deal with it."""


class EvaluationReply(BaseModel):
    """The answer to an ``evaluate``: the seat's best actions, best first."""

    type: Literal["evaluation"]
    seq: int
    actions: list[EvaluatedAction]
    rollouts: int
    """The playouts the evaluation used for the decision."""


class CheckReply(BaseModel):
    """The answer to a ``check``: whether the action is legal now, what it is
    (``text``: its combination and cards, in ``lang``) and, when illegal, why
    (``reason``: the engine's reason, the terminal's words, in ``lang``)."""

    type: Literal["check"]
    seq: int
    query: str
    """The ``text`` asked about, as sent."""
    lang: str
    legal: bool
    text: str | None
    reason: str | None


class Pong(BaseModel):
    type: Literal["pong"]


ServerMessage = Annotated[
    Welcome | State | Error | HintReply | EvaluationReply | CheckReply | Pong,
    Field(discriminator="type"),
]
SERVER_MESSAGES: Final[
    TypeAdapter[Welcome | State | Error | HintReply | EvaluationReply | CheckReply | Pong]
] = TypeAdapter(ServerMessage)


def json_schema() -> dict[str, Any]:
    """The JSON Schema of the protocol: client messages, server messages and the
    table-creation body (``docs/protocol.schema.json``)."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "chupai serve protocol",
        "version": PROTOCOL_VERSION,
        "client_message": CLIENT_MESSAGE.json_schema(),
        "server_message": SERVER_MESSAGES.json_schema(),
        "create_table": CreateTable.model_json_schema(),
    }
