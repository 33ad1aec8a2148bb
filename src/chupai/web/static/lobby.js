// The lobby: the form of a new table and the list of open tables.

import { t, gameName, botLevelName } from "./i18n.js";
import { app, h, store, fetchJSON, topbar, BOT_NAME, displayName, loadGames, gameTitle } from "./common.js";
import { tableMenus, menuValues, changedValues, presetLabel, specLabel } from "./tableopts.js";

/** The options field, a key=value a line (# starts a comment): {options} or {error}. */
function parseOptions(text) {
  const options = {};
  for (const raw of String(text || "").split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const eq = line.indexOf("=");
    if (eq <= 0) return { error: { message: `not key=value: ${line}`, field: "options" } };
    options[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
  }
  return { options };
}

export class LobbyPage {
  constructor() {
    this.form = { game: null, preset: null, seats: [], deals: 1, options: "", turn: "", wait: "30", seed: "",
      name: store("chupai.name") || "", menus: {} };
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
    this.form.menus = {};
    this.fitSeats();
  }

  preset() {
    const g = this.games && this.games.find((x) => x.key === this.form.game);
    return g && g.presets.find((x) => x.name === this.form.preset);
  }

  /** The table size: the `players` menu where the game has one, else the preset's. */
  players() {
    const p = this.preset();
    const chosen = menuValues(p, this.form.menus).players;
    return (chosen && Number(chosen)) || (p && p.players) || 4;
  }

  bots() {
    const g = this.games && this.games.find((x) => x.key === this.form.game);
    return (g && g.bots && g.bots.length) ? g.bots : ["random", "greedy", "heuristic", "search", "expert"];
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
        presetLabel(p, f.menus))));
    presetSel.addEventListener("change", () => { f.preset = presetSel.value; this.fitSeats(); this.rerender(); });
    const menus = tableMenus(g && g.table_options, menuValues(preset, f.menus), (key, value) => {
      f.menus = { ...f.menus, [key]: value };
      this.fitSeats();
      this.rerender();
    }, bad);

    const deals = h("input", { id: "f-deals", testid: "deals", type: "number", min: 1, max: 100, value: f.deals,
      inputmode: "numeric", "aria-invalid": bad("deals") });
    deals.addEventListener("input", () => { f.deals = deals.value; });

    const name = h("input", { id: "f-name", testid: "name", type: "text", maxlength: 40, value: f.name,
      autocomplete: "nickname" });
    name.addEventListener("input", () => { f.name = name.value; });

    const seatRows = this.seatRows(bad);

    const turn = h("input", { id: "f-turn", testid: "turn-seconds", type: "number", min: 5, max: 3600,
      value: f.turn, inputmode: "numeric", "aria-invalid": bad("turn_seconds") });
    turn.addEventListener("input", () => { f.turn = turn.value; });
    // How long the next deal waits for every player's "continue" (the server's continue_seconds).
    const wait = h("input", { id: "f-wait", testid: "continue-seconds", type: "number", min: 0, max: 600,
      value: f.wait, inputmode: "numeric", "aria-invalid": bad("continue_seconds") });
    wait.addEventListener("input", () => { f.wait = wait.value; });
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
        preset && preset.spec ? h("div", { class: "hint-text", testid: "preset-spec" },
          t("spec_cli", { spec: preset.spec })) : null),
      menus,
      h("fieldset", { class: "seats" }, h("legend", {}, t("seats")), seatRows),
      h("div", { class: "field-row" },
        h("div", { class: "field" }, h("label", { for: "f-name" }, t("your_name")), name),
        h("div", { class: "field" }, h("label", { for: "f-deals" }, t("deals")), deals)),
      h("div", { class: "field-row" },
        h("div", { class: "field" }, h("label", { for: "f-turn" }, t("turn_seconds")), turn),
        h("div", { class: "field" }, h("label", { for: "f-wait" }, t("continue_seconds")), wait)),
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

  /** A row per seat: you, a friend, or a bot of one of the game's levels. */
  seatRows(bad) {
    const f = this.form;
    const bots = this.bots();
    return f.seats.map((v, i) => {
      const sel = h("select", { id: `f-seat-${i}`, testid: `seat-${i}`, "aria-invalid": bad(`seats.${i}`) || bad("seats") },
        h("option", { value: "you", selected: v === "you" }, t("you")),
        h("option", { value: "friend", selected: v === "friend" }, t("friend")),
        bots.map((b) => h("option", { value: "bot:" + b, selected: v === "bot:" + b },
          t("bot_level", { level: botLevelName(b) }))));
      sel.addEventListener("change", () => { f.seats[i] = sel.value; });
      return h("div", { class: "seat-row" }, h("label", { for: `f-seat-${i}` }, t("seat_n", { n: i + 1 })), sel);
    });
  }

  async create() {
    const f = this.form;
    this.error = null;
    const parsed = parseOptions(f.options);
    if (parsed.error) { this.error = parsed.error; this.rerender(); return; }
    const options = { ...changedValues(this.preset(), f.menus), ...parsed.options };
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
      continue_seconds: f.wait === "" || f.wait === null ? null : Number(f.wait),
      seed: f.seed === "" || f.seed === null ? null : Number(f.seed),
    };
    if (f.name.trim()) store("chupai.name", f.name.trim());
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
        : `${s.name || t("seat_label", { n: i + 1 })}${s.connected ? " ●" : ""}`)).join(t("list_sep"));
      list.append(h("li", { class: "table-item", testid: "table-item", dataset: { table: id } },
        h("div", { class: "ti-main" },
          h("strong", {}, gameTitle(tb.game)), " ", h("span", { class: "muted", testid: "table-rules", title: tb.spec || "" },
            specLabel(tb.spec, tb.preset)), " · ",
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
