"""The web views keep the secrecy contract (``chupai.web.views``).

* The public part is common knowledge: built from any seat's observation at the
  same moment it is the same value (so a spectator may be sent it).
* It shows no card of a hand before the end (Big Two, whose cards are unique).
* A seat's view does not change when two other seats swap cards they never show
  (differential test), and shows no other seat's hand.
* Every legal entry's text reads back as its action with ``deal.parse_action``.

Random games are seeded; the bots see only the acting seat's observation.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from chupai.biga import game as biga_game
from chupai.biga.cards import parse_cards as biga_parse
from chupai.bigtwo import game as bigtwo_game
from chupai.bigtwo.combos import Combo as BigTwoCombo
from chupai.bigtwo.game import Choice, LastCard
from chupai.bots import make_bot
from chupai.cards import cards_of, parse_mask
from chupai.daguailuzi import game as daguailuzi_game
from chupai.daguailuzi.cards import parse_cards as dgl_parse
from chupai.doudizhu import game as doudizhu_game
from chupai.doudizhu.combos import UNIT as DDZ_UNIT, parse_cards as ddz_parse
from chupai.games import resolve_rules
from chupai.web.views import HISTORY_LIMIT, legal_entries, public_view, seat_view

NEW_DEAL: dict[str, Any] = {
    "bigtwo": bigtwo_game.new_deal,
    "doudizhu": doudizhu_game.new_deal,
    "biga": biga_game.new_deal,
    "daguailuzi": daguailuzi_game.new_deal,
}

EXCHANGES: dict[str, Any] = {"first_deal": False, "ranking": (1, 3, 0, 2)}
"""A Big Two deal of a series after a deal ranked 1, 3, 0, 2 (§12)."""

DGL_TRIBUTE: dict[str, Any] = {
    "offense": 2,
    "levels": (3, 1),
    "givers": (1, 3, 5),
    "recipients": (2, 0, 4),
}
"""A 大怪路子 deal after a win of team A with team B all trapped (§10)."""

CASES = [
    # game, preset, overrides, new_deal arguments, deals
    ("bigtwo", "standard", {}, {}, 20),
    ("bigtwo", "taiwan", {}, {}, 20),
    ("bigtwo", "standard", {"series": "class_struggle", "pre_exchange": "true"}, EXCHANGES, 20),
    ("bigtwo", "standard", {"series": "tribute", "tribute_method": "draw_three"}, EXCHANGES, 8),
    (
        "bigtwo",
        "standard",
        {
            "players": "3",
            "leftover_rule": "malaysian",
            "last_card_call": "true",
            "ding_da": "penalty",
        },
        {},
        10,
    ),
    ("doudizhu", "classic", {}, {}, 20),
    ("doudizhu", "classic", {"ming_pai": "always"}, {}, 10),
    ("doudizhu", "four_player", {}, {}, 16),
    ("biga", "standard", {}, {}, 8),
    ("daguailuzi", "seed", {}, {}, 1),
    ("daguailuzi", "shanghai", {"return_rule": "joker_candidates"}, DGL_TRIBUTE, 1),
]
IDS = [f"{g}-{p}" + "".join(f"-{v}" for v in o.values()) for g, p, o, _, _ in CASES]


def _states(
    game: str, rules: Any, seed: int, kwargs: dict[str, Any], actions: list[Any] | None = None
) -> Iterator[Any]:
    """The deal at every step of a random game, the end included (the same object,
    advanced after each yield); the actions taken go to ``actions``."""
    deal = NEW_DEAL[game](rules, seed, **kwargs)
    bot = make_bot("random", seed, game=game)
    while True:
        yield deal
        if deal.is_terminal():
            return
        seat = deal.current_player
        action = bot.act(deal.observe(seat), deal.legal_actions())
        if actions is not None:
            actions.append(action)
        deal.apply_action(action)


def _strings(value: Any) -> Iterator[str]:
    """Every string inside a JSON value (keys excepted)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


_BIGTWO_CARD = re.compile(r"^(10|[2-9JQKA])[DCHS]$")


