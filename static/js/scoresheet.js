// The score sheet page (templates/scoresheet.html): its forms, the saved games, files and printing.
// The rules are in scoresheet-rules.js, the tables in scoresheet-view.js, storage in scoresheet-store.js.

import * as R from "./scoresheet-rules.js";
import * as F from "./scoresheet-files.js";
import { el, needRows, plain, seatsLine, sheetRows, signed, standingsRows } from "./scoresheet-view.js";
import { KEY, newId, openStore } from "./scoresheet-store.js";
import { mergeGames } from "./scoresheet-merge.js";
import { download, makeAsk } from "./scoresheet-dialog.js";

const page = document.querySelector("[data-scoresheet]");
const $ = (selector) => page.querySelector(selector);
const $$ = (selector) => [...page.querySelectorAll(selector)];
const seating = R.readSeating(JSON.parse(document.getElementById("seating-data").textContent));
const WINDS = seating.winds.map((w) => seating.windNames[w]);
const calculatorLink = (from) => page.dataset.root + from;

let storage = null;
try { storage = window.localStorage; } catch (err) { storage = null; }
const store = openStore(storage || { getItem() { throw new Error("no storage"); } });
let game = null;
let base = null; // the open game as this tab last read or saved it: what another tab's copy is compared with
let editing = null; // the index of the event being changed in the hand or penalty form
let pendingFrom = null; // the calculator address of the hand in the form, when it came from there
let pendingSent = null; // that hand as the calculator sent it (its situation: self-drawn or not)
const copyOf = (g) => (g ? structuredClone(g) : null);

const handForm = $("[data-hand-form]");
const penaltyForm = $("[data-penalty-form]");
const setupForm = $("[data-setup]");

function say(where, text, { error = false } = {}) {
  const box = typeof where === "string" ? $(where) : where;
  box.replaceChildren(...(Array.isArray(text) ? text : [text]));
  box.classList.toggle("is-error", error);
}

// ---------------------------------------------------------------------------- drawing

function render() {
  renderGames();
  const names = game ? game.players : WINDS;
  $$("[data-player-head]").forEach((th, p) => { th.textContent = names[p]; });
  for (const select of $$("[data-players]")) relabel(select, (p) => names[p]);
  relabel($("[data-discarders]"), (p) => `${names[p]}’s discard`);
  relabel($("[data-receivers]"), (p) => `to ${names[p]}`);
  // With no game open, the sheet goes back to the page's own layout: players named by their wind.
  const shown = game || { players: WINDS, events: [] };
  const played = R.replay(shown, seating);
  $("[data-game-title]").textContent = game ? `${F.gameTitle(game)} · ${played.hands} of ${R.HANDS} hands played.`
    : "No game open: start one, or open a saved one.";
  $("[data-rows]").replaceChildren(...sheetRows(seating, shown, played, calculatorLink));
  $$("[data-total]").forEach((td, p) => { td.textContent = plain(played.totals[p]); });
  $("[data-sum]").textContent = `The totals add up to ${played.sum}.`;
  $("[data-standings]").replaceChildren(...standingsRows(shown, played));
  $("[data-standings-note]").textContent = !game ? "After 16 hands these are the final results; before that, the standings so far."
    : played.hands === R.HANDS ? "All 16 hands are played: these are the final results."
    : `The standings after ${played.hands} of ${R.HANDS} hands.`;
  $("[data-need]").replaceChildren(...needRows(shown, played));
  renderHandForm(game ? played : null);
  renderPenaltyForm();
  for (const button of $$("[data-export], [data-print], [data-delete-game]")) button.disabled = !game;
}

function relabel(select, label) {
  for (const option of select.options) {
    if (/^\d$/.test(option.value)) option.textContent = label(Number(option.value));
  }
}

function renderGames() {
  const games = store.list();
  const select = $("[data-games]");
  select.replaceChildren(...(games.length ? games.map((g) => {
    const hands = g.events.filter((e) => e.type === "hand").length;
    return el("option", { value: g.id, selected: Boolean(game && g.id === game.id) },
      `${F.gameTitle(g)} (${hands} of ${R.HANDS} hands)`);
  }) : [el("option", { value: "" }, "No game yet")]));
  $("[data-open-form] button").disabled = !games.length;
}

