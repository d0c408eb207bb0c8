// The practice table's game as a score sheet game (static/js/table-sheet.js), checked by the
// sheet's own rules:  node --test tests/js/table-sheet.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";

import { sheetGame } from "../../static/js/table-sheet.js";
import { changes } from "../../static/js/scoresheet-rules.js";

const PLAYERS = ["You", "Bot 1", "Bot 2", "Bot 3"];
const NOW = "2026-12-02T03:30:00.000Z";

test("a table game becomes a score sheet game whose hands the sheet pays", () => {
  const events = [
    { type: "hand", result: "win", winner: 3, discarder: 0, points: 25, flowers: 1 },
    { type: "hand", result: "draw" },
    { type: "hand", result: "win", winner: 0, discarder: null, points: 12, flowers: 0 },
  ];
  const read = sheetGame({ id: "table-31", players: PLAYERS, events }, NOW);
  assert.equal(read.ok, true);
  assert.equal(read.game.id, "table-31");
  assert.deepEqual(read.game.players, PLAYERS);
  assert.equal(read.game.events.length, 3);
  assert.deepEqual(changes(read.game.events[0]), [-33, -8, -8, 49]);
  assert.deepEqual(changes(read.game.events[2]), [60, -20, -20, -20]);
});

test("a hand the sheet would not take is refused with the sheet's reason", () => {
  const short = [{ type: "hand", result: "win", winner: 1, discarder: null, points: 8, flowers: 2 }];
  const read = sheetGame({ id: "table-1", players: PLAYERS, events: short }, NOW);
  assert.equal(read.ok, false);
  assert.match(read.error, /at least 8 points without flowers/);
});
