"""Every text of the 大怪路子 terminal game (:mod:`.play`, :mod:`.replay`) in
English, 中文 and 日本語.

:data:`WORDS` maps a key to its template in each language (``str.format`` fields
such as ``{who}``); a sentence whose English verb agrees with its subject has a
second English form, ``you``, used when the subject is the human (``You pass`` /
``Seat 3 passes``). :class:`Words` looks them up for one language (seats are
named as on the web table: 座位 3, 席 3); input stays in English (card tokens,
``pass``, ``hint``...) whatever the language.

>>> Words("zh")("team", team="A")
'A队'
>>> Words("en")("passes", who="You", you=True), Words("en")("passes", who="Seat 3")
('You pass', 'Seat 3 passes')
>>> Words("ja")("seat", n=3)
'席 3'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

__all__ = ["WORDS", "LANGS", "Words", "missing_keys"]

LANGS: Final = ("en", "zh", "ja")
"""The languages of the game's texts."""

WORDS: Final[Mapping[str, Mapping[str, str]]] = {
    # ----- seats, teams, roles ----------------------------------------------------------
    "you": {"en": "You", "zh": "你", "ja": "あなた"},
    "you_low": {"en": "you", "zh": "你", "ja": "あなた"},
    "seat": {"en": "Seat {n}", "zh": "座位 {n}", "ja": "席 {n}"},
    "team": {"en": "team {team}", "zh": "{team}队", "ja": "チーム{team}"},
    "Team": {"en": "Team {team}", "zh": "{team}队", "ja": "チーム{team}"},
    "leader_mark": {"en": " (offense leader)", "zh": "（庄家）", "ja": "（親）"},
    "and": {"en": " and ", "zh": "、", "ja": "、"},
    "nobody": {"en": "nobody", "zh": "无", "ja": "なし"},
    # ----- intro and status ---------------------------------------------------------------
    "rules": {"en": "Rules: {spec}", "zh": "规则：{spec}", "ja": "ルール：{spec}"},
    "seed": {"en": "Seed {seed}", "zh": "种子 {seed}", "ja": "シード {seed}"},
    "random_seed": {
        "en": " (random: replay it with --seed {seed})",
        "zh": "（随机：用 --seed {seed} 重玩）",
        "ja": "（ランダム：--seed {seed} で再現）",
    },
    "seated": {
        "en": "You are Seat {seat}, team {team}. Bots: {bots}.",
        "zh": "你是座位 {seat}，{team}队。电脑：{bots}。",
        "ja": "あなたは席 {seat}、チーム{team}です。ボット：{bots}。",
    },
    "teams": {
        "en": "Teams: A = seats 0, 2, 4; B = seats 1, 3, 5 (team-mates never sit side by side).",
        "zh": "分队：A队 = 座位 0、2、4；B队 = 座位 1、3、5（队友不相邻）。",
        "ja": "チーム：A = 席0・2・4、B = 席1・3・5（味方は隣り合わない）。",
    },
    "help_note": {
        "en": "Type 'help' for the commands.",
        "zh": "输入 help 查看命令。",
        "ja": "help でコマンド一覧。",
    },
    "deal_label": {"en": "Deal {n}", "zh": "第{n}局", "ja": "第{n}ディール"},
    "deal_of": {
        "en": "Deal {n} of {total}",
        "zh": "第{n}局（共{total}局）",
        "ja": "第{n}ディール（全{total}）",
    },
    "offense_is": {
        "en": "Offense: {team} (leader {who})",
        "zh": "庄家方：{team}（庄家 {who}）",
        "ja": "攻撃側：{team}（親 {who}）",
    },
    "levels": {
        "en": "Levels: A {a}, B {b}",
        "zh": "级：A队 {a}，B队 {b}",
        "ja": "レベル：A {a}、B {b}",
    },
    "points": {
        "en": "Points: A {a}, B {b}",
        "zh": "分：A队 {a}，B队 {b}",
        "ja": "得点：A {a}、B {b}",
    },
    "trumps": {"en": "Trumps: the {rank}s", "zh": "主牌：{rank}", "ja": "切り札：{rank}"},
    "no_trumps": {"en": "No trumps", "zh": "无主牌", "ja": "切り札なし"},
    "order": {
        "en": "Card order (low to high): {order}",
        "zh": "单张大小（小→大）：{order}",
        "ja": "カードの強さ（弱→強）：{order}",
    },
    # ----- the table ----------------------------------------------------------------------
    "col_seat": {"en": "Seat", "zh": "座位", "ja": "席"},
    "col_team": {"en": "Team", "zh": "队", "ja": "チーム"},
    "col_cards": {"en": "Cards", "zh": "张数", "ja": "枚数"},
    "col_trick": {"en": "This trick", "zh": "本轮", "ja": "この回"},
    "col_place": {"en": "Place", "zh": "名次", "ja": "順位"},
    "col_score": {"en": "Score", "zh": "得分", "ja": "得点"},
    "col_left": {"en": "Cards left", "zh": "剩余手牌", "ja": "残り札"},
    "col_deal": {"en": "Deal", "zh": "局", "ja": "ディール"},
    "col_offense": {"en": "Offense", "zh": "庄家方", "ja": "攻撃側"},
    "col_trumps": {"en": "Trumps", "zh": "主", "ja": "切り札"},
    "col_result": {"en": "Result", "zh": "结果", "ja": "結果"},
    "out_nth": {"en": "out {nth}", "zh": "第{n}个出完", "ja": "{n}番上がり"},
    "on_table": {"en": "On the table: ", "zh": "桌上：", "ja": "場："},
    "by": {"en": "  by {who}", "zh": "（{who}）", "ja": "（{who}）"},
    "nothing_lead": {
        "en": "On the table: nothing — you lead a new trick",
        "zh": "桌上：无 — 你领出新一轮",
        "ja": "場：なし — あなたが新しい回をリード",
    },
    "your_hand": {
        "en": "Your hand ({n}):",
        "zh": "你的手牌（{n}张）：",
        "ja": "あなたの手札（{n}枚）：",
    },
    # ----- the turn -------------------------------------------------------------------------
    "your_turn": {"en": "Your turn: ", "zh": "轮到你：", "ja": "あなたの番："},
    "lead_any": {
        "en": "lead any play (1, 2, 3 or 5 cards)",
        "zh": "任意出牌（1、2、3或5张）",
        "ja": "好きな役をリード（1・2・3・5枚）",
    },
    "beat_or_pass": {
        "en": "beat {top} or pass",
        "zh": "大过 {top} 或过",
        "ja": "{top} より強く出すかパス",
    },
    "cannot_beat": {
        "en": " — nothing in your hand beats it",
        "zh": " — 你没有能大过的牌",
        "ja": " — 手札に勝てる札はありません",
    },
    "tail": {
        "en": "  (hint, help, quit)",
        "zh": "  （hint 提示、help 帮助、quit 退出）",  # as every game's prompt says it
        "ja": "  （hint ヒント、help ヘルプ、quit 終了）",
    },
    "tribute_turn": {
        "en": "Tribute: you were trapped, so give one of your highest cards ({cards}) to "
        "the winners. Type the card or its index.",
        "zh": "进贡：你上局被关，须交出一张最大的牌（{cards}）给赢家。输入牌或其序号。",
        "ja": "貢ぎ：前のディールで取り残されたので、最も強いカード（{cards}）を1枚勝者に渡します。"
        "カードか番号を入力。",
    },
    "return_turn": {
        "en": "Return: {who} gave you {card}; give one card of your choice back to "
        "{who}. Type a card or its index.",
        "zh": "还贡：{who}给了你 {card}；任选一张牌还给{who}。输入牌或其序号。",
        "ja": "返し：{who}から {card} を受け取りました。好きなカードを1枚{who}に返します。"
        "カードか番号を入力。",
    },
    "offer_turn": {
        "en": "Return: {who} gave you {card}; offer {n} cards of different ranks to {who}, "
        "who takes one. Type the cards or their indexes.",
        "zh": "还贡：{who}给了你 {card}；拿出{n}张不同点数的牌让{who}挑一张。输入牌或其序号。",
        "ja": "返し：{who}から {card} を受け取りました。ランクの違うカードを{n}枚差し出し、"
        "{who}が1枚選びます。カードか番号を入力。",
    },
    "take_turn": {
        "en": "Return: {who} offers you {cards}; take one. Type the card.",
        "zh": "还贡：{who}拿出 {cards}；挑一张。输入牌。",
        "ja": "返し：{who}が {cards} を差し出しました。1枚選んでください。",
    },
    "decide": {"en": "Your decision: ", "zh": "你的决定：", "ja": "あなたの決定："},
    # ----- moves ----------------------------------------------------------------------------
    "plays": {
        "en": "{who} plays {what}",
        "you": "{who} play {what}",
        "zh": "{who}出 {what}",
        "ja": "{who}：{what}",
    },
    "leads": {
        "en": "{who} leads {what}",
        "you": "{who} lead {what}",
        "zh": "{who}领出 {what}",
        "ja": "{who}のリード：{what}",
    },
    "passes": {"en": "{who} passes", "you": "{who} pass", "zh": "{who}过", "ja": "{who}：パス"},
    "pass": {"en": "pass", "zh": "过", "ja": "パス"},
    "gift_tribute": {"en": "tribute", "zh": "进贡", "ja": "貢ぎ"},
    "gift_return": {"en": "return", "zh": "还贡", "ja": "返し"},
    "gift_offer": {"en": "offer", "zh": "拿出", "ja": "差し出し"},
    "gift_take": {"en": "take", "zh": "挑选", "ja": "選ぶ"},
    "out_now": {"en": "  — out {nth}!", "zh": "  — 第{n}个出完！", "ja": "  — {n}番に上がり！"},
    "left_warn": {"en": "  — {n} card{s} left!", "zh": "  — 剩{n}张！", "ja": "  — 残り{n}枚！"},
    "trick_won": {
        "en": "  {who} won the trick and {leads}.",
        "zh": "  {who}赢得本轮，领出。",
        "ja": "  {who}がこの回を取り、リードします。",
    },
    "trick_over": {
        "en": "  Trick over; {who} {leads}.",
        "zh": "  本轮结束；{who}领出。",
        "ja": "  回の終わり。{who}がリードします。",
    },
    "lead_passes_on": {
        "en": "  {out} went out with the top play; the lead passes to {who}.",
        "zh": "  {out}以最大牌出完；由{who}领出。",
        "ja": "  {out}が場の最強札で上がったので、{who}がリードします。",
    },
    "gives_tribute": {
        "en": "  {who} {gives} tribute {card} to {to}",
        "zh": "  {who}进贡 {card} 给{to}",
        "ja": "  {who}が{to}に {card} を貢ぎます",
    },
    "gives_return": {
        "en": "  {who} {returns} {card} to {to}",
        "zh": "  {who}还 {card} 给{to}",
        "ja": "  {who}が{to}に {card} を返します",
    },
    "gives_return_hidden": {
        "en": "  {who} {returns} a card to {to} (face down)",
        "zh": "  {who}还一张牌给{to}（暗）",
        "ja": "  {who}が{to}にカードを1枚返します（伏せて）",
    },
    "takes": {
        "en": "  {who} {takes} {card} from the cards {to} offered",
        "zh": "  {who}从{to}拿出的牌中挑了 {card}",
        "ja": "  {who}が{to}の差し出したカードから {card} を取ります",
    },
    "takes_hidden": {
        "en": "  {who} {takes} one of the cards {to} offered",
        "zh": "  {who}从{to}拿出的牌中挑了一张",
        "ja": "  {who}が{to}の差し出したカードから1枚取ります",
    },
    "offers": {
        "en": "  {who} {offers} {cards} to {to}",
        "zh": "  {who}拿出 {cards} 给{to}挑",
        "ja": "  {who}が{to}に {cards} を差し出します",
    },
    "offers_hidden": {
        "en": "  {who} {offers} cards to {to} (face down)",
        "zh": "  {who}拿出几张牌给{to}挑（暗）",
        "ja": "  {who}が{to}にカードを差し出します（伏せて）",
    },
    "tribute_phase": {
        "en": "Tribute: the players trapped last deal each give one of their highest cards.",
        "zh": "进贡：上局被关的玩家各交出一张最大的牌。",
        "ja": "貢ぎ：前のディールで取り残された人が最も強いカードを1枚ずつ渡します。",
    },
    "play_starts": {
        "en": "Play: {who} {leads} the first trick.",
        "zh": "出牌：{who}首先领出。",
        "ja": "プレイ：{who}が最初にリードします。",
    },
    "hint": {"en": "Hint: ", "zh": "提示：", "ja": "ヒント："},
    "hint_type": {
        "en": "   (type: {typed})",
        "zh": "   （输入：{typed}）",
        "ja": "   （入力：{typed}）",
    },
    "hint_pass": {
        "en": "  (nothing in your hand beats the table)",
        "zh": "  （没有能大过桌上的牌）",
        "ja": "  （場より強い札がありません）",
    },
    "or": {"en": "or", "zh": "或", "ja": "または"},
    "n_play": {
        "en": "{n} legal play ({counts})",
        "zh": "{n}种合法出牌（{counts}）",
        "ja": "出せる役 {n} 通り（{counts}）",
    },
    "n_plays": {
        "en": "{n} legal plays ({counts})",
        "zh": "{n}种合法出牌（{counts}）",
        "ja": "出せる役 {n} 通り（{counts}）",
    },
    "or_pass": {"en": " — or pass", "zh": " — 或过", "ja": " — またはパス"},
    "hint_more": {
        "en": "'hint all' lists them; 'hint pair' (or another type) lists one type.",
        "zh": "hint all 全部列出；hint pair（或其他牌型）列出一种牌型。",
        "ja": "hint all で一覧、hint pair（ほかの種類も）で1種類だけ一覧。",
    },
    "first_n": {
        "en": "  first {n}; 'hint {kind}' lists all",
        "zh": "  前{n}种；hint {kind} 列出全部",
        "ja": "  最初の{n}通り。hint {kind} ですべて",
    },
    "unknown_type": {
        "en": "unknown combination type '{arg}'; types: {types}",
        "zh": "未知牌型 '{arg}'；牌型：{types}",
        "ja": "不明な役の種類 '{arg}'。種類：{types}",
    },
    "no_type_now": {
        "en": "No legal {kind} now.",
        "zh": "现在没有合法的{kind}。",
        "ja": "今出せる{kind}はありません。",
    },
    # ----- refusals -------------------------------------------------------------------------
    "not_held": {
        "en": "you do not hold {cards}",
        "zh": "你没有 {cards}",
        "ja": "{cards} を持っていません",
    },
    "held_fewer": {
        "en": "you hold {have} × {card}, not {want}",
        "zh": "你只有{have}张 {card}，不是{want}张",
        "ja": "{card} は{have}枚しか持っていません（{want}枚ではなく）",
    },
    "not_a_play": {
        "en": "not a play: {why}",
        "zh": "不是合法牌型：{why}",
        "ja": "役になりません：{why}",
    },
    "no_beat": {
        "en": "{play} does not beat {top}",
        "zh": "{play} 大不过 {top}",
        "ja": "{play} は {top} に勝てません",
    },
    "size_note": {
        "en": " (play {n} cards to follow)",
        "zh": "（跟牌须出{n}张）",
        "ja": "（{n}枚で出してください）",
    },
    "must_lead": {
        "en": "you lead this trick, so you may not pass: play a combination",
        "zh": "本轮由你领出，不能过：请出牌",
        "ja": "あなたのリードなのでパスできません：役を出してください",
    },
    "index_range": {
        "en": "index {i} is out of range: your hand has {n} card{s}, numbered 0 to {last}",
        "zh": "序号 {i} 超出范围：你有{n}张牌，序号 0 到 {last}",
        "ja": "番号 {i} は範囲外です：手札は{n}枚、番号は 0〜{last}",
    },
    "index_twice": {
        "en": "index {i} is given twice",
        "zh": "序号 {i} 重复",
        "ja": "番号 {i} が重複しています",
    },
    "bad_token": {
        "en": "{error} (a card is a rank 2-9, 10 or T, J, Q, K, A then a suit s h c d, "
        "e.g. 10h; jokers BJ RJ; or the card's index)",
        "zh": "{error}（牌 = 点数 2-9、10或T、J、Q、K、A 加花色 s h c d，如 10h；王 BJ RJ；或牌的序号）",
        "ja": "{error}（カード = ランク 2-9・10かT・J・Q・K・A＋スート s h c d、例 10h。"
        "ジョーカー BJ RJ。またはカードの番号）",
    },
    "one_card": {
        "en": "give exactly one card: {options}",
        "zh": "只能给一张牌：{options}",
        "ja": "カードは1枚だけ：{options}",
    },
    "tribute_must": {
        "en": "the tribute must be one of your highest cards: {options}",
        "zh": "进贡必须是你最大的牌之一：{options}",
        "ja": "貢ぎは最も強いカードのどれか：{options}",
    },
    "take_one": {
        "en": "take one of {options}",
        "zh": "从 {options} 中挑一张",
        "ja": "{options} から1枚選んでください",
    },
    "no_pass_now": {
        "en": "you cannot pass now: {what}",
        "zh": "现在不能过：{what}",
        "ja": "今はパスできません：{what}",
    },
    "no_gift_now": {
        "en": "there is no {word} now: play cards or pass",
        "zh": "现在不是{word}的时候：请出牌或过",
        "ja": "今は{word}の時ではありません：カードを出すかパス",
    },
    "phase_over": {"en": "the deal is over", "zh": "本局已结束", "ja": "ディールは終わりました"},
    # ----- the result ------------------------------------------------------------------------
    "deal_over": {"en": "Deal over", "zh": "本局结束", "ja": "ディール終了"},
    "won": {
        "en": "{team} wins: {first} went out first and all of {team_low} went out.",
        "zh": "{team}胜：{first}第一个出完，且{team}全部出完。",
        "ja": "{team}の勝ち：{first}が最初に上がり、{team}が全員上がりました。",
    },
    "draw": {
        "en": "Draw: {first} ({team}) went out first, but all of {other} went out first.",
        "zh": "和局：{first}（{team}）第一个出完，但{other}先全部出完。",
        "ja": "引き分け：{first}（{team}）が最初に上がりましたが、{other}が先に全員上がりました。",
    },
    "trapped": {"en": "Trapped: {who}", "zh": "被关：{who}", "ja": "取り残し：{who}"},
    "scores_points": {
        "en": "{team} scores {k} point{s}.",
        "zh": "{team}得{k}分。",
        "ja": "{team}に{k}点。",
    },
    "level_up": {
        "en": "{team} goes up from level {old} to {new}.",
        "zh": "{team}从{old}升到{new}。",
        "ja": "{team}はレベル{old}から{new}に上がります。",
    },
    "no_score_defense": {
        "en": "{team} won as the defense: only the offense scores, so no level moves.",
        "zh": "{team}作为闲家方获胜：只有庄家方能升级，级数不变。",
        "ja": "{team}は守備側で勝ったので得点なし（攻撃側だけが得点）。",
    },
    "nothing_scored": {"en": "Nothing is scored.", "zh": "不计分。", "ja": "得点なし。"},
    "tribute_owed": {
        "en": "Next deal: {who} {pay} tribute.",
        "zh": "下一局：{who}进贡。",
        "ja": "次のディール：{who}が貢ぎます。",
    },
    "next_leader": {
        "en": "Next deal: {who} {be} the offense leader ({team}).",
        "zh": "下一局：{who}坐庄（{team}）。",
        "ja": "次のディール：{who}が親（{team}）。",
    },
    "finishing": {
        "en": "Finishing order: {order}",
        "zh": "出完顺序：{order}",
        "ja": "上がり順：{order}",
    },
    "your_score": {
        "en": "Your score: {score}",
        "zh": "你的得分：{score}",
        "ja": "あなたの得点：{score}",
    },
    "again": {
        "en": "Seed {seed}: play this deal again with --seed {seed}.",
        "zh": "种子 {seed}：用 --seed {seed} 重玩本局。",
        "ja": "シード {seed}：--seed {seed} でこのディールを再プレイ。",
    },
    "match_won": {
        "en": "{team} wins the match.",
        "zh": "{team}赢得比赛。",
        "ja": "{team}が試合に勝ちました。",
    },
    "match_after": {
        "en": "After {n} deal{s}: {state}.",
        "zh": "{n}局后：{state}。",
        "ja": "{n}ディール後：{state}。",
    },
    "match_title": {"en": "{game} — match", "zh": "{game} — 比赛", "ja": "{game} — 試合"},
    "match_seed": {
        "en": "Match seed {seed}{note}; {plan}.",
        "zh": "比赛种子 {seed}{note}；{plan}。",
        "ja": "試合シード {seed}{note}、{plan}。",
    },
    "plan_deals": {"en": "{n} deals", "zh": "{n}局", "ja": "{n}ディール"},
    "plan_until": {
        "en": "until a team wins",
        "zh": "直到一方获胜",
        "ja": "どちらかが勝つまで",
    },
    "match_over": {"en": "Match over", "zh": "比赛结束", "ja": "試合終了"},
    "score_table": {"en": "Score table", "zh": "记分表", "ja": "得点表"},
    "res_won": {
        "en": "{team} won ({k} trapped)",
        "zh": "{team}胜（关{k}人）",
        "ja": "{team}勝ち（{k}人残し）",
    },
    "res_draw": {"en": "draw", "zh": "和局", "ja": "引き分け"},
    "quit": {"en": "You quit; {what}.", "zh": "你退出了；{what}。", "ja": "終了しました。{what}。"},
    "eof": {"en": "End of input; {what}.", "zh": "输入结束；{what}。", "ja": "入力終了。{what}。"},
    "abandoned_deal": {
        "en": "the deal is abandoned (seed {seed})",
        "zh": "本局作废（种子 {seed}）",
        "ja": "ディールは中止（シード {seed}）",
    },
    "abandoned_match": {
        "en": "the match is abandoned (match seed {seed})",
        "zh": "比赛作废（比赛种子 {seed}）",
        "ja": "試合は中止（試合シード {seed}）",
    },
    "record_written": {
        "en": "{what} written to {path}",
        "zh": "{what}已写入 {path}",
        "ja": "{what}を {path} に保存",
    },
    "record": {"en": "Record", "zh": "记录", "ja": "記録"},
    "match_record": {"en": "Match record", "zh": "比赛记录", "ja": "試合記録"},
    "no_record": {"en": "No record written.", "zh": "未写入记录。", "ja": "記録は保存されません。"},
}
"""Every text by key: language → template (``you``: the English form whose
subject is the human)."""


class Words:
    """The texts of one language (English for an unknown one)."""

    def __init__(self, lang: str = "en"):
        self.lang = lang if lang in LANGS else "en"

    def __call__(self, key: str, *, you: bool = False, **fields: Any) -> str:
        """The text ``key`` with ``fields`` filled in (``you``: its subject is the
        human, which changes the English verb)."""
        forms = WORDS[key]
        text = forms.get("you", forms["en"]) if you and self.lang == "en" else forms[self.lang]
        return text.format(**fields) if fields else text


def missing_keys() -> list[str]:
    """The keys lacking a language (none: a test checks)."""
    return [key for key, forms in WORDS.items() if any(lang not in forms for lang in LANGS)]
