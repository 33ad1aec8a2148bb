// The table page: a table view over a WebSocket, which reconnects with a backoff.

import { t } from "./i18n.js";
import { app, h, store, toast, loadGames } from "./common.js";
import { TableView } from "./table.js";

export class TablePage {
  constructor(id, token) {
    this.id = id;
    this.token = token || null;
    this.backoff = 500;
    this.closed = false;
    this.ws = null;
    this.root = h("div", { class: "table-root" });
    app.replaceChildren(this.root);
    this.view = new TableView(this.root, { id, token: this.token, send: (m) => this.send(m) });
    this.connect();
    this.ping = setInterval(() => this.send({ type: "ping" }, true), 25000);
    loadGames().then(() => this.view.render()).catch(() => {});
  }

  connect() {
    if (this.closed) return;
    const url = `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/ws`;
    let ws;
    try { ws = new WebSocket(url); } catch (e) { this.retry(); return; }
    this.ws = ws;
    ws.onopen = () => {
      const join = { type: "join", table: this.id };
      if (this.token) join.token = this.token;
      ws.send(JSON.stringify(join));
    };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      if (msg.type === "welcome") {
        this.backoff = 500;
        // Remember a seat link that works, so the lobby can offer to resume.
        if (this.token && msg.seat !== null && msg.seat !== undefined) store(`chupai.token.${this.id}`, this.token);
      }
      if (msg.type === "error" && (msg.code === "bad_token" || msg.code === "unknown_table")) this.stop = true;
      this.view.onMessage(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.closed || this.stop) return;
      this.retry();
    };
    ws.onerror = () => { /* onclose follows */ };
  }

  retry() {
    this.view.setConn("reconnecting");
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), this.backoff);
    this.backoff = Math.min(10000, this.backoff * 2);
  }

  send(msg, quiet) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
    } else if (!quiet) {
      this.view.pending = false;
      toast(t("reconnecting"));
    }
  }

  rerender() { this.view.render(); }

  destroy() {
    this.closed = true;
    clearInterval(this.ping);
    clearTimeout(this.retryTimer);
    if (this.ws) { const ws = this.ws; this.ws = null; ws.close(); }
    this.view.destroy();
  }
}
