// schafkopf serve: the page's live part kept fresh, forms posted to the API, tap entry.
// No framework, no build step; the page works without this script (reading, and the forms).
(function () {
  "use strict";
  var live = document.getElementById("live");
  var message = document.getElementById("message");

  function say(text) {
    if (!message) { return; }
    message.textContent = text || "";
    message.hidden = !text;
  }

  // one fetch at a time; changes meanwhile make one more (a busy hall sends many)
  var busy = false, again = false;

  function refresh() {
    if (!live) { return; }
    if (busy) { again = true; return; }
    busy = true;
    fetch(live.getAttribute("data-live") + location.search.replace(/([?&])(error|hint|done)=[^&]*/g, "$1"),
          {credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html) { return; }
        var doc = new DOMParser().parseFromString(html, "text/html");
        var fresh = doc.getElementById("live");
        if (fresh) { live.innerHTML = fresh.innerHTML; }
      })
      .catch(function () {})
      .then(function () {
        busy = false;
        if (again) { again = false; setTimeout(refresh, 300); }
      });
  }

  if (live && window.EventSource) {
    var events = new EventSource("/api/events");
    var mine = live.getAttribute("data-tisch");
    events.addEventListener("change", function (ev) {
      var data = {};
      try { data = JSON.parse(ev.data); } catch (e) { data = {}; }
      // a tournament table's page: only its own table's changes
      if (mine && data.tisch !== undefined && String(data.tisch) !== mine) { return; }
      refresh();
    });
  }

  function newKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function body(form) {
    var data = {};
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.name === "back") { return; }
      if (el.type === "checkbox") { if (el.checked) { data[el.name] = true; } return; }
      if (el.value === "") { return; }
      data[el.name] = /^(hand|tisch|round|round_to)$/.test(el.name) ? Number(el.value) : el.value;
    });
    return data;
  }

  function post(form, data) {
    return fetch(form.getAttribute("data-api"), {
      method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json"}, body: JSON.stringify(data)
    }).then(function (r) { return r.json().then(function (j) { return [r.status, j]; }); });
  }

  Array.prototype.forEach.call(document.querySelectorAll("form[data-api]"), function (form) {
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var data = body(form);
      post(form, data).then(function (res) {
        var status = res[0], j = res[1];
        if (status === 409 && window.confirm(j.error + "\n" + (j.change || ""))) {
          data.confirm = true;
          return post(form, data).then(done);
        }
        return done(res);
      }).catch(function () { say("?"); });

      function done(res) {
        var status = res[0], j = res[1];
        if (status >= 400) { say(j.error + (j.hint ? "\n" + j.hint : "")); return; }
        say("");
        if (form.elements.key) { form.elements.key.value = newKey(); }
        if (form.elements.line) { form.elements.line.value = ""; }
        if (form.elements.hand) { form.elements.hand.value = ""; }
        untap();
        refresh();
        if (form.getAttribute("data-api") === "/api/draw" || form.getAttribute("data-api") === "/api/settle/close") {
          location.reload();
        }
      }
    });
  });

  // the tap entry writes the entry line: game [suit] players augen laufende flags
  var line = document.getElementById("line");
  var taps = document.querySelector(".taps");
  var tap = {game: "", suit: "", players: [], augen: "", laufende: "", flags: []};

  function write() {
    var words = [];
    if (tap.game) { words.push(tap.game); }
    if (tap.suit) { words.push(tap.suit); }
    words = words.concat(tap.players.map(function (p) { return p.toLowerCase().split(/\s+/)[0]; }));
    if (tap.augen !== "") { words.push(tap.augen); }
    if (tap.laufende) { words.push(tap.laufende); }
    words = words.concat(tap.flags);
    line.value = words.join(" ");
    Array.prototype.forEach.call(taps.querySelectorAll("button"), function (b) {
      var on = b.dataset.game === tap.game || b.dataset.suit === tap.suit ||
        tap.players.indexOf(b.dataset.player) >= 0 || b.dataset.augen === tap.augen ||
        b.dataset.laufende === tap.laufende || tap.flags.indexOf(b.dataset.flag) >= 0;
      b.classList.toggle("on", !!on && !b.dataset.clear);
    });
  }

  function untap() {
    tap = {game: "", suit: "", players: [], augen: "", laufende: "", flags: []};
    if (taps) { write(); }
  }

  if (line && taps) {
    taps.hidden = false;
    taps.addEventListener("click", function (ev) {
      var b = ev.target.closest("button");
      if (!b) { return; }
      var d = b.dataset;
      if (d.clear) { untap(); return; }
      if (d.game !== undefined) { tap.game = tap.game === d.game ? "" : d.game; }
      if (d.suit !== undefined) { tap.suit = tap.suit === d.suit ? "" : d.suit; }
      if (d.player !== undefined) {
        var i = tap.players.indexOf(d.player);
        if (i >= 0) { tap.players.splice(i, 1); } else if (tap.players.length < 2) { tap.players.push(d.player); }
      }
      if (d.augen !== undefined) { tap.augen = tap.augen === d.augen ? "" : d.augen; }
      if (d.laufende !== undefined) { tap.laufende = tap.laufende === d.laufende ? "" : d.laufende; }
      if (d.flag !== undefined) {
        var j = tap.flags.indexOf(d.flag);
        if (j >= 0) { tap.flags.splice(j, 1); } else { tap.flags.push(d.flag); }
      }
      write();
    });
  }
})();
