// Two tabs, one game: what to save when the copy in storage changed since this tab read it.
// Pure functions (the page and tests/js/ call them alike); scoresheet.js does the reading and saving.
//
// Every tab keeps the copy it last read or wrote (its "base"). Before it saves its own change it
// reads the stored copy again ("theirs"): when that is still its base, nothing happened elsewhere.
// Otherwise the two changes are put together when each only added rows after the base (the usual
// case: a hand added from the calculator in one tab, the next hand entered in the other), and
// when they really diverge (a row changed or deleted on one side while the other changed too),
// nothing is dropped: the stored copy stays as it is and this tab's is kept beside it, labelled.

import { HANDS } from "./scoresheet-rules.js";

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** True when `events` is `base` with rows added after it (or `base` itself). */
export function extendsBase(base, events) {
  return events.length >= base.length && same(events.slice(0, base.length), base);
}

/** What to save, given this tab's base copy, its changed copy (ours) and the stored one (theirs,
 *  null when another tab deleted the game):
 *    {kind: "ours", game}                 nothing changed elsewhere (or the game was deleted there)
 *    {kind: "theirs", game}               only the other tab changed anything: take its copy
 *    {kind: "merged", game, added}        both added rows: theirs, then ours (added: how many of ours)
 *    {kind: "diverged", game, copy}       keep theirs as it is, and ours as a copy of its own
 *  copyId: the id for that copy; now: the time of this save (ISO). */
export function mergeGames(base, ours, theirs, { copyId, now, label = "changes from another tab" }) {
  if (!theirs || theirs.updated === base.updated || same(theirs.events, base.events)) {
    return { kind: "ours", game: { ...ours, updated: now } };
  }
  if (same(ours.events, base.events) || same(ours.events, theirs.events)) return { kind: "theirs", game: theirs };
  if (extendsBase(base.events, theirs.events) && extendsBase(base.events, ours.events)) {
    const added = ours.events.slice(base.events.length);
    const events = [...theirs.events, ...added];
    if (events.filter((e) => e.type === "hand").length <= HANDS) {
      return { kind: "merged", game: { ...theirs, events, updated: now }, added: added.length };
    }
  }
  return { kind: "diverged", game: theirs, copy: { ...ours, id: copyId, updated: now, label: `${label}, ${now.slice(0, 16).replace("T", " ")}` } };
}
