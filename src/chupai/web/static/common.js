// What every page of the client shares: the page's root element and current page,
// element building, storage, fetching, toasts, dialogs, the top bar, seat names and
// the games the server plays (/api/games).

import { t, LANGS, getLang, setLang, gameName, botLevelName, setComboNames, setActionWords } from "./i18n.js";

export const app = document.getElementById("app");
/** The current page, {destroy(), rerender()}: set by the router (app.js). */
export const current = { page: null };

// ---- small helpers ----------------------------------------------------------------------------

/** Build an element: h("div", {class, text, testid, onclick, ...}, ...children). */
export function h(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k === "testid") e.dataset.testid = v;
    else if (k === "dataset") Object.assign(e.dataset, v);
    else if (k.startsWith("on") && typeof v === "function") e.addEventListener(k.slice(2), v);
    else if (v === true) e.setAttribute(k, "");
    else e.setAttribute(k, String(v));
  }
  for (const kid of kids.flat(Infinity)) {
    if (kid === null || kid === undefined || kid === false) continue;
    e.append(kid instanceof Node ? kid : String(kid));
  }
  return e;
}

export function store(key, value) {
  try {
    if (value === undefined) return localStorage.getItem(key);
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch (e) { /* storage disabled: the page still works for this visit */ }
  return null;
}

export async function fetchJSON(url, opts) {
  const res = await fetch(url, opts);
  let body = null;
  try { body = await res.json(); } catch (e) { body = null; }
  if (!res.ok) {
    const err = new Error((body && (body.error || body.message)) || `${res.status} ${res.statusText}`);
    err.status = res.status;
    err.field = body && body.field;
    throw err;
  }
  return body;
}

export function parseHash() {
  const raw = (location.hash || "#/").slice(1) || "/";
  const q = raw.indexOf("?");
  const path = q >= 0 ? raw.slice(0, q) : raw;
  const query = new URLSearchParams(q >= 0 ? raw.slice(q + 1) : "");
  return { path, query };
}

let toastBox = null;
/** A non-blocking message at the bottom of the screen. */
export function toast(message, kind) {
  if (!toastBox) {
    toastBox = h("div", { class: "toasts", "aria-live": "polite", role: "status" });
    document.body.appendChild(toastBox);
  }
  // Errors are "toast" (tests look for them); information (hints) is "notice".
  // The turn timer's notice ("timed") stays a while: the player was not looking.
  const testid = kind === "info" ? "notice" : kind === "timed" ? "timed-notice" : "toast";
  const e = h("div", { class: "toast " + (kind || "error"), testid }, message);
  e.addEventListener("click", () => e.remove());
  toastBox.appendChild(e);
  while (toastBox.children.length > 4) toastBox.firstChild.remove();
  setTimeout(() => e.remove(), kind === "info" ? 2500 : kind === "timed" ? 8000 : 6000);
}

/** Show a modal dialog; it leaves the page when closed (button, Escape). */
export function openModal(dlg) {
  dlg.addEventListener("close", () => dlg.remove());
  document.body.appendChild(dlg);
  dlg.showModal();
}

/** Close a modal dialog and take it out of the page at once. */
export function closeModal(dlg) {
  if (dlg.open) dlg.close();
  dlg.remove();
}

function langSelect(onChange) {
  const sel = h("select", { class: "lang", testid: "lang", "aria-label": t("language") },
    LANGS.map((l) => h("option", { value: l.code, selected: l.code === getLang() }, l.label)));
  sel.addEventListener("change", () => { setLang(sel.value); onChange(); });
  return sel;
}

export function topbar(title, extra) {
  return h("header", { class: "topbar" },
    h("a", { class: "brand", href: "#/" }, "chupai"),
    h("div", { class: "title" }, title),
    h("div", { class: "spacer" }),
    extra || null,
    langSelect(() => current.page && current.page.rerender()));
}

/** The server names an unnamed bot after its level and seat ("heuristic bot 2"; older
 * tables "greedy bot"): shown "Bot 2 (heuristic)" in the page's language. An unnamed
 * human seat is "Seat N": one scheme from the lobby to the table and the records. */
export const BOT_NAME = /^(random|greedy|heuristic|search|expert) bot( \d+)?$/;

export function displayName(name) {
  const m = BOT_NAME.exec(name);
  // The number goes before the level, so a narrow seat box that cuts the name keeps it.
  if (!m) return name;
  const n = m[2] ? m[2].trim() : "";
  return t("bot_named", { level: botLevelName(m[1]), n: n && getLang() === "en" ? " " + n : n });
}

/** A seat's name in a narrow box, with its level as a second line: a bot the server
 * named after its level and seat is "Bot 2" (null: not such a bot; use seatName). */
export function botSeatName(seats, i) {
  const s = seats && seats[i];
  const m = s && s.kind === "bot" ? BOT_NAME.exec(s.name || "") : null;
  return m && m[2] ? t("bot_n", { n: m[2].trim() }) : null;
}

/** A seat's name for a narrow column (the score sheet): a bot named after its level
 * and seat without its level ("Bot 2", "电脑2", "ボット2"), any other as seatName. */
export function seatShortName(seats, i) {
  return botSeatName(seats, i) || seatName(seats, i);
}

export function seatName(seats, i) {
  const s = seats && seats[i];
  const name = s && s.name;
  if (!name) return t("seat_label", { n: i + 1 });
  // Several seats of one name ("greedy bot"): number them.
  const same = seats.filter((x) => x && x.name === name).length;
  return same > 1 ? `${displayName(name)} ${i + 1}` : displayName(name);
}

/** A name in a box that may cut it (a seat on the felt, a column's heading): its end is
 * kept whole (a number, the last word, the last characters) and the middle gives way to
 * an ellipsis, so names that differ at their end ("heuristic bot 1", "heuristic bot 2")
 * stay told apart on a phone. A name whose number comes early ("ボット2（…）") is cut at
 * its end as usual. The element's title is `title`, else the whole name. */
export function nameEl(name, cls, title) {
  const text = String(name);
  const chars = [...text];
  const digits = /\d+(?!.*\d)/u.exec(text);
  const numberLate = digits && text.length - digits.index <= 6;
  if (chars.length < 9 || (digits && !numberLate)) return h("span", { class: cls, title: title || name }, name);
  const space = text.lastIndexOf(" ");
  const tail = numberLate ? text.slice(text[digits.index - 1] === " " ? digits.index - 1 : digits.index)
    : space > 0 && text.length - space <= 6 ? text.slice(space) : chars.slice(-3).join("");
  const head = text.slice(0, text.length - tail.length);
  return h("span", { class: `${cls} split-name`, title: title || name },
    h("span", { class: "name-head" }, head), h("span", { class: "name-tail" }, tail));
}

let gamesCache = null;
export async function loadGames() {
  if (!gamesCache) {
    gamesCache = (await fetchJSON("/api/games")).games || [];
    for (const g of gamesCache) {
      setComboNames(g.key, g.combo_names);
      setActionWords(g.key, pageData(g).words);
    }
  }
  return gamesCache;
}

export function gameInfo(key) {
  return (gamesCache || []).find((g) => g.key === key);
}

/** What a game's web plugin tells the page (`page` in /api/games); nothing for a game
 * shown by the generic view, or before /api/games has answered. */
export function pageData(g) {
  const page = (g && g.page) || {};
  return { prompts: page.prompts || [], words: page.words || {}, big_aces: !!page.big_aces };
}

export function gameTitle(key) {
  const g = gameInfo(key);
  return gameName(key, g && g.names);
}

export function fmtTime(v) {
  if (v === null || v === undefined || v === "") return "";
  const d = typeof v === "number" ? new Date(v > 1e12 ? v : v * 1000) : new Date(v);
  if (isNaN(d.getTime())) return String(v);
  return d.toLocaleString(getLang() === "zh" ? "zh-CN" : getLang());
}

/** Define the methods of each class in `sources` on the class `target`: one class's
 * methods written in several modules (the table view). A name defined twice is an error. */
export function mixin(target, ...sources) {
  for (const src of sources) {
    for (const name of Object.getOwnPropertyNames(src.prototype)) {
      if (name === "constructor") continue;
      if (Object.prototype.hasOwnProperty.call(target.prototype, name)) throw new Error(`mixin: ${name} twice`);
      Object.defineProperty(target.prototype, name, Object.getOwnPropertyDescriptor(src.prototype, name));
    }
  }
}

/** A probability as a whole percentage: 0.412 → "41%". */
export function percent(v) { return `${Math.round(v * 100)}%`; }

/** A score with its sign and one decimal ("+1.5", "−0.8", "0.0" near zero). */
export function signedScore(v) {
  const a = Math.abs(v).toFixed(1);
  return v > 0.05 ? `+${a}` : v < -0.05 ? `−${a}` : a;
}
