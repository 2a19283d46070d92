-- Plumb for Neovim: the `layout` and `vfl` filetypes, and `plumb lsp` attached to their buffers
-- and to Interface Builder files (*.storyboard, *.xib), whose filetype (usually `xml`) is left alone;
-- and a second server, `plumb-source`, beside sourcekit-lsp or clangd on Swift and Objective-C
-- buffers, for the Visual Format strings in their code.
--
--   vim.opt.runtimepath:append('/path/to/plumb/Editors/neovim')
--   require('plumb').setup({})                                  -- `plumb` on PATH
--   require('plumb').setup({ cmd = { '/path/to/plumb', 'lsp' } })
--
-- Works on Neovim 0.7 (vim.lsp.start_client + buf_attach_client, autocommands for the
-- filetypes) and uses the newer API where it exists (vim.lsp.start, vim.filetype.add,
-- vim.lsp.inlay_hint).

local M = {}

M.defaults = {
  -- The server command.
  cmd = { 'plumb', 'lsp' },
  -- The filetypes the server is attached to, and the file extensions that set them.
  filetypes = { layout = 'layout', vfl = 'vfl' },
  -- Also attach the server to buffers whose name ends in one of these extensions (Interface
  -- Builder files), keeping their filetype, highlighting and ftplugin. false or {} turns it off.
  interface_builder = { 'storyboard', 'xib' },
  -- Also attach a second server, named `plumb-source`, to buffers of these filetypes (Swift and
  -- Objective-C): it checks the Visual Format strings of their calls and offers only
  -- diagnostics, hover, completion and quick fixes (initializationOptions.sourceCodeOnly), so
  -- it runs beside the language's own server. false or {} turns it off.
  source_code = { 'swift', 'objc', 'objcpp' },
  -- A file's project root is the nearest folder upwards holding one of these; else its own folder.
  -- Each root gets one server, shared by its files.
  root_markers = { '.git', 'Package.swift' },
  -- Server settings (Protocol/README.md, "Settings"): primaryCanvas, primaryDirection,
  -- inlayHints = { frames = true, ambiguity = true }. Sent as initializationOptions and as the
  -- answer to workspace/configuration for section `plumb`.
  settings = {},
  -- Show inlay hints (each view's solved frame) where Neovim can (0.10 and later).
  inlay_hints = true,
  -- Extra client capabilities (merged into Neovim's own), and callbacks as for vim.lsp.start.
  capabilities = nil,
  on_attach = nil,
  on_exit = nil,
  -- Passed to the client as `flags` (for example { debounce_text_changes = 150 }).
  flags = nil,
  -- Start the server when a buffer of the filetypes opens; with false, only :PlumbStart does.
  autostart = true,
  -- How :PlumbPreview opens the SVG it writes: a function given the file's path, or nil for
  -- vim.ui.open (Neovim 0.10 and later), else `open` on macOS and `xdg-open` elsewhere.
  open_preview = nil,
}

M.options = nil

-- On Neovim 0.7, the clients this plugin started, by root folder.
local clients_by_root = {}
local warned_missing = false

local uv = vim.uv or vim.loop

local function has(feature)
  return vim.fn.has(feature) == 1
end

-- Client methods are closures up to 0.10 (client.stop()) and methods from 0.11 (client:stop()).
local methods = has('nvim-0.11')

local function client_stop(client, force)
  if methods then
    client:stop(force)
  else
    client.stop(force)
  end
end

local function client_is_stopped(client)
  if methods then
    return client:is_stopped()
  end
  return client.is_stopped()
end

local function client_request(client, method, params, handler, bufnr)
  if methods then
    return client:request(method, params, handler, bufnr)
  end
  return client.request(method, params, handler, bufnr)
end

local function notify(message, level)
  vim.notify('plumb: ' .. message, level or vim.log.levels.WARN)
end

local function extend(...)
  return vim.tbl_deep_extend('force', ...)
end

local function is_plumb_filetype(filetype)
  for _, name in pairs(M.options.filetypes) do
    if name == filetype then
      return true
    end
  end
  return false
end

-- An option that is a list, or true for its default list; {} when turned off.
local function list_option(name)
  local value = M.options[name]
  if value == true then
    return M.defaults[name]
  elseif type(value) ~= 'table' then
    return {}
  end
  return value
end

-- The extensions of the Interface Builder files the server is attached to.
local function interface_builder_extensions()
  return list_option('interface_builder')
end

local function is_interface_builder_buffer(bufnr)
  local extension = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(bufnr), ':e'):lower()
  for _, candidate in ipairs(interface_builder_extensions()) do
    if extension == candidate:lower() then
      return true
    end
  end
  return false
end

-- The filetypes of source buffers that get the `plumb-source` server.
local function source_code_filetypes()
  return list_option('source_code')
end

local function is_source_code_buffer(bufnr)
  return vim.tbl_contains(source_code_filetypes(), vim.bo[bufnr].filetype)
end

-- Whether the server belongs on this buffer: a Plumb filetype, or an Interface Builder file.
local function is_plumb_buffer(bufnr)
  return is_plumb_filetype(vim.bo[bufnr].filetype) or is_interface_builder_buffer(bufnr)
end

local function dirname(path)
  return vim.fn.fnamemodify(path, ':h')
end

-- The nearest folder at or above `start` holding one of the markers, else `start`.
local function find_root(start)
  local dir = start
  while dir and dir ~= '' do
    for _, marker in ipairs(M.options.root_markers) do
      if uv.fs_stat(dir .. '/' .. marker) then
        return dir
      end
    end
    local parent = dirname(dir)
    if parent == dir then
      break
    end
    dir = parent
  end
  return start
end

local function plumb_clients(bufnr)
  local found = {}
  local all
  if vim.lsp.get_clients then
    all = vim.lsp.get_clients({ name = 'plumb' })
  else
    all = vim.lsp.get_active_clients()
  end
  if vim.lsp.get_clients then
    vim.list_extend(all, vim.lsp.get_clients({ name = 'plumb-source' }))
  end
  for _, client in ipairs(all) do
    local ours = client.name == 'plumb' or client.name == 'plumb-source'
    if ours and (bufnr == nil or vim.lsp.buf_is_attached(bufnr, client.id)) then
      table.insert(found, client)
    end
  end
  return found
end

local function enable_inlay_hints(bufnr)
  if not M.options.inlay_hints or not (vim.lsp.inlay_hint and vim.lsp.inlay_hint.enable) then
    return
  end
  -- 0.10 and later: enable(enable, filter).
  pcall(vim.lsp.inlay_hint.enable, true, { bufnr = bufnr })
end

local function client_config(root, source_code)
  local options = M.options
  local capabilities = vim.lsp.protocol.make_client_capabilities()
  if options.capabilities then
    capabilities = extend(capabilities, options.capabilities)
  end
  return {
    name = source_code and 'plumb-source' or 'plumb',
    cmd = options.cmd,
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
    capabilities = capabilities,
    init_options = source_code and extend(options.settings, { sourceCodeOnly = true }) or options.settings,
    settings = { plumb = options.settings },
    flags = options.flags,
    on_attach = function(client, bufnr)
      enable_inlay_hints(bufnr)
      if options.on_attach then
        options.on_attach(client, bufnr)
      end
    end,
    on_exit = function(code, signal, client_id)
      for key, id in pairs(clients_by_root) do
        if id == client_id then
          clients_by_root[key] = nil
        end
      end
      if options.on_exit then
        options.on_exit(code, signal, client_id)
      end
    end,
  }
end

-- The plumb built in the Plumb checkout that holds this plugin (Editors/neovim), if any.
function M.built_server()
  local source = debug.getinfo(1, 'S').source:gsub('^@', '')
  local repo = vim.fn.fnamemodify(source, ':p:h:h:h:h:h')
  for _, configuration in ipairs({ 'release', 'debug' }) do
    local candidate = repo .. '/.build/' .. configuration .. '/plumb'
    if vim.fn.executable(candidate) == 1 then
      return candidate
    end
  end
  return nil
end

-- Starts (or reuses) the server for the buffer's project and attaches it. Returns the client id.
function M.attach(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if M.options == nil then
    M.setup({})
  end
  if not vim.api.nvim_buf_is_valid(bufnr) or vim.bo[bufnr].buftype ~= '' then
    return nil
  end
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == '' then
    return nil
  end
  local executable = M.options.cmd[1]
  if vim.fn.executable(executable) ~= 1 and not M.options.cmd_given then
    -- `plumb` is not on PATH: use the one built in the checkout this plugin comes from.
    local built = M.built_server()
    if built then
      M.options.cmd = { built, 'lsp' }
      executable = built
    end
  end
  if vim.fn.executable(executable) ~= 1 then
    if not warned_missing then
      warned_missing = true
      notify(string.format("cannot run '%s'. Put plumb on PATH or call setup({ cmd = { '/path/to/plumb', 'lsp' } }).", executable),
        vim.log.levels.ERROR)
    end
    return nil
  end
  local root = find_root(dirname(vim.fn.fnamemodify(name, ':p')))
  local source_code = not is_plumb_buffer(bufnr) and is_source_code_buffer(bufnr)
  local config = client_config(root, source_code)

  if vim.lsp.start then
    -- 0.8 and later: reuses a running client with the same name and root.
    return vim.lsp.start(config, { bufnr = bufnr })
  end

  -- 0.7: one client per root (and one for its source files), started once.
  local key = (source_code and 'source:' or '') .. root
  local id = clients_by_root[key]
  local client = id and vim.lsp.get_client_by_id(id)
  if client == nil or client_is_stopped(client) then
    id = vim.lsp.start_client(config)
    if id == nil then
      return nil
    end
    clients_by_root[key] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
  return id
end

-- Stops every plumb server.
function M.stop()
  for _, client in ipairs(plumb_clients()) do
    client_stop(client)
  end
  clients_by_root = {}
end

-- Stops the servers and attaches a new one to every plumb buffer.
function M.restart()
  local buffers = {}
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and (is_plumb_buffer(bufnr) or is_source_code_buffer(bufnr)) then
      table.insert(buffers, bufnr)
    end
  end
  local old = plumb_clients()
  M.stop()
  -- Wait for the old servers to exit: until then Neovim would hand them out again.
  local function gone()
    for _, client in ipairs(old) do
      if vim.lsp.get_client_by_id(client.id) ~= nil then
        return false
      end
    end
    return true
  end
  if not vim.wait(3000, gone, 20) then
    for _, client in ipairs(old) do
      client_stop(client, true)
    end
    vim.wait(1000, gone, 20)
  end
  for _, bufnr in ipairs(buffers) do
    M.attach(bufnr)
  end
end

-- Opens a file with the system's viewer: options.open_preview, else vim.ui.open, else
-- `open` (macOS) or `xdg-open`.
local function open_with_system(path)
  local options = M.options or M.defaults
  if type(options.open_preview) == 'function' then
    return options.open_preview(path)
  end
  if vim.ui and type(vim.ui.open) == 'function' then
    return vim.ui.open(path)
  end
  local opener = vim.fn.has('mac') == 1 and 'open' or 'xdg-open'
  if vim.fn.executable(opener) ~= 1 then
    notify('cannot open ' .. path .. ': no ' .. opener)
    return
  end
  vim.fn.jobstart({ opener, path }, { detach = true })
end

-- The canvas a `canvas NAME` line at the cursor declares, or nil.
local function canvas_at_cursor(bufnr)
  if bufnr ~= vim.api.nvim_get_current_buf() then
    return nil
  end
  local line = vim.api.nvim_get_current_line()
  return line:match('^%s*canvas%s+([^%s#]+)')
end

-- The buffer (0 or nil: the current one), its plumb client and the params naming it, for a
-- request about the document; the client is nil (and the user told) when none is attached.
local function document_request(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local client = plumb_clients(bufnr)[1]
  if client == nil then
    notify('no plumb server is attached to this buffer')
  end
  return bufnr, client, { textDocument = { uri = vim.uri_from_bufnr(bufnr) } }
end

-- Draws the current buffer (plumb/render) as SVG in a temporary file and opens it with the
-- system's viewer: the canvas of the `canvas` line under the cursor (or `canvas`), else
-- every canvas. Calls `done(path)` when written.
function M.preview(bufnr, canvas, done)
  local client, params
  bufnr, client, params = document_request(bufnr)
  if client == nil then
    return
  end
  canvas = (canvas ~= nil and canvas ~= '') and canvas or canvas_at_cursor(bufnr)
  if canvas then
    params.canvas = canvas
  end
  client_request(client, 'plumb/render', params, function(err, result)
    if err then
      notify('plumb/render failed: ' .. (err.message or vim.inspect(err)))
      return
    end
    if result == nil or result.svg == nil then
      notify('nothing to draw in this buffer')
      return
    end
    local path = vim.fn.tempname() .. '.svg'
    local file = io.open(path, 'w')
    if file == nil then
      notify('cannot write ' .. path)
      return
    end
    file:write(result.svg)
    file:close()
    open_with_system(path)
    if done then
      done(path)
    end
  end, bufnr)
end

local function format_frame(frame)
  local function number(value)
    if value == math.floor(value) then
      return string.format('%d', value)
    end
    return string.format('%.2f', value)
  end
  return string.format('(%s %s; %s %s)', number(frame.x), number(frame.y), number(frame.width), number(frame.height))
end

-- A scratch window with `lines`, named `name`.
local function show_scratch(lines, name)
  vim.cmd('botright new')
  local scratch = vim.api.nvim_get_current_buf()
  vim.bo[scratch].buftype = 'nofile'
  vim.bo[scratch].bufhidden = 'wipe'
  vim.bo[scratch].swapfile = false
  vim.api.nvim_buf_set_lines(scratch, 0, -1, false, lines)
  vim.bo[scratch].modifiable = false
  pcall(vim.api.nvim_buf_set_name, scratch, name)
end

-- Shows the solved frames of the current buffer (plumb/frames) in a scratch window.
function M.show_frames(bufnr)
  local client, params
  bufnr, client, params = document_request(bufnr)
  if client == nil then
    return
  end
  client_request(client, 'plumb/frames', params, function(err, result)
    if err then
      notify('plumb/frames failed: ' .. (err.message or vim.inspect(err)))
      return
    end
    local lines = {}
    for _, layout in ipairs(result.layouts or {}) do
      local traits = layout.traits and (', ' .. layout.traits) or ''
      table.insert(lines, string.format('%s (%d × %d%s), %s', layout.canvas, layout.width, layout.height, traits,
        layout.direction == 'rtl' and 'right-to-left' or 'left-to-right'))
      for _, view in ipairs(layout.views or {}) do
        local line = string.format('  %s: frame = %s', view.name, format_frame(view.frame))
        if view.ambiguous and #view.ambiguous > 0 then
          line = line .. ' (ambiguous ' .. table.concat(view.ambiguous, ', ') .. ')'
        end
        table.insert(lines, line)
      end
      table.insert(lines, '')
    end
    show_scratch(lines, 'plumb-frames://' .. vim.api.nvim_buf_get_name(bufnr))
  end, bufnr)
end

-- plumb/explain's answer as lines, one section per report, as `plumb explain` writes it.
local function explanation_lines(result)
  local lines = {}
  local conflicts = result.conflicts or {}
  for index, conflict in ipairs(conflicts) do
    local count = #conflicts > 1 and (' of ' .. #conflicts) or ''
    table.insert(lines, string.format('Conflict %d%s (line %d of the log)', index, count, conflict.line + 1))
    for _, missing in ipairs(conflict.missing or {}) do
      table.insert(lines, '  ' .. missing)
    end
    for _, line in ipairs(vim.split(conflict.explanation or '', '\n', { plain = true })) do
      table.insert(lines, '  ' .. line)
    end
    table.insert(lines, '')
  end
  return lines
end

-- Explains UIKit's "Unable to simultaneously satisfy constraints" output in `text`: with a
-- running plumb server through plumb/explain, else with `plumb explain -`. The answer opens
-- in a scratch window.
function M.explain(text)
  if text == nil or text:match('^%s*$') then
    notify('select the console output (or copy it) to explain it', vim.log.levels.INFO)
    return
  end
  local client = plumb_clients()[1]
  if client ~= nil then
    client_request(client, 'plumb/explain', { text = text }, function(err, result)
      if err then
        notify('plumb/explain failed: ' .. (err.message or vim.inspect(err)))
        return
      end
      if result.problem ~= nil and result.problem ~= vim.NIL then
        notify(result.problem, vim.log.levels.INFO)
        return
      end
      show_scratch(explanation_lines(result), 'plumb-explain://log')
    end)
    return
  end
  local executable = (M.options.cmd or { 'plumb' })[1]
  local output = vim.fn.system({ executable, 'explain', '-' }, text)
  if vim.v.shell_error ~= 0 then
    notify(vim.trim(output), vim.v.shell_error == 1 and vim.log.levels.INFO or vim.log.levels.WARN)
    return
  end
  show_scratch(vim.split(output, '\n', { plain = true }), 'plumb-explain://log')
end

local function register_filetypes(group)
  local extensions = M.options.filetypes
  if vim.filetype and vim.filetype.add and has('nvim-0.8') then
    vim.filetype.add({ extension = extensions })
    return
  end
  -- 0.7: filetype.lua is off by default, so detect with autocommands.
  for extension, filetype in pairs(extensions) do
    vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
      group = group,
      pattern = '*.' .. extension,
      callback = function(args)
        if vim.bo[args.buf].filetype ~= filetype then
          vim.bo[args.buf].filetype = filetype
        end
      end,
      desc = 'plumb: filetype ' .. filetype,
    })
  end
end

-- Sets the filetype of buffers that were loaded before setup ran.
local function detect_loaded_buffers()
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) then
      local name = vim.api.nvim_buf_get_name(bufnr)
      local filetype = M.options.filetypes[vim.fn.fnamemodify(name, ':e')]
      if filetype and vim.bo[bufnr].filetype ~= filetype then
        vim.bo[bufnr].filetype = filetype -- fires FileType, which attaches
      elseif (filetype or is_interface_builder_buffer(bufnr) or is_source_code_buffer(bufnr)) and M.options.autostart
        and #plumb_clients(bufnr) == 0
      then
        M.attach(bufnr)
      end
    end
  end
