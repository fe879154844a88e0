-- boardls for Neovim 0.11+: with editors/neovim on 'runtimepath',
--
--   vim.lsp.enable("boardls")
--
-- starts `boardls lsp` for `board` buffers. Change what you need with vim.lsp.config, e.g.
--
--   vim.lsp.config("boardls", {
--     cmd = { "/path/to/boardls", "lsp" },
--     -- Each case's solve budget and codes to silence (the server's defaults otherwise).
--     init_options = { solveTimeMs = 30000, solveNodes = 50000000, solveMemoryMb = 1024, allow = { "W501" } },
--   })
--
-- plugin/boardls.lua gives every boardls client, on attach, the commands :BoardFillExpected and
-- :BoardExport, code lenses kept fresh, inlay hints, and the cell colours' highlight groups.
return {
  cmd = { "boardls", "lsp" },
  filetypes = { "board" },
  -- A project's root is its repository; a lone file is served on its own.
  root_markers = { ".git" },
}
