"""The texts of Big A's terminal game (``chupai play biga``) in 中文 and 日本語:
``{english: (zh, ja)}``, added to :mod:`chupai.i18n` on import. Roles are named as
on the web table: 庄家 / 帮手 / 闲家 (宣言者 / 相棒 / 守備)."""

from __future__ import annotations

from typing import Final

from chupai.i18n import add_translations

__all__ = ["MESSAGES"]

MESSAGES: Final[dict[str, tuple[str, str]]] = {
    # ----- words ----------------------------------------------------------------------
    "your": ("你的", "あなたの"),
    "{who}'s": ("{who} 的", "{who}の"),
    "diamonds": ("方块", "ダイヤ"),
    "clubs": ("梅花", "クラブ"),
    "hearts": ("红心", "ハート"),
    "spades": ("黑桃", "スペード"),
    "declarer": ("庄家", "宣言者"),
    "partner": ("帮手", "相棒"),
    "defender": ("闲家", "守備"),
    "hidden": ("未知", "不明"),
    "this": ("本局", "このディール"),
    "capture": ("抓", "取る"),
    "captures": ("抓", "取る"),
    "capture ": ("抓 ", "取る "),
    " with ": (" 用 ", " を次で："),
    "  (hint, moves, help, quit)": (
        "  （hint 提示、moves 列表、help 帮助、quit 退出）",
        "  （hint ヒント、moves 一覧、help ヘルプ、quit 終了）",
    ),
    # ----- the help screen ------------------------------------------------------------
    "The draw": ("摸牌", "ドロー"),
    "show one Ace: you become the declarer and its suit the Big Ace suit "
    "(only while nobody has declared)": (
        "亮一张 A：你成为庄家，它的花色成为大A花色（只在还没人亮牌时）",
        "A を1枚見せる：あなたが宣言者になり、そのスートが大Aのスートに（まだ誰も宣言していない時だけ）",
    ),
    "show both Aces of a suit (反大A): you become the declarer and play "
    "alone; an earlier declaration is cancelled": (
        "亮出同花色的两张 A（反大A）：你成为庄家并独打；之前的亮牌作废",
        "同じスートの A を2枚見せる（反大A）：あなたが宣言者になり単独で戦う。前の宣言は取り消し",
    ),
    "do not declare now (nobody is told)": (
        "现在不亮（不会告诉别人）",
        "今は宣言しない（誰にも知らされない）",
    ),
    "when you have exactly one declaration: make it": (
        "只有一种亮法时：就亮它",
        "宣言が1通りしかない時：それを宣言",
    ),
    "You are asked only when your possible declarations change (you drew an "
    "Ace, somebody declared); otherwise you decline silently.": (
        "只有在你能亮的牌变化时（摸到 A、有人亮牌）才问你；否则默认不亮。",
        "宣言できる内容が変わった時（A を引いた、誰かが宣言した）だけ聞かれます。それ以外は黙って見送ります。",
    ),
    "show your second Big Ace (alone, doubles the score) or keep it hidden; "
    "as the partner: reveal yourself (revealed table) or stay hidden": (
        "亮出你的第二张大A（独打，得分翻倍）或不亮；作为帮手：亮明身份（按亮明计分表）或不亮",
        "2枚目の大Aを見せる（単独、得点は倍）か隠す。相棒なら：名乗る（公開の得点表）か隠れたまま",
    ),
    "the same, in full": ("同上，完整写法", "同じ（省略しない形）"),
    "play cards (10 or T; BJ RJ jokers; a Big Ace with its suit, "
    "a bare A is an ordinary Ace; other suits are ignored)": (
        "出牌（10 或 T；王 BJ RJ；大A要带花色，只写 A 是普通 A；其他花色不计）",
        "札を出す（10 か T、ジョーカー BJ RJ、大Aはスート付き、A だけなら普通の A、他のスートは無視）",
    ),
    "capture the egg or big egg on top with one four fewer (its cards go into your hand)": (
        "用少一张的炸弹抓桌上的蛋子或大蛋子（被抓的牌进你的手牌）",
        "場の蛋子・大蛋子を1枚少ない4で取る（その札はあなたの手札に）",
    ),
    "pass (not when you lead)": ("过（领出时不能过）", "パス（リードの時は不可）"),
    "make move 3 of the 'moves' list": ("执行 moves 列表中的第 3 个", "moves 一覧の 3 番を行う"),
    "suggest a move (a bot's choice)": ("提示一步（电脑的选择）", "手を提案（ボットの選択）"),
    "list every legal move, numbered (then 'm N' makes one)": (
        "列出全部合法动作，带编号（再用 m N 执行）",
        "合法な手を番号付きで全部表示（m N で行う）",
    ),
    " Redeals (nobody holds an AH outside the final round) do not count; the "
    "first player out draws first in the next deal.": (
        "重新发牌（最后一轮之外没人有红心A）不计局数；先出完的人下局先摸。",
        "配り直し（最終巡以外で誰も AH を持たない）は数えません。最初に上がった人が次のディールで最初に引きます。",
    ),
    "Series over": ("系列赛结束", "シリーズ終了"),
    # ----- the draw and the questions before play ---------------------------------------
    "The draw: {who} draw first; 108 cards, one at a time, counterclockwise. "
    "You are asked to declare when your options change.": (
        "摸牌：{who} 先摸；108 张牌，逆时针一次一张。能亮的牌变化时会问你。",
        "ドロー：{who}から引く。108 枚を1枚ずつ反時計回り。宣言できる内容が変わると聞かれます。",
    ),
    "The draw: {who} draws first; 108 cards, one at a time, counterclockwise. "
    "You are asked to declare when your options change.": (
        "摸牌：{who} 先摸；108 张牌，逆时针一次一张。能亮的牌变化时会问你。",
        "ドロー：{who}から引く。108 枚を1枚ずつ反時計回り。宣言できる内容が変わると聞かれます。",
    ),
    "The draw · {n} of {total} cards drawn · ": (
        "摸牌 · 已摸 {n}/{total} 张 · ",
        "ドロー · {total} 枚中 {n} 枚 · ",
    ),
    "no declaration yet": ("还没人亮牌", "まだ宣言なし"),
    "declarer {who} ({aces} shown)": ("庄家 {who}（亮出 {aces}）", "宣言者 {who}（{aces} を公開）"),
    "Declarer: {who} · Big Aces: {ace} · Partner: ": (
        "庄家：{who} · 大A：{ace} · 帮手：",
        "宣言者：{who} · 大A：{ace} · 相棒：",
    ),
    "none — the declarer plays alone": ("无——庄家独打", "なし — 宣言者は単独"),
    "You (revealed)": ("你（已亮明）", "あなた（名乗り済み）"),
    "You (secret: you hold the other {ace})": (
        "你（暗：另一张 {ace} 在你手里）",
        "あなた（秘密：もう1枚の {ace} を持つ）",
    ),
    "none — you hold both Big Aces (secret)": (
        "无——两张大A都在你手里（暗）",
        "なし — 大Aを2枚とも持っている（秘密）",
    ),
    "  {ace} is a Big Ace, the highest single": (
        "  {ace} 是大A，最大的单张",
        "  {ace} は大A、最強のシングル",
    ),
    "  You draw ": ("  你摸到 ", "  あなたが引いた："),
    "  ({n} card; {drawn} of {total} drawn)": (
        "  （{n} 张；已摸 {drawn}/{total}）",
        "  （{n} 枚、{total} 枚中 {drawn} 枚）",
    ),
    "  ({n} cards; {drawn} of {total} drawn)": (
        "  （{n} 张；已摸 {drawn}/{total}）",
        "  （{n} 枚、{total} 枚中 {drawn} 枚）",
    ),
    "  Final round: your last card is ": (
        "  最后一轮：你的最后一张牌是 ",
        "  最終巡：あなたの最後の札は ",
    ),
    "  ({n} cards)": ("  （{n} 张）", "  （{n} 枚）"),
    "Declare? ": ("亮牌吗？", "宣言する？"),
    ", or 'decline' (n)": ("，或 decline（n）不亮", "、または decline（n）"),
    " — 'y' shows": ("—— y 亮牌", " — y で宣言"),
    "You hold both Big Aces. ": ("两张大A都在你手里。", "大Aを2枚とも持っています。"),
    "Show the second {ace} (you play alone; every score doubled)? y/n": (
        "亮出第二张 {ace} 吗（你独打；得分全部翻倍）？y/n",
        "2枚目の {ace} を見せますか（単独で戦い、得点はすべて倍）？y/n",
    ),
    "You hold the other {ace}: you are {whose} partner. ": (
        "另一张 {ace} 在你手里：你是{whose}帮手。",
        "もう1枚の {ace} を持っています：あなたは{whose}相棒です。",
    ),
    "Reveal yourself (revealed-partner table)? y/n": (
        "亮明身份吗（按亮明帮手计分表）？y/n",
        "名乗りますか（相棒公開の得点表）？y/n",
    ),
    "On the table: nothing — you lead a new trick": (
        "桌上：无——由你领出新一轮",
        "場：なし — あなたが新しい場をリード",
    ),
    ", capture it with ": ("，用以下的牌抓它 ", "、次で取る："),
    # ----- reports --------------------------------------------------------------------
    "  You keep your second {ace} hidden: you play alone, and nobody knows it yet.": (
        "  你不亮第二张 {ace}：你独打，还没人知道。",
        "  2枚目の {ace} は隠したまま：あなたは単独で戦い、まだ誰も知りません。",
    ),
    "  {who} reveal yourself": ("  {who} 亮明身份", "  {who}が名乗る"),
    "  {who} reveals itself": ("  {who} 亮明身份", "  {who}が名乗る"),
    ": you hold the other {ace} and are {whose} partner (the revealed-partner table applies)": (
        "：另一张 {ace} 在你手里，你是{whose}帮手（按亮明帮手计分表）",
        "：もう1枚の {ace} を持ち、{whose}相棒（相棒公開の得点表）",
    ),
    ": {who} holds the other {ace} and is {whose} partner (the revealed-partner table applies)": (
        "：另一张 {ace} 在{who} 手里，{who} 是{whose}帮手（按亮明帮手计分表）",
        "：{who}がもう1枚の {ace} を持ち、{whose}相棒（相棒公開の得点表）",
    ),
    "  You stay hidden: only you know that you are the partner.": (
        "  你不亮明：只有你知道你是帮手。",
        "  隠れたまま：相棒だと知っているのはあなただけ。",
    ),
    "  Nobody declared: ": ("  没人亮牌：", "  誰も宣言しなかった："),
    "each player in turn says whether they hold an AH; you are the first who "
    "does and become the declarer, hearts are the Big Ace suit (forced "
    "declaration)": (
        "每人依次说自己有没有红心A；你是第一个有的，成为庄家，红心为大A花色（强制亮牌）",
        "順に AH を持っているか答え、最初に持っていたあなたが宣言者に。ハートが大Aのスート（強制宣言）",
    ),
    "each player in turn says whether they hold an AH; {who} is the first who "
    "does and becomes the declarer, hearts are the Big Ace suit (forced "
    "declaration)": (
        "每人依次说自己有没有红心A；{who} 是第一个有的，成为庄家，红心为大A花色（强制亮牌）",
        "順に AH を持っているか答え、最初に持っていた{who}が宣言者に。ハートが大Aのスート（強制宣言）",
    ),
    "  You hold both {ace}: you play alone (nobody knows it yet).": (
        "  两张 {ace} 都在你手里：你独打（还没人知道）。",
        "  {ace} を2枚とも持っています：単独で戦います（まだ誰も知らない）。",
    ),
    "  You are the declarer; the holder of the other {ace} is your secret partner.": (
        "  你是庄家；另一张 {ace} 的持有者是你的暗帮手。",
        "  あなたが宣言者です。もう1枚の {ace} の持ち主が秘密の相棒。",
    ),
    "  You hold the other {ace}: you are {whose} partner.": (
        "  另一张 {ace} 在你手里：你是{whose}帮手。",
        "  もう1枚の {ace} を持っています：あなたは{whose}相棒。",
    ),
    "  You hold the other {ace}: you are {whose} partner (secret).": (
        "  另一张 {ace} 在你手里：你是{whose}帮手（暗）。",
        "  もう1枚の {ace} を持っています：あなたは{whose}相棒（秘密）。",
    ),
    "  You hold no {ace}: you are a defender.": (
        "  你没有 {ace}：你是闲家。",
        "  {ace} を持っていません：あなたは守備側。",
    ),
    "The play · ": ("出牌 · ", "プレイ · "),
    "  {who} lead the first trick.": ("  {who} 领出第一轮。", "  {who}が最初の場をリード。"),
    "  {who} leads the first trick.": ("  {who} 领出第一轮。", "  {who}が最初の場をリード。"),
    ": the {cards} go into {whose} hand, and ": (
        "：{cards} 进了{whose}手牌，",
        "：{cards} は{whose}手札へ、",
    ),
    " is the new top": (" 成为桌上最大", " が新しい場の札"),
    "  {who} played {ace}: you are the declarer's partner": (
        "  {who} 出了 {ace}：你是庄家的帮手",
        "  {who}が {ace} を出した：あなたは宣言者の相棒",
    ),
    "  {who} played {ace}: {who} is the declarer's partner": (
        "  {who} 出了 {ace}：{who} 是庄家的帮手",
        "  {who}が {ace} を出した：{who}は宣言者の相棒",
    ),
    "  {who} played the second {ace}: you play alone": (
        "  {who} 出了第二张 {ace}：你独打",
        "  {who}が2枚目の {ace} を出した：あなたは単独",
    ),
    "  {who} played the second {ace}: {who} plays alone": (
        "  {who} 出了第二张 {ace}：{who} 独打",
        "  {who}が2枚目の {ace} を出した：{who}は単独",
    ),
    "  {who} won the trick and are out; {next} {lead}.": (
        "  {who} 赢了这一轮并已出完；{next} {lead}。",
        "  {who}がこの場を取って上がり。{next}が{lead}。",
    ),
    "  {who} won the trick and is out; {next} {lead}.": (
        "  {who} 赢了这一轮并已出完；{next} {lead}。",
        "  {who}がこの場を取って上がり。{next}が{lead}。",
    ),
    "  — out, No. {n}!": ("  —— 出完，第 {n} 名！", "  — 上がり、{n}位！"),
    "  {who} show {ace} {ace} (反大A)": (
        "  {who} 亮出 {ace} {ace}（反大A）",
        "  {who}が {ace} {ace} を公開（反大A）",
    ),
    "  {who} shows {ace} {ace} (反大A)": (
        "  {who} 亮出 {ace} {ace}（反大A）",
        "  {who}が {ace} {ace} を公開（反大A）",
    ),
    ": you are the declarer and play alone, {suit} are the Big Ace suit; every score is doubled": (
        "：你是庄家并独打，{suit}为大A花色；得分全部翻倍",
        "：あなたが宣言者で単独、{suit}が大Aのスート。得点はすべて倍",
    ),
    ": {who} is the declarer and plays alone, {suit} are the Big Ace suit; every score is doubled": (
        "：{who} 是庄家并独打，{suit}为大A花色；得分全部翻倍",
        "：{who}が宣言者で単独、{suit}が大Aのスート。得点はすべて倍",
    ),
    "  {who} show {ace}": ("  {who} 亮出 {ace}", "  {who}が {ace} を公開"),
    "  {who} shows {ace}": ("  {who} 亮出 {ace}", "  {who}が {ace} を公開"),
    ": you are the declarer, {suit} are the Big Ace suit; the holder of the other {ace} is the secret partner": (
        "：你是庄家，{suit}为大A花色；另一张 {ace} 的持有者是暗帮手",
        "：あなたが宣言者、{suit}が大Aのスート。もう1枚の {ace} の持ち主が秘密の相棒",
    ),
    ": {who} is the declarer, {suit} are the Big Ace suit; the holder of the other {ace} is the secret partner": (
        "：{who} 是庄家，{suit}为大A花色；另一张 {ace} 的持有者是暗帮手",
        "：{who}が宣言者、{suit}が大Aのスート。もう1枚の {ace} の持ち主が秘密の相棒",
    ),
    ". {whose} declaration is cancelled ({old} is an ordinary Ace again)": (
        "。{whose}亮牌作废（{old} 又是普通 A）",
        "。{whose}宣言は取り消し（{old} は普通の A に戻る）",
    ),
    "  {who} show the second {ace}: you play alone; every score is doubled": (
        "  {who} 亮出第二张 {ace}：你独打；得分全部翻倍",
        "  {who}が2枚目の {ace} を公開：あなたは単独。得点はすべて倍",
    ),
    "  {who} shows the second {ace}: {who} plays alone; every score is doubled": (
        "  {who} 亮出第二张 {ace}：{who} 独打；得分全部翻倍",
        "  {who}が2枚目の {ace} を公開：{who}は単独。得点はすべて倍",
    ),
    # ----- refusals and hints ---------------------------------------------------------
    " (only a higher bomb beats a bomb)": (
        "（只有更大的炸弹才能打炸弹）",
        "（爆弾に勝てるのはより強い爆弾だけ）",
    ),
    " (follow with a {kind} of {n} cards, or a bomb)": (
        "（要跟 {n} 张的{kind}，或炸弹）",
        "（{n} 枚の{kind}か爆弾で続ける）",
    ),
    "{n} legal play; 'moves' lists them.": (
        "{n} 手合法出牌；moves 列出。",
        "出せる手 {n} 通り。moves で一覧。",
    ),
    "{n} legal plays; 'moves' lists them.": (
        "{n} 手合法出牌；moves 列出。",
        "出せる手 {n} 通り。moves で一覧。",
    ),
    "{n} legal move (type 'm N' to make one):": (
        "{n} 个合法动作（输入 m N 执行）：",
        "合法な手 {n} 個（m N で選ぶ）：",
    ),
    "{n} legal moves (type 'm N' to make one):": (
        "{n} 个合法动作（输入 m N 执行）：",
        "合法な手 {n} 個（m N で選ぶ）：",
    ),
    "{word} is not a move number: write m then a number, e.g. m 1": (
        "{word} 不是动作编号：写 m 加数字，如 m 1",
        "{word} は手の番号ではありません：m の後に数字（例：m 1）",
    ),
    "there is {n} move now: m 1 ('moves' lists them)": (
        "现在有 {n} 个动作：m 1（moves 列出）",
        "今の手は {n} 個：m 1（moves で一覧）",
    ),
    "there are {n} moves now: m 1 to m {n} ('moves' lists them)": (
        "现在有 {n} 个动作：m 1 到 m {n}（moves 列出）",
        "今の手は {n} 個：m 1 〜 m {n}（moves で一覧）",
    ),
    "{options}": ("{options}", "{options}"),
    "show your second Big Ace? type 'y' (show_second) or 'n' (keep_hidden)": (
        "亮出第二张大A吗？输入 y（show_second）或 n（keep_hidden）",
        "2枚目の大Aを見せますか？y（show_second）か n（keep_hidden）",
    ),
    "reveal yourself as the declarer's partner? type 'y' (reveal) or 'n' (stay_hidden)": (
        "亮明你是庄家的帮手吗？输入 y（reveal）或 n（stay_hidden）",
        "宣言者の相棒だと名乗りますか？y（reveal）か n（stay_hidden）",
    ),
    "you can show more than one way: type {ways}": (
        "有多种亮法：输入 {ways}",
        "見せ方が複数あります：{ways} と入力",
    ),
    "{line} is not a declaration": ("{line} 不是亮牌", "{line} は宣言ではありません"),
    "show which Ace?": ("亮哪张 A？", "どの A を見せますか？"),
    "{what}: type {options}": ("{what}：输入 {options}", "{what}：{options} と入力"),
    "you cannot {said} now ({why}); type {options}": (
        "现在不能 {said}（{why}）；输入 {options}",
        "今は {said} できません（{why}）：{options} と入力",
    ),
    "ordinary A": ("普通 A", "普通の A"),
    "ordinary A (a Big Ace is written {ace})": (
        "普通 A（大A要写作 {ace}）",
        "普通の A（大Aは {ace} と書く）",
    ),
    "Big Ace {ace}": ("大A {ace}", "大A {ace}"),
    "capture with which fours? e.g. 'capture 4 4'": (
        "用哪些 4 抓？如 capture 4 4",
        "どの 4 で取りますか？例：capture 4 4",
    ),
    "{word} belongs to the draw, which is over; now play cards or pass": (
        "{word} 是摸牌阶段用的，摸牌已结束；现在请出牌或过",
        "{word} はドローの言葉で、ドローは終わりました。札を出すかパスしてください",
    ),
    "{word} is not a card; to pick card {n} of your hand type #{n}, "
    "to make move {n} of the 'moves' list m {n}": (
        "{word} 不是牌；按序号选第 {n} 张牌请输入 #{n}，执行 moves 列表的第 {n} 个请输入 m {n}",
        "{word} は札ではありません。手札の {n} 番の札なら #{n}、moves 一覧の {n} 番なら m {n}",
    ),
    "{error} (ranks: 3-10 J Q K A 2, jokers BJ RJ, a Big Ace with its suit)": (
        "{error}（点数：3-10 J Q K A 2，王 BJ RJ，大A带花色）",
        "{error}（ランク：3-10 J Q K A 2、ジョーカー BJ RJ、大Aはスート付き）",
    ),
    "there is nothing to capture: you lead this trick": (
        "没有可抓的：本轮由你领出",
        "取るものがありません：この場はあなたのリード",
    ),
    "capture {top} with {n} fours: type {typed}": (
        "用 {n} 张 4 抓 {top}：输入 {typed}",
        "{top} を 4 {n} 枚で取る：{typed} と入力",
    ),
    "captures are off in these rules (fours_capture=false)": (
        "本规则不能抓（fours_capture=false）",
        "このルールでは取れません（fours_capture=false）",
    ),
    "only an egg or a big egg on top can be captured": (
        "只能抓桌上的蛋子或大蛋子",
        "取れるのは場の蛋子か大蛋子だけ",
    ),
    "you need {n} ordinary fours to capture it": (
        "要抓它需要 {n} 张普通的 4",
        "取るには普通の 4 が {n} 枚必要",
    ),
    # ----- results --------------------------------------------------------------------
    "; still holding cards: {seats}": ("；仍有手牌：{seats}", "；まだ札を持つ：{seats}"),
    "Scoring: {row}": ("计分：{row}", "得点：{row}"),
    "Place": ("名次", "順位"),
    "declarer alone, position {d}": ("庄家独打，第 {d} 名", "宣言者単独、{d}位"),
    "declarer alone, position {d}, two Big Aces shown (doubled)": (
        "庄家独打，第 {d} 名，亮出两张大A（翻倍）",
        "宣言者単独、{d}位、大Aを2枚公開（倍）",
    ),
    "positions {a} and {b}": ("第 {a} 和第 {b} 名", "{a}位と{b}位"),
    "declarer {d}, partner {p}": ("庄家第 {d}，帮手第 {p}", "宣言者{d}位、相棒{p}位"),
    "partner {p}, declarer {d}": ("帮手第 {p}，庄家第 {d}", "相棒{p}位、宣言者{d}位"),
    "partner hidden, {row}": ("帮手未亮明，{row}", "相棒非公開、{row}"),
    "partner revealed, {row}": ("帮手已亮明，{row}", "相棒公開、{row}"),
    "  Nobody holds an AH outside the final round: the deal is cancelled and "
    "redealt{seed}; {who} draw first again.": (
        "  最后一轮之外没人有红心A：本局作废重发{seed}；{who} 仍然先摸。",
        "  最終巡以外で誰も AH を持っていません：このディールは取り消して配り直し{seed}。{who}がまた最初に引きます。",
    ),
    "  Nobody holds an AH outside the final round: the deal is cancelled and "
    "redealt{seed}; {who} draws first again.": (
        "  最后一轮之外没人有红心A：本局作废重发{seed}；{who} 仍然先摸。",
        "  最終巡以外で誰も AH を持っていません：このディールは取り消して配り直し{seed}。{who}がまた最初に引きます。",
    ),
    "First drawer": ("先摸", "最初に引く人"),
    "Declarer": ("庄家", "宣言者"),
    "Scoring": ("计分", "得点"),
    "Next deal: {who} draw first (the first player out).": (
        "下一局：{who} 先摸（最先出完的人）。",
        "次のディール：{who}から引く（最初に上がった人）。",
    ),
    "Next deal: {who} draws first (the first player out).": (
        "下一局：{who} 先摸（最先出完的人）。",
        "次のディール：{who}から引く（最初に上がった人）。",
    ),
    # ----- chupai replay -----------------------------------------------------
    "seat {n} is the partner (revealed table)": (
        "座位 {n} 是帮手（亮明计分表）",
        "席 {n} が相棒（公開の得点表）",
    ),
    "after card {n}": ("第 {n} 张牌后", "{n} 枚目の後"),
    "shows the second {ace}: plays alone, scores doubled": (
        "亮出第二张 {ace}：独打，得分翻倍",
        "2枚目の {ace} を公開：単独、得点は倍",
    ),
    "反大A: declarer, {suit}, alone, scores doubled": (
        "反大A：庄家，{suit}，独打，得分翻倍",
        "反大A：宣言者、{suit}、単独、得点は倍",
    ),
    "declarer, {suit} are the Big Ace suit": (
        "庄家，{suit}为大A花色",
        "宣言者、{suit}が大Aのスート",
    ),
    "the second Big Ace: the declarer plays alone": (
        "第二张大A：庄家独打",
        "2枚目の大A：宣言者は単独",
    ),
    "final round (cards {a}-{b}) drawn": (
        "最后一轮（第 {a}-{b} 张）已摸",
        "最終巡（{a}〜{b} 枚目）を引いた",
    ),
    "draw over: nobody declared and nobody holds an AH among cards 0-102: redeal": (
        "摸牌结束：没人亮牌，第 0-102 张中也没人有红心A：重新发牌",
        "ドロー終了：誰も宣言せず、0〜102 枚目に AH を持つ人もいない：配り直し",
    ),
    "draw over: nobody declared; forced declaration: seat {n} holds an AH and is the declarer, hearts are the Big Ace suit": (
        "摸牌结束：没人亮牌；强制亮牌：座位 {n} 有红心A，是庄家，红心为大A花色",
        "ドロー終了：誰も宣言せず。強制宣言：席 {n} が AH を持ち宣言者、ハートが大Aのスート",
    ),
    "declarer seat {n} ({ace})": ("庄家 座位 {n}（{ace}）", "宣言者 席 {n}（{ace}）"),
    "scoring: {row}": ("计分：{row}", "得点：{row}"),
    "redeal: no score; seat {n} draws first again": (
        "重新发牌：不计分；座位 {n} 仍然先摸",
        "配り直し：得点なし。席 {n} がまた最初に引く",
    ),
    "next first drawer: seat {n}": ("下局先摸：座位 {n}", "次に最初に引く人：席 {n}"),
    ", forced": ("，强制", "、強制"),
    ", alone": ("，独打", "、単独"),
    ", partner seat {n} (revealed)": ("，帮手 座位 {n}（已亮明）", "、相棒 席 {n}（公開）"),
    ", partner seat {n} (hidden)": ("，帮手 座位 {n}（未亮明）", "、相棒 席 {n}（非公開）"),
    ", two Big Aces shown": ("，亮出两张大A", "、大Aを2枚公開"),
    "alone": ("独打", "単独"),
    "first drawer seat {n}": ("先摸 座位 {n}", "最初に引く人 席 {n}"),
    "last card {cards}": ("最后一张 {cards}", "最後の札 {cards}"),
    "({n} 'decline' answer of the draw not listed)": (
        "（摸牌时 {n} 次 decline 回答未列出）",
        "（ドロー中の decline {n} 回は省略）",
    ),
    "({n} 'decline' answers of the draw not listed)": (
        "（摸牌时 {n} 次 decline 回答未列出）",
        "（ドロー中の decline {n} 回は省略）",
    ),
    "captures {cards} (into seat {n}'s hand)": (
        "抓 {cards}（进座位 {n} 的手牌）",
        "{cards} を取る（席 {n} の手札へ）",
    ),
    "plays a Big Ace: seat {n} is the declarer's partner": (
        "出了大A：座位 {n} 是庄家的帮手",
        "大Aを出した：席 {n} が宣言者の相棒",
    ),
    "seat {n}'s declaration is cancelled": ("座位 {n} 的亮牌作废", "席 {n} の宣言は取り消し"),
    "plays alone, scores doubled": ("独打，得分翻倍", "単独、得点は倍"),
    "plays alone (private)": ("独打（未公开）", "単独（非公開）"),
    "the partner stays hidden (private)": ("帮手不亮明（未公开）", "相棒は隠れたまま（非公開）"),
    "first": ("先摸", "最初"),
    "order": ("顺序", "順番"),
    "place": ("名次", "順位"),
    "declare": ("亮牌", "宣言"),
    "reveal": ("亮明", "名乗り"),
    "show second": ("亮第二张", "2枚目を公開"),
    "keep hidden": ("不亮", "隠す"),
    "stay hidden": ("不亮明", "隠れたまま"),
}
"""Big A's terminal texts by English template: (中文, 日本語)."""

add_translations(MESSAGES)