def _bigtwo_cards(value: Any) -> int:
    """The mask of every Big Two card token written anywhere in a JSON value."""
    mask = 0
    for s in _strings(value):
        for word in s.split():
            if _BIGTWO_CARD.match(word):
                mask |= parse_mask(word)
    return mask


# ----- 1. the public part is common knowledge ----------------------------------------------


@pytest.mark.parametrize(("game", "preset", "over", "kwargs", "deals"), CASES, ids=IDS)
def test_public_view_is_common_knowledge(
    game: str, preset: str, over: dict[str, str], kwargs: dict[str, Any], deals: int
) -> None:
    rules = resolve_rules(game, preset, over)
    steps = 0
    private_steps = 0
    for seed in range(deals):
        for deal in _states(game, rules, seed, kwargs):
            views = [public_view(game, deal.observe(s)) for s in range(deal.players)]
            first = views[0]
            for s, view in enumerate(views[1:], 1):
                assert view == first, (seed, steps, s)
            assert first["private"] is None
            json.dumps(first)
            pub = first["public"]
            # the seat's own view holds the same public part
            seat = deal.current_player if deal.current_player is not None else 0
            mine = seat_view(game, deal.observe(seat))
            assert mine["public"] == pub
            if mine["private"]["info"]["to_act"] != pub["to_act"]:
                private_steps += 1  # a private decision (Big A), hidden from the public
            history = pub["history"]
            assert len(history) <= HISTORY_LIMIT
            if history:
                start = history[0]["n"]
                assert [h["n"] for h in history] == list(range(start, start + len(history)))
            # "last" follows the engine's tricks: the top play is its player's last
            # action, and a trick not yet led shows nothing
            if pub["phase"] == "play":
                top = pub["top"]
                if top is None:
                    assert pub["last"] == [None] * deal.players, (seed, steps)
                else:
                    last = pub["last"][top["seat"]]
                    assert last is not None and last["cards"] == top["cards"], (seed, steps)
            assert (pub["outcome"] is None) == (not deal.is_terminal())
            steps += 1
    assert steps > deals * 10
    if game == "biga":
        assert private_steps > 0  # the draw's checkpoints were hidden


def test_biga_hidden_show_second_step() -> None:
    """The other seats never learn that the declarer is asked ``show_second``
    (being asked shows that it holds both Big Aces): they see ``reveal``, nobody
    to act, and no trace of ``keep_hidden`` afterwards."""
    rules = resolve_rules("biga")
    found = 0
    for seed in range(20):
        deal = biga_game.new_deal(rules, seed)
        while not deal.is_terminal() and deal.phase is not biga_game.Phase.PLAY:
            views = [public_view("biga", deal.observe(s)) for s in range(5)]
            assert all(v == views[0] for v in views)
            if deal.phase is biga_game.Phase.SHOW_SECOND:
                found += 1
                d = deal.current_player
                assert views[0]["public"]["phase"] == "reveal"
                assert views[0]["public"]["to_act"] is None
                own = seat_view("biga", deal.observe(d))
                assert own["private"]["info"]["phase"] == "show_second"
                assert own["private"]["info"]["to_act"] == d
                assert own["private"]["role"] == "declarer"
                entries = legal_entries("biga", deal.observe(d), deal.legal_actions())
                assert [e["text"] for e in entries] == ["show_second", "keep_hidden"]
            deal.apply_action(deal.legal_actions()[-1])  # decline, keep hidden, stay hidden
        if deal.phase is biga_game.Phase.PLAY and deal.alone and not deal.two_shown:
            pub = public_view("biga", deal.observe(0))["public"]
            assert "keep_hidden" not in json.dumps(pub)
            assert pub["roles"][deal.declarer] == "declarer"
            assert pub["roles"].count(None) == 4  # alone, but nobody knows it yet
            own = seat_view("biga", deal.observe(deal.declarer))
            assert [n["text"] for n in own["private"]["notes"]][-1] == "keep_hidden"
    assert found >= 2


# ----- 2. no hand in the public part before the end -------------------------------------


