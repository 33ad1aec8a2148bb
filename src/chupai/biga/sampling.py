"""Determinization: a full Big A deal drawn from what one seat knows.

:func:`sample_deal` turns a seat's :class:`~chupai.biga.game.Observation` of the
play phase into a complete :class:`~chupai.biga.game.BigADeal` whose other hands
are drawn at random, for search bots that play deals out (determinized Monte
Carlo). The sample is **consistent**: ``sample.observe(seat) == observation`` (the
whole history included, the draw and its declarations too), and the seat's legal
actions are the same.

**What the seat knows** (:func:`knowledge`). The hidden cards are the deck less
the seat's hand and the cards lying on the table (every play, less the sets that
captures took back into a hand). They are dealt **uniformly** at random, as
physical cards (copies of a rank dealt with the odds of a real deal), into the
other hands with each hand's size, after placing the cards whose place is known:

* a capture moved a known set into the capturer's hand: the capturer still holds
  whatever of it (and of its other cards) it must have held to make its later
  plays, as the play history proves (for every seat, the cards it must hold now
  so that it held every card it played when it played it);
* the declarer holds the Big Ace it showed (both after two were shown) until it
  plays it; a partner who revealed itself holds the other one until played;
* a declarer that has gone out while the deal goes on is not alone, so it held
  only one Big Ace; after the forced ♥A declaration (§3.3) every seat before the
  declarer in turn order from the first drawer held no ``AH`` but its last card.

**How the deal is built.** Every seat's cards at the start of play are its
sampled hand plus what it played less what it captured. The ordinary Aces get
suits (respecting the suits shown in declarations that were later cancelled or
changed), and each seat's cards are put into its slots of the stock (card ``k``
goes to seat ``(F + k) % 5``): shown Aces are drawn before the checkpoint they
were shown at, and the forced declaration's constraints hold. The observing
seat's own cards are ordered so that it is asked to declare at exactly the
checkpoints its history shows (its own ``decline`` answers are part of its
observation), once per observation. The draw is then run by the engine itself
with every public declaration made where it was made and every other question
declined (kept hidden, stayed hidden), and the public play history is replayed;
a draw that does not reproduce the observation is rejected and drawn again.

The module is pure: randomness comes only from the ``rng`` argument.

>>> import random
>>> from chupai.biga.game import new_deal, Phase
>>> from chupai.biga.rules import STANDARD
>>> deal = new_deal(STANDARD, seed=4)
>>> while deal.phase is not Phase.PLAY or len(deal.history) < 30:
...     _ = deal.apply_action(deal.legal_actions()[0])
>>> obs = deal.observe(deal.current_player)
>>> sample = sample_deal(obs, random.Random(1))
>>> sample.observe(obs.seat) == obs
True
>>> sample.legal_actions() == deal.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, NamedTuple

from chupai.actions import Pass
from chupai.biga.cards import (
    ACE,
    DECK,
    NFACES,
    SHIFTS,
    SUITED_ACE,
    UNIT,
    Cards,
    contains,
    normalize,
    size_of,
)
from chupai.biga.combos import Combo
from chupai.biga.game import (
    DECLINE,
    KEEP_HIDDEN,
    LAST_CHECKPOINT,
    REVEAL,
    SHOW_SECOND,
    STAY_HIDDEN,
    STOCK_SIZE,
    BigADeal,
    Capture,
    Choice,
    Declare,
    Event,
    Observation,
    Phase,
)
from chupai.errors import ChupaiError
from chupai.sampling import check_known, deal_unseen, hidden_capacity

__all__ = ["Knowledge", "knowledge", "sample_hands", "DealSampler", "sample_deal", "TRIES"]

TRIES: Final = 60
"""Default number of draws :func:`sample_deal` makes before giving up."""

_HEARTS: Final = 2
_F: Final = 31


class Knowledge(NamedTuple):
    """What one seat knows of the other hands (play phase, normalized cards)."""

    unseen: Cards
    """The cards the seat cannot see (the known ones included)."""
    capacity: tuple[int, ...]
    """How many cards each seat holds (0 for the seat itself)."""
    known: tuple[Cards, ...]
    """Cards each seat is known to hold now (part of ``unseen``; 0 for the seat)."""
    big_max: tuple[int, ...]
    """The most Big Aces each seat can hold now."""


def _counts(cards: Cards) -> list[int]:
    return [(cards >> s) & _F for s in SHIFTS]


def _pack(counts: Sequence[int]) -> Cards:
    out = 0
    for f, n in enumerate(counts):
        if n:
            out += n * UNIT[f]
    return out


def _play_moves(obs: Observation) -> list[tuple[int, Cards, Cards]]:
    """The play phase's card movements: ``(seat, cards out, cards in)`` per play
    or capture, in order."""
    out = []
    for ev in obs.history:
        a = ev.action
        if type(a) is Combo:
            out.append((ev.seat, a.cards, 0))
        elif type(a) is Capture:
            out.append((ev.seat, a.fours.cards, a.taken.cards))
    return out


def _initial_big(obs: Observation) -> list[int]:
    """The fewest Big Aces each seat held when play started, as public."""
    n = obs.players
    need = [0] * n
    d = obs.declarer
    assert d is not None
    need[d] = 2 if obs.two_shown else 1
    if obs.partner_revealed and obs.partner is not None:
        need[obs.partner] = 1
    return need


def knowledge(observation: Observation) -> Knowledge:
    """What the seat of ``observation`` (play phase) knows of the other hands.

    Raises :class:`ChupaiError` outside the play phase or for an observation whose
    cards do not add up."""
    obs = observation
    if obs.phase is not Phase.PLAY or obs.big_suit is None or obs.declarer is None:
        raise ChupaiError("sampling needs an observation of the play phase, not "
                          f"{obs.phase.value!r}")
    n = obs.players
    me = obs.seat
    big = SUITED_ACE + obs.big_suit
    deck = normalize(DECK, obs.big_suit)
    table = sum(obs.played) - sum(obs.captured)
    seen = obs.hand + table
    if not contains(deck, seen):
        raise ChupaiError("the observation shows more cards than the decks hold")
    unseen = deck - seen
    caps = hidden_capacity(unseen, obs.hand, obs.hand_counts, me, size_of)
    # the cards each seat must hold now so that it held every card when it played it
    need = [[0] * NFACES for _ in range(n)]
    run = [[0] * NFACES for _ in range(n)]
    for seat, out, into in reversed(_play_moves(obs)):
        r = run[seat]
        co, ci = _counts(out), _counts(into)
        nd = need[seat]
        for f in range(NFACES):
            v = r[f] + ci[f] - co[f]
            r[f] = v
            if v > nd[f]:
                nd[f] = v
    # Big Aces held at the start of play and not played since (net of captures)
    init = _initial_big(obs)
    for s in range(n):
        left = init[s] - _counts(obs.played[s])[big] + _counts(obs.captured[s])[big]
        if left > need[s][big]:
            need[s][big] = left
    big_max = [2] * n
    d = obs.declarer
    if d in obs.finishing:  # the deal goes on after the declarer went out: not alone
        big_max[d] = min(big_max[d], 1 - _counts(obs.played[d])[big]
                         + _counts(obs.captured[d])[big])
    if obs.forced:
        first = obs.first_drawer
        for i in range(n):
            s = (first + i) % n
            if s == d:
                break
            big_max[s] = min(big_max[s], 1 - _counts(obs.played[s])[big]
                             + _counts(obs.captured[s])[big])
    known = tuple(0 if s == me else _pack(need[s]) for s in range(n))
    check_known(unseen, known, caps, contains, size_of)
    return Knowledge(unseen, caps, known, tuple(big_max))


def sample_hands(know: Knowledge, rng: random.Random) -> list[Cards]:
    """Deal the unseen cards: every seat's known cards plus a uniform share of the
    rest (physical cards, so copies of a face are dealt with real-deal odds)."""
    return deal_unseen(know.unseen, know.known, know.capacity, NFACES, size_of, rng)


# ----- the draw ------------------------------------------------------------------------

class _Rules(NamedTuple):
    """The public facts of the draw that the stock must reproduce."""

    decls: tuple[tuple[int, int, Declare], ...]
    """``(checkpoint card, seat, declaration)`` in order."""
    aces: tuple[tuple[int, int, int, int], ...]
    """``(seat, suit, count, deadline)``: the seat drew ``count`` Aces of ``suit``
    by card ``deadline`` (declared Aces)."""
    ordinary: tuple[tuple[int, int], ...]
    """``(seat, suit)``: the seat's shown Ace of ``suit`` became ordinary."""


