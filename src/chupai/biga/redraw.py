"""A stock that reproduces the public draw of a Big A deal, for
:mod:`chupai.biga.sampling` (see its module documentation).

The observing seat's own cards are put into its slots of the stock by a search that
reproduces every question its history shows (:func:`arrange_own`); the other seats'
cards get suits for their ordinary Aces and go into their slots with the shown Aces
before their checkpoints and the forced declaration's constraints
(:func:`build_stock`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from chupai.biga.cards import ACE, NFACES, SUITED_ACE, UNIT, Cards
from chupai.biga.events import (
    ACES_SHIFT,
    DECLINE,
    HEARTS,
    LAST_CHECKPOINT,
    PAIR_BITS,
    STOCK_SIZE,
    Declare,
)
from chupai.biga.knowledge import before_forced, counts
from chupai.biga.observation import Observation

__all__ = [
    "DrawFacts",
    "ace_suits",
    "arrange_own",
    "build_stock",
    "draw_facts",
    "place",
    "slots_of",
    "target_pattern",
]


class DrawFacts(NamedTuple):
    """The public facts of the draw that the stock must reproduce."""

    decls: tuple[tuple[int, int, Declare], ...]
    """``(checkpoint card, seat, declaration)`` in order."""
    aces: tuple[tuple[int, int, int, int], ...]
    """``(seat, suit, count, deadline)``: the seat drew ``count`` Aces of ``suit``
    by card ``deadline`` (declared Aces)."""
    ordinary: tuple[tuple[int, int], ...]
    """``(seat, suit)``: the seat's shown Ace of ``suit`` became ordinary."""


def draw_facts(obs: Observation) -> DrawFacts:
    decls = tuple(
        (drawn - 1, ev.seat, ev.action)
        for drawn, ev in obs.declarations
        if isinstance(ev.action, Declare)
    )
    need: dict[tuple[int, int], tuple[int, int]] = {}
    for k, seat, d in decls:
        count = 2 if d.two else 1
        old = need.get((seat, d.suit))
        if old is None or old[0] < count:
            need[(seat, d.suit)] = (count, k if old is None or count > old[0] else old[1])
    aces = tuple((seat, suit, c, k) for (seat, suit), (c, k) in need.items())
    ordinary = tuple((seat, suit) for seat, suit, _, _ in aces if suit != obs.big_suit)
    return DrawFacts(decls, aces, ordinary)


def slots_of(first: int, seat: int, n: int) -> list[int]:
    return [k for k in range(STOCK_SIZE) if (first + k) % n == seat]


def _ask_pattern(
    me: int, first: int, n: int, cards_at: dict[int, int], decls: Sequence[tuple[int, int, Declare]]
) -> list[tuple[int, int]]:
    """The draw-phase events ``me`` sees with its cards at the stock positions of
    ``cards_at``: each public declaration as ``(seat, 1)`` and each question put
    to ``me`` as ``(me, 0)``, in order (a declaration of ``me`` counts once)."""
    hand = 0
    declared = False
    two = False
    di = 0
    out: list[tuple[int, int]] = []
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
                aces = hand >> ACES_SHIFT
                if aces and (not declared or aces & PAIR_BITS):
                    out.append((me, 0))
    return out


def target_pattern(obs: Observation) -> list[tuple[int, int]]:
    out = []
    for ev in obs.history:
        a = ev.action
        if isinstance(a, Declare):
            out.append((ev.seat, 1))
        elif ev.seat == obs.seat and a == DECLINE:
            out.append((obs.seat, 0))
    return out


def ace_suits(big_suit: int) -> list[int]:
    return [s for s in range(4) if s != big_suit]


def _expected_asks(
    obs: Observation, decls: Sequence[tuple[int, int, Declare]]
) -> dict[int, tuple[int, bool]] | None:
    """For every checkpoint at which the seat could be asked: ``(phase, asked)``,
    ``phase`` 0 before any declaration (asked when holding an Ace) and 1 after a
    single-Ace declaration (asked when holding both Aces of a suit), from the
    number of questions its history shows in each phase. None if the history
    cannot be read so."""
    me, n, first = obs.seat, obs.players, obs.first_drawer
    target = target_pattern(obs)
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


