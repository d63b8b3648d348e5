-- source-tree.lua: keep out of the student edition what only the source
-- tree has. A student release carries no solutions/, hidden tests,
-- planted bugs or cheats (grader/tools/make-release.sh), so its site must
-- not send a student to them; docs/check-paths.sh checks that it does not.
--
--   # Planted bugs {#planted .source-tree}        the whole section
--   ::: source-tree                               some blocks
--   ...
--   :::
--   the fast version [(`solutions/05-rle/fast/`)]{.source-tree}   some words
--
-- In the student edition ($SCANLAB_EDITION, set by docs/build.sh) each
-- of these is dropped: a heading with its section (up to the next heading
-- of its level or above), a Div or a Span with what it holds. In the full
-- edition they are shown as they are. A Div of class "student-edition"
-- (a note of what the full edition adds) is the reverse: shown only in
-- the student edition.

local edition = os.getenv("SCANLAB_EDITION") or "student"

local function marked(element)
  return element.classes and element.classes:includes("source-tree")
end

if edition ~= "student" then
  return {
    {
      Div = function(div)
        if div.classes:includes("student-edition") then return {} end
      end,
    },
  }
end

-- A section's heading marked: the blocks up to the next heading of its
-- level or above go with it.
local function without_sections(blocks)
  local kept, dropping = {}, nil
  for _, block in ipairs(blocks) do
    if dropping and block.t == "Header" and block.level <= dropping then
      dropping = nil
    end
    if not dropping and block.t == "Header" and marked(block) then
      dropping = block.level
    end
    if not dropping then
      kept[#kept + 1] = block
    end
  end
  return kept
end

return {
  {
    Div = function(div)
      if marked(div) then return {} end
    end,
    Span = function(span)
      if marked(span) then return {} end
    end,
  },
  {
    Pandoc = function(doc)
      doc.blocks = without_sections(doc.blocks)
      return doc
    end,
  },
}
