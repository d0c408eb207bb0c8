/* Every page: register the service worker (sw.js at the site's root, written by the build) so the
   site works offline after a first visit, and say so when a new build is waiting: the
   [data-update-notice] bar with its "New version: reload" button. The address is relative to the
   page (html[data-root]), so the site works at a host's root and in a subfolder. */
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) { return; }
  var root = document.documentElement.getAttribute("data-root") || "";
  var notice = document.querySelector("[data-update-notice]");
  var reloading = false;

  function offer(registration) {
    if (!notice || !registration.waiting || !navigator.serviceWorker.controller) { return; }
    notice.hidden = false;
    notice.querySelector("button").onclick = function () {
      reloading = true;
      if (registration.waiting) { registration.waiting.postMessage({ type: "skip-waiting" }); } else { location.reload(); }
    };
  }

  navigator.serviceWorker.addEventListener("controllerchange", function () {
    if (reloading) { location.reload(); }
  });
  navigator.serviceWorker.register(root + "sw.js").then(function (registration) {
    offer(registration);
    registration.addEventListener("updatefound", function () {
      var installing = registration.installing;
      if (!installing) { return; }
      installing.addEventListener("statechange", function () {
        if (installing.state === "installed") { offer(registration); }
      });
    });
    return registration.update();
  }).catch(function () { /* offline, or a host without the worker: the site works as before */ });
})();
