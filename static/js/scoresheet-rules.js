// The score sheet's rules, with no page in sight: seats and winds for each hand (read from
// static/data/seating.json, the file the rotation lesson's tables are built from), MCR payments, running
// totals, table points, each player's figures, "what do I need?", and the checks a game read
// from a file must pass. static/js/scoresheet.js shows what these functions return; tests/js/
// runs them under Node.
//
// A game: {format, version, id, created, updated, players: [4 names], events: [...], label (optional:
// what tells a copy from its original, such as "copy imported from game.json")}.
// Players are numbered by the wind they drew for hand 1: 0 East, 1 South, 2 West, 3 North.
// Events, in the order they happened:
//   {type: "hand", result: "win", winner, discarder (a player, or null when self-drawn),
//    points (the hand's total, flowers included), flowers, from (calculator address, optional)}
//   {type: "hand", result: "draw"}
//   {type: "penalty", payer, to ("others": each of the other three, or a player), points, reason}

export const FORMAT = "tutor-scoresheet";
export const VERSION = 1;
export const PLAYERS = 4;
export const HANDS = 16;
export const BASE = 8; // what every loser pays on top of the hand's points, or instead of them
export const MINIMUM = 8; // points without flowers that a win needs
export const LIMITS = { points: 9999, flowers: 8, penalty: 9999, name: 40, reason: 200, penalties: 200, label: 120 };
export const TABLE_POINTS = [4, 2, 1, 0];

// ----------------------------------------------------------------------------------- seats

/** The seating file, checked, with the chairs of each round worked out from its moves. */
export function readSeating(data) {
  const fail = (why) => { throw new Error(`seating.json: ${why}`); };
  if (!data || typeof data !== "object") fail("not an object");
  const winds = data.winds;
  if (!Array.isArray(winds) || winds.length !== PLAYERS || new Set(winds).size !== PLAYERS) fail("four winds");
  const names = data.wind_names || {};
  if (!winds.every((w) => typeof names[w] === "string")) fail("a name for every wind");
  const rows = data.seat_winds;
  if (!Array.isArray(rows) || rows.length !== data.hands_per_round) fail("one row of seat winds per hand");
  rows.forEach((row, hand) => {
    if (!Array.isArray(row) || [...row].sort().join() !== [...winds].sort().join()) fail(`hand ${hand + 1}: each wind once`);
    if (row[hand % PLAYERS] !== winds[0]) fail(`hand ${hand + 1}: the deal sits in chair ${winds[hand % PLAYERS]}`);
  });
  if (rows[0].join() !== winds.join()) fail("hand 1 gives each chair its own wind");
  if (!Array.isArray(data.rounds) || data.rounds.length !== PLAYERS) fail("four rounds");
  const chairs = [];
  let current = [0, 1, 2, 3];
  data.rounds.forEach((round, index) => {
    const moves = round.moves || {};
    if (index > 0) {
      const to = winds.map((w) => moves[w]);
      if (new Set(to).size !== PLAYERS || !to.every((w) => winds.includes(w))) {
        fail(`round ${index + 1}: moves must send each chair's player to a different chair`);
      }
      const moved = [];
      current.forEach((player, chair) => { moved[winds.indexOf(moves[winds[chair]])] = player; });
      current = moved;
    }
    chairs.push(current);
  });
  return {
    winds, windNames: names, seatWinds: rows, handsPerRound: rows.length,
    rounds: data.rounds.map((r) => r.prevalent_wind), chairs,
  };
}

/** Hand number (1 to 16): its round, prevalent wind, each player's seat wind, and the dealer. */
export function handSeats(seating, number) {
  const round = Math.floor((number - 1) / seating.handsPerRound);
  const inRound = (number - 1) % seating.handsPerRound;
  const chairs = seating.chairs[round];
  const seatWinds = [0, 1, 2, 3].map((player) => seating.seatWinds[inRound][chairs.indexOf(player)]);
  return {
    number, round, prevalent: seating.rounds[round], seatWinds,
    dealer: seatWinds.indexOf(seating.winds[0]), chairs,
    firstOfRound: inRound === 0,
  };
}

// -------------------------------------------------------------------------------- payments

