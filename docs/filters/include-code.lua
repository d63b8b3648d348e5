-- include-code.lua: show project code in the docs straight from the files
-- that are compiled, so the text cannot drift from the code.
--
--   ```{.c include="solutions/02-naive-scan/naive_scan.cu" function="naive_step_kernel"}
--   ```
--
-- is replaced by the definition of naive_step_kernel: from the line at
-- column 0 that starts it (`__global__ void naive_step_kernel(`) through
-- the first `}` at column 0 after its opening brace. Attributes:
--
--   include="PATH"     the file, relative to the repository root (the
--                      directory pandoc runs in, or $SCANLAB_ROOT)
--   function="NAME"    the function (or struct/enum) to show; without it
--                      the whole file is shown
--   comment="yes"      also show the /* ... */ comment right above it
--   fold="TEXT"        wrap the block in <details> with TEXT as summary
--                      (works without JavaScript); TEXT says "Reference: ..."
--
-- The site has two editions ($SCANLAB_EDITION, set by docs/build.sh):
--
--   full               a file of solutions/ is shown as the reference
--                      compiles it, without the solution markers of the
--                      skeleton generator (`// BEGIN SOLUTION`,
--                      `// END SOLUTION` and the `//@ ` lines of the stub,
--                      and the editions' `// BEGIN GUIDED` ... `// END OPEN`,
--                      whose OPEN lines are stubs);
--   student (default)  solutions/ is never read, since a student's copy has
--                      none and what it holds is what students must write:
--                      a folded block (a reference) becomes a one-line note
--                      that the full edition has it, and an unfolded one
--                      shows the same function from labs/ (the skeleton
--                      make skeletons generates), captioned as the
--                      student's starting point.
--
-- Files outside solutions/ are shown as they are in both editions.
--
-- A student release of the labs' open edition (grader/guidance says
-- "open"; docs/instructors.md, "Two editions") has no step functions in
-- labs/: where the student edition would show one, it says so in a line.
-- A missing file or function is an error: pandoc stops and the build fails.

local root = os.getenv("SCANLAB_ROOT") or "."
local edition = os.getenv("SCANLAB_EDITION") or "student"
package.path = root .. "/docs/filters/?.lua;" .. package.path
local fail = require("fail")("include-code.lua")

if edition ~= "student" and edition ~= "full" then
  fail("SCANLAB_EDITION must be student or full, not '" .. edition .. "'")
end

