"""The lobby's preset menu says how many players the table will have
(``presetLabel`` of ``chupai/web/static/tableopts.js``): the ``players`` menu's
value once one is chosen, with the preset's own number beside it, in English,
中文 and 日本語. The page module runs under Node with the few browser globals it
reads at import stubbed (skipped where Node is not installed)."""

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
const opts = await import("./tableopts.js");
const i18n = await import("./i18n.js");
const preset = { name: "standard", players: 4, options: { players: "4" } };
const out = {};
for (const lang of ["en", "zh", "ja"]) {
  i18n.setLang(lang);
  out[lang] = [{ players: "6" }, {}, { players: "4" }, { packs: "2" }].map(
    (chosen) => opts.presetLabel(preset, chosen));
}
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(NODE is None, reason="Node.js is not installed")
def test_the_preset_label_names_the_chosen_number_of_players() -> None:
    assert NODE is not None
    run = subprocess.run(
        [NODE, "--experimental-default-type=module", "--input-type=module", "-e", SCRIPT],
        cwd=STATIC,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    labels = json.loads(run.stdout)
    assert labels["en"] == [
        "standard — 6 players (the preset has 4)",
        "standard — 4 players",
        "standard — 4 players",
        "standard — 4 players",
    ]
    assert labels["zh"][:2] == ["standard — 6 人（预设为 4 人）", "standard — 4 人"]
    assert labels["ja"][:2] == ["standard — 6 人（プリセットは 4 人）", "standard — 4 人"]
