from typing import Any

from chupai.doudizhu.combos import Cards
from chupai.doudizhu.rules import DouDizhuRules

def dealt(rules: DouDizhuRules, seed: int) -> tuple[int, list[Cards], Cards, int]: ...
def random_games(
    rules: DouDizhuRules, n: int, seed: int = 0, deal_in_c: bool = True
) -> dict[str, Any]: ...
