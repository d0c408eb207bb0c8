/* htmx (52 KB) on demand, for pages that talk to the backend only when there is something to
   send: the calculator (a whole hand) and lesson check questions (a checked answer). A reader who
   never sends anything, or a static host with no backend at all, never fetches it.

   window.tutorHtmx() loads htmx once (the src is this script's data-htmx) and resolves with it,
   ready to use; it rejects when there is no htmx to load or it cannot be loaded. */
(function () {
  "use strict";
  var script = document.currentScript;
  var src = script ? script.getAttribute("data-htmx") : null;
  var loading = null;

  // htmx reads its settings and wires the page's hx- elements on DOMContentLoaded; loaded after
  // that, it waits for an event that has passed. So give it both: the same settings the meta tag
  // holds (fragments/htmx_config.html) and the page to process (processing twice is harmless).
  function ready(htmx) {
    var meta = document.querySelector("meta[name='htmx-config']");
    if (meta) { try { Object.assign(htmx.config, JSON.parse(meta.content)); } catch (e) { /* keep defaults */ } }
    htmx.process(document.body);
    return htmx;
  }

  window.tutorHtmx = function () {
    if (!loading) {
      loading = new Promise(function (resolve, reject) {
        if (window.htmx) { resolve(window.htmx); return; }  // a page that loads it with a script tag
        if (!src) { reject(new Error("no htmx on this page")); return; }
        var tag = document.createElement("script");
        tag.src = src;
        tag.onload = function () { return window.htmx ? resolve(ready(window.htmx)) : reject(new Error("no htmx")); };
        tag.onerror = function () { reject(new Error("htmx did not load")); };
        document.head.appendChild(tag);
      });
    }
    return loading;
  };
})();
