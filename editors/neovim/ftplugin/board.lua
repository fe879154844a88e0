-- Buffer options for `.board` files: `//` comments, so `gc` (0.10+) and `gq` know them.
vim.bo.commentstring = "// %s"
vim.bo.comments = "://"
vim.bo.expandtab = true
vim.b.undo_ftplugin = "setlocal commentstring< comments< expandtab<"

-- tree-sitter highlighting when a `board` parser is installed (grammar/tree-sitter-board, e.g.
-- through nvim-treesitter, or parser/board.so on 'runtimepath'); syntax/board.vim otherwise.
if vim.fn.has("nvim-0.10") == 1 and #vim.api.nvim_get_runtime_file("parser/board.*", false) > 0 then
  if pcall(vim.treesitter.start, 0, "board") then
    vim.b.undo_ftplugin = vim.b.undo_ftplugin .. " | lua vim.treesitter.stop()"
  end
end
