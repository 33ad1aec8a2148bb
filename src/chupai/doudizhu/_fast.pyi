from chupai.doudizhu._fast_deal import FastDeal as FastDeal, supported as supported
from chupai.doudizhu._fast_games import dealt as dealt, random_games as random_games
from chupai.doudizhu._fast_py import (
    follow as follow,
    follow_filter as follow_filter,
    hand_combos as hand_combos,
    hand_combos_t as hand_combos_t,
    held as held,
    legal_plays as legal_plays,
)
