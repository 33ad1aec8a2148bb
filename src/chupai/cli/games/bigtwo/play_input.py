"""Reading the human's lines in the Big Two terminal game (:mod:`.play`): card
tokens or hand indexes, ``pass``, the leftover card and the decisions before play.

>>> from chupai.bigtwo.game import new_deal
>>> from chupai.bigtwo.rules import STANDARD
>>> deal = new_deal(STANDARD, 1)
>>> read_input(deal, 0, "hint all")
Command(name='hint', arg='all')
>>> read_input(deal, 0, "")
Command(name='table', arg='')
"""

from __future__ import annotations

from chupai.bigtwo.combos import Combo, classify_or_none, explain
from chupai.bigtwo.game import CHOICE_NAMES, PASS, BigTwoDeal, Choice, LastCard, Pass, Phase
from chupai.bigtwo.packs import add, ids as card_ids
from chupai.cards import card_name
from chupai.cli.games.bigtwo.play_cards import check_held, parse_multiset, pick_indexes
from chupai.cli.grammar import INDEX_HELP, split_indexes
from chupai.cli.terminal import COMMANDS, Command, commands_help, reads_commands
from chupai.errors import CardParseError, ChupaiError
from chupai.i18n import Msg, joined

__all__ = ["HELP", "read_input", "hand_order", "decision_help"]

HELP: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    (
        "Your move",
        (
            ("3d 3s", "play cards by token: rank then suit (10h or th, A♠ or as)"),
            ("#0 #1, #0-4, 0 1", INDEX_HELP),
            ("pass, p", "pass (not when you lead the trick)"),
            ("3d 4d last", "a play that leaves you one card, calling 'last card' (last_card_call)"),
            ("take, leave", "the face-up leftover card (3 players, taiwan_exposed)"),
            ("swap, decline", "the face-down leftover card (3 players, malaysian)"),
        ),
    ),
    (
        "Before play",
        (
            ("redeal, keep", "ask for a redeal with a qualifying hand, or keep it"),
            ("give 3d 4c, give 0 1", "give cards (by token or index): exchange, tribute return"),
            ("name 2s, skip", "class struggle: name a card you want, or give up that exchange"),
            ("keep 0 1 2", "tribute draw_three: the cards kept out of the draw"),
            ("hand 2", "tribute choose_hands: take face-down hand 2"),
        ),
    ),
    commands_help(
        ("hint", "suggest a play (the greedy bot's) and count the legal plays"),
        ("hint all", "list the legal plays of each type with their indexes"),
        ("hint pair", "list every legal play of one type (pair, straight, ...)"),
    ),
)
"""The help screen: sections of (input, meaning)."""


_COMMANDS = {**COMMANDS, "show": "table"}  # 'show': the old word, kept


def hand_order(deal: BigTwoDeal, seat: int) -> list[int]:
    """The cards of ``seat`` in display order (the rules' single-card order)."""
    strength = deal.sort_key()
    return sorted(card_ids(deal.hands[seat]), key=strength.__getitem__)


@reads_commands(_COMMANDS, "table")
def read_input(
    deal: BigTwoDeal, seat: int, line: str
) -> Combo | LastCard | Pass | Choice | Command:
    """Read one input line of ``seat`` (the seat to act) into an action or command.

    Cards may be given as tokens or as indexes into :func:`hand_order`; a line may
    mix both. A play may end with ``last`` (the "last card" call). Before play, a
    decision is a word with its cards (``give 4d``, ``name 2s``) or a hand index
    (``hand 2``). The result is a well-formed action of cards the seat holds, not
    yet checked against the table (see ``deal.why_illegal``). Raises
    :class:`ChupaiError` with a message for the player when the line is no action.
    """
    words = line.lower().split()
    head = words[0]
    if deal.phase is Phase.LEFTOVER:
        return _read_choice(deal, words)
    if deal.phase is not Phase.PLAY:
        return _read_decision(deal, seat, line)
    if len(words) == 1 and head in ("pass", "p"):
        return PASS
    if len(words) == 1 and head in ("take", "leave", "swap", "decline"):
        return Choice(head)
    if head in CHOICE_NAMES:
        raise ChupaiError(
            Msg("{word} is a decision before play; now play cards or pass", word=f"'{head}'")
        )
    called = len(words) > 1 and words[-1] == "last"
    mask = _read_cards(deal, seat, line.split()[:-1] if called else line.split())
    combo = classify_or_none(mask, deal.rules)
    if combo is None:
        raise ChupaiError(Msg("not a combination: {why}", why=explain(mask, deal.rules)))
    return LastCard(combo) if called else combo


