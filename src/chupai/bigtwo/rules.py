"""Big Two options as data: :class:`BigTwoRules` and its named presets.

Every option of ``bigtwo.md`` §14 is a field here, with the spec's key, allowed
values and default; the presets ``standard``, ``hongkong``, ``taiwan`` and
``mainland`` are written as their differences from ``standard``.

>>> PRESETS["taiwan"].suit_order
<SuitOrder.SHDC: 'SHDC'>
>>> resolve("standard", {"pass_lockout": "true"}).pass_lockout
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any, Final, Literal

from chupai import options as _opt
from chupai.options import option as _o, option_error as _err

__all__ = [
    "SuitOrder",
    "LeftoverRule",
    "StartingCopy",
    "FirstLead",
    "FourCardPlay",
    "StraightOrder",
    "FlushCompare",
    "FiveCardRule",
    "DingDa",
    "PlayUntil",
    "InstantWin",
    "Scoring",
    "Settlement",
    "Series",
    "ClassExchange",
    "TributeMethod",
    "BigTwoRules",
    "PRESETS",
    "STANDARD",
    "resolve",
    "spec",
    "exchange_places",
]


# The choices of the options, in display order; a member's value is its name in lower
# case (the suit orders keep theirs as written).
SuitOrder = StrEnum("SuitOrder", [("SHCD", "SHCD"), ("SHDC", "SHDC")])
LeftoverRule = StrEnum(
    "LeftoverRule", "TO_STARTING_CARD_HOLDER MALAYSIAN TAIWAN_EXPOSED SET_ASIDE ROUND_ROBIN"
)
StartingCopy = StrEnum("StartingCopy", "TURN_ORDER FIRST_DEALT")
FirstLead = StrEnum("FirstLead", "STARTING_CARD_FIRST_DEAL STARTING_CARD_EVERY_DEAL")
FourCardPlay = StrEnum("FourCardPlay", "NONE TWO_PAIR QUAD")
StraightOrder = StrEnum("StraightOrder", "BIGTWO POKER_A2345_SECOND TAIWAN JQKA2_HIGH")
FlushCompare = StrEnum("FlushCompare", "CARD_BY_CARD TOP_CARD SUIT_FIRST")
FiveCardRule = StrEnum("FiveCardRule", "CATEGORY SAME_TYPE_OR_MONSTER")
DingDa = StrEnum("DingDa", "OFF PENALTY ENFORCE")
PlayUntil = StrEnum("PlayUntil", "FIRST_OUT LAST_REMAINING")
InstantWin = StrEnum("InstantWin", "DRAGON SUITED_DRAGON FOUR_TWOS")
Scoring = StrEnum(
    "Scoring",
    "CARDS_WIKI CARDS_SEED001 CARDS_MAINLAND CARD_POINTS "
    "TAIWAN_DEDUCTION TAIWAN_PLUS_MINUS TAIWAN_BASIC",
)
Settlement = StrEnum("Settlement", "WINNER_TAKES_ALL PAIRWISE NEGATED_PENALTY")
Series = StrEnum("Series", "NONE CLASS_STRUGGLE TRIBUTE")
ClassExchange = StrEnum("ClassExchange", "SWAP DEMAND")
TributeMethod = StrEnum("TributeMethod", "CHOOSE_HANDS ONE_CARD TWO_CARDS DRAW_THREE")


@dataclass(frozen=True, kw_only=True, slots=True)
class BigTwoRules:
    """Every option of Big Two (``bigtwo.md`` §14). Build one with :func:`resolve`
    or :data:`PRESETS`; invalid combinations raise :class:`RulesError`."""

    players: int = _o(4, "number of players: 2 to 52 with one pack, 5 to 8 with two (§2)")
    packs: int = _o(
        1,
        "packs of 52 cards: 1, or 2 (104 cards, identical pairs) for 5 to 8 players; a card "
        "held twice is written twice, in plays and exchanges alike (give 2S gives one copy, "
        "give 2S 2S both; name 2S asks for one)",
        later=True,
    )
    hand_size: int | Literal["all"] = _o(
        "all",
        "cards per player: all (deal the whole pack) or an integer (§3.2); when the "
        "starting card is not dealt, the lowest card dealt starts",
    )
    suit_order: SuitOrder = _o(SuitOrder.SHCD, "suit order, highest first (§1)")
    leftover_rule: LeftoverRule = _o(
        LeftoverRule.TO_STARTING_CARD_HOLDER,
        "what happens to the cards left over when the pack does not divide evenly: to the "
        "starting card's holder, malaysian, turned face up, set aside unseen, or dealt round "
        "robin so some players hold one more (§3.3); set-aside cards may hold the starting "
        "card, and then the lowest card dealt starts",
    )
    starting_copy: StartingCopy = _o(
        StartingCopy.TURN_ORDER,
        "two packs: which holder of the starting card leads, the first in turn order after "
        "the dealer or the one dealt it first",
        later=True,
    )
    identical_beats: bool = _o(
        False, "two packs: a play of exactly the same cards as the top play beats it", later=True
    )
    first_lead: FirstLead = _o(
        FirstLead.STARTING_CARD_FIRST_DEAL,
        "whether the starting card must be in the first lead of every deal or the first only "
        "(§7.1)",
    )
    allow_triples: bool = _o(True, "three of a kind is a legal play (§6.1)")
    allow_flush: bool = _o(True, "five of one suit is a legal play (§6.1)")
    allow_two_pair_kicker: bool = _o(False, "two pairs plus a kicker is a five-card play (§6.1)")
    four_card_play: FourCardPlay = _o(
        FourCardPlay.NONE, "four-card play allowed: none, two pairs, or four of a kind (§6.1)"
    )
    straight_order: StraightOrder = _o(
        StraightOrder.BIGTWO, "which rank runs are straights and how they rank (§6.2)"
    )
    flush_compare: FlushCompare = _o(FlushCompare.CARD_BY_CARD, "how two flushes compare (§8.5)")
    five_card_rule: FiveCardRule = _o(
        FiveCardRule.CATEGORY,
        "five-card plays: any higher category beats, or same type only except monsters (§9)",
    )
    monster_over_small: bool = _o(
        False, "four of a kind and straight flushes may beat singles, pairs and triples (§9)"
    )
    pass_lockout: bool = _o(False, "a player who passes sits out the rest of the trick (§7.2)")
    repeat_lead_lock: bool = _o(
        False, "others must pass on a trick winner's repeated higher lead of the same type (§7.3)"
    )
    ding_da: DingDa = _o(
        DingDa.OFF, "頂大: play your highest single when the next player holds one card (§10.1)"
    )
    last_card_call: bool = _o(False, "a player left with one card must call 'last card' (§10.2)")
    play_until: PlayUntil = _o(
        PlayUntil.FIRST_OUT, "the deal ends at the first player out, or when one is left (§7.4)"
    )
    redeal_max_points: int | None = _o(
        None, "a hand worth at most this many points may ask for a redeal, or none (§4)"
    )
    redeal_two_faces: bool = _o(
        False, "a hand with at most two J/Q/K and no A or 2 may ask for a redeal (§4)"
    )
    redeal_four_twos: bool = _o(False, "a hand with all four 2s may ask for a redeal (§4)")
    instant_wins: frozenset[InstantWin] = _o(
        frozenset(), "dealt hands that win at once: dragon, suited_dragon, four_twos (§5)"
    )
    scoring: Scoring = _o(Scoring.CARDS_WIKI, "how each loser's penalty is counted (§11)")
    deduction_spade_ace_40: bool = _o(
        False, "under taiwan_deduction the ace of spades counts 40 (§11.1)"
    )
    settlement: Settlement = _o(Settlement.PAIRWISE, "how penalties become deal scores (§11.3)")
    winner_bonus: int = _o(0, "bonus points for the winner of a deal (§11.3)")
    series: Series = _o(Series.NONE, "between-deal exchange: none, class_struggle or tribute (§12)")
    class_exchange: ClassExchange = _o(ClassExchange.SWAP, "class struggle exchange method (§12.2)")
    class_protect_cards: bool = _o(
        False, "the starting card and the 2s may not be exchanged in class struggle (§12.2)"
    )
    class_king_demotion: bool = _o(
        False, "a King who does not finish first becomes the Slave (§12.2)"
    )
    tribute_method: TributeMethod = _o(TributeMethod.CHOOSE_HANDS, "tribute method (§12.3)")
    pre_exchange: bool = _o(False, "every player swaps 1 to 3 cards face down before play (§12.4)")

    def __post_init__(self) -> None:
        if self.packs not in (1, 2):
            raise _err("packs", f"bad value {self.packs!r}; allowed: 1, 2", ("1", "2"))
        low, high = (2, 52) if self.packs == 1 else (5, 8)
        if not isinstance(self.players, int) or not low <= self.players <= high:
            raise _err(
                "players",
                f"bad value {self.players!r}; allowed: {low} to {high} "
                f"with {self.packs} pack{'s' if self.packs > 1 else ''}",
            )
        if self.hand_size != "all":
            hs = self.hand_size
            limit = self.deck_size // self.players
            if not isinstance(hs, int) or not 1 <= hs <= limit:
                raise _err(
                    "hand_size",
                    f"bad value {hs!r}; allowed: all or an integer 1..{limit} "
                    f"for {self.players} players (hand_size x players <= {self.deck_size})",
                )
        if self.redeal_max_points is not None and not 0 <= self.redeal_max_points <= 20:
            raise _err(
                "redeal_max_points",
                f"bad value {self.redeal_max_points!r}; allowed: none or an integer 0..20",
            )
        if self.winner_bonus < 0:
            raise _err("winner_bonus", f"bad value {self.winner_bonus!r}; allowed: an integer >= 0")
        if self.monster_over_small and self.five_card_rule is not FiveCardRule.SAME_TYPE_OR_MONSTER:
            raise _err(
                "monster_over_small", "may be true only with five_card_rule=same_type_or_monster"
            )
        if self.redeal_four_twos and InstantWin.FOUR_TWOS in self.instant_wins:
            raise _err("redeal_four_twos", "cannot be true while instant_wins contains four_twos")
        if self.series is Series.TRIBUTE:
            if self.players < 4:
                raise _err("series", "series=tribute requires at least 4 players")
            if isinstance(self.hand_size, int):
                need = {TributeMethod.TWO_CARDS: 2, TributeMethod.DRAW_THREE: 3}.get(
                    self.tribute_method, 1
                )
                if self.hand_size < need:
                    raise _err(
                        "hand_size",
                        f"tribute_method={self.tribute_method.value} needs hand_size >= {need}",
                    )
        if (
            self.scoring is Scoring.TAIWAN_PLUS_MINUS
            and self.settlement is not Settlement.NEGATED_PENALTY
        ):
            raise _err(
                "settlement", "scoring=taiwan_plus_minus requires settlement=negated_penalty"
            )

    # ----- derived facts -------------------------------------------------
    @property
    def deck_size(self) -> int:
        """Cards in the packs: 52 or 104."""
        return 52 * self.packs

    @property
    def cards_per_hand(self) -> int:
        """Cards dealt to each player (the seats dealt an extra card under
        ``leftover_rule=round_robin`` hold one more)."""
        return self.deck_size // self.players if self.hand_size == "all" else int(self.hand_size)

    @property
    def leftover_count(self) -> int:
        """Leftover cards handled by ``leftover_rule`` (0 unless hand_size=all, and 0
        under ``round_robin``, which deals them)."""
        if self.hand_size != "all" or self.leftover_rule is LeftoverRule.ROUND_ROBIN:
            return 0
        return self.deck_size % self.players

    @property
    def extra_cards(self) -> int:
        """Seats dealt one card more than :attr:`cards_per_hand` (``round_robin``)."""
        if self.hand_size != "all" or self.leftover_rule is not LeftoverRule.ROUND_ROBIN:
            return 0
        return self.deck_size % self.players

    def to_dict(self) -> dict[str, Any]:
        """Every option as a JSON-ready dict."""
        return _opt.to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BigTwoRules:
        """Strict inverse of :meth:`to_dict`."""
        return _opt.from_dict(cls, data)

    def spec(self) -> str:
        """One-line spec, e.g. ``bigtwo(preset=standard,pass_lockout=true)``."""
        return _opt.spec_string("bigtwo", self, PRESETS)

    def __str__(self) -> str:
        return self.spec()


STANDARD: Final = BigTwoRules()

PRESETS: Final[Mapping[str, BigTwoRules]] = MappingProxyType(
    {
        "standard": STANDARD,
        "hongkong": dataclasses.replace(STANDARD, flush_compare=FlushCompare.TOP_CARD),
        "taiwan": dataclasses.replace(
            STANDARD,
            suit_order=SuitOrder.SHDC,
            leftover_rule=LeftoverRule.TAIWAN_EXPOSED,
            first_lead=FirstLead.STARTING_CARD_EVERY_DEAL,
            allow_triples=False,
            straight_order=StraightOrder.TAIWAN,
            flush_compare=FlushCompare.TOP_CARD,
            five_card_rule=FiveCardRule.SAME_TYPE_OR_MONSTER,
            monster_over_small=True,
            pass_lockout=True,
            instant_wins=frozenset({InstantWin.DRAGON, InstantWin.SUITED_DRAGON}),
            scoring=Scoring.TAIWAN_BASIC,
            settlement=Settlement.WINNER_TAKES_ALL,
        ),
        "mainland": dataclasses.replace(
            STANDARD, flush_compare=FlushCompare.TOP_CARD, scoring=Scoring.CARDS_MAINLAND
        ),
    }
)
"""The named presets of ``bigtwo.md`` §14."""


def resolve(preset: str = "standard", overrides: Mapping[str, str] | None = None) -> BigTwoRules:
    """The options of ``preset`` with text ``overrides`` (``{"key": "value"}``).

    Raises :class:`RulesError` for an unknown preset, key or value, or an invalid
    combination, naming the key and listing what is allowed.
    """
    name = _opt.preset_named("bigtwo", PRESETS, preset)
    return _opt.apply_overrides(PRESETS[name], overrides or {})


def exchange_places(players: int) -> tuple[int, ...]:
    """The finishing places (0 = first) that exchange cards under class struggle
    (§12.2) and give or take tribute (§12.3): every place with up to four players,
    else the first two and the last two (docs/bigtwo.md, "Table sizes and two packs").

    >>> exchange_places(4), exchange_places(3), exchange_places(7)
    ((0, 1, 2, 3), (0, 1, 2), (0, 1, 5, 6))
    """
    return tuple(range(players)) if players <= 4 else (0, 1, players - 2, players - 1)


def spec(rules: BigTwoRules) -> str:
    """Same as :meth:`BigTwoRules.spec`."""
    return rules.spec()
