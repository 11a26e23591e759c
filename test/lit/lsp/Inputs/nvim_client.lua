-- SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
-- Neovim's built-in LSP client against `cuda-lint lsp`: opens $LSP_FILE, waits for the
-- diagnostics and writes them to $LSP_OUT, one per line (line:column severity message).
local file, out, exe = os.getenv('LSP_FILE'), os.getenv('LSP_OUT'), os.getenv('CUDA_LINT')
vim.cmd('edit ' .. file)
local client = vim.lsp.start_client({
  name = 'cuda-lint',
  cmd = { exe, 'lsp' },
  root_dir = vim.fn.fnamemodify(file, ':h'),
})
vim.lsp.buf_attach_client(0, client)
local ok = vim.wait(120000, function() return #vim.diagnostic.get(0) > 0 end, 100)
local lines = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(lines, string.format('%d:%d severity=%d %s', d.lnum, d.col, d.severity, d.message))
end
if not ok then lines = { 'timed out' } end
table.sort(lines)
vim.fn.writefile(lines, out)
vim.lsp.stop_client(client)
vim.cmd('qa!')
