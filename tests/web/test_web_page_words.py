"""Engine words the page turns into a player's words: card tokens in a line of
text (the replay's "Seat 1: J♥ J♦", ``cardText`` of ``static/cards.js``: rank and
suit symbol, a joker by its name in the page's language, never "JH" or "RJ"), and
a fact's value (``factWord`` of ``static/i18n.js``). The modules run under Node
with the few browser globals they read stubbed (skipped where Node is missing)."""

from __future__ import annotations

from page_scripts import NEEDS_NODE, run_page_script

SCRIPT = """
const cards = await import("./cards.js");
const i18n = await import("./i18n.js");
const out = {};
for (const lang of ["en", "zh", "ja"]) {
  i18n.setLang(lang);
  out[lang] = ["JH", "TD", "10s", "A", "RJ", "BJ", "last"].map((x) => cards.cardText(x));
}
console.log(JSON.stringify(out));
"""


@NEEDS_NODE
def test_card_tokens_read_as_cards_in_each_language() -> None:
    out = run_page_script(SCRIPT)
    assert out["en"] == ["J♥", "10♦", "10♠", "A", "Red Joker (big)", "Black Joker (small)", "last"]
    assert out["zh"][4:6] == ["大王", "小王"]
    assert out["ja"][:3] == ["J♥", "10♦", "10♠"] and out["ja"][4].startswith("ジョーカー")


FACTS = """
const i18n = await import("./i18n.js");
const cards = await import("./cards.js");
const out = {};
for (const lang of ["en", "zh", "ja"]) {
  i18n.setLang(lang);
  out[lang] = [i18n.factWord("result", "draw"), i18n.factWord("phase", "draw"),
    i18n.factWord("result", "win"), i18n.factWord("role", "landlord"),
    cards.jokerWord(true), cards.jokerWord(false)];
}
console.log(JSON.stringify(out));
"""


@NEEDS_NODE
def test_a_drawn_deal_reads_as_a_draw_not_the_drawing_phase() -> None:
    """The deal result's fact ``result: "draw"`` (大怪路子) is 平局 / 引き分け, not
    the card-drawing phase's name 摸牌 the page first showed."""
    out = run_page_script(FACTS)
    assert out["zh"] == ["平局", "摸牌", "胜", "地主", "大王", "小王"]
    assert out["ja"][0] == "引き分け" and out["ja"][1] != "引き分け"
    assert out["en"][0] == "draw" and out["en"][4:] == ["BIG", "SMALL"]
    assert out["ja"][4:] == ["大", "小"]  # the jokers' faces: no English word in zh/ja


ROLES = """
const i18n = await import("./i18n.js");
const out = {};
for (const lang of ["en", "zh", "ja"]) {
  i18n.setLang(lang);
  out[lang] = ["dealer", "declarer", "landlord", "offense", "offense_leader"].map(
    (r) => [i18n.roleName(r), i18n.infoLabel(r)]);
}
console.log(JSON.stringify(out));
"""


@NEEDS_NODE
def test_the_dealer_is_not_called_by_the_declarers_name() -> None:
    """The dealer's badge (every game) and Big A's declarer or 大怪路子's offense
    were all 庄 / 庄家 in 中文: a Big A table showed 庄 on one seat and 庄家 on
    another. The dealer is 发牌 now, distinct in each language."""
    out = run_page_script(ROLES)
    for lang, rows in out.items():
        badge, label = rows[0]
        others = {w for row in rows[1:] for w in row}
        assert badge not in others and label not in others, (lang, rows)
    assert out["zh"][0] == ["发牌", "发牌者"]
    assert "庄" not in "".join(out["zh"][0])
