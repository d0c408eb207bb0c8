/* tutor's service worker. The build writes it to the site's root as sw.js (so its scope is the
   whole site, at a host's root or in a subfolder), with its version on the first line
   (self.TUTOR_BUILD); a new build is a new worker, and the pages say "New version: reload".

   On install it caches every page and asset of its build, from offline-manifest.json (each with
   its content hash); on activate it deletes the caches of older builds. The in-browser engine
   (Pyodide and the engine bundle, listed apart in the manifest) is cached when a page first uses it,
   when the visitor asks for it (the calculator's "Make the calculator work offline", which writes
   the same cache from the page) or, when site.toml says save_engine_on_install, on install; always
   under its content hash, so a rebuild keeps the 13 MB runtime while it is unchanged; and a new
   build's worker fetches what changed of it on install (online) when the engine was saved, so
   an update never leaves a saved engine incomplete, the offline calculator gone.
   Pages and assets come from the cache first (they change only with a new build, and then
   together); everything else (the backend's answers, other hosts) goes to the network as usual,
   and a page that is not cached, asked for with no network, gets the site's own 404.html marked
   as offline (html[data-offline]), never the browser's error page. api/status.js (is there a
   backend?) always asks the network, the backend's "up" being the point; with no network the
   build's own answer, "none", comes from the cache (offline-status.js), so an offline page
   scores in the engine at once rather than first posting to a backend it cannot reach. */
"use strict";
var BUILD = self.TUTOR_BUILD || "dev";
var ROOT = new URL("./", self.location).href;
var SITE_CACHE = "tutor-site-" + BUILD;
var ENGINE_CACHE = "tutor-engine";
var MANIFEST = ROOT + "offline-manifest.json";
var NOT_FOUND = ROOT + "404.html";
var BACKEND_STATUS = ROOT + "api/status.js";
var OFFLINE_STATUS = ROOT + "offline-status.js";
var state = null; // {precache: Set of addresses, engine: {address: hash}}

function address(path) { return new URL(path, ROOT).href; }
function withoutQuery(url) { var u = new URL(url); u.search = ""; u.hash = ""; return u.href; }

function read(manifest) {
  var engine = {};
  manifest.engine.forEach(function (entry) { engine[address(entry[0])] = entry[1]; });
  return { precache: new Set(manifest.precache.map(function (entry) { return address(entry[0]); })), engine: engine };
}

function current() {
  if (state) { return Promise.resolve(state); }
  return caches.open(SITE_CACHE).then(function (cache) { return cache.match(MANIFEST); }).then(function (response) {
    if (!response) { return null; }
    return response.json().then(function (manifest) { state = read(manifest); return state; });
  });
}

self.addEventListener("install", function (event) {
  event.waitUntil(fetch(MANIFEST + "?v=" + BUILD, { cache: "no-store" }).then(function (response) {
    if (!response.ok) { throw new Error("offline-manifest.json: " + response.status); }
    return response.clone().json().then(function (manifest) {
      return caches.open(SITE_CACHE).then(function (cache) {
        var files = manifest.precache.filter(function (entry) { return address(entry[0]) !== MANIFEST; });
        return Promise.all(files.map(function (entry) {
          return fetch(address(entry[0]), { cache: "no-cache" }).then(function (answer) {
            if (!answer.ok) { throw new Error(entry[0] + ": " + answer.status); }
            return cache.put(address(entry[0]), answer);
          });
        })).then(function () { return cache.put(MANIFEST, response); });
      }).then(function () {
        state = read(manifest);
        // A tablet kept at the venue: the engine too, so the calculator works offline from the start;
        // and a browser that saved the engine before: what this build changed of it, while online.
        // A failed download does not stop the rest working offline; the calculator then offers it.
        return (manifest.engine_on_install ? Promise.resolve(true) : engineSaved()).then(function (save) {
          return save ? saveEngine(manifest).catch(function () { return null; }) : null;
        });
      });
    });
  }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name.indexOf("tutor-site-") === 0 && name !== SITE_CACHE; })
      .map(function (name) { return caches.delete(name); }));
  }).then(current).then(function (now) {
    if (!now) { return null; }
    return caches.open(ENGINE_CACHE).then(function (cache) {
      return cache.keys().then(function (requests) {
        return Promise.all(requests.filter(function (request) {
          var url = new URL(request.url), hash = url.searchParams.get("sha");
          url.search = "";
          return now.engine[url.href] !== hash;
        }).map(function (request) { return cache.delete(request); }));
      });
    });
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("message", function (event) {
  if (event.data && event.data.type === "skip-waiting") { self.skipWaiting(); }
});

function engineSaved() {
  return caches.has(ENGINE_CACHE).then(function (has) {
    return has ? caches.open(ENGINE_CACHE).then(function (cache) { return cache.keys(); }).then(function (keys) { return keys.length > 0; }) : false;
  });
}

function saveEngine(manifest) {
  return caches.open(ENGINE_CACHE).then(function (cache) {
    return Promise.all(manifest.engine.map(function (entry) {
      var key = address(entry[0]) + "?sha=" + entry[1];
      return cache.match(key).then(function (hit) {
        if (hit) { return null; }
        return fetch(address(entry[0]), { cache: "no-cache" }).then(function (answer) {
          if (!answer.ok) { throw new Error(entry[0] + ": " + answer.status); }
          return cache.put(key, answer);
        });
      });
    }));
  });
}

// No network, and a page this build does not have: its 404 page, saying that it is offline.
function offlinePage() {
  return caches.open(SITE_CACHE).then(function (cache) { return cache.match(NOT_FOUND); }).then(function (page) {
    if (!page) { return Response.error(); }
    return page.text().then(function (html) {
      return new Response(html.replace("<html", "<html data-offline"), {
        status: 503, statusText: "Offline", headers: { "Content-Type": "text/html; charset=utf-8" },
      });
    });
  });
}

function fromEngineCache(request, key) {
  return caches.open(ENGINE_CACHE).then(function (cache) {
    return cache.match(key).then(function (hit) {
      if (hit) { return hit; }
      return fetch(request).then(function (response) {
        if (response.ok) { cache.put(key, response.clone()); }
        return response;
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || request.url.indexOf(ROOT) !== 0) { return; }
  var url = withoutQuery(request.url);
  // The page's <script> only: a fetch() of the same address (engine-client.js asks it to learn
  // whether there is a network at all) must see the network's answer.
  if (url === BACKEND_STATUS && request.destination === "script") {
    event.respondWith(fetch(request).catch(function () {
      return caches.open(SITE_CACHE).then(function (cache) { return cache.match(OFFLINE_STATUS); })
        .then(function (hit) { return hit || Response.error(); });
    }));
    return;
  }
  event.respondWith(current().then(function (now) {
    if (now && Object.prototype.hasOwnProperty.call(now.engine, url)) {
      return fromEngineCache(request, url + "?sha=" + now.engine[url]);
    }
    if (now && now.precache.has(url)) {
      return caches.open(SITE_CACHE).then(function (cache) { return cache.match(url); }).then(function (hit) {
        return hit || fetch(request);
      });
    }
    if (request.mode === "navigate") { return fetch(request).catch(offlinePage); }
    return fetch(request);
  }));
});
