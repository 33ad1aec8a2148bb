// The browser client of `chupai serve`: lobby, table, records and replays.
//
// A single page with hash routes (#/, #/t/ID?token=T, #/records, #/r/ID, #/demo).
// The server is the only authority: the page renders each `state` message it
// receives and sends the index of the legal entry the player picked; it never
// computes rules itself (it only compares the selected cards with the `cards` of the
// legal entries the server sent).

import {
  t, LANGS, getLang, setLang, gameName, comboName, phaseName, roleName, actionLabel,
  infoLabel, sideName, botLevelName, suitName, setComboNames, setActionWords,
} from "./i18n.js";
import {
  cardEl, cardBackEl, cardRow, canon, isCardToken, normSuit, cardSVG,
} from "./cards.js";

const app = document.getElementById("app");
let page = null; // the current page: {destroy(), rerender()}

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

function store(key, value) {
  try {
    if (value === undefined) return localStorage.getItem(key);
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch (e) { /* storage disabled: the page still works for this visit */ }
  return null;
}

async function fetchJSON(url, opts) {
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

function parseHash() {
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
  const e = h("div", { class: "toast " + (kind || "error"), testid: kind === "info" ? "notice" : "toast" }, message);
  e.addEventListener("click", () => e.remove());
  toastBox.appendChild(e);
  while (toastBox.children.length > 4) toastBox.firstChild.remove();
  setTimeout(() => e.remove(), kind === "info" ? 2500 : 6000);
}

/** Show a modal dialog; it leaves the page when closed (button, Escape). */
function openModal(dlg) {
  dlg.addEventListener("close", () => dlg.remove());
  document.body.appendChild(dlg);
  dlg.showModal();
}

/** Close a modal dialog and take it out of the page at once. */
function closeModal(dlg) {
  if (dlg.open) dlg.close();
  dlg.remove();
}

function langSelect(onChange) {
  const sel = h("select", { class: "lang", testid: "lang", "aria-label": t("language") },
    LANGS.map((l) => h("option", { value: l.code, selected: l.code === getLang() }, l.label)));
  sel.addEventListener("change", () => { setLang(sel.value); onChange(); });
  return sel;
}

function topbar(title, extra) {
  return h("header", { class: "topbar" },
    h("a", { class: "brand", href: "#/" }, "chupai"),
    h("div", { class: "title" }, title),
    h("div", { class: "spacer" }),
    extra || null,
    langSelect(() => page && page.rerender()));
}

/** The server names unnamed bots after their level ("greedy bot", "heuristic bot 2"):
 * those names are shown in the page's language. */
const BOT_NAME = /^(random|greedy|heuristic|search) bot( \d+)?$/;

function displayName(name) {
  const m = BOT_NAME.exec(name);
  // The number goes before the level, so a narrow seat box that cuts the name keeps it.
  if (!m) return name;
  const n = m[2] ? m[2].trim() : "";
  return t("bot_named", { level: botLevelName(m[1]), n: n && getLang() === "en" ? " " + n : n });
}

function seatName(seats, i) {
  const s = seats && seats[i];
  const name = s && s.name;
  if (!name) return t("seat_label", { n: i + 1 });
  // Several seats of one name ("greedy bot"): number them.
  const same = seats.filter((x) => x && x.name === name).length;
  return same > 1 ? `${displayName(name)} ${i + 1}` : displayName(name);
}

let gamesCache = null;
async function loadGames() {
  if (!gamesCache) {
    gamesCache = (await fetchJSON("/api/games")).games || [];
    for (const g of gamesCache) {
      setComboNames(g.key, g.combo_names);
      setActionWords(g.key, pageData(g).words);
    }
  }
  return gamesCache;
}

function gameInfo(key) {
  return (gamesCache || []).find((g) => g.key === key);
}

/** What a game's web plugin tells the page (`page` in /api/games); nothing for a game
 * shown by the generic view, or before /api/games has answered. */
function pageData(g) {
  const page = (g && g.page) || {};
  return { prompts: page.prompts || [], words: page.words || {}, big_aces: !!page.big_aces };
}

function gameTitle(key) {
  const g = gameInfo(key);
  return gameName(key, g && g.names);
}

function fmtTime(v) {
  if (v === null || v === undefined || v === "") return "";
  const d = typeof v === "number" ? new Date(v > 1e12 ? v : v * 1000) : new Date(v);
  if (isNaN(d.getTime())) return String(v);
  return d.toLocaleString(getLang() === "zh" ? "zh-CN" : getLang());
}

// ---- router -------------------------------------------------------------------------------------

function route() {
  if (page && page.destroy) page.destroy();
  page = null;
  document.querySelectorAll("dialog").forEach((d) => d.remove());
  app.replaceChildren();
  const { path, query } = parseHash();
  let m;
  if (path === "/" || path === "") page = new LobbyPage();
  else if ((m = /^\/t\/([^/]+)$/.exec(path))) page = new TablePage(decodeURIComponent(m[1]), query.get("token"));
  else if (path === "/records") page = new RecordsPage();
  else if ((m = /^\/r\/([^/]+)$/.exec(path))) page = new ReplayPage(decodeURIComponent(m[1]));
  else if ((m = /^\/demo(?:\/(\d+))?$/.exec(path))) page = new DemoPage(m[1] ? Number(m[1]) : 0);
  else page = new NotFoundPage();
}

class NotFoundPage {
  constructor() { this.rerender(); }
  rerender() {
    document.title = t("app_title");
    app.replaceChildren(topbar(""), h("main", { class: "page" },
      h("p", {}, t("not_found")), h("a", { href: "#/" }, t("back_lobby"))));
  }
  destroy() {}
}

// ---- lobby --------------------------------------------------------------------------------------

class LobbyPage {
  constructor() {
    this.form = { game: null, preset: null, seats: [], deals: 1, options: "", turn: "", seed: "", name: "" };
    this.games = null;
    this.tables = null;
    this.error = null;
    this.loadError = null;
    this.busy = false;
    this.rerender();
    this.load();
  }

  async load() {
    try {
      this.games = await loadGames();
      if (!this.form.game && this.games.length) this.pickGame(this.games[0].key);
    } catch (e) {
      this.loadError = e.message;
    }
    this.rerender();
    this.loadTables();
  }

  async loadTables() {
    try {
      const data = await fetchJSON("/api/tables");
      this.tables = data.tables || [];
    } catch (e) {
      this.tables = null;
      this.tablesError = e.message;
    }
    this.rerender();
  }

  pickGame(key) {
    this.form.game = key;
    const g = this.games.find((x) => x.key === key);
    this.form.preset = g ? (g.default_preset || (g.presets[0] && g.presets[0].name)) : null;
    this.fitSeats();
  }

  players() {
    const g = this.games && this.games.find((x) => x.key === this.form.game);
    const p = g && g.presets.find((x) => x.name === this.form.preset);
    return (p && p.players) || 4;
  }

  bots() {
    const g = this.games && this.games.find((x) => x.key === this.form.game);
    return (g && g.bots && g.bots.length) ? g.bots : ["random", "greedy", "heuristic", "search"];
  }

  fitSeats() {
    const n = this.players();
    const bots = this.bots();
    const def = bots.includes("heuristic") ? "bot:heuristic" : "bot:" + bots[0];
    const seats = this.form.seats.slice(0, n);
    while (seats.length < n) seats.push(seats.length === 0 ? "you" : def);
    this.form.seats = seats;
  }

  rerender() {
    document.title = t("app_title");
    const body = h("main", { class: "page lobby" });
    app.replaceChildren(topbar(t("lobby"), h("a", { class: "nav", href: "#/records", testid: "records-link" }, t("records"))), body);
    if (this.loadError) {
      body.append(h("div", { class: "panel error-box" }, t("load_failed", { msg: this.loadError }),
        " ", h("a", { href: "#/demo" }, t("demo"))));
      return;
    }
    if (!this.games) { body.append(h("p", { class: "muted" }, t("loading"))); return; }
    body.append(this.renderForm(), this.renderTables());
  }

  renderForm() {
    const f = this.form;
    const g = this.games.find((x) => x.key === f.game);
    const presets = g ? g.presets : [];
    const preset = presets.find((p) => p.name === f.preset);
    const err = this.error;
    const bad = (field) => err && err.field && (err.field === field || String(err.field).startsWith(field + "."))
      ? "true" : null;

    const gameSel = h("select", { id: "f-game", testid: "game", "aria-invalid": bad("game") },
      this.games.map((x) => h("option", { value: x.key, selected: x.key === f.game }, gameName(x.key, x.names))));
    gameSel.addEventListener("change", () => { this.pickGame(gameSel.value); this.error = null; this.rerender(); });

    const presetSel = h("select", { id: "f-preset", testid: "preset", "aria-invalid": bad("preset") },
      presets.map((p) => h("option", { value: p.name, selected: p.name === f.preset },
        `${p.name} — ${t("players_n", { n: p.players })}`)));
    presetSel.addEventListener("change", () => { f.preset = presetSel.value; this.fitSeats(); this.rerender(); });

    const deals = h("input", { id: "f-deals", testid: "deals", type: "number", min: 1, max: 100, value: f.deals,
      inputmode: "numeric", "aria-invalid": bad("deals") });
    deals.addEventListener("input", () => { f.deals = deals.value; });

    const name = h("input", { id: "f-name", testid: "name", type: "text", maxlength: 40, value: f.name,
      autocomplete: "nickname" });
    name.addEventListener("input", () => { f.name = name.value; });

    const bots = this.bots();
    const seatRows = f.seats.map((v, i) => {
      const sel = h("select", { id: `f-seat-${i}`, testid: `seat-${i}`, "aria-invalid": bad(`seats.${i}`) || bad("seats") },
        h("option", { value: "you", selected: v === "you" }, t("you")),
        h("option", { value: "friend", selected: v === "friend" }, t("friend")),
        bots.map((b) => h("option", { value: "bot:" + b, selected: v === "bot:" + b },
          t("bot_level", { level: botLevelName(b) }))));
      sel.addEventListener("change", () => { f.seats[i] = sel.value; });
      return h("div", { class: "seat-row" }, h("label", { for: `f-seat-${i}` }, t("seat_n", { n: i + 1 })), sel);
    });

    const turn = h("input", { id: "f-turn", testid: "turn-seconds", type: "number", min: 5, max: 3600,
      value: f.turn, inputmode: "numeric", "aria-invalid": bad("turn_seconds") });
    turn.addEventListener("input", () => { f.turn = turn.value; });
    const opts = h("textarea", { id: "f-options", testid: "options", rows: 3, placeholder: "key=value",
      spellcheck: "false", "aria-invalid": bad("options") });
    opts.value = f.options;
    opts.addEventListener("input", () => { f.options = opts.value; });
    const seed = h("input", { id: "f-seed", testid: "seed", type: "number", min: 0, value: f.seed,
      "aria-invalid": bad("seed") });
    seed.addEventListener("input", () => { f.seed = seed.value; });

    const form = h("form", { class: "panel new-table", testid: "new-table", novalidate: true },
      h("h2", {}, t("new_table")),
      h("div", { class: "field" }, h("label", { for: "f-game" }, t("game")), gameSel),
      h("div", { class: "field" }, h("label", { for: "f-preset" }, t("preset")), presetSel,
        preset && preset.spec ? h("div", { class: "hint-text" }, preset.spec) : null),
      h("fieldset", { class: "seats" }, h("legend", {}, t("seats")), seatRows),
      h("div", { class: "field-row" },
        h("div", { class: "field" }, h("label", { for: "f-name" }, t("your_name")), name),
        h("div", { class: "field" }, h("label", { for: "f-deals" }, t("deals")), deals)),
      h("div", { class: "field" }, h("label", { for: "f-turn" }, t("turn_seconds")), turn),
      h("details", { class: "advanced", open: (f.options || f.seed || bad("options") || bad("seed")) ? true : null },
        h("summary", {}, t("advanced")),
        h("div", { class: "field" }, h("label", { for: "f-options" }, t("options")), opts,
          h("div", { class: "hint-text" }, t("options_help"))),
        h("div", { class: "field" }, h("label", { for: "f-seed" }, t("seed")), seed)),
      err ? h("div", { class: "error-box", testid: "form-error", role: "alert" },
        err.field ? t("error_field", { msg: err.message, field: err.field }) : err.message) : null,
      h("button", { type: "submit", class: "primary big", testid: "create", disabled: this.busy },
        this.busy ? t("creating") : t("create")));
    form.addEventListener("submit", (ev) => { ev.preventDefault(); this.create(); });
    return form;
  }

  async create() {
    const f = this.form;
    this.error = null;
    const options = {};
    for (const raw of String(f.options || "").split("\n")) {
      const line = raw.trim();
      if (!line || line.startsWith("#")) continue;
      const eq = line.indexOf("=");
      if (eq <= 0) { this.error = { message: `not key=value: ${line}`, field: "options" }; this.rerender(); return; }
      options[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
    }
    const humans = f.seats.map((v, i) => [v, i]).filter(([v]) => v === "you" || v === "friend");
    const yous = humans.filter(([v]) => v === "you");
    if (yous.length > 1) { this.error = { message: t("one_you"), field: "seats" }; this.rerender(); return; }
    if (yous.length === 1 && humans[0][0] !== "you") {
      this.error = { message: t("you_first_human"), field: `seats.${yous[0][1]}` }; this.rerender(); return;
    }
    const seats = f.seats.map((v) => {
      if (v === "you") return f.name.trim() ? { kind: "human", name: f.name.trim() } : { kind: "human" };
      if (v === "friend") return { kind: "human" };
      return { kind: "bot", level: v.slice(4) };
    });
    const body = {
      game: f.game, preset: f.preset, options, deals: f.deals === "" || f.deals === null ? 1 : Number(f.deals), seats,  // 0 goes to the server, which names the field
      turn_seconds: f.turn === "" || f.turn === null ? null : Number(f.turn),
      seed: f.seed === "" || f.seed === null ? null : Number(f.seed),
    };
    this.busy = true;
    this.rerender();
    try {
      const res = await fetchJSON("/api/tables", {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
      });
      this.busy = false;
      const id = res.table;
      const mine = yous.length || humans.length ? (res.seats || []).find((s) => s.kind === "human" && s.token) : null;
      store(`chupai.created.${id}`, JSON.stringify({ seats: res.seats || [], mine: mine ? mine.seat : null }));
      if (mine) {
        store(`chupai.token.${id}`, mine.token);
        location.hash = `#/t/${encodeURIComponent(id)}?token=${encodeURIComponent(mine.token)}`;
      } else {
        location.hash = `#/t/${encodeURIComponent(id)}`;
      }
    } catch (e) {
      this.busy = false;
      this.error = { message: e.message, field: e.field || null };
      this.rerender();
    }
  }

  renderTables() {
    const box = h("section", { class: "panel tables", testid: "tables" },
      h("div", { class: "panel-head" }, h("h2", {}, t("open_tables")),
        h("button", { type: "button", class: "small-btn", onclick: () => this.loadTables() }, t("refresh"))));
    if (this.tables === null) {
      box.append(h("p", { class: "muted" }, this.tablesError ? t("load_failed", { msg: this.tablesError }) : t("loading")));
      return box;
    }
    if (!this.tables.length) { box.append(h("p", { class: "muted" }, t("no_tables"))); return box; }
    const list = h("ul", { class: "table-list" });
    for (const tb of [...this.tables].reverse()) {
      const id = tb.table;
      const token = store(`chupai.token.${id}`);
      const seats = (tb.seats || []).map((s, i) => (s.kind === "bot"
        ? (!s.name ? t("seat_label", { n: i + 1 })
          : BOT_NAME.test(s.name) ? displayName(s.name) : `${s.name} (${botLevelName(s.level)})`)
        : `${s.name || t("seat_label", { n: i + 1 })}${s.connected ? " ●" : ""}`)).join(", ");
      list.append(h("li", { class: "table-item", testid: "table-item", dataset: { table: id } },
        h("div", { class: "ti-main" },
          h("strong", {}, gameTitle(tb.game)), " ", h("span", { class: "muted" }, tb.preset || ""), " · ",
          h("span", { class: "badge " + (tb.status === "over" ? "over" : "playing") },
            tb.status === "over" ? t("status_over") : t("status_playing")),
          tb.deals ? h("span", { class: "muted" }, " · " + t("deal_k_of_n", { k: tb.deal || 0, n: tb.deals })) : null,
          h("div", { class: "muted small" }, seats)),
        h("div", { class: "ti-actions" },
          token && tb.status !== "over"
            ? h("a", { class: "btn", href: `#/t/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}` }, t("resume")) : null,
          h("a", { class: "btn", testid: "watch", href: `#/t/${encodeURIComponent(id)}` }, t("watch")),
          tb.status === "over" ? h("a", { class: "btn", href: `#/r/${encodeURIComponent(id)}` }, t("view_record")) : null)));
    }
    box.append(list);
    return box;
  }

  destroy() {}
}

// ---- the table ----------------------------------------------------------------------------------

/** Keys whose integer value is a seat (shown as the seat's name). */
const SEAT_KEY = /(^|_)(declarer|partner|landlord|leader|bidder|drawer|dealer|player|winner|to_act|seat|exchange_with|to)$/;
const SEAT_LIST_KEYS = new Set(["finishing", "ranking", "order", "passed", "blocked", "finished"]);

/** Seat positions around the felt, by the number of players, for relative seats 1..n-1. */
function positions(n) {
  if (n === 2) return ["top"];
  if (n === 3) return ["right", "left"];
  if (n === 4) return ["right", "top", "left"];
  if (n === 5) return ["right", "top-right", "top-left", "left"];
  const out = [];
  for (let i = 1; i < n; i++) out.push("top-row");
  return out;
}

function msKey(tokens) {
  return (tokens || []).map(canon).sort().join(" ");
}

/**
 * One table, connected through a transport: {send(obj)} plus callbacks. The
 * WebSocket transport is below; the demo uses a fake one.
 */
class TableView {
  constructor(root, opts) {
    this.root = root;
    this.id = opts.id;
    this.token = opts.token || null;
    this.send = opts.send;
    this.demo = !!opts.demo;
    this.header = opts.header || null;
    this.replay = !!opts.replay;
    this.reveal = null; // replay: every seat's hand
    this.state = null;
    this.mySeat = null;
    this.hand = [];
    this.selected = new Set();
    this.focusIdx = 0;
    this.hinted = null;
    this.pending = false;
    this.conn = "connecting";
    this.fatal = null;
    this.shownOutcome = null;
    this.rowsSeen = null;
    this.onKey = (e) => this.key(e);
    document.addEventListener("keydown", this.onKey);
    this.onResize = () => this.layoutHand();
    window.addEventListener("resize", this.onResize);
    this.timer = setInterval(() => this.tick(), 250);
    this.render();
  }

  destroy() {
    document.removeEventListener("keydown", this.onKey);
    window.removeEventListener("resize", this.onResize);
    clearInterval(this.timer);
  }

  get ctx() {
    const s = this.state;
    if (!s) return {};
    const pub = (s.view && s.view.public) || {};
    const info = pub.info || {};
    return {
      bigAces: pageData(gameInfo(s.game)).big_aces, phase: pub.phase,
      bigSuit: info.big_suit !== undefined ? normSuit(info.big_suit) : null,
    };
  }

  // -- messages from the server --
  onMessage(msg) {
    if (msg.type === "welcome") {
      this.mySeat = msg.seat;
      this.conn = "connected";
      this.render();
    } else if (msg.type === "state") {
      this.applyState(msg);
    } else if (msg.type === "error") {
      this.pending = false;
      if (msg.code === "bad_token" || msg.code === "unknown_table") {
        this.fatal = msg.code === "bad_token" ? t("err_bad_token") : t("err_unknown_table");
        this.conn = "disconnected";
        if (msg.code === "unknown_table" && this.id && !this.demo) {
          // A finished table leaves the server's memory; its record stays.
          fetch("/api/records/" + encodeURIComponent(this.id)).then((r) => {
            if (r.ok) { this.fatalRecord = "#/r/" + this.id; this.render(); }
          }).catch(() => {});
        }
      }
      if (msg.code === "stale") toast(t("stale_notice"), "info");  // a newer state is here or coming
      else toast(msg.message || msg.code);
      this.render();
    } else if (msg.type === "hint") {
      this.applyHint(msg);
    }
  }

  setConn(status) {
    this.conn = status;
    const banner = this.root.querySelector("[data-testid=reconnecting]");
    if (banner) banner.hidden = status !== "reconnecting";
    const c = this.root.querySelector("[data-testid=conn]");
    if (c) { c.textContent = t(status); c.dataset.status = status; }
  }

  applyState(msg) {
    const prev = this.state;
    this.state = msg;
    if (msg.seat !== undefined) this.mySeat = msg.seat;
    this.pending = false;
    const priv = msg.view && msg.view.private;
    // The server lists the hand in the game's order (which follows the rules).
    const hand = [...((priv && priv.hand) || [])];
    if (msgKeyHand(hand) !== msgKeyHand(this.hand)) {
      this.selected = new Set();
      this.focusIdx = Math.min(this.focusIdx, Math.max(0, hand.length - 1));
    }
    this.hand = hand;
    if (!prev || prev.seq !== msg.seq) {
      this.hinted = null;
      this.hintText = null;
      // A question about the previous state's legal list no longer applies.
      document.querySelectorAll("dialog[data-testid=readings]").forEach((d) => d.remove());
    }
    this.render();
    if (!this.replay) this.maybeOutcome();
  }

  applyHint(msg) {
    if (!this.state || msg.seq !== this.state.seq) return;
    const entry = (this.state.legal || []).find((e) => e.i === msg.action);
    this.hinted = msg.action;
    if (entry && entry.cards && entry.cards.length) {
      this.selected = new Set(this.indicesFor(entry.cards));
    }
    const lab = entry ? this.entryLabel(entry) : msg.text;
    this.hintText = t("hint_is", { text: lab || msg.text });
    this.render();
  }

  // -- selection helpers --
  indicesFor(cards) {
    const used = new Set();
    for (const c of cards) {
      const k = canon(c);
      for (let i = 0; i < this.hand.length; i++) {
        if (!used.has(i) && canon(this.hand[i]) === k) { used.add(i); break; }
      }
    }
    return [...used];
  }

  selectedCards() {
    return [...this.selected].sort((a, b) => a - b).map((i) => this.hand[i]);
  }

  matching(pred) {
    const key = msKey(this.selectedCards());
    if (!this.selected.size) return [];
    return (this.state.legal || []).filter((e) => pred(e) && e.cards && e.cards.length && msKey(e.cards) === key);
  }

  entryLabel(e) {
    const pub = (this.state && this.state.view && this.state.view.public) || {};
    const lab = actionLabel(e.text, this.state.game, pub.phase, isCardToken);
    if (e.kind === "pass") return lab.label || t("pass");
    const type = e.type ? comboName(e.type, this.state.game) : "";
    const cards = lab.cards.length ? lab.cards.join(" ") : "";
    return [lab.label, cards, type && !lab.label.includes(type) ? `(${type})` : ""].filter(Boolean).join(" ");
  }

  myTurn() {
    const s = this.state;
    return !!(s && this.mySeat !== null && this.mySeat !== undefined && s.turn && s.turn.seat === this.mySeat
      && (s.legal || []).length > 0);
  }

  // -- actions --
  act(entry) {
    if (!entry || this.pending || !this.state) return;
    this.pending = true;
    this.send({ type: "act", seq: this.state.seq, action: entry.i });
    this.renderControls();
  }

  play() {
    const cands = this.matching((e) => e.kind === "play");
    if (!cands.length) return;
    if (cands.length === 1) { this.act(cands[0]); return; }
    this.askReading(cands);
  }

  pass() {
    const e = (this.state && this.state.legal || []).find((x) => x.kind === "pass");
    if (e) this.act(e);
  }

  hint() {
    if (!this.myTurn() || this.pending) return;
    this.send({ type: "hint", seq: this.state.seq });
  }

  askReading(cands) {
    const dlg = h("dialog", { class: "dialog readings", testid: "readings" },
      h("h3", {}, t("which_reading")),
      h("div", { class: "dialog-buttons" },
        cands.map((e) => h("button", {
          type: "button", class: "choice-btn" + (this.hinted === e.i ? " hinted" : ""), testid: "reading",
          dataset: { text: e.text, type: e.type || "" },
          onclick: () => { closeModal(dlg); this.act(e); },
        }, e.type && new Set(cands.map((x) => x.type)).size > 1 ? comboName(e.type, this.state.game) : this.entryLabel(e),
        h("span", { class: "muted small" }, " " + e.text)))),
      h("div", { class: "dialog-foot" }, h("button", {
        type: "button", onclick: () => closeModal(dlg),
      }, t("cancel"))));
    openModal(dlg);
  }

  toggle(i) {
    if (this.selected.has(i)) this.selected.delete(i); else this.selected.add(i);
    this.focusIdx = i;
    this.renderHandSelection();
    this.renderControls();
  }

  key(e) {
    if (!this.state || document.querySelector("dialog[open]")) return;
    const tag = (e.target && e.target.tagName) || "";
    if (["INPUT", "TEXTAREA", "SELECT"].includes(tag) || e.ctrlKey || e.metaKey || e.altKey) return;
    const cards = [...this.root.querySelectorAll("[data-testid=hand] [data-testid=card]")];
    const onCard = cards.includes(document.activeElement);
    const k = e.key;
    if ((k === "ArrowLeft" || k === "ArrowRight") && cards.length) {
      e.preventDefault();
      let i = onCard ? cards.indexOf(document.activeElement) : (k === "ArrowLeft" ? cards.length : -1);
      i = Math.max(0, Math.min(cards.length - 1, i + (k === "ArrowLeft" ? -1 : 1)));
      this.focusIdx = i;
      this.rovingFocus(cards, i);
    } else if (k === " " || k === "Spacebar") {
      if (onCard) { e.preventDefault(); this.toggle(cards.indexOf(document.activeElement)); }
    } else if (k === "Enter") {
      const playable = this.myTurn() && this.matching((x) => x.kind === "play").length;
      if (playable) { e.preventDefault(); this.play(); } else if (onCard) {
        e.preventDefault(); this.toggle(cards.indexOf(document.activeElement));
      }
    } else if (k === "p" || k === "P") {
      if (this.myTurn()) { e.preventDefault(); this.pass(); }
    } else if (k === "h" || k === "H") {
      if (this.myTurn()) { e.preventDefault(); this.hint(); }
    }
  }

  rovingFocus(cards, i) {
    cards.forEach((c, j) => c.setAttribute("tabindex", j === i ? "0" : "-1"));
    if (cards[i]) cards[i].focus();
  }

  // -- outcome and match over --
  maybeOutcome() {
    const s = this.state;
    const pub = (s.view && s.view.public) || {};
    const rows = (s.match && s.match.table) || [];
    if (this.rowsSeen === null) {
      // Joining: a deal already over is shown, older rows are not.
      this.rowsSeen = pub.outcome ? rows.length - 1 : rows.length;
    }
    if (pub.outcome) {
      const key = `${rows.length}|${JSON.stringify(pub.outcome.scores)}`;
      if (this.shownOutcome !== key) {
        this.shownOutcome = key;
        this.rowsSeen = rows.length;
        this.showOutcome(pub.outcome, rows[rows.length - 1]);
      }
    } else if (rows.length > this.rowsSeen) {
      // The server moved on to the next deal before we saw the end: show the row.
      this.rowsSeen = rows.length;
      const row = rows[rows.length - 1];
      this.shownOutcome = `${rows.length}|${JSON.stringify(row.scores)}`;
      const lastOc = (s.match && s.match.last_outcome) || s.last_outcome || null;
      this.showOutcome(lastOc || { scores: row.scores, redeal: row.redeal, winner: row.winner }, row);
    }
  }

  showOutcome(oc, row) {
    const s = this.state;
    document.querySelectorAll("dialog[data-testid=outcome]").forEach((d) => d.remove());
    const n = s.players;
    const totals = (row && row.totals) || (s.match && s.match.totals) || [];
    const order = oc.order || [];
    const pub = (s.view && s.view.public) || {};
    const roles = pub.outcome ? (pub.roles || []) : [];
    const detail = oc.detail || row || null;
    const side = detail && typeof detail.side === "string" ? detail.side : null;
    const hasWinner = oc.winner !== null && oc.winner !== undefined;
    const body = h("table", { class: "scores outcome-table" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, t("scores")), h("th", {}, t("total")),
        oc.hands ? h("th", { class: "hands-col" }, t("hands_revealed")) : null)),
      h("tbody", {}, Array.from({ length: n }, (_, i) => {
        const sc = oc.scores ? oc.scores[i] : null;
        const rank = order.indexOf(i);
        const role = roles[i];
        return h("tr", { class: i === this.mySeat ? "me" : null },
          h("th", { scope: "row" }, seatName(s.seats, i), i === this.mySeat ? t("you_suffix") : "",
            role ? h("span", { class: `badge role role-${role}` }, roleName(role)) : null,
            rank >= 0 ? h("span", { class: "muted small" }, " " + t("rank_n", { n: rank + 1 })) : null),
          h("td", { class: "num " + (sc > 0 ? "pos" : sc < 0 ? "neg" : "") }, sc === null || sc === undefined ? "" : (sc > 0 ? "+" : "") + sc),
          h("td", { class: "num" }, totals[i] !== undefined ? String(totals[i]) : ""),
          oc.hands ? h("td", { class: "hands-col" }, oc.hands[i] && oc.hands[i].length
            ? cardRow(oc.hands[i], { ctx: this.ctx, wrap: true }) : "—") : null);
      })));
    const over = s.match && s.match.over;
    const dlg = h("dialog", { class: "dialog outcome", testid: "outcome", "aria-labelledby": "outcome-title" },
      h("h2", { id: "outcome-title" }, t("outcome")),
      oc.redeal ? h("p", { class: "warn" }, t("redeal_note")) : null,
      // A side game (Dou Dizhu, Big A) is won by a side; the first out is a detail.
      side ? h("p", { class: "winner" }, t("side_won", { side: sideName(side) }),
        hasWinner ? h("span", { class: "muted small" }, " · " + t("first_out", { name: seatName(s.seats, oc.winner) })) : null)
        // Big A: a team wins (the declarer's or the defenders'), or nobody on a zero score
        : Array.isArray(oc.winners) && !oc.redeal ? h("p", { class: "winner", testid: "winners" },
          oc.winners.length ? t("winners_are", { names: oc.winners.map((w) => seatName(s.seats, w)).join(", ") }) : t("no_winner"),
          hasWinner ? h("span", { class: "muted small" }, " · " + t("first_out", { name: seatName(s.seats, oc.winner) })) : null)
        : hasWinner ? h("p", { class: "winner" }, t("winner", { name: seatName(s.seats, oc.winner) })) : null,
      h("div", { class: "table-scroll" }, body),
      this.renderDetail(detail, side ? ["side"] : []),
      h("div", { class: "dialog-foot" },
        h("button", {
          type: "button", class: "primary", testid: "next",
          onclick: () => closeModal(dlg),
        }, over ? t("close") : t("next_deal"))));
    openModal(dlg);
  }

  /** The game's own facts of a finished deal (multiplier, spring...), as chips. */
  renderDetail(detail, shown) {
    if (!detail || typeof detail !== "object") return null;
    const skip = new Set([...(shown || []), "scores", "totals", "hands", "redeal", "winner", "winners", "order", "deal", "dealer",
      "finishing_order", "ranking"]);
    const items = [];
    for (const [k, v] of Object.entries(detail)) {
      if (skip.has(k)) continue;
      let r = null;
      if (k === "side" && typeof v === "string") r = h("span", { class: "info-val" }, sideName(v));
      else r = this.renderValue(k, v);
      if (r) items.push(h("span", { class: "info-item light", dataset: { key: k } }, h("span", { class: "info-key" }, infoLabel(k)), r));
    }
    return items.length ? h("div", { class: "info-bar detail" }, items) : null;
  }

  // -- rendering --
  render() {
    const s = this.state;
    const root = this.root;
    const hadFocus = root.contains(document.activeElement) && document.activeElement.dataset.testid === "card";
    const title = s ? `${gameTitle(s.game)} · ${t("deal_k_of_n", { k: s.match.deal, n: s.match.deals })}` : t("table");
    document.title = `${title} — chupai`;
    const conn = h("span", { class: "conn", testid: "conn", dataset: { status: this.conn } }, this.demo ? t("demo") : t(this.conn));
    const pageEl = h("div", {
      class: "table-page", testid: "table",
      dataset: { seq: s && s.seq !== null && s.seq !== undefined ? String(s.seq) : "", table: this.id, seat: this.mySeat ?? "" },
    });
    if (this.header) pageEl.append(this.header());
    if (!this.replay) {
      pageEl.append(topbar(title, conn));
      pageEl.append(h("div", { class: "banner", testid: "reconnecting", hidden: this.conn !== "reconnecting", role: "status" }, t("reconnecting")));
    }
    if (this.fatal) pageEl.append(h("div", { class: "banner fatal", role: "alert" }, this.fatal, " ",
      this.fatalRecord ? h("a", { href: this.fatalRecord, testid: "fatal-record" }, t("view_record")) : null,
      this.fatalRecord ? " " : null,
      h("a", { href: "#/" }, t("back_lobby"))));
    if (!s) {
      pageEl.append(h("main", { class: "page" }, h("p", { class: "muted" }, t("connecting"))));
      root.replaceChildren(pageEl);
      return;
    }
    const main = h("div", { class: "main-col" });
    const side = h("aside", { class: "side-col" });
    if (s.match && s.match.over && !this.replay) main.append(this.renderMatchOver());
    main.append(this.renderFelt(), this.renderInfo());
    if (!this.replay) main.append(this.renderMe());
    side.append(...[this.replay ? null : this.renderInvites(), this.renderScores(), this.renderHistory()].filter(Boolean));
    if (!this.replay && (this.mySeat === null || this.mySeat === undefined)) {
      const tok = store(`chupai.token.${this.id}`);
      if (tok && !this.demo) {
        side.prepend(h("a", { class: "btn", href: `#/t/${encodeURIComponent(this.id)}?token=${encodeURIComponent(tok)}` }, t("take_my_seat")));
      }
    }
    pageEl.append(h("div", { class: "layout" }, main, side));
    root.replaceChildren(pageEl);
    this.layoutHand();
    this.renderControls();
    this.tick();
    if (hadFocus) {
      const cards = [...root.querySelectorAll("[data-testid=hand] [data-testid=card]")];
      if (cards.length) this.rovingFocus(cards, Math.min(this.focusIdx, cards.length - 1));
    }
  }

  rel(seat) {
    const n = this.state.players;
    const me = this.mySeat === null || this.mySeat === undefined ? 0 : this.mySeat;
    return (seat - me + n) % n;
  }

  renderFelt() {
    const s = this.state;
    const pub = s.view.public || {};
    const n = s.players;
    const pos = positions(n);
    const felt = h("section", { class: `felt players-${n}`, testid: "felt" });
    const topRow = h("div", { class: "top-row" });
    for (let seat = 0; seat < n; seat++) {
      const r = this.rel(seat);
      if (r === 0) continue;
      const p = pos[r - 1];
      const box = this.renderSeat(seat, p);
      if (p === "top-row") topRow.append(box); else felt.append(box);
    }
    if (topRow.children.length) felt.append(topRow);
    felt.append(this.renderCenter());
    if (this.mySeat === null || this.mySeat === undefined) felt.append(this.renderSeat(0, "bottom"));
    return felt;
  }

  renderSeat(seat, pos) {
    const s = this.state;
    const pub = s.view.public || {};
    const info = (s.seats && s.seats[seat]) || {};
    const isTurn = s.turn && s.turn.seat === seat;
    const count = pub.counts ? pub.counts[seat] : null;
    const role = pub.roles && pub.roles[seat];
    const last = pub.last && pub.last[seat];
    const dealer = pub.dealer === seat;
    // A bot named after its level already says what it is.
    const kind = this.replay || (info.kind === "bot" && BOT_NAME.test(info.name || "")) ? null
      : info.kind === "bot" ? `${t("bot")} · ${botLevelName(info.level)}` : t("human");
    const revealed = this.reveal && Array.isArray(this.reveal[seat]) ? this.reveal[seat] : null;
    const box = h("div", {
      class: `seat pos-${pos}` + (isTurn ? " turn" : "") + (count !== null && count > 0 && count <= 2 && pub.phase === "play" ? " warn-count" : ""),
      testid: "seat", dataset: { seat: String(seat), turn: isTurn ? "true" : "false" },
      "aria-label": seatName(s.seats, seat),
    },
    h("div", { class: "seat-head" },
      this.replay ? null : h("span", {
        class: "dot " + (info.kind === "bot" || info.connected ? "on" : "off"),
        title: info.kind === "bot" || info.connected ? t("online") : t("offline"),
        "aria-label": info.kind === "bot" || info.connected ? t("online") : t("offline"),
      }),
      h("span", { class: "seat-name" }, seatName(s.seats, seat)),
      dealer ? h("span", { class: "badge dealer", title: t("dealer") }, roleName("dealer")) : null,
      role ? h("span", { class: `badge role role-${role}`, testid: "role" }, roleName(role)) : null),
    kind ? h("div", { class: "seat-sub muted small" }, kind) : null,
    h("div", { class: "seat-body" },
      revealed ? h("span", { class: "revealed", testid: "revealed-hand" }, revealed.length
        ? cardRow(revealed, { ctx: this.ctx, tight: true, wrap: true }) : "—")
        : count !== null && count !== undefined
        ? h("span", { class: "seat-count", testid: "count", dataset: { count: String(count) } },
          cardBackEl(count, count === 1 ? t("card_1") : t("cards_n", { n: count })))
        : null,
      h("div", { class: "seat-last", testid: "last" }, this.renderLast(last))),
    isTurn ? h("div", { class: "timer", "aria-live": "off" }) : null);
    return box;
  }

  renderLast(last) {
    if (!last) return null;
    const pub = this.state.view.public || {};
    if (last.pass) {
      return h("span", { class: "pass-label" }, actionLabel(last.text || "pass", this.state.game, pub.phase, isCardToken).label || t("pass"));
    }
    const lab = actionLabel(last.text, this.state.game, pub.phase, isCardToken);
    const cards = last.cards && last.cards.length ? last.cards : lab.cards;
    return h("span", { class: "last-action" },
      cards.length ? cardRow(cards, { ctx: this.ctx, tight: true }) : null,
      lab.label ? h("span", { class: "last-label" }, lab.label) : null);
  }

  renderCenter() {
    const s = this.state;
    const pub = s.view.public || {};
    const top = pub.top;
    const c = h("div", { class: "center", testid: "center" });
    c.append(h("div", { class: "phase-chip", testid: "phase", dataset: { phase: pub.phase || "" } }, phaseName(pub.phase)));
    // A game without a web view of its own (the generic view) names its top play by text only.
    if (top && ((top.cards && top.cards.length) || top.text)) {
      c.append(h("div", { class: "top-play", testid: "top", dataset: { seat: String(top.seat) } },
        h("div", { class: "top-cards" }, top.cards && top.cards.length
          ? top.cards.map((x) => cardEl(x, { ctx: this.ctx })) : h("strong", { class: "top-text" }, top.text)),
        h("div", { class: "top-label" },
          top.type ? h("strong", {}, comboName(top.type, s.game)) : null,
          " ", h("span", { class: "muted" }, seatName(s.seats, top.seat)))));
    }
    if (this.replay && pub.outcome && pub.outcome.scores) {
      c.append(h("div", { class: "replay-outcome", testid: "replay-outcome" },
        h("strong", {}, t("outcome")), " ",
        pub.outcome.scores.map((v, i) => h("span", { class: "per-seat" }, seatName(s.seats, i) + " ",
          h("strong", { class: v > 0 ? "pos" : v < 0 ? "neg" : "" }, (v > 0 ? "+" : "") + v), " "))));
    }
    c.append(h("div", { class: "status", testid: "status", dataset: { myTurn: this.myTurn() ? "true" : "false" }, "aria-live": "polite" },
      this.statusText(), h("span", { class: "timer main-timer" })));
    if (this.hintText && this.myTurn()) c.append(h("div", { class: "hint-line", testid: "hint-text" }, this.hintText));
    return c;
  }

  statusText() {
    const s = this.state;
    const pub = s.view.public || {};
    if (this.replay) return this.replayText || "";
    if (s.match && s.match.over) return t("match_over");
    if (pub.outcome) return t("deal_over");
    if (this.myTurn()) return t("your_turn");
    if (s.turn && s.turn.seat !== null && s.turn.seat !== undefined) {
      return this.mySeat === null || this.mySeat === undefined
        ? t("turn_of", { name: seatName(s.seats, s.turn.seat) }) : t("waiting_for", { name: seatName(s.seats, s.turn.seat) });
    }
    return t("hidden_turn");
  }

  renderInfo() {
    const s = this.state;
    const pub = s.view.public || {};
    const priv = s.view.private || null;
    const bar = h("div", { class: "info-bar", testid: "info" });
    const add = (key, value, isPrivate) => {
      const v = this.renderValue(key, value);
      if (v === null) return;
      bar.append(h("span", { class: "info-item" + (isPrivate ? " private" : ""), dataset: { key } },
        h("span", { class: "info-key" }, infoLabel(key)), v));
    };
    for (const [k, v] of Object.entries(pub.info || {})) add(k, v, false);
    if (priv) {
      for (const [k, v] of Object.entries(priv.info || {})) {
        // The seat's own view of the phase and turn: shown only where it differs.
        if (k === "to_act") continue;
        if (k === "phase") {
          if (v && v !== pub.phase) bar.prepend(h("span", { class: "info-item private", dataset: { key: k } },
            h("span", { class: "info-key" }, t("phase")), h("span", { class: "info-val" }, phaseName(v))));
          continue;
        }
        add(k, v, true);
      }
    }
    return bar;
  }

  /** A public or private fact as an element, or null when there is nothing to show. */
  renderValue(key, v) {
    const s = this.state;
    if (v === null || v === undefined || v === "" || v === false || (Array.isArray(v) && !v.length)) return null;
    if (typeof v === "boolean") return h("span", { class: "info-val" }, "✓");
    if (typeof v === "number" && SEAT_KEY.test(key) && Number.isInteger(v) && v >= 0 && v < s.players) {
      return h("span", { class: "info-val" }, seatName(s.seats, v));
    }
    if (key === "big_suit" || key === "suit") {
      const suit = normSuit(v);
      if (suit) {
        const red = suit === "H" || suit === "D";
        const svg = cardSVG({ rank: "A", suit, bigAce: true });
        return h("span", { class: "info-val suit " + (red ? "red" : "black") }, suitName(suit),
          h("span", { class: "mini-card" }, svg));
      }
    }
    if (typeof v === "string") {
      if (isCardToken(v) && !/^\d+$/.test(v)) return cardRow([v], { ctx: this.ctx, tight: true });
      if (/^\d+$/.test(v) && (key === "marker" || key === "kitty")) return cardRow([v], { ctx: this.ctx, tight: true });
      return h("span", { class: "info-val" }, roleOrWord(v));
    }
    if (typeof v === "number") return h("span", { class: "info-val" }, String(v));
    if (Array.isArray(v)) {
      if (v.every((x) => typeof x === "string" && isCardToken(x))) return cardRow(v, { ctx: this.ctx, tight: true });
      if (SEAT_LIST_KEYS.has(key) && v.every((x) => Number.isInteger(x))) {
        const ordered = key === "finishing" || key === "ranking" || key === "order";
        return h("span", { class: "info-val" }, v.map((x) => seatName(s.seats, x)).join(ordered ? " → " : ", "));
      }
      if (v.length === s.players && v.every((x) => Array.isArray(x) || x === null || typeof x !== "object")) {
        // One value per seat.
        const parts = v.map((x, i) => {
          const r = this.renderValue(key + "#", x);
          return r ? h("span", { class: "per-seat" }, h("span", { class: "muted" }, seatName(s.seats, i) + ": "), r) : null;
        }).filter(Boolean);
        return parts.length ? h("span", { class: "info-val" }, parts) : null;
      }
      const parts = v.map((x) => this.renderValue(key + "#", x)).filter(Boolean);
      return parts.length ? h("span", { class: "info-val list" }, parts) : null;
    }
    if (typeof v === "object" && typeof v.text === "string" && Number.isInteger(v.seat)) {
      // An event: a declaration, a shown card...
      const pub = s.view.public || {};
      const lab = actionLabel(v.text, s.game, pub.phase, isCardToken);
      const cards = v.cards && v.cards.length ? v.cards : lab.cards;
      return h("span", { class: "info-val" }, h("span", { class: "muted" }, seatName(s.seats, v.seat) + ": "),
        lab.label ? lab.label + " " : "", cards.length ? cardRow(cards, { ctx: this.ctx, tight: true }) : null);
    }
    if (typeof v === "object") {
      const parts = Object.entries(v).map(([k, x]) => {
        const r = this.renderValue(k, x);
        return r ? h("span", { class: "per-seat" }, h("span", { class: "muted" }, infoLabel(k) + ": "), r) : null;
      }).filter(Boolean);
      if (v.text && !parts.length) return h("span", { class: "info-val" }, v.text);
      return parts.length ? h("span", { class: "info-val" }, parts) : null;
    }
    return h("span", { class: "info-val" }, String(v));
  }

  renderMe() {
    const s = this.state;
    const pub = s.view.public || {};
    const priv = s.view.private;
    const box = h("section", { class: "me", testid: "me" });
    if (this.mySeat === null || this.mySeat === undefined) return box;
    const seat = this.mySeat;
    const role = (priv && priv.role) || (pub.roles && pub.roles[seat]);
    const info = (s.seats && s.seats[seat]) || {};
    box.append(h("div", { class: "me-bar" + (s.turn && s.turn.seat === seat ? " turn" : "") },
      h("span", { class: "seat-name" }, seatName(s.seats, seat), t("you_suffix")),
      pub.dealer === seat ? h("span", { class: "badge dealer" }, roleName("dealer")) : null,
      role ? h("span", { class: `badge role role-${role}`, testid: "my-role" }, roleName(role)) : null,
      h("span", { class: "seat-last", testid: "my-last" }, this.renderLast(pub.last && pub.last[seat])),
      h("span", { class: "spacer" }),
      info.kind === "human" && !info.connected ? h("span", { class: "muted small" }, t("offline")) : null));
    box.append(h("div", { class: "choices", testid: "choices", hidden: true }));
    box.append(h("div", { class: "actions", testid: "actions" },
      h("button", { type: "button", class: "primary", testid: "play", onclick: () => this.play() }, t("play")),
      h("button", { type: "button", testid: "pass", onclick: () => this.pass() }, t("pass")),
      h("button", { type: "button", testid: "hint", onclick: () => this.hint() }, t("hint"))));
    const hand = h("div", { class: "hand", testid: "hand", role: "group", "aria-label": t("your_hand") });
    this.hand.forEach((tok, i) => {
      const b = cardEl(tok, { ctx: this.ctx, button: true, testid: "card", selected: this.selected.has(i) });
      b.dataset.index = String(i);
      b.setAttribute("tabindex", i === Math.min(this.focusIdx, this.hand.length - 1) ? "0" : "-1");
      b.addEventListener("click", () => this.toggle(i));
      hand.append(b);
    });
    if (!this.hand.length) hand.append(h("div", { class: "muted small empty-hand" }, t("hand_empty")));
    box.append(hand);
    box.append(h("div", { class: "kbd-help muted small" }, t("keyboard_help")));
    return box;
  }

  /** Place the hand cards: overlapping, in as many rows as needed to keep a usable strip. */
  layoutHand() {
    const hand = this.root.querySelector("[data-testid=hand]");
    if (!hand) return;
    const cards = [...hand.querySelectorAll("[data-testid=card]")];
    const width = hand.clientWidth - 8;
    if (!cards.length || width <= 0) return;
    // Phones get narrower cards and a wider visible strip per card (a 40 px touch
    // target), in more rows when needed; a mouse can aim at a 34 px strip.
    const small = width < 560;
    const cw = small ? 52 : 78;
    const ch = Math.round(cw * 1.4);
    const minStep = small ? 40 : 34;
    const maxStep = small ? 46 : Math.round(cw * 0.62);
    const n = cards.length;
    let rows = 1;
    while (rows < 4) {
      const per = Math.ceil(n / rows);
      const step = per > 1 ? (width - cw) / (per - 1) : cw;
      if (step >= minStep) break;
      rows++;
    }
    const per = Math.ceil(n / rows);
    const step = Math.max(8, Math.min(maxStep, per > 1 ? (width - cw) / (per - 1) : cw));
    const raise = 16;
    const gap = 8;
    cards.forEach((c, i) => {
      const row = Math.floor(i / per);
      const col = i % per;
      const inRow = Math.min(per, n - row * per);
      const rowWidth = cw + step * (inRow - 1);
      const left = Math.round((width - rowWidth) / 2 + 4 + col * step);
      const last = col === inRow - 1;
      c.style.left = `${left}px`;
      c.style.top = `${raise + row * (ch + gap)}px`;
      c.style.width = `${last ? cw : Math.round(step)}px`;
      c.style.height = `${ch}px`;
      c.style.setProperty("--cw", `${cw}px`);
    });
    hand.style.height = `${raise + rows * ch + (rows - 1) * gap + 6}px`;
  }

  renderHandSelection() {
    const cards = [...this.root.querySelectorAll("[data-testid=hand] [data-testid=card]")];
    cards.forEach((c, i) => {
      const on = this.selected.has(i);
      c.classList.toggle("selected", on);
      c.setAttribute("aria-pressed", on ? "true" : "false");
    });
  }

  /** Enable the buttons, dim the cards and fill the decision panel for the current state. */
  renderControls() {
    const s = this.state;
    if (!s) return;
    const legal = s.legal || [];
    const mine = this.myTurn();
    const pub = s.view.public || {};
    const playBtn = this.root.querySelector("[data-testid=play]");
    const passBtn = this.root.querySelector("[data-testid=pass]");
    const hintBtn = this.root.querySelector("[data-testid=hint]");
    const actions = this.root.querySelector("[data-testid=actions]");
    const plays = legal.filter((e) => e.kind === "play");
    const passE = legal.find((e) => e.kind === "pass");
    const choices = legal.filter((e) => e.kind === "choice");
    if (actions) {
      actions.hidden = !mine || (!plays.length && !passE && !choices.length);
      const playOk = mine && !this.pending && this.matching((e) => e.kind === "play").length > 0;
      playBtn.disabled = !playOk;
      playBtn.hidden = !plays.length && choices.length > 0;
      passBtn.disabled = !mine || this.pending || !passE;
      // In a decision phase (bidding...) the pass is one of the decision buttons.
      passBtn.hidden = choices.length > 0 && (!passE || !plays.length);
      if (passE) passBtn.textContent = actionLabel(passE.text, s.game, pub.phase, isCardToken).label || t("pass");
      passBtn.classList.toggle("hinted", !!passE && this.hinted === passE.i);
      hintBtn.disabled = !mine || this.pending;
      const sel = this.selectedCards();
      playBtn.textContent = t("play");
      playBtn.setAttribute("aria-label", sel.length ? `${t("play")} ${sel.join(" ")}` : t("play"));
    }
    // Dim the cards that are in no legal play (or card choice) when it is our turn.
    const handCards = [...this.root.querySelectorAll("[data-testid=hand] [data-testid=card]")];
    const cardEntries = legal.filter((e) => (e.kind === "play" || e.kind === "choice") && e.cards && e.cards.length);
    const usable = new Set(cardEntries.flatMap((e) => e.cards.map(canon)));
    // Only a pass is possible: every card is out of play.
    const dimming = mine && (cardEntries.length > 0 || (!!passE && !choices.length && pub.phase === "play"));
    handCards.forEach((c, i) => {
      c.classList.toggle("dim", dimming && !usable.has(canon(this.hand[i])));
      c.classList.toggle("selected", this.selected.has(i));
      c.setAttribute("aria-pressed", this.selected.has(i) ? "true" : "false");
      c.disabled = false;
    });
    this.renderChoices(mine ? choices : [], mine ? passE : null);
    const status = this.root.querySelector("[data-testid=status]");
    if (status) {
      status.dataset.myTurn = mine ? "true" : "false";
      status.firstChild.textContent = this.statusText();
    }
  }

  renderChoices(choices, passE) {
    const panel = this.root.querySelector("[data-testid=choices]");
    if (!panel) return;
    if (!choices.length) { panel.hidden = true; panel.replaceChildren(); return; }
    const s = this.state;
    const pub = s.view.public || {};
    panel.hidden = false;
    const plain = choices.filter((e) => !e.cards || !e.cards.length);
    const withCards = choices.filter((e) => e.cards && e.cards.length);
    const btn = (e, extra) => {
      const lab = actionLabel(e.text, s.game, pub.phase, isCardToken);
      return h("button", {
        type: "button", class: "choice-btn" + (this.hinted === e.i ? " hinted" : ""), testid: "choice",
        dataset: { text: e.text, i: String(e.i) }, disabled: this.pending,
        onclick: () => this.act(e),
      }, lab.label || e.text, extra || null,
      lab.cards.length ? cardRow(lab.cards, { ctx: this.ctx, tight: true }) : null);
    };
    const prompt = this.promptFor(choices);
    const parts = [h("div", { class: "choices-title" }, t("choose")),
      prompt ? h("p", { class: "choices-prompt", testid: "prompt" }, prompt) : null].filter(Boolean);
    const row = h("div", { class: "choice-row" });
    for (const e of plain) row.append(btn(e));
    if (passE && !plain.some((e) => e.i === passE.i) && !(s.legal || []).some((e) => e.kind === "play")) {
      const lab = actionLabel(passE.text, s.game, pub.phase, isCardToken);
      row.append(h("button", {
        type: "button", class: "choice-btn" + (this.hinted === passE.i ? " hinted" : ""), testid: "choice",
        dataset: { text: passE.text, i: String(passE.i) }, disabled: this.pending,
        onclick: () => this.act(passE),
      }, lab.label || t("pass")));
    }
    const groups = new Map();
    for (const e of withCards) {
      const head = String(e.text).trim().split(/\s+/)[0].toLowerCase();
      if (!groups.has(head)) groups.set(head, []);
      groups.get(head).push(e);
    }
    // A group whose cards are not all in the hand (naming a card to ask for) cannot be
    // picked in the hand: its entries are buttons, however many.
    const handKeys = this.hand.map(canon);
    const inHand = (cards) => {
      const left = [...handKeys];
      return cards.every((c) => { const k = left.indexOf(canon(c)); if (k < 0) return false; left.splice(k, 1); return true; });
    };
    const pickers = [];
    const selectable = [];
    for (const [head, entries] of groups) {
      if (!entries.every((e) => inHand(e.cards))) {
        const lab = actionLabel(head, s.game, pub.phase, isCardToken).label || head;
        pickers.push(h("div", { class: "choice-group", dataset: { word: head } },
          h("div", { class: "small muted" }, lab),
          h("div", { class: "choice-row picker" }, entries.map((e) => h("button", {
            type: "button", class: "choice-btn card-choice" + (this.hinted === e.i ? " hinted" : ""), testid: "choice",
            dataset: { text: e.text, i: String(e.i) }, disabled: this.pending, "aria-label": e.text,
            onclick: () => this.act(e),
          }, cardRow(e.cards, { ctx: this.ctx, tight: true }))))));
      } else if (withCards.length <= 12) {
        for (const e of entries) row.append(btn(e));
        selectable.push([head, entries]);
      } else {
        selectable.push([head, entries]);
      }
    }
    if (row.children.length) parts.push(row);
    parts.push(...pickers);
    const showConfirm = selectable.length && (withCards.length > 12 || this.selected.size > 0);
    if (showConfirm) {
      const sel = this.selectedCards();
      const key = msKey(sel);
      const confirmRow = h("div", { class: "choice-row confirm-row" },
        h("span", { class: "muted small" }, t("select_then")));
      for (const [head, entries] of selectable) {
        const matches = sel.length ? entries.filter((e) => msKey(e.cards) === key) : [];
        const lab = actionLabel(head, s.game, pub.phase, isCardToken).label || head;
        confirmRow.append(h("button", {
          type: "button", class: "primary choice-btn", testid: "choice-confirm", dataset: { word: head },
          disabled: !matches.length || this.pending,
          onclick: () => { if (matches.length === 1) this.act(matches[0]); else if (matches.length) this.askReading(matches); },
        }, `${lab}: `, sel.length ? cardRow(sel, { ctx: this.ctx, tight: true }) : t("selected_none")));
      }
      parts.push(confirmRow);
    }
    panel.replaceChildren(...parts);
  }

  /** A sentence that says what the decision on offer is about (null: none known). */
  promptFor(choices) {
    const s = this.state;
    const pub = s.view.public || {};
    const priv = s.view.private || {};
    const heads = new Set(choices.map((e) => String(e.text).trim().split(/\s+/)[0].toLowerCase()));
    const other = (priv.info || {}).exchange_with;
    const otherName = Number.isInteger(other) ? seatName(s.seats, other) : null;
    const phase = pub.phase;
    // the game's rules, in order (its web plugin's `page.prompts`); the first that
    // matches the phase and one of the decision's words is shown
    for (const rule of pageData(gameInfo(s.game)).prompts) {
      if (rule.phase && rule.phase !== phase) continue;
      if (rule.heads && !rule.heads.some((x) => heads.has(x))) continue;
      if (rule.unnamed && !otherName) return t(rule.unnamed);
      return t(rule.prompt, { name: otherName || "?" });
    }
    return null;
  }

  renderMatchOver() {
    const s = this.state;
    const totals = s.match.totals || [];
    const order = totals.map((v, i) => [v, i]).sort((a, b) => b[0] - a[0]);
    return h("section", { class: "panel match-over", testid: "match-over" },
      h("h2", {}, t("match_over")),
      h("ol", { class: "final" }, order.map(([v, i]) => h("li", { class: i === this.mySeat ? "me" : null },
        h("span", {}, seatName(s.seats, i), i === this.mySeat ? t("you_suffix") : ""),
        h("strong", { class: v > 0 ? "pos" : v < 0 ? "neg" : "" }, (v > 0 ? "+" : "") + v)))),
      this.demo ? null : h("div", { class: "links" },
        h("a", { class: "btn primary", testid: "record-link", href: `#/r/${encodeURIComponent(this.id)}` }, t("view_record")),
        h("a", { class: "btn", href: `/api/records/${encodeURIComponent(this.id)}?download=1`, download: "" }, t("download_json")),
        h("a", { class: "btn", href: "#/" }, t("back_lobby"))));
  }

  renderInvites() {
    let created = null;
    try { created = JSON.parse(store(`chupai.created.${this.id}`) || "null"); } catch (e) { created = null; }
    if (!created || !created.seats) return null;
    const friends = created.seats.filter((x) => x.kind === "human" && x.seat !== created.mine && x.link);
    if (!friends.length) return null;
    return h("details", { class: "panel invites", open: true },
      h("summary", {}, t("invitations")),
      friends.map((x) => {
        const url = new URL(x.link, location.origin + "/").href;
        const input = h("input", { type: "text", readonly: true, value: url, testid: "invite-link", dataset: { seat: String(x.seat) }, "aria-label": t("seat_n", { n: x.seat + 1 }) });
        const copy = h("button", {
          type: "button", class: "small-btn", testid: "copy-invite",
          onclick: async () => {
            try { await navigator.clipboard.writeText(url); } catch (e) { input.select(); document.execCommand && document.execCommand("copy"); }
            copy.textContent = t("copied");
            setTimeout(() => { copy.textContent = t("copy"); }, 1500);
          },
        }, t("copy"));
        return h("div", { class: "invite" }, h("label", {}, t("seat_n", { n: x.seat + 1 })), input, copy);
      }));
  }

  renderScores() {
    const s = this.state;
    const rows = (s.match && s.match.table) || [];
    const n = s.players;
    const extras = (row) => {
      const out = [];
      if (row.landlord !== undefined && row.landlord !== null) out.push(`${roleName("landlord")}: ${seatName(s.seats, row.landlord)}`);
      if (row.declarer !== undefined && row.declarer !== null) out.push(`${roleName("declarer")}: ${seatName(s.seats, row.declarer)}`);
      if (row.side) out.push(t("side_won", { side: sideName(row.side) }));
      if (row.unit !== undefined && row.unit !== null) out.push(`× ${row.unit}`);
      return out.join(" · ");
    };
    const table = h("table", { class: "scores", testid: "scores" },
      h("thead", {}, h("tr", {}, h("th", {}, t("deal_col")),
        Array.from({ length: n }, (_, i) => h("th", { class: i === this.mySeat ? "me" : null }, seatName(s.seats, i))),
        h("th", {}, t("note")))),
      h("tbody", {}, rows.map((row) => h("tr", {},
        h("td", {}, row.redeal ? t("redeal") : String(row.deal ?? "")),
        Array.from({ length: n }, (_, i) => {
          const v = row.scores ? row.scores[i] : null;
          return h("td", { class: "num " + (v > 0 ? "pos" : v < 0 ? "neg" : "") + (i === this.mySeat ? " me" : "") },
            v === null || v === undefined ? "" : (v > 0 ? "+" : "") + v);
        }),
        h("td", { class: "small muted" }, extras(row))))),
      h("tfoot", {}, h("tr", {}, h("th", {}, t("total")),
        Array.from({ length: n }, (_, i) => {
          const v = (s.match.totals || [])[i];
          return h("th", { class: "num" + (i === this.mySeat ? " me" : "") }, v === undefined ? "" : String(v));
        }), h("th", {}, ""))));
    return h("details", { class: "panel scores-panel", open: true },
      h("summary", {}, t("scores"), " ", h("span", { class: "muted small" }, t("deal_k_of_n", { k: s.match.deal, n: s.match.deals }))),
      h("div", { class: "table-scroll" }, table));
  }

  renderHistory() {
    const s = this.state;
    const pub = s.view.public || {};
    const hist = pub.history || [];
    const list = h("ol", { class: "history", testid: "history" });
    for (const ev of hist.slice(-150)) {
      const lab = actionLabel(ev.text, s.game, ev.kind === "bid" ? "bid" : pub.phase, isCardToken);
      const cards = ev.cards && ev.cards.length ? ev.cards : lab.cards;
      list.append(h("li", { class: "ev ev-" + (ev.kind || "x") },
        ev.seat !== null && ev.seat !== undefined ? h("span", { class: "who" }, seatName(s.seats, ev.seat)) : null,
        ev.to !== null && ev.to !== undefined ? h("span", { class: "to muted" }, "→ " + seatName(s.seats, ev.to)) : null,
        cards.length ? cardRow(cards, { ctx: this.ctx, tight: true }) : null,
        lab.label ? h("span", { class: "what" }, lab.label) : (!cards.length ? h("span", { class: "what" }, ev.text) : null)));
    }
    if (!hist.length) list.append(h("li", { class: "muted" }, t("no_history")));
    // The seat's own private events (exchanges, declarations it declined...), latest last.
    const notes = (s.view.private && s.view.private.notes) || [];
    let noteList = null;
    if (notes.length) {
      noteList = h("ol", { class: "history notes", testid: "notes" });
      // Repeats in a row (a Big A seat declining at checkpoint after checkpoint) as one line "×N".
      const runs = [];
      for (const ev of notes) {
        const prev = runs[runs.length - 1];
        if (prev && prev.ev.text === ev.text && prev.ev.seat === ev.seat && prev.ev.to === ev.to) prev.n += 1;
        else runs.push({ ev, n: 1 });
      }
      for (const { ev, n } of runs.slice(-20)) {
        const lab = actionLabel(ev.text, s.game, pub.phase, isCardToken);
        const cards = ev.cards && ev.cards.length ? ev.cards : lab.cards;
        noteList.append(h("li", { class: "ev private" },
          ev.seat !== null && ev.seat !== undefined ? h("span", { class: "who" }, seatName(s.seats, ev.seat)) : null,
          ev.to !== null && ev.to !== undefined ? h("span", { class: "to muted" }, "→ " + seatName(s.seats, ev.to)) : null,
          cards.length ? cardRow(cards, { ctx: this.ctx, tight: true }) : null,
          lab.label ? h("span", { class: "what" }, lab.label) : null,
          n > 1 ? h("span", { class: "muted small" }, "×" + n) : null));
      }
    }
    const det = h("details", { class: "panel history-panel", open: this.historyOpen ?? (window.innerWidth > 900) },
      h("summary", {}, t("history"), " ", h("span", { class: "muted small" }, String(hist.length))), list,
      noteList ? h("div", { class: "notes-title small muted" }, t("private_notes")) : null, noteList);
    det.addEventListener("toggle", () => { this.historyOpen = det.open; });
    requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
    return det;
  }

  tick() {
    const s = this.state;
    if (!s || !s.turn) return;
    const dl = s.turn.deadline_ms;
    const els = this.root.querySelectorAll(".timer");
    let txt = "";
    let low = false;
    if (dl) {
      const left = Math.max(0, Math.ceil((dl - Date.now()) / 1000));
      txt = t("timer_s", { s: left });
      low = left <= 10;
    }
    els.forEach((e) => {
      e.textContent = txt;
      e.classList.toggle("low", low);
      e.hidden = !txt;
    });
  }
}

function msgKeyHand(hand) { return (hand || []).join(" "); }

function roleOrWord(v) {
  const r = roleName(v);
  if (r !== v) return r;
  const p = phaseName(v);
  if (p !== v) return p;
  return sideName(v);
}

// ---- the table page: a TableView over a WebSocket ------------------------------------------------

class TablePage {
  constructor(id, token) {
    this.id = id;
    this.token = token || null;
    this.backoff = 500;
    this.closed = false;
    this.ws = null;
    this.root = h("div", { class: "table-root" });
    app.replaceChildren(this.root);
    this.view = new TableView(this.root, { id, token: this.token, send: (m) => this.send(m) });
    this.connect();
    this.ping = setInterval(() => this.send({ type: "ping" }, true), 25000);
    loadGames().then(() => this.view.render()).catch(() => {});
  }

  connect() {
    if (this.closed) return;
    const url = `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/ws`;
    let ws;
    try { ws = new WebSocket(url); } catch (e) { this.retry(); return; }
    this.ws = ws;
    ws.onopen = () => {
      const join = { type: "join", table: this.id };
      if (this.token) join.token = this.token;
      ws.send(JSON.stringify(join));
    };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      if (msg.type === "welcome") {
        this.backoff = 500;
        // Remember a seat link that works, so the lobby can offer to resume.
        if (this.token && msg.seat !== null && msg.seat !== undefined) store(`chupai.token.${this.id}`, this.token);
      }
      if (msg.type === "error" && (msg.code === "bad_token" || msg.code === "unknown_table")) this.stop = true;
      this.view.onMessage(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.closed || this.stop) return;
      this.retry();
    };
    ws.onerror = () => { /* onclose follows */ };
  }

  retry() {
    this.view.setConn("reconnecting");
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), this.backoff);
    this.backoff = Math.min(10000, this.backoff * 2);
  }

  send(msg, quiet) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
    } else if (!quiet) {
      this.view.pending = false;
      toast(t("reconnecting"));
    }
  }

  rerender() { this.view.render(); }

  destroy() {
    this.closed = true;
    clearInterval(this.ping);
    clearTimeout(this.retryTimer);
    if (this.ws) { const ws = this.ws; this.ws = null; ws.close(); }
    this.view.destroy();
  }
}

