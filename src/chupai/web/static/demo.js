// Sample `state` messages for the #/demo page: the look of the table without a server.
// They follow the protocol's shapes (docs/protocol.md); the values are made up.

const now = Date.now();

const bot = (seat, name, level) => ({ seat, kind: "bot", name, level, connected: true });
const human = (seat, name, connected) => ({ seat, kind: "human", name, level: null, connected });

const bigTwoPlay = {
  demo_name: "Big Two play",
  type: "state", seq: 17, table: "demo", game: "bigtwo", spec: "bigtwo(preset=standard)", players: 4, seat: 0,
  seats: [human(0, "Ann", true), bot(1, "expert bot 2", "expert"), human(2, "Bo", false), bot(3, "Bot 3", "greedy")],
  match: {
    deal: 2, deals: 3, redeals: 0, totals: [-5, -3, 12, -4], over: false,
    table: [{ deal: 1, dealer: 0, winner: 2, redeal: false, scores: [-5, -3, 12, -4], totals: [-5, -3, 12, -4] }],
  },
  view: {
    public: {
      phase: "play", to_act: 0, dealer: 1, counts: [13, 9, 11, 2],
      played: [[], ["3C", "4C", "5D", "5S"], ["7C", "7H"], []],
      top: { seat: 2, cards: ["7C", "7H"], type: "pair", text: "7C 7H" },
      last: [null, { text: "5D 5S", cards: ["5D", "5S"], pass: false },
        { text: "7C 7H", cards: ["7C", "7H"], pass: false }, { text: "pass", cards: [], pass: true }],
      history: [
        { n: 0, seat: 1, text: "3C 4C", cards: ["3C", "4C"], kind: "play" },
        { n: 1, seat: 2, text: "pass", cards: [], kind: "pass" },
        { n: 2, seat: 1, text: "5D 5S", cards: ["5D", "5S"], kind: "play" },
        { n: 3, seat: 2, text: "7C 7H", cards: ["7C", "7H"], kind: "play" },
        { n: 4, seat: 3, text: "pass", cards: [], kind: "pass" },
      ],
      roles: [null, null, null, null], info: { starting_player: 1 }, outcome: null,
    },
    private: {
      seat: 0, hand: ["3D", "3S", "5H", "8S", "9H", "10D", "JC", "QD", "QS", "KH", "AD", "2H", "2S"],
      role: null, notes: [], info: {},
    },
  },
  legal: [
    { i: 0, text: "QD QS", kind: "play", cards: ["QD", "QS"], type: "pair" },
    { i: 1, text: "2H 2S", kind: "play", cards: ["2H", "2S"], type: "pair" },
    { i: 2, text: "pass", kind: "pass", cards: [], type: null },
  ],
  turn: { seat: 0, deadline_ms: now + 28000 },
  thinks: [{ deal: 1, seat: 1, n: 0, s: 0.094 }, { deal: 1, seat: 1, n: 2, s: 0.081 }, { deal: 1, seat: 3, n: 4, s: 0.0 }],
};

const ddzBid = {
  demo_name: "Dou Dizhu bid",
  type: "state", seq: 2, table: "demo", game: "doudizhu", spec: "doudizhu(preset=classic)", players: 3, seat: 1,
  seats: [bot(0, "Bot 0", "search"), human(1, "Chen", true), bot(2, "Bot 2", "random")],
  match: { deal: 1, deals: 1, redeals: 0, totals: [0, 0, 0], over: false, table: [] },
  view: {
    public: {
      phase: "bid", to_act: 1, dealer: 0, counts: [17, 17, 17], played: [[], [], []], top: null,
      last: [{ text: "bid 1", cards: [], pass: false }, null, null],
      history: [{ seat: 0, text: "bid 1", cards: [], kind: "bid" }],
      roles: [null, null, null], info: { bid: 1, multiplier: 1, marker: "7", first_bidder: 0 }, outcome: null,
    },
    private: {
      seat: 1, hand: ["3", "3", "4", "5", "6", "7", "7", "9", "10", "J", "Q", "Q", "K", "A", "2", "2", "RJ"],
      role: null, notes: [], info: {},
    },
  },
  legal: [
    { i: 0, text: "bid 2", kind: "choice", cards: [], type: null },
    { i: 1, text: "bid 3", kind: "choice", cards: [], type: null },
    { i: 2, text: "pass", kind: "pass", cards: [], type: null },
  ],
  turn: { seat: 1, deadline_ms: null },
};

