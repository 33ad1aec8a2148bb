// The table view's felt: the seats around it, the centre (phase, top play, status)
// and the bar of public and private facts.

import { t, comboName, phaseName, roleName, actionLabel, infoLabel, botLevelName, suitName, factWord } from "./i18n.js";
import { cardEl, cardBackEl, cardRow, isCardToken, normSuit, cardSVG } from "./cards.js";
import { h, BOT_NAME, seatName, botSeatName, nameEl } from "./common.js";

/** Keys whose integer value is a seat (shown as the seat's name). */
const SEAT_KEY = /(^|_)(declarer|partner|landlord|leader|bidder|drawer|dealer|player|winner|to_act|seat|exchange_with|to)$/;
const SEAT_LIST_KEYS = new Set(["finishing", "ranking", "order", "passed", "blocked", "finished", "trapped", "scorers"]);
/** Keys whose text value is a rank (drawn as a card, the digits too). */
const RANK_KEY = /^(marker|kitty|trump|\w+_level)$/;

/** Seat positions around the felt, by the number of players, for relative seats 1..n-1. */
function positions(n) {
  if (n === 2) return ["top"];
  if (n === 3) return ["right", "left"];
  if (n === 4) return ["right", "top", "left"];
  if (n === 5) return ["right", "top-right", "top-left", "left"];
  // six: a hexagon, the next seat in turn order on the right
  if (n === 6) return ["right", "top-right", "top", "top-left", "left"];
  // seven and eight: two seats up each side, two or three across the top
  if (n === 7) return ["right-low", "right", "top-right", "top-left", "left", "left-low"];
  if (n === 8) return ["right-low", "right", "top-right", "top", "top-left", "left", "left-low"];
  const out = [];
  for (let i = 1; i < n; i++) out.push("top-row");
  return out;
}


/** Methods of TableView (table.js): the felt. */
export class TableFelt {
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
    // A bot named after its level and seat is "Bot N" over its level; one named
    // after its level alone already says what it is.
    const short = this.replay ? null : botSeatName(s.seats, seat);
    const kind = short ? botLevelName(info.level)
      : this.replay || (info.kind === "bot" && BOT_NAME.test(info.name || "")) ? null
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
      nameEl(short || seatName(s.seats, seat), "seat-name"),
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
      h("div", { class: "seat-last", testid: "last" }, this.renderLast(last)),
      this.seatThink(seat, isTurn, last)),
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
      if (/^\d+$/.test(v) && RANK_KEY.test(key)) return cardRow([v], { ctx: this.ctx, tight: true });
      return h("span", { class: "info-val" }, factWord(key, v));
    }
    if (typeof v === "number") return h("span", { class: "info-val" }, String(v));
    if (Array.isArray(v)) return this.renderList(key, v);
    if (typeof v === "object") return this.renderObject(v);
    return h("span", { class: "info-val" }, String(v));
  }

  /** A fact that is a list: cards, seats, one value per seat, or values. */
  renderList(key, v) {
    const s = this.state;
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

  /** A fact that is an object: an event (a seat's declaration...), or named values. */
  renderObject(v) {
    const s = this.state;
    if (typeof v.text === "string" && Number.isInteger(v.seat)) {
      // An event: a declaration, a shown card...
      const pub = s.view.public || {};
      const lab = actionLabel(v.text, s.game, pub.phase, isCardToken);
      const cards = v.cards && v.cards.length ? v.cards : lab.cards;
      const to = Number.isInteger(v.to) ? ` → ${seatName(s.seats, v.to)}` : "";
      return h("span", { class: "info-val" }, h("span", { class: "muted" }, seatName(s.seats, v.seat) + to + ": "),
        lab.label ? lab.label + " " : "", cards.length ? cardRow(cards, { ctx: this.ctx, tight: true }) : null);
    }
    const parts = Object.entries(v).map(([k, x]) => {
      const r = this.renderValue(k, x);
      return r ? h("span", { class: "per-seat" }, h("span", { class: "muted" }, infoLabel(k) + ": "), r) : null;
    }).filter(Boolean);
    if (v.text && !parts.length) return h("span", { class: "info-val" }, v.text);
    return parts.length ? h("span", { class: "info-val" }, parts) : null;
  }
}
