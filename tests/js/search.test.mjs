// The search page's ranking (static/js/search.js) under Node's own test runner. search.js is a
// classic script of the page (it sets window.TutorSearch), so it runs here in a context of its own.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const script = readFileSync(fileURLToPath(new URL("../../static/js/search.js", import.meta.url)), "utf8");
const context = { window: {}, document: { addEventListener() {} } };
vm.createContext(context);
vm.runInContext(script, context);
const { exactFirst } = context.window.TutorSearch;

const hit = (id, title, more = {}) => ({ id, title, zh: "", pinyin: "", pinyin_joined: "", aliases: "", ...more });
const SHIFTED = hit("fan-6", "Seven Shifted Pairs", { aliases: "seven consecutive pairs" });
const PAIRS = hit("fan-19", "Seven Pairs", { zh: "七对", pinyin: "qī duì", pinyin_joined: "qidui" });
const RULING = hit("section-rulings/#tile-hog-in-seven-pairs", "Tile Hog in Seven Pairs");
const ids = (hits) => hits.map((h) => h.id);

test("a fan whose name is the query comes before longer names that score higher", () => {
  assert.deepEqual(ids(exactFirst([SHIFTED, PAIRS, RULING], "seven pairs")), ["fan-19", "fan-6", RULING.id]);
});

test("case, spacing, punctuation and tone marks do not stop a name from being exact", () => {
  for (const query of ["Seven  Pairs", "seven-pairs!", "SEVEN PAIRS", "qi dui", "qī duì", "qidui", "七对"]) {
    assert.equal(exactFirst([SHIFTED, RULING, PAIRS], query)[0].id, "fan-19", query);
  }
});

test("an alias written out in full counts as the name", () => {
  assert.deepEqual(ids(exactFirst([PAIRS, SHIFTED], "Seven consecutive pairs")), ["fan-6", "fan-19"]);
});

test("with no exact name the search engine's order stays, and nothing is lost or repeated", () => {
  const hits = [SHIFTED, RULING, PAIRS];
  assert.deepEqual(ids(exactFirst(hits, "pairs")), ids(hits));
  assert.deepEqual(ids(exactFirst(hits, "seven")), ids(hits));
  assert.deepEqual(exactFirst([], "seven pairs"), []);
});
