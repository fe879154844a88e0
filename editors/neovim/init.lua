-- A minimal Neovim config for boardls, to try it or to copy from:
--   nvim -u editors/neovim/init.lua examples/zgame.board
-- Uses the `boardls` on PATH, or $BOARDLS_BIN when set. Neovim 0.11+ starts the server with
-- vim.lsp.enable (the config is lsp/boardls.lua); 0.7-0.10 with require("boardls").setup().
local here = debug.getinfo(1, "S").source:sub(2):match("(.*/)") or "./"
-- ftdetect/, ftplugin/, syntax/, plugin/ (cell colours, lenses, hints), lsp/, lua/, queries/.
vim.opt.runtimepath:prepend(here)
vim.cmd("runtime! ftdetect/board.lua")
vim.cmd("filetype plugin on")
vim.cmd("syntax on")

local cmd = { os.getenv("BOARDLS_BIN") or "boardls", "lsp" }
-- Each case's solve budget (these are the defaults); `allow = { "W501" }` silences codes.
local init_options = { solveTimeMs = 10000, solveNodes = 50000000, solveMemoryMb = 1024 }

local function keys(bufnr)
  local map = function(lhs, rhs, desc)
    vim.keymap.set("n", lhs, rhs, { buffer = bufnr, desc = desc })
  end
  map("K", vim.lsp.buf.hover, "hover: the case's verdict, or what a cell means")
  map("<leader>a", vim.lsp.buf.code_action, "quick fixes (e.g. update expect)")
  map("<leader>l", vim.lsp.codelens.run, "run the code lens on this line")
  map("<leader>f", function() vim.lsp.buf.format({ async = true }) end, "format (boardls fmt)")
  map("<leader>e", vim.diagnostic.open_float, "show the diagnostics of this line")
  map("<leader>E", require("boardls").fill_all_expected, "fill in all expected answers")
end

if vim.lsp.enable then
  vim.lsp.config("boardls", { cmd = cmd, init_options = init_options })
  vim.lsp.enable("boardls")
  vim.api.nvim_create_autocmd("LspAttach", {
    callback = function(args)
      local client = vim.lsp.get_client_by_id(args.data.client_id)
      if client and client.name == "boardls" then
        keys(args.buf)
      end
    end,
  })
else
  require("boardls").setup({
    cmd = cmd,
    init_options = init_options,
    on_attach = function(_, bufnr)
      keys(bufnr)
    end,
  })
end

vim.opt.signcolumn = "yes"
vim.opt.updatetime = 300
