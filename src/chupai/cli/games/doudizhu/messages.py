"""The texts of Dou Dizhu's terminal game (``chupai play doudizhu``) in 中文 and
日本語: ``{english: (zh, ja)}``, added to :mod:`chupai.i18n` on import. Roles are
named as on the web table: 地主 and 农民 (農民)."""

from __future__ import annotations

from typing import Final

from chupai.i18n import add_translations

__all__ = ["MESSAGES"]

MESSAGES: Final[dict[str, tuple[str, str]]] = {
    # ----- the help screen ------------------------------------------------------------
    "Bidding": ("叫分", "入札"),
    "bid 1, 2 or 3 (higher than the highest bid so far); 3 ends the bidding": (
        "叫 1、2 或 3 分（要比目前最高叫分高）；叫 3 分叫分结束",
        "1・2・3 で入札（それまでの最高より上）。3 で入札終了",
    ),
    "do not bid": ("不叫", "入札しない"),
    "while robbing: take the landlord's place (raises the stakes) or not": (
        "抢地主阶段：抢下地主（加倍）或不抢",
        "奪い合いの間：地主の座を奪う（倍率が上がる）か奪わない",
    ),
    "play cards by rank (10 or T; BJ RJ for the jokers; suits are accepted and ignored)": (
        "按点数出牌（10 或 T；小王 BJ、大王 RJ；可写花色，但不计）",
        "ランクで出す（10 か T、ジョーカーは BJ RJ、スートは書いても無視）",
    ),
    "a type name after the cards picks one reading of a set with several": (
        "一组牌有多种读法时，在牌后加牌型名选一种",
        "読み方が複数ある札は、後ろに役の名前を付けて選ぶ",
    ),
    "明牌: the landlord plays with the hand face up (before its first play)": (
        "明牌：地主亮出手牌打（在第一次出牌前）",
        "明牌：地主が手札を公開して戦う（最初に出す前）",
    ),
    "suggest a move (the greedy bot's) and count the legal plays": (
        "提示一步（greedy 电脑的选择）并统计合法出牌",
        "手を提案（greedy ボットの選択）し、出せる手を数える",
    ),
    "list the legal plays of each type with their cards": (
        "按牌型列出合法出牌",
        "役ごとに出せる手を表示",
    ),
    " Redeals (everybody passed) do not count; the deal passes to the next "
    "player after every deal.": (
        "重新发牌（都不叫）不计局数；每局后由下家发牌。",
        "配り直し（全員パス）は数えません。毎ディール後、配り手は次の人へ。",
    ),
    # ----- bidding and robbing --------------------------------------------------------
    " · this deal counts double (D {x}2)": (
        " · 本局翻倍（D {x}2）",
        " · このディールは倍（D {x}2）",
    ),
    "  — bidding: bid 1, 2 or 3 or pass, each player once; 3 ends it —": (
        "  —— 叫分：叫 1、2、3 分或不叫，每人一次；叫 3 分结束 ——",
        "  — 入札：1・2・3 かパス、各自1回。3 で終了 —",
    ),
    "  — bidding: bid 1, 2 or 3 or pass, until all but the highest bidder "
    "have passed; 3 ends it —": (
        "  —— 叫分：叫 1、2、3 分或不叫，直到除最高叫分者外都不叫；叫 3 分结束 ——",
        "  — 入札：1・2・3 かパス、最高入札者以外が全員パスするまで。3 で終了 —",
    ),
    " · Marker card ": (" · 明牌（定庄） ", " · 目印カード "),
    "{who} bid first": ("{who} 先叫", "{who}から入札"),
    "{who} bids first": ("{who} 先叫", "{who}から入札"),
    " · First bidder: {who}": (" · 先叫：{who}", " · 最初の入札：{who}"),
    "Bidding · first bidder {who}": ("叫分 · {who} 先叫", "入札 · 最初は{who}"),
    "Robbing · landlord now {who}": ("抢地主 · 当前地主 {who}", "奪い合い · 今の地主 {who}"),
    "Landlord: {lord} · Dealer: {dealer}": (
        "地主：{lord} · 庄家：{dealer}",
        "地主：{lord} · 親：{dealer}",
    ),
    "Kitty: ": ("底牌：", "伏せ札："),
    "  (taken by {who})": ("  （{who} 拿走）", "  （{who}が取った）"),
    "Landlord's hand (明牌): ": ("地主的手牌（明牌）：", "地主の手札（明牌）："),
    "Your bid: ": ("请叫分：", "あなたの入札："),
    "Rob the landlord? ": ("抢地主吗？", "地主を奪う？"),
    "'rob' to become the landlord ({r}) or 'no'": (
        "rob 抢地主（{r}），no 不抢",
        "rob で地主になる（{r}）、no で奪わない",
    ),
    "'rob' to rob it back ({r}) or 'no'": (
        "rob 抢回来（{r}），no 不抢",
        "rob で奪い返す（{r}）、no で奪わない",
    ),
    "'rob' to take it from {who} ({r}) or 'no'": (
        "rob 从{who} 手里抢（{r}），no 不抢",
        "rob で{who}から奪う（{r}）、no で奪わない",
    ),
    ", or 'show' (明牌: hand face up, {x}2)": (
        "，或 show（明牌：亮出手牌，{x}2）",
        "、または show（明牌：手札を公開、{x}2）",
    ),
    "rob multiplier {m}": ("抢地主倍数 {m}", "奪い倍率 {m}"),
    "  — robbing: who did not pass may rob the landlord (rob multiplier {ms}) —": (
        "  —— 抢地主：叫过分的人可以抢地主（抢地主倍数 {ms}）——",
        "  — 奪い合い：パスしなかった人は地主を奪える（奪い倍率 {ms}）—",
    ),
    "bid": ("叫", "入札"),
    "bids": ("叫", "入札"),
    "bid {n}": ("叫 {n} 分", "{n} を入札"),
    "rob": ("抢", "奪う"),
    "robs": ("抢", "奪う"),
    "{robs} the landlord": ("{robs}地主", "地主を{robs}"),
    "do not rob": ("不抢", "奪わない"),
    "does not rob": ("不抢", "奪わない"),
    "are": ("是", "が"),
    "is": ("是", "が"),
    "{are} the landlord": ("{are}地主", "{are}地主"),
    " (bid {bid}": ("（叫 {bid} 分", "（入札 {bid}"),
    "{robs}) and take the kitty: ": ("{robs}），拿底牌：", "{robs}）、伏せ札を取る："),
    "{robs}) and takes the kitty: ": ("{robs}），拿底牌：", "{robs}）、伏せ札を取る："),
    "  {who} show the hand (明牌): ": ("  {who} 明牌：", "  {who}が手札を公開（明牌）："),
    "  {who} shows the hand (明牌): ": ("  {who} 明牌：", "  {who}が手札を公開（明牌）："),
    "  (read as {kind}; add {others} for another reading)": (
        "  （按 {kind} 读；加 {others} 可换一种读法）",
        "  （{kind} として読みました。別の読み方は {others} を付ける）",
    ),
    # ----- stakes ---------------------------------------------------------------------
    "Stakes: ": ("倍数：", "倍率："),
    "highest bid {bid} by {who}": ("最高叫分 {bid}（{who}）", "最高入札 {bid}（{who}）"),
    "no bid yet": ("还没人叫分", "まだ入札なし"),
    " · redeal doubling {x}2": (" · 重发翻倍 {x}2", " · 配り直しで倍 {x}2"),
    "{n} rob": ("抢 {n} 次", "奪い {n} 回"),
    "{n} robs": ("抢 {n} 次", "奪い {n} 回"),
    "bombs {x}{factor} ({n})": ("炸弹 {x}{factor}（{n} 个）", "爆弾 {x}{factor}（{n} 個）"),
    "unit {unit}": ("单位分 {unit}", "単位 {unit}"),
    "; {x}2 (明牌) if the landlord wins": (
        "；地主赢则 {x}2（明牌）",
        "；地主が勝てば {x}2（明牌）",
    ),
    "Unit: ": ("单位分：", "単位："),
    # ----- refusals and hints ---------------------------------------------------------
    " (play {n} cards of the same kind, or a bomb)": (
        "（要出同牌型的 {n} 张牌，或炸弹）",
        "（同じ役の {n} 枚か、爆弾を出す）",
    ),
    "明牌 is off in these rules (ming_pai=off)": (
        "本规则不能明牌（ming_pai=off）",
        "このルールでは明牌なし（ming_pai=off）",
    ),
    "only the landlord may show the hand, and only before its first "
    "play (an empty line or 'table' draws the table again)": (
        "只有地主能明牌，且只能在第一次出牌前（空行或 table 重新显示牌桌）",
        "手札を公開できるのは地主だけで、最初に出す前だけです（空行か table で場を再表示）",
    ),
    "  (the greedy bot would pass)": ("  （greedy 电脑会过）", "  （greedy ボットならパス）"),
    "Possible: {actions}": ("可选：{actions}", "選べる手：{actions}"),
    "no cards given": ("没有给出牌", "札が指定されていません"),
    "{word} is not a hand index: write # then a number, e.g. #0": (
        "{word} 不是手牌序号：写 # 加数字，如 #0",
        "{word} は手札の番号ではありません：# の後に数字（例：#0）",
    ),
    "index {i} is out of range: your hand has {n} cards, numbered 0 to {last}": (
        "序号 {i} 超出范围：你有 {n} 张牌，序号 0 到 {last}",
        "番号 {i} は範囲外です：手札は {n} 枚で番号は 0〜{last}",
    ),
    "{word} is not a rank; to pick cards by their index write #{index}": (
        "{word} 不是点数；按序号选牌请写 #{index}",
        "{word} はランクではありません。番号で選ぶには #{index}",
    ),
    "{error} (ranks: 3-10 J Q K A 2 BJ RJ; #N is index N)": (
        "{error}（点数：3-10 J Q K A 2 BJ RJ；#N 是序号 N）",
        "{error}（ランク：3-10 J Q K A 2 BJ RJ、#N は番号 N）",
    ),
    "now bid: type {bids}": ("现在叫分：输入 {bids}", "入札してください：{bids}"),
    "a bid is 1, 2 or 3: type 'bid 2' (or just 2), or 'pass'": (
        "叫分是 1、2 或 3：输入 bid 2（或只输入 2），或 pass",
        "入札は 1・2・3：bid 2（2 だけでも可）か pass",
    ),
    "the bidding is not over: bid 1, 2 or 3 or pass; robbing comes after it": (
        "叫分还没结束：叫 1、2、3 分或不叫；之后才抢地主",
        "入札はまだ終わっていません：1・2・3 かパス。奪い合いはその後",
    ),
    "decide whether to rob the landlord: type 'rob' or 'no'": (
        "决定是否抢地主：输入 rob 或 no",
        "地主を奪うか決めてください：rob か no",
    ),
    "{word} belongs to the bidding, which is over; now play cards or pass": (
        "{word} 是叫分用的，叫分已结束；现在请出牌或过",
        "{word} は入札の言葉で、入札は終わりました。札を出すかパスしてください",
    ),
    "these cards cannot be read as {kind}; they read as {kinds}": (
        "这些牌不能读作 {kind}；可读作 {kinds}",
        "この札は {kind} と読めません。読めるのは {kinds}",
    ),
    # ----- results --------------------------------------------------------------------
    "Everybody passed: no landlord. ": ("都不叫：没有地主。", "全員パス：地主なし。"),
    "Redeal: {who} deal": ("重新发牌：{who} 发牌", "配り直し：{who}が配る"),
    "Redeal: {who} deals": ("重新发牌：{who} 发牌", "配り直し：{who}が配る"),
    "; the next deal counts double (D {x}2)": (
        "；下一局翻倍（D {x}2）",
        "；次のディールは倍（D {x}2）",
    ),
    "; it is not doubled again": ("；不再翻倍", "；これ以上は倍にならない"),
    "The landlord ({who}) win": ("地主（{who}）赢", "地主（{who}）の勝ち"),
    "The landlord ({who}) wins": ("地主（{who}）赢", "地主（{who}）の勝ち"),
    "The peasants win": ("农民赢", "農民の勝ち"),
    ": {first} went out first; the landlord ({who}) lose": (
        "：{first} 先出完；地主（{who}）输",
        "：{first}が先に上がり、地主（{who}）の負け",
    ),
    ": {first} went out first; the landlord ({who}) loses": (
        "：{first} 先出完；地主（{who}）输",
        "：{first}が先に上がり、地主（{who}）の負け",
    ),
    ".": ("。", "。"),
    "Spring (春天): no peasant played a card — {s}": (
        "春天：农民一张牌都没出 —— {s}",
        "春天：農民が1枚も出せなかった — {s}",
    ),
    "Anti-spring (反春): the landlord made one play only — {s}": (
        "反春：地主只出了一手 —— {s}",
        "反春：地主が1回しか出せなかった — {s}",
    ),
    "this game": ("本局", "このゲーム"),
    "Everybody passed: no landlord, no score; the deal does not count. ": (
        "都不叫：没有地主，不计分；本局不计。",
        "全員パス：地主なし、得点なし。このディールは数えません。",
    ),
    "Landlord": ("地主", "地主"),
    "Dealer": ("庄家", "親"),
    "Result": ("结果", "結果"),
    "Unit": ("单位分", "単位"),
    "all passed": ("都不叫", "全員パス"),
    "landlord wins": ("地主赢", "地主の勝ち"),
    "peasants win": ("农民赢", "農民の勝ち"),
    " (doubled)": ("（翻倍）", "（倍）"),
    # ----- chupai replay -----------------------------------------------------
    "landlord seat {n}, R x{r}": ("地主 座位 {n}，R x{r}", "地主 席 {n}、R x{r}"),
    "明牌: the landlord's hand is face up": ("明牌：地主的手牌亮出", "明牌：地主の手札を公開"),
    "doubling bomb (b={b})": ("翻倍炸弹（b={b}）", "倍になる爆弾（b={b}）"),
    "goes out, the landlord wins": ("出完，地主赢", "上がり、地主の勝ち"),
    "goes out, the peasants win": ("出完，农民赢", "上がり、農民の勝ち"),
    "bidding over: seat {n} is the landlord (bid {bid}); robbing": (
        "叫分结束：座位 {n} 是地主（叫 {bid} 分）；抢地主",
        "入札終了：席 {n} が地主（入札 {bid}）。奪い合いへ",
    ),
    "landlord seat {n} (B {bid}{robs}) takes the kitty {kitty}": (
        "地主 座位 {n}（B {bid}{robs}）拿底牌 {kitty}",
        "地主 席 {n}（B {bid}{robs}）が伏せ札 {kitty} を取る",
    ),
    "everybody passed: redeal": ("都不叫：重新发牌", "全員パス：配り直し"),
    "first bidder seat {n}": ("先叫 座位 {n}", "最初の入札 席 {n}"),
    "kitty: {cards}": ("底牌：{cards}", "伏せ札：{cards}"),
    "marker card {card} (stock index {at})": (
        "明牌（定庄） {card}（牌堆第 {at} 张）",
        "目印カード {card}（山の {at} 番目）",
    ),
    "doubled (D x2)": ("翻倍（D x2）", "倍（D x2）"),
    "everybody passed: redeal, no score": (
        "都不叫：重新发牌，不计分",
        "全員パス：配り直し、得点なし",
    ),
    "peasants win: seat {n} went out first (landlord seat {lord})": (
        "农民赢：座位 {n} 先出完（地主 座位 {lord}）",
        "農民の勝ち：席 {n} が最初に上がり（地主 席 {lord}）",
    ),
    "landlord": ("地主", "地主"),
    "peasant": ("农民", "農民"),
    " (the next deal counts double)": ("（下一局翻倍）", "（次のディールは倍）"),
    "spring: no peasant played a card": ("春天：农民一张牌都没出", "春天：農民が1枚も出せなかった"),
    "anti-spring: the landlord made one play only": (
        "反春：地主只出了一手",
        "反春：地主が1回しか出せなかった",
    ),
    "landlord seat {n} wins": ("地主 座位 {n} 赢", "地主 席 {n} の勝ち"),
    "{unit} (doubled)": ("{unit}（翻倍）", "{unit}（倍）"),
    "show": ("明牌", "明牌"),
}
"""Dou Dizhu's terminal texts by English template: (中文, 日本語)."""

add_translations(MESSAGES)