def _read_cards(deal: BigTwoDeal, seat: int, items: list[str]) -> int:
    """The cards named by tokens or hand indexes in ``items`` (all held by ``seat``)."""
    order = hand_order(deal, seat)
    mask = 0
    indexes, card_words = split_indexes(items, len(order), bare=True)
    for i in indexes:
        mask = add(mask, 1 << order[i])
    if card_words:
        tokens = _parse_tokens(card_words, deal.rules.packs)
        both = tokens & mask
        if both and deal.rules.packs == 1:
            raise ChupaiError(
                Msg(
                    "card {card} is given twice (by index and by name)",
                    card=card_name(both.bit_length() - 1),
                )
            )
        check_held(tokens, deal.hands[seat], deal.sort_key().__getitem__)
        mask = add(mask, tokens)
    check_held(mask, deal.hands[seat], deal.sort_key().__getitem__)  # 2 packs: index and name
    return mask


def _parse_tokens(words: list[str], packs: int = 1) -> int:
    try:
        return parse_multiset(words, packs)
    except CardParseError as exc:
        message: str = exc.args[0] if exc.args else str(exc)
        if message.startswith("unknown card token") and "e.g." not in message:
            # how to write a card, for a token that is none (not for a joker or a
            # card named too often: their refusal says what is wrong)
            message = Msg(
                "{error} (a card is a rank 3-9, 10 or T, J, Q, K, A, 2 then a suit "
                "d c h s, e.g. 10h; or give the card's index)",
                error=message,
            )
        raise CardParseError(message, exc.token, exc.index) from None


def _read_choice(deal: BigTwoDeal, words: list[str]) -> Choice:
    names = [a.name for a in deal.legal_actions() if isinstance(a, Choice)]
    word = " ".join(words)
    matches = [n for n in names if n.startswith(word)] if word else []
    if len(matches) == 1:
        return Choice(matches[0])
    raise ChupaiError(
        Msg("first decide on the leftover card: type {names}", names=joined(names, " or "))
    )


def decision_help(deal: BigTwoDeal) -> Msg:
    """The inputs the decision asked for accepts, e.g. ``'redeal' or 'keep'`` (a
    message: the words between the inputs translate)."""
    legal = [a for a in deal.legal_actions() if isinstance(a, Choice)]
    bare = sorted({a.name for a in legal if not a.cards and a.number < 0})
    carded = sorted({a.name for a in legal if a.cards})
    parts: list[str] = [f"'{n}'" for n in bare]
    for name in carded:
        options = [a for a in legal if a.name == name]
        # an example that is legal now: the highest card to name, else the first cards
        example = options[-1] if name == "name" else options[0]
        tokens = deal.action_text(example).lower()
        if name == "name":
            parts.append(Msg("{tokens} (a card you do not hold)", tokens=f"'{tokens}'"))
        else:
            order = hand_order(deal, deal.current_player or 0)
            index = " ".join(str(i) for i in pick_indexes(order, example.cards))
            parts.append(
                Msg(
                    "{tokens} or {indexes} (cards by token or index)",
                    tokens=f"'{tokens}'",
                    indexes=f"'{name} {index}'",
                )
            )
    if any(a.number >= 0 for a in legal):
        numbers = ", ".join(str(a.number) for a in legal if a.number >= 0)
        parts.append(Msg("'hand N' with N one of {numbers}", numbers=numbers))
    return joined(parts, " or ")


def _read_decision(deal: BigTwoDeal, seat: int, line: str) -> Choice:
    legal = [a for a in deal.legal_actions() if isinstance(a, Choice)]
    words = line.split()
    head = words[0].lower()
    bare = [a for a in legal if not a.cards and a.number < 0]
    if len(words) == 1:
        matches = [a for a in bare if a.name.startswith(head)]
        if len(matches) == 1:
            return matches[0]
    carded = sorted({a.name for a in legal if a.cards})
    if head not in CHOICE_NAMES and len(carded) == 1:
        head, rest = carded[0], words  # bare cards: the one decision that takes cards
    elif head in CHOICE_NAMES:
        rest = words[1:]
    else:
        raise ChupaiError(Msg("now type {what}", what=decision_help(deal)))
    if head == "hand":
        if len(rest) != 1 or not rest[0].isdigit():
            raise ChupaiError(Msg("choose a face-down hand: type {what}", what=decision_help(deal)))
        return Choice("hand", 0, int(rest[0]))
    if not rest:
        if any(a.name == head for a in bare):
            return Choice(head)
        raise ChupaiError(
            Msg("{word} needs cards: type {what}", word=f"'{head}'", what=decision_help(deal))
        )
    if head == "name":
        if any(w.isdigit() for w in rest):
            raise ChupaiError(Msg("name the card you want by its token, e.g. 'name 2s'"))
        return Choice("name", _parse_tokens(rest, deal.rules.packs))
    return Choice(head, _read_cards(deal, seat, rest))
