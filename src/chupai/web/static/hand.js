// The table view's hand: the cards, their layout, the selection and the keyboard.

import { t, roleName, getLang } from "./i18n.js";
import { cardEl, canon } from "./cards.js";
import { h, seatName } from "./common.js";

/** The cards as a multiset: the same key in any order. */
export function msKey(tokens) {
  return (tokens || []).map(canon).sort().join(" ");
}

/** Methods of TableView (table.js): the hand, the selection and the keyboard. */
export class TableHand {
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

  /** The legal entries whose cards are the selection. A state that leaves plays
   * out of its list (`unlisted`: a hand with thousands of plays) is answered, for a
   * selection no listed play matches, with the play of the selected cards by text:
   * the server judges it. */
  matching(pred) {
    if (!this.selected.size) return [];
    const sel = this.selectedCards();
    const key = msKey(sel);
    const legal = this.state.legal || [];
    const found = legal.filter((e) => pred(e) && e.cards && e.cards.length && msKey(e.cards) === key);
    // (plays are left out only past the listed ones: no listed play, none left out)
    if (found.length || !(this.state.unlisted > 0) || !legal.some((e) => e.kind === "play")) return found;
    const byText = { i: null, text: sel.join(" "), kind: "play", cards: sel, type: null };
    return pred(byText) ? [byText] : [];
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
      if (playable) { e.preventDefault(); this.play(); } else if (this.myTurn() && this.selected.size && this.checkQuery()) {
        // an illegal selection: say why, and keep it
        e.preventDefault(); this.showCheck(true);
      } else if (onCard) {
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
      h("button", { type: "button", testid: "hint", onclick: () => this.hint() }, t("hint")),
      // a practice table (one human, the rest bots): the evaluator's win chances
      s.practice ? h("button", { type: "button", testid: "win-hint", title: t("win_hint_title"), onclick: () => this.winHint() }, t("win_hint")) : null));
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
    box.append(h("div", { class: "sel-check small", testid: "selection-check", role: "status", "aria-live": "polite", hidden: true }));
    box.append(h("div", { class: "turn-guide small", testid: "turn-guide", role: "status", hidden: true }));
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

  // -- what the selection is, or why it is illegal (the server's `check`) --

  /** The action the selection would be, as the server reads text: the cards of a
   * play, or a decision's word and the cards (the first group of card decisions
   * whose cards are in the hand); null when there is nothing to ask about. */
  checkQuery() {
    const s = this.state;
    if (!s || !this.selected.size) return null;
    const sel = this.selectedCards();
    const legal = s.legal || [];
    if (legal.some((e) => e.kind === "play")) return sel.join(" ");
    const withCards = legal.filter((e) => e.kind === "choice" && e.cards && e.cards.length && this.inHand(e.cards));
    if (!withCards.length) return null;
    const head = String(withCards[0].text).trim().split(/\s+/)[0];
    return `${head} ${sel.join(" ")}`;
  }

  /** Ask the server about the selection (once per state, language and selection)
   * and show what is known of it now. */
  updateCheck() {
    const query = this.myTurn() && !this.replay ? this.checkQuery() : null;
    const key = query === null ? null : `${this.state.seq}|${getLang()}|${query}`;
    if (key !== null && key !== this.checkKey && this.conn === "connected" && !this.demo) {
      this.checkKey = key;
      this.checkOut = Date.now();
      this.send({ type: "check", seq: this.state.seq, text: query, lang: getLang() });
    }
    if (key === null) this.checkKey = null;
    this.showCheck(false);
    this.showGuide();
  }

  /** With nothing selected on the seat's turn to play, say what can be done, so a
   * grey button is never unexplained: a lead (Pass grey), a trick to beat or pass,
   * or nothing that beats it (every card dim, Play grey). The buttons' titles say
   * it too. */
  showGuide() {
    const line = this.root.querySelector("[data-testid=turn-guide]");
    if (!line) return;
    const legal = (this.state && this.state.legal) || [];
    const plays = legal.some((e) => e.kind === "play") || (this.state && this.state.unlisted > 0);
    const canPass = legal.some((e) => e.kind === "pass");
    const deciding = legal.some((e) => e.kind === "choice");
    const key = !this.myTurn() || this.replay || this.selected.size || deciding ? null
      : plays && !canPass ? "guide_lead" : plays ? "guide_beat" : canPass ? "guide_pass_only" : null;
    line.hidden = key === null;
    line.dataset.guide = key || "";
    line.textContent = key ? t(key) : "";
    const play = this.root.querySelector("[data-testid=play]");
    const pass = this.root.querySelector("[data-testid=pass]");
    if (play) play.title = key && play.disabled && !this.selected.size ? t(key) : "";
    if (pass) pass.title = key === "guide_lead" ? t(key) : "";
  }

  /** A `check` answer: kept when it is about the selection and language shown now. */
  applyCheck(msg) {
    this.checkOut = null;
    if (!this.state || msg.seq !== this.state.seq) return;
    this.checks = this.checks || new Map();
    this.checks.set(`${msg.seq}|${msg.lang}|${msg.query}`, msg);
    if (this.checks.size > 64) this.checks.delete(this.checks.keys().next().value);
    this.showCheck(false);
  }

  /** Fill the line under the hand: the selection's description when legal, the
   * reason when not (`flash`: Enter was pressed on it). */
  showCheck(flash) {
    const line = this.root.querySelector("[data-testid=selection-check]");
    if (!line) return;
    const answer = this.checkKey && this.checks ? this.checks.get(this.checkKey) : null;
    if (!answer) { line.hidden = true; line.replaceChildren(); return; }
    line.hidden = false;
    line.dataset.legal = answer.legal ? "true" : "false";
    // (inline: light enough on the felt's dark green; the stylesheet may restyle it)
    line.style.color = answer.legal ? "#c8e6c9" : "#ffb4a8";
    line.style.textAlign = "center";
    line.replaceChildren(answer.legal ? `✓ ${answer.text}` : `✗ ${answer.reason}`);
    if (flash) {
      line.animate && line.animate([{ opacity: 0.2 }, { opacity: 1 }], { duration: 400 });
      line.focus && line.setAttribute("tabindex", "-1");
    }
  }

  renderHandSelection() {
    const cards = [...this.root.querySelectorAll("[data-testid=hand] [data-testid=card]")];
    cards.forEach((c, i) => {
      const on = this.selected.has(i);
      c.classList.toggle("selected", on);
      c.setAttribute("aria-pressed", on ? "true" : "false");
    });
  }
}