const bigADraw = {
  demo_name: "Big A draw",
  type: "state", seq: 40, table: "demo", game: "biga", spec: "biga(preset=standard)", players: 5, seat: 4,
  seats: [human(0, "Dai", true), bot(1, "Bot 1", "heuristic"), bot(2, "Bot 2", "heuristic"),
    bot(3, "Bot 3", "greedy"), human(4, "Eve", true)],
  match: { deal: 1, deals: 2, redeals: 0, totals: [0, 0, 0, 0, 0], over: false, table: [] },
  view: {
    public: {
      phase: "draw", to_act: 4, dealer: 1, counts: [9, 9, 9, 9, 8], played: [[], [], [], [], []], top: null,
      last: [null, null, { text: "decline", cards: [], pass: false }, null, null],
      history: [{ seat: 2, text: "decline", cards: [], kind: "choice" }],
      roles: [null, null, null, null, null],
      info: { drawn: 44, first_drawer: 1, declarations: [] }, outcome: null,
    },
    private: {
      seat: 4, hand: ["3", "5", "5", "9", "10", "K", "2", "BJ", "AH"],
      role: null, notes: [], info: {},
    },
  },
  legal: [
    { i: 0, text: "show AH", kind: "choice", cards: ["AH"], type: null },
    { i: 1, text: "decline", kind: "choice", cards: [], type: null },
  ],
  turn: { seat: 4, deadline_ms: now + 9000 },
};

const ddzPlay = {
  demo_name: "Dou Dizhu play",
  type: "state", seq: 31, table: "demo", game: "doudizhu", spec: "doudizhu(preset=classic)", players: 3, seat: 0,
  seats: [human(0, "Chen", true), bot(1, "Bot 1", "heuristic"), bot(2, "Bot 2", "heuristic")],
  match: {
    deal: 2, deals: 3, redeals: 1, totals: [18, -9, -9], over: false,
    table: [
      { deal: null, dealer: 2, redeal: true, scores: [0, 0, 0], totals: [0, 0, 0], landlord: null, winner: null },
      { deal: 1, dealer: 0, doubled: false, redeal: false, landlord: 0, winner: 0, side: "landlord", unit: 9,
        scores: [18, -9, -9], totals: [18, -9, -9] },
    ],
  },
  view: {
    public: {
      phase: "play", to_act: 0, dealer: 1, counts: [20, 17, 17], played: [[], [], []], top: null,
      last: [null, null, null],
      history: [
        { seat: 1, text: "bid 1", cards: [], kind: "bid" }, { seat: 2, text: "pass", cards: [], kind: "bid" },
        { seat: 0, text: "bid 3", cards: [], kind: "bid" },
      ],
      roles: ["landlord", "peasant", "peasant"],
      info: { bid: 3, multiplier: 3, kitty: ["4", "6", "BJ"], bombs: 0 }, outcome: null,
    },
    private: {
      seat: 0, hand: ["3", "3", "3", "4", "4", "4", "5", "5", "5", "6", "6", "6", "8", "9", "10", "J", "Q", "K", "2", "BJ"],
      role: "landlord", notes: [], info: {},
    },
  },
  legal: [
    { i: 0, text: "3 3 3 4 4 4 5 5 5 6 6 6 airplane", kind: "play",
      cards: ["3", "3", "3", "4", "4", "4", "5", "5", "5", "6", "6", "6"], type: "airplane" },
    { i: 1, text: "3 3 3 4 4 4 5 5 5 6 6 6 airplane_singles", kind: "play",
      cards: ["3", "3", "3", "4", "4", "4", "5", "5", "5", "6", "6", "6"], type: "airplane_singles" },
    { i: 2, text: "8 9 10 J Q", kind: "play", cards: ["8", "9", "10", "J", "Q"], type: "straight" },
    { i: 3, text: "3", kind: "play", cards: ["3"], type: "single" },
    { i: 4, text: "3 3", kind: "play", cards: ["3", "3"], type: "pair" },
    { i: 5, text: "K", kind: "play", cards: ["K"], type: "single" },
  ],
  turn: { seat: 0, deadline_ms: null },
};

