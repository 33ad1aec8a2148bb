// The analysis of a finished game in its replay (issue 23): the "Analyse" button, the
// progress while the server works (polled), then a graph of the win probability of each
// analysed decision over the deal, its marks (?! inaccuracy, ? mistake, ?? blunder),
// and at the current step what was played beside the best play found. Clicking a point
// of the graph moves the replay to that decision. The JSON is the server's
// `GET /api/records/ID/analysis` (docs/analysis.md, "In the browser").

import { t, actionLabel } from "./i18n.js";
import { isCardToken, cardText } from "./cards.js";
import { h, fetchJSON, seatName, percent as pct, signedScore as signed } from "./common.js";

export const BUDGETS = ["quick", "default", "deep"];
export const MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
const POLL_MS = 700;
const SEAT_COLORS = ["#ffd166", "#7fd1ff", "#ff9ecd", "#b6f09c", "#ffb26b", "#c5a3ff", "#9ff0e6", "#f0f0f0"];
const SVG = "http://www.w3.org/2000/svg";

/** An SVG element: s("circle", {cx, cy, r, ...}, ...children). */
function s(tag, attrs, ...kids) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "testid") e.setAttribute("data-testid", v);
    else if (k.startsWith("on") && typeof v === "function") e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, String(v));
  }
  for (const kid of kids.flat()) if (kid !== null && kid !== undefined) e.append(kid);
  return e;
}


export class AnalysisPanel {
  /** `page`: the replay page (frames, seats, go(i), rerender()). */
  constructor(page) {
    this.page = page;
    this.id = page.id;
    this.body = null;     // the server's answer: {status, done, total, analysis, error, budget, seat}
    this.error = null;
    this.seat = "all";
    this.budget = "default";
    this.timer = null;
    this.frameOf = null;  // "deal/step" -> frame index
    this.load();
  }

  url(query) { return `/api/records/${encodeURIComponent(this.id)}/analysis${query || ""}`; }

  async load() {
    try {
      const b = await fetchJSON(this.url());
      if (b.status !== "none") {  // "none": not analysed yet
        this.body = b;
        this.afterAnswer();
      }
    } catch (e) { this.error = e.message; }
    this.rerender();
  }

  async start() {
    this.error = null;
    const req = { budget: this.budget };
    if (this.seat !== "all") req.seat = Number(this.seat);
    try {
      this.body = await fetchJSON(this.url(), {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(req),
      });
      this.afterAnswer();
    } catch (e) { this.error = e.message; }
    this.rerender();
  }

