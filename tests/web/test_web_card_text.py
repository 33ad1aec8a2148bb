"""Card tokens in a line of the page's text (the replay's "Seat 1: J♥ J♦"), by
``cardText`` of ``chupai/web/static/cards.js``: rank and suit symbol, a joker by
its name in the page's language, never the engine's letters ("JH", "RJ"). The
module runs under Node with the few browser globals it reads stubbed (skipped
where Node is not installed)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "src" / "chupai" / "web" / "static"
NODE = shutil.which("node")

SCRIPT = """
globalThis.document = { getElementById: () => null, documentElement: {} };
globalThis.localStorage = { getItem: () => null, setItem() {}, removeItem() {} };
globalThis.navigator = { language: "en" };
const cards = await import("./cards.js");
const i18n = await import("./i18n.js");
const out = {};
for (const lang of ["en", "zh", "ja"]) {
  i18n.setLang(lang);
  out[lang] = ["JH", "TD", "10s", "A", "RJ", "BJ", "last"].map((x) => cards.cardText(x));
}
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(NODE is None, reason="Node.js is not installed")
def test_card_tokens_read_as_cards_in_each_language() -> None:
    assert NODE is not None
    run = subprocess.run(
        [NODE, "--experimental-default-type=module", "--input-type=module", "-e", SCRIPT],
        cwd=STATIC,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    out = json.loads(run.stdout)
    assert out["en"] == ["J♥", "10♦", "10♠", "A", "Red Joker (big)", "Black Joker (small)", "last"]
    assert out["zh"][4:6] == ["大王", "小王"]
    assert out["ja"][:3] == ["J♥", "10♦", "10♠"] and out["ja"][4].startswith("ジョーカー")
