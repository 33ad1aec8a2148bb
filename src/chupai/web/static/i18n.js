// Translations of the browser UI: English, 中文 (simplified), 日本語.
//
// The engine speaks English identifiers (phase names, combination types, action
// words such as "bid 2" or "give 4D"); this module turns them into display text.
// Anything unknown falls back to English, then to the identifier itself, so a new
// engine word shows up readable instead of breaking the page.

export const LANGS = [
  { code: "en", label: "English" },
  { code: "zh", label: "中文" },
  { code: "ja", label: "日本語" },
];

const STORE_KEY = "chupai.lang";
let current = initialLang();

function initialLang() {
  try {
    const saved = localStorage.getItem(STORE_KEY);
    if (saved && LANGS.some((l) => l.code === saved)) return saved;
  } catch (e) { /* storage may be disabled */ }
  const nav = (navigator.languages && navigator.languages[0]) || navigator.language || "en";
  const low = nav.toLowerCase();
  if (low.startsWith("zh")) return "zh";
  if (low.startsWith("ja")) return "ja";
  return "en";
}

export function getLang() { return current; }

export function setLang(code) {
  if (!LANGS.some((l) => l.code === code)) return;
  current = code;
  try { localStorage.setItem(STORE_KEY, code); } catch (e) { /* ignore */ }
  document.documentElement.lang = code === "zh" ? "zh-CN" : code;
}
document.documentElement.lang = current === "zh" ? "zh-CN" : current;

