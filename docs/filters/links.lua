-- links.lua: keep the site's links inside the site.
--
-- Pages are written in Markdown that also reads well on a code forge, so
-- a page may link to another as "primer.md" or "../docs/primer.md", or to
-- a file of the repository ("../grader/labs/README.md"). In the built site:
--   * a link to a page of docs/pages.txt (NAME.md or NAME.html, with or
--     without "#anchor") points at NAME.html;
--   * a relative link to anything else (a repository file, which the site
--     does not carry) becomes its text followed by the path in code, so
--     no link in the site is left dangling.
-- The site's figures and print.html (built from the pages) are kept too.
-- Absolute links (http:, https:, mailto:) and "#anchor" links are kept.

local root = os.getenv("SCANLAB_ROOT") or "."
local pages = {}
local list = io.open(root .. "/docs/pages.txt", "r")
if list then
  for line in list:lines() do
    local name = line:match("^([%w%-_]+)%s")
    if name and not line:match("^#") then pages[name] = true end
  end
  list:close()
end

function Link(link)
  local target = link.target
  if target:match("^%a[%w+.-]*:") or target:match("^#") then
    return nil
  end
  local path, anchor = target:match("^([^#]*)(#?.*)$")
  local name = path:match("([%w%-_]+)%.md$") or path:match("^([%w%-_]+)%.html$")
  if name and pages[name] then
    link.target = name .. ".html" .. anchor
    return link
  end
  if path:match("^figures/[%w%-_]+%.svg$") or path == "print.html" then
    return nil
  end
  local shown = {}
  for _, inline in ipairs(link.content) do shown[#shown + 1] = inline end
  if pandoc.utils.stringify(link.content) ~= path then
    shown[#shown + 1] = pandoc.Space()
    shown[#shown + 1] = pandoc.Str("(")
    shown[#shown + 1] = pandoc.Code(path)
    shown[#shown + 1] = pandoc.Str(")")
  end
  return shown
end