@pytest.mark.parametrize(
    "case",
    [c for c in CASES if c[0] == "bigtwo"],
    ids=[i for c, i in zip(CASES, IDS) if c[0] == "bigtwo"],
)
def test_bigtwo_public_part_shows_no_hand(case: Any) -> None:
    game, preset, over, kwargs, deals = case
    rules = resolve_rules(game, preset, over)
    seen_cards = 0
    for seed in range(deals):
        for deal in _states(game, rules, seed, kwargs):
            if deal.is_terminal():
                break
            public = 0
            for m in deal.played:
                public |= m
            public |= deal.exposed | deal.leftover_shown
            shown = _bigtwo_cards(public_view(game, deal.observe(seed % deal.players)))
            assert shown & ~public == 0, (seed, [c for c in cards_of(shown & ~public)])
            seen_cards |= shown
    assert seen_cards  # the walk does find cards


# ----- 3. differential secrecy of a seat's view ------------------------------------------


def _moved_bigtwo(deal: Any) -> int:
    """Every Big Two card some event of the deal names (played, given, named...)."""
    moved = deal.exposed | deal.leftover_shown
    for ev in deal.history:
        act = ev.action
        if isinstance(act, LastCard):
            moved |= act.play.mask
        elif isinstance(act, BigTwoCombo):
            moved |= act.mask
        elif isinstance(act, Choice):
            moved |= act.cards
    return moved


def _pick(seats: list[int], rng: random.Random) -> tuple[int, int] | None:
    """Two of ``seats`` at random."""
    if len(seats) < 2:
        return None
    x, y = rng.sample(seats, 2)
    return x, y


def _variant_bigtwo(
    deal: Any, rules: Any, seed: int, kwargs: dict[str, Any], rng: random.Random
) -> tuple[Any, int, int] | None:
    """The deal with a card of x and one of y swapped, neither ever moved
    (same rank when possible, so that nothing the rules count changes), x and y."""
    moved = _moved_bigtwo(deal)
    picked = _pick([t for t in range(deal.players) if deal.dealt_hands[t] & ~moved], rng)
    if picked is None:
        return None
    x, y = picked
    cx = cards_of(deal.dealt_hands[x] & ~moved)
    cy = cards_of(deal.dealt_hands[y] & ~moved)
    pairs = [(a, b) for a in cx for b in cy if a >> 2 == b >> 2] or [(a, b) for a in cx for b in cy]
    if not pairs:
        return None
    a, b = rng.choice(pairs)
    hands = list(deal.dealt_hands)
    hands[x] = hands[x] & ~(1 << a) | (1 << b)
    hands[y] = hands[y] & ~(1 << b) | (1 << a)
    _, _, leftover = bigtwo_game.deal_cards(rules, seed)
    return (
        bigtwo_game.BigTwoDeal.from_hands(
            rules,
            hands,
            leftover=leftover,
            dealer=deal.dealer,
            seed=seed,
            first_deal=kwargs.get("first_deal", True),
            ranking=kwargs.get("ranking"),
        ),
        x,
        y,
    )


def _variant_doudizhu(
    deal: Any, rules: Any, seed: int, kwargs: dict[str, Any], rng: random.Random
) -> tuple[Any, int, int] | None:
    """The deal with one card of x and one of another rank of y swapped, both
    ranks still held by their seat at the end of ``deal`` (so never needed in a
    play), x and y."""
    final = deal.hands
    # 明牌 shows the landlord's hand
    picked = _pick(
        [t for t in range(deal.players) if final[t] and not (deal.shown and t == deal.landlord)],
        rng,
    )
    if picked is None:
        return None
    x, y = picked

    def ranks(seat: int) -> list[int]:
        return [
            r
            for r in range(15)
            if (deal.dealt_hands[seat] >> (5 * r)) & 31 and (final[seat] >> (5 * r)) & 31
        ]

    pairs = [(a, b) for a in ranks(x) for b in ranks(y) if a != b]
    if not pairs:
        return None
    a, b = rng.choice(pairs)
    hands = list(deal.dealt_hands)
    hands[x] += DDZ_UNIT[b] - DDZ_UNIT[a]
    hands[y] += DDZ_UNIT[a] - DDZ_UNIT[b]
    try:
        return (
            doudizhu_game.DouDizhuDeal.from_hands(
                rules,
                hands,
                deal.kitty,
                dealer=deal.dealer,
                marker_index=deal.marker_index,
                marker=deal.marker,
                doubled=deal.doubled,
                seed=seed,
            ),
            x,
            y,
        )
    except ValueError:
        return None  # the marker card left the first bidder's hand


