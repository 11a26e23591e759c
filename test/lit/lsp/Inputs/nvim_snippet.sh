#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The Neovim set-up of docs/editors.md as a user runs it (test/lit/lsp/neovim-snippet*.test): the
# page's Lua block becomes init.lua, cuda-lint is on PATH, and NVIM, headless, opens a.cu of a
# project (a git work tree) with it; nvim_snippet_check.lua reads the diagnostics back.
# usage: nvim_snippet.sh NVIM SRC_ROOT WORK_DIR CUDA_LINT_BINARY
set -euo pipefail
nvim=$1 src=$2 work=$3 exe=$4
inputs=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work/bin" "$work/project/.git" "$work/home"
ln -s "$exe" "$work/bin/cuda-lint"
cp "$inputs/snippet/a.cu" "$inputs/snippet/b.cu" "$work/project/"
python3 - "$src/docs/editors.md" >"$work/init.lua" <<'PY'
import re, sys
page = open(sys.argv[1]).read()
section = page[page.index('## Neovim'):]
print(re.search(r'```lua\n(.*?)```', section, re.S).group(1), end='')
PY
cd "$work/project"
env PATH="$work/bin:$PATH" HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" \
    XDG_DATA_HOME="$work/home/.local/share" XDG_STATE_HOME="$work/home/.local/state" \
    SNIPPET_OUT="$work/out.txt" CUDA_LINT_NO_CACHE=1 \
    "$nvim" --headless -u "$work/init.lua" -i NONE a.cu \
    -c "luafile $inputs/nvim_snippet_check.lua" </dev/null
cat "$work/out.txt"