local function read_lines(path)
  local file = io.open(root .. "/" .. path, "r")
  if not file then
    fail("cannot open '" .. path .. "' (relative to " .. root .. ")")
  end
  local lines = {}
  for line in file:lines() do
    lines[#lines + 1] = line
  end
  file:close()
  return lines
end

-- Escape the magic characters of a Lua pattern.
local function literal(text)
  return (text:gsub("[%^%$%(%)%%%.%[%]%*%+%-%?]", "%%%0"))
end

-- Does line i start the definition of name? It must begin at column 0
-- (not a comment or preprocessor line), name the function followed by "(",
-- and be followed by an opening "{" at column 0 before any ";" ends a
-- line (which would make it a declaration).
local function starts_definition(lines, i, name)
  local line = lines[i]
  if line:match("^%s") or line:match("^/[/*]") or line:match("^#") or line:match("^%*") then
    return false
  end
  local n = literal(name)
  local is_function = line:match("^" .. n .. "%s*%(") or line:match("[%s%*]" .. n .. "%s*%(")
  local is_type = line:match("^struct%s+" .. n .. "%s*{?%s*$") or line:match("^enum%s+" .. n .. "%s*{?%s*$")
  if not (is_function or is_type) then
    return false
  end
  for j = i, math.min(#lines, i + 10) do
    if lines[j]:match("{%s*$") and (j == i or lines[j]:match("^{")) then
      return true
    end
    if lines[j]:match(";%s*$") then
      return false
    end
  end
  return false
end

local function is_marker(line)
  return line:match("^%s*// BEGIN SOLUTION") or line:match("^%s*// END SOLUTION")
      or line:match("^%s*//@")
      or line:match("^%s*// BEGIN GUIDED%s*$") or line:match("^%s*// END GUIDED%s*$")
      or line:match("^%s*// BEGIN OPEN%s*$") or line:match("^%s*// END OPEN%s*$")
end

local function extract(path, name, with_comment)
  local lines = read_lines(path)
  if not name or name == "" then
    local shown = {}
    for _, line in ipairs(lines) do
      if not is_marker(line) then shown[#shown + 1] = line end
    end
    return table.concat(shown, "\n")
  end
  local first
  for i = 1, #lines do
    if starts_definition(lines, i, name) then
      if first then
        fail("'" .. name .. "' is defined twice in '" .. path .. "' (lines " .. first .. " and " .. i .. ")")
      end
      first = i
    end
  end
  if not first then
    fail("no definition of '" .. name .. "' in '" .. path .. "'")
  end
  local last
  for i = first + 1, #lines do
    if lines[i]:match("^}") then
      last = i
      break
    end
  end
  if not last then
    fail("the definition of '" .. name .. "' in '" .. path .. "' has no closing brace at column 0")
  end
  local start = first
  local above = first - 1 -- the comment's last line, past any markers
  while above >= 1 and is_marker(lines[above]) do
    above = above - 1
  end
  if with_comment and above >= 1 and lines[above]:match("%*/%s*$") then
    local j = above
    while j >= 1 and not lines[j]:match("^/%*") do
      j = j - 1
    end
    if j >= 1 then start = j end
  end
  local shown = {}
  for i = start, last do
    if not is_marker(lines[i]) then shown[#shown + 1] = lines[i] end
  end
  return table.concat(shown, "\n")
end

local function italic_para(inlines)
  return pandoc.Para({ pandoc.Emph(inlines) })
end

-- "name, from path" (or "From path" for a whole file), under the listing.
local function caption(path, name)
  if name then
    return italic_para({ pandoc.Code(name), pandoc.Str(", from "), pandoc.Code(path) })
  end
  return italic_para({ pandoc.Str("From "), pandoc.Code(path) })
end

local function listing(block, path, name, shown_caption)
  local text = extract(path, name, block.attributes["comment"] == "yes")
  local attributes = { ["data-source"] = path .. (name and (": " .. name) or "") }
  local code = pandoc.CodeBlock(text, pandoc.Attr(block.identifier, block.classes, attributes))
  return { code, pandoc.Div({ shown_caption }, pandoc.Attr("", { "code-source" })) }
end

local function folded(summary, blocks)
  local escaped = summary:gsub("&", "&amp;"):gsub("<", "&lt;")
  table.insert(blocks, 1, pandoc.RawBlock("html", "<details class=\"solution\"><summary>" .. escaped .. "</summary>"))
  blocks[#blocks + 1] = pandoc.RawBlock("html", "</details>")
  return blocks
end

-- The labs' edition of this copy: "open" in an open release, else "guided".
local function guidance()
  local file = io.open(root .. "/grader/guidance", "r")
  if not file then
    return "guided"
  end
  local word = file:read("l") or "guided"
  file:close()
  return word
end

-- Whether the file defines the function (starts_definition's reading).
local function defines(path, name)
  local lines = read_lines(path)
  for i = 1, #lines do
    if starts_definition(lines, i, name) then
      return true
    end
  end
  return false
end

-- The student edition's stand-ins for a block of solutions/: a note for a
-- reference, the skeleton of labs/ for a listing that explains an idea
-- (or, in the open edition, a note where labs/ has no such function).
local function student_block(block, path, name, fold)
  local skeleton = "labs/" .. path:sub(#"solutions/" + 1)
  local what = pandoc.Code(name or skeleton)
  if fold then
    local note = italic_para({ pandoc.Str("The reference "), what,
      pandoc.Str(" is in the full edition of this site.") })
    return { pandoc.Div({ note }, pandoc.Attr("", { "reference-note" })) }
  end
  if name and guidance() == "open" and not defines(skeleton, name) then
    local note = italic_para({ what, pandoc.Str(" is a step of the guided edition of the labs; in yours, "),
      pandoc.Code(skeleton), pandoc.Str(" leaves the design of its kernels to you.") })
    return { pandoc.Div({ note }, pandoc.Attr("", { "reference-note" })) }
  end
  local shown = { pandoc.Str("Your starting point: "), what }
  if name then
    shown[#shown + 1] = pandoc.Str(", as ")
    shown[#shown + 1] = pandoc.Code(skeleton)
    shown[#shown + 1] = pandoc.Str(" gives it to you")
  end
  return listing(block, skeleton, name, italic_para(shown))
end

function CodeBlock(block)
  local path = block.attributes["include"]
  if not path then
    return nil
  end
  local name = block.attributes["function"]
  local fold = block.attributes["fold"]
  if edition == "student" and path:match("^solutions/") then
    return student_block(block, path, name, fold)
  end
  local blocks = listing(block, path, name, caption(path, name))
  if fold then
    return folded(fold, blocks)
  end
  return blocks
end