def _draw_facts(obs: Observation) -> _Rules:
    decls = tuple((drawn - 1, ev.seat, ev.action) for drawn, ev in obs.declarations
                  if isinstance(ev.action, Declare))
    need: dict[tuple[int, int], tuple[int, int]] = {}
    for k, seat, d in decls:
        count = 2 if d.two else 1
        old = need.get((seat, d.suit))
        if old is None or old[0] < count:
            need[(seat, d.suit)] = (count, k if old is None or count > old[0] else old[1])
    aces = tuple((seat, suit, c, k) for (seat, suit), (c, k) in need.items())
    ordinary = tuple((seat, suit) for seat, suit, _, _ in aces if suit != obs.big_suit)
    return _Rules(decls, aces, ordinary)


def _slots(first: int, seat: int, n: int) -> list[int]:
    return [k for k in range(STOCK_SIZE) if (first + k) % n == seat]


def _ask_pattern(me: int, first: int, n: int, cards_at: dict[int, int],
                 decls: Sequence[tuple[int, int, Declare]]) -> list[tuple[int, int]]:
    """The draw-phase events ``me`` sees with its cards at the stock positions of
    ``cards_at``: each public declaration as ``(seat, 1)`` and each question put
    to ``me`` as ``(me, 0)``, in order (a declaration of ``me`` counts once)."""
    hand = 0
    declared = False
    two = False
    di = 0
    out: list[tuple[int, int]] = []
    ace_shift = 5 * SUITED_ACE
    pair_bits = sum(2 << (5 * i) for i in range(4))
    for k in range(LAST_CHECKPOINT + 1):
        drawer = (first + k) % n
        if drawer == me:
            hand += UNIT[cards_at[k]]
        if two:
            continue
        for i in range(n):
            if two:
                break
            s = (drawer + i) % n
            if di < len(decls) and decls[di][0] == k and decls[di][1] == s:
                d = decls[di][2]
                di += 1
                out.append((s, 1))
                declared = True
                two = two or d.two
                continue
            if s == me:
                aces = hand >> ace_shift
                if aces and (not declared or aces & pair_bits):
                    out.append((me, 0))
    return out


