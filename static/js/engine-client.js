/* The page's side of the in-browser engine (engine-worker.js): window.tutorEngine, used by the
   calculator when no backend answers. The worker starts on the first request, never before:
   the runtime is several megabytes, so a page that has a backend never fetches it.

     tutorEngine.available()        can this browser run it (module workers, WebAssembly)?
     tutorEngine.calculator(body)   -> Promise of {status, html}: the calculator's fragment
     tutorEngine.table(body)        -> Promise of {status, html}: the practice table's fragment
     tutorEngine.scoreMany(list)    -> Promise of [[status, body], ...], as POST /api/score answers

   While the runtime downloads, the page's [data-engine-progress] block (a <progress> and a status
   line, from the template so it is translated) is shown; its data-engine-worker names the worker. */
(function () {
  "use strict";
  var root = document.documentElement.getAttribute("data-root") || "";
  var holder = document.querySelector("[data-engine-worker]");
  var worker = null, started = null, next = 1, waiting = {};

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

  function start() {
    if (started) { return started; }
    started = fetch(root + "offline-manifest.json", { cache: "no-cache" }).then(function (response) {
      if (!response.ok) { throw new Error("offline-manifest.json: " + response.status); }
      return response.json();
    }).then(function (manifest) {
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
      showProgress(0, manifest.engine_bytes);
      return call({ type: "start", bundle: new URL(root + bundle[0] + "?v=" + bundle[1], document.baseURI).href, bytes: manifest.engine_bytes });
    }).then(function () {
      var block = document.querySelector("[data-engine-progress]");
      if (block) { block.hidden = true; }
    }, function (error) {
      var block = document.querySelector("[data-engine-progress]");
      if (block) { block.hidden = true; }
      started = null;
      throw error;
    });
    return started;
  }

  window.tutorEngine = {
    available: available,
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
