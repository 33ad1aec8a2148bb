"""What a new player meets in a real browser (Playwright and Chromium, as
``test_web_browser``), found by playing every game in en, 中文 and 日本語: no grey
button without a word (the line under the hand says what the turn allows when
nothing is selected, and the buttons' titles say it too), and the lobby's list
names a table's rules in the page's language instead of the engine's spec."""

from __future__ import annotations

import pytest
from test_web_browser import (  # the skip when Chromium is missing comes with them
    Browser,
    Page,
    ServerProcess,
    browser,  # noqa: F401 (a fixture)
    my_turn,
    open_page,
    server,  # noqa: F401 (a fixture)
)

pytestmark = pytest.mark.slow

GUIDE = "[data-testid=turn-guide]"
SEED_LEAD = 6
"""A Big Two deal whose first lead (the 3♦) is the human seat's."""


def _wait_turn(page: Page) -> None:
    page.wait_for_function(
        "() => { const s = document.querySelector('[data-testid=status]');"
        " return s && s.dataset.myTurn === 'true'; }",
        timeout=15_000,
    )


def test_a_lead_says_why_pass_is_grey_in_each_language(
    server: ServerProcess,  # noqa: F811 (the fixture)
    browser: Browser,  # noqa: F811 (the fixture)
) -> None:
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "greedy"}] * 3
    made = server.post("/api/tables", {"game": "bigtwo", "seed": SEED_LEAD, "seats": seats})
    page, errors = open_page(
        browser, f"{server.url}/#/t/{made['table']}?token={made['seats'][0]['token']}"
    )
    page.evaluate("localStorage.setItem('chupai.lang', 'en')")
    page.select_option("[data-testid=lang]", "en")
    _wait_turn(page)
    assert my_turn(page)
    assert not page.locator("[data-testid=pass]").is_enabled()
    guide = page.locator(GUIDE)
    assert guide.is_visible() and guide.get_attribute("data-guide") == "guide_lead"
    assert "cannot pass" in guide.inner_text()
    assert "cannot pass" in (page.locator("[data-testid=pass]").get_attribute("title") or "")
    for lang, word in (("zh", "不能不出"), ("ja", "パスできません")):
        page.select_option("[data-testid=lang]", lang)
        page.wait_for_function(
            "([sel, w]) => { const e = document.querySelector(sel);"
            " return e && !e.hidden && e.textContent.includes(w); }",
            arg=[GUIDE, word],
            timeout=10_000,
        )
    # a selection: the guide gives way to the selection's own line
    page.locator("[data-testid=hand] [data-testid=card]").first.click()
    assert guide.is_hidden()
    page.locator("[data-testid=hand] [data-testid=card]").first.click()
    assert guide.is_visible()
    assert errors == [], errors
    page.context.close()


def test_the_lobby_names_a_tables_rules_in_its_language(
    server: ServerProcess,  # noqa: F811 (the fixture)
    browser: Browser,  # noqa: F811 (the fixture)
) -> None:
    server.post(
        "/api/tables",
        {
            "game": "bigtwo",
            "preset": "taiwan",
            "seats": [{"kind": "human"}] + [{"kind": "bot", "level": "greedy"}] * 3,
        },
    )
    page, errors = open_page(browser, server.url + "/", width=390, height=844)
    page.select_option("[data-testid=lang]", "zh")
    rules = page.locator("[data-testid=table-rules]").first
    rules.wait_for(timeout=10_000)
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-testid=table-rules]')]"
        ".some((e) => e.textContent.includes('台湾'))",
        timeout=10_000,
    )
    texts = page.locator("[data-testid=table-rules]").all_inner_texts()
    assert not any("taiwan" in t or "preset=" in t for t in texts), texts
    preset_menu = page.locator("[data-testid=preset] option").all_inner_texts()
    assert any(t.startswith("台湾 — ") for t in preset_menu), preset_menu
    # the spec under the menu says what it is: the command line's way of writing it
    assert page.locator("[data-testid=preset-spec]").inner_text().startswith("命令行写法：")
    assert errors == [], errors
    page.context.close()


HEADS = """() => [...document.querySelectorAll("table.scores:not(.outcome-table) thead th")]
  .filter((th) => th.textContent.trim())
  .map((th) => [th.textContent.trim(), th.getBoundingClientRect().height])"""
"""The score sheet's column headings: their text and height in pixels."""


@pytest.mark.parametrize("width", [1280, 390])
def test_six_seats_score_headings_keep_one_line_in_japanese(
    server: ServerProcess,  # noqa: F811 (the fixture)
    browser: Browser,  # noqa: F811 (the fixture)
    width: int,
) -> None:
    """Six seats (大怪路子, Big Two's six): "ボット2" was "ボット" over "2"."""
    made = server.post(
        "/api/tables",
        {
            "game": "daguailuzi",
            "seed": 3,
            "seats": [{"kind": "human"}] + [{"kind": "bot", "level": "greedy"}] * 5,
        },
    )
    page, errors = open_page(browser, server.url + made["seats"][0]["link"], width=width)
    page.wait_for_selector("[data-testid=status]")
    page.select_option("[data-testid=lang]", "ja")
    page.wait_for_timeout(150)
    heads = page.evaluate(HEADS)
    assert len(heads) >= 6, heads
    tall = [text for text, px in heads if px > 28]  # one line and its padding: about 21 px
    assert not tall, heads
    assert errors == [], errors
    page.context.close()