def _target_pattern(obs: Observation) -> list[tuple[int, int]]:
    out = []
    for ev in obs.history:
        a = ev.action
        if isinstance(a, Declare):
            out.append((ev.seat, 1))
        elif ev.seat == obs.seat and a == DECLINE:
            out.append((obs.seat, 0))
    return out


def _ace_suits(big_suit: int) -> list[int]:
    return [s for s in range(4) if s != big_suit]


def _expected_asks(obs: Observation, decls: Sequence[tuple[int, int, Declare]]
                   ) -> dict[int, tuple[int, bool]] | None:
    """For every checkpoint at which the seat could be asked: ``(phase, asked)``,
    ``phase`` 0 before any declaration (asked when holding an Ace) and 1 after a
    single-Ace declaration (asked when holding both Aces of a suit), from the
    number of questions its history shows in each phase. None if the history
    cannot be read so."""
    me, n, first = obs.seat, obs.players, obs.first_drawer
    target = _target_pattern(obs)
    # questions per phase, read from the history
    asked = [0, 0]
    phase = 0
    di = 0
    for seat, is_decl in target:
        if is_decl:
            if di >= len(decls):
                return None
            d = decls[di][2]
            di += 1
            if seat == me and phase < 2:
                asked[phase] += 1
            phase = 2 if d.two else 1
        elif phase < 2:
            asked[phase] += 1
        else:
            return None
    # the checkpoints where the seat's turn falls in each phase
    opps: list[list[int]] = [[], []]
    phase = 0
    di = 0
    for k in range(LAST_CHECKPOINT + 1):
        drawer = (first + k) % n
        for i in range(n):
            if phase == 2:
                break
            s = (drawer + i) % n
            mine = s == me
            if mine:
                opps[phase].append(k)
            if di < len(decls) and decls[di][0] == k and decls[di][1] == s:
                phase = 2 if decls[di][2].two else 1
                di += 1
    out: dict[int, tuple[int, bool]] = {}
    for ph in (0, 1):
        ks = opps[ph]
        if asked[ph] > len(ks):
            return None
        cut = len(ks) - asked[ph]
        for i, k in enumerate(ks):
            out[k] = (ph, i >= cut)
    return out


