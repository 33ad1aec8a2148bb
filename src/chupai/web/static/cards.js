// Card faces drawn as inline SVG (no images, no fonts to download).
//
// Tokens are the engine's: Big Two "3D" "TH" "10H" "AS"; Dou Dizhu bare ranks "3" .. "2",
// "BJ", "RJ"; Big A bare ranks plus the suited Aces ("AH": a Big Ace once the Big Ace
// suit is known). Suit symbols are paths, not text glyphs, so they look the same on
// every system whatever fonts it has.

import { cardName, getLang } from "./i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const SUIT_ORDER = "DCHS";
const RED = "#c62828";
const BLACK = "#1b1b1b";
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'DejaVu Sans', sans-serif";

const SUIT_PATHS = {
  H: "M5 9.6C5 9.6 .4 6.3 .4 3.3C.4 1.6 1.7 .4 3.1 .4C4 .4 4.7 .9 5 1.7C5.3 .9 6 .4 6.9 .4C8.3 .4 9.6 1.6 9.6 3.3C9.6 6.3 5 9.6 5 9.6Z",
  D: "M5 .2L9 5L5 9.8L1 5Z",
  S: "M5 .2C5 .2 .5 3.7 .5 6.2C.5 7.6 1.6 8.5 2.9 8.5C3.7 8.5 4.3 8.1 4.6 7.6C4.5 8.6 4.1 9.3 3.3 9.8L6.7 9.8C5.9 9.3 5.5 8.6 5.4 7.6C5.7 8.1 6.3 8.5 7.1 8.5C8.4 8.5 9.5 7.6 9.5 6.2C9.5 3.7 5 .2 5 .2Z",
  C: "M5 .3A2.3 2.3 0 0 1 6.9 3.9A2.3 2.3 0 1 1 5.7 7.5L6.5 9.8L3.5 9.8L4.3 7.5A2.3 2.3 0 1 1 3.1 3.9A2.3 2.3 0 0 1 5 .3Z",
};

/**
 * Read a token into {token, rank, suit, joker, bigAce, back}. "?" (or nothing) is a
 * face-down card; another token the page does not know is a face with the token written. `ctx` = {bigAces, phase, bigSuit}: in a game with Big Aces
 * (its `page.big_aces` in /api/games: Big A) a suited Ace is a Big Ace after the draw
 * (or when its suit is the known Big Ace suit).
 */
export function parseCard(token, ctx) {
  const tok = String(token || "").trim().toUpperCase();
  if (tok === "BJ") return { token, joker: "black" };
  if (tok === "RJ") return { token, joker: "red" };
  const m = /^(10|[2-9TJQKA])([DCHS])?$/.exec(tok);
  // A token of a game the page does not know (the generic view) is shown as written.
  if (!m) return tok && tok !== "?" ? { token, rank: String(token).trim(), suit: null } : { token, back: true };
  const rank = m[1] === "T" ? "10" : m[1];
  const suit = m[2] || null;
  let bigAce = false;
  if (ctx && ctx.bigAces && rank === "A" && suit) {
    if (ctx.bigSuit) bigAce = normSuit(ctx.bigSuit) === suit;
    else bigAce = !!ctx.phase && ctx.phase !== "draw";
  }
  return { token, rank, suit, bigAce };
}

/** A suit given as a letter, a symbol, a name or an index 0..3 (D C H S) -> letter. */
export function normSuit(s) {
  if (s === null || s === undefined) return null;
  if (typeof s === "number") return SUIT_ORDER[s] || null;
  const x = String(s).trim().toUpperCase();
  if (/^[0-3]$/.test(x)) return SUIT_ORDER[Number(x)];
  const sym = { "♦": "D", "♣": "C", "♥": "H", "♠": "S" };
  if (sym[x]) return sym[x];
  if (x.length === 1 && SUIT_ORDER.includes(x)) return x;
  const names = { DIAMONDS: "D", CLUBS: "C", HEARTS: "H", SPADES: "S", DIAMOND: "D", CLUB: "C",
    HEART: "H", SPADE: "S" };
  if (names[x]) return names[x];
  // "AH" (a card naming the suit)
  const m = /^A([DCHS])$/.exec(x);
  return m ? m[1] : null;
}

/** Is `w` a card token of any game? */
export function isCardToken(w) {
  return /^(10|[2-9TJQKA])[DCHS]?$/i.test(w) || /^(BJ|RJ)$/i.test(w);
}

