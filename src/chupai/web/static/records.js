// The records: the list of finished matches and the replay of one.

import { t, actionLabel } from "./i18n.js";
import { isCardToken, cardText } from "./cards.js";
import { specLabel } from "./tableopts.js";
import { app, h, fetchJSON, topbar, seatName, loadGames, gameTitle, fmtTime } from "./common.js";
import { TableView } from "./table.js";
import { AnalysisPanel } from "./analysis.js";

// ---- records and replays ------------------------------------------------------------------------

export class RecordsPage {
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
          h("span", { class: "muted small", testid: "record-rules", title: r.spec || "" },
            specLabel(r.spec, r.preset)),
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

export class ReplayPage {
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
    this.analysis = null;
    this.rerender();
    this.load();
  }

  /** The seats of the game, named as the replay names them. */
  seatsOf() {
    const names = (this.data && this.data.names) || [];
    const n = (this.meta && this.meta.rules && this.meta.rules.players) || names.length;
    return Array.from({ length: n }, (_, i) => ({ seat: i, kind: "human", name: names[i] || null }));
  }

  gameKey() { return (this.data && this.data.game) || (this.meta && this.meta.game) || ""; }

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
    if (!this.error && this.frames.length) this.analysis = new AnalysisPanel(this);
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
      h("span", { class: "muted small", testid: "replay-rules", title: (d && d.spec) || "" },
        d && d.spec ? `${t("preset")} · ${specLabel(d.spec)}` : ""),
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
    body.append(controls);
    if (this.analysis) body.append(this.analysis.render(this.i));
    body.append(this.viewRoot);
    if (!this.view) this.view = new TableView(this.viewRoot, { id: this.id, replay: true, send: () => {} });
    const st = this.frameState(f);
    this.view.reveal = f.hands || null;
    const pub = f.public || {};
    if (f.text) {
      const lab = actionLabel(f.text, st.game, pub.phase, isCardToken);
      const who = f.seat !== null && f.seat !== undefined ? seatName(st.seats, f.seat) + ": " : "";
      this.view.replayText = who + [lab.label, lab.cards.map(cardText).join(" ")].filter(Boolean).join(" ");
    } else {
      this.view.replayText = "";
    }
    this.view.applyState(st);
  }

  destroy() {
    document.removeEventListener("keydown", this.onKey);
    if (this.auto) clearInterval(this.auto);
    if (this.analysis) this.analysis.destroy();
    if (this.view) this.view.destroy();
  }
}
