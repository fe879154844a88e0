-- Headless Neovim test of editors/neovim (the example init.lua, ftdetect, syntax, lua/boardls) against the
-- real server, on a copy of editors/vscode/test/fixture/e2e.board: filetype, syntax, diagnostics, hover
-- on a cell, code lenses, a re-diagnosis after an edit, and :BoardFillExpected (workspace/applyEdit).
-- Run by run.sh as `nvim --headless -u smoke.lua FILE` (Neovim 0.7 has no `-l`).
local plugin = os.getenv("BOARDLS_NVIM_PLUGIN")
local out_path = os.getenv("BOARDLS_NVIM_OUT")
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

local function run()
  local buf = vim.api.nvim_get_current_buf()
  check("init.lua loads cleanly", init_errors == "", init_errors)
  check("filetype", vim.bo[buf].filetype == "board", vim.bo[buf].filetype)
  check("commentstring", vim.bo[buf].commentstring == "// %s", vim.bo[buf].commentstring)
  local function syn(l, c) return vim.fn.synIDattr(vim.fn.synID(l, c, 1), "name") end
  local groups = ("%s %s %s %s"):format(syn(3, 2), syn(4, 3), syn(7, 1), syn(7, 10))
  check("syntax groups", groups == "boardGame boardCellB boardKey boardAnswer", groups)

  local ok = vim.wait(30000, function() return #errors(buf) > 0 end, 50)
  check("error on the wrong expect", ok, ok and errors(buf)[1].message or "no error diagnostic")
  local d = errors(buf)[1]
  check("error is on line 7", d.lnum == 6, ("line %d"):format(d.lnum + 1))
  check("message names the solved answer", d.message:find("no no yes", 1, true) ~= nil, d.message)
  local client = vim.lsp.get_active_clients()[1]
  local opts = client and client.config.init_options or {}
  check("init_options reach the client", opts.solveTimeMs == 10000, (vim.inspect(opts):gsub("%s+", " ")))

  -- hover on cell (1,2): line 4, column 2
  local tdp = vim.lsp.util.make_text_document_params(buf)
  local hover = request(buf, "textDocument/hover", { textDocument = tdp, position = { line = 3, character = 1 } })
  local text = hover and (hover.contents.value or hover.contents) or ""
  check("hover on a cell", type(text) == "string" and #text > 10, type(text) == "string" and text:gsub("\n", " ") or vim.inspect(text))

  -- lenses: one verdict per case (resolved titles)
  local lenses = request(buf, "textDocument/codeLens", { textDocument = tdp }) or {}
  local titles = {}
  for _, l in ipairs(lenses) do
    if l.command and l.command.title then table.insert(titles, l.command.title) end
  end
  check("code lenses", #titles >= 2, table.concat(titles, " | "))

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

  result.checks = checks
  local f = io.open(out_path, "w")
  if f then
    f:write(vim.fn.json_encode(result) .. "\n")
    f:close()
  end
  for _, client in pairs(vim.lsp.get_active_clients()) do client.stop() end
  vim.wait(3000, function() return #vim.lsp.get_active_clients() == 0 end, 50)
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
