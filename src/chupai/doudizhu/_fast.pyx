# chupai.doudizhu's compiled core, as chupai.compiled.load("chupai.doudizhu._fast")
# returns it: the compiled move generation (_fast_py over _fast_gen), the
# compiled deal engine (_fast_deal) and many deals at once (_fast_games). The
# pure-Python engine stays the reference.
from chupai.doudizhu._fast_deal import FastDeal, supported
from chupai.doudizhu._fast_games import dealt, random_games
from chupai.doudizhu._fast_py import (
    follow, follow_filter, hand_combos, hand_combos_t, held, legal_plays,
)
