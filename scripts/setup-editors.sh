#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Installs what the editor tests need (test/lit/editors/vscode.test, test/lit/lsp/neovim-snippet*):
#   - Neovim 0.10 beside the system's 0.7 (scripts/setup-nvim.sh, Debian 13's packages);
#   - the VS Code extension's npm dependencies (editors/vscode/node_modules: vscode-languageclient,
#     TypeScript, @vscode/vsce), from its package-lock.json;
#   - code-server (VS Code in a browser) and puppeteer-core from the npm registry, into DIR;
#   - Debian's Chromium (headless) and the packages code-server's native modules build with.
#
#   setup-editors.sh [DIR]    DIR: $CUDA_LINT_TOOLS_DIR, default ~/.cache/cuda-lint-tools
#
# Idempotent: what is there at the expected version is left alone, so a second run fetches
# nothing. Needs the network where something is missing; the tests themselves never do. Each part
# that cannot be installed is reported and skipped (its tests then say they are unsupported and
# why); the exit status is 0 unless the arguments are wrong.
set -uo pipefail
cd "$(dirname "$0")/.."
dir=${1:-${CUDA_LINT_TOOLS_DIR:-$HOME/.cache/cuda-lint-tools}}
code_server_version=4.100.3 # the newest code-server that runs on Node.js 20
puppeteer_version=24.20.0   # a puppeteer-core that runs on Node.js 20
ripgrep_npm_version=1.15.11 # the @vscode/ripgrep of that code-server
mkdir -p "$dir"
say() { echo "setup-editors: $*" >&2; }

bash scripts/setup-nvim.sh "$dir" || say "Neovim 0.10 could not be installed; neovim-snippet-nvim010.test will be unsupported"

sudo_cmd=()
[[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
missing=()
for p in chromium ripgrep libkrb5-dev libxkbfile-dev libx11-dev libsecret-1-dev pkg-config build-essential curl unzip; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
  say "installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null || say "apt-get could not install ${missing[*]}"
fi

node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if ((node_major < 20)) || ! command -v npm >/dev/null; then
  say "skipped the VS Code test's tools: they need Node.js 20 or newer and npm (found: $(node --version 2>/dev/null || echo none))"
  exit 0
fi

# The extension's dependencies, as its package-lock.json pins them.
ext=editors/vscode
if [[ ! -x $ext/node_modules/.bin/vsce || $ext/package-lock.json -nt $ext/node_modules/.package-lock.json ]]; then
  say "installing the VS Code extension's npm dependencies ($ext/node_modules)"
  (cd "$ext" && npm ci --no-audit --no-fund --loglevel=error) || say "npm ci in $ext failed"
fi

installed_version() { # DIR PACKAGE
  node -p "require('$1/node_modules/$2/package.json').version" 2>/dev/null
}
if [[ $(installed_version "$dir/code-server" code-server) != "$code_server_version" ]]; then
  say "installing code-server $code_server_version from the npm registry into $dir/code-server (minutes: it builds VS Code's native modules)"
  rm -rf "$dir/code-server" && mkdir -p "$dir/code-server"
  # Node's headers from the installed Node.js, not downloaded; root may run the install scripts.
  nodedir=()
  [[ -f /usr/include/node/node_version.h ]] && nodedir=(--nodedir=/usr)
  # VS Code's @vscode/ripgrep downloads rg from GitHub unless its cache (in TMPDIR) has it: the
  # cache gets Debian's rg (ripgrep 13, the version that package wraps).
  # node-pty runs `npx node-gyp`, which needs npm_config_yes to install it unattended.
  tmp=$(mktemp -d)
  mkdir -p "$tmp/rg" "$tmp/vscode-ripgrep-cache-$ripgrep_npm_version"
  cp /usr/bin/rg "$tmp/rg/rg" 2>/dev/null &&
    tar -czf "$tmp/vscode-ripgrep-cache-$ripgrep_npm_version/ripgrep-v13.0.0-10-$(uname -m)-unknown-linux-musl.tar.gz" -C "$tmp/rg" rg
  (cd "$dir/code-server" && TMPDIR=$tmp npm_config_yes=true npm install --unsafe-perm "${nodedir[@]}" --no-audit \
     --no-fund --loglevel=error "code-server@$code_server_version") ||
    { say "code-server could not be installed; vscode.test will be unsupported"; rm -rf "$dir/code-server"; }
  rm -rf "$tmp"
fi
if [[ $(installed_version "$dir/puppeteer" puppeteer-core) != "$puppeteer_version" ]]; then
  say "installing puppeteer-core $puppeteer_version into $dir/puppeteer"
  rm -rf "$dir/puppeteer" && mkdir -p "$dir/puppeteer"
  (cd "$dir/puppeteer" && npm install --no-audit --no-fund --loglevel=error \
     "puppeteer-core@$puppeteer_version") ||
    { say "puppeteer-core could not be installed; vscode.test will be unsupported"; rm -rf "$dir/puppeteer"; }
fi
exit 0
