"""The page fits the screen in every language (Playwright and Chromium, as
``test_web_browser``): in English, 中文 and 日本語, on a desktop (1280 × 860) and
a phone (390 × 844), the lobby with each game's rules and options, a table of
every game at the human's turn (hand, buttons, decision), a finished match of
every game (the deal-result dialog, the match's end and the score table) and the
records show every text whole: nothing cut by its box or by a
scrolling container, nothing past the screen's edge, no column heading broken
into a character a line, and the seats of bots of one level distinct however
short their names are cut.

The matches are played to their end once, quickly, by a WebSocket client in
the human's seat; the pages then open them as that human (a finished deal is
shown to a player who joins). The screenshots are written to a temporary
folder whose path comes with every failure (or to ``$CHUPAI_FIT_SHOTS``, kept)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest
from test_web_browser import (  # the skip when Chromium is missing comes with them
    Browser,
    Page,
    ServerProcess,
    browser,  # noqa: F401 (a fixture)
    server,  # noqa: F401 (a fixture)
)

pytest.importorskip("websockets")
from websockets.sync.client import connect  # noqa: E402

pytestmark = pytest.mark.slow

SIZES = ((1280, 860), (390, 844))
LANGS = ("en", "zh", "ja")
GAMES = ("bigtwo", "doudizhu", "biga", "daguailuzi")

# Every visible element that holds text of its own, checked against its own box, the
# boxes of the ancestors that clip it (overflow not visible) and the screen. An
# element that ends its text with an ellipsis on purpose may be cut by its own box.
FIT = r"""(root) => {
  const out = [];
  const vw = document.documentElement.clientWidth;
  const what = (el) => {
    const id = el.dataset.testid ? `[${el.dataset.testid}]` : "";
    const cls = typeof el.className === "string" && el.className ? "." + el.className.split(" ")[0] : "";
    return `<${el.tagName.toLowerCase()}${cls}${id}> "${el.textContent.trim().slice(0, 40)}"`;
  };
  if (document.documentElement.scrollWidth > vw + 1)
    out.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${vw})`);
  for (const box of root.querySelectorAll(".table-scroll")) {
    if (box.checkVisibility() && box.scrollWidth > box.clientWidth + 1)
      out.push(`a table scrolls sideways: ${what(box)} (${box.scrollWidth} > ${box.clientWidth})`);
  }
  for (const el of root.querySelectorAll("*")) {
    if (!el.checkVisibility({ visibilityProperty: true })) continue;
    if (["SCRIPT", "STYLE", "OPTION", "TEXTAREA", "svg"].includes(el.tagName)) continue;
    if (el.closest("select, svg")) continue;
    const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join("").trim();
    if (!own) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const cs = getComputedStyle(el);
    const ellipsis = cs.textOverflow === "ellipsis";
    if (!ellipsis && (el.scrollWidth > el.clientWidth + 1 && cs.overflowX !== "visible"))
      out.push(`cut by its own box: ${what(el)} (${el.scrollWidth} > ${el.clientWidth})`);
    if (r.left < -1 || r.right > vw + 1)
      out.push(`past the screen's edge: ${what(el)} (${Math.round(r.left)}..${Math.round(r.right)} of ${vw})`);
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const acs = getComputedStyle(a);
      if (acs.overflowX === "visible" && acs.overflowY === "visible") continue;
      const ar = a.getBoundingClientRect();
      if (r.left < ar.left - 1 || r.right > ar.right + 1) {
        out.push(`cut by ${what(a).split(" ")[0]}: ${what(el)}`);
        break;
      }
    }
    // a label broken inside a word ("上が | り順", "ボッ | ト2", "heurist | ic"), a text
    // squeezed into a character or two a line
    for (const n of el.childNodes) {
      const chars = n.nodeType === 3 ? [...n.textContent] : [];
      const len = chars.filter((c) => c.trim()).length;
      if (len < 2) continue;
      const range = document.createRange();
      let at = 0;
      let prev = null;
      let lines = 1;
      for (const c of chars) {
        range.setStart(n, at);
        range.setEnd(n, at + c.length);
        at += c.length;
        const b = range.getBoundingClientRect();
        if (!c.trim() || b.height === 0 || b.top >= r.bottom - 1) continue;
        if (prev && b.top - prev.top > parseFloat(cs.fontSize) / 2) {
          lines += 1;
          const edge = (x) => /[\s\p{P}\p{S}]/u.test(x);
          const digit = (x) => /\d/.test(x);
          if (len <= 8 && !edge(prev.c) && !edge(c) && digit(prev.c) === digit(c))
            out.push(`a label broken inside a word: ${what(el)} (${prev.c} | ${c})`);
        }
        prev = { top: b.top, c };
      }
      if (len > 8 && len / lines <= 2.5)
        out.push(`a text broken into a character or two a line: ${what(el)} (${lines} lines)`);
    }
    if (el.tagName === "TH" && el.closest("thead")) {
      const line = parseFloat(cs.lineHeight) || parseFloat(cs.fontSize) * 1.4;
      const inner = r.height - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
      if (inner > 2 * line + 2) out.push(`a heading wraps to more than two lines: ${what(el)}`);
    }
  }
  // Seat names cut with an ellipsis stay distinct in what they show.
  const shown = (el) => {
    // the characters not cut by a box that clips (an ellipsis takes about 1em)
    const visible = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      for (let i = 0; i < n.textContent.length; i++) {
        range.setStart(n, i);
        range.setEnd(n, i + 1);
        const cr = range.getBoundingClientRect();
        let clipped = false;
        for (let a = n.parentElement; a && a !== el.parentElement; a = a.parentElement) {
          const acs = getComputedStyle(a);
          if (acs.overflowX === "visible") continue;
          const ar = a.getBoundingClientRect();
          const cut = acs.textOverflow === "ellipsis" && a.scrollWidth > a.clientWidth + 1
            ? parseFloat(acs.fontSize) : 0;
          if (cr.right > ar.right - cut + 0.5 || cr.top >= ar.bottom - 0.5) clipped = true;
        }
        if (!clipped) visible.push(n.textContent[i]);
      }
    }
    return visible.join("");
  };
  for (const sel of ["[data-testid=felt] .seat-name", "table.scores thead th"]) {
    const seen = new Map();
    for (const el of [...root.querySelectorAll(sel)].filter((e) => e.checkVisibility())) {
      const s = shown(el).replace(/\s+/g, " ").trim();
      if (seen.has(s) && seen.get(s) !== el.textContent)
        out.push(`two seats show the same name "${s}": "${seen.get(s)}" and "${el.textContent}"`);
      seen.set(s, el.textContent);
    }
  }
  return out;
}"""


def _play_to_end(srv: ServerProcess, table: str, token: str) -> None:
    """Play the human's seat to the match's end over the WebSocket: the play of the
    most cards each turn (so the deal is short), else the first action."""
    with connect(srv.ws_url()) as ws:
        ws.send(json.dumps({"type": "join", "table": table, "token": token}))
        acted = -1
        end = time.monotonic() + 60
        while time.monotonic() < end:
            msg = json.loads(ws.recv(timeout=20))
            if msg.get("type") != "state":
                continue
            if msg["match"]["over"]:
                return
            legal = msg.get("legal") or []
            if not legal or msg["seq"] <= acted:
                continue
            plays = [e for e in legal if e.get("cards")]
            pick = max(plays, key=lambda e: len(e["cards"])) if plays else legal[0]
            ws.send(json.dumps({"type": "act", "seq": msg["seq"], "action": pick["i"]}))
            acted = msg["seq"]
    raise AssertionError(f"the {table} match did not end in 60 s")


def _table(server: ServerProcess, game: dict[str, Any], players: int = 0) -> dict[str, Any]:  # noqa: F811
    """A one-deal table of ``game`` (of ``players`` seats, else its default preset's):
    a human, Ana, and heuristic bots (all of one level, so that their names differ
    only by a number); the human's seat."""
    preset = game.get("default_preset") or game["presets"][0]["name"]
    size = players or next(p["players"] for p in game["presets"] if p["name"] == preset)
    made = server.post(
        "/api/tables",
        {
            "game": game["key"],
            "preset": preset,
            "options": {"players": str(players)} if players else {},
            "deals": 1,
            "seed": 7,
            "seats": [{"kind": "human", "name": "Ana"}]
            + [{"kind": "bot", "level": "heuristic"}] * (size - 1),
        },
    )
    return {"table": made["table"], **made["seats"][0]}


@pytest.fixture(scope="module")
def tables(server: ServerProcess) -> dict[str, dict[str, str]]:  # noqa: F811 (the fixture above)
    """Each game's table in play (the human's turn, or a step the human is asked) and
    its finished one-deal match: the links of the human's seat."""
    games = {g["key"]: g for g in server.get("/api/games")["games"]}
    links: dict[str, dict[str, str]] = {"playing": {}, "over": {}}
    for key in GAMES:
        links["playing"][key] = server.url + _table(server, games[key])["link"]
        human = _table(server, games[key])
        _play_to_end(server, human["table"], human["token"])
        links["over"][key] = server.url + human["link"]
    # the widest table: eight seats of Big Two (two packs), its score sheet in the side column
    human = _table(server, games["bigtwo"], players=8)
    _play_to_end(server, human["table"], human["token"])
    links["over"]["bigtwo-8"] = server.url + human["link"]
    return links


def _check(page: Page, where: str, shots: Path, problems: list[str], root: str = "body") -> None:
    shot = shots / f"{where}.png"
    page.screenshot(path=str(shot), full_page=True)
    found = page.evaluate(f"() => ({FIT})(document.querySelector({json.dumps(root)}))")
    problems.extend(f"{where}: {p} (screenshot {shot})" for p in found)


def _page(browser: Browser, lang: str, width: int, height: int) -> Page:  # noqa: F811
    ctx = browser.new_context(viewport={"width": width, "height": height})
    ctx.add_init_script(f"localStorage.setItem('chupai.lang', {json.dumps(lang)})")
    return ctx.new_page()


@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}px" for w, _ in SIZES])
@pytest.mark.parametrize("lang", LANGS)
def test_every_screen_fits(
    server: ServerProcess,  # noqa: F811
    browser: Browser,  # noqa: F811
    tables: dict[str, dict[str, str]],
    lang: str,
    width: int,
    height: int,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    keep = os.environ.get("CHUPAI_FIT_SHOTS")  # a folder to keep the screenshots in
    shots = (
        Path(keep) / f"{lang}-{width}" if keep else tmp_path_factory.mktemp(f"fit-{lang}-{width}")
    )
    shots.mkdir(parents=True, exist_ok=True)
    page = _page(browser, lang, width, height)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    problems: list[str] = []
    # the lobby, each game's form with its rules and options open
    page.goto(server.url + "/")
    page.wait_for_selector("[data-testid=game]")
    for game in GAMES:
        page.select_option("[data-testid=game]", game)
        page.locator("details.advanced summary").click()
        page.wait_for_selector("#f-options")
        _check(page, f"lobby-{game}", shots, problems)
    for game, link in tables["playing"].items():
        page.goto(link)
        page.wait_for_selector("[data-testid=status][data-my-turn=true]", timeout=10_000)
        _check(page, f"play-{game}", shots, problems)
    for game, link in tables["over"].items():
        page.goto(link)
        page.wait_for_selector("dialog[data-testid=outcome]", timeout=10_000)
        _check(page, f"outcome-{game}", shots, problems, "dialog[data-testid=outcome]")
        page.click("[data-testid=next]")
        page.wait_for_selector("[data-testid=match-over]")
        page.locator("[data-testid=scores]").scroll_into_view_if_needed()
        _check(page, f"match-{game}", shots, problems)
    page.click("[data-testid=record-link]")
    page.wait_for_selector("[data-testid=replay-slider]", timeout=10_000)
    _check(page, "record", shots, problems)
    page.goto(server.url + "/#/records")
    page.wait_for_selector("[data-testid=record-item]", timeout=10_000)
    _check(page, "records", shots, problems)
    page.context.close()
    assert not errors, errors
    assert not problems, "\n".join(problems)


def test_the_shipped_cjk_font_loads(server: ServerProcess, browser: Browser) -> None:  # noqa: F811
    """Chromium accepts both font files (its sanitizer refuses a broken one) and draws
    the page's words with them."""
    page = _page(browser, "ja", 390, 844)
    page.goto(server.url + "/")
    page.wait_for_selector("[data-testid=game]")
    loaded = page.evaluate(
        """async () => {
          const out = {};
          for (const [family, text] of [["chupai CJK SC", "出牌不要"], ["chupai CJK JP", "パス出す"]]) {
            try {
              const faces = await document.fonts.load(`16px "${family}"`, text);
              out[family] = faces.map((f) => f.status).join(",");
            } catch (e) { out[family] = String(e); }
          }
          return out;
        }"""
    )
    assert loaded == {"chupai CJK SC": "loaded", "chupai CJK JP": "loaded"}, loaded
    page.context.close()
