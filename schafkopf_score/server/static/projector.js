// The projector (/ranking, 1920x1080): a long ranking pages by itself, as many rows a page as
// fit the screen, a new page every 8 seconds; the live part (ranking, tables still playing,
// provisional) is fetched anew after every hand by live.js, and paging goes on over it.
(function () {
  "use strict";
  var S = window.schafkopf || {words: {}, on: function () {}};
  var page = 0, PAUSE = 8000;

  function rows() { return Array.prototype.slice.call(document.querySelectorAll(".ranking tbody tr")); }

  function perPage(all) {
    if (!all.length) { return 1; }
    all.forEach(function (r) { r.classList.remove("off"); });
    var top = all[0].getBoundingClientRect().top, height = all[0].getBoundingClientRect().height || 1;
    return Math.max(1, Math.floor((window.innerHeight - top - 8) / height));
  }

  function lay(all, n) {
    var pages = Math.max(1, Math.ceil(all.length / n));
    if (page >= pages) { page = 0; }
    var label = document.querySelector(".pages");
    if (label) { label.textContent = pages > 1 ? (S.words.page_of || "") + " " + (page + 1) + "/" + pages : ""; }
    return pages;
  }

  function show() {
    var all = rows(), n = perPage(all);
    lay(all, n);
    var fits = perPage(all);  // the label may have moved the rows down: measured again with it
    if (fits !== n) { n = fits; lay(all, n); }
    all.forEach(function (r, i) { r.classList.toggle("off", i < page * n || i >= (page + 1) * n); });
  }

  S.on(function (what) { if (what === "refreshed") { show(); } });
  window.addEventListener("resize", show);
  show();
  setInterval(function () { page += 1; show(); }, PAUSE);
})();
