"""The terminal's own texts in 中文 and 日本語: ``{english: (zh, ja)}``.

These are the words every game's table shares (:mod:`chupai.cli.session`,
:mod:`chupai.cli.terminal`, :mod:`chupai.cli.match_session`,
:mod:`chupai.cli.play_generic`, :mod:`chupai.cli.replay`); a game's own texts are
in its ``chupai.cli.games.<key>.messages``. Seats and roles are named as the web
table names them (座位 3 / 席 3, 地主 / 農民), so both surfaces agree. What the
player types stays English (``pass``, ``hint``, card tokens); the help screens say
which translated words are accepted too.
"""

from __future__ import annotations

from typing import Final

from chupai.i18n import add_translations

__all__ = ["MESSAGES"]

MESSAGES: Final[dict[str, tuple[str, str]]] = {
    # ----- seats and words ------------------------------------------------------------
    "You": ("你", "あなた"),
    "Seat {n}": ("座位 {n}", "席 {n}"),
    ", ": ("，", "、"),
    " and ": ("和", "と"),
    " or ": ("或", "または"),
    "nobody": ("无人", "なし"),
    "You are {seat}. Bots: {bots}.": (
        "你是{seat}。电脑：{bots}。",
        "あなたは{seat}。ボット：{bots}。",
    ),
    " (random: replay it with --seed {seed})": (
        "（随机：用 --seed {seed} 重玩）",
        "（ランダム：--seed {seed} で再現）",
    ),
    "Rules: {spec}": ("规则：{spec}", "ルール：{spec}"),
    "Seed {seed}": ("种子 {seed}", "シード {seed}"),
    "Type 'help' for the commands.": ("输入 help 查看命令。", "help でコマンド一覧。"),
    "Record written to {path}": ("记录已写入 {path}", "記録を {path} に保存しました"),
    "Match record written to {path}": ("比赛记录已写入 {path}", "試合記録を {path} に保存しました"),
    "You quit; {what}.": ("你退出了；{what}。", "終了しました。{what}。"),
    "End of input; {what}.": ("输入结束；{what}。", "入力が終わりました。{what}。"),
    "No record written.": ("未写入记录。", "記録は保存されていません。"),
    "the deal is abandoned (seed {seed})": (
        "本局作废（种子 {seed}）",
        "このディールは中止（シード {seed}）",
    ),
    "the match is abandoned (match seed {seed})": (
        "比赛作废（比赛种子 {seed}）",
        "試合は中止（試合シード {seed}）",
    ),
    # ----- the table ------------------------------------------------------------------
    "Seat": ("座位", "席"),
    "Cards": ("张数", "枚数"),
    "This trick": ("本轮", "この場"),
    "Role": ("角色", "役割"),
    "On the table: ": ("桌上：", "場："),
    "  by {who}": ("  {who} 出的", "  （{who}）"),
    "  ({s} s)": ("  （{s} 秒）", "  （{s} 秒）"),
    "On the table: nothing — a new trick": ("桌上：无——新一轮", "場：なし — 新しい場"),
    "On the table: nothing": ("桌上：无", "場：なし"),
    "  (hint, help, quit)": (
        "  （hint 提示、help 帮助、quit 退出）",
        "  （hint ヒント、help ヘルプ、quit 終了）",
    ),
    "  — out!": ("  —— 出完了！", "  — 上がり！"),
    "  — {n} card left!": ("  —— 只剩 {n} 张！", "  — 残り {n} 枚！"),
    "  — {n} cards left!": ("  —— 只剩 {n} 张！", "  — 残り {n} 枚！"),
    "Your score: {score}": ("你的得分：{score}", "あなたの得点：{score}"),
    "Seed {seed}: play {what} again with --seed {seed}.": (
        "种子 {seed}：用 --seed {seed} 重玩{what}。",
        "シード {seed}：--seed {seed} で{what}をもう一度遊べます。",
    ),
    "this deal": ("本局", "このディール"),
    "this match": ("本场比赛", "この試合"),
    "Your hand ({n}): ": ("你的手牌（{n}张）：", "あなたの手札（{n}枚）："),
    "Your hand ({n}):": ("你的手牌（{n}张）：", "あなたの手札（{n}枚）："),
    "Your turn: ": ("轮到你：", "あなたの番："),
    "Your decision: ": ("请你决定：", "あなたの選択："),
    "Face up ({name}): ": ("明牌（{name}）：", "公開（{name}）："),
    "type #N or the action's text": ("输入 #N 或动作的文字", "#N か行動の文字を入力"),
    "{n} legal action:": ("{n} 个合法动作：", "合法な行動 {n} 個："),
    "{n} legal actions:": ("{n} 个合法动作：", "合法な行動 {n} 個："),
    "Deal over": ("本局结束", "ディール終了"),
    "Redeal: the deal does not count.": (
        "重新发牌：本局不计。",
        "配り直し：このディールは数えません。",
    ),
    "Redeal {n}{who} (seed {seed}).": (
        "第 {n} 次重新发牌{who}（种子 {seed}）。",
        "配り直し {n} 回目{who}（シード {seed}）。",
    ),
    "Winner: {names}": ("赢家：{names}", "勝者：{names}"),
    "Finishing order: {order}": ("出完顺序：{order}", "上がり順：{order}"),
    "Score": ("得分", "得点"),
    "Total": ("合计", "合計"),
    "Winner": ("赢家", "勝者"),
    "Deal": ("局", "ディール"),
    "Score table": ("计分表", "得点表"),
    "redeal": ("重发", "配り直し"),
    " (redeal)": ("（重发）", "（配り直し）"),
    "Cards left": ("剩余手牌", "残り札"),
    "Penalty": ("罚分", "ペナルティ"),
    "Hand": ("手牌", "手札"),
    # ----- words the games share ------------------------------------------------------
    "Dealer: {who}": ("庄家：{who}", "親：{who}"),
    " (dealer)": ("（庄）", "（親）"),
    "lead any combination": ("任意出一手牌", "好きな役でリード"),
    "beat ": ("大过 ", "場の "),
    " or pass": (" 或过", " に勝つかパス"),
    "not a combination: {why}": ("不成牌型：{why}", "役になりません：{why}"),
    "index {i} is given twice": ("序号 {i} 给了两次", "番号 {i} が2回指定されています"),
    "Hint: ": ("提示：", "ヒント："),
    "   (type: {index}  or  {tokens})": (
        "   （输入：{index}  或  {tokens}）",
        "   （入力：{index}  または  {tokens}）",
    ),
    "  {who} won the trick and {lead}.": (
        "  {who} 赢了这一轮，{lead}。",
        "  {who}がこの場を取り、{lead}。",
    ),
    "Winner: ": ("赢家：", "勝者："),
    "out #{place}": ("第{place}名出完", "{place}位で上がり"),
    "No. {n}": ("第{n}名", "{n}位"),
    "you": ("你", "あなた"),
    "now type {what}": ("现在请输入 {what}", "{what} と入力してください"),
    "   (type: {what})": ("   （输入：{what}）", "   （入力：{what}）"),
    "Redeal {n}": ("第 {n} 次重新发牌", "配り直し {n} 回目"),
    " · seed {seed}": (" · 种子 {seed}", " · シード {seed}"),
    " (seed {seed})": ("（种子 {seed}）", "（シード {seed}）"),
    "Nothing in your hand beats the table: pass.": (
        "你的手牌没有大过桌上的：过。",
        "場に勝てる札がありません：パス。",
    ),
    "you do not hold these cards": ("你没有这些牌", "その札は持っていません"),
    "you hold {have} × {rank}, not {want}": (
        "你只有 {have} 张 {rank}，不是 {want} 张",
        "{rank} は {want} 枚でなく {have} 枚しかありません",
    ),
    "you hold no {rank}": ("你没有 {rank}", "{rank} を持っていません"),
    "the deal is over": ("本局已结束", "この局は終わっています"),
    " (and {n} redeal)": ("（另有 {n} 次重发）", "（他に配り直し {n} 回）"),
    " (and {n} redeals)": ("（另有 {n} 次重发）", "（他に配り直し {n} 回）"),
    # ----- verbs (the English second and third person, translated alike) ---------------
    ": {who} deal": ("：{who} 发牌", "：{who}が配る"),
    ": {who} deals": ("：{who} 发牌", "：{who}が配る"),
    "pass": ("过", "パス"),
    "passes": ("过", "パス"),
    "play": ("出", "出す"),
    "plays": ("出", "出す"),
    "lead": ("领出", "リード"),
    "leads": ("领出", "リード"),
    # ----- refusals -------------------------------------------------------------------
    " does not beat ": (" 大不过 ", " は次に勝てない："),
    " (a different kind of play)": ("（牌型不同）", "（役の種類が違う）"),
    "you lead this trick, so you may not pass: play a combination": (
        "本轮由你领出，不能过：请出一手牌",
        "この場はあなたのリードなのでパスできません：役を出してください",
    ),
    "there is {n} legal action now: #1": (
        "现在有 {n} 个合法动作：#1",
        "今の合法な行動は {n} 個：#1",
    ),
    "there are {n} legal actions now: #1 to #{n}": (
        "现在有 {n} 个合法动作：#1 到 #{n}",
        "今の合法な行動は {n} 個：#1 〜 #{n}",
    ),
    "you may not pass now: {choices}": ("现在不能过：{choices}", "今はパスできません：{choices}"),
    "{line} is not a legal action now: {choices}": (
        "{line} 现在不是合法动作：{choices}",
        "{line} は今は合法な行動ではありません：{choices}",
    ),
    "type #1 to #{n} or one of {shown}": (
        "输入 #1 到 #{n}，或以下之一：{shown}",
        "#1 〜 #{n} か次のいずれかを入力：{shown}",
    ),
    "type #1 or {shown}": ("输入 #1 或 {shown}", "#1 か {shown} を入力"),
    # ----- hints ----------------------------------------------------------------------
    "{n} legal plays ({counts})": (
        "{n} 手合法出牌（{counts}）",
        "合法な出し方 {n} 通り（{counts}）",
    ),
    " — or pass": ("——或者过", " — またはパス"),
    "'hint all' lists them; 'hint pair' (or another type) lists one type.": (
        "hint all 全部列出；hint pair（或其他牌型）列出一种牌型。",
        "hint all で全部、hint pair（他の役も可）でその役だけを表示。",
    ),
    "unknown combination type {arg!r}; types: {types}": (
        "未知牌型 {arg!r}；牌型：{types}",
        "不明な役 {arg!r}。役：{types}",
    ),
    "No legal {kind} now.": ("现在没有合法的{kind}。", "今出せる{kind}はありません。"),
    "  first {n}; 'hint {kind}' lists all": (
        "  前 {n} 个；hint {kind} 列出全部",
        "  最初の {n} 個。hint {kind} で全部",
    ),
    # ----- matches --------------------------------------------------------------------
    "{n} deal": ("{n} 局", "{n} ディール"),
    "{n} deals": ("{n} 局", "{n} ディール"),
    "until a total reaches ±{target}": ("直到总分达到 ±{target}", "合計が ±{target} に達するまで"),
    "Deal {n}": ("第 {n} 局", "第 {n} ディール"),
    "Deal {n} of {total}": ("第 {n} 局（共 {total} 局）", "第 {n} ディール（全 {total}）"),
    "{game} — match": ("{game} — 比赛", "{game} — 試合"),
    "Match seed {seed}{random}; {plan}.": (
        "比赛种子 {seed}{random}；{plan}。",
        "試合シード {seed}{random}、{plan}。",
    ),
    "Match over": ("比赛结束", "試合終了"),
    "After {n} deal": ("{n} 局后", "{n} ディール後"),
    "After {n} deals": ("{n} 局后", "{n} ディール後"),
    "{after}{note}: {names} lead with {best}.": (
        "{after}{note}：{names}领先，{best}。",
        "{after}{note}：{names}がトップ、{best}。",
    ),
    "{after}{note}: {names} leads with {best}.": (
        "{after}{note}：{names}领先，{best}。",
        "{after}{note}：{names}がトップ、{best}。",
    ),
    "Your total: {total}": ("你的总分：{total}", "あなたの合計：{total}"),
    # ----- the help screens -----------------------------------------------------------
    "Commands": ("命令", "コマンド"),
    "Input is typed in English; these words work too: 过 不要 パス (pass), "
    "提示 ヒント (hint), 帮助 ヘルプ (help), 退出 終了 (quit).": (
        "输入用英文；也可以输入：过、不要（pass），提示（hint），帮助（help），退出（quit）。",
        "入力は英語です。次の語も使えます：パス（pass）、ヒント（hint）、ヘルプ（help）、終了（quit）。",
    ),
    "Your move": ("出牌", "手番"),
    "Before play": ("出牌前", "プレイ前"),
    "draw the table again (an empty line does too)": (
        "重新显示牌桌（空行也可以）",
        "場を再表示（空行でも可）",
    ),
    "this text": ("本帮助", "このヘルプ"),
    "stop playing (Ctrl-D too)": ("退出（也可按 Ctrl-D）", "終了（Ctrl-D でも可）"),
    "make action 2 of the numbered list of legal actions": (
        "执行合法动作列表中的第 2 个",
        "合法な行動の一覧の 2 番目を行う",
    ),
    "make the action written so in the list (a card, a play)": (
        "执行列表中写法相同的动作（一张牌、一手牌）",
        "一覧に書かれた通りの行動を行う（札、役）",
    ),
    "pass (when the list has it)": ("过（列表中有时）", "パス（一覧にある時）"),
    "list the legal actions again, numbered": (
        "再次列出带编号的合法动作",
        "合法な行動を番号付きで再表示",
    ),
    "play cards by their index in your hand (shown above each card)": (
        "按手牌序号出牌（序号在每张牌上方）",
        "手札の番号で出す（番号は各札の上に表示）",
    ),
    "pass (not when you lead the trick)": ("过（领出时不能过）", "パス（リードの時は不可）"),
    "list the legal plays of each type with their indexes": (
        "按牌型列出合法出牌及其序号",
        "役ごとに出せる手を番号付きで表示",
    ),
    "list every legal play of one type (pair, straight, ...)": (
        "列出某一牌型的全部合法出牌（pair、straight……）",
        "1つの役の出せる手をすべて表示（pair、straight など）",
    ),
    # ----- chupai replay -----------------------------------------------------
    "seat": ("座位", "席"),
    "seat {n}": ("座位 {n}", "席 {n}"),
    "action": ("动作", "行動"),
    "type": ("牌型", "種類"),
    "score": ("得分", "得点"),
    "deal": ("局", "ディール"),
    "dealer": ("庄家", "親"),
    "winner": ("赢家", "勝者"),
    "actions": ("动作数", "行動数"),
    "total": ("合计", "合計"),
    "unfinished": ("未完成", "未完了"),
    "deal over": ("本局结束", "ディール終了"),
    "deal not finished": ("本局未完成", "ディールは終わっていません"),
    "seed {seed}": ("种子 {seed}", "シード {seed}"),
    "no seed (hands given)": ("无种子（给定手牌）", "シードなし（手札指定）"),
    "no seed ({given} given)": ("无种子（给定{given}）", "シードなし（{given}指定）"),
    "{game} match": ("{game} 比赛", "{game} 試合"),
    "match seed {seed}   {plan}   {deals} ({played})": (
        "比赛种子 {seed}   {plan}   {deals}（{played}）",
        "試合シード {seed}   {plan}   {deals}（{played}）",
    ),
    "{n} deal played": ("已打 {n} 局", "{n} ディール"),
    "{n} deals played": ("已打 {n} 局", "{n} ディール"),
    "to ±{target}": ("到 ±{target}", "±{target} まで"),
    "{n} counted": ("{n} 局计分", "{n} 回を計上"),
    ", {n} redealt": ("，{n} 局重发", "、配り直し {n} 回"),
    "trick to seat {n}": ("这一轮归座位 {n}", "場は席 {n} へ"),
    "trick to seat {n}, seat {m} leads": (
        "这一轮归座位 {n}，座位 {m} 领出",
        "場は席 {n} へ、席 {m} がリード",
    ),
    "goes out (No. {n})": ("出完（第 {n} 名）", "上がり（{n}位）"),
    "goes out ({place})": ("出完（{place}）", "上がり（{place}）"),
    "winners: {seats}": ("赢家：{seats}", "勝者：{seats}"),
    "finishing order: {order}": ("出完顺序：{order}", "上がり順：{order}"),
    "redeal: the deal does not count": ("重新发牌：本局不计", "配り直し：このディールは数えません"),
    "dealer seat {n}": ("庄家 座位 {n}", "親 席 {n}"),
    "cards left": ("剩余手牌", "残り札"),
    "role": ("角色", "役割"),
    "result": ("结果", "結果"),
    "unit": ("单位分", "単位"),
    # ----- chupai analyze -------------------------------------------------------------
    "Analysis of {game}: {budget} budget, {rollouts} rollouts per decision, seed {seed}; values in {units}": (
        "{game} 分析：{budget} 预算，每个决定 {rollouts} 次模拟，种子 {seed}；数值单位：{units}",
        "{game} の分析：{budget} 予算、1 手 {rollouts} 回のロールアウト、シード {seed}；値の単位：{units}",
    ),
    "Open hand: the values use every seat's cards (perfect information).": (
        "明牌：数值使用所有座位的牌（完全信息）。",
        "オープンハンド：値は全員の手札を使う（完全情報）。",
    ),
    "step": ("步", "手番"),
    "phase": ("阶段", "段階"),
    "played": ("实际", "実際"),
    "win": ("胜率", "勝率"),
    "best": ("最佳", "最善"),
    "loss": ("损失", "損失"),
    "label": ("评价", "評価"),
    "only": ("唯一", "一択"),
    "good": ("好", "好手"),
    "inaccuracy": ("不精确", "緩手"),
    "mistake": ("失误", "悪手"),
    "blunder": ("大错", "大悪手"),
    "deal points": ("局分", "ディール点"),
    "match points": ("比赛分", "試合点"),
    "Seat {n}: {decisions} decisions, mean loss {loss}; inaccuracies {inaccuracy}, mistakes {mistake}, blunders {blunder}": (
        "座位 {n}：{decisions} 个决定，平均损失 {loss}；不精确 {inaccuracy}，失误 {mistake}，大错 {blunder}",
        "席 {n}：{decisions} 手、平均損失 {loss}；緩手 {inaccuracy}、悪手 {mistake}、大悪手 {blunder}",
    ),
    "* evaluated on the true deal: no deal consistent with the seat's view was found": (
        "* 按真实牌局评估：未找到与该座位所见一致的牌局",
        "* 実際のディールで評価：その席の見た情報と一致するディールが見つからなかった",
    ),
    "analysing": ("分析中", "分析中"),
    "decisions": ("个决定", "手"),
}
"""The shared terminal texts by English template: (中文, 日本語)."""

add_translations(MESSAGES)
