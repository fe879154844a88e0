-- boardls for Neovim. On 0.11+ the config is lsp/boardls.lua: `vim.lsp.enable("boardls")`.
-- On 0.7-0.10, setup() starts `boardls lsp` for `board` buffers, in the style of nvim-lspconfig:
--
--   require("boardls").setup({
--     cmd = { "boardls", "lsp" },        -- default; or { "/path/to/boardls", "lsp" }
--     -- Optional: each case's solve budget and codes to silence (the server's defaults otherwise).
--     init_options = { solveTimeMs = 30000, solveNodes = 50000000, solveMemoryMb = 1024, allow = { "W501" } },
--     on_attach = function(client, bufnr) ... end,
--   })
--
-- With nvim-lspconfig installed, the same options also register `require("lspconfig").boardls`
-- (see register_lspconfig below). Works on Neovim 0.7+ (vim.lsp.start from 0.8 is used when present).
local M = {}

M.default_config = {
  name = "boardls",
  cmd = { "boardls", "lsp" },
  filetypes = { "board" },
  -- The root is the nearest folder with a .git or Cargo.toml; else the file's own folder.
  root_markers = { ".git", "Cargo.toml" },
  settings = {},
}

local function find_root(fname, markers)
  local dir = vim.fn.fnamemodify(fname, ":p:h")
  for _, marker in ipairs(markers) do
    local hit = vim.fn.finddir(marker, dir .. ";")
    if hit == "" then
      hit = vim.fn.findfile(marker, dir .. ";")
    end
    if hit ~= "" then
      local full = (vim.fn.fnamemodify(hit, ":p"):gsub("/$", ""))
      return vim.fn.fnamemodify(full, ":h")
    end
  end
  return dir
end

local function executable_or_warn(cmd)
  if vim.fn.executable(cmd[1]) == 1 then
    return true
  end
  vim.notify(
    ("boardls: cannot find `%s`. Install it with `cargo install --path .` in the boardls repository, "
      .. "or pass cmd = { '/path/to/boardls', 'lsp' } to require('boardls').setup()."):format(cmd[1]),
    vim.log.levels.ERROR
  )
  return false
end

--- Runs server command `command` (e.g. "boardls.writeAllExpect") with `args` on buffer `bufnr`.
local function execute(bufnr, command, args)
  local params = { command = command, arguments = args }
  vim.lsp.buf_request(bufnr, "workspace/executeCommand", params, function(err)
    if err then
      vim.notify("boardls: " .. (err.message or tostring(err)), vim.log.levels.ERROR)
    end
  end)
end

