-- Headless Neovim test of editors/neovim (the example init.lua, ftdetect, ftplugin, syntax, plugin,
-- lsp/boardls.lua, lua/boardls) against the real server, on a copy of
-- editors/vscode/test/fixture/e2e.board: filetype, highlighting, diagnostics, hover on a cell, code
-- lenses shown without asking, :BoardlsRender, a re-diagnosis after an edit, :BoardFillExpected
-- (workspace/applyEdit), :BoardExport and :BoardlsPlay (vim.ui.select stubbed). On 0.7 the
-- server is started by setup(); on 0.11+ by vim.lsp.enable, and the test also checks the inlay
-- hints, the cells' colours and, when a `board` parser is installed, tree-sitter highlighting.
-- Run by run.sh as `nvim --headless -u smoke.lua FILE` (Neovim 0.7 has no `-l`).
local plugin = os.getenv("BOARDLS_NVIM_PLUGIN")
local out_path = os.getenv("BOARDLS_NVIM_OUT")
local export_dir = os.getenv("BOARDLS_NVIM_EXPORT")
-- The example config is what is tested: it sets up runtimepath, ftdetect, syntax and the server
-- (from $BOARDLS_BIN).
vim.v.errmsg = ""
dofile(plugin .. "/init.lua")
local init_errors = vim.v.errmsg

local function log(msg)
  io.stdout:write(msg .. "\n")
  io.stdout:flush()
end

local checks, result = 0, {}
local function check(name, ok, detail)
  if not ok then
    log(("FAIL %s: %s"):format(name, detail or ""))
    vim.cmd("cquit 1")
  end
  checks = checks + 1
  result[name] = detail
  log(("ok   %s: %s"):format(name, (tostring(detail or "")):gsub("\n.*", " …")))
end

local function errors(buf)
  return vim.diagnostic.get(buf, { severity = vim.diagnostic.severity.ERROR })
end

local function request(buf, method, params)
  local resp = vim.lsp.buf_request_sync(buf, method, params, 20000) or {}
  for _, r in pairs(resp) do
    if r.result then return r.result end
  end
  return nil
end

local function clients()
  return (vim.lsp.get_clients or vim.lsp.get_active_clients)()
end

local nvim_011 = vim.fn.has("nvim-0.11") == 1

-- Grid of the first case: lines 4-6, columns 1-3 (1-based).
local GRID = { lines = { 4, 5, 6 }, cols = { 1, 2, 3 } }

local function highlighting(buf)
  if vim.treesitter.highlighter and vim.treesitter.highlighter.active[buf] then
    -- tree-sitter: the captures of the game id, a `B` cell, the key and the answer.
    local function cap(l, c)
      local names = {}
      for _, capture in ipairs(vim.treesitter.get_captures_at_pos(buf, l - 1, c - 1)) do
        if capture.capture:sub(1, 1) ~= "_" then
          table.insert(names, capture.capture)
        end
      end
      return table.concat(names, "+")
    end
    local root = vim.treesitter.get_parser(buf, "board"):parse()[1]:root()
    check("tree-sitter parse without errors", not root:has_error(), root:sexpr():sub(1, 200))
    local captures = ("%s %s %s %s"):format(cap(3, 2), cap(4, 3), cap(7, 1), cap(7, 10))
    check("tree-sitter captures", captures == "type keyword property constant.builtin", captures)
  else
    local function syn(l, c) return vim.fn.synIDattr(vim.fn.synID(l, c, 1), "name") end
    local groups = ("%s %s %s %s"):format(syn(3, 2), syn(4, 3), syn(7, 1), syn(7, 10))
    check("syntax groups", groups == "boardGame boardCellB boardKey boardAnswer", groups)
  end
end

