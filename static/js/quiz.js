/* Check questions on a static host: grade from the answer written into the page.
   The form still posts to the backend without JavaScript, and a form marked
   data-server-check (the later htmx version) is left to the server. */
(function () {
  "use strict";

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

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form.question") || form.hasAttribute("data-server-check")) { return; }
    event.preventDefault();
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
  });
})();
