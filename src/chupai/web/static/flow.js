// The table view's flow between turns, deals and matches: the notice when the turn
// timer played for you and its marks in the history, the bots' think times and
// "thinking…", the countdown while the next deal waits for every player's
// "continue", the rematch, the auto-pass preference, the spectator's label and the
// name a friend who joined by a link is asked for.

import { t, actionLabel, getLang } from "./i18n.js";
import { parseCard, isCardToken } from "./cards.js";
import { h, store, toast, openModal, closeModal, seatName } from "./common.js";

const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const AUTOPASS_KEY = "chupai.autopass";
const AUTOPASS_DELAY = 600;  // ms: the player sees the turn come before the pass goes

/** A card token as text: "JD" → "J♦", "BJ" → the joker's name. */
function cardText(tok) {
  const c = parseCard(tok);
  if (c.joker) return tok;
  return c.suit ? c.rank + SUIT_SYMBOLS[c.suit] : c.rank || tok;
}

/** A think time in the page's language: "0.08 s", "<0.01 s", "12.3 s". */
export function thinkText(s) {
  return t("think_secs", { s: s < 0.01 ? "<0.01" : s.toFixed(s < 10 ? 2 : 1) });
}

/** A list of seat names, in the page's language ("Seat 2, Bot 3 (greedy)"). */
function names(seats, list) {
  return list.map((i) => seatName(seats, i)).join(getLang() === "en" ? ", " : "、");
}

/** Methods of TableView (table.js): the flow of the table. */
export class TableFlow {
  /** The position of the shown deal in the match (redeals included), as `timed` names it. */
  dealPosition() {
    const m = (this.state && this.state.match) || {};
    return (m.deal || 1) - 1 + (m.redeals || 0);
  }

  /** Called with each new state: the timer's notice, the end of a wait, the rematch. */
  flowState(prev, msg) {
    const timed = msg.timed || [];
    if (!this.timedSeen) {
      this.timedSeen = new Set(timed.map((m) => m.seq));  // joining: no notice for old ones
    }
    for (const m of timed) {
      if (this.timedSeen.has(m.seq)) continue;
      this.timedSeen.add(m.seq);
      if (m.seat === this.mySeat) this.timedNotice(m);
    }
    // The countdown ran out (or everybody continued): the next deal starts now.
    if (prev && prev.between && !msg.between) {
      document.querySelectorAll("dialog[data-testid=outcome]").forEach((d) => closeModal(d));
    }
    const offer = msg.rematch;
    if (offer && offer.table && !this.demo && !this.replay) this.followRematch(offer);
    if (msg.seat !== null && msg.seat !== undefined) this.maybeAskName();
    this.maybeAutoPass();
  }

  timedNotice(m) {
    const pub = (this.state && this.state.view && this.state.view.public) || {};
    const lab = actionLabel(m.text, this.state.game, pub.phase, isCardToken);
    const what = [lab.label, lab.cards.map(cardText).join(" ")].filter(Boolean).join(" ") || m.text;
    toast(t("timed_notice", { what }), "timed");
  }

  /** The mark of a history event the turn timer played, or null. */
  timedMark(ev) {
    const pos = this.dealPosition();
    const hit = ((this.state && this.state.timed) || []).some((m) => m.n === ev.n && m.deal === pos && m.n !== null);
    return hit ? h("span", { class: "timed-mark badge", testid: "timed-mark", title: t("timed_title") }, "⏱ " + t("timed_short")) : null;
  }

  // -- the bots' think time --
  /** The seconds a bot took for the public event `n` of the shown deal, or null. */
  thinkAt(n) {
    if (n === null || n === undefined) return null;
    const pos = this.dealPosition();
    const m = ((this.state && this.state.thinks) || []).find((x) => x.n === n && x.deal === pos);
    return m ? m.s : null;
  }

  /** The think time beside a bot's action in the history ("· 0.08 s"), or null. */
  thinkMark(ev) {
    const s = this.thinkAt(ev.n);
    return s === null ? null : h("span", { class: "think muted small", testid: "think-time", title: t("think_title") }, "· " + thinkText(s));
  }

