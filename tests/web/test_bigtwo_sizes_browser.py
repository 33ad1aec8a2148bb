"""Big Two at 6 and 8 seats in a real browser (Playwright and Chromium, as
``test_web_browser``): a table made with the lobby's menus; every seat's name,
card count and last play inside the table, none overlapping another or cut, on a
desktop (1280 × 860) and a phone (390 × 844), in English and 日本語; a 20-card
two-pack hand that fits and selects identical cards one by one; the lobby's preset
menu naming the chosen number of players; and (slow) a human playing a whole
6-player two-pack match against bots, and one giving both copies of a card to the
face-down exchange."""

from __future__ import annotations

import importlib.util
import time

import pytest
from test_web_browser import (  # the skip when Chromium is missing comes with them
    Browser,
    Page,
    ServerProcess,
    browser,  # noqa: F401 (a fixture)
    my_turn,
    open_page,
    play_until_over,
    server,  # noqa: F401 (a fixture)
    toasts,
)

GAME = "bigtwo"
TWO_PACKS = pytest.mark.skipif(
    importlib.util.find_spec("chupai.bigtwo.packs") is None,
    reason="the two-pack card model (chupai.bigtwo.packs, branch b2-packs) is not merged",
)
SIZES = ((1280, 860), (390, 844))

LAYOUT = """() => {
  const out = [];
  const felt = document.querySelector("[data-testid=felt]").getBoundingClientRect();
  const seats = [...document.querySelectorAll("[data-testid=felt] [data-testid=seat]")];
  const boxes = seats.map((s) => s.getBoundingClientRect());
  const inside = (b, o) => b.left >= o.left - 1 && b.right <= o.right + 1 && b.top >= o.top - 1
    && b.bottom <= o.bottom + 1;
  seats.forEach((s, i) => {
    const b = boxes[i];
    const id = s.dataset.seat;
    const name = s.querySelector(".seat-name");
    if (!inside(b, felt)) out.push(`seat ${id} is not inside the table`);
    if (s.scrollWidth > s.clientWidth + 1) out.push(`seat ${id} is clipped`);
    if (!name || !name.textContent.trim()) out.push(`seat ${id} has no name`);
    else if (name.scrollWidth > name.clientWidth + 1 || name.scrollHeight > name.clientHeight + 1)
      out.push(`the name of seat ${id} is cut: ${name.textContent}`);
    const count = s.querySelector("[data-testid=count]");
    if (!count || !inside(count.getBoundingClientRect(), b)) out.push(`seat ${id} shows no count`);
    const last = s.querySelector("[data-testid=last]");
    for (const part of last ? last.querySelectorAll(".card, .pass-label") : [])
      if (!inside(part.getBoundingClientRect(), b)) out.push(`the last play of seat ${id} is cut`);
    for (let j = 0; j < i; j++) {
      const c = boxes[j];
      if (b.left < c.right - 1 && c.left < b.right - 1 && b.top < c.bottom - 1 && c.top < b.bottom - 1)
        out.push(`seats ${id} and ${seats[j].dataset.seat} overlap`);
    }
  });
  const hand = document.querySelector("[data-testid=hand]");
  for (const card of hand ? hand.querySelectorAll("[data-testid=card]") : []) {
    const b = card.getBoundingClientRect();
    if (b.left < -1 || b.right > window.innerWidth + 1) out.push(`a card of the hand is off screen`);
  }
  if (document.documentElement.scrollWidth > window.innerWidth + 1) out.push("the page scrolls sideways");
  return out;
}"""


def _table(srv: ServerProcess, players: int, seed: int, deals: int = 1, **options: str) -> str:
    """A table of one human and greedy bots; the human's link."""
    made = srv.post(
        "/api/tables",
        {
            "game": GAME,
            "options": {"players": str(players), **options},
            "seed": seed,
            "deals": deals,
            "seats": [{"kind": "human", "name": "Fang"}]
            + [{"kind": "bot", "level": "greedy"}] * (players - 1),
        },
    )
    return str(srv.url + made["seats"][0]["link"])


def _layout(page: Page, lang: str) -> list[str]:
    page.select_option("[data-testid=lang]", lang)
    page.wait_for_timeout(150)
    problems: list[str] = page.evaluate(LAYOUT)
    return problems


def _some_plays(page: Page, turns: int) -> None:
    """Follow the hint for up to ``turns`` of the human's turns, so that seats
    show last plays."""
    for _ in range(turns):
        end = time.monotonic() + 15
        while not my_turn(page) and time.monotonic() < end:
            if page.locator("[data-testid=outcome]").count():
                return
            page.wait_for_timeout(50)
        page.keyboard.press("h")
        page.wait_for_timeout(300)
        page.keyboard.press("Enter" if page.locator("[data-testid=play]").is_enabled() else "p")
        page.wait_for_timeout(300)


def test_the_lobby_menus_make_a_six_seat_table(
    server: ServerProcess,  # noqa: F811
    browser: Browser,  # noqa: F811
) -> None:
    page, errors = open_page(browser, server.url + "/", width=390, height=844)
    page.wait_for_selector("[data-testid=lang]")
    page.select_option("[data-testid=lang]", "ja")
    page.select_option("[data-testid=game]", GAME)
    page.wait_for_selector("[data-testid=opt-players]")
    assert "人数" in page.locator("[data-testid=table-menus]").inner_text()
    assert page.locator("[data-testid=seat-3]").count() == 1  # four seats by default
    page.select_option("[data-testid=opt-players]", "6")
    assert page.locator("[data-testid=seat-5]").count() == 1
    # the preset menu names the table's six players (and the preset's own four)
    preset = page.locator("[data-testid=preset] option:checked").inner_text()
    assert preset.endswith("6 人（プリセットは 4 人）"), preset
    assert page.locator("[data-testid=seat-6]").count() == 0
    page.select_option("[data-testid=opt-leftover_rule]", "set_aside")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=status]", timeout=15_000)
    assert page.locator("[data-testid=felt] [data-testid=seat]").count() == 5
    assert page.locator("[data-testid=hand] [data-testid=card]").count() == 8  # 52 // 6
    assert _layout(page, "ja") == []
    assert toasts(page) == [] and errors == []
    page.context.close()


