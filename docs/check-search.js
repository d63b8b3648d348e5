// check-search.js: try the site's search with every glossary term, for
// docs/check.sh, which writes a page that sets
//
//   var SEARCH_SITE = "file:///.../build/docs/";
//   var SEARCH_TERMS = [["zigzag", "Zigzag"], ["look-back", "Look-back (lab 07)"], ...];
//                       (each term's id in glossary.html, and its text)
//
// then loads docs/probe.js and this script in headless Chromium (with
// --allow-file-access-from-files, so this page may read the frame's) and
// reads what it writes from the DOM Chromium prints (--dump-dom).
//
// For each term it opens search.html?q=NAME in an <iframe>, NAME being the
// term without its note in parentheses ("Look-back"), as a reader would
// type it, opens the first result as its link gives it
// (glossary.html?mark=look-back#look-back-lab-07), and appends to
// <pre id="search-probe"> a line
//
//   term ID FIRST_HREF MARKS   the first result's link without its ?mark=
//                              ("-": none), and how many words site.js
//                              marked on the page it opens
//   done
//
// check.sh wants glossary.html#ID first for every term, in one step, and
// marks on it.
"use strict";

(function () {
  var frame = document.createElement("iframe");
  document.body.appendChild(frame);

  probeFrames("search-probe", SEARCH_TERMS.slice(), frame, function (term, lines, next) {
    frame.onload = function () {
      var first = frame.contentDocument.querySelector("#search-results li a");
      if (!first) {
        lines.push(["term", term[0], "-", 0].join(" "));
        next();
        return;
      }
      var href = first.getAttribute("href");
      frame.onload = function () {
        lines.push(["term", term[0], href.replace(/\?[^#]*/, ""),
          frame.contentDocument.querySelectorAll("mark.search-hit").length].join(" "));
        next();
      };
      frame.src = SEARCH_SITE + href;
    };
    var name = term[1].replace(/\s*\(.*\)\s*$/, "");
    frame.src = SEARCH_SITE + "search.html?q=" + encodeURIComponent(name);
  });
})();
