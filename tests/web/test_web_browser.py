"""The page of ``chupai serve`` in a real browser: Playwright driving Debian's
Chromium (``scripts/install-browser.sh`` installs it; ``.ci/run`` runs that and
sets ``CHUPAI_REQUIRE_BROWSER=1``, which turns a missing browser into a failure
instead of a skip).

A user opens the lobby, starts a table against bots and plays it to the end by
clicking cards, buttons and keys; two browser contexts share one table; a
spectator sees no hand; the finished game is in the records and replays."""

from __future__ import annotations

import json
import os
import shutil
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from web_helpers import ServerProcess

CHROMIUM = shutil.which("chromium") or (
    "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None
)
REQUIRED = os.environ.get("CHUPAI_REQUIRE_BROWSER") == "1"

try:
    from playwright.sync_api import Browser, Page, sync_playwright
except ImportError:  # pragma: no cover - the test extra installs it
    if REQUIRED:
        raise
    pytest.skip("playwright is not installed (pip install -e '.[test]')", allow_module_level=True)

if CHROMIUM is None:
    if REQUIRED:
        raise RuntimeError("Chromium is missing: run scripts/install-browser.sh")
    pytest.skip("Chromium is not installed (scripts/install-browser.sh)", allow_module_level=True)

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    srv = ServerProcess(tmp_path_factory.mktemp("serve") / "web.sqlite3").start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def open_page(
    browser: Browser, url: str, *, width: int = 1280, height: int = 800
) -> tuple[Page, list[str]]:
    """A page in a fresh context (its own storage) and the list its JavaScript
    errors go to."""
    ctx = browser.new_context(viewport={"width": width, "height": height})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(url)
    return page, errors


def create_table(
    page: Page,
    game: str,
    seats: list[str],
    *,
    deals: int = 1,
    name: str | None = None,
    seed: int | None = None,
) -> None:
    page.wait_for_selector("[data-testid=game]")
    page.select_option("[data-testid=game]", game)
    page.wait_for_timeout(200)
    for i, choice in enumerate(seats, start=1):
        page.select_option(f"[data-testid=seat-{i}]", choice)
    page.fill("[data-testid=deals]", str(deals))
    if name is not None:
        page.fill("[data-testid=name]", name)
    if seed is not None:  # a dealt hand and seeded bots: the same game every run
        page.click("details.advanced > summary")
        page.fill("[data-testid=seed]", str(seed))
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=status]", timeout=15_000)


def my_turn(page: Page) -> bool:
    status = page.locator("[data-testid=status]")
    return status.count() > 0 and status.get_attribute("data-my-turn") == "true"


def seq(page: Page) -> str | None:
    return page.locator("[data-testid=table]").get_attribute("data-seq")


def wait_seq_change(page: Page, before: str | None, timeout: float = 10) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if seq(page) != before or page.locator("[data-testid=readings]").count():
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"the page did not move on from seq {before}")


def take_turn(page: Page, *, by_clicks: bool) -> str:
    """Act once on the page, as a user: by clicking cards (``by_clicks``) or by
    following the hint with the keyboard. Returns how it acted."""
    before = seq(page)
    if page.locator("[data-testid=readings]").count():
        page.locator("[data-testid=reading]").first.click()
        wait_seq_change(page, before)
        return "reading"
    choices_open = page.locator("[data-testid=choices]:not([hidden]) [data-testid=choice]").count()
    in_play = page.locator("[data-testid=phase][data-phase=play]").count() > 0
    how = ""
    if by_clicks and in_play and not choices_open:
        cards = page.locator("[data-testid=hand] [data-testid=card]:not(.dim)")
        for k in range(cards.count()):
            card = cards.nth(k)
            card.click()
            if page.locator("[data-testid=play]").is_enabled():
                page.click("[data-testid=play]")
                how = "click-play"
                break
            card.click()  # deselect: a single card does not make a play here
        if not how:
            page.click("[data-testid=pass]")
            how = "click-pass"
    else:
        page.keyboard.press("h")
        # the hint is the server's answer: wait until the page shows it
        end = time.monotonic() + 15
        while time.monotonic() < end and not (
            page.locator(".hinted").count()
            or page.locator("[data-testid=play]:enabled").count()
            or page.locator("[data-testid=choice-confirm]:not([disabled])").count()
        ):
            page.wait_for_timeout(50)
        if page.locator("[data-testid=choice].hinted").count():
            page.locator("[data-testid=choice].hinted").first.click()
            how = "hint-choice"
        elif page.locator("[data-testid=pass].hinted").count():
            page.keyboard.press("p")
            how = "hint-pass"
        elif page.locator("[data-testid=play]").is_enabled():
            page.keyboard.press("Enter")
            how = "hint-enter"
        elif page.locator("[data-testid=choice-confirm]:not([disabled])").count():
            page.locator("[data-testid=choice-confirm]:not([disabled])").first.click()
            how = "hint-confirm"
        elif page.locator("[data-testid=choice]").count():
            page.locator("[data-testid=choice]").first.click()
            how = "choice"
        else:
            page.click("[data-testid=pass]")
            how = "pass"
    wait_seq_change(page, before)
    return how


