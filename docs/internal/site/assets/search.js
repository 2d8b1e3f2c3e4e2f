// Offline search over window.FASTIO_SEARCH (written by the generator into
// search-index.js): every page, section heading, package and exported
// identifier. Ranking: exact name, then prefix, then substring of the name,
// then a match in the summary; within each, the exported API (packages,
// types, functions, methods, fields, constants, variables) before guides and
// pages, and those before sections and cookbook pages. A page opened with
// ?q=words shows the results for those words, and typing updates the
// address, so a search can be linked.
(function () {
  "use strict";
  var input = document.getElementById("search");
  var list = document.getElementById("search-results");
  var meta = document.querySelector('meta[name="fastio-root"]');
  var root = meta ? meta.content : "";
  var index = window.FASTIO_SEARCH || [];
  if (!input || !list) return;

  var kindWeight = {
    "package": 9, "command": 8, "type": 8, "func": 8, "method": 7, "field": 6, "const": 6, "var": 6,
    "guide": 4, "page": 4, "section": 2, "cookbook": 1
  };

  function match(e, q) {
    var t = e.t.toLowerCase();
    var last = t.slice(t.lastIndexOf(".") + 1);
    if (last === q || t === q) return 100;
    if (last.indexOf(q) === 0) return 80;
    if (t.indexOf(q) >= 0) return 60;
    var words = q.split(/\s+/);
    var hay = t + " " + (e.s || "").toLowerCase();
    for (var i = 0; i < words.length; i++) {
      if (hay.indexOf(words[i]) < 0) return 0;
    }
    return 20;
  }

  function score(e, q) {
    var m = match(e, q);
    return m > 0 ? m + (kindWeight[e.k] || 0) : 0;
  }

  function render(q) {
    list.innerHTML = "";
    q = q.trim().toLowerCase();
    if (q.length < 2) { list.hidden = true; return; }
    var hits = [];
    for (var i = 0; i < index.length; i++) {
      var s = score(index[i], q);
      if (s > 0) hits.push([s, i]);
    }
    hits.sort(function (a, b) { return b[0] - a[0] || index[a[1]].t.length - index[b[1]].t.length; });
    hits = hits.slice(0, 20);
    if (hits.length === 0) {
      var none = document.createElement("li");
      none.className = "none";
      none.textContent = "No match";
      list.appendChild(none);
    }
    hits.forEach(function (h) {
      var e = index[h[1]];
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = root + e.u;
      var k = document.createElement("span");
      k.className = "kind";
      k.textContent = e.k;
      a.appendChild(k);
      a.appendChild(document.createTextNode(" " + e.t));
      li.appendChild(a);
      if (e.s) {
        var p = document.createElement("span");
        p.className = "sum";
        p.textContent = e.s;
        li.appendChild(p);
      }
      list.appendChild(li);
    });
    list.hidden = false;
  }

  // The query in the address: ?q= opens with its results, and typing keeps
  // the address in step (replaceState may be refused for file:// pages).
  function remember(q) {
    try {
      var u = new URL(window.location.href);
      if (q) u.searchParams.set("q", q); else u.searchParams.delete("q");
      window.history.replaceState(null, "", u.toString());
    } catch (err) { /* the address stays as it was */ }
  }
  var initial = new URLSearchParams(window.location.search).get("q");
  if (initial) {
    input.value = initial;
    render(initial);
  }

  input.addEventListener("input", function () { render(input.value); remember(input.value.trim()); });
  input.addEventListener("keydown", function (ev) {
    if (ev.key === "Enter") {
      var first = list.querySelector("a");
      if (first) window.location.href = first.href;
    } else if (ev.key === "Escape") {
      list.hidden = true;
    } else if (ev.key === "ArrowDown") {
      var a = list.querySelector("a");
      if (a) { ev.preventDefault(); a.focus(); }
    }
  });
  // Arrow keys move between results; Escape goes back to the box.
  list.addEventListener("keydown", function (ev) {
    var links = Array.prototype.slice.call(list.querySelectorAll("a"));
    var i = links.indexOf(document.activeElement);
    if (ev.key === "ArrowDown" && i >= 0 && i + 1 < links.length) {
      ev.preventDefault(); links[i + 1].focus();
    } else if (ev.key === "ArrowUp") {
      ev.preventDefault();
      if (i > 0) links[i - 1].focus(); else input.focus();
    } else if (ev.key === "Escape") {
      list.hidden = true; input.focus();
    }
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.key === "/" && document.activeElement !== input) {
      ev.preventDefault();
      input.focus();
    }
  });
})();