  afterAnswer() {
    const b = this.body;
    if (!b) return;
    if (b.budget) this.budget = b.budget;
    this.seat = b.seat === null || b.seat === undefined ? "all" : String(b.seat);
    if (b.status === "queued" || b.status === "running") {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.refresh(), POLL_MS);
    }
  }

  async refresh() {
    const b = this.body;
    const q = `?seat=${b && b.seat !== null && b.seat !== undefined ? b.seat : "all"}&budget=${encodeURIComponent(this.budget)}`;
    try {
      this.body = await fetchJSON(this.url(q));
      this.afterAnswer();
    } catch (e) {
      this.error = e.message;
    }
    this.rerender();
  }

  /** The frame of each action of the replay: the key "deal/step" (the deal's index in
   * the match, redeals included, and the action's index in that deal's record). */
  frameIndex() {
    if (this.frameOf || !this.page.frames) return this.frameOf || new Map();
    const out = new Map();
    const count = new Map();
    (this.page.frames || []).forEach((f, k) => {
      if (f.text === null || f.text === undefined) return;
      const deal = (f.deal ?? 1) - 1;
      const n = count.get(deal) || 0;
      count.set(deal, n + 1);
      out.set(`${deal}/${n}`, k);
    });
    this.frameOf = out;
    return out;
  }

  /** The analysed decisions of deal `deal` (0-based), each with its frame. */
  decisions(deal) {
    const a = this.body && this.body.analysis;
    const d = a && (a.deals || []).find((x) => x.index === deal);
    if (!d) return [];
    const frames = this.frameIndex();
    return (d.decisions || []).map((x) => ({ ...x, frame: frames.get(`${deal}/${x.step}`) }))
      .filter((x) => x.frame !== undefined);
  }

  render(i) {
    const box = h("section", { class: "analysis", testid: "analysis" });
    const b = this.body;
    const busy = b && (b.status === "queued" || b.status === "running");
    if (!b || b.status === "failed" || this.error || b.status === "done") box.append(this.form(busy));
    if (this.error) box.append(h("p", { class: "error-box", testid: "analysis-error" }, t("analysis_failed", { msg: this.error })));
    if (!b) return box;
    if (busy) {
      const total = b.total || 0;
      box.append(h("div", { class: "analysis-progress" },
        h("progress", { testid: "analysis-progress", max: total || 1, value: total ? b.done : null }),
        h("span", { class: "small" }, b.status === "queued" ? t("analysis_queued")
          : t("analysing", { done: b.done, total: total || "…" }))));
    } else if (b.status === "failed") {
      box.append(h("p", { class: "error-box", testid: "analysis-error" }, t("analysis_failed", { msg: b.error || "" })));
    } else if (b.status === "done") {
      const f = this.page.frames[i];
      const decisions = this.decisions((f.deal ?? 1) - 1);
      box.append(this.graph(decisions, i), this.line(decisions, i));
    }
    return box;
  }

  form(busy) {
    const seats = this.page.seatsOf();
    const seatSel = h("select", { testid: "analysis-seat", "aria-label": t("analysis_seat") },
      h("option", { value: "all", selected: this.seat === "all" }, t("analysis_all_seats")),
      seats.map((_, k) => h("option", { value: String(k), selected: this.seat === String(k) }, seatName(seats, k))));
    seatSel.addEventListener("change", () => { this.seat = seatSel.value; });
    const budgetSel = h("select", { testid: "analysis-budget", "aria-label": t("analysis_budget") },
      BUDGETS.map((name) => h("option", { value: name, selected: this.budget === name }, t("budget_" + name))));
    budgetSel.addEventListener("change", () => { this.budget = budgetSel.value; });
    return h("div", { class: "analysis-form" },
      h("strong", {}, t("analysis_title")), seatSel, budgetSel,
      h("button", { type: "button", class: "primary", testid: "analyse", disabled: busy, onclick: () => this.start() }, t("analyse")));
  }

  graph(decisions, i) {
    const shown = decisions.filter((d) => d.played_value);
    // drawn at the page's width (a phone's too), so that dots stay round and marks readable
    const W = Math.round(Math.min(1100, Math.max(300, (window.innerWidth || 600) - 40)));
    const H = 150, L = 34, R = 10, T = 16, B = 10;
    const n = shown.length;
    const x = (k) => L + (n > 1 ? (k * (W - L - R)) / (n - 1) : (W - L - R) / 2);
    const y = (win) => T + (1 - win) * (H - T - B);
    const svg = s("svg", {
      class: "analysis-graph", testid: "analysis-graph", viewBox: `0 0 ${W} ${H}`,
      role: "group", "aria-label": t("graph_title"),
    });
    for (const v of [0, 0.5, 1]) {
      svg.append(s("line", { class: "grid", x1: L, x2: W - R, y1: y(v), y2: y(v) }),
        s("text", { class: "axis", x: L - 4, y: y(v) + 4, "text-anchor": "end" }, pct(v)));
    }
    const seats = [...new Set(shown.map((d) => d.seat))];
    const names = this.page.seatsOf();
    for (const seat of seats) {
      const pts = shown.map((d, k) => [d, k]).filter(([d]) => d.seat === seat)
        .map(([d, k]) => `${x(k).toFixed(1)},${y(d.played_value.win).toFixed(1)}`);
      if (pts.length > 1) svg.append(s("polyline", { class: "seat-line", points: pts.join(" "), stroke: SEAT_COLORS[seat % SEAT_COLORS.length] }));
    }
    const current = this.currentDecision(decisions, i);
    shown.forEach((d, k) => {
      const title = `${seatName(names, d.seat)}: ${this.actionText(d.played, d.phase)} — ${t("label_" + d.label)} · ${pct(d.played_value.win)}`;
      const g = s("g", {
        class: "point" + (current === d ? " current" : ""), testid: "analysis-point", tabindex: 0,
        "data-frame": d.frame, "data-label": d.label, "data-seat": d.seat, role: "button", "aria-label": title,
        onclick: () => this.page.go(d.frame),
        onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); this.page.go(d.frame); } },
      },
      s("title", {}, title),
      s("circle", { class: "hit", cx: x(k), cy: y(d.played_value.win), r: 11 }),
      s("circle", { class: `dot ${d.label}`, cx: x(k), cy: y(d.played_value.win), r: current === d ? 6 : 4.5, stroke: SEAT_COLORS[d.seat % SEAT_COLORS.length] }));
      if (MARKS[d.label]) {
        g.append(s("text", { class: `mark ${d.label}`, testid: "analysis-mark", x: x(k), y: y(d.played_value.win) - 8, "text-anchor": "middle" }, MARKS[d.label]));
      }
      svg.append(g);
    });
    const legend = seats.length > 1 ? h("div", { class: "analysis-legend small" },
      seats.map((seat) => h("span", { class: "legend-seat" },
        h("span", { class: "swatch", style: `background:${SEAT_COLORS[seat % SEAT_COLORS.length]}` }), seatName(names, seat)))) : null;
    return h("div", { class: "analysis-graph-box" }, svg, legend);
  }

  /** The decision of the frame shown: the one whose action this frame applied. */
  currentDecision(decisions, i) { return decisions.find((d) => d.frame === i) || null; }

  actionText(text, phase) {
    const lab = actionLabel(text, this.page.gameKey(), phase, isCardToken);
    return [lab.label, lab.cards.map(cardText).join(" ")].filter(Boolean).join(" ") || text;
  }

  line(decisions, i) {
    const d = this.currentDecision(decisions, i);
    if (!d) return h("p", { class: "analysis-line muted small", testid: "analysis-line" }, t("no_decision_here"));
    const who = seatName(this.page.seatsOf(), d.seat);
    const label = h("span", { class: `analysis-label ${d.label}`, testid: "analysis-label", "data-label": d.label },
      t("label_" + d.label) + (MARKS[d.label] ? " " + MARKS[d.label] : ""));
    if (!d.played_value) {
      return h("p", { class: "analysis-line", testid: "analysis-line" }, `${who} · `,
        t("played_only", { action: this.actionText(d.played, d.phase) }), " · ", label);
    }
    const pv = d.played_value, bv = d.best_value || pv;
    // values the evaluator drew from the real hands (no deal consistent with the seat's view)
    const note = d.sampling === "true deal" ? h("span", { class: "muted small", testid: "true-deal" }, ` (${t("true_deal_note")})`) : null;
    return h("p", { class: "analysis-line", testid: "analysis-line" }, `${who} · `,
      t("played_line", { action: this.actionText(d.played, d.phase), win: pct(pv.win), score: signed(pv.score) }), " · ",
      h("strong", {}, t("best_line", { action: this.actionText(d.best, d.phase), win: pct(bv.win), score: signed(bv.score) })),
      " · ", label, note);
  }

  rerender() { if (!this.dead) this.page.rerender(); }

  destroy() { this.dead = true; clearTimeout(this.timer); }
}