// ---- interface strings -------------------------------------------------------------------
const UI = {
  en: {
    app_title: "chupai — card table",
    lobby: "Lobby", records: "Records", language: "Language",
    new_table: "New table", game: "Game", preset: "Rules preset", players_n: "{n} players",
    spec_cli: "On the command line: {spec}", options: "Option overrides", options_help: "One key=value per line, e.g. pass_lockout=true",
    advanced: "Advanced", deals: "Number of deals", seats: "Seats", seat_n: "Seat {n}",
    you: "You", friend: "Friend (invite)", bot_level: "Bot: {level}",
    your_name: "Your name", turn_seconds: "Turn timer (seconds, empty = none)", seed: "Seed (optional)",
    create: "Create table", creating: "Creating…",
    open_tables: "Tables", refresh: "Refresh", no_tables: "No tables yet.", watch: "Watch",
    resume: "Resume", status_playing: "playing", status_over: "over",
    deal_k_of_n: "Deal {k} / {n}", loading: "Loading…", load_failed: "Could not load: {msg}",
    you_first_human: "“You” must be the first human seat (the creator takes the first human seat).",
    one_you: "Only one seat can be “You”.",
    error_field: "{msg} (field: {field})",
    back_lobby: "← Lobby",
    connecting: "Connecting…", reconnecting: "Reconnecting…", connected: "Connected", disconnected: "Not connected",
    spectator: "Watching", your_turn: "Your turn", waiting_for: "Waiting for {name}",
    turn_of: "{name} to act", hidden_turn: "Waiting…", deal_over: "Deal over", match_over: "Match over",
    play: "Play", pass: "Pass", hint: "Hint", confirm: "Confirm", cancel: "Cancel", close: "Close",
    next_deal: "Continue", which_reading: "Which play?", hint_is: "Hint: {text}",
    choose: "Your decision", select_then: "Select cards in your hand, then confirm",
    selected_none: "no cards selected",
    cards_n: "{n} cards", card_1: "1 card", bot: "bot", human: "human", offline: "offline", online: "online",
    seat_label: "Seat {n}", history: "History", no_history: "Nothing yet.",
    scores: "Scores", deal_col: "Deal", total: "Total", redeal: "redeal", note: "Note",
    score_explained: "How the points were scored",
    outcome: "Deal result", winner: "Winner: {name}", redeal_note: "Redeal — this deal does not count.",
    hands_revealed: "Hands", final_totals: "Final totals", view_record: "View record",
    download_json: "Download JSON", invitations: "Invitation links", copy: "Copy", copied: "Copied",
    take_my_seat: "Take my seat", phase: "Phase", timer_s: "{s}s", your_seat: "You",
    rank_n: "#{n}", hand_empty: "No cards in hand",
    records_title: "Finished matches", no_records: "No finished matches yet.", open: "Open",
    replay: "Replay", step_of: "Step {k} / {n}", first: "«", prev: "‹", next: "›", last: "»",
    autoplay: "Autoplay", stop: "Stop", start: "Start",
    demo: "Demo", demo_note: "Demo states (no server): ",
    not_found: "Page not found.", table: "Table", kitty: "Kitty", top_play: "On the table",
    err_unknown_table: "This table does not exist.", err_bad_token: "This seat link is not valid.",
    stale_notice: "The table had moved on; your action was not applied.",
    keyboard_help: "Keys: ←/→ move, Space select, Enter play, P pass, H hint",
    guide_lead: "Pick cards to play: you cannot pass now.", guide_beat: "Pick cards that beat the table, or pass.",
    guide_pass_only: "Nothing in your hand beats the table: pass.",
    created_at: "Created", bot_named: "Bot{n} ({level})", first_out: "first out: {name}",
    winners_are: "Winners: {names}", no_winner: "Nobody won: the finishing positions score 0",
    prompt_bid: "Bid for the landlord (a higher bid raises the stake), or pass.",
    prompt_rob: "Rob the landlord? Robbing raises the stake.",
    prompt_show_ddz: "Show your hand to everyone before the first play? (It raises the stake.)",
    prompt_name: "Name a card to ask {name} for (they give it to you if they hold it), or skip.",
    prompt_give_to: "Select the card(s) to give {name}, then confirm.",
    prompt_give: "Select the card(s) to give, then confirm.",
    prompt_draw: "Show an Ace to declare: its suit becomes the Big Ace suit and the holder of the other same Ace is your secret partner.",
    prompt_show_second: "You hold both Big Aces: show the second one, or keep it hidden?",
    prompt_reveal: "You hold the declarer's Ace: you are the secret partner. Reveal it now, or stay hidden?",
    prompt_redeal: "You may ask for a redeal, or keep this hand.",
    prompt_leftover: "Decide about the leftover card.",
    prompt_hand: "Choose a hand.",
    prompt_tribute_highest: "You were trapped in the last deal: pay a tribute of one card of your highest rank. The winners receive the tributes, the highest to the first out.",
    prompt_return_to: "{name} paid you a tribute: give one card of your choice back. Select it, then confirm.",
    prompt_return: "Give one card of your choice back to the player who paid you a tribute. Select it, then confirm.",
    prompt_offer_to: "{name} paid you a joker: offer cards of different ranks (select them, then confirm); {name} takes one.",
    prompt_offer: "You received a joker: offer cards of different ranks (select them, then confirm); the giver takes one.",
    prompt_take_from: "{name} offers you these cards for your joker: take one.",
    prompt_take: "Take one of the cards offered for your joker.",
    prompt_tribute: "Tribute: select the card(s), then confirm.", dealer: "Dealer", you_suffix: " (you)", list_sep: ", ", private_notes: "Only you saw", your_hand: "Your hand", side_won: "The {side} won", deals_n: "{n} deals",
    // the table's flow (flow.js)
    watching: "Watching", watching_view: "the public view: nobody's hand is shown", timed_notice: "Time ran out: the table played {what} for you", timed_short: "timed out", timed_title: "The turn timer played this", next_deal_in: "Next deal in {s} s", waiting_continue: "waiting for {names} to continue",
    rematch: "Rematch", rematch_accept: "Accept the rematch", rematch_offered: "{name} offers a rematch", rematch_waiting: "Rematch offered; waiting for {names}", rematch_go: "Go to the rematch", rematch_watch: "Watch the rematch", auto_pass: "Auto-pass", auto_pass_help: "Pass by itself when a pass is the only thing you can do", auto_passed: "Auto-pass: nothing in your hand can be played",
    name_title: "Your name at this table", name_help: "The other players see it. You may skip this.", name_ok: "OK", name_skip: "Skip", bot_n: "Bot {n}", continue_seconds: "Wait after each deal (seconds, 0 = none)",
    // the bots' think time (flow.js, felt.js)
    thinking: "thinking…", think_secs: "{s} s", think_title: "How long the bot took to choose this",
    analysis_title: "Analysis", analyse: "Analyse", analysis_seat: "Seats to analyse", analysis_all_seats: "Every seat", analysis_budget: "Depth", budget_quick: "Quick", budget_default: "Normal", budget_deep: "Deep", analysis_queued: "Waiting for a free worker…", analysing: "Analysing… {done} / {total} decisions", analysis_failed: "The analysis failed: {msg}", graph_title: "Win probability of each analysed decision; click a point to go there", no_decision_here: "No analysed decision at this step.",
    played_line: "played: {action} (win {win}, score {score})", best_line: "best: {action} (win {win}, score {score})", played_only: "played: {action} (the only legal action)", label_best: "best", label_good: "good", label_inaccuracy: "inaccuracy", label_mistake: "mistake", label_blunder: "blunder", label_only: "only move", win_hint: "Win %", win_hint_title: "Evaluate your choices (practice tables only)", win_hint_busy: "Evaluating…", win_hint_line: "{action}: win {win}, score {score}", true_deal_note: "from the real hands: no deal matching this seat's view was found",
  },
  zh: {
    app_title: "chupai — 牌桌",
    lobby: "大厅", records: "对局记录", language: "语言",
    new_table: "新牌桌", game: "游戏", preset: "规则预设", players_n: "{n} 人",
    spec_cli: "命令行写法：{spec}", options: "规则选项", options_help: "每行一个 key=value，例如 pass_lockout=true",
    advanced: "高级", deals: "局数", seats: "座位", seat_n: "座位 {n}",
    you: "我", friend: "朋友（邀请）", bot_level: "电脑：{level}",
    your_name: "我的名字", turn_seconds: "出牌限时（秒，留空为不限）", seed: "随机种子（可选）",
    create: "创建牌桌", creating: "创建中…",
    open_tables: "牌桌", refresh: "刷新", no_tables: "还没有牌桌。", watch: "观战",
    resume: "回到座位", status_playing: "进行中", status_over: "已结束",
    deal_k_of_n: "第 {k} / {n} 局", loading: "加载中…", load_failed: "加载失败：{msg}",
    you_first_human: "“我”必须是第一个真人座位（创建者坐第一个真人座位）。",
    one_you: "只能有一个座位是“我”。",
    error_field: "{msg}（字段：{field}）",
    back_lobby: "← 大厅",
    connecting: "连接中…", reconnecting: "重新连接中…", connected: "已连接", disconnected: "未连接",
    spectator: "观战中", your_turn: "轮到你了", waiting_for: "等待 {name}",
    turn_of: "轮到 {name}", hidden_turn: "等待中…", deal_over: "本局结束", match_over: "比赛结束",
    play: "出牌", pass: "不出", hint: "提示", confirm: "确定", cancel: "取消", close: "关闭",
    next_deal: "继续", which_reading: "按哪种牌型出？", hint_is: "提示：{text}",
    choose: "请选择", select_then: "在手牌中选牌，然后确定",
    selected_none: "未选牌",
    cards_n: "{n} 张", card_1: "1 张", bot: "电脑", human: "玩家", offline: "离线", online: "在线",
    seat_label: "座位 {n}", history: "出牌记录", no_history: "暂无。",
    scores: "得分", deal_col: "局", total: "总分", redeal: "重发", note: "备注",
    score_explained: "得分明细",
    outcome: "本局结果", winner: "赢家：{name}", redeal_note: "重新发牌——本局不计分。",
    hands_revealed: "手牌", final_totals: "最终总分", view_record: "查看记录",
    download_json: "下载 JSON", invitations: "邀请链接", copy: "复制", copied: "已复制",
    take_my_seat: "回到我的座位", phase: "阶段", timer_s: "{s} 秒", your_seat: "我",
    rank_n: "第 {n} 名", hand_empty: "没有手牌",
    records_title: "已结束的比赛", no_records: "还没有已结束的比赛。", open: "打开",
    replay: "回放", step_of: "第 {k} / {n} 步", first: "«", prev: "‹", next: "›", last: "»",
    autoplay: "自动播放", stop: "停止", start: "开始",
    demo: "演示", demo_note: "演示状态（无服务器）：",
    not_found: "页面不存在。", table: "牌桌", kitty: "底牌", top_play: "桌面",
    err_unknown_table: "牌桌不存在。", err_bad_token: "座位链接无效。",
    stale_notice: "牌局已有变化，您的操作未生效。",
    keyboard_help: "按键：←/→ 移动，空格 选牌，Enter 出牌，P 不出，H 提示",
    guide_lead: "请选牌出牌：现在不能不出。", guide_beat: "选能压过桌上的牌，或者不出。",
    guide_pass_only: "手里没有能压过桌上的牌：只能不出。",
    created_at: "创建时间", bot_named: "电脑{n}（{level}）", first_out: "先出完：{name}",
    winners_are: "获胜：{names}", no_winner: "不分胜负：名次得分为 0",
    prompt_bid: "叫分抢地主（叫分越高，输赢越大），或不叫。",
    prompt_rob: "抢地主吗？抢地主会提高倍数。",
    prompt_show_ddz: "出牌前向所有人明牌吗？（会提高倍数）",
    prompt_name: "点名一张牌向 {name} 要（对方有就必须给你），或跳过。",
    prompt_give_to: "选出要给 {name} 的牌，然后确定。",
    prompt_give: "选出要给出的牌，然后确定。",
    prompt_draw: "亮出一张 A 叫庄：它的花色成为大A花色，持有另一张相同 A 的人是你的暗帮手。",
    prompt_show_second: "你有两张大A：亮出第二张，还是不亮？",
    prompt_reveal: "你持有庄家亮的那张 A：你是暗帮手。现在亮明身份，还是不亮？",
    prompt_redeal: "可以申请重新发牌，或保留这手牌。",
    prompt_leftover: "请决定剩余的那张牌。",
    prompt_hand: "请选一堆牌。",
    prompt_tribute_highest: "上一局你被关了：进贡一张你手里点数最大的牌。赢家收贡，最大的贡牌给头游。",
    prompt_return_to: "{name} 向你进贡了：还给他一张你选的牌。选牌，然后确定。",
    prompt_return: "还一张你选的牌给向你进贡的人。选牌，然后确定。",
    prompt_offer_to: "{name} 向你进贡了王：拿出几张点数不同的牌（选牌，然后确定），由 {name} 挑一张。",
    prompt_offer: "你收到了王：拿出几张点数不同的牌（选牌，然后确定），由进贡的人挑一张。",
    prompt_take_from: "{name} 拿出这些牌换你的王：挑一张。",
    prompt_take: "从换你的王的牌中挑一张。",
    prompt_tribute: "进贡：选牌，然后确定。", dealer: "发牌者", you_suffix: "（我）", list_sep: "，", private_notes: "仅你可见", your_hand: "我的手牌", side_won: "{side}胜", deals_n: "{n} 局",
    // the table's flow (flow.js)
    watching: "观战中", watching_view: "公开视角：看不到任何人的手牌", timed_notice: "时间到：已替你出了 {what}", timed_short: "超时", timed_title: "出牌时间到，系统代出", next_deal_in: "{s} 秒后开始下一局", waiting_continue: "等待 {names} 继续",
    rematch: "再来一局", rematch_accept: "同意再来一局", rematch_offered: "{name} 提议再来一局", rematch_waiting: "已提议再来一局，等待 {names}", rematch_go: "进入新的一局", rematch_watch: "观看新的一局", auto_pass: "自动不要", auto_pass_help: "只能不要时自动不要", auto_passed: "自动不要：手里没有能出的牌",
    name_title: "你在这桌的名字", name_help: "其他玩家会看到这个名字。也可以跳过。", name_ok: "确定", name_skip: "跳过", bot_n: "电脑{n}", continue_seconds: "每局结束后等待（秒，0 为不等）",
    thinking: "思考中…", think_secs: "{s} 秒", think_title: "电脑想这一手用的时间",
    analysis_title: "复盘分析", analyse: "分析", analysis_seat: "分析的座位", analysis_all_seats: "所有座位", analysis_budget: "深度", budget_quick: "快速", budget_default: "标准", budget_deep: "深入", analysis_queued: "等待空闲的分析进程…", analysing: "分析中… {done} / {total} 个决策", analysis_failed: "分析失败：{msg}", graph_title: "每个已分析决策的胜率；点击一个点跳到那一步", no_decision_here: "这一步没有已分析的决策。",
    played_line: "实际：{action}（胜率 {win}，得分 {score}）", best_line: "最佳：{action}（胜率 {win}，得分 {score}）", played_only: "实际：{action}（唯一合法的选择）", label_best: "最佳", label_good: "不错", label_inaccuracy: "欠佳", label_mistake: "失误", label_blunder: "大错", label_only: "唯一选择", win_hint: "胜率", win_hint_title: "评估你的选择（仅限练习桌）", win_hint_busy: "评估中…", win_hint_line: "{action}：胜率 {win}，得分 {score}", true_deal_note: "按真实手牌估算：找不到与该座位所见一致的牌局",
  },
  ja: {
    app_title: "chupai — カードテーブル",
    lobby: "ロビー", records: "記録", language: "言語",
    new_table: "新しいテーブル", game: "ゲーム", preset: "ルールのプリセット", players_n: "{n} 人",
    spec_cli: "コマンドラインでは：{spec}", options: "ルールの上書き", options_help: "1 行に 1 つ key=value（例：pass_lockout=true）",
    advanced: "詳細設定", deals: "ディール数", seats: "席", seat_n: "席 {n}",
    you: "自分", friend: "友だち（招待）", bot_level: "ボット：{level}",
    your_name: "名前", turn_seconds: "持ち時間（秒、空欄なら無制限）", seed: "シード（任意）",
    create: "テーブルを作成", creating: "作成中…",
    open_tables: "テーブル", refresh: "更新", no_tables: "テーブルはまだありません。", watch: "観戦",
    resume: "席に戻る", status_playing: "対局中", status_over: "終了",
    deal_k_of_n: "ディール {k} / {n}", loading: "読み込み中…", load_failed: "読み込めません：{msg}",
    you_first_human: "「自分」は最初の人間の席でなければなりません（作成者は最初の人間の席に座ります）。",
    one_you: "「自分」にできる席は 1 つだけです。",
    error_field: "{msg}（項目：{field}）",
    back_lobby: "← ロビー",
    connecting: "接続中…", reconnecting: "再接続中…", connected: "接続済み", disconnected: "未接続",
    spectator: "観戦中", your_turn: "あなたの番です", waiting_for: "{name} を待っています",
    turn_of: "{name} の番", hidden_turn: "待機中…", deal_over: "ディール終了", match_over: "対局終了",
    play: "出す", pass: "パス", hint: "ヒント", confirm: "決定", cancel: "キャンセル", close: "閉じる",
    next_deal: "続ける", which_reading: "どの役で出しますか？", hint_is: "ヒント：{text}",
    choose: "選択してください", select_then: "手札からカードを選んで決定してください",
    selected_none: "未選択",
    cards_n: "{n} 枚", card_1: "1 枚", bot: "ボット", human: "人間", offline: "オフライン", online: "オンライン",
    seat_label: "席 {n}", history: "履歴", no_history: "まだありません。",
    scores: "得点", deal_col: "ディール", total: "合計", redeal: "配り直し", note: "備考",
    score_explained: "得点の内訳",
    outcome: "ディールの結果", winner: "勝者：{name}", redeal_note: "配り直し — このディールは数えません。",
    hands_revealed: "手札", final_totals: "最終合計", view_record: "記録を見る",
    download_json: "JSON をダウンロード", invitations: "招待リンク", copy: "コピー", copied: "コピーしました",
    take_my_seat: "自分の席に戻る", phase: "フェーズ", timer_s: "{s} 秒", your_seat: "自分",
    rank_n: "{n} 位", hand_empty: "手札なし",
    records_title: "終了した対局", no_records: "終了した対局はまだありません。", open: "開く",
    replay: "リプレイ", step_of: "ステップ {k} / {n}", first: "«", prev: "‹", next: "›", last: "»",
    autoplay: "自動再生", stop: "停止", start: "開始",
    demo: "デモ", demo_note: "デモ状態（サーバーなし）：",
    not_found: "ページが見つかりません。", table: "テーブル", kitty: "伏せ札", top_play: "場",
    err_unknown_table: "このテーブルは存在しません。", err_bad_token: "この席のリンクは無効です。",
    stale_notice: "状況が変わったため、操作は反映されませんでした。",
    keyboard_help: "キー：←/→ 移動、Space 選択、Enter 出す、P パス、H ヒント",
    guide_lead: "出すカードを選んでください（今はパスできません）。", guide_beat: "場より強いカードを選ぶか、パスしてください。",
    guide_pass_only: "場より強い手がありません：パスしてください。",
    created_at: "作成", bot_named: "ボット{n}（{level}）", first_out: "最初に上がり：{name}",
    winners_are: "勝ち：{names}", no_winner: "勝敗なし：順位の得点は 0",
    prompt_bid: "地主になるために入札します（高いほど賭けが大きい）。またはパス。",
    prompt_rob: "地主を奪いますか？奪うと倍率が上がります。",
    prompt_show_ddz: "最初に出す前に手札を全員に公開しますか？（倍率が上がります）",
    prompt_name: "{name} に求めるカードを指名します（持っていれば渡されます）。またはスキップ。",
    prompt_give_to: "{name} に渡すカードを選んで決定してください。",
    prompt_give: "渡すカードを選んで決定してください。",
    prompt_draw: "A を公開して宣言します：そのスートが大Aのスートになり、同じ A のもう1枚を持つ人があなたの隠れた相棒です。",
    prompt_show_second: "大Aを2枚持っています：2枚目を公開しますか、隠しますか？",
    prompt_reveal: "宣言者の A を持っています：あなたは隠れた相棒です。今名乗りますか、名乗りませんか？",
    prompt_redeal: "配り直しを求めるか、この手札のままにします。",
    prompt_leftover: "余りカードについて決めてください。",
    prompt_hand: "手札の山を選んでください。",
    prompt_tribute_highest: "前のディールで上がれませんでした：手札で一番強いランクのカードを1枚貢ぎます。勝った側が受け取り、一番強い貢ぎは一番に上がった人へ。",
    prompt_return_to: "{name} から貢ぎを受けました：好きなカードを1枚返します。選んで決定してください。",
    prompt_return: "貢いだ人に好きなカードを1枚返します。選んで決定してください。",
    prompt_offer_to: "{name} からジョーカーを受けました：ランクの違うカードを差し出します（選んで決定）。{name} が1枚取ります。",
    prompt_offer: "ジョーカーを受けました：ランクの違うカードを差し出します（選んで決定）。貢いだ人が1枚取ります。",
    prompt_take_from: "{name} がジョーカーの代わりにこれらのカードを差し出しています：1枚取ってください。",
    prompt_take: "ジョーカーの代わりに差し出されたカードから1枚取ってください。",
    prompt_tribute: "貢ぎ：カードを選んで決定してください。", dealer: "親", you_suffix: "（自分）", list_sep: "、", private_notes: "自分だけが見た手", your_hand: "自分の手札", side_won: "{side}の勝ち", deals_n: "{n} ディール",
    // the table's flow (flow.js)
    watching: "観戦中", watching_view: "公開ビュー：誰の手札も表示されません", timed_notice: "時間切れ：代わりに {what} を出しました", timed_short: "時間切れ", timed_title: "持ち時間切れで自動的に出されました", next_deal_in: "{s} 秒後に次のディール", waiting_continue: "{names} の「続ける」を待っています",
    rematch: "再戦", rematch_accept: "再戦を受ける", rematch_offered: "{name} が再戦を申し込みました", rematch_waiting: "再戦を申し込みました。{names} を待っています", rematch_go: "再戦のテーブルへ", rematch_watch: "再戦を観戦", auto_pass: "自動パス", auto_pass_help: "パスしかできないとき自動でパスします", auto_passed: "自動パス：出せるカードがありません",
    name_title: "このテーブルでの名前", name_help: "他のプレイヤーに表示されます。スキップもできます。", name_ok: "OK", name_skip: "スキップ", bot_n: "ボット{n}", continue_seconds: "各ディール後の待ち時間（秒、0 でなし）",
    thinking: "考え中…", think_secs: "{s} 秒", think_title: "ボットがこの手を選ぶのにかかった時間",
    analysis_title: "検討", analyse: "検討する", analysis_seat: "検討する席", analysis_all_seats: "全員", analysis_budget: "深さ", budget_quick: "速い", budget_default: "標準", budget_deep: "深い", analysis_queued: "空いている検討プロセスを待っています…", analysing: "検討中… {done} / {total} 手", analysis_failed: "検討に失敗しました：{msg}", graph_title: "検討した各手の勝率。点をクリックするとその手に移動します", no_decision_here: "この手順には検討した手がありません。",
    played_line: "実際：{action}（勝率 {win}、得点 {score}）", best_line: "最善：{action}（勝率 {win}、得点 {score}）", played_only: "実際：{action}（合法手はこれだけ）", label_best: "最善", label_good: "好手", label_inaccuracy: "緩手", label_mistake: "悪手", label_blunder: "大悪手", label_only: "唯一の手", win_hint: "勝率", win_hint_title: "自分の選択肢を評価します（練習テーブルのみ）", win_hint_busy: "評価中…", win_hint_line: "{action}：勝率 {win}、得点 {score}", true_deal_note: "実際の手札による値：この席の見え方に合う配り方が見つかりませんでした",
  },
};