// ---- records and replays ------------------------------------------------------------------------

class RecordsPage {
  constructor() {
    this.records = null;
    this.error = null;
    this.rerender();
    loadGames().catch(() => {}).finally(() => this.load());
  }

  async load() {
    try {
      const data = await fetchJSON("/api/records");
      this.records = Array.isArray(data) ? data : (data.records || data.tables || []);
    } catch (e) { this.error = e.message; }
    this.rerender();
  }

  rerender() {
    document.title = `${t("records")} — chupai`;
    const body = h("main", { class: "page" });
    app.replaceChildren(topbar(t("records"), h("a", { class: "nav", href: "#/" }, t("lobby"))), body);
    const box = h("section", { class: "panel" }, h("h2", {}, t("records_title")));
    body.append(box);
    if (this.error) { box.append(h("p", { class: "error-box" }, t("load_failed", { msg: this.error }))); return; }
    if (!this.records) { box.append(h("p", { class: "muted" }, t("loading"))); return; }
    if (!this.records.length) { box.append(h("p", { class: "muted" }, t("no_records"))); return; }
    const list = h("ul", { class: "table-list", testid: "records" });
    for (const r of this.records) {
      const id = r.id || r.table || r.record;
      const names = r.names || (r.seats || []).map((x) => x.name);
      const seats = (r.totals || names || []).map((_, i) => {
        const name = seatName(names.map((n) => ({ name: n })), i);
        const v = r.totals ? r.totals[i] : null;
        return h("span", { class: "rec-seat" }, name, v === null || v === undefined ? "" : " ",
          v === null || v === undefined ? null : h("strong", { class: v > 0 ? "pos" : v < 0 ? "neg" : "" }, (v > 0 ? "+" : "") + v));
      });
      list.append(h("li", { class: "table-item", testid: "record-item", dataset: { record: id } },
        h("div", { class: "ti-main" }, h("strong", {}, gameTitle(r.game)), " ",
          h("span", { class: "muted small" }, r.spec || r.preset || ""),
          r.deals ? h("span", { class: "muted small" }, " · " + t("deals_n", { n: r.deals })) : null,
          h("div", { class: "rec-seats" }, seats),
          h("div", { class: "muted small" }, fmtTime(r.finished || r.created))),
        h("div", { class: "ti-actions" },
          h("a", { class: "btn", testid: "replay-link", href: `#/r/${encodeURIComponent(id)}` }, t("replay")),
          h("a", { class: "btn", href: `/api/records/${encodeURIComponent(id)}?download=1`, download: "" }, "JSON"))));
    }
    box.append(list);
  }

