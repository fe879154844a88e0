-- A minimal Neovim config for boardls, to try it or to copy from:
--   nvim -u editors/neovim/init.lua examples/zgame.board
-- Uses the `boardls` on PATH, or $BOARDLS_BIN when set.
local here = debug.getinfo(1, "S").source:sub(2):match("(.*/)") or "./"
vim.opt.runtimepath:prepend(here)
vim.cmd("runtime! ftdetect/board.lua")
vim.cmd("filetype plugin on")
vim.cmd("syntax on")

require("boardls").setup({
  cmd = { os.getenv("BOARDLS_BIN") or "boardls", "lsp" },
  -- Each case's solve budget (these are the defaults); `allow = { "W501" }` silences codes.
  init_options = { solveTimeMs = 10000, solveNodes = 50000000, solveMemoryMb = 1024 },
  on_attach = function(_, bufnr)
    local map = function(lhs, rhs, desc)
      vim.keymap.set("n", lhs, rhs, { buffer = bufnr, desc = desc })
    end
    map("K", vim.lsp.buf.hover, "hover: the case's verdict, or what a cell means")
    map("<leader>a", vim.lsp.buf.code_action, "quick fixes (e.g. update expect)")
    map("<leader>l", vim.lsp.codelens.run, "run the code lens on this line")
    map("<leader>f", function() vim.lsp.buf.format({ async = true }) end, "format (boardls fmt)")
    map("<leader>e", vim.diagnostic.open_float, "show the diagnostics of this line")
    map("<leader>E", require("boardls").fill_all_expected, "fill in all expected answers")
    -- Each case's judge answer after its header (Neovim 0.10+).
    if vim.lsp.inlay_hint and vim.lsp.inlay_hint.enable then
      pcall(vim.lsp.inlay_hint.enable, true, { bufnr = bufnr })
    end
  end,
})

-- Coloured cells: Neovim 0.9+ applies semantic tokens as @lsp.type.<type> highlight groups
-- (older versions have no semantic tokens, and reject `@` in group names).
if vim.fn.has("nvim-0.9") == 1 then
  vim.api.nvim_set_hl(0, "@lsp.type.winning", { link = "DiffAdd" })
  vim.api.nvim_set_hl(0, "@lsp.type.losing", { link = "DiffDelete" })
  vim.api.nvim_set_hl(0, "@lsp.type.drawn", { link = "DiffChange" })
  vim.api.nvim_set_hl(0, "@lsp.type.path", { bold = true, underline = true })
  vim.api.nvim_set_hl(0, "@lsp.type.meeting", { link = "Search" })
end

vim.opt.signcolumn = "yes"
vim.opt.updatetime = 300