/** Translate an interface key, filling {name} placeholders from params. */
export function t(key, params) {
  const table = UI[current] || UI.en;
  let s = table[key];
  if (s === undefined) s = UI.en[key];
  if (s === undefined) s = key;
  if (params) {
    s = s.replace(/\{(\w+)\}/g, (m, k) => (params[k] !== undefined ? String(params[k]) : m));
  }
  return s;
}

// ---- games ---------------------------------------------------------------------------------
// A game's names come from the server (`/api/games` gives each game's `names`, the
// registry's): the page keeps no table of its own. Until they have arrived a game is
// shown by its key.

/** The display name of a game key, from its `names` served by /api/games. */
export function gameName(key, names) {
  if (names && names[current]) return names[current];
  if (names && names.en) return names.en;
  return key;
}

// ---- combination types ---------------------------------------------------------------------
// The names come from the server (`/api/games` gives each game's `combo_names` by
// language, the registry's names, the ones the terminal shows): the page keeps no
// table of its own. Until they have arrived a type is shown as its key.
const SERVED_COMBOS = {};

/** Record the combination names of `game` served by `/api/games` ({lang: {type: name}}). */
export function setComboNames(game, byLang) {
  if (game && byLang) SERVED_COMBOS[game] = byLang;
}

// An action word a game labels with another of the page's words (its web plugin's
// `page.words`, served by `/api/games`: Dou Dizhu's "show" is 明牌, not Big A's 亮).
const SERVED_WORDS = {};

