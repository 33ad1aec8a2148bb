"""The web layer: `chupai serve`, a browser table over the core (HTTP + WebSocket)."""
