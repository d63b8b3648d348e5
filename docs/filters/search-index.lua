-- search-index.lua: write one page's entries of the site's search index.
--
-- docs/build.sh runs it on every page with SCANLAB_PAGE (the page's name,
-- "lab07") and SCANLAB_SEARCH_OUT (a file; empty for a page left out of
-- the index, search.html itself) set, and joins the files into
-- search-index.js, which docs/search.js reads. Each entry is one line of
-- JSON, a place a result can link to:
--
--   {"page":"lab07","id":"lookback","title":"Lab 07: the single-pass scan",
--    "heading":"Step D: status words and the look-back","text":"Now each tile ..."}
--
-- A heading of any level starts an entry (its text runs to the next
-- heading; the text before the first heading is an entry with the
-- page's title and no id), and so does every term of a definition list
-- (the glossary's terms, with the ids docs/filters/layout.lua gives them:
-- run that filter first). The text is the prose only: code blocks are
-- left out, so the index shows no more code than the page, and a search
-- for a word finds where the text explains it.
-- The page itself passes through unchanged.

local page = os.getenv("SCANLAB_PAGE")
local out_path = os.getenv("SCANLAB_SEARCH_OUT")

-- A JSON string: quotes, backslashes and control characters escaped.
local function json_string(text)
  return '"' .. text:gsub('[%c"\\]', function(c)
    if c == '"' then return '\\"' end
    if c == "\\" then return "\\\\" end
    if c == "\n" or c == "\t" then return " " end
    return string.format("\\u%04x", c:byte())
  end) .. '"'
end

-- The text of blocks as pandoc's plain writer gives it (inline math as
-- Unicode, 2³¹; table cells apart), without code blocks, raw HTML,
-- display math (TeX source) and the rules of tables, on one line.
local function prose(blocks)
  local kept = pandoc.walk_block(pandoc.Div(blocks), {
    CodeBlock = function() return {} end,
    RawBlock = function() return {} end,
    Math = function(math)
      if math.mathtype == "DisplayMath" then return {} end
    end,
  })
  local text = pandoc.write(pandoc.Pandoc(kept.content), "plain", { columns = 100000 })
  local lines = {}
  for line in text:gmatch("[^\n]+") do
    if not line:match("^[%s%-%+|=:]*$") then lines[#lines + 1] = line end
  end
  return (table.concat(lines, " "):gsub("%s+", " "):gsub("^ ", ""):gsub(" $", ""))
end

function Pandoc(doc)
  if not page or not out_path or out_path == "" then
    return nil
  end
  local title = doc.meta.title and pandoc.utils.stringify(doc.meta.title) or page
  local entries = {}
  local current = { id = "", heading = title, blocks = {} }
  local function close(entry)
    local text = prose(entry.blocks)
    if text ~= "" or entry.id ~= "" then
      entries[#entries + 1] = string.format('{"page":%s,"id":%s,"title":%s,"heading":%s,"text":%s}',
        json_string(page), json_string(entry.id), json_string(title),
        json_string(entry.heading), json_string(text))
    end
  end
  for _, block in ipairs(doc.blocks) do
    if block.t == "Header" then
      close(current)
      current = { id = block.identifier, heading = pandoc.utils.stringify(block.content), blocks = {} }
    elseif block.t == "DefinitionList" then
      for _, item in ipairs(block.content) do
        local term = item[1]
        local id = (#term == 1 and term[1].t == "Span") and term[1].identifier or ""
        local definition = {}
        for _, part in ipairs(item[2]) do
          for _, b in ipairs(part) do definition[#definition + 1] = b end
        end
        close({ id = id, heading = pandoc.utils.stringify(term), blocks = definition })
      end
    else
      current.blocks[#current.blocks + 1] = block
    end
  end
  close(current)
  local file = assert(io.open(out_path, "w"))
  file:write(table.concat(entries, "\n"), "\n")
  file:close()
  return nil
end
