// The conditions of a rendered grading (static/js/conditions.js), as drills.js and fan-quiz.js read them.
import { test } from "node:test";
import assert from "node:assert/strict";

import "../../static/js/conditions.js";

const shown = globalThis.tutorShown;
const answer = { tile: ["5s", "E"], total: ["26"], tick: ["22", "49"], shanten: [] };

test("a field holds a value, or does not", () => {
  assert.equal(shown("tile:5s", answer), true);
  assert.equal(shown("tile:6s", answer), false);
  assert.equal(shown("!tile:5s", answer), false);
});

test("a field holds exactly these values, in any order, or nothing", () => {
  assert.equal(shown("tile=E,5s", answer), true);
  assert.equal(shown("tile=5s", answer), false);
  assert.equal(shown("shanten=", answer), true);
  assert.equal(shown("total=", answer), false);
});

test("terms joined by spaces must all hold; alternatives by | need one", () => {
  assert.equal(shown("tick=22,49 total=26", answer), true);
  assert.equal(shown("tick=22,49 total=", answer), false);
  assert.equal(shown("tick=22,49 total=|tick=22,49 total=26", answer), true);
  assert.equal(shown("tick=22 total=|tick=22 total=26", answer), false);
});

test("the quiz's verdict on a total: right, wrong, or not given", () => {
  const right = "total=26", wrong = "!total= !total=26";
  assert.deepEqual([shown(right, { total: ["26"] }), shown(wrong, { total: ["26"] })], [true, false]);
  assert.deepEqual([shown(right, { total: ["25"] }), shown(wrong, { total: ["25"] })], [false, true]);
  assert.deepEqual([shown(right, { total: [] }), shown(wrong, { total: [] })], [false, false]);
});

test("an empty condition holds, as tutor.views.drills.shown says on the server", () => {
  assert.equal(shown("", answer), true);
  assert.equal(shown("", {}), true);
});
