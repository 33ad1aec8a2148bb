"""Help screens and ``chupai rules`` wrap a meaning by its width on the screen
(:mod:`chupai.cli.wrap`): a run of 中文 or 日本語 has no spaces, so it breaks beside
its characters (never before closing punctuation), and only a latin word longer
than the whole cell is cut."""

from __future__ import annotations

from hypothesis import given, strategies as st
from rich.cells import cell_len

from chupai.cli.wrap import wrap_cells

WORDS = st.sampled_from(
    ["A", "pass", "straight", "明牌", "を1枚見せる：", "（まだ誰も）", "、", "宣言者になり"]
)


@given(words=st.lists(WORDS, min_size=1, max_size=12), width=st.integers(8, 40))
def test_every_line_fits_and_nothing_is_lost(words: list[str], width: int) -> None:
    text = " ".join(words)
    lines = wrap_cells(text, width)
    assert all(cell_len(line) <= width for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def test_a_cjk_run_fills_the_line_instead_of_starting_a_new_one() -> None:
    meaning = "A を1枚見せる：あなたが宣言者になり、そのスートが大Aのスートに（まだ誰も宣言していない時だけ）"
    lines = wrap_cells(meaning, 70)
    assert lines[0].startswith("A を1枚見せる") and len(lines) == 2
    assert cell_len(lines[0]) >= 66  # not "A" alone on its line
    assert not lines[1].startswith(("、", "）", "。"))
    assert wrap_cells("列出（pair、straight……）", 14) == ["列出（pair、", "straight……）"]