/** Why a hand cannot go on the sheet, or null. A win needs 8 points without flowers. */
export function checkHand(hand) {
  if (hand.result === "draw") return null;
  if (hand.result !== "win") return { field: "result", message: "Choose a win or a draw." };
  if (!isPlayer(hand.winner)) return { field: "winner", message: "Choose who won." };
  if (hand.discarder !== null && !isPlayer(hand.discarder)) return { field: "discarder", message: "Choose who discarded the winning tile, or self-drawn." };
  if (hand.discarder === hand.winner) return { field: "discarder", message: "The winner cannot have discarded the winning tile: choose self-drawn or another player." };
  if (!inRange(hand.points, 0, LIMITS.points)) return { field: "points", message: `Give the hand's points as a whole number up to ${LIMITS.points}.` };
  if (!inRange(hand.flowers, 0, LIMITS.flowers)) return { field: "flowers", message: `Flowers are a whole number from 0 to ${LIMITS.flowers}.` };
  if (hand.flowers > hand.points) return { field: "flowers", message: "The flowers are part of the points, so they cannot be more than the points." };
  const without = hand.points - hand.flowers;
  if (without < MINIMUM) {
    return {
      field: "points", falseWin: true,
      message: `A win needs at least ${MINIMUM} points without flowers; this hand has ${without}` +
        (hand.flowers ? ` (${hand.points} with its ${hand.flowers} flower${hand.flowers === 1 ? "" : "s"})` : "") +
        ". Calling it is a false win, which is a penalty, not a hand.",
    };
  }
  return null;
}

/** Why a penalty cannot go on the sheet, or null. */
export function checkPenalty(penalty) {
  if (!isPlayer(penalty.payer)) return { field: "payer", message: "Choose who pays the penalty." };
  if (penalty.to !== "others" && !isPlayer(penalty.to)) return { field: "to", message: "Choose who receives it." };
  if (penalty.to === penalty.payer) return { field: "to", message: "A player cannot pay a penalty to themselves." };
  if (!inRange(penalty.points, 1, LIMITS.penalty)) return { field: "points", message: `A penalty is a whole number of points from 1 to ${LIMITS.penalty}.` };
  if (typeof penalty.reason !== "string" || !penalty.reason.trim() || penalty.reason.length > LIMITS.reason) {
    return { field: "reason", message: `Give the reason, in up to ${LIMITS.reason} characters.` };
  }
  return null;
}

/** What each player gains (+) or pays (-) for one event; the four always sum to zero. */
export function changes(event) {
  const out = [0, 0, 0, 0];
  if (event.type === "penalty") {
    const others = event.to === "others" ? [0, 1, 2, 3].filter((p) => p !== event.payer) : [event.to];
    for (const p of others) { out[p] += event.points; out[event.payer] -= event.points; }
    return out;
  }
  if (event.result !== "win") return out; // a draw: nobody pays
  for (const loser of [0, 1, 2, 3].filter((p) => p !== event.winner)) {
    const self = event.discarder === null;
    const pays = self || loser === event.discarder ? event.points + BASE : BASE;
    out[loser] -= pays;
    out[event.winner] += pays;
  }
  return out;
}

// -------------------------------------------------------------------------------- the game

/** Every event with its hand number (hands only), seats, changes and running totals. */
export function replay(game, seating) {
  const totals = [0, 0, 0, 0];
  let hands = 0;
  const rows = game.events.map((event, index) => {
    const number = event.type === "hand" ? ++hands : null;
    const change = changes(event);
    change.forEach((c, p) => { totals[p] += c; });
    return {
      index, event, number, handsBefore: number ? number - 1 : hands,
      seats: number ? handSeats(seating, number) : null, changes: change, totals: [...totals],
    };
  });
  return { rows, totals, hands, sum: totals.reduce((a, b) => a + b, 0), next: hands < HANDS ? hands + 1 : null };
}

/** Places and table points by total: 4, 2, 1, 0, players level sharing the points of the places they cover. */
export function standings(totals) {
  const order = [0, 1, 2, 3].sort((a, b) => totals[b] - totals[a] || a - b);
  const out = [];
  for (let start = 0; start < order.length;) {
    let end = start;
    while (end + 1 < order.length && totals[order[end + 1]] === totals[order[start]]) end++;
    const covered = TABLE_POINTS.slice(start, end + 1);
    const share = covered.reduce((a, b) => a + b, 0) / covered.length;
    for (let i = start; i <= end; i++) {
      out[order[i]] = { player: order[i], place: start + 1, tied: end > start, tablePoints: share };
    }
    start = end + 1;
  }
  return out;
}

