-- Drives `fsm lsp` from Neovim's built-in LSP client (0.7), as a user would: opens the spec,
-- reads the diagnostics Neovim shows, hovers, applies quick fixes and renames through
-- `vim.lsp.buf`, jumps to a definition, lists references and the outline, completes, formats,
-- writes the file, and stops the server. Started by fsm-cli/tests/it/neovim.rs:
--
--   nvim --headless --clean -n -i NONE -c "lua dofile(os.getenv('FSM_CLIENT'))"
--
-- with FSM_CLIENT (this file), FSM_BIN (the `fsm` binary), FSM_SPEC (the spec to open, in a scratch directory) and
-- FSM_RESULTS (where to write what each step saw, as JSON). The Rust test judges the results;
-- this script only records them. A step that fails or times out records its error, and the
-- script exits with `:cq` (status 1) after writing what it has.

local bin, spec, results_path = os.getenv('FSM_BIN'), os.getenv('FSM_SPEC'), os.getenv('FSM_RESULTS')
local results = { steps = {} }
local failed = false
-- Every step waits at most this long for the server: a hung server fails the test.
local TIMEOUT_MS = 10000

local function write_results()
  local file = assert(io.open(results_path, 'w'))
  file:write(vim.fn.json_encode(results))
  file:close()
end

-- Runs one step; what it returns is recorded under its name, an error ends the run.
local function step(name, fn)
  if failed then
    return
  end
  local ok, value = pcall(fn)
  if ok then
    results.steps[name] = value
  else
    failed = true
    results.error = name .. ': ' .. tostring(value)
  end
end

local function wait_for(what, condition)
  if not vim.wait(TIMEOUT_MS, condition, 10) then
    error('timed out after ' .. TIMEOUT_MS .. ' ms waiting for ' .. what)
  end
end

-- Messages the LSP client shows the user (errors of requests among them).
local notified = {}
vim.notify = function(message, level)
  table.insert(notified, { message = message, level = level or vim.log.levels.INFO })
end

-- Counts the diagnostics the server publishes, to wait for those of the latest change.
local published = 0
local publish = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
  publish(err, result, ctx, config)
  published = published + 1
end

-- The code action the next `vim.lsp.buf.code_action()` picks, by title; the titles offered.
local wanted_action, offered = nil, nil
vim.ui.select = function(items, opts, on_choice)
  offered = {}
  local chosen = nil
  for _, item in ipairs(items) do
    local title = opts.format_item and opts.format_item(item) or tostring(item)
    table.insert(offered, title)
    if title == wanted_action then
      chosen = item
    end
  end
  on_choice(chosen)
end

local exited = nil
local client_id = vim.lsp.start_client({
  name = 'fsm',
  cmd = { bin, 'lsp' },
  root_dir = vim.fn.fnamemodify(spec, ':h'),
  on_exit = function(code, signal)
    exited = { code = code, signal = signal }
  end,
})
if not client_id then
  results.error = 'vim.lsp.start_client did not start `' .. bin .. ' lsp`'
  write_results()
  vim.cmd('cq')
end

vim.cmd('edit ' .. vim.fn.fnameescape(spec))
local buf = vim.api.nvim_get_current_buf()
vim.bo[buf].filetype = 'fsm'

local function text()
  return table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n') .. '\n'
end

-- What Neovim shows: 0-based lines, byte columns, severities 1 (error) to 4 (hint).
local function shown()
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(out, {
      code = d.code,
      severity = d.severity,
      lnum = d.lnum,
      col = d.col,
      end_lnum = d.end_lnum,
      end_col = d.end_col,
      source = d.source,
      message = d.message,
    })
  end
  table.sort(out, function(a, b)
    return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col)
  end)
  return out
end

-- Waits for the diagnostics of the text as it is now, after `before` publications.
local function fresh_diagnostics(before)
  wait_for('the diagnostics of the changed text', function()
    return published > before
  end)
  return shown()
end

-- Puts the cursor on the first `word` of line `lnum` (0-based), after byte column `from`.
local function cursor_on(lnum, word, from)
  local line = vim.api.nvim_buf_get_lines(buf, lnum, lnum + 1, false)[1]
  local col = line:find(word, (from or 0) + 1, true)
  assert(col, 'no `' .. word .. '` on line ' .. lnum .. ': ' .. line)
  vim.api.nvim_win_set_cursor(0, { lnum + 1, col - 1 })
end

local function line_of(word)
  for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    if line:find(word, 1, true) then
      return i - 1
    end
  end
  error('no line holds `' .. word .. '`')
end

