// Drawing the score sheet's tables from what scoresheet-rules.js works out. DOM nodes only,
// never HTML text, so a player's name is always shown as written and never read as markup.

import * as R from "./scoresheet-rules.js";
import { describe } from "./scoresheet-files.js";

/** el("td", {class: "x"}, "text", child): an element with attributes and children. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) node.append(child);
  }
  return node;
}

/** +43, −8, 0 with a real minus sign. */
export function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

export function plain(n) {
  return n < 0 ? `−${-n}` : String(n);
}

const hidden = (text) => el("span", { class: "visually-hidden" }, text);

export function windName(seating, wind) {
  return seating.windNames[wind];
}

/** "East round, hand 2 of 4 · Ben deals · Ana North, Ben East, Cai South, Dee West" */
export function seatsLine(seating, names, number) {
  const seats = R.handSeats(seating, number);
  const inRound = ((number - 1) % seating.handsPerRound) + 1;
  const who = names.map((n, p) => `${n} ${windName(seating, seats.seatWinds[p])}`).join(", ");
  return `${windName(seating, seats.prevalent)} round, hand ${inRound} of ${seating.handsPerRound} · ` +
    `${names[seats.dealer]} deals · ${who}`;
}

function playerCell(seating, wind, change, total) {
  const seat = wind ? el("span", { class: wind === seating.winds[0] ? "seat dealer" : "seat" }, windName(seating, wind)) : null;
  if (change === null) return el("td", {}, seat);
  return el("td", {},
    seat, seat ? " " : null,
    el("span", { class: change > 0 ? "change gain" : change < 0 ? "change loss" : "change" }, hidden("change "), signed(change)),
    " ",
    el("span", { class: "total" }, hidden("total "), plain(total)));
}

function whatHappened(event, names, calculator) {
  const text = describe(event, names);
  if (event.type !== "hand" || event.result !== "win") return el("td", {}, text);
  const flowers = event.flowers ? ` with ${event.flowers} flower${event.flowers === 1 ? "" : "s"}` : "";
  return el("td", {}, `${text}: ${event.points} points${flowers}`,
    event.from ? [" (", el("a", { href: calculator(event.from), class: "hand-link" }, "see the hand"), ")"] : null);
}

function actions(row, label) {
  return el("td", { class: "no-print actions" },
    el("button", { type: "button", dataset: { edit: row.index }, "aria-label": `Change ${label}` }, "Change"),
    " ",
    el("button", { type: "button", dataset: { remove: row.index }, "aria-label": `Delete ${label}` }, "Delete"));
}

/** The rows of the sheet: every hand of the game (played or still to come), the chair changes
 *  before each new round, and penalties where they happened. */
export function sheetRows(seating, game, played, calculator) {
  const names = game.players;
  const after = new Map();
  for (const row of played.rows) {
    if (row.event.type === "penalty") {
      if (!after.has(row.handsBefore)) after.set(row.handsBefore, []);
      after.get(row.handsBefore).push(row);
    }
  }
  const hands = played.rows.filter((r) => r.number);
  const out = [];
  const penalties = (k) => (after.get(k) || []).map((row) => el("tr", { class: "penalty-row" },
    el("th", { scope: "row" }, "Penalty"), el("td", {}),
    names.map((_, p) => playerCell(seating, null, row.changes[p], row.totals[p])),
    whatHappened(row.event, names, calculator), actions(row, `the penalty after hand ${k}`)));
  out.push(...penalties(0));
  for (let number = 1; number <= R.HANDS; number++) {
    const seats = R.handSeats(seating, number);
    if (seats.firstOfRound && seats.round > 0) {
      const chairs = seats.chairs.map((p, c) => `${windName(seating, seating.winds[c])} chair ${names[p]}`).join(", ");
      out.push(el("tr", { class: "chairs-row" }, el("td", { colspan: 8 }, el("span", { class: "in-view" },
        `Before the ${windName(seating, seats.prevalent)} round the players change chairs: ${chairs}.`))));
    }
    const row = hands[number - 1];
    const cells = row
      ? names.map((_, p) => playerCell(seating, seats.seatWinds[p], row.changes[p], row.totals[p]))
      : names.map((_, p) => playerCell(seating, seats.seatWinds[p], null, null));
    out.push(el("tr", { class: row ? "hand-row" : "hand-row planned", dataset: { hand: number } },
      el("th", { scope: "row" }, String(number)),
      el("td", {}, windName(seating, seats.prevalent)),
      cells,
      row ? whatHappened(row.event, names, calculator) : el("td", {}, "–"),
      row ? actions(row, `hand ${number}`) : el("td", { class: "no-print" })));
    if (row) out.push(...penalties(number));
  }
  return out;
}

export function standingsRows(game, played) {
  const places = R.standings(played.totals);
  const stats = R.playerStats(game);
  const order = [0, 1, 2, 3].sort((a, b) => places[a].place - places[b].place || a - b);
  const started = game.events.length > 0; // before anything happens, nobody has a place yet
  return order.map((p) => el("tr", {},
    el("th", { scope: "row" }, game.players[p]),
    el("td", {}, plain(played.totals[p])),
    el("td", {}, started ? (places[p].tied ? "=" : "") + places[p].place : "–"),
    el("td", {}, started ? R.formatTablePoints(places[p].tablePoints) : "–"),
    el("td", {}, String(stats[p].won)),
    el("td", {}, String(stats[p].selfDrawn)),
    el("td", {}, String(stats[p].dealtIn))));
}

export function needRows(game, played) {
  const names = game.players;
  const shown = (points) => (points === R.MINIMUM ? `${points} (any win)` : String(points));
  const rows = [];
  for (const { player, ahead } of R.whatDoINeed(played.totals)) {
    for (const a of ahead) {
      rows.push(el("tr", {},
        el("th", { scope: "row" }, names[player]),
        el("td", {}, names[a.player]),
        el("td", {}, String(a.gap)),
        el("td", {}, shown(a.self)),
        el("td", {}, shown(a.their)),
        el("td", {}, shown(a.other))));
    }
  }
  return rows.length ? rows : [el("tr", {}, el("td", { colspan: 6 }, "Everyone is level."))];
}
