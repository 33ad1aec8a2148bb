# Many compiled Dou Dizhu deals: random_games() deals each deal as
# chupai.doudizhu.dealing.deal_cards deals it (the shuffle ported to C:
# chupai._mt, _fast_dealing.pxd) and plays it with FastDeal (_fast_deal).
from libc.stdint cimport int64_t, uint32_t, uint64_t

from chupai._mt cimport MT, mt_base, mt_seed
from chupai.doudizhu._fast_deal cimport DR, MAXP, POLICY_RANDOM, FastDeal, fill_rules
from chupai.doudizhu._fast_dealing cimport deal_stock
from chupai.doudizhu._fast_py cimport Gen, gen_for, split_cards


cdef MT BASE
mt_base(&BASE)


def random_games(rules, long long n, unsigned long long seed=0, bint deal_in_c=True):
    """Play ``n`` deals (seeds seed .. seed+n-1, dealt as new_deal(rules, seed=s)
    deals them) by the random policy of seed s; returns the summary of
    chupai.doudizhu.playout.random_games. ``deal_in_c=False`` deals in Python
    (dealing.deal_cards) and hands the cards over."""
    cdef Gen gen = gen_for(rules)
    cdef DR r
    cdef FastDeal f = FastDeal.__new__(FastDeal)
    cdef MT mt
    cdef int stock[128]
    cdef uint64_t hlo[MAXP]
    cdef uint32_t hhi[MAXP]
    cdef uint64_t klo, s
    cdef uint32_t khi
    cdef int i, dealer, m, first, players = rules.players, hand = rules.hand_size
    cdef int total = players * hand, size = 54 * rules.packs
    cdef long long redeals = 0, lord_wins = 0, actions = 0, k
    cdef int64_t sums[MAXP]
    fill_rules(&r, rules, gen)
    for i in range(MAXP):
        sums[i] = 0
    from chupai.doudizhu.dealing import deal_cards

    for k in range(n):
        s = seed + <uint64_t>k
        if deal_in_c:
            mt_seed(&mt, s, &BASE)
            deal_stock(&mt, rules.packs, players, hand, stock, &dealer, &m)
            for i in range(players):
                hlo[i] = 0
                hhi[i] = 0
            for i in range(total):
                add_card(&hlo[(dealer + i) % players], &hhi[(dealer + i) % players], stock[i])
            klo = 0
            khi = 0
            for i in range(total, size):
                add_card(&klo, &khi, stock[i])
        else:
            dealer, hands, kitty, m, _ = deal_cards(rules, s)
            for i in range(players):
                split_cards(hands[i], &hlo[i], &hhi[i])
            split_cards(kitty, &klo, &khi)
        first = (dealer + m) % players
        f.start(gen, &r, hlo, hhi, klo, khi, first, 0)
        actions += f.run(s, POLICY_RANDOM)
        if f.s.landlord < 0:
            redeals += 1
        elif f.s.scores[f.s.landlord] > 0:
            lord_wins += 1
        for i in range(players):
            sums[i] += f.s.scores[i]
    return {
        "deals": n,
        "redeals": redeals,
        "landlord_wins": lord_wins,
        "actions": actions,
        "returns": [sums[i] for i in range(players)],
    }


def dealt(rules, unsigned long long seed):
    """dealing.deal_cards(rules, seed) with the shuffle in C: (dealer, hands,
    kitty, marker_index) as packed Python cards (for the tests)."""
    cdef MT mt
    cdef int stock[128]
    cdef int dealer, m, i, players = rules.players, total = rules.players * rules.hand_size
    cdef uint64_t lo[MAXP + 1]
    cdef uint32_t hi[MAXP + 1]
    mt_seed(&mt, seed, &BASE)
    deal_stock(&mt, rules.packs, players, rules.hand_size, stock, &dealer, &m)
    for i in range(players + 1):
        lo[i] = 0
        hi[i] = 0
    for i in range(total):
        add_card(&lo[(dealer + i) % players], &hi[(dealer + i) % players], stock[i])
    for i in range(total, 54 * rules.packs):
        add_card(&lo[players], &hi[players], stock[i])
    cards = [(<object>hi[i]) << 60 | <object>lo[i] for i in range(players + 1)]
    return dealer, cards[:players], cards[players], m


cdef inline void add_card(uint64_t* lo, uint32_t* hi, int r) noexcept nogil:
    if r < 12:
        lo[0] += (<uint64_t>1) << (5 * r)
    else:
        hi[0] += (<uint32_t>1) << (5 * (r - 12))