def play_until_over(
    pages: list[Page], *, by_clicks: bool = False, limit: float = 240
) -> dict[str, int]:
    """Take every turn the pages are given until each shows the match's end;
    close the deal-end dialogs on the way. Returns counts of how turns were taken."""
    counts: dict[str, int] = {}
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if all(
            p.locator("[data-testid=match-over]").count()
            and not p.locator("[data-testid=outcome]").count()
            for p in pages
        ):
            return counts
        moved = False
        for page in pages:
            if page.locator("[data-testid=outcome]").count():
                page.click("[data-testid=next]")
                counts["outcome"] = counts.get("outcome", 0) + 1
                moved = True
            elif page.locator("[data-testid=match-over]").count():
                continue
            elif my_turn(page) or page.locator("[data-testid=readings]").count():
                how = take_turn(page, by_clicks=by_clicks)
                counts[how] = counts.get(how, 0) + 1
                moved = True
        if not moved:
            pages[0].wait_for_timeout(50)
    raise AssertionError(f"the match did not end in {limit} s ({counts})")


def toasts(page: Page) -> list[str]:
    return page.locator("[data-testid=toast]").all_text_contents()


def table_id(page: Page) -> str:
    tid = page.locator("[data-testid=table]").get_attribute("data-table")
    assert tid
    return tid


SEED_DDZ_PHONE = 2
"""A Dou Dizhu deal the phone test plays by clicking single cards to its end."""

# ----- the tests ---------------------------------------------------------------------------------


def test_new_user_plays_a_big_two_deal_against_bots(
    server: ServerProcess, browser: Browser
) -> None:
    page, errors = open_page(browser, server.url + "/")
    create_table(page, "bigtwo", ["bot:greedy", "bot:heuristic", "bot:random"])
    assert page.locator("[data-testid=hand] [data-testid=card]").count() == 13
    counts = play_until_over([page])
    assert counts.get("hint-enter", 0) + counts.get("hint-pass", 0) > 0, counts
    assert toasts(page) == [] and errors == []
    tid = table_id(page)
    if page.locator("[data-testid=outcome]").count():
        page.click("[data-testid=next]")
    # the finished game is kept: its record replays in the page and downloads as JSON
    rec = json.loads(urllib.request.urlopen(f"{server.url}/api/records/{tid}").read())
    assert rec["format"] == "chupai-match" and rec["game"] == "bigtwo"
    page.click("[data-testid=record-link]")
    page.wait_for_selector("[data-testid=replay-slider]", timeout=10_000)
    page.click("[data-testid=replay-last]")
    assert page.locator("[data-testid=revealed-hand]").count() >= 1
    # the rules in words, not the spec; the step line's cards as they read (no "3D")
    assert "preset=" not in page.locator("[data-testid=replay-rules]").inner_text()
    step = page.locator("[data-testid=status]").inner_text()
    assert not any(len(w) == 2 and w[1] in "DCHS" and w[0] in "3456789TJQKA" for w in step.split())
    href = page.locator("[data-testid=download]").get_attribute("href")
    assert href and "download=1" in href
    page.goto(server.url + "/#/records")
    page.wait_for_selector(f"[data-testid=record-item][data-record='{tid}']", timeout=10_000)
    page.context.close()


def test_dou_dizhu_game_on_a_phone_by_clicking_cards(
    server: ServerProcess, browser: Browser
) -> None:
    page, errors = open_page(browser, server.url + "/", width=360, height=740)
    # seeded: unseeded deals sometimes left the page no single card to click
    create_table(page, "doudizhu", ["bot:greedy", "bot:heuristic"], seed=SEED_DDZ_PHONE)
    hand = page.locator("[data-testid=hand] [data-testid=card]")
    assert hand.count() == 17
    # the page fits a phone: no sideways scrolling, the hand inside the screen
    assert page.evaluate("document.documentElement.scrollWidth") <= 361
    box = page.locator("[data-testid=hand]").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 361
    counts = play_until_over([page], by_clicks=True)
    assert counts.get("click-play", 0) > 0, counts
    assert toasts(page) == [] and errors == []
    page.context.close()