function renderHandForm(played) {
  const event = editing !== null ? game.events[editing] : null;
  const editingHand = event && event.type === "hand";
  const number = editingHand ? game.events.slice(0, editing + 1).filter((e) => e.type === "hand").length : played && played.next;
  const usable = Boolean(game && number);
  $("[data-hand-title]").textContent = editingHand ? `Change hand ${number}`
    : !game ? "Enter a hand" : number ? `Enter hand ${number}` : `All ${R.HANDS} hands are on the sheet`;
  $("[data-hand-seats]").textContent = !game ? "Start a game first." : number ? seatsLine(seating, game.players, number)
    : "Change or delete a hand with the buttons in its row; penalties can still be added.";
  $("[data-hand-submit]").textContent = editingHand ? `Save hand ${number}` : "Add the hand";
  $("[data-hand-cancel]").hidden = !editingHand;
  const draw = handForm.elements.result.value === "draw";
  for (const control of handForm.elements) {
    if (control.tagName === "BUTTON" && control.type === "button") continue;
    const winOnly = ["winner", "discarder", "points", "flowers"].includes(control.name);
    control.disabled = !usable || (winOnly && draw);
  }
  const from = pendingFrom || (editingHand && event.from);
  $("[data-hand-from]").replaceChildren(...(from && !draw
    ? ["From the calculator: ", el("a", { href: calculatorLink(from) }, "open this hand in the calculator"), "."] : []));
}

function renderPenaltyForm() {
  const editingPenalty = editing !== null && game.events[editing].type === "penalty";
  $("[data-penalty-title]").textContent = editingPenalty ? "Change the penalty" : "A penalty";
  $("[data-penalty-submit]").textContent = editingPenalty ? "Save the penalty" : "Add the penalty";
  $("[data-penalty-cancel]").hidden = !editingPenalty;
  for (const control of penaltyForm.elements) {
    if (control.tagName === "BUTTON" && control.type === "button") continue;
    control.disabled = !game;
  }
}

// ---------------------------------------------------------------------------- games

function openGame(id) {
  game = id ? store.get(id) : null;
  base = copyOf(game);
  editing = null;
  store.setOpen(game ? game.id : null);
  render();
}

// Save the open game, never over a newer copy saved by another tab (scoresheet-merge.js): rows
// both tabs added are put together, and copies that really diverge are both kept. message: text,
// or a function of the game as saved (a hand's number can change when another tab added one).
function save(message, where) {
  const now = new Date().toISOString();
  store.reload();
  const merge = base ? mergeGames(base, game, store.get(game.id), { copyId: newId(window.crypto), now })
    : { kind: "ours", game: { ...game, updated: now } }; // a new game, or one the player chose to replace
  let kept;
  let note = "";
  if (merge.kind === "diverged") {
    kept = store.put(merge.copy);
    game = merge.copy;
    store.setOpen(game.id); // the copy this tab keeps is the one it opens again
    note = ` Another tab changed this game differently meanwhile, so both are kept: its copy as "${F.gameTitle(merge.game)}" ` +
      `and yours, open here, as "${F.gameTitle(game)}". Compare them and delete the one you do not want.`;
  } else {
    kept = store.put(merge.game);
    if (merge.kind === "merged") {
      const theirs = merge.game.events.length - merge.added - base.events.length;
      note = ` Another tab added ${theirs === 1 ? "a row" : `${theirs} rows`} meanwhile; ${theirs === 1 ? "it is" : "they are"} on the sheet before yours.`;
    }
    game = merge.game;
  }
  base = copyOf(game);
  render();
  // What the top of the page said (a hand waiting, another tab's change) is out of date now.
  if (where !== "[data-status]") say("[data-status]", "");
  const text = (typeof message === "function" ? message(game) : message) + note;
  say(where, kept ? text : `${text} This browser would not save it: export the game to keep it.`, { error: !kept || merge.kind === "diverged" });
}

// Another tab saved: show its games, and the open game as it now is (unless it is this tab's own write).
window.addEventListener("storage", (event) => {
  if (event.key !== KEY && event.key !== null) return;
  store.reload();
  if (!game) { render(); return; }
  const stored = store.get(game.id);
  if (!stored) {
    base = null; // saved again, whole, by this tab's next change
    render();
    say("[data-status]", "Another tab deleted this game. It stays open here: add a hand or export it to keep it.", { error: true });
    return;
  }
  if (base && stored.updated === base.updated) { render(); return; }
  const changing = editing !== null ? JSON.stringify(game.events[editing]) : null;
  game = stored;
  base = copyOf(stored);
  if (editing !== null && JSON.stringify(game.events[editing]) !== changing) { editing = null; clearHandForm(); }
  render();
  say("[data-status]", `Another tab changed this game; the sheet shows it as saved there (${R.replay(game, seating).hands} of ${R.HANDS} hands).`);
});

