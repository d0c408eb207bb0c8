/* The in-browser engine: a module worker that runs tutor's own Python with Pyodide (vendored in
   static/vendor/pyodide/, loaded from this site only) and answers as the backend does.

   The page (engine-client.js) sends {id, type, ...}:
     {type: "start", bundle, bytes}    load Pyodide and the engine bundle (bundle: its address,
                                       bytes: what the runtime and the bundle weigh, for progress)
     {type: "calculator", body}        the calculator's form, urlencoded -> {status, html}: the
                                       fragment POST calculator/ sends htmx (tutor.browser)
     {type: "table", body}             the practice table's form, urlencoded -> {status, html}: the
                                       fragment POST table/ sends htmx (tutor.browser)
     {type: "score-many", requests}    a JSON list of /api/score bodies -> {json}: [[status, body], ...]
   and gets {id, ok: true, ...} or {id, ok: false, error}, and {type: "progress", loaded, total}
   while the runtime downloads. Nothing here scores or renders: tutor.browser does, in Python. */
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

var HOME = "/home/pyodide/tutor";
var ready = null;
var loaded = 0, total = 0, lastSent = 0;

function progress(force) {
  var now = Date.now();
  if (force || now - lastSent > 100) {
    lastSent = now;
    self.postMessage({ type: "progress", loaded: loaded, total: total });
  }
}

// Count the bytes of every download (Pyodide fetches its runtime with fetch), for the progress bar.
var realFetch = self.fetch.bind(self);
self.fetch = function (input, init) {
  return realFetch(input, init).then(function (response) {
    if (!response.body || !response.ok) { return response; }
    var counted = response.body.pipeThrough(new TransformStream({
      transform: function (chunk, controller) { loaded += chunk.byteLength; progress(false); controller.enqueue(chunk); }
    }));
    return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
  });
};

function start(bundle, bytes) {
  total = bytes || 0;
  return (async function () {
    // A policy without 'wasm-unsafe-eval' for this worker blocks WebAssembly: say so now, rather
    // than let Pyodide wait for a module that never comes (the page then says it needs a backend).
    try {
      await WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
    } catch (error) {
      throw new Error("This page's Content-Security-Policy does not let the engine run (WebAssembly is blocked).");
    }
    var pyodide = await loadPyodide({
      indexURL: new URL("../vendor/pyodide/", import.meta.url).href,
      stdout: function () {},
      stderr: function (line) { console.warn(line); },
    });
    var answer = await self.fetch(new URL(bundle, self.location.href).href);
    if (!answer.ok) { throw new Error("The engine bundle could not be loaded (" + answer.status + ")."); }
    pyodide.unpackArchive(await answer.arrayBuffer(), "zip", { extractDir: HOME });
    pyodide.runPython("import sys\nsys.path.insert(0, '" + HOME + "')\nimport tutor.browser\ntutor.browser.load('" + HOME + "')");
    loaded = total;
    progress(true);
    return pyodide.pyimport("tutor.browser");
  })();
}

self.addEventListener("message", function (event) {
  var message = event.data;
  if (message.type === "start") {
    ready = ready || start(message.bundle, message.bytes);
  }
  if (!ready) {
    self.postMessage({ id: message.id, ok: false, error: "The engine was not started." });
    return;
  }
  ready.then(function (browser) {
    if (message.type === "start") { return {}; }
    if (message.type === "calculator") {
      var answer = browser.calculator_fragment(message.body, true).toJs();
      return { status: answer[0], html: answer[1] };
    }
    if (message.type === "table") {
      var played = browser.table_fragment(message.body).toJs();
      return { status: played[0], html: played[1] };
    }
    if (message.type === "score-many") { return { json: browser.score_many(message.requests) }; }
    throw new Error("Unknown request " + message.type);
  }).then(function (reply) {
    reply.id = message.id;
    reply.ok = true;
    self.postMessage(reply);
  }, function (error) {
    self.postMessage({ id: message.id, ok: false, error: String(error && error.message || error) });
  });
});
