// The table view: one table's state as the server sent it, the messages that change
// it, the player's actions and the page's frame. Its rendering is in felt.js (seats,
// centre, facts), hand.js (the hand, selection and keyboard), decisions.js (buttons,
// decision panel, readings), results.js (deal outcome, match over, scores) and
// panels.js (invitations, history): their methods are the view's (mixin).

import { t, comboName, actionLabel } from "./i18n.js";
import { isCardToken, normSuit } from "./cards.js";
import { h, store, toast, topbar, gameInfo, pageData, gameTitle, mixin, percent, signedScore } from "./common.js";
import { TableFelt } from "./felt.js";
import { TableHand } from "./hand.js";
import { TableDecisions } from "./decisions.js";
import { TableResults } from "./results.js";
import { TablePanels } from "./panels.js";
import { TableFlow } from "./flow.js";

/**
 * One table, connected through a transport: {send(obj)} plus callbacks. The
 * WebSocket transport is in connection.js; the demo uses a fake one.
 */
export class TableView {
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
    } else if (msg.type === "check") {
      this.applyCheck(msg);
    } else if (msg.type === "error") {
      this.evaluating = null;  // an evaluate refused (or failed) is not waited for
      // a check that came too late or too often: its answer is not needed
      const checkErr = this.checkOut && !this.pending && ["stale", "not_your_turn", "too_many", "over"].includes(msg.code);
      this.checkOut = null;
      if (checkErr) return;
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
    } else if (msg.type === "evaluation") {
      this.applyEvaluation(msg);
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
    if (!this.replay) this.flowState(prev, msg);
  }

  applyHint(msg) {
    if (!this.state || msg.seq !== this.state.seq) return;
    const entry = (this.state.legal || []).find((e) => e.i === msg.action);
    this.hinted = msg.action;
    if (entry && entry.cards && entry.cards.length) {
      this.selected = new Set(this.indicesFor(entry.cards));
    } else if (!entry && this.state.unlisted > 0) {
      // a play the list leaves out: its cards are the words of its text
      const cards = String(msg.text || "").split(/\s+/).filter(isCardToken);
      if (cards.length) this.selected = new Set(this.indicesFor(cards));
    }
    // (an action left out of the list: its text as the engine writes it, tens as 10)
    const lab = entry ? this.entryLabel(entry) : String(msg.text || "").replace(/\bT(?=[SHCD]\b)/g, "10");
    this.hintText = t("hint_is", { text: lab || msg.text });
    this.render();
  }

  /** The evaluator's win chances (a practice table): the best action is selected as a
   * hint's is, and the best few are shown with their win probability and score. */
  applyEvaluation(msg) {
    if (this.evaluating === msg.seq) this.evaluating = null;
    if (!this.state || msg.seq !== this.state.seq || !(msg.actions || []).length) { this.render(); return; }
    const best = msg.actions[0];
    this.applyHint({ seq: msg.seq, action: best.action, text: best.text });
    this.hintText = msg.actions.map((a) => {
      const entry = (this.state.legal || []).find((e) => e.i === a.action);
      const lab = entry ? this.entryLabel(entry) : String(a.text).replace(/\bT(?=[SHCD]\b)/g, "10");
      return t("win_hint_line", { action: lab, win: percent(a.win), score: signedScore(a.score) });
    }).join(" · ");
    this.render();
  }

  winHint() {
    if (!this.myTurn() || this.pending || this.evaluating === this.state.seq) return;
    this.evaluating = this.state.seq;
    this.send({ type: "evaluate", seq: this.state.seq });
    this.renderControls();
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
    // an entry of the list by its index; a play the list leaves out by its text
    if (entry.i === null || entry.i === undefined) this.send({ type: "act", seq: this.state.seq, text: entry.text });
    else this.send({ type: "act", seq: this.state.seq, action: entry.i });
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
    const between = this.renderBetween();
    if (between) main.append(between);
    const watching = this.renderWatching();
    if (watching) main.append(watching);
    main.append(this.renderFelt(), this.renderInfo());
    if (!this.replay) main.append(this.renderMe());
    const autoPass = this.renderAutoPass();
    const bar = main.querySelector(".me-bar");
    if (autoPass && bar) bar.append(autoPass);
    // The invitations are for joining a match: gone once it is over.
    const invites = this.replay || (s.match && s.match.over) ? null : this.renderInvites();
    side.append(...[invites, this.renderScores(), this.renderHistory()].filter(Boolean));
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

  tick() {
    const s = this.state;
    if (!s || !s.turn) return;
    this.tickBetween();
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

mixin(TableView, TableFelt, TableHand, TableDecisions, TableResults, TablePanels, TableFlow);

function msgKeyHand(hand) { return (hand || []).join(" "); }
