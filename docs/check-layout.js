// check-layout.js: measure the layout of the site's pages in a browser,
// for docs/check.sh, which writes a page that sets
//
//   var LAYOUT_SITE = "file:///.../build/docs/";       the built site
//   var LAYOUT_PAGES = ["index.html", "lab07.html"];   the pages to measure
//   var LAYOUT_SIZES = [[400, 800], [1280, 900]];      window sizes, in px
//
// then loads docs/probe.js and this script, in headless Chromium (with
// --allow-file-access-from-files, so this page may read the frame's), and
// reads what it writes from the DOM Chromium prints (--dump-dom).
//
// Each page is loaded in an <iframe> of each size (Chromium's own headless
// window cannot be made narrower than 500 px; a frame can), and measured
// once it has loaded. The script then appends <pre id="layout-probe">:
//
//   page PAGE WIDTH                         the page and frame width measured
//   width SCROLL_WIDTH INNER_WIDTH          the page, and the frame
//   wide PAGE WIDTH TAG.CLASS PX "TEXT"     an element that reaches PX past
//                                           the text column (at most 3 a page)
//   anchor PAGE WIDTH ID TOP NAV_BOTTOM HEIGHT
//                                           for each heading with an id:
//                                           where its top lands after going
//                                           to #ID, and the nav bar's bottom
//   figure PAGE WIDTH SRC PX                each figure's SVG shown: its
//                                           smallest text, in px on screen
//                                           (its smallest font-size="" x
//                                           the width shown / its width)
//   clipped PAGE WIDTH PX "TEXT"            a table cell whose content is
//                                           PX wider than the cell, or a
//                                           table PX past its box that
//                                           would fit at its narrowest
//   done
//
// check.sh judges the numbers: a page no wider than its frame, nothing
// past the column, every heading below the nav bar and inside the frame,
// no figure text under 11 px, no clipped cell. The column is <main>'s
// (docs/template.html) without its padding.
// An element inside a box that scrolls or clips sideways (a table's
// div.table-scroll, a <pre>) is not measured: that box is, and it scrolls
// instead of spilling. Inline boxes are left to the page's width. The top
// bar and the sidebar are left out: they sit outside the column on purpose.
"use strict";

