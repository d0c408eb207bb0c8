// The score sheet as files (static/js/scoresheet-files.js): JSON that reads back, CSV for a spreadsheet.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

import * as R from "../../static/js/scoresheet-rules.js";
import * as F from "../../static/js/scoresheet-files.js";

const SEATING = R.readSeating(JSON.parse(readFileSync(fileURLToPath(new URL("../../static/data/seating.json", import.meta.url)), "utf8")));
const game = {
  ...R.newGame(["Ana", "Ben", "=Cai", "Dee, Jr"], { id: "g1", now: "2026-12-01T10:00:00.000Z" }),
  events: [
    { type: "hand", result: "win", winner: 1, discarder: 3, points: 19, flowers: 1, from: "calculator/?h=123m&win=1m" },
    { type: "penalty", payer: 2, to: "others", points: 10, reason: 'false win, "7 points"' },
    { type: "hand", result: "draw" },
  ],
};

function parseCsv(text) {
  const rows = [];
  let row = [], cell = "", quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") { row.push(cell); cell = ""; }
    else if (c === "\r" && text[i + 1] === "\n") { row.push(cell); rows.push(row); row = []; cell = ""; i++; }
    else cell += c;
  }
  return rows;
}

test("the JSON file reads back as the same game", () => {
  const read = R.parseGame(F.gameJson(game));
  assert.equal(read.ok, true);
  assert.deepEqual(read.game, game);
});

test("the CSV has a row per hand and penalty with seats, changes and totals, then the standings", () => {
  const rows = parseCsv(F.gameCsv(game, SEATING));
  assert.deepEqual(rows[0].slice(0, 7), ["Hand", "Prevalent wind", "Dealer", "What happened", "Points", "Flowers", "Ana seat wind"]);
  assert.equal(rows[0].length, 6 + 12 + 1);
  const [hand1, penalty, hand2] = rows.slice(1, 4);
  assert.deepEqual(hand1.slice(0, 6), ["1", "East", "Ana", "Ben won on Dee, Jr's discard", "19", "1"]);
  assert.deepEqual(hand1.slice(6, 10), ["East", "South", "West", "North"]);
  assert.deepEqual(hand1.slice(10, 18), ["-8", "43", "-8", "-27", "-8", "43", "-8", "-27"]);
  assert.equal(hand1[18], "calculator/?h=123m&win=1m");
  assert.equal(penalty[0], "after hand 1");
  assert.equal(penalty[3], `Penalty: =Cai pays 10 to each of the others (false win, "7 points")`);
  assert.deepEqual(penalty.slice(14, 18), ["2", "53", "-38", "-17"]);
  assert.deepEqual(hand2.slice(0, 4), ["2", "East", "Ben", "Draw"]);
  assert.deepEqual(hand2.slice(6, 10), ["North", "East", "South", "West"]);
  const players = rows.slice(rows.findIndex((r) => r[0] === "Player") + 1);
  assert.deepEqual(players[0], ["Ana", "2", "2", "2", "0", "0", "0"]);
  assert.deepEqual(players[1], ["Ben", "53", "1", "4", "1", "0", "0"]);
  assert.deepEqual(players[2][0], "'=Cai"); // a name a spreadsheet would run as a formula stays text
  assert.deepEqual(players[3], ["Dee, Jr", "-17", "3", "1", "0", "0", "1"]);
  assert.deepEqual(players[4], ["Hands played", "2 of 16"]);
});

test("file names carry the date and the players", () => {
  assert.equal(F.fileName(game, "csv"), "score-sheet-2026-12-01-Ana-Ben-Cai-DeeJr.csv");
  assert.equal(F.gameTitle(game), "2026-12-01 · Ana, Ben, =Cai, Dee, Jr");
});