/** A card token as a player reads it in a line of text: "JH" → "J♥", "TD" → "10♦",
 * a joker by its name in the page's language ("RJ" → "大王"); another word as written. */
export function cardText(token) {
  const c = parseCard(token);
  if (c.joker) return cardName(c);
  if (!c.rank) return String(token);
  return c.suit ? `${c.rank}${{ D: "♦", C: "♣", H: "♥", S: "♠" }[c.suit]}` : c.rank;
}

/** A canonical form for comparing tokens ("10h" == "TH"). */
export function canon(token) {
  return String(token).trim().toUpperCase().replace(/^10/, "T");
}

const JOKER_FACE = {
  en: { big: "BIG", small: "SMALL" },
  zh: { big: "大王", small: "小王" },
  ja: { big: "大", small: "小" },
};

/** The word printed on a joker's face: the big (red) or the small (black) one. */
export function jokerWord(big) {
  return (JOKER_FACE[getLang()] || JOKER_FACE.en)[big ? "big" : "small"];
}

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

function suitShape(parent, suit, x, y, size, color) {
  const s = size / 10;
  el("path", { d: SUIT_PATHS[suit], fill: color, transform: `translate(${x} ${y}) scale(${s})` }, parent);
}

function text(parent, str, x, y, size, color, extra) {
  const e = el("text", Object.assign({
    x, y, fill: color, "font-size": size, "font-family": FONT, "font-weight": 700,
    "text-anchor": "middle",
  }, extra || {}), parent);
  e.textContent = str;
  return e;
}

/**
 * The SVG drawing of one card (viewBox 60 x 84). `compact` draws a small card for
 * overlapping rows: a big index in the top-left corner, readable when only the left
 * strip of the card shows.
 */
export function cardSVG(c, compact) {
  const svg = el("svg", { viewBox: "0 0 60 84", "aria-hidden": "true", focusable: "false" });
  if (c.back) {
    el("rect", { x: 0.75, y: 0.75, width: 58.5, height: 82.5, rx: 5, fill: "#1d4e89", stroke: "#fff", "stroke-width": 1.5 }, svg);
    el("rect", { x: 4.5, y: 4.5, width: 51, height: 75, rx: 3, fill: "url(#card-back-pattern)", stroke: "#9cc3f0", "stroke-width": 1 }, svg);
    el("circle", { cx: 30, cy: 42, r: 9, fill: "#1d4e89", stroke: "#9cc3f0", "stroke-width": 1.2 }, svg);
    suitShape(svg, "S", 25.5, 37.5, 9, "#9cc3f0");
    return svg;
  }
  const face = el("rect", { x: 0.75, y: 0.75, width: 58.5, height: 82.5, rx: 5, fill: "#fffdf8", stroke: "#8a8a8a", "stroke-width": 1.2 }, svg);
  if (c.joker) {
    const color = c.joker === "red" ? RED : BLACK;
    const letters = "JOKER";
    if (compact) {
      for (let i = 0; i < letters.length; i++) text(svg, letters[i], 12, 15 + i * 13, 14, color);
      el("circle", { cx: 40, cy: 62, r: 9, fill: c.joker === "red" ? RED : "none", stroke: color, "stroke-width": 2 }, svg);
      return svg;
    }
    for (let i = 0; i < letters.length; i++) {
      text(svg, letters[i], 7, 12 + i * 8.2, 8, color);
      text(svg, letters[i], 53, 12 + i * 8.2, 8, color, { transform: "rotate(180 53 32)" });
    }
    // A five-pointed star with a smaller one: the big joker filled, the small one outlined.
    const star = (cx, cy, r) => {
      const pts = [];
      for (let i = 0; i < 10; i++) {
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        const rr = i % 2 === 0 ? r : r * 0.45;
        pts.push(`${(cx + rr * Math.cos(a)).toFixed(2)},${(cy + rr * Math.sin(a)).toFixed(2)}`);
      }
      return pts.join(" ");
    };
    el("polygon", {
      points: star(30, 40, 15), fill: c.joker === "red" ? RED : "none", stroke: color, "stroke-width": 2,
      "stroke-linejoin": "round",
    }, svg);
    // the joker's word in the page's language (BIG / 大王 / 大), in the page's fonts
    text(svg, jokerWord(c.joker === "red"), 30, 70, 8, color,
      { "letter-spacing": 0.5, style: "font-family: var(--font)" });
    return svg;
  }
  const suit = c.suit;
  const color = suit === "H" || suit === "D" ? RED : BLACK;
  const rank = c.rank;
  if (c.bigAce) {
    face.setAttribute("fill", "#fff5cf");
    face.setAttribute("stroke", "#c99700");
    face.setAttribute("stroke-width", 3);
  }
  if (compact) {
    const ten = rank === "10";
    text(svg, rank, ten ? 14 : 13.5, 27, ten ? 20 : 26, suit ? color : BLACK, ten ? { "letter-spacing": -2 } : {});
    if (suit) {
      suitShape(svg, suit, 5, 33, 17, color);
      suitShape(svg, suit, 30, 52, 24, color);
    } else {
      text(svg, rank, 40, 74, ten ? 20 : 24, BLACK, Object.assign({ opacity: 0.35 }, ten ? { "letter-spacing": -2 } : {}));
    }
    if (c.bigAce) text(svg, "★", 14, 68, 16, "#c99700");
    return svg;
  }
  const cornerSize = rank === "10" ? 12 : 14;
  const cornerOpts = rank === "10" ? { "letter-spacing": -1 } : {};
  // corners
  text(svg, rank, 9, 15, cornerSize, suit ? color : BLACK, cornerOpts);
  text(svg, rank, 51, 15, cornerSize, suit ? color : BLACK, Object.assign({ transform: "rotate(180 51 42)" }, cornerOpts));
  if (suit) {
    suitShape(svg, suit, 4.5, 18.5, 9, color);
    const g = el("g", { transform: "rotate(180 30 42)" }, svg);
    suitShape(g, suit, 4.5, 18.5, 9, color);
  }
  if (!suit) {
    // A bare rank (Dou Dizhu, Big A): the rank is the face.
    text(svg, rank, 30, 53, rank === "10" ? 26 : 32, BLACK, rank === "10" ? { "letter-spacing": -2 } : {});
  } else if ("JQK".includes(rank)) {
    el("rect", { x: 14, y: 16, width: 32, height: 52, rx: 3, fill: "none", stroke: color, "stroke-width": 1, opacity: 0.6 }, svg);
    text(svg, rank, 30, 45, 24, color);
    suitShape(svg, suit, 24, 50, 12, color);
  } else if (rank === "A") {
    suitShape(svg, suit, 17, 29, 26, color);
  } else {
    suitShape(svg, suit, 20, 20, 20, color);
    text(svg, rank, 30, 62, 16, color, rank === "10" ? { "letter-spacing": -1 } : {});
  }
  if (c.bigAce) {
    el("circle", { cx: 30, cy: 72, r: 7, fill: "#c99700" }, svg);
    text(svg, "★", 30, 75.5, 10, "#fff");
  }
  return svg;
}

