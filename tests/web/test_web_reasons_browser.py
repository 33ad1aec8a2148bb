"""Why a selection is illegal, in a real browser (Playwright and Chromium, as
``test_web_browser``): in Big Two and Dou Dizhu a pair of two ranks shows the
engine's reason under the hand, in English, then in 中文 and 日本語 once the page
switches language; Enter keeps the selection and shows the reason; a legal
selection shows what it is and enables Play."""

from __future__ import annotations

import re
import time

import pytest
from test_web_browser import (  # the skip when Chromium is missing comes with them
    Browser,
    Page,
    ServerProcess,
    browser,  # noqa: F401 (a fixture)
    my_turn,
    open_page,
    server,  # noqa: F401 (a fixture)
    take_turn,
)

pytestmark = pytest.mark.slow

SEATS = {"bigtwo": 4, "doudizhu": 3}
LINE = "[data-testid=selection-check]"


def in_play(page: Page) -> bool:
    return page.locator("[data-testid=phase][data-phase=play]").count() > 0


def wait_play_turn(page: Page, limit: float = 30) -> None:
    """Wait for the seat's turn in the play phase, taking the decisions before it
    (Dou Dizhu's bidding) by the hint."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if my_turn(page):
            if in_play(page) and not page.locator("[data-testid=choices]:not([hidden])").count():
                return
            take_turn(page, by_clicks=False)
        page.wait_for_timeout(50)
    raise AssertionError("never the seat's turn to play")


def line(page: Page, legal: str, limit: float = 10) -> str:
    """The text under the hand once it shows a verdict ``legal`` (true/false)."""
    loc = page.locator(f"{LINE}[data-legal={legal}]:not([hidden])")
    loc.wait_for(timeout=limit * 1000)
    return loc.inner_text()


def select_illegal_pair(page: Page) -> list[int]:
    """Click two cards of different ranks (no jokers); their indexes."""
    cards = page.locator("[data-testid=hand] [data-testid=card]")
    tokens = [cards.nth(i).get_attribute("data-card") or "" for i in range(cards.count())]
    rank = [re.sub(r"[DCHS]$", "", t) if len(t) > 1 and not t.endswith("J") else t for t in tokens]
    first = next(i for i, t in enumerate(tokens) if not t.endswith("J"))
    second = next(i for i, t in enumerate(tokens) if rank[i] != rank[first] and not t.endswith("J"))
    cards.nth(first).click()
    cards.nth(second).click()
    return [first, second]


def hinted_play(page: Page, limit: float = 60) -> None:
    """Ask for the hint until it is a play (its cards then selected); a hinted
    pass is taken."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        wait_play_turn(page)
        page.keyboard.press("h")
        page.locator(".hinted, [data-testid=hand] [data-testid=card].selected").first.wait_for(
            timeout=10_000
        )
        if page.locator("[data-testid=hand] [data-testid=card].selected").count():
            return
        take_turn(page, by_clicks=False)
    raise AssertionError("the hint never named a play")


def switch(page: Page, lang: str) -> None:
    page.select_option("[data-testid=lang]", lang)


@pytest.mark.parametrize("game", sorted(SEATS))
def test_an_illegal_selection_says_why_in_three_languages(
    server: ServerProcess,  # noqa: F811 (the fixture)
    browser: Browser,  # noqa: F811 (the fixture)
    game: str,
) -> None:
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "greedy"}] * (SEATS[game] - 1)
    made = server.post("/api/tables", {"game": game, "seed": 11, "seats": seats})
    page, errors = open_page(
        browser, f"{server.url}/#/t/{made['table']}?token={made['seats'][0]['token']}"
    )
    page.evaluate("localStorage.setItem('chupai.lang', 'en')")
    switch(page, "en")
    wait_play_turn(page)
    picked = select_illegal_pair(page)
    en = line(page, "false")
    assert "form a pair" in en or "not a combination" in en, en
    assert not page.locator("[data-testid=play]").is_enabled()
    page.keyboard.press("Enter")  # says why again, keeps the selection
    selected = page.locator("[data-testid=hand] [data-testid=card].selected")
    assert selected.count() == 2
    assert [int(selected.nth(k).get_attribute("data-index") or -1) for k in range(2)] == picked
    for lang, word in (("zh", "对子"), ("ja", "ペア")):
        switch(page, lang)
        page.wait_for_function(
            "([sel, w]) => { const e = document.querySelector(sel);"
            " return e && !e.hidden && e.textContent.includes(w); }",
            arg=[LINE, word],
            timeout=10_000,
        )
        text = page.locator(LINE).inner_text()
        assert "does not" not in text and "pair" not in text, text
    switch(page, "en")
    for i in picked:  # deselect, then take the hint's play: legal, Play enabled
        page.locator("[data-testid=hand] [data-testid=card]").nth(i).click()
    assert page.locator(LINE).is_hidden()
    hinted_play(page)
    assert page.locator("[data-testid=play]").is_enabled()
    described = line(page, "true")
    assert described.startswith("✓ ") and re.search(r"[♠♥♣♦]|\d|[JQKA]", described), described
    assert errors == [], errors
    page.context.close()
