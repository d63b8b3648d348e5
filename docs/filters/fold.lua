-- fold.lua: fold what a reader should try without first: hints and the
-- answers of self-check questions. Works without JavaScript (<details>).
--
--   ::: answer
--   The root holds the total, 6.
--   :::
--
-- becomes <details class="answer"><summary>Answer</summary> ... </details>;
-- a Div of class "hints" (include-readme.lua makes one of a README's
-- Hints section) becomes the same with the summary "Hints (open when
-- stuck)". Other Divs are left alone.

local summaries = {
  answer = "Answer",
  hints = "Hints (open when stuck)",
}

function Div(div)
  for class, summary in pairs(summaries) do
    if div.classes:includes(class) then
      local blocks = { pandoc.RawBlock("html", "<details class=\"" .. class .. "\"><summary>" .. summary .. "</summary>") }
      for _, block in ipairs(div.content) do
        blocks[#blocks + 1] = block
      end
      blocks[#blocks + 1] = pandoc.RawBlock("html", "</details>")
      return blocks
    end
  end
  return nil
end