  /** Beside a bot's seat: "thinking…" while it is to act, else the think time of its
   * last action shown on the felt (its last public event); null for anyone else. */
  seatThink(seat, isTurn, last) {
    const s = this.state;
    const info = (s.seats && s.seats[seat]) || {};
    if (info.kind !== "bot" || this.replay) return null;
    if (isTurn && !s.between && !(s.match && s.match.over)) {
      return h("span", { class: "seat-think thinking", testid: "thinking", role: "status" }, t("thinking"));
    }
    if (!last) return null;
    const hist = ((s.view && s.view.public) || {}).history || [];
    let ev = null;
    for (let i = hist.length - 1; i >= 0 && !ev; i--) if (hist[i].seat === seat) ev = hist[i];
    const secs = ev ? this.thinkAt(ev.n) : null;
    return secs === null ? null : h("span", { class: "seat-think muted small", testid: "seat-think", title: t("think_title") }, thinkText(secs));
  }

  // -- between deals --
  /** "Next deal in 23 s · waiting for Seat 2", or null when no deal waits. */
  renderBetween(where) {
    const b = this.state && this.state.between;
    if (!b || this.replay) return null;
    const others = (b.waiting || []).filter((i) => i !== this.mySeat);
    return h("div", { class: "between " + (where || ""), testid: where === "dialog" ? "between-dialog" : "between", role: "status" },
      h("span", { class: "between-left", dataset: { deadline: String(b.deadline_ms || "") } }, this.betweenText()),
      others.length ? h("span", { class: "muted small" }, " · " + t("waiting_continue", { names: names(this.state.seats, others) })) : null);
  }

  betweenText() {
    const b = this.state && this.state.between;
    if (!b || !b.deadline_ms) return "";
    return t("next_deal_in", { s: Math.max(0, Math.ceil((b.deadline_ms - Date.now()) / 1000)) });
  }

  tickBetween() {
    const txt = this.betweenText();
    document.querySelectorAll(".between-left").forEach((e) => { e.textContent = txt; });
  }

  continueDeal() {
    const b = this.state && this.state.between;
    if (b && (b.waiting || []).includes(this.mySeat)) this.send({ type: "continue" });
  }

  // -- rematch --
  renderRematch() {
    const s = this.state;
    if (this.demo || this.replay) return null;
    const offer = s.rematch;
    const seated = this.mySeat !== null && this.mySeat !== undefined;
    if (offer && offer.table) {
      return h("div", { class: "rematch", testid: "rematch-ready" },
        h("a", { class: "btn primary", href: this.rematchHref(offer.table) }, seated ? t("rematch_go") : t("rematch_watch")));
    }
    if (!seated) {
      return offer ? h("p", { class: "muted", testid: "rematch-offer" }, t("rematch_offered", { name: seatName(s.seats, offer.by) })) : null;
    }
    const mine = offer && (offer.accepted || []).includes(this.mySeat);
    if (mine) {
      const left = s.seats.filter((x) => x.kind === "human" && x.connected && !offer.accepted.includes(x.seat)).map((x) => x.seat);
      return h("p", { class: "muted", testid: "rematch-waiting" }, t("rematch_waiting", { names: names(s.seats, left) }));
    }
    return h("div", { class: "rematch" },
      offer ? h("p", { testid: "rematch-offer" }, t("rematch_offered", { name: seatName(s.seats, offer.by) })) : null,
      h("button", { type: "button", class: "primary", testid: "rematch", onclick: () => this.send({ type: "rematch" }) },
        offer ? t("rematch_accept") : t("rematch")));
  }

  rematchHref(table) {
    const token = this.token || store(`chupai.token.${this.id}`);
    const seated = this.mySeat !== null && this.mySeat !== undefined;
    return seated && token ? `#/t/${encodeURIComponent(table)}?token=${encodeURIComponent(token)}` : `#/t/${encodeURIComponent(table)}`;
  }

