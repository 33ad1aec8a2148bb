"""Reading the human's lines in the Dou Dizhu terminal game (:mod:`.play`): bids,
robs, plays by rank or ``#N`` hand index, ``pass``, ``show``.

>>> from chupai.doudizhu.game import new_deal
>>> from chupai.doudizhu.rules import CLASSIC
>>> read_input(new_deal(CLASSIC, 1), 0, "hint trio")
Command(name='hint', arg='trio')
"""

from __future__ import annotations

from typing import Final

from chupai.cli.grammar import INDEX_HELP, split_indexes
from chupai.cli.terminal import COMMANDS, Command, commands_help, derive_seed, reads_commands
from chupai.doudizhu.combos import (
    BJ,
    NRANKS,
    SHIFTS,
    UNIT,
    Kind,
    beats,
    contains,
    explain,
    parse_cards,
    readings,
)
from chupai.doudizhu.game import NO_ROB, PASS, ROB, SHOW, Action, Bid, DouDizhuDeal, Phase
from chupai.errors import CardParseError, ChupaiError
from chupai.i18n import Msg, joined

__all__ = ["HELP", "read_input", "hand_ranks", "redeal_seed", "rank_text", "kind_of", "bid_help"]

_RANK_LABELS: Final = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
_RANK_CHARS: Final = frozenset("3456789TJQKA2")
_JOKER_WORDS: Final = {"小王": "BJ", "大王": "RJ", "bj": "BJ", "rj": "RJ"}

HELP: Final = (
    (
        "Bidding",
        (
            ("bid 2, 2", "bid 1, 2 or 3 (higher than the highest bid so far); 3 ends the bidding"),
            ("pass, p", "do not bid"),
            ("rob, no", "while robbing: take the landlord's place (raises the stakes) or not"),
        ),
    ),
    (
        "Your move",
        (
            (
                "3 3 4 4 5 5, 334455",
                "play cards by rank (10 or T; BJ RJ for the jokers; suits are "
                "accepted and ignored)",
            ),
            ("#0 #1, #0-4, # 0 1", INDEX_HELP),
            (
                "... airplane_singles",
                "a type name after the cards picks one reading of a set with several",
            ),
            ("pass, p", "pass (not when you lead the trick)"),
            (
                "mingpai, 明牌",
                "明牌: the landlord plays with the hand face up (before its first play); "
                "it doubles the stake, so you are asked to confirm",
            ),
        ),
    ),
    commands_help(
        ("hint", "suggest a move (the greedy bot's) and count the legal plays"),
        ("hint all", "list the legal plays of each type with their cards"),
        ("hint pair", "list every legal play of one type (pair, straight, ...)"),
    ),
)
"""The help screen: sections of (input, meaning)."""


_COMMANDS: Final = {**COMMANDS, "table": "table", "redraw": "table"}


def redeal_seed(seed: int, number: int) -> int:
    """The seed of redeal ``number`` (1, 2, ...) after the deal of ``seed``: stable
    across runs and platforms, below 10**9."""
    return derive_seed("chupai-doudizhu-redeal", seed, number)


def hand_ranks(hand: int) -> list[int]:
    """The rank indexes of a hand's cards, ascending (the display order; index
    ``i`` of the screen is ``hand_ranks(hand)[i]``)."""
    out: list[int] = []
    for r in range(NRANKS):
        out.extend([r] * ((hand >> SHIFTS[r]) & 31))
    return out


def rank_text(r: int) -> str:
    """The token of rank index ``r`` (``10``, ``BJ``)."""
    return _RANK_LABELS[r] if r < BJ else ("BJ", "RJ")[r - BJ]


# ----- reading input ---------------------------------------------------------------


def kind_of(word: str) -> Kind | None:
    """The combination type of its judge name (``airplane-singles`` too), or None."""
    w = word.lower().replace("-", "_")
    for k in Kind:
        if w == k.value:
            return k
    return None


def _expand(words: list[str]) -> list[str]:
    """Card words with compact rank runs split (``334455`` -> ``3 3 4 4 5 5``) and
    joker names normalized."""
    out: list[str] = []
    for w in words:
        if w.lower() in _JOKER_WORDS or w in _JOKER_WORDS:
            out.append(_JOKER_WORDS.get(w, _JOKER_WORDS.get(w.lower(), w)))
        elif len(w) > 1 and all(ch in _RANK_CHARS for ch in w.upper()):
            out.extend(w.upper())
        else:
            out.append(w)
    return out


def _read_cards(deal: DouDizhuDeal, seat: int, words: list[str]) -> int:
    """The cards named by rank tokens and ``#N`` hand indexes (all held by ``seat``)."""
    order = hand_ranks(deal.hands[seat])
    indexes, tokens = split_indexes(words, len(order))
    by_index = sum(UNIT[order[i]] for i in indexes)
    named = 0
    if tokens:
        for w in tokens:
            if w.isascii() and w.isdigit() and w != "10" and ("0" in w or "1" in w):
                raise ChupaiError(
                    Msg(
                        "{word} is not a rank; to pick cards by their index write #{index}",
                        word=repr(w),
                        index=w,
                    )
                )
        try:
            named = parse_cards(_expand(tokens), deal.rules)
        except CardParseError as exc:
            message: str = exc.args[0] if exc.args else str(exc)
            if message.startswith("unknown card token"):
                message = Msg("{error} (ranks: 3-10 J Q K A 2 BJ RJ; #N is index N)", error=message)
            raise ChupaiError(message) from None
    cards = named + by_index
    if not contains(deal.hands[seat], cards):
        raise ChupaiError(_not_held(deal.hands[seat], cards))
    if not cards:
        raise ChupaiError(Msg("no cards given"))
    return cards