local function run()
  local buf = vim.api.nvim_get_current_buf()
  check("init.lua loads cleanly", init_errors == "", init_errors)
  check("filetype", vim.bo[buf].filetype == "board", vim.bo[buf].filetype)
  check("commentstring", vim.bo[buf].commentstring == "// %s", vim.bo[buf].commentstring)
  highlighting(buf)

  local ok = vim.wait(30000, function() return #errors(buf) > 0 end, 50)
  check("error on the wrong expect", ok, ok and errors(buf)[1].message or "no error diagnostic")
  local d = errors(buf)[1]
  check("error is on line 7", d.lnum == 6, ("line %d"):format(d.lnum + 1))
  check("message names the solved answer", d.message:find("no no yes", 1, true) ~= nil, d.message)
  local client = clients()[1]
  local opts = client and client.config.init_options or {}
  check("init_options reach the client", opts.solveTimeMs == 10000, (vim.inspect(opts):gsub("%s+", " ")))
  if nvim_011 then
    -- The config merged from lsp/boardls.lua and the example's vim.lsp.config.
    local config = vim.lsp.config.boardls or {}
    local from_file = vim.deep_equal(config.filetypes, { "board" }) and vim.deep_equal(config.root_markers, { ".git" })
    check("started by vim.lsp.enable with lsp/boardls.lua", from_file and client.config.cmd[1] == os.getenv("BOARDLS_BIN"),
      (vim.inspect({ filetypes = config.filetypes, root_markers = config.root_markers, cmd = client.config.cmd }):gsub("%s+", " ")))
  end

  -- hover on cell (1,2): line 4, column 2
  local tdp = vim.lsp.util.make_text_document_params(buf)
  local hover = request(buf, "textDocument/hover", { textDocument = tdp, position = { line = 3, character = 1 } })
  local text = hover and (hover.contents.value or hover.contents) or ""
  check("hover on a cell", type(text) == "string" and #text > 10, type(text) == "string" and text:gsub("\n", " ") or vim.inspect(text))

  -- Lenses as Neovim shows them, refreshed by the plugin (the test never asks for them).
  local titles
  ok = vim.wait(30000, function()
    titles = {}
    for _, l in ipairs(vim.lsp.codelens.get(buf) or {}) do
      if l.command and l.command.title then table.insert(titles, l.command.title) end
    end
    return #titles >= 2
  end, 50)
  check("code lenses shown", ok, table.concat(titles, " | "))

  if nvim_011 then
    local labels
    ok = vim.wait(30000, function()
      labels = {}
      for _, h in ipairs(vim.lsp.inlay_hint.get({ bufnr = buf })) do
        local label = h.inlay_hint.label
        if type(label) == "table" then
          local parts = {}
          for _, part in ipairs(label) do table.insert(parts, part.value) end
          label = table.concat(parts)
        end
        table.insert(labels, label)
      end
      return #labels >= 2
    end, 50)
    check("inlay hints on", ok and table.concat(labels, " | "):find("answer: no no yes", 1, true) ~= nil, table.concat(labels, " | "))

    -- Cells coloured by outcome: the server's token types, drawn with the plugin's groups.
    local seen = {}
    ok = vim.wait(30000, function()
      seen = {}
      for _, l in ipairs(GRID.lines) do
        for _, c in ipairs(GRID.cols) do
          for _, t in ipairs(vim.inspect_pos(buf, l - 1, c - 1).semantic_tokens) do
            seen[t.opts.hl_group] = true
          end
        end
      end
      -- The most specific group, `@lsp.type.losing.board`, falls back to `@lsp.type.losing`.
      -- `sample 1` is Bob's from every cell but the drawn corner (zgame colours Alice's view).
      return (seen["@lsp.type.losing.board"] or seen["@lsp.type.losing"])
        and (seen["@lsp.type.drawn.board"] or seen["@lsp.type.drawn"])
    end, 50)
    check("cells coloured by outcome", ok, table.concat(vim.tbl_keys(seen), " "))
    local winning = vim.api.nvim_get_hl(0, { name = "@lsp.type.winning" })
    local losing = vim.api.nvim_get_hl(0, { name = "@lsp.type.losing" })
    check("cell colours from the plugin", winning.link == "DiffAdd" and losing.link == "DiffDelete",
      (vim.inspect({ winning = winning, losing = losing }):gsub("%s+", " ")))
  end

  -- :BoardlsRender draws the case under the cursor (case 2) beside the file and says where.
  local notes = {}
  local notify = vim.notify
  vim.notify = function(msg, level, o)
    table.insert(notes, msg)
    return notify(msg, level, o)
  end
  vim.api.nvim_win_set_cursor(0, { 10, 1 })
  vim.cmd("BoardlsRender")
  local picture = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(buf), ":p:h") .. "/e2e-zgame-one-row.svg"
  ok = vim.wait(30000, function() return #notes > 0 end, 20)
  vim.notify = notify
  local said = table.concat(notes, " | ")
  check("BoardlsRender says where", ok and said:find(picture, 1, true) ~= nil, said)
  local svg = table.concat(vim.fn.readfile(picture), "\n")
  local _, cells = svg:gsub('data%-outcome="', "")
  check("BoardlsRender writes the case's picture",
    svg:find("^<svg") ~= nil and svg:find("zgame &quot;one row&quot;", 1, true) ~= nil and cells == 1
      and svg:find('data-len="3" data-outcome="draw"', 1, true) ~= nil and svg:find("Solving", 1, true) == nil,
    ("%d bytes, %d cell runs"):format(#svg, cells))

  -- edit: case 2's row `...` → `..A`; its expect becomes wrong too
  vim.api.nvim_buf_set_text(buf, 9, 2, 9, 3, { "A" })
  ok = vim.wait(30000, function() return #errors(buf) >= 2 end, 50)
  check("second error after the edit", ok, ("%d errors"):format(#errors(buf)))

  -- :BoardFillExpected writes both expect lines through workspace/applyEdit
  vim.cmd("BoardFillExpected")
  ok = vim.wait(30000, function()
    local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
    return lines[7] == "expect = no no yes" and lines[11] == "expect = yes no no"
  end, 50)
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  check("BoardFillExpected", ok, lines[7] .. " / " .. lines[11])
  ok = vim.wait(30000, function() return #errors(buf) == 0 end, 50)
  check("no error left", ok, ("%d errors"):format(#errors(buf)))

  -- :BoardExport runs the attached server's binary on the saved file.
  vim.cmd("silent write")
  vim.cmd("BoardExport " .. vim.fn.fnameescape(export_dir))
  local exported = vim.fn.readdir(export_dir)
  table.sort(exported)
  check("BoardExport", vim.tbl_contains(exported, "01.in") and vim.tbl_contains(exported, "01.ans"), table.concat(exported, " "))

  -- :BoardlsPlay on case 1 (after the export: a case with moves is no judge test): the legal
  -- moves listed best first, the first chosen; the `moves =` line is added, then extended.
  local listed = {}
  local select = vim.ui.select
  vim.ui.select = function(items, o, on_choice)
    listed = {}
    for _, item in ipairs(items) do table.insert(listed, o.format_item(item)) end
    on_choice(items[1], 1)
  end
  vim.api.nvim_win_set_cursor(0, { 4, 0 })
  vim.cmd("BoardlsPlay")
  ok = vim.wait(30000, function() return (vim.api.nvim_buf_get_lines(buf, 7, 8, false)[1] or ""):find("^moves = ") ~= nil end, 20)
  local first = listed[1] or ""
  local move = first:match("^(%S+) → ") or "?"
  check("BoardlsPlay lists the moves", #listed == 2 and vim.tbl_contains(listed, "1,2 → no no yes")
    and vim.tbl_contains(listed, "2,1 → no no yes"), table.concat(listed, " | "))
  lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  check("BoardlsPlay adds the moves line", ok and lines[8] == "moves = " .. move and lines[9] == "", lines[8])
  vim.cmd("BoardlsPlay")
  ok = vim.wait(30000, function() return vim.api.nvim_buf_get_lines(buf, 7, 8, false)[1] ~= "moves = " .. move end, 20)
  lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local second = (listed[1] or ""):match("^(%S+) → ") or "?"
  check("BoardlsPlay extends the moves line", ok and lines[8] == ("moves = %s %s"):format(move, second), lines[8])
  vim.cmd("silent undo")
  lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  check("BoardlsPlay is undone in one step", lines[8] == "moves = " .. move, lines[8])
  vim.ui.select = select
  result.checks = checks
  result.nvim = tostring(vim.version().major .. "." .. vim.version().minor .. "." .. vim.version().patch)
  local f = io.open(out_path, "w")
  if f then
    f:write(vim.fn.json_encode(result) .. "\n")
    f:close()
  end
  for _, c in pairs(clients()) do c.stop() end
  vim.wait(3000, function() return #clients() == 0 end, 50)
  vim.cmd("qall!")
end

vim.api.nvim_create_autocmd("VimEnter", {
  callback = function()
    vim.schedule(function()
      local okk, err = pcall(run)
      if not okk then
        log("ERROR: " .. tostring(err))
        vim.cmd("cquit 3")
      end
    end)
  end,
})