/** Record the action words of `game` served by `/api/games` ({head: word key}). */
export function setActionWords(game, words) {
  if (game && words) SERVED_WORDS[game] = words;
}

export function comboName(type, game) {
  if (!type) return "";
  const names = SERVED_COMBOS[game] || {};
  const table = names[current] || names.en || {};
  return table[type] || (names.en || {})[type] || String(type).replace(/_/g, " ");
}

// ---- phases --------------------------------------------------------------------------------
const PHASES = {
  en: {
    play: "Play", over: "Over", bid: "Bidding", rob: "Robbing the landlord", draw: "Draw",
    show_second: "Second Ace", reveal: "Partner reveal", choose_hands: "Choosing hands",
    leftover: "Leftover card", redeal: "Redeal request", pre_exchange: "Exchange",
    class_exchange: "Class exchange", tribute: "Tribute", return: "Return",
  },
  zh: {
    play: "出牌", over: "结束", bid: "叫地主", rob: "抢地主", draw: "摸牌", show_second: "亮第二张",
    reveal: "亮明身份", choose_hands: "选牌堆", leftover: "剩余牌", redeal: "申请重发",
    pre_exchange: "换牌", class_exchange: "阶级换牌", tribute: "进贡", return: "还牌",
  },
  ja: {
    play: "プレイ", over: "終了", bid: "入札", rob: "地主の奪い合い", draw: "ドロー",
    show_second: "2枚目の公開", reveal: "相棒の名乗り", choose_hands: "手札選び",
    leftover: "余りカード", redeal: "配り直しの要求", pre_exchange: "交換",
    class_exchange: "階級交換", tribute: "貢ぎ", return: "返し",
  },
};