/** 4, 2.5, 1.75, 2⅓: table points as a tournament sheet writes them. */
export function formatTablePoints(value) {
  const whole = Math.floor(value + 1e-9);
  const part = value - whole;
  if (Math.abs(part) < 1e-9) return String(whole);
  for (const [fraction, text] of [[1 / 3, "⅓"], [2 / 3, "⅔"]]) {
    if (Math.abs(part - fraction) < 1e-9) return (whole || "") + text;
  }
  return String(Math.round(value * 100) / 100);
}

/** Per player: hands won, of them self-drawn, and discards that paid for someone's win. */
export function playerStats(game) {
  const stats = [0, 1, 2, 3].map(() => ({ won: 0, selfDrawn: 0, dealtIn: 0 }));
  for (const event of game.events) {
    if (event.type !== "hand" || event.result !== "win") continue;
    stats[event.winner].won++;
    if (event.discarder === null) stats[event.winner].selfDrawn++;
    else stats[event.discarder].dealtIn++;
  }
  return stats;
}

/** The fewest points (at least 8) of a win that lifts a player `gap` points behind above the other.
 *  how: "self" (each of three pays points + 8), "their" (the player ahead discards: they lose
 *  points + 8, the winner gains points + 24), "other" (a third player discards: the one ahead pays 8). */
export function pointsToOvertake(gap, how) {
  const needed = {
    self: Math.floor(gap / 4) - 7, // 3(p + 8) + (p + 8) > gap
    their: Math.floor((gap - 32) / 2) + 1, // (p + 24) + (p + 8) > gap
    other: gap - 31, // (p + 24) + 8 > gap
  }[how];
  return Math.max(MINIMUM, needed);
}

/** For each player behind someone: for each player ahead, the smallest hand that overtakes them. */
export function whatDoINeed(totals) {
  const out = [];
  for (let behind = 0; behind < PLAYERS; behind++) {
    const ahead = [0, 1, 2, 3]
      .filter((p) => totals[p] > totals[behind])
      .sort((a, b) => totals[a] - totals[b] || a - b)
      .map((p) => {
        const gap = totals[p] - totals[behind];
        return { player: p, gap, self: pointsToOvertake(gap, "self"), their: pointsToOvertake(gap, "their"), other: pointsToOvertake(gap, "other") };
      });
    if (ahead.length) out.push({ player: behind, ahead });
  }
  return out;
}

export function newGame(players, { id, now }) {
  return { format: FORMAT, version: VERSION, id, created: now, updated: now, players: [...players], events: [] };
}

/** Why these four names cannot start a game, or null. */
export function checkNames(players) {
  if (!Array.isArray(players) || players.length !== PLAYERS) return "Give four names.";
  const names = players.map((n) => (typeof n === "string" ? n.trim() : ""));
  // A name must show: spaces, zero-width and other invisible characters alone are no name.
  if (names.some((n) => !/[^\p{Z}\p{Cc}\p{Cf}\s]/u.test(n))) return "Give each of the four players a name.";
  if (names.some((n) => n.length > LIMITS.name)) return `Keep names to ${LIMITS.name} characters.`;
  if (new Set(names.map((n) => n.toLowerCase())).size !== PLAYERS) return "Give the four players different names.";
  return null;
}

// --------------------------------------------------------------------- a game from a file

/** {ok: true, game} for a score sheet saved by this page, {ok: false, error} for anything else.
 *  The game is rebuilt from the fields it may have, so nothing else from the file is kept. */
export function parseGame(text) {
  let data;
  try {
    data = typeof text === "string" ? JSON.parse(text) : text;
  } catch (err) {
    return { ok: false, error: "This file is not a score sheet: it is not JSON at all." };
  }
  try {
    return { ok: true, game: rebuildGame(data) };
  } catch (err) {
    if (!(err instanceof GameFileError)) throw err;
    return { ok: false, error: err.message };
  }
}

class GameFileError extends Error {}

