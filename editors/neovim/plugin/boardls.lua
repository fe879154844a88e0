-- boardls's plugin file, read at startup when editors/neovim is on 'runtimepath' (Neovim 0.7+):
-- the highlight groups of the server's semantic tokens (cells coloured by outcome, 0.9+), and
-- (0.8+) what every boardls client gets when it attaches to a buffer, however it was started
-- (vim.lsp.enable, require("boardls").setup(), nvim-lspconfig): see require("boardls").on_attach.
if vim.g.loaded_boardls then
  return
end
vim.g.loaded_boardls = true

-- Semantic tokens become @lsp.type.<type> highlight groups from 0.9 on (older versions have no
-- semantic tokens, and reject `@` in group names). `default` lets a colour scheme or a user's
-- config colour them otherwise; a colour scheme clears them, so they are set again after one.
if vim.fn.has("nvim-0.9") == 1 then
  local function link_cell_groups()
    vim.api.nvim_set_hl(0, "@lsp.type.winning", { link = "DiffAdd", default = true })
    vim.api.nvim_set_hl(0, "@lsp.type.losing", { link = "DiffDelete", default = true })
    vim.api.nvim_set_hl(0, "@lsp.type.drawn", { link = "DiffChange", default = true })
    vim.api.nvim_set_hl(0, "@lsp.type.path", { bold = true, underline = true, default = true })
    vim.api.nvim_set_hl(0, "@lsp.type.meeting", { link = "Search", default = true })
  end
  link_cell_groups()
  vim.api.nvim_create_autocmd("ColorScheme", {
    group = vim.api.nvim_create_augroup("boardls_highlights", { clear = true }),
    callback = link_cell_groups,
  })
end

if vim.fn.has("nvim-0.8") == 1 then
  vim.api.nvim_create_autocmd("LspAttach", {
    group = vim.api.nvim_create_augroup("boardls_attach", { clear = true }),
    callback = function(args)
      local client = vim.lsp.get_client_by_id(args.data.client_id)
      if client and client.name == "boardls" then
        require("boardls").on_attach(client, args.buf)
      end
    end,
  })
end