  destroy() {}
}

class ReplayPage {
  constructor(id) {
    this.id = id;
    this.data = null;
    this.meta = null;
    this.i = 0;
    this.error = null;
    this.auto = null;
    this.onKey = (e) => {
      if (!this.frames || document.querySelector("dialog[open]")) return;
      const tag = (e.target && e.target.tagName) || "";
      if (["INPUT", "TEXTAREA", "SELECT"].includes(tag) && e.target.type !== "range") return;
      if (e.key === "ArrowLeft") { e.preventDefault(); this.go(this.i - 1); }
      if (e.key === "ArrowRight") { e.preventDefault(); this.go(this.i + 1); }
    };
    document.addEventListener("keydown", this.onKey);
    this.viewRoot = h("div", { class: "replay-view" });
    this.view = null;
    this.rerender();
    this.load();
  }

  get frames() { return this.data ? this.data.frames : null; }

  async load() {
    try {
      await loadGames().catch(() => {});
      const [meta, data] = await Promise.all([
        fetchJSON(`/api/records/${encodeURIComponent(this.id)}`).catch(() => null),
        fetchJSON(`/api/records/${encodeURIComponent(this.id)}/frames`),
      ]);
      this.meta = meta;
      this.data = Array.isArray(data) ? { frames: data } : data;
      this.data.frames = this.data.frames || [];
      this.finishedAt = this.countFinished();
    } catch (e) { this.error = e.message; }
    this.rerender();
  }