function rebuildGame(data) {
  const fail = (why) => { throw new GameFileError(why); };
  if (!data || typeof data !== "object" || Array.isArray(data) || data.format !== FORMAT) {
    fail("This file is not a score sheet saved by this site (it has no \"format\": \"tutor-scoresheet\").");
  }
  if (data.version !== VERSION) {
    fail(`This score sheet is in format version ${JSON.stringify(data.version)}; this page reads version ${VERSION}.`);
  }
  if (typeof data.id !== "string" || !/^[A-Za-z0-9_-]{1,64}$/.test(data.id)) fail("The score sheet has no valid id.");
  for (const key of ["created", "updated"]) {
    if (!isDate(data[key])) fail(`The score sheet's "${key}" is not a date and time.`);
  }
  const nameProblem = checkNames(data.players);
  if (nameProblem) fail(`The players are wrong: ${nameProblem}`);
  if (!Array.isArray(data.events)) fail("The score sheet has no list of hands (\"events\").");
  const events = [];
  let hands = 0;
  let penalties = 0;
  data.events.forEach((raw, index) => {
    const where = `Entry ${index + 1}`;
    if (!raw || typeof raw !== "object") fail(`${where} is not a hand or a penalty.`);
    let event;
    if (raw.type === "hand") {
      if (++hands > HANDS) fail(`${where}: a game has ${HANDS} hands, and this file has more.`);
      event = raw.result === "draw" ? { type: "hand", result: "draw" } : {
        type: "hand", result: raw.result, winner: raw.winner, discarder: raw.discarder,
        points: raw.points, flowers: raw.flowers,
      };
      const problem = checkHand(event);
      if (problem) fail(`${where} (hand ${hands}): ${problem.message}`);
      if (raw.result !== "draw" && raw.from !== undefined) {
        if (!isCalculatorAddress(raw.from)) fail(`${where} (hand ${hands}): its calculator address is not one of this site's.`);
        event.from = raw.from;
      }
    } else if (raw.type === "penalty") {
      if (++penalties > LIMITS.penalties) fail(`${where}: more than ${LIMITS.penalties} penalties.`);
      event = { type: "penalty", payer: raw.payer, to: raw.to, points: raw.points, reason: raw.reason };
      const problem = checkPenalty(event);
      if (problem) fail(`${where} (a penalty): ${problem.message}`);
      event.reason = event.reason.trim();
    } else {
      fail(`${where} is neither a hand nor a penalty.`);
    }
    events.push(event);
  });
  const game = {
    format: FORMAT, version: VERSION, id: data.id, created: data.created, updated: data.updated,
    players: data.players.map((n) => n.trim()), events,
  };
  if (data.label !== undefined) {
    if (typeof data.label !== "string" || !data.label.trim() || data.label.length > LIMITS.label) {
      fail(`The score sheet's "label" must be text of up to ${LIMITS.label} characters.`);
    }
    game.label = data.label.trim();
  }
  return game;
}

/** The hand the calculator's "Add to score sheet" sends (scoresheet/?add=1&points=..&without_flowers=..
 *  &self_drawn=true|false&from=calculator/?h=..): {points, flowers, selfDrawn, from}, from null when
 *  it is not one of this site's calculator addresses; null when nothing is sent, {error} when the
 *  points cannot be read. params: a URLSearchParams. */
export function readCalculatorHand(params) {
  if (params.get("add") !== "1") return null;
  const whole = (name) => (/^\d{1,4}$/.test(params.get(name) || "") ? Number(params.get(name)) : NaN);
  const points = whole("points");
  const without = whole("without_flowers");
  if (!(points >= without && without >= 0) || points - without > LIMITS.flowers) {
    return { error: "The hand sent from the calculator had no points that can be read; enter them here." };
  }
  // The situation as the calculator had it: only "true" is self-drawn, and anything else a discard,
  // since a discard win is the one whose payer must be chosen here (and "false" is what it sends).
  const from = params.get("from");
  const known = isCalculatorAddress(from);
  return { points, flowers: points - without, selfDrawn: params.get("self_drawn") === "true", from: known ? from : null,
    ...(known ? calculatorWinds(from) : { seatWind: null, prevalentWind: null }) };
}

const WIND_LETTERS = ["E", "S", "W", "N"];

/** The winds a calculator address scored its hand with: {seatWind, prevalentWind}, each a
 *  letter (the calculator's default, East, when the address leaves it out). */
function calculatorWinds(from) {
  const query = new URLSearchParams(from.slice(from.indexOf("?") + 1));
  const wind = (name) => {
    const value = query.has(name) ? query.get(name) : "E";
    return WIND_LETTERS.includes(value) ? value : null;
  };
  return { seatWind: wind("seat_wind"), prevalentWind: wind("prevalent_wind") };
}