def _arrange_own(obs: Observation, start: Cards, facts: _Rules, rng: random.Random
                 ) -> tuple[dict[int, int], list[int]] | None:
    """An ordering of the seat's own cards in its stock slots (Aces with suits)
    that reproduces its questions; ``(face at each slot, suits of its ordinary
    Aces)``, or None if there is none. A depth-first search over its slots in
    draw order, choices in random order."""
    me, n, first = obs.seat, obs.players, obs.first_drawer
    big_suit = obs.big_suit
    assert big_suit is not None
    expect = _expected_asks(obs, facts.decls)
    if expect is None:
        return None
    slots = _slots(first, me, n)
    c = _counts(start)
    plain = [f for f in range(NFACES) for _ in range(c[f]) if f != ACE and f < SUITED_ACE]
    if len(plain) + c[ACE] + c[SUITED_ACE + big_suit] != len(slots):
        return None
    claimed = {s: 0 for s in range(4)}
    for seat, suit in facts.ordinary:
        if seat != me:
            claimed[suit] += 1
    avail = {s: 2 - claimed[s] for s in _ace_suits(big_suit)}
    # own declarations: (checkpoint, suit, count)
    own_decl = [(k, d.suit, 2 if d.two else 1) for k, seat, d in facts.decls if seat == me]
    before_forced = False
    if obs.forced:
        for i in range(n):
            s = (first + i) % n
            if s == obs.declarer:
                break
            if s == me:
                before_forced = True
    last = slots[-1]
    hearts = _HEARTS
    failed: set[tuple[int, int, int, tuple[int, ...], tuple[tuple[int, int], ...]]] = set()
    choice: list[int] = []  # -1 plain, else the suit of the Ace drawn at each slot

    def ok_after(i: int, held: list[int]) -> bool:
        """The checkpoints from slot ``i`` to the next slot agree with ``held``."""
        k0 = slots[i]
        k1 = slots[i + 1] if i + 1 < len(slots) else LAST_CHECKPOINT + 1
        any_ace = any(held)
        pair = any(h >= 2 for h in held)
        for k in range(k0, min(k1, LAST_CHECKPOINT + 1)):
            e = expect.get(k)
            if e is not None and (any_ace if e[0] == 0 else pair) != e[1]:
                return False
        for k, suit, cnt in own_decl:
            if k0 <= k < k1 and held[suit] < cnt:
                return False
        return True

    def dfs(i: int, n_plain: int, n_big: int, n_ord: int, held: list[int],
            left: dict[int, int]) -> bool:
        if i == len(slots):
            if obs.forced and me == obs.declarer:
                return any(choice[j] == hearts and slots[j] != last for j in range(len(slots)))
            return True
        key = (i, n_plain, n_big * 16 + n_ord, tuple(held), tuple(sorted(left.items())))
        if key in failed:
            return False
        options: list[int] = []
        if n_plain:
            options.append(-1)
        if n_big:
            options.append(big_suit)
        if n_ord:
            options.extend(s for s, k in left.items() if k > 0)
        rng.shuffle(options)
        for o in options:
            if o == hearts and before_forced and slots[i] != last and obs.forced:
                continue
            if o >= 0:
                held[o] += 1
            choice.append(o)
            if ok_after(i, held):
                if o == -1:
                    found = dfs(i + 1, n_plain - 1, n_big, n_ord, held, left)
                elif o == big_suit:
                    found = dfs(i + 1, n_plain, n_big - 1, n_ord, held, left)
                else:
                    left[o] -= 1
                    found = dfs(i + 1, n_plain, n_big, n_ord - 1, held, left)
                    left[o] += 1
                if found:
                    return True
            choice.pop()
            if o >= 0:
                held[o] -= 1
        failed.add(key)
        return False

    if not dfs(0, len(plain), c[SUITED_ACE + big_suit], c[ACE], [0, 0, 0, 0], dict(avail)):
        return None
    rng.shuffle(plain)
    at: dict[int, int] = {}
    suits = []
    pi = 0
    for k, o in zip(slots, choice, strict=True):
        if o == -1:
            at[k] = plain[pi]
            pi += 1
        else:
            at[k] = SUITED_ACE + o
            if o != big_suit:
                suits.append(o)
    if _ask_pattern(me, first, n, at, facts.decls) != _target_pattern(obs):
        return None  # pragma: no cover - the search checks every question
    return at, suits


