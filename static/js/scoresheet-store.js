// The games saved in this browser (localStorage), each checked by parseGame as it is read.
// Stored text that cannot be read is never overwritten: it is moved aside under a key of its
// own first, and the page says so.

import { parseGame } from "./scoresheet-rules.js";

export const KEY = "tutor-scoresheet-games";
const OPEN_KEY = "tutor-scoresheet-open";

export function openStore(storage) {
  const problems = [];
  let games = [];
  let raw = null;
  try {
    raw = storage.getItem(KEY);
  } catch (err) {
    problems.push("This browser does not let the page keep games (private mode?): the sheet lasts as long as the page.");
    storage = null;
  }
  if (raw !== null) {
    let list = null;
    try { list = JSON.parse(raw); } catch (err) { list = null; }
    if (!list || !Array.isArray(list.games)) {
      const aside = `${KEY}-unreadable-${Date.now()}`;
      try { storage.setItem(aside, raw); } catch (err) { /* full: then leave the original alone */ storage = null; }
      problems.push(`The games saved in this browser could not be read. They are kept, untouched, under "${aside}".`);
    } else {
      for (const item of list.games) {
        const read = parseGame(item);
        if (read.ok) games.push(read.game);
        else problems.push(`A saved game could not be read and was left out: ${read.error}`);
      }
      if (games.length !== list.games.length && storage) {
        try { storage.setItem(`${KEY}-left-out-${Date.now()}`, raw); } catch (err) { storage = null; }
      }
    }
  }

  // Another tab may have saved since: read the stored list again (games this tab cannot read stay
  // as they were), so that writing one game never puts back another tab's older copies.
  function reload() {
    if (!storage) return;
    let list = null;
    try { list = JSON.parse(storage.getItem(KEY)); } catch (err) { return; }
    if (!list || !Array.isArray(list.games)) return;
    games = list.games.map((item) => parseGame(item)).filter((read) => read.ok).map((read) => read.game);
  }

  function write() {
    if (!storage) return false;
    try {
      storage.setItem(KEY, JSON.stringify({ version: 1, games }));
      return true;
    } catch (err) {
      return false;
    }
  }

  return {
    problems,
    list: () => [...games].sort((a, b) => b.updated.localeCompare(a.updated)),
    get: (id) => games.find((g) => g.id === id) || null,
    /** The games as stored now, after another tab's changes (the storage event calls it). */
    reload,
    /** Save games (new or changed), the others as stored now; false when the browser refused.
     *  The page decides what to save against another tab's copy (scoresheet-merge.js) first. */
    put(...changed) {
      reload();
      for (const game of changed) {
        const at = games.findIndex((g) => g.id === game.id);
        if (at >= 0) games[at] = game; else games.push(game);
      }
      return write();
    },
    remove(id) {
      reload();
      games = games.filter((g) => g.id !== id);
      return write();
    },
    openId() {
      try { return storage ? storage.getItem(OPEN_KEY) : null; } catch (err) { return null; }
    },
    setOpen(id) {
      try { if (storage) { id ? storage.setItem(OPEN_KEY, id) : storage.removeItem(OPEN_KEY); } } catch (err) { /* nothing to do */ }
    },
  };
}

/** A new game id: the time and some randomness (crypto.getRandomValues also works over plain http). */
export function newId(crypto) {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return "g" + Date.now().toString(36) + "-" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
