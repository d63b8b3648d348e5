-- fail.lua: how a filter stops the build (bench-table.lua, csv-table.lua,
-- include-code.lua): its message on stderr, one plain line, then a Lua
-- error, which stops pandoc, and docs/build.sh with it; the error names
-- the line that called fail, not this file.
--
--   local fail = require("fail")("bench-table.lua")
--   fail("no rows of bench 'scan'")   -- bench-table.lua: no rows of bench 'scan'

return function(filter)
  return function(message)
    io.stderr:write(filter .. ": " .. message .. "\n")
    error(filter .. ": " .. message, 2)
  end
end