setupForm.addEventListener("submit", (event) => {
  event.preventDefault();
  const names = setupForm.elements.name;
  const players = [...names].map((input) => input.value.trim());
  const problem = R.checkNames(players);
  if (problem) {
    say("[data-setup-message]", problem, { error: true });
    const first = [...names].find((input) => !input.value.trim()) || names[0];
    first.focus();
    return;
  }
  game = R.newGame(players, { id: newId(window.crypto), now: new Date().toISOString() });
  base = null;
  store.setOpen(game.id);
  editing = null;
  save(`Game started: ${players[0]} deals hand 1.`, "[data-setup-message]");
  sayCarried();
  firstHandControl().focus();
});

$("[data-draw]").addEventListener("click", () => {
  const inputs = [...setupForm.elements.name];
  const names = inputs.map((input) => input.value.trim());
  if (names.some((n) => !n)) {
    say("[data-setup-message]", "Write the four names first, then draw.", { error: true });
    return;
  }
  const random = window.crypto.getRandomValues(new Uint32Array(names.length));
  for (let i = names.length - 1; i > 0; i--) {
    const j = random[i] % (i + 1);
    [names[i], names[j]] = [names[j], names[i]];
  }
  inputs.forEach((input, i) => { input.value = names[i]; });
  say("[data-setup-message]", `Seats drawn: ${names.map((n, i) => `${WINDS[i]} ${n}`).join(", ")}.`);
});

$("[data-open-form]").addEventListener("submit", (event) => {
  event.preventDefault();
  const id = $("[data-games]").value;
  if (!id || !store.get(id)) return;
  openGame(id);
  say("[data-status]", `Opened the game of ${F.gameTitle(game)}.`);
  sayCarried();
});

// ---------------------------------------------------------------------------- hands

const firstHandControl = () => handForm.querySelector("input[name=result]:checked");

function readHand() {
  const f = handForm.elements;
  if (f.result.value === "draw") return { type: "hand", result: "draw" };
  const number = (input) => (input.value.trim() === "" ? NaN : Number(input.value));
  return {
    type: "hand", result: "win", winner: Number(f.winner.value),
    // "": not chosen yet (a discard win from the calculator), which checkHand refuses.
    discarder: f.discarder.value === "self" ? null : f.discarder.value === "" ? undefined : Number(f.discarder.value),
    points: number(f.points), flowers: number(f.flowers),
  };
}

function clearHandForm() {
  handForm.elements.result.value = "win";
  handForm.elements.points.value = "";
  handForm.elements.flowers.value = "0";
  handForm.elements.discarder.value = "self";
  pendingFrom = null;
  pendingSent = null;
  for (const control of handForm.elements) control.removeAttribute("aria-invalid");
}

function paymentSummary(changes) {
  if (changes.every((c) => c === 0)) return "nobody pays.";
  return game.players.map((n, p) => `${n} ${signed(changes[p])}`).join(", ") + ".";
}

handForm.addEventListener("change", (event) => {
  if (event.target.name === "result") render();
});

handForm.addEventListener("submit", (event) => {
  event.preventDefault();
  if (!game) return;
  const hand = readHand();
  for (const control of handForm.elements) control.removeAttribute("aria-invalid");
  const changing = editing !== null && game.events[editing].type === "hand";
  const from = pendingFrom || (changing ? game.events[editing].from : null);
  const problem = R.checkHand(hand) || R.checkCarried(hand, pendingSent || R.carriedSituation(from));
  if (problem) {
    const field = handForm.elements[problem.field];
    if (field && field.setAttribute) field.setAttribute("aria-invalid", "true");
    say("[data-hand-message]", problem.falseWin ? falseWinMessage(problem.message, hand.winner) : problem.message, { error: true });
    if (field && field.focus) field.focus();
    return;
  }
  if (from && hand.result === "win") hand.from = from;
  const at = changing ? editing : game.events.length;
  if (changing) {
    game.events[editing] = hand;
  } else {
    if (!R.replay(game, seating).next) return;
    game.events.push(hand);
  }
  editing = null;
  clearHandForm();
  const text = hand.result === "draw" ? "a draw" : `${game.players[hand.winner]} won`;
  // The hand's number as saved: rows another tab added meanwhile come before a new one.
  const numberIn = (saved) => (changing ? saved.events.slice(0, at + 1) : saved.events).filter((e) => e.type === "hand").length;
  save((saved) => `Hand ${numberIn(saved)}${changing ? " changed, and every total after it worked out again" : " is on the sheet"}: ` +
    `${text}; ${paymentSummary(R.changes(hand))}`, "[data-hand-message]");
  (firstHandControl().disabled ? $("[data-hand-title]") : firstHandControl()).focus();
});

