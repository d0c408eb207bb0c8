/* The practice table (templates/table.html). The forms work without JavaScript (each move posts
   the hand's record to the backend); htmx sends them when a backend answers, and with none (a
   static host, offline) the browser's engine (engine-client.js) runs the same Python and answers
   with the same fragment. This script only moves focus, reads the bots' moves out in the live
   region, lets the arrow keys walk the tiles, and keeps the player's progress in localStorage.
   It decides nothing about the game. */
(function () {
  "use strict";
  var page = document.querySelector("[data-table]");
  if (!page) { return; }
  var root = document.documentElement;
  var area = page.querySelector("#table-area");
  var live = page.querySelector("[data-table-live]");
  var engine = window.tutorEngine && window.tutorEngine.available() ? window.tutorEngine : null;
  var useEngine = false;
  var askedHint = false;  // the last form sent was the Hint button: the coach's answer gets the focus
  var askedNext = false;  // the last form sent dealt a game's next hand: its number and the new seat are read out
  var STORE = "tutor-table-progress";

  function backendGone() {
    useEngine = true;
    if (root.getAttribute("data-backend-state") !== "none") { root.setAttribute("data-backend-state", "down"); }
    if (!engine) { root.setAttribute("data-engine", "none"); }
  }

  // --- progress, kept in this browser only --------------------------------------------------------
  function readProgress() {
    try { return JSON.parse(localStorage.getItem(STORE)) || {}; } catch (error) { return {}; }
  }
  function showProgress() {
    var box = page.querySelector("[data-progress]");
    var p = readProgress();
    if (!box) { return; }
    box.hidden = !p.played;
    if (!p.played) { return; }
    box.querySelector('[data-stat="played"]').textContent = String(p.played);
    box.querySelector('[data-stat="won"]').textContent = String(p.won || 0);
    box.querySelector('[data-stat="points"]').textContent = p.won ? (p.points / p.won).toFixed(1) : "–";
    box.querySelector('[data-stat="match"]').textContent = p.decisions ? Math.round(100 * p.matched / p.decisions) + "%" : "–";
  }
  function count(result) {
    var form = area.querySelector("#table-form");
    var record = form && form.elements.record ? form.elements.record.value : "";
    var p = readProgress();
    var key = record.length + ":" + record.slice(0, 120);
    if (p.last === key) { return; }  // the same hand shown again (a reload) counts once
    p.last = key;
    p.played = (p.played || 0) + 1;
    if (result.getAttribute("data-winner") === result.getAttribute("data-me")) {
      p.won = (p.won || 0) + 1;
      p.points = (p.points || 0) + Number(result.getAttribute("data-points") || 0);
    }
    var review = area.querySelector("[data-review]");
    if (review) {
      p.decisions = (p.decisions || 0) + Number(review.getAttribute("data-decisions") || 0);
      p.matched = (p.matched || 0) + Number(review.getAttribute("data-matched") || 0);
    }
    try { localStorage.setItem(STORE, JSON.stringify(p)); } catch (error) { /* private mode: nothing kept */ }
    showProgress();
  }
  var forget = page.querySelector("[data-forget]");
  if (forget) {
    forget.addEventListener("click", function () {
      try { localStorage.removeItem(STORE); } catch (error) { /* nothing kept */ }
      showProgress();
    });
  }

  // --- a game of 16 hands, kept here too (the form carries it; this lets the player come back) ----
  var GAME_STORE = "tutor-table-game";
  function keepGame() {
    var panel = area.querySelector("[data-game]");
    if (!panel) { return; }
    var next = area.querySelector("[data-next-hand]");
    var form = area.querySelector("#table-form");
    var kept = null;
    if (area.querySelector("[data-result]")) {
      kept = next ? { game: next.form.elements.game.value, record: "", hand: Number(panel.getAttribute("data-hand-number")) + 1 } : null;
    } else if (form && form.elements.game) {
      kept = { game: form.elements.game.value, record: form.elements.record.value, hand: Number(panel.getAttribute("data-hand-number")) };
    }
    try {
      if (kept) { localStorage.setItem(GAME_STORE, JSON.stringify(kept)); } else { localStorage.removeItem(GAME_STORE); }
    } catch (error) { /* private mode: the form still carries the game */ }
  }
  function offerGame() {
    var resume = page.querySelector("[data-resume]");
    var kept = null;
    try { kept = JSON.parse(localStorage.getItem(GAME_STORE)); } catch (error) { kept = null; }
    if (!resume || area.querySelector("#table-form") || !kept || typeof kept.game !== "string") { return; }
    resume.elements.game.value = kept.game;
    resume.elements.record.value = typeof kept.record === "string" ? kept.record : "";
    resume.querySelector("[data-resume-what]").textContent = "Hand " + Number(kept.hand) + " of 16, kept in this browser.";
    resume.hidden = false;
  }

  // --- after each answer: announce, focus, count -----------------------------------------------------
  function arrived() {
    keepGame();
    var resume = page.querySelector("[data-resume]");
    if (resume && area.querySelector("#table-form")) { resume.hidden = true; }
    var said = Array.prototype.map.call(area.querySelectorAll("[data-said] li"), function (li) { return li.textContent; });
    var error = area.querySelector("[data-table-error]");
    var result = area.querySelector("[data-result]");
    var refused = area.querySelector("[data-refused]");
    var lines = said.slice();
    var game = area.querySelector("[data-game] h2");
    var status = area.querySelector(".table-status");
    if (askedNext && game && status) { lines.unshift(game.textContent.replace(/\s+/g, " ").trim() + ". " + status.textContent.trim() + "."); }
    askedNext = false;
    if (error) { lines.push(error.textContent.trim()); }
    var target = null;
    if (refused) { lines.push(refused.querySelector("[role=alert]").textContent.trim()); target = refused.querySelector("h2"); }
    else if (result) { lines.push(result.querySelector("h2").textContent.trim()); target = result.querySelector("h2"); count(result); }
    else if (askedHint && area.querySelector("[data-coach]")) {
      target = area.querySelector("[data-coach] h2");
      lines.push(area.querySelector("[data-coach] p").textContent.trim());
    } else {
      var offer = area.querySelector("[data-offer]");
      if (offer) { lines.push(offer.textContent.replace(/\s+/g, " ").trim()); }
      target = area.querySelector(".table-actions button") || area.querySelector("[data-hand] button[tabindex='0']");
      if (area.querySelector(".table-actions button") && !offer) { target = area.querySelector("[data-hand] button[tabindex='0']") || target; }
    }
    live.textContent = lines.join(" ");
    if (target) { target.focus({ preventScroll: true }); }
  }

  // --- the tiles: one tab stop, the arrow keys walk them, Enter or a click discards --------------------
  area.addEventListener("keydown", function (event) {
    var button = event.target.closest && event.target.closest("[data-hand] button");
    if (!button) { return; }
    var buttons = Array.prototype.slice.call(area.querySelectorAll("[data-hand] button"));
    var at = buttons.indexOf(button), to = at;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") { to = Math.min(at + 1, buttons.length - 1); }
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") { to = Math.max(at - 1, 0); }
    else if (event.key === "Home") { to = 0; }
    else if (event.key === "End") { to = buttons.length - 1; }
    else { return; }
    event.preventDefault();
    buttons.forEach(function (b, i) { b.tabIndex = i === to ? 0 : -1; });
    buttons[to].focus();
  });

  // --- no backend: the engine answers the same forms ------------------------------------------------
  function playHere(form, submitter) {
    var data = new FormData(form, submitter || undefined);
    var body = new URLSearchParams(data).toString();
    area.setAttribute("aria-busy", "true");
    engine.table(body).then(function (answer) {
      area.removeAttribute("aria-busy");
      area.innerHTML = answer.html;
      arrived();
    }, function (error) {
      // The engine did not start (not saved, and no network to fetch it; engine-client.js then
      // marks html[data-engine="missing"], which shows the notice): the next press tries again.
      area.removeAttribute("aria-busy");
      backendGone();
      live.textContent = String(error && error.message || error);
    });
  }
  var lastSent = null;  // the move htmx sent: played again by the engine if the backend does not answer
  document.addEventListener("submit", function (event) {
    var form = event.target;
    askedHint = !!(event.submitter && event.submitter.hasAttribute("data-hint"));
    askedNext = !!(event.submitter && event.submitter.hasAttribute("data-next-hand"));
    lastSent = { form: form, submitter: event.submitter };
    if (!page.contains(form) || !useEngine) { return; }
    event.preventDefault();
    event.stopImmediatePropagation();  // nor htmx
    if (engine) { playHere(form, event.submitter); }
  }, true);

  area.addEventListener("htmx:afterSwap", arrived);
  function lost() {
    backendGone();
    if (engine && lastSent && document.contains(lastSent.form)) { playHere(lastSent.form, lastSent.submitter); }
  }
  document.body.addEventListener("htmx:sendError", lost);
  document.body.addEventListener("htmx:responseError", lost);

  var state = root.getAttribute("data-backend-state");
  if (state === "none") { backendGone(); }
  else if (state === "remote" && window.tutorBackend) {
    window.tutorBackend(page.getAttribute("data-backend")).then(function (up) { if (!up) { backendGone(); } });
  }
  showProgress();
  if (area.querySelector("[data-result]")) { count(area.querySelector("[data-result]")); }
  keepGame();
  offerGame();
})();
