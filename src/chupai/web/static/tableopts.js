// The lobby's table menus: the options a game's web plugin offers as menus
// (`/api/games` gives each game's `table_options`, and each preset's values of them
// in its `options`), with their labels in every language. The table size is the
// menu of the option `players` where a game has one; the other options are still
// written key=value in the options box (which wins over a menu).

import { getLang } from "./i18n.js";
import { h } from "./common.js";

const LABELS = {
  en: {
    players: "Players", packs: "Packs", leftover_rule: "Cards that do not divide evenly",
    starting_copy: "Two packs: who leads", identical_beats: "Two packs: an identical play beats",
    table_menus: "Table",
  },
  zh: {
    players: "人数", packs: "副数", leftover_rule: "除不尽的余牌",
    starting_copy: "两副牌：谁先出", identical_beats: "两副牌：相同的牌可压",
    table_menus: "牌桌",
  },
  ja: {
    players: "人数", packs: "デッキ数", leftover_rule: "割り切れない余りのカード",
    starting_copy: "2デッキ：誰が最初に出すか", identical_beats: "2デッキ：同じ手で上がれる",
    table_menus: "テーブル",
  },
};

const VALUES = {
  en: {
    "packs=1": "one pack (52 cards)", "packs=2": "two packs (104 cards, 5 to 8 players)",
    "leftover_rule=to_starting_card_holder": "to the starting card's holder",
    "leftover_rule=malaysian": "the starting card's holder may take or swap",
    "leftover_rule=taiwan_exposed": "face up, to the starting card's holder",
    "leftover_rule=set_aside": "set aside unseen",
    "leftover_rule=round_robin": "dealt round robin (some hold one more)",
    "starting_copy=turn_order": "the first holder in turn order",
    "starting_copy=first_dealt": "the holder dealt it first",
    "identical_beats=true": "yes", "identical_beats=false": "no (the first stays on top)",
    players_n: "{n} players", preset_own: " (the preset has {n})",
    "preset=standard": "standard", "preset=hongkong": "Hong Kong", "preset=taiwan": "Taiwan",
    "preset=mainland": "mainland China", "preset=classic": "classic", "preset=four_player": "four players",
    "preset=seed": "basic", "preset=shanghai": "Shanghai", "pre_exchange=true": "cards exchanged before play",
  },
  zh: {
    "packs=1": "一副牌（52张）", "packs=2": "两副牌（104张，5至8人）",
    "leftover_rule=to_starting_card_holder": "归起始牌持有者",
    "leftover_rule=malaysian": "起始牌持有者可拿或换（马来西亚）",
    "leftover_rule=taiwan_exposed": "亮出，归起始牌持有者（台湾）",
    "leftover_rule=set_aside": "不看，放在一边",
    "leftover_rule=round_robin": "轮流发完（有人多一张）",
    "starting_copy=turn_order": "按出牌顺序的第一位持有者",
    "starting_copy=first_dealt": "先发到的持有者",
    "identical_beats=true": "可压", "identical_beats=false": "不可压（先出的为大）",
    players_n: "{n} 人", preset_own: "（预设为 {n} 人）",
    "preset=standard": "标准", "preset=hongkong": "香港", "preset=taiwan": "台湾",
    "preset=mainland": "大陆", "preset=classic": "经典", "preset=four_player": "四人",
    "preset=seed": "基本", "preset=shanghai": "上海", "pre_exchange=true": "开局前换牌",
  },
  ja: {
    "packs=1": "1デッキ（52枚）", "packs=2": "2デッキ（104枚、5〜8人）",
    "leftover_rule=to_starting_card_holder": "開始カードを持つ人へ",
    "leftover_rule=malaysian": "開始カードを持つ人が取るか交換（マレーシア式）",
    "leftover_rule=taiwan_exposed": "表にして開始カードを持つ人へ（台湾式）",
    "leftover_rule=set_aside": "見ずに脇へ置く",
    "leftover_rule=round_robin": "順に配り切る（1枚多い人あり）",
    "starting_copy=turn_order": "手番順で最初の持ち主",
    "starting_copy=first_dealt": "先に配られた持ち主",
    "identical_beats=true": "出せる", "identical_beats=false": "出せない（先の手が強い）",
    players_n: "{n} 人", preset_own: "（プリセットは {n} 人）",
    "preset=standard": "標準", "preset=hongkong": "香港式", "preset=taiwan": "台湾式",
    "preset=mainland": "中国本土式", "preset=classic": "クラシック", "preset=four_player": "4人",
    "preset=seed": "基本", "preset=shanghai": "上海式", "pre_exchange=true": "開始前にカード交換",
  },
};