function falseWinMessage(text, winner) {
  const link = page.querySelector(".sheet-penalty a");
  return [
    text, " ",
    link ? el("a", { href: link.getAttribute("href") }, "What a false win costs") : null, link ? ". " : null,
    el("button", { type: "button", "data-false-win": winner }, "Enter the false-win penalty"),
  ];
}

$("[data-hand-message]").addEventListener("click", (event) => {
  const button = event.target.closest("[data-false-win]");
  if (!button) return;
  const f = penaltyForm.elements;
  f.payer.value = button.dataset.falseWin;
  f.to.value = "others";
  f.points.value = "10";
  f.reason.value = "False win";
  clearHandForm();
  render();
  say("[data-hand-message]", "");
  say("[data-penalty-message]", "The false-win penalty is filled in: check it, then add it.");
  f.payer.focus();
});

$("[data-hand-cancel]").addEventListener("click", () => {
  editing = null;
  clearHandForm();
  render();
  say("[data-hand-message]", "Change cancelled; the hand is as it was.");
  firstHandControl().focus();
});

// ---------------------------------------------------------------------------- penalties

penaltyForm.addEventListener("submit", (event) => {
  event.preventDefault();
  if (!game) return;
  const f = penaltyForm.elements;
  const penalty = {
    type: "penalty", payer: Number(f.payer.value), to: f.to.value === "others" ? "others" : Number(f.to.value),
    points: f.points.value.trim() === "" ? NaN : Number(f.points.value), reason: f.reason.value.trim(),
  };
  for (const control of f) control.removeAttribute("aria-invalid");
  const problem = R.checkPenalty(penalty);
  if (problem) {
    f[problem.field].setAttribute("aria-invalid", "true");
    say("[data-penalty-message]", problem.message, { error: true });
    f[problem.field].focus();
    return;
  }
  const changing = editing !== null && game.events[editing].type === "penalty";
  if (changing) game.events[editing] = penalty; else game.events.push(penalty);
  editing = null;
  f.reason.value = "";
  save(`Penalty ${changing ? "changed" : "on the sheet"}: ${paymentSummary(R.changes(penalty))}`, "[data-penalty-message]");
  f.payer.focus();
});

$("[data-penalty-cancel]").addEventListener("click", () => {
  editing = null;
  penaltyForm.elements.reason.value = "";
  render();
  say("[data-penalty-message]", "Change cancelled; the penalty is as it was.");
  penaltyForm.elements.payer.focus();
});

// ---------------------------------------------------------------------------- changing a row

$("[data-rows]").addEventListener("click", async (event) => {
  const edit = event.target.closest("[data-edit]");
  const remove = event.target.closest("[data-remove]");
  if (edit) startEdit(Number(edit.dataset.edit));
  if (remove) await removeRow(Number(remove.dataset.remove), remove);
});

function startEdit(index) {
  const e = game.events[index];
  editing = index;
  if (e.type === "hand") {
    clearHandForm();
    const f = handForm.elements;
    f.result.value = e.result;
    if (e.result === "win") {
      f.winner.value = String(e.winner);
      f.discarder.value = e.discarder === null ? "self" : String(e.discarder);
      f.points.value = String(e.points);
      f.flowers.value = String(e.flowers);
    }
    render();
    say("[data-hand-message]", "Change the hand, then save it: every total after it is worked out again.");
    $("[data-hand-title]").focus();
  } else {
    const f = penaltyForm.elements;
    f.payer.value = String(e.payer);
    f.to.value = String(e.to);
    f.points.value = String(e.points);
    f.reason.value = e.reason;
    render();
    say("[data-penalty-message]", "Change the penalty, then save it.");
    $("[data-penalty-title]").focus();
  }
}

