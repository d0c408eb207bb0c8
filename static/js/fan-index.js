/* The fan index: sort by a column, filter by points, category or text.
   Without this script the page is a plain table in rulebook order. */
(function () {
  "use strict";

  function plain(text) {
    // Tone marks off, so "qing yi se" finds qīng yī sè.
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  document.addEventListener("DOMContentLoaded", function () {
    var table = document.getElementById("fan-table");
    var form = document.getElementById("fan-filters");
    if (!table || !form) { return; }
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var status = document.getElementById("fan-filter-status");
    var points = form.elements["points"];
    var category = form.elements["category"];
    var edition = form.elements["edition"];
    var text = form.elements["text"];
    rows.forEach(function (row) { row.setAttribute("data-text", plain(row.textContent)); });

    function apply() {
      var wanted = plain(text.value.trim());
      var shown = 0;
      rows.forEach(function (row) {
        var ok = (!points.value || row.getAttribute("data-points-" + edition.value) === points.value)
          && (!category.value || row.getAttribute("data-category") === category.value)
          && (!wanted || row.getAttribute("data-text").indexOf(wanted) >= 0
              || row.getAttribute("data-text").replace(/\s+/g, "").indexOf(wanted.replace(/\s+/g, "")) >= 0);
        row.hidden = !ok;
        if (ok) { shown += 1; }
      });
      status.textContent = status.getAttribute("data-template")
        .replace("{shown}", String(shown)).replace("{total}", String(rows.length));
    }

    function sortBy(header) {
      var key = header.getAttribute("data-sort");
      var ascending = header.getAttribute("aria-sort") !== "ascending";
      Array.prototype.forEach.call(table.tHead.rows[0].cells, function (cell) {
        if (cell.hasAttribute("data-sort")) { cell.setAttribute("aria-sort", "none"); }
      });
      header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      var numeric = header.hasAttribute("data-numeric");
      var sorted = rows.slice().sort(function (a, b) {
        var x = a.getAttribute("data-" + key);
        var y = b.getAttribute("data-" + key);
        var order = numeric ? Number(x) - Number(y) : x.localeCompare(y);
        if (order === 0) { order = Number(a.getAttribute("data-number")) - Number(b.getAttribute("data-number")); }
        return ascending ? order : -order;
      });
      sorted.forEach(function (row) { body.appendChild(row); });
    }

    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (cell) {
      if (!cell.hasAttribute("data-sort")) { return; }
      var button = document.createElement("button");
      button.type = "button";
      while (cell.firstChild) { button.appendChild(cell.firstChild); }
      cell.appendChild(button);
      cell.setAttribute("aria-sort", cell.getAttribute("data-sort") === "number" ? "ascending" : "none");
      button.addEventListener("click", function () { sortBy(cell); });
    });

    form.addEventListener("input", apply);
    form.addEventListener("change", apply);
    form.addEventListener("submit", function (event) { event.preventDefault(); apply(); });
    apply();
  });
})();