export function phaseName(phase) {
  if (!phase) return "";
  const table = PHASES[current] || PHASES.en;
  return table[phase] || PHASES.en[phase] || String(phase).replace(/_/g, " ");
}

// ---- roles ---------------------------------------------------------------------------------
const ROLES = {
  en: { landlord: "Landlord", peasant: "Peasant", declarer: "Declarer", partner: "Partner",
        defender: "Defender", dealer: "Dealer", king: "King", noble: "Noble", commoner: "Commoner",
        slave: "Slave", "1st": "1st", "2nd": "2nd", "3rd": "3rd", "4th": "4th",
        offense: "Offense", defense: "Defense" },
  zh: { landlord: "地主", peasant: "农民", declarer: "庄家", partner: "帮手", defender: "闲家",
        dealer: "发牌", king: "皇帝", noble: "贵族", commoner: "平民", slave: "奴隶",
        "1st": "第一", "2nd": "第二", "3rd": "第三", "4th": "第四",
        offense: "庄家方", defense: "闲家方" },
  ja: { landlord: "地主", peasant: "農民", declarer: "宣言者", partner: "相棒", defender: "守備",
        dealer: "親", king: "王", noble: "貴族", commoner: "平民", slave: "奴隷",
        "1st": "1位", "2nd": "2位", "3rd": "3位", "4th": "4位",
        offense: "攻撃側", defense: "守備側" },
};

