-- powers.lua: write the powers of plain text as superscripts, as the
-- pages' TeX math does, so "2^24" in a table or a README (which stays
-- readable as plain text) does not sit beside a real 2 to the 24.
--
--   2^24     ->  2<sup>24</sup>          2^24+7   ->  2<sup>24</sup>+7
--   2^(8w)   ->  2<sup>8w</sup>          64^3,    ->  64<sup>3</sup>,
--   2^bits   ->  2<sup>bits</sup>
--
-- Only text is changed: code (`2^24` in backticks, code blocks) and math
-- are left as they are.

-- base^exponent, the exponent digits or letters, or anything in brackets.
local function split_powers(text)
  local out, rest = {}, text
  while true do
    local before, base, exponent, after = rest:match("^(.-)(%d+)%^(%b())(.*)$")
    if base then
      exponent = exponent:sub(2, -2)
    else
      before, base, exponent, after = rest:match("^(.-)(%d+)%^([%w]+)(.*)$")
    end
    if not base then break end
    if before ~= "" then out[#out + 1] = pandoc.Str(before) end
    out[#out + 1] = pandoc.Str(base)
    out[#out + 1] = pandoc.Superscript({ pandoc.Str(exponent) })
    rest = after
  end
  if #out == 0 then return nil end
  if rest ~= "" then out[#out + 1] = pandoc.Str(rest) end
  return out
end

function Str(str)
  return split_powers(str.text)
end
