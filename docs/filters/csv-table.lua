-- csv-table.lua: a table straight from a recorded CSV (make bench-scanzip's),
-- so that the page cannot drift from the run it quotes.
--
--   ```{.csv-table csv="docs/data/scanzip-cpu.csv" rows="file" columns="tool,setting" value="ratio"}
--   ```
--
-- becomes a table with a row per value of `rows` (in the CSV's order), a
-- column per value of `columns` (the named fields joined by a space, in
-- the CSV's order) and `value` in each cell:
--
--   file          scanzip rle8   scanzip cascade   gzip -1   ...
--   brodmann.nii  20.32          27.89             23.55
--
-- With columns="" the columns are instead the fields `value` names, e.g.
-- value="compress_s,decompress_s": one line per row, one cell per field.
-- where="field=text" keeps only the rows whose field is that text.
-- A missing file, a missing field or no matching row stops the build.

local root = os.getenv("SCANLAB_ROOT") or "."
package.path = root .. "/docs/filters/?.lua;" .. package.path
local csv = require("csv")
local fail = require("fail")("csv-table.lua")
local cell = csv.cell

-- The named fields of a row, joined by a space.
local function key(row, names)
  local parts = {}
  for _, name in ipairs(names) do
    if row[name] == nil then
      fail("no field '" .. name .. "'")
    end
    parts[#parts + 1] = row[name]
  end
  return table.concat(parts, " ")
end

-- The distinct keys in the order they first appear.
local function ordered(rows, names)
  local seen, list = {}, {}
  for _, row in ipairs(rows) do
    local k = key(row, names)
    if not seen[k] then
      seen[k] = true
      list[#list + 1] = k
    end
  end
  return list
end

function CodeBlock(block)
  if not block.classes:includes("csv-table") then
    return nil
  end
  local a = block.attributes
  if not (a.csv and a.rows and a.columns and a.value) then
    fail("a csv-table needs csv, rows, columns and value")
  end
  local rows = {}
  for _, row in ipairs(csv.read(a.csv, fail)) do
    local field, text = (a.where or ""):match("^([^=]+)=(.*)$")
    if not field or row[field] == text then
      rows[#rows + 1] = row
    end
  end
  if #rows == 0 then
    fail("no row of '" .. a.csv .. "' matches")
  end
  local row_names, value_names = csv.split(a.rows), csv.split(a.value)
  local values, columns = {}, value_names
  for _, row in ipairs(rows) do
    for _, value in ipairs(value_names) do
      if row[value] == nil then
        fail("no field '" .. value .. "'")
      end
      local column = a.columns == "" and value or key(row, csv.split(a.columns))
      values[key(row, row_names) .. "\t" .. column] = row[value]
    end
  end
  if a.columns ~= "" then
    columns = ordered(rows, csv.split(a.columns))
  end
  local headers, aligns = { cell(table.concat(row_names, " ")) }, { pandoc.AlignLeft }
  for _, column in ipairs(columns) do
    headers[#headers + 1] = cell(column)
    aligns[#aligns + 1] = pandoc.AlignRight
  end
  local body = {}
  for _, name in ipairs(ordered(rows, row_names)) do
    local line = { cell(name) }
    for _, column in ipairs(columns) do
      line[#line + 1] = cell(values[name .. "\t" .. column] or "")
    end
    body[#body + 1] = line
  end
  return csv.table({}, aligns, headers, body)
end