async function removeRow(index, button) {
  const e = game.events[index];
  const shown = JSON.stringify(e);
  const handNumber = (at) => game.events.slice(0, at + 1).filter((x) => x.type === "hand").length;
  const asked = e.type === "hand" ? `hand ${handNumber(index)}` : "this penalty";
  const choice = await ask(`Delete ${asked}?`,
    `${F.describe(e, game.players)}. ` + (e.type === "hand"
      ? "The hands after it move up one place, take the seats of their new places, and every total after it is worked out again."
      : "Every total after it is worked out again."),
    [["delete", `Delete ${asked}`], ["keep", "Keep it"]], button);
  if (choice !== "delete") return;
  // Another tab may have changed the game while the question was open: delete the row shown.
  index = R.findRow(game.events, shown, index);
  if (index < 0) {
    say("[data-status]", `Nothing was deleted: another tab changed or deleted ${asked} meanwhile. The sheet shows the game as saved there.`,
      { error: true });
    return;
  }
  const what = e.type === "hand" ? `hand ${handNumber(index)}` : "this penalty";
  game.events.splice(index, 1);
  if (editing === index) { editing = null; clearHandForm(); } else if (editing !== null && editing > index) editing--;
  save(`Deleted ${what}; the totals after it are worked out again.`, "[data-status]");
  page.querySelector(".sheet-table .table-scroll").focus(); // the row and its button are gone
}

// ---------------------------------------------------------------------------- files

const ask = makeAsk($("[data-dialog]"));

for (const button of $$("[data-export]")) {
  button.addEventListener("click", () => {
    if (!game) return;
    const csv = button.dataset.export === "csv";
    const name = F.fileName(game, csv ? "csv" : "json");
    download(csv ? F.gameCsv(game, seating) : F.gameJson(game), name, csv ? "text/csv" : "application/json");
    say("[data-keep-message]", `Saved as ${name} in your downloads.`);
  });
}

$("[data-print]").addEventListener("click", () => window.print());

const MAX_FILE = 1_000_000;

$("[data-import]").addEventListener("change", async (event) => {
  const input = event.target;
  const file = input.files && input.files[0];
  if (!file) return;
  const fail = (text) => { say("[data-keep-message]", `${file.name}: ${text} Nothing was changed.`, { error: true }); input.value = ""; };
  if (file.size > MAX_FILE) return fail("This file is far too big to be a score sheet.");
  const read = R.parseGame(await file.text());
  if (!read.ok) return fail(read.error);
  let imported = read.game;
  const existing = store.get(imported.id);
  if (existing) {
    const choice = await ask("This game is already saved here",
      `${F.gameTitle(existing)} (${existing.events.length} rows, last changed ${existing.updated.slice(0, 16).replace("T", " ")}) ` +
      `has the same id as the game in ${file.name}. Replace it with the file, keep both, or cancel?`,
      [["replace", "Replace it"], ["both", "Keep both"], ["cancel", "Cancel"]], input);
    if (choice === "cancel") { input.value = ""; say("[data-keep-message]", "Import cancelled; nothing was changed."); return; }
    if (choice === "both") {
      const label = `copy imported from ${file.name}`;
      imported = { ...imported, id: newId(window.crypto), label: label.length > R.LIMITS.label ? `${label.slice(0, R.LIMITS.label - 1)}…` : label };
    }
  }
  game = imported;
  base = null; // saved whole: the player chose to replace the stored copy, or it is a new one
  editing = null;
  clearHandForm();
  store.setOpen(game.id);
  save(`Imported ${file.name}: the game of ${F.gameTitle(game)} is open.`, "[data-keep-message]");
  input.value = "";
});

$("[data-delete-game]").addEventListener("click", async (event) => {
  if (!game) return;
  const choice = await ask("Delete this game?", `${F.gameTitle(game)} will be removed from this browser. Export it first to keep a copy.`,
    [["delete", "Delete the game"], ["keep", "Keep it"]], event.target);
  if (choice !== "delete") return;
  const title = F.gameTitle(game);
  store.remove(game.id);
  const next = store.list()[0];
  openGame(next ? next.id : null);
  say("[data-keep-message]", `Deleted the game of ${title}.`);
});

// ---------------------------------------------------------------------------- a hand from the calculator

