-- finish.lua: the last touches to a page, which neither the search index
-- nor a print chapter may take for text: run it last (after
-- search-index.lua and print.lua; the print page gets its own, on its
-- prefixed ids).
--
--   * every heading with an id ends with a link to itself, the "§" a
--     reader copies to point at a section: <h2 id="lookback">Step D ...<a
--     href="#lookback" class="anchor">§</a></h2>. docs/style.css shows it
--     when the heading is hovered or focused (always on a touch screen).
--     The § sits in a span of class "anchor-mark": pandoc's table of
--     contents copies a heading's text without its links, and
--     docs/style.css hides the mark there;
--   * a name in code inside a table may break after each "_" (<wbr>), so
--     a column headed `scan_exclusive_blelloch` need not be as wide as
--     the whole name: the performance page's first table fits a wide
--     screen, as its columns take the widths of their content
--     (layout.lua).

function Header(header)
  if header.identifier == "" then return nil end
  local mark = pandoc.Span({ pandoc.Str("§") }, pandoc.Attr("", { "anchor-mark" }, { ["aria-hidden"] = "true" }))
  header.content:insert(pandoc.Link({ mark }, "#" .. header.identifier, "",
    pandoc.Attr("", { "anchor" }, { ["aria-label"] = "link to this section" })))
  return header
end

-- `scan_exclusive_tiled` -> <code>scan_<wbr>exclusive_<wbr>tiled</code>.
local function breakable(code)
  if not code.text:find("_.") then return nil end
  local html = code.text:gsub("&", "&amp;"):gsub("<", "&lt;"):gsub(">", "&gt;"):gsub("_(.)", "_<wbr>%1")
  return pandoc.RawInline("html", "<code>" .. html .. "</code>")
end

function Table(tbl)
  return pandoc.walk_block(tbl, { Code = breakable })
end