  /** For each frame, how many deals (redeals included) are over: the score rows to show. */
  countFinished() {
    const fr = this.frames;
    const lastN = (f) => {
      const hist = (f.public && f.public.history) || [];
      return hist.length ? (hist[hist.length - 1].n ?? hist.length - 1) : -1;
    };
    const out = [];
    let done = 0;
    for (let k = 0; k < fr.length; k++) {
      if (k > 0 && (fr[k].deal !== fr[k - 1].deal || lastN(fr[k]) < lastN(fr[k - 1]))) done++;
      out.push(done + (fr[k].public && fr[k].public.outcome ? 1 : 0));
    }
    return out;
  }

  go(i) {
    if (!this.frames || !this.frames.length) return;
    this.i = Math.max(0, Math.min(this.frames.length - 1, i));
    this.rerender();
  }

  toggleAuto() {
    if (this.auto) { clearInterval(this.auto); this.auto = null; } else {
      if (this.i >= this.frames.length - 1) this.i = 0;
      this.auto = setInterval(() => {
        if (this.i >= this.frames.length - 1) { clearInterval(this.auto); this.auto = null; this.rerender(); return; }
        this.go(this.i + 1);
      }, 900);
    }
    this.rerender();
  }

  frameState(f) {
    const d = this.data;
    const game = d.game || (this.meta && this.meta.game) || "";
    const pub = f.public || {};
    const hands = f.hands || [];
    const n = (this.meta && this.meta.rules && this.meta.rules.players) || hands.length || (pub.counts || []).length || 4;
    const names = d.names || [];
    const rows = ((this.meta && this.meta.table) || []).slice(0, this.finishedAt ? this.finishedAt[this.i] : 0);
    return {
      type: "state", seq: null, table: this.id, game, spec: d.spec || "", players: n, seat: null,
      seats: Array.from({ length: n }, (_, i) => ({ seat: i, kind: "human", name: names[i] || null, level: null, connected: true })),
      match: {
        deal: f.deal ?? 1, deals: (this.meta && this.meta.deal_count) || f.deal || 1, redeals: 0,
        totals: f.totals || [], table: rows, over: false,
      },
      view: { public: pub, private: null },
      legal: [],
      turn: { seat: pub.to_act ?? null, deadline_ms: null },
    };
  }