export function roleName(role) {
  if (!role) return "";
  const table = ROLES[current] || ROLES.en;
  return table[role] || ROLES.en[role] || String(role).replace(/_/g, " ");
}

// ---- action words --------------------------------------------------------------------------
// Each entry: a plain word, or a function of the number argument (bid N, hand N).
const WORDS = {
  en: {
    pass: "Pass", bid: (n) => `Bid ${n}`, rob: "Rob", no: "No", no_rob: "Don't rob", yes: "Yes", show: "Show",
    show_ddz: "Show hand", decline: "Decline", decline_biga: "Don't show", keep: "Keep",
    redeal: "Redeal", take: "Take", leave: "Leave", swap: "Swap", give: "Give", name: "Name",
    skip: "Skip", hand: (n) => `Hand ${n}`, show_second: "Show the second Ace",
    keep_hidden: "Keep it hidden", reveal_partner: "Reveal as partner", reveal: "Reveal",
    stay_hidden: "Stay hidden", capture: "Capture", last: "last card!", double: "Double",
    no_double: "Don't double", deal: "Deal", draw: "Draw", return: "Return", tribute: "Tribute",
    receive: "Receive", not_held: "Not held", offer: "Offer",
    pass_bid: "Pass",
  },
  zh: {
    pass: "不出", pass_bid: "不叫", bid: (n) => `${n} 分`, rob: "抢地主", no: "不要", no_rob: "不抢", yes: "是",
    show: "亮", show_ddz: "明牌", decline: "不换", decline_biga: "不亮", keep: "不重发",
    redeal: "重新发牌", take: "拿牌", leave: "不拿", swap: "换牌", give: "给", name: "点名",
    skip: "跳过", hand: (n) => `第 ${n} 堆`, show_second: "亮第二张大A", keep_hidden: "不亮",
    reveal_partner: "亮明帮手身份", reveal: "亮明身份", stay_hidden: "不亮身份", capture: "抓",
    last: "报单", double: "加倍", no_double: "不加倍", deal: "发牌", draw: "摸牌", return: "还牌",
    tribute: "进贡", receive: "收牌", not_held: "没有", offer: "拿出",
  },
  ja: {
    pass: "パス", bid: (n) => `${n} 点`, rob: "奪う", no: "いいえ", no_rob: "奪わない", yes: "はい", show: "公開",
    show_ddz: "手札公開", decline: "交換しない", decline_biga: "公開しない", keep: "そのまま",
    redeal: "配り直し", take: "取る", leave: "取らない", swap: "交換", give: "渡す", name: "指名",
    skip: "スキップ", hand: (n) => `手札 ${n}`, show_second: "2枚目の大Aを公開",
    keep_hidden: "隠す", reveal_partner: "相棒と名乗る", reveal: "名乗る", stay_hidden: "名乗らない",
    capture: "捕獲", last: "ラスト宣言", double: "倍", no_double: "倍にしない", deal: "配る",
    draw: "引く", return: "返す", tribute: "貢ぐ", receive: "受け取る", not_held: "持っていない", offer: "差し出す",
    pass_bid: "パス",
  },
};

function word(key, arg) {
  const table = WORDS[current] || WORDS.en;
  let w = table[key];
  if (w === undefined) w = WORDS.en[key];
  if (w === undefined) return null;
  return typeof w === "function" ? w(arg) : w;
}

/**
 * Split an engine action text into a translated label and the card tokens it names.
 * "bid 2" -> {label: "2 分", cards: []}; "give 4D 5D" -> {label: "给", cards: ["4D","5D"]};
 * "3D 3S" -> {label: "", cards: [...]} (a play: the caller draws the cards);
 * "3 3 3 4 airplane_singles" -> label is the combination name.
 */
