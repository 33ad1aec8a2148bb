"""The expert bot in a real browser (Playwright and Chromium, as
``test_web_browser``; issue 16): the lobby offers it as the top level, a bot to act
shows "thinking…" on its seat, and each bot play has its think time beside it in
the history and on the felt, in English, 中文 and 日本語, and in the demo's sample
table. Slow (one table of three
expert bots, about 15 s)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from test_web_browser import (  # the skip when Chromium is missing comes with them
    Browser,
    Page,
    ServerProcess,
    browser,  # noqa: F401 (a fixture)
    create_table,
    my_turn,
    open_page,
    take_turn,
)

pytestmark = pytest.mark.slow

SECONDS = {
    "en": r"(<0\.01|\d+\.\d\d?) s",
    "zh": r"(<0\.01|\d+\.\d\d?) 秒",
    "ja": r"(<0\.01|\d+\.\d\d?) 秒",
}
LEVEL = {"en": "expert", "zh": "专家", "ja": "エキスパート"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    # a pause before each bot move, so that "thinking…" is on screen a while
    srv = ServerProcess(tmp_path_factory.mktemp("think") / "t.sqlite3", bot_delay=0.8).start()
    yield srv
    srv.stop()


def play_until(page: Page, selector: str, timeout: float = 20) -> bool:
    """Take the human's turns (following the hint) until ``selector`` is on the page."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if page.locator(selector).count():
            return True
        if my_turn(page):
            take_turn(page, by_clicks=False)
        page.wait_for_timeout(50)
    return False


def test_an_expert_table_shows_thinking_and_think_times_in_three_languages(
    server: ServerProcess,
    browser: Browser,  # noqa: F811
) -> None:
    page, errors = open_page(browser, server.url + "/")
    page.wait_for_selector("[data-testid=seat-1]")
    options = page.locator("[data-testid=seat-1] option").all_inner_texts()
    assert options[-1] == "Bot: expert", options  # the top level, last
    create_table(page, "bigtwo", ["bot:expert"] * 3, seed=7)
    seen = play_until(page, "[data-testid=seat][data-turn=true] [data-testid=thinking]")
    assert seen, "no bot seat showed thinking… while it was to act"
    play_until(page, "[data-testid=history] li:nth-of-type(2) [data-testid=think-time]")
    assert page.locator("[data-testid=seat-think]").count() >= 1
    for lang in ("en", "zh", "ja"):
        page.select_option("[data-testid=lang]", lang)
        row = page.locator("[data-testid=history] li:has([data-testid=think-time])").first
        text = row.inner_text()
        assert re.search("· " + SECONDS[lang], text), (lang, text)
        assert LEVEL[lang] in text, (lang, text)  # "Bot 2 (expert) · 0.08 s"
        seat = page.locator("[data-testid=seat-think]").first.inner_text()
        assert re.fullmatch(SECONDS[lang], seat), (lang, seat)
    # the demo's sample table shows them too (no server behind it)
    page.select_option("[data-testid=lang]", "en")
    page.goto(server.url + "/#/demo/0")
    page.wait_for_selector("[data-testid=history] [data-testid=think-time]")
    times = page.locator("[data-testid=history] [data-testid=think-time]").all_inner_texts()
    assert times == ["· 0.09 s", "· 0.08 s", "· <0.01 s"], times
    assert errors == []
    page.context.close()
