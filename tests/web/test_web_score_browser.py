"""The deal-result dialog says where the points came from (Playwright and Chromium,
as ``test_web_browser``): a player (in English) and a spectator (in 中文) of a
Dou Dizhu deal read the scoring explanation in their language, every seat named
as the page names it (no ``{seat…}`` mark left)."""

from __future__ import annotations

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


def _play_until_the_result(page: Page, limit: float = 60) -> None:
    end = time.monotonic() + limit
    while not page.locator("[data-testid=outcome]").count():
        assert time.monotonic() < end, "the deal did not end"
        if my_turn(page) or page.locator("[data-testid=readings]").count():
            take_turn(page, by_clicks=False)
        else:
            page.wait_for_timeout(50)


def _lines(page: Page) -> list[str]:
    page.wait_for_selector("[data-testid=outcome] [data-testid=explained]", timeout=20_000)
    return page.locator("[data-testid=explained] li").all_inner_texts()


@pytest.mark.slow
def test_the_result_dialog_explains_the_score_in_english_and_chinese(
    server: ServerProcess,  # noqa: F811
    browser: Browser,  # noqa: F811
) -> None:
    made = server.post(
        "/api/tables",
        {
            "game": "doudizhu",
            "seed": 1,
            "deals": 1,
            "seats": [{"kind": "human", "name": "Ann"}] + [{"kind": "bot", "level": "greedy"}] * 2,
        },
    )
    link = made["seats"][0]["link"]
    watch, errors_w = open_page(browser, server.url + "/", width=390, height=844)
    watch.wait_for_selector("[data-testid=lang]")
    watch.select_option("[data-testid=lang]", "zh")
    watch.goto(f"{server.url}/#/t/{made['table']}")
    page, errors = open_page(browser, server.url + link)
    page.wait_for_selector("[data-testid=status]", timeout=15_000)
    _play_until_the_result(page)
    lines = _lines(page)
    assert len(lines) >= 2 and lines[0].startswith("Stake "), lines
    assert "landlord" in lines[1] and not any("{seat" in line for line in lines), lines
    zh = _lines(watch)
    assert len(zh) == len(lines) and zh[0].startswith("倍数 ") and "地主" in zh[1], zh
    assert not any("{seat" in line for line in zh), zh
    assert errors == errors_w == []
    for p in (page, watch):
        p.context.close()
