// site.js: what JavaScript adds to every page of the ScanLab site
// (docs/template.html loads it in the head). Each page reads the same
// without it: the sidebar, pager, anchors and back-to-top link are HTML,
// and the dark theme follows the system's (prefers-color-scheme) in
// docs/style.css. This adds:
//
//   * a theme switch in the top bar: the reader's choice, "light" or
//     "dark", kept in localStorage ("scanlab-theme") and set on <html
//     data-theme="dark"> before the page is drawn, so it does not flash;
//   * a Copy button on every code block, copying the block's text;
//   * the marks of a search: search.js links a result as
//     lab07.html?mark=look%20back#lookback; each word is marked (<mark
//     class="search-hit">) in the page's text, as search.js matches it
//     (any case, hyphens and spaces inside it ignored), a fold holding the
//     first mark after #lookback is opened, and that mark is scrolled to.
"use strict";

(function () {
  var KEY = "scanlab-theme";
  var root = document.documentElement;

  function stored() {
    try { return localStorage.getItem(KEY); } catch (error) { return null; }
  }
  var choice = stored();
  if (choice === "light" || choice === "dark") root.dataset.theme = choice;

  function theme() {
    return root.dataset.theme || (matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light");
  }

  function themeSwitch(bar) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "theme";
    // "☾ Dark": the word in a span that a phone's bar hides (docs/style.css).
    function label() {
      var dark = theme() === "dark", word = document.createElement("span");
      word.textContent = dark ? " Light" : " Dark";
      button.textContent = dark ? "\u2600" : "\u263e";
      button.appendChild(word);
      button.setAttribute("aria-label", dark ? "use the light theme" : "use the dark theme");
    }
    button.addEventListener("click", function () {
      root.dataset.theme = theme() === "dark" ? "light" : "dark";
      try { localStorage.setItem(KEY, root.dataset.theme); } catch (error) { /* private mode: this page only */ }
      label();
    });
    label();
    bar.appendChild(button);
  }

  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    var area = document.createElement("textarea");
    area.value = text;
    document.body.appendChild(area);
    area.select();
    var done = document.execCommand("copy");
    area.remove();
    return done ? Promise.resolve() : Promise.reject(new Error("copy refused"));
  }

  // Each <pre> into a <div class="code-box">, with its button beside it,
  // so the button stays put when the code scrolls sideways.
  function copyButtons() {
    document.querySelectorAll("main pre").forEach(function (pre) {
      var box = document.createElement("div");
      box.className = "code-box";
      pre.parentNode.insertBefore(box, pre);
      box.appendChild(pre);
      var button = document.createElement("button");
      button.type = "button";
      button.className = "copy";
      button.textContent = "Copy";
      button.setAttribute("aria-label", "copy this code");
      button.addEventListener("click", function () {
        copy(pre.textContent).then(function () { button.textContent = "Copied"; },
          function () { button.textContent = "Select it"; });
        setTimeout(function () { button.textContent = "Copy"; }, 1500);
      });
      box.appendChild(button);
    });
  }

  // "look-back" -> /l[-‐‑– ]?o[-‐‑– ]?o.../gi: search.js's squeeze, as a pattern.
  function pattern(words) {
    return new RegExp(words.map(function (word) {
      return word.replace(/[-\u2010\u2011\u2013 ]/g, "").split("").map(function (c) {
        return c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      }).join("[-\u2010\u2011\u2013 ]?");
    }).join("|"), "gi");
  }

  function markHits(main) {
    var words = (new URLSearchParams(location.search).get("mark") || "").split(/\s+/).filter(function (w) {
      return w.replace(/[-\u2010\u2011\u2013]/g, "") !== "";
    });
    if (words.length === 0) return;
    var re = pattern(words), texts = [];
    var walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT, {
      acceptNode: function (node) {
        return node.parentNode.closest("nav, mark, .anchor-mark, button") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT;
      }
    });
    while (walker.nextNode()) texts.push(walker.currentNode);
    texts.forEach(function (node) {
      var text = node.nodeValue, parts = document.createDocumentFragment(), last = 0, found;
      re.lastIndex = 0;
      while ((found = re.exec(text)) !== null) {
        parts.appendChild(document.createTextNode(text.slice(last, found.index)));
        var mark = document.createElement("mark");
        mark.className = "search-hit";
        mark.textContent = found[0];
        parts.appendChild(mark);
        last = found.index + found[0].length;
      }
      if (last === 0) return;
      parts.appendChild(document.createTextNode(text.slice(last)));
      node.parentNode.replaceChild(parts, node);
    });
    var target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    var first = Array.prototype.find.call(main.querySelectorAll("mark.search-hit"), function (mark) {
      return !target || target === mark || (target.compareDocumentPosition(mark) &
        (Node.DOCUMENT_POSITION_FOLLOWING | Node.DOCUMENT_POSITION_CONTAINED_BY));
    });
    if (!first) return;
    for (var fold = first.closest("details"); fold; fold = fold.parentNode.closest("details")) fold.open = true;
    first.scrollIntoView({ block: "center" });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var bar = document.querySelector("nav.site"), main = document.querySelector("main");
    if (bar) themeSwitch(bar);
    if (main) {
      copyButtons();
      markHits(main);
    }
  });
})();
