-- bench-table.lua: tables of measured speed straight from make bench's CSV,
-- so that the text cannot drift from the data its charts are drawn from.
--
--   ```{.bench-table csv="docs/data/bench-h200.csv" bench="single_pass" n="268435456"}
--   ```
--
-- becomes a table with a row per version of that benchmark (in the CSV's
-- order) and the columns n, version, time, GB/s, of copy and of CUB (the
-- last only when the CSV has it). Attributes:
--
--   csv="PATH"      the file make bench wrote (grader/support/perf/timing.h has
--                   its columns), relative to the repository root
--   bench="NAME"    the benchmark: scan, compact, rle, pack, single_pass
--   n="N"           only that size (default: every size)
--   input="TEXT"    only rows of that input, e.g. "50% kept"
--
-- A missing file, or no row that matches, stops the build.

local root = os.getenv("SCANLAB_ROOT") or "."
package.path = root .. "/docs/filters/?.lua;" .. package.path
local csv = require("csv")
local fail = require("fail")("bench-table.lua")
local cell = csv.cell

-- 2^24 for 16777216, else the number itself.
local function size_text(n)
  local k = math.floor(math.log(n, 2) + 0.5)
  if 2 ^ k == n then
    return "2^" .. k
  end
  return tostring(n)
end

function CodeBlock(block)
  if not block.classes:includes("bench-table") then
    return nil
  end
  local a = block.attributes
  if not a.csv or not a.bench then
    fail("a bench-table needs csv= and bench=")
  end
  local rows, with_cub = {}, false
  for _, row in ipairs(csv.read(a.csv, fail)) do
    if row.bench == a.bench and (not a.n or row.n == a.n) and (not a.input or row.input == a.input) then
      rows[#rows + 1] = row
      with_cub = with_cub or row.of_cub ~= ""
    end
  end
  if #rows == 0 then
    fail("no rows of bench '" .. a.bench .. "' in " .. a.csv)
  end
  local headers = { "n", "version", "time (ms)", "GB/s", "of copy" }
  if with_cub then
    headers[#headers + 1] = "of CUB"
  end
  local body = {}
  for _, row in ipairs(rows) do
    local cells = { cell(size_text(tonumber(row.n))), cell(row.version), cell(string.format("%.3f", tonumber(row.ms))),
                    cell(string.format("%.0f", tonumber(row.gb_per_s))), cell(string.format("%.2f", tonumber(row.of_copy))) }
    if with_cub then
      cells[#cells + 1] = cell(row.of_cub ~= "" and string.format("%.2f", tonumber(row.of_cub)) or "")
    end
    body[#body + 1] = cells
  end
  local header_cells = {}
  for i, text in ipairs(headers) do
    header_cells[i] = cell(text)
  end
  local aligns = { pandoc.AlignRight, pandoc.AlignLeft, pandoc.AlignRight, pandoc.AlignRight, pandoc.AlignRight, pandoc.AlignRight }
  local first = rows[1]
  local caption = { pandoc.Str(string.format("%s on %s, %s (%s)", a.bench, first.gpu, first.date, a.csv)) }
  return csv.table(caption, { table.unpack(aligns, 1, #headers) }, header_cells, body)
end