def test_big_a_deal_in_chinese(server: ServerProcess, browser: Browser) -> None:
    """Big A through the page, in 中文: asked to declare only when the choices
    change, then the play to the end."""
    page, errors = open_page(browser, server.url + "/")
    page.wait_for_selector("[data-testid=lang]")
    page.select_option("[data-testid=lang]", "zh")
    create_table(page, "biga", ["bot:heuristic", "bot:greedy", "bot:heuristic", "bot:random"])
    counts = play_until_over([page])
    assert sum(counts.values()) > 5, counts
    assert "打大A" in page.locator("body").inner_text()
    assert toasts(page) == [] and errors == []
    page.context.close()


def test_two_browsers_play_at_one_table_and_a_spectator_watches(
    server: ServerProcess, browser: Browser
) -> None:
    ann, errors_a = open_page(browser, server.url + "/")
    create_table(ann, "bigtwo", ["friend", "bot:greedy", "bot:greedy"], name="Ann")
    link = ann.locator("[data-testid=invite-link]").first.input_value()
    assert "token=" in link
    bo, errors_b = open_page(
        browser, link if link.startswith("http") else server.url + link, width=360, height=740
    )
    bo.wait_for_selector("[data-testid=status]")
    # a friend joining by the link is asked for a name, which the others are shown
    bo.locator("[data-testid=name-input]").fill("Bo")
    bo.click("[data-testid=name-ok]")
    ann.wait_for_selector("[data-testid=felt] .seat-name:has-text('Bo')", timeout=10_000)
    assert ann.locator("[data-testid=table]").get_attribute("data-seat") == "0"
    assert bo.locator("[data-testid=table]").get_attribute("data-seat") == "1"
    tid = table_id(ann)
    watch, errors_w = open_page(browser, f"{server.url}/#/t/{tid}")
    watch.wait_for_selector("[data-testid=status]")
    assert watch.locator("[data-testid=hand] [data-testid=card]").count() == 0
    assert watch.locator("[data-testid=play]").count() == 0
    # each human sees its own 13 cards, different ones
    a_cards = set(
        ann.locator("[data-testid=hand] [data-testid=card]").evaluate_all(
            "els => els.map(e => e.dataset.card)"
        )
    )
    b_cards = set(
        bo.locator("[data-testid=hand] [data-testid=card]").evaluate_all(
            "els => els.map(e => e.dataset.card)"
        )
    )
    assert len(a_cards) == len(b_cards) == 13 and not a_cards & b_cards
    counts = play_until_over([ann, bo])
    assert sum(counts.values()) > 4
    watch.wait_for_selector("[data-testid=match-over]", timeout=15_000)
    scores = [p.locator("[data-testid=scores]").inner_text() for p in (ann, bo, watch)]
    assert scores[0] == scores[1] == scores[2]
    assert errors_a == errors_b == errors_w == []
    for p in (ann, bo, watch):
        p.context.close()


def test_languages_and_bad_options(server: ServerProcess, browser: Browser) -> None:
    page, errors = open_page(browser, server.url + "/")
    page.wait_for_selector("[data-testid=game]")
    names = {}
    for lang in ("en", "zh", "ja"):
        page.select_option("[data-testid=lang]", lang)
        page.wait_for_timeout(200)
        names[lang] = page.locator("[data-testid=game]").inner_text()
    assert "Big Two" in names["en"] and "斗地主" in names["zh"] and "闘地主" in names["ja"]
    page.select_option("[data-testid=lang]", "en")
    page.locator("details.advanced summary").click()
    page.fill("[data-testid=options]", "no_such_option=1")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=form-error]")
    text = page.locator("[data-testid=form-error]").inner_text()
    assert "no_such_option" in text
    # a number of deals the server refuses is not quietly replaced by another
    page.fill("[data-testid=options]", "")
    page.fill("[data-testid=deals]", "0")
    page.click("[data-testid=create]")
    page.wait_for_function(
        "document.querySelector('[data-testid=form-error]')"
        " && document.querySelector('[data-testid=form-error]').innerText.includes('deals')"
    )
    assert "#/t/" not in page.url
    # the browser logs the refused request itself; nothing else went wrong
    assert [e for e in errors if "status of 400" not in e] == []
    page.context.close()


def test_a_tampered_link_is_refused(server: ServerProcess, browser: Browser) -> None:
    made = server.post(
        "/api/tables",
        {
            "game": "bigtwo",
            "seats": [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}, {"kind": "bot"}],
        },
    )
    token = made["seats"][0]["token"]
    bad = token[:-2] + ("xy" if not token.endswith("xy") else "zz")
    page, _ = open_page(browser, f"{server.url}/#/t/{made['table']}?token={bad}")
    page.wait_for_selector("text=/token/i", timeout=10_000)
    assert page.locator("[data-testid=hand] [data-testid=card]").count() == 0
    page.context.close()


