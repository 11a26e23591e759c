-- SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
-- Run by nvim_snippet.sh after the init.lua of docs/editors.md: waits for the diagnostics of the
-- opened a.cu, opens b.cu of the same project, waits for its diagnostics, and writes to
-- $SNIPPET_OUT the Neovim version, each diagnostic (file line:column severity message) and how
-- many cuda-lint servers serve the two buffers.
local out = os.getenv('SNIPPET_OUT')
local v = vim.version()
local lines = { string.format('nvim %d.%d.%d', v.major, v.minor, v.patch) }
local get_clients = vim.lsp.get_clients or vim.lsp.get_active_clients

local function wait_diagnostics(buf)
  return vim.wait(120000, function() return #vim.diagnostic.get(buf) > 0 end, 100)
end

local function clients_of(buf)
  local ids = {}
  for _, c in pairs(get_clients()) do
    if c.name == 'cuda-lint' and c.attached_buffers and c.attached_buffers[buf] then
      table.insert(ids, c.id)
    end
  end
  return ids
end

local function record(buf)
  local name = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(buf), ':t')
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(found, string.format('%s %d:%d severity=%d %s', name, d.lnum, d.col, d.severity,
                                      d.message))
  end
  table.sort(found)
  vim.list_extend(lines, found)
end

local a = vim.api.nvim_get_current_buf()
table.insert(lines, 'filetype ' .. vim.bo[a].filetype)
if not wait_diagnostics(a) then table.insert(lines, 'timed out on a.cu') end
record(a)
vim.cmd('edit ' .. vim.fn.fnameescape(vim.fn.fnamemodify(vim.api.nvim_buf_get_name(a), ':h') .. '/b.cu'))
local b = vim.api.nvim_get_current_buf()
if not wait_diagnostics(b) then table.insert(lines, 'timed out on b.cu') end
record(b)
local ca, cb = clients_of(a), clients_of(b)
local servers = 0
for _, c in pairs(get_clients()) do
  if c.name == 'cuda-lint' then servers = servers + 1 end
end
table.insert(lines, string.format('servers %d, a.cu served by %d, b.cu by %d, same %s', servers,
                                  #ca, #cb, tostring(#ca == 1 and #cb == 1 and ca[1] == cb[1])))
vim.fn.writefile(lines, out)
for _, c in pairs(get_clients()) do c.stop() end
vim.cmd('qa!')