-- Picks the quick fix titled `title` at the cursor, as `vim.lsp.buf.code_action()` offers it.
local function quick_fix(title)
  local before = published
  local count = #notified
  wanted_action, offered = title, nil
  vim.lsp.buf.code_action()
  -- Neovim says "No code actions available" rather than offering none.
  wait_for('the code actions', function()
    return offered ~= nil or #notified > count
  end)
  assert(offered, 'no code actions offered: ' .. vim.inspect(notified[#notified]))
  return { offered = offered, diagnostics = fresh_diagnostics(before), text = text() }
end

step('attach', function()
  assert(vim.lsp.buf_attach_client(buf, client_id), 'buf_attach_client refused')
  wait_for('the server to initialise', function()
    local client = vim.lsp.get_client_by_id(client_id)
    return client ~= nil and client.initialized
  end)
  local client = vim.lsp.get_client_by_id(client_id)
  return { offset_encoding = client.offset_encoding, text = text() }
end)

step('open', function()
  wait_for('the diagnostics of the opened spec', function()
    return published > 0
  end)
  return shown()
end)

step('hover', function()
  cursor_on(line_of('state Open'), 'Open')
  vim.lsp.buf.hover()
  local float = nil
  wait_for('the hover window', function()
    for _, win in ipairs(vim.api.nvim_list_wins()) do
      if vim.api.nvim_win_get_config(win).relative ~= '' then
        float = win
        return true
      end
    end
    return false
  end)
  local lines = vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(float), 0, -1, false)
  vim.api.nvim_win_close(float, true)
  return lines
end)

step('fix_state', function()
  -- At the start of the line, off the name, as a user asks for the line's fixes.
  vim.api.nvim_win_set_cursor(0, { line_of('-> Opn') + 1, 0 })
  return quick_fix('Replace with `Open`')
end)

step('fix_timer', function()
  -- On the line with the label's emoji: the range is in UTF-16 units, Neovim's columns bytes.
  local lnum = line_of('AutoClos;')
  cursor_on(lnum, 'AutoClos;')
  return quick_fix('Replace with `AutoClose`')
end)

step('fix_unhandled_shut', function()
  cursor_on(line_of('state Shut'), 'Shut')
  return quick_fix('Add `ignore Force in Shut;`')
end)

step('fix_unhandled_open', function()
  cursor_on(line_of('state Open'), 'Open')
  return quick_fix('Add `ignore Force in Open;`')
end)

step('fix_unused', function()
  cursor_on(line_of('action Ring'), 'Ring')
  return quick_fix('Remove the unused declaration of `Ring`')
end)

step('rename', function()
  -- The timer's second name on the line of the emoji: the position goes out in UTF-16 units.
  local lnum = line_of('exit stop AutoClose')
  local line = vim.api.nvim_buf_get_lines(buf, lnum, lnum + 1, false)[1]
  cursor_on(lnum, 'AutoClose', line:find('exit', 1, true))
  local before = text()
  vim.lsp.buf.rename('DoorTimer')
  wait_for('the renamed text', function()
    return text() ~= before
  end)
  return text()
end)

step('definition', function()
  cursor_on(line_of('Open -> Shut on'), 'Shut')
  local before = vim.api.nvim_win_get_cursor(0)
  vim.lsp.buf.definition()
  wait_for('the jump to the definition', function()
    local now = vim.api.nvim_win_get_cursor(0)
    return now[1] ~= before[1] or now[2] ~= before[2]
  end)
  -- 1-based line, byte column.
  return vim.api.nvim_win_get_cursor(0)
end)

-- The items of the quickfix list a request fills, its window closed again.
local function list_of(get, close)
  wait_for('the list', function()
    return #get() > 0
  end)
  local items = {}
  for _, item in ipairs(get()) do
    -- 1-based line, 1-based byte column.
    table.insert(items, { lnum = item.lnum, col = item.col, text = item.text })
  end
  vim.cmd(close)
  vim.api.nvim_set_current_buf(buf)
  return items
end

step('references', function()
  cursor_on(line_of('timer DoorTimer'), 'DoorTimer')
  vim.fn.setqflist({}, 'r')
  vim.lsp.buf.references()
  return list_of(vim.fn.getqflist, 'cclose')
end)

step('symbols', function()
  vim.fn.setqflist({}, 'r')
  vim.lsp.buf.document_symbol()
  return list_of(vim.fn.getqflist, 'cclose')
end)

step('completion', function()
  -- At the start of the target of `Open -> Shut`: states are expected there.
  cursor_on(line_of('Open -> Shut on'), 'Shut')
  local params = vim.lsp.util.make_position_params()
  local responses = vim.lsp.buf_request_sync(buf, 'textDocument/completion', params, TIMEOUT_MS)
  assert(responses and responses[client_id], 'no completion response')
  local labels = {}
  for _, item in ipairs(vim.lsp.util.extract_completion_items(responses[client_id].result)) do
    table.insert(labels, item.label)
  end
  return labels
end)

step('typing', function()
  -- A transition typed in insert mode below the last one, in two goes: half a line (a syntax
  -- error, and completion there offers the states), then the rest with an unknown state; then
  -- both undone. The diagnostics follow each.
  local function keys(typed)
    vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(typed, true, false, true), 'xt', false)
  end
  vim.api.nvim_win_set_cursor(0, { line_of('internal Open on Push') + 1, 0 })
  local before = published
  keys('oShut -> <Esc>')
  local half = { text = text(), diagnostics = fresh_diagnostics(before) }
  local lnum = vim.api.nvim_win_get_cursor(0)[1] - 1
  local line = vim.api.nvim_buf_get_lines(buf, lnum, lnum + 1, false)[1]
  local params = vim.lsp.util.make_position_params()
  params.position = { line = lnum, character = vim.str_utfindex(line) }
  local responses = vim.lsp.buf_request_sync(buf, 'textDocument/completion', params, TIMEOUT_MS)
  assert(responses and responses[client_id], 'no completion response')
  half.completion = {}
  for _, item in ipairs(vim.lsp.util.extract_completion_items(responses[client_id].result)) do
    table.insert(half.completion, item.label)
  end
  before = published
  keys('ANowhere on Push;<Esc>')
  local typed = { text = text(), diagnostics = fresh_diagnostics(before) }
  before = published
  keys('uu')
  return { half = half, typed = typed, undone = { text = text(), diagnostics = fresh_diagnostics(before) } }
end)

step('refused_rename', function()
  cursor_on(line_of('state Shut'), 'Shut')
  local before, count = text(), #notified
  vim.lsp.buf.rename('machine')
  wait_for('the refusal', function()
    return #notified > count
  end)
  return { notified = notified[#notified], unchanged = text() == before }
end)

step('format', function()
  local before = published
  -- `formatting_sync` is 0.7's name; 0.8 renamed it `format`.
  if vim.lsp.buf.format then
    vim.lsp.buf.format({ timeout_ms = TIMEOUT_MS })
  else
    vim.lsp.buf.formatting_sync(nil, TIMEOUT_MS)
  end
  return { text = text(), diagnostics = fresh_diagnostics(before) }
end)

step('save', function()
  -- `:write` sends `didSave`, which the server does not ask for; it answers on.
  vim.cmd('write')
  cursor_on(line_of('state Shut'), 'Shut')
  local responses =
    vim.lsp.buf_request_sync(buf, 'textDocument/hover', vim.lsp.util.make_position_params(), TIMEOUT_MS)
  assert(responses and responses[client_id], 'no hover after :write')
  return { saved = table.concat(vim.fn.readfile(spec), '\n') .. '\n' == text(), hover = responses[client_id].result ~= nil }
end)

step('second_file', function()
  -- A second spec in the same server: its own diagnostics; wiping its buffer closes it
  -- (`didClose`) and the server clears them, while the first spec is left as it is.
  local other = vim.fn.fnamemodify(spec, ':h') .. '/other.fsm'
  vim.fn.writefile({ 'machine Other {', '    initial state A;', '    event E;', '    A -> B on E;', '}' }, other)
  local before = published
  vim.cmd('edit ' .. vim.fn.fnameescape(other))
  local other_buf = vim.api.nvim_get_current_buf()
  assert(vim.lsp.buf_attach_client(other_buf, client_id), 'buf_attach_client refused the second buffer')
  wait_for('the diagnostics of the second spec', function()
    return published > before and #vim.diagnostic.get(other_buf) > 0
  end)
  local codes = {}
  for _, d in ipairs(vim.diagnostic.get(other_buf)) do
    table.insert(codes, d.code)
  end
  before = published
  vim.cmd('bwipeout ' .. other_buf)
  wait_for('the diagnostics cleared after didClose', function()
    return published > before
  end)
  vim.api.nvim_set_current_buf(buf)
  return { codes = codes, first = #vim.diagnostic.get(buf), first_text = text() }
end)

step('stop', function()
  vim.lsp.stop_client(client_id)
  wait_for('the server to exit', function()
    return exited ~= nil
  end)
  return exited
end)

write_results()
if failed then
  vim.cmd('cq')
else
  vim.cmd('qa!')
end
