/* The fan quiz in the browser: each hand gets its own address (?mode=&seed=...), progress is kept
   in this browser only (localStorage), and with no backend the quiz deals from the bank the build
   wrote (quiz/bank.json) and grades here, with the engine's answers and reasons stored in it.
   With a backend, htmx swaps in the server's fragments (templates/fragments/quiz_area.html). */
(function () {
  "use strict";
  var page = document.querySelector("[data-quiz]");
  if (!page) { return; }
  var setup = document.getElementById("quiz-setup");
  var area = document.getElementById("quiz-area");
  var backend = page.getAttribute("data-backend");
  var root = page.getAttribute("data-root");
  var sprite = page.getAttribute("data-sprite");
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
    if (answer && pushAddress) {
      var address = "?" + answer.getAttribute("data-params");
      if (location.search !== address) { history.pushState(null, "", address); }
    }
    var graded = area.querySelector("[data-graded]");
    if (graded) {
      record(JSON.parse(graded.getAttribute("data-graded")));
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
  function record(graded) {
    var progress = load();
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
  function withBank(then) {
    if (bank) { then(bank); return; }
    fetch(page.getAttribute("data-bank")).then(function (r) {
      if (!r.ok) { throw new Error(String(r.status)); }
      return r.json();
    }).then(function (data) { bank = data; then(bank); }).catch(function () {
      area.textContent = "";
      area.appendChild(el("div", { "class": "calc-error", role: "alert" }, [el("p", {}, [say("no_bank")])]));
    });
  }

  function same(entry, params) {
    var mode = params.get("mode") || "starter";
    if (entry.mode !== mode) { return false; }
    if (mode === "fan" && entry.fan !== params.get("fan")) { return false; }
    if (mode === "band" && String(entry.band) !== params.get("band")) { return false; }
    return true;
  }

  function dealOffline(params, fresh) {
    withBank(function (data) {
      var kind = data.hands.filter(function (entry) { return same(entry, params); });
      var exact = kind.filter(function (entry) { return String(entry.seed) === params.get("seed"); })[0];
      var entry = exact || kind[Math.floor(Math.random() * kind.length)];
      if (!entry) { return; }
      area.textContent = "";
      if (!exact && !fresh) { area.appendChild(el("p", { "class": "notice", role: "status" }, [say("not_in_bank")])); }
      area.appendChild(handForm(entry, data, null));
      shown(true, !fresh); // dealt as the page loads (a shared address): no jump down the page
    });
  }

  function entryParams(entry) {
    var params = new URLSearchParams();
    params.set("mode", entry.mode);
    if (entry.fan) { params.set("fan", entry.fan); }
    if (entry.band !== null) { params.set("band", String(entry.band)); }
    params.set("seed", String(entry.seed));
    return params.toString();
  }

  function tileSvg(codeText, data) {
    var turned = codeText[0] === "~", down = codeText[0] === "_";
    var c = turned || down ? codeText.slice(1) : codeText;
    var known = data.tiles[c] || [c, c];
    var label = known[0] + (turned ? ", " + say("turned") : down ? ", " + say("face_down") : "");
    var ns = "http://www.w3.org/2000/svg";
    var svg = document.createElementNS(ns, "svg");
    svg.setAttribute("class", turned ? "tile tile-turned" : "tile");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label);
    svg.setAttribute("viewBox", turned ? "0 0 80 60" : "0 0 60 80");
    var title = document.createElementNS(ns, "title");
    title.textContent = label;
    var text = document.createElementNS(ns, "text");
    text.setAttribute("x", turned ? "40" : "30");
    text.setAttribute("y", turned ? "48" : "60");
    text.textContent = down ? "\uD83C\uDC2B" : known[1];
    var use = document.createElementNS(ns, "use");
    use.setAttribute("href", sprite + "#tile-" + (down ? "back" : c));
    if (turned) {
      use.setAttribute("width", "60");
      use.setAttribute("height", "80");
      use.setAttribute("transform", "translate(80 0) rotate(90)");
    }
    svg.appendChild(title);
    svg.appendChild(text);
    svg.appendChild(use);
    return svg;
  }

  function drawHand(pic, data) {
    var hand = el("div", { "class": "hand", role: "group", "aria-label": pic.label });
    pic.sets.forEach(function (set) {
      hand.appendChild(el("span", { "class": "tile-set tile-set-" + set[0], role: "group", "aria-label": set[1] },
        set[2].map(function (c) { return tileSvg(c, data); })));
    });
    if (pic.concealed.length) {
      hand.appendChild(el("span", { "class": "tile-set tile-set-concealed" }, pic.concealed.map(function (c) { return tileSvg(c, data); })));
    }
    var win = tileSvg(pic.win[0], data);
    win.setAttribute("class", "tile tile-winning");
    hand.appendChild(el("span", { "class": "tile-set tile-set-winning", role: "group", "aria-label": pic.win[1] },
      [el("span", { "class": "winning-mark", "aria-hidden": "true" }, [say("win")]), win]));
    if (pic.flowers.length) {
      var flowers = el("span", { "class": "tile-set tile-set-flowers", role: "group", "aria-label": pic.flowers_label });
      pic.flowers.forEach(function (f) {
        data.tiles[f[0]] = [f[1], f[2]];
        flowers.appendChild(tileSvg(f[0], data));
      });
      hand.appendChild(flowers);
    }
    return el("div", { "class": "result-hand" }, [hand]);
  }

  function situation(entry) {
    var s = entry.situation, items = [s.self_drawn ? say("self_drawn") : say("discard"),
      say("seat_wind", { wind: say(s.seat_wind) }), say("prevalent_wind", { wind: say(s.prevalent_wind) })];
    if (s.flowers) { items.push(say(s.flowers === 1 ? "flower" : "flowers", { num: s.flowers })); }
    ["last_tile", "last_wall_tile", "replacement_tile", "robbing_kong"].forEach(function (flag) { if (s[flag]) { items.push(say(flag)); } });
    return el("ul", { "class": "situation" }, items.map(function (text) { return el("li", {}, [text]); }));
  }

  function points(n) { return say(n === 1 ? "point" : "points", { num: n }); }

  function handForm(entry, data, graded) {
    var form = el("form", { id: "quiz-answer", "class": "quiz-answer", action: "#", method: "post", "data-params": entryParams(entry) });
    form.entry = entry;
    form.appendChild(el("h2", { id: "quiz-hand-title", tabindex: "-1" }, [say("title")]));
    form.appendChild(drawHand(entry.picture, data));
    form.appendChild(situation(entry));
    var counted = entry.fans.map(function (f) { return f[0]; });
    var choices = el("fieldset", { "class": "quiz-choices" }, [el("legend", {}, [say("legend")])]);
    entry.choices.forEach(function (id) {
      var box = el("input", { type: "checkbox", id: "tick-" + id, name: "tick", value: String(id) });
      var css = "choice";
      if (graded) {
        box.disabled = true;
        box.checked = graded.ticked.indexOf(id) >= 0;
        css += (counted.indexOf(id) >= 0 ? " is-counted" : "") + (box.checked ? " is-ticked" : "");
      }
      choices.appendChild(el("div", { "class": css }, [box, el("label", { "for": "tick-" + id },
        [data.fans[id][0] + " ", el("span", { "class": "points-note" }, [points(data.fans[id][2])])])]));
    });
    form.appendChild(choices);
    var total = el("input", { id: "quiz-total", name: "total", inputmode: "numeric", size: "5", autocomplete: "off" });
    total.addEventListener("input", function () { total.setCustomValidity(""); });
    if (graded) { total.disabled = true; total.value = graded.total === null ? "" : String(graded.total); }
    form.appendChild(el("div", { "class": "field" }, [el("label", { "for": "quiz-total" }, [say("total_label")]), total]));
    if (!graded) { form.appendChild(el("button", { type: "submit", "class": "primary" }, [say("check")])); }
    var wrap = document.createDocumentFragment();
    wrap.appendChild(form);
    if (graded) { wrap.appendChild(gradedSection(entry, data, graded)); }
    wrap.appendChild(el("p", { "class": "quiz-links" }, [
      el("a", { href: "?" + entryParams(entry), "data-share": "" }, [say("share")]), " ",
      el("button", { type: "submit", form: "quiz-setup" }, [say("another")])]));
    return wrap;
  }

  function gradeOffline(form) {
    var entry = form.entry;
    var ticked = Array.prototype.filter.call(form.querySelectorAll("input[name='tick']"), function (b) { return b.checked; })
      .map(function (b) { return Number(b.value); });
    var text = form.elements.total.value.trim();
    if (text && !/^[0-9]{1,4}$/.test(text)) { form.elements.total.setCustomValidity(say("pick_total")); form.reportValidity(); return; }
    withBank(function (data) {
      area.textContent = "";
      area.appendChild(handForm(entry, data, { ticked: ticked, total: text ? Number(text) : null }));
      shown(false);
    });
  }

  function gradedSection(entry, data, graded) {
    var counted = entry.fans.map(function (f) { return f[0]; });
    var found = entry.fans.filter(function (f) { return graded.ticked.indexOf(f[0]) >= 0; });
    var missed = entry.fans.filter(function (f) { return graded.ticked.indexOf(f[0]) < 0; });
    var wrong = graded.ticked.filter(function (id) { return counted.indexOf(id) < 0; }).sort(function (a, b) { return a - b; });
    var totalRight = graded.total === null ? null : graded.total === entry.total;
    var perfect = !missed.length && !wrong.length && totalRight !== false;
    var section = el("section", { "class": "quiz-graded", "aria-labelledby": "graded-title", "data-graded": JSON.stringify({
      found: found.map(function (f) { return f[0]; }), missed: missed.map(function (f) { return f[0]; }),
      wrong: wrong, perfect: perfect }) });
    section.appendChild(el("h2", { id: "graded-title", tabindex: "-1" }, [say(perfect ? "perfect" : "graded")]));
    var summary = entry.fans.length === 1 ? say(found.length ? "summary_one" : "summary_none_of_one")
      : say("summary", { found: found.length, all: entry.fans.length });
    if (wrong.length) { summary += " " + say(wrong.length === 1 ? "wrong_one" : "wrong_many", { num: wrong.length }); }
    section.appendChild(el("p", { "class": "graded-summary", "data-summary": "" }, [summary]));
    function fanLink(id) { return el("a", { href: fanHref(id) }, [data.fans[id][0]]); }
    function list(kind, rows, make) {
      if (!rows.length) { return; }
      section.appendChild(el("h3", {}, [say(kind)]));
      section.appendChild(el("ul", { "class": "graded-list " + kind }, rows.map(make)));
    }
    function worth(f) { return " · " + points(f[2]) + (f[1] > 1 ? " × " + f[1] : ""); }
    list("found", found, function (f) { return el("li", {}, [fanLink(f[0]), worth(f)]); });
    // The tiles that make a fan, drawn small (the whole hand named, not drawn again), as fan_lines.html does.
    function tilesOf(f) {
      var tiles = f[3] ? f[3].split(" ") : [];
      if (tiles.length >= 14) { return [el("span", { "class": "fan-tiles fan-whole" }, [say("whole")])]; }
      if (!tiles.length) { return []; }
      return [el("span", { "class": "fan-tiles" }, [el("span", { "class": "tiles-inline" }, [el("span", { "class": "tile-set tile-set-tiles" },
        tiles.map(function (c) { return tileSvg(c, data); }))])])];
    }
    list("missed", missed, function (f) {
      var where = tilesOf(f);
      var whole = f[3] && f[3].split(" ").length >= 14;
      return el("li", {}, [fanLink(f[0]), worth(f) + ": "].concat(where, [(whole ? ": " : where.length ? " " : "") + f[4]]));
    });
    list("wrong", wrong, function (id) { return el("li", {}, [fanLink(id), ": " + (entry.reasons[id] || "")]); });
    if (graded.total !== null) {
      section.appendChild(el("p", { "class": "graded-total" }, [totalRight ? say("total_right", { total: entry.total })
        : say("total_wrong", { given: graded.total, total: entry.total })]));
    }
    var body = el("tbody", {}, entry.fans.map(function (f) {
      return el("tr", {}, [el("th", { scope: "row" }, [fanLink(f[0])].concat(tilesOf(f), [el("small", { "class": "fan-reason" }, [f[4]])])),
        el("td", {}, [String(f[2])]), el("td", {}, [String(f[1])]), el("td", {}, [String(f[1] * f[2])])]);
    }));
    section.appendChild(el("table", { "class": "score fan-lines" }, [el("caption", {}, [say("caption")]),
      el("thead", {}, [el("tr", {}, ["fan", "points_col", "count", "subtotal"].map(function (k) { return el("th", { scope: "col" }, [say(k)]); }))]),
      body,
      el("tfoot", {}, [el("tr", {}, [el("th", { scope: "row", colspan: "3" }, [say("total")]), el("td", {}, [String(entry.total)])])])]));
    return section;
  }

  // --- start: is there a backend? --------------------------------------------------------------------
  var params = new URLSearchParams(location.search);
  // html[data-backend-state]: "up" or "none" from api/status.js before the first paint; "remote" (a backend
  // on another host, in site.toml) is asked once.
  var state = document.documentElement.getAttribute("data-backend-state");
  (state === "up" ? Promise.resolve() : state === "none" ? Promise.reject(new Error("static host"))
    : fetch(backend + "healthz", { cache: "no-store" }).then(function (r) {
      if (!r.ok) { throw new Error(String(r.status)); }
    })).then(function () {
    // The built page, served by a front server or a static host with the backend elsewhere:
    // ask the backend for the hand in the address.
    if (params.get("mode") && !document.getElementById("quiz-answer") && window.htmx) {
      var values = {};
      params.forEach(function (value, name) { values[name] = value; });
      window.htmx.ajax("POST", backend + "quiz/", { target: "#quiz-area", values: values });
    }
  }).catch(function () {
    offline = true;
    if (state !== "none") { document.documentElement.setAttribute("data-backend-state", "down"); }
    if (params.get("mode") && !document.getElementById("quiz-answer")) { dealOffline(params, false); }
  });
})();