export function actionLabel(text, game, phase, isCard) {
  // Another seat's hidden move as the engine writes it: "give (3 cards)".
  const hidden = /^(\w+) \((\d+) cards?\)$/.exec(String(text || "").trim());
  if (hidden) {
    const n = Number(hidden[2]);
    return { label: `${word(hidden[1]) || hidden[1]} (${n === 1 ? t("card_1") : t("cards_n", { n })})`, cards: [], extra: [] };
  }
  const words = String(text || "").trim().split(/\s+/).filter(Boolean);
  if (!words.length) return { label: "", cards: [] };
  const head = words[0].toLowerCase();
  const rest = words.slice(1);
  const cards = [];
  const extra = [];
  for (const w of rest) {
    if (isCard && isCard(w)) cards.push(w);
    else extra.push(w);
  }
  const special = (() => {
    if (head === "pass" && (phase === "bid" || phase === "rob") && word("pass_bid")) return word("pass_bid");
    const own = (SERVED_WORDS[game] || {})[head];
    return own ? word(own) : null;
  })();
  if (special) return { label: special, cards, extra };
  if ((head === "bid" || head === "hand") && rest.length && /^\d+$/.test(rest[0])) {
    const tail = rest.slice(1);
    return { label: word(head, rest[0]), cards: tail.filter((w) => isCard && isCard(w)), extra: [] };
  }
  const w = word(head);
  if (w !== null && !(isCard && isCard(words[0]))) {
    const tail = extra.map((x) => word(x) || comboName(x, game)).join(" ");
    return { label: tail ? `${w} ${tail}` : w, cards, extra };
  }
  // A play: card tokens, maybe followed by a type name or "last".
  const playCards = [];
  const tail = [];
  for (const x of words) {
    if (isCard && isCard(x)) playCards.push(x);
    else tail.push(x.toLowerCase() === "last" ? word("last") : comboName(x, game));
  }
  if (playCards.length) return { label: tail.join(" "), cards: playCards, extra: tail };
  return { label: String(text).replace(/_/g, " "), cards: [], extra: [] };
}

// ---- info keys (view.public.info / view.private.info) -------------------------------------
const INFO = {
  en: {
    bid: "Bid", multiplier: "Multiplier", kitty: "Kitty", big_suit: "Big Ace suit",
    marker: "Marker card", declarations: "Declarations", declarer: "Declarer", partner: "Partner",
    bombs: "Bombs", robs: "Robs", landlord: "Landlord", shown: "Hand shown", leftover: "Leftover card",
    exposed: "Exposed", captured: "Captured", finishing: "Finishing order", ranking: "Ranking",
    starting_player: "Starts", must_contain: "Must contain", first_bidder: "First bidder",
    first_drawer: "First drawer", drawn: "Cards drawn", doubled: "Doubled", unit: "Unit",
    spring: "Spring", leader: "Leader", trick: "Trick", deck: "Deck", finished: "Finished",
    two_shown: "Second Ace shown", partner_revealed: "Partner revealed", alone: "Alone",
    alone_known: "Playing alone", forced: "Forced", passed: "Passed", blocked: "Blocked",
    piles: "Piles", notes: "Notes", hand_counts: "Cards held", landlord_hand: "Landlord's hand",
    winner: "Winner", side: "Side", titles: "Titles", tasks: "To do", protected: "Protected",
    forced_trick: "Forced trick", leftover_shown: "Leftover shown", lead: "Lead",
    bid_value: "Bid", base: "Base", points: "Points", dealer: "Dealer",
    exchange_with: "Exchange with", big_aces: "Big Aces held", detail: "Details",
    spring_multiplier: "Spring", bomb_count: "Bombs", order: "Order", base_unit: "Unit",
    went_out: "Went out", next_first_drawer: "Next first drawer", penalties: "Penalties",
    rob_multiplier: "Rob factor", spring_factor: "Spring factor", thunder: "Spring thunder factor", ming: "Shown-hand factor", anti_spring: "Anti-spring", next_doubled: "Next deal doubled", instant_win: "Instant win",
    offense_leader: "Offense leader", offense_level: "Offense level", defense_level: "Defense level", trump: "Trump rank",
    tributes: "Tributes", returned: "Returned", offer: "Offered", trapped: "Trapped", scorers: "Scored",
    result: "Result", match_won: "Match won",
  },
  zh: {
    bid: "叫分", multiplier: "倍数", kitty: "底牌", big_suit: "大A花色", marker: "明牌（定庄）",
    declarations: "亮牌", declarer: "庄家", partner: "帮手", bombs: "炸弹数", robs: "抢地主次数",
    landlord: "地主", shown: "明牌", leftover: "剩余牌", exposed: "已亮", captured: "抓到",
    finishing: "出完顺序", ranking: "名次", starting_player: "先出", must_contain: "必须包含",
    first_bidder: "先叫", first_drawer: "先摸", drawn: "已摸", doubled: "加倍", unit: "单位",
    spring: "春天", leader: "领出", trick: "本轮", deck: "牌堆", finished: "已出完",
    two_shown: "已亮第二张", partner_revealed: "帮手已亮明", alone: "独打", alone_known: "独打",
    forced: "强制", passed: "已过", blocked: "被封", piles: "牌堆", notes: "备注",
    hand_counts: "手牌数", landlord_hand: "地主手牌", winner: "赢家", side: "方", titles: "头衔",
    tasks: "待办", protected: "保护牌", forced_trick: "强制出牌", leftover_shown: "剩余牌已亮",
    lead: "领出", bid_value: "叫分", base: "底分", points: "分数", dealer: "发牌者",
    exchange_with: "换牌对象", big_aces: "手中大A", detail: "详情", order: "顺序",
    went_out: "出完", next_first_drawer: "下局先摸", penalties: "罚分",
    rob_multiplier: "抢地主倍数", spring_factor: "春天倍数", thunder: "春雷倍数", ming: "明牌倍数", anti_spring: "反春", next_doubled: "下局加倍", instant_win: "直接获胜",
    offense_leader: "庄家", offense_level: "庄家方级数", defense_level: "闲家方级数", trump: "主牌",
    tributes: "贡牌", returned: "还牌", offer: "拿出的牌", trapped: "被关", scorers: "得分方",
    result: "结果", match_won: "赢得比赛",
    spring_multiplier: "春天", bomb_count: "炸弹数", base_unit: "单位",
  },
  ja: {
    bid: "入札", multiplier: "倍率", kitty: "伏せ札", big_suit: "大Aのスート", marker: "目印カード",
    declarations: "宣言", declarer: "宣言者", partner: "相棒", bombs: "爆弾", robs: "奪い合い",
    landlord: "地主", shown: "手札公開", leftover: "余りカード", exposed: "公開済み",
    captured: "捕獲", finishing: "上がり順", ranking: "順位", starting_player: "最初の手番",
    must_contain: "含むべきカード", first_bidder: "最初の入札者", first_drawer: "最初に引く人",
    drawn: "引いた枚数", doubled: "倍", unit: "単位", spring: "春", leader: "リード",
    trick: "トリック", deck: "山札", finished: "上がり", two_shown: "2枚目公開",
    partner_revealed: "相棒判明", alone: "単独", alone_known: "単独", forced: "強制",
    passed: "パス済み", blocked: "ブロック", piles: "山", notes: "メモ", hand_counts: "手札枚数",
    landlord_hand: "地主の手札", winner: "勝者", side: "陣営", titles: "称号", tasks: "やること",
    protected: "保護カード", forced_trick: "強制トリック", leftover_shown: "余りカード公開",
    lead: "リード", bid_value: "入札", base: "基本点", points: "点", dealer: "親",
    exchange_with: "交換相手", big_aces: "手持ちの大A", detail: "詳細", order: "順番",
    went_out: "上がり", next_first_drawer: "次に最初に引く人", penalties: "ペナルティ",
    rob_multiplier: "奪い合いの倍率", spring_factor: "春の倍率", thunder: "春雷の倍率", ming: "手札公開の倍率", anti_spring: "反春", next_doubled: "次のディールは倍", instant_win: "即勝ち",
    offense_leader: "攻撃側リーダー", offense_level: "攻撃側のレベル", defense_level: "守備側のレベル", trump: "切り札",
    tributes: "貢ぎ", returned: "返したカード", offer: "差し出し", trapped: "上がれなかった人", scorers: "得点した側",
    result: "結果", match_won: "マッチ勝利",
    spring_multiplier: "春", bomb_count: "爆弾", base_unit: "単位",
  },
};

