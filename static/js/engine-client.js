/* The page's side of the in-browser engine (engine-worker.js): window.tutorEngine, used by the
   calculator when no backend answers. The worker starts on the first request, or when the page is
   idle on a static host (which has no backend, so the page will need it) if the engine is saved in
   the browser; never otherwise: the runtime is several megabytes, so a page that has a backend
   never fetches it unless the visitor asks (the offline control).

     tutorEngine.available()        can this browser run it (module workers, WebAssembly)?
     tutorEngine.calculator(body)   -> Promise of {status, html}: the calculator's fragment
     tutorEngine.table(body)        -> Promise of {status, html}: the practice table's fragment
     tutorEngine.scoreMany(list)    -> Promise of [[status, body], ...], as POST /api/score answers
     tutorEngine.saved()            -> Promise of {saved, bytes, missing}: is every file of the engine
                                       in the service worker's cache (so it works with no network)?
     tutorEngine.booted()           -> Promise of "snapshot" or "afresh": how its engine started
     tutorEngine.save(progress)     fetch what is missing into that cache, on purpose; progress(done, total)

   The page's [data-engine-offline] block is the control that calls save(): "Make the calculator
   work offline", with the size, a progress bar, and a line saying when it is done. When the engine
   cannot start and is not saved, html[data-engine] becomes "missing": the calculator's notice then
   says that, and what to do next time there is a network.

   While the runtime downloads, the page's [data-engine-progress] block (a <progress> and a status
   line, from the template so it is translated) is shown; its data-engine-worker names the worker. */
