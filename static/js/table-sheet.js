// The practice table's "Send the game to the score sheet": the game's finished hands, as the page
// rendered them (tutor.views.table.game_view), become a score sheet game in the sheet's own format,
// checked by its own rules (scoresheet-rules.js), and travel in the address to the score sheet,
// which opens it (scoresheet.js, fromTable). The address, not localStorage, so that it also works
// when the table is served by a backend on another host than the sheet.
import { newGame, parseGame } from "./scoresheet-rules.js";

export function sheetGame(sent, now) {
  const game = newGame(sent.players, { id: sent.id, now });
  return parseGame({ ...game, events: sent.events });
}

if (typeof document !== "undefined") document.addEventListener("click", (event) => {
  const button = event.target.closest && event.target.closest("[data-send-sheet]");
  if (!button) return;
  const status = button.closest("[data-game]").querySelector("[data-send-status]");
  let read;
  try {
    read = sheetGame(JSON.parse(button.dataset.sheet), new Date().toISOString());
  } catch (err) {
    read = { ok: false, error: "The game's hands could not be read." };
  }
  if (!read.ok) {
    status.textContent = `The score sheet cannot take this game: ${read.error}`;
    return;
  }
  window.location.assign(`${button.dataset.sheetUrl}?game=${encodeURIComponent(JSON.stringify(read.game))}`);
});
