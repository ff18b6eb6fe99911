-- The picture's part of the Neovim setup of scripts/screenshot-nvim, which puts it after the
-- book's lines for Neovim 0.7 (the first `lua` block of the Neovim section of book/src/editors.md:
-- they give `.fsm` files their filetype and start `fsm lsp`; the script puts `fsm` on the
-- path): a hover on the line of the first diagnostic once the diagnostics are in. Writes the file FSM_READY names
-- when the screen is complete.
vim.opt.shortmess:append('IF')
vim.opt.laststatus = 0
vim.opt.ruler = false
vim.opt.showmode = false
vim.opt.signcolumn = 'yes'

-- A border round the hover, so that the window reads apart from the text under it in a capture
-- without colours.
vim.lsp.handlers['textDocument/hover'] = vim.lsp.with(vim.lsp.handlers.hover, { border = 'single' })

-- The picture: once the diagnostics are in, the cursor goes to the first one's line, on the
-- transition's source state, and the hover opens.
local shown = false
vim.api.nvim_create_autocmd('DiagnosticChanged', {
  callback = function(args)
    local diagnostics = vim.diagnostic.get(args.buf)
    if shown or #diagnostics == 0 then
      return
    end
    shown = true
    vim.api.nvim_win_set_cursor(0, { diagnostics[1].lnum + 1, 4 })
    vim.lsp.buf.hover()
    local function wait_for_hover()
      for _, win in ipairs(vim.api.nvim_list_wins()) do
        if vim.api.nvim_win_get_config(win).relative ~= '' then
          vim.cmd('redraw')
          local ready = assert(io.open(os.getenv('FSM_READY'), 'w'))
          ready:write('ready\n')
          ready:close()
          return
        end
      end
      vim.defer_fn(wait_for_hover, 20)
    end
    wait_for_hover()
  end,
})