--- Writes every case's `expect` line of the current buffer (the server's boardls.writeAllExpect).
function M.fill_all_expected(bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  execute(bufnr, "boardls.writeAllExpect", { vim.uri_from_bufnr(bufnr) })
end

-- The boardls clients attached to buffer `bufnr` (0.7 has neither get_clients nor filters).
local function attached_clients(bufnr)
  local found = {}
  for _, client in pairs((vim.lsp.get_clients or vim.lsp.get_active_clients)()) do
    if client.name == "boardls" and vim.lsp.buf_is_attached(bufnr, client.id) then
      table.insert(found, client)
    end
  end
  return found
end

--- Runs `boardls export FILE --out DIR` for the current file, with the binary of the server
--- attached to it (else the one of `config`, setup()'s, or `boardls`).
function M.export(out_dir, config)
  local bufnr = vim.api.nvim_get_current_buf()
  local cmd = (config or M.config or M.default_config).cmd
  if not config then
    for _, client in ipairs(attached_clients(bufnr)) do
      if type(client.config.cmd) == "table" then
        cmd = client.config.cmd
      end
    end
  end
  local file = vim.api.nvim_buf_get_name(bufnr)
  local output = vim.fn.system({ cmd[1], "export", file, "--out", out_dir })
  if vim.v.shell_error ~= 0 then
    vim.notify("boardls export failed:\n" .. output, vim.log.levels.ERROR)
  else
    vim.notify("boardls: tests exported to " .. out_dir)
  end
end

-- How long :BoardlsRender waits for a case still being solved before it draws it without results.
local RENDER_WAIT_MS = 10000
local RENDER_RETRY_MS = 100

--- Where the picture of the case titled `title` goes: `target` when it names an `.svg` file;
--- else, in folder `target` (default: the buffer's folder), the buffer's file name without
--- `.board` and the title in lowercase letters, digits and dashes (`e2e-zgame-sample-1.svg`).
local function picture_path(bufnr, title, target)
  if target and target ~= "" and target:match("%.svg$") then
    return vim.fn.fnamemodify(target, ":p")
  end
  local file = vim.api.nvim_buf_get_name(bufnr)
  local dir = (target and target ~= "") and target
    or (file ~= "" and vim.fn.fnamemodify(file, ":p:h") or vim.fn.getcwd())
  local base = file ~= "" and vim.fn.fnamemodify(file, ":t:r") or "board"
  local slug = title:lower():gsub("[^%w]+", "-"):gsub("^%-+", ""):gsub("%-+$", "")
  return vim.fn.fnamemodify(dir, ":p"):gsub("/$", "") .. "/" .. base .. "-" .. slug .. ".svg"
end

--- Writes the picture of the case under the cursor (the server's boardls/render) to an SVG file
--- and says where: `target` is an `.svg` path or a folder (default: beside the file). The theme
--- follows 'background'. A case still being solved is asked for again until it is solved (at
--- most RENDER_WAIT_MS), then drawn as it is.
function M.render(target, bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  local clients = attached_clients(bufnr)
  if #clients == 0 then
    vim.notify("boardls: no boardls server is attached to this buffer", vim.log.levels.ERROR)
    return
  end
  local client = clients[1]
  local position = vim.lsp.util.make_position_params(0, client.offset_encoding).position
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    position = position,
    theme = vim.o.background == "light" and "light" or "dark",
  }
  local deadline = vim.loop.now() + RENDER_WAIT_MS
  local function ask()
    vim.lsp.buf_request(bufnr, "boardls/render", params, function(err, result, ctx)
      if ctx and ctx.client_id ~= client.id then
        return
      end
      if err then
        vim.notify("boardls: render failed: " .. (err.message or tostring(err)), vim.log.levels.ERROR)
        return
      end
      if not result then
        vim.notify("boardls: no case to draw in this buffer", vim.log.levels.WARN)
        return
      end
      if result.solving and vim.loop.now() < deadline then
        vim.defer_fn(ask, RENDER_RETRY_MS)
        return
      end
      local path = picture_path(bufnr, result.title, target)
      local file, open_err = io.open(path, "wb")
      if not file then
        vim.notify("boardls: cannot write " .. path .. ": " .. tostring(open_err), vim.log.levels.ERROR)
        return
      end
      file:write(result.svg)
      file:close()
      local note = result.solving and " (still solving: drawn without results)" or ""
      vim.notify(("boardls: %s drawn to %s%s"):format(result.title, path, note))
    end)
  end
  ask()
end

--- The case under the cursor: its 1-based number, its header's line and its last non-blank
--- line (0-based), and the line of its `moves =` (0-based) when it has one. Cases start at lines
--- whose first character (after indentation) is `[`, as in the format.
local function case_at_cursor(bufnr)
  local lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  local cursor = vim.api.nvim_win_get_cursor(0)[1]
  local case, header
  for i = 1, #lines do
    if lines[i]:match("^%s*%[") then
      if i > cursor and case then
        break
      end
      case, header = (case or 0) + 1, i
    end
  end
  if not case then
    return nil
  end
  local last, moves = header, nil
  for i = header + 1, #lines do
    if lines[i]:match("^%s*%[") then
      break
    end
    if lines[i]:match("%S") then
      last = i
    end
    if not moves and lines[i]:match("^%s*moves%s*=") then
      moves = i
    end
  end
  return { number = case, header = header - 1, last = last - 1, moves = moves and moves - 1 }
end

--- Plays the case under the cursor on (the server's boardls/play), after its own moves and
--- `extra` (moves separated by spaces): lists every legal move with its answer, best first,
--- and writes the chosen one at the end of the case's `moves =` line (added after the case's
--- last line when it has none), as one undoable change.
function M.play(extra, bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  if #attached_clients(bufnr) == 0 then
    vim.notify("boardls: no boardls server is attached to this buffer", vim.log.levels.ERROR)
    return
  end
  local case = case_at_cursor(bufnr)
  if not case then
    vim.notify("boardls: no case in this buffer", vim.log.levels.WARN)
    return
  end
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    case = case.number,
    moves = extra or "",
  }
  vim.lsp.buf_request(bufnr, "boardls/play", params, function(err, report)
    if err then
      vim.notify("boardls: cannot play: " .. (err.message or tostring(err)), vim.log.levels.ERROR)
      return
    end
    if not report then
      return
    end
    if report.over or #report.moves == 0 then
      vim.notify(("boardls: the game is over; answer: %s"):format(report.answer))
      return
    end
    local prompt = ("%s to move (answer: %s)"):format(report.to_move, report.answer)
    vim.ui.select(report.moves, {
      prompt = prompt,
      format_item = function(m)
        return m["move"] .. " → " .. m.answer
      end,
    }, function(choice)
      if not choice then
        return
      end
      local played = vim.deepcopy(report.played)
      table.insert(played, choice["move"])
      local line = "moves = " .. table.concat(played, " ")
      -- The server's own view of the case may have changed since the request: find it again.
      local now = case_at_cursor(bufnr) or case
      -- A step of its own for `u`, even when a script plays several moves in a row.
      vim.api.nvim_buf_call(bufnr, function()
        vim.bo.undolevels = vim.bo.undolevels
      end)
      if now.moves then
        vim.api.nvim_buf_set_lines(bufnr, now.moves, now.moves + 1, false, { line })
      else
        vim.api.nvim_buf_set_lines(bufnr, now.last + 1, now.last + 1, false, { line })
      end
    end)
  end)
end

local function buffer_commands(bufnr)
  vim.api.nvim_buf_create_user_command(bufnr, "BoardFillExpected", function()
    M.fill_all_expected(bufnr)
  end, { desc = "boardls: fill in all expected answers" })
  vim.api.nvim_buf_create_user_command(bufnr, "BoardExport", function(opts)
    M.export(opts.args)
  end, { nargs = 1, complete = "dir", desc = "boardls: export judge tests to a folder" })
  vim.api.nvim_buf_create_user_command(bufnr, "BoardlsRender", function(opts)
    M.render(opts.args, bufnr)
  end, { nargs = "?", complete = "file", desc = "boardls: draw the case under the cursor to an SVG file" })
  vim.api.nvim_buf_create_user_command(bufnr, "BoardlsPlay", function(opts)
    M.play(opts.args, bufnr)
  end, { nargs = "*", desc = "boardls: play the case under the cursor on: pick a move" })
end

--- What a boardls client adds to a buffer, however it was started (plugin/boardls.lua calls it
--- on LspAttach from 0.8 on; setup() on 0.7): the commands :BoardFillExpected, :BoardExport,
--- :BoardlsRender and :BoardlsPlay,
--- code lenses kept fresh, and each case's judge answer as an inlay hint (0.10+). Once per buffer.
function M.on_attach(_, bufnr)
  if vim.b[bufnr].boardls_attached then
    return
  end
  vim.b[bufnr].boardls_attached = true
  buffer_commands(bufnr)
  -- Code lenses are the verdicts: keep them fresh (Neovim shows them as virtual text). Solver
  -- results come after the edit, with new diagnostics, so refresh on those too. (0.7 refreshes
  -- the current buffer and ignores the argument.)
  local function refresh()
    pcall(vim.lsp.codelens.refresh, { bufnr = bufnr })
  end
  refresh()
  vim.api.nvim_create_autocmd({ "BufEnter", "InsertLeave", "TextChanged", "DiagnosticChanged" }, {
    group = vim.api.nvim_create_augroup("boardls_codelens_" .. bufnr, { clear = true }),
    buffer = bufnr,
    callback = refresh,
  })
  if vim.lsp.inlay_hint and vim.lsp.inlay_hint.enable and vim.fn.has("nvim-0.10") == 1 then
    pcall(vim.lsp.inlay_hint.enable, true, { bufnr = bufnr })
  end
end

local client_ids = {}

local function attach(bufnr, config)
  local fname = vim.api.nvim_buf_get_name(bufnr)
  local root = find_root(fname ~= "" and fname or vim.fn.getcwd() .. "/x", config.root_markers)
  local on_attach = function(client, b)
    M.on_attach(client, b)
    if config.on_attach then
      config.on_attach(client, b)
    end
  end
  local client_config = {
    name = config.name,
    cmd = config.cmd,
    root_dir = root,
    settings = config.settings,
    init_options = config.init_options,
    capabilities = config.capabilities,
    on_attach = on_attach,
  }
  if vim.lsp.start then
    vim.lsp.start(client_config, { bufnr = bufnr })
  else
    -- Neovim 0.7: one client per root, attached by hand.
    local id = client_ids[root]
    if not id or not vim.lsp.get_client_by_id(id) then
      id = vim.lsp.start_client(client_config)
      client_ids[root] = id
    end
    if id then
      vim.lsp.buf_attach_client(bufnr, id)
    end
  end
end

--- Starts boardls for every `board` buffer, now and later.
function M.setup(opts)
  local config = vim.tbl_deep_extend("force", M.default_config, opts or {})
  M.config = config
  if not executable_or_warn(config.cmd) then
    return
  end
  local group = vim.api.nvim_create_augroup("boardls", { clear = true })
  vim.api.nvim_create_autocmd("FileType", {
    group = group,
    pattern = config.filetypes,
    callback = function(args)
      attach(args.buf, config)
    end,
  })
  -- Buffers that were opened before setup ran.
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and vim.tbl_contains(config.filetypes, vim.bo[bufnr].filetype) then
      attach(bufnr, config)
    end
  end
end

--- Registers boardls with nvim-lspconfig, for `require("lspconfig").boardls.setup({})`.
function M.register_lspconfig()
  local ok, configs = pcall(require, "lspconfig.configs")
  if not ok then
    return false
  end
  if not configs.boardls then
    local util = require("lspconfig.util")
    configs.boardls = {
      default_config = {
        cmd = M.default_config.cmd,
        filetypes = M.default_config.filetypes,
        root_dir = util.root_pattern(unpack(M.default_config.root_markers)),
        single_file_support = true,
        settings = {},
      },
      docs = { description = "boardls: language server for .board files (two-player grid games)." },
    }
  end
  return true
end

return M
