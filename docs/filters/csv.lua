-- csv.lua: reading the recorded CSV files the tables of the site come
-- from (bench-table.lua, csv-table.lua), and building those tables. Plain
-- comma-separated lines, a header first, no quoting: what make bench and
-- make bench-scanzip write.
--
--   local csv = require("csv")
--   local rows = csv.read("docs/data/bench-h100.csv", fail)   -- rows keyed by the header's names
--   return csv.table(caption, aligns, { csv.cell("n"), ... }, { { csv.cell("2^24"), ... }, ... })

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

-- A table cell of plain text.
function csv.cell(text)
  return { pandoc.Plain({ pandoc.Str(text) }) }
end

-- A pandoc table: caption (a list of inlines), an alignment per column,
-- the header's cells and the body's rows of cells; pandoc sizes the
-- columns (width 0).
function csv.table(caption, aligns, headers, body)
  local widths = {}
  for i = 1, #headers do
    widths[i] = 0
  end
  return pandoc.utils.from_simple_table(pandoc.SimpleTable(caption, aligns, widths, headers, body))
end

return csv
