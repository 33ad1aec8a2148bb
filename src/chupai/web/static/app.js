// The browser client of `chupai serve`: lobby, table, records and replays.
//
// A single page with hash routes (#/, #/t/ID?token=T, #/records, #/r/ID, #/demo).
// The server is the only authority: the page renders each `state` message it
// receives and sends the index of the legal entry the player picked; it never
// computes rules itself (it only compares the selected cards with the `cards` of the
// legal entries the server sent).
//
// The modules: common.js (shared helpers), lobby.js, table.js (the table view, with
// felt.js, hand.js, decisions.js, results.js and panels.js), connection.js (a table
// over a WebSocket) and records.js (records and replays).

import { t } from "./i18n.js";
import { app, current, h, parseHash, topbar, loadGames } from "./common.js";
import { LobbyPage } from "./lobby.js";
import { TableView } from "./table.js";
import { TablePage } from "./connection.js";
import { RecordsPage, ReplayPage } from "./records.js";

export { h, toast } from "./common.js";

// ---- router -------------------------------------------------------------------------------------

function route() {
  if (current.page && current.page.destroy) current.page.destroy();
  current.page = null;
  document.querySelectorAll("dialog").forEach((d) => d.remove());
  app.replaceChildren();
  const { path, query } = parseHash();
  let m;
  if (path === "/" || path === "") current.page = new LobbyPage();
  else if ((m = /^\/t\/([^/]+)$/.exec(path))) current.page = new TablePage(decodeURIComponent(m[1]), query.get("token"));
  else if (path === "/records") current.page = new RecordsPage();
  else if ((m = /^\/r\/([^/]+)$/.exec(path))) current.page = new ReplayPage(decodeURIComponent(m[1]));
  else if ((m = /^\/demo(?:\/(\d+))?$/.exec(path))) current.page = new DemoPage(m[1] ? Number(m[1]) : 0);
  else current.page = new NotFoundPage();
}

class NotFoundPage {
  constructor() { this.rerender(); }
  rerender() {
    document.title = t("app_title");
    app.replaceChildren(topbar(""), h("main", { class: "page" },
      h("p", {}, t("not_found")), h("a", { href: "#/" }, t("back_lobby"))));
  }
  destroy() {}
}

// ---- demo (no server) ----------------------------------------------------------------------------

class DemoPage {
  constructor(n) {
    this.n = n;
    this.root = h("div", { class: "table-root" });
    app.replaceChildren(this.root);
    import("./demo.js").then(({ DEMO_STATES }) => {
      this.states = DEMO_STATES;
      const st = JSON.parse(JSON.stringify(DEMO_STATES[Math.min(n, DEMO_STATES.length - 1)]));
      this.view = new TableView(this.root, {
        id: "demo", demo: true,
        send: (m) => this.fake(m),
        header: () => this.nav(),
      });
      this.view.onMessage({ type: "welcome", table: "demo", seat: st.seat, protocol: 1 });
      this.view.onMessage(st);
      loadGames().then(() => this.rerender()).catch(() => {}); // names, combinations, page data
    });
  }

  fake(m) {
    const s = this.view.state;
    if (m.type === "hint") {
      const e = (s.legal || []).find((x) => x.kind === "play") || (s.legal || [])[0];
      if (e) setTimeout(() => this.view.onMessage({ type: "hint", seq: s.seq, action: e.i, text: e.text }), 50);
    } else if (m.type === "act") {
      const e = (s.legal || []).find((x) => x.i === m.action);
      setTimeout(() => {
        this.view.onMessage({ type: "error", code: "demo", message: `demo: act ${m.action} (${e ? e.text : "?"}) seq ${m.seq}`, seq: m.seq });
      }, 50);
    }
  }

  nav() {
    return h("nav", { class: "demo-nav" }, h("span", { class: "muted" }, t("demo_note")),
      this.states.map((st, i) => h("a", { href: `#/demo/${i}`, class: "btn small-btn" + (i === this.n ? " primary" : "") }, `${i}: ${st.demo_name}`)));
  }

  rerender() { if (this.view) this.view.render(); }

  destroy() { if (this.view) this.view.destroy(); }
}

window.addEventListener("hashchange", route);
route();
