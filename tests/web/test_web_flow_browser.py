"""The table's flow in a real browser (Playwright and Chromium, as
``test_web_browser``; issue 21): the notice and the history mark when the turn
timer plays for you, the next deal waiting for "Continue", a rematch (and the
invitations gone at the match's end), auto-pass, the spectator's label and the
name a friend joining by a link is asked for. Slow: each starts from a table
made over HTTP, mostly of the two-player toy game (``tests/toygame``)."""

from __future__ import annotations

import json
import os
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_web_browser import (  # the skip when Chromium is missing comes with them
    Browser,
    Page,
    ServerProcess,
    browser,  # noqa: F401 (a fixture)
    my_turn,
    open_page,
    seq,
    take_turn,
)

pytestmark = pytest.mark.slow

RECORDER = """
window.__sent = []; window.__testActing = false; window.__last = null;
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (e) => {
      try { const m = JSON.parse(e.data); if (m.type === "state") window.__last = m; } catch (x) {}
    });
  }
  send(data) {
    try {
      const m = JSON.parse(data);
      if (m.type === "act") window.__sent.push({
        legal: ((window.__last && window.__last.legal) || []).map((e) => e.kind),
        test: window.__testActing,
      });
    } catch (x) {}
    return super.send(data);
  }
};
"""
"""Records each action the page sends, the kinds of the legal actions it was
sent for, and whether the test (not the page by itself) sent it."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tests_dir = str(Path(__file__).resolve().parents[1])
    path = os.pathsep.join(p for p in (tests_dir, os.environ.get("PYTHONPATH", "")) if p)
    srv = ServerProcess(
        tmp_path_factory.mktemp("flow") / "flow.sqlite3",
        env={"CHUPAI_GAMES": "toygame.spec", "PYTHONPATH": path},
    ).start()
    yield srv
    srv.stop()


def make(server: ServerProcess, **body: Any) -> dict[str, Any]:
    req = urllib.request.Request(
        server.url + "/api/tables",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req) as r:
        return dict(json.loads(r.read()))


def link(server: ServerProcess, made: dict[str, Any], seat: int) -> str:
    return server.url + made["seats"][seat]["link"]


def toy(server: ServerProcess, *, bot: bool = True, **body: Any) -> dict[str, Any]:
    other = {"kind": "bot", "level": "random"} if bot else {"kind": "human"}
    return make(server, game="toy", seats=[{"kind": "human", "name": "Ann"}, other], **body)


def until(page: Page, done: Any, limit: float = 30) -> None:
    """Take the page's turns by hints until ``done()``."""
    end = time.monotonic() + limit
    while not done():
        assert time.monotonic() < end, "the page did not get there in time"
        if my_turn(page):
            take_turn(page, by_clicks=False)
        else:
            page.wait_for_timeout(50)


def outcome(page: Page) -> bool:
    return page.locator("[data-testid=outcome]").count() > 0


def test_the_timer_tells_the_seat_and_marks_the_history(
    server: ServerProcess,
    browser: Browser,  # noqa: F811
) -> None:
    made = make(
        server,
        game="bigtwo",
        seed=9,
        turn_seconds=5,
        seats=[{"kind": "human"}] + [{"kind": "bot", "level": "greedy"}] * 3,
    )
    page, errors = open_page(browser, link(server, made, 0))
    notice = page.locator("[data-testid=timed-notice]")
    notice.wait_for(timeout=20_000)
    assert notice.inner_text().startswith("Time ran out: the table played ")
    assert notice.inner_text().endswith(" for you")
    mark = page.locator("[data-testid=history] [data-testid=timed-mark]")
    assert mark.count() == 1 and mark.inner_text().endswith("timed out")
    assert errors == []
    page.context.close()


def test_the_next_deal_waits_for_continue(
    server: ServerProcess,
    browser: Browser,  # noqa: F811
) -> None:
    made = toy(server, deals=2, seed=3, continue_seconds=60)
    page, errors = open_page(browser, link(server, made, 0))
    page.wait_for_selector("[data-testid=status]")
    until(page, lambda: outcome(page))
    countdown = page.locator("[data-testid=between-dialog]")
    assert countdown.inner_text().startswith("Next deal in ")
    before = seq(page)
    page.wait_for_timeout(1200)  # the bot does not play, no turn starts
    assert seq(page) == before and not my_turn(page)
    page.click("[data-testid=next]")
    end = time.monotonic() + 10
    while seq(page) == before and not my_turn(page):
        assert time.monotonic() < end, "the next deal did not start"
        page.wait_for_timeout(50)
    assert page.locator("[data-testid=between]").count() == 0
    assert errors == []
    page.context.close()