export function infoLabel(key) {
  const table = INFO[current] || INFO.en;
  return table[key] || INFO.en[key] || String(key).replace(/_/g, " ");
}

// ---- cards (accessible names) ---------------------------------------------------------------
const SUIT_NAMES = {
  en: { S: "spades", H: "hearts", D: "diamonds", C: "clubs" },
  zh: { S: "黑桃", H: "红桃", D: "方块", C: "梅花" },
  ja: { S: "スペード", H: "ハート", D: "ダイヤ", C: "クラブ" },
};
const RANK_NAMES_EN = { A: "Ace", K: "King", Q: "Queen", J: "Jack" };

export function suitName(s) {
  return (SUIT_NAMES[current] || SUIT_NAMES.en)[s] || s;
}

/** The accessible name of a parsed card (see cards.js parseCard). */
export function cardName(c) {
  if (!c) return "?";
  if (c.back) return current === "zh" ? "牌背" : current === "ja" ? "裏向きのカード" : "face-down card";
  if (c.joker) {
    const big = c.joker === "red";
    if (current === "zh") return big ? "大王" : "小王";
    if (current === "ja") return big ? "ジョーカー（大）" : "ジョーカー（小）";
    return big ? "Red Joker (big)" : "Black Joker (small)";
  }
  const r = c.rank;
  let base;
  if (current === "en") {
    const rn = RANK_NAMES_EN[r] || r;
    base = c.suit ? `${rn} of ${SUIT_NAMES.en[c.suit]}` : rn;
  } else if (current === "zh") {
    base = c.suit ? `${SUIT_NAMES.zh[c.suit]}${r}` : r;
  } else {
    base = c.suit ? `${SUIT_NAMES.ja[c.suit]}の${r}` : r;
  }
  if (c.bigAce) {
    base += current === "zh" ? "（大A）" : current === "ja" ? "（大A）" : " (Big Ace)";
  }
  return base;
}

// ---- match-row extras -----------------------------------------------------------------------
const SIDES = {
  en: { landlord: "landlord", peasants: "peasants", declarer: "declarer", defenders: "defenders", win: "won", draw: "draw" },
  zh: { landlord: "地主", peasants: "农民", declarer: "庄家", defenders: "闲家", win: "胜", draw: "平局" },
  ja: { landlord: "地主", peasants: "農民", declarer: "宣言者", defenders: "守備側", win: "勝ち", draw: "引き分け" },
};

export function sideName(s) {
  if (typeof s !== "string") return String(s);
  return (SIDES[current] || SIDES.en)[s] || SIDES.en[s] || roleName(s);
}

/** The words of a fact's value: a role, a phase or a side, in the page's language.
 * A deal's result ("draw", "win") is a side's word first: a drawn deal is 平局, not
 * the card-drawing phase 摸牌. */
export function factWord(key, v) {
  if (key === "result" || key === "side") {
    const w = (SIDES[current] || SIDES.en)[v] || SIDES.en[v];
    if (w) return w;
  }
  const r = roleName(v);
  if (r !== v) return r;
  const p = phaseName(v);
  if (p !== v) return p;
  return sideName(v);
}

export function botLevelName(level) {
  const names = {
    en: { random: "random", greedy: "greedy", heuristic: "heuristic", search: "search", expert: "expert" },
    zh: { random: "随机", greedy: "贪心", heuristic: "启发式", search: "搜索", expert: "专家" },
    ja: { random: "ランダム", greedy: "貪欲", heuristic: "ヒューリスティック", search: "探索", expert: "エキスパート" },
  };
  const base = String(level || "").split(":")[0];
  const n = (names[current] || names.en)[base];
  return n ? n + String(level).slice(base.length) : String(level || "");
}