@pytest.mark.slow
def test_page_reconnects_after_the_server_is_killed(tmp_path: Path, browser: Browser) -> None:
    srv = ServerProcess(tmp_path / "kill.sqlite3").start()
    try:
        page, errors = open_page(browser, srv.url + "/")
        create_table(page, "doudizhu", ["bot:greedy", "bot:greedy"])
        for _ in range(3):  # a few turns, so that there is something to lose
            end = time.monotonic() + 20
            while not my_turn(page) and time.monotonic() < end:
                page.wait_for_timeout(50)
            take_turn(page, by_clicks=False)
        # wait for a quiet moment (our turn: nothing moves until we act)
        end = time.monotonic() + 20
        while not my_turn(page) and time.monotonic() < end:
            page.wait_for_timeout(50)
        assert my_turn(page)
        before_seq = seq(page)
        before_hand = page.locator("[data-testid=hand] [data-testid=card]").evaluate_all(
            "els => els.map(e => e.dataset.card)"
        )
        srv.kill()
        page.wait_for_selector("[data-testid=reconnecting]", state="visible", timeout=15_000)
        srv = ServerProcess(tmp_path / "kill.sqlite3", port=srv.port).start()
        page.wait_for_selector("[data-testid=reconnecting]", state="hidden", timeout=30_000)
        page.wait_for_timeout(300)
        assert seq(page) == before_seq
        assert (
            page.locator("[data-testid=hand] [data-testid=card]").evaluate_all(
                "els => els.map(e => e.dataset.card)"
            )
            == before_hand
        )
        play_until_over([page])
        assert toasts(page) == []
        # a finished table is not brought back into memory by a restart: its page
        # says so and links to the record
        srv.kill()
        srv = ServerProcess(tmp_path / "kill.sqlite3", port=srv.port).start()
        page.reload()
        page.click("[data-testid=fatal-record]", timeout=30_000)
        page.wait_for_selector("[data-testid=replay-slider]", timeout=10_000)
        page.context.close()
    finally:
        srv.stop()


def test_a_game_the_page_does_not_know_is_played_by_buttons(
    tmp_path: Path, browser: Browser
) -> None:
    """The toy game (``tests/toygame``: no web view of its own, loaded by
    ``CHUPAI_GAMES``) in the page: the generic view shows the hand as written,
    and the legal actions as buttons; a match against a bot is played to the end
    by following hints."""
    tests_dir = str(Path(__file__).resolve().parents[1])
    path = os.pathsep.join(p for p in (tests_dir, os.environ.get("PYTHONPATH", "")) if p)
    srv = ServerProcess(
        tmp_path / "toy.sqlite3", env={"CHUPAI_GAMES": "toygame.spec", "PYTHONPATH": path}
    ).start()
    try:
        page, errors = open_page(browser, srv.url + "/")
        create_table(page, "toy", ["bot:random"], deals=2)
        hand = page.locator("[data-testid=hand] [data-testid=card]")
        assert hand.count() == 6
        assert all(
            len(c) == 2 and c[1] in "xy"
            for c in hand.evaluate_all("els => els.map(e => e.dataset.card)")
        )
        counts = play_until_over([page])
        assert counts.get("hint-choice", 0) > 0, counts
        assert toasts(page) == [] and errors == []
        page.context.close()
    finally:
        srv.stop()


def test_decision_prompts_and_words_come_from_the_games_page_data(
    server: ServerProcess, browser: Browser
) -> None:
    """The page names no game: the sentence above a decision and a game's own
    action words are the ones its web plugin serves in ``/api/games`` (the demo's
    sample states: a Dou Dizhu bid, a Big A declaration in the draw), in 中文."""
    page, errors = open_page(browser, server.url + "/", width=360, height=740)
    page.wait_for_selector("[data-testid=lang]")
    page.select_option("[data-testid=lang]", "zh")
    page.goto(server.url + "/#/demo/1")
    page.wait_for_selector("[data-testid=prompt]:has-text('叫分抢地主')", timeout=10_000)
    assert "不叫" in page.locator("[data-testid=choice]").all_inner_texts()
    assert "斗地主" in page.title()
    page.goto(server.url + "/#/demo/2")
    page.wait_for_selector("[data-testid=prompt]:has-text('亮出一张 A 叫庄')", timeout=10_000)
    words = [w.split("\n")[0] for w in page.locator("[data-testid=choice]").all_inner_texts()]
    assert sorted(words) == ["不亮", "亮"]  # Big A's decline is 不亮 (Dou Dizhu's show: 明牌)
    assert "打大A" in page.title()
    assert errors == []
    page.context.close()
