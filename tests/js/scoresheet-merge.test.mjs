// Two tabs' copies of one game (static/js/scoresheet-merge.js) under Node's own test runner.
import { test } from "node:test";
import assert from "node:assert/strict";

import * as R from "../../static/js/scoresheet-rules.js";
import { extendsBase, mergeGames } from "../../static/js/scoresheet-merge.js";

const win = (winner, discarder, points) => ({ type: "hand", result: "win", winner, discarder, points, flowers: 0 });
const penalty = (payer, points) => ({ type: "penalty", payer, to: "others", points, reason: "False win" });
const at = (minute) => `2026-12-01T20:${String(minute).padStart(2, "0")}:00.000Z`;
const copy = (events, minute) => ({ ...R.newGame(["Ana", "Ben", "Cai", "Dee"], { id: "g1", now: at(0) }), events, updated: at(minute) });
const SAVE = { copyId: "g2", now: at(30) };

// Tab A read the game with two hands (its base); what it and tab B did next.
const BASE = copy([win(1, 3, 19), win(2, null, 12)], 10);
const FROM_CALCULATOR = win(3, 0, 13); // added in tab B, from the calculator
const NEXT_HAND = win(0, 1, 16); // entered in tab A afterwards

test("nothing saved elsewhere since this tab read the game: its change is saved as it is", () => {
  const ours = copy([...BASE.events, NEXT_HAND], 10);
  const merge = mergeGames(BASE, ours, copy(BASE.events, 10), SAVE);
  assert.equal(merge.kind, "ours");
  assert.deepEqual(merge.game.events, ours.events);
  assert.equal(merge.game.updated, SAVE.now);
});

test("a hand added in another tab is never overwritten: both hands are kept, theirs first", () => {
  const theirs = copy([...BASE.events, FROM_CALCULATOR], 20);
  const ours = copy([...BASE.events, NEXT_HAND], 10);
  const merge = mergeGames(BASE, ours, theirs, SAVE);
  assert.equal(merge.kind, "merged");
  assert.deepEqual(merge.game.events, [...BASE.events, FROM_CALCULATOR, NEXT_HAND]);
  assert.equal(merge.added, 1);
  assert.equal(merge.game.id, "g1");
  assert.equal(merge.game.updated, SAVE.now);
  // A penalty from one side and hands from the other go together the same way.
  const withPenalty = mergeGames(BASE, copy([...BASE.events, penalty(2, 10)], 10), theirs, SAVE);
  assert.deepEqual(withPenalty.game.events, [...BASE.events, FROM_CALCULATOR, penalty(2, 10)]);
});

test("when only the other tab changed anything, its copy is kept", () => {
  const theirs = copy([...BASE.events, FROM_CALCULATOR], 20);
  assert.equal(mergeGames(BASE, copy(BASE.events, 10), theirs, SAVE).game, theirs);
  // Both tabs made the very same change: one copy of it.
  const same = mergeGames(BASE, copy([...BASE.events, FROM_CALCULATOR], 10), theirs, SAVE);
  assert.equal(same.kind, "theirs");
  assert.deepEqual(same.game.events, theirs.events);
});

test("copies that really diverge are both kept: the stored one as it is, this tab's as a labelled copy", () => {
  // Tab B changed hand 1 (Dee's discard was Ana's); tab A deleted hand 2 meanwhile.
  const theirs = copy([win(1, 0, 19), BASE.events[1]], 20);
  const ours = copy([BASE.events[0]], 10);
  const merge = mergeGames(BASE, ours, theirs, SAVE);
  assert.equal(merge.kind, "diverged");
  assert.equal(merge.game, theirs);
  assert.equal(merge.copy.id, "g2");
  assert.deepEqual(merge.copy.events, ours.events);
  assert.equal(merge.copy.label, "changes from another tab, 2026-12-01 20:30");
  assert.equal(R.parseGame(JSON.stringify(merge.copy)).ok, true); // the copy is a game like any other
  // An edit on one side and a new hand on the other diverge too: the order of events would be a guess.
  const edited = copy([win(1, 0, 19), BASE.events[1]], 10);
  assert.equal(mergeGames(BASE, edited, copy([...BASE.events, FROM_CALCULATOR], 20), SAVE).kind, "diverged");
});

test("added hands that would make more than 16 are not put together", () => {
  const fifteen = copy(Array.from({ length: 15 }, () => win(0, 1, 8)), 10);
  const theirs = copy([...fifteen.events, FROM_CALCULATOR], 20);
  const ours = copy([...fifteen.events, NEXT_HAND], 10);
  const merge = mergeGames(fifteen, ours, theirs, SAVE);
  assert.equal(merge.kind, "diverged");
  assert.equal(merge.copy.events.length, 16);
});

test("a game deleted in another tab is saved again with this tab's change", () => {
  const ours = copy([...BASE.events, NEXT_HAND], 10);
  const merge = mergeGames(BASE, ours, null, SAVE);
  assert.equal(merge.kind, "ours");
  assert.deepEqual(merge.game.events, ours.events);
});

test("extendsBase: rows added after the base, and nothing else", () => {
  assert.ok(extendsBase(BASE.events, BASE.events));
  assert.ok(extendsBase(BASE.events, [...BASE.events, FROM_CALCULATOR]));
  assert.ok(!extendsBase(BASE.events, [BASE.events[0]]));
  assert.ok(!extendsBase(BASE.events, [FROM_CALCULATOR, ...BASE.events]));
});