(function () {
  "use strict";
  var root = document.documentElement.getAttribute("data-root") || "";
  var holder = document.querySelector("[data-engine-worker]");
  var worker = null, started = null, next = 1, waiting = {};
  var ENGINE_CACHE = "tutor-engine";  // the service worker's (static/sw.js): the same name and keys

  function available() {
    return !!(holder && window.Worker && window.WebAssembly && window.TransformStream);
  }

  function showProgress(loaded, total) {
    var block = document.querySelector("[data-engine-progress]");
    if (!block) { return; }
    block.hidden = false;
    var bar = block.querySelector("progress"), size = block.querySelector("[data-engine-size]");
    if (size && total) { size.textContent = (total / 1e6).toFixed(1); }
    if (total) { bar.max = total; bar.value = Math.min(loaded, total * 0.99); }
  }

  function call(message) {
    return new Promise(function (resolve, reject) {
      message.id = next++;
      waiting[message.id] = { resolve: resolve, reject: reject };
      worker.postMessage(message);
    });
  }

  function manifest() {
    return fetch(root + "offline-manifest.json", { cache: "no-cache" }).then(function (response) {
      if (!response.ok) { throw new Error("offline-manifest.json: " + response.status); }
      return response.json();
    });
  }

  // The service worker keeps each engine file under its address and content hash (sw.js).
  function cacheKey(entry) { return new URL(root + entry[0], document.baseURI).href + "?sha=" + entry[1]; }
  function canSave() { return !!(window.caches && navigator.serviceWorker && available()); }

  function saved() {
    if (!canSave()) { return Promise.resolve({ saved: false, bytes: 0, missing: [] }); }
    return manifest().then(function (data) {
      return caches.open(ENGINE_CACHE).then(function (cache) {
        return Promise.all(data.engine.map(function (entry) { return cache.match(cacheKey(entry)); }));
      }).then(function (hits) {
        var missing = data.engine.filter(function (entry, i) { return !hits[i]; });
        return { saved: !missing.length, bytes: data.engine_bytes, missing: missing };
      });
    });
  }

  // Each missing file read whole (counted for the progress bar), then put where the worker looks.
  function save(progress) {
    return saved().then(function (state) {
      var total = state.missing.reduce(function (sum, entry) { return sum + entry[2]; }, 0), done = 0;
      progress(0, total);
      return caches.open(ENGINE_CACHE).then(function (cache) {
        return state.missing.reduce(function (before, entry) {
          return before.then(function () {
            return fetch(new URL(root + entry[0], document.baseURI).href, { cache: "no-cache" }).then(function (answer) {
              if (!answer.ok) { throw new Error(entry[0] + ": " + answer.status); }
              var reader = answer.body.getReader(), parts = [];
              function pump() {
                return reader.read().then(function (chunk) {
                  if (chunk.done) { return; }
                  parts.push(chunk.value);
                  done += chunk.value.byteLength;
                  progress(Math.min(done, total), total);
                  return pump();
                });
              }
              return pump().then(function () {
                return cache.put(cacheKey(entry), new Response(new Blob(parts), { headers: answer.headers }));
              });
            });
          });
        }, Promise.resolve());
      }).then(function () { progress(total, total); return state.bytes; });
    });
  }

  // quiet: started by the offline control, not for want of a backend, so no "loading" block.
  function start(quiet) {
    if (started) { return started; }
    started = manifest().then(function (manifest) {
      var bundle = manifest.engine.filter(function (entry) { return /tutor-engine\.zip$/.test(entry[0]); })[0];
      worker = new Worker(holder.getAttribute("data-engine-worker"), { type: "module" });
      worker.addEventListener("message", function (event) {
        var data = event.data;
        if (data.type === "progress") { showProgress(data.loaded, data.total); return; }
        var pending = waiting[data.id];
        delete waiting[data.id];
        if (!pending) { return; }
        if (data.ok) { pending.resolve(data); } else { pending.reject(new Error(data.error)); }
      });
      worker.addEventListener("error", function (event) {
        Object.keys(waiting).forEach(function (id) { waiting[id].reject(new Error(event.message || "engine worker failed")); });
        waiting = {};
      });
      if (!quiet) { showProgress(0, manifest.engine_bytes); }
      return call({ type: "start", bundle: new URL(root + bundle[0] + "?v=" + bundle[1], document.baseURI).href, bytes: manifest.engine_bytes });
    }).then(function (reply) {
      var block = document.querySelector("[data-engine-progress]");
      if (block) { block.hidden = true; }
      return reply.booted;
    }, function (error) {
      var block = document.querySelector("[data-engine-progress]");
      if (block) { block.hidden = true; }
      started = null;
      if (worker) { worker.terminate(); worker = null; }
      // Not saved, and no network to fetch it (a request to this site fails too): say exactly that
      // (the notice's .when-missing). With a network, the engine failed for another reason.
      var missing = function () { document.documentElement.setAttribute("data-engine", "missing"); };
      saved().then(function (state) {
        if (state.saved) { return null; }
        return fetch(root + "api/status.js", { cache: "no-store" }).then(function () { return null; }, missing);
      }, missing);
      throw error;
    });
    return started;
  }

  // The control: "Make the calculator work offline", its size, progress and what it did.
  function offlineControl() {
    var block = document.querySelector("[data-engine-offline]");
    if (!block) { return; }
    var button = block.querySelector("button"), bar = block.querySelector("progress");
    var line = block.querySelector("[data-engine-offline-status]");
    var mb = function (bytes) { return (bytes / 1e6).toFixed(1); };
    function show(name, bytes) {
      line.textContent = block.getAttribute("data-msg-" + name).replace("{size}", mb(bytes || 0));
    }
    if (!canSave()) { button.disabled = true; show("cannot"); return; }
    saved().then(function (state) {
      block.querySelectorAll("[data-engine-size]").forEach(function (size) { size.textContent = mb(state.bytes); });
      if (state.saved) { show("ready", state.bytes); }
    }, function () { /* offline before the worker cached the manifest: the button still says what it does */ });
    button.addEventListener("click", function () {
      button.disabled = true;
      bar.hidden = false;
      show("saving");
      var size = 0;
      save(function (done, total) { bar.max = total || 1; bar.value = done; }).then(function (bytes) {
        // Started once here, so that it keeps its memory snapshot: the first score offline is then fast.
        size = bytes;
        show("preparing");
        return start(true).then(function () { return call({ type: "settle" }); }).catch(function () { return null; });
      }).then(function () {
        var bytes = size;
        bar.hidden = true;
        document.documentElement.removeAttribute("data-engine");
        show("ready", bytes);
        button.disabled = false;
      }, function () {
        bar.hidden = true;
        show("failed");
        button.disabled = false;
      });
    });
  }
  offlineControl();

  // A page that will need the engine (no backend here: a static host) starts it once the page is
  // idle, rather than when the first hand is scored, if it is saved: a visitor's 14 MB are fetched
  // only when a hand is scored or the offline control pressed.
  if (available() && document.documentElement.getAttribute("data-backend-state") === "none") {
    (window.requestIdleCallback || window.setTimeout)(function () {
      saved().then(function (state) { return state.saved ? start() : null; }).catch(function () { /* said by the page */ });
    });
  }

  window.tutorEngine = {
    available: available,
    saved: saved,
    save: save,
    booted: function () { return start(); },
    calculator: function (body) {
      return start().then(function () { return call({ type: "calculator", body: body }); });
    },
    table: function (body) {
      return start().then(function () { return call({ type: "table", body: body }); });
    },
    scoreMany: function (requests) {
      return start().then(function () { return call({ type: "score-many", requests: JSON.stringify(requests) }); })
        .then(function (reply) { return JSON.parse(reply.json); });
    },
  };
})();
