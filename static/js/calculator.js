/* The hand calculator: a tile picker kept in step with the notation box, both ways, and the
   hand kept in the address. htmx sends the form to the backend and swaps in the result
   (templates/fragments/calc_result.html); this script only builds the hand. htmx is loaded the
   first time there is a hand to send (htmx-on-demand.js), so a static host never fetches it.
   Tiles are numbered 0..33 as in tutor/rules/tiles.py; their names and pictures are the picker's buttons, which the
   template drew from tutor.rules.tiles. Without this script the form still posts.
   Whether a backend answers is known before the first paint (html[data-backend-state], set by
   api/status.js: "up" when the backend serves this site, "none" on a static host; "remote" when
   site.toml's backend_url names another host, asked once with GET healthz). When none answers,
   the same fragment comes from the in-browser engine (engine-client.js), into the same place. */
(function () {
  "use strict";
  var page = document.querySelector("[data-calculator]");
  if (!page) { return; }
  var form = document.getElementById("calc-form");
  var handBox = document.getElementById("calc-h");
  var winBox = document.getElementById("calc-win");
  var result = document.getElementById("calc-result");
  var picker = page.querySelector("[data-picker]");
  var grid = page.querySelector("[data-grid]");
  var built = page.querySelector("[data-built]");
  var status = page.querySelector("[data-status]");
  var notice = page.querySelector("[data-backend-notice]");
  var resultStatus = page.querySelector("[data-result-status]");
  var pickerTotal = page.querySelector("[data-picker-total]");
  var root = document.documentElement;
  var buttons = Array.prototype.slice.call(grid.querySelectorAll("button.pick"));
  var SUITS = "mps", HONORS = "ESWNCFP", FLAGS = ["self_drawn", "last_tile", "last_wall_tile", "replacement_tile", "robbing_kong"];

  var state = { melds: [], concealed: [], win: null };
  var undo = [];
  var typing = false;
  var backendDown = root.getAttribute("data-backend-state") === "none";
  var engine = window.tutorEngine && window.tutorEngine.available() ? window.tutorEngine : null;
  var engineAsked = 0;  // the engine's answers to older hands are dropped
  var explaining = false; // the last request was an "Explain" under "Why not"

  // --- notation, as tutor/rules/notation.py reads and writes it ------------------------------------
  function code(t) { return t < 27 ? (t % 9 + 1) + SUITS[Math.floor(t / 9)] : HONORS[t - 27]; }
  function byNumber(a, b) { return a - b; }
  function parseTiles(text) {
    var out = [], i = 0, m;
    while (i < text.length) {
      if ((m = /^([1-9]+)([mps])/.exec(text.slice(i)))) {
        for (var k = 0; k < m[1].length; k++) { out.push(SUITS.indexOf(m[2]) * 9 + Number(m[1][k]) - 1); }
        i += m[0].length;
      } else if (HONORS.indexOf(text[i]) >= 0) {
        out.push(27 + HONORS.indexOf(text[i]));
        i += 1;
      } else { return null; }
    }
    return out.length ? out : null;
  }
  function meldOf(tiles, concealed) {
    tiles = tiles.slice().sort(byNumber);
    var t = tiles[0], same = tiles.every(function (x) { return x === t; });
    if (concealed) { return same && tiles.length === 4 ? { kind: "kong", tile: t, concealed: true } : null; }
    if (same && (tiles.length === 3 || tiles.length === 4)) { return { kind: tiles.length === 3 ? "pung" : "kong", tile: t, concealed: false }; }
    if (tiles.length === 3 && t < 27 && t % 9 <= 6 && tiles[1] === t + 1 && tiles[2] === t + 2) { return { kind: "chow", tile: t, concealed: false }; }
    return null;
  }
  function parseHand(text) {
    var groups = text.trim().split(/\s+/).filter(Boolean), melds = [], concealed = [];
    for (var i = 0; i < groups.length; i++) {
      var g = groups[i], open = g[0];
      if (open === "[" || open === "{") {
        var tiles = g.slice(-1) === (open === "[" ? "]" : "}") ? parseTiles(g.slice(1, -1)) : null;
        var meld = tiles && meldOf(tiles, open === "{");
        if (!meld) { return null; }
        melds.push(meld);
      } else {
        var loose = parseTiles(g);
        if (!loose) { return null; }
        concealed = concealed.concat(loose);
      }
    }
    return { melds: melds, concealed: concealed.sort(byNumber) };
  }
  function meldTiles(m) {
    return m.kind === "chow" ? [m.tile, m.tile + 1, m.tile + 2] : (m.kind === "kong" ? [m.tile, m.tile, m.tile, m.tile] : [m.tile, m.tile, m.tile]);
  }
  function formatTiles(tiles) {
    var sorted = tiles.slice().sort(byNumber), parts = [], honors = "";
    for (var s = 0; s < 3; s++) {
      var ranks = sorted.filter(function (t) { return t < 27 && Math.floor(t / 9) === s; }).map(function (t) { return t % 9 + 1; }).join("");
      if (ranks) { parts.push(ranks + SUITS[s]); }
    }
    sorted.forEach(function (t) { if (t >= 27) { honors += HONORS[t - 27]; } });
    if (honors) { parts.push(honors); }
    return parts.join(" ");
  }
  function byKind(a, b) { return a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : a.tile - b.tile; }
  function formatHand(s) {
    var melded = s.melds.filter(function (m) { return !m.concealed; }).sort(byKind);
    var kongs = s.melds.filter(function (m) { return m.concealed; }).sort(byKind);
    var parts = melded.concat(kongs).map(function (m) {
      var body = formatTiles(meldTiles(m));
      return m.concealed ? "{" + body + "}" : "[" + body + "]";
    });
    if (s.concealed.length) { parts.push(formatTiles(s.concealed)); }
    return parts.join(" ");
  }
  function size(s) { return s.concealed.length + 3 * s.melds.length; }
  function counts(s) {
    var c = [];
    for (var t = 0; t < 34; t++) { c.push(0); }
    s.concealed.forEach(function (t) { c[t] += 1; });
    s.melds.forEach(function (m) { meldTiles(m).forEach(function (t) { c[t] += 1; }); });
    return c;
  }
  function complete(s) { return size(s) === 14 && s.win !== null && s.concealed.indexOf(s.win) >= 0; }
  function copy(s) { return { melds: s.melds.slice(), concealed: s.concealed.slice(), win: s.win }; }

  // --- words and pictures from the page --------------------------------------------------------
  function tileName(t) { return buttons[t].getAttribute("aria-label"); }
  function tileSvg(t) { return buttons[t].querySelector("svg").cloneNode(true); }
  function modeLabel(kind) {
    var input = picker.querySelector("input[name='add_as'][value='" + kind + "']");
    return input ? input.parentNode.textContent.trim() : kind;
  }
  function say(message) { status.textContent = message; }
  function msg(name) { return status.getAttribute("data-msg-" + name); }

  // --- the hand as built -------------------------------------------------------------------------
  function render() {
    built.textContent = "";
    var used = counts(state);
    buttons.forEach(function (b, t) { b.setAttribute("aria-disabled", used[t] >= 4 ? "true" : "false"); });
    page.querySelector("[data-count]").textContent = "(" + size(state) + "/14)";
    if (!size(state)) {
      var empty = document.createElement("p");
      empty.className = "hint";
      empty.textContent = built.getAttribute("data-empty");
      built.appendChild(empty);
      return;
    }
    state.melds.forEach(function (m) {
      var group = document.createElement("span");
      group.className = "tile-set built-meld";
      group.setAttribute("role", "group");
      group.setAttribute("aria-label", modeLabel(m.concealed ? "concealed-kong" : m.kind) + ": " +
        meldTiles(m).map(tileName).join(", "));
      meldTiles(m).forEach(function (t) { group.appendChild(tileSvg(t)); });
      built.appendChild(group);
    });
    var winAt = state.concealed.lastIndexOf(state.win);
    // The concealed tiles are one tab stop (the winning tile's), with the arrow keys between them, as in the picker.
    var focusAt = built.contains(document.activeElement) && document.activeElement.hasAttribute("data-index")
      ? Number(document.activeElement.getAttribute("data-index")) : null;
    var stop = winAt >= 0 ? winAt : 0;
    var loose = document.createElement("span");
    loose.className = "tile-set built-concealed";
    state.concealed.forEach(function (t, i) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "built-tile";
      b.setAttribute("data-index", String(i));
      b.tabIndex = i === stop ? 0 : -1;
      b.setAttribute("aria-pressed", String(i === winAt));
      b.setAttribute("aria-label", tileName(t) + (i === winAt ? ", " + built.getAttribute("data-win-label") : ""));
      b.title = built.getAttribute("data-pick-win");
      b.appendChild(tileSvg(t));
      loose.appendChild(b);
    });
    built.appendChild(loose);
    if (focusAt !== null) { var again = loose.children[Math.min(focusAt, loose.children.length - 1)]; if (again) { again.focus(); } }
  }

  function syncBoxes() {
    handBox.value = formatHand(state);
    winBox.value = state.win === null ? "" : code(state.win);
  }

  function commit(next, message) {
    undo.push({ hand: handBox.value, win: winBox.value });
    typing = false;
    state = next;
    render();
    syncBoxes();
    say(message + " " + size(state) + "/14.");
    changed();
  }

  function add(t) {
    var mode = (picker.querySelector("input[name='add_as']:checked") || {}).value || "tile";
    var next = copy(state);
    if (mode === "tile") {
      next.concealed = next.concealed.concat([t]).sort(byNumber);
      next.win = t;
    } else if (mode === "chow") {
      if (t >= 27) { say(msg("chow-honor").replace("{tile}", tileName(t))); return; }
      next.melds.push({ kind: "chow", tile: Math.min(t, Math.floor(t / 9) * 9 + 6), concealed: false });
    } else {
      next.melds.push({ kind: mode === "pung" ? "pung" : "kong", tile: t, concealed: mode === "concealed-kong" });
    }
    if (size(next) > 14) { say(msg("full")); return; }
    if (counts(next).some(function (n) { return n > 4; })) { say(msg("four")); return; }
    var what = mode === "tile" ? tileName(t) : modeLabel(mode) + " " + formatHand({ melds: [next.melds[next.melds.length - 1]], concealed: [] });
    commit(next, msg("added") + " " + what + ".");
  }

  // A hand opened from an address has no history on this page: Undo takes out its last tile, the
  // winning one (then the last concealed tile, then the last set), as if it had been picked last.
  function withoutLastTile(s) {
    var next = copy(s), at = next.concealed.lastIndexOf(next.win);
    if (next.concealed.length) { next.concealed.splice(at >= 0 ? at : next.concealed.length - 1, 1); }
    else { next.melds.pop(); }
    next.win = null;
    return next;
  }

  // A whole hand typed anew does not keep a winning tile it holds nowhere among its concealed
  // tiles: the backend would refuse it, and the tile belongs to the hand before.
  function dropStaleWin() {
    if (size(state) !== 14 || state.win === null || state.concealed.indexOf(state.win) >= 0) { return; }
    say(msg("win-gone").replace("{tile}", code(state.win)));
    winBox.value = "";
    state.win = null;
    render();
  }

  function fromBoxes() {
    var parsed = parseHand(handBox.value);
    if (!parsed) {
      if (handBox.value.trim()) { say(msg("unread")); } else { state = { melds: [], concealed: [], win: null }; render(); }
      return false;
    }
    var win = parseTiles(winBox.value.trim());
    state = { melds: parsed.melds, concealed: parsed.concealed, win: win && win.length === 1 ? win[0] : null };
    render();
    say("");
    return true;
  }

  // --- the address and the backend --------------------------------------------------------------
  function query() {
    var params = new URLSearchParams();
    if (!handBox.value.trim()) { return ""; }
    params.set("h", handBox.value.trim());
    params.set("win", winBox.value.trim());
    FLAGS.forEach(function (flag) { if (form.elements[flag].checked) { params.set(flag, "true"); } });
    ["seat_wind", "prevalent_wind"].forEach(function (wind) { if (form.elements[wind].value !== "E") { params.set(wind, form.elements[wind].value); } });
    if (form.elements.flowers.value !== "0") { params.set("flowers", form.elements.flowers.value); }
    if (form.elements.rules.value !== document.documentElement.getAttribute("data-edition")) { params.set("rules", form.elements.rules.value); }
    return params.toString();
  }

  function changed() {
    var q = query();
    history.replaceState(null, "", q ? "?" + q : location.pathname);
    // 13 tiles: the waits; 14: the score, or the discards of a hand that does not win.
    if (!complete(state) && size(state) !== 13) { clearResult(); return; }
    if (!backendDown) { withHtmx(function (htmx) { htmx.trigger(form, "calc-change"); }); }
    else if (engine) { scoreHere(); }
  }

  // htmx, once loaded; if it cannot be, the backend cannot be reached either.
  function withHtmx(then) {
    var load = window.tutorHtmx ? window.tutorHtmx() : Promise.reject(new Error("no htmx"));
    load.then(function (htmx) { if (!backendDown) { then(htmx); } }, function () { showDown(true); });
  }

  // A hand that is not whole has no score: take the last one away, here and by the picker.
  function clearResult() {
    result.removeAttribute("aria-busy");
    if (!result.querySelector("[data-summary]")) { return; }
    result.textContent = "";
    var hint = document.createElement("p");
    hint.className = "hint";
    hint.textContent = result.getAttribute("data-placeholder");
    result.appendChild(hint);
    pickerTotal.textContent = "";
    resultStatus.textContent = "";
  }

  // The total, by the picker: on a phone the result is two screens further down.
  function showTotal(summary) {
    pickerTotal.textContent = "";
    if (!summary) { return; }
    var text = document.createElement("span");
    text.textContent = (summary.getAttribute("data-short") || summary.getAttribute("data-summary") || summary.textContent).trim() + " ";
    pickerTotal.appendChild(text);
    var see = document.createElement("a");
    see.href = "#calc-result";
    see.textContent = pickerTotal.getAttribute("data-msg-see");
    see.addEventListener("click", function (event) {
      event.preventDefault();
      var target = result.querySelector("h2") || result;
      if (!target.hasAttribute("tabindex")) { target.setAttribute("tabindex", "-1"); }
      target.focus();
      target.scrollIntoView({ block: "start" });
    });
    pickerTotal.appendChild(see);
    pickerTotal.className = "picker-total " + (summary.classList.contains("verdict-ok") ? "total-ok" : "total-short");
  }

  function fromAddress() {
    var params = new URLSearchParams(location.search);
    if (!params.get("h")) { return; }
    handBox.value = params.get("h");
    winBox.value = params.get("win") || "";
    FLAGS.forEach(function (flag) { form.elements[flag].checked = params.get(flag) === "true"; });
    ["seat_wind", "prevalent_wind", "flowers", "rules"].forEach(function (name) {
      if (params.get(name)) { form.elements[name].value = params.get(name); }
    });
  }

  // No backend: the in-browser engine answers with the backend's own fragment, swapped in as htmx would.
  function scoreHere() {
    var mine = ++engineAsked;
    engine.calculator(new URLSearchParams(new FormData(form)).toString()).then(function (answer) {
      if (mine !== engineAsked) { return; }
      result.innerHTML = answer.html;
      announce();
    }, function () { engine = null; showDown(false); });
  }

  function showDown(scoreNow) {
    backendDown = true;
    if (root.getAttribute("data-backend-state") !== "none") { root.setAttribute("data-backend-state", "down"); }
    if (engine) {
      if (scoreNow) { scoreHere(); }
      return;
    }
    root.setAttribute("data-engine", "none");  // the notice for a browser that cannot run the engine
    // Say it where the score would have been too, for whoever is looking there.
    if (!result.querySelector("[data-summary]")) {
      var copy = notice.cloneNode(true);
      copy.removeAttribute("data-backend-notice");
      copy.removeAttribute("role");
      copy.hidden = false;
      result.textContent = "";
      result.appendChild(copy);
    }
  }

  // --- wiring --------------------------------------------------------------------------------------
  grid.addEventListener("click", function (event) {
    var b = event.target.closest("button.pick");
    if (b) { add(buttons.indexOf(b)); }
  });
  grid.addEventListener("keydown", function (event) {
    var b = event.target.closest("button.pick");
    if (!b) { return; }
    var t = buttons.indexOf(b), row = t < 27 ? Math.floor(t / 9) : 3, col = t < 27 ? t % 9 : t - 27;
    var starts = [0, 9, 18, 27], lengths = [9, 9, 9, 7], to = null;
    if (event.key === "ArrowRight") { to = t < 33 ? t + 1 : 0; }
    else if (event.key === "ArrowLeft") { to = t > 0 ? t - 1 : 33; }
    else if (event.key === "ArrowDown") { row = (row + 1) % 4; to = starts[row] + Math.min(col, lengths[row] - 1); }
    else if (event.key === "ArrowUp") { row = (row + 3) % 4; to = starts[row] + Math.min(col, lengths[row] - 1); }
    else if (event.key === "Home") { to = starts[row]; }
    else if (event.key === "End") { to = starts[row] + lengths[row] - 1; }
    if (to === null) { return; }
    event.preventDefault();
    b.tabIndex = -1;
    buttons[to].tabIndex = 0;
    buttons[to].focus();
  });
  built.addEventListener("keydown", function (event) {
    var b = event.target.closest("button.built-tile");
    if (!b) { return; }
    var all = Array.prototype.slice.call(built.querySelectorAll("button.built-tile"));
    var i = all.indexOf(b), to = null;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") { to = (i + 1) % all.length; }
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") { to = (i + all.length - 1) % all.length; }
    else if (event.key === "Home") { to = 0; }
    else if (event.key === "End") { to = all.length - 1; }
    if (to === null) { return; }
    event.preventDefault();
    b.tabIndex = -1;
    all[to].tabIndex = 0;
    all[to].focus();
  });
  built.addEventListener("click", function (event) {
    var b = event.target.closest("button.built-tile");
    if (!b) { return; }
    var next = copy(state);
    next.win = state.concealed[Number(b.getAttribute("data-index"))];
    commit(next, msg("win") + " " + tileName(next.win) + ".");
    var again = built.querySelector("button[aria-pressed='true']");
    if (again) { again.focus(); }
  });
  page.querySelector("[data-undo]").addEventListener("click", function () {
    var last = undo.pop();
    if (!last) {
      if (size(state)) { commit(withoutLastTile(state), msg("removed")); undo.pop(); }  // no way back to it
      else { say(msg("nothing")); }
      return;
    }
    handBox.value = last.hand;
    winBox.value = last.win;
    fromBoxes();
    say(msg("removed") + " " + size(state) + "/14.");
    changed();
  });
  page.querySelector("[data-clear]").addEventListener("click", function () {
    commit({ melds: [], concealed: [], win: null }, msg("cleared"));
  });
  [handBox, winBox].forEach(function (box) {
    box.addEventListener("input", function () {
      if (!typing) { undo.push({ hand: handBox.value, win: winBox.value }); typing = true; }
      if (fromBoxes()) {
        if (box === handBox) { dropStaleWin(); }
        changed();
      }
    });
  });
  form.addEventListener("change", function (event) {
    if (event.target === handBox || event.target === winBox) { return; }
    changed();
  });

  // Which request is this? "Explain" sends the form too: its answer is where focus goes next.
  form.addEventListener("submit", function (event) {
    explaining = !!(event.submitter && event.submitter.closest(".why-not-ask"));
    if (window.htmx && !backendDown) { return; }  // htmx sends it
    // Not a page load: a request, from htmx once it is here, or an answer from the engine.
    event.preventDefault();
    var submitter = event.submitter;
    if (backendDown) {
      event.stopImmediatePropagation();  // nor htmx, if it came before the backend went down
      if (engine) { scoreHere(); }
      return;
    }
    // Sent again by a click once htmx is wired, so that it sends the button pressed ("Explain").
    withHtmx(function () { if (submitter) { submitter.click(); } else { form.requestSubmit(); } });
  });
  form.addEventListener("calc-change", function () { explaining = false; });
  // An answer for a hand that has changed since (undone, cleared, edited) is not shown. Requests
  // queue (hx-sync "queue last") rather than abort each other: htmx logs an aborted request as a
  // console error, and this check drops the answers that came too late.
  function asked() { return handBox.value + "|" + winBox.value + "|" + query(); }
  // While an answer is on its way, the result on screen is marked busy (dimmed, and aria-busy).
  form.addEventListener("htmx:beforeRequest", function (event) {
    event.detail.xhr.tutorAsked = asked();
    result.setAttribute("aria-busy", "true");
  });
  form.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.xhr.tutorAsked === asked()) { result.removeAttribute("aria-busy"); }
  });
  form.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.xhr.tutorAsked !== asked()) { event.detail.shouldSwap = false; }
  });
  // The result: announce its first line, show the total by the picker, and light the tiles of a fan
  // while its row has the pointer or focus.
  function announce() {
    var summary = result.querySelector("[data-summary]");
    resultStatus.textContent = summary ? (summary.getAttribute("data-summary") || summary.textContent) : "";
    showTotal(summary);
    if (explaining) {
      explaining = false;
      var answers = result.querySelectorAll(".why-not-answers li");
      var target = answers.length ? answers[answers.length - 1] : result.querySelector("#why-not-title");
      if (target) { target.setAttribute("tabindex", "-1"); target.focus(); }
    }
  }
  result.addEventListener("htmx:afterSwap", announce);
  function light(row) {
    result.querySelectorAll(".result-hand .lit").forEach(function (svg) { svg.classList.remove("lit"); });
    if (!row) { return; }
    var svgs = Array.prototype.slice.call(result.querySelectorAll(".result-hand svg.tile"));
    (row.getAttribute("data-tiles") || "").split(" ").forEach(function (c) {
      var found = svgs.filter(function (svg) {
        var use = svg.querySelector("use");
        return use && !svg.classList.contains("lit") && (use.getAttribute("href") || "").slice(-(c.length + 6)) === "#tile-" + c;
      })[0];
      if (found) { found.classList.add("lit"); }
    });
  }
  ["mouseover", "focusin"].forEach(function (type) {
    result.addEventListener(type, function (event) { light(event.target.closest && event.target.closest("tr[data-tiles]")); });
  });
  result.addEventListener("mouseleave", function () { light(null); });

  document.body.addEventListener("htmx:sendError", function (event) { if (event.detail.elt === form) { showDown(true); } });
  document.body.addEventListener("htmx:responseError", function (event) { if (event.detail.elt === form) { showDown(true); } });
  form.addEventListener("htmx:beforeRequest", function (event) {
    if (backendDown && engine) { event.preventDefault(); scoreHere(); }
  });

  fromAddress();
  var haveResult = !!result.querySelector("[data-summary]");
  if (handBox.value.trim()) { fromBoxes(); } else { render(); }
  showTotal(result.querySelector("[data-summary]"));
  var backendState = root.getAttribute("data-backend-state");
  function scoreFromAddress() {
    if (!complete(state) || haveResult) { return; }
    withHtmx(function (htmx) { htmx.trigger(form, "calc-change"); });
  }
  if (backendState === "none") {
    showDown(complete(state) && !haveResult);
  } else if (backendState === "remote") {
    // Configured on another host: asked once whether it answers (static/js/backend.js).
    window.tutorBackend(page.getAttribute("data-backend")).then(function (up) {
      if (up) { scoreFromAddress(); } else { showDown(complete(state) && !haveResult); }
    });
  } else {
    scoreFromAddress();
  }
})();
