-- Filetype detection for boardls: `*.board` files are filetype `board`.
-- vim.filetype.add is the way from 0.8 on; in 0.7 it exists but is only read when filetype.lua is
-- switched on, so the autocommand stays for 0.7 (setfiletype never overrides a detected type).
if vim.filetype and vim.filetype.add then
  vim.filetype.add({ extension = { board = "board" } })
end
vim.cmd([[
  augroup boardls_ftdetect
    autocmd!
    autocmd BufRead,BufNewFile *.board setfiletype board
  augroup END
]])
