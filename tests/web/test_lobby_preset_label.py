"""The lobby's preset menu says how many players the table will have
(``presetLabel`` of ``chupai/web/static/tableopts.js``): the ``players`` menu's
value once one is chosen, with the preset's own number beside it, in English,
中文 and 日本語. The page module runs under Node with the few browser globals it
reads at import stubbed (skipped where Node is not installed)."""

from __future__ import annotations

import functools

from page_scripts import NEEDS_NODE, run_page_script

SCRIPT = """
const opts = await import("./tableopts.js");
const i18n = await import("./i18n.js");
const preset = { name: "standard", players: 4, options: { players: "4" } };
const out = {};
for (const lang of ["en", "zh", "ja"]) {
  i18n.setLang(lang);
  out[lang] = [{ players: "6" }, {}, { players: "4" }, { packs: "2" }].map(
    (chosen) => opts.presetLabel(preset, chosen));
  out[lang + "-spec"] = [
    opts.specLabel("bigtwo(preset=standard,players=6,packs=2)"),
    opts.specLabel("doudizhu(preset=classic)"),
    opts.specLabel("daguailuzi(preset=seed,level=T)"),
    opts.specLabel("", "taiwan"),
    opts.specLabel("bigtwo(preset=standard,pre_exchange=true)"),
  ];
}
console.log(JSON.stringify(out));
"""


@functools.cache
def _labels() -> dict[str, list[str]]:
    """The labels the script prints (Node runs once for both tests)."""
    return dict(run_page_script(SCRIPT))


@NEEDS_NODE
def test_the_preset_label_names_the_chosen_number_of_players() -> None:
    labels = _labels()
    assert labels["en"] == [
        "standard — 6 players (the preset has 4)",
        "standard — 4 players",
        "standard — 4 players",
        "standard — 4 players",
    ]
    assert labels["zh"][:2] == ["标准 — 6 人（预设为 4 人）", "标准 — 4 人"]
    assert labels["ja"][:2] == ["標準 — 6 人（プリセットは 4 人）", "標準 — 4 人"]


@NEEDS_NODE
def test_the_lists_name_a_tables_rules_in_the_pages_language() -> None:
    """The lobby's tables and the records say a table's rules in words (its spec,
    ``bigtwo(preset=standard,packs=2)``, is English identifiers); an option the page
    has no words for stays key=value."""
    labels = _labels()
    assert labels["en-spec"] == [
        "standard · 6 players · two packs (104 cards, 5 to 8 players)",
        "classic",
        "basic · level=T",
        "Taiwan",
        "standard · cards exchanged before play",
    ]
    assert labels["zh-spec"] == [
        "标准 · 6 人 · 两副牌（104张，5至8人）",
        "经典",
        "基本 · level=T",
        "台湾",
        "标准 · 开局前换牌",
    ]
    assert labels["ja-spec"][:2] == ["標準 · 6 人 · 2デッキ（104枚、5〜8人）", "クラシック"]
