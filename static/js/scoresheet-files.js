// A score sheet as files: JSON (read back by parseGame in scoresheet-rules.js) and CSV for a
// spreadsheet. Pure functions; the page turns their text into downloads.

import { HANDS, playerStats, replay, standings, formatTablePoints } from "./scoresheet-rules.js";

export function gameJson(game) {
  return JSON.stringify(game, null, 2) + "\n";
}

/** "2026-12-01 · Ana, Ben, Cai, Dee", and a copy's label after it: what the list of saved games shows. */
export function gameTitle(game) {
  return `${game.created.slice(0, 10)} · ${game.players.join(", ")}${game.label ? ` (${game.label})` : ""}`;
}

export function fileName(game, extension) {
  const names = game.players.map((n) => n.replace(/[^\p{L}\p{N}]+/gu, "")).filter(Boolean).join("-");
  return `score-sheet-${game.created.slice(0, 10)}-${names || game.id}.${extension}`;
}

/** One row per hand or penalty, then the totals, table points and figures; opens in any spreadsheet. */
export function gameCsv(game, seating) {
  const { rows, totals } = replay(game, seating);
  const names = game.players;
  const wind = (w) => seating.windNames[w];
  const lines = [[
    "Hand", "Prevalent wind", "Dealer", "What happened", "Points", "Flowers",
    ...names.map((n) => `${n} seat wind`), ...names.map((n) => `${n} change`), ...names.map((n) => `${n} total`),
    "Calculator",
  ]];
  for (const row of rows) {
    const e = row.event;
    lines.push([
      row.number ?? `after hand ${row.handsBefore}`,
      row.seats ? wind(row.seats.prevalent) : "",
      row.seats ? names[row.seats.dealer] : "",
      describe(e, names),
      e.type === "hand" && e.result === "win" ? e.points : e.type === "penalty" ? e.points : "",
      e.type === "hand" && e.result === "win" ? e.flowers : "",
      ...(row.seats ? row.seats.seatWinds.map(wind) : ["", "", "", ""]),
      ...row.changes, ...row.totals,
      e.from || "",
    ]);
  }
  const places = standings(totals);
  const stats = playerStats(game);
  lines.push([]);
  lines.push(["Player", "Total", "Place", "Table points", "Hands won", "Self-drawn", "Discards that paid for a win"]);
  names.forEach((name, p) => {
    lines.push([name, totals[p], (places[p].tied ? "=" : "") + places[p].place, formatTablePoints(places[p].tablePoints),
      stats[p].won, stats[p].selfDrawn, stats[p].dealtIn]);
  });
  lines.push(["Hands played", `${rows.filter((r) => r.number).length} of ${HANDS}`]);
  return lines.map((cells) => cells.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** "Ben won on Dee's discard", "Cai won, self-drawn", "Draw", "Penalty: Cai pays 10 to each of the others (false win)". */
export function describe(event, names) {
  if (event.type === "penalty") {
    const to = event.to === "others" ? "to each of the others" : `to ${names[event.to]}`;
    return `Penalty: ${names[event.payer]} pays ${event.points} ${to} (${event.reason})`;
  }
  if (event.result === "draw") return "Draw";
  return event.discarder === null ? `${names[event.winner]} won, self-drawn`
    : `${names[event.winner]} won on ${names[event.discarder]}'s discard`;
}

function csvCell(value) {
  let text = String(value ?? "");
  // A cell a spreadsheet would run as a formula (a name such as "=1+1") is kept as text.
  if (/^[=+\-@\t\r]/.test(text) && typeof value !== "number") text = "'" + text;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
