// The score sheet's rules (static/js/scoresheet-rules.js) under Node's own test runner:
//   node --test tests/js/*.test.mjs      (tests/test_js_units.py runs it with the Python suite)
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

import * as R from "../../static/js/scoresheet-rules.js";
import * as F from "../../static/js/scoresheet-files.js";

const root = (path) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const SEATING_DATA = JSON.parse(readFileSync(root("static/data/seating.json"), "utf8"));
const SEATING = R.readSeating(SEATING_DATA);
const NAMES = ["Ana", "Ben", "Cai", "Dee"];
const WIND = SEATING.windNames;

const win = (winner, discarder, points, flowers = 0) => ({ type: "hand", result: "win", winner, discarder, points, flowers });
const draw = () => ({ type: "hand", result: "draw" });
const game = (events) => ({ ...R.newGame(NAMES, { id: "g1", now: "2026-12-01T10:00:00Z" }), events });

// ------------------------------------------------------------------------------ seats

test("the East round moves the deal one seat to the right each hand, as lesson 18's first table", () => {
  const rows = [1, 2, 3, 4].map((n) => R.handSeats(SEATING, n).seatWinds.map((w) => WIND[w]));
  assert.deepEqual(rows, [
    ["East", "South", "West", "North"],
    ["North", "East", "South", "West"],
    ["West", "North", "East", "South"],
    ["South", "West", "North", "East"],
  ]);
});

test("the chairs of each round are lesson 18's second table", () => {
  const chairs = SEATING.chairs.map((round) => round.map((p) => NAMES[p]));
  assert.deepEqual(chairs, [
    ["Ana", "Ben", "Cai", "Dee"],
    ["Ben", "Ana", "Dee", "Cai"],
    ["Cai", "Dee", "Ben", "Ana"],
    ["Dee", "Cai", "Ana", "Ben"],
  ]);
  assert.deepEqual(SEATING.rounds, ["E", "S", "W", "N"]);
});

test("lesson 18's checks hold for all 16 hands", () => {
  const hands = Array.from({ length: 16 }, (_, i) => R.handSeats(SEATING, i + 1));
  // Each round opens with the player who drew its wind; each player deals once per round.
  assert.deepEqual([1, 5, 9, 13].map((n) => hands[n - 1].dealer), [0, 1, 2, 3]);
  for (let round = 0; round < 4; round++) {
    const dealers = hands.slice(round * 4, round * 4 + 4).map((h) => h.dealer);
    assert.deepEqual([...dealers].sort(), [0, 1, 2, 3]);
    assert.ok(hands.slice(round * 4, round * 4 + 4).every((h) => h.prevalent === SEATING.rounds[round]));
  }
  for (const h of hands) assert.deepEqual([...h.seatWinds].sort(), ["E", "N", "S", "W"]);
});