function lookup(table, key) {
  const mine = table[getLang()] || table.en;
  return mine[key] !== undefined ? mine[key] : table.en[key];
}

/** The label of an option the lobby offers as a menu (its key when unknown). */
export function optionLabel(key) {
  const s = lookup(LABELS, key);
  return s === undefined ? key : s;
}

/** The label of one value of a menu (the value itself when unknown). */
export function optionValueLabel(key, value) {
  if (key === "players") return lookup(VALUES, "players_n").replace("{n}", value);
  const s = lookup(VALUES, `${key}=${value}`);
  return s === undefined ? value : s;
}

/** A preset's name in the page's language (the name itself when unknown). */
export function presetName(name) {
  const s = lookup(VALUES, `preset=${name}`);
  return s === undefined ? String(name) : s;
}

/**
 * A table's rules in words from its spec, "bigtwo(preset=standard,players=6,packs=2)"
 * giving "standard · 6 players · two packs (104 cards, 5 to 8 players)": the preset's
 * name and each option's label, key=value where the page has no words for it.
 */
export function specLabel(spec, preset) {
  const m = /^[^(]*\((.*)\)$/.exec(String(spec || ""));
  const pairs = m && m[1] ? m[1].split(",").map((kv) => kv.split("=")) : [];
  const name = (pairs.find(([k]) => k === "preset") || [])[1] || preset;
  const parts = name ? [presetName(name)] : [];
  for (const [k, v] of pairs) {
    if (k === "preset" || v === undefined) continue;
    const label = optionValueLabel(k, v);
    parts.push(label === v ? `${k}=${v}` : label);
  }
  return parts.join(" · ");
}

/** The values the menus show for a preset: its own, overridden by the ones chosen. */
export function menuValues(preset, chosen) {
  return { ...((preset && preset.options) || {}), ...(chosen || {}) };
}

/**
 * A preset's entry in the preset menu: its name and the number of players the
 * table will have. That is the `players` menu's value when one is chosen (the
 * preset's own number is then said too), else the preset's: "standard — 6 players
 * (the preset has 4)", "Taiwan — 4 players" (the name in the page's language).
 */
export function presetLabel(preset, chosen) {
  const own = Number(preset.players);
  const picked = chosen && chosen.players !== undefined ? Number(chosen.players) : own;
  const label = `${presetName(preset.name)} — ${optionValueLabel("players", picked)}`;
  if (picked === own || !own) return label;
  return label + lookup(VALUES, "preset_own").replace("{n}", own);
}

/** The chosen values that differ from the preset's: what the table is created with. */
export function changedValues(preset, chosen) {
  const base = (preset && preset.options) || {};
  return Object.fromEntries(Object.entries(chosen || {}).filter(([k, v]) => base[k] !== v));
}

/**
 * The menus of a game's `table_options` as a fieldset (null when it has none):
 * `values` are the shown values ({key: text}), `onPick(key, value)` is called on a
 * change, `bad(field)` marks a field the server named.
 */
export function tableMenus(options, values, onPick, bad) {
  if (!options || !options.length) return null;
  return h("fieldset", { class: "seats table-menus", testid: "table-menus" },
    h("legend", {}, optionLabel("table_menus")),
    options.map((o) => {
      const sel = h("select", { id: `f-opt-${o.key}`, testid: `opt-${o.key}`, title: o.doc,
        "aria-invalid": bad(`options.${o.key}`) },
        o.values.map((v) => h("option", { value: v, selected: values[o.key] === v }, optionValueLabel(o.key, v))));
      sel.addEventListener("change", () => onPick(o.key, sel.value));
      return h("div", { class: "seat-row" }, h("label", { for: `f-opt-${o.key}` }, optionLabel(o.key)), sel);
    }));
}
