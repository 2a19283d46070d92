-- The Neovim end-to-end test, run from VimEnter (the -u script runs before the file is loaded).
-- The plugin was set up by init.lua as the README says; the current buffer is a copy of
-- Examples/problems/conflict.layout. Prints one line per step; on failure prints why and
-- exits with status 1 (:cquit), on success quits with :qa! (status 0).

local TIMEOUT = tonumber(vim.env.PLUMB_TEST_TIMEOUT_MS or '') or 20000
local failed = false

local function say(line)
  io.stdout:write(line .. '\n')
end

local function fail(message)
  failed = true
  say('not ok - ' .. message)
  local log = vim.lsp.get_log_path and vim.lsp.get_log_path()
  if log then
    say('# lsp log: ' .. log)
  end
  for _, client in ipairs(vim.lsp.get_clients and vim.lsp.get_clients() or vim.lsp.get_active_clients()) do
    if vim.fn.has('nvim-0.11') == 1 then
      pcall(client.stop, client, true)
    else
      pcall(client.stop, true)
    end
  end
  vim.cmd('cquit 1')
end

local function ok(message)
  say('ok - ' .. message)
end

local function check(condition, message)
  if not condition then
    fail(message)
    error('failed: ' .. message, 0)
  end
end

local function wait(what, predicate)
  local done = vim.wait(TIMEOUT, predicate, 20)
  check(done, string.format('timed out after %d ms waiting for %s', TIMEOUT, what))
end

local function plumb_clients(bufnr)
  local found = {}
  local all = vim.lsp.get_clients and vim.lsp.get_clients() or vim.lsp.get_active_clients()
  for _, client in ipairs(all) do
    if client.name == 'plumb' and vim.lsp.buf_is_attached(bufnr, client.id) then
      table.insert(found, client)
    end
  end
  return found
end

local function diagnostics_with_code(bufnr, code)
  local found = {}
  for _, diagnostic in ipairs(vim.diagnostic.get(bufnr)) do
    local diagnostic_code = diagnostic.code or (diagnostic.user_data and diagnostic.user_data.lsp and diagnostic.user_data.lsp.code)
    if diagnostic_code == code then
      table.insert(found, diagnostic)
    end
  end
  return found
end

local function find_in_buffer(bufnr, pattern)
  for number, line in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
    local column = line:find(pattern)
    if column then
      return number - 1, column - 1, line
    end
  end
  return nil
end

local function request(bufnr, method, params)
  local responses, err = vim.lsp.buf_request_sync(bufnr, method, params, TIMEOUT)
  check(responses ~= nil, string.format('%s: no answer (%s)', method, tostring(err)))
  for _, response in pairs(responses) do
    check(response.err == nil, string.format('%s: error %s', method, vim.inspect(response.err)))
    return response.result
  end
  fail(method .. ': no client answered')
end

local function hover_text(result)
  local contents = result and result.contents
  if type(contents) == 'string' then
    return contents
  elseif type(contents) == 'table' and contents.value then
    return contents.value
  elseif type(contents) == 'table' then
    local parts = {}
    for _, part in ipairs(contents) do
      table.insert(parts, type(part) == 'string' and part or part.value)
    end
    return table.concat(parts, '\n')
  end
  return ''
end

