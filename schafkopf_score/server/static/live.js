// schafkopf serve: the page's live parts kept fresh (RULES §11). An event stream tells of every
// write; the page then fetches itself and swaps each element marked data-live by its id. After
// every reconnection the page fetches itself again (a server restarted, a hand entered by the
// CLI meanwhile), and the indicator in the header says live / reconnecting / offline; a phone
// whose code is gone (401) says so and stops. No framework, no build step; the page reads
// without this script.
(function () {
  "use strict";
  var words = {};
  try { words = JSON.parse(document.body.getAttribute("data-words") || "{}"); } catch (e) { words = {}; }
  var conn = document.getElementById("conn");
  var state = "live";
  var gone = false;
  var listeners = [];

  function show(s) {
    state = s;
    if (!conn) { return; }
    conn.hidden = false;
    conn.setAttribute("data-state", s);
    conn.textContent = words["conn_" + s] || s;
  }

  // one fetch at a time; changes meanwhile make one more
  var busy = false, again = false;

  function refresh() {
    if (gone) { return; }
    if (busy) { again = true; return; }
    busy = true;
    fetch(location.pathname + location.search.replace(/([?&])done=[^&]*/g, "$1"), {credentials: "same-origin"})
      .then(function (r) {
        if (r.status === 401) { codeGone(); return null; }
        return r.ok ? r.text() : null;
      })
      .then(function (html) {
        if (!html) { return; }
        var doc = new DOMParser().parseFromString(html, "text/html");
        var follow = document.getElementById("follow"), fresh = doc.getElementById("follow");
        if (follow && fresh && signature(follow) !== signature(fresh)) {
          // a new round, the draw, another seating: the whole page changes (heading, players, buttons)
          listeners.forEach(function (fn) { fn("leaving"); });
          location.reload();
          return;
        }
        Array.prototype.forEach.call(document.querySelectorAll("[data-live]"), function (el) {
          var other = el.id && doc.getElementById(el.id);
          if (other && other.innerHTML !== el.innerHTML) { el.innerHTML = other.innerHTML; }
        });
        listeners.forEach(function (fn) { fn("refreshed"); });
      })
      .catch(function () {})
      .then(function () {
        busy = false;
        if (again) { again = false; setTimeout(refresh, 300); }
      });
  }

  function signature(el) {
    return ["round", "waiting", "players", "writes"].map(function (k) { return el.getAttribute("data-" + k); }).join("|");
  }

  function codeGone() {
    if (gone) { return; }
    gone = true;
    show("gone");
    if (events) { events.close(); }
    listeners.forEach(function (fn) { fn("gone"); });
    var main = document.getElementById("main");
    if (main && !document.getElementById("code-gone")) {
      var p = document.createElement("p");
      p.id = "code-gone";
      p.className = "error";
      p.setAttribute("role", "alert");
      p.textContent = words.code_gone || "401";
      main.insertBefore(p, main.firstChild);
    }
  }

  var events = null, opened = false;

  function connect() {
    if (!window.EventSource || gone) { return; }
    events = new EventSource("/api/events");
    var mine = document.querySelector("[data-tisch]");
    var table = mine ? mine.getAttribute("data-tisch") : null;
    events.addEventListener("open", function () {
      show("live");
      if (opened) { refresh(); }  // reconnected: what happened meanwhile
      opened = true;
    });
    events.addEventListener("change", function (ev) {
      var data = {};
      try { data = JSON.parse(ev.data); } catch (e) { data = {}; }
      if (table && data.tisch !== undefined && String(data.tisch) !== table) { return; }
      refresh();
    });
    events.addEventListener("error", function () {
      if (gone) { return; }
      show(navigator.onLine === false ? "offline" : "reconnecting");
      if (events.readyState === 2) {
        // the browser gave up (an answer that is no stream: 401, or the server down): ask why
        fetch("/api/table", {credentials: "same-origin"}).then(function (r) {
          if (r.status === 401) { codeGone(); return; }
          setTimeout(connect, 2000);
        }).catch(function () { setTimeout(connect, 2000); });
      }
    });
  }

  window.addEventListener("offline", function () { show("offline"); });
  window.addEventListener("online", function () {
    show("reconnecting");
    if (!events || events.readyState === 2) { connect(); }
    refresh();
  });

  // for the other scripts of the page: refresh now, hear of refreshes and of a code gone
  window.schafkopf = {
    words: words, refresh: refresh, codeGone: codeGone,
    on: function (fn) { listeners.push(fn); },
    isGone: function () { return gone; }, state: function () { return state; }
  };
  if (document.querySelector("[data-live]")) { connect(); }
})();
