/* Site search over the index the build writes (search-index.json), with MiniSearch.
   Chinese names are indexed with every suffix, so a prefix search finds any part of
   a name (一色 finds 清一色); pinyin is matched with or without tone marks, and ü also
   as v (lü = lu = lv). */
(function () {
  "use strict";
  var SPLIT = /[\s\p{P}\p{S}]+/u;
  var HAN = /\p{Script=Han}/u;

  function words(text) { return String(text || "").split(SPLIT).filter(Boolean); }

  function indexTokens(text) {
    var out = [];
    words(text).forEach(function (word) {
      out.push(word);
      if (HAN.test(word)) {
        for (var i = 1; i < word.length; i += 1) { out.push(word.slice(i)); }
      }
    });
    return out;
  }

  function plain(term) { return term.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase(); }

  function indexTerm(term) {
    var base = plain(term);
    var v = plain(term.toLowerCase().replace(/[üǖǘǚǜ]/g, "v"));
    return v === base ? base : [base, v];
  }

  /* A name written out in full comes first, then MiniSearch's order: "seven pairs" finds Seven Pairs
     before Seven Shifted Pairs, which the extra alias words of the longer name would put first. */
  var NAMES = ["title", "zh", "pinyin", "pinyin_joined", "aliases"];
  function nameKey(text) { return words(text).map(plain).join(" "); }
  function exactFirst(results, query) {
    var wanted = nameKey(query);
    function named(hit) { return NAMES.some(function (field) { return hit[field] && nameKey(hit[field]) === wanted; }); }
    return results.filter(named).concat(results.filter(function (hit) { return !named(hit); }));
  }

  function render(results, list, root) {
    list.textContent = "";
    results.slice(0, 50).forEach(function (hit) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = root + hit.url;
      link.textContent = hit.title;
      item.appendChild(link);
      if (hit.zh) {
        var zh = document.createElement("span");
        zh.lang = "zh-Hans";
        zh.textContent = " " + hit.zh;
        item.appendChild(zh);
      }
      var kind = document.createElement("span");
      kind.className = "kind";
      kind.textContent = hit.kind_label;
      item.appendChild(kind);
      if (hit.summary) {
        var summary = document.createElement("p");
        summary.textContent = hit.summary;
        item.appendChild(summary);
      }
      list.appendChild(item);
    });
  }

  /* The index the page searches; exposed (window.TutorSearch) so tests can run it in Node. */
  function createEngine(documents) {
    var engine = new MiniSearch({
      fields: ["title", "zh", "pinyin", "pinyin_joined", "aliases", "number", "keywords", "headings", "summary"],
      storeFields: ["title", "url", "zh", "pinyin", "pinyin_joined", "aliases", "kind_label", "summary"],
      tokenize: indexTokens,
      processTerm: indexTerm,
      searchOptions: {
        tokenize: words,
        processTerm: plain,
        prefix: true,
        fuzzy: function (term) { return term.length > 4 ? 0.2 : 0; },
        combineWith: "AND",
        boost: { title: 3, zh: 3, number: 3, pinyin: 2, pinyin_joined: 2, aliases: 2 }
      }
    });
    engine.addAll(documents);
    return { search: function (query) { return exactFirst(engine.search(query), query); } };
  }
  window.TutorSearch = { createEngine: createEngine, exactFirst: exactFirst };

  document.addEventListener("DOMContentLoaded", function () {
    var form = document.getElementById("search-form");
    var input = document.getElementById("search-q");
    var list = document.getElementById("search-results");
    var status = document.getElementById("search-status");
    if (!form || !input || !list || typeof MiniSearch === "undefined") { return; }
    var root = document.documentElement.getAttribute("data-root") || "";
    var engine = null;
    var timer = null;

    function run() {
      var query = input.value.trim();
      if (!engine) { return; }
      if (!query) { list.textContent = ""; status.textContent = ""; return; }
      var results = engine.search(query);
      render(results, list, root);
      var template = results.length === 1 ? status.getAttribute("data-one") : status.getAttribute("data-many");
      status.textContent = template.replace("{count}", String(results.length)).replace("{query}", query);
    }

    fetch(list.getAttribute("data-index"))
      .then(function (response) { return response.json(); })
      .then(function (data) {
        engine = createEngine(data.documents);
        var params = new URLSearchParams(window.location.search);
        if (params.get("q")) { input.value = params.get("q"); }
        run();
      })
      .catch(function () { status.textContent = status.getAttribute("data-failed"); });

    input.addEventListener("input", function () {
      window.clearTimeout(timer);
      timer = window.setTimeout(run, 120);
    });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var url = new URL(window.location.href);
      url.searchParams.set("q", input.value.trim());
      window.history.replaceState(null, "", url);
      run();
    });
  });
})();
