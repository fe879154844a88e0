-- End-to-end test of `boardls lsp` in headless Neovim (0.7+: vim.lsp.start_client).
-- Opens a zgame board, waits for the results, asks for hover, code lens, symbols and semantic
-- tokens, edits the board so that the verdict changes, sees diagnostics and lenses follow,
-- writes the new `expect` through the server's command, and stops the server cleanly.
-- Server command from $BOARDLS_CMD (space separated), result file from $BOARDLS_OUT.
-- Exit status: 0 pass, 1 a check failed, 3 a Lua error.

local server_cmd = vim.split(os.getenv("BOARDLS_CMD") or "boardls lsp", " ", { trimempty = true })
local out_path = os.getenv("BOARDLS_OUT") or "nvim-result.json"
local WAIT = 30000

local function log(msg)
  io.stdout:write(msg .. "\n")
  io.stdout:flush()
end

local function fail(msg)
  log("FAIL: " .. msg)
  vim.cmd("cquit 1")
  error("stop")
end

-- Every publishDiagnostics, counted per URI, before the default handler shows it.
local published = {}
local default_publish = vim.lsp.handlers["textDocument/publishDiagnostics"]
vim.lsp.handlers["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
  local seen = published[result.uri] or { n = 0 }
  published[result.uri] = { n = seen.n + 1, version = result.version, count = #result.diagnostics }
  return default_publish(err, result, ctx, config)
end

vim.cmd([[autocmd BufRead,BufNewFile *.board setfiletype board]])

local client_id = nil
local exit_code = nil
vim.api.nvim_create_autocmd("FileType", {
  pattern = "board",
  callback = function(args)
    if not client_id then
      client_id = vim.lsp.start_client({
        name = "boardls",
        cmd = server_cmd,
        root_dir = vim.fn.getcwd(),
        on_exit = function(code) exit_code = code end,
      })
      if not client_id then
        log("FAIL: could not start " .. table.concat(server_cmd, " "))
        vim.cmd("cquit 2")
      end
    end
    vim.lsp.buf_attach_client(args.buf, client_id)
  end,
})

local function request(buf, method, params)
  local resp, err = vim.lsp.buf_request_sync(buf, method, params, WAIT)
  if not resp then fail(method .. ": " .. tostring(err)) end
  for _, r in pairs(resp) do
    if r.err then fail(method .. ": " .. vim.inspect(r.err)) end
    return r.result
  end
  fail(method .. ": no answer")
end

local FILE_LENSES = { ["boardls.exportFile"] = true, ["boardls.checkSuite"] = true }

-- The case lenses: line and title.
local function lens_titles(buf)
  local lenses = request(buf, "textDocument/codeLens", { textDocument = vim.lsp.util.make_text_document_params(buf) })
  local titles = {}
  for _, l in ipairs(lenses or {}) do
    -- The file's own lenses (Export tests…, Check suite) are not about a case.
    local file_wide = l.command and FILE_LENSES[l.command.command]
    if not file_wide then
      table.insert(titles, { line = l.range.start.line, title = l.command and l.command.title or "" })
    end
  end
  return titles
end

-- Lens titles once nothing is still solving.
local function settled_lenses(buf)
  local titles
  local ok = vim.wait(WAIT, function()
    titles = lens_titles(buf)
    for _, t in ipairs(titles) do
      if t.title:find("solving", 1, true) then return false end
    end
    return #titles > 0
  end, 100)
  if not ok then fail("lenses still solving: " .. vim.inspect(titles)) end
  return titles
end

local function codes(buf)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do table.insert(out, tostring(d.code)) end
  return out
end

local function has_code(buf, code)
  return vim.tbl_contains(codes(buf), code)
end

local function run()
  local buf = vim.api.nvim_get_current_buf()
  if vim.bo[buf].filetype ~= "board" then return fail("filetype not board: " .. vim.bo[buf].filetype) end
  local uri = vim.uri_from_bufnr(buf)
  local result = { nvim = tostring(vim.version().major .. "." .. vim.version().minor .. "." .. vim.version().patch) }

  -- Where the first case is: its header, its last grid row, its expect line.
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local header, expect_line
  for i, l in ipairs(lines) do
    if not header and l:match("^%[zgame") then header = i - 1
    elseif header and not expect_line and l:match("^expect") then expect_line = i - 1 end
  end
  if not header or not expect_line then return fail("no zgame case with expect in the file") end
  local last_row = expect_line - 1
  if lines[last_row + 1] ~= "BB." then return fail("first case is not the original sample 1") end

  -- 1. Diagnostics after didOpen: the example is clean.
  if not vim.wait(WAIT, function() return published[uri] ~= nil end, 50) then
    return fail("no publishDiagnostics after didOpen")
  end
  local titles = settled_lenses(buf)
  -- Clean: no error or warning (the workspace's suite findings, I22x, are information).
  if #vim.diagnostic.get(buf, { severity = { min = vim.diagnostic.severity.WARN } }) ~= 0 then
    return fail("example not clean: " .. vim.inspect(codes(buf)))
  end
  result.lenses_open = titles
  log("codelens(open): " .. titles[1].title .. " @ line " .. titles[1].line)
  if titles[1].line ~= header or not titles[1].title:find("^Alice:") then
    return fail("unexpected first lens: " .. vim.inspect(titles[1]))
  end

  -- 2. Hover on the header: verdict, judge answer, why, time.
  local hover = request(buf, "textDocument/hover", {
    textDocument = vim.lsp.util.make_text_document_params(buf),
    position = { line = header, character = 2 },
  })
  local text = hover and hover.contents and hover.contents.value or ""
  log("hover: " .. text:gsub("\n", " | "))
  for _, want in ipairs({ "Judge answer: `no no yes`", "matches", "Why:", "Solved in" }) do
    if not text:find(want, 1, true) then return fail("hover lacks " .. want .. ": " .. text) end
  end
  result.hover = text

  -- 3. The built-in codelens module shows them too.
  vim.lsp.codelens.refresh()
  vim.wait(WAIT, function() return #(vim.lsp.codelens.get(buf) or {}) > 0 end, 50)
  result.codelens_module_count = #(vim.lsp.codelens.get(buf) or {})
  if result.codelens_module_count == 0 then return fail("codelens module shows nothing") end

  -- 4. Symbols and semantic tokens.
  local symbols = request(buf, "textDocument/documentSymbol", { textDocument = vim.lsp.util.make_text_document_params(buf) })
  result.symbols = #symbols
  if #symbols < 1 then return fail("no symbols") end
  local tokens = request(buf, "textDocument/semanticTokens/full", { textDocument = vim.lsp.util.make_text_document_params(buf) })
  result.token_ints = #tokens.data
  if #tokens.data == 0 or #tokens.data % 5 ~= 0 then return fail("bad semantic tokens: " .. vim.inspect(tokens)) end

  -- 5. Edit the grid so that the verdict changes: the last row `BB.` becomes `...`, and the
  --    answer becomes `no yes yes`: the expect line is now wrong.
  vim.api.nvim_buf_set_lines(buf, last_row, last_row + 1, false, { "..." })
  if not vim.wait(WAIT, function() return has_code(buf, "E210") end, 50) then
    return fail("no E210 after the edit: " .. vim.inspect(codes(buf)))
  end
  local d
  for _, found in ipairs(vim.diagnostic.get(buf)) do
    if tostring(found.code) == "E210" then d = found end
  end
  result.diagnostic_change = d.message
  log("diagnostic(change): " .. d.message:gsub("\n", " | "))
  if d.lnum ~= expect_line or not d.message:find("no yes yes", 1, true) then
    return fail("E210 in the wrong place or wording: " .. vim.inspect(d))
  end
  local after = settled_lenses(buf)
  result.lenses_change = after
  if after[1].title == titles[1].title then return fail("lens did not follow the edit: " .. after[1].title) end
  local update
  for _, t in ipairs(after) do
    if t.title == "update expect to no yes yes" then update = t end
  end
  if not update then return fail("no update-expect lens: " .. vim.inspect(after)) end
  log("codelens(change): " .. after[1].title .. " / " .. update.title)

  -- 6. The lens command: the server sends workspace/applyEdit, Neovim applies it, the error goes.
  request(buf, "workspace/executeCommand", { command = "boardls.writeExpect", arguments = { uri, 0 } })
  local ok = vim.wait(WAIT, function()
    local l = vim.api.nvim_buf_get_lines(buf, expect_line, expect_line + 1, false)[1]
    return l == "expect = no yes yes" and not has_code(buf, "E210")
  end, 50)
  if not ok then
    return fail("writeExpect did not fix the case: "
      .. vim.inspect(vim.api.nvim_buf_get_lines(buf, expect_line, expect_line + 1, false))
      .. " " .. vim.inspect(codes(buf)))
  end
  result.expect_written = vim.api.nvim_buf_get_lines(buf, expect_line, expect_line + 1, false)[1]
  log("writeExpect: " .. result.expect_written)

  -- 7. A clean stop: shutdown, exit, status 0.
  vim.lsp.stop_client(client_id)
  if not vim.wait(WAIT, function() return exit_code ~= nil end, 50) then
    return fail("server did not exit after shutdown/exit")
  end
  result.server_exit = exit_code
  if exit_code ~= 0 then return fail("server exit code " .. tostring(exit_code)) end

  local f = assert(io.open(out_path, "w"))
  f:write(vim.fn.json_encode(result) .. "\n")
  f:close()
  log("OK")
  vim.cmd("qall!")
end

vim.api.nvim_create_autocmd("VimEnter", {
  callback = function()
    vim.schedule(function()
      local ok, err = pcall(run)
      if not ok and tostring(err):find("stop", 1, true) == nil then
        log("ERROR: " .. tostring(err))
        vim.cmd("cquit 3")
      end
    end)
  end,
})
