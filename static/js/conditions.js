/* When a part of a rendered grading shows: the conditions the server writes on it (tutor.views.drills
   for the drills, tutor.views.practice for the offline quiz), read against the player's answer, a
   {field: [values]} object. The verdicts are the server's; this only reads its conditions.

     f:v     field f holds v                 f=a,b   f holds exactly a and b (f= : nothing)
     !term   the term does not hold          a b     every term holds     x|y   either alternative

   Loaded as a plain script by the pages (globalThis.tutorShown) and as a module by the unit tests
   (tests/js/conditions.test.mjs). */
(function () {
  "use strict";
  function term(text, answer) {
    var negate = text.charAt(0) === "!";
    if (negate) { text = text.slice(1); }
    var holds, at = text.indexOf(":");
    if (at >= 0) {
      holds = (answer[text.slice(0, at)] || []).indexOf(text.slice(at + 1)) >= 0;
    } else {
      at = text.indexOf("=");
      var want = text.slice(at + 1).split(",").filter(Boolean).sort();
      var have = (answer[text.slice(0, at)] || []).slice().sort();
      holds = want.join(",") === have.join(",");
    }
    return holds !== negate;
  }
  globalThis.tutorShown = function (condition, answer) {
    return String(condition).split("|").some(function (alternative) {
      return alternative.split(" ").filter(Boolean).every(function (t) { return term(t, answer); });
    });
  };
})();