def arrange_own(
    obs: Observation, start: Cards, facts: DrawFacts, rng: random.Random
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
    slots = slots_of(first, me, n)
    c = counts(start)
    plain = [f for f in range(NFACES) for _ in range(c[f]) if f != ACE and f < SUITED_ACE]
    if len(plain) + c[ACE] + c[SUITED_ACE + big_suit] != len(slots):
        return None
    claimed = {s: 0 for s in range(4)}
    for seat, suit in facts.ordinary:
        if seat != me:
            claimed[suit] += 1
    avail = {s: 2 - claimed[s] for s in ace_suits(big_suit)}
    # own declarations: (checkpoint, suit, count)
    own_decl = [(k, d.suit, 2 if d.two else 1) for k, seat, d in facts.decls if seat == me]
    mine_first = obs.forced and me in before_forced(obs)
    last = slots[-1]
    hearts = HEARTS
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

    def dfs(
        i: int, n_plain: int, n_big: int, n_ord: int, held: list[int], left: dict[int, int]
    ) -> bool:
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
            if o == hearts and mine_first and slots[i] != last:
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
    if _ask_pattern(me, first, n, at, facts.decls) != target_pattern(obs):
        return None  # pragma: no cover - the search checks every question
    return at, suits


def place(
    seat_cards: list[int],
    slots: list[int],
    musts: list[tuple[int, int]],
    last_only: int | None,
    not_last: int | None,
    rng: random.Random,
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
        if face not in cards or not _put(
            face, [k for k in free if k <= deadline], cards, free, at, rng
        ):
            return None
    if (
        not_last is not None
        and not_last in cards
        and not any(v == not_last for v in at.values())
        and not _put(not_last, [k for k in free if k != last], cards, free, at, rng)
    ):
        return None
    rng.shuffle(cards)
    at.update(zip(free, cards, strict=True))
    return at


def _put(
    face: int,
    options: list[int],
    cards: list[int],
    free: list[int],
    at: dict[int, int],
    rng: random.Random,
) -> bool:
    """Put ``face`` (taken from ``cards``) in a random slot of ``options`` (taken
    from ``free``); False when there is none."""
    if not options:
        return False
    k = options[rng.randrange(len(options))]
    free.remove(k)
    cards.remove(face)
    at[k] = face
    return True


def build_stock(
    obs: Observation,
    facts: DrawFacts,
    own: tuple[dict[int, int], list[int]],
    hands: list[Cards],
    rng: random.Random,
) -> list[int] | None:
    """A stock dealing ``hands`` (at the start of play, normalized) that reproduces
    the public draw, the seat's own cards placed as ``own`` (:func:`arrange_own`);
    None when this draw does not fit."""
    n, me, first = obs.players, obs.seat, obs.first_drawer
    big_suit = obs.big_suit
    assert big_suit is not None
    big = SUITED_ACE + big_suit
    own_at, own_suits = own
    faces = _others_faces(obs, facts, hands, own_suits, rng)
    if faces is None:
        return None
    # forced ♥A declaration: nobody before the declarer held an AH but as its last card
    last_only = set(before_forced(obs)) if obs.forced else set()
    stock = [0] * STOCK_SIZE
    for k, f in own_at.items():
        stock[k] = f
    for s in range(n):
        if s == me:
            continue
        musts = [
            (SUITED_ACE + suit, k)
            for seat, suit, cnt, k in facts.aces
            if seat == s
            for _ in range(cnt)
        ]
        at = place(
            faces[s],
            slots_of(first, s, n),
            musts,
            big if s in last_only else None,
            big if obs.forced and s == obs.declarer else None,
            rng,
        )
        if at is None:
            return None
        for k, f in at.items():
            stock[k] = f
    return stock


def _others_faces(
    obs: Observation, facts: DrawFacts, hands: list[Cards], own_suits: list[int], rng: random.Random
) -> list[list[int]] | None:
    """The faces of every other seat's cards, its ordinary Aces given suits (those
    shown in declarations first, the rest at random); None if they do not fit."""
    n, me = obs.players, obs.seat
    assert obs.big_suit is not None
    left = {s: 2 for s in ace_suits(obs.big_suit)}
    for s in own_suits:
        left[s] -= 1
    faces: list[list[int]] = [[] for _ in range(n)]
    to_suit: list[int] = []
    for s in range(n):
        if s == me:
            continue
        c = counts(hands[s])
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
    return faces