def test_rematch_and_no_invitations_after_the_match(
    server: ServerProcess,
    browser: Browser,  # noqa: F811
) -> None:
    made = toy(server, deals=1, seed=4)
    table = made["table"]
    page, errors = open_page(browser, server.url + "/")
    created = {  # as the lobby keeps it: a friend's invitation
        "seats": [made["seats"][0], {"seat": 1, "kind": "human", "link": f"/#/t/{table}?token=x"}],
        "mine": 0,
    }
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)", [f"chupai.created.{table}", json.dumps(created)]
    )
    page.goto(link(server, made, 0))
    page.wait_for_selector("[data-testid=status]")
    assert page.locator("[data-testid=invite-link]").count() == 1
    until(page, lambda: page.locator("[data-testid=match-over]").count() > 0)
    if outcome(page):
        page.click("[data-testid=next]")
    assert page.locator("[data-testid=invite-link]").count() == 0
    page.click("[data-testid=rematch]")
    end = time.monotonic() + 10
    while page.locator("[data-testid=table]").get_attribute("data-table") == table:
        assert time.monotonic() < end, "the rematch did not open"
        page.wait_for_timeout(50)
    page.wait_for_selector("[data-testid=hand] [data-testid=card]")
    assert page.locator("[data-testid=table]").get_attribute("data-seat") == "0"
    assert page.locator("[data-testid=match-over]").count() == 0
    assert errors == []
    page.context.close()


def test_auto_pass_passes_only_when_a_pass_is_all_there_is(
    server: ServerProcess,
    browser: Browser,  # noqa: F811
) -> None:
    made = toy(server, deals=2, seed=5, continue_seconds=0)
    page, errors = open_page(browser, link(server, made, 0))
    page.context.add_init_script(RECORDER + "localStorage.setItem('chupai.autopass', '1');")
    page.reload()  # (the recorder is in from the start)
    page.wait_for_selector("[data-testid=status]")
    assert page.locator("[data-testid=autopass]").is_checked()
    end = time.monotonic() + 60
    while not page.locator("[data-testid=match-over]").count():
        assert time.monotonic() < end
        if outcome(page):
            page.click("[data-testid=next]")
        elif my_turn(page):
            before = seq(page)
            page.wait_for_timeout(900)  # more than the page waits before it passes
            if seq(page) == before and my_turn(page):
                page.evaluate("() => { window.__testActing = true; }")
                take_turn(page, by_clicks=False)
                page.evaluate("() => { window.__testActing = false; }")
            elif page.evaluate("() => window.__sent.length && !window.__sent.at(-1).test"):
                notices = page.locator("[data-testid=notice]").all_inner_texts()
                assert any(n.startswith("Auto-pass") for n in notices), notices  # visibly
        else:
            page.wait_for_timeout(50)
    sent = page.evaluate("() => window.__sent")
    auto = [s for s in sent if not s["test"]]
    assert auto and all(s["legal"] == ["pass"] for s in auto), sent
    assert all(s["legal"] != ["pass"] for s in sent if s["test"]), sent
    assert errors == []
    page.context.close()


def test_a_spectator_is_told_they_watch(
    server: ServerProcess,
    browser: Browser,  # noqa: F811
) -> None:
    made = toy(server, seed=6)
    page, errors = open_page(browser, server.url + "/#/t/" + made["table"])
    label = page.locator("[data-testid=watching]")
    label.wait_for()
    assert label.inner_text().startswith("Watching")
    assert "nobody's hand" in label.inner_text()
    page.select_option("[data-testid=lang]", "zh")
    assert page.locator("[data-testid=watching]").inner_text().startswith("观战中")
    assert page.locator("[data-testid=hand]").count() == 0 and errors == []
    page.context.close()


def test_a_friend_joining_by_link_is_asked_for_a_name(
    server: ServerProcess,
    browser: Browser,  # noqa: F811
) -> None:
    made = make(server, game="toy", seed=7, seats=[{"kind": "human"}, {"kind": "human"}])
    host, errors = open_page(browser, link(server, made, 0))
    host.locator("[data-testid=name-dialog]").wait_for()
    host.click("[data-testid=name-skip]")
    assert host.locator(".me-bar .seat-name").inner_text().startswith("Seat 1")
    friend, friend_errors = open_page(browser, link(server, made, 1))
    friend.locator("[data-testid=name-input]").fill("Mei")
    friend.click("[data-testid=name-ok]")
    host.wait_for_selector("[data-testid=felt] .seat-name:has-text('Mei')", timeout=10_000)
    friend.reload()
    friend.wait_for_selector("[data-testid=status]")
    friend.wait_for_timeout(300)
    assert friend.locator("[data-testid=name-dialog]").count() == 0  # remembered
    assert friend.locator(".me-bar .seat-name").inner_text().startswith("Mei")
    assert errors == [] and friend_errors == []
    host.context.close()
    friend.context.close()
