-- csv.lua: reading the recorded CSV files the tables of the site come
-- from (bench-table.lua, csv-table.lua). Plain comma-separated lines, a
-- header first, no quoting: what make bench and make bench-scanzip write.
--
--   local csv = require("csv")
--   local rows = csv.read("docs/data/bench-h100.csv", fail)   -- rows keyed by the header's names

local csv = {}

local root = os.getenv("SCANLAB_ROOT") or "."

-- "a,b,,c" -> { "a", "b", "", "c" }
function csv.split(line)
  local fields = {}
  for field in (line .. ","):gmatch("([^,]*),") do
    fields[#fields + 1] = field
  end
  return fields
end

-- The rows of PATH (relative to the repository root), each a table keyed
-- by the header's names; fail(message) when the file cannot be opened.
function csv.read(path, fail)
  local file = io.open(root .. "/" .. path, "r")
  if not file then
    fail("cannot open '" .. path .. "'")
  end
  local header, rows = nil, {}
  for line in file:lines() do
    local fields = csv.split(line)
    if not header then
      header = fields
    elseif line ~= "" then
      local row = {}
      for i, name in ipairs(header) do
        row[name] = fields[i] or ""
      end
      rows[#rows + 1] = row
    end
  end
  file:close()
  return rows
end

return csv
