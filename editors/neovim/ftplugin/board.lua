-- Buffer options for `.board` files: `//` comments, so `gc` (0.10+) and `gq` know them.
vim.bo.commentstring = "// %s"
vim.bo.comments = "://"
vim.bo.expandtab = true
vim.b.undo_ftplugin = "setlocal commentstring< comments< expandtab<"
