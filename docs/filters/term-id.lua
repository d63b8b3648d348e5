-- term-id.lua: the id of a glossary term, which layout.lua gives the term
-- and glossary-links.lua links to: lower case, runs of anything but
-- letters and digits turned into one "-", none at either end.
--
--   local term_id = require("term-id")
--   term_id("Look-back (lab 07)")   --> "look-back-lab-07"

return function(text)
  local id = text:lower():gsub("[^%w]+", "-"):gsub("^%-+", ""):gsub("%-+$", "")
  return id
end