/** A hand from the calculator against the sheet's next hand (handSeats): the player who sits
 *  the seat wind the calculator was given (the winner, most likely), and a warning when the
 *  calculator's prevalent wind is not this hand's round, since the wind fans change the points. */
export function carriedWinds(sent, seats, seating) {
  const winner = sent.seatWind ? seats.seatWinds.indexOf(sent.seatWind) : -1;
  const name = (w) => seating.windNames[w];
  const warning = sent.prevalentWind && sent.prevalentWind !== seats.prevalent
    ? `The calculator scored it with ${name(sent.prevalentWind)} as the prevalent wind, but hand ${seats.number} is in the ` +
      `${name(seats.prevalent)} round: if that was a slip, score it again there, since wind fans change the points.`
    : null;
  return { winner: winner >= 0 ? winner : null, warning };
}

/** The index of the row `text` (a row as JSON) in events, nearest to `near` where the same row
 *  stands twice; -1 when it is gone. A row chosen in this tab is found again after another tab
 *  added or deleted rows before it, so that a delete takes the row the player was shown. */
export function findRow(events, text, near) {
  let found = -1;
  events.forEach((event, index) => {
    if (JSON.stringify(event) === text && (found < 0 || Math.abs(index - near) < Math.abs(found - near))) found = index;
  });
  return found;
}

/** The hand form's values for a hand carried from the calculator: a self-drawn win arrives
 *  self-drawn; a discard win arrives with no discarder ("", which the form cannot add), so
 *  the players must say whose discard it was. */
export function carriedForm(sent) {
  return { result: "win", discarder: sent.selfDrawn ? "self" : "", points: String(sent.points), flowers: String(sent.flowers) };
}

/** The situation of a hand on the sheet that came from the calculator, read back from its address
 *  (calculator/?h=..&self_drawn=true): {selfDrawn}, or null for a hand entered by hand. */
export function carriedSituation(from) {
  if (!isCalculatorAddress(from)) return null;
  return { selfDrawn: new URLSearchParams(from.slice(from.indexOf("?") + 1)).get("self_drawn") === "true" };
}

/** Why a hand carried from the calculator cannot go on the sheet as entered, or null: its
 *  points were counted for the situation the calculator was given (self-drawn or on a discard,
 *  which changes the fans and who pays), so the sheet keeps that situation. */
export function checkCarried(hand, sent) {
  if (!sent || hand.result !== "win") return null;
  if (!sent.selfDrawn && hand.discarder === null) {
    return { field: "discarder", message: `The calculator scored this hand as won on a discard: choose whose discard it was. ` +
      "If it was self-drawn, score it again in the calculator as self-drawn: its points differ." };
  }
  if (sent.selfDrawn && hand.discarder !== null) {
    return { field: "discarder", message: "The calculator scored this hand as self-drawn, so nobody discarded the winning tile. " +
      "If it was won on a discard, score it again in the calculator: its points differ." };
  }
  return null;
}

/** A calculator address of this site, relative to its root: calculator/?h=... */
export function isCalculatorAddress(text) {
  return typeof text === "string" && text.length <= 2000 && /^calculator\/(index\.html)?\?[^\s#<>"'`\\]*$/.test(text);
}

function isPlayer(value) { return Number.isInteger(value) && value >= 0 && value < PLAYERS; }
function inRange(value, low, high) { return Number.isSafeInteger(value) && value >= low && value <= high; }
function isDate(text) {
  const parts = typeof text === "string" && /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.exec(text);
  if (!parts || Number.isNaN(Date.parse(text))) return false;
  // A day the calendar has (Date.parse takes 30 February and rolls it on to March).
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && Number(parts[4]) < 24 && Number(parts[5]) < 60;
}

/** Has the sheet's copy of a game sent from the practice table changed there? The table's game
 *  only grows hand by hand, so a copy whose rows are the start of the table's is simply behind it;
 *  any other copy (a hand changed, added or deleted on the sheet) holds work of its own. */
export function changedOnSheet(kept, sent) {
  if (kept.events.length > sent.events.length) return true;
  return kept.events.some((event, index) => JSON.stringify(event) !== JSON.stringify(sent.events[index]));
}
