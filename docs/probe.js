// probe.js: the loop docs/check-layout.js and docs/check-search.js share,
// loaded before either by docs/check.sh's probe().
//
//   probeFrames(ID, ITEMS, FRAME, LOAD)
//
// loads the pages of ITEMS one after another in the <iframe> FRAME (in
// the document already): LOAD(ITEM, LINES, NEXT) points the frame at the
// item's page, and once it has loaded pushes what it measured to LINES
// and calls NEXT. After the last item the probe appends
//
//   <pre id="ID">LINE
//   LINE ...
//   done</pre>
//
// which check.sh reads from the DOM Chromium prints (--dump-dom), and
// removes the frame.
"use strict";

function probeFrames(id, items, frame, load) {
  var lines = [];
  function next() {
    var item = items.shift();
    if (!item) {
      lines.push("done");
      var out = document.createElement("pre");
      out.id = id;
      out.textContent = lines.join("\n");
      document.body.appendChild(out);
      frame.remove();
      return;
    }
    load(item, lines, next);
  }
  next();
}
