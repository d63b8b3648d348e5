-- glossary-links.lua: link the first use of each glossary term on a page
-- to its entry, glossary.html#ID.
--
-- The terms are read from docs/glossary.md, a definition list: each term
-- line ("Status word (lab 07)") is matched without its parenthesis
-- ("status word"), whole words, in any case, also with a plural "s"
-- ("atomics"). Its id is made as layout.lua makes it, from the whole line:
-- "status-word-lab-07". Only ordinary text is linked: not headings, code,
-- math, links, figures or tables, and only a term's first use per page,
-- so a page stays readable. The glossary itself is left alone.

local root = os.getenv("SCANLAB_ROOT") or "."
local page = os.getenv("SCANLAB_PAGE") or ""

-- The id of a term, as layout.lua gives it (term-id.lua).
package.path = root .. "/docs/filters/?.lua;" .. package.path
local term_id = require("term-id")

-- terms: { words = {"status", "word"}, id = "status-word-lab-07" }, the
-- longest first, so "Status word" is tried before a shorter term.
local terms = {}
local file = io.open(root .. "/docs/glossary.md", "r")
if file then
  local previous = ""
  for line in file:lines() do
    if line:match("^: ") and previous ~= "" and not previous:match("^[%s:]") then
      local text = previous:gsub("`", "")
      local words = {}
      for word in text:gsub("%s*%b()", ""):lower():gmatch("%S+") do words[#words + 1] = word end
      if #words > 0 then terms[#terms + 1] = { words = words, id = term_id(text) } end
    end
    previous = line
  end
  file:close()
end
table.sort(terms, function(a, b) return #a.words > #b.words end)

local used = {}

-- The term that starts at inlines[i] (Str, Space, Str ...), if unused:
-- the term, the index of its last Str, and the text before and after the
-- words ("(atomics," gives "(" and ",").
local function match_at(inlines, i)
  for _, term in ipairs(terms) do
    if not used[term.id] then
      local j, lead, tail = i, "", ""
      local ok = true
      for k, want in ipairs(term.words) do
        local inline = inlines[j]
        if not inline or inline.t ~= "Str" or (k > 1 and inlines[j - 1].t ~= "Space") then ok = false break end
        local text = inline.text
        if k == 1 then lead, text = text:match("^([%(%[\"“]*)(.*)$") end
        if k == #term.words then
          local core, rest = text:match("^(.-)([%.,;:!%?%)%]\"”]*)$")
          text, tail = core, rest
          local low = text:lower()
          if low ~= want and low ~= want .. "s" then ok = false end
        elseif text:lower() ~= want then
          ok = false
        end
        if not ok then break end
        if k < #term.words then j = j + 2 end
      end
      if ok then return term, j, lead, tail end
    end
  end
  return nil
end

-- Inlines with the first use of each unused term linked.
local function link_inlines(inlines)
  local out = pandoc.List()
  local i = 1
  while i <= #inlines do
    local inline = inlines[i]
    local term, last, lead, tail
    if inline.t == "Str" then term, last, lead, tail = match_at(inlines, i) end
    if term then
      used[term.id] = true
      local shown = pandoc.List()
      for k = i, last do shown:insert(inlines[k]) end
      local text = pandoc.utils.stringify(shown):sub(#lead + 1, -(#tail + 1))
      if lead ~= "" then out:insert(pandoc.Str(lead)) end
      out:insert(pandoc.Link({ pandoc.Str(text) }, "glossary.html#" .. term.id, "", pandoc.Attr("", { "glossary-term" })))
      if tail ~= "" then out:insert(pandoc.Str(tail)) end
      i = last + 1
    else
      if inline.t == "Emph" or inline.t == "Strong" or inline.t == "Span" then
        inline.content = link_inlines(inline.content)
      end
      out:insert(inline)
      i = i + 1
    end
  end
  return out
end

-- Blocks in reading order: paragraphs are linked; lists, block quotes and
-- divs are entered; headings, code, tables and figures are skipped.
local function link_blocks(blocks)
  for _, block in ipairs(blocks) do
    if block.t == "Para" or block.t == "Plain" then
      block.content = link_inlines(block.content)
    elseif block.t == "Div" or block.t == "BlockQuote" then
      link_blocks(block.content)
    elseif block.t == "BulletList" or block.t == "OrderedList" then
      for _, item in ipairs(block.content) do link_blocks(item) end
    elseif block.t == "DefinitionList" then
      for _, item in ipairs(block.content) do
        for _, definition in ipairs(item[2]) do link_blocks(definition) end
      end
    end
  end
end

function Pandoc(doc)
  if page == "glossary" or page == "search" or page == "print" or #terms == 0 then return nil end
  link_blocks(doc.blocks)
  return doc
end
