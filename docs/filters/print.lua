-- print.lua: the one-page print version of the site, print.html.
--
-- Two jobs, by environment (docs/build.sh sets them):
--   * SCANLAB_PRINT_OUT=FILE, on each page of docs/pages.txt: write the
--     page, after every other filter, as one chapter of the print version
--     in pandoc's JSON: a heading with the page's title and id NAME, every
--     id prefixed "NAME-" (pandoc's ids repeat across pages: each has
--     "contents"), links between pages turned into links inside the
--     document (lab07.html#lookback -> #lab07-lookback, primer.html ->
--     #primer), and folded hints and answers (<details>, fold.lua and
--     include-code.lua) turned into plain blocks, since paper cannot open
--     them. The page itself is not changed.
--   * SCANLAB_PAGE=print (docs/print.md): replace the Div of class
--     "whole-course" with the chapters, read back in the order of
--     docs/pages.txt from SCANLAB_PRINT_DIR/NAME.json.
-- Run it last, so each chapter is the page as built.

local root = os.getenv("SCANLAB_ROOT") or "."
local out = os.getenv("SCANLAB_PRINT_OUT") or ""
local page = os.getenv("SCANLAB_PAGE") or ""

-- The pages of docs/pages.txt, in reading order.
local pages, is_page = {}, {}
local list = io.open(root .. "/docs/pages.txt", "r")
if list then
  for line in list:lines() do
    local name = line:match("^([%w%-_]+)%s")
    if name and not line:match("^#") then
      pages[#pages + 1] = name
      is_page[name] = true
    end
  end
  list:close()
end

-- A link's target in the print version, from a page's.
local function print_target(target)
  if target:match("^#") then return "#" .. page .. "-" .. target:sub(2) end
  local name, anchor = target:match("^([%w%-_]+)%.html#?(.*)$")
  if name and is_page[name] then
    return anchor == "" and "#" .. name or "#" .. name .. "-" .. anchor
  end
  return target
end

local function prefix(element)
  if element.identifier and element.identifier ~= "" then
    element.identifier = page .. "-" .. element.identifier
  end
  return element
end

-- <details class="X"><summary>S</summary> ... </details> as plain blocks.
local function unfold(raw)
  if raw.format ~= "html" then return nil end
  local class, summary = raw.text:match('^<details class="([%w%-]+)"><summary>(.-)</summary>$')
  if class then
    return pandoc.RawBlock("html", '<div class="unfolded ' .. class .. '"><p class="summary">' .. summary .. "</p>")
  end
  if raw.text == "</details>" then return pandoc.RawBlock("html", "</div>") end
  return nil
end

local function chapter(doc)
  local copy = pandoc.read(pandoc.write(doc, "json"), "json")
  copy = copy:walk({
    Header = prefix, Div = prefix, Span = prefix, CodeBlock = prefix, Code = prefix,
    Image = prefix, Table = prefix,
    Link = function(link)
      prefix(link)
      link.target = print_target(link.target)
      return link
    end,
    RawBlock = unfold,
  })
  local title = copy.meta.title and pandoc.utils.stringify(copy.meta.title) or page
  local blocks = { pandoc.Header(1, { pandoc.Str(title) }, pandoc.Attr(page, { "chapter" })) }
  for _, block in ipairs(copy.blocks) do blocks[#blocks + 1] = block end
  copy.blocks = blocks
  local file = assert(io.open(out, "w"))
  file:write(pandoc.write(copy, "json"))
  file:close()
end

local function whole_course(div)
  if not div.classes:includes("whole-course") then return nil end
  local dir = os.getenv("SCANLAB_PRINT_DIR") or "."
  local blocks = {}
  for _, name in ipairs(pages) do
    local file = io.open(dir .. "/" .. name .. ".json", "r")
    if not file then error("print.lua: no chapter " .. dir .. "/" .. name .. ".json (docs/build.sh writes it)") end
    local doc = pandoc.read(file:read("a"), "json")
    file:close()
    for _, block in ipairs(doc.blocks) do blocks[#blocks + 1] = block end
  end
  return blocks
end

function Pandoc(doc)
  if out ~= "" then
    chapter(doc)
    return nil
  end
  if page == "print" then
    return doc:walk({ Div = whole_course })
  end
  return nil
end
