"""大怪路子 in a real browser (Playwright and Chromium, as ``test_web_browser``):
six seats around the table on a desktop (1280 × 860) and a phone (390 × 844)
in English, 中文 and 日本語, none overlapping another or clipped; cards selected
by clicks and played, a pass; and (slow) a whole deal and the tribute step of
the next one under ``shanghai``."""

from __future__ import annotations

import re
import time
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
    server,  # noqa: F401 (a fixture)
    toasts,
    wait_seq_change,
)

GAME = "daguailuzi"
SIZES = ((1280, 860), (390, 844))
LANGS = ("en", "zh", "ja")

LAYOUT = """() => {
  const out = [];
  const felt = document.querySelector("[data-testid=felt]").getBoundingClientRect();
  const seats = [...document.querySelectorAll("[data-testid=felt] [data-testid=seat]")];
  const me = document.querySelector(".me-bar");
  const boxes = seats.map((s) => s.getBoundingClientRect());
  const inside = (b, o) => b.left >= o.left - 1 && b.right <= o.right + 1 && b.top >= o.top - 1
    && b.bottom <= o.bottom + 1;
  seats.forEach((s, i) => {
    const b = boxes[i];
    const name = s.querySelector(".seat-name");
    if (!inside(b, felt)) out.push(`seat ${s.dataset.seat} is not inside the table`);
    if (s.scrollWidth > s.clientWidth + 1) out.push(`seat ${s.dataset.seat} is clipped`);
    if (!name || !name.textContent.trim()) out.push(`seat ${s.dataset.seat} has no name`);
    else if (name.scrollWidth > name.clientWidth + 1 || name.scrollHeight > name.clientHeight + 1)
      out.push(`the name of seat ${s.dataset.seat} is cut: ${name.textContent}`);
    if (!s.querySelector("[data-testid=count]")) out.push(`seat ${s.dataset.seat} shows no count`);
    if (!s.querySelector("[data-testid=role]")) out.push(`seat ${s.dataset.seat} shows no side`);
    for (let j = 0; j < i; j++) {
      const c = boxes[j];
      if (b.left < c.right - 1 && c.left < b.right - 1 && b.top < c.bottom - 1 && c.top < b.bottom - 1)
        out.push(`seats ${s.dataset.seat} and ${seats[j].dataset.seat} overlap`);
    }
  });
  if (!me || !me.querySelector("[data-testid=my-role]")) out.push("my own team is not shown");
  if (document.documentElement.scrollWidth > window.innerWidth + 1) out.push("the page scrolls sideways");
  return out;
}"""


def _table(srv: ServerProcess, preset: str, seed: int, deals: int = 1, **options: str) -> str:
    """A table of one human and five greedy bots; the human's link."""
    made = srv.post(
        "/api/tables",
        {
            "game": GAME,
            "preset": preset,
            "options": options,
            "seed": seed,
            "deals": deals,
            "seats": [{"kind": "human", "name": "Fang"}] + [{"kind": "bot", "level": "greedy"}] * 5,
        },
    )
    return str(srv.url + made["seats"][0]["link"])


def _wait_my_turn(page: Page, timeout: float = 20) -> None:
    end = time.monotonic() + timeout
    while not my_turn(page) and time.monotonic() < end:
        if page.locator("[data-testid=outcome]").count():
            return
        page.wait_for_timeout(50)


def _layout(page: Page, lang: str) -> list[str]:
    page.select_option("[data-testid=lang]", lang)
    page.wait_for_timeout(150)
    problems: list[str] = page.evaluate(LAYOUT)
    return problems


def test_six_seats_fit_and_a_play_and_a_pass_by_clicks(
    server: ServerProcess,  # noqa: F811
    browser: Browser,  # noqa: F811
) -> None:
    link = _table(server, "shanghai", 4)
    pages: list[tuple[Page, list[str]]] = []
    for width, height in SIZES:  # the same seat on a desktop and on a phone
        page, errors = open_page(browser, link, width=width, height=height)
        page.wait_for_selector("[data-testid=status]")
        assert page.locator("[data-testid=felt] [data-testid=seat]").count() == 5
        assert page.locator("[data-testid=hand] [data-testid=card]").count() == 27
        for lang in LANGS:
            assert _layout(page, lang) == [], (width, lang)
        pages.append((page, errors))
    page = pages[0][0]
    assert "大怪路子" in page.title()
    info = page.locator("[data-testid=info]").inner_text()
    assert "切り札" in info and "攻撃側のレベル" in info  # the trump rank and levels, in 日本語
    page.select_option("[data-testid=lang]", "en")
    # a play selected by clicking its cards, then a pass
    played = passed = 0
    for _ in range(30):
        _wait_my_turn(page)
        if played and passed or page.locator("[data-testid=outcome]").count():
            break
        before = seq(page)
        if page.locator("[data-testid=pass]").is_enabled() and not passed:
            page.click("[data-testid=pass]")
            passed += 1
        else:
            # the hint picks a legal play; select its cards again by hand
            page.keyboard.press("h")
            page.wait_for_selector("[data-testid=hint-text]")
            picked = page.locator("[data-testid=hand] [data-testid=card].selected")
            indices = picked.evaluate_all("els => els.map((e) => Number(e.dataset.index))")
            if not indices:  # the hint is to pass
                page.click("[data-testid=pass]")
                wait_seq_change(page, before)
                continue
            for i in indices:  # deselect, then select again, card by card
                page.click(f"[data-testid=hand] [data-testid=card][data-index='{i}']")
            assert not page.locator("[data-testid=play]").is_enabled()
            for i in indices:
                page.click(f"[data-testid=hand] [data-testid=card][data-index='{i}']")
            assert page.locator("[data-testid=play]").is_enabled()
            page.click("[data-testid=play]")
            played += 1
        wait_seq_change(page, before)
    assert played and passed
    # the phone shows the same seat moving on, and the table still fits
    phone = pages[1][0]
    phone.wait_for_function(
        f"Number(document.querySelector('[data-testid=table]').dataset.seq) >= {seq(page)}"
    )
    assert _layout(phone, "ja") == []
    for p, errors in pages:
        assert toasts(p) == [] and errors == []
        p.context.close()


