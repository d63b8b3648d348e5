-- datum.lua: every measured number of the prose read from the recorded
-- file it was measured into, so that text and data cannot drift.
--
--   a copy takes [0.035]{.datum csv=docs/data/bench-h200.txt series=cudaMemcpy log2_n=24 field=ms} ms
--
-- An inline span of class "datum" names one row of a recorded file and
-- one of its fields. Empty, it becomes that field's value, formatted; with
-- text (as in the lab READMEs, which students also read raw), the text
-- must be that value, else the build stops:
--
--   datum.lua: lab08: 1 numbers differ from their data:
--     [40] should read 46 (docs/data/nvcomp-cascade-h100.csv: ... field=compress_gb_s ...)
--
-- Attributes (a Div of class "data" gives its spans defaults, e.g. csv=):
--
--   csv="PATH"     the recorded file, relative to the repository root: a
--                  CSV with a header line (csv.lua), or an older table of
--                  "log2_n series ms" lines ("#" lines are comments;
--                  docs/data/bench-h200.txt); its rows gain the field
--                  gb_per_s, the n int32 read and n written over ms
--   field="NAME"   the field shown; "ms" of one row over "ms" of another
--                  with of="NAME" (below)
--   of="NAME"      a ratio of times: the ms of the row whose version (or
--                  series) is NAME, the other attributes alike, over this
--                  row's ms, as "of copy" is: 0.15 = 0.15 of copy's speed
--   by="FIELD"    the field that of= and over= name a row by, where it is
--                  not version (make bench's CSV) or series (a table):
--                  by=codec in nvcomp-cascade-h100.csv
--   over="NAME"    the other ratio: this row's ms over that row's, "N
--                  times its time" (500 = 500 times the copy's time)
--   times="X"      the value multiplied by X (100 for a percentage)
--   format="F"     a printf format, %.2f by default for ratios, else the
--                  field as recorded; "%.0f" for whole numbers
--   any other      a field that the row must equal, e.g. n=16777216,
--                  version="scan_exclusive_tiled (03)"
--
-- Settings, numbers the project sets rather than measures, are spans of
-- class "setting": [1.25]{.setting file=grader/lib/perf.sh var=perf_slack}
-- must be the value that file gives perf_slack (setting(), below).
--
-- Exactly one row must match: none, or several, stops the build, as does
-- a missing file or field. SCANLAB_PAGE names the page in messages;
-- SCANLAB_DATUM_OUT, when set, gets a line "page<TAB>value<TAB>source"
-- per datum: the list of every number with its source.

local root = os.getenv("SCANLAB_ROOT") or "."
package.path = root .. "/docs/filters/?.lua;" .. package.path
local csv = require("csv")
local fail = require("fail")("datum.lua")
local page = os.getenv("SCANLAB_PAGE") or "?"
local list_out = os.getenv("SCANLAB_DATUM_OUT") or ""

local reserved = { csv = true, field = true, of = true, over = true, by = true, times = true, format = true }
local files = {}

-- The rows of a "log2_n series ms" table.
local function read_table(path)
  local file = io.open(root .. "/" .. path, "r")
  if not file then
    fail(page .. ": cannot open '" .. path .. "'")
  end
  local rows = {}
  for line in file:lines() do
    local log2_n, series, ms = line:match("^(%d+)%s+(%S+)%s+(%S+)%s*$")
    if log2_n then
      local n = 2 ^ tonumber(log2_n)
      rows[#rows + 1] = { log2_n = log2_n, series = series, ms = ms,
                          gb_per_s = tostring(8 * n / (tonumber(ms) * 1e6)) }
    end
  end
  file:close()
  return rows
end

local function rows_of(path)
  if not files[path] then
    if path:match("%.txt$") then
      files[path] = read_table(path)
    else
      files[path] = csv.read(path, function(message) fail(page .. ": " .. message) end)
    end
  end
  return files[path]
end

-- "csv=... n=16 field=ms" for messages and the list.
local function describe(a)
  local parts = {}
  for name, value in pairs(a) do
    if name ~= "csv" then
      parts[#parts + 1] = name .. "=" .. (value:find(" ") and ("\"" .. value .. "\"") or value)
    end
  end
  table.sort(parts)
  return a.csv .. ": " .. table.concat(parts, " ")
end

-- The one row of a.csv that every selector matches, with `override` in
-- place of a selector (of=).
local function the_row(a, override)
  local found
  for _, row in ipairs(rows_of(a.csv)) do
    local match = true
    for name, value in pairs(a) do
      if not reserved[name] then
        if row[name] == nil then
          fail(page .. ": no field '" .. name .. "' in " .. a.csv)
        end
        local want = override and override[name] or value
        match = match and row[name] == want
      end
    end
    if match then
      if found then
        fail(page .. ": more than one row matches " .. describe(a))
      end
      found = row
    end
  end
  if not found then
    fail(page .. ": no row matches " .. describe(a) .. (override and " (of=)" or ""))
  end
  return found
end

local function value_of(a)
  if not a.csv or not a.field then
    fail(page .. ": a datum needs csv= and field=")
  end
  local row = the_row(a)
  local raw = row[a.field]
  if raw == nil or raw == "" then
    fail(page .. ": no field '" .. a.field .. "' in the row of " .. describe(a))
  end
  local value, format = tonumber(raw), a.format
  if a.of or a.over then
    local name = a.by or (row.version and "version" or "series")
    local other = tonumber(the_row(a, { [name] = a.of or a.over })[a.field])
    value = a.of and other / value or value / other
    format = format or "%.2f"
  end
  if a.times then
    value = value * tonumber(a.times)
  end
  if not format then
    return raw
  end
  if not value then
    fail(page .. ": field '" .. a.field .. "' is not a number: " .. raw)
  end
  return string.format(format, value)
end

local list, wrong = {}, {}

-- The defaults, with an element's own attributes over them.
local function over_defaults(defaults, attributes)
  local merged = {}
  for name, value in pairs(defaults) do
    merged[name] = value
  end
  for name, value in pairs(attributes) do
    merged[name] = value
  end
  return merged
end

-- A datum span, its attributes completed by the defaults of its Div.
local function datum(span, defaults)
  if not span.classes:includes("datum") then
    return nil
  end
  local a = over_defaults(defaults, span.attributes)
  local value = value_of(a)
  local text = pandoc.utils.stringify(span.content)
  if text ~= "" and text ~= value then
    wrong[#wrong + 1] = "[" .. text .. "] should read " .. value .. " (" .. describe(a) .. ")"
  end
  list[#list + 1] = page .. "\t" .. value .. "\t" .. describe(a)
  return pandoc.Str(value)
end

-- The value that a line of a file gives NAME: "NAME=1.25" or "NAME ?= 1"
-- (shell, make), "${NAME:-10}" (a shell default), "#define NAME 1250" (C).
local function assigned(line, name)
  local n = name:gsub("%p", "%%%0")
  return line:match("^%s*" .. n .. "%s*[:?]?=%s*([%w.]+)")
      or line:match("%${" .. n .. ":%-([%w.]+)}")
      or line:match("^%s*#%s*define%s+" .. n .. "%s+([%w.]+)")
end

-- A setting read from the file that sets it: [1.25]{.setting
-- file=grader/lib/perf.sh var=perf_slack}x must be the value that file's
-- first such line gives it (perf_slack=1.25), so a limit changed there
-- cannot leave the text behind. A setting span without var= only names
-- its source= (below).
local function setting(span)
  local a = span.attributes
  if not span.classes:includes("setting") or not a.var then
    return nil
  end
  local file = a.file and io.open(root .. "/" .. a.file, "r")
  if not file then
    fail(page .. ": a setting with var= needs file=, a file that opens: " .. (a.file or "none"))
  end
  local value
  for line in file:lines() do
    value = value or assigned(line, a.var)
  end
  file:close()
  if not value then
    fail(page .. ": no line '" .. a.var .. "=...' in " .. a.file)
  end
  local text = pandoc.utils.stringify(span.content)
  local source = a.file .. ": " .. a.var
  if text ~= value then
    wrong[#wrong + 1] = "[" .. text .. "] should read " .. value .. " (" .. source .. ")"
  end
  list[#list + 1] = page .. "\t" .. value .. "\t" .. source
  return pandoc.Str(value)
end

-- A number typed by hand before a unit of measure: "40 GB/s", "0.054
-- ms", "17 s", "2 min", "0.67 of copy", or as a ratio or a share: "2.03x",
-- "6%". Such a number must be a datum, or sit in a Div or Span of class
-- "unrecorded" whose source= says where it was measured (a profile that
-- no file of docs/data/ holds), or of class "setting" whose source= says
-- where it is set (a time limit, a grading threshold, an input: a number
-- the project chooses, not one it measured).
local hand = {}
local units = { ["ms"] = true, ["µs"] = true, ["ns"] = true, ["s"] = true, ["min"] = true,
                ["seconds"] = true, ["minutes"] = true, ["hours"] = true,
                ["GB/s"] = true, ["TB/s"] = true }
local number = "^%(?%d[%d.,]*$"
-- "2.03x", "(6.7x)", "0.58x"; not a hexadecimal "0x...".
local function ratio(text)
  local bare = text:gsub("[%p]+$", "")
  return bare:match("^%(?%d[%d.]*x$") and not bare:match("^%(?0x$")
end
local function typed(inlines)
  for i = 1, #inlines do
    local a, b, c = inlines[i], inlines[i + 1], inlines[i + 2]
    if a.t == "Str" and (ratio(a.text) or a.text:match("^%(?%d[%d.,-]*%%")) then
      hand[#hand + 1] = a.text
    elseif a.t == "Str" and a.text:match(number) and b and b.t == "Space" and c and c.t == "Str" then
      local unit = c.text:gsub("[%p]+$", "")
      local copy = c.text == "of" and inlines[i + 4] and inlines[i + 4].t == "Str" and inlines[i + 4].text:match("^copy")
      if units[unit] or c.text:match("^GB/s") or copy then
        hand[#hand + 1] = a.text .. " " .. c.text .. (copy and " copy" or "")
      end
    end
  end
end

-- An unrecorded or setting Div or Span must say where its numbers come from.
local function need_source(element)
  if not element.attributes.source and not element.attributes.var then
    fail(page .. ": an unrecorded or setting Div or Span needs source= (where its numbers were measured or set)")
  end
  return true
end
local function sourced(element)
  return element.classes:includes("unrecorded") or element.classes:includes("setting")
end

local function walk(blocks, defaults, guard)
  local div = pandoc.Div(blocks)
  if guard then
    local recorded = pandoc.walk_block(div, { Span = function(span)
      if sourced(span) then
        return need_source(span) and pandoc.Str("")
      end
    end })
    pandoc.walk_block(recorded, { Inlines = function(inlines) typed(inlines) end })
  end
  return pandoc.walk_block(div, {
    Span = function(span) return datum(span, defaults) or setting(span) end,
  }).content
end

function Pandoc(doc)
  local function blocks_in(blocks, defaults, guard)
    local out = {}
    for _, block in ipairs(blocks) do
      if block.t == "Div" and block.classes:includes("data") then
        for _, b in ipairs(blocks_in(block.content, over_defaults(defaults, block.attributes), guard)) do
          out[#out + 1] = b
        end
      elseif block.t == "Div" and block.classes:includes("readme") then
        -- A lab's README as the student has it (include-readme.lua): its
        -- numbers are plain there and datums in solutions/NN/README.md,
        -- which docs/check-readme-datums.sh checks.
        block.content = blocks_in(block.content, defaults, false)
        out[#out + 1] = block
      elseif block.t == "Div" and sourced(block) then
        need_source(block)
        block.content = blocks_in(block.content, defaults, false)
        out[#out + 1] = block
      elseif block.t == "Div" then
        block.content = blocks_in(block.content, defaults, guard)
        out[#out + 1] = block
      else
        for _, b in ipairs(walk({ block }, defaults, guard)) do
          out[#out + 1] = b
        end
      end
    end
    return out
  end
  doc.blocks = blocks_in(doc.blocks, {}, os.getenv("SCANLAB_DATUM_GUARD") ~= "off")
  if #wrong > 0 then
    fail(page .. ": " .. #wrong .. " numbers differ from their data:\n  " .. table.concat(wrong, "\n  "))
  end
  if #hand > 0 then
    fail(page .. ": " .. #hand .. " numbers typed by hand, not datums of docs/data/ (docs/filters/datum.lua): " ..
         table.concat(hand, "; "))
  end
  if list_out ~= "" and #list > 0 then
    local file = io.open(list_out, "a")
    file:write(table.concat(list, "\n") .. "\n")
    file:close()
  end
  return doc
end