  rerender() {
    const d = this.data;
    const game = (d && d.game) || (this.meta && this.meta.game) || "";
    const title = `${t("replay")}${game ? " · " + gameTitle(game) : ""}`;
    document.title = `${title} — chupai`;
    const body = h("main", { class: "page replay", testid: "replay" });
    app.replaceChildren(topbar(title, h("a", { class: "nav", href: "#/records" }, t("records"))), body);
    const links = h("div", { class: "replay-links" },
      h("span", { class: "muted small" }, (d && d.spec) || ""),
      h("a", { class: "btn", testid: "download", href: `/api/records/${encodeURIComponent(this.id)}?download=1`, download: "" }, t("download_json")));
    body.append(links);
    if (this.error) { body.append(h("p", { class: "error-box" }, t("load_failed", { msg: this.error }))); return; }
    if (!this.frames) { body.append(h("p", { class: "muted" }, t("loading"))); return; }
    if (!this.frames.length) { body.append(h("p", { class: "muted" }, t("no_history"))); return; }
    const f = this.frames[this.i];
    const slider = h("input", {
      type: "range", min: 0, max: this.frames.length - 1, value: this.i, testid: "replay-slider",
      "aria-label": t("step_of", { k: this.i + 1, n: this.frames.length }),
    });
    slider.addEventListener("input", () => this.go(Number(slider.value)));
    const controls = h("div", { class: "replay-controls" },
      h("button", { type: "button", testid: "replay-first", "aria-label": "⏮", onclick: () => this.go(0) }, t("first")),
      h("button", { type: "button", testid: "replay-prev", "aria-label": "◀", onclick: () => this.go(this.i - 1) }, t("prev")),
      h("button", { type: "button", class: "primary", testid: "replay-auto", onclick: () => this.toggleAuto() }, this.auto ? t("stop") : t("autoplay")),
      h("button", { type: "button", testid: "replay-next", "aria-label": "▶", onclick: () => this.go(this.i + 1) }, t("next")),
      h("button", { type: "button", testid: "replay-last", "aria-label": "⏭", onclick: () => this.go(this.frames.length - 1) }, t("last")),
      slider,
      h("span", { class: "muted", testid: "replay-step" }, t("step_of", { k: this.i + 1, n: this.frames.length })));
    body.append(controls, this.viewRoot);
    if (!this.view) this.view = new TableView(this.viewRoot, { id: this.id, replay: true, send: () => {} });
    const st = this.frameState(f);
    this.view.reveal = f.hands || null;
    const pub = f.public || {};
    if (f.text) {
      const lab = actionLabel(f.text, st.game, pub.phase, isCardToken);
      const who = f.seat !== null && f.seat !== undefined ? seatName(st.seats, f.seat) + ": " : "";
      this.view.replayText = who + [lab.label, lab.cards.join(" ")].filter(Boolean).join(" ");
    } else {
      this.view.replayText = "";
    }
    this.view.applyState(st);
  }

