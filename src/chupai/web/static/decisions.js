// The table view's decisions: the action buttons, the panel of a decision (bids,
// exchanges, declarations...) with its prompt, and the dialog that asks which reading
// of the selected cards is meant.

import { t, comboName, actionLabel } from "./i18n.js";
import { cardRow, canon, isCardToken } from "./cards.js";
import { h, openModal, closeModal, seatName, gameInfo, pageData } from "./common.js";
import { msKey } from "./hand.js";

/** A decision's first word, in lower case ("give 3H" → "give"). */
function headWord(e) {
  return String(e.text).trim().split(/\s+/)[0].toLowerCase();
}

/** The decisions by their first word, in order. */
function groupByWord(entries) {
  const groups = new Map();
  for (const e of entries) {
    const head = headWord(e);
    if (!groups.has(head)) groups.set(head, []);
    groups.get(head).push(e);
  }
  return groups;
}

/** Methods of TableView (table.js): the decisions. */
export class TableDecisions {
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
      const winBtn = this.root.querySelector("[data-testid=win-hint]");
      if (winBtn) {
        winBtn.disabled = !mine || this.pending || this.evaluating === s.seq;
        winBtn.textContent = this.evaluating === s.seq ? t("win_hint_busy") : t("win_hint");
      }
      const sel = this.selectedCards();
      playBtn.textContent = t("play");
      playBtn.setAttribute("aria-label", sel.length ? `${t("play")} ${sel.join(" ")}` : t("play"));
    }
    // Dim the cards that are in no legal play (or card choice) when it is our turn.
    const handCards = [...this.root.querySelectorAll("[data-testid=hand] [data-testid=card]")];
    // (Choices naming cards that are not all in the hand, offered or asked for, are
    // picked by buttons, as renderChoices shows them: they dim nothing.)
    const picked = new Set();
    for (const entries of groupByWord(legal.filter((e) => e.kind === "choice" && e.cards && e.cards.length)).values()) {
      if (!entries.every((e) => this.inHand(e.cards))) entries.forEach((e) => picked.add(e.i));
    }
    const cardEntries = legal.filter((e) => (e.kind === "play" || e.kind === "choice") && e.cards && e.cards.length
      && !picked.has(e.i));
    const usable = new Set(cardEntries.flatMap((e) => e.cards.map(canon)));
    // Only a pass is possible: every card is out of play. (Not when plays are left
    // out of the list: a card may be in one of those.)
    const dimming = mine && !(s.unlisted > 0) && (cardEntries.length > 0 || (!!passE && !choices.length && pub.phase === "play"));
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
    this.updateCheck();
  }

  /** Fill the decision panel: a button per decision, a picker per group of cards to
   * name, and for the groups of cards in the hand a confirm button of the selection. */
  renderChoices(choices, passE) {
    const panel = this.root.querySelector("[data-testid=choices]");
    if (!panel) return;
    if (!choices.length) { panel.hidden = true; panel.replaceChildren(); return; }
    const s = this.state;
    panel.hidden = false;
    const plain = choices.filter((e) => !e.cards || !e.cards.length);
    const withCards = choices.filter((e) => e.cards && e.cards.length);
    const prompt = this.promptFor(choices);
    const parts = [h("div", { class: "choices-title" }, t("choose")),
      prompt ? h("p", { class: "choices-prompt", testid: "prompt" }, prompt) : null].filter(Boolean);
    const row = h("div", { class: "choice-row" });
    for (const e of plain) row.append(this.choiceButton(e));
    if (passE && !plain.some((e) => e.i === passE.i) && !(s.legal || []).some((e) => e.kind === "play")) {
      row.append(this.choiceButton(passE));
    }
    // A group whose cards are not all in the hand (naming a card to ask for) cannot be
    // picked in the hand: its entries are buttons, however many.
    const pickers = [];
    const selectable = [];
    for (const [head, entries] of groupByWord(withCards)) {
      if (!entries.every((e) => this.inHand(e.cards))) {
        pickers.push(this.choicePicker(head, entries));
        continue;
      }
      if (withCards.length <= 12) for (const e of entries) row.append(this.choiceButton(e));
      selectable.push([head, entries]);
    }
    if (row.children.length) parts.push(row);
    parts.push(...pickers);
    if (selectable.length && (withCards.length > 12 || this.selected.size > 0)) parts.push(this.confirmRow(selectable));
    panel.replaceChildren(...parts);
  }

  /** Whether every card of `cards` is in the hand (as many times as it is named). */
  inHand(cards) {
    const left = this.hand.map(canon);
    return cards.every((c) => { const k = left.indexOf(canon(c)); if (k < 0) return false; left.splice(k, 1); return true; });
  }

  /** A decision's word as the page says it ("show" → "Show"). */
  wordLabel(head) {
    const pub = this.state.view.public || {};
    return actionLabel(head, this.state.game, pub.phase, isCardToken).label || head;
  }

  /** The button of one decision: its words, then its cards; or the pass of a decision
   * phase (no play on offer), by its word alone. */
  choiceButton(e) {
    const pub = this.state.view.public || {};
    const lab = actionLabel(e.text, this.state.game, pub.phase, isCardToken);
    const pass = e.kind === "pass";
    return h("button", {
      type: "button", class: "choice-btn" + (this.hinted === e.i ? " hinted" : ""), testid: "choice",
      dataset: { text: e.text, i: String(e.i) }, disabled: this.pending,
      onclick: () => this.act(e),
    }, pass ? lab.label || t("pass") : lab.label || e.text,
    !pass && lab.cards.length ? cardRow(lab.cards, { ctx: this.ctx, tight: true }) : null);
  }

  /** A group of decisions that name cards not in the hand: a card button each. */
  choicePicker(head, entries) {
    return h("div", { class: "choice-group", dataset: { word: head } },
      h("div", { class: "small muted" }, this.wordLabel(head)),
      h("div", { class: "choice-row picker" }, entries.map((e) => h("button", {
        type: "button", class: "choice-btn card-choice" + (this.hinted === e.i ? " hinted" : ""), testid: "choice",
        dataset: { text: e.text, i: String(e.i) }, disabled: this.pending, "aria-label": e.text,
        onclick: () => this.act(e),
      }, cardRow(e.cards, { ctx: this.ctx, tight: true })))));
  }

  /** For each group of decisions made of cards in the hand: a button that takes the
   * decision of the selected cards (or asks which one, when several match). */
  confirmRow(selectable) {
    const s = this.state;
    const sel = this.selectedCards();
    const key = msKey(sel);
    const confirmRow = h("div", { class: "choice-row confirm-row" },
      h("span", { class: "muted small" }, t("select_then")));
    for (const [head, entries] of selectable) {
      let matches = sel.length ? entries.filter((e) => msKey(e.cards) === key) : [];
      // a state that leaves card choices out of its list: the selection, by its text
      if (!matches.length && sel.length && s.unlisted > 0) {
        matches = [{ i: null, text: `${head} ${sel.join(" ")}`, kind: "choice", cards: sel, type: null }];
      }
      confirmRow.append(h("button", {
        type: "button", class: "primary choice-btn", testid: "choice-confirm", dataset: { word: head },
        disabled: !matches.length || this.pending,
        onclick: () => { if (matches.length === 1) this.act(matches[0]); else if (matches.length) this.askReading(matches); },
      }, `${this.wordLabel(head)}: `, sel.length ? cardRow(sel, { ctx: this.ctx, tight: true }) : t("selected_none")));
    }
    return confirmRow;
  }

  /** A sentence that says what the decision on offer is about (null: none known). */
  promptFor(choices) {
    const s = this.state;
    const pub = s.view.public || {};
    const priv = s.view.private || {};
    const heads = new Set(choices.map(headWord));
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
}