test("a seating file that sends two players to one chair is refused", () => {
  const broken = structuredClone(SEATING_DATA);
  broken.rounds[2].moves.W = "W";
  assert.throws(() => R.readSeating(broken), /round 3: moves must send each chair's player to a different chair/);
  const dealer = structuredClone(SEATING_DATA);
  dealer.seat_winds[1] = ["E", "N", "S", "W"];
  assert.throws(() => R.readSeating(dealer), /hand 2: the deal sits in chair S/);
});

// ------------------------------------------------------------------------------ payments

test("a discard: the discarder pays points + 8, the other two 8 each", () => {
  assert.deepEqual(R.changes(win(1, 3, 19)), [-8, 43, -8, -27]);
});

test("self-drawn: each of the three pays points + 8", () => {
  assert.deepEqual(R.changes(win(3, null, 15)), [-23, -23, -23, 69]);
});

test("flowers count in the payment though not toward the minimum", () => {
  assert.deepEqual(R.changes(win(0, 1, 10, 2)), [34, -18, -8, -8]);
});

test("a draw: nobody pays", () => {
  assert.deepEqual(R.changes(draw()), [0, 0, 0, 0]);
});

test("penalties: to each of the other three, or to one player", () => {
  assert.deepEqual(R.changes({ type: "penalty", payer: 2, to: "others", points: 10, reason: "false win" }), [10, 10, -30, 10]);
  assert.deepEqual(R.changes({ type: "penalty", payer: 0, to: 3, points: 5, reason: "wrong claim" }), [-5, 0, 0, 5]);
});

test("a win under 8 points without flowers is refused as a false win", () => {
  const short = R.checkHand(win(0, 1, 9, 2));
  assert.equal(short.falseWin, true);
  assert.match(short.message, /at least 8 points without flowers; this hand has 7 \(9 with its 2 flowers\)/);
  assert.equal(R.checkHand(win(0, 1, 10, 2)), null);
  assert.equal(R.checkHand(win(0, 1, 8)), null);
  assert.match(R.checkHand(win(0, 0, 8)).message, /winner cannot have discarded/);
  assert.match(R.checkHand(win(0, 1, 8, 9)).message, /Flowers are a whole number from 0 to 8/);
  assert.match(R.checkHand(win(0, 1, 8.5)).message, /whole number/);
  assert.equal(R.checkHand(draw()), null);
});

test("a penalty needs a payer, a receiver other than the payer, points and a reason", () => {
  const ok = { payer: 1, to: "others", points: 10, reason: "false win" };
  assert.equal(R.checkPenalty(ok), null);
  assert.match(R.checkPenalty({ ...ok, to: 1 }).message, /themselves/);
  assert.match(R.checkPenalty({ ...ok, points: 0 }).message, /from 1 to/);
  assert.match(R.checkPenalty({ ...ok, reason: "  " }).message, /reason/);
});

// ------------------------------------------------------------------------------ a whole game

// Lesson 10's 16-hand game, read from the lesson itself: winner, how, points and each row.
function lessonTenGame() {
  const text = readFileSync(root("content/lessons/10-scoring-and-paying.md"), "utf8");
  const rows = text.split("\n").filter((line) => /^\| \d+ \|/.test(line)).map((line) => line.split("|").slice(1, -1).map((c) => c.trim()));
  const number = (cell) => Number(cell.replace("−", "-").replace("+", ""));
  return rows.map(([hand, round, dealer, what, points, ...cells]) => {
    let event = draw();
    const m = /^(\w+), (?:on (\w+)'s discard|self-drawn)$/.exec(what);
    if (m) event = win(NAMES.indexOf(m[1]), m[2] ? NAMES.indexOf(m[2]) : null, Number(points));
    return { hand: Number(hand), round, dealer, event, row: cells.slice(0, 4).map(number) };
  });
}

test("lesson 10's score sheet: every row, every dealer, and the totals +9, −41, +46, −14", () => {
  const lesson = lessonTenGame();
  assert.equal(lesson.length, 16);
  const played = R.replay(game(lesson.map((h) => h.event)), SEATING);
  played.rows.forEach((row, i) => {
    assert.equal(row.number, lesson[i].hand);
    assert.deepEqual(row.changes, lesson[i].row, `hand ${row.number}`);
    assert.equal(NAMES[row.seats.dealer], lesson[i].dealer, `dealer of hand ${row.number}`);
    assert.equal(WIND[row.seats.prevalent], lesson[i].round);
    assert.equal(row.totals.reduce((a, b) => a + b), 0);
  });
  assert.deepEqual(played.totals, [9, -41, 46, -14]);
  assert.equal(played.sum, 0);
  assert.equal(played.next, null);
  // Ana and Cai both won 4 hands; Ana paid as the discarder in hands 5 and 12.
  const stats = R.playerStats(game(lesson.map((h) => h.event)));
  assert.deepEqual(stats.map((s) => s.won), [4, 3, 4, 3]);
  assert.deepEqual(stats.map((s) => s.selfDrawn), [1, 1, 1, 1]);
  assert.deepEqual(stats.map((s) => s.dealtIn), [2, 3, 2, 3]);
});

test("an edited or deleted hand recomputes everything after it", () => {
  const events = [win(1, 3, 19), win(2, null, 12), draw()];
  const before = R.replay(game(events), SEATING);
  events[0] = win(1, 0, 19);
  const edited = R.replay(game(events), SEATING);
  assert.deepEqual(edited.rows[0].changes, [-27, 43, -8, -8]);
  assert.deepEqual(edited.rows[2].totals, [-47, 23, 52, -28]);
  assert.notDeepEqual(before.rows[2].totals, edited.rows[2].totals);
  const deleted = R.replay(game(events.slice(1)), SEATING);
  assert.equal(deleted.rows[0].number, 1); // the later hands move up
  assert.equal(deleted.next, 3);
});

test("penalties sit between hands and do not count as hands", () => {
  const played = R.replay(game([win(0, 1, 8), { type: "penalty", payer: 2, to: "others", points: 10, reason: "false win" }, draw()]), SEATING);
  assert.deepEqual(played.rows.map((r) => r.number), [1, null, 2]);
  assert.equal(played.rows[1].handsBefore, 1);
  assert.equal(played.rows[1].seats, null);
  assert.deepEqual(played.totals, [42, -6, -38, 2]);
  assert.equal(played.next, 3);
});

// ------------------------------------------------------------------------------ the end

test("table points 4, 2, 1, 0 by total", () => {
  const s = R.standings([9, -41, 46, -14]);
  assert.deepEqual(s.map((x) => x.tablePoints), [2, 0, 4, 1]);
  assert.deepEqual(s.map((x) => x.place), [2, 4, 1, 3]);
});

test("players level share the points of the places they cover", () => {
  assert.deepEqual(R.standings([20, 20, -10, -30]).map((x) => x.tablePoints), [3, 3, 1, 0]);
  assert.deepEqual(R.standings([30, -10, -10, -10]).map((x) => x.tablePoints), [4, 1, 1, 1]);
  assert.deepEqual(R.standings([0, 0, 0, 0]).map((x) => x.tablePoints), [1.75, 1.75, 1.75, 1.75]);
  const three = R.standings([10, 10, 10, -30]);
  assert.deepEqual(three.map((x) => [x.place, x.tied]), [[1, true], [1, true], [1, true], [4, false]]);
  assert.equal(R.formatTablePoints(three[0].tablePoints), "2⅓");
  assert.equal(R.formatTablePoints(1.5), "1.5");
  assert.equal(R.formatTablePoints(0.5), "0.5");
  assert.equal(R.formatTablePoints(4), "4");
  for (const totals of [[5, 5, -5, -5], [1, 2, 2, -5], [0, 0, 0, 0], [9, -41, 46, -14]]) {
    const sum = R.standings(totals).reduce((a, x) => a + x.tablePoints, 0);
    assert.ok(Math.abs(sum - 7) < 1e-9);
  }
});

// ------------------------------------------------------------------------------ what do I need?

// After the win, the player behind must be strictly above the player ahead.
function overtakes(gap, how, points) {
  const gain = how === "self" ? 3 * (points + 8) : points + 24;
  const loss = how === "self" || how === "their" ? points + 8 : 8;
  return gain + loss > gap;
}

test("the smallest hand that overtakes is exact: one point less would not do", () => {
  for (let gap = 1; gap <= 400; gap++) {
    for (const how of ["self", "their", "other"]) {
      const p = R.pointsToOvertake(gap, how);
      assert.ok(p >= 8 && overtakes(gap, how, p), `${how} ${gap}`);
      if (p > 8) assert.ok(!overtakes(gap, how, p - 1), `${how} ${gap}: ${p - 1} would do`);
    }
  }
  assert.deepEqual(["self", "their", "other"].map((how) => R.pointsToOvertake(100, how)), [18, 35, 69]);
});

test("what do I need: every player behind, against every player ahead, nearest first", () => {
  const need = R.whatDoINeed([9, -41, 46, -14]);
  assert.deepEqual(need.map((n) => n.player), [0, 1, 3]);
  const ben = need.find((n) => n.player === 1);
  assert.deepEqual(ben.ahead.map((a) => [a.player, a.gap]), [[3, 27], [0, 50], [2, 87]]);
  assert.deepEqual(ben.ahead[2], { player: 2, gap: 87, self: 14, their: 28, other: 56 });
  assert.deepEqual(R.whatDoINeed([0, 0, 0, 0]), []);
});

// ------------------------------------------------------------------------------ files

const saved = () => game([win(1, 3, 19, 1), draw(), { type: "penalty", payer: 2, to: "others", points: 10, reason: "false win" }]);

test("a saved game reads back as it was", () => {
  const g = saved();
  g.events[0].from = "calculator/?h=%5BEEE%5D+123m&win=5s";
  const read = R.parseGame(JSON.stringify(g));
  assert.equal(read.ok, true);
  assert.deepEqual(read.game, g);
});

test("only the fields of a game are kept", () => {
  const g = { ...saved(), extra: "<script>" };
  g.events[0].note = "x";
  const read = R.parseGame(JSON.stringify(g));
  assert.equal(read.ok, true);
  assert.equal("extra" in read.game, false);
  assert.equal("note" in read.game.events[0], false);
});

const broken = [
  ["not JSON", "{hands: 1", /not JSON at all/],
  ["a foreign file", JSON.stringify({ name: "mahjong", version: 1 }), /not a score sheet saved by this site/],
  ["an array", "[1,2,3]", /not a score sheet saved by this site/],
  ["null", "null", /not a score sheet saved by this site/],
  ["a later version", JSON.stringify({ ...saved(), version: 2 }), /format version 2; this page reads version 1/],
  ["three players", JSON.stringify({ ...saved(), players: ["A", "B", "C"] }), /players are wrong: Give four names/],
  ["the same name twice", JSON.stringify({ ...saved(), players: ["A", "B", "C", "a"] }), /different names/],
  ["a bad id", JSON.stringify({ ...saved(), id: "../../x" }), /no valid id/],
  ["a bad date", JSON.stringify({ ...saved(), created: "yesterday" }), /"created" is not a date/],
  ["30 February", JSON.stringify({ ...saved(), created: "2026-02-30T10:00:00Z" }), /"created" is not a date/],
  ["hour 24", JSON.stringify({ ...saved(), updated: "2026-02-10T24:30:00Z" }), /"updated" is not a date/],
  ["no events", JSON.stringify({ ...saved(), events: {} }), /no list of hands/],
  ["a short hand", JSON.stringify({ ...saved(), events: [win(0, 1, 7)] }), /Entry 1 \(hand 1\): A win needs at least 8/],
  ["a huge number", JSON.stringify({ ...saved(), events: [win(0, 1, 1e20)] }), /whole number up to 9999/],
  ["a string number", JSON.stringify({ ...saved(), events: [win(0, 1, "20")] }), /whole number/],
  ["a player 7", JSON.stringify({ ...saved(), events: [win(7, 1, 20)] }), /Choose who won/],
  ["17 hands", JSON.stringify({ ...saved(), events: Array.from({ length: 17 }, draw) }), /Entry 17: a game has 16 hands/],
  ["an unknown entry", JSON.stringify({ ...saved(), events: [{ type: "bonus" }] }), /Entry 1 is neither a hand nor a penalty/],
  ["a penalty without a reason", JSON.stringify({ ...saved(), events: [{ type: "penalty", payer: 0, to: 1, points: 5 }] }), /Entry 1 \(a penalty\): Give the reason/],
  ["a foreign address", JSON.stringify({ ...saved(), events: [{ ...win(0, 1, 20), from: "javascript:alert(1)" }] }), /calculator address is not one of this site's/],
];

for (const [what, text, message] of broken) {
  test(`import refuses ${what} with a message`, () => {
    const read = R.parseGame(text);
    assert.equal(read.ok, false);
    assert.match(read.error, message);
  });
}

test("names: four, different, not empty", () => {
  assert.equal(R.checkNames(NAMES), null);
  assert.match(R.checkNames(["Ana", "", "Cai", "Dee"]), /each of the four/);
  assert.match(R.checkNames(["Ana", "x".repeat(41), "Cai", "Dee"]), /40 characters/);
  // A name that shows nothing is no name: zero-width, joiners, no-break spaces.
  for (const invisible of ["\u200b", "\u200d\u200c", "\u00a0\u2003", "\ufeff"]) {
    assert.match(R.checkNames(["Ana", invisible, "Cai", "Dee"]), /each of the four/, JSON.stringify(invisible));
  }
  assert.equal(R.checkNames(["Ana", "Zoë", "李明", "José María"]), null);
});

test("a row is found again where it stands now, after another tab's change, or not at all", () => {
  const rows = [win(0, 1, 10), win(1, 2, 11), win(2, 3, 12), win(3, 0, 13)];
  const shown = JSON.stringify(rows[1]);
  assert.equal(R.findRow(rows, shown, 1), 1);
  assert.equal(R.findRow(rows.slice(1), shown, 1), 0); // the row before it was deleted elsewhere
  assert.equal(R.findRow([win(9, 9, 9), ...rows], shown, 1), 2); // one was added before it
  assert.equal(R.findRow([rows[0], ...rows.slice(2)], shown, 1), -1); // it was deleted elsewhere
  const twice = [win(1, 2, 11), draw(), draw(), win(1, 2, 11)];
  assert.equal(R.findRow(twice, shown, 3), 3); // the same row twice: the one nearest where it was
  assert.equal(R.findRow(twice, shown, 1), 0);
});

test("a game sent from the practice table again replaces a copy that is only behind it", () => {
  const sent = game([win(0, 1, 10), draw(), win(2, 3, 12)]);
  assert.equal(R.changedOnSheet(game([]), sent), false);
  assert.equal(R.changedOnSheet(game([win(0, 1, 10), draw()]), sent), false);
  assert.equal(R.changedOnSheet(game([win(0, 1, 10), draw(), win(2, 3, 12)]), sent), false);
  assert.equal(R.changedOnSheet(game([win(0, 1, 10), draw(), win(2, 3, 12), win(1, null, 50)]), sent), true); // a hand added
  assert.equal(R.changedOnSheet(game([win(0, 2, 10)]), sent), true); // a hand changed
  assert.equal(R.changedOnSheet(game([draw(), win(2, 3, 12)]), sent), true); // a hand deleted
});

test("the calculator's hand in the address: points, flowers, self-drawn, its address", () => {
  const read = (query) => R.readCalculatorHand(new URLSearchParams(query));
  assert.equal(read("h=123m"), null);
  assert.deepEqual(read("add=1&points=15&without_flowers=14&self_drawn=true&from=calculator%2F%3Fh%3D123m%26win%3D1m"),
    { points: 15, flowers: 1, selfDrawn: true, from: "calculator/?h=123m&win=1m", seatWind: "E", prevalentWind: "E" });
  assert.equal(read("add=1&points=15&without_flowers=15&from=https%3A%2F%2Fevil.example%2F").from, null);
  assert.equal(read("add=1&points=15&without_flowers=15&from=javascript%3Aalert(1)").from, null);
  for (const bad of ["add=1", "add=1&points=8&without_flowers=9", "add=1&points=-8&without_flowers=-8",
    "add=1&points=8.5&without_flowers=8", "add=1&points=30&without_flowers=8"]) {
    assert.match(read(bad).error, /no points that can be read/, bad);
  }
});

// ------------------------------------------------------------- the situation carried from the calculator

// The calculator's "Add to score sheet" for [EEE] 123m 456p 789s 55s on 5s, not self-drawn: 13 points.
const DISCARD_WIN = "add=1&points=13&without_flowers=13&self_drawn=false" +
  "&from=calculator%2F%3Fh%3D%255BEEE%255D%2B123m%2B456p%2B789s%2B55s%26win%3D5s";
const SELF_DRAWN_WIN = "add=1&points=15&without_flowers=15&self_drawn=true" +
  "&from=calculator%2F%3Fh%3D%255BEEE%255D%2B123m%2B456p%2B789s%2B55s%26win%3D5s%26self_drawn%3Dtrue";
const carried = (query) => R.readCalculatorHand(new URLSearchParams(query));
// The form's values read back as the page reads them ("" is no discarder chosen yet).
const asHand = (form, winner) => ({
  type: "hand", result: form.result, winner, points: Number(form.points), flowers: Number(form.flowers),
  discarder: form.discarder === "self" ? null : form.discarder === "" ? undefined : Number(form.discarder),
});

test("a discard win from the calculator arrives with no discarder, and cannot be added until one is chosen", () => {
  const sent = carried(DISCARD_WIN);
  assert.equal(sent.selfDrawn, false);
  const form = R.carriedForm(sent);
  assert.deepEqual(form, { result: "win", discarder: "", points: "13", flowers: "0" });
  assert.equal(R.checkHand(asHand(form, 1)).field, "discarder");
  // Chosen as self-drawn, the calculator's situation refuses it: those 13 points were counted on a discard.
  const selfDrawn = asHand({ ...form, discarder: "self" }, 1);
  assert.equal(R.checkHand(selfDrawn), null);
  assert.match(R.checkCarried(selfDrawn, sent).message, /scored this hand as won on a discard/);
  // Dee's discard: Ben +37, Dee −21, the other two −8 (not +63 and −21 each, as self-drawn would pay).
  const onDiscard = asHand({ ...form, discarder: "3" }, 1);
  assert.equal(R.checkHand(onDiscard), null);
  assert.equal(R.checkCarried(onDiscard, sent), null);
  assert.deepEqual(R.changes(onDiscard), [-8, 37, -8, -21]);
});

test("a self-drawn win from the calculator arrives self-drawn, and a discarder is refused", () => {
  const sent = carried(SELF_DRAWN_WIN);
  const form = R.carriedForm(sent);
  assert.equal(form.discarder, "self");
  const hand = asHand(form, 2);
  assert.equal(R.checkHand(hand), null);
  assert.equal(R.checkCarried(hand, sent), null);
  assert.deepEqual(R.changes(hand), [-23, -23, 69, -23]);
  assert.match(R.checkCarried({ ...hand, discarder: 0 }, sent).message, /scored this hand as self-drawn/);
});

test("a hand on the sheet keeps the situation of its calculator address when it is changed", () => {
  assert.deepEqual(R.carriedSituation(carried(DISCARD_WIN).from), { selfDrawn: false });
  assert.deepEqual(R.carriedSituation(carried(SELF_DRAWN_WIN).from), { selfDrawn: true });
  assert.equal(R.carriedSituation(null), null);  // entered by hand: any situation goes
  assert.equal(R.carriedSituation("https://evil.example/?self_drawn=true"), null);
  assert.equal(R.checkCarried(win(0, null, 20), null), null);
  assert.equal(R.checkCarried(draw(), { selfDrawn: false }), null);  // a draw after all: nothing to check
});

test("a copy's label is kept, shown in its title, and checked like every field", () => {
  const labelled = { ...game([win(1, 3, 19)]), label: "copy imported from game.json" };
  const read = R.parseGame(JSON.stringify(labelled));
  assert.equal(read.ok, true);
  assert.equal(read.game.label, "copy imported from game.json");
  assert.equal(F.gameTitle(read.game), "2026-12-01 · Ana, Ben, Cai, Dee (copy imported from game.json)");
  assert.equal(F.gameTitle(game([])), "2026-12-01 · Ana, Ben, Cai, Dee");
  for (const bad of [7, "", "x".repeat(R.LIMITS.label + 1)]) {
    assert.match(R.parseGame(JSON.stringify({ ...labelled, label: bad })).error, /"label" must be text/);
  }
});

test("the winds the calculator scored with: the likely winner, and a warning for another round", () => {
  // Seat wind South, prevalent West (1 flower), sent to a game at its first hand (East round).
  const sent = carried("add=1&points=11&without_flowers=10&self_drawn=false&from=calculator%2F%3Fh%3D123m%26win%3D1m" +
    "%26seat_wind%3DS%26prevalent_wind%3DW");
  assert.equal(sent.seatWind, "S");
  assert.equal(sent.prevalentWind, "W");
  const first = R.handSeats(SEATING, 1);
  const carriedHere = R.carriedWinds(sent, first, SEATING);
  assert.equal(first.seatWinds[carriedHere.winner], "S");
  assert.match(carriedHere.warning, /West as the prevalent wind, but hand 1 is in the East round/);
  // Hand 4 of the East round: another player sits South, and there is nothing to warn of with East.
  const east = carried(DISCARD_WIN);
  assert.deepEqual([east.seatWind, east.prevalentWind], ["E", "E"]);
  const fourth = R.handSeats(SEATING, 4);
  const there = R.carriedWinds(east, fourth, SEATING);
  assert.equal(fourth.seatWinds[there.winner], "E");
  assert.equal(there.warning, null);
  // An address with a wind that is no wind: nothing chosen, nothing claimed.
  const odd = carried("add=1&points=11&without_flowers=11&from=calculator%2F%3Fh%3D123m%26seat_wind%3DX");
  assert.deepEqual(R.carriedWinds(odd, first, SEATING), { winner: null, warning: null });
});
