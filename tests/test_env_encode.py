"""The observation encodings of :mod:`chupai.env.encode`: a fixed shape and
layout per game and rules, segments that decode back to the observation, card
accounts that add up, and secrecy: two deals that differ only in cards the
observing seat cannot see give that seat the same vector."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from chupai.biga import cards as ba_cards  # noqa: E402
from chupai.biga.game import STOCK_SIZE, BigADeal  # noqa: E402
from chupai.biga.game import new_deal as biga_deal  # noqa: E402
from chupai.bigtwo.game import BigTwoDeal  # noqa: E402
from chupai.bigtwo.game import new_deal as bigtwo_deal  # noqa: E402
from chupai.doudizhu import combos as dd_combos  # noqa: E402
from chupai.doudizhu.game import DouDizhuDeal  # noqa: E402
from chupai.doudizhu.game import new_deal as doudizhu_deal  # noqa: E402
from chupai.env.encode import HISTORY_LENGTH, Encoder  # noqa: E402
from chupai.errors import IllegalActionError  # noqa: E402
from chupai.games import resolve_rules  # noqa: E402

NEW_DEAL: dict[str, Callable[..., Any]] = {
    "bigtwo": bigtwo_deal,
    "doudizhu": doudizhu_deal,
    "biga": biga_deal,
}

PRESETS = [
    ("bigtwo", "standard"),
    ("bigtwo", "hongkong"),
    ("bigtwo", "taiwan"),
    ("bigtwo", "mainland"),
    ("doudizhu", "classic"),
    ("doudizhu", "four_player"),
    ("biga", "standard"),
]

EXCHANGE_VARIANTS: list[tuple[dict[str, str], dict[str, Any]]] = [
    ({"series": "class_struggle"}, {}),
    ({"series": "class_struggle", "class_exchange": "demand"}, {}),
    ({"series": "tribute", "tribute_method": "one_card"}, {}),
    ({"series": "tribute", "tribute_method": "draw_three"}, {}),
    ({"series": "tribute", "tribute_method": "choose_hands"}, {}),
    ({"pre_exchange": "true"}, {}),
    ({"players": "3"}, {}),
]
"""Big Two options whose deals have exchanges or a leftover card (the ``known``
and ``exposed`` paths of the encoding)."""


def _id(case: tuple[str, str]) -> str:
    return f"{case[0]}-{case[1]}"


def deal_states(game: str, rules: Any, seed: int, **kw: Any) -> Iterator[Any]:
    """The states of one deal played with random legal actions (the live deal,
    observed before each step and at the end)."""
    deal = NEW_DEAL[game](rules, seed, **kw)
    rng = random.Random(seed)
    while True:
        yield deal
        if deal.is_terminal():
            return
        deal.apply_unchecked(rng.choice(deal.legal_actions()))


def sample_observations(
    game: str, rules: Any, seeds: range, every: int = 1, **kw: Any
) -> Iterator[tuple[Any, Any]]:
    """``(deal, observation)`` pairs: every ``every``-th state of each deal, seen by
    a seat that rotates from state to state."""
    for seed in seeds:
        for i, deal in enumerate(deal_states(game, rules, seed, **kw)):
            if i % every == 0:
                yield deal, deal.observe(i % deal.players)


# ---------------------------------------------------------------------------
# Shape, layout, dtype
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("case", PRESETS, ids=_id)
def test_layout_tiles_the_vector(case: tuple[str, str]) -> None:
    game, preset = case
    enc = Encoder.for_rules(game, resolve_rules(game, preset))
    at = 0
    for seg in enc.layout:
        assert seg.start == at and seg.length > 0, seg
        assert seg.description
        at = seg.stop
    assert at == enc.size and enc.shape == (enc.size,)
    names = [s.name for s in enc.layout]
    assert len(set(names)) == len(names)
    n = enc.players
    for name in (
        "hand",
        "unseen",
        "top",
        *(f"played.{k}" for k in range(n)),
        *(f"known.{k}" for k in range(1, n)),
        *(f"history.{i}.cards" for i in range(HISTORY_LENGTH)),
    ):
        assert enc.segment(name).length == enc.planes.size
    assert sum(s.length for s in enc.layout) == enc.size
    text = enc.describe()
    assert all(name in text for name in names)


def test_encoders_are_cached_and_accept_aliases_and_preset_names() -> None:
    rules = resolve_rules("doudizhu", "classic")
    enc = Encoder.for_rules("doudizhu", rules)
    assert Encoder.for_rules("ddz", rules) is enc
    assert Encoder("Dou Dizhu", "classic").layout == enc.layout
    with pytest.raises(KeyError, match="segments"):
        enc.segment("nope")


def test_layout_sizes() -> None:
    """The card-plane sizes of the module docstring."""
    sizes = {case: Encoder.for_rules(case[0], resolve_rules(*case)).planes.size for case in PRESETS}
    assert sizes[("bigtwo", "standard")] == 52
    assert sizes[("doudizhu", "classic")] == 54
    assert sizes[("doudizhu", "four_player")] == 108
    assert sizes[("biga", "standard")] == 116


@pytest.mark.parametrize("case", PRESETS, ids=_id)
def test_shape_dtype_and_decoding_over_random_deals(case: tuple[str, str]) -> None:
    game, preset = case
    rules = resolve_rules(game, preset)
    enc = Encoder.for_rules(game, rules)
    n = enc.players
    batch = np.zeros((2, enc.size), np.float32)
    count = 0
    seeds = range(3) if game == "biga" else range(6)
    for deal, obs in sample_observations(game, rules, seeds, every=3 if game == "biga" else 1):
        x = enc.encode(obs)
        assert x.shape == enc.shape and x.dtype == np.float32
        assert np.isfinite(x).all() and x.min() >= 0.0 and x.max() <= 2.0
        enc.encode_into(obs, batch[1])
        assert np.array_equal(batch[1], x)
        me = obs.seat
        # own hand, plays, top play decode back to the observation
        assert enc.decode_cards(x, "hand") == obs.hand
        for k in range(n):
            assert enc.decode_cards(x, f"played.{k}") == obs.played[(me + k) % n]
        top = enc.decode_cards(x, "top")
        if obs.top is None:
            assert top == 0
        else:
            assert top == (obs.top.mask if game == "bigtwo" else obs.top.cards)
        # counts: the hand plane sums to the hand size; cards left per seat
        assert enc.view(x, "hand").sum() == obs.hand_counts[me]
        for k in range(n):
            left = enc.view(x, f"cards_left.{k}")
            c = obs.hand_counts[(me + k) % n]
            assert left[1:].sum() == 1 and left[1 + min(c, 4)] == 1
            assert left[0] == pytest.approx(c / enc._codec._left_scale)
        # the history: at most one seat per entry, no cards on a pass
        for i in range(HISTORY_LENGTH):
            cards = enc.view(x, f"history.{i}.cards")
            seat = enc.view(x, f"history.{i}.seat")
            passed = enc.view(x, f"history.{i}.pass")[0]
            assert seat.sum() in (0, 1)
            if passed:
                assert seat.sum() == 1 and cards.sum() == 0
            if seat.sum() == 0:
                assert cards.sum() == 0 and passed == 0
        count += 1
    assert count > 50


@pytest.mark.parametrize("case", PRESETS, ids=_id)
def test_history_is_the_last_plays_and_passes(case: tuple[str, str]) -> None:
    game, preset = case
    rules = resolve_rules(game, preset)
    enc = Encoder.for_rules(game, rules)
    n = enc.players
    checked = 0
    for deal, obs in sample_observations(game, rules, range(2)):
        if deal.phase.value not in ("play", "over"):
            continue
        plays = []
        started = False
        for ev in obs.history:
            a = ev.action
            name = type(a).__name__
            if name in ("Combo", "LastCard", "Capture") or name == "Choice" and a.name == "show":
                started = True  # the play phase begins (Dou Dizhu: or with 明牌)
            if not started:
                continue
            if name == "Combo":
                plays.append((a.mask if game == "bigtwo" else a.cards, ev.seat))
            elif name == "LastCard":
                plays.append((a.play.mask, ev.seat))
            elif name == "Capture":
                plays.append((a.fours.cards, ev.seat))
            elif name == "Pass":
                plays.append((-1, ev.seat))
            else:
                assert name == "Choice", ev
        plays = [(c, (s - obs.seat) % n) for c, s in plays]
        x = enc.encode(obs)
        want = list(reversed(plays))[:HISTORY_LENGTH]
        for i in range(HISTORY_LENGTH):
            seat = enc.view(x, f"history.{i}.seat")
            if i >= len(want):
                assert seat.sum() == 0
                continue
            cards, rel = want[i]
            assert seat[rel] == 1
            assert enc.view(x, f"history.{i}.pass")[0] == (cards == -1)
            assert enc.decode_cards(x, f"history.{i}.cards") == max(cards, 0)
        checked += 1
    assert checked > 20


# ---------------------------------------------------------------------------
# Card accounts: unseen and known cards against the true deal
# ---------------------------------------------------------------------------


def _contains_packed(hand: int, sub: int, guard: int) -> bool:
    return (hand + guard - sub) & guard == guard


@pytest.mark.parametrize("preset", ["classic", "four_player"])
def test_doudizhu_unseen_and_known_add_up(preset: str) -> None:
    rules = resolve_rules("doudizhu", preset)
    enc = Encoder.for_rules("doudizhu", rules)
    n = enc.players
    for deal, obs in sample_observations("doudizhu", rules, range(8)):
        x = enc.encode(obs)
        me = obs.seat
        unseen = enc.decode_cards(x, "unseen")
        total_known = 0
        for k in range(1, n):
            s = (me + k) % n
            known = enc.decode_cards(x, f"known.{k}")
            assert _contains_packed(deal.hands[s], known, dd_combos.GUARD)
            total_known += known
        hidden = sum(deal.hands[s] for s in range(n) if s != me)
        if not deal.kitty_taken:
            hidden += deal.kitty
        assert unseen + total_known == hidden
        kitty = enc.decode_cards(x, "kitty")
        assert kitty == (deal.kitty if deal.kitty_taken else 0)
        assert (
            enc.view(x, "hand").sum()
            + enc.view(x, "unseen").sum()
            + sum(enc.view(x, f"played.{k}").sum() for k in range(n))
            + sum(enc.view(x, f"known.{k}").sum() for k in range(1, n))
        ) == dd_combos.size_of(dd_combos.deck_cards(rules))


def _bigtwo_cases() -> list[tuple[str, dict[str, str], dict[str, Any]]]:
    out: list[tuple[str, dict[str, str], dict[str, Any]]] = [
        (p, {}, {}) for p in ("standard", "hongkong", "taiwan", "mainland")
    ]
    for over, kw in EXCHANGE_VARIANTS:
        out.append(("standard", over, kw))
    out.append(("taiwan", {"players": "3"}, {}))
    return out


@pytest.mark.parametrize(
    "preset,over,kw",
    _bigtwo_cases(),
    ids=lambda v: v if isinstance(v, str) else ",".join(f"{k}={w}" for k, w in v.items()) or "-",
)
def test_bigtwo_unseen_and_known_add_up(
    preset: str, over: dict[str, str], kw: dict[str, Any]
) -> None:
    rules = resolve_rules("bigtwo", preset, over)
    n = rules.players
    kw = dict(kw)
    if rules.series.value != "none":
        kw.update(first_deal=False, leader=0, ranking=list(range(n)))
    enc = Encoder.for_rules("bigtwo", rules)
    # class struggle and draw_three pass cards on in steps only two seats see
    strict_known = (
        over.get("series") != "class_struggle" and over.get("tribute_method") != "draw_three"
    )
    nonzero_known = 0
    for deal, obs in sample_observations("bigtwo", rules, range(6), **kw):
        x = enc.encode(obs)
        me = obs.seat
        unseen = enc.decode_cards(x, "unseen")
        others = 0
        for s in range(n):
            if s != me:
                others |= deal.hands[s]
        known_all = 0
        for k in range(1, n):
            known = enc.decode_cards(x, f"known.{k}")
            assert known & known_all == 0
            known_all |= known
            if not strict_known:
                continue
            assert known & ~deal.hands[(me + k) % n] == 0, "a known card is not in that hand"
        # where the seat last saw a card: in another seat's hand (class struggle
        # may move it on between two other seats unseen)
        assert known_all & ~others == 0
        nonzero_known += bool(known_all)
        hidden = deal.set_aside | deal.leftover | (deal.pool if deal.pool else 0)
        for s in range(n):
            if s != me:
                hidden |= deal.hands[s]
        for p in deal.piles:
            hidden |= p
        assert unseen & ~hidden == 0, "a card the seat knows is marked unseen"
        assert unseen & known_all == 0
        # every hidden card is unseen or known, except a face-up leftover card
        assert hidden & ~(unseen | known_all) & ~deal.leftover_shown == 0
        assert enc.decode_cards(x, "exposed") == obs.exposed | obs.leftover_shown
    if over.get("series") == "class_struggle" or over.get("tribute_method") == "one_card":
        assert nonzero_known > 0


def test_biga_unseen_and_known_add_up() -> None:
    rules = resolve_rules("biga", "standard")
    enc = Encoder.for_rules("biga", rules)
    n = enc.players
    for deal, obs in sample_observations("biga", rules, range(4), every=2):
        x = enc.encode(obs)
        me = obs.seat
        playing = deal.phase.value in ("play", "over") and deal.big_suit is not None
        suit = deal.big_suit if playing else None

        def norm(c: int) -> int:
            return ba_cards.normalize(c, suit) if suit is not None else c

        unseen = enc.decode_cards(x, "unseen")
        total_known = 0
        for k in range(1, n):
            s = (me + k) % n
            known = enc.decode_cards(x, f"known.{k}")
            assert ba_cards.contains(deal.hands[s], known)
            total_known += known
        hidden = sum(deal.hands[s] for s in range(n) if s != me)
        hidden += sum(ba_cards.UNIT[f] for f in deal.stock[deal.drawn : STOCK_SIZE])
        assert unseen + total_known == norm(hidden)


# ---------------------------------------------------------------------------
# Secrecy: hidden cards swapped between two other seats change nothing
# ---------------------------------------------------------------------------


def _replay(deal: Any, actions: list[Any]) -> bool:
    try:
        for a in actions:
            deal.apply_action(a)
    except IllegalActionError:
        return False
    return True


def _prefix(game: str, rules: Any, seed: int, rng: random.Random) -> tuple[Any, list[Any]] | None:
    """A deal at a random non-terminal point of a random playout, and the actions
    that led there (None when the deal ended without an action)."""
    deal = NEW_DEAL[game](rules, seed)
    play = random.Random(seed)
    actions: list[Any] = []
    while not deal.is_terminal():
        a = play.choice(deal.legal_actions())
        actions.append(a)
        deal.apply_unchecked(a)
    if not actions:
        return None
    cut = rng.randrange(len(actions))
    deal = NEW_DEAL[game](rules, seed)
    assert _replay(deal, actions[:cut])
    return deal, actions[:cut]


def _assert_same_view(x_deal: Any, y_deal: Any, me: int, other: int, enc: Encoder) -> None:
    ox, oy = x_deal.observe(me), y_deal.observe(me)
    assert ox == oy, "the engine's observation leaks the swapped cards"
    assert np.array_equal(enc.encode(ox), enc.encode(oy))
    # the swap did change what the involved seat itself sees
    assert not np.array_equal(enc.encode(x_deal.observe(other)), enc.encode(y_deal.observe(other)))


def _swap_packed(h1: int, h2: int, r1: int, r2: int, unit: tuple[int, ...]) -> tuple[int, int]:
    return h1 - unit[r1] + unit[r2], h2 - unit[r2] + unit[r1]


def _counts(cards: int, nfields: int) -> list[int]:
    return [(cards >> (5 * f)) & 31 for f in range(nfields)]


@pytest.mark.parametrize("preset", ["classic", "four_player"])
def test_secrecy_doudizhu(preset: str) -> None:
    rules = resolve_rules("doudizhu", preset)
    enc = Encoder.for_rules("doudizhu", rules)
    n = rules.players
    rng = random.Random(2024)
    done = 0
    for seed in range(200):
        found = _prefix("doudizhu", rules, seed, rng)
        if found is None:
            continue
        x_deal, actions = found
        me = rng.randrange(n)
        a, b = rng.sample([s for s in range(n) if s != me], 2)
        if x_deal.shown and x_deal.landlord in (a, b):
            continue  # 明牌: the landlord's hand is public
        dealt = list(x_deal.dealt_hands)
        free_a = [
            r for r, c in enumerate(_counts(dealt[a], 15)) if c > _counts(x_deal.played[a], 15)[r]
        ]
        free_b = [
            r for r, c in enumerate(_counts(dealt[b], 15)) if c > _counts(x_deal.played[b], 15)[r]
        ]
        pairs = [(ra, rb) for ra in free_a for rb in free_b if ra != rb]
        if not pairs:
            continue
        ra, rb = rng.choice(pairs)
        dealt[a], dealt[b] = _swap_packed(dealt[a], dealt[b], ra, rb, dd_combos.UNIT)
        try:
            y_deal = DouDizhuDeal.from_hands(
                rules,
                dealt,
                x_deal.kitty,
                dealer=x_deal.dealer,
                marker_index=x_deal.marker_index,
                marker=x_deal.marker,
                doubled=x_deal.doubled,
                seed=x_deal.seed,
            )
        except ValueError:
            continue  # the marker card would leave the first bidder's hand
        if not _replay(y_deal, actions):
            continue
        _assert_same_view(x_deal, y_deal, me, a, enc)
        done += 1
        if done == 25:
            break
    assert done >= 10


@pytest.mark.parametrize("preset", ["standard", "taiwan"])
def test_secrecy_bigtwo(preset: str) -> None:
    rules = resolve_rules("bigtwo", preset)
    enc = Encoder.for_rules("bigtwo", rules)
    n = rules.players
    rng = random.Random(7)
    done = 0
    for seed in range(200):
        found = _prefix("bigtwo", rules, seed, rng)
        if found is None:
            continue
        x_deal, actions = found
        me = rng.randrange(n)
        a, b = rng.sample([s for s in range(n) if s != me], 2)
        dealt = list(x_deal.dealt_hands)
        start = 1 << x_deal.starting_card  # its holder is public
        free_a = dealt[a] & ~x_deal.played[a] & ~start
        free_b = dealt[b] & ~x_deal.played[b] & ~start
        if not free_a or not free_b:
            continue
        ca = rng.choice([c for c in range(52) if free_a >> c & 1])
        cb = rng.choice([c for c in range(52) if free_b >> c & 1])
        dealt[a] ^= (1 << ca) | (1 << cb)
        dealt[b] ^= (1 << ca) | (1 << cb)
        y_deal = BigTwoDeal.from_hands(rules, dealt, dealer=x_deal.dealer, seed=x_deal.seed)
        if y_deal.instant_win != x_deal.instant_win or not _replay(y_deal, actions):
            continue
        _assert_same_view(x_deal, y_deal, me, a, enc)
        done += 1
        if done == 25:
            break
    assert done >= 10


def test_secrecy_biga() -> None:
    rules = resolve_rules("biga", "standard")
    enc = Encoder.for_rules("biga", rules)
    n = rules.players
    rng = random.Random(11)
    done = 0
    for seed in range(60):
        found = _prefix("biga", rules, seed, rng)
        if found is None:
            continue
        x_deal, actions = found
        me = rng.randrange(n)
        a, b = rng.sample([s for s in range(n) if s != me], 2)
        stock = list(x_deal.stock)
        # two cards of other faces than the Aces (declarations look at Aces only),
        # drawn by a and by b at any time of the draw
        pos_a = [
            k
            for k in range(STOCK_SIZE)
            if x_deal.seat_of_card(k) == a and stock[k] < ba_cards.SUITED_ACE
        ]
        pos_b = [
            k
            for k in range(STOCK_SIZE)
            if x_deal.seat_of_card(k) == b and stock[k] < ba_cards.SUITED_ACE
        ]
        pairs = [
            (ka, kb)
            for ka in rng.sample(pos_a, 6)
            for kb in rng.sample(pos_b, 6)
            if stock[ka] != stock[kb]
        ]
        ka, kb = rng.choice(pairs)
        stock[ka], stock[kb] = stock[kb], stock[ka]
        y_deal = BigADeal.from_stock(rules, stock, x_deal.first_drawer, seed=x_deal.seed)
        if not _replay(y_deal, actions):
            continue
        if x_deal.drawn <= min(ka, kb):
            continue  # neither has drawn its card yet: nothing to see
        _assert_same_view(x_deal, y_deal, me, a if x_deal.drawn > ka else b, enc)
        done += 1
        if done == 15:
            break
    assert done >= 8


def test_doudizhu_shown_landlord_hand_is_known() -> None:
    """After 明牌 the peasants see the landlord's whole hand: it is ``known`` and
    nothing of it is ``unseen``; the landlord's own view is unchanged."""
    rules = resolve_rules("doudizhu", "classic")
    enc = Encoder.for_rules("doudizhu", rules)
    n = rules.players
    shown = 0
    for seed in range(12):
        deal = doudizhu_deal(rules, seed)
        rng = random.Random(seed)
        while not deal.is_terminal():
            legal = deal.legal_actions()
            show = [a for a in legal if deal.action_text(a) == "show"]
            before = enc.encode(deal.observe(deal.landlord)) if show else None
            deal.apply_action(show[0] if show else rng.choice(legal))
            if before is not None:
                lord = deal.landlord
                after = enc.encode(deal.observe(lord))
                assert np.array_equal(enc.view(before, "unseen"), enc.view(after, "unseen"))
                assert enc.view(after, "shown")[0] == 1
                for me in range(n):
                    if me == lord:
                        continue
                    x = enc.encode(deal.observe(me))
                    k = (lord - me) % n
                    assert enc.decode_cards(x, f"known.{k}") == deal.hands[lord]
                    rest = [s for s in range(n) if s not in (me, lord)]
                    known = sum(enc.decode_cards(x, f"known.{(s - me) % n}") for s in rest)
                    assert enc.decode_cards(x, "unseen") + known == sum(deal.hands[s] for s in rest)
                shown += 1
    assert shown >= 5


def test_count_planes_cap_counts_beyond_the_decks() -> None:
    """A Big A seat can play more 4s than the decks hold (captured 4s come back into
    play): its played plane is capped, not an error."""
    from chupai.env.encode import _CountPlanes

    planes = _CountPlanes([8, 8])
    v = planes._make((9 << 5) | 3)
    assert v[:8].sum() == 3 and v[8:].sum() == 8
