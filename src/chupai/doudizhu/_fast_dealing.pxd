# dealing.deal_cards in C: the dealer, the shuffled stock and the marker drawn
# from Python's random.Random (chupai._mt), so that compiled deals are dealt
# exactly as new_deal deals them. Inline functions only: cimport it, no module.
from chupai._mt cimport MT, mt_below, mt_shuffle


cdef inline void deal_stock(MT* g, int packs, int players, int hand, int* stock,
                            int* dealer, int* marker_index) noexcept nogil:
    """dealing.deal_cards with dealer=None, from g seeded as random.Random(seed):
    the dealer, the shuffled stock (ranks) and the marker position."""
    cdef int r, c, n = 0
    dealer[0] = mt_below(g, players)
    for r in range(13):
        for c in range(4 * packs):
            stock[n] = r
            n += 1
    for r in range(13, 15):
        for c in range(packs):
            stock[n] = r
            n += 1
    mt_shuffle(g, stock, n)
    marker_index[0] = mt_below(g, players * hand)
