/* The in-browser engine: a module worker that runs tutor's own Python with Pyodide (vendored in
   static/vendor/pyodide/, loaded from this site only) and answers as the backend does.

   The page (engine-client.js) sends {id, type, ...}:
     {type: "start", bundle, bytes}    load Pyodide and the engine bundle (bundle: its address,
                                       bytes: what the runtime and the bundle weigh, for progress)
                                       -> {booted}: "snapshot" (restored) or "afresh"
     {type: "calculator", body}        the calculator's form, urlencoded -> {status, html}: the
                                       fragment POST calculator/ sends htmx (tutor.browser)
     {type: "table", body}             the practice table's form, urlencoded -> {status, html}: the
                                       fragment POST table/ sends htmx (tutor.browser)
     {type: "score-many", requests}    a JSON list of /api/score bodies -> {json}: [[status, body], ...]
     {type: "settle"}                  -> {} once the memory snapshot is kept (below)
   and gets {id, ok: true, ...} or {id, ok: false, error}, and {type: "progress", loaded, total}
   while the runtime downloads. Nothing here scores or renders: tutor.browser does, in Python.

   A memory snapshot makes every start after the first one fast (a new page load then answers in
   about a second instead of several: no Python start-up, no imports, templates already compiled).
   The first start imports the engine and, once its first answer is sent, renders a hand of each
   kind (compiling the templates) and keeps
   Pyodide's memory (about 36 MiB) in the "tutor-engine-snapshot" cache under the bundle's address,
   which holds its hash; later starts restore it. A snapshot that does not fit this runtime
   (Pyodide checks its build id) or cannot be read is dropped and the engine starts as the first
   time. A restored engine answers before its files are unpacked again: its templates are held in
   memory (tutor.browser.hold_in_memory) and every module an answer needs is already imported. */
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

var HOME = "/home/pyodide/tutor";
var ready = null;
var booted = "afresh";  // or "snapshot": how this worker's engine started
var settled = Promise.resolve();  // the first start's snapshot, kept
var snapshotLater = null;  // after a first start: make the snapshot (once the first answer is out)
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

var SNAPSHOTS = "tutor-engine-snapshot";
var SETUP = "import sys\nsys.path.insert(0, '" + HOME + "')\nimport tutor.browser\ntutor.browser.load('" + HOME + "')\n";
// The hand rendered before the snapshot: its fragment's templates (result, fans, why-not, payments).
// Its templates held in memory, then one hand of each kind the calculator answers rendered (a win
// with "why not", 13 tiles, 14 that do not win, a hand that cannot be read), so that every
// template and module an answer needs is in the snapshot.
var WARM_UP = ["h=%5BEEE%5D+123m+456p+789s+55s&win=5s&why_not=1",
  "h=123m+456p+789s+11s+23p", "h=123m+456p+789s+135s+55s&win=5s", "h=123m&win=9p"].map(function (form) {
  return "tutor.browser.calculator_fragment('" + form + "', True)\n";
}).join("");

function snapshots() { return self.caches ? caches.open(SNAPSHOTS) : Promise.reject(new Error("no Cache API")); }

function readSnapshot(key) {
  return snapshots().then(function (cache) { return cache.match(key); }).then(function (hit) {
    return hit ? hit.arrayBuffer().then(function (bytes) { return new Uint8Array(bytes); }) : null;
  }).catch(function () { return null; });
}

function keepSnapshot(key, bytes) {
  return snapshots().then(function (cache) {
    return cache.keys().then(function (old) { return Promise.all(old.map(function (r) { return cache.delete(r); })); })
      .then(function () { return cache.put(key, new Response(bytes)); });
  }).catch(function (error) { console.warn("The engine's snapshot was not kept: " + error); });
}

function forgetSnapshots() {
  return self.caches ? caches.delete(SNAPSHOTS).catch(function () { return false; }) : Promise.resolve(false);
}

var RUNTIME = new URL("../vendor/pyodide/", import.meta.url).href;
var PAGE = 65536;  // bytes in a WebAssembly memory page

// Pyodide 314 cannot restore a snapshot whose heap outgrew the runtime's first 30 MiB: it asks
// for room by setting INITIAL_MEMORY, which its module never reads (its memory is declared in
// the wasm, not imported), then copies the heap in and fails with "offset is out of bounds"
// (pyodide/pyodide#6254). The engine with its templates rendered needs more than 30 MiB, so
// the memory is grown to the snapshot's size as the module is instantiated, before the copy.
// Pyodide's own module factory does the work; only the instantiation's hand-over is wrapped.
function moduleWithRoomFor(bytes) {
  return import(RUNTIME + "pyodide.asm.mjs").then(function (runtime) {
    return function (settings) {
      var instantiate = settings.instantiateWasm;
      settings.instantiateWasm = function (imports, receive) {
        return instantiate(imports, function (instance, module) {
          var memory = instance.exports.memory;
          var short = Math.ceil(bytes / PAGE) - memory.buffer.byteLength / PAGE;
          // Pyodide's instantiation swallows an exception thrown here and never resolves, so a
          // failed grow (no memory to spare) is let through: the restore then fails, and the
          // engine starts afresh.
          try {
            if (short > 0) { memory.grow(short); }
          } catch (error) {
            console.warn("No room for the engine's snapshot: " + error);
          }
          receive(instance, module);
        });
      };
      return runtime.default(settings);
    };
  });
}

async function boot(snapshot) {
  return loadPyodide({
    indexURL: RUNTIME,
    stdout: function () {},
    stderr: function (line) { console.warn(line); },
    createPyodideModule: snapshot ? await moduleWithRoomFor(snapshot.length) : undefined,
    _loadSnapshot: snapshot || undefined,
    _makeSnapshot: !snapshot,
  });
}

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
    var address = new URL(bundle, self.location.href).href;
    var files = self.fetch(address).then(function (answer) {
      if (!answer.ok) { throw new Error("The engine bundle could not be loaded (" + answer.status + ")."); }
      return answer.arrayBuffer();
    });
    var snapshot = await readSnapshot(address), pyodide = null;
    if (snapshot) {
      try {
        pyodide = await boot(snapshot);
      } catch (error) {
        console.warn("The engine's snapshot could not be restored, so it starts afresh: " + error);
        await forgetSnapshots();
        snapshot = null;
      }
    }
    pyodide = pyodide || await boot(null);
    if (snapshot) {
      booted = "snapshot";
      // Answers need no file now (hold_in_memory): the files come back after the first answer.
      files.then(function (zip) { setTimeout(function () { pyodide.unpackArchive(zip, "zip", { extractDir: HOME }); }, 0); },
        function (error) { console.warn(String(error)); });
    } else {
      pyodide.unpackArchive(await files, "zip", { extractDir: HOME });
      pyodide.runPython(SETUP + "tutor.browser.hold_in_memory()\n");
      // Not before the first answer, which a visitor is waiting for.
      snapshotLater = function () {
        snapshotLater = null;
        pyodide.runPython(WARM_UP);
        settled = keepSnapshot(address, pyodide.makeMemorySnapshot());
        return settled;
      };
    }
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
    if (message.type === "start") { return { booted: booted }; }
    if (message.type === "settle") { return (snapshotLater ? snapshotLater() : settled).then(function () { return {}; }); }
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
    if (snapshotLater) { setTimeout(function () { if (snapshotLater) { snapshotLater(); } }, 0); }
  }, function (error) {
    self.postMessage({ id: message.id, ok: false, error: String(error && error.message || error) });
  });
});
