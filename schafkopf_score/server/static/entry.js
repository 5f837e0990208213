// The entry and the page's other forms posted to the API (RULES §11). A hand goes into an outbox
// kept on the phone (localStorage, across a reload) and is sent with its key until it is
// answered: a hand recorded once however often it is sent. Every answer shows at the entry:
// what was recorded (the CLI's words) with an undo right there, a refusal with its hint, the
// question when the same hand was just recorded, what a key recorded when its line was changed.
(function () {
  "use strict";
  var S = window.schafkopf || {words: {}, refresh: function () {}, on: function () {}, isGone: function () { return false; },
                               codeGone: function () {}};
  var W = S.words;
  var form = document.getElementById("line-form");
  var line = document.getElementById("line");
  var said = document.getElementById("said");
  var refusal = document.getElementById("refusal");
  var ask = document.getElementById("ask");
  var outbox = document.getElementById("outbox");
  var STORE = "schafkopf-outbox:" + location.host + location.pathname;
  var editing = null;  // the key of the pending hand whose line is being changed

  function newKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function el(tag, cls, textContent) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (textContent !== undefined) { e.textContent = textContent; }
    return e;
  }

  function button(label, fn, cls) {
    var b = el("button", cls || "", label);
    b.type = "button";
    b.addEventListener("click", fn);
    return b;
  }

  function post(url, data) {
    return fetch(url, {method: "POST", credentials: "same-origin", headers: {"Content-Type": "application/json"},
                       body: JSON.stringify(data)})
      .then(function (r) {
        return r.json().catch(function () { return {}; }).then(function (j) { return {status: r.status, body: j}; });
      });
  }

  function lines(box, texts) {
    box.textContent = "";
    texts.forEach(function (t) { box.appendChild(el("p", "", t)); });
  }

  function clearAnswers() {
    [said, refusal, ask].forEach(function (b) { if (b) { b.hidden = true; b.textContent = ""; } });
  }

  function showRefusal(box, j) {
    lines(box, [j.error || "?"].concat(j.hint ? [j.hint] : []));
    box.hidden = false;
  }

  // -- the outbox ----------------------------------------------------------------------------
  function load() {
    try { return JSON.parse(localStorage.getItem(STORE) || "[]"); } catch (e) { return []; }
  }
  function save(items) {
    try { localStorage.setItem(STORE, JSON.stringify(items)); } catch (e) { /* private mode: kept in memory */ }
    memory = items;
  }
  var memory = load();
  function items() { var got = load(); return got.length || !memory.length ? got : memory; }
  function drop(key) { save(items().filter(function (i) { return i.key !== key; })); paint(); }
  function update(item) { save(items().map(function (i) { return i.key === item.key ? item : i; })); paint(); }

  function paint() {
    if (!outbox) { return; }
    var all = items();
    outbox.textContent = "";
    outbox.hidden = all.length === 0;
    all.forEach(function (item) {
      var li = el("li");
      li.setAttribute("data-key", item.key);
      // a hand the server asked about (the same as the hand before) waits for the answer, not
      // sent: asked here too, so the question outlives another hand sent meanwhile or a reload
      li.appendChild(el("strong", "", item.asking ? W.ask_same + " " : W.pending + ": "));
      li.appendChild(el("code", "", item.line));
      if (item.tries > 1 && !item.asking) { li.appendChild(el("p", "", W.sending_failed)); }
      var actions = el("div", "actions");
      if (item.asking) {
        actions.appendChild(button(W.yes_again, function () { confirmAgain(item); }, "go"));
      }
      actions.appendChild(button(W.edit_pending, function () {
        editing = item.key;
        item.paused = true;
        update(item);
        line.value = item.line;
        line.focus();
        if (window.schafkopfTaps) { window.schafkopfTaps.paint(); }
      }));
      actions.appendChild(button(W.drop_pending, function () { drop(item.key); if (editing === item.key) { editing = null; } }));
      li.appendChild(actions);
      outbox.appendChild(li);
    });
  }

  var sending = false, timer = null, wait = 1000;

  function pump() {
    if (sending || S.isGone()) { return; }
    var next = items().filter(function (i) { return !i.paused && !i.asking; })[0];
    if (!next) { return; }
    sending = true;
    next.tries = (next.tries || 0) + 1;
    update(next);
    var data = {line: next.line, key: next.key};
    if (next.tisch !== undefined) { data.tisch = next.tisch; }
    if (next.round !== undefined) { data.round = next.round; }
    if (next.replaces && next.replaces.length) { data.replaces = next.replaces; }  // the round the page showed: never the next one
    if (next.confirm) { data.confirm = true; }
    post("/api/hands", data).then(function (res) {
      sending = false;
      wait = 1000;
      answered(next, res.status, res.body);
      pump();
    }, function () {
      sending = false;
      retry();
    });
  }

  function retry() {
    clearTimeout(timer);
    timer = setTimeout(pump, wait);
    wait = Math.min(wait * 2, 8000);
    paint();
  }

  function confirmAgain(item) {
    item.asking = false; item.confirm = true; update(item); clearAnswers(); pump();
  }

  var answeredKeys = {};  // what each key of this page recorded (a line taken back may be answered meanwhile)

  function answered(item, status, j) {
    if (status === 200 || status === 201) {
      answeredKeys[item.key] = j;
      drop(item.key);
      clearAnswers();
      lines(said, j.said || [String(j.hand)]);
      if (j.hand !== undefined) {
        var actions = el("div", "actions");
        actions.appendChild(button(W.undo_hand, function () { askUndo(j.hand, item.tisch, j.session); }));
        said.appendChild(actions);
      }
      said.hidden = false;
      S.refresh();
      return;
    }
    if (status === 409 && j.same_as !== undefined) {
      item.asking = true;
      update(item);
      clearAnswers();
      lines(ask, [j.error, W.ask_same]);
      var actions = el("div", "actions");
      actions.appendChild(button(W.yes_again, function () { confirmAgain(item); }, "go"));
      actions.appendChild(button(W.no, function () { drop(item.key); clearAnswers(); }));
      ask.appendChild(actions);
      ask.hidden = false;
      return;
    }
    if (status === 409 && j.recorded) {
      drop(item.key);
      offerCorrection(item, j.recorded, [j.error]);
      S.refresh();
      return;
    }
    if (status === 401) { S.codeGone(); paint(); return; }
    if (status === 429 || status >= 500) { retry(); return; }
    // refused (422, 403, 400, 413): nothing was written; the line comes back to be fixed
    drop(item.key);
    clearAnswers();
    showRefusal(refusal, j);
    if (!line.value) { line.value = item.line; if (window.schafkopfTaps) { window.schafkopfTaps.paint(); } }
  }

  // a key recorded another line than the one now sent under it: what it recorded, and the
  // correction of that hand to the new line, one tap away
  function offerCorrection(item, rec, head) {
    clearAnswers();
    lines(ask, head.concat([W.recorded_as + " " + (rec.said ? rec.said[0] : String(rec.hand))]));
    var fix = el("div", "actions");
    fix.appendChild(button(W.correct_to + ": " + item.line, function () {
      var data = {hand: rec.hand, line: item.line, reason: "", confirm: true};
      if (item.tisch !== undefined) { data.tisch = item.tisch; }
      // a hand of a round before the one the page shows: that round's, never the same number now
      if (rec.round !== undefined && form.elements.round && rec.round !== Number(form.elements.round.value)) {
        data.round = rec.round;
      }
      post("/api/edit", data).then(function (res) {
        clearAnswers();
        if (res.status === 200) { lines(said, res.body.said || []); said.hidden = false; S.refresh(); }
        else { showRefusal(refusal, res.body); }
      }, function () { showRefusal(refusal, {error: W.no_answer}); });
    }, "go"));
    fix.appendChild(button(W.no, clearAnswers));
    ask.appendChild(fix);
    ask.hidden = false;
  }

  function askUndo(hand, tisch, session) {
    clearAnswers();
    lines(ask, [W.undo_confirm + " (" + hand + ")"]);
    var label = el("label", "", W.reason + " ");
    var reason = el("input");
    reason.maxLength = 200;
    label.appendChild(reason);
    ask.appendChild(label);
    var actions = el("div", "actions");
    actions.appendChild(button(W.void, function () {
      var data = {hand: hand, reason: reason.value};
      if (tisch !== undefined) { data.tisch = tisch; }
      else if (session !== undefined) { data.session = session; }  // that hand's evening, never the next one
      post("/api/void", data).then(function (res) {
        clearAnswers();
        if (res.status === 200) { lines(said, res.body.said || []); said.hidden = false; S.refresh(); }
        else { showRefusal(refusal, res.body); }
      }, function () { showRefusal(refusal, {error: W.no_answer}); });
    }, "go"));
    actions.appendChild(button(W.cancel, clearAnswers));
    ask.appendChild(actions);
    ask.hidden = false;
    reason.focus();
  }

  if (form && line) {
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var text = line.value.trim();
      // nothing typed (the second tap of a double tap, an Enter too many): nothing sent, and the
      // answer to the hand just sent stays in view (an empty line's refusal took its place)
      if (!text) { line.focus(); return; }
      var all = items(), item = null;
      if (editing) { item = all.filter(function (i) { return i.key === editing; })[0] || null; }
      if (!item && editing && answeredKeys[editing] && answeredKeys[editing].hand !== undefined) {
        // the line taken back was recorded meanwhile: that hand is corrected, not a second one recorded
        var was = answeredKeys[editing], tisch = form.elements.tisch ? Number(form.elements.tisch.value) : undefined;
        editing = null;
        line.value = "";
        offerCorrection({key: "", line: text, tisch: tisch}, was, []);
        return;
      }
      if (item) {
        // a pending hand's line changed: a new key, naming the keys of the lines it replaces, so
        // the server says whether an old line was recorded meanwhile (409 with what it recorded)
        // or records the new one (and an old copy still on its way finds it, never a second hand)
        var old = item.key;
        if (item.tries) { item.replaces = (item.replaces || []).concat([old]).slice(-20); }
        item.key = newKey(); item.line = text; item.paused = false; item.tries = 0; item.confirm = false; item.asking = false;
        save(items().map(function (i) { return i.key === old ? item : i; }));
      } else {
        item = {key: newKey(), line: text};
        if (form.elements.tisch) { item.tisch = Number(form.elements.tisch.value); }
        if (form.elements.round) { item.round = Number(form.elements.round.value); }
        all.push(item);
        save(all);
      }
      editing = null;
      line.value = "";
      if (window.schafkopfTaps) { window.schafkopfTaps.paint(); }
      clearAnswers();
      paint();
      pump();
    });
    paint();
    pump();
    window.addEventListener("online", function () { wait = 1000; pump(); });
    S.on(function (what) { if (what === "refreshed") { wait = 1000; pump(); } if (what === "gone") { paint(); } });
  }

  // -- the page's other forms: posted to the API, answered beside them ------------------------
  function fields(f) {
    var data = {};
    Array.prototype.forEach.call(f.elements, function (e) {
      if (!e.name || e.name === "back" || e.name.indexOf("sure") === 0) { return; }
      if (e.type === "checkbox") { if (e.checked) { data[e.name] = true; } return; }
      if (e.value === "") { return; }
      data[e.name] = /^(hand|tisch|round|round_to|session)$/.test(e.name) && /^-?[0-9]+$/.test(e.value)
        ? Number(e.value) : e.value;
    });
    // a correction names the evening the sheet shows now (kept live; refused once it is closed)
    var shown = document.getElementById("shown-session");
    if (data.session !== undefined && shown && f.getAttribute("data-api") !== "/api/settle/reopen") {
      data.session = Number(shown.getAttribute("data-session"));
    }
    return data;
  }

  // the words of the label around a field (its text, not its options')
  function labelOf(e) {
    var l = e && e.closest ? e.closest("label") : null;
    if (!l) { return ""; }
    return Array.prototype.filter.call(l.childNodes, function (n) { return n.nodeType === 3; })
      .map(function (n) { return n.textContent; }).join(" ").replace(/\s+/g, " ").trim();
  }

  // a refusal of one field of the form (j.field, j.wants): said with the field's label, as the
  // page without JavaScript says it, and the field focused to be corrected; else as the API says
  function fieldRefusal(f, j) {
    var e = j.field && f.elements.namedItem(j.field);
    var label = e && e.type !== "hidden" ? labelOf(e) : "";
    var said = W["field_" + j.wants];
    if (!label || !said) { return null; }
    return {lines: [said.replace("{field}", label), W.field_hint], box: e};
  }

  Array.prototype.forEach.call(document.querySelectorAll("form[data-api]"), function (f) {
    if (f === form) { return; }
    var out = f.querySelector(".form-answer");
    f.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var data = fields(f);
      function send() {
        post(f.getAttribute("data-api"), data).then(function (res) {
          var j = res.body;
          if (!out) { return; }
          out.hidden = false;
          out.textContent = "";
          if (res.status === 200 || res.status === 201) {
            out.setAttribute("role", "status");
            out.className = "form-answer ok";
            lines(out, j.said || [W.recorded || "OK"]);
            if (f.classList.contains("reload") || f.getAttribute("data-api") === "/api/draw") {
              location.assign(location.pathname + "?done=" + encodeURIComponent(f.getAttribute("data-done") || "1"));
              return;
            }
            Array.prototype.forEach.call(f.querySelectorAll("input[type=checkbox], input[name=hand], input[name=line], " +
                                                            "input[name=reason]"), function (e) {
              if (e.type === "checkbox") { e.checked = false; } else { e.value = ""; }
            });
            S.refresh();
            return;
          }
          if (res.status === 401) { S.codeGone(); }
          out.setAttribute("role", "alert");
          out.className = "form-answer error";
          // a change of game or declarer: the page's words (the box, the button), not the API's
          var hint = res.status === 409 && j.change ? W.confirm_change : j.page_hint || j.hint;
          var wrong = res.status === 422 ? fieldRefusal(f, j) : null;
          lines(out, wrong ? wrong.lines : [j.page_error || j.error || "?"].concat(hint ? [hint] : []).concat(j.change ? [j.change] : []));
          if (wrong) { wrong.box.focus(); }
          if (res.status === 409 && j.change) {
            out.appendChild(button(W.yes_again.split(",")[0], function () { data.confirm = true; send(); }, "go"));
          }
        }, function () {
          if (out) { out.hidden = false; out.setAttribute("role", "alert"); out.className = "form-answer error";
                     out.textContent = W.no_answer; }
        });
      }
      send();
    });
  });
})();
