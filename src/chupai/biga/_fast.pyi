"""Compiled Big A move generation (chupai.biga._fast): the twins of
:mod:`chupai.biga.movegen`'s functions, same answers in the same order."""

from chupai.biga.cards import Cards
from chupai.biga.combos import Combo
from chupai.biga.events import Action
from chupai.biga.rules import BigARules

class CTables:
    """One rules object and Big Ace suit's combination tables as C arrays."""

    rules: BigARules
    big_suit: int | None
    combos: tuple[Combo, ...]
    capture_combos: tuple[Combo | None, ...]
    def __init__(self, rules: BigARules, big_suit: int | None) -> None: ...

def hand_combos(hand: Cards, rules: BigARules, big_suit: int | None) -> list[Combo]: ...
def legal_plays(
    hand: Cards, rules: BigARules, big_suit: int | None, top: Combo | None = None
) -> list[Combo]: ...
def follow_filter(
    combos: list[Combo], top_play: Combo, rules: BigARules, hand: Cards | None = None
) -> list[Combo]: ...
def follow_actions(
    combos: list[Combo], top: Combo, rules: BigARules, hand: Cards
) -> list[Action]: ...
