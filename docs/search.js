// search.js: the search page of the ScanLab site (search.html), offline.
//
// search-index.js, written by docs/build.sh, defines SEARCH_INDEX: one
// entry per section (a heading of any level) of every page and per
// glossary term,
//   {page: "lab07", id: "lookback", title: "Lab 07: ...",
//    heading: "Step D: status words and the look-back", text: "Now each ..."}.
// This file reads the words of the box (or of ?q= in the address, which
// the search box of every page's nav bar sends), keeps the entries whose
// heading or text contains every word, ranks them, and lists them as
// links to page.html?mark=WORDS#id with a line of text around the first
// match; the page's site.js marks the words there.
//
// Matching ignores case, and hyphens and spaces inside a word's letters:
// "lookback" finds "look-back". Ranking, highest first:
//   a glossary term whose name is the query ("zigzag" -> Zigzag)   1000
//   any entry whose heading contains every word                     100
//   each time a word appears in the text, up to 20 in all            +1
// Ties keep the site's reading order. Results are built with textContent,
// never HTML, so nothing typed is run or rendered as markup.
"use strict";

(function () {
  var MAX_RESULTS = 40;
  var SNIPPET_CHARS = 160;

  // Lower case, curly quotes straight, and each run of spaces one space.
  function fold(text) {
    return text.toLowerCase().replace(/[\u2018\u2019]/g, "'").replace(/\s+/g, " ");
  }

  // The same without hyphens and spaces, so "look back" matches "lookback".
  function squeeze(text) {
    return text.replace(/[-\u2010\u2011\u2013 ]/g, "");
  }

  // The words of a query: "Look-back  volatile" -> ["look-back", "volatile"].
  function words(query) {
    return fold(query).split(" ").filter(function (w) { return w !== ""; });
  }

  function contains(text, word) {
    return text.indexOf(word) >= 0 || squeeze(text).indexOf(squeeze(word)) >= 0;
  }

  function count(text, word) {
    var n = 0, at = text.indexOf(word);
    while (at >= 0 && n < 20) {
      n++;
      at = text.indexOf(word, at + word.length);
    }
    return n;
  }

  // A glossary term without its note in parentheses: "Width (lab 06)" -> "width".
  function termName(heading) {
    return squeeze(fold(heading).replace(/\s*\(.*\)\s*$/, ""));
  }

  function score(entry, query, list) {
    var heading = fold(entry.heading), text = fold(entry.text);
    var all = heading + " " + text;
    for (var i = 0; i < list.length; i++)
      if (!contains(all, list[i])) return 0;
    var s = 1;
    if (entry.page === "glossary" && termName(entry.heading) === squeeze(fold(query).trim())) s += 1000;
    if (list.every(function (w) { return contains(heading, w); })) s += 100;
    var hits = 0;
    list.forEach(function (w) { hits += count(text, w); });
    return s + Math.min(hits, 20);
  }

  // About SNIPPET_CHARS of text around the first word found, cut at spaces.
  function snippet(text, list) {
    var folded = fold(text), at = -1;
    list.forEach(function (w) {
      var i = folded.indexOf(w);
      if (i >= 0 && (at < 0 || i < at)) at = i;
    });
    if (at < 0) return text.slice(0, SNIPPET_CHARS) + (text.length > SNIPPET_CHARS ? " ..." : "");
    var start = Math.max(0, at - SNIPPET_CHARS / 3);
    var end = Math.min(text.length, start + SNIPPET_CHARS);
    if (start > 0) start = text.indexOf(" ", start) + 1;
    if (end < text.length && text.lastIndexOf(" ", end) > start) end = text.lastIndexOf(" ", end);
    return (start > 0 ? "... " : "") + text.slice(start, end) + (end < text.length ? " ..." : "");
  }

  function show(query) {
    var status = document.getElementById("search-status");
    var results = document.getElementById("search-results");
    results.textContent = "";
    var list = words(query);
    if (list.length === 0) {
      status.textContent = "Type a word or two: a term (zigzag, look-back), a function (__shfl_up_sync), a message.";
      return;
    }
    var found = [];
    SEARCH_INDEX.forEach(function (entry, order) {
      var s = score(entry, query, list);
      if (s > 0) found.push({ entry: entry, score: s, order: order });
    });
    found.sort(function (a, b) { return b.score - a.score || a.order - b.order; });
    status.textContent = found.length === 0 ? "Nothing on this site contains all of: " + list.join(" ") + "."
      : found.length + (found.length === 1 ? " place" : " places") + " contain " + list.join(" ") +
        (found.length > MAX_RESULTS ? "; the first " + MAX_RESULTS + ":" : ":");
    found.slice(0, MAX_RESULTS).forEach(function (f) {
      var e = f.entry;
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = e.page + ".html?mark=" + encodeURIComponent(list.join(" ")) + (e.id ? "#" + e.id : "");
      link.textContent = e.heading;
      var where = document.createElement("span");
      where.className = "where";
      where.textContent = e.page === "glossary" ? " (glossary)" : e.heading === e.title ? "" : " (" + e.title + ")";
      var text = document.createElement("p");
      text.textContent = snippet(e.text, list);
      item.appendChild(link);
      item.appendChild(where);
      item.appendChild(text);
      results.appendChild(item);
    });
  }

  var box = document.getElementById("search-words");
  var query = new URLSearchParams(window.location.search).get("q") || "";
  box.value = query;
  show(query);
  // As the reader types: the results and the address follow the box.
  box.addEventListener("input", function () {
    show(box.value);
    window.history.replaceState(null, "", "?q=" + encodeURIComponent(box.value));
  });
})();
