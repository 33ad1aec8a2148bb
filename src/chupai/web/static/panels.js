// The table view's side panels: the invitation links and the history.

import { t, actionLabel } from "./i18n.js";
import { cardRow, isCardToken } from "./cards.js";
import { h, store, seatName } from "./common.js";

/** Methods of TableView (table.js): invitations and history. */
export class TablePanels {
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
        lab.label ? h("span", { class: "what" }, lab.label) : (!cards.length ? h("span", { class: "what" }, ev.text) : null),
        this.timedMark(ev), this.thinkMark(ev)));
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
}
