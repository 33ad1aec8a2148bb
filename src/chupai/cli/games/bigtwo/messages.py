"""The texts of Big Two's terminal game (``chupai play bigtwo``) in 中文 and
日本語: ``{english: (zh, ja)}``, added to :mod:`chupai.i18n` on import."""

from __future__ import annotations

from typing import Final

from chupai.i18n import add_translations

__all__ = ["MESSAGES"]

MESSAGES: Final[dict[str, tuple[str, str]]] = {
    # ----- the table ------------------------------------------------------------------
    " · Leader: {who}": (" · 领出：{who}", " · リード：{who}"),
    " · Starting player: {who}": (" · 先出：{who}", " · 最初の手番：{who}"),
    " blocked": (" 被封", " ブロック"),
    "Face up, out of play: ": ("明牌，不参与本局：", "表向きで場外："),
    " — last card!": ("——报单！", " — ラスト1枚！"),
    "Titles": ("头衔", "称号"),
    "Ranks from the last deal": ("上局名次", "前のディールの順位"),
    ": ": ("：", "："),
    "King": ("皇帝", "王"),
    "Noble": ("贵族", "貴族"),
    "Commoner": ("平民", "平民"),
    "Slave": ("奴隶", "奴隷"),
    "choose hands": ("选手牌", "手札選び"),
    "leftover": ("剩余牌", "余りカード"),
    "redeal": ("重发", "配り直し"),
    "pre exchange": ("换牌", "交換"),
    "class exchange": ("阶级换牌", "階級の交換"),
    "tribute": ("进贡", "貢ぎ"),
    # ----- asking the human -----------------------------------------------------------
    " that includes ": ("，须包含 ", "（次を含む："),
    "; 頂大: the next player holds one card, so a single must be your "
    "highest card (and a lead two or more cards if you can)": (
        "；頂大：下家只剩一张牌，出单张必须出你最大的牌（领出时能出两张以上就要出）",
        "；頂大：次の人が残り1枚なので、シングルは手札で一番強い札（リードはできれば2枚以上）",
    ),
    "; add 'last' to a play that leaves you one card": (
        "；出完只剩一张时在后面加 last（报单）",
        "；残り1枚になる出し方には last を付ける",
    ),
    "a leftover card lies face down. 'swap': your ": (
        "有一张剩余牌背面朝下。swap：你的 ",
        "余りカードが1枚裏向きです。swap：あなたの ",
    ),
    " goes face up out of play and you take the unseen card "
    "(then lead anything); 'decline': it leaves play unseen.": (
        " 亮出并离场，你拿走那张暗牌（然后可任意领出）；decline：那张牌不看离场。",
        " を表向きで場外に出し、見えない札を取ります（その後は何でもリード可）。decline：その札は見ずに場外へ。",
    ),
    "the leftover card ": ("剩余牌 ", "余りカード "),
    " is face up. 'take' it into your hand or 'leave' it out of play.": (
        " 是明牌。take 拿进手牌，或 leave 让它离场。",
        " が表向きです。take で手札に入れるか、leave で場外に。",
    ),
    "your hand qualifies for a redeal ({why}). ": (
        "你的手牌可以要求重新发牌（{why}）。",
        "この手札は配り直しを求められます（{why}）。",
    ),
    "as the best-ranked player still to choose, take one of the face-down hands. ": (
        "你是尚未选牌者中名次最高的，请拿一份背面朝下的手牌。",
        "まだ選んでいない中で順位が最上位なので、裏向きの手札を1つ取ってください。",
    ),
    "put 1 to 3 cards face down into the pile; the pile is shuffled and "
    "each player gets back as many cards as they gave. ": (
        "把 1 到 3 张牌背面朝下放进牌堆；牌堆洗匀后每人拿回与放入数量相同的牌。",
        "1〜3枚を裏向きで山に出します。山を混ぜ、各自が出した枚数だけ受け取ります。",
    ),
    "you are {title}; name a card you want from {who} ({other}), or skip that exchange. ": (
        "你是{title}；向{who}（{other}）点一张你想要的牌，或放弃这次交换。",
        "あなたは{title}です。{who}（{other}）から欲しい札を1枚指名するか、交換をやめてください。",
    ),
    "one card": ("一张牌", "1枚"),
    "a card": ("一张牌", "1枚"),
    "{n} cards": ("{n} 张牌", "{n} 枚"),
    "give {cards} of your choice to {who}. ": (
        "任选{cards}给{who}。",
        "好きな札を{cards}{who}に渡してください。",
    ),
    "set aside {n} card to keep; the next player draws 3 of your other cards at random. ": (
        "留下 {n} 张牌；下家从你其余的牌中随机抽 3 张。",
        "残す札を{n}枚選んでください。次の人が残りの札から3枚を無作為に引きます。",
    ),
    "set aside {n} cards to keep; the next player draws 3 of your other cards at random. ": (
        "留下 {n} 张牌；下家从你其余的牌中随机抽 3 张。",
        "残す札を{n}枚選んでください。次の人が残りの札から3枚を無作為に引きます。",
    ),
    "Type {what}.": ("输入 {what}。", "{what} と入力してください。"),
    # ----- events before play ---------------------------------------------------------
    "it": ("它", "その札"),
    "{who} name ": ("{who} 点了 ", "{who}が指名："),
    "{who} names ": ("{who} 点了 ", "{who}が指名："),
    " from {to}": ("（向{to}要）", "（{to}から）"),
    "{who} pay tribute to {to}: ": ("{who} 向{to}进贡：", "{who}が{to}に貢ぐ："),
    "{who} pays tribute to {to}: ": ("{who} 向{to}进贡：", "{who}が{to}に貢ぐ："),
    "{who} get from the pile: ": ("{who} 从牌堆拿到：", "{who}が山から受け取る："),
    "{who} gets from the pile: ": ("{who} 从牌堆拿到：", "{who}が山から受け取る："),
    "{who} keep ": ("{who} 留下 ", "{who}が残す："),
    "{who} keeps ": ("{who} 留下 ", "{who}が残す："),
    " out of the draw": ("（不被抽）", "（引かれない）"),
    "{who} put ": ("{who} 放入 ", "{who}が出す："),
    "{who} puts ": ("{who} 放入 ", "{who}が出す："),
    " face down into the pile": ("（背面朝下放进牌堆）", "（裏向きで山へ）"),
    "{who} give ": ("{who} 给出 ", "{who}が渡す："),
    "{who} gives ": ("{who} 给出 ", "{who}が渡す："),
    " to {to}": ("（给{to}）", "（{to}へ）"),
    "{who} draw {some} at random from {to}": (
        "{who} 从{to}随机抽了{some}",
        "{who}が{to}から{some}を無作為に引く",
    ),
    "{who} draws {some} at random from {to}": (
        "{who} 从{to}随机抽了{some}",
        "{who}が{to}から{some}を無作為に引く",
    ),
    "{who} do not hold ": ("{who} 没有 ", "{who}は持っていない："),
    "{who} does not hold ": ("{who} 没有 ", "{who}は持っていない："),
    "{who} ask for a redeal": ("{who} 要求重新发牌", "{who}が配り直しを求める"),
    "{who} asks for a redeal": ("{who} 要求重新发牌", "{who}が配り直しを求める"),
    "{who} keep the hand (no redeal)": (
        "{who} 保留手牌（不重发）",
        "{who}は手札を残す（配り直しなし）",
    ),
    "{who} keeps the hand (no redeal)": (
        "{who} 保留手牌（不重发）",
        "{who}は手札を残す（配り直しなし）",
    ),
    "{who} takes a hand": ("{who} 拿了一份手牌", "{who}が手札を1つ取る"),
    "{who} take face-down hand {n}": ("{who} 拿了第 {n} 份暗牌", "{who}が裏向きの手札 {n} を取る"),
    "{who} takes face-down hand {n}": ("{who} 拿了第 {n} 份暗牌", "{who}が裏向きの手札 {n} を取る"),
    "{who} give up the exchange with {to}": (
        "{who} 放弃与{to}的交换",
        "{who}は{to}との交換をやめる",
    ),
    "{who} gives up the exchange with {to}": (
        "{who} 放弃与{to}的交换",
        "{who}は{to}との交換をやめる",
    ),
    "take": ("拿", "取る"),
    "takes": ("拿", "取る"),
    "leave": ("不拿", "取らない"),
    "leaves": ("不拿", "取らない"),
    "swap": ("换牌", "交換"),
    "swaps": ("换牌", "交換"),
    "decline": ("不换", "断る"),
    "declines": ("不换", "断る"),
    "ask": ("要求", "求める"),
    "asks": ("要求", "求める"),
    "keep": ("留下", "残す"),
    "keeps": ("留下", "残す"),
    "give": ("给", "渡す"),
    "gives": ("给", "渡す"),
    " the leftover card ": (" 剩余牌 ", " 余りカード "),
    " the leftover card out of play": (" 剩余牌，让它离场", " 余りカードを場外に"),
    " goes face up out of play": (" 亮出并离场", " は表向きで場外へ"),
    ", you take ": ("，你拿到 ", "、あなたが取る："),
    " the swap; the leftover card leaves play unseen": (
        " 换牌；剩余牌不看离场",
        " 交換を断る。余りカードは見ずに場外へ",
    ),
    # ----- refusals -------------------------------------------------------------------
    " (play {n} cards to follow)": ("（跟牌要出 {n} 张）", "（続けるには {n} 枚出す）"),
    "the first lead must include ": ("第一手必须包含 ", "最初のリードには次を含める："),
    " (the starting card)": ("（起始牌）", "（最初の札）"),
    "first decide on the leftover card: type {names}": (
        "先决定剩余牌：输入 {names}",
        "まず余りカードを決めてください：{names} と入力",
    ),
    "{word} is a decision before play; now play cards or pass": (
        "{word} 是出牌前的决定；现在请出牌或过",
        "{word} はプレイ前の選択です。今は札を出すかパスしてください",
    ),
    "'hand N' with N one of {numbers}": (
        "hand N（N 为 {numbers} 之一）",
        "hand N（N は {numbers} のいずれか）",
    ),
    "{word} needs cards: type {what}": (
        "{word} 需要带牌：输入 {what}",
        "{word} には札が必要です：{what} と入力",
    ),
    "card {card} is given twice (by index and by name)": (
        "{card} 给了两次（序号和牌名）",
        "{card} が2回指定されています（番号と札名）",
    ),
    "{error} (a card is a rank 3-9, 10 or T, J, Q, K, A, 2 then a suit "
    "d c h s, e.g. 10h; or give the card's index)": (
        "{error}（一张牌是点数 3-9、10 或 T、J、Q、K、A、2 加花色 d c h s，如 10h；也可以输入序号）",
        "{error}（札はランク 3-9、10 か T、J、Q、K、A、2 の後にスート d c h s。例：10h。番号でも可）",
    ),
    "{tokens} (a card you do not hold)": (
        "{tokens}（一张你没有的牌）",
        "{tokens}（持っていない札）",
    ),
    "{tokens} or {indexes} (cards by token or index)": (
        "{tokens} 或 {indexes}（牌名或序号）",
        "{tokens} または {indexes}（札名か番号）",
    ),
    "choose a face-down hand: type {what}": (
        "选一份暗牌：输入 {what}",
        "裏向きの手札を選んでください：{what} と入力",
    ),
    "name the card you want by its token, e.g. 'name 2s'": (
        "用牌名点你想要的牌，如 name 2s",
        "欲しい札を札名で指名してください（例：name 2s）",
    ),
    "index {i} is out of range: your hand has {n} cards, numbered 0 to "
    "{last} (a card token has a rank and a suit, e.g. 10h)": (
        "序号 {i} 超出范围：你有 {n} 张牌，序号 0 到 {last}（牌名是点数加花色，如 10h）",
        "番号 {i} は範囲外です：手札は {n} 枚で番号は 0〜{last}（札名はランクとスート、例：10h）",
    ),
    # ----- the help screen ------------------------------------------------------------
    "play cards by token: rank then suit (10h or th, A♠ or as)": (
        "按牌名出牌：点数加花色（10h 或 th，A♠ 或 as）",
        "札名で出す：ランクの後にスート（10h か th、A♠ か as）",
    ),
    "a play that leaves you one card, calling 'last card' (last_card_call)": (
        "出完只剩一张时报单（last_card_call）",
        "残り1枚になる出し方で「ラスト1枚」を宣言（last_card_call）",
    ),
    "the face-up leftover card (3 players, taiwan_exposed)": (
        "明着的剩余牌（3 人，taiwan_exposed）",
        "表向きの余りカード（3人、taiwan_exposed）",
    ),
    "the face-down leftover card (3 players, malaysian)": (
        "背面朝下的剩余牌（3 人，malaysian）",
        "裏向きの余りカード（3人、malaysian）",
    ),
    "ask for a redeal with a qualifying hand, or keep it": (
        "手牌符合条件时要求重新发牌，或保留手牌",
        "条件を満たす手札で配り直しを求めるか、そのまま残す",
    ),
    "give cards (by token or index): exchange, tribute return": (
        "给牌（牌名或序号）：换牌、还贡",
        "札を渡す（札名か番号）：交換、貢ぎの返し",
    ),
    "class struggle: name a card you want, or give up that exchange": (
        "阶级斗争：点一张你想要的牌，或放弃这次交换",
        "階級闘争：欲しい札を指名するか、その交換をやめる",
    ),
    "tribute draw_three: the cards kept out of the draw": (
        "进贡 draw_three：留下不被抽的牌",
        "貢ぎ draw_three：引かれないように残す札",
    ),
    "tribute choose_hands: take face-down hand 2": (
        "进贡 choose_hands：拿第 2 份暗牌",
        "貢ぎ choose_hands：裏向きの手札 2 を取る",
    ),
    "suggest a play (the greedy bot's) and count the legal plays": (
        "提示一手牌（greedy 电脑的选择）并统计合法出牌",
        "出し方を提案（greedy ボットの選択）し、出せる手を数える",
    ),
    # ----- hints and results ----------------------------------------------------------
    "{n} possible decisions; type {what}": (
        "{n} 种可选决定；输入 {what}",
        "選べる選択は {n} 通り：{what} と入力",
    ),
    "  (nothing in your hand beats the table)": (
        "  （你的手牌没有大过桌上的）",
        "  （手札に場より強いものがない）",
    ),
    "Choices: {names}": ("可选：{names}", "選択肢：{names}"),
    "  Trick over; {who} {lead}.": (
        "  本轮结束；{who}{lead}。",
        "  場が流れました。{who}が{lead}。",
    ),
    "Redeal: ": ("重新发牌：", "配り直し："),
    "a player": ("有人", "誰か"),
    "{who} asked for a redeal; the deal does not count.": (
        "{who} 要求重新发牌；本局不计。",
        "{who}が配り直しを求めました。このディールは数えません。",
    ),
    "{who} showed: ": ("{who} 亮出：", "{who}が見せた手："),
    " — instant win: {how}": ("——直接获胜：{how}", " — 即勝ち：{how}"),
    "dragon": ("一条龙", "ドラゴン"),
    "suited dragon": ("同花一条龙", "同スートのドラゴン"),
    "four twos": ("四个2", "2が4枚"),
    ", out with ": ("，最后一手 ", "、上がりの手："),
    "頂大: {liable} let {winner} go out over a play that broke the obligation "
    "and pays every loser's penalty.": (
        "頂大：{liable} 没有按规定出最大牌，让{winner} 出完，要替所有输家付罚分。",
        "頂大：{liable}は義務に反する出し方で{winner}を上がらせたので、負けた全員のペナルティを払います。",
    ),
    "Penalties count the cards held when {who} went out.": (
        "罚分按{who} 出完时各家剩余的牌计算。",
        "ペナルティは{who}が上がった時点の残り札で数えます。",
    ),
    # ----- chupai replay -----------------------------------------------------
    "asks for a redeal": ("要求重新发牌", "配り直しを求める"),
    "calls 'last card'": ("报单", "「ラスト1枚」を宣言"),
    "goes out, wins": ("出完，获胜", "上がり、勝ち"),
    "first deal": ("第一局", "最初のディール"),
    "leader seat {n}": ("领出 座位 {n}", "リード 席 {n}"),
    "   ranking {seats}": ("   名次 {seats}", "   順位 {seats}"),
    "none": ("无", "なし"),
    "leftover: {cards}": ("剩余牌：{cards}", "余りカード：{cards}"),
    "winner: seat {n}": ("赢家：座位 {n}", "勝者：席 {n}"),
    "redeal requested by seat {n}: the deal does not count": (
        "座位 {n} 要求重新发牌：本局不计",
        "席 {n} が配り直しを要求：このディールは数えません",
    ),
    "instant win ({how})": ("直接获胜（{how}）", "即勝ち（{how}）"),
    "first out": ("先出完", "最初に上がり"),
    "cards scored": ("计分的牌", "数えた札"),
    "penalty": ("罚分", "ペナルティ"),
    "choice": ("决定", "選択"),
    "頂大: seat {n} is liable and pays every loser's penalty": (
        "頂大：座位 {n} 负责，替所有输家付罚分",
        "頂大：席 {n} に責任があり、負けた全員のペナルティを払う",
    ),
}
"""Big Two's terminal texts by English template: (中文, 日本語)."""

add_translations(MESSAGES)
