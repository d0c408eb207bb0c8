/* The fan quiz in the browser: each hand gets its own address (?mode=&seed=...), progress is kept
   in this browser only (localStorage), and with no backend the quiz deals from the bank the build
   wrote (quiz/bank.json and quiz/hands/): each hand the backend's own fragment, its grading for
   every answer in it, of which this script shows the pieces that fit the player's ticks.
   With a backend, htmx swaps in the server's fragments (templates/fragments/quiz_area.html). */
(function () {
  "use strict";
  var page = document.querySelector("[data-quiz]");
  if (!page) { return; }
  var setup = document.getElementById("quiz-setup");
  var area = document.getElementById("quiz-area");
  var backend = page.getAttribute("data-backend");
  var root = page.getAttribute("data-root");
  var STORE = "tutor-quiz-progress";
  var offline = false;
  var bank = null;
  var words = {};
  var wordList = document.getElementById("quiz-words");
  (wordList.content || wordList).querySelectorAll("[data-w]").forEach(function (w) { words[w.getAttribute("data-w")] = w.textContent; });

  function say(key, values) {
    return (words[key] || key).replace(/\{(\w+)\}/g, function (_, name) { return values && name in values ? values[name] : ""; });
  }
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    (children || []).forEach(function (c) { node.appendChild(typeof c === "string" ? document.createTextNode(c) : c); });
    return node;
  }
  function fanOption(id) { return setup.querySelector("option[data-id='" + id + "']"); }
  function fanName(id) { var o = fanOption(id); return o ? o.textContent : String(id); }
  function fanHref(id) {
    var o = fanOption(id), slug = o ? o.value : "";
    return root + "fans/" + slug + (page.getAttribute("data-directory-urls") === "true" ? "/" : ".html");
  }

  // --- the setup form: only the fields of the chosen mode, and a new seed for every deal -------
  function syncMode() {
    var mode = (setup.querySelector("input[name='mode']:checked") || {}).value;
    setup.elements.band.disabled = mode !== "band";
    setup.elements.fan.disabled = mode !== "fan";
    setup.elements.band.parentNode.hidden = mode !== "band";
    setup.elements.fan.parentNode.hidden = mode !== "fan";
  }
  setup.addEventListener("change", syncMode);
  // The setup says what the hand shown was dealt for, whoever rendered the page: a built page (from a
  // front server, a static host or the service worker) is the chooser with its defaults, and a reload
  // may restore an older choice. So "Deal another hand" deals more of the same.
  function matchSetup(params) {
    var mode = params.get("mode") && setup.querySelector("input[name='mode'][value='" + CSS.escape(params.get("mode")) + "']");
    if (!mode) { return; }
    mode.checked = true;
    ["band", "fan"].forEach(function (name) {
      var option = params.get(name) && setup.elements[name].querySelector("option[value='" + CSS.escape(params.get(name)) + "']");
      if (option) { option.selected = true; }
    });
    syncMode();
  }
  function shownParams() {
    var answer = document.getElementById("quiz-answer");
    return new URLSearchParams(answer ? answer.getAttribute("data-params") : location.search);
  }
  matchSetup(shownParams());
  syncMode();
  document.addEventListener("submit", function (event) {
    if (event.target === setup) {
      setup.elements.seed.value = String(Math.floor(Math.random() * 1e9));
    }
    if (!offline) { return; }
    // No backend: keep the form from htmx and from the network, and answer here.
    event.preventDefault();
    event.stopImmediatePropagation();
    if (event.target === setup) { dealOffline(formParams(setup), true); }
    else if (event.target.id === "quiz-answer") { gradeOffline(event.target); }
  }, true);

  function formParams(form) {
    var params = new URLSearchParams();
    Array.prototype.forEach.call(form.elements, function (input) {
      if (!input.name || input.disabled || input.type === "submit") { return; }
      if ((input.type === "radio" || input.type === "checkbox") && !input.checked) { return; }
      params.append(input.name, input.value);
    });
    return params;
  }

  // --- after a hand or a grade is shown --------------------------------------------------------
  function shown(pushAddress, quiet) {
    var answer = document.getElementById("quiz-answer");
    if (answer) { matchSetup(shownParams()); }
    if (answer && pushAddress) {
      var address = "?" + answer.getAttribute("data-params");
      if (location.search !== address) { history.pushState(null, "", address); }
    }
    var graded = area.querySelector("[data-graded]");
    if (graded && !graded.hidden) {
      record(JSON.parse(graded.getAttribute("data-graded")), answer ? answer.getAttribute("data-params") : "");
      graded.querySelector("h2").focus();
    } else if (answer && !quiet) {
      answer.querySelector("h2").focus();
    }
  }
  area.addEventListener("htmx:afterSwap", function () { shown(true); });
  window.addEventListener("popstate", function () { location.reload(); });

  // --- progress, in this browser only ------------------------------------------------------------
  function load() {
    try { return JSON.parse(localStorage.getItem(STORE)) || { fans: {}, streak: 0, best: 0 }; }
    catch (e) { return { fans: {}, streak: 0, best: 0 }; }
  }
  function save(progress) { try { localStorage.setItem(STORE, JSON.stringify(progress)); } catch (e) { /* private mode */ } }
  // Each hand counts once, as in the drills: its link opened again and answered again (or the same
  // grading shown again by a reload) changes neither the streak nor the accuracy.
  function record(graded, hand) {
    var progress = load();
    if (hand && progress.last === hand) { showProgress(); return; }
    progress.last = hand;
    function count(id, right) {
      var f = progress.fans[id] || [0, 0];
      progress.fans[id] = [f[0] + (right ? 1 : 0), f[1] + 1];
    }
    graded.found.forEach(function (id) { count(id, true); });
    graded.missed.forEach(function (id) { count(id, false); });
    graded.wrong.forEach(function (id) { count(id, false); });
    progress.streak = graded.perfect ? progress.streak + 1 : 0;
    progress.best = Math.max(progress.best, progress.streak);
    save(progress);
    showProgress();
  }
  function showProgress() {
    var box = page.querySelector("[data-progress]");
    var progress = load();
    var ids = Object.keys(progress.fans);
    var streak = box.querySelector("[data-streak]");
    streak.textContent = ids.length
      ? streak.getAttribute("data-msg-streak") + " " + progress.streak + " (" + streak.getAttribute("data-msg-best") + " " + progress.best + ")"
      : streak.getAttribute("data-msg-none");
    function rate(id) { var f = progress.fans[id]; return f[0] / f[1]; }
    ids.sort(function (a, b) { return rate(a) - rate(b) || progress.fans[b][1] - progress.fans[a][1]; });
    function fill(list, items, make) {
      list.textContent = "";
      if (!items.length) { list.appendChild(el("li", {}, [list.getAttribute("data-msg-none")])); }
      items.forEach(function (id) { list.appendChild(make(id)); });
    }
    fill(box.querySelector("[data-next]"), ids.filter(function (id) { return rate(id) < 1; }).slice(0, 5), function (id) {
      var o = fanOption(id);
      return el("li", {}, [el("a", { href: "?mode=fan&fan=" + (o ? o.value : "") }, [fanName(id)])]);
    });
    fill(box.querySelector("[data-accuracy]"), ids, function (id) {
      var f = progress.fans[id];
      return el("li", {}, [el("a", { href: fanHref(id) }, [fanName(id)]), " " + f[0] + "/" + f[1]]);
    });
    box.hidden = false;
  }
  page.querySelector("[data-forget]").addEventListener("click", function () {
    try { localStorage.removeItem(STORE); } catch (e) { /* nothing kept */ }
    showProgress();
  });
  showProgress();

  // --- no backend: the bank -------------------------------------------------------------------------
  // The build rendered each banked hand as the backend's own fragment, with its grading for every
  // answer (templates/fragments/quiz_graded.html, offline). Here we only fetch one and, once
  // answered, show the pieces of the grading that fit the ticks: no tile is drawn, nothing graded.
  function withBank(then) {
    if (bank) { then(bank); return; }
    fetch(page.getAttribute("data-bank")).then(function (r) {
      if (!r.ok) { throw new Error(String(r.status)); }
      return r.json();
    }).then(function (data) { bank = data; then(bank); }).catch(failed);
  }
  function failed() {
    area.textContent = "";
    area.appendChild(el("div", { "class": "calc-error", role: "alert" }, [el("p", {}, [say("no_bank")])]));
  }

  function same(entry, params) {
    var mode = params.get("mode") || "starter";
    if (entry.mode !== mode) { return false; }
    if (mode === "fan" && entry.fan !== params.get("fan")) { return false; }
    if (mode === "band" && String(entry.band) !== params.get("band")) { return false; }
    return true;
  }

  // The bank holds few hands of a kind (two per fan): "Deal another hand" brings the next of them,
  // so each comes round in turn, and the page says how many there are. A new kind starts anywhere.
  function after(kind) {
    var shownNow = document.getElementById("quiz-answer") ? shownParams() : null;
    var at = shownNow && kind.length && same(kind[0], shownNow)
      ? kind.map(function (entry) { return String(entry.seed); }).indexOf(shownNow.get("seed")) : -1;
    return kind[at >= 0 ? (at + 1) % kind.length : Math.floor(Math.random() * kind.length)];
  }

  function dealOffline(params, fresh) {
    withBank(function (data) {
      var kind = data.hands.filter(function (entry) { return same(entry, params); });
      var exact = kind.filter(function (entry) { return String(entry.seed) === params.get("seed"); })[0];
      var entry = exact || (fresh ? after(kind) : kind[Math.floor(Math.random() * kind.length)]);
      if (!entry) { return; }
      var folder = page.getAttribute("data-bank").replace(/[^/]*$/, "");
      fetch(folder + entry.file).then(function (r) {
        if (!r.ok) { throw new Error(String(r.status)); }
        return r.text();
      }).then(function (html) {
        area.innerHTML = html;  // a file of this very site, written by its build
        if (!exact && !fresh) {
          area.insertBefore(el("p", { "class": "notice", role: "status" }, [say("not_in_bank")]), area.firstChild);
        }
        area.insertBefore(el("p", { "class": "hint", "data-bank-count": "" },
          [say("bank_count", { at: kind.indexOf(entry) + 1, count: kind.length })]), area.firstChild);
        shown(true, !fresh); // dealt as the page loads (a shared address): no jump down the page
      }).catch(failed);
    });
  }

  area.addEventListener("input", function (event) {
    if (event.target.id === "quiz-total") { event.target.setCustomValidity(""); }
  });

  function gradeOffline(form) {
    var grading = area.querySelector("[data-offline-grading]");
    var text = form.elements.total.value.trim();
    form.elements.total.setCustomValidity("");
    if (text && !/^[0-9]{1,4}$/.test(text)) {
      form.elements.total.setCustomValidity(say("pick_total"));
      form.reportValidity();
      return;
    }
    var ticked = {};
    Array.prototype.forEach.call(form.querySelectorAll("input[name='tick']"), function (box) {
      if (box.checked) { ticked[box.value] = true; }
    });
    // The form as the backend shows an answered hand: ticks kept, counted fans marked, nothing to send.
    Array.prototype.forEach.call(form.querySelectorAll(".choice"), function (choice) {
      var box = choice.querySelector("input");
      choice.classList.toggle("is-counted", choice.hasAttribute("data-counted"));
      choice.classList.toggle("is-ticked", box.checked);
    });
    Array.prototype.forEach.call(form.elements, function (input) { input.disabled = true; });
    Array.prototype.forEach.call(form.querySelectorAll("button[type='submit']"), function (b) { b.hidden = true; });
    // The pieces of the grading that fit these ticks.
    var shownIds = { found: [], missed: [], wrong: [] };
    grading.querySelectorAll("[data-when]").forEach(function (piece) {
      var id = piece.getAttribute("data-fan");
      var show = (piece.getAttribute("data-when") === "ticked") === Boolean(ticked[id]);
      piece.hidden = !show;
      if (show) { shownIds[piece.parentNode.classList.contains("found") ? "found" : piece.parentNode.classList.contains("missed") ? "missed" : "wrong"].push(Number(id)); }
    });
    grading.querySelectorAll(".graded-part").forEach(function (part) {
      part.hidden = !part.querySelector("[data-when]:not([hidden])");
    });
    grading.querySelectorAll("[data-count]").forEach(function (sentence) {
      sentence.hidden = Number(sentence.getAttribute("data-number")) !== shownIds[sentence.getAttribute("data-count")].length;
    });
    // The verdicts are the grading's own: each says on which answers it shows (static/js/conditions.js).
    var answer = { tick: Object.keys(ticked), total: text ? [String(Number(text))] : [] };
    grading.querySelectorAll("[data-if]").forEach(function (part) { part.hidden = !globalThis.tutorShown(part.getAttribute("data-if"), answer); });
    grading.querySelectorAll("[data-unless]").forEach(function (part) { part.hidden = globalThis.tutorShown(part.getAttribute("data-unless"), answer); });
    grading.querySelectorAll("[data-given]").forEach(function (given) { given.textContent = text; });
    var perfect = !grading.querySelector("[data-perfect]").hidden;
    grading.hidden = false;
    record({ found: shownIds.found, missed: shownIds.missed, wrong: shownIds.wrong, perfect: perfect }, form.getAttribute("data-params"));
    grading.querySelector("h2").focus();
  }

  // --- start: is there a backend? --------------------------------------------------------------------
  var params = new URLSearchParams(location.search);
  // static/js/backend.js: the state api/status.js gave the page, or one GET healthz of a remote backend.
  window.tutorBackend(backend).then(function (up) {
    if (!up) { throw new Error("no backend"); }
    // The built page, served by a front server or a static host with the backend elsewhere:
    // ask the backend for the hand in the address.
    if (params.get("mode") && !document.getElementById("quiz-answer") && window.htmx) {
      var values = {};
      params.forEach(function (value, name) { values[name] = value; });
      window.htmx.ajax("POST", backend + "quiz/", { target: "#quiz-area", values: values });
    }
  }).catch(function () {
    offline = true;
    if (params.get("mode") && !document.getElementById("quiz-answer")) { dealOffline(params, false); }
  });
})();