def _place(seat_cards: list[int], slots: list[int], musts: list[tuple[int, int]],
           last_only: int | None, not_last: int | None, rng: random.Random
           ) -> dict[int, int] | None:
    """Put ``seat_cards`` (faces) into ``slots``: each ``(face, deadline)`` of
    ``musts`` in a slot up to its deadline, every ``last_only`` face in the last
    slot, one ``not_last`` face outside it; the rest at random. None if impossible."""
    cards = list(seat_cards)
    free = list(slots)
    at: dict[int, int] = {}
    last = slots[-1]
    if last_only is not None:
        k = cards.count(last_only)
        if k > 1:
            return None
        if k == 1:
            cards.remove(last_only)
            free.remove(last)
            at[last] = last_only
    for face, deadline in sorted(musts, key=lambda m: m[1]):
        if face not in cards:
            return None
        options = [k for k in free if k <= deadline]
        if not options:
            return None
        k = options[rng.randrange(len(options))]
        free.remove(k)
        cards.remove(face)
        at[k] = face
    if not_last is not None and not_last in cards and not any(v == not_last for v in at.values()):
        options = [k for k in free if k != last]
        if not options:
            return None
        k = options[rng.randrange(len(options))]
        free.remove(k)
        cards.remove(not_last)
        at[k] = not_last
    rng.shuffle(cards)
    at.update(zip(free, cards, strict=True))
    return at


