// The table view's results: the dialog of a finished deal, the match-over panel and
// the score table.

import { t, roleName, infoLabel, sideName, getLang } from "./i18n.js";
import { cardRow } from "./cards.js";
import { h, openModal, closeModal, seatName, seatShortName, nameEl } from "./common.js";

/** Methods of TableView (table.js): the deal's outcome, the match's end, the scores. */
export class TableResults {
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
      this.renderExplained(),
      over ? null : this.renderBetween("dialog"),
      h("div", { class: "dialog-foot" },
        h("button", {
          type: "button", class: "primary", testid: "next",
          onclick: () => { closeModal(dlg); this.continueDeal(); },
        }, over ? t("close") : t("next_deal"))));
    // Closing the dialog another way (Escape) also says the player has read it.
    if (!over) dlg.addEventListener("close", () => this.continueDeal());
    openModal(dlg);
  }

  /** Where the points of the last finished deal came from, in words, in the page's
   * language (the server renders them; each {seatN} becomes the seat's name). */
  renderExplained() {
    const s = this.state;
    const byLang = (s.match && s.match.explained) || {};
    const lines = byLang[getLang()] || byLang.en || [];
    if (!lines.length) return null;
    const named = (line) => line.replace(/\{seat(\d+)\}/g, (_, i) => seatName(s.seats, Number(i)));
    return h("section", { class: "explained", testid: "explained" },
      h("h3", {}, t("score_explained")),
      h("ul", {}, lines.map((line) => h("li", {}, named(line)))));
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
        h("a", { class: "btn", href: "#/" }, t("back_lobby"))),
      this.renderRematch());
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
      // A column a seat, its short name (a bot without its level) on at most two lines
      // (its end kept: nameEl; the whole name is the title); a
      // deal's note (landlord, side, stake) on a line of its own under the deal's scores,
      // so the sheet is as wide as its panel however many seats and whatever the language.
      h("thead", {}, h("tr", {}, h("th", { class: "deal-col" }, t("deal_col")),
        Array.from({ length: n }, (_, i) => h("th", { class: i === this.mySeat ? "me" : null },
          nameEl(seatShortName(s.seats, i), "two-lines", seatName(s.seats, i)))))),
      h("tbody", {}, rows.map((row) => {
        const note = extras(row);
        return [h("tr", { class: note ? "has-note" : null },
          h("td", { class: "deal-col" }, row.redeal ? t("redeal") : String(row.deal ?? "")),
          Array.from({ length: n }, (_, i) => {
            const v = row.scores ? row.scores[i] : null;
            return h("td", { class: "num " + (v > 0 ? "pos" : v < 0 ? "neg" : "") + (i === this.mySeat ? " me" : "") },
              v === null || v === undefined ? "" : (v > 0 ? "+" : "") + v);
          })),
        note ? h("tr", { class: "note-row" }, h("td", { colspan: n + 1, class: "small muted" }, note)) : null];
      })),
      h("tfoot", {}, h("tr", {}, h("th", { class: "deal-col" }, t("total")),
        Array.from({ length: n }, (_, i) => {
          const v = (s.match.totals || [])[i];
          return h("th", { class: "num" + (i === this.mySeat ? " me" : "") }, v === undefined ? "" : String(v));
        }))));
    return h("details", { class: "panel scores-panel", open: true },
      h("summary", {}, t("scores"), " ", h("span", { class: "muted small" }, t("deal_k_of_n", { k: s.match.deal, n: s.match.deals }))),
      h("div", { class: "table-scroll" }, table));
  }
}
