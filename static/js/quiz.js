/* Check questions in lessons.

   With a backend, a question is graded by it through htmx: htmx (52 KB) is loaded on the first
   check only (htmx-on-demand.js), so a lesson stays light for readers who never check; the backend's verdict
   (templates/fragments/lesson_check.html) is swapped into the feedback.
   Without one (a static host, or the backend down), the page grades itself from the answer
   written into it, as before. A static host is known before any request: api/status.js, which the
   page loads in <head>, says "none" there (html[data-backend-state]), so nothing is posted in vain. Without JavaScript the form posts to the backend, and the
   <details> still reveals the answer on any host. */
(function () {
  "use strict";

  var backend = "unknown"; // "up" once the backend answered, "down" once it failed

  function show(form, right, source, message) {
    var feedback = form.querySelector("[data-feedback]");
    feedback.className = "feedback " + (right ? "right" : "wrong");
    feedback.textContent = "";
    var lead = document.createElement("strong");
    lead.textContent = message + " ";
    feedback.appendChild(lead);
    if (source) {
      var copy = source.cloneNode(true);
      copy.removeAttribute("id");
      feedback.appendChild(copy);
    }
  }

  function gradeHere(form) {
    var picked = form.querySelector("input[name='choice']:checked");
    if (!picked) {
      show(form, false, null, form.getAttribute("data-msg-pick"));
      return;
    }
    var right = picked.value === form.getAttribute("data-answer");
    var source = right
      ? form.querySelector("[data-explain]")
      : form.querySelector("[data-why='" + picked.value + "']");
    show(form, right, source, form.getAttribute(right ? "data-msg-right" : "data-msg-wrong"));
  }

  function loadHtmx() {
    return window.tutorHtmx ? window.tutorHtmx() : Promise.reject(new Error("no htmx on this page"));
  }

  function isQuestion(element) {
    return element && element.matches && element.matches("form.question");
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!isQuestion(form) || event.defaultPrevented) { return; } // htmx, once loaded, has it
    event.preventDefault();
    if (document.documentElement.getAttribute("data-backend-state") === "none") { backend = "down"; }
    if (backend === "down" || !form.hasAttribute("hx-post") || !form.querySelector("input[name='choice']:checked")) {
      gradeHere(form);
      return;
    }
    loadHtmx().then(function (htmx) {
      htmx.trigger(form, "submit");
    }, function () {
      backend = "down";
      gradeHere(form);
    });
  });

  // The backend did not answer, or answered with an error (a static host has no api/lesson-check):
  // grade in the page, now and from now on.
  function fallBack(event) {
    var form = event.detail && event.detail.elt;
    if (!isQuestion(form)) { return; }
    backend = "down";
    gradeHere(form);
  }
  document.addEventListener("htmx:sendError", fallBack);
  document.addEventListener("htmx:responseError", fallBack);
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (backend === "down" && isQuestion(event.detail.elt)) {
      event.preventDefault();
      gradeHere(event.detail.elt);
    }
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    var form = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form.question");
    if (!form) { return; }
    backend = "up";
    var verdict = form.querySelector("[data-feedback] [data-verdict]");
    var feedback = form.querySelector("[data-feedback]");
    feedback.className = "feedback " + (verdict ? verdict.getAttribute("data-verdict") : "wrong");
  });
})();