local function run()
  local bufnr = vim.api.nvim_get_current_buf()
  say('# ' .. vim.split(vim.fn.execute('version'), '\n', { trimempty = true })[1])

  check(vim.bo[bufnr].filetype == 'layout', 'the .layout file has filetype layout (got ' .. vim.bo[bufnr].filetype .. ')')
  ok('filetype layout')

  wait('the plumb client to attach', function()
    return #plumb_clients(bufnr) > 0
  end)
  local client = plumb_clients(bufnr)[1]
  ok('plumb lsp attached (client ' .. client.id .. ')')

  if vim.lsp.inlay_hint and vim.lsp.inlay_hint.is_enabled then
    wait('inlay hints to be enabled (Neovim 0.10+)', function()
      return vim.lsp.inlay_hint.is_enabled({ bufnr = bufnr })
    end)
    ok('inlay hints enabled')
  end

  -- Syntax highlighting from the plugin's syntax/layout.vim.
  if vim.g.syntax_on then
    local function syntax_at(pattern)
      local line, column = find_in_buffer(bufnr, pattern)
      check(line ~= nil, 'no ' .. pattern .. ' in the buffer')
      return vim.fn.synIDattr(vim.fn.synID(line + 1, column + 1, 1), 'name')
    end
    check(syntax_at('^#') == 'layoutComment', 'comment highlighted, got ' .. syntax_at('^#'))
    check(syntax_at('^canvas') == 'layoutStatement', 'canvas highlighted')
    check(syntax_at('^view') == 'layoutKind', 'view kind highlighted')
    check(syntax_at('^H:') == 'layoutVflOrientation', 'VFL orientation highlighted')
    check(syntax_at('width ==') == 'layoutAttribute', 'attribute highlighted, got ' .. syntax_at('width =='))
    ok('syntax highlighting')
  else
    say('# syntax is off: highlighting not checked')
  end

  wait('a diagnostic with code "conflict"', function()
    return #diagnostics_with_code(bufnr, 'conflict') > 0
  end)
  local conflict = diagnostics_with_code(bufnr, 'conflict')[1]
  check(conflict.source == 'plumb', 'the diagnostic comes from plumb')
  check(conflict.severity == vim.diagnostic.severity.ERROR, 'the conflict is an error')
  check(conflict.message:find('Unable to simultaneously satisfy constraints', 1, true) ~= nil,
    'the conflict says what UIKit says: ' .. conflict.message)
  local conflict_line = vim.api.nvim_buf_get_lines(bufnr, conflict.lnum, conflict.lnum + 1, false)[1]
  ok(string.format('diagnostic %d:%d [conflict] on %q', conflict.lnum + 1, conflict.col + 1, conflict_line))

  -- Hover on the view's declaration: its frame.
  local line, column = find_in_buffer(bufnr, 'Banner')
  local uri = vim.uri_from_bufnr(bufnr)
  local hover = request(bufnr, 'textDocument/hover', {
    textDocument = { uri = uri },
    position = { line = line, character = column + 2 },
  })
  local text = hover_text(hover)
  check(text:find('frame') ~= nil, 'the hover on Banner mentions its frame: ' .. text)
  ok('hover on Banner: ' .. (vim.split(text, '\n', { trimempty = true })[1] or ''))

  -- The hover UI: vim.lsp.buf.hover() opens a floating window with the same text.
  vim.api.nvim_win_set_cursor(0, { line + 1, column + 2 })
  vim.lsp.buf.hover()
  local float
  wait('the hover window', function()
    for _, window in ipairs(vim.api.nvim_list_wins()) do
      if vim.api.nvim_win_get_config(window).relative ~= '' then
        float = window
        return true
      end
    end
    return false
  end)
  local shown = table.concat(vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(float), 0, -1, false), '\n')
  check(shown:find('frame') ~= nil, 'the hover window shows the frame: ' .. shown)
  vim.api.nvim_win_close(float, true)
  ok('hover window')

  -- Code actions at the conflict; apply the one that lowers the broken constraint's priority.
  local lsp_diagnostic = {
    range = {
      start = { line = conflict.lnum, character = conflict.col },
      ['end'] = { line = conflict.end_lnum or conflict.lnum, character = conflict.end_col or conflict.col },
    },
    severity = 1,
    code = 'conflict',
    source = conflict.source,
    message = conflict.message,
  }
  local actions = request(bufnr, 'textDocument/codeAction', {
    textDocument = { uri = uri },
    range = lsp_diagnostic.range,
    context = { diagnostics = { lsp_diagnostic }, only = { 'quickfix' } },
  }) or {}
  local chosen
  local titles = {}
  for _, action in ipairs(actions) do
    table.insert(titles, action.title)
    if action.title:find('^Lower') and action.title:find('999') and (chosen == nil or action.isPreferred) then
      chosen = action
    end
  end
  check(chosen ~= nil, 'a "Lower … to priority 999" quick fix is offered; got: ' .. table.concat(titles, ' | '))
  check(chosen.edit ~= nil, 'the quick fix carries its edit')
  ok('code action: ' .. chosen.title)

  local before = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n')
  vim.lsp.util.apply_workspace_edit(chosen.edit, client.offset_encoding or 'utf-16')
  local after = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n')
  check(after ~= before, 'the quick fix changed the buffer')
  local fixed
  for _, text in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
    if text:find('@%s*999') then
      fixed = text
    end
  end
  check(fixed ~= nil, 'a line of the fixed buffer has priority 999:\n' .. after)
  ok('applied: ' .. fixed)

  wait('the conflict to go after the fix', function()
    return #diagnostics_with_code(bufnr, 'conflict') == 0
  end)
  -- The server holds the fixed text (incremental sync kept it in step).
  local held = request(bufnr, 'plumb/documentText', { textDocument = { uri = uri } })
  check(held and held.text == after .. '\n', 'the server holds the buffer text')
  ok('conflict gone after re-analysis; server text matches the buffer')

  -- A second file in the same folder reuses the same server.
  local vfl = vim.env.PLUMB_TEST_VFL
  if vfl and vfl ~= '' then
    vim.cmd('edit ' .. vim.fn.fnameescape(vfl))
    local second = vim.api.nvim_get_current_buf()
    check(vim.bo[second].filetype == 'vfl', 'the .vfl file has filetype vfl (got ' .. vim.bo[second].filetype .. ')')
    wait('the plumb client to attach to the .vfl buffer', function()
      return #plumb_clients(second) > 0
    end)
    check(plumb_clients(second)[1].id == client.id, 'the .vfl buffer reuses the same server')
    wait('diagnostics for the .vfl file', function()
      return #diagnostics_with_code(second, 'syntax') > 0
    end)
    ok('second file: filetype vfl, same server, syntax diagnostics')
  end

  -- A storyboard: the server attaches beside the xml filetype, which it leaves as it is.
  local storyboard = vim.env.PLUMB_TEST_STORYBOARD
  check(storyboard ~= nil and storyboard ~= '', 'PLUMB_TEST_STORYBOARD is set')
  vim.cmd('edit ' .. vim.fn.fnameescape(storyboard))
  local ib = vim.api.nvim_get_current_buf()
  wait('the plumb client to attach to the .storyboard buffer', function()
    return #plumb_clients(ib) > 0
  end)
  check(plumb_clients(ib)[1].id == client.id, 'the .storyboard buffer reuses the same server')
  check(vim.bo[ib].filetype == 'xml', 'the .storyboard keeps filetype xml (got ' .. vim.bo[ib].filetype .. ')')
  ok('storyboard: plumb lsp attached, filetype still xml')

  wait('diagnostics "conflict" and "misplaced" for the storyboard', function()
    return #diagnostics_with_code(ib, 'conflict') > 0 and #diagnostics_with_code(ib, 'misplaced') == 1
  end)
  local ib_conflict = diagnostics_with_code(ib, 'conflict')[1]
  check(ib_conflict.source == 'plumb', 'the storyboard diagnostic comes from plumb')
  local ib_line = vim.api.nvim_buf_get_lines(ib, ib_conflict.lnum, ib_conflict.lnum + 1, false)[1]
  check(ib_line:find('<constraint', 1, true) ~= nil, 'the conflict is on a <constraint> element: ' .. ib_line)
  ok(string.format('storyboard diagnostics: [conflict] on line %d, 1 [misplaced]', ib_conflict.lnum + 1))

  local ib_uri = vim.uri_from_bufnr(ib)
  local card_line, card_column = find_in_buffer(ib, '<view [^>]*userLabel="Card"')
  check(card_line ~= nil, 'the Card view in the storyboard')
  local ib_hover = hover_text(request(ib, 'textDocument/hover', {
    textDocument = { uri = ib_uri },
    position = { line = card_line, character = card_column + 2 },
  }))
  check(ib_hover:find('Card', 1, true) ~= nil and ib_hover:find('(20 96; 374 120)', 1, true) ~= nil,
    'the hover on Card gives its solved frame (20 96; 374 120): ' .. ib_hover)
  ok('storyboard hover on Card: ' .. (vim.split(ib_hover, '\n', { trimempty = true })[1] or ''))

  local misplaced
  for _, diagnostic in ipairs(diagnostics_with_code(ib, 'misplaced')) do
    if diagnostic.message:find("'Card'", 1, true) then
      misplaced = diagnostic
    end
  end
  check(misplaced ~= nil, 'a [misplaced] diagnostic for Card')
  local ib_range = {
    start = { line = misplaced.lnum, character = misplaced.col },
    ['end'] = { line = misplaced.end_lnum or misplaced.lnum, character = misplaced.end_col or misplaced.col },
  }
  local ib_actions = request(ib, 'textDocument/codeAction', {
    textDocument = { uri = ib_uri },
    range = ib_range,
    context = { diagnostics = { { range = ib_range, severity = 2, code = 'misplaced', source = 'plumb', message = misplaced.message } },
                only = { 'quickfix' } },
  }) or {}
  local update
  for _, action in ipairs(ib_actions) do
    if action.title:find("Update the frame of 'Card'", 1, true) then
      update = action
    end
  end
  check(update ~= nil and update.edit ~= nil, "the \"Update the frame of 'Card'\" quick fix")
  vim.lsp.util.apply_workspace_edit(update.edit, client.offset_encoding or 'utf-16')
  local rect = vim.api.nvim_buf_get_lines(ib, card_line + 1, card_line + 2, false)[1]
  check(rect:find('y="96.0"', 1, true) ~= nil, 'the fix moved Card to y 96: ' .. rect)
  wait('no [misplaced] left after the fix', function()
    return #diagnostics_with_code(ib, 'misplaced') == 0
  end)
  check(vim.bo[ib].filetype == 'xml', 'the .storyboard still has filetype xml')
  ok('storyboard quick fix applied: ' .. vim.trim(rect))

  -- :PlumbRestart replaces the server; :PlumbFrames shows the solved frames.
  vim.cmd('buffer ' .. bufnr)
  vim.cmd('PlumbRestart')
  wait('a new server after :PlumbRestart', function()
    local attached = plumb_clients(bufnr)[1]
    return attached ~= nil and attached.id ~= client.id
  end)
  check(vim.lsp.get_client_by_id(client.id) == nil, 'the old server is gone after :PlumbRestart')
  client = plumb_clients(bufnr)[1]
  wait('the storyboard to be attached to the new server', function()
    local attached = plumb_clients(ib)[1]
    return attached ~= nil and attached.id == client.id
  end)
  held = request(bufnr, 'plumb/documentText', { textDocument = { uri = uri } })
  check(held and held.text == after .. '\n', 'the new server holds the buffer text')
  ok('restarted: client ' .. client.id)
  vim.cmd('PlumbFrames')
  wait('the frames window', function()
    return vim.bo.buftype == 'nofile'
  end)
  local frames = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), '\n')
  check(frames:find('Banner: frame = (', 1, true) ~= nil, 'the frames window shows Banner: ' .. frames)
  ok('frames: ' .. (frames:match('Banner: frame = %b()') or ''))
  vim.cmd('close')

  -- :PlumbPreview writes the SVG and hands it to the viewer (here, a stand-in).
  local previewed
  require('plumb').options.open_preview = function(path)
    previewed = path
  end
  vim.cmd('PlumbPreview')
  wait('the preview file', function()
    return previewed ~= nil
  end)
  local svg = table.concat(vim.fn.readfile(previewed), '\n')
  check(svg:find('data-view="Banner"', 1, true) ~= nil, 'the preview draws Banner: ' .. svg:sub(1, 200))
  ok('preview: ' .. previewed)

  -- A Swift buffer gets the second server, plumb-source, which offers only what it checks.
  local swift = vim.env.PLUMB_TEST_SWIFT
  check(swift ~= nil and swift ~= '', 'PLUMB_TEST_SWIFT is set')
  vim.cmd('edit ' .. vim.fn.fnameescape(swift))
  local source = vim.api.nvim_get_current_buf()
  check(vim.bo[source].filetype == 'swift', 'the .swift file has filetype swift (got ' .. vim.bo[source].filetype .. ')')
  wait('the Visual Format findings of the Swift file', function()
    return #diagnostics_with_code(source, 'unknown-view') > 0
  end)
  local source_client
  for _, candidate in ipairs(vim.lsp.get_clients and vim.lsp.get_clients() or vim.lsp.get_active_clients()) do
    if candidate.name == 'plumb-source' and vim.lsp.buf_is_attached(source, candidate.id) then
      source_client = candidate
    end
  end
  check(source_client ~= nil, 'plumb-source is attached to the Swift buffer')
  check(#plumb_clients(source) == 0, 'the layout server is not attached to the Swift buffer')
  local capabilities = source_client.server_capabilities or {}
  check(capabilities.hoverProvider == true, 'plumb-source offers hovers')
  check(capabilities.documentFormattingProvider == nil and capabilities.semanticTokensProvider == nil
    and capabilities.documentSymbolProvider == nil, 'plumb-source offers no formatting, tokens or symbols')
  local format_line, format_column = find_in_buffer(source, 'H:|%-%[avatar%(48%)%]')
  check(format_line ~= nil, 'the Swift file has its first format')
  local format_hover = request(source, 'textDocument/hover', {
    textDocument = { uri = vim.uri_from_bufnr(source) },
    position = { line = format_line, character = format_column + 4 },
  })
  local format_text = hover_text(format_hover)
  check(format_text:find('Visual Format', 1, true) ~= nil, 'the hover shows the constraints: ' .. format_text)
  ok('Swift: ' .. #vim.diagnostic.get(source) .. ' findings from plumb-source, hover ' .. (format_text:match('[^\n]*') or ''))
  vim.lsp.stop_client(source_client.id)
  wait('plumb-source to exit', function()
    return vim.lsp.get_client_by_id(source_client.id) == nil
  end)
  -- :PlumbExplain on selected lines of a console log: plumb/explain, shown in a scratch window.
  vim.cmd('enew')
  vim.api.nvim_buf_set_lines(0, 0, -1, false, {
    '[LayoutConstraints] Unable to simultaneously satisfy constraints.',
    '(',
    '    "<NSLayoutConstraint:0x600001 UIView:0x7f01.height == 200   (active)>",',
    '    "<NSLayoutConstraint:0x600002 UIView:0x7f01.height == 84   (active)>"',
    ')',
    'Will attempt to recover by breaking constraint ',
    '<NSLayoutConstraint:0x600001 UIView:0x7f01.height == 200   (active)>',
  })
  local log = vim.api.nvim_get_current_buf()
  vim.cmd('%PlumbExplain')
  wait('the explanation window', function()
    return vim.api.nvim_get_current_buf() ~= log and vim.bo.buftype == 'nofile'
  end)
  local explained = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), '\n')
  check(explained:find('Minimal conflicting set: 2 constraints of 2', 1, true) ~= nil, 'the explanation: ' .. explained)
  check(explained:find('UIKit broke 0x600001, which is in the minimal set.', 1, true) ~= nil, 'the broken constraint: ' .. explained)
  ok('explained: ' .. (explained:match('Why: [^\n]*') or ''))
  vim.cmd('close')
  vim.cmd('buffer ' .. bufnr)

  -- Quit cleanly: the server is shut down and exits.
  local id = client.id
  vim.lsp.stop_client(id)
  wait('the server to exit after shutdown', function()
    return vim.lsp.get_client_by_id(id) == nil
  end)
  ok('server stopped')

  -- interface_builder = false: a xib stays a plain XML buffer, with no server.
  -- (setup attaches a new server to the layout and vfl buffers still loaded.)
  local plumb = require('plumb')
  plumb.setup({ cmd = plumb.options.cmd, interface_builder = false })
  local xib = vim.env.PLUMB_TEST_XIB
  check(xib ~= nil and xib ~= '', 'PLUMB_TEST_XIB is set')
  vim.cmd('edit ' .. vim.fn.fnameescape(xib))
  local off = vim.api.nvim_get_current_buf()
  wait('a server for the layout buffer again', function()
    return #plumb_clients(bufnr) > 0
  end)
  vim.wait(500, function()
    return #plumb_clients(off) > 0
  end, 20)
  check(#plumb_clients(off) == 0, 'with interface_builder = false no server attaches to the xib')
  check(vim.bo[off].filetype == 'xml', 'the .xib has filetype xml (got ' .. vim.bo[off].filetype .. ')')
  ok('interface_builder = false: the xib gets no server')
  local last = plumb_clients(bufnr)[1].id
  plumb.stop()
  wait('the last server to exit', function()
    return vim.lsp.get_client_by_id(last) == nil
  end)
  say('OK')
  vim.cmd('qa!')
end

local success, message = xpcall(run, debug.traceback)
if not success and not failed then
  fail('error: ' .. tostring(message))
end