function fromCalculator() {
  const sent = R.readCalculatorHand(new URLSearchParams(window.location.search));
  if (!sent) return;
  window.history.replaceState(null, "", window.location.pathname); // a reload does not fill it in again
  if (sent.error) {
    say("[data-hand-message]", sent.error, { error: true });
    return;
  }
  const f = handForm.elements;
  for (const [name, value] of Object.entries(R.carriedForm(sent))) f[name].value = value;
  pendingFrom = sent.from;
  pendingSent = sent;
  render();
  const check = R.checkHand({ ...readHand(), winner: 0, discarder: null });
  if (check && check.falseWin) {
    say("[data-hand-message]", check.message, { error: true });
    return;
  }
  sayCarried();
}

// What the hand form says of the hand from the calculator, for the game open now (none, full, or
// with its next hand to fill): called when the hand arrives, and when a game is started or opened.
function sayCarried() {
  const sent = pendingSent;
  if (!sent) return;
  const what = `${sent.points} points${sent.flowers ? ` with ${sent.flowers} flower${sent.flowers === 1 ? "" : "s"}` : ""}, ` +
    (sent.selfDrawn ? "self-drawn" : "won on a discard");
  const then = `choose the winner${sent.selfDrawn ? "" : " and whose discard it was"}, then add it.`;
  const played = game ? R.replay(game, seating) : null;
  if (played && !played.next) {
    say("[data-hand-message]", `The hand from the calculator (${what}) cannot be added: all ${R.HANDS} hands of this game ` +
      "are on the sheet. Start a new game for it, or change a hand with the buttons in its row.", { error: true });
    return;
  }
  say("[data-hand-message]", `The hand from the calculator is filled in: ${what}. Now ${then}${windsNote()}`);
  // With no game open the hand form is far down and disabled: say it at the top, where the page opens.
  if (!game) say("[data-status]", `A hand from the calculator is waiting (${what}). Start a game or open a saved one, then ${then}`);
}

// The winner a hand from the calculator most likely has (who sits the seat wind it was scored
// with, in the sheet's next hand), chosen for the players to check; and a warning when its
// prevalent wind is not this hand's round. "" with no game open, or no hand from the calculator.
function windsNote() {
  const played = game && pendingSent ? R.replay(game, seating) : null;
  if (!played || !played.next || editing !== null) return "";
  const carried = R.carriedWinds(pendingSent, R.handSeats(seating, played.next), seating);
  if (carried.winner !== null) handForm.elements.winner.value = String(carried.winner);
  return (carried.winner !== null ? ` ${game.players[carried.winner]} sits the seat wind it was scored with, so is chosen as the winner: check it.` : "") +
    (carried.warning ? ` ${carried.warning}` : "");
}

// ---------------------------------------------------------------------------- a game from the practice table

/** The practice table's "Send the game to the score sheet" (table-sheet.js): scoresheet/?game=<the
 *  game as JSON>, read by parseGame like a file. The table's game keeps its id (from its seed), so
 *  sending it again replaces the copy sent before: the table's records are where it is kept. */
function fromTable() {
  const params = new URLSearchParams(window.location.search);
  const text = params.get("game");
  if (text === null) return;
  window.history.replaceState(null, "", window.location.pathname); // a reload does not import it again
  const read = text.length > MAX_FILE ? { ok: false, error: "It is far too long." } : R.parseGame(text);
  if (!read.ok) {
    say("[data-status]", `The game sent from the practice table could not be read: ${read.error} Nothing was changed.`, { error: true });
    return;
  }
  const existing = store.get(read.game.id);
  let sent = existing ? { ...read.game, created: existing.created } : read.game;
  let kept = "";
  if (existing && R.changedOnSheet(existing, read.game)) {
    // Changed here since it was sent: nothing of it is overwritten. The table's copy is kept beside it.
    const label = "sent again from the practice table";
    sent = { ...read.game, id: newId(window.crypto), label };
    kept = ` The copy sent before was changed on this sheet, so it is kept as it was, and this one is "${F.gameTitle(sent)}".`;
  }
  game = sent;
  base = null; // saved whole: the table's game, new or in place of an unchanged earlier copy
  editing = null;
  clearHandForm();
  store.setOpen(game.id);
  const hands = game.events.length;
  save(`The game from the practice table is open: ${hands} hand${hands === 1 ? "" : "s"}` +
    `${existing && !kept ? ", in place of the copy sent before" : ""}.${kept}`, "[data-status]");
}

// ---------------------------------------------------------------------------- start

if (store.problems.length) say("[data-status]", store.problems.join(" "), { error: true });
const last = store.openId();
openGame(last && store.get(last) ? last : null);
fromCalculator();
fromTable();
page.dataset.ready = "true"; // for tests: the script has run