end

function M.setup(options)
  M.options = extend(vim.deepcopy(M.defaults), options or {})
  -- Lists and maps the user gives replace the defaults rather than merge with them.
  M.options.cmd_given = options ~= nil and options.cmd ~= nil
  for _, key in ipairs({ 'cmd', 'filetypes', 'root_markers', 'interface_builder', 'source_code' }) do
    if options and options[key] ~= nil then
      M.options[key] = options[key]
    end
  end
  if type(M.options.cmd) == 'string' then
    M.options.cmd = { M.options.cmd, 'lsp' }
  end
  warned_missing = false

  local group = vim.api.nvim_create_augroup('plumb', { clear = true })
  register_filetypes(group)

  local filetypes = {}
  for _, filetype in pairs(M.options.filetypes) do
    table.insert(filetypes, filetype)
  end
  vim.list_extend(filetypes, source_code_filetypes())
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = filetypes,
    callback = function(args)
      if M.options.autostart then
        M.attach(args.buf)
      end
    end,
    desc = 'plumb: start or reuse plumb lsp',
  })

  -- Interface Builder files by name, whatever their filetype: the server reads them as
  -- Interface Builder XML from the URI's extension. Attached once the read is done, so that
  -- filetype detection has run and the buffer keeps the filetype it gives.
  local interface_builder_patterns = {}
  for _, extension in ipairs(interface_builder_extensions()) do
    table.insert(interface_builder_patterns, '*.' .. extension)
  end
  if #interface_builder_patterns > 0 then
    vim.api.nvim_create_autocmd({ 'BufReadPost', 'BufNewFile' }, {
      group = group,
      pattern = interface_builder_patterns,
      callback = function(args)
        if not M.options.autostart then
          return
        end
        vim.schedule(function()
          if vim.api.nvim_buf_is_valid(args.buf) and is_interface_builder_buffer(args.buf) then
            M.attach(args.buf)
          end
        end)
      end,
      desc = 'plumb: start or reuse plumb lsp for an Interface Builder file',
    })
  end

  vim.api.nvim_create_user_command('PlumbStart', function()
    M.attach(0)
  end, { desc = 'Attach plumb lsp to this buffer' })
  vim.api.nvim_create_user_command('PlumbStop', M.stop, { desc = 'Stop every plumb lsp' })
  vim.api.nvim_create_user_command('PlumbRestart', M.restart, { desc = 'Restart plumb lsp' })
  vim.api.nvim_create_user_command('PlumbFrames', function()
    M.show_frames(0)
  end, { desc = 'Show the solved frames of this buffer' })
  vim.api.nvim_create_user_command('PlumbPreview', function(command)
    M.preview(0, command.args)
  end, { nargs = '?', desc = 'Draw this buffer as SVG and open it (optionally one canvas)' })
  vim.api.nvim_create_user_command('PlumbExplain', function(command)
    local text
    if command.range > 0 then
      text = table.concat(vim.api.nvim_buf_get_lines(0, command.line1 - 1, command.line2, false), '\n')
    else
      local ok, clipboard = pcall(vim.fn.getreg, '+')
      text = (ok and clipboard ~= '') and clipboard or vim.fn.getreg('"')
    end
    M.explain(text)
  end, { range = true, desc = "Explain UIKit's conflict log: the selected lines, or the clipboard" })

  detect_loaded_buffers()
  return M
end

return M
