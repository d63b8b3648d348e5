-- layout.lua: two changes to a page's structure that the stylesheet and
-- the search need; nothing about a page's content.
--
--   * every table is wrapped in <div class="table-scroll">, which
--     docs/style.css lets scroll sideways inside the text column, so a
--     wide table (performance.html's) neither runs past the column nor
--     makes a phone's page scroll sideways;
--   * every term of a definition list (the glossary) gets an id made
--     from its text, as pandoc makes a heading's, so a link or a search
--     result can point at one term: "Look-back (lab 07)" becomes
--     id="look-back-lab-07".
--
-- Run it after the filters that make tables (bench-table.lua,
-- csv-table.lua), so their tables are wrapped too.

-- The id of a term (term-id.lua, which glossary-links.lua shares).
package.path = (os.getenv("SCANLAB_ROOT") or ".") .. "/docs/filters/?.lua;" .. package.path
local term_id = require("term-id")

function Table(tbl)
  return pandoc.Div({ tbl }, pandoc.Attr("", { "table-scroll" }))
end

function DefinitionList(list)
  for _, item in ipairs(list.content) do
    local term = item[1]
    local id = term_id(pandoc.utils.stringify(term))
    if id ~= "" then
      item[1] = { pandoc.Span(term, pandoc.Attr(id, { "term" })) }
    end
  end
  return list
end