const bigTwoOver = {
  demo_name: "Big Two over",
  type: "state", seq: 60, table: "demo", game: "bigtwo", spec: "bigtwo(preset=standard)", players: 4, seat: 0,
  seats: bigTwoPlay.seats,
  match: {
    deal: 3, deals: 3, redeals: 0, totals: [4, -13, 20, -11], over: true,
    table: [
      { deal: 1, dealer: 0, winner: 2, redeal: false, scores: [-5, -3, 12, -4], totals: [-5, -3, 12, -4] },
      { deal: 2, dealer: 1, winner: 0, redeal: false, scores: [15, -6, -2, -7], totals: [10, -9, 10, -11] },
      { deal: 3, dealer: 2, winner: 2, redeal: false, scores: [-6, -4, 10, 0], totals: [4, -13, 20, -11] },
    ],
  },
  view: {
    public: {
      phase: "over", to_act: null, dealer: 2, counts: [3, 2, 0, 1], played: [[], [], [], []],
      top: { seat: 2, cards: ["3H", "4H", "5H", "6H", "7H"], type: "straight_flush", text: "3H 4H 5H 6H 7H" },
      last: [{ text: "pass", cards: [], pass: true }, { text: "pass", cards: [], pass: true },
        { text: "3H 4H 5H 6H 7H", cards: ["3H", "4H", "5H", "6H", "7H"], pass: false }, null],
      history: [{ seat: 2, text: "3H 4H 5H 6H 7H", cards: ["3H", "4H", "5H", "6H", "7H"], kind: "play" }],
      roles: [null, null, null, null], info: {},
      outcome: {
        scores: [-6, -4, 10, 0], redeal: false, winner: 2, order: [2, 3, 1, 0],
        hands: [["8D", "KS", "2S"], ["4D", "JH"], [], ["AC"]],
      },
    },
    private: { seat: 0, hand: ["8D", "KS", "2S"], role: null, notes: [], info: {} },
  },
  legal: [],
  turn: { seat: null, deadline_ms: null },
};

const dglPlay = {
  demo_name: "Wild Escape play",
  type: "state", seq: 23, table: "demo", game: "daguailuzi", spec: "daguailuzi(preset=shanghai)", players: 6, seat: 0, unlisted: 0,
  seats: [human(0, "Fang", true), bot(1, "heuristic bot 1", "heuristic"), bot(2, "heuristic bot 2", "heuristic"),
    bot(3, "Gu Xiaoming", "greedy"), human(4, "Hua", false), bot(5, "heuristic bot 3", "heuristic")],
  match: { deal: 2, deals: 4, redeals: 0, totals: [2, -2, 2, -2, 2, -2], over: false, table: [] },
  view: {
    public: {
      phase: "play", to_act: 0, dealer: null, counts: [22, 19, 27, 14, 1, 25], played: [[], [], [], [], [], []],
      top: { seat: 3, cards: ["9S", "9H", "9D", "KC", "BJ"], type: "full_house", text: "9S 9H 9D KC BJ" },
      last: [null, { text: "5S 6H 7H 8D 9C", cards: ["5S", "6H", "7H", "8D", "9C"], pass: false },
        { text: "pass", cards: [], pass: true },
        { text: "9S 9H 9D KC BJ", cards: ["9S", "9H", "9D", "KC", "BJ"], pass: false },
        { text: "pass", cards: [], pass: true }, { text: "pass", cards: [], pass: true }],
      history: [],
      roles: ["offense", "defense", "offense", "defense", "offense", "defense"],
      info: { offense_leader: 4, offense_level: "5", defense_level: "3", trump: "5", leader: 1, finishing: [], tributes: [] },
      outcome: null,
    },
    private: {
      seat: 0, hand: ["3S", "3S", "3H", "4D", "6S", "6H", "7C", "7C", "7C", "8H", "9S", "10D", "10D", "JC", "QH",
        "KS", "AH", "AD", "5S", "5C", "5C", "RJ"],
      role: "offense", notes: [], info: {},
    },
  },
  legal: [
    { i: 0, text: "3S 3S 7C 7C 7C", kind: "play", cards: ["3S", "3S", "7C", "7C", "7C"], type: "full_house" },
    { i: 1, text: "pass", kind: "pass", cards: [], type: null },
  ],
  turn: { seat: 0, deadline_ms: null },
};

export const DEMO_STATES = [bigTwoPlay, ddzBid, bigADraw, ddzPlay, bigTwoOver, dglPlay];