_BIGA_KEEP = frozenset({1, 11, 15, 16, 17, 18})
"""Big A faces not swapped: the 4s (captures) and every Ace (declarations)."""


def _variant_biga(
    deal: Any, rules: Any, seed: int, kwargs: dict[str, Any], rng: random.Random
) -> tuple[Any, int, int] | None:
    """The deal with two stock cards drawn by x and y swapped (not Aces, not 4s;
    faces both seats still hold at the point ``deal`` has reached), x and y."""
    stock = list(deal.stock)
    first = deal.first_drawer
    final = deal.hands

    def positions(seat: int) -> list[int]:
        return [
            k
            for k in range(len(stock))
            if (first + k) % 5 == seat
            and stock[k] not in _BIGA_KEEP
            and (final[seat] >> (5 * stock[k])) & 31
        ]

    picked = _pick([t for t in range(5) if positions(t)], rng)
    if picked is None:
        return None
    x, y = picked

    pairs = [(i, j) for i in positions(x) for j in positions(y) if stock[i] != stock[j]]
    if not pairs:
        return None
    i, j = rng.choice(pairs)
    stock[i], stock[j] = stock[j], stock[i]
    return biga_game.BigADeal.from_stock(rules, stock, first, seed=seed), x, y


VARIANTS = {"bigtwo": _variant_bigtwo, "doudizhu": _variant_doudizhu, "biga": _variant_biga}

DIFF_CASES = [
    ("bigtwo", "standard", {}, {}, 16),
    ("bigtwo", "taiwan", {}, {}, 14),
    ("bigtwo", "standard", {"series": "class_struggle", "pre_exchange": "true"}, EXCHANGES, 16),
    ("doudizhu", "classic", {}, {}, 14),
    ("doudizhu", "classic", {"ming_pai": "always"}, {}, 18),
    ("doudizhu", "four_player", {}, {}, 12),
    ("biga", "standard", {}, {}, 16),
]


def _without_outcome(view: dict[str, Any]) -> dict[str, Any]:
    return {
        "public": {k: v for k, v in view["public"].items() if k != "outcome"},
        "private": view["private"],
    }