def _take_hinted_turn(page: Page) -> str:
    """Act as the hint says: a choice button, the confirm of the selected cards,
    the pass, or the play of the selected cards."""
    before = seq(page)
    end = time.monotonic() + 15
    asked = 0.0
    how = ""
    while not how and time.monotonic() < end:
        if time.monotonic() - asked > 3:  # ask (again: an answer may come to a state gone)
            page.keyboard.press("h")
            asked = time.monotonic()
        if page.locator("[data-testid=choice].hinted").count():
            page.locator("[data-testid=choice].hinted").first.click()
            how = "choice"
        elif page.locator("[data-testid=choice-confirm]:not([disabled])").count():
            page.locator("[data-testid=choice-confirm]:not([disabled])").first.click()
            how = "confirm"
        elif page.locator("[data-testid=pass].hinted").count():
            page.click("[data-testid=pass]")
            how = "pass"
        elif (
            page.locator("[data-testid=hint-text]").count()
            and page.locator("[data-testid=play]").is_enabled()
        ):
            page.keyboard.press("Enter")
            how = "play"
        else:
            page.wait_for_timeout(50)
    assert how, "the hint did not come"
    wait_seq_change(page, before)
    return how


def _to_the_second_deals_step(page: Page) -> list[str]:
    """Follow the hints through the first deal to the human's first step before
    play in the second; the prompts of the steps before play seen on the way."""
    page.wait_for_selector("[data-testid=status]")
    counts: dict[str, Any] = {}
    prompts: list[str] = []
    end = time.monotonic() + 240
    while time.monotonic() < end:
        if page.locator("[data-testid=outcome]").count():
            counts["outcome"] = counts.get("outcome", 0) + 1
            assert page.locator("[data-testid=outcome] [data-testid=winners]").count()
            page.click("[data-testid=next]")
            continue
        if not my_turn(page) or page.locator("[data-testid=outcome]").count():
            page.wait_for_timeout(50)  # (the deal's end comes with the next deal's turn)
            continue
        if page.locator("[data-testid=phase]").get_attribute("data-phase") != "play":
            prompts.append(page.locator("[data-testid=prompt]").inner_text())
            assert _layout(page, "en") == []
            if counts.get("outcome"):
                break
        how = _take_hinted_turn(page)
        counts[how] = counts.get(how, 0) + 1
    assert counts.get("outcome") == 1 and counts.get("play", 0) > 5, counts
    return prompts


def _engine(preset: str, seed: int, deals: int = 1, **options: str) -> Any:
    """The table :func:`_table` makes, in this process (a ``chupai.web.tables.Table``)."""
    from chupai.web.tableconfig import check_config
    from chupai.web.tables import Table

    config = {
        "game": GAME,
        "preset": preset,
        "options": options,
        "seed": seed,
        "deals": deals,
        "seats": [{"kind": "human", "name": "Fang"}] + [{"kind": "bot", "level": "greedy"}] * 5,
    }
    return Table.create("t", check_config(config), 0.0)[0]


def _second_deals_step(seed: int, **options: str) -> tuple[str, int, list[str]] | None:
    """The table of ``seed`` (``shanghai``, two deals) played in the engine as the
    page plays it, the human following the hints, to the human's first step
    before play in the second deal: its word, how many choices it has and the
    cards of the last one (None: the human has no such step)."""
    from chupai.web.views import legal_entries

    table = _engine("shanghai", seed, 2, **options)
    while not table.over:
        deal = table.deal
        seat = deal.current_player
        if seat == 0 and deal.phase.value != "play" and table.position == 1:
            legal = table.legal()
            last = legal_entries(GAME, deal.observe(0), legal[-1:])[0]
            return last["text"].split()[0], len(legal), list(last["cards"])
        if seat == 0:
            action = table.hint(0)[1]
        else:
            _, bot, obs, legal = table.bot_choice()
            action = bot.act(obs, legal)
        table.commit(table.prepare(seat, action), action)
    return None


