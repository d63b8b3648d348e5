-- profile-table.lua: a lab's recorded Nsight Compute counters, drawn by the
-- tool make profile draws them with (grader/tools/profile-table.awk), so
-- that a chapter shows the same table, from the same recorded file, as a
-- student's terminal does, and no number is typed by hand.
--
--   ```{.profile-table lab="07"}
--   ```
--
-- becomes the table of docs/data/profile/h200/07-reference.csv (what ncu
-- printed for one call of lab 07's reference on the lent H200): a row a
-- counter, its value, what it means and what to try (without the
-- reference's kernel names: the open edition leaves the design to the
-- student). And in the prose,
--
--   [its DRAM row]{.profile-cell lab="07" row="dram"}
--
-- becomes that one cell: "43.2 % of peak, 2070 GB/s" (the rows are
-- profile-table.awk's: duration, dram, bytes, l2, loads, stores,
-- occupancy, limiter, registers, stalls, instructions). gpu="h100" takes
-- another GPU's recording. Each cell is listed in SCANLAB_DATUM_OUT, as
-- datum.lua lists its numbers. A missing file or row stops the build.

local root = os.getenv("SCANLAB_ROOT") or "."
package.path = root .. "/docs/filters/?.lua;" .. package.path
local fail = require("fail")("profile-table.lua")
local page = os.getenv("SCANLAB_PAGE") or "?"
local list_out = os.getenv("SCANLAB_DATUM_OUT") or ""

local function recording(a)
  if not a.lab then
    fail(page .. ": a profile-table or profile-cell needs lab=")
  end
  local path = "docs/data/profile/" .. (a.gpu or "h200") .. "/" .. a.lab .. "-reference.csv"
  local file = io.open(root .. "/" .. path, "r")
  if not file then
    fail(page .. ": no recorded profile " .. path)
  end
  file:close()
  return path
end

-- What profile-table.awk prints for PATH with these -v settings.
local function table_of(path, settings)
  local args = {}
  for _, setting in ipairs(settings) do
    args[#args + 1] = "-v"
    args[#args + 1] = setting
  end
  args[#args + 1] = "-f"
  args[#args + 1] = root .. "/grader/tools/profile-table.awk"
  args[#args + 1] = root .. "/" .. path
  local ok, text = pcall(pandoc.pipe, "awk", args, "")
  if not ok then
    fail(page .. ": profile-table.awk failed on " .. path .. " (" .. tostring(text) .. ")")
  end
  return text
end

function CodeBlock(block)
  if not block.classes:includes("profile-table") then
    return nil
  end
  local path = recording(block.attributes)
  local text = table_of(path, { "mode=reference" })
  return pandoc.read(text, "markdown").blocks
end

function Span(span)
  if not span.classes:includes("profile-cell") then
    return nil
  end
  local a = span.attributes
  if not a.row then
    fail(page .. ": a profile-cell needs row=")
  end
  local path = recording(a)
  local value = table_of(path, { "mode=cell", "row=" .. a.row }):gsub("\n$", "")
  if list_out ~= "" then
    local list = io.open(list_out, "a")
    list:write(page .. "\t" .. value .. "\t" .. path .. " row=" .. a.row .. "\n")
    list:close()
  end
  return pandoc.Str(value)
end
