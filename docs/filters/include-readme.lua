-- include-readme.lua: put a lab's exercise, its README, into its chapter,
-- so the site shows the exercise a student has and the two never drift.
--
--   # The exercise {#exercise}
--
--   ::: {include-readme="labs/03-efficient-scan/README.md"}
--   :::
--
-- is replaced by the README, read as Markdown, with these changes:
--
--   * its title (the level-1 heading it must open with) is dropped: the
--     chapter's heading above stands for it;
--   * every other heading goes one level down (## Goal becomes ###), so
--     the exercise is one entry of the page's contents, and its id gets
--     the prefix "exercise-" (#exercise-hints), clear of the chapter's;
--   * the body of its "Hints" section is put in a Div of class "hints",
--     which fold.lua folds away, so a student opens them when stuck;
--   * the whole is a Div of class "readme".
--
-- The README is the student's (labs/, the same in both editions and in a
-- student release). A missing file, or one without its title, stops the
-- build.

local root = os.getenv("SCANLAB_ROOT") or "."
package.path = root .. "/docs/filters/?.lua;" .. package.path
local fail = require("fail")("include-readme.lua")

local function read_readme(path)
  local file = io.open(root .. "/" .. path, "r")
  if not file then
    fail("cannot open '" .. path .. "' (relative to " .. root .. ")")
  end
  local text = file:read("a")
  file:close()
  return pandoc.read(text, "markdown").blocks
end

-- The blocks after the title, headings one level down with prefixed ids.
local function demoted(blocks, path)
  if #blocks == 0 or blocks[1].t ~= "Header" or blocks[1].level ~= 1 then
    fail("'" .. path .. "' does not open with its title, a level-1 heading")
  end
  local shown = {}
  for i = 2, #blocks do
    local block = blocks[i]
    if block.t == "Header" then
      if block.level == 1 then
        fail("'" .. path .. "' has a second level-1 heading: " .. pandoc.utils.stringify(block))
      end
      block.level = block.level + 1
      block.identifier = "exercise-" .. block.identifier
    end
    shown[#shown + 1] = block
  end
  return shown
end

-- The blocks with the body of the Hints section (up to the next heading
-- of its level or above) in a Div of class "hints".
local function hints_in_div(blocks)
  local out, hints, level = {}, nil, nil
  for _, block in ipairs(blocks) do
    if hints and block.t == "Header" and block.level <= level then
      out[#out + 1] = pandoc.Div(hints, pandoc.Attr("", { "hints" }))
      hints = nil
    end
    if hints then
      hints[#hints + 1] = block
    else
      out[#out + 1] = block
    end
    if block.t == "Header" and pandoc.utils.stringify(block) == "Hints" then
      hints, level = {}, block.level
    end
  end
  if hints then
    out[#out + 1] = pandoc.Div(hints, pandoc.Attr("", { "hints" }))
  end
  return out
end

function Div(div)
  local path = div.attributes["include-readme"]
  if not path then
    return nil
  end
  -- In a Div of class "readme": the student's copy has its numbers plain,
  -- which datum.lua leaves to docs/check-readme-datums.sh (they are datums
  -- in solutions/, and labs/ is made from there).
  return pandoc.Div(hints_in_div(demoted(read_readme(path), path)), pandoc.Attr("", { "readme" }))
end