def _not_held(hand: int, cards: int) -> Msg:
    for r in range(NRANKS):
        want = (cards >> SHIFTS[r]) & 31
        have = (hand >> SHIFTS[r]) & 31
        if want > have:
            name = rank_text(r)
            if have == 0:
                return Msg("you hold no {rank}", rank=name)
            return Msg("you hold {have} × {rank}, not {want}", have=have, rank=name, want=want)
    return Msg("you do not hold these cards")  # pragma: no cover - some rank must differ


@reads_commands(_COMMANDS, "table")
def read_input(deal: DouDizhuDeal, seat: int, line: str) -> Action | Command:
    """Read one input line of ``seat`` (the seat to act) into an action or command.

    The result is a well-formed action (a play is a reading of cards the seat
    holds) not yet checked against the table (see ``deal.why_illegal``). Raises
    :class:`ChupaiError` with a message for the player when the line is no action.
    """
    words = line.lower().split()
    if deal.phase is Phase.BID:
        return _read_bid(deal, words)
    if deal.phase is Phase.ROB:
        return _read_rob(words)
    if deal.phase is not Phase.PLAY:
        raise ChupaiError(Msg("the deal is over"))
    return _read_play(deal, seat, line, words)


def _read_bid(deal: DouDizhuDeal, words: list[str]) -> Action:
    head = words[0]
    if " ".join(words) in ("pass", "p", "no", "n", "不叫"):
        return PASS
    if head == "bid" or (len(words) == 1 and head.isdigit()):
        num = words[-1] if len(words) <= 2 else ""
        if num not in ("1", "2", "3"):
            raise ChupaiError(Msg("a bid is 1, 2 or 3: type 'bid 2' (or just 2), or 'pass'"))
        return Bid(int(num))
    if head == "rob":
        raise ChupaiError(
            Msg("the bidding is not over: bid 1, 2 or 3 or pass; robbing comes after it")
        )
    raise ChupaiError(Msg("now bid: type {bids}", bids=bid_help(deal)))


def _read_rob(words: list[str]) -> Action:
    said = " ".join(words)
    if said in ("rob", "r", "yes", "y", "抢", "抢地主", "奪う"):
        return ROB
    if said in ("no", "n", "pass", "p", "no rob", "不抢", "奪わない"):
        return NO_ROB
    raise ChupaiError(Msg("decide whether to rob the landlord: type 'rob' or 'no'"))


def _read_play(deal: DouDizhuDeal, seat: int, line: str, words: list[str]) -> Action:
    said = " ".join(words)
    if said in ("pass", "p"):
        return PASS
    if said in ("mingpai", "ming", "show hand", "show_hand", "明牌"):
        return SHOW
    if said == "show":
        raise ChupaiError(
            Msg(
                "'show' is no command in Dou Dizhu: 'table' or 'look' draws the table "
                "again; 'mingpai' (明牌) plays with your hand face up and doubles the stake"
            )
        )
    if words[0] in ("bid", "rob", "no"):
        raise ChupaiError(
            Msg(
                "{word} belongs to the bidding, which is over; now play cards or pass",
                word=f"'{words[0]}'",
            )
        )
    raw = line.split()
    kind: Kind | None = None
    if len(raw) > 1 and kind_of(raw[-1]) is not None:
        kind = kind_of(raw[-1])
        raw = raw[:-1]
    elif len(raw) > 2 and kind_of(raw[-2] + "_" + raw[-1]) is not None:
        kind = kind_of(raw[-2] + "_" + raw[-1])
        raw = raw[:-2]
    cards = _read_cards(deal, seat, raw)
    found = readings(cards, deal.rules)
    if not found:
        raise ChupaiError(Msg("not a combination: {why}", why=explain(cards, deal.rules)))
    if kind is not None:
        for r in found:
            if r.kind is kind:
                return r
        raise ChupaiError(
            Msg(
                "these cards cannot be read as {kind}; they read as {kinds}",
                kind=kind.value,
                kinds=", ".join(sorted({r.kind.value for r in found})),
            )
        )
    top = deal.top
    if top is not None:
        for r in found:
            if beats(r, top, deal.rules):
                return r
    return found[0]


def bid_help(deal: DouDizhuDeal) -> Msg:
    """The bids typed now: ``'bid 2', 'bid 3' or 'pass'`` (a message: its ``or``
    translates)."""
    bids = [f"'bid {a.value}'" for a in deal.legal_actions() if isinstance(a, Bid)]
    if not bids:
        return joined(["'pass'"], " or ")
    return joined([joined(bids, ", "), "'pass'"], " or ")  # 、 between the bids in 中文


# ----- the session -------------------------------------------------------------------