@pytest.mark.parametrize(
    ("game", "preset", "over", "kwargs", "deals"),
    DIFF_CASES,
    ids=[f"{g}-{p}" + "".join(f"-{v}" for v in o.values()) for g, p, o, _, _ in DIFF_CASES],
)
def test_seat_view_ignores_other_seats_hidden_cards(
    game: str, preset: str, over: dict[str, str], kwargs: dict[str, Any], deals: int
) -> None:
    rules = resolve_rules(game, preset, over)
    done = 0
    for seed in range(deals):
        actions: list[Any] = []
        for _ in _states(game, rules, seed, kwargs, actions):
            pass
        if game == "biga":
            # a Big A deal ends with few cards left: replay its first two thirds
            # (the draw and most of the play), so that cards are left to swap
            actions = actions[: 2 * len(actions) // 3]
        played = NEW_DEAL[game](rules, seed, **kwargs)
        for act in actions:
            played.apply_action(act)
        rng = random.Random(seed)
        variant = VARIANTS[game](played, rules, seed, kwargs, rng)
        if variant is None:
            continue
        b, x, y = variant
        s = rng.choice([t for t in range(played.players) if t not in (x, y)])
        a = NEW_DEAL[game](rules, seed, **kwargs)
        ok = True
        seen_swap = False
        for act in actions:
            if a.current_player != b.current_player or b.why_illegal(act) is not None:
                ok = False  # the swap changed what the rules allow: no case
                break
            assert seat_view(game, a.observe(s)) == seat_view(game, b.observe(s)), (seed, s)
            # the test can see a difference: the swapping seat's own view differs
            seen_swap = seen_swap or seat_view(game, a.observe(x)) != seat_view(game, b.observe(x))
            if a.current_player == s:
                assert legal_entries(game, a.observe(s), a.legal_actions()) == legal_entries(
                    game, b.observe(s), b.legal_actions()
                )
            a.apply_action(act)
            b.apply_action(act)
        if not ok:
            continue
        assert a.is_terminal() == b.is_terminal() == (game != "biga")
        assert seen_swap
        # the end reveals every hand; nothing else differs
        assert _without_outcome(seat_view(game, a.observe(s))) == _without_outcome(
            seat_view(game, b.observe(s))
        )
        done += 1
    assert done >= 10, done


# ----- 4. legal entries -------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "preset", "over", "kwargs", "deals"), CASES, ids=IDS)
def test_legal_entries_read_back(
    game: str, preset: str, over: dict[str, str], kwargs: dict[str, Any], deals: int
) -> None:
    rules = resolve_rules(game, preset, over)
    kinds: set[str] = set()
    for seed in range(deals):
        for deal in _states(game, rules, seed, kwargs):
            if deal.is_terminal():
                break
            legal = deal.legal_actions()
            entries = legal_entries(game, deal.observe(deal.current_player), legal)
            json.dumps(entries)
            assert len(entries) == len(legal)
            for i, (entry, action) in enumerate(zip(entries, legal)):
                assert entry["i"] == i
                assert set(entry) == {"i", "text", "kind", "cards", "type"}
                assert deal.parse_action(entry["text"]) == action, entry["text"]
                assert entry["text"].replace("10", "T") == deal.action_text(action)
                is_pass = deal.action_text(action) == "pass"
                assert (entry["kind"] == "pass") == is_pass
                assert entry["kind"] in ("play", "pass", "choice")
                assert (entry["type"] is not None) == (entry["kind"] == "play")
                if entry["kind"] == "play":
                    assert entry["cards"]
                kinds.add(entry["kind"])
    assert {"play", "pass"} <= kinds
    if game not in ("bigtwo", "daguailuzi") or over or kwargs:
        assert "choice" in kinds  # (no decision but plays in a plain Big Two or 大怪路子 deal)


# ----- 5. a seat's own hand, and nobody else's ---------------------------------------------


def _parse_hand(game: str, deal: Any, tokens: list[str]) -> int:
    text = " ".join(tokens)
    if game == "bigtwo":
        return parse_mask(text)
    if game == "doudizhu":
        return ddz_parse(text, deal.rules)
    if game == "daguailuzi":
        return dgl_parse(text)
    return biga_parse(text, deal.big_suit)


def _known_to(deal: Any, seat: int) -> int:
    """Big Two cards ``seat`` may know: its hand, public cards, and the cards of
    the events it sees."""
    known = deal.hands[seat] | deal.exposed | deal.leftover_shown
    for m in deal.played:
        known |= m
    for ev in deal.history:
        if ev.visible >> seat & 1 and isinstance(ev.action, Choice):
            known |= ev.action.cards
    return known


@pytest.mark.parametrize(("game", "preset", "over", "kwargs", "deals"), CASES, ids=IDS)
def test_seat_view_hand(
    game: str, preset: str, over: dict[str, str], kwargs: dict[str, Any], deals: int
) -> None:
    rules = resolve_rules(game, preset, over)
    for seed in range(min(deals, 4)):
        for deal in _states(game, rules, seed, kwargs):
            for s in range(deal.players):
                obs = deal.observe(s)
                view = seat_view(game, obs)
                json.dumps(view)
                private = view["private"]
                assert private["seat"] == s
                assert _parse_hand(game, deal, private["hand"]) == obs.hand
                assert len(private["hand"]) == view["public"]["counts"][s]
                if game == "bigtwo" and not deal.is_terminal():
                    shown = _bigtwo_cards(view)
                    assert shown & ~_known_to(deal, s) == 0, (seed, s)


def test_views_reject_a_wrong_game() -> None:
    obs = bigtwo_game.new_deal(resolve_rules("bigtwo"), 1).observe(0)
    with pytest.raises(ValueError, match="not an observation of doudizhu"):
        seat_view("doudizhu", obs)
    with pytest.raises(ValueError, match="unknown game"):
        public_view("chess", obs)


# ----- roles come from the observation ------------------------------------------------------


def _private_role(obs: Any) -> str | None:
    """The seat's own role: ``obs.roles``, and Big A's ``defender`` for a seat that
    is not the declarer once the draw is over (it knows it holds no Big Ace)."""
    own = obs.roles[obs.seat]
    if (
        not own
        and obs.declarer is not None
        and obs.outcome is None
        and obs.phase is not biga_game.Phase.DRAW
    ):
        return "defender"
    return own or None


@pytest.mark.parametrize("seed", range(8))
def test_biga_roles_are_the_observations(seed: int) -> None:
    """At every step, the public roles of the view are the observation's
    ``public_roles`` and the private role its ``roles`` (visibility is decided in
    the observation, once); seed 6: the partner becomes public by playing a Big
    Ace of its own, before the end and without revealing itself."""
    rules = resolve_rules("biga")
    public_partner_by_play = False
    for deal in _states("biga", rules, seed, {}):
        for s in range(deal.players):
            obs = deal.observe(s)
            view = seat_view("biga", obs)
            assert view["public"]["roles"] == [r or None for r in obs.public_roles], (seed, s)
            assert view["public"]["info"]["partner"] == obs.public_partner
            assert view["private"]["role"] == _private_role(obs), (seed, s)
            if obs.roles[s]:
                assert view["private"]["role"] == obs.roles[s]
        obs = deal.observe(0)
        if obs.outcome is None and obs.public_partner is not None and not obs.partner_revealed:
            public_partner_by_play = True
            assert "partner" in seat_view("biga", obs)["public"]["roles"]
    if seed == 6:
        assert public_partner_by_play


# ----- a game without a web view: the generic view ---------------------------------------------


def test_generic_view_of_a_game_without_a_web_view() -> None:
    """The toy game (``tests/toygame``) has no web plugin: its views are built
    from ``spec.facts(obs)`` and its legal entries written by ``deal.action_text``;
    the public part is still common knowledge and the legal texts name the legal
    actions."""
    import toygame.spec

    from chupai.protocol import register, unregister

    spec = register(toygame.spec.SPEC)
    try:
        assert spec.plugin("web") is None
        for seed in range(6):
            deal = spec.new_deal(spec.resolve(), seed)
            rng = random.Random(seed)
            while True:
                views = [seat_view("toy", deal.observe(s)) for s in range(2)]
                publics = [public_view("toy", deal.observe(s)) for s in range(2)]
                assert all(v["public"] == publics[0]["public"] for v in views + publics)
                for s, view in enumerate(views):
                    facts = spec.facts(deal.observe(s))
                    assert view["private"]["hand"] == list(facts.hand)
                    assert view["public"]["counts"] == list(facts.counts)
                    assert view["public"]["roles"] == [r or None for r in facts.public_roles]
                    json.dumps(view)
                pub = views[0]["public"]
                facts = spec.facts(deal.observe(0))
                assert pub["top"] == (
                    None
                    if facts.top is None
                    else {"seat": facts.top_player, "cards": [], "type": None, "text": facts.top}
                )
                if deal.is_terminal():
                    assert pub["outcome"]["scores"] == list(deal.outcome.scores)
                    break
                legal = deal.legal_actions()
                entries = legal_entries(
                    "toy", deal.observe(deal.current_player), legal, deal.action_text
                )
                assert [e["text"] for e in entries] == [deal.action_text(a) for a in legal]
                assert {e["kind"] for e in entries} <= {"choice", "pass"}
                with pytest.raises(ValueError, match="no web view"):
                    legal_entries("toy", deal.observe(deal.current_player), legal)
                deal.apply_action(rng.choice(legal))
    finally:
        unregister("toy")
