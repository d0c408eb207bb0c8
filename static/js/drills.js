/* The hand-reading drills in the browser: each hand has its own address (?mode=&seed=), progress
   per drill stays in this browser (localStorage), the tile pickers get one tab stop and arrow keys,
   and with no backend the hands and their gradings come from the fragments the build wrote
   (drills/bank/). The grading is always the server's or the build's: here a part of it is only
   shown or hidden by the condition written on it (tutor.views.drills: data-when, data-unless). */
(function () {
  "use strict";
  var page = document.querySelector("[data-drills]");
  if (!page) { return; }
  var setup = document.getElementById("drill-setup");
  var area = document.getElementById("drill-area");
  var status = page.querySelector("[data-drill-status]");
  var backend = page.getAttribute("data-backend");
  var bankUrl = page.getAttribute("data-bank");
  var STORE = "tutor-drills-progress";
  var offline = false;
  var index = null;

  // --- is there a backend? (static/js/backend.js: the state api/status.js gave the page) -------------
  function backendAnswers() { return window.tutorBackend(backend); }

  // --- the answer, and the conditions of the grading ----------------------------------------------
  function answerOf(form) {
    var answer = { tile: [], shanten: [], declare: [], total: [], discard: [] };
    Array.prototype.forEach.call(form.querySelectorAll("input"), function (input) {
      if (!(input.name in answer)) { return; }
      if (input.type === "checkbox" || input.type === "radio") {
        if (input.checked) { answer[input.name].push(input.value); }
      } else if (/^\d+$/.test(input.value.trim())) {
        answer[input.name].push(String(Number(input.value.trim())));
      }
    });
    return answer;
  }
  var shown = globalThis.tutorShown;  // static/js/conditions.js: the conditions the server wrote
  function applyGrading(section, answer) {
    section.querySelectorAll("[data-when]").forEach(function (node) { node.hidden = !shown(node.getAttribute("data-when"), answer); });
    section.querySelectorAll("[data-unless]").forEach(function (node) { node.hidden = shown(node.getAttribute("data-unless"), answer); });
    section.querySelectorAll("[data-echo]").forEach(function (node) { node.textContent = (answer[node.getAttribute("data-echo")] || [""])[0]; });
  }

  // --- after a hand or its grading is shown --------------------------------------------------------
  // The setup names the drill of the hand shown, whoever rendered the page (a built page is the
  // chooser with its default, and a reload may restore an older choice): "Deal a hand" deals more of it.
  function matchSetup(mode) {
    var radio = mode && setup.querySelector("input[name='mode'][value='" + CSS.escape(mode) + "']");
    if (radio) { radio.checked = true; }
  }
  function afterShown(pushAddress, quiet) {
    var form = document.getElementById("drill-answer");
    if (form) { matchSetup(form.getAttribute("data-mode")); }
    if (form && pushAddress) {
      var address = "?" + form.getAttribute("data-params");
      if (location.search !== address) { history.pushState(null, "", address); }
    }
    if (form) { pickers(form); }
    var graded = area.querySelector("[data-graded]");
    if (graded && form) {
      var answer = answerOf(form);
      applyGrading(graded, answer);
      record(graded.getAttribute("data-mode"), graded.getAttribute("data-key"), shown(graded.getAttribute("data-perfect-when"), answer));
      var summary = graded.querySelector("[data-summary]");
      status.textContent = graded.querySelector("h2").textContent.trim() + ". " + (summary ? summary.textContent.replace(/\s+/g, " ").trim() : "");
      if (!quiet) { graded.querySelector("h2").focus(); }
    } else if (form && !quiet) {
      status.textContent = "";
      form.querySelector("h2").focus();
    }
  }
  area.addEventListener("htmx:afterSwap", function () { afterShown(true); });
  window.addEventListener("popstate", function () { location.reload(); });

  // --- the tile pickers: one tab stop, arrow keys move, space ticks (as the calculator's) ------------
  function pickers(form) {
    form.querySelectorAll("[data-drill-picker]").forEach(function (box) {
      var inputs = Array.prototype.slice.call(box.querySelectorAll("input[type=checkbox]"));
      if (!inputs.length || box.getAttribute("data-roving")) { return; }
      box.setAttribute("data-roving", "true");
      inputs.forEach(function (input, i) { input.tabIndex = i === 0 ? 0 : -1; });
      var rows = Array.prototype.slice.call(box.querySelectorAll(".tile-row")).map(function (row) {
        return Array.prototype.slice.call(row.querySelectorAll("input"));
      });
      box.addEventListener("keydown", function (event) {
        var at = inputs.indexOf(document.activeElement);
        if (at < 0) { return; }
        var row = 0, col = at;
        while (col >= rows[row].length) { col -= rows[row].length; row += 1; }
        var to = null;
        if (event.key === "ArrowRight") { to = inputs[(at + 1) % inputs.length]; }
        else if (event.key === "ArrowLeft") { to = inputs[(at + inputs.length - 1) % inputs.length]; }
        else if (event.key === "ArrowDown") { var d = rows[(row + 1) % rows.length]; to = d[Math.min(col, d.length - 1)]; }
        else if (event.key === "ArrowUp") { var u = rows[(row + rows.length - 1) % rows.length]; to = u[Math.min(col, u.length - 1)]; }
        else if (event.key === "Enter") { event.preventDefault(); document.activeElement.click(); return; }
        if (!to) { return; }
        event.preventDefault();
        inputs.forEach(function (input) { input.tabIndex = -1; });
        to.tabIndex = 0;
        to.focus();
      });
    });
  }

  // --- no backend: the bank the build wrote ----------------------------------------------------------
  function loadIndex() {
    if (index) { return Promise.resolve(index); }
    return fetch(bankUrl + "index.json").then(function (r) {
      if (!r.ok) { throw new Error(String(r.status)); }
      return r.json();
    }).then(function (data) { index = data; return data; });
  }
  function fragment(name) {
    return fetch(bankUrl + name + ".html").then(function (r) {
      if (!r.ok) { throw new Error(String(r.status)); }
      return r.text();
    });
  }
  function dealOffline(mode, seed, pushAddress) {
    return loadIndex().then(function (data) {
      var seeds = data.hands[mode] || data.hands.waits;
      mode = data.hands[mode] ? mode : "waits";
      if (seeds.indexOf(seed) < 0) { seed = seeds[Math.abs(seed) % seeds.length]; pushAddress = true; }
      return fragment(mode + "-" + seed).then(function (html) {
        area.innerHTML = html;
        afterShown(pushAddress);
      });
    }).catch(function () {
      area.textContent = page.querySelector("[data-offline-notice]").getAttribute("data-msg-no-bank");
    });
  }
  function gradeOffline(form) {
    var mode = form.getAttribute("data-mode");
    var params = new URLSearchParams(form.getAttribute("data-params"));
    fragment(mode + "-" + params.get("seed") + "-graded").then(function (html) {
      var old = area.querySelector("[data-graded]");
      if (old) { old.remove(); }
      form.insertAdjacentHTML("afterend", html);
      form.querySelectorAll("input, button[data-check]").forEach(function (input) {
        if (input.type !== "hidden") { input.disabled = true; }
      });
      form.querySelector("[data-check]").hidden = true;
      afterShown(false);
    });
  }
  document.addEventListener("submit", function (event) {
    if (event.target === setup) {
      setup.elements.seed.value = String(Math.floor(Math.random() * 1e9));
    }
    if (!offline) { return; }
    event.preventDefault();
    event.stopImmediatePropagation();
    if (event.target === setup) {
      var mode = (setup.querySelector("input[name='mode']:checked") || {}).value || "waits";
      loadIndex().then(function (data) {
        var seeds = data.hands[mode] || [];
        dealOffline(mode, seeds[Math.floor(Math.random() * seeds.length)], true);
      });
    } else if (event.target.id === "drill-answer") {
      gradeOffline(event.target);
    }
  }, true);

  // --- progress per drill, in this browser only ------------------------------------------------------
  function load() {
    try { return JSON.parse(localStorage.getItem(STORE)) || {}; } catch (e) { return {}; }
  }
  function save(progress) { try { localStorage.setItem(STORE, JSON.stringify(progress)); } catch (e) { /* private mode */ } }
  function record(mode, key, right) {
    var progress = load();
    var p = progress[mode] || { right: 0, all: 0, streak: 0, last: "" };
    if (p.last !== key) {  // the same grading shown again (a reload) counts once
      p.all += 1;
      p.right += right ? 1 : 0;
      p.streak = right ? p.streak + 1 : 0;
      p.last = key;
      progress[mode] = p;
      save(progress);
    }
    showProgress();
  }
  function showProgress() {
    var box = page.querySelector("[data-progress]");
    var list = box.querySelector("[data-progress-list]");
    var progress = load();
    list.querySelectorAll("[data-mode]").forEach(function (item) {
      var p = progress[item.getAttribute("data-mode")];
      item.querySelector("[data-score]").textContent = p
        ? list.getAttribute("data-msg-mode").replace("{right}", p.right).replace("{all}", p.all).replace("{streak}", p.streak)
        : "–";
    });
    box.hidden = false;
  }
  page.querySelector("[data-forget]").addEventListener("click", function () {
    try { localStorage.removeItem(STORE); } catch (e) { /* private mode */ }
    showProgress();
  });

  // --- start ------------------------------------------------------------------------------------------
  showProgress();
  var params = new URLSearchParams(location.search);
  matchSetup(params.get("mode"));
  var dealt = document.getElementById("drill-answer");
  if (dealt) { afterShown(false, true); }
  backendAnswers().then(function (up) {
    var mode = params.get("mode");
    if (up) {
      // The built page, served by a front server or a static host with the backend elsewhere:
      // ask the backend for the hand in the address.
      if (mode && !dealt && window.htmx) {
        var values = {};
        params.forEach(function (value, name) { values[name] = value; });
        window.htmx.ajax("POST", backend + "drills/", { target: "#drill-area", values: values });
      }
      return;
    }
    offline = true;  // the notice shows by html[data-backend-state] (practice.css)
    if (mode && !dealt) { dealOffline(mode, parseInt(params.get("seed") || "1", 10) || 1, false); }
  });
})();