  destroy() {
    document.removeEventListener("keydown", this.onKey);
    if (this.auto) clearInterval(this.auto);
    if (this.view) this.view.destroy();
  }
}

// ---- demo (no server) ----------------------------------------------------------------------------

class DemoPage {
  constructor(n) {
    this.n = n;
    this.root = h("div", { class: "table-root" });
    app.replaceChildren(this.root);
    import("./demo.js").then(({ DEMO_STATES }) => {
      this.states = DEMO_STATES;
      const st = JSON.parse(JSON.stringify(DEMO_STATES[Math.min(n, DEMO_STATES.length - 1)]));
      this.view = new TableView(this.root, {
        id: "demo", demo: true,
        send: (m) => this.fake(m),
        header: () => this.nav(),
      });
      this.view.onMessage({ type: "welcome", table: "demo", seat: st.seat, protocol: 1 });
      this.view.onMessage(st);
      loadGames().then(() => this.rerender()).catch(() => {}); // names, combinations, page data
    });
  }

  fake(m) {
    const s = this.view.state;
    if (m.type === "hint") {
      const e = (s.legal || []).find((x) => x.kind === "play") || (s.legal || [])[0];
      if (e) setTimeout(() => this.view.onMessage({ type: "hint", seq: s.seq, action: e.i, text: e.text }), 50);
    } else if (m.type === "act") {
      const e = (s.legal || []).find((x) => x.i === m.action);
      setTimeout(() => {
        this.view.onMessage({ type: "error", code: "demo", message: `demo: act ${m.action} (${e ? e.text : "?"}) seq ${m.seq}`, seq: m.seq });
      }, 50);
    }
  }

  nav() {
    return h("nav", { class: "demo-nav" }, h("span", { class: "muted" }, t("demo_note")),
      this.states.map((st, i) => h("a", { href: `#/demo/${i}`, class: "btn small-btn" + (i === this.n ? " primary" : "") }, `${i}: ${st.demo_name}`)));
  }

  rerender() { if (this.view) this.view.render(); }

  destroy() { if (this.view) this.view.destroy(); }
}

window.addEventListener("hashchange", route);
route();
