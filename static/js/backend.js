/* Is there a tutor backend? The one answer the practice pages ask for (calculator.js, fan-quiz.js,
   drills.js), decided one way. html[data-backend-state] says it before the first paint: "up" or
   "none" from api/status.js (the build writes "none"; a backend that serves the site answers the same
   address with "up"), so a static host is never sent a request that fails. Only a backend on another
   host (site.toml's backend_url: "remote") is asked, once, with GET healthz. When no answer comes
   the state becomes "down", which the pages' notices show (a static host stays "none": nothing is
   down there, the site was built to run without one). */
(function () {
  "use strict";
  var asked = null;
  window.tutorBackend = function (backend) {
    if (asked) { return asked; }
    var root = document.documentElement;
    var state = root.getAttribute("data-backend-state");
    var answer = state === "up" ? Promise.resolve(true)
      : state === "none" ? Promise.resolve(false)
      : fetch(backend + "healthz", { cache: "no-store" }).then(function (r) { return r.ok; }, function () { return false; });
    asked = answer.then(function (up) {
      if (!up && root.getAttribute("data-backend-state") !== "none") { root.setAttribute("data-backend-state", "down"); }
      return up;
    });
    return asked;
  };
})();
