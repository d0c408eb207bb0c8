/* Colour scheme and tile-label preferences.
   Loaded in <head> (not deferred) so a stored choice applies before the first paint;
   the buttons are wired once the page is parsed. A choice equal to the system's
   setting is forgotten, so the page goes back to following the system. */
(function () {
  "use strict";
  var root = document.documentElement;
  // What only works with a script (.needs-js: the tile picker, the filters, these buttons) is laid out
  // from the first paint, instead of appearing later and pushing the page down.
  root.classList.add("js");
  var THEME_KEY = "tutor-theme";
  var INDEX_KEY = "tutor-tile-index";
  var darkQuery = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;

  function read(key) {
    try { return window.localStorage.getItem(key); } catch (e) { return null; }
  }
  function write(key, value) {
    try {
      if (value === null) { window.localStorage.removeItem(key); } else { window.localStorage.setItem(key, value); }
    } catch (e) { /* private mode: the choice lasts for this page only */ }
  }
  function systemDark() { return !!(darkQuery && darkQuery.matches); }
  function isDark() {
    var chosen = root.getAttribute("data-theme");
    return chosen ? chosen === "dark" : systemDark();
  }

  var stored = read(THEME_KEY);
  if (stored === "dark" || stored === "light") { root.setAttribute("data-theme", stored); }
  if (read(INDEX_KEY) === "on") { root.setAttribute("data-tile-index", "on"); }

  function wireTheme(button) {
    function sync() { button.setAttribute("aria-pressed", String(isDark())); }
    button.addEventListener("click", function () {
      var wantDark = !isDark();
      if (wantDark === systemDark()) {
        root.removeAttribute("data-theme");
        write(THEME_KEY, null);
      } else {
        var name = wantDark ? "dark" : "light";
        root.setAttribute("data-theme", name);
        write(THEME_KEY, name);
      }
      sync();
    });
    if (darkQuery && darkQuery.addEventListener) { darkQuery.addEventListener("change", sync); }
    sync();
  }

  function wireTileIndex(button) {
    function sync() { button.setAttribute("aria-pressed", String(root.getAttribute("data-tile-index") === "on")); }
    button.addEventListener("click", function () {
      if (root.getAttribute("data-tile-index") === "on") {
        root.removeAttribute("data-tile-index");
        write(INDEX_KEY, null);
      } else {
        root.setAttribute("data-tile-index", "on");
        write(INDEX_KEY, "on");
      }
      sync();
    });
    sync();
  }

  document.addEventListener("DOMContentLoaded", function () {
    var theme = document.querySelector("[data-pref='theme']");
    var index = document.querySelector("[data-pref='tile-index']");
    if (theme) { wireTheme(theme); }
    if (index) { wireTileIndex(index); }
  });
})();