def _seed_with(word: str, more: int = 0, **options: str) -> tuple[int, list[str]]:
    """A seed whose second deal asks the human ``word`` (with over ``more``
    choices), and the cards of its last choice: found by playing the tables in
    the engine, so that the test follows the bots the game has."""
    for seed in range(40):
        step = _second_deals_step(seed, **options)
        if step is not None and step[0] == word and step[1] > more:
            return seed, step[2]
    raise AssertionError(f"no seed under 40 asks the human to {word}")


@pytest.mark.slow
def test_a_whole_deal_and_the_next_ones_return_step(
    server: ServerProcess,  # noqa: F811
    browser: Browser,  # noqa: F811
) -> None:
    """A ``shanghai`` table with greedy bots, the human following the hints: the
    human's team wins the first deal and the human returns a card in the second."""
    seed, _ = _seed_with("return")
    page, errors = open_page(browser, _table(server, "shanghai", seed, 2), width=390, height=844)
    prompts = _to_the_second_deals_step(page)
    assert prompts and re.search(r"paid you a tribute", prompts[-1]), prompts
    # the return: any card of the hand, selected then confirmed
    page.locator("[data-testid=hand] [data-testid=card]").first.click()
    page.click("[data-testid=choice-confirm]")
    # only this seat and its giver see the card: the public history says "1 card"
    page.wait_for_selector("[data-testid=notes] >> text=/Return/", state="attached")
    page.wait_for_selector("[data-testid=history] >> text=/Return \\(1 card\\)/", state="attached")
    assert toasts(page) == [] and errors == []
    page.context.close()


def _click_cards(page: Page, tokens: list[str]) -> None:
    """Select the hand cards ``tokens`` (several copies: as many cards)."""
    hand = page.locator("[data-testid=hand] [data-testid=card]")
    cards = hand.evaluate_all("els => els.map((e) => e.dataset.card)")
    used: set[int] = set()
    for tok in tokens:
        i = next(i for i, c in enumerate(cards) if c == tok and i not in used)
        used.add(i)
        hand.nth(i).click()


def test_a_play_left_out_of_the_list_is_played_by_its_cards(
    server: ServerProcess,  # noqa: F811
    browser: Browser,  # noqa: F811
) -> None:
    """A ``seed`` table whose human leads first, with over a thousand plays; the
    state lists 500 of them. The last play of the whole list, selected by hand, is
    sent by its cards and played; four cards (no play) are refused with the reason."""
    from chupai.web.viewkit import display

    seed = next(
        k for k in range(60) if (t := _engine("seed", k)).to_act == 0 and len(t.legal()) > 1000
    )
    engine = _engine("seed", seed)
    last = display(engine.deal.action_text(engine.legal()[-1])).split()
    page, errors = open_page(browser, _table(server, "seed", seed))
    _wait_my_turn(page)
    _click_cards(
        page,
        page.locator("[data-testid=hand] [data-testid=card]").evaluate_all(
            "els => els.slice(0, 4).map((e) => e.dataset.card)"
        ),
    )
    assert page.locator("[data-testid=play]").is_enabled()  # the server judges it
    page.click("[data-testid=play]")
    page.wait_for_selector("[data-testid=toast]")
    assert "four" in toasts(page)[0].lower()
    page.locator("[data-testid=toast]").first.click()  # (closes it)
    selected = page.locator("[data-testid=hand] [data-testid=card].selected")
    while selected.count():
        selected.first.click()
    before = seq(page)
    _click_cards(page, last)
    page.click("[data-testid=play]")
    wait_seq_change(page, before)
    assert page.locator("[data-testid=hand] [data-testid=card]").count() == 27 - 5
    assert toasts(page) == [] and errors == []
    page.context.close()


@pytest.mark.slow
def test_an_offer_of_three_cards_for_a_big_joker(
    server: ServerProcess,  # noqa: F811
    browser: Browser,  # noqa: F811
) -> None:
    """A ``shanghai`` table under ``joker_candidates``: the human receives a big
    joker and offers three cards of different ranks. Of its thousand offers and
    more the state lists 500; the last one, selected in the hand, is sent by its
    word and cards."""
    seed, last = _seed_with("offer", 1000, return_rule="joker_candidates")
    assert len(last) == 3
    link = _table(server, "shanghai", seed, 2, return_rule="joker_candidates")
    page, errors = open_page(browser, link)
    prompts = _to_the_second_deals_step(page)
    assert prompts and "paid you a joker" in prompts[-1], prompts
    assert not page.locator("[data-testid=hand] [data-testid=card].dim").count()
    before = seq(page)
    _click_cards(page, last)
    page.click("[data-testid=choice-confirm]")
    wait_seq_change(page, before)
    notes = page.locator("[data-testid=notes]").inner_text()
    assert "Offer" in notes
    page.wait_for_selector("[data-testid=history] >> text=/Offer \\(3 cards\\)/", state="attached")
    assert toasts(page) == [] and errors == []
    page.context.close()