/**
 * A card element. opts: {ctx, small, button, testid, selected, dim}. A button card is
 * focusable and toggled by its owner; a plain card is an image with an accessible name.
 */
export function cardEl(token, opts) {
  const o = opts || {};
  const c = parseCard(token, o.ctx);
  const e = document.createElement(o.button ? "button" : "span");
  e.className = "card" + (o.small ? " small" : "") + (c.bigAce ? " big-ace" : "");
  if (o.button) {
    e.type = "button";
    e.setAttribute("aria-pressed", o.selected ? "true" : "false");
  } else {
    e.setAttribute("role", "img");
  }
  e.setAttribute("aria-label", cardName(c));
  e.title = cardName(c);
  e.dataset.card = String(token);
  if (o.testid) e.dataset.testid = o.testid;
  const inner = document.createElement("span");
  inner.className = "card-face";
  inner.appendChild(cardSVG(c, !!o.small));
  e.appendChild(inner);
  return e;
}

/** A face-down card, with the count written on it when given. */
export function cardBackEl(count, label) {
  const e = document.createElement("span");
  e.className = "card back small";
  e.setAttribute("role", "img");
  if (label) e.setAttribute("aria-label", label);
  const inner = document.createElement("span");
  inner.className = "card-face";
  inner.appendChild(cardSVG({ back: true }));
  e.appendChild(inner);
  if (count !== undefined && count !== null) {
    const n = document.createElement("span");
    n.className = "count";
    n.textContent = String(count);
    e.appendChild(n);
  }
  return e;
}

/** A row of small, overlapping cards (a play, a kitty, a revealed hand). */
export function cardRow(tokens, opts) {
  const o = opts || {};
  const row = document.createElement("span");
  row.className = "card-row" + (o.tight ? " tight" : "") + (o.wrap ? " wrap" : "");
  for (const tok of tokens || []) row.appendChild(cardEl(tok, { ctx: o.ctx, small: true }));
  return row;
}