  /** A player who accepted goes to the new table (its token sits there too). */
  followRematch(offer) {
    if (this.followed || !(offer.accepted || []).includes(this.mySeat)) return;
    this.followed = true;
    const token = this.token || store(`chupai.token.${this.id}`);
    if (token) store(`chupai.token.${offer.table}`, token);
    setTimeout(() => { location.hash = this.rematchHref(offer.table); }, 0);
  }

  // -- auto-pass --
  autoPassOn() { return store(AUTOPASS_KEY) === "1"; }

  renderAutoPass() {
    if (this.mySeat === null || this.mySeat === undefined || this.replay) return null;
    const box = h("input", { type: "checkbox", testid: "autopass", checked: this.autoPassOn() });
    box.addEventListener("change", () => {
      store(AUTOPASS_KEY, box.checked ? "1" : null);
      this.maybeAutoPass();
    });
    return h("label", { class: "autopass small", title: t("auto_pass_help") }, box, " ", t("auto_pass"));
  }

  /** The only legal action is a pass (nothing else, nothing left out of the list). */
  onlyPass() {
    const s = this.state;
    const legal = (s && s.legal) || [];
    return this.myTurn() && legal.length === 1 && legal[0].kind === "pass" && !(s.unlisted > 0);
  }

  /** With the preference on, pass as a click would, when a pass is all there is. */
  maybeAutoPass() {
    if (!this.autoPassOn() || this.replay || !this.onlyPass()) return;
    const seq = this.state.seq;
    clearTimeout(this.autoPassTimer);
    this.autoPassTimer = setTimeout(() => {
      if (!this.state || this.state.seq !== seq || this.pending || !this.autoPassOn() || !this.onlyPass()) return;
      toast(t("auto_passed"), "info");
      this.act(this.state.legal[0]);
    }, AUTOPASS_DELAY);
  }

  // -- spectators --
  renderWatching() {
    if (this.replay || this.demo || (this.mySeat !== null && this.mySeat !== undefined)) return null;
    return h("div", { class: "watching", testid: "watching" },
      h("strong", {}, t("watching")), " ", h("span", { class: "muted" }, t("watching_view")));
  }

  // -- a friend's name --
  maybeAskName() {
    const s = this.state;
    if (this.demo || this.replay || this.askedName || !s || !s.seats) return;
    const seat = s.seats[this.mySeat];
    if (!seat || seat.kind !== "human" || seat.name || store(`chupai.named.${this.id}`)) return;
    // A friend joins a table of several players; alone with bots there is nobody to tell.
    if (s.seats.filter((x) => x.kind === "human").length < 2) return;
    let created = null;
    try { created = JSON.parse(store(`chupai.created.${this.id}`) || "null"); } catch (e) { created = null; }
    if (created && created.mine === this.mySeat) return;  // the creator was asked in the lobby
    this.askedName = true;
    const input = h("input", { type: "text", maxlength: 40, testid: "name-input", value: store("chupai.name") || "",
      autocomplete: "nickname", "aria-label": t("your_name") });
    const done = (name) => {
      store(`chupai.named.${this.id}`, name ? "1" : "skip");
      if (name) {
        store("chupai.name", name);
        this.send({ type: "name", name });
      }
      closeModal(dlg);
    };
    const form = h("form", { method: "dialog" },
      h("h2", { id: "name-title" }, t("name_title")),
      h("p", { class: "muted" }, t("name_help")), input,
      h("div", { class: "dialog-foot" },
        h("button", { type: "button", testid: "name-skip", onclick: () => done("") }, t("name_skip")),
        h("button", { type: "submit", class: "primary", testid: "name-ok" }, t("name_ok"))));
    form.addEventListener("submit", (ev) => { ev.preventDefault(); done(input.value.trim()); });
    const dlg = h("dialog", { class: "dialog name-dialog", testid: "name-dialog", "aria-labelledby": "name-title" }, form);
    openModal(dlg);
    input.focus();
  }
}
