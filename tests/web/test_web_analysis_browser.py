"""The analysis of a finished game in a real browser (issue 23; Playwright and
Chromium, as ``test_web_browser``): a table played to its end is opened in the
records, analysed (the real evaluator in the server's analysis worker, the quick
budget, one seat), and its replay shows the win graph, a point per analysed
decision and a mark per inaccuracy, mistake and blunder; clicking a point moves
the replay there and names that decision's played and best actions. At 375 px
width too, and in 中文 and 日本語. Slow (a server process, a browser, an
analysis: about 20 s)."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from typing import Any

import pytest
from test_web_browser import (  # the skip when Chromium is missing comes with them
    Browser,
    Page,
    ServerProcess,
    browser,  # noqa: F401 (a fixture)
    create_table,
    my_turn,
    open_page,
)

pytest.importorskip("websockets")
from websockets.sync.client import connect  # noqa: E402

pytestmark = pytest.mark.slow

MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    srv = ServerProcess(tmp_path_factory.mktemp("analysis") / "a.sqlite3").start()
    yield srv
    srv.stop()


def play_finished_table(server: ServerProcess, seed: int) -> str:
    """A one-deal Big Two table whose human always plays the last legal entry
    (the biggest play, or a pass: plenty to mark), played to its end."""
    made = server.post(
        "/api/tables",
        {
            "game": "bigtwo",
            "seed": seed,
            "seats": [{"kind": "human"}] + [{"kind": "bot", "level": "greedy"}] * 3,
        },
    )
    with connect(server.ws_url()) as ws:
        ws.send(
            json.dumps({"type": "join", "table": made["table"], "token": made["seats"][0]["token"]})
        )
        while True:
            msg = json.loads(ws.recv(timeout=20))
            if msg["type"] != "state":
                continue
            if msg["match"]["over"]:
                break
            if msg["legal"]:
                entry = msg["legal"][-1]
                ws.send(json.dumps({"type": "act", "seq": msg["seq"], "action": entry["i"]}))
    return str(made["table"])


def pct(win: float) -> str:
    """A probability as the page writes it (JavaScript's rounding: halves up)."""
    return f"{math.floor(win * 100 + 0.5)}%"


def wait_graph(page: Page) -> None:
    page.wait_for_selector("[data-testid=analysis-graph]", timeout=120_000)


def check_points(page: Page, analysis: dict[str, Any]) -> None:
    """The graph's points and marks are the analysis's decisions of the deal shown."""
    decisions = [d for d in analysis["deals"][0]["decisions"] if d["played_value"]]
    points = page.locator("[data-testid=analysis-point]")
    assert points.count() == len(decisions) > 0
    labels = [points.nth(k).get_attribute("data-label") for k in range(points.count())]
    assert labels == [d["label"] for d in decisions]
    marks = page.locator("[data-testid=analysis-mark]").all_text_contents()
    assert marks == [MARKS[d["label"]] for d in decisions if d["label"] in MARKS]


def click_point(page: Page, analysis: dict[str, Any], k: int) -> None:
    """Click the k-th point: the replay moves to its decision, whose line is shown."""
    decisions = [d for d in analysis["deals"][0]["decisions"] if d["played_value"]]
    point = page.locator("[data-testid=analysis-point]").nth(k)
    frame = int(point.get_attribute("data-frame") or "-1")
    point.locator("circle.hit").click()
    page.wait_for_function(
        "f => document.querySelector('[data-testid=replay-slider]').value === String(f)", arg=frame
    )
    step = page.locator("[data-testid=replay-step]").inner_text()
    assert re.fullmatch(rf"Step {frame + 1} / \d+", step), step
    line = page.locator("[data-testid=analysis-line]").inner_text()
    d = decisions[k]
    assert page.locator("[data-testid=analysis-label]").get_attribute("data-label") == d["label"]
    assert f"win {pct(d['played_value']['win'])}" in line, (line, d)
    assert f"win {pct(d['best_value']['win'])}" in line, (line, d)
    current = page.locator("[data-testid=analysis-point].current")
    assert current.count() == 1 and current.get_attribute("data-frame") == str(frame)


def test_a_finished_table_is_analysed_and_its_graph_jumps_the_replay(
    server: ServerProcess,
    browser: Browser,  # noqa: F811
) -> None:
    table = play_finished_table(server, seed=28)
    page, errors = open_page(browser, server.url + "/#/records")
    page.wait_for_selector(f"[data-testid=record-item][data-record='{table}']")
    page.click(f"[data-testid=record-item][data-record='{table}'] [data-testid=replay-link]")
    page.wait_for_selector("[data-testid=analyse]")
    assert page.locator("[data-testid=analysis-graph]").count() == 0  # not analysed yet
    page.select_option("[data-testid=analysis-seat]", "0")
    page.select_option("[data-testid=analysis-budget]", "quick")
    page.click("[data-testid=analyse]")
    page.wait_for_selector("[data-testid=analysis-progress]", timeout=10_000)
    wait_graph(page)
    body = server.get(f"/api/records/{table}/analysis?seat=0&budget=quick")
    assert body["status"] == "done" and body["analysis"]["seats"] == [0]
    analysis = body["analysis"]
    check_points(page, analysis)
    marked = [d for d in analysis["deals"][0]["decisions"] if d["label"] in MARKS]
    assert marked, "the human's deliberately big plays should cost something"
    shown = [d for d in analysis["deals"][0]["decisions"] if d["played_value"]]
    click_point(page, analysis, shown.index(marked[0]))
    click_point(page, analysis, 0)
    # the other languages
    for lang, word in (("zh", "最佳"), ("ja", "最善")):
        page.select_option("[data-testid=lang]", lang)
        assert word in page.locator("[data-testid=analysis-line]").inner_text()
    page.select_option("[data-testid=lang]", "en")
    assert errors == []
    page.context.close()

    # a phone: the stored analysis is shown at once, and its points are on screen
    page, errors = open_page(browser, server.url + f"/#/r/{table}", width=375, height=800)
    wait_graph(page)
    check_points(page, analysis)
    box = page.locator("[data-testid=analysis-graph]").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 375
    last = len(shown) - 1
    click_point(page, analysis, last)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, width  # nothing wider than the phone
    assert errors == []
    page.context.close()


def test_a_practice_table_offers_win_chances_and_a_table_of_friends_does_not(
    server: ServerProcess,
    browser: Browser,  # noqa: F811
) -> None:
    page, errors = open_page(browser, server.url + "/")
    create_table(page, "bigtwo", ["bot:greedy"] * 3, seed=7)
    page.wait_for_function(
        "() => document.querySelector('[data-testid=status]')?.dataset.myTurn === 'true'",
        timeout=20_000,
    )
    assert my_turn(page)
    page.click("[data-testid=win-hint]")
    line = page.wait_for_selector("[data-testid=hint-text]", timeout=20_000)
    text = line.inner_text()
    assert re.search(r"win \d+%, score [−+]?\d+\.\d", text), text
    # the best action is selected as a hint's is: its cards, or the pass button marked
    chosen = page.locator("[data-testid=hand] [data-testid=card][aria-pressed=true]").count()
    assert chosen > 0 or page.locator("[data-testid=pass].hinted").count() == 1
    page.select_option("[data-testid=lang]", "zh")
    assert page.locator("[data-testid=win-hint]").inner_text() == "胜率"
    page.select_option("[data-testid=lang]", "en")
    assert errors == []
    page.context.close()
    # a table with a friend: no such button
    page, errors = open_page(browser, server.url + "/")
    create_table(page, "bigtwo", ["friend", "bot:greedy", "bot:greedy"], seed=7)
    page.wait_for_selector("[data-testid=hint]", state="attached")
    assert page.locator("[data-testid=win-hint]").count() == 0
    assert errors == []
    page.context.close()
