-- layout.lua: changes to a page's structure that the stylesheet and the
-- search need; nothing about a page's content.
--
--   * every table is wrapped in <div class="table-scroll">, which
--     docs/style.css lets scroll sideways inside the text column, so a
--     wide table (performance.html's) neither runs past the column nor
--     makes a phone's page scroll sideways; and its columns lose the
--     widths pandoc gives a pipe table with a long line (equal shares,
--     <col style="width: 25%">), so each column is as wide as its content
--     needs and none is cut to a share (the index's Points column was;
--     finish.lua lets a name in code break after its underscores);
--   * every figure of the site (figures/NAME.svg) keeps a width at which
--     its smallest text is 11 px at least: <img style="min-width: Wpx">,
--     W = the SVG's width x 11 / its smallest font-size. Narrower than
--     its column it shrinks to that width and no further; wider, its
--     <figure> scrolls sideways in its own box (docs/style.css). Lab 03's
--     run-03.svg, 812 px wide with 11 px text, keeps 812 px; lab 07's
--     look-back, 658 px with 9 px text, is shown 805 px wide. The SVGs are
--     read from SCANLAB_FIGURES (docs/build.sh draws them first);
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

local MIN_TEXT_PX = 11
local figures = os.getenv("SCANLAB_FIGURES") or "figures"

function Table(tbl)
  for i, spec in ipairs(tbl.colspecs) do
    tbl.colspecs[i] = { spec[1], pandoc.ColWidthDefault }
  end
  return pandoc.Div({ tbl }, pandoc.Attr("", { "table-scroll" }))
end

-- The width of an SVG (its width="", else its viewBox's) and its smallest
-- font-size="", from the file's text: "812", "11".
local function svg_size(path)
  local file = io.open(path, "r")
  if not file then return nil end
  local text = file:read("a")
  file:close()
  local svg = text:match("<svg[^>]*>") or ""
  local width = tonumber(svg:match('%swidth="([%d.]+)"') or svg:match('viewBox="[%d.-]+ [%d.-]+ ([%d.]+)'))
  local smallest
  for size in text:gmatch('font%-size="([%d.]+)"') do
    size = tonumber(size)
    if not smallest or size < smallest then smallest = size end
  end
  return width, smallest
end

function Image(image)
  local name = image.src:match("^figures/([%w%-_]+%.svg)$")
  if not name then return nil end
  local width, smallest = svg_size(figures .. "/" .. name)
  if not width then error("layout.lua: no width in " .. figures .. "/" .. name) end
  if smallest then
    image.attributes.style = string.format("min-width: %dpx", math.ceil(width * MIN_TEXT_PX / smallest))
  end
  return image
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