(function () {
  var lines;
  var frame = document.createElement("iframe");
  frame.style.border = "0";
  document.body.appendChild(frame);
  var jobs = [];
  LAYOUT_PAGES.forEach(function (page) {
    LAYOUT_SIZES.forEach(function (size) { jobs.push({ page: page, width: size[0], height: size[1] }); });
  });

  // Elements that reach past the column's right edge, depth first; a box
  // that scrolls or clips is measured but not entered.
  function wideElements(doc, job) {
    var win = doc.defaultView, found = 0, text = doc.querySelector("main") || doc.body;
    var right = text.getBoundingClientRect().right - parseFloat(win.getComputedStyle(text).paddingRight);
    function visit(element) {
      if (found >= 3 || element.matches("nav.site, nav.sidebar, script, a.to-top")) return;
      var rect = element.getBoundingClientRect(), style = win.getComputedStyle(element);
      // An inline box (code in a sentence) is left to the width check: its
      // rectangle counts the spaces that hang past a wrapped line's end.
      if (style.display !== "inline" && rect.width > 0 && rect.right > right + 1) {
        found++;
        lines.push(["wide", job.page, job.width, element.tagName.toLowerCase() +
          (element.className && typeof element.className === "string" ? "." + element.className.replace(/ /g, ".") : ""),
          Math.round(rect.right - right),
          JSON.stringify((element.textContent || "").trim().replace(/\s+/g, " ").slice(0, 40))].join(" "));
      }
      var overflow = style.overflowX;
      if (overflow === "auto" || overflow === "scroll" || overflow === "hidden") return;
      for (var i = 0; i < element.children.length; i++) visit(element.children[i]);
    }
    for (var i = 0; i < text.children.length; i++) visit(text.children[i]);
  }

  function anchors(doc, job) {
    var win = doc.defaultView, nav = doc.querySelector("nav.site");
    var headings = doc.querySelectorAll("h1[id], h2[id], h3[id]");
    for (var h = 0; h < headings.length; h++) {
      // Scrolled to as a #anchor is (scrollIntoView honours the same
      // scroll-margin and scroll-padding), without navigating: Chromium
      // throttles a page that sets location.hash hundreds of times
      // (print.html's headings), and the probe would never finish.
      headings[h].scrollIntoView();
      var navBottom = nav ? Math.max(0, nav.getBoundingClientRect().bottom) : 0;
      lines.push(["anchor", job.page, job.width, headings[h].id, Math.round(headings[h].getBoundingClientRect().top),
        Math.round(navBottom), win.innerHeight].join(" "));
    }
  }

  // An SVG's width (width="", else its viewBox's) and smallest font-size="",
  // read once per file.
  var svgs = {};
  function svgSize(src) {
    if (!(src in svgs)) {
      var request = new XMLHttpRequest();
      request.open("GET", src, false);
      request.send();
      var svg = new DOMParser().parseFromString(request.responseText, "image/svg+xml").documentElement;
      var sizes = Array.prototype.map.call(svg.querySelectorAll("[font-size]"), function (e) {
        return parseFloat(e.getAttribute("font-size"));
      });
      svgs[src] = { width: parseFloat(svg.getAttribute("width")) || svg.viewBox.baseVal.width, font: Math.min.apply(null, sizes) };
    }
    return svgs[src];
  }

  function figures(doc, job) {
    var images = doc.querySelectorAll("figure img[src$='.svg']");
    for (var i = 0; i < images.length; i++) {
      var shown = images[i].getBoundingClientRect().width, svg = svgSize(images[i].src);
      if (shown > 0 && isFinite(svg.font))
        lines.push(["figure", job.page, job.width, images[i].getAttribute("src"), (svg.font * shown / svg.width).toFixed(1)].join(" "));
    }
  }

  // A column is clipped when a cell's content is wider than the cell (a
  // column cut to a share), or when its table runs past its box (columns
  // hidden until the box is scrolled) though at its narrowest (every
  // column as narrow as its content allows) the table would fit: the
  // index's lab table at 400 px. A table too wide even then scrolls.
  function clipped(job, over, element) {
    lines.push(["clipped", job.page, job.width, Math.round(over),
      JSON.stringify(element.textContent.trim().replace(/\s+/g, " ").slice(0, 40))].join(" "));
  }

  function clippedColumns(doc, job) {
    var tables = doc.querySelectorAll("main table"), found = 0;
    for (var t = 0; t < tables.length && found < 3; t++) {
      var table = tables[t], box = table.parentNode, width = table.getBoundingClientRect().width;
      if (width > box.clientWidth + 1) {
        var style = table.style.width;
        table.style.width = "min-content";
        var narrowest = table.getBoundingClientRect().width;
        table.style.width = style;
        if (narrowest <= box.clientWidth) { found++; clipped(job, width - box.clientWidth, table); }
      }
      var cells = table.querySelectorAll("td, th");
      for (var i = 0; i < cells.length && found < 3; i++) {
        var over = cells[i].scrollWidth - cells[i].clientWidth;
        if (over > 1) { found++; clipped(job, over, cells[i]); }
      }
    }
  }

  function measure(job) {
    var doc = frame.contentDocument;
    lines.push(["page", job.page, job.width].join(" "));
    lines.push(["width", doc.scrollingElement.scrollWidth, frame.contentWindow.innerWidth].join(" "));
    wideElements(doc, job);
    figures(doc, job);
    clippedColumns(doc, job);
    anchors(doc, job);
  }

  probeFrames("layout-probe", jobs, frame, function (job, probeLines, next) {
    lines = probeLines;
    frame.style.width = job.width + "px";
    frame.style.height = job.height + "px";
    frame.onload = function () {
      try {
        measure(job);
      } catch (error) {
        lines.push(["error", job.page, job.width, String(error).replace(/\s+/g, " ")].join(" "));
      }
      next();
    };
    frame.src = LAYOUT_SITE + job.page;
  });
})();