class DealSampler:
    """Draws deals for one observation (see :func:`sample_deal`), working out the
    knowledge and the seat's own draw order once (the latter with the first
    sample's generator)."""

    __slots__ = ("observation", "knowledge", "tries", "_facts", "_own", "_starts",
                 "_moves")

    def __init__(self, observation: Observation, *, tries: int = TRIES):
        self.observation = obs = observation
        self.knowledge = knowledge(observation)
        self.tries = max(1, tries)
        self._facts = _draw_facts(obs)
        n = obs.players
        moves = _play_moves(obs)
        self._moves = moves
        # the cards each seat's sampled hand adds up to at the start of play
        delta = [0] * n
        for seat, out, into in moves:
            delta[seat] += out - into
        self._starts = delta
        self._own: tuple[dict[int, int], list[int]] | None = None
        """The seat's own cards in its slots (found with the first sample's rng)."""

    def _own_draw(self, rng: random.Random) -> tuple[dict[int, int], list[int]]:
        if self._own is None:
            obs = self.observation
            own = _arrange_own(obs, obs.hand + self._starts[obs.seat], self._facts, rng)
            if own is None:
                raise ChupaiError("the seat's own draw cannot be reproduced")
            self._own = own
        return self._own

    def _stock(self, hands: list[Cards], rng: random.Random) -> list[int] | None:
        """A stock dealing ``hands`` (at the start of play, normalized) that
        reproduces the public draw; None when this draw does not fit."""
        obs = self.observation
        n, me, first = obs.players, obs.seat, obs.first_drawer
        big_suit = obs.big_suit
        assert big_suit is not None
        big = SUITED_ACE + big_suit
        own_at, own_suits = self._own_draw(rng)
        facts = self._facts
        # suits of the others' ordinary Aces
        left = {s: 2 for s in _ace_suits(big_suit)}
        for s in own_suits:
            left[s] -= 1
        faces: list[list[int]] = [[] for _ in range(n)]
        to_suit: list[int] = []
        for s in range(n):
            if s == me:
                continue
            c = _counts(hands[s])
            fs = faces[s]
            for f in range(NFACES):
                if f != ACE and c[f]:
                    fs.extend([f] * c[f])
            to_suit.extend([s] * c[ACE])
        for seat, suit in facts.ordinary:
            if seat == me:
                continue
            if seat not in to_suit or left[suit] <= 0:
                return None
            to_suit.remove(seat)
            left[suit] -= 1
            faces[seat].append(SUITED_ACE + suit)
        copies = [s for s, k in left.items() for _ in range(k)]
        if len(copies) != len(to_suit):
            return None
        rng.shuffle(copies)
        for seat, suit in zip(to_suit, copies, strict=True):
            faces[seat].append(SUITED_ACE + suit)
        # forced ♥A declaration: nobody before the declarer held an AH but as its last card
        last_only = [False] * n
        if obs.forced:
            d = obs.declarer
            for i in range(n):
                s = (first + i) % n
                if s == d:
                    break
                last_only[s] = True
        stock = [0] * STOCK_SIZE
        for k, f in own_at.items():
            stock[k] = f
        for s in range(n):
            if s == me:
                continue
            musts = [(SUITED_ACE + suit, k) for seat, suit, cnt, k in facts.aces
                     if seat == s for _ in range(cnt)]
            at = _place(faces[s], _slots(first, s, n), musts,
                        big if last_only[s] else None,
                        big if obs.forced and s == obs.declarer else None, rng)
            if at is None:
                return None
            for k, f in at.items():
                stock[k] = f
        return stock

    def _rebuild(self, stock: list[int]) -> BigADeal | None:
        """Run the draw and replay the public history; None if it does not match."""
        obs = self.observation
        me = obs.seat
        try:
            deal = BigADeal.from_stock(obs.rules, stock, obs.first_drawer)
        except ValueError:
            return None
        decls = list(self._facts.decls)
        di = 0
        pre = {ev.seat: ev.action for ev in obs.history
               if type(ev.action) is Choice and ev.action != DECLINE}
        hist = obs.history
        hi = 0
        while deal.phase is Phase.DRAW:
            s = deal.to_act
            assert s is not None
            if di < len(decls) and decls[di][0] == deal.drawn - 1 and decls[di][1] == s:
                action: Declare | Choice = decls[di][2]
                di += 1
            else:
                action = DECLINE
            if action not in deal.legal_actions():
                return None
            deal.apply_unchecked(action)
        if di != len(decls):
            return None
        if deal.phase is Phase.SHOW_SECOND:
            want = pre.get(deal.declarer if deal.declarer is not None else -1, KEEP_HIDDEN)
            deal.apply_unchecked(SHOW_SECOND if want == SHOW_SECOND else KEEP_HIDDEN)
        if deal.phase is Phase.REVEAL:
            p = deal.to_act
            want = pre.get(p if p is not None else -1, STAY_HIDDEN)
            deal.apply_unchecked(REVEAL if want == REVEAL else STAY_HIDDEN)
        if deal.phase is not Phase.PLAY:
            return None
        # the play history
        while hi < len(hist) and not _is_play(hist[hi]):
            hi += 1
        for ev in hist[hi:]:
            if not _is_play(ev) or deal.to_act != ev.seat:
                return None
            deal.apply_unchecked(ev.action)
            if deal.phase is not Phase.PLAY:
                return None
        if deal.observe(me) != obs:
            return None
        return deal

    def sample(self, rng: random.Random) -> BigADeal:
        """One consistent deal; raises :class:`ChupaiError` when ``tries`` draws
        in a row were inconsistent."""
        obs = self.observation
        know = self.knowledge
        big = SUITED_ACE + (obs.big_suit or 0)
        starts = self._starts
        for _ in range(self.tries):
            hands = sample_hands(know, rng)
            hands[obs.seat] = obs.hand
            if any(((h >> SHIFTS[big]) & _F) > m for h, m in zip(hands, know.big_max, strict=True)):
                continue
            begin = [h + starts[s] for s, h in enumerate(hands)]
            if obs.forced and any(
                    ((begin[s] >> SHIFTS[big]) & _F) > 1 for s in self._before_forced()):
                continue
            stock = self._stock(begin, rng)
            if stock is None:
                continue
            deal = self._rebuild(stock)
            if deal is not None:
                return deal
        raise ChupaiError("no deal consistent with the observation was found")

    def _before_forced(self) -> list[int]:
        obs = self.observation
        out = []
        for i in range(obs.players):
            s = (obs.first_drawer + i) % obs.players
            if s == obs.declarer:
                break
            out.append(s)
        return out


def _is_play(ev: Event) -> bool:
    a = ev.action
    return type(a) is Combo or type(a) is Capture or isinstance(a, Pass)


def sample_deal(observation: Observation, rng: random.Random, *, tries: int = TRIES) -> BigADeal:
    """A full deal in the play phase that the seat of ``observation`` cannot tell
    from the real one, with the hidden cards drawn at random (see the module
    documentation). Raises :class:`ChupaiError` outside the play phase, or when
    no consistent deal was found in ``tries`` draws. To draw many deals for one
    observation, :class:`DealSampler` saves the repeated work."""
    return DealSampler(observation, tries=tries).sample(rng)