@pytest.mark.parametrize("players", [pytest.param(6, marks=pytest.mark.slow), 8])
def test_every_seat_reads_on_a_desktop_and_a_phone(
    server: ServerProcess,  # noqa: F811
    browser: Browser,  # noqa: F811
    players: int,
) -> None:
    link = _table(server, players, seed=players)
    for width, height in SIZES:
        page, errors = open_page(browser, link, width=width, height=height)
        page.wait_for_selector("[data-testid=status]")
        assert page.locator("[data-testid=felt] [data-testid=seat]").count() == players - 1
        if width > 600:
            _some_plays(page, 2)
        for lang in ("en", "ja"):
            assert _layout(page, lang) == [], (width, lang)
        assert toasts(page) == [] and errors == []
        page.context.close()


@TWO_PACKS
def test_two_packs_a_twenty_card_hand_fits_and_identical_cards_select_apart(
    server: ServerProcess,  # noqa: F811
    browser: Browser,  # noqa: F811
) -> None:
    """Five players, two packs, the four cards left over set aside: 20 cards a
    hand, on a phone too; the two copies of a card are two cards, each selected
    by its own click."""
    link = _table(server, 5, seed=3, packs="2", leftover_rule="set_aside")
    for width, height in SIZES:
        page, errors = open_page(browser, link, width=width, height=height)
        page.wait_for_selector("[data-testid=status]")
        cards = page.locator("[data-testid=hand] [data-testid=card]")
        assert cards.count() == 20
        assert _layout(page, "en") == [], width
        tokens: list[str] = cards.evaluate_all("els => els.map((e) => e.dataset.card)")
        twice = next(t for t in tokens if tokens.count(t) == 2)
        first, second = (i for i, t in enumerate(tokens) if t == twice)
        cards.nth(first).click()
        selected = page.locator("[data-testid=hand] [data-testid=card].selected")
        assert selected.evaluate_all("els => els.map((e) => Number(e.dataset.index))") == [first]
        cards.nth(second).click()
        assert selected.evaluate_all("els => els.map((e) => Number(e.dataset.index))") == [
            first,
            second,
        ]
        assert toasts(page) == [] and errors == []
        page.context.close()


@pytest.mark.slow
@pytest.mark.parametrize("packs", ["1", pytest.param("2", marks=TWO_PACKS)])
def test_a_human_plays_a_six_player_match_to_the_end(
    server: ServerProcess,  # noqa: F811
    browser: Browser,  # noqa: F811
    packs: str,
) -> None:
    """The done-when check: six players, two packs (and one), two deals, the
    human playing by clicking cards (a card at a time until a play is legal,
    else a pass)."""
    link = _table(server, 6, seed=11, deals=2, packs=packs)
    page, errors = open_page(browser, link, width=1280, height=860)
    page.wait_for_selector("[data-testid=status]")
    counts = play_until_over([page], by_clicks=True, limit=300)
    assert counts.get("click-play", 0) > 0 and counts.get("outcome", 0) >= 1, counts
    assert page.locator("[data-testid=scores]").count()
    assert toasts(page) == [] and errors == []
    page.context.close()


@pytest.mark.slow
def test_a_human_gives_a_card_held_twice_and_plays_the_exchanges(
    server: ServerProcess,  # noqa: F811
    browser: Browser,  # noqa: F811
) -> None:
    """Six players, two packs, the face-down exchange: the human selects both
    copies of a card for the pile (two clicks, one confirm), then plays the deal
    to the end by the hint (docs/bigtwo.md, "Exchanges with two packs"; the
    exchanges between deals are played over the WebSocket in
    ``test_bigtwo_sizes_server``)."""
    link = _table(server, 6, seed=5, packs="2", pre_exchange="true")
    page, errors = open_page(browser, link, width=1280, height=860)
    page.wait_for_selector("[data-testid=status]")
    end = time.monotonic() + 20
    while not my_turn(page) and time.monotonic() < end:
        page.wait_for_timeout(50)
    assert page.locator("[data-testid=phase][data-phase=pre_exchange]").count()
    cards = page.locator("[data-testid=hand] [data-testid=card]")
    tokens: list[str] = cards.evaluate_all("els => els.map((e) => e.dataset.card)")
    twice = next(t for t in tokens if tokens.count(t) == 2)
    for i in (i for i, t in enumerate(tokens) if t == twice):
        cards.nth(i).click()
    exchange = page.locator("[data-testid=phase][data-phase=pre_exchange]")
    page.locator("[data-testid=choice-confirm]:not([disabled])").first.click()
    end = time.monotonic() + 20
    while exchange.count() and my_turn(page) and time.monotonic() < end:
        page.wait_for_timeout(50)
    assert not (exchange.count() and my_turn(page)), "the give of both copies was refused"
    assert toasts(page) == []
    counts = play_until_over([page], limit=120)
    assert counts.get("outcome", 0) >= 1, counts
    assert toasts(page) == [] and errors == []
    page.context.close()
